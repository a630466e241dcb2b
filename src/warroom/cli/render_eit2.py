"""Europe in Turmoil II in the terminal: a board that fits 80 columns by 50 lines, the hand
with its card texts, and one-line summaries of what changed.

Everything is read from the game's view (what the role may see); owners and control are
letters as well as colours (L, R), so the board reads the same with NO_COLOR, in a pipe or
through a screen reader.
"""

from __future__ import annotations

import textwrap
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.text import Text

WIDTH = 78
"""The board's widest line (a margin under 80 columns)."""
CELL = 26
"""One space on the board: name, Stability, SP and control (three to a line)."""
NAME = 13
WIDEST = 118
"""The board grows with the terminal up to this width (its cells and names with it: at 100
columns the names were still cut at 13 characters, "Nord/Pas-de-.": a terminal audit)."""
SCENARIO = {"great_depression": "Depression", "appeasement": "Appeasement"}
TRACK_ABBR = {"United Kingdom": "UK", "Little Entente": "LE"}
REGION_ABBR = {"presence": "P", "domination": "D", "control": "C"}
SETUP_KINDS = ("setup_sp", "setup_ext")
_STYLE = {"lw": "red", "rw": "blue"}


def power_words(p: int) -> str:
    """Power as the track shows it (the board, the result line): ``LW19``, ``RW4``, ``0``."""
    return "0" if p == 0 else f"RW{p}" if p > 0 else f"LW{-p}"


def _sp(n: int, ext: int) -> str:
    return f"{n}" + "*" * ext


def _short(name: str, n: int) -> str:
    return name if len(name) <= n else name[:n - 1].rstrip() + "."


def ongoing_line(penalty: str, ongoing: list[str], marks: list[str],
                 width: int = WIDTH) -> str:
    """The Events in force and the markers on one board line of at most :data:`WIDTH`
    columns; when they do not fit, as many whole titles as do, with how many more Events
    and markers there are (the ``ongoing`` command lists all: no title is cut off
    unsaid)."""
    tail = f" | markers: {', '.join(marks)}" if marks else ""
    full = f"{penalty}Ongoing: {'; '.join(ongoing) or 'none'}{tail}"
    if len(full) <= width:
        return full

    def line(shown: list[str]) -> str:
        more = len(ongoing) - len(shown)
        left = [f"+{more} more"] if more else []
        if marks:
            left.append(f"{len(marks)} marker{'s' if len(marks) != 1 else ''}")
        return (f"{penalty}Ongoing: {'; '.join(shown)}" + ("; " if shown and left else "")
                + ", ".join(left) + " (type ongoing)")
    shown: list[str] = []
    for title in ongoing:
        if len(line([*shown, title])) > width:
            break
        shown.append(title)
    return line(shown)


def _marker(view: dict[str, Any], key: str) -> str:
    """A map marker by its printed name (the view's ``marker_names``), else its key in
    words (a view saved before the names were given)."""
    return str(view.get("marker_names", {}).get(key, key.replace("_", " ")))


def ongoing_lines(view: dict[str, Any]) -> list[str]:
    """The ``ongoing`` command: every Event in force with its text, and the markers."""
    out = [f"Ongoing Events ({len(view['ongoing'])}):" if view["ongoing"] else
           "No Event is in force."]
    for c in view["ongoing"]:
        out += textwrap.wrap(f"{c['number']} {c['title']}: {c.get('event') or ''}".rstrip(": "),
                             WIDTH, initial_indent="  ", subsequent_indent="      ")
    marks = [_marker(view, k) for k, v in view.get("markers", {}).items() if v]
    if marks:
        out.append("Markers: " + ", ".join(marks))
    gone = [f"{c['number']} {c['title']}"
            + (f" (by {c['cancelled_by']})" if c.get("cancelled_by") else "")
            for c in view.get("cancelled") or []]
    if gone:
        out += textwrap.wrap("Cancelled, no longer playable as Events (7.5): "
                             + "; ".join(gone), WIDTH, subsequent_indent="  ")
    return out


