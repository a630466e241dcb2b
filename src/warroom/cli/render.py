"""Rich renderings of a game's view (presentation only; the rules stay in the game)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text


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


RENDERERS: dict[str, Callable[[dict[str, Any]], RenderableType]] = {
    "eaw1940": render_eaw1940,
}


def render(game_id: str, view: dict[str, Any]) -> RenderableType:
    renderer = RENDERERS.get(game_id)
    if renderer is None:
        import json

        return Text(json.dumps({k: v for k, v in view.items() if k != "log"}, indent=1))
    return renderer(view)


def print_log(console: Console, lines: list[str]) -> None:
    for line in lines:
        console.print(Text("  · " + line, style="dim" if line.startswith("Front Table")
                           else ""))
