"""Matches for issue 14's evaluation and baseline work: greedy with the new evaluation
against greedy with the old one, aggressive against greedy and random, and equal bots in
sfe (the Axis win rate the content calibration aims at 40-60%).

    PYTHONPATH=src python benchmarks/eval_matches.py [--games 10] [--only sfe]

Each pairing is played in both seatings, ``--games`` games per seating (seeds 0..N-1; bot
seeds derived from them), one process (the machine is shared: numbers are per game, not
timings). Prints per seating the wins of the first-named bot with a Wilson 95% interval,
how the games ended, and for sfe the battles fought per game (8.2 totals) and the final VP.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from legacy_eval import OLD

from warroom.ai import make_bot
from warroom.ai.bots import GreedyBot
from warroom.core.protocol import apply, new_game, result
from warroom.core.rng import derive_seed
from warroom.games import load_game
from warroom.sim.stats import wilson


def bot(name: str, game_id: str, seed: int) -> Any:
    if name == "greedy_old":
        return GreedyBot(seed, evaluate=OLD[game_id])
    return make_bot(name, seed)


def play(game_id: str, scenario: str | None, names: dict[str, str], seed: int
         ) -> dict[str, Any]:
    g = load_game(game_id)
    st = new_game(g, scenario, seed=seed)
    # a bot's stream apart from the game's dice (``seed * 7 + i`` gave the first bot of game
    # 0 the game's own stream, the same numbers as its dice: a review), as play_game seeds
    bots = {role: bot(name, game_id, derive_seed(seed, i + 1)) for i, (role, name) in
            enumerate(names.items())}
    n = 0
    while st.active is not None and n < 40000:
        apply(st, bots[st.active].choose(st))
        n += 1
    out = result(st)
    assert out is not None, "game did not end"
    info: dict[str, Any] = {"winner": out.winner, "label": out.label, "decisions": n,
                            "scores": dict(out.scores)}
    if game_id == "sfe":
        info["battles"] = sum(1 for e in st.data["log"]
                              if isinstance(e, dict) and e.get("rule") == "8.2"
                              and "attack" in e)
    return info


def pairing(game_id: str, scenario: str | None, a: str, b: str, games: int) -> None:
    g = load_game(game_id)
    label = f"{game_id}{':' + scenario if scenario else ''}"
    for first_role in g.roles:
        other = next(r for r in g.roles if r != first_role)
        names = {first_role: a, other: b}
        wins = draws = 0
        ends: Counter[str] = Counter()
        battles: list[int] = []
        vps: list[str] = []
        t0 = time.time()
        for seed in range(games):
            info = play(game_id, scenario, names, seed)
            wins += info["winner"] == first_role
            draws += info["winner"] is None
            ends[info["label"]] += 1
            if "battles" in info:
                battles.append(info["battles"])
                vps.append(f"{info['scores']['axis_vp']}-{info['scores']['allied_vp']}")
        rate = wilson(wins, games)
        lo, hi = rate.lo, rate.hi
        line = (f"{label:22} {a:>10} as {first_role:6} vs {b:10}: {wins:2d}/{games} wins "
                f"({wins / games:.0%}, 95% CI {lo:.0%}-{hi:.0%})"
                + (f", {draws} draws" if draws else "")
                + f"; ends {dict(ends)}")
        if battles:
            line += (f"; battles/game median {statistics.median(battles):g} "
                     f"mean {statistics.mean(battles):.1f}; VP {' '.join(vps)}")
        line += f" [{time.time() - t0:.0f}s]"
        print(line, flush=True)


PLAN: list[tuple[str, str | None, str, str]] = [
    ("sfe", None, "aggressive", "random"),
    ("sfe", None, "greedy", "greedy_old"),
    ("sfe", None, "aggressive", "greedy"),
    ("sfe", None, "aggressive", "greedy_old"),
    ("sfe", None, "aggressive", "aggressive"),
    ("sfe", None, "greedy", "greedy"),
    ("eit2", "1920", "greedy", "greedy_old"),
    ("eit2", "1920", "aggressive", "greedy"),
    ("eit2", "1920", "aggressive", "random"),
    ("eit2", "great_depression", "greedy", "greedy_old"),
    ("eit2", "great_depression", "aggressive", "greedy"),
    ("eit2", "great_depression", "aggressive", "random"),
]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10, help="games per seating")
    ap.add_argument("--only", default=None, help="one game id (sfe, eit2)")
    args = ap.parse_args()
    if args.games < 1:
        ap.error(f"--games {args.games}: give at least 1 game per seating")
    print(f"{args.games} games per seating; shared 2-core machine, one process")
    for game_id, scenario, a, b in PLAN:
        if args.only and game_id != args.only:
            continue
        pairing(game_id, scenario, a, b, args.games)


if __name__ == "__main__":
    main()
