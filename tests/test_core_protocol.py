"""The core protocol, game-agnostic: catalogue, apply, errors, view, clone, determinize,
explain, result, determinism. Run on eaw1940, the first game, through the protocol only."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from warroom.core import (
    Action,
    Explanation,
    Game,
    IllegalActionError,
    Outcome,
    State,
    UnknownGameError,
    WarroomError,
    apply,
    clone,
    determinize,
    explain,
    legal_actions,
    new_game,
    result,
    view,
)
from warroom.core import rng as core_rng
from warroom.core.log import render
from warroom.core.rng import Rng
from warroom.games import load_game
from warroom.games.eaw1940.components import BUNDLED

# -- helpers -------------------------------------------------------------------------------


def play(state: State, rng: Rng, steps: int | None = None) -> list[int]:
    """Play uniformly random legal actions (all of the game or ``steps`` of them)."""
    done: list[int] = []
    while not state.is_over and (steps is None or len(done) < steps):
        legal = legal_actions(state)
        action = legal[rng.randbelow(len(legal))]
        apply(state, action)
        done.append(action.id)
    return done


def prefix(game: Game, seed: int, steps: int, forced: list[int] | None = None) -> State:
    state = new_game(game, seed=seed, forced_dice=forced)
    play(state, Rng(seed + 7919), steps)
    return state


def sample_states(game: Game, n_games: int = 12) -> list[State]:
    """Varied positions: several points of several random games, finished ones included."""
    states = []
    for seed in range(n_games):
        for steps in (0, 3, 9, 17, 30, 1000):
            states.append(prefix(game, seed, steps))
    return states


def walk(obj: Any) -> Any:
    """Every dict key and every leaf value of a JSON-like object."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield k
            yield from walk(v)
    elif isinstance(obj, list | tuple):
        for v in obj:
            yield from walk(v)
    else:
        yield obj


# -- the action catalogue -------------------------------------------------------------------


def test_catalogue_ids_are_contiguous_and_keys_unique(eaw: Game) -> None:
    cat = eaw.catalogue
    assert len(cat) > 0
    assert [a.id for a in cat] == list(range(len(cat)))
    assert all(cat[a.id] is a for a in cat)
    keys = [a.key for a in cat]
    assert len(set(keys)) == len(keys)
    for a in cat:
        assert cat.by_key(a.key) is a
        assert a.key and not any(ch.isspace() for ch in a.key), a
        assert isinstance(a.label, str) and a.label.strip(), a


def test_catalogue_is_pinned(eaw: Game) -> None:
    # Ids are what RL masks and recorded id-lists depend on: changing their order is a
    # breaking change and must be done on purpose (update this test and say so).
    cat = eaw.catalogue
    assert len(cat) == 43
    pinned = {0: "attack:western", 5: "sea:atlantic", 7: "air:western_europe",
              10: "tank:western:north_africa", 29: "tank:balkan:central_southern",
              30: "unstall:western", 35: "end_turn", 36: "reroll", 37: "keep",
              38: "place_tank:western", 42: "place_tank:balkan"}
    assert {i: cat[i].key for i in pinned} == pinned


def _catalogue_json(game: Game) -> list[list[Any]]:
    return [[a.id, a.key, a.label] for a in game.catalogue]


def test_catalogue_is_stable_across_loads_and_processes(eaw: Game, tmp_path: Any) -> None:
    fresh = load_game("eaw1940", content=BUNDLED)  # a separately built game object
    assert fresh is not eaw
    assert _catalogue_json(fresh) == _catalogue_json(eaw)
    script = ("import json; from warroom.games import load_game; g = load_game('eaw1940'); "
              "print(json.dumps([[a.id, a.key, a.label] for a in g.catalogue]))")
    for hash_seed in ("1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run([sys.executable, "-c", script], env=env, check=True,
                             capture_output=True, text=True).stdout
        assert json.loads(out) == _catalogue_json(eaw)


