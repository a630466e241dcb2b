"""The games warroom ships, by id. No game imports another.

``load_game(id, content=DIR)`` returns a :class:`warroom.core.Game` with its content
pack loaded (the bundled pack is cached; a ``content`` override is loaded fresh).
"""

from __future__ import annotations

import importlib
from functools import cache
from pathlib import Path

from warroom.core.errors import UnknownGameError
from warroom.core.protocol import Game

GAMES: dict[str, tuple[str, str]] = {
    "eaw1940": ("warroom.games.eaw1940", "EuropeAtWar1940"),
    "eit2": ("warroom.games.eit2.game", "EuropeInTurmoil2"),
    "sfe": ("warroom.games.sfe", "StruggleForEurope"),
    "tk": ("warroom.games.tk", "TotalerKrieg"),
}


def game_ids() -> list[str]:
    return list(GAMES)


def load_game(game_id: str, content: str | Path | None = None) -> Game:
    # a game id in any case, as roles are (``--as LW``): ``EIT2`` is eit2
    if isinstance(game_id, str) and game_id not in GAMES and game_id.lower() in GAMES:
        game_id = game_id.lower()
    if content is not None:
        return _construct(game_id, Path(content))
    return _bundled(game_id)


@cache
def _bundled(game_id: str) -> Game:
    return _construct(game_id, None)


def _construct(game_id: str, content: Path | None) -> Game:
    if game_id not in GAMES:
        raise UnknownGameError(f"unknown game {game_id!r}; warroom has: {', '.join(GAMES)} "
                               "(see `warroom games`)")
    module, cls = GAMES[game_id]
    game: Game = getattr(importlib.import_module(module), cls)(content)
    return game
