"""Fuzzing eaw1940 through the protocol: thousands of seeded random games.

Every game must end without an exception, without a dead end (a live state always offers
an action) and within ``game.max_decisions()``; ``check_invariants`` must hold after every
single action; the result must be well formed. Policies and dice regimes vary so that all
outcomes (both automatic victories and every VP band) are reached.

Cost (measured on 2 cores): ~28 decisions a game, so 3,000 games are ~85k decisions; the
invariant check runs after every one of them and the whole file takes ~3 s.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter

import pytest

from warroom.core import (
    Game,
    IllegalActionError,
    Outcome,
    State,
    apply,
    legal_actions,
    new_game,
    result,
)
from warroom.core.rng import Rng

GAMES = 3000
ATTACKS = ("attack:", "sea:", "air:", "reroll", "unstall:", "place_tank:")


def choose(policy: int, rng: Rng, state: State) -> int:
    """A legal action id. 0: uniform; 1: never end the turn early; 2: mostly attack."""
    legal = legal_actions(state)
    if policy == 1 and len(legal) > 1:
        legal = [a for a in legal if a.key != "end_turn"]
    elif policy == 2 and rng.randbelow(10) < 8:
        legal = [a for a in legal if a.key.startswith(ATTACKS)] or legal
    return legal[rng.randbelow(len(legal))].id


def dice_for(index: int, rng: Rng) -> list[int] | None:
    """Forced dice for some games: a lucky run (4-6) or an unlucky one (1-3) for everyone."""
    regime = index % 5
    if regime == 3:
        return [4 + rng.randbelow(3) for _ in range(400)]
    if regime == 4:
        return [1 + rng.randbelow(3) for _ in range(400)]
    return None


def fuzz_game(game: Game, index: int) -> tuple[State, Outcome]:
    rng = Rng(index * 7 + 1)
    state = new_game(game, seed=index, forced_dice=dice_for(index, rng))
    policy = index % 3
    limit = game.max_decisions()
    assert game.check_invariants(state) == []
    decisions = 0
    while not state.is_over:
        assert state.active in game.roles
        assert legal_actions(state), f"game {index}: dead end after {decisions} decisions"
        apply(state, choose(policy, rng, state))
        decisions += 1
        assert decisions <= limit, f"game {index}: runaway, over {limit} decisions"
        broken = game.check_invariants(state)
        assert broken == [], f"game {index}, decision {decisions}: {broken}"
    assert state.data["decisions"] == decisions
    out = result(state)
    assert isinstance(out, Outcome), f"game {index}: finished without an outcome"
    return state, out


def check_finished(game: Game, state: State, out: Outcome, index: int) -> None:
    assert set(out.returns) == set(game.roles)
    assert all(r in (-1, 0, 1) for r in out.returns.values()), out.returns
    vp = out.scores["vp"]
    assert isinstance(vp, int) and not isinstance(vp, bool), vp
    assert out.label and out.text and out.rule in game.rules
    if out.winner is None:
        assert all(r == 0 for r in out.returns.values())
    elif out.winner in game.roles:
        assert out.returns[out.winner] == 1
    else:  # a non-player side (the Allied BOT) won: every player lost
        assert all(r == -1 for r in out.returns.values())
    assert legal_actions(state) == []
    with pytest.raises(IllegalActionError):
        apply(state, "end_turn")
    # the state is plain JSON and every log line cites a rule
    assert json.loads(state.dumps()) == state.data
    bad = [e for e in state.log
           if not isinstance(e, dict) or not e.get("rule") or not e.get("text")]
    assert not bad, f"game {index}: log entries without a rule: {bad[:3]}"


def test_random_games_never_break(eaw: Game) -> None:
    labels: Counter[str] = Counter()
    longest = 0
    for index in range(GAMES):
        state, out = fuzz_game(eaw, index)
        check_finished(eaw, state, out, index)
        labels[out.label] += 1
        longest = max(longest, state.data["decisions"])
    # the fuzz reached every kind of ending, so all of the rules above were exercised
    assert set(labels) == {"allied_automatic_victory", "axis_automatic_victory",
                           "allied_decisive_victory", "draw", "axis_victory"}, labels
    # (measured: ~13 Axis automatic victories, the rarest ending, in 3,000 games)
    assert min(labels.values()) >= 3, labels
    assert longest <= eaw.max_decisions()


def _fingerprint(game: Game, indices: range) -> list[str]:
    return [hashlib.sha256(fuzz_game(game, i)[0].dumps().encode()).hexdigest()
            for i in indices]


def test_fuzz_is_deterministic(eaw: Game) -> None:
    first = _fingerprint(eaw, range(0, 300, 3))
    assert _fingerprint(eaw, range(0, 300, 3)) == first
    assert len(set(first)) == len(first)  # and the games really differ