def test_actions_are_hashable_frozen_and_json_serialisable(eaw: Game) -> None:
    actions = list(eaw.catalogue)
    assert len(set(actions)) == len(actions)
    by_action = {a: a.id for a in actions}
    assert all(by_action[eaw.catalogue[i]] == i for i in range(len(actions)))
    # the JSON form is the key, and it resolves back to the same action
    text = json.dumps([a.to_json() for a in actions])
    assert [eaw.catalogue.resolve(k) for k in json.loads(text)] == actions
    # the whole action is plain data too
    assert json.loads(json.dumps([dataclasses.asdict(a) for a in actions]))[3] == {
        "id": 3, "key": actions[3].key, "label": actions[3].label, "kind": actions[3].kind,
        "args": list(actions[3].args), "value": actions[3].value}
    # the payload is the key's parts: rules read kind and args, never split the key
    assert all(":".join((a.kind, *a.args)) == a.key for a in actions)
    with pytest.raises(dataclasses.FrozenInstanceError):
        actions[0].id = 5  # type: ignore[misc]
    for a in legal_actions(new_game(eaw, seed=1)):
        assert a in by_action


# -- apply -----------------------------------------------------------------------------------


def test_apply_by_action_key_or_id_is_the_same(eaw: Game) -> None:
    checked = 0
    for state in sample_states(eaw, 6):
        for action in legal_actions(state):
            results = set()
            for ref in (action, action.key, action.id):
                copy = clone(state)
                apply(copy, ref)
                results.add(copy.dumps())
            assert len(results) == 1, action
            checked += 1
    assert checked > 50


def test_illegal_action_lists_legal_keys_and_leaves_state_untouched(eaw: Game) -> None:
    tried = 0
    for state in sample_states(eaw, 6):
        if state.is_over:
            continue
        before = state.dumps()
        legal = legal_actions(state)
        legal_keys = [a.key for a in legal]
        for action in eaw.catalogue:
            if action in legal:
                continue
            for ref in (action, action.key, action.id):
                with pytest.raises(IllegalActionError) as info:
                    apply(state, ref)
                msg = str(info.value)
                assert action.key in msg
                for key in legal_keys:
                    assert key in msg, (key, msg)
                assert info.value.legal == legal_keys
                assert state.dumps() == before
                tried += 1
        # still playable, with the same choices
        assert legal_actions(state) == legal
    assert tried > 500


@pytest.mark.parametrize(("ref", "fragment"), [
    ("no_such_action", "unknown action"),
    ("ATTACK:WESTERN", "unknown action"),
    ("", "unknown action"),
    (43, "out of range"),
    (-1, "out of range"),
    (10**9, "out of range"),
    (True, "not an action"),
    (None, "not an action"),
    (1.0, "not an action"),
    (Action(0, "bogus", "a forged action"), "not an action of this game"),
    (Action(99, "attack:western", "forged"), "not an action of this game"),
])
def test_unknown_key_or_out_of_range_id_is_an_error(eaw: Game, ref: Any, fragment: str) -> None:
    state = new_game(eaw, seed=3)
    before = state.dumps()
    with pytest.raises(IllegalActionError, match=fragment):
        apply(state, ref)
    assert state.dumps() == before
    assert isinstance(explain(state, ref), Explanation)
    assert not explain(state, ref).legal


def test_legal_actions_result_can_be_mutated_by_the_caller(eaw: Game) -> None:
    # A bot that filters or pops the list it is given must not change what is legal.
    state = new_game(eaw, seed=5)
    legal = legal_actions(state)
    first = legal[0]
    legal.clear()
    assert first in legal_actions(state)
    apply(state, first)


# -- new_game ----------------------------------------------------------------------------------


def test_new_game_defaults(eaw: Game) -> None:
    state = new_game(eaw)
    assert state.data["scenario"] == eaw.default_scenario
    assert state.active in eaw.roles
    assert not state.is_over and result(state) is None
    assert legal_actions(state)
    assert new_game(eaw, eaw.default_scenario, seed=0).dumps() == state.dumps()
    # plain JSON data: survives a JSON round trip unchanged
    assert json.loads(state.dumps()) == state.data


