"""Drop from kept-games files the games that no longer replay under today's rules.

    python benchmarks/prune_games.py GAME FILE [FILE ...]

A rules or content fix can make some kept games (``benchmarks/games``, a run's
``MODEL.games.jsonl.gz``) stop replaying: an action they played is no longer legal, or the
game ends otherwise. ``warroom train --games`` and ``tests/test_learn.py`` refuse such a
file. This keeps, in each file, the games that still replay to their recorded results
(:func:`warroom.sim.train.prune_games`) and says, per game dropped, where it stopped
fitting; a file with a line that is not a kept game of GAME is refused and left as it was.
Playing the dropped games again (``benchmarks/teacher_games.py`` with their seed) is the
alternative when a core's time allows.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from warroom.core.errors import ContentError
from warroom.games import load_game
from warroom.sim.train import prune_games


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("files", nargs="+", type=Path)
    args = ap.parse_args(argv)
    game = load_game(args.game)
    status = 0
    for path in args.files:
        try:
            kept, dropped = prune_games(game, path)
        except ContentError as exc:
            print(f"{path}: {exc}", file=sys.stderr)
            status = 1
            continue
        for why in dropped:
            print(f"  dropped: {why}")
        print(f"{path}: kept {kept} of {kept + len(dropped)} games")
    return status


if __name__ == "__main__":
    sys.exit(main())
