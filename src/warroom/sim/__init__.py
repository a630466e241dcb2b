"""Batch play: simulate many games with bots, summarise outcomes, write JSONL and records.

Game ``i`` of a batch started with ``seed`` uses ``derive_seed(seed, i)`` for the game and
for its bots, so a batch gives the same results whatever the number of jobs.
"""

from __future__ import annotations

import json
from collections import Counter, deque
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path
from typing import IO, Any

from warroom.ai import make_bot
from warroom.core.errors import UnknownGameError
from warroom.core.protocol import Game, apply, new_game, result
from warroom.core.record import Record
from warroom.core.rng import derive_seed
from warroom.games import load_game


def bots_for_roles(game_id: str, bots: list[str], content: str | None = None) -> dict[str, str]:
    """Map each role to a bot name: one name serves every role, else one per role in order."""
    roles = load_game(game_id, content).roles
    if len(bots) == 1:
        return {r: bots[0] for r in roles}
    if len(bots) != len(roles):
        raise UnknownGameError(f"{game_id} has {len(roles)} role(s) ({', '.join(roles)}); "
                               f"give one bot or {len(roles)}, not {len(bots)}")
    return dict(zip(roles, bots, strict=True))


def play_game(game: Game, scenario: str | None, seed: int, index: int,
              bots: dict[str, str], keep_record: bool = False) -> dict[str, Any]:
    """Play game ``index`` of a batch of ``game`` (content already loaded) to the end."""
    game_seed = derive_seed(seed, index)
    state = new_game(game, scenario, game_seed)
    players = {role: make_bot(name, derive_seed(game_seed, k + 1))
               for k, (role, name) in enumerate(bots.items())}
    actions: list[str] = []
    limit = game.max_decisions()
    while state.active is not None:
        action = players[state.active].choose(state)
        apply(state, action)
        if keep_record:
            actions.append(action.key)
        if state.data["decisions"] > limit:
            raise RuntimeError(f"runaway game {index} (seed {game_seed}): over {limit} "
                               "decisions")
    out = result(state)
    assert out is not None
    line: dict[str, Any] = {
        "index": index,
        "seed": game_seed,
        "outcome": out.label,
        "termination": out.termination.value,
        "winner": out.winner,
        "returns": out.returns,
        "scores": out.scores,
        "decisions": state.data["decisions"],
    }
    if keep_record:
        line["record"] = Record(game.id, state.data["scenario"], dict(state.data["options"]),
                                game_seed, [], list(actions)).to_json()
    return line


def play_chunk(game_id: str, scenario: str | None, seed: int, start: int, stop: int,
               bots: dict[str, str], content: str | None = None,
               keep_record: bool = False) -> list[dict[str, Any]]:
    """Games ``start..stop-1`` of a batch, the content pack parsed once for all of them."""
    game = load_game(game_id, content)
    return [play_game(game, scenario, seed, i, bots, keep_record) for i in range(start, stop)]


def iter_batch(game_id: str, *, games: int, seed: int, bots: list[str],
               scenario: str | None = None, jobs: int = 1, content: str | None = None,
               keep_records: bool = False) -> Iterator[dict[str, Any]]:
    """Play ``games`` games and yield each summary line in index order as soon as it is
    done (so a caller can stream them to disk). At most ``jobs`` worker processes, never
    more than there are games; tasks are handed out a few at a time, so a huge batch does
    not build its task list in memory."""
    if games < 0:
        raise UnknownGameError("--games must be 0 or more")
    if jobs < 1:
        raise UnknownGameError("--jobs must be 1 or more")
    roles = bots_for_roles(game_id, bots, content)
    game = load_game(game_id, content)  # fail early on a bad game or content pack
    if jobs == 1 or games < 2:
        for i in range(games):
            yield play_game(game, scenario, seed, i, roles, keep_records)
        return
    workers = min(jobs, games)
    chunk = max(1, min(16, games // (workers * 8)))
    starts = iter(range(0, games, chunk))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending: deque[Future[list[dict[str, Any]]]] = deque()

        def submit() -> bool:
            start = next(starts, None)
            if start is None:
                return False
            pending.append(pool.submit(play_chunk, game_id, scenario, seed, start,
                                       min(games, start + chunk), roles, content,
                                       keep_records))
            return True

        for _ in range(workers * 4):
            if not submit():
                break
        while pending:
            lines = pending.popleft().result()
            submit()
            yield from lines


def summarize(game_id: str, seed: int, results: list[dict[str, Any]],
              scenario: str | None = None, bots: list[str] | None = None) -> dict[str, Any]:
    """Counts of outcomes and winners; mean and histogram of every numeric score."""
    outcomes = Counter(r["outcome"] for r in results)
    winners = Counter(str(r["winner"]) if r["winner"] else "draw" for r in results)
    summary: dict[str, Any] = {
        "game": game_id,
        "scenario": scenario or load_game(game_id).default_scenario,
        "games": len(results),
        "seed": seed,
        "bots": bots or [],
        "outcomes": dict(sorted(outcomes.items())),
        "terminations": dict(sorted(Counter(r.get("termination", "") for r in results)
                                    .items())),
        "winners": dict(sorted(winners.items())),
        "decisions_mean": (sum(r["decisions"] for r in results) / len(results)
                           if results else 0.0),
    }
    keys = sorted({k for r in results for k in r["scores"]})
    for key in keys:
        values = [r["scores"][key] for r in results if key in r["scores"]]
        summary[f"{key}_mean"] = sum(values) / len(values)
        hist = Counter(int(v) if float(v).is_integer() else v for v in values)
        summary[f"{key}_histogram"] = {str(k): hist[k] for k in sorted(hist)}
    return summary


class OutputWriter:
    """Streams finished games to ``--out`` (JSON lines) and ``--records`` (one record file
    per game) as they complete, so an interrupted batch keeps what was done. Both places are
    checked for writing when the writer is made, before any game is played."""

    def __init__(self, out: Path | None, records_dir: Path | None) -> None:
        self._fh: IO[str] | None = None
        self.records_dir = records_dir
        try:
            if records_dir is not None:
                records_dir.mkdir(parents=True, exist_ok=True)
                probe = records_dir / ".warroom-write-test"
                probe.write_text("", encoding="utf-8")
                probe.unlink()
            if out is not None:
                out.parent.mkdir(parents=True, exist_ok=True)
                self._fh = out.open("w", encoding="utf-8")
        except OSError as exc:
            where = exc.filename or out or records_dir
            raise UnknownGameError(f"cannot write {where}: {exc.strerror or exc}") from exc

    def write(self, line: dict[str, Any]) -> None:
        if self._fh is not None:
            self._fh.write(json.dumps({k: v for k, v in line.items() if k != "record"},
                                      sort_keys=True) + "\n")
            self._fh.flush()
        if self.records_dir is not None and "record" in line:
            path = self.records_dir / f"game-{line['index']:05d}.json"
            path.write_text(json.dumps(line["record"], indent=1) + "\n", encoding="utf-8")

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None

    def __enter__(self) -> OutputWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
