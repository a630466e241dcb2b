"""Every decision of every game says what is decided, in words, under a rule of the game
(core ``prompt``), and the view carries the same prompt (DESIGN.md: "every state has a
prompt()"; front ends never read frames)."""

from __future__ import annotations

import pytest

from warroom.core import apply, legal_actions, new_game, prompt, view
from warroom.core.rng import Rng
from warroom.games import game_ids, load_game

GAMES = {"eaw1940": 20, "eit2": 4, "sfe": 4, "tk": 40}


@pytest.mark.parametrize("gid", game_ids())
def test_every_decision_has_a_specific_prompt_with_a_rule(gid: str) -> None:
    game = load_game(gid)
    texts: set[str] = set()
    for seed in range(GAMES[gid]):
        scenario = game.scenarios[seed % len(game.scenarios)]
        state = new_game(game, scenario, seed)
        rng = Rng(seed)
        while state.active is not None:
            p = prompt(state)
            assert p is not None and p.role == state.active
            assert len(p.text) > 12 and "to act" not in p.text, p
            assert p.rule and (p.rule in game.rules or p.rule.split(".")[0].isdigit()), p
            assert view(state, state.active)["prompt"] == p.to_json()
            texts.add(p.text)
            legal = legal_actions(state)
            apply(state, legal[rng.randbelow(len(legal))])
        assert prompt(state) is None
    assert len(texts) > 3          # not one generic sentence for everything
