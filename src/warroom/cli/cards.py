"""Cards in the terminal, read the same way in every game.

A card is any dict with a title (``title`` or ``name``) found in a view's ``hand`` or in
the content's ``cards``. Its number is ``number`` or ``id``; its text the first long
string of ``event_text``, ``text`` or ``event``, or, when ``event`` is an id, the text of
that event in the content's ``events``. Everything else that is a plain value is listed
as a detail (side, OPs, air...).
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterator
from typing import Any

from warroom.cli.choices import fold

TITLE_KEYS = ("title", "name")
NUMBER_KEYS = ("number", "id")
TEXT_KEYS = ("event_text", "text", "event")
SKIP_KEYS = {"reconstructed", "content_dir"}
FIRST_KEYS = ("side", "ops", "deck", "air")
"""Details listed first when a card has them (what a player reads first)."""


def title_of(card: dict[str, Any]) -> str:
    for k in TITLE_KEYS:
        if isinstance(card.get(k), str):
            return str(card[k])
    return "?"


def number_of(card: dict[str, Any]) -> str | None:
    for k in NUMBER_KEYS:
        if isinstance(card.get(k), str | int) and not isinstance(card.get(k), bool):
            return str(card[k])
    return None


def _events(content: dict[str, Any]) -> dict[str, dict[str, Any]]:
    events = content.get("events")
    if not isinstance(events, list):
        return {}
    return {str(e["id"]): e for e in events if isinstance(e, dict) and "id" in e}


def text_of(card: dict[str, Any], content: dict[str, Any]) -> str | None:
    """The card's text: its own long text, else the text of the event it names."""
    for k in TEXT_KEYS:
        v = card.get(k)
        if isinstance(v, str) and " " in v.strip():
            return v.strip()
    event = card.get("event")
    if isinstance(event, str):
        found = _events(content).get(event)
        if found is not None and isinstance(found.get("text"), str):
            return f"{found.get('name', event)}: {found['text']}"
    return None


def details_of(card: dict[str, Any]) -> list[str]:
    used = {*TITLE_KEYS, *NUMBER_KEYS, *TEXT_KEYS, *SKIP_KEYS}
    out: list[str] = []
    keys = [k for k in FIRST_KEYS if k in card] + [k for k in card if k not in FIRST_KEYS]
    for k in keys:
        v = card[k]
        if k in used or v is None or v is False or v == "" or isinstance(v, dict | list):
            continue
        out.append(k.replace("_", " ") if v is True else f"{k.replace('_', ' ')} {v}")
    return out


def card_lines(card: dict[str, Any], content: dict[str, Any], width: int,
               indent: str = "  ") -> list[str]:
    """The card as lines: number, title and details, then its text wrapped."""
    number = number_of(card)
    head = f"{number} {title_of(card)}" if number is not None else title_of(card)
    details = details_of(card)
    if details:
        head += " — " + ", ".join(details)
    lines = textwrap.wrap(head, width - len(indent), initial_indent=indent,
                          subsequent_indent=indent + "    ")
    text = text_of(card, content)
    if text:
        lines += textwrap.wrap(text, width - len(indent) - 4,
                               initial_indent=indent + "    ",
                               subsequent_indent=indent + "    ")
    return lines


def _walk_hands(obj: Any, path: tuple[str, ...], depth: int = 0
                ) -> Iterator[tuple[tuple[str, ...], list[dict[str, Any]]]]:
    if depth > 3 or not isinstance(obj, dict):
        return
    for key, value in obj.items():
        if key in ("log", "prompt"):
            continue
        if key == "hand" and isinstance(value, list):
            yield path, [c for c in value if isinstance(c, dict)]
        elif isinstance(value, dict):
            yield from _walk_hands(value, (*path, str(key)), depth + 1)


def hands(view: dict[str, Any]) -> list[tuple[str, list[dict[str, Any]]]]:
    """The hands the view shows, each with whose it is (``""``: the viewer's)."""
    return [(path[-1] if path else "", cards) for path, cards in _walk_hands(view, ())]


def content_cards(content: dict[str, Any]) -> list[dict[str, Any]]:
    cards = content.get("cards")
    return [c for c in cards if isinstance(c, dict)] if isinstance(cards, list) else []


def find_cards(cards: list[dict[str, Any]], query: str) -> list[dict[str, Any]]:
    """The cards ``query`` names: by number/id, else by a title prefix, else by a prefix of
    any word of the title (case- and accent-insensitive)."""
    q = fold(query.strip())
    if not q:
        return []
    exact = [c for c in cards if number_of(c) is not None and fold(str(number_of(c))) == q]
    if exact:
        return exact
    titled = [c for c in cards if fold(title_of(c)) == q]
    if titled:
        return titled
    prefix = [c for c in cards if fold(title_of(c)).startswith(q)]
    if prefix:
        return prefix
    return [c for c in cards if any(w.startswith(q) for w in fold(title_of(c)).split())]
