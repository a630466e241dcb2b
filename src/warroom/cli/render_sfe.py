"""Struggle for Europe in the terminal: every location (empty ones too) with its controller,
VP and counters by half, its lines, the battle in progress with both sides' strengths, the
hand with the cards' icons and event texts.

Owners are letters as well as colours (``A`` Axis, ``W`` Western, ``S`` Soviet, ``N``
neutral): the board reads the same with NO_COLOR, in a pipe and through a screen reader.
"""

from __future__ import annotations

import textwrap
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.text import Text

from warroom.games.sfe import play_deck

LETTER = {"axis": "A", "western": "W", "soviet": "S", "neutral": "N", "contested": "X"}
STYLE = {"axis": "bold", "western": "blue", "soviet": "red", "neutral": "yellow",
         "contested": "magenta"}
WORD = {"axis": "Axis", "allies": "Allies", "western": "Western", "soviet": "Soviet"}
WIDTH = 78
ROMAN = {1: "I", 2: "II", 3: "III"}


def _counter(u: dict[str, Any]) -> Text:
    """``A3`` an Axis 3-strength army, ``AF`` an Axis fortress (letter, then strength)."""
    return Text(f"{LETTER[u['owner']]}{'F' if u['fortress'] else u['strength']}",
                style=STYLE[u["owner"]])


def _owner(name: str) -> Text:
    return Text(LETTER.get(name, "?"), style=STYLE.get(name, ""))


def lines_by_location(content: dict[str, Any] | None, deck: int) -> dict[str, list[str]]:
    """Each location's lines from the content (``warroom content sfe --json``'s lines):
    ``e>Warsaw`` leaves from the east half, ``~`` a naval line, ``->`` one way only,
    ``(from the Allied 2nd play deck)`` a line in effect from then on (2.3), ``[2]`` the
    defence value printed at
    this location's end (2: what a defender here adds against an attack along it)."""
    out: dict[str, list[str]] = {}
    if not content:
        return out
    for ln in content.get("lines", []):
        naval = "~" if ln["kind"] == "naval" else ""
        later = (f" (from the {play_deck(ln['active_from_deck'], 'allies')})"
                 if ln.get("active_from_deck", 1) > deck else "")
        arrow = "->" if ln.get("one_way") else ">"
        da, db = ln.get("defense_a", 0), ln.get("defense_b", 0)
        out.setdefault(ln["a"], []).append(
            f"{ln['a_half'][0]}{arrow}{naval}{ln['b']}{f'[{da}]' if da else ''}{later}")
        if not ln.get("one_way"):
            out.setdefault(ln["b"], []).append(
                f"{ln['b_half'][0]}>{naval}{ln['a']}{f'[{db}]' if db else ''}{later}")
    return out


NARROW = 80
"""The status lines and a card's first line keep to 80 columns, each continuation indented
(at 80 columns the terminal broke them anywhere, unindented: a terminal audit)."""
WIDEST = 100
"""The board grows with the terminal up to this many columns (the status lines wrapped at
80 on a 100-column terminal: a terminal audit)."""


def _narrow(*segments: str, sep: str = "; ", width: int = NARROW) -> list[Text]:
    """``segments`` joined by ``sep`` on lines of ``width`` columns at most, a line
    broken only between segments ("strategic bombing 0 on the Axis side" stays whole: a
    review); a continuation line is indented."""
    out: list[Text] = []
    for i, line in enumerate(_fill(list(segments), width - 4, sep, width)):
        # a continuation indented (4 columns, in the width given to it)
        out.append(Text(line if i == 0 else f"    {line}"))
    return out


