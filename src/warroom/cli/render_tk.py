"""Totaler Krieg! political events in the terminal: the event being resolved and the
political situation in words (never the raw JSON), the instructions for the physical map,
and the result."""

from __future__ import annotations

import textwrap
from collections.abc import Iterator
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType
from rich.text import Text

WAR = {"pre_war": "Pre-War", "limited_war": "Limited War", "total_war": "Total War"}
FACTION = {"axis": "Axis", "western": "Western", "soviet": "Soviet"}
STATUS = {"major": "Major Powers", "neutral": "Neutral", "axis": "Axis", "western": "Western",
          "soviet": "Soviet", "conquered": "Conquered", "dependent": "Dependent",
          "removed": "Removed"}


class Hanging:
    """A line of words under a heading: indented, wrapped at words to the console's width
    with its continuations indented further (a rich Text wrapped them to column 0, under
    the heading: an audit)."""

    def __init__(self, text: str, indent: int = 2, hang: int = 4, style: str = "") -> None:
        self.text = text
        self.indent = indent
        self.hang = hang
        self.style = style

    @property
    def plain(self) -> str:
        return " " * self.indent + self.text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        for line in textwrap.wrap(self.text, max(20, options.max_width),
                                  initial_indent=" " * self.indent,
                                  subsequent_indent=" " * self.hang,
                                  break_long_words=False, break_on_hyphens=False) or [""]:
            yield Text(line, style=self.style)


def _words(s: str) -> str:
    return s.replace("_", " ").replace(":", " ")


def _country(name: str, c: dict[str, Any]) -> str:
    bits = [_words(m) for m in c.get("markers") or []]
    if c.get("policy"):
        bits.append(f"policy {_words(str(c['policy']))}")
    if c.get("posture"):
        bits.append(f"posture {_words(str(c['posture']))}")
    if c.get("conquered_by"):
        bits.append(f"by {FACTION.get(c['conquered_by'], c['conquered_by'])}")
    return f"{name} ({', '.join(bits)})" if bits else name


def situation_lines(s: dict[str, Any]) -> list[Text | Hanging]:
    """The political situation (rule 13) in a few lines of words."""
    war = WAR.get(s["war"], s["war"])
    out: list[Text | Hanging] = [Text(
        f"Situation {s['situation']}: {war}, turn {s['turn']}; Pacific war: "
        + ", ".join(f"{FACTION.get(f, f)} {_words(v)}" for f, v in s["pacific"].items()))]
    groups: dict[str, list[str]] = {}
    for name, c in s["countries"].items():
        groups.setdefault(str(c["status"]), []).append(_country(name, c))
    for status, names in groups.items():
        out.append(Hanging(f"{STATUS.get(status, status)}: {', '.join(names)}"))
    boxes = []
    for b in (s.get("boxes") or {}).values():
        bits = []
        if b.get("truce") is not None:
            bits.append(f"Truce {b.get('truce_name') or ''} {b['truce']}".replace("  ", " "))
        if b.get("policy"):
            bits.append(f"policy {_words(str(b['policy']))}")
        if b.get("negotiation"):
            bits.append("negotiation")
        boxes.append(f"{b['name']}" + (f" ({', '.join(bits)})" if bits else ""))
    if boxes:
        out.append(Hanging(f"Posture boxes: {'; '.join(boxes)}"))
    pols = [f"{p['name']} ({', '.join(p['countries']) or 'no country'})"
            for p in (s.get("policies") or {}).values()]
    if pols:
        out.append(Hanging(f"Policies: {'; '.join(pols)}"))
    cw = s.get("civil_war")
    if cw:
        sides: dict[str, list[str]] = {}
        for m in cw.get("markers", []):
            sides.setdefault(m["side"], []).append(f"{m['city']} ({m['type']})")
        out.append(Hanging(f"Civil War in {cw['country']}: " + "; ".join(
            f"{side} {', '.join(v)}" for side, v in sides.items())))
    extra = []
    if s.get("vp_marker"):
        extra.append(f"VP marker {_words(str(s['vp_marker']))}")
    if s.get("axis_tide"):
        extra.append("Axis Tide")
    if s.get("military_takeover"):
        extra.append("Military Takeover")
    if s.get("war_economy"):
        extra.append("War Economy " + ", ".join(f"{k} {v:+d}"
                                               for k, v in s["war_economy"].items()))
    if s.get("control"):
        extra.append("control " + ", ".join(f"{k}: {v}" for k, v in s["control"].items()))
    if extra:
        out.append(Hanging("; ".join(extra)))
    return out


def render_board(view: dict[str, Any]) -> RenderableType:
    ev = view["event"]
    parts: list[RenderableType] = [Text.assemble(
        ("Totaler Krieg! political event ", "bold"),
        (f"{ev['event']} {view['event_name']}", "bold"),
        f", received by the {FACTION.get(ev['faction'], ev['faction'])} faction"
        + "".join(f"; {k} {v}" for k, v in ev.items()
                  if k not in ("event", "faction") and v is not None))]
    parts += situation_lines(view["situation"])
    pending = view.get("pending")
    if pending:
        parts.append(Text(f"Being resolved: {FACTION.get(pending['role'], pending['role'])} "
                          f"decides [{pending['rule']}]: {pending['prompt']}"))
    instr = view.get("instructions") or []
    if instr:
        parts.append(Text("Instructions for the physical map so far:", style="bold"))
        parts += [Hanging(f"- {line}", hang=4) for line in instr]
    # the result is not repeated here: play and replay print it after the board, with its
    # counts (it came twice at game over: an audit)
    return Group(*parts)


def changes(before: dict[str, Any], after: dict[str, Any]) -> str:
    bits = []
    sb, sa = before["situation"], after["situation"]
    if sb["war"] != sa["war"]:
        bits.append(f"now {WAR.get(sa['war'], sa['war'])}")
    for name, c in sa["countries"].items():
        o = sb["countries"].get(name)
        if o is None:
            continue
        if o["status"] != c["status"]:
            bits.append(f"{name} now {STATUS.get(c['status'], c['status'])}")
        elif o["markers"] != c["markers"]:
            bits.append(f"{name}: markers {', '.join(map(_words, c['markers'])) or 'none'}")
    for name in sb["countries"]:
        if name not in sa["countries"]:
            bits.append(f"{name} no longer exists")
    new = len(after.get("instructions") or []) - len(before.get("instructions") or [])
    if new > 0:
        bits.append(f"{new} new instruction(s) for the map")
    return "; ".join(bits)


def should_redraw(before: dict[str, Any], after: dict[str, Any]) -> bool:
    return (before["situation"] != after["situation"]
            or bool(before.get("result")) != bool(after.get("result")))