@pytest.mark.parametrize(("kwargs", "fragment"), [
    ({"scenario": "1939"}, "no scenario '1939'"),
    ({"options": {"fog_of_war": True}}, "no option fog_of_war"),
    ({"seed": "7"}, "seed must be an integer"),
    ({"seed": 1.5}, "seed must be an integer"),
    ({"seed": None}, "seed must be an integer"),
    ({"seed": True}, "seed must be an integer"),
    ({"forced_dice": [0]}, r"not a face of the eaw1940 dice \(1\.\.6\)"),
    ({"forced_dice": [3, 7]}, "not a face of the eaw1940 dice"),
    ({"forced_dice": ["6"]}, "not a face of the"),
    ({"forced_dice": [True]}, "not a face of the"),
])
def test_new_game_rejects_unknown_scenario_option_or_bad_seed(
        eaw: Game, kwargs: dict[str, Any], fragment: str) -> None:
    with pytest.raises(UnknownGameError, match=fragment) as info:
        new_game(eaw, **kwargs)
    assert isinstance(info.value, WarroomError)


def test_unknown_game_id() -> None:
    with pytest.raises(UnknownGameError, match="eaw1940"):
        load_game("chess")


# -- view ------------------------------------------------------------------------------------


def test_view_hides_rng_and_forced_dice(eaw: Game) -> None:
    for state in sample_states(eaw, 4):
        for role in (*eaw.roles, None):
            shown = view(state, role)
            text = json.dumps(shown)  # JSON-serialisable
            keys = {k for k in walk(shown) if isinstance(k, str)}
            assert not keys & {"rng", "forced", "seed"}, keys & {"rng", "forced", "seed"}
            assert str(state.data["rng"]) not in text
            # the same position with other future dice looks exactly the same
            other = clone(state)
            other.data["rng"] = core_rng.seed_state(state.data["rng"] + 12345)
            other.data["forced"] = [6, 1, 6, 1, 6, 2, 5]
            other.data["seed"] = state.data["seed"] + 99
            assert view(other, role) == shown


def test_view_of_fresh_games_does_not_depend_on_seed_or_forced_dice(eaw: Game) -> None:
    base = view(new_game(eaw, seed=1), "axis")
    for seed, forced in ((2, None), (10**12, [6, 6, 6]), (2**64 - 1, [1, 2, 3, 4, 5, 6])):
        assert view(new_game(eaw, seed=seed, forced_dice=forced), "axis") == base


def test_view_unknown_role_and_no_aliasing(eaw: Game) -> None:
    state = prefix(eaw, 4, 12)
    with pytest.raises(UnknownGameError, match="no role"):
        view(state, "allies_bot")
    before = state.dumps()
    shown = view(state, "axis")

    def scramble(obj: Any) -> None:
        if isinstance(obj, dict):
            for v in list(obj.values()):
                scramble(v)
            obj.clear()
        elif isinstance(obj, list):
            for v in obj:
                scramble(v)
            obj.clear()

    scramble(shown)
    assert state.dumps() == before


# -- clone and determinize -----------------------------------------------------------------


def test_clone_is_equal_and_independent(eaw: Game) -> None:
    for state in sample_states(eaw, 4):
        before = state.dumps()
        copy = clone(state)
        assert copy is not state and copy.data is not state.data
        assert copy.dumps() == before
        assert legal_actions(copy) == legal_actions(state)
        play(copy, Rng(1))
        # mutate every nested list/dict of the copy; log entries are shared between clones
        # by design (never changed once written), so only the log list itself is touched
        for key, value in copy.data.items():
            if key == "log":
                value.append({"rule": "0", "text": "x"})
                continue
            if isinstance(value, list):
                for item in value:
                    if isinstance(item, list):
                        item.append(99)
                    elif isinstance(item, dict):
                        item["x"] = 1
                value.append(7)
        assert state.dumps() == before


def _future_dice(state: State, n: int = 24) -> list[int]:
    data = clone(state).data
    return [core_rng.roll(data) for _ in range(n)]


