"""Write the regression corpus ``tests/corpus/<game>.json.gz`` (run once, from the code whose
behaviour the corpus pins down).

Each entry is a record (game, scenario, options, seed, actions: the keys of that time) and
what the game showed at its end: the view of every role and of a spectator, and the result.
``tests/test_corpus.py`` replays every record and asserts the same views and results, so a
change of structure that changes a rule is caught.

    PYTHONPATH=src python benchmarks/make_corpus.py OUT_DIR [GAME ...]

With game ids after the folder only their files are written (the others stay as they are).
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from warroom.ai.bots import GreedyBot, RandomBot
from warroom.core import apply, new_game, result, view
from warroom.core.rng import derive_seed
from warroom.games import load_game

# (scenario, games, cut): cut None = random play to the end, N = random play for N actions,
# -1 = greedy play (samples=2) to the end
PLAN = {
    "eaw1940": [("1940", 40, None)],
    "eit2": [("1920", 6, None), ("great_depression", 6, None), ("appeasement", 6, None),
             ("1920", 6, 60), ("1920", 2, -1), ("great_depression", 2, -1),
             ("appeasement", 2, -1)],
    "sfe": [("1939", 20, None), ("1939", 6, 40), ("1939", 3, -1)],
    "tk": [(s, 30, None) for s in ("random", "1939", "1940", "1937")],
}


def main(out_dir: Path, only: list[str] | None = None) -> None:
    for gid, plan in PLAN.items():
        if only and gid not in only:
            continue
        game = load_game(gid)
        entries = []
        for scenario, n, cut in plan:
            if scenario not in game.scenarios:
                scenario = game.default_scenario
            for i in range(n):
                seed = derive_seed(4242, i + (1000 if cut else 0) + (2000 if cut == -1 else 0))
                st = new_game(game, scenario, seed)
                bot = GreedyBot(seed, samples=2) if cut == -1 else RandomBot(seed)
                limit = None if cut in (None, -1) else cut
                keys: list[str] = []
                while st.active and (limit is None or len(keys) < limit):
                    a = bot.choose(st)
                    keys.append(a.key)
                    apply(st, a)
                res = result(st)
                entries.append({
                    "record": {"game": gid, "scenario": scenario, "options": {},
                               "seed": seed, "forced_dice": [], "actions": keys},
                    "views": {str(r): view(st, r) for r in (None, *game.roles)},
                    "result": res.to_json() if res else None,
                })
        path = out_dir / f"{gid}.json.gz"
        path.write_bytes(gzip.compress(json.dumps(entries, separators=(",", ":")).encode(), 9,
                                       mtime=0))
        print(gid, len(entries), path.stat().st_size)


if __name__ == "__main__":
    # make_corpus.py OUT_DIR [GAME ...]: every game, or only the games named (a content
    # change re-records its own game's file, e.g. `tests/corpus/2026-12 sfe`)
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out_dir", type=Path, help="the folder to write (tests/corpus/2026-12 "
                    "holds today's corpus; tests/corpus, the one of before the redesign, is "
                    "never rewritten)")
    ap.add_argument("games", nargs="*", help="only these games (default: every game)")
    args = ap.parse_args()
    unknown = sorted(set(args.games) - set(PLAN))
    if unknown:
        ap.error(f"no game {', '.join(unknown)}; games: {', '.join(PLAN)}")
    if not args.out_dir.is_dir():
        ap.error(f"{args.out_dir} is not a folder")
    main(args.out_dir, args.games or None)
