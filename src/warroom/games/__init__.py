"""The games warroom ships, by id. No game imports another.

``load_game(id, content=DIR)`` returns a :class:`warroom.core.Game` with its content
pack loaded (the bundled pack is cached; a ``content`` override is loaded fresh).
"""

from __future__ import annotations

import importlib
from functools import cache
from pathlib import Path

from warroom.core.content import load_yaml
from warroom.core.errors import ContentError, UnknownGameError
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
    try:
        game: Game = getattr(importlib.import_module(module), cls)(content)
    except ContentError as exc:
        raise _another_games(_borrowed(exc, game_id, content), game_id, content) from None
    return game


def _top_keys(path: Path) -> frozenset[str] | None:
    """The top-level keys of a content file (None: not a mapping, or unreadable)."""
    try:
        data = load_yaml(path)
    except ContentError:
        return None
    return frozenset(map(str, data)) if isinstance(data, dict) else None


def _shaped_as(game_id: str, name: str, keys: frozenset[str] | None) -> bool:
    """Whether ``game_id``'s own content has a file ``name`` with the top-level ``keys``."""
    own = Path(__file__).parent / game_id / "content" / name
    return own.is_file() and _top_keys(own) == keys


def _another_games(exc: ContentError, game_id: str, content: Path | None) -> ContentError:
    """``exc`` with a hint where the pack's file it names is shaped as another game's file
    of that name (an eit2 pack given to sfe was told "unknown field; fields here: ...", no
    more: a terminal audit)."""
    if content is None:
        return exc
    if exc.file is None:
        return _stray_files(exc, game_id, content)
    if Path(exc.file).parent != content:
        return exc
    name = Path(exc.file).name
    mine = _top_keys(Path(exc.file))
    if mine is None:
        return exc
    if _shaped_as(game_id, name, mine):
        return exc
    other = next((gid for gid in GAMES if gid != game_id and _shaped_as(gid, name, mine)),
                 None)
    if other is None:
        return exc
    return _with_hint(exc, f" (this {name} is shaped as {other}'s: a pack of another "
                           f"game? give it to {other})")


def _stray_files(exc: ContentError, game_id: str, content: Path) -> ContentError:
    """``exc`` with a hint where the pack's files that replace none of ``game_id``'s are all
    another game's (an eaw1940 pack given to sfe: "holds victory.yaml, which replaces no
    file of the pack", and no word of whose file it is: an audit)."""
    here = Path(__file__).parent
    try:
        names = {p.name for p in content.iterdir() if p.suffix.lower() in (".yaml", ".yml")}
    except OSError:
        return exc
    stray = sorted(n for n in names if not (here / game_id / "content" / n).is_file())
    if not stray:
        return exc
    # the games that have all of the pack's files, shaped as the pack's (tables.yaml is
    # eaw1940's and tk's: a review saw tk's named eaw1940's)
    keys = {n: _top_keys(content / n) for n in names}
    others = [gid for gid in GAMES if gid != game_id
              and all(_shaped_as(gid, n, keys[n]) for n in names)]
    if len(others) != 1:
        return exc
    other = others[0]
    return _with_hint(exc, f" ({', '.join(stray)} {'is' if len(stray) == 1 else 'are'} "
                           f"{other}'s: a pack of another game? give it to {other})")


def _borrowed(exc: ContentError, game_id: str, content: Path | None) -> ContentError:
    """``exc`` with a hint where it names a bundled file that a ``--content`` pack left in
    place: a name the pack changed in one file is still named in warroom's own other file
    (a pack renaming Paris in sfe's map.yaml was told of an unknown location in a setup.yaml
    under warroom's own folder, with no word of what to do: a terminal audit)."""
    folder = Path(__file__).parent / game_id / "content"
    if content is None or exc.file is None or Path(exc.file).parent != folder:
        return exc
    name = Path(exc.file).name
    return _with_hint(exc, f" (that file is warroom's own: the pack at {content} holds no "
                           f"{name}, so a name it changed in another file is still named "
                           f"there; copy {name} into the pack and change it there too)")


def _with_hint(exc: ContentError, hint: str) -> ContentError:
    """``exc`` with ``hint`` after its words, naming the same file, entry and field."""
    out = ContentError(f"{exc.args[0]}{hint}")
    out.file, out.entry, out.field = exc.file, exc.entry, exc.field
    return out