def _space_cell(s: dict[str, Any], colonial: bool = False, cell_w: int = CELL) -> Text:
    """``Paris         [2] 2/0   L``: name, Stability (``[2]`` a battleground; ``c`` before
    it a Colonial space, 2.1.6), LW/RW SP with ``*`` per Extremist, control letter (``-``
    none)."""
    stab = f"[{s['stability']}]" if s["battleground"] else f" {s['stability']} "
    sp = f"{_sp(s['lw_sp'], s['lw_extremists'])}/{_sp(s['rw_sp'], s['rw_extremists'])}"
    ctl = s["control"]
    letter = {"lw": "L", "rw": "R"}.get(ctl or "", "-")
    room = max(6, NAME + cell_w - CELL - max(0, len(sp) - 5))
    mark = "c" if colonial else " "
    cell = Text(f"{_short(s['name'], room):<{room}}{mark}{stab} {sp:<5} ")
    cell.append(letter, style=f"bold {_STYLE[ctl]}" if ctl else "dim")
    cell.pad_right(cell_w - cell.cell_len)
    return cell


def _phase(view: dict[str, Any]) -> str:
    pending = view.get("pending") or {}
    if view.get("result"):
        return "game over"
    if pending.get("kind") in SETUP_KINDS:
        return "set-up (3.7-3.8)"
    return (f"AR {view['action_round']}/{view.get('rounds', '?')}, "
            f"{view['phasing'].upper()} phasing")


def _region_line(r: dict[str, Any] | None, name: str) -> Text:
    if r is None:
        return Text(f"{name} (not scored; those next to a Region count for it, 10.1.4)",
                    style="bold")
    vals = "/".join(f"{REGION_ABBR[k]}{v}" for k, v in r["values"].items())
    parts = []
    for side in ("lw", "rw"):
        s = r[side]
        level = (s["level"] or "none")
        parts.append(f"{side.upper()} {level} {s['total']}")
    net = r["net"]
    lead = "even" if net == 0 else f"RW +{net}" if net > 0 else f"LW +{-net}"
    line = Text(f"{name} ", style="bold")
    line.append(f"({vals}) scored now: {', '.join(parts)} -> {lead}")
    return line


def render_board(view: dict[str, Any]) -> RenderableType:
    """The whole board in at most 50 lines, as wide as the terminal allows from 80 columns
    up to :data:`WIDEST` (see the module doc)."""
    return _Board(view)


