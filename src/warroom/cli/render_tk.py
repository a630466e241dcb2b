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
          "region": "Regions (part of their Country)",
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


def _marker(m: str) -> str:
    """A Country's marker as its counter reads: "Soviet Influence", "Nationalist Stronghold",
    "Free Passage" ("markers influence soviet" read as the state's words: a terminal
    audit)."""
    kind, _, whose = m.partition(":")
    words = _words(kind).title()
    return f"{whose.title()} {words}" if whose else words


def _policy(p: str, names: dict[str, str]) -> str:
    """A Policy by its name from the situation's ``names`` ("Ostland Accord Policy"; it read
    "policy ostland")."""
    return f"{names.get(p) or _words(p).title()} Policy"


def _country(name: str, c: dict[str, Any], policies: dict[str, str]) -> str:
    bits = [_marker(m) for m in c.get("markers") or []]
    if c.get("policy"):
        bits.append(_policy(str(c["policy"]), policies))
    if c.get("posture"):
        bits.append(f"posture {_words(str(c['posture']))}")
    if c.get("conquered_by"):
        bits.append(f"by {FACTION.get(c['conquered_by'], c['conquered_by'])}")
    return f"{name} ({', '.join(bits)})" if bits else name


def _vp_marker(v: str) -> str:
    """``ss_europa`` as the marker reads: "SS Europa"."""
    return " ".join(w.upper() if w in ("ss",) else w.capitalize() for w in v.split("_"))


def _pieces_lines(s: dict[str, Any], lands: dict[str, str]) -> list[Text | Hanging]:
    """The units, the markers in play and the boxes' contents a decision may turn on (a
    terminal audit judged "a Force Pool unit or two armor steps" only by trying one and
    undoing it): units by where they stand, with their steps; markers off the Unused pile
    by kind and place; the Ceded Lands box; Lend-Lease; Republican Support; partners."""
    out: list[Text | Hanging] = []
    where: dict[str, list[str]] = {}
    for u in (s.get("units") or {}).values():
        steps = f" {u['steps']}/{u['max_steps']} steps" if u.get("max_steps", 1) > 1 else ""
        where.setdefault(str(u.get("loc")), []).append(f"{u['name']}{steps}")
    if where:
        out.append(Hanging("Units: " + "; ".join(f"{loc}: {', '.join(names)}"
                                                 for loc, names in where.items())))
    marks: dict[str, list[str]] = {}
    for (kind, loc), n in _marker_places(s).items():
        marks.setdefault(kind, []).append(f"{loc} x{n}" if n > 1 else loc)
    if marks:
        out.append(Hanging("Markers: " + "; ".join(f"{kind} in {', '.join(places)}"
                                                   for kind, places in marks.items())))
    ceded = [lands.get(k, _words(k)) for k, v in (s.get("ceded") or {}).items()
             if v not in (None, "Unused")]
    if ceded:
        out.append(Hanging("Ceded Lands: " + ", ".join(ceded)))
    extra = []
    if s.get("lend_lease") not in (None, "Unused"):
        extra.append(f"Lend-Lease marker in the {s['lend_lease']}")
    rs = s.get("republican_support")
    if rs:
        extra.append(f"Republican Support ({rs.get('country')}): the "
                     f"{FACTION.get(str(rs.get('faction')), rs.get('faction'))} faction")
    if s.get("partners_in_play"):
        extra.append("partners in play: " + ", ".join(map(str, s["partners_in_play"])))
    if extra:
        out.append(Hanging("; ".join(extra)))
    return out