def _fill(items: list[str], width: int, sep: str = ", ", first: int | None = None
          ) -> list[str]:
    """``items`` joined by ``sep`` on lines of ``width`` columns at most (the first line
    ``first``, where given), broken between items (an item longer than a line on its own
    is wrapped at words)."""
    lines: list[str] = []

    def room(i: int) -> int:
        return first if first is not None and i == 0 else width

    for item in items:
        if lines and len(lines[-1]) + len(sep) + len(item) <= room(len(lines) - 1):
            lines[-1] += sep + item
            continue
        if lines:
            lines[-1] += sep.rstrip()
        if not lines and first is not None:
            head = textwrap.wrap(item, first) or [""]
            lines.append(head[0])
            item = " ".join(head[1:])
            if not item:
                continue
        lines += textwrap.wrap(item, width) or [""]
    return lines


class _Board:
    """The board, laid out for the width it is printed in (80 to :data:`WIDEST` columns)."""

    def __init__(self, view: dict[str, Any], content: dict[str, Any] | None) -> None:
        self.view = view
        self.content = content

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield board_lines(self.view, self.content, max(NARROW, min(WIDEST, options.max_width)))


def render_board(view: dict[str, Any], content: dict[str, Any] | None = None) -> RenderableType:
    """The situation, every location, the sides' cards and the battle (see the module doc),
    as wide as the terminal allows. ``content``: the game's content (for the lines; without
    it the lines are left out)."""
    return _Board(view, content)


def board_lines(view: dict[str, Any], content: dict[str, Any] | None = None,
                width: int = NARROW) -> Group:
    """The board's lines for a terminal ``width`` columns wide (at least 80)."""
    wide = width - 2        # the key and the lines keep a margin of 2
    vp = view["vp"]
    b = view["bombing"]
    active = view.get("active")
    diff = vp["differential"]
    head = _narrow(
        f"Struggle for Europe - turn {view['turn']}, {WORD[view['player_turn']]} player turn, "
        f"{view['operations_left']} operation(s) left",
        f"{WORD.get(active, active)} to act" if active else "game over", sep=" - ", width=width)
    head[0].stylize("bold", 0, len("Struggle for Europe"))
    parts: list[RenderableType] = list(head)
    # who leads, and what wins (a "differential -3" named no side, and no screen said the
    # 7-VP lead wins: an audit)
    lead = (f"{'Axis' if diff > 0 else 'Allies'} lead by {abs(diff)}" if diff else "level")
    parts += _narrow(
        f"VP Axis {vp['axis']}, Allies {vp['allies']} ({lead}); to win: a 7-VP lead "
        "(9.2-9.3),", "which the Allies must reach before the game ends (9.4)", sep=" ",
        width=width)
    parts += _narrow(
        f"Soviets {'active' if view['soviets_active'] else 'not yet active (6.4)'}",
        f"USA box {'active' if view['usa_active'] else 'inactive (6.6)'}",
        "strategic " + _bombing(b, "on the {side} side"), sep=" | ", width=width)
    for side, info in view["sides"].items():
        deck = info["play_deck_number"]
        # the chevron piles by their deck (II, III), kept in the view once shuffled in (0)
        waiting = [(d, n) for d, n in enumerate(info.get("chevron_cards_waiting") or [], 2)
                   if d > deck]
        # the decks as the rulebook (6) and the web page name them, "the 1st play deck" (it
        # read "play deck I" and, past the Axis 3rd, "III, reshuffle 2"); then the chevron
        # cards to come, by their chevrons
        parts += _narrow(
            f"{WORD[side]}: hand {info['hand_count']}/{info['hand_size']}",
            f"{play_deck(deck)}: {info['play_deck']} cards left"
            + (" (then " + ", ".join(f"{ROMAN.get(d, d)}: {n}" for d, n in waiting) + ")"
               if waiting else ""),
            f"recycle {info['recycle_count']}, eliminated {len(info['eliminated'])}",
            width=width)
    for line in textwrap.wrap(
            "Key: owner A Axis, W Western, S Soviet, N neutral, X contested; A3 = an Axis "
            "3-strength army, AF = an Axis fortress. Each location has two halves (west/east "
            "or north/south): counters stand in one ('west: A3 A2'); a line leaves from one "
            "half ('e>Warsaw': from the east half; ~ naval, -> one way; [2] the defence "
            "printed at this end, 8.2). 'no supply: A' = the Axis counters there trace no "
            "supply line now (8.6: the side's counters lose one at the end of its player "
            "turn).", wide):
        parts.append(Text(line, style="dim"))
    # the lines open from an Allied play deck (2, 6.6) open with the Allies' deck, not the
    # Axis': with the Axis a deck ahead the board showed them open (an sfe rules audit)
    deck = min(3, int(view["sides"]["allies"]["play_deck_number"]))
    lines = lines_by_location(content, deck)
    for loc in view["locations"]:
        row = Text()
        # a pack's long name is cut with "…" and a space kept before the owner's letter
        # ("Cotentin CoastW": a terminal audit)
        name = str(loc["name"])
        row.append(f"{name if len(name) <= 13 else name[:12] + '…':<13} ")
        row.append_text(_owner(loc["control"]))
        if loc["control"] != "contested" and loc.get("flag") and loc["flag"] != loc["control"]:
            row.append(f"(flag {LETTER.get(loc['flag'], '?')})")
        row.append(f" {loc['vp']}VP " if loc["vp"] else "     ")
        halves: dict[str, list[dict[str, Any]]] = {}
        for u in loc["counters"]:
            halves.setdefault(u["half"], []).append(u)
        if not halves:
            row.append("-", style="dim")
        for i, (h, units) in enumerate(halves.items()):
            if i:
                row.append(" | ")
            row.append(f"{h}:")
            for u in units:
                row.append(" ")
                row.append_text(_counter(u))
        cut = loc.get("out_of_supply") or []
        if cut:
            row.append(" no supply: " + " ".join(LETTER.get(o, "?") for o in cut),
                       style="bold red")
        if lines.get(loc["name"]):
            first, *rest = lines[loc["name"]]
            said = ", ".join(["lines " + first, *rest])
            if len(row.plain) + 2 + len(said) <= wide:
                row.append("  " + said, style="dim")
            else:       # under the row, never wider than the board, broken between lines
                # (never inside "(from the Allied 3rd play deck)")
                for line in _fill(["lines " + first, *rest], wide - 16):
                    row.append("\n" + " " * 16 + line, style="dim")
        parts.append(row)
    battle = view.get("battle")
    if battle:
        parts += battle_lines(battle, battle.get("defenders"))
    return Group(*parts)