class _Board:
    """The board, laid out for the width it is printed in."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield board_lines(self.view, max(WIDTH, min(WIDEST, options.max_width - 2)))


def board_lines(view: dict[str, Any], width: int = WIDTH) -> Group:
    """The board's lines for a terminal ``width`` columns wide (three spaces a line)."""
    cell_w = CELL + (width - WIDTH) // 3
    lines: list[Text] = []
    active = (view.get("active") or "").upper()
    who = f"; {active} to act" if active else ""
    scenario = SCENARIO.get(view["scenario"], view["scenario"])
    lines.append(Text.assemble(
        ("Europe in Turmoil II", "bold"),
        f", {scenario}: turn {view['turn']}/{view.get('turns', 10)}, {_phase(view)}{who}"))
    mod, sanc = view["moderation"], view["sanctions"]
    pen = [k.upper() for k, v in view.get("extremist_penalty", {}).items() if v]
    # 20 wins during play only (10.4.1); once the game is over it would mislead (10.4.4:
    # no automatic victory at Final Scoring)
    wins = "" if view.get("result") else " (20 wins)"
    lines.append(Text(
        f"Power {power_words(view['power'])}{wins} | Moderation LW{mod['lw']}/RW{mod['rw']} | "
        f"Tension {view['tension']}/11 | Sanctions LW{sanc['lw']}/RW{sanc['rw']}"))
    left = view["extremists_left"]
    hands = view["hand_sizes"]
    avail = view.get("rearmament_available", {})
    lines.append(Text(
        f"Deck {view['deck_size']}, discard {len(view['discard'])}, removed "
        f"{len(view['removed'])} | Hands LW {hands['lw']}, RW {hands['rw']} | Extremists "
        f"left LW {left['lw']}/RW {left['rw']}"))
    rearm = ", ".join(f"{k.upper()} {'yes' if v else 'no'}" for k, v in avail.items())
    lines.append(Text(f"Rearmament attempt available: {rearm}; tracks: next box, needs, "
                      "+1 side"))
    cells = []
    for r in view["rearmament"]:
        nxt = r.get("next")
        name = TRACK_ABBR.get(r["name"], r["name"])
        side = r["side"].upper()
        if nxt is None:
            tail = f" (done) {side}"
            cells.append(_short(f"{name}: {r['box']}", cell_w - 1 - len(tail)) + tail)
        else:
            tail = f" {nxt['needed']} {side}"
            cells.append(_short(f"{name}: {nxt['box']}", cell_w - 1 - len(tail)) + tail)
    for i in range(0, len(cells), 3):
        lines.append(Text(" ".join(f"{c:<{cell_w - 1}}" for c in cells[i:i + 3]).rstrip()))
    ongoing = [c["title"] for c in view["ongoing"]]
    marks = [_marker(view, k) for k, v in view.get("markers", {}).items()
             if v and k not in ("rhineland_demilitarized",)]
    if view.get("markers", {}).get("rhineland_demilitarized"):
        marks.insert(0, _marker(view, "rhineland_demilitarized"))
    penalty = f"8.3: {'/'.join(pen)} -1 OP a card | " if pen else ""
    lines.append(Text(ongoing_line(penalty, ongoing, marks, width)))
    lines.append(Text("Key: Space Stability LW/RW SP (* an Extremist) control (L LW, R RW, "
                      "- none);", style="dim"))
    # Colonial spaces marked (2.1.6: some Events name "non-Colonial" spaces; the board had
    # no mark, a terminal audit)
    lines.append(Text("[2] Battleground, c Colonial (2.1.6); scoring P/D/C: Presence/"
                      "Dominat./Control", style="dim"))
    colonial = {sp["name"] for sp in (view.get("map") or {}).get("spaces") or []
                if sp.get("colonial")}
    regions: dict[str, list[dict[str, Any]]] = {}
    for s in view["spaces"]:
        regions.setdefault(s["region"], []).append(s)
    scored = {r["name"]: r for r in view.get("regions", [])}
    for name, spaces in regions.items():
        lines.append(_region_line(scored.get(name), name))
        for i in range(0, len(spaces), 3):
            row = Text()
            for s in spaces[i:i + 3]:
                row.append_text(_space_cell(s, s["name"] in colonial, cell_w))
            row.rstrip()
            lines.append(row)
    for line in lines:
        line.truncate(width, overflow="ellipsis")
    return Group(*lines)


def wrap(text: str, indent: str = "    ", width: int = WIDTH) -> list[str]:
    return textwrap.wrap(text, width=width, initial_indent=indent, subsequent_indent=indent)


def card_lines(card: dict[str, Any]) -> list[str]:
    """A card as a player reads it: number, title, side, OPs (or the Region it scores),
    era, marks, then its text wrapped."""
    if card.get("scoring"):
        vals = card.get("scoring_values") or {}
        tag = (f"Scoring card, {card['scoring']}: "
               + ", ".join(f"{k} {v}" for k, v in vals.items()))
    else:
        tag = f"{card['side']}, {card['ops']} OPs"
    marks = []
    if card.get("removed_after_event"):
        marks.append("* removed after the Event")
    if card.get("ongoing"):
        marks.append("ongoing")
    if card.get("mark"):
        marks.append("words rewritten by this pack: the Event plays warroom's own")
    elif card.get("reconstructed"):
        marks.append("text reconstructed")
    elif card.get("reconstructed_mark"):
        marks.append("OPs reconstructed")
    head = f"{card['number']:>3} {card['title']} [{tag}] {card['era']}" + (
        f" ({'; '.join(marks)})" if marks else "")
    out = textwrap.wrap(head, width=WIDTH, subsequent_indent="      ") or [head]
    text = card.get("event") or ""
    if text:
        out += wrap(text)
    if card.get("if_rearmament"):
        out += wrap(f"Played for Rearmament: {card['if_rearmament']}")
    return out