def situation_lines(s: dict[str, Any], lands: dict[str, str] | None = None,
                    regions: frozenset[str] = frozenset()) -> list[Text | Hanging]:
    """The political situation (rule 13) in a few lines of words (``lands``: the Ceded
    Land markers' names by id; ``regions``: the content's Regions, which are part of a
    Country, not Dependents, until an event makes one a Country)."""
    war = WAR.get(s["war"], s["war"])
    out: list[Text | Hanging] = [Text(
        f"Situation {s['situation']}: {war}, turn {s['turn']}; Pacific war: "
        + ", ".join(f"{FACTION.get(f, f)} {_words(v)}" for f, v in s["pacific"].items()))]
    groups: dict[str, list[str]] = {}
    policies = {str(k): str(p.get("name") or k) for k, p in (s.get("policies") or {}).items()
                if isinstance(p, dict)}
    for name, c in s["countries"].items():
        # a Region still part of its Country was listed as a Dependent, which the rules
        # say it is not (15.26: "neither a Minor Country nor a Dependent": a terminal audit)
        status = "region" if name in regions and c["status"] == "dependent" else c["status"]
        groups.setdefault(str(status), []).append(_country(name, c, policies))
    for status, names in groups.items():
        out.append(Hanging(f"{STATUS.get(status, status)}: {', '.join(names)}"))
    boxes = []
    for b in (s.get("boxes") or {}).values():
        bits = []
        if b.get("truce") is not None:
            bits.append(f"Truce {b.get('truce_name') or ''} {b['truce']}".replace("  ", " "))
        if b.get("policy"):
            bits.append(_policy(str(b["policy"]), policies))
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
    out += _pieces_lines(s, lands or {})
    extra = []
    if s.get("vp_marker"):
        extra.append(f"VP marker {_vp_marker(str(s['vp_marker']))}")
    if s.get("axis_tide"):
        extra.append("Axis Tide")
    if s.get("military_takeover"):
        extra.append("Military Takeover")
    if s.get("war_economy"):
        extra.append("War Economy " + ", ".join(f"{k} {v:+d}"
                                               for k, v in s["war_economy"].items()))
    if s.get("control"):
        extra.append("control " + ", ".join(f"{k} {FACTION.get(str(v), v)}"
                                            for k, v in s["control"].items()))
    if extra:
        out.append(Hanging("; ".join(extra)))
    return out


def region_names(content: dict[str, Any] | None) -> frozenset[str]:
    """The content's Regions (kind ``region``): parts of a Country (15.34 may make one a
    Country of its own)."""
    listed = ((content or {}).get("components") or {}).get("countries") or []
    return frozenset(d["name"] for d in listed if d.get("kind") == "region")


def land_names(content: dict[str, Any] | None) -> dict[str, str]:
    """Ceded Land ids to their names: ``ge_transylvania`` -> "Transylvania (Rumania)"."""
    content = content or {}
    listed = content.get("ceded_lands") or (content.get("components") or {}).get(
        "ceded_lands") or []
    return {d["id"]: f"{d['land']} ({d['country']})" if d.get("land") != d.get("country")
            else str(d["land"]) for d in listed}


_EVENT_WORDS = {"land": "Ceded Land", "type": "Failure type", "area": "Area Table",
                "card": "Production Directive card", "challenge": "challenge to",
                "variant": "variant"}


def render_board(view: dict[str, Any], content: dict[str, Any] | None = None) -> RenderableType:
    ev = view["event"]
    lands = land_names(content)

    def told(k: str, v: Any) -> str:
        shown = lands.get(str(v), _words(str(v))) if k == "land" else str(v)
        return f"; {_EVENT_WORDS.get(k, k)} {shown}"
    parts: list[RenderableType] = [Text.assemble(
        ("Totaler Krieg! political event ", "bold"),
        (f"{ev['event']} {view['event_name']}", "bold"),
        f", received by the {FACTION.get(ev['faction'], ev['faction'])} faction"
        + "".join(told(k, v) for k, v in ev.items()
                  if k not in ("event", "faction") and v is not None))]
    parts += situation_lines(view["situation"], lands, region_names(content))
    pending = view.get("pending")
    if pending:
        # play prints the prompt again under the board, replay only this line: wrapped
        # under itself (its continuation came at column 0: a terminal audit)
        parts.append(Hanging(f"Being resolved: {FACTION.get(pending['role'], pending['role'])}"
                             f" decides [{pending['rule']}]: {pending['prompt']}", indent=0))
    instr = view.get("instructions") or []
    if instr:
        parts.append(Text("Instructions for the physical map so far:", style="bold"))
        parts += [Hanging(f"- {line}", hang=4) for line in instr]
    # the result is not repeated here: play and replay print it after the board, with its
    # counts (it came twice at game over: an audit)
    return Group(*parts)


