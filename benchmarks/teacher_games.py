"""Play a teacher's games for training, as many as fit in a time budget, and keep them.

    python benchmarks/teacher_games.py GAME --teacher SPEC --seed N --out FILE
        [--scenario S] [--minutes 60] [--games G] [--jobs 1]

Each game is played by the teacher bot in every seat, exactly as ``warroom train
--teacher SPEC`` plays generation 0 (:func:`warroom.sim.train.self_play_game`), and is
appended to ``FILE`` (``warroom-games/1``, gzip when it ends in ``.gz``) the moment it
ends, so a run stopped at any point (its budget, Ctrl-C, a lent machine given back) keeps
every finished game; a game still being played at the deadline is dropped. Game ``i``
has seed ``derive_seed(N, i)``: the same ``--seed`` plays the same games again, so give
each batch a seed of its own. ``warroom train --games FILE`` trains on the result.

Why not ``warroom train``: a round waits for its slowest game and training needs none of
the teacher's games until they are all played; here every worker plays game after game
until the budget runs out (a lent 16-core machine for nine minutes, a 2-core one for an
evening) and nothing else is computed.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import queue
import sys
import time
from pathlib import Path
from typing import Any

from warroom.ai import make_bot
from warroom.core.errors import WarroomError
from warroom.core.rng import derive_seed
from warroom.games import load_game
from warroom.sim.train import game_line, kept_lines, open_games, self_play_game


def play(game_id: str, scenario: str | None, seed: int, teacher: str
         ) -> tuple[dict[str, Any], int]:
    """One teacher game (a worker's task): its kept-games line and how many decisions it
    took, forced ones included."""
    _samples, summary = self_play_game(game_id, scenario, seed, None, 0, 0, 0.0, teacher)
    return game_line(load_game(game_id), scenario, 0, teacher, summary), summary["decisions"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--scenario")
    ap.add_argument("--teacher", required=True, help="bot spec, e.g. ismcts:iterations=3000")
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--minutes", type=float, default=60.0)
    ap.add_argument("--games", type=int, default=0, help="stop after this many (0: no cap)")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    # every check before the first game (a batch audit: a bad --out was found only when the
    # first game, minutes of every core, was done, and a bad game or spec was a traceback)
    try:
        game = load_game(args.game)
        # a bad spec, or a model of another game, is refused here, not in a worker (a
        # learning audit: a traceback, and an empty --out left behind)
        make_bot(args.teacher, game=game)
    except WarroomError as exc:
        ap.error(str(exc))
    if args.scenario is not None and args.scenario not in game.scenarios:
        ap.error(f"{args.game} has no scenario {args.scenario!r}")
    if args.out.is_file() and args.out.stat().st_size > 0:
        # appended to: only games of this game and scenario (another game's lines made the
        # whole file unusable for --games: a learning audit)
        try:
            kept_lines(game, args.scenario, [args.out])
        except WarroomError as exc:
            ap.error(f"--out {args.out} cannot be appended to: {exc}")
    if args.jobs < 1 or args.minutes <= 0 or args.games < 0:
        ap.error("--jobs and --minutes must be positive, --games not negative")
    try:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        with args.out.open("ab"):     # appended to: writable, nothing emptied
            pass
    except OSError as exc:
        ap.error(f"cannot write --out {args.out}: {exc.strerror or exc}")
    deadline = time.monotonic() + args.minutes * 60
    cap = args.games or 10**9
    start = time.monotonic()
    done = positions = started = 0
    ctx = multiprocessing.get_context("forkserver")
    pool = ctx.Pool(args.jobs)
    finished: queue.Queue[tuple[dict[str, Any], int] | BaseException] = queue.Queue()

    def start_one() -> None:
        nonlocal started
        task = (args.game, args.scenario, derive_seed(args.seed, started), args.teacher)
        pool.apply_async(play, task, callback=finished.put, error_callback=finished.put)
        started += 1

    try:
        for _ in range(min(args.jobs, cap)):
            start_one()
        while done < cap:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            try:
                got = finished.get(timeout=left)
            except queue.Empty:
                break
            if isinstance(got, BaseException):
                raise got
            if started < cap:
                start_one()
            line, decisions = got
            with open_games(args.out, "a") as fh:
                fh.write(json.dumps(line, separators=(",", ":")) + "\n")
            done += 1
            positions += len(line["moves"])
            print(f"game {done}: seed {line['seed']}, {decisions} decisions, "
                  f"{len(line['moves'])} positions, returns {line['returns']}, "
                  f"{time.monotonic() - start:.0f} s", flush=True)
    finally:
        pool.terminate()
        pool.join()
    print(json.dumps({"games": done, "positions": positions, "out": str(args.out),
                      "seconds": round(time.monotonic() - start, 1), "jobs": args.jobs,
                      "teacher": args.teacher, "seed": args.seed}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
