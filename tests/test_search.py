"""The planning search (ISMCTS): reproducible, within its budgets, its hooks and widening
used, operations played to their end, blind to hidden information, and stronger than
random play; bot specs with parameters."""

from __future__ import annotations

import random
from typing import Any

import pytest

from twins import assert_twins_choose_alike
from warroom.ai import ISMCTSBot, make_bot, parse_bot_spec, split_bot_specs
from warroom.ai.aggressive import script_for
from warroom.ai.ismcts import OperationEnd, rollout_to_operation_end
from warroom.core import (
    Game,
    Rng,
    State,
    UnknownGameError,
    apply,
    clone,
    determinize,
    legal_actions,
    new_game,
    result,
)
from warroom.core.protocol import apply_id
from warroom.games import game_ids, load_game


def positions(game: Game, count: int, seed: int = 0, min_legal: int = 2,
              scenario: str | None = None) -> list[State[Any]]:
    """Positions with a real choice, picked from random games (the same every run)."""
    r = random.Random(seed)
    out: list[State[Any]] = []
    s = seed
    while len(out) < count and s < seed + 40 * count:
        state = new_game(game, scenario, s)
        s += 1
        found = []
        while state.active is not None:
            legal = legal_actions(state)
            if len(legal) >= min_legal:
                found.append(clone(state))
            apply(state, legal[r.randrange(len(legal))])
        if found:
            out.append(found[r.randrange(len(found))])
    return out


@pytest.mark.parametrize("game_id", game_ids())
def test_apply_id_is_apply_without_the_check(game_id: str) -> None:
    game = load_game(game_id)
    r = random.Random(5)
    for seed in range(2):
        state = new_game(game, None, seed)
        while state.active is not None:
            ids = game.legal_ids(state)
            a = ids[r.randrange(len(ids))]
            fast = clone(state)          # a clone: legal never asked
            apply_id(fast, a)
            apply(state, a)
            assert fast.dumps() == state.dumps()


@pytest.mark.parametrize("game_id", game_ids())
def test_a_clone_and_its_original_play_on_apart(game_id: str) -> None:
    """A clone (each game copies its data its own way, ``copy_data``) shares nothing that
    the rules change: the clone played to the end leaves the original as it was, and the
    original played on leaves the clone as it was."""
    game = load_game(game_id)
    r = random.Random(8)
    for state in positions(game, 4, seed=21):
        before = state.dumps()
        copy = clone(state)
        assert copy.dumps() == before
        while copy.active is not None:
            legal = legal_actions(copy)
            apply(copy, legal[r.randrange(len(legal))])
        assert state.dumps() == before
        copy = clone(state)
        for _ in range(200):
            if state.active is None:
                break
            legal = legal_actions(state)
            apply(state, legal[r.randrange(len(legal))])
        assert copy.dumps() == before


@pytest.mark.parametrize("game_id", ["tk", "sfe"])
def test_a_clone_shares_no_list_or_dict_but_the_log_entries(game_id: str) -> None:
    """tk and sfe copy their data by the shapes they know (``_COPY``, ``_FLAT``...): no list
    or dict of a clone is one of its original's (the log's entries, never changed once
    written, excepted), in every situation and through random games; a key added with a
    nested list lands here."""
    game = load_game(game_id)

    def walk(a: Any, b: Any, path: str) -> None:
        if isinstance(a, (list, dict)):
            assert a is not b, f"a clone shares {path}"
            items = a.items() if isinstance(a, dict) else enumerate(a)
            for k, v in items:
                walk(v, b[k], f"{path}/{k}")

    r = random.Random(4)
    for scenario in game.scenarios:
        for seed in range(3):
            state = new_game(game, scenario, seed)
            while state.active is not None:
                copy = clone(state)
                assert copy.data == state.data
                for key, value in copy.data.items():
                    if key == "log":
                        assert value is not state.data["log"]
                    else:
                        walk(value, state.data[key], key)
                legal = legal_actions(state)
                apply(state, legal[r.randrange(len(legal))])


def test_sfe_copy_data_deep_copies_keys_it_does_not_know() -> None:
    """sfe copies its data by the keys it knows; a key it does not know holding lists is
    deep-copied, with every known key there and with one missing (an old snapshot)."""
    game = load_game("sfe")
    data = new_game(game, None, 1).data
    for drop in (None, "bomb", "later"):
        edited = dict(data, extra=[[1], [2]])
        if drop is not None:
            del edited[drop]
        copy = game.copy_data(edited)
        assert copy == edited
        assert copy["extra"] is not edited["extra"]
        assert copy["extra"][0] is not edited["extra"][0]
        assert copy["u"][0] is not edited["u"][0]


