"""What the terminal shows of a game: boards, hands, card texts and one-line summaries of
what changed (presentation only; the rules stay in the game).

For the play loop (``warroom play``), every function takes the game's id and views
(``warroom.core.view(state, role)``: what that role may see, never more):

- :func:`render` (``game_id, view, content=None, hand=True``): the board, then the hand
  (:func:`render_board` alone: the board only). eaw1940's board in about 30 lines;
  eit2 in at most 50 lines of at most 80 columns (with a key); sfe every location with
  owner letters (A/W/S/N, readable without colour), lines (with ``content``, the game's
  ``content_json()``) and the battle in progress; tk the event and situation in words.
- :func:`render_hand` (``game_id, view``): the viewing role's hand with each card's texts
  (eit2, sfe; nothing for games without cards), what :func:`render` prints under the board.
- :func:`changes` (``game_id, before, after``): one line saying what changed on the board
  between two views of the same role (before and after an action, including the bots'
  moves in between); "" when nothing visible changed.
- :func:`should_redraw` (``game_id, before, after``): True when the board should be
  printed again: a new Action Round / player turn / turn, a battle begun or ended, the
  set-up or the game over; otherwise print the :func:`changes` line only (and the board on
  the ``board`` command).
- :func:`card_text` (``game, content, number_or_name``): any card's full text for the
  ``card N`` / ``card NAME`` command and ``warroom content GAME --card N`` (a card is
  public information: the deck lists are printed; it says nothing of where the card is);
  :func:`card_entries`: every card so (``content --cards``); :func:`hand_cards`: the cards
  of the hand a view shows. This is the terminal's one card lookup.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from warroom.cli import render_eit2, render_sfe, render_tk
from warroom.cli.choices import fold
from warroom.core.errors import WarroomError
from warroom.core.log import LogEntry
from warroom.core.log import render as render_entry
from warroom.core.protocol import Game
from warroom.games import load_game
from warroom.games.eit2.game import EuropeInTurmoil2

View = dict[str, Any]


class Route:
    """A front's route in a table cell, wrapped between its places with each place's name
    whole (a cell of plain text wrapped at any space: "Tobruk › El" over "Alamein ›
    Alexandria" on an 80-column terminal, a terminal audit); ``places`` in markup."""

    def __init__(self, places: list[str], style: str = "", joint: str = " ›") -> None:
        self.places = [Text.from_markup(p) for p in places]
        self.style = style
        self.joint = joint          # after each place but the last (a status list: ",")

    def _pieces(self) -> list[Text]:
        """Each place, followed by the arrow to the next one, in the route's style."""
        pieces = [p + Text(self.joint) if i < len(self.places) - 1 else p.copy()
                  for i, p in enumerate(self.places)]
        for piece in pieces:
            piece.stylize_before(self.style)
        return pieces

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widths = [p.cell_len for p in self._pieces()]
        return Measurement(max(widths, default=0), sum(widths) + len(widths) - 1)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        line = Text()
        for piece in self._pieces():
            if line and line.cell_len + 1 + piece.cell_len > options.max_width:
                yield line
                line = Text()
            if line:
                line.append(" ", style=self.style)
            line.append_text(piece)
        yield line


EAW_CONTROL = {"axis": "Axis", "allies": "Allied"}
"""eaw1940's control of an air space or a sea zone in the board's words."""


def render_eaw1940(view: dict[str, Any]) -> RenderableType:
    head = Text.assemble(
        ("Europe At War 1940 ", "bold"),
        f"— turn {view['turn']}/{view['turns']} ({view['date']}) — ",
        (f"{view['ap']} AP left", "bold yellow"),
        f" — Axis VP now {view['vp']}",
    )
    fronts = Table(expand=False, box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    # the heading short enough for its line on 80 columns, and a front's status items
    # wrapped between items, never inside one (an audit saw the board grow to 20-25 lines
    # once a front listed its tanks one by one)
    fronts.add_column("Front")
    # which places are Allied flags (their VP: the Axis's aim, 10.2) and which are ports
    # (sea zone control adds or takes 1 from attacks there): the board had neither (a
    # terminal audit), though both decide where to attack
    fronts.add_column("Route ■Axis □Allied ⚑flag ≈port")
    fronts.add_column("Status, tanks", max_width=24)
    marks = {loc["name"]: _eaw_marks(loc) for loc in view["map"]["locations"]}
    for f in view["fronts"]:
        if not f["in_play"]:
            # its Allied marker is on the board from the set-up, and may hold a reserve
            fronts.add_row(f["name"], Route([loc + marks.get(loc, "") for loc in f["route"]],
                                            style="dim"),
                           Route(["not in play"] + (["[blue]Allied reserve[/]"]
                                                     if f["reserve"] else []), joint=","))
            continue
        idx = f["axis_index"]
        route = []
        for i, loc in enumerate(f["route"]):
            if i == idx:
                route.append(f"[bold red]■{loc}[/]")
            elif i == idx + 1:
                route.append(f"[bold blue]□{loc}[/]")
            elif i <= idx:
                route.append(f"[red]{loc}[/]")
            else:
                route.append(loc)
            route[-1] += marks.get(loc, "")
        if f["allied_location"] == "outside":
            route.append("[bold blue]□(outside)[/]")
        if idx < 0:
            route.insert(0, "[bold red]■(outside)[/]")
        # each side's word its own ("STALLED Allied reserve" read as one phrase), tanks
        # counted (one "Axis tank" each widened the column until the route and the board's
        # heading wrapped: 20-25 lines at 80 columns, an audit)
        said = (["[red]STALLED[/]"] if f["stalled"] else []) + (
            ["[blue]Allied reserve[/]"] if f["reserve"] else [])
        said += [t for t in (_tanks("Axis", f["axis_tanks"]),
                             _tanks("Allied", f["allied_tanks"])) if t]
        fronts.add_row(f["name"], Route(route), Route(said, joint=","))
    # control in two lines, not a table: with the fronts and the menu the board keeps to an
    # 80x24 terminal's screen (a terminal audit saw the turn line scroll away)
    side = EAW_CONTROL
    air = ", ".join(f"{a['name']} {side.get(a['control'], a['control'])}"
                    + (" (superiority)" if a["axis_air_superiority"] else "")
                    for a in view["air_spaces"])
    sea = ", ".join(f"{z['name']} {side.get(z['control'], z['control'])}"
                    for z in view["sea_zones"])
    flags = ", ".join(view["flags_controlled"]) or "none"
    foot = Text(f"Air: {air}.\nSea: {sea}; Malta {view['malta']}; Allied flags held by the "
                f"Axis: {flags}.")
    return Group(head, fronts, foot)


def _eaw_marks(loc: dict[str, Any]) -> str:
    """What follows a place's name on eaw1940's board: "⚑8" for an Allied flag worth 8 VP,
    "≈" for a port (both in rich markup)."""
    out = f"[bold yellow]⚑{loc['flag_vp']}[/]" if loc.get("flag_vp") else ""
    return out + ("[cyan]≈[/]" if loc.get("port") else "")


def _tanks(side: str, used: list[Any]) -> str:
    """A front's tanks of one side in a few words: "Axis tank", "2 Axis tanks (1 used)"."""
    if not used:
        return ""
    spent = sum(1 for u in used if u)
    if len(used) == 1:
        return f"{side} tank" + (" (used)" if spent else "")
    return f"{len(used)} {side} tanks" + (f" ({spent} used)" if spent else "")


def _eaw_changes(before: View, after: View) -> str:
    bits: list[str] = []
    fb = {f["id"]: f for f in before["fronts"]}
    for f in after["fronts"]:
        o = fb.get(f["id"])
        if o is None:
            continue
        said: list[str] = []        # one entry a front, however much of it changed
        if (o["axis_index"], o["allied_location"]) != (f["axis_index"], f["allied_location"]):
            axis = f["axis_location"]
            allies = f["allied_location"]
            said.append("Axis " + ("pushed outside its home" if axis == "outside"
                                   else f"in {axis}")
                        + ", Allies " + ("outside the front's last location"
                                         if allies == "outside" else f"in {allies}"))
        if (o["stalled"], o["reserve"]) != (f["stalled"], f["reserve"]):
            state = ", ".join(w for w, on in (("Axis stalled", f["stalled"]),
                                              ("Allied reserve", f["reserve"])) if on)
            said.append(state or "active, no reserve")
        if said:
            bits.append(f"{f['name']} front: " + ", ".join(said))
        if not o["in_play"] and f["in_play"]:
            bits.append(f"{f['name']} front enters play")
    side = EAW_CONTROL        # as the board says it ("now allies": an audit)
    for key, word in (("air_spaces", "air space"), ("sea_zones", "")):
        ob = {z["id"]: z for z in before[key]}
        for z in after[key]:
            if ob.get(z["id"], z)["control"] != z["control"]:
                held = side.get(z["control"], z["control"])
                bits.append(f"{z['name']} {word} now {held}".replace("  ", " "))
    if before["malta"] != after["malta"]:
        bits.append(f"Malta {after['malta']}")
    if before["vp"] != after["vp"]:
        bits.append(f"VP {before['vp']} -> {after['vp']}")
    if before["turn"] != after["turn"]:
        bits.append(f"now turn {after['turn']} ({after['date']}), {after['ap']} AP")
    return "; ".join(bits)


def _eaw_redraw(before: View, after: View) -> bool:
    return (before["turn"] != after["turn"]
            or bool(before.get("result")) != bool(after.get("result")))


def _generic(view: View) -> RenderableType:
    """A game without a board of its own: its view's scalar facts in words."""
    lines = [Text(f"{k.replace('_', ' ')}: {v}") for k, v in view.items()
             if k not in ("log", "prompt", "map") and not isinstance(v, (dict, list))]
    return Group(*lines)


def render_board(game_id: str, view: View,
                 content: dict[str, Any] | None = None) -> RenderableType:
    """The board of ``game_id`` for ``view`` alone (``content``: the game's
    ``content_json()``, used by sfe for its lines)."""
    if game_id == "eaw1940":
        return render_eaw1940(view)
    if game_id == "eit2":
        return render_eit2.render_board(view)
    if game_id == "sfe":
        # the lines come from the content: the bundled pack's unless the caller passes its
        # own (``--content``)
        return render_sfe.render_board(view, content if content is not None
                                       else load_game("sfe").content_json())
    if game_id == "tk":
        return render_tk.render_board(view, content if content is not None
                                      else load_game("tk").content_json())
    return _generic(view)


def render(game_id: str, view: View, content: dict[str, Any] | None = None,
           hand: bool = True) -> RenderableType:
    """The board, then (``hand``) the viewing role's hand with its card texts."""
    board = render_board(game_id, view, content)
    if not hand or game_id not in ("eit2", "sfe"):
        return board
    return Group(board, render_hand(game_id, view))


def hand_cards(game_id: str, view: View) -> list[dict[str, Any]]:
    """The cards of the hand(s) ``view`` shows (its role's; every side's in a view of
    every role), as the view lists them."""
    if game_id == "eit2":
        return list(view.get("hand") or [])
    if game_id == "sfe":
        return [c for info in view["sides"].values() for c in info.get("hand") or []]
    return []


def render_hand(game_id: str, view: View, owner: str | None = None) -> RenderableType:
    """The viewing role's hand with the cards' texts (empty for games without cards);
    ``owner`` names whose hand it is where several are shown on one screen."""
    if game_id == "eit2":
        return render_eit2.render_hand(view, owner)
    if game_id == "sfe":
        return render_sfe.render_hand(view)
    return Text("")


CHANGES: dict[str, Callable[[View, View], str]] = {
    "eaw1940": _eaw_changes, "eit2": render_eit2.changes, "sfe": render_sfe.changes}
REDRAW: dict[str, Callable[[View, View], bool]] = {
    "eaw1940": _eaw_redraw, "eit2": render_eit2.should_redraw,
    "sfe": render_sfe.should_redraw, "tk": render_tk.should_redraw}


def changes(game_id: str, before: View, after: View,
            content: dict[str, Any] | None = None) -> str:
    """One line: what changed on the board between two views of one role ("" if nothing
    visible did); ``content``: the game's pack, whose names tk's line uses."""
    if game_id == "tk":
        return render_tk.changes(before, after, content)
    fn = CHANGES.get(game_id)
    return fn(before, after) if fn is not None else ""


def should_redraw(game_id: str, before: View, after: View) -> bool:
    """Whether to print the board again after an action (see the module doc)."""
    fn = REDRAW.get(game_id)
    return fn(before, after) if fn is not None else True


def _norm(text: str) -> str:
    """A title as typed: case, accents, spaces and punctuation do not count."""
    return "".join(ch for ch in fold(text) if ch.isalnum())


def card_entries(game: Game) -> list[tuple[str, str, list[str]]]:
    """Every card of ``game`` as (number or id, title, lines to print), in the content's
    order (empty for a game without cards); ``warroom content GAME --cards`` prints them."""
    data = game.content_json()
    out: list[tuple[str, str, list[str]]] = []
    if isinstance(game, EuropeInTurmoil2):
        # each card as a player reads it in a hand, its marks (text reconstructed) included
        for c in data["cards"]:
            out.append((str(c["number"]), c["title"],
                        render_eit2.card_lines(game.card(c["number"]))))
    elif game.id == "sfe":
        for c in data["cards"]:
            out.append((str(c["id"]), c["name"], render_sfe.card_lines(c)))
    return out


def score_text(game_id: str | None, key: str, value: float) -> str | None:
    """A final score as the game's board writes it, where that differs from a number
    (eit2's signed Power: ``LW19``, as its track shows it); None: the number will do."""
    if game_id == "eit2" and key == "power":
        return render_eit2.power_words(int(value))
    return None


def result_detail(game_id: str | None, scores: dict[str, float]) -> str | None:
    """A result's figures in words where a game's are counts rather than scores (tk: what
    the event changed, "nothing changed; 1 die rolled", not "Changes 0; Instructions 0;
    Dice 1; Steps lost 0": a terminal audit); None: the scores as they are."""
    if game_id != "tk":
        return None

    def count(key: str, one: str, many: str) -> str | None:
        n = int(scores.get(key, 0))
        return None if n <= 0 else f"1 {one}" if n == 1 else f"{n} {many}"

    said = [count("changes", "change to the situation", "changes to the situation")
            or "nothing changed",
            count("instructions", "instruction for the map", "instructions for the map"),
            count("dice", "die rolled", "dice rolled"),
            count("steps_lost", "step lost", "steps lost")]
    return "; ".join(x for x in said if x)


def has_ongoing(game_id: str) -> bool:
    """Whether ``game_id`` keeps lasting Events the ``ongoing`` command lists (eit2): help
    and Tab completion offer it only there."""
    return game_id == "eit2"


def ongoing_text(game_id: str, view: View) -> list[str]:
    """The ``ongoing`` command: the lasting Events in force, in full (eit2)."""
    if not has_ongoing(game_id):
        raise WarroomError(f"{game_id} keeps no lasting Events to list; board shows what is "
                           "in play")
    return render_eit2.ongoing_lines(view)


def card_text(game: Game | str, content: Path | None, ref: str | int,
              how: str = "card ") -> str:
    """The full text of a card named by its number (eit2: ``21``; sfe: its id ``ax17``) or
    by its title or an unambiguous beginning of it, any case and accents (``munich``).
    ``game``: a loaded game, or a game id loaded with ``content`` (a content folder, or
    None for the bundled pack). Raises :class:`WarroomError` with what to type instead,
    written as ``how`` (the play loop's command ``card ``; ``--card `` at the command
    line)."""
    g = load_game(game, content) if isinstance(game, str) else game
    cards = card_entries(g)
    if not cards:
        raise WarroomError(f"{g.id} has no cards")
    key = str(ref).strip()
    for number, _title, lines in cards:
        if number.lower() == key.lower():
            return "\n".join(lines)
    want = _norm(key)
    # the title's first word as typed ("card germany", not "card germanyscoring": _norm
    # drops the spaces; a terminal audit)
    words = fold(cards[0][1]).split()
    first_word = _norm(words[0]) if words else ""
    example = f"{how}{cards[0][0]}, {how}{first_word}"
    kind = "number" if cards[0][0].isdigit() else "id"
    if not want:
        raise WarroomError(f"{how.strip()} needs a card {kind} or name: {example}")
    if key.isdigit() and kind == "id":
        # sfe's menus number a card by its id's number (14 for Guderian, ax14): the ids
        # with that number (an Axis and an Allied card may share it)
        numbered = [c for c in cards
                    if (n := c[0].lstrip("abcdefghijklmnopqrstuvwxyz")).isdigit()
                    and int(n) == int(key)]
        if len(numbered) == 1:
            return "\n".join(numbered[0][2])
        if numbered:
            raise WarroomError(f"{key} is the number of {len(numbered)} {g.id} cards: "
                               + "; ".join(f"{c[0]} {c[1]}" for c in numbered)
                               + "; give the id (" + how + numbered[0][0] + ")")
    if key.isdigit():
        # a number names a card by its number only ("1" is not the "1" of "V-1 Offensive")
        raise WarroomError(f"no {g.id} card {kind} {key[:20]}; give a card {kind} or the "
                           f"beginning of its title: {example}")
    # a card's titles: its own and the pack's other spellings (its ``aliases``: "munich
    # beer" found nothing under a pack that gave card 21 that alias, a terminal audit)
    other = {str(a.value): g.names_of(a) for a in g.catalogue if a.kind == "card"}
    titles_of = {c[0]: [_norm(t) for t in (c[1], *other.get(c[0], ()))] for c in cards}
    exact = [c for c in cards if want in titles_of[c[0]]]
    begins = [c for c in cards if any(t.startswith(want) for t in titles_of[c[0]])]
    inside = [c for c in cards if any(want in t for t in titles_of[c[0]])]
    found = exact or begins or inside
    titles = sorted({c[1] for c in found})
    ids = ""
    if kind == "id":            # the start of an id ("ax"): say which ids it starts
        prefix = [c[0] for c in cards if c[0].lower().startswith(key.lower())]
        if prefix:
            ids = f" (ids {prefix[0]}-{prefix[-1]}: give a whole id)"
    if not found:
        raise WarroomError(f"no {g.id} card with the {kind} or name {key[:40]!r}{ids}; give "
                           f"a card {kind} or the beginning of its title: {example}")
    if len(titles) > 1:
        where = "begin with" if exact or begins else "hold"
        by_title: dict[str, list[str]] = {}
        for c in found:
            by_title.setdefault(c[1], []).append(c[0])
        shown = "; ".join(f"{t} ({', '.join(n)})" if kind == "id" else f"{n[0]} {t}"
                          for t, n in list(by_title.items())[:12])
        raise WarroomError(f"{len(titles)} {g.id} card titles {where} {key[:40]!r}: {shown}"
                           + (" and more" if len(by_title) > 12 else "")
                           + f". Be more precise{ids}")
    same = [c[0] for c in found]
    text = "\n".join(found[0][2])
    if len(same) > 1:
        text += f"\n    ({len(same)} copies: {', '.join(same)})"
    return text


def print_log(console: Console, entries: list[LogEntry]) -> None:
    """Log lines, each wrapped at the terminal's width (at most 100) under its bullet."""
    width = max(40, min(console.width, 100))
    for entry in entries:
        line = render_entry(entry)
        wrapped = textwrap.wrap(line, width - 4) or [line]
        text = "\n".join(["  · " + wrapped[0], *("    " + w for w in wrapped[1:])])
        console.print(Text(text, style="dim" if line.startswith("Front Table") else ""))
