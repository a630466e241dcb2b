"""Microseconds per call of each game's ``evaluate`` (issue 14), the new evaluation against
the one before it, on positions sampled from random play.

    PYTHONPATH=src python benchmarks/eval_speed.py [--games 4] [--repeat 3]

Timings on a shared machine are noisy: compare the two columns of one run.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from legacy_eval import OLD

from warroom.ai import make_bot
from warroom.core.protocol import apply, clone, legal_actions, new_game
from warroom.games import load_game


def positions(game_id: str, scenario: str | None, games: int) -> list[Any]:
    g = load_game(game_id)
    out = []
    for seed in range(games):
        st = new_game(g, scenario, seed=seed)
        bot = make_bot("random", seed)
        n = 0
        while st.active is not None and n < 3000:
            # random play, but Scoring cards first (4.5.3: random players lose by holding
            # them, which ends eit2 games in turn 1)
            legal = legal_actions(st)
            scoring = [a for a in legal if a.key.startswith("score:")]
            apply(st, scoring[0] if scoring else bot.choose(st))
            n += 1
            if n % 7 == 0:
                out.append(clone(st))
    return out


def per_call(fn: Any, states: list[Any], roles: tuple[str, ...], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for st in states:
            for r in roles:
                fn(st, r)
        best = min(best, time.perf_counter() - t0)
    return best / (len(states) * len(roles)) * 1e6


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    rows = [("eit2", "1920"), ("eit2", "great_depression"), ("sfe", None), ("eaw1940", None)]
    print(f"{'game':24} {'positions':>9} {'old us':>8} {'new us':>8} {'ratio':>6}")
    for game_id, scenario in rows:
        states = positions(game_id, scenario, args.games)
        g = states[0].game
        new = per_call(g.evaluate, states, g.roles, args.repeat)
        old_fn = OLD.get(game_id)
        old = per_call(old_fn, states, g.roles, args.repeat) if old_fn else float("nan")
        name = f"{game_id}:{scenario}" if scenario else game_id
        print(f"{name:24} {len(states):9d} {old:8.1f} {new:8.1f} {new / old:6.2f}")


if __name__ == "__main__":
    main()
