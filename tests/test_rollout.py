"""The ``rollout`` bot (Monte Carlo policy improvement of the game's script): its spec, its
alternatives (the script's own choice always among them), reproducible for a seed, blind
to hidden information, a whole game played, and a game without a script."""

from __future__ import annotations

import random
from typing import Any

import pytest

from twins import assert_twins_choose_alike
from warroom.ai import RolloutBot, make_bot
from warroom.ai.aggressive import SfeAggressive, script_for
from warroom.ai.rollout import _PlanNode
from warroom.core import (
    Rng,
    State,
    UnknownGameError,
    apply,
    determinize,
    legal_actions,
    new_game,
    result,
)
from warroom.games import load_game


def _sfe_operations(count: int, seed: int = 0) -> list[State[Any]]:
    """sfe positions at an operation choice (7.1) with at least three operations legal,
    from games of the script against itself (so the positions are ones it reaches)."""
    game = load_game("sfe")
    out: list[State[Any]] = []
    r = random.Random(seed)
    for s in range(seed, seed + 20):
        state = new_game(game, None, s)
        bots = {role: make_bot("aggressive", s) for role in game.roles}
        while state.active is not None and len(out) < count:
            legal = legal_actions(state)
            if state.data["stack"][-1]["kind"] == "operation" and len(legal) >= 3 \
                    and r.random() < 0.1:
                out.append(state)
                state = new_game(game, None, s + 1000 + len(out))
                continue
            apply(state, bots[state.active].choose(state))
        if len(out) >= count:
            break
    return out


def test_spec_parameters_and_bad_values() -> None:
    bot = make_bot("rollout:rollouts=12,top=3", 1)
    assert isinstance(bot, RolloutBot) and bot.rollouts == 12 and bot.top == 3
    assert make_bot("rollout:seconds=0.5", 1).seconds == 0.5    # type: ignore[attr-defined]
    for bad in ("rollout:rollouts=0", "rollout:top=-1", "rollout:seconds=0",
                "rollout:iterations=5"):
        with pytest.raises(UnknownGameError):
            make_bot(bad, 1)


def test_the_scripts_own_choice_is_among_the_alternatives() -> None:
    """At an sfe operation choice the alternatives are the script's best battles and moves
    (once each) and every other legal operation; what the script itself would play is one
    of them, and an alternative played as the script would play it follows its plan."""
    for state in _sfe_operations(6, seed=2):
        role = state.active
        assert role is not None
        world = determinize(state, role, Rng(3))
        legal = legal_actions(state)
        script = SfeAggressive(Rng(4))
        options = script.options(world, legal)
        keys = {o.action.key for o in options}
        assert keys <= {a.key for a in legal}
        assert {a.key for a in legal} - {"op:attack", "op:move"} <= keys
        plans = [(o.plan.kind, o.plan.src, o.plan.dest) for o in options if o.plan]
        assert len(plans) == len(set(plans))
        own = script.decide(world, legal)
        mine = script.plans.get(role)
        assert any(o.action == own and (mine is None or (
            o.plan is not None and (o.plan.src, o.plan.dest) == (mine.src, mine.dest)))
            for o in options)


def test_elsewhere_the_script_answers() -> None:
    """Outside an operation choice the script offers nothing to compare (a battle's
    answers, eit2): ``options`` is empty, and eit2's script keeps no plans."""
    game = load_game("sfe")
    state = new_game(game, None, 5)
    bots = {role: make_bot("aggressive", 5) for role in game.roles}
    seen = set()
    while state.active is not None and len(seen) < 4:
        kind = state.data["stack"][-1]["kind"]
        legal = legal_actions(state)
        if kind != "operation" and len(legal) > 1 and kind not in seen:
            seen.add(kind)
            world = determinize(state, state.active, Rng(1))
            assert SfeAggressive(Rng(1)).options(world, legal) == []
        apply(state, bots[state.active].choose(state))
    assert seen
    eit2 = script_for("eit2", Rng(0))
    assert eit2 is not None
    st = new_game(load_game("eit2"), None, 1)
    assert eit2.options(st, legal_actions(st)) == []