@pytest.mark.parametrize("game_id", game_ids())
def test_search_is_reproducible_for_a_seed_and_iteration_budget(game_id: str) -> None:
    game = load_game(game_id)
    for i, state in enumerate(positions(game, 3, seed=11)):
        before = state.dumps()
        a = ISMCTSBot(i, iterations=40)
        b = ISMCTSBot(i, iterations=40)
        assert a.choose(state) == b.choose(state)
        assert a.last["visits"] == b.last["visits"]
        assert a.last["iterations"] == 40
        assert state.dumps() == before                  # the real state is untouched


def test_time_budget_returns_a_legal_action() -> None:
    game = load_game("eit2")
    state = positions(game, 1, seed=3)[0]
    bot = make_bot("ismcts:seconds=0.05", 1)
    assert bot.choose(state) in legal_actions(state)
    assert isinstance(bot, ISMCTSBot)
    assert bot.last["iterations"] > 0 and bot.last["seconds"] < 30


def test_puct_uses_the_prior_hook() -> None:
    game = load_game("eit2")
    state = positions(game, 1, seed=4, min_legal=10)[0]
    legal = legal_actions(state)
    favourite = legal[-1]
    calls = []

    def prior(st: State[Any], ids: Any) -> list[float]:
        calls.append(len(ids))
        return [0.9 if a == favourite.id else 0.1 / len(ids) for a in ids]

    bot = ISMCTSBot(2, iterations=60, algo="puct", prior=prior, pw=1.0, c=2.0)
    choice = bot.choose(state)
    assert calls, "the prior hook was never asked"
    visits = bot.last["visits"]
    # the favourite is expanded first and visited most (uniform prior: no such pull)
    assert visits[favourite.key] == max(visits.values())
    assert choice == favourite or visits[choice.key] >= visits[favourite.key]
    plain = ISMCTSBot(2, iterations=60, algo="puct", pw=1.0, c=2.0)
    plain.choose(state)
    assert plain.last["visits"].get(favourite.key, 0) < visits[favourite.key]


def test_prior_depth_asks_the_prior_only_near_the_root() -> None:
    game = load_game("eit2")
    state = positions(game, 1, seed=4, min_legal=10)[0]
    root_legal = sorted(a.id for a in legal_actions(state))

    def counting(record: list[list[int]]) -> Any:
        def prior(st: State[Any], ids: Any) -> list[float]:
            record.append(sorted(ids))
            return [1.0 / len(ids)] * len(ids)
        return prior

    everywhere: list[list[int]] = []
    ISMCTSBot(3, iterations=200, algo="puct", prior=counting(everywhere)).choose(state)
    root_only: list[list[int]] = []
    bot = ISMCTSBot(3, iterations=200, algo="puct", prior=counting(root_only),
                    prior_depth=1)
    bot.choose(state)
    # once per world at the root, where the legal ids are the root's in every world
    assert len(root_only) == bot.last["worlds"] == 8
    assert all(ids == root_legal for ids in root_only)
    assert len(everywhere) > 4 * len(root_only)
    two: list[list[int]] = []
    ISMCTSBot(3, iterations=200, algo="puct", prior=counting(two), prior_depth=2).choose(state)
    assert len(root_only) < len(two) < len(everywhere)
    with pytest.raises(UnknownGameError, match="prior_depth"):
        make_bot("ismcts:prior_depth=-1")


def test_progressive_widening_limits_the_children() -> None:
    game = load_game("eit2")
    state = positions(game, 1, seed=2, min_legal=40)[0]
    n_legal = len(legal_actions(state))
    assert n_legal >= 40
    wide = ISMCTSBot(1, iterations=60, pw=0, rollout="none")
    wide.choose(state)
    assert wide.last["root_children"] == min(60, n_legal)
    narrow = ISMCTSBot(1, iterations=60, pw=1.0, pw_alpha=0.5, rollout="none")
    narrow.choose(state)
    assert narrow.last["root_children"] <= 1 + 60 ** 0.5


BATTLE_KINDS = {"battle", "battle_air", "defend_or_retreat", "defender_air", "battle_events",
                "reinforce", "lose_counter", "retreat", "naval_retreat", "move_battles"}


