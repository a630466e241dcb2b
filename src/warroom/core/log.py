"""Structured log entries, owned by core.

An entry is plain JSON data: ``{"rule": "6.2.5", "text": "...", ...facts}``. Facts are
whatever a reader (a test, the web page) wants without parsing prose: ``die``, ``mods`` (a
list of ``[modifier, reason]``), ``total``, ``role``, ``space``... An entry with ``"to":
ROLE`` is private to that role (e.g. the card it drew): :func:`visible` leaves it out for
everyone else. Entries are never changed once appended, so clones share them.

One renderer, :func:`render`, turns an entry into the text the terminal prints
(``text [rule]``).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any

LogEntry = dict[str, Any]

_RESERVED = frozenset({"rule", "text"})


def log(data: dict[str, Any], rule: str, text: str, /, **facts: Any) -> LogEntry:
    """Append an entry citing ``rule`` (a rule number of the game's rulebook) to the log."""
    entry: LogEntry = {"rule": rule, "text": text}
    if facts:
        entry.update(facts)
    data["log"].append(entry)
    return entry


def render(entry: LogEntry | str) -> str:
    """The text of an entry for a terminal: ``text [rule]``."""
    if isinstance(entry, str):
        return entry
    rule = entry.get("rule")
    return f"{entry['text']} [{rule}]" if rule else str(entry["text"])


def visible(entries: Iterable[LogEntry],
            role: str | Collection[str] | None) -> list[LogEntry]:
    """The entries ``role`` may read (None: a spectator sees only public entries; several
    roles: the people at one terminal playing them all)."""
    roles = {role} if role is None or isinstance(role, str) else set(role)
    return [e for e in entries if e.get("to") is None or e.get("to") in roles]


def facts(entry: LogEntry) -> dict[str, Any]:
    """The entry's facts (everything but rule and text)."""
    return {k: v for k, v in entry.items() if k not in _RESERVED}
