"""Specific exceptions. Each message tells the user what to do next."""

from __future__ import annotations


class WarroomError(Exception):
    """Base class of every error warroom raises on purpose."""


class IllegalActionError(WarroomError):
    """An action that the rules do not allow now. The state is left untouched."""

    def __init__(self, message: str, *, action: object = None, legal: list[str] | None = None):
        super().__init__(message)
        self.action = action
        self.legal = legal or []


class ContentError(WarroomError):
    """A content pack (map, cards, tables) that is missing, malformed or inconsistent."""

    def __init__(self, message: str, *, file: str | None = None, entry: str | None = None,
                 field: str | None = None):
        where = " ".join(p for p in (file and f"in {file}", entry and f"entry {entry}",
                                     field and f"field {field}") if p)
        super().__init__(f"{where}: {message}" if where else message)
        self.file = file
        self.entry = entry
        self.field = field


class RecordError(WarroomError):
    """A game record that cannot be read or replayed."""

    def __init__(self, message: str, *, index: int | None = None, legal: list[str] | None = None,
                 replayed: bool = False):
        super().__init__(message)
        self.index = index
        self.legal = legal or []
        self.replayed = replayed
        """True when the record was read and today's rules refused it while replaying it
        (an action, or its state snapshot): going on from where it stops fitting may help."""


class UnknownGameError(WarroomError):
    """A game id, scenario or option that warroom does not know."""


def short(value: object, limit: int = 80) -> str:
    """``repr(value)`` cut to ``limit`` characters: error messages never echo a huge input."""
    try:
        text = repr(value)
    except (ValueError, RecursionError):   # e.g. an int over Python's 4,300-digit limit
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"