def render_hand(view: dict[str, Any], owner: str | None = None) -> RenderableType:
    """The hand of the view's role (``owner``: whose it is, when several are shown)."""
    hand = view.get("hand")
    if hand is None:
        return Text("")
    whose = f"{owner} hand" if owner else "Your hand"
    many = f"{len(hand)} card{'s' if len(hand) != 1 else ''}"
    lines = [Text(f"{whose} ({many}; type card N for any card):", style="bold")]
    for card in hand:
        for i, line in enumerate(card_lines(card)):
            lines.append(Text(line, style="bold" if i == 0 else ""))
    if any(card.get("reconstructed") for card in hand):
        # the mark was on nearly every card, said nowhere in the game (a terminal audit)
        note = ("(text reconstructed: the rulebook prints no card texts; these follow "
                "history and the rules' intent, and --content DIR takes your own)")
        lines += [Text(x, style="dim") for x in textwrap.wrap(note, width=WIDTH)]
    return Group(*lines)


def changes(before: dict[str, Any], after: dict[str, Any]) -> str:
    """What changed on the board between two views of one role, in one line."""
    bits: list[str] = []
    if before["power"] != after["power"]:
        bits.append(f"Power {power_words(before['power'])} -> {power_words(after['power'])}")
    for key, word in (("tension", "Tension"),):
        if before[key] != after[key]:
            bits.append(f"{word} {before[key]} -> {after[key]}")
    for side in ("lw", "rw"):
        if before["moderation"][side] != after["moderation"][side]:
            bits.append(f"{side.upper()} Moderation {before['moderation'][side]} -> "
                        f"{after['moderation'][side]}")
        if before["sanctions"][side] != after["sanctions"][side]:
            bits.append(f"{side.upper()} Sanctions {after['sanctions'][side]}")
    old = {s["name"]: s for s in before["spaces"]}
    for s in after["spaces"]:
        o = old.get(s["name"])
        if o is None:
            continue
        keys = ("lw_sp", "rw_sp", "lw_extremists", "rw_extremists")
        if any(o[k] != s[k] for k in keys):
            ctl = ""
            if o["control"] != s["control"]:
                ctl = (f", {s['control'].upper()} control" if s["control"]
                       else ", no control")
            bits.append(f"{s['name']} {_sp(o['lw_sp'], o['lw_extremists'])}/"
                        f"{_sp(o['rw_sp'], o['rw_extremists'])} -> "
                        f"{_sp(s['lw_sp'], s['lw_extremists'])}/"
                        f"{_sp(s['rw_sp'], s['rw_extremists'])}{ctl}")
    rb = {r["track"]: r for r in before["rearmament"]}
    for r in after["rearmament"]:
        o = rb.get(r["track"])
        if o is not None and (o["index"], o["side"]) != (r["index"], r["side"]):
            bits.append(f"{r['name']} track: {r['box']} ({r['side'].upper()} side)")
    if (before["turn"], before["action_round"]) != (after["turn"], after["action_round"]):
        bits.append(f"now turn {after['turn']}, Action Round {after['action_round']}")
    return "; ".join(bits)


def should_redraw(before: dict[str, Any], after: dict[str, Any]) -> bool:
    """A new Action Round, turn, or the end of the set-up or of the game."""
    kb = (before.get("pending") or {}).get("kind")
    ka = (after.get("pending") or {}).get("kind")
    return ((before["turn"], before["action_round"], before["phasing"])
            != (after["turn"], after["action_round"], after["phasing"])
            or (kb in SETUP_KINDS) != (ka in SETUP_KINDS)
            or bool(after.get("result")) != bool(before.get("result")))