def test_reproducible_and_reported() -> None:
    """With a rollout budget the choice is a function of the seed; ``last`` reports each
    alternative's value and rollouts, the budget spent by sequential halving."""
    state = _sfe_operations(1, seed=7)[0]
    a, b = RolloutBot(3, rollouts=16), RolloutBot(3, rollouts=16)
    choice = a.choose(state)
    assert choice == b.choose(state) and choice in legal_actions(state)
    last = a.last
    assert last["chosen"] in {o["option"] for o in last["options"]}
    assert 0 < last["rollouts"] <= 16 + len(last["options"])
    counts = [o["rollouts"] for o in last["options"]]
    assert max(counts) > min(counts)            # the halving kept the better ones longer
    assert all(-1.0 <= o["value"] <= 1.0 for o in last["options"] if o["value"] is not None)


def test_decisions_do_not_depend_on_hidden_information() -> None:
    """Twins of a position that the acting role cannot tell apart (the opponent's hand, the
    decks and the future dice resampled) get the same decision."""
    assert_twins_choose_alike(lambda i, st: RolloutBot(i, rollouts=8).choose(st),
                              _sfe_operations(3, seed=9), Rng(11), twins=2)


def test_a_whole_sfe_game_and_a_game_without_a_script() -> None:
    """The bot plays an sfe game to its end against the script (a tiny budget); in a game
    without a script (eaw1940) it plays as greedy and says so."""
    game = load_game("sfe")
    state = new_game(game, None, 3)
    bots = {"axis": make_bot("aggressive", 3), "allies": make_bot("rollout:rollouts=2", 3)}
    for _ in range(20_000):
        if state.active is None:
            break
        apply(state, bots[state.active].choose(state))
    assert result(state) is not None
    eaw = load_game("eaw1940")
    st = new_game(eaw, None, 1)
    bot = RolloutBot(1, rollouts=4)
    for _ in range(30):
        if st.active is None:
            break
        apply(st, bot.choose(st))
    assert "no script" in bot.note


def test_an_attack_chosen_without_a_plan_takes_the_best_battle() -> None:
    """7.2.7: when a search (not the script) chose ``op:attack``, the script's answer to
    "where" is its best-scored battle among the legal locations, not the first one."""
    game = load_game("sfe")
    found = 0
    for s in range(40):
        state = new_game(game, None, s)
        bots = {role: make_bot("aggressive", s) for role in game.roles}
        while state.active is not None:
            legal = legal_actions(state)
            if state.data["stack"][-1]["kind"] == "attack" and len(legal) >= 2:
                role = state.active
                world = determinize(state, role, Rng(1))
                script = SfeAggressive(Rng(1))
                side = game.roles.index(role)
                best = [p for p in script.plans_for(world, side) if p.kind == "attack"
                        and f"loc:{game.c.names[p.dest]}" in {a.key for a in legal}]
                if best:
                    got = script.decide(world, legal)
                    assert got.key == f"loc:{game.c.names[best[0].dest]}"
                    found += 1
                break
            apply(state, bots[state.active].choose(state))
        if found >= 2:
            break
    assert found


# -- ismcts:plans=script: the tree of the script's alternatives ----------------------------

def test_plan_search_spec_defaults_and_bad_values() -> None:
    """``ismcts:plans=script`` searches plans with 64 playouts by default (a budget the spec
    can set); a wrong ``plans`` value, or plans with a guide, is refused with the reason."""
    bot = make_bot("ismcts:plans=script", 1)
    assert bot._planner is not None and bot._planner.rollouts == 64  # type: ignore[attr-defined]
    assert bot._planner.tree                                          # type: ignore[attr-defined]
    assert make_bot("ismcts:plans=script,iterations=9", 1)._planner.rollouts == 9  # type: ignore[attr-defined]
    assert make_bot("ismcts", 1)._planner is None                     # type: ignore[attr-defined]
    with pytest.raises(UnknownGameError, match="plans must be one of"):
        make_bot("ismcts:plans=clicks", 1)
    with pytest.raises(UnknownGameError, match="no model or guide"):
        make_bot("ismcts:plans=script,guide=aggressive", 1)


