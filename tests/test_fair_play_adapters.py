"""Fair play in the RL adapters (issue 10 items 2, 3 and 10).

- Each game declares whether it has hidden information, and the declaration agrees with
  what ``determinize`` can change; OpenSpiel registers the game with that information type.
- PettingZoo ``reset()`` without a seed does not replay the same game every time, and
  ``step`` refuses anything but an integer action id, changing nothing.
- An out-of-range OpenSpiel chance outcome raises and leaves the state usable.
"""

from __future__ import annotations

from typing import Any

import pytest

from warroom.core import apply, determinize, legal_actions, new_game
from warroom.core.errors import IllegalActionError
from warroom.core.rng import Rng
from warroom.games import game_ids, load_game

pyspiel = pytest.importorskip("pyspiel")
pz = pytest.importorskip("warroom.interfaces.pettingzoo")
os_mod = pytest.importorskip("warroom.interfaces.openspiel")

VOLATILE = {"rng", "forced", "barrier", "explicit_chance", "chance_queue", "seen"}


def _determinize_changes_something(gid: str) -> bool:
    game = load_game(gid)
    for seed in range(6):
        state = new_game(game, None, seed)
        rng = Rng(seed)
        for _ in range(60):
            if state.active is None:
                break
            for role in game.roles:
                twin = determinize(state, role, Rng(seed * 97 + 1))
                mine = {k: v for k, v in state.data.items() if k not in VOLATILE}
                theirs = {k: v for k, v in twin.data.items() if k not in VOLATILE}
                if mine != theirs:
                    return True
            legal = legal_actions(state)
            apply(state, legal[rng.randbelow(len(legal))])
    return False


@pytest.mark.parametrize("gid", game_ids())
def test_information_type_matches_determinize(gid: str) -> None:
    game = load_game(gid)
    assert game.hidden_information == _determinize_changes_something(gid)
    info = pyspiel.load_game(f"python_warroom_{gid}").get_type().information
    expected = (pyspiel.GameType.Information.IMPERFECT_INFORMATION if game.hidden_information
                else pyspiel.GameType.Information.PERFECT_INFORMATION)
    assert info == expected


def test_pettingzoo_reset_without_seed_is_not_always_the_same_game() -> None:
    seeds = set()
    for _ in range(3):
        e = pz.env("eit2")
        e.reset()
        assert e.state_ is not None
        seeds.add(e.state_.data["seed"])
    assert len(seeds) == 3


@pytest.mark.parametrize("bad", [1.7, "1", True, None, [1]])
def test_pettingzoo_step_refuses_non_integers(bad: Any) -> None:
    e = pz.env("eaw1940")
    e.reset(seed=1)
    assert e.state_ is not None
    before = e.state_.dumps()
    with pytest.raises((IllegalActionError, TypeError, ValueError)):
        e.step(bad)
    assert e.state_.dumps() == before


def test_openspiel_bad_chance_outcome_raises_and_leaves_the_state_usable() -> None:
    game = pyspiel.load_game("python_warroom_eaw1940")
    state = game.new_initial_state()
    while not state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
        assert not state.is_terminal()
    n = len(state.chance_outcomes())
    with pytest.raises(Exception, match="not in"):
        state.apply_action(n + 3)
    assert state.is_chance_node() and len(state.chance_outcomes()) == n
    state.apply_action(0)
    assert not state.is_chance_node() or len(state.chance_outcomes()) > 0


@pytest.mark.parametrize("gid", ["eit2", "sfe", "tk"])
def test_openspiel_set_up_tensor_shows_nothing_of_another_game(gid: str) -> None:
    """At a set-up chance node (before anything is dealt) the observation tensor is zeros,
    as its string says "setup": it returned the observer's shared buffer as the last state
    left it, another player's hand of another game included (an outside audit)."""
    import numpy as np

    game = pyspiel.load_game(f"python_warroom_{gid}")
    played = game.new_initial_state()
    rng = np.random.default_rng(0)
    while played.is_chance_node():
        played.apply_action(int(rng.integers(len(played.chance_outcomes()))))
    other = game.num_players() - 1
    assert any(played.observation_tensor(other))
    fresh = game.new_initial_state()
    assert fresh.is_chance_node() and fresh.observation_string(0) == "setup"
    assert not any(fresh.observation_tensor(0))
