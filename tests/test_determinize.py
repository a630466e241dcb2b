"""For every game: determinizing for a role keeps everything that role can see (its view is
unchanged) and never fails, at every decision of random games; bots never see the future."""

from __future__ import annotations

import random

import pytest

from warroom.core import Rng, apply, determinize, legal_actions, new_game, view
from warroom.games import game_ids, load_game


@pytest.mark.parametrize("game_id", game_ids())
def test_determinize_keeps_the_role_view(game_id: str) -> None:
    game = load_game(game_id)
    rng = Rng(7)
    for seed in range(4):
        state = new_game(game, None, seed)
        r = random.Random(seed)
        steps = 0
        while state.active is not None and steps < 400:
            for role in game.roles:
                copy = determinize(state, role, rng)
                assert view(copy, role) == view(state, role), (game_id, seed, steps, role)
                assert copy.data["rng"] != state.data["rng"]
            legal = legal_actions(state)
            apply(state, legal[r.randrange(len(legal))])
            steps += 1