@pytest.mark.parametrize("game_id", game_ids())
def test_rollouts_reach_the_end_of_the_operation(game_id: str) -> None:
    game = load_game(game_id)
    rng = Rng(3)
    steps = []
    for state in positions(game, 12, seed=7):
        op = OperationEnd(state)
        world = determinize(state, op.role, rng)
        n = rollout_to_operation_end(world, op, rng, cap=500)
        steps.append(n)
        assert 1 <= n < 500
        data = world.data
        if data["active"] is None:
            continue
        stack = data["stack"]
        # back at the root's level or above, and at the root's level either another role
        # decides or the root's question is asked again after dice or a deeper procedure
        assert len(stack) <= op.depth
        assert op.ended(world, True)
        if game_id == "sfe":         # a move's battles are fought before its operation ends
            assert not BATTLE_KINDS & {f["kind"] for f in stack}
        if game_id == "eit2" and state.data["stack"][-1]["kind"] == "action_round":
            # a card played for Operations or its Event is carried out to the end
            assert stack[-1]["kind"] != "op_kind" or stack[-1]["role"] != op.role
    if game_id in ("eit2", "sfe"):
        assert max(steps) > 1        # operations of several decisions are played whole


def _sfe_position_at(kinds: set[str], seed: int = 0) -> State[Any] | None:
    """A position of a random sfe game whose question is one of ``kinds``."""
    game = load_game("sfe")
    r = random.Random(seed)
    for s in range(seed, seed + 30):
        state = new_game(game, None, s)
        while state.active is not None:
            legal = legal_actions(state)
            if state.data["stack"][-1]["kind"] in kinds and len(legal) >= 2:
                return state
            apply(state, legal[r.randrange(len(legal))])
    return None


def _sfe_world_at(kinds: set[str], seed: int = 0
                  ) -> tuple[State[Any], State[Any], list[int]]:
    """An sfe position at one of ``kinds`` (see :func:`_sfe_position_at`), a
    determinization of it for the role to act, and that world's legal ids."""
    state = _sfe_position_at(kinds, seed=seed)
    assert state is not None
    world = determinize(state, state.data["active"], Rng(2))
    return state, world, state.game.legal_ids(world)


@pytest.mark.parametrize("kind", ["battle_air", "defend_or_retreat"])
def test_a_battle_decision_is_judged_after_the_battle(kind: str) -> None:
    """sfe 8: the attacker's air card, then the defender's answer at the same depth of the
    stack; the other side answering inside the battle does not end the operation, the
    battle is fought first (before, the air card was judged with the battle still to come,
    and a defender's 'defend' before its air card was chosen)."""
    state = _sfe_position_at({kind})
    assert state is not None
    rng = Rng(1)
    for _ in range(5):
        op = OperationEnd(state)
        world = determinize(state, op.role, rng)
        rollout_to_operation_end(world, op, rng, cap=500)
        if world.data["active"] is not None:
            assert len(world.data["stack"]) < op.depth      # the battle's frame is gone
            assert not {"battle_air", "defend_or_retreat", "defender_air", "battle_events"} \
                & {f["kind"] for f in world.data["stack"]}


def test_aggressive_rollout_policy() -> None:
    """``policy=aggressive``: rollouts follow the game's script (sfe), reproducibly; a game
    without a script rolls out at random; ``eps`` is checked."""
    game = load_game("sfe")
    for i, state in enumerate(positions(game, 2, seed=13)):
        a = make_bot("ismcts:iterations=30,policy=aggressive", i)
        b = make_bot("ismcts:iterations=30,policy=aggressive,eps=0.2", i)
        assert isinstance(a, ISMCTSBot) and isinstance(b, ISMCTSBot)
        assert a.choose(state) == b.choose(state) and a.last["visits"] == b.last["visits"]
        assert a.choose(state) in legal_actions(state)
    eaw = load_game("eaw1940")
    state = positions(eaw, 1, seed=1)[0]
    assert make_bot("ismcts:iterations=20,policy=aggressive", 0).choose(state) in \
        legal_actions(state)
    with pytest.raises(UnknownGameError, match="eps"):
        make_bot("ismcts:policy=aggressive,eps=1.5", 0)