def test_determinize_reseeds_rng_and_drops_forced_dice(eaw: Game) -> None:
    for seed in range(8):
        forced = [6, 6, 1, 1, 6, 6, 1, 1]
        state = new_game(eaw, seed=seed, forced_dice=forced)
        play(state, Rng(seed), 2)
        before = state.dumps()
        real = _future_dice(state)
        det = determinize(state, "axis", Rng(1000 + seed))
        assert state.dumps() == before  # the real state is untouched
        assert det.data["forced"] == []
        assert det.data["rng"] != state.data["rng"]
        assert _future_dice(det) != real
        # nothing else is hidden in this game: the rest is the same
        strip = {"rng", "forced"}
        assert ({k: v for k, v in det.data.items() if k not in strip}
                == {k: v for k, v in state.data.items() if k not in strip})
        # reproducible for the same bot RNG, different for another
        again = determinize(state, "axis", Rng(1000 + seed))
        assert again.dumps() == det.dumps()
        assert determinize(state, "axis", Rng(2000 + seed)).data["rng"] != det.data["rng"]


def test_determinized_games_play_out_differently(eaw: Game) -> None:
    state = prefix(eaw, 11, 4)
    assert not state.is_over
    logs = set()
    for k in range(6):
        det = determinize(state, "axis", Rng(k))
        apply(det, eaw.catalogue.by_key("end_turn"))
        play(det, Rng(0))
        logs.add(tuple(render(e) for e in det.log))
    real = clone(state)
    apply(real, eaw.catalogue.by_key("end_turn"))
    play(real, Rng(0))
    assert tuple(render(e) for e in real.log) not in logs
    assert len(logs) >= 5


# -- explain -------------------------------------------------------------------------------


def test_explain_cites_rules_for_legal_and_illegal_actions(eaw: Game) -> None:
    state = new_game(eaw, seed=0)
    attack = explain(state, "attack:western")
    assert attack.legal and "4.2.1" in attack.rules
    assert "legal" in str(attack) and "rule" in str(attack)
    reroll = explain(state, "reroll")
    assert not reroll.legal and "8.1" in reroll.rules
    assert "illegal" in str(reroll)
    eastern = explain(state, eaw.catalogue.by_key("attack:eastern").id)
    assert not eastern.legal and "2.2" in eastern.rules and "not in play" in eastern.reason
    assert explain(state, eaw.catalogue.by_key("end_turn")).legal


def test_explain_agrees_with_legal_actions_everywhere(eaw: Game) -> None:
    for state in sample_states(eaw, 8):
        before = state.dumps()
        legal = set(legal_actions(state))
        for action in eaw.catalogue:
            why = explain(state, action)
            assert why.legal == (action in legal), (action.key, why)
            assert why.reason
            assert all(rule in eaw.rules for rule in why.rules), why.rules
            if not state.is_over:
                assert why.rules, (action.key, why)
        assert state.dumps() == before


# -- result and the end of the game ----------------------------------------------------------


def test_result_is_none_until_over_then_nothing_is_legal(eaw: Game) -> None:
    for seed in range(10):
        state = new_game(eaw, seed=seed)
        rng = Rng(seed)
        while not state.is_over:
            assert result(state) is None
            assert state.active in eaw.roles
            legal = legal_actions(state)
            apply(state, legal[rng.randbelow(len(legal))])
        out = result(state)
        assert isinstance(out, Outcome)
        assert out.label and out.rule in eaw.rules
        assert state.active is None
        assert legal_actions(state) == []
        before = state.dumps()
        for ref in ("end_turn", 0, eaw.catalogue[36]):
            with pytest.raises(IllegalActionError, match="over"):
                apply(state, ref)
            assert not explain(state, ref).legal
        assert state.dumps() == before
        assert json.loads(json.dumps(out.to_json()))["label"] == out.label
        assert view(state, "axis")["result"]["label"] == out.label


# -- determinism -----------------------------------------------------------------------------