def battle_lines(battle: dict[str, Any],
                 defending: list[dict[str, Any]] | None = None) -> list[Text]:
    """The battle in progress: where, who attacks with what strength (the attackers moving
    in stay on screen), who defends with what (``defending``: the defender's counters in
    the battle's half), the cards played (face down: their number) and the totals once
    revealed (8.1, 8.2)."""
    out = [Text(f"Battle for {battle['location']} ({battle['half']} half): "
                f"{WORD[battle['attacker']]} attack, {WORD[battle['defender']]} defend",
                style="bold")]
    units = battle.get("attackers")
    if units is None:                   # a view of before the attackers were listed
        units = [{**u, "moving_in": True} for u in battle.get("moving_attackers") or []]
    if units:
        moving = any(u.get("moving_in") for u in units)
        att = Text("  attackers moving in: " if moving else "  attackers in the location: ")
        for i, u in enumerate(units):
            if i:
                att.append(" ")
            att.append_text(_counter({**u, "fortress": False}))
        att.append(f" (strength {sum(u['strength'] for u in units)})")
        out.append(att)
    if defending is not None:
        dfd = Text("  defenders: ")
        for i, u in enumerate(defending):
            if i:
                dfd.append(" ")
            dfd.append_text(_counter(u))
        dfd.append(f" (strength {sum(u['strength'] for u in defending)})" if defending
                   else "none")
        out.append(dfd)
    dv = battle.get("location_defence") or 0
    out.append(Text(f"  line defence value {dv}; the defender wins ties (8.2)"))
    for key in ("attacker", "defender"):
        cards = battle.get(f"{key}_cards")
        if isinstance(cards, int):
            txt = f"{cards} card(s) face down"
        elif cards:
            txt = "; ".join(_battle_card(c) for c in cards)
        else:
            txt = "none yet"
        out.append(Text(f"  {key}'s cards: {txt}"))
    totals = battle.get("totals")
    if totals:
        out.append(Text(f"  totals: attack {totals['attack']}, defence {totals['defence']}"))
    return out