def changes(before: dict[str, Any], after: dict[str, Any],
            content: dict[str, Any] | None = None) -> str:
    """One line: what changed between two views; the Ceded Lands named as ``content`` (the
    game's pack: a bundled pack's names under a ``--content`` pack's board was a code
    review's find) names them."""
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
            bits.append(f"{name}: markers {', '.join(map(_marker, c['markers'])) or 'none'}")
    for name in sb["countries"]:
        if name not in sa["countries"]:
            bits.append(f"{name} no longer exists")
    ub, ua = sb.get("units") or {}, sa.get("units") or {}
    for uid, u in ua.items():
        o = ub.get(uid)
        if o is None:
            bits.append(f"{u['name']} in {u['loc']}")
        elif (o["steps"], o["loc"]) != (u["steps"], u["loc"]):
            moved = f" to {u['loc']}" if o["loc"] != u["loc"] else ""
            steps = (f" {o['steps']} -> {u['steps']} steps" if o["steps"] != u["steps"]
                     else "")
            bits.append(f"{u['name']}{moved}{steps}")
    for uid, o in ub.items():
        if uid not in ua:
            bits.append(f"{o['name']} gone")
    boxed = [(land, box) for land, box in (sa.get("ceded") or {}).items()
             if (sb.get("ceded") or {}).get(land) != box]
    if boxed:
        names = land_names(content)
        bits += [f"Ceded Land {names.get(land, _words(land))} now in {box}"
                 for land, box in boxed]
    cb, ca = sb.get("control") or {}, sa.get("control") or {}
    for place in sorted(set(cb) | set(ca)):
        if cb.get(place) != ca.get(place):
            who = ca.get(place)
            bits.append(f"{place} now controlled by {FACTION.get(str(who), who)}" if who
                        else f"{place}: control marker gone")
    mb, ma = _marker_places(sb), _marker_places(sa)
    for (kind, loc) in sorted(set(mb) | set(ma)):
        d = ma.get((kind, loc), 0) - mb.get((kind, loc), 0)
        if d:
            bits.append(f"{kind} {'+' if d > 0 else ''}{d} in {loc}")
    new = len(after.get("instructions") or []) - len(before.get("instructions") or [])
    if new > 0:
        bits.append(f"{new} new instruction(s) for the map")
    return "; ".join(bits)


def _marker_places(s: dict[str, Any]) -> dict[tuple[str, str], int]:
    """How many markers of each kind (and owner) stand in each place, the Unused pile left
    out."""
    out: dict[tuple[str, str], int] = {}
    for m in s.get("markers") or []:
        if m.get("loc") in (None, "Unused"):
            continue
        owner = FACTION.get(str(m.get("owner")), "")
        kind = _words(str(m["type"])).capitalize() + (f" ({owner})" if owner else "")
        key = (kind, str(m["loc"]))
        out[key] = out.get(key, 0) + 1
    return out


_POLITICAL = ("war", "turn", "pacific", "countries", "policies", "boxes", "civil_war")
"""The situation's keys that make a new political situation: the board is drawn again when
one changes; units, markers and instructions changing step by step are told on the Changed
line (the board came again after each infantry step lost: a terminal audit)."""


def should_redraw(before: dict[str, Any], after: dict[str, Any]) -> bool:
    sb, sa = before["situation"], after["situation"]
    return (any(sb.get(k) != sa.get(k) for k in _POLITICAL)
            or bool(before.get("result")) != bool(after.get("result")))
