"""Fair play in the RL adapters (issue 10 items 2, 3 and 10).

- Each game declares whether it has hidden information, and the declaration agrees with
  what ``determinize`` can change; OpenSpiel registers the game with that information type.
- PettingZoo ``reset()`` without a seed does not replay the same game every time, and
  ``step`` refuses anything but an integer action id, changing nothing.
- An out-of-range OpenSpiel chance outcome raises and leaves the state usable.
- A serialised OpenSpiel state carries its own position only: not the views of the other
  states of its game object (their hands), nor the game object itself.
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


def _play(state: Any, steps: int, seed: int) -> None:
    import random
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _p in state.chance_outcomes()]))
        else:
            for p in range(state.get_game().num_players()):
                state.observation_string(p)
                state.information_state_string(p)
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("gid", ["eit2", "sfe"])
def test_a_serialised_state_carries_no_other_states_views(gid: str) -> None:
    """OpenSpiel pickles a Python state's attributes: the game's shared view encodings
    (every observed state's view, the other games' hands included) had gone with it, and
    the game object (an eit2 state of 389 KB whatever its position; an outside audit)."""
    name = f"python_warroom_{gid}"
    fresh = pyspiel.load_game(name)
    used = pyspiel.load_game(name)
    other = used.new_initial_state()
    _play(other, 300, 1)                    # another game, observed by both players
    mine = [g.new_initial_state() for g in (fresh, used)]
    for state in mine:
        _play(state, 40, 2)
    texts = [pyspiel.serialize_game_and_state(g, st) for g, st in zip((fresh, used), mine,
                                                                     strict=True)]
    assert texts[0] == texts[1]             # nothing of the other game's views
    assert len(texts[0]) < 40_000
    game, state = pyspiel.deserialize_game_and_state(texts[1])
    assert state._s is game.shared and state._wg is game.warroom
    assert str(state) == str(mine[1]) and state.history() == mine[1].history()
    for p in range(game.num_players()):
        assert state.information_state_string(p) == mine[1].information_state_string(p)
    _play(state, 40, 3)                     # it plays on


def test_pettingzoo_seeds_names_and_order_of_calls_in_words() -> None:
    """A NumPy integer seed works (it raised OverflowError); a seed out of the generator's
    64 bits is refused (-1 had silently been the game of 2**64 - 1); observe of no agent,
    and any call before reset(), say what is wrong (an outside audit)."""
    import numpy as np

    e = pz.env("eit2")
    with pytest.raises(RuntimeError, match="call reset"):
        e.observe("lw")
    with pytest.raises(RuntimeError, match="call reset"):
        e.last()
    with pytest.raises(RuntimeError, match="call reset"):
        e.step(0)
    e.reset(seed=np.int64(3))
    assert e.state_ is not None
    first = e.state_.dumps()
    e.reset(seed=3)
    assert e.state_.dumps() == first
    for bad in (-1, 2**64, 1.5, True):
        with pytest.raises(ValueError, match="seed"):
            e.reset(seed=bad)
        assert e.state_.dumps() == first           # nothing changed
    with pytest.raises(ValueError, match="no agent of eit2; the agents are lw, rw"):
        e.observe("nobody")
    with pytest.raises(ValueError, match="render_mode"):
        pz.env("eit2", render_mode="rgb_array")
    with pytest.raises(ValueError, match="named by a string"):
        pz.env("tk", 1939)                          # type: ignore[arg-type]


def test_openspiel_finished_game_and_chance_strings_in_words() -> None:
    game = pyspiel.load_game("python_warroom_eaw1940")
    state = game.new_initial_state()
    _play(state, 10_000, 4)
    assert state.is_terminal()
    with pytest.raises(Exception, match="finished game"):
        state.chance_outcomes()
    with pytest.raises(Exception, match="the game is over"):
        state.apply_action(0)
    top = game.max_chance_outcomes()
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, top - 1)
    with pytest.raises(Exception, match="no chance node"):
        state.action_to_string(pyspiel.PlayerId.CHANCE, top)
