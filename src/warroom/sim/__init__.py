"""Batch play: simulate many games with bots, summarise outcomes, write JSONL and records.

Game ``i`` of a batch started with ``seed`` uses ``derive_seed(seed, i)`` for the game and
for its bots, so a batch gives the same results whatever the number of jobs and the backend
(:mod:`warroom.sim.backends`: this process, a local process pool, or Ray). Bots with a time
budget (``ismcts:seconds=1``) search as far as the clock lets them, so only bots with a
fixed budget repeat exactly.

Each game's summary line records, besides the outcome:

- ``track``: the **score track**, read from the public spectator view (the game's
  ``view(state, None)``, without log or prompt) at the start, whenever the turn number
  changes (``data["turn"]``, which every game keeps) and at the end. The scoreboard fields
  are the view's top-level ``vp``, ``power`` and ``score`` entries (:data:`SCORE_FIELDS`):
  a number, or a dict of numbers per side flattened as ``vp.axis``. Only public facts, so
  the track is what every player saw on the board.
- ``events``: every Event that happened, from the public log: an entry with an ``event``
  fact (the Event's name) and an optional ``side`` (who played it), or an ``events`` fact
  listing such ``{"event", "side"}`` pairs (several revealed at once).
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any

from warroom.ai import make_bot
from warroom.core.errors import UnknownGameError
from warroom.core.files import writable_folder, write_text
from warroom.core.protocol import Game, State, apply, new_game, result, winner_word
from warroom.core.record import Record, content_id
from warroom.core.rng import derive_seed, seed_problem
from warroom.games import load_game
from warroom.sim.backends import check_backend, run_tasks

SCORE_FIELDS = ("vp", "power", "score")
"""The names under which a game's view shows its scoreboard (eaw1940 ``vp``, eit2
``power``, sfe ``vp`` per side)."""

GameSpec = tuple[int, int, dict[str, str], dict[str, Any]]
"""One game of a batch: (index, game seed, bot spec per role, extra fields of its line)."""


def bots_for_roles(game_id: str, bots: list[str], content: str | None = None) -> dict[str, str]:
    """Map each role to a bot name: one name serves every role, else one per role in order."""
    game = load_game(game_id, content)
    roles = game.roles
    for spec in bots:
        make_bot(spec, game=game)   # a bad spec, or a model of another game, fails here
    if len(bots) == 1:
        return {r: bots[0] for r in roles}
    if len(bots) != len(roles):
        raise UnknownGameError(f"{game_id} has {len(roles)} role(s) ({', '.join(roles)}); "
                               f"give one bot or {len(roles)}, not {len(bots)}")
    return dict(zip(roles, bots, strict=True))


def check_seed(seed: int) -> None:
    """A batch's seed is 64 bits, as a game's (:func:`warroom.core.rng.seed_problem`)."""
    if seed_problem(seed, "--seed"):
        raise UnknownGameError(seed_problem(seed, "--seed"))


def split_bots(text: str) -> list[str]:
    """Bot specs from a comma-separated list. A spec's own parameters may also be separated
    by commas (``ismcts:seconds=1,iterations=50,greedy``): a piece that is ``key=value``
    without a bot name belongs to the spec before it."""
    out: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if out and "=" in piece and ":" not in piece and ":" in out[-1]:
            out[-1] += "," + piece
        else:
            out.append(piece)
    return out


def score_fields(game_view: dict[str, Any]) -> dict[str, float]:
    """The scoreboard of a view: its :data:`SCORE_FIELDS`, dicts flattened as
    ``field.key``."""
    out: dict[str, float] = {}
    for name in SCORE_FIELDS:
        value = game_view.get(name)
        if isinstance(value, bool):
            continue
        if isinstance(value, int | float):
            out[name] = float(value)
        elif isinstance(value, dict):
            for k, v in value.items():
                if isinstance(v, int | float) and not isinstance(v, bool):
                    out[f"{name}.{k}"] = float(v)
    return out


def _sample(state: State[Any], track: list[dict[str, Any]]) -> None:
    data = state.data
    track.append({"turn": data.get("turn"), "decisions": data["decisions"],
                  "scores": score_fields(state.game.view(state, None))})


def _events(entries: Sequence[dict[str, Any]], turn: Any, out: list[dict[str, Any]]) -> None:
    for e in entries:
        if e.get("to") is not None:
            continue
        ev = e.get("event")
        if isinstance(ev, str) and ev:
            side = e.get("side")
            out.append({"event": ev, "side": side if isinstance(side, str) else None,
                        "turn": turn})
        many = e.get("events")
        if isinstance(many, list):
            for item in many:
                if isinstance(item, dict) and isinstance(item.get("event"), str):
                    side = item.get("side")
                    out.append({"event": item["event"],
                                "side": side if isinstance(side, str) else None,
                                "turn": turn})


def play_game(game: Game, scenario: str | None, game_seed: int, bots: dict[str, str], *,
              index: int = 0, keep_record: bool = False,
              extra: dict[str, Any] | None = None, cid: str | None = None) -> dict[str, Any]:
    """Play one game of ``game`` (content already loaded) with seed ``game_seed`` to the
    end; its summary line. Bot ``k`` (in role order) gets ``derive_seed(game_seed, k+1)``.
    ``cid``: ``game``'s content id, when the caller worked it out for a batch (hashing the
    pack is a tenth of a random eit2 game's time)."""
    cid = cid or content_id(game)
    state = new_game(game, scenario, game_seed)
    players = {role: make_bot(name, derive_seed(game_seed, k + 1))
               for k, (role, name) in enumerate(bots.items())}
    actions: list[str] = []
    limit = game.max_decisions()
    data = state.data
    track: list[dict[str, Any]] = []
    events: list[dict[str, Any]] = []
    _sample(state, track)
    turn = data.get("turn")
    seen = 0
    while state.active is not None:
        action = players[state.active].choose(state)
        apply(state, action)
        if keep_record:
            actions.append(action.key)
        log = data["log"]
        if len(log) > seen:
            _events(log[seen:], data.get("turn"), events)
            seen = len(log)
        if data.get("turn") != turn and state.active is not None:
            turn = data.get("turn")
            _sample(state, track)
        if data["decisions"] > limit:
            raise RuntimeError(f"runaway game {index} (seed {game_seed}): over {limit} "
                               "decisions")
    _sample(state, track)
    out = result(state)
    assert out is not None
    line: dict[str, Any] = {
        "index": index,
        "game": game.id,
        "scenario": data["scenario"],
        "seed": game_seed,
        "bots": dict(bots),
        "outcome": out.label,
        "termination": out.termination.value,
        "winner": out.winner,
        "returns": out.returns,
        "scores": out.scores,
        "decisions": data["decisions"],
        "turns": data.get("turn"),
        "track": track,
        "events": events,
        # the pack the game was played with, so results of two packs are told apart (a
        # report merged a pack's games into the bundled ones' as repeats: an audit)
        "content": cid,
    }
    if extra:
        line.update(extra)
    if keep_record:
        line["record"] = Record(game.id, data["scenario"], dict(data["options"]),
                                game_seed, [], list(actions), seats=dict(bots),
                                content=cid, result=out.to_json()).to_json()
    return line


