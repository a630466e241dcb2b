"""The ISMCTS bot: legal, reproducible, blind to hidden information, and stronger than
random play."""

from __future__ import annotations

import pytest

from warroom.ai import ISMCTSBot, RandomBot, make_bot
from warroom.core import apply, legal_actions, new_game, result
from warroom.games import game_ids, load_game


@pytest.mark.parametrize("game_id", game_ids())
def test_ismcts_chooses_legal_actions_in_every_game(game_id: str) -> None:
    game = load_game(game_id)
    state = new_game(game, None, 3)
    bot = ISMCTSBot(1, iterations=12)
    for _ in range(6):
        if state.active is None:
            break
        before = state.dumps()
        action = bot.choose(state)
        assert state.dumps() == before            # searching leaves the game untouched
        assert action in legal_actions(state)
        apply(state, action)


def test_ismcts_is_reproducible_and_blind_to_the_future_dice() -> None:
    game = load_game("eaw1940")
    a = new_game(game, None, 5)
    b = new_game(game, None, 5, forced_dice=[1, 1, 1, 1, 1, 1])   # other future dice
    assert ISMCTSBot(4, iterations=40).choose(a) == ISMCTSBot(4, iterations=40).choose(a)
    # the bot's choice depends only on what the Axis can see, not on the real dice
    assert ISMCTSBot(4, iterations=40).choose(a) == ISMCTSBot(4, iterations=40).choose(b)


def test_ismcts_beats_random_play() -> None:
    game = load_game("eaw1940")
    vp = {"ismcts": 0.0, "random": 0.0}
    for seed in range(12):
        for name in vp:
            state = new_game(game, None, 100 + seed)
            bot = ISMCTSBot(seed, iterations=60) if name == "ismcts" else RandomBot(seed)
            while state.active is not None:
                apply(state, bot.choose(state))
            out = result(state)
            assert out is not None
            vp[name] += out.scores["vp"] / 12
    assert vp["ismcts"] > vp["random"] + 6, vp


def test_ismcts_is_available_by_name() -> None:
    assert make_bot("ismcts", 1).name == "ismcts"