def test_script_policy_plays_the_script() -> None:
    """With ``eps=0`` a rollout step is the script's own choice in that world."""
    _, world, ids = _sfe_world_at({"operation"}, seed=3)
    bot = ISMCTSBot(0, policy="aggressive", eps=0.0)
    pick = bot._script_policy("sfe")
    assert pick is not None
    script = script_for("sfe", Rng(0))
    assert script is not None
    cat = world.game.catalogue
    assert pick(world, ids) == script.decide(world, [cat[a] for a in ids]).id


def test_tactical_policy_answers_battles_by_the_script() -> None:
    """``policy=tactical``: in a battle's decisions (8.1-8.5) a rollout step is the
    script's own choice in that world; elsewhere it is uniform (it differs from the script
    somewhere in a few operation choices); a game without tactical frames (eit2) or without
    a script (eaw1940) rolls out uniformly, and the bot still plays."""
    bot = ISMCTSBot(0, policy="tactical")
    pick = bot._tactical_policy("sfe")
    assert pick is not None
    script = script_for("sfe", Rng(0))
    assert script is not None
    cat = load_game("sfe").catalogue
    for kind in ("battle_air", "defend_or_retreat"):
        _, world, ids = _sfe_world_at({kind})
        assert world.data["stack"][-1]["kind"] in script.TACTICAL
        assert pick(world, ids) == script.decide(world, [cat[a] for a in ids]).id
    _, world, ids = _sfe_world_at({"operation"}, seed=3)
    assert "operation" not in script.TACTICAL
    assert len({pick(world, ids) for _ in range(30)}) > 1      # uniform, not the script
    assert bot._tactical_policy("eit2") is None and bot._tactical_policy("eaw1940") is None
    for game_id in ("sfe", "eit2"):
        st = positions(load_game(game_id), 1, seed=4)[0]
        a = make_bot("ismcts:iterations=30,policy=tactical", 1)
        b = make_bot("ismcts:iterations=30,policy=tactical", 1)
        assert a.choose(st) == b.choose(st) and a.choose(st) in legal_actions(st)


def test_guide_prior_favours_the_scripts_choice() -> None:
    """``guide=aggressive``: the prior puts ``guide_w`` on the script's choice and spreads
    the rest evenly; refused with a model's prior, or a weight outside (0, 1]; a game
    without a script searches plainly."""
    state, world, ids = _sfe_world_at({"operation"}, seed=3)
    bot = ISMCTSBot(0, guide="aggressive", guide_w=0.6)
    prior = bot._script_prior("sfe")
    assert prior is not None
    probs = prior(world, ids)
    script = script_for("sfe", Rng(0))
    assert script is not None
    pick = script.decide(world, [world.game.catalogue[a] for a in ids]).id
    rest = 0.4 / len(ids)
    assert probs == [rest + 0.6 if a == pick else rest for a in ids]
    assert sum(probs) == pytest.approx(1.0)
    assert bot._script_prior("eaw1940") is None
    choice = make_bot("ismcts:iterations=40,guide=aggressive,algo=puct", 3).choose(state)
    assert choice in legal_actions(state)
    with pytest.raises(UnknownGameError, match="guide_w"):
        make_bot("ismcts:guide=aggressive,guide_w=0", 0)
    with pytest.raises(UnknownGameError, match="guide must be"):
        make_bot("ismcts:guide=nonsense", 0)
    with pytest.raises(UnknownGameError, match="exclude each other"):
        ISMCTSBot(0, guide="aggressive", prior=lambda st, ids: [1.0] * len(ids))


@pytest.mark.parametrize("game_id", ["eit2", "sfe"])
def test_norm_rescales_values_and_stays_reproducible(game_id: str) -> None:
    """``norm=1``: selection on means rescaled between the lowest and highest seen; the
    search is reproducible for a seed and budget, plays a legal action, reports every
    visited child's mean value, and a bad ``norm`` is refused."""
    st = positions(load_game(game_id), 1, seed=6, min_legal=3)[0]
    a = make_bot("ismcts:iterations=60,norm=1", 2)
    b = make_bot("ismcts:iterations=60,norm=1", 2)
    assert isinstance(a, ISMCTSBot) and isinstance(b, ISMCTSBot)
    choice = a.choose(st)
    assert choice == b.choose(st) and a.last["visits"] == b.last["visits"]
    assert choice in legal_actions(st)
    values = a.last["values"]
    assert values and set(values) <= set(a.last["visits"])
    assert all(-1.0 <= v <= 1.0 for v in values.values())
    assert min(a._lo) <= max(a._hi)
    with pytest.raises(UnknownGameError, match="norm"):
        make_bot("ismcts:norm=2", 0)


