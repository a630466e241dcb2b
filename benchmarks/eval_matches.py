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
import math
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from legacy_eval import OLD

from warroom.ai import make_bot
from warroom.ai.bots import forced_or_choices
from warroom.core.actions import Action
from warroom.core.protocol import apply, determinize, new_game, result
from warroom.core.rng import Rng
from warroom.games import load_game


class GreedyWith:
    """``greedy`` (warroom.ai.bots.GreedyBot's algorithm, 6 determinized samples per
    action) with a given evaluation function instead of ``game.evaluate``."""

    def __init__(self, seed: int, fn: Callable[[Any, str], float], name: str,
                 samples: int = 6) -> None:
        self.rng = Rng(seed)
        self.fn = fn
        self.name = name
        self.samples = samples

    def choose(self, state: Any) -> Action:
        only, legal = forced_or_choices(state)
        if only is not None:
            return only
        role = state.active
        best: list[Action] = []
        best_value = float("-inf")
        for action in legal:
            total = 0.0
            for _ in range(self.samples):
                copy = determinize(state, role, self.rng)
                apply(copy, action)
                total += self.fn(copy, role)
            value = total / self.samples
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return best[self.rng.randbelow(len(best))]


def bot(name: str, game_id: str, seed: int) -> Any:
    if name == "greedy_old":
        return GreedyWith(seed, OLD[game_id], name)
    return make_bot(name, seed)


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


def play(game_id: str, scenario: str | None, names: dict[str, str], seed: int
         ) -> dict[str, Any]:
    g = load_game(game_id)
    st = new_game(g, scenario, seed=seed)
    bots = {role: bot(name, game_id, seed * 7 + i) for i, (role, name) in
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
        lo, hi = wilson(wins, games)
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
    print(f"{args.games} games per seating; shared 2-core machine, one process")
    for game_id, scenario, a, b in PLAN:
        if args.only and game_id != args.only:
            continue
        pairing(game_id, scenario, a, b, args.games)


if __name__ == "__main__":
    main()