def _battle_card(card: dict[str, Any]) -> str:
    """A card committed to a battle, with what it was played for (8.1)."""
    if card.get("played_for", "air power") == "air power":
        return f"{card['name']} (air power {card['air']})"
    event = card.get("event_name")
    return f"{card['name']} (battle event{': ' + event if event else ''})"


def card_lines(card: dict[str, Any]) -> list[str]:
    """A card as a player reads it: name, id, icons (builds, fortress, bombing, move, air)
    and its event text, wrapped."""
    bits = []
    for key, txt in (("build", "builds {}"), ("build_western", "Western builds {}"),
                     ("build_soviet", "Soviet builds {}")):
        if card.get(key):
            bits.append(txt.format(card[key]))
    if card.get("fortress"):
        bits.append("fortress")
    if card.get("bombing"):
        bits.append("strategic bombing")
    if card.get("move"):
        bits.append(f"{card['move']} move")
    if card.get("air"):
        bits.append(f"air {card['air']}")
    # its chevrons: the play deck it comes in with (6; it read "deck 2" beside the board's
    # play decks, as the web page's card did)
    out = textwrap.wrap(f"{card['name']} ({card['id']}, {WORD.get(card['side'], card['side'])}"
                        f", from the {play_deck(card['deck'])}): {', '.join(bits) or 'no icon'}",
                        width=NARROW, subsequent_indent="    ")
    if card.get("event_text"):
        kind = "battle event" if card.get("battle_event") else "event"
        out += textwrap.wrap(f"{kind} {card.get('event_name') or ''}: {card['event_text']}",
                             width=WIDTH - 4, initial_indent="    ",
                             subsequent_indent="    ")
    return out


def render_hand(view: dict[str, Any]) -> RenderableType:
    out: list[Text] = []
    for side, info in view["sides"].items():
        if info.get("hand") is None:
            continue
        n = len(info["hand"])
        out.append(Text(f"Your hand ({WORD[side]}, {n} card{'s' if n != 1 else ''}):",
                        style="bold"))
        for card in info["hand"]:
            for i, line in enumerate(card_lines(card)):
                out.append(Text(line, style="bold" if i == 0 else ""))
    return Group(*out)


def _counters(view: dict[str, Any]) -> dict[str, list[str]]:
    """Each location's counters in words, by half: ``["west A2 A3", "east W1"]``."""
    out: dict[str, list[str]] = {}
    for loc in view["locations"]:
        halves: dict[str, list[str]] = {}
        for u in loc["counters"]:
            halves.setdefault(u["half"], []).append(
                f"{LETTER[u['owner']]}{'F' if u['fortress'] else u['strength']}")
        out[loc["name"]] = [f"{half} {' '.join(sorted(us))}" for half, us in sorted(halves.items())]
    return out


def _battle_key(battle: dict[str, Any] | None) -> tuple[str, str, str] | None:
    return (battle["location"], battle["half"], battle["attacker"]) if battle else None


