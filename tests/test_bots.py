"""The game-agnostic bots: legal, deterministic, blind to the future dice, and greedy
plays clearly better than random."""

from __future__ import annotations

from statistics import mean

import pytest

import warroom.ai.bots as bots_module
from warroom.ai import BOTS, Bot, make_bot, reseed
from warroom.core import (
    Game,
    State,
    UnknownGameError,
    apply,
    clone,
    legal_actions,
    new_game,
    result,
)
from warroom.core import rng as core_rng
from warroom.core.rng import Rng, derive_seed
from warroom.games import load_game


def play_out(game: Game, bot: Bot, seed: int) -> tuple[State, list[str]]:
    """A full game of ``bot``; each choice must be legal and must not touch the state."""
    state = new_game(game, seed=seed)
    chosen: list[str] = []
    while not state.is_over:
        legal = legal_actions(state)
        before = state.dumps()
        action = bot.choose(state)
        assert action in legal, (bot.name, action, legal)
        assert state.dumps() == before, f"{bot.name} changed the state while choosing"
        apply(state, action)
        chosen.append(action.key)
    return state, chosen


def positions(game: Game, n_games: int = 12) -> list[State]:
    """Live positions with a real choice, from random games."""
    found = []
    for seed in range(n_games):
        state = new_game(game, seed=seed)
        rng = Rng(seed)
        while not state.is_over:
            legal = legal_actions(state)
            if len(legal) > 2:
                found.append(clone(state))
            apply(state, legal[rng.randbelow(len(legal))])
    return found


@pytest.mark.parametrize(("name", "games"), [("random", 60), ("greedy", 6)])
def test_bots_only_choose_legal_actions(eaw: Game, name: str, games: int) -> None:
    for seed in range(games):
        state, chosen = play_out(eaw, make_bot(name, seed), seed)
        assert result(state) is not None and chosen


@pytest.mark.parametrize(("name", "games"), [("random", 20), ("greedy", 4)])
def test_bots_are_deterministic_for_a_seed(eaw: Game, name: str, games: int) -> None:
    runs = {}
    for seed in range(games):
        first, actions = play_out(eaw, make_bot(name, seed), 100 + seed)
        second, again = play_out(eaw, make_bot(name, seed), 100 + seed)
        assert again == actions
        assert second.dumps() == first.dumps()
        runs[seed] = actions
    assert len({tuple(a) for a in runs.values()}) > 1  # the bot seed matters


def test_random_bot_covers_the_legal_actions(eaw: Game) -> None:
    state = new_game(eaw, seed=1)
    legal = legal_actions(state)
    bot = make_bot("random", 3)
    picks = [bot.choose(state) for _ in range(600)]
    assert set(picks) == set(legal)  # uniform: every choice turns up
    assert all(picks.count(a) > 600 / len(legal) / 2 for a in legal)


def _choices_depend_on_future_dice(game: Game, bot_name: str) -> bool:
    """Does the bot choose differently when only the hidden future dice differ?"""
    for i, state in enumerate(positions(game)):
        other = clone(state)
        other.data["rng"] = core_rng.seed_state(state.data["rng"] ^ 0x5DEECE66D)
        other.data["forced"] = [6] * 20
        if make_bot(bot_name, i).choose(state) != make_bot(bot_name, i).choose(other):
            return True
    return False


def test_greedy_does_not_see_the_future_dice(eaw: Game) -> None:
    assert not _choices_depend_on_future_dice(eaw, "greedy")


def test_the_future_dice_check_catches_a_cheating_bot(eaw: Game,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # The check above must be able to fail: a greedy bot that searches plain clones (the
    # real RNG and forced dice) instead of determinizations is caught.
    monkeypatch.setattr(bots_module, "determinize", lambda state, role, rng: clone(state))
    assert _choices_depend_on_future_dice(eaw, "greedy")


def test_greedy_beats_random_on_average_vp(eaw: Game) -> None:
    vp: dict[str, list[float]] = {"random": [], "greedy": []}
    for name, scores in vp.items():
        for seed in range(20):
            state, _ = play_out(eaw, make_bot(name, seed), 500 + seed)
            out = result(state)
            assert out is not None
            scores.append(out.scores["vp"])
    # measured: random ~10 VP (mostly Allied victories), greedy ~24 (mostly Axis wins)
    assert mean(vp["greedy"]) >= mean(vp["random"]) + 8, vp
    assert sum(v >= 18 for v in vp["greedy"]) > sum(v >= 18 for v in vp["random"]) + 8, vp


def test_make_bot_errors(eaw: Game) -> None:
    assert set(BOTS) >= {"random", "greedy"}
    with pytest.raises(UnknownGameError, match="unknown bot 'alphazero'"):
        make_bot("alphazero")
    state = new_game(eaw, seed=0)
    while not state.is_over:
        apply(state, legal_actions(state)[-1])  # end_turn, keep or a placement
    for name in ("random", "greedy"):
        with pytest.raises(ValueError, match="game is over"):
            make_bot(name).choose(state)


@pytest.mark.parametrize("spec", ["random", "greedy:samples=2", "ismcts:iterations=40",
                                  "ismcts:plans=script,iterations=8", "aggressive",
                                  "rollout:rollouts=4"])
@pytest.mark.parametrize("gid", ["eit2", "sfe"])
def test_a_reseeded_bot_chooses_as_one_that_played_all_along(spec: str, gid: str) -> None:
    """``reseed`` before each decision makes a bot's choice a function of the seed, the
    state and the step, not of the decisions it made before: a bot made anew (as after a
    terminal --load or a web server's restart) chooses as the one that played on (it chose
    otherwise after a load: an undo audit). sfe's script (``aggressive``, and the plans
    of ``rollout`` and ``ismcts:plans=script``) keeps the plan it chose an operation for
    through that operation's later decisions: a bot made anew in the middle of one plans
    again, so it is compared at each operation's choice there."""
    game = load_game(gid)
    st = new_game(game, None, 4)
    along = make_bot(spec, 1, game=game)
    planned = gid == "sfe" and spec.startswith(("aggressive", "rollout", "ismcts:plans"))
    compared = 0
    for step in range(40 if planned else 12):
        legal = legal_actions(st)
        if not legal:
            break
        reseed(along, derive_seed(9, step))
        chose = along.choose(st)
        if not planned or st.data["stack"][-1]["kind"] == "operation":
            anew = make_bot(spec, 777, game=game)         # another seed, no past decisions
            reseed(anew, derive_seed(9, step))
            assert anew.choose(st).key == chose.key, (spec, step)
            compared += 1
        apply(st, chose)
    assert compared >= 3