def play_each(game_id: str, scenario: str | None, content: str | None,
              specs: Iterable[GameSpec], keep_record: bool = False
              ) -> Iterator[dict[str, Any]]:
    """Play the games ``specs`` one after another, the content pack parsed once; each
    game's line is given the moment it ends."""
    game = load_game(game_id, content)
    cid = content_id(game)
    for index, game_seed, bots, extra in specs:
        yield play_game(game, scenario, game_seed, bots, index=index,
                        keep_record=keep_record, extra=extra, cid=cid)


def play_chunk(game_id: str, scenario: str | None, content: str | None,
               specs: list[GameSpec], keep_record: bool = False) -> list[dict[str, Any]]:
    """Play the games ``specs`` (a task of a backend), the content pack parsed once."""
    return list(play_each(game_id, scenario, content, specs, keep_record))


def chunk_size(games: int, workers: int) -> int:
    """Games per task of a pool: a few tasks per worker (so the load evens out), at most 4
    games (so results stream back steadily: with 16, a Ctrl-C during slow games lost up to
    16 finished games a worker, and the progress bar stood still for minutes, an audit)."""
    return max(1, min(4, games // max(1, workers * 8)))


def run_specs(game_id: str, specs: Iterator[GameSpec], total: int, *,
              scenario: str | None = None, jobs: int = 1, backend: str = "local",
              address: str | None = None, content: str | None = None,
              keep_records: bool = False) -> Iterator[dict[str, Any]]:
    """Play ``total`` games given by ``specs`` on ``backend``; yield their lines in order.
    In this process (one job, the local backend) each game's line comes the moment it ends,
    the content pack parsed once."""
    if jobs <= 1 and backend == "local":
        check_backend(backend, jobs, address)
        yield from play_each(game_id, scenario, content, specs, keep_records)
        return
    size = chunk_size(total, jobs)

    def tasks() -> Iterator[tuple[Any, ...]]:
        chunk: list[GameSpec] = []
        for spec in specs:
            chunk.append(spec)
            if len(chunk) >= size:
                yield (game_id, scenario, content, chunk, keep_records)
                chunk = []
        if chunk:
            yield (game_id, scenario, content, chunk, keep_records)

    n_tasks = -(-total // size) if total else 0
    for lines in run_tasks(play_chunk, tasks(), jobs=jobs, backend=backend, address=address,
                           max_tasks=n_tasks):
        yield from lines


def iter_batch(game_id: str, *, games: int, seed: int, bots: list[str],
               scenario: str | None = None, jobs: int = 1, content: str | None = None,
               keep_records: bool = False, backend: str = "local",
               address: str | None = None) -> Iterator[dict[str, Any]]:
    """Play ``games`` games and yield each summary line in index order as soon as it is
    done (so a caller can stream them to disk). At most ``jobs`` workers (processes of the
    local pool, or the CPUs of a local Ray instance); tasks are handed out a few at a time,
    so a huge batch does not build its task list in memory. Bad input (game, content,
    scenario, bots, a model of another game, backend) is refused by this call itself, before
    the first line is asked for, so a caller can check before it opens its output files."""
    if games < 0:
        raise UnknownGameError("--games must be 0 or more")
    check_seed(seed)
    check_backend(backend, jobs, address)
    game = load_game(game_id, content)  # fail early on a bad game or content pack
    if scenario is not None and scenario not in game.scenarios:
        raise UnknownGameError(f"{game_id} has no scenario {scenario[:60]!r}; choose one of "
                               f"{', '.join(game.scenarios)}")
    roles = bots_for_roles(game_id, bots, content)
    specs: Iterator[GameSpec] = ((i, derive_seed(seed, i), roles, {}) for i in range(games))
    return run_specs(game_id, specs, games, scenario=scenario, jobs=jobs, backend=backend,
                     address=address, content=content, keep_records=keep_records)


def batch_content(lines: Iterable[dict[str, Any]]) -> str | None:
    """The content id (:func:`warroom.core.record.content_id`) the game ``lines`` of one
    batch were played with; None where none says (lines written before December 2026)."""
    ids = {ln["content"] for ln in lines if isinstance(ln.get("content"), str)}
    return ids.pop() if len(ids) == 1 else None


def summarize(game_id: str, seed: int, results: list[dict[str, Any]],
              scenario: str | None = None, bots: list[str] | None = None) -> dict[str, Any]:
    """Counts of outcomes and winners; mean and histogram of every numeric score."""
    outcomes = Counter(r["outcome"] for r in results)
    winners = Counter(winner_word(r["winner"], r.get("termination")) for r in results)
    summary: dict[str, Any] = {
        "game": game_id,
        "scenario": scenario or load_game(game_id).default_scenario,
        "games": len(results),
        "seed": seed,
        "bots": bots or [],
        "content": batch_content(results),
        "outcomes": dict(sorted(outcomes.items())),
        "terminations": dict(sorted(Counter(r.get("termination", "") for r in results)
                                    .items())),
        "winners": dict(sorted(winners.items())),
        # no games, no mean (0.0 read as games of no decision: an audit)
        "decisions_mean": (sum(r["decisions"] for r in results) / len(results)
                           if results else None),
    }
    keys = sorted({k for r in results for k in r["scores"]})
    for key in keys:
        values = [r["scores"][key] for r in results if key in r["scores"]]
        summary[f"{key}_mean"] = sum(values) / len(values)
        hist = Counter(int(v) if float(v).is_integer() else v for v in values)
        summary[f"{key}_histogram"] = {str(k): hist[k] for k in sorted(hist)}
    return summary


def refuse_overlapping_outputs(out: Path | None, records_dir: Path | None,
                               report: Path | None = None) -> None:
    """Refuse a batch whose outputs overlap, before anything is made: ``--out`` and
    ``--report`` one path (the report's folder was made, then ``--out`` refused as "a
    folder"), or ``--out`` inside the ``--records`` or ``--report`` folder (a record or a
    plot overwrote its lines, exit 0: a bad-input audit)."""
    def where(p: Path) -> Path:
        return Path(os.path.abspath(p))

    given = [(flag, where(p)) for flag, p in (("--out", out), ("--records", records_dir),
                                              ("--report", report)) if p is not None]
    for i, (flag, p) in enumerate(given):
        for other, q in given[i + 1:]:
            if p == q:
                raise UnknownGameError(f"{flag} and {other} name the same path {p}; give "
                                       "each its own")
    if out is not None and not str(out).startswith("/dev/"):
        o = where(out)
        for flag, folder in given[1:]:
            if folder in o.parents:
                raise UnknownGameError(f"--out {out} lies inside the {flag} folder "
                                       f"{folder}, whose files would overwrite it; give a "
                                       "file outside it")


def refuse_earlier_results(out: Path | None, records_dir: Path | None) -> None:
    """Refuse an ``--out`` file that holds lines, or a ``--records`` folder that holds
    records, of an earlier run (``--force`` replaces them): a rerun with a smaller count had
    silently replaced hours of games. Reads only; a device (``/dev/stdout``) is not a
    results file."""
    if out is not None and not str(out).startswith("/dev/") and out.is_file():
        try:
            with out.open("rb") as fh:
                n = sum(1 for line in fh if line.strip())
        except OSError:
            n = 0
        if n:
            raise UnknownGameError(
                f"--out {out} already holds {n} line(s) of an earlier run; give another "
                "file, or --force to replace it")
    if records_dir is not None and records_dir.is_dir():
        earlier = sorted(records_dir.glob("game-*.json"))
        if earlier:
            raise UnknownGameError(
                f"--records {records_dir} already holds {len(earlier)} record(s) of an "
                "earlier run; give another folder, or --force to replace them")


class OutputWriter:
    """Streams finished games to ``--out`` (JSON lines) and ``--records`` (one record file
    per game) as they complete, so an interrupted batch keeps what was done. Both places are
    checked for writing when the writer is made, before any game is played; ``--out`` is
    emptied only when the first game is written (or, for a batch of no games, when it ends
    well), so a batch that fails to start (a Ray cluster out of reach) leaves it as it was.
    A failed write is a :class:`UnknownGameError` naming the file. An earlier run's results
    are refused unless ``force`` (:func:`refuse_earlier_results`)."""

    def __init__(self, out: Path | None, records_dir: Path | None,
                 force: bool = False) -> None:
        self._fh: IO[str] | None = None
        self.out = out
        self.records_dir = records_dir
        if not force:       # first: a refused run creates no folder
            refuse_earlier_results(out, records_dir)
        # with force, an earlier run's records go when the first game is written (as the
        # --out file is emptied then): a folder never mixes two runs' games
        self._old_records = (sorted(records_dir.glob("game-*.json"))
                             if force and records_dir is not None and records_dir.is_dir()
                             else [])
        if records_dir is not None and records_dir.exists() and not records_dir.is_dir():
            raise UnknownGameError(f"--records {records_dir} is a file; give a folder (one "
                                   "record file a game goes there)")
        if out is not None and out.is_dir():
            raise UnknownGameError(f"--out {out} is a folder; give a file (one JSON line a "
                                   "game goes there)")
        try:
            if records_dir is not None:
                writable_folder(records_dir)
            if out is not None:
                out.parent.mkdir(parents=True, exist_ok=True)
                existed = out.exists()
                with out.open("a", encoding="utf-8"):   # writable, and nothing emptied yet
                    pass
                if not existed:
                    out.unlink()
        except FileExistsError as exc:      # a file where a folder of the path belongs
            raise UnknownGameError(f"cannot write {out if out is not None else records_dir}: "
                                   f"{exc.filename} is a file, not a folder") from exc
        except OSError as exc:
            where = exc.filename or out or records_dir
            raise UnknownGameError(f"cannot write {where}: {exc.strerror or exc}") from exc

    def _open(self) -> IO[str] | None:
        if self._fh is None and self.out is not None:
            try:
                self._fh = self.out.open("w", encoding="utf-8")
            except OSError as exc:
                raise UnknownGameError(f"cannot write {self.out}: {exc.strerror or exc}"
                                       ) from exc
        return self._fh

    def write(self, line: dict[str, Any]) -> None:
        fh = self._open()
        try:
            for old in self._old_records:
                old.unlink(missing_ok=True)
            self._old_records = []
            if fh is not None:
                fh.write(json.dumps({k: v for k, v in line.items() if k != "record"},
                                    sort_keys=True) + "\n")
                fh.flush()
            if self.records_dir is not None and "record" in line:
                path = self.records_dir / f"game-{line['index']:05d}.json"
                write_text(path, json.dumps(line["record"], indent=1) + "\n")
        except OSError as exc:
            where = exc.filename or self.out or self.records_dir
            raise UnknownGameError(f"cannot write {where}: {exc.strerror or exc} (the games "
                                   "written before this one are kept)") from exc

    def close(self, ok: bool = True) -> None:
        """Close ``--out``; ``ok``: the batch ended well, so a batch of no games leaves an
        empty file and, with ``force``, an empty ``--records`` (it had emptied the one and
        kept the other run's records: an outside audit)."""
        try:
            if ok:
                self._open()
                try:
                    for old in self._old_records:
                        old.unlink(missing_ok=True)
                except OSError as exc:
                    raise UnknownGameError(f"cannot remove {exc.filename}: "
                                           f"{exc.strerror or exc}") from exc
                self._old_records = []
        finally:            # --out is closed whatever happened above
            if self._fh is not None:
                fh, self._fh = self._fh, None
                try:
                    fh.close()
                except OSError as exc:
                    raise UnknownGameError(f"cannot write {self.out}: {exc.strerror or exc}"
                                           ) from exc

    def __enter__(self) -> OutputWriter:
        return self

    def __exit__(self, kind: object, *exc: object) -> None:
        self.close(ok=kind is None)
