"""``warroom content GAME``: a game's content pack in a human-readable form, filtered.

Cards are printed as the play loop shows them (:func:`warroom.cli.render.card_text`); the
rest is read from the content's JSON in the same way for every game: spaces (``spaces``,
``locations``, a map's lists) one line each; tables (``tables``) row by row; anything else
summarised.
"""

from __future__ import annotations

import re
import textwrap
from typing import Any

from warroom.cli.render import card_entries, card_text
from warroom.core.errors import WarroomError
from warroom.core.protocol import Game

SPACE_KEYS = ("spaces", "locations", "fronts", "lines", "sea_zones", "air_spaces",
              "countries")
HIDDEN_KEYS = {"game", "content_dir", "actions", "rules"}
ITEM_SKIP = {"name", "reconstructed", "x", "y"}
"""Fields not worth a reader's time (map coordinates, the reconstruction flag)."""


def _scalar(v: Any) -> str:
    if isinstance(v, list):
        return ", ".join(_scalar(x) for x in v) if v else "none"
    if isinstance(v, dict):
        return ", ".join(f"{k} {_scalar(x)}" for k, x in v.items() if x not in (None, False))
    return "yes" if v is True else str(v)


def item_line(item: dict[str, Any], width: int) -> list[str]:
    """One item (a space, a line, a row) as ``Name: key value; key value`` wrapped."""
    name = item.get("name") or item.get("id") or item.get("title")
    parts = [f"{k.replace('_', ' ')} {_scalar(v)}" for k, v in item.items()
             if k not in ITEM_SKIP and v not in (None, False, "", [])
             and not (k == "id" and name == v)]
    head = "" if name is None else f"{name}: " if parts else str(name)
    return textwrap.wrap(head + "; ".join(parts), width - 2, initial_indent="  ",
                         subsequent_indent="      ") or ["  "]


def _space_lists(content: dict[str, Any]) -> list[tuple[str, list[dict[str, Any]]]]:
    found: list[tuple[str, list[dict[str, Any]]]] = []
    for holder_name, holder in [("", content)] + [
            (k, v) for k, v in content.items() if isinstance(v, dict)]:
        for key in SPACE_KEYS:
            items = holder.get(key)
            if isinstance(items, list) and items and all(isinstance(i, dict) for i in items):
                found.append((f"{holder_name} {key}".strip(), items))
    return found


def space_lines(content: dict[str, Any], width: int) -> list[str]:
    lists = _space_lists(content)
    if not lists:
        raise WarroomError(f"{content.get('game')} has no spaces in its content")
    out: list[str] = []
    for title, items in lists:
        out.append(f"{title.capitalize()} ({len(items)}):")
        for item in items:
            out += item_line(item, width)
    return out


def _row_text(row: Any) -> str:
    if not isinstance(row, dict):
        return _scalar(row)
    lo, hi = row.get("min"), row.get("max")
    roll = row.get("roll")
    if lo is not None or hi is not None:
        key = f"{lo if lo is not None else '…'}-{hi if hi is not None else '…'}"
    elif isinstance(roll, list):
        key = ",".join(str(r) for r in roll)
    elif roll is not None:
        # a single die face (eaw1940's Front Table and Allied Action Chart: the face was
        # dropped and the rows read as a bare list, an audit)
        key = _scalar(roll)
    else:
        key = ""
    rest = {k: v for k, v in row.items() if k not in ("min", "max", "roll")}
    body = "; ".join(f"{k} {_scalar(v)}" for k, v in rest.items() if v not in (None, ""))
    return f"{key}: {body}" if key else body


def named_table_rows(content: dict[str, Any], name: str) -> list[str]:
    """The rows of the content table a rule's name names ("Front Table" is ``front_table``),
    one a line, or none (``rule Front Table`` in play: the solitaire player planning had
    only the table's one-line summary, an eaw1940 audit)."""
    tables = content.get("tables")
    key = re.sub(r"\W+", "_", name.strip().lower()).strip("_")
    if not isinstance(tables, dict):
        return []
    # "Land Attack Table" is land_attack, "Front Table" front_table
    table = tables.get(key, tables.get(key.removesuffix("_table")))
    if not isinstance(table, dict) or not isinstance(table.get("rows"), list):
        return []
    return [_row_text(row) for row in table["rows"]]