def test_plan_search_grows_a_tree_of_both_sides_plans() -> None:
    """Below the root's alternatives the tree holds later choices of both roles (the
    opponent's alternatives are searched too), deeper than one operation; the choice is
    reproducible for a seed and is a legal action; the root is compared as by ``rollout``."""
    state = _sfe_operations(1, seed=7)[0]
    a = make_bot("ismcts:plans=script,iterations=24", 5)
    b = make_bot("ismcts:plans=script,iterations=24", 5)
    choice = a.choose(state)
    assert choice == b.choose(state) and choice in legal_actions(state)
    last = a.last                                                    # type: ignore[attr-defined]
    assert last["chosen"] in {o["option"] for o in last["options"]}
    tree = last["tree"]
    assert tree["depth"] >= 3 and tree["nodes"] >= 10
    assert all(n > 0 for n in tree["nodes_by_role"].values())
    assert last["seconds"] > 0
    # the root's options count their playouts, so the choice right after one widens too
    roots = a._planner._roots                                        # type: ignore[attr-defined]
    assert [r.visits for r in roots] == [o["rollouts"] for o in last["options"]]
    assert any(len(r.children) >= 2 for r in roots if r.visits >= 4)


def test_a_new_plan_node_starts_from_the_scripts_own_choice() -> None:
    """Progressive widening adds the script's own choice first (``ScriptOption.matches``),
    then the others in the script's order."""
    for state in _sfe_operations(4, seed=4):
        role = state.active
        assert role is not None
        world = determinize(state, role, Rng(2))
        legal = legal_actions(state)
        options = SfeAggressive(Rng(1)).options(world, legal)
        script = SfeAggressive(Rng(1))
        own = script.decide(world, legal)
        plan = script.plans.get(role)
        first = RolloutBot._untried(world, SfeAggressive(Rng(1)), legal, options, {})
        assert first.matches(own, plan)
        second = RolloutBot._untried(world, script, legal, options,
                                     {first.label: _PlanNode(0)})
        assert second.label != first.label
        assert second == next(o for o in options if o.label != first.label)


def test_plan_search_is_blind_to_hidden_information() -> None:
    """Twins the acting role cannot tell apart get the same plan."""
    assert_twins_choose_alike(
        lambda i, st: make_bot("ismcts:plans=script,iterations=8", i).choose(st),
        _sfe_operations(2, seed=13), Rng(17), twins=2)


def test_plan_search_in_eit2_and_in_a_game_without_a_script() -> None:
    """In eit2 the alternatives are an Action Round's legal actions; in eaw1940, which has
    no script, ``plans=script`` is the plain search (its statistics, not a tree's)."""
    eit2 = load_game("eit2")
    st = new_game(eit2, None, 2)
    bots = {r: make_bot("aggressive", 2) for r in eit2.roles}
    while st.active is not None and st.data["stack"][-1]["kind"] != "action_round":
        apply(st, bots[st.active].choose(st))
    bot = make_bot("ismcts:plans=script,iterations=6", 1)
    assert bot.choose(st) in legal_actions(st)
    assert "tree" in bot.last                                        # type: ignore[attr-defined]
    eaw = new_game(load_game("eaw1940"), None, 1)
    plain = make_bot("ismcts:plans=script,iterations=20", 1)
    while eaw.active is not None and len(legal_actions(eaw)) < 2:
        apply(eaw, legal_actions(eaw)[0])
    assert plain.choose(eaw) in legal_actions(eaw)
    assert plain.last["iterations"] == 20                            # type: ignore[attr-defined]
