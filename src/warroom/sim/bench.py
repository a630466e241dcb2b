"""Random legal play throughput, side by side with an OpenSpiel Python game in the same run.

Both loops are the same: ask for the legal actions, pick one uniformly with
``random.Random``, apply it, until the game ends; OpenSpiel chance nodes are sampled by
their probabilities and count as actions. The two are timed in alternating slices so that
machine noise hits both alike.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from warroom.ai import make_bot
from warroom.ai.ismcts import ISMCTSBot
from warroom.core.errors import UnknownGameError
from warroom.core.protocol import Game, apply, clone, legal_actions, new_game
from warroom.core.record import content_id
from warroom.core.state import State
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


def _adapter_slice(game_id: str, scenario: str | None, seconds: float, rng: random.Random,
                   info: bool) -> tuple[int, int, int, float, float]:
    """Random play through the OpenSpiel adapter (``python_warroom_<id>``): decisions,
    chance outcomes, games, seconds, and seconds spent in ``information_state_string``
    (asked for the acting player at every decision when ``info``)."""
    import pyspiel

    from warroom.interfaces.openspiel import PREFIX

    params = {} if scenario is None else {"scenario": scenario}
    game = pyspiel.load_game(PREFIX + game_id, params)
    decisions = chance = games = 0
    info_s = 0.0
    start = time.perf_counter()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                chance += 1
                continue
            if info:
                t = time.perf_counter()
                state.information_state_string()
                info_s += time.perf_counter() - t
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            decisions += 1
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return decisions, chance, games, elapsed, info_s


def adapter_speed(game_id: str, scenario: str | None = None, seconds: float = 4.0,
                  rounds: int = 4, seed: int = 0) -> dict[str, Any]:
    """Native play against the same random play through the OpenSpiel adapter, timed in
    alternating slices. Native decisions/s against adapter decisions/s (the same work:
    ``ratio``), the adapter's actions/s counting its chance outcomes as OpenSpiel does, and
    the cost of ``information_state_string`` (measured in a third slice)."""
    rng = random.Random(seed)
    share = seconds / rounds / 3
    nd = 0
    nt = 0.0
    ad = ac = ag = 0
    at = 0.0
    idec = 0
    it = iinfo = 0.0
    next_seed = seed
    for _ in range(rounds):
        dd, _, tt, next_seed = _warroom_slice(game_id, scenario, share, rng, next_seed, None)
        nd, nt = nd + dd, nt + tt
        d, c, g, t, _ = _adapter_slice(game_id, scenario, share, rng, False)
        ad, ac, ag, at = ad + d, ac + c, ag + g, at + t
        d, _, _, t, inf = _adapter_slice(game_id, scenario, share, rng, True)
        idec, it, iinfo = idec + d, it + t, iinfo + inf
    native = nd / nt
    adapter = ad / at
    return {"native_decisions_per_s": round(native, 1),
            "adapter_decisions_per_s": round(adapter, 1),
            "adapter_actions_per_s": round((ad + ac) / at, 1),
            "adapter_chance_per_decision": round(ac / max(1, ad), 3),
            "slowdown": round(native / adapter, 2),
            "information_state_string_us": round(iinfo / max(1, idec) * 1e6, 1)}


def openspiel_available() -> bool:
    try:
        import pyspiel  # noqa: F401
        from open_spiel.python.games import block_dominoes  # noqa: F401
    except ImportError:
        return False
    return True


def _positions(game: Game, scenario: str | None, count: int,
               seed: int) -> list[State[Any]]:
    """Positions with a real choice, one picked at random from each of ``count`` random
    games (the same for every run); fewer when the games offer none."""
    rng = random.Random(seed)
    out: list[State[Any]] = []
    for s in range(seed, seed + 50 * count):
        if len(out) >= count:
            break
        state = new_game(game, scenario, s)
        choices: list[State[Any]] = []
        while state.active is not None:
            legal = legal_actions(state)
            if len(legal) > 1:
                choices.append(clone(state))
            apply(state, legal[rng.randrange(len(legal))])
        if choices:
            out.append(choices[rng.randrange(len(choices))])
    return out


SEARCH_SPEC = "ismcts:iterations=100,rollout=none,pw=0"
"""The settings of the ISMCTS figure comparable with the numbers measured before the search
was rewritten: 100 iterations a decision, the leaf judged where it stands, no widening."""
DEFAULT_SPEC = "ismcts"
"""The bot as ``ismcts`` plays by default (operation rollouts, widening, 1000 iterations)."""


def _iterations_per_s(states: list[State[Any]], spec: str, seed: int) -> float:
    n = 0
    start = time.perf_counter()
    for i, state in enumerate(states):
        bot = make_bot(spec, seed + i)
        bot.choose(state)
        n += bot.last["iterations"] if isinstance(bot, ISMCTSBot) else 1
    return n / (time.perf_counter() - start)


def search_speed(game_id: str, scenario: str | None = None, content: str | None = None,
                 positions: int = 6, clones: int = 300, seed: int = 0) -> dict[str, Any]:
    """Microseconds per :func:`clone` and ISMCTS iterations per second, over the same
    mid-game positions of random play: ``ismcts_iterations_per_s`` with the settings of
    :data:`SEARCH_SPEC` (comparable across versions), ``ismcts_default_iterations_per_s``
    with the default bot (whose iterations also play to the end of the operation)."""
    game = load_game(game_id, content)
    states = _positions(game, scenario, positions, seed)
    if not states:
        return {}
    start = time.perf_counter()
    for state in states:
        for _ in range(clones):
            clone(state)
    clone_us = (time.perf_counter() - start) / (clones * len(states)) * 1e6
    return {"clone_us": round(clone_us, 2),
            "ismcts_iterations_per_s": round(_iterations_per_s(states, SEARCH_SPEC, seed), 1),
            "ismcts_spec": SEARCH_SPEC,
            "ismcts_default_iterations_per_s": round(
                _iterations_per_s(states, DEFAULT_SPEC, seed), 1),
            "ismcts_default_spec": DEFAULT_SPEC}


def bench(game_id: str, scenario: str | None = None, seconds: float = 4.0,
          rounds: int = 4, seed: int = 0, content: str | None = None,
          baseline: bool = True, search: bool = True,
          adapter: bool = False) -> dict[str, Any]:
    """Measure ``game_id`` (and the OpenSpiel baseline) for about ``seconds`` in total;
    with ``search``, also the cost of a clone and the ISMCTS iterations per second; with
    ``adapter``, native play against play through the OpenSpiel adapter (about ``seconds``
    more; the bundled content only, as the adapter loads it)."""
    if not math.isfinite(seconds) or seconds <= 0 or seconds > 86_400:
        raise UnknownGameError(f"--seconds must be a positive number of seconds (at most a "
                               f"day), not {seconds!r}")
    game_id = load_game(game_id, content).id     # "SFE" is sfe, for the adapter's name too
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
    game = load_game(game_id, content)
    out: dict[str, Any] = {
        "game": game_id,
        "scenario": scenario or game.default_scenario,
        # the pack measured (figures of two packs were told apart by nothing: an audit)
        "content": content_id(game),
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
    if search:
        out.update(search_speed(game_id, scenario, content, seed=seed))
    out["adapter"] = None
    # the adapter needs OpenSpiel, not its baseline: --no-baseline dropped its figures
    # without a word (an audit); it loads the bundled content only, and says so where it
    # was asked for under a pack (a null with no reason: an audit)
    if adapter and openspiel_available():
        if content is None:
            out["adapter"] = adapter_speed(game_id, scenario, seconds, rounds, seed)
        else:
            out["adapter_note"] = ("not measured: the OpenSpiel adapter plays warroom's own "
                                   "content only (bench without --content)")
    return out