def test_same_seed_and_actions_give_identical_state(eaw: Game) -> None:
    for seed in range(150):
        forced = [1 + (seed * 7 + i) % 6 for i in range(seed % 5)]
        first = new_game(eaw, seed=seed, forced_dice=forced)
        actions = play(first, Rng(seed * 31 + 1))
        second = new_game(eaw, seed=seed, forced_dice=forced)
        for action_id in actions:
            apply(second, action_id)
        assert second.dumps() == first.dumps()
        # and playing the same policy again makes the same choices
        third = new_game(eaw, seed=seed, forced_dice=forced)
        assert play(third, Rng(seed * 31 + 1)) == actions
        assert third.dumps() == first.dumps()


def test_different_seeds_give_different_games(eaw: Game) -> None:
    logs = []
    for seed in range(40):
        state = new_game(eaw, seed=seed)
        play(state, Rng(0))  # the same policy stream: only the dice differ
        logs.append(tuple(render(e) for e in state.log))
    assert len(set(logs)) == len(logs)


def test_rng_streams_differ_and_dice_are_fair() -> None:
    streams = set()
    for seed in range(300):
        data = {"rng": core_rng.seed_state(seed), "forced": [], "barrier": 0}
        streams.add(tuple(core_rng.roll(data) for _ in range(30)))
        assert data["barrier"] == 30
    assert len(streams) == 300
    data = {"rng": core_rng.seed_state(2024), "forced": [], "barrier": 0}
    counts = Counter(core_rng.roll(data) for _ in range(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(9_500 < n < 10_500 for n in counts.values()), counts


def test_forced_dice_come_first_then_the_rng(eaw: Game) -> None:
    data = {"rng": core_rng.seed_state(9), "forced": [6, 1, 3], "barrier": 0}
    plain = {"rng": core_rng.seed_state(9), "forced": [], "barrier": 0}
    assert [core_rng.roll(data) for _ in range(3)] == [6, 1, 3]
    assert [core_rng.roll(data) for _ in range(10)] == [core_rng.roll(plain) for _ in range(10)]
    with pytest.raises(ValueError, match="not a face"):
        core_rng.roll({"rng": 0, "forced": [7], "barrier": 0})


# -- property: nothing outside legal_actions is ever accepted ----------------------------------


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**64 - 1),
       steps=st.integers(min_value=0, max_value=80),
       policy=st.integers(min_value=0, max_value=2**32),
       data=st.data())
def test_any_action_outside_legal_actions_is_rejected(
        eaw: Game, seed: int, steps: int, policy: int, data: st.DataObject) -> None:
    state = new_game(eaw, seed=seed)
    play(state, Rng(policy), steps)
    legal_ids = {a.id for a in legal_actions(state)}
    illegal = sorted(set(range(len(eaw.catalogue))) - legal_ids)
    assert illegal  # reroll/keep and place_tank are never all legal with attacks
    action_id = data.draw(st.sampled_from(illegal), label="illegal id")
    form = data.draw(st.sampled_from(["id", "key", "action"]), label="form")
    ref: Any = {"id": action_id, "key": eaw.catalogue[action_id].key,
                "action": eaw.catalogue[action_id]}[form]
    before = state.dumps()
    with pytest.raises(IllegalActionError):
        apply(state, ref)
    assert state.dumps() == before
    assert {a.id for a in legal_actions(state)} == legal_ids
    assert not explain(state, ref).legal
    # every legal one is accepted
    for legal_id in legal_ids:
        apply(clone(state), legal_id)


@pytest.mark.parametrize("seed", [-1, 2**64, -(2**63)])
def test_a_seed_outside_64_bits_is_refused(eaw: Game, seed: int) -> None:
    """The generator keeps 64 bits: -1 would be 2**64 - 1 and 2**64 would be 0, silently."""
    with pytest.raises(UnknownGameError, match="seed must be a whole number from 0 to"):
        new_game(eaw, seed=seed)