def table_lines(content: dict[str, Any], width: int) -> list[str]:
    tables = content.get("tables")
    if not isinstance(tables, dict) or not tables:
        raise WarroomError(f"{content.get('game')} has no tables in its content")
    out: list[str] = []
    for name, table in tables.items():
        if isinstance(table, dict):
            extra = {k: v for k, v in table.items() if k not in ("rows", "reconstructed")
                     and not (k == "name" and v == name)}
            info = "; ".join(f"{k} {_scalar(v)}" for k, v in extra.items()
                             if v not in (None, "", {}, []))
            if table.get("reconstructed"):
                info = "; ".join(x for x in ("reconstructed", info) if x)
            out += textwrap.wrap(f"{name}" + (f" ({info})" if info else "") + ":", width)
            for row in table.get("rows", []):
                out += textwrap.wrap(_row_text(row), width - 2, initial_indent="  ",
                                     subsequent_indent="      ")
        else:
            out += textwrap.wrap(f"{name}: {_scalar(table)}", width)
    return out


def card_list_lines(game: Game) -> list[str]:
    """Every card of the game with its texts, as the hand shows them in play."""
    cards = card_entries(game)
    if not cards:
        raise WarroomError(f"{game.id} has no cards")
    return [f"Cards ({len(cards)}):"] + [line for _, _, lines in cards for line in lines]


def one_card_lines(game: Game, query: str) -> list[str]:
    """One card, by number or (the start of) its title, as ``card X`` shows it in play."""
    return card_text(game, None, query, how="--card ").splitlines()


def rule_lines(content: dict[str, Any], width: int) -> list[str]:
    """The rule index: every rule number the game cites (in its log, prompts and ``why``),
    with what the rule says, one a line; the numbers past a rulebook's own are warroom's
    (sfe's and eaw1940's books number few paragraphs: a citation audit)."""
    rules = content.get("rules")
    if not isinstance(rules, dict) or not rules:
        raise WarroomError(f"{content.get('game')} has no rule index")
    out = [f"Rules cited by warroom ({len(rules)}; in play, rule N shows one):"]
    for number, text in rules.items():
        out += textwrap.wrap(f"{number}  {text}", width, subsequent_indent="      ") or [""]
    return out


def summary_lines(content: dict[str, Any], width: int) -> list[str]:
    """What the pack holds, with the flag that shows each part."""
    game = content.get("game")
    out = [f"Content of {game}:"]
    filters = {"cards": "--cards", "tables": "--tables"}
    for title, items in _space_lists(content):
        out.append(f"  {title}: {len(items)} (--spaces)")
    for key, value in content.items():
        if key in HIDDEN_KEYS or key in SPACE_KEYS:
            continue
        if isinstance(value, dict) and any(isinstance(value.get(k), list) for k in SPACE_KEYS):
            continue
        size = len(value) if isinstance(value, list | dict) else None
        flag = filters.get(key)
        if size is None:
            out.append(f"  {key}: {_scalar(value)}")
        else:
            out.append(f"  {key}: {size} entr{'y' if size == 1 else 'ies'}"
                       + (f" ({flag})" if flag else " (--json)"))
    for key, flag in (("actions", "--json"), ("rules", "--rules")):
        if isinstance(content.get(key), list | dict):
            out.append(f"  {key}: {len(content[key])} ({flag})")
    # only the flags this game's pack answers (eaw1940 has no cards, eit2 no tables: the
    # line offered them all, and each answered "has none": a new user's run)
    parts = [flag for flag, here in (
        ("--cards, --card N", isinstance(content.get("cards"), list) and content["cards"]),
        ("--spaces", bool(_space_lists(content))),
        ("--tables", isinstance(content.get("tables"), dict) and content["tables"]),
        ("--rules", isinstance(content.get("rules"), dict) and content["rules"]))
        if here]
    shown = (", ".join(parts[:-1]) + " or " + parts[-1]) if len(parts) > 1 else "".join(parts)
    out.append((f"Show one part with {shown}; " if shown else "")
               + "--json prints everything as JSON.")
    return [line for raw in out for line in (textwrap.wrap(raw, width, subsequent_indent="    ")
                                             or [""])]
