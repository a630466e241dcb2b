"""The game state: a game plus plain JSON ``data``, and a transient cache of derived facts.

``data`` holds everything that defines the game (board, RNG, forced dice, decision stack,
log, result): it clones, saves and replays exactly. ``cache`` holds facts derived from
``data`` (supply, move targets, the legal list) for speed. It is never serialised, never
shared by :func:`warroom.core.clone` (a clone gets only the copies its game's
``copy_cache`` makes, by default none), and :meth:`State.invalidate` empties it; so two
states never share derived facts, and a server may play many games on many threads.
"""

from __future__ import annotations

import copy
import json
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from warroom.core.actions import Action
    from warroom.core.log import LogEntry
    from warroom.core.protocol import Game

Data = dict[str, Any]
Frame = dict[str, Any]
G = TypeVar("G", bound="Game")


class State(Generic[G]):
    """A game state: the game it belongs to, its plain ``data`` and a transient ``cache``."""

    __slots__ = ("_legal", "cache", "data", "game")

    def __init__(self, game: G, data: Data) -> None:
        self.game = game
        self.data = data
        self.cache: dict[str, Any] = {}
        """Derived facts of ``data`` (never saved, never shared with a clone; see
        :meth:`invalidate`)."""
        self._legal: list[Action] | None = None

    @property
    def active(self) -> str | None:
        """The role to decide now, or None when the game is over."""
        active: str | None = self.data["active"]
        return active

    @property
    def log(self) -> list[LogEntry]:
        """The structured log entries (see :mod:`warroom.core.log`)."""
        log: list[LogEntry] = self.data["log"]
        return log

    def invalidate(self) -> None:
        """Drop every derived fact (cached legal actions, the game's cache) after editing
        ``data`` by hand (tests, tools)."""
        self._legal = None
        self.cache.clear()

    @property
    def is_over(self) -> bool:
        return self.data["active"] is None

    def to_json(self) -> Data:
        """A deep copy of the complete state (hidden information included)."""
        return copy.deepcopy(self.data)

    def dumps(self) -> str:
        return json.dumps(self.data, sort_keys=True, separators=(",", ":"))

    def __repr__(self) -> str:
        return f"<State {self.game.id} active={self.active!r} log={len(self.log)}>"