def _containers(obj: Any, out: set[int]) -> set[int]:
    """The ids of every dict and list inside ``obj``."""
    if isinstance(obj, dict):
        out.add(id(obj))
        for v in obj.values():
            _containers(v, out)
    elif isinstance(obj, list):
        out.add(id(obj))
        for v in obj:
            _containers(v, out)
    return out


@pytest.mark.parametrize("gid", ["eaw1940", "eit2", "sfe", "tk"])
def test_a_view_shares_no_list_or_dict_with_the_state(gid: str) -> None:
    """A view is the caller's to keep or change: none of its lists and dicts is one of the
    state's, so editing a view never edits the game, and a cache that keeps a view's value
    (the OpenSpiel observer's) never sees it change under it (tk's view once handed out
    its situation and event by reference)."""
    game = load_game(gid)
    for seed in range(3):
        st = new_game(game, None, seed)
        rng = Rng(seed)
        for _ in range(60):
            inside = _containers(st.data, set())
            for role in (None, *game.roles):
                shared = _containers(view(st, role), set()) & inside
                assert not shared, (gid, seed, role)
            if result(st) is not None:
                break
            acts = legal_actions(st)
            apply(st, acts[rng.randbelow(len(acts))])


def test_a_game_without_dice_refuses_forced_dice() -> None:
    """sfe rolls no die: a record or request that forces dice for it is refused, not
    silently ignored; without forced dice the game starts."""
    sfe = load_game("sfe")
    assert sfe.die_sides == 0
    with pytest.raises(UnknownGameError, match="sfe rolls no dice"):
        new_game(sfe, seed=5, forced_dice=[6])
    assert new_game(sfe, seed=5, forced_dice=[]).data["forced"] == []


def test_a_chance_event_says_whether_it_is_a_die_roll() -> None:
    """In explicit-chance mode a roll asks for a die face and a pick for one of n: an
    interface names them apart (OpenSpiel called a pick among 6 a die face)."""
    from warroom.core.rng import ChanceNeeded, randbelow, roll

    data: dict[str, Any] = {"explicit_chance": True, "chance_queue": [], "barrier": 0,
                            "forced": [], "rng": 1}
    with pytest.raises(ChanceNeeded) as die:
        roll(data)
    with pytest.raises(ChanceNeeded) as pick:
        randbelow(data, 6)
    assert (die.value.n, die.value.die) == (6, True)
    assert (pick.value.n, pick.value.die) == (6, False)


@pytest.mark.parametrize("game_id", ["eaw1940", "eit2", "sfe", "tk"])
def test_each_games_clock_is_what_its_view_shows(game_id: str) -> None:
    """``Game.clock`` answered from a game's data is the turn and round its public view
    shows (the replay viewer reads it after every step instead of building the view)."""
    from warroom.ai.bots import RandomBot
    from warroom.core.protocol import Game

    g = load_game(game_id)
    for seed in range(3):
        st = new_game(g, seed=seed)
        bot = RandomBot(seed)
        for _ in range(300):
            assert g.clock(st) == Game.clock(g, st), (seed, st.data["decisions"])
            if st.active is None:
                break
            apply(st, bot.choose(st))


@pytest.mark.parametrize("gid", ["eaw1940", "eit2", "sfe", "tk"])
def test_determinize_and_observation_refuse_a_role_the_game_has_not(gid: str) -> None:
    """A role the game has not is refused by name, with the game's roles, by determinize
    and observation as by view (a fuzzer: a bare ValueError in eit2 and sfe, and any role at
    all taken in eaw1940 and tk)."""
    game = load_game(gid)
    state = new_game(game, None, 1)
    for role in ("nobody", None, 5, game.roles[0].upper()):
        with pytest.raises(UnknownGameError, match="has no role"):
            determinize(state, role, Rng(1))  # type: ignore[arg-type]
        with pytest.raises(UnknownGameError, match="has no role"):
            game.observation(state, role)  # type: ignore[arg-type]
    for role in game.roles:
        determinize(state, role, Rng(1))
        assert len(game.observation(state, role)) == game.observation_size()
