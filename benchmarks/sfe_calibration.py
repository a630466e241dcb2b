"""sfe content calibration (issue 14): the Axis win rate of equal bots.

    PYTHONPATH=src python benchmarks/sfe_calibration.py [--bots aggressive] [--games 100]
        [--seed 0] [--jobs 2] [--content DIR] [--set KEY=VALUE ...] [--out FILE.jsonl]

Plays ``--games`` games of Struggle for Europe with the same bot on both sides (game ``i``
uses ``derive_seed(seed, i)`` for the game and its bots, as ``warroom simulate`` does, so
the figures are the same whatever ``--jobs``), and prints the Axis win rate with its Wilson
95% interval, how the games ended (a 7-VP lead, 9.2/9.3, or the game end, 9.4), the battles
fought per game (8.2), the final VP, how far short the Allies fell in the games the Axis won
at the game end (``allied_lead_when_axis_won_at_end``) and how often each VP location was
held at the end by the side its circle scores for (``captured``, 9.1): where it tips.

``--content`` plays with a content folder (the files of ``src/warroom/games/sfe/content``
with changes); ``--set`` changes one reconstructed value of the bundled content on the fly
without writing files, for exploring the levers, e.g. ``--set usa_entry.sp3=3`` or
``--set counter_mix.western.sp3=10`` (setup.yaml keys, dotted). The numbers are per game;
timings on a shared machine mean little.

``--out FILE`` gets one JSON line per game as the game ends. With ``--resume`` the games
already in ``FILE`` are kept and not played again, so a run of many hours can be spread over
several sittings (and machines): a row says which bots, content and seed played it, and a
file from another run is refused rather than mixed in.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import as_completed
from pathlib import Path
from typing import Any

import yaml

from warroom.ai import make_bot, split_bot_specs
from warroom.core.errors import WarroomError
from warroom.core.protocol import apply, new_game, result, view
from warroom.core.record import content_id
from warroom.core.rng import derive_seed
from warroom.games import load_game
from warroom.sim.backends import process_pool
from warroom.sim.stats import wilson

BUNDLED = Path(__file__).resolve().parents[1] / "src" / "warroom" / "games" / "sfe" / "content"


def run_key(bots: tuple[str, str], content: str | None, sets: list[str], seed: int,
            pack: str) -> dict[str, Any]:
    """What makes two games rows of the same run (checked by ``--resume``); ``pack``: the
    content id of the pack played (a folder's files edited between two sittings, or the
    bundled pack changed, is another run: the folder's name alone let --resume mix two
    packs' games, a review)."""
    return {"bots": list(bots), "content": content or "bundled", "set": list(sets),
            "run_seed": seed, "content_id": pack}


def resumed(path: str, key: dict[str, Any], games: int) -> list[dict[str, Any]]:
    """The rows already in ``path`` (none if it does not exist), refused with a clear
    message when a row belongs to another run or repeats or exceeds the game numbers."""
    p = Path(path)
    if not p.exists():
        return []
    rows: list[dict[str, Any]] = []
    seen: set[int] = set()
    for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as e:
            raise SystemExit(f"{path}:{n}: not a JSON line ({e}); remove the line or the "
                             "file to start again") from e
        mine = {k: row.get(k) for k in key}
        if "content_id" not in row:
            raise SystemExit(f"{path}:{n}: a game written before runs were keyed by the "
                             "pack's content id (7 December 2026), so whether it was played "
                             "with this pack is unknown; use another --out")
        if mine != key:
            raise SystemExit(f"{path}:{n}: a game of another run ({mine}), not of this one "
                             f"({key}); use another --out or the same settings")
        index = row.get("index")
        if not isinstance(index, int) or not 0 <= index < games or index in seen \
                or row.get("seed") != derive_seed(key["run_seed"], index):
            raise SystemExit(f"{path}:{n}: game {index!r} is not game of 0..{games - 1} of "
                             "this run, or comes twice")
        seen.add(index)
        rows.append(row)
    return rows


def play(content: str | None, bots: tuple[str, str], seed: int, index: int) -> dict[str, Any]:
    """Game ``index`` of the batch: winner, how it ended, battles (8.2), VP, turns, who
    holds each VP location at the end (``axis``, ``western``, ``soviet``, ...) and the VP
    locations whose circle scores at the end (9.1: held by the side it scores for)."""
    g = load_game("sfe", content)
    game_seed = derive_seed(seed, index)
    st = new_game(g, None, game_seed)
    players = {role: make_bot(name, derive_seed(game_seed, k + 1))
               for k, (role, name) in enumerate(zip(g.roles, bots, strict=True))}
    limit = g.max_decisions()
    while st.active is not None:
        apply(st, players[st.active].choose(st))
        if st.data["decisions"] > limit:
            raise RuntimeError(f"runaway game {index}")
    out = result(st)
    assert out is not None
    battles = sum(1 for e in st.data["log"]
                  if isinstance(e, dict) and e.get("rule") == "8.2" and "attack" in e)
    held = {loc["name"]: loc["control"] for loc in view(st)["locations"] if loc.get("vp")}
    # 9.1, read from the game's own table of who scores each circle (as its VP total is)
    ctl = st.data["ctl"]
    scored = sorted(g.c.names[loc] for loc, _, gain in g.vp_locations
                    if gain[ctl[loc]] and held[g.c.names[loc]] != "contested")
    return {"index": index, "seed": game_seed, "winner": out.winner, "label": out.label,
            "battles": battles, "axis_vp": out.scores.get("axis_vp"),
            "allied_vp": out.scores.get("allied_vp"), "turn": st.data["turn"],
            "allied_deck": int(st.data["dn"][1]), "held": held, "scored": scored}


def captured(rows: list[dict[str, Any]]) -> dict[str, int]:
    """In how many games each VP location was held at the end by the side it scores for
    (9.1), most often first."""
    return dict(Counter(name for r in rows for name in r["scored"]).most_common())


def _progress(rows: list[dict[str, Any]], total: int, t0: float, kept: int = 0) -> None:
    """One line on stderr per finished game: how many, the Axis wins so far, the ETA (from
    the games played in this sitting, not the ``kept`` ones resumed from the file)."""
    done = len(rows)
    wins = sum(r["winner"] == "axis" for r in rows)
    spent = time.time() - t0
    eta = spent / max(1, done - kept) * (total - done)
    print(f"{done}/{total} games, Axis {wins}/{done}, {spent:.0f} s, ETA {eta:.0f} s",
          file=sys.stderr, flush=True)


def patched_content(sets: list[str], base: str | None = None) -> str:
    """A temporary copy of the content (the ``base`` pack's files over the bundled ones)
    with ``KEY=VALUE`` changes to setup.yaml. (It copied the bundled files alone, so a
    ``--content`` pack given with ``--set`` was ignored, its name still on the results: an
    audit.)"""
    tmp = Path(tempfile.mkdtemp(prefix="sfe-calib-"))
    for f in BUNDLED.glob("*.yaml"):
        shutil.copy(f, tmp / f.name)
    if base is not None:
        for f in Path(base).glob("*.yaml"):
            shutil.copy(f, tmp / f.name)
    setup = yaml.safe_load((tmp / "setup.yaml").read_text(encoding="utf-8"))
    for item in sets:
        key, _, value = item.partition("=")
        node = setup
        parts = key.split(".")
        for p in parts[:-1]:
            node = node.setdefault(p, {})
        node[parts[-1]] = yaml.safe_load(value)
    (tmp / "setup.yaml").write_text(yaml.safe_dump(setup, sort_keys=False), encoding="utf-8")
    return str(tmp)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--bots", default="aggressive",
                    help="one bot for both sides, or AXIS,ALLIES (specs may carry their "
                         "parameters: ismcts:plans=script,ismcts:plans=script,iterations=256)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--content", default=None)
    ap.add_argument("--set", action="append", default=[], dest="sets")
    ap.add_argument("--out", default=None,
                    help="one JSON line per game, written as each game ends")
    ap.add_argument("--resume", action="store_true",
                    help="keep the games already in --out and play only the others")
    ap.add_argument("--force", action="store_true",
                    help="replace an --out file that holds an earlier run's games")
    args = ap.parse_args(argv)
    if args.resume and not args.out:
        ap.error("--resume needs --out FILE")
    if args.out and not args.resume and not args.force and Path(args.out).is_file() \
            and Path(args.out).stat().st_size > 0:
        # an earlier run's games were replaced without a word (an audit), as warroom
        # simulate --out refuses to
        ap.error(f"--out {args.out} holds an earlier run's games: --resume to go on with "
                 "them, --force to replace them, or another --out")
    try:            # a broken pack: one line, not a traceback (an audit)
        load_game("sfe", args.content)
    except WarroomError as exc:
        ap.error(f"--content {args.content}: {exc}")
    names = split_bot_specs(args.bots)
    if not 1 <= len(names) <= 2:
        # a third spec was dropped without a word (a review)
        ap.error(f"--bots {args.bots}: one spec (both sides) or two (Axis, Allies)")
    bots = (names[0], names[-1])
    content = args.content
    if args.sets:
        bad = [item for item in args.sets if "=" not in item or not item.partition("=")[0]]
        if bad:
            ap.error(f"--set takes KEY=VALUE (setup.yaml keys, dotted), not {bad[0]!r}")
        try:
            content = patched_content(args.sets, args.content)
        except (AttributeError, TypeError, yaml.YAMLError) as exc:
            ap.error(f"--set {' '.join(args.sets)}: {exc} (setup.yaml keys, dotted)")
        try:        # a key setup.yaml does not have, a value of the wrong kind: one line
            load_game("sfe", content)
        except WarroomError as exc:
            shutil.rmtree(content, ignore_errors=True)
            ap.error(f"--set {' '.join(args.sets)}: {exc}")
    t0 = time.time()
    key = run_key(bots, args.content, args.sets, args.seed,
                  content_id(load_game("sfe", content)))
    rows: list[dict[str, Any]] = resumed(args.out, key, args.games) if args.resume else []
    kept = len(rows)
    todo = sorted(set(range(args.games)) - {r["index"] for r in rows})
    # each game is written to --out as it ends, so a long run stopped early keeps its games
    sink = open(args.out, "a" if args.resume else "w",  # noqa: SIM115
                encoding="utf-8") if args.out else None

    def done(row: dict[str, Any]) -> None:
        row = {**row, **key}
        rows.append(row)
        if sink is not None:
            sink.write(json.dumps(row) + "\n")
            sink.flush()
        _progress(rows, args.games, t0, kept)

    if args.jobs == 1:
        for i in todo:
            done(play(content, bots, args.seed, i))
    else:
        with process_pool(args.jobs) as pool:
            futures = [pool.submit(play, content, bots, args.seed, i) for i in todo]
            for future in as_completed(futures):
                done(future.result())
    rows.sort(key=lambda r: r["index"])
    if args.sets and content:
        shutil.rmtree(content, ignore_errors=True)
    if sink is not None:                # rewritten in game order once all have ended
        sink.close()
        with open(args.out, "w", encoding="utf-8") as fh:
            for r in rows:
                fh.write(json.dumps(r) + "\n")
    n = len(rows)
    wins = sum(r["winner"] == "axis" for r in rows)
    rate = wilson(wins, n)
    lo, hi = rate.lo, rate.hi
    battles = [r["battles"] for r in rows]
    summary = {
        "bots": f"{bots[0]} (axis) vs {bots[1]} (allies)", "games": n, "seed": args.seed,
        "content": args.content or "bundled", "set": args.sets,
        "axis_wins": wins, "axis_win_rate": round(wins / n, 3) if n else None,
        "wilson95": [round(lo, 3), round(hi, 3)],
        "ends": dict(Counter(r["label"] for r in rows)),
        "battles_median": statistics.median(battles) if battles else None,
        "battles_mean": round(statistics.mean(battles), 2) if battles else None,
        "vp_diff_mean": round(statistics.mean(r["axis_vp"] - r["allied_vp"] for r in rows), 2)
        if rows else None,
        "turns_mean": round(statistics.mean(r["turn"] for r in rows), 1) if rows else None,
        # how far short the Allies fell in the games the Axis won at the game end (9.4):
        # a lead of 1-6 VP is not enough, only 7 wins
        "allied_lead_when_axis_won_at_end": dict(sorted(Counter(
            r["allied_vp"] - r["axis_vp"] for r in rows
            if r["label"] == "axis_game_end").items())),
        "captured": captured(rows),
        "seconds": round(time.time() - t0),
    }
    print(json.dumps(summary), flush=True)


if __name__ == "__main__":
    main()