@pytest.mark.parametrize("game_id", ["eit2", "sfe"])
def test_decisions_do_not_depend_on_hidden_information(game_id: str) -> None:
    """Twins of a position that the acting role cannot tell apart (determinizations for it:
    the opponent's hand, the decks, the future dice scrambled) get the same decision."""
    assert_twins_choose_alike(lambda i, st: ISMCTSBot(i, iterations=48).choose(st),
                              positions(load_game(game_id), 4, seed=21, min_legal=3),
                              Rng(99), twins=3)


def test_new_options_do_not_read_hidden_information() -> None:
    """``policy=tactical``, ``guide=aggressive`` and ``norm=1`` read only the worlds the
    search samples: twins of a position that the acting role cannot tell apart get the same
    decision (sfe, where the script has tactical frames)."""
    spec = "ismcts:iterations=40,policy=tactical,guide=aggressive,norm=1"
    assert_twins_choose_alike(lambda i, st: make_bot(spec, i).choose(st),
                              positions(load_game("sfe"), 2, seed=21, min_legal=3),
                              Rng(7), twins=2)


def test_ismcts_beats_random_in_eit2() -> None:
    """A small match, both seatings: search with a small budget against random play."""
    game = load_game("eit2")
    wins = 0
    games = 0
    for seed in range(3):
        for seat in game.roles:
            state = new_game(game, "great_depression", 300 + seed)
            bots = {r: (make_bot("ismcts:iterations=40", seed) if r == seat
                        else make_bot("random", seed)) for r in game.roles}
            while state.active is not None:
                apply(state, bots[state.active].choose(state))
            out = result(state)
            assert out is not None
            wins += out.winner == seat
            games += 1
    assert wins >= games - 1, f"ismcts won {wins} of {games} against random"


def test_bot_specs() -> None:
    assert parse_bot_spec("ismcts:seconds=0.5,c=0.7") == ("ismcts", {"seconds": 0.5, "c": 0.7})
    assert parse_bot_spec("greedy") == ("greedy", {})
    bot = make_bot("ismcts:iterations=10,algo=puct,pw=0,rollout=none", 3)
    assert isinstance(bot, ISMCTSBot) and bot.iterations == 10 and bot.puct
    assert split_bot_specs("ismcts:seconds=1,c=0.5,greedy,random") == [
        "ismcts:seconds=1,c=0.5", "greedy", "random"]
    with pytest.raises(UnknownGameError, match="unknown bot 'alphazero'"):
        make_bot("alphazero")
    with pytest.raises(UnknownGameError, match=r"no parameter 'depth'.*iterations \(int\)"):
        make_bot("ismcts:depth=3")
    with pytest.raises(UnknownGameError, match="random takes no parameters"):
        make_bot("random:seed=3")
    with pytest.raises(UnknownGameError, match="needs a number"):
        make_bot("ismcts:seconds=fast")
    with pytest.raises(UnknownGameError, match="algo must be one of uct, puct"):
        make_bot("ismcts:algo=minimax")
    with pytest.raises(UnknownGameError, match="iterations must be at least 1"):
        make_bot("ismcts:iterations=0")
    with pytest.raises(UnknownGameError, match="given twice"):
        make_bot("ismcts:c=1,c=2")


def test_game_rollouts_judge_leaves_by_the_result() -> None:
    """``rollout=game``: every leaf is played to the end of the game (here by the script,
    ``policy=aggressive,eps=0``), so a root child's mean value is a mean of final returns
    (+1 or -1 in sfe), not of the evaluation; reproducible for a seed; a bad rollout name
    is refused with the list."""
    state = _sfe_position_at({"operation"}, seed=3)
    assert state is not None
    spec = "ismcts:iterations=24,rollout=game,policy=aggressive,eps=0"
    bot = make_bot(spec, 5)
    choice = bot.choose(state)
    assert choice == make_bot(spec, 5).choose(state) and choice in legal_actions(state)
    last = bot.last  # type: ignore[attr-defined]
    for key, value in last["values"].items():
        n = last["visits"][key]
        assert abs(value * n - round(value * n)) < 1e-3 * n + 1e-9, (key, value, n)
    with pytest.raises(UnknownGameError, match="operation, none, game"):
        make_bot("ismcts:rollout=end", 1)
