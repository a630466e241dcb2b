"""RL adapters pass PettingZoo's and OpenSpiel's own test suites, for every game."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from warroom.core.errors import IllegalActionError
from warroom.core.log import render
from warroom.games import game_ids

pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import warroom.interfaces.openspiel as wos  # noqa: E402
from warroom.interfaces.pettingzoo import env  # noqa: E402

GAMES = game_ids()


@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_api_test(game_id: str) -> None:
    from warroom.games import load_game

    for scenario in load_game(game_id).scenarios:
        api_test(env(game_id, scenario), num_cycles=300, verbose_progress=False)


@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_seed_test(game_id: str) -> None:
    from warroom.games import load_game

    for scenario in load_game(game_id).scenarios:
        seed_test(lambda scenario=scenario: env(game_id, scenario), num_cycles=300)


@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_plays_to_terminal_rewards(game_id: str) -> None:
    e = env(game_id)
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    steps = 0
    for _agent in e.agent_iter(max_iter=100_000):
        obs, _reward, term, trunc, _info = e.last()
        if term or trunc:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert legal.size > 0
        e.step(int(rng.choice(legal)))
        steps += 1
    assert steps > 0
    # every agent saw a terminal reward in {-1, 0, 1} and the outcome in infos
    assert e.state_ is not None and e.state_.active is None
    from warroom.core import result

    out = result(e.state_)
    assert out is not None
    assert set(out.returns.values()) <= {-1.0, 0.0, 1.0}
    # a step once every agent is done says so (it was a bare KeyError: an audit)
    with pytest.raises(IllegalActionError, match=r"call reset\(\) for a new game"):
        e.step(0)


def test_pettingzoo_rejects_an_unknown_option_at_construction() -> None:
    with pytest.raises(ValueError, match="eaw1940 has no option bogus; options: none"):
        env("eaw1940", bogus=1)


def test_pettingzoo_rejects_bad_scenario() -> None:
    with pytest.raises(ValueError, match="no scenario"):
        env("eaw1940", "1939")


def test_openspiel_registration() -> None:
    registered = {g.short_name for g in pyspiel.registered_games()}
    for gid in GAMES:
        assert f"python_warroom_{gid}" in registered
    assert [f"python_warroom_{g}" for g in GAMES] == wos.GAME_NAMES
    game = pyspiel.load_game("python_warroom_eaw1940")
    gt = game.get_type()
    assert gt.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert gt.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert game.num_players() == 1
    assert game.max_chance_outcomes() == 6
    # max_game_length is an honest bound: no random game goes past it
    assert game.max_game_length() >= 100


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiel_random_sim_test(game_id: str) -> None:
    game = pyspiel.load_game(f"python_warroom_{game_id}")
    pyspiel.random_sim_test(game, num_sims=10, serialize=True, verbose=False)


def test_openspiel_chance_nodes_are_dice() -> None:
    game = pyspiel.load_game("python_warroom_eaw1940")
    state = game.new_initial_state()
    assert state.current_player() == 0
    attack = game.num_distinct_actions()  # sentinel
    for a in state.legal_actions():
        if state.action_to_string(0, a) == "attack:western":
            attack = a
    state.apply_action(attack)
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [o for o, _ in outcomes] == list(range(6))
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    state.apply_action(5)  # die face 6: +1 air = 7 -> advance (Land Attack Table)
    assert not state.is_chance_node()
    ws = state.warroom_state
    assert ws.data["axis"][0] == 1
    assert "die 6 +1" in render(ws.log[-3])
    # asked at a decision node, chance_outcomes says so in words (it was a bare assert,
    # and under python -O a division by zero)
    with pytest.raises(IllegalActionError, match="at a decision node"):
        state.chance_outcomes()


def test_pettingzoo_reset_takes_the_games_options() -> None:
    """reset(options=...) plays the next games with those options (it ignored them), and
    refuses options the game does not have."""
    from warroom.core.errors import UnknownGameError
    e = env("tk")
    e.reset(seed=1, options={"game": {"event": "15.3", "faction": "axis"}})
    assert e.state_ is not None and e.state_.data["options"]["event"] == "15.3"
    e.reset(seed=2)                                 # they hold for the games that follow
    assert e.state_ is not None and e.state_.data["options"]["event"] == "15.3"
    with pytest.raises(UnknownGameError, match="no option"):
        e.reset(seed=1, options={"game": {"bogus": 1}})


def test_openspiel_mcts_bot_plays_a_full_game() -> None:
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("python_warroom_eaw1940")
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=6,
                       evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = [o for o, _ in state.chance_outcomes()]
            state.apply_action(int(rng.choice(outcomes)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
    assert moves > 5
    assert state.returns()[0] in (-1.0, 0.0, 1.0)
    assert len(state.history()) <= game.max_game_length()


def _random_openspiel_state(game: Any, seed: int, decisions: int) -> Any:
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    done = 0
    while not state.is_terminal() and done < decisions:
        if state.is_chance_node():
            state.apply_action(int(rng.integers(len(state.chance_outcomes()))))
        else:
            legal = state.legal_actions()
            state.apply_action(int(legal[rng.integers(len(legal))]))
            done += 1
    return state


@pytest.mark.parametrize("game_id", ["eit2", "sfe"])
def test_openspiel_strings_show_nothing_hidden(game_id: str) -> None:
    """Resampling everything hidden from a player (determinize) leaves its information
    state and observation strings as they were; the observation string is the JSON of
    its view without the log."""
    import json

    from warroom.core import determinize, view
    from warroom.core.rng import Rng

    game = pyspiel.load_game(f"python_warroom_{game_id}")
    checked = 0
    for seed in range(6):
        state = _random_openspiel_state(game, seed, 25)
        if state.is_terminal() or state.is_chance_node():
            continue
        checked += 1
        player = state.current_player()
        role = wos.load_game(game_id).roles[player]
        info, obs = state.information_state_string(player), state.observation_string(player)
        ws = state.warroom_state
        v = view(ws, role)
        v.pop("log")
        assert obs == json.dumps(v, sort_keys=True, separators=(",", ":"))
        assert info.startswith(obs + "|log:")
        twin = determinize(ws, role, Rng(seed + 11))
        twin.data["explicit_chance"], twin.data["chance_queue"] = True, []
        assert twin.data != ws.data or not wos.load_game(game_id).hidden_information
        state._p.ws, state._p.memo = twin, {}
        assert state.information_state_string(player) == info
        assert state.observation_string(player) == obs
    assert checked >= 3


def test_openspiel_information_state_has_perfect_recall_and_clones_are_independent() -> None:
    game = pyspiel.load_game("python_warroom_eaw1940")
    state = _random_openspiel_state(game, 1, 3)
    while state.is_chance_node():
        state.apply_action(0)
    before = state.information_state_string(0)
    copy = state.clone()
    assert copy.information_state_string(0) == before
    assert str(copy) == str(state) and copy.history() == state.history()
    # the copy moves on; the original does not
    copy.apply_action(copy.legal_actions()[0])
    while copy.is_chance_node():
        copy.apply_action(len(copy.chance_outcomes()) - 1)
    assert copy.information_state_string(0) != before
    assert state.information_state_string(0) == before
    # the same history replayed from scratch gives the same state and strings
    again = game.new_initial_state()
    for a in copy.history():
        again.apply_action(a)
    assert str(again) == str(copy)
    assert again.information_state_string(0) == copy.information_state_string(0)
    # a clone taken at a chance node is a chance node with the same outcomes
    state.apply_action(state.legal_actions()[-1])
    if state.is_chance_node():
        twin = state.clone()
        assert twin.is_chance_node() and twin.chance_outcomes() == state.chance_outcomes()
        twin.apply_action(0)
        assert state.is_chance_node()


@pytest.mark.parametrize("game_id", ["eaw1940", "eit2", "sfe", "tk"])
def test_openspiel_resume_from_roll_matches_running_the_action_again(game_id: str) -> None:
    """The adapter suspends the rules at a roll and resumes them with the outcome (a
    greenlet); a copy made at the chance node cannot share them and runs the action again
    with the outcomes so far. Both ways, and a pickled copy, reach the same states."""
    import pickle

    game = pyspiel.load_game(f"python_warroom_{game_id}")
    rng = np.random.default_rng(3)
    state = game.new_initial_state()
    chance_nodes = decisions = 0
    while not state.is_terminal() and decisions < 120:
        if state.is_chance_node():
            outcome = int(rng.integers(len(state.chance_outcomes())))
            twin = state.clone() if chance_nodes % 2 else pickle.loads(pickle.dumps(state))
            assert twin._p.rules is None
            state.apply_action(outcome)
            twin.apply_action(outcome)
            assert twin.is_chance_node() == state.is_chance_node()
            assert str(twin) == str(state)
            chance_nodes += 1
        else:
            legal = state.legal_actions()
            state.apply_action(int(legal[rng.integers(len(legal))]))
            decisions += 1
    assert chance_nodes >= 3
    assert state.history() == pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, state))[1].history()


def test_openspiel_state_suspended_at_a_roll_resumes_on_another_thread() -> None:
    """A greenlet belongs to its thread: a state left at a chance node by one thread and
    continued by another runs the pending action again there, with the same result."""
    import threading

    game = pyspiel.load_game("python_warroom_eaw1940")
    state = _random_openspiel_state(game, 5, 10)
    while not state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    same_thread = state.clone()
    assert state._p.rules is not None
    errors: list[BaseException] = []

    def finish() -> None:
        try:
            state.apply_action(0)
        except BaseException as exc:
            errors.append(exc)

    worker = threading.Thread(target=finish)
    worker.start()
    worker.join()
    assert errors == []
    same_thread.apply_action(0)
    assert str(state) == str(same_thread)


def test_openspiel_worker_survives_an_error_and_a_dropped_state() -> None:
    """An exception inside the rules reaches the caller and leaves the thread's worker
    usable; a state dropped while its rules wait at a roll is simply collected."""
    import gc

    from warroom.interfaces import openspiel as ospiel

    def boom() -> None:
        raise KeyError("boom")

    workers = ospiel._Workers()
    with pytest.raises(KeyError, match="boom"):
        workers.run(boom)
    assert workers.run(lambda x: x + 1, 41) == (None, 42)
    game = pyspiel.load_game("python_warroom_eaw1940")
    for seed in range(3):
        state = _random_openspiel_state(game, seed, 8)
        while not state.is_chance_node():
            state.apply_action(state.legal_actions()[0])
        del state
        gc.collect()
    assert workers.run(lambda: "still works") == (None, "still works")
    assert game.shared.workers.run(lambda: "and here") == (None, "and here")


def test_openspiel_scenarios_named_by_numbers_round_trip() -> None:
    """A scenario named by a number is held in quotes (tk's 1939): OpenSpiel reads a bare
    number in a game string as an int and the string parameter refused it, so str(game)
    and serialised game-and-state did not load again (an outside audit)."""
    game = pyspiel.load_game("python_warroom_tk", {"scenario": "1939"})
    assert str(game) == 'python_warroom_tk(scenario="1939")'
    assert pyspiel.load_game(str(game)).shared.scenario == "1939"
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    g2, s2 = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(g2) == str(game) and str(s2) == str(state)
    assert str(pyspiel.load_game('python_warroom_eit2(scenario="1920")')) == \
        "python_warroom_eit2()"
    with pytest.raises(Exception, match="no scenario '1950'"):
        pyspiel.load_game('python_warroom_tk(scenario="1950")')


def test_openspiel_public_observer_and_refused_observation_types() -> None:
    """private_info=NONE observes what a spectator sees: one string for every player, no
    hand; an observation type warroom cannot honour is refused (the observer ignored the
    type and gave a player's hand to a 'public' observer: an outside audit)."""
    import json

    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game("python_warroom_eit2")
    state = _random_openspiel_state(game, 3, 25)
    assert not state.is_chance_node()
    for recall in (False, True):
        public = make_observation(game, pyspiel.IIGObservationType(
            perfect_recall=recall, public_info=True,
            private_info=pyspiel.PrivateInfoType.NONE))
        text = public.string_from(state, 0)
        assert text == public.string_from(state, 1)
        assert json.loads(text.split("|log:")[0])["hand"] is None   # a spectator's view
        assert public.tensor.size == 0
        own = make_observation(game, pyspiel.IIGObservationType(
            perfect_recall=recall, public_info=True,
            private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER))
        assert own.string_from(state, 0) != own.string_from(state, 1)
        # a resampled world of either player reads the same publicly
        for p in (0, 1):
            twin = state.resample_from_infostate(p, lambda: 0.37)
            assert public.string_from(twin, 1 - p) == text
    for bad in (dict(public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS),
                dict(public_info=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER)):
        with pytest.raises(ValueError, match="warroom observes"):
            make_observation(game, pyspiel.IIGObservationType(perfect_recall=False, **bad))


@pytest.mark.parametrize("game_id", ["eit2", "sfe"])
def test_openspiel_resample_from_infostate_runs_openspiels_ismcts(game_id: str) -> None:
    """resample_from_infostate (core determinize): what the player knows is unchanged,
    the rest resampled, so OpenSpiel's own ISMCTS bot runs on the hidden-information games
    (it raised 'not implemented': an outside audit)."""
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(f"python_warroom_{game_id}")
    state = _random_openspiel_state(game, 5, 20)
    assert not state.is_chance_node()
    player = state.current_player()
    draws = iter([0.1, 0.5, 0.9, 0.3] * 3)
    twin = state.resample_from_infostate(player, lambda: next(draws))
    assert twin.information_state_string(player) == state.information_state_string(player)
    assert twin.legal_actions() == state.legal_actions()
    assert twin.warroom_state.data != state.warroom_state.data        # the rest resampled
    assert str(state) != str(twin) and state.history() == twin.history()
    bot = ismcts.ISMCTSBot(game=game, evaluator=mcts.RandomRolloutEvaluator(
        1, np.random.RandomState(1)), uct_c=2.0, max_simulations=12,
        random_state=np.random.RandomState(1))
    assert bot.step(state) in state.legal_actions()
    with pytest.raises(ValueError, match="not a player"):
        state.resample_from_infostate(7, lambda: 0.5)


def test_openspiel_action_to_string_refuses_ids_out_of_range_and_names_draws() -> None:
    game = pyspiel.load_game("python_warroom_eit2")
    state = game.new_initial_state()
    assert state.is_chance_node()              # the deck's shuffle: not a die
    n = len(state.chance_outcomes())
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 3) == f"chance outcome 3 of {n}"
    with pytest.raises(Exception, match=f"not in 0..{n - 1}"):
        state.action_to_string(pyspiel.PlayerId.CHANCE, n)
    for bad in (-5, game.num_distinct_actions()):
        with pytest.raises(Exception, match="not an action id of eit2"):
            state.action_to_string(0, bad)
    eaw = pyspiel.load_game("python_warroom_eaw1940").new_initial_state()
    eaw.apply_action(next(a for a in eaw.legal_actions()
                          if eaw.action_to_string(0, a) == "attack:western"))
    assert eaw.action_to_string(pyspiel.PlayerId.CHANCE, 5) == "chance outcome 5 (die face 6)"


@pytest.mark.parametrize("name", ["python_warroom_eit2", 'python_warroom_tk(scenario="1940")'])
def test_an_openspiel_game_is_taken_by_pickle(name: str) -> None:
    """OpenSpiel's own Python games pickle (Ray and multiprocessing hand games to their
    workers so); warroom's could not (an RL audit): pickled as their game string."""
    import pickle

    game = pyspiel.load_game(name)
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game) and type(again) is type(game)
    state = again.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    assert state.legal_actions() and not state.is_terminal()
