"""Random legal play throughput, side by side with an OpenSpiel Python game in the same run.

Both loops are the same: ask for the legal actions, pick one uniformly with
``random.Random``, apply it, until the game ends; OpenSpiel chance nodes are sampled by
their probabilities and count as actions. The two are timed in alternating slices so that
machine noise hits both alike.
"""

from __future__ import annotations

import random
import time
from typing import Any

from warroom.core.protocol import apply, legal_actions, new_game
from warroom.games import load_game

BASELINE = "python_block_dominoes"


def _warroom_slice(game_id: str, scenario: str | None, seconds: float, rng: random.Random,
                   seed0: int, content: str | None) -> tuple[int, int, float, int]:
    game = load_game(game_id, content)
    decisions = games = 0
    seed = seed0
    start = time.perf_counter()
    while True:
        state = new_game(game, scenario, seed)
        seed += 1
        while state.data["active"] is not None:
            legal = legal_actions(state)
            apply(state, legal[rng.randrange(len(legal))])
            decisions += 1
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return decisions, games, elapsed, seed


def _openspiel_slice(name: str, seconds: float, rng: random.Random) -> tuple[int, int, float]:
    import pyspiel

    game = pyspiel.load_game(name)
    actions = games = 0
    start = time.perf_counter()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                r, acc = rng.random(), 0.0
                choice = outcomes[-1][0]
                for a, p in outcomes:
                    acc += p
                    if r < acc:
                        choice = a
                        break
                state.apply_action(choice)
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
            actions += 1
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return actions, games, elapsed


def openspiel_available() -> bool:
    try:
        import pyspiel  # noqa: F401
        from open_spiel.python.games import block_dominoes  # noqa: F401
    except ImportError:
        return False
    return True


def bench(game_id: str, scenario: str | None = None, seconds: float = 4.0,
          rounds: int = 4, seed: int = 0, content: str | None = None,
          baseline: bool = True) -> dict[str, Any]:
    """Measure ``game_id`` (and the OpenSpiel baseline) for about ``seconds`` in total."""
    rng = random.Random(seed)
    with_baseline = baseline and openspiel_available()
    share = seconds / rounds / (2 if with_baseline else 1)
    d = g = 0
    t = 0.0
    bd = bg = 0
    bt = 0.0
    next_seed = seed
    for _ in range(rounds):
        dd, gg, tt, next_seed = _warroom_slice(game_id, scenario, share, rng, next_seed,
                                               content)
        d, g, t = d + dd, g + gg, t + tt
        if with_baseline:
            aa, ag, at = _openspiel_slice(BASELINE, share, rng)
            bd, bg, bt = bd + aa, bg + ag, bt + at
    out: dict[str, Any] = {
        "game": game_id,
        "scenario": scenario or load_game(game_id, content).default_scenario,
        "decisions": d,
        "games": g,
        "seconds": round(t, 3),
        "decisions_per_s": round(d / t, 1),
        "games_per_s": round(g / t, 2),
        "baseline": None,
        "ratio": None,
    }
    if with_baseline:
        out["baseline"] = {"name": BASELINE, "actions": bd, "games": bg,
                           "seconds": round(bt, 3), "actions_per_s": round(bd / bt, 1)}
        out["ratio"] = round((d / t) / (bd / bt), 3)
    return out