def _battle_change(before: dict[str, Any] | None, after: dict[str, Any] | None) -> list[str]:
    """A battle fought or begun between two views, with who attacks: the counters alone
    named no attacker (a battle's end read "Tobruk: west A1 A2 -> west A1", and an army
    moving into battle left its location for nowhere: an audit)."""
    if _battle_key(before) == _battle_key(after):
        return []
    bits = []
    if before:
        bits.append(f"battle for {before['location']} ({before['half']} half) over: the "
                    f"{WORD[before['attacker']]} attacked")
    if after:
        units = after.get("attackers")
        if units is None:                   # a view of before the attackers were listed
            units = [{**u, "moving_in": True} for u in after.get("moving_attackers") or []]
        said = []
        for moving, where in ((True, "moving in"), (False, "in the location")):
            these = sorted(f"{LETTER[u['owner']]}{u['strength']}" for u in units
                           if bool(u.get("moving_in")) == moving)
            if these:
                said.append(f"{' '.join(these)} {where}")
        bits.append(f"battle for {after['location']} ({after['half']} half): "
                    f"{WORD[after['attacker']]} attack"
                    + (f" with {', '.join(said)}" if said else "")
                    + f", {WORD[after['defender']]} defend")
    return bits


def changes(before: dict[str, Any], after: dict[str, Any]) -> str:
    """What changed between two views of one role, in one line."""
    bits = _battle_change(before.get("battle"), after.get("battle"))
    old = {loc["name"]: loc for loc in before["locations"]}
    oc, nc = _counters(before), _counters(after)
    for loc in after["locations"]:
        name = loc["name"]
        o = old.get(name)
        if o is None:
            continue
        if oc[name] != nc[name]:
            was = ", ".join(oc[name]) or "empty"
            now = ", ".join(nc[name]) or "empty"
            bits.append(f"{name}: {was} -> {now}")
        if o["control"] != loc["control"]:
            bits.append(f"{name} now {WORD.get(loc['control'], loc['control'])}")
    if before["vp"] != after["vp"]:
        bits.append(f"VP Axis {after['vp']['axis']}, Allies {after['vp']['allies']}")
    if before["bombing"] != after["bombing"]:
        bits.append(_bombing(after["bombing"], "({side} side)"))
    for side, info in after["sides"].items():
        o = before["sides"][side]
        if info["hand_count"] != o["hand_count"]:
            bits.append(f"{WORD[side]} hand {o['hand_count']} -> {info['hand_count']}")
    if (before["turn"], before["player_turn"]) != (after["turn"], after["player_turn"]):
        bits.append(f"now turn {after['turn']}, {WORD[after['player_turn']]} player turn")
    return "; ".join(bits)


def _bombing(b: dict[str, Any], side: str) -> str:
    """The bombing marker in words: at its start "on the black 0", the rulebook's words (it
    read "0 on the center side": an audit), else its value and ``side`` filled in with the
    side as players write it ("the 1 space on the Axis side", 7.2.3; it read "axis")."""
    if b["side"] == "center":
        return "bombing on the black 0"
    return f"bombing {b['value']} " + side.format(side=b["side"].capitalize())


def _board(view: dict[str, Any]) -> list[tuple[str, str, list[str]]]:
    return [(loc["name"], loc["control"], sorted(map(str, loc["counters"])))
            for loc in view["locations"]]


def should_redraw(before: dict[str, Any], after: dict[str, Any]) -> bool:
    """A new player turn, a battle begun or ended, the game over, or the choice of a new
    operation (7.1) after one that changed the board (``before``: the board last printed;
    choosing the first operation of a turn, which changes nothing yet, prints no board
    again; nor does a move's first counter, which counts the operation as made: the board
    came three times in one move into battle, an audit)."""
    prompt = after.get("prompt") or {}
    return ((before["turn"], before["player_turn"]) != (after["turn"], after["player_turn"])
            or bool(before.get("battle")) != bool(after.get("battle"))
            or bool(before.get("result")) != bool(after.get("result"))
            or (before["operations_left"] != after["operations_left"]
                and prompt.get("rule") == "7.1" and _board(before) != _board(after)))
