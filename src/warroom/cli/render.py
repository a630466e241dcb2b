"""Rich renderings of a game's view (presentation only; the rules stay in the game)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from warroom.core.log import LogEntry
from warroom.core.log import render as render_entry


def render_eaw1940(view: dict[str, Any]) -> RenderableType:
    head = Text.assemble(
        ("Europe At War 1940 ", "bold"),
        f"— turn {view['turn']}/{view['turns']} ({view['date']}) — ",
        (f"{view['ap']} AP left", "bold yellow"),
        f" — Axis VP now {view['vp']}",
    )
    fronts = Table(title="Fronts (route from the Axis home; ■ Axis, □ Allied)", expand=False)
    for col in ("Front", "Route", "Status", "Tanks"):
        fronts.add_column(col)
    for f in view["fronts"]:
        if not f["in_play"]:
            fronts.add_row(f["name"], "[dim]" + " › ".join(f["route"]) + "[/]",
                           "not in play", "")
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
        if f["allied_location"] == "outside":
            route.append("[bold blue]□(outside)[/]")
        if idx < 0:
            route.insert(0, "[bold red]■(outside)[/]")
        status = []
        if f["stalled"]:
            status.append("[red]STALLED[/]")
        if f["reserve"]:
            status.append("[blue]Allied reserve[/]")
        tanks = []
        tanks += ["Axis tank (used)" if u else "Axis tank" for u in f["axis_tanks"]]
        tanks += ["Allied tank (used)" if u else "Allied tank" for u in f["allied_tanks"]]
        fronts.add_row(f["name"], " › ".join(route), " ".join(status), ", ".join(tanks))
    control = Table(title="Control")
    control.add_column("Area")
    control.add_column("Controlled by")
    for a in view["air_spaces"]:
        sup = " (air superiority)" if a["axis_air_superiority"] else ""
        control.add_row(f"{a['name']} air space", f"{a['control']}{sup}")
    for z in view["sea_zones"]:
        control.add_row(f"{z['name']} sea zone", z["control"])
    control.add_row("Malta", view["malta"])
    flags = ", ".join(view["flags_controlled"]) or "none"
    foot = Text(f"Allied flag locations held by the Axis: {flags}")
    return Group(head, fronts, control, foot)


def render_eit2(view: dict[str, Any]) -> RenderableType:
    p = view["power"]
    power = "0" if p == 0 else f"RW{p}" if p > 0 else f"LW{-p}"
    mod = view["moderation"]
    head = Text.assemble(
        ("Europe in Turmoil II ", "bold"),
        f"— turn {view['turn']}, action round {view['action_round']} "
        f"({view['phasing'].upper()} phasing) — Power {power} — Moderation LW{mod['lw']} / "
        f"RW{mod['rw']} — Tension {view['tension']} — Sanctions LW {view['sanctions']['lw']}"
        f" / RW {view['sanctions']['rw']}")
    parts: list[RenderableType] = [head]
    regions: dict[str, list[dict[str, Any]]] = {}
    for s in view["spaces"]:
        regions.setdefault(s["region"], []).append(s)
    for region, spaces in regions.items():
        table = Table(title=region, expand=False)
        for col in ("Space", "Stab", "LW SP", "RW SP", "Control"):
            table.add_column(col)
        for s in spaces:
            lw = f"{s['lw_sp']}" + "*" * s["lw_extremists"]
            rw = f"{s['rw_sp']}" + "*" * s["rw_extremists"]
            ctl = {"lw": "[red]LW[/]", "rw": "[blue]RW[/]"}.get(s["control"] or "", "")
            name = f"[bold]{s['name']}[/]" if s["battleground"] else s["name"]
            table.add_row(name, str(s["stability"]), lw, rw, ctl)
        parts.append(table)
    tracks = Table(title="Rearmament")
    for col in ("Track", "Box", "Side"):
        tracks.add_column(col)
    for r in view["rearmament"]:
        tracks.add_row(r["name"], r["box"], r["side"].upper())
    parts.append(tracks)
    if view.get("hand") is not None:
        hand = ", ".join(f"{c['title']} ({c['side']} {c['ops'] or 'scoring'})"
                         for c in view["hand"])
        parts.append(Text(f"Your hand: {hand}"))
    return Group(*parts)


def render_sfe(view: dict[str, Any]) -> RenderableType:
    """Struggle for Europe: occupied and contested locations, the hand, VP and the battle."""
    vp = view["vp"]
    b = view["bombing"]
    head = Text.assemble(
        ("Struggle for Europe ", "bold"),
        f"— turn {view['turn']}, {view['player_turn']} player, "
        f"{view['operations_left']} operation(s) left — VP Axis {vp['axis']} / Allies "
        f"{vp['allies']} — bombing {b['value']} ({b['side']} side)",
    )
    colours = {"axis": "white", "western": "blue", "soviet": "red"}
    board = Table(title="Locations with counters", expand=False)
    for col in ("Location", "Control", "Counters"):
        board.add_column(col)
    for loc in view["locations"]:
        if not loc["counters"]:
            continue
        units = ", ".join(
            f"[{colours[u['owner']]}]{'F' if u['fortress'] else u['strength']}"
            f"({u['half']})[/]" for u in loc["counters"])
        board.add_row(loc["name"], loc["control"], units)
    parts: list[RenderableType] = [head, board]
    for side, info in view["sides"].items():
        line = (f"{side}: hand {info['hand_count']}/{info['hand_size']}, play deck "
                f"{info['play_deck']} (deck {info['play_deck_number']}), recycle "
                f"{info['recycle_count']}, eliminated {len(info['eliminated'])}")
        if info["hand"] is not None:
            line += " — " + "; ".join(f"{c['name']} ({c['id']}, air {c['air']})"
                                      for c in info["hand"])
        parts.append(Text(line))
    battle = view.get("battle")
    if battle:
        parts.append(Text(f"Battle in {battle['location']} ({battle['half']} half): "
                          f"{battle['attacker']} attack, {battle['defender']} defend"))
    return Group(*parts)


RENDERERS: dict[str, Callable[[dict[str, Any]], RenderableType]] = {
    "eaw1940": render_eaw1940,
    "eit2": render_eit2,
    "sfe": render_sfe,
}


def render(game_id: str, view: dict[str, Any]) -> RenderableType:
    renderer = RENDERERS.get(game_id)
    if renderer is None:
        return Text(json.dumps({k: v for k, v in view.items() if k != "log"}, indent=1))
    return renderer(view)


def print_log(console: Console, entries: list[LogEntry]) -> None:
    for entry in entries:
        line = render_entry(entry)
        console.print(Text("  · " + line, style="dim" if line.startswith("Front Table")
                           else ""))
