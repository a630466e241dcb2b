"""The game as its rules see it: the loaded content and the action catalogue.

:class:`EuropeAtWar1940` (``game.py``) adds the protocol hooks; the frames of the rules
(``sequence``, ``actions``, ``bot``) are typed against this base, so that no rules module
imports ``game.py``.
"""

from __future__ import annotations

from pathlib import Path

from warroom.core.content import ContentPack
from warroom.core.protocol import Game
from warroom.games.eaw1940.catalogue import ActionTable, build_catalogue
from warroom.games.eaw1940.components import BUNDLED, Components, load_components
from warroom.games.eaw1940.rules import RULES


class EawGame(Game):
    """Europe At War 1940: Solitaire's content and catalogue (the hooks are in ``game``)."""

    id = "eaw1940"
    title = "Europe At War 1940: Solitaire"
    summary = ("One player, the Axis, spends action points on five fronts, the air and the "
               "sea against a dice-driven Allied BOT, turn by turn from May 1940.")
    roles = ("axis",)
    scenarios = ("1940",)
    default_scenario = "1940"
    rules = RULES

    def __init__(self, content: Path | None = None) -> None:
        pack = ContentPack(BUNDLED, content)
        self.c: Components = load_components(content, pack)
        self.content_dir = content
        self.content_read = pack.read
        self.n_fronts = len(self.c.front_ids)
        self.ids: ActionTable = build_catalogue(self.c)
        self.catalogue = self.ids.catalogue
