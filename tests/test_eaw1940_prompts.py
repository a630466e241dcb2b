"""Europe At War 1940: every decision of a game has a specific prompt citing a rule.

200 seeded random games (a third of them preferring attacks, so that re-roll decisions
and late turns with arriving tanks come up often): at every decision
``warroom.core.prompt`` names the active role, says in words what is decided (never a
generic "axis to act") and cites a rule of the game's RULES table.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from warroom.core import apply, legal_actions, new_game, prompt, view
from warroom.core.rng import Rng
from warroom.games.eaw1940.rules import RULES

GAMES = 200
ATTACKS = ("attack:", "sea:", "air:", "reroll", "unstall:")


def test_every_decision_has_a_specific_prompt_with_a_known_rule(eaw: Any) -> None:
    seen: Counter[str] = Counter()
    for index in range(GAMES):
        rng = Rng(index * 31 + 7)
        state = new_game(eaw, seed=index)
        while not state.is_over:
            p = prompt(state)
            assert p is not None, f"game {index}: a decision without a prompt"
            assert p.role == state.active
            text = p.text.strip()
            assert text, f"game {index}: empty prompt"
            assert "to act" not in text.lower(), p
            assert text.lower() not in {state.active, f"{state.active}: "}, p
            assert p.rule in RULES, p
            assert view(state, p.role)["prompt"] == p.to_json()
            seen[state.data["stack"][-1]["kind"]] += 1
            legal = legal_actions(state)
            if index % 3 == 0:
                legal = [a for a in legal if a.key.startswith(ATTACKS)] or legal
            apply(state, legal[rng.randbelow(len(legal))])
        assert prompt(state) is None
    # the three kinds of decision were all prompted
    assert set(seen) == {"actions", "reroll", "place_tank"}, seen
