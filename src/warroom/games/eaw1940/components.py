"""Game components (rulebook "Game Board", "Game Components and Set Up"): the content
pack's typed models and the compact runtime tables compiled from them.

Runtime tables index fronts, air spaces and sea zones by small ints (the order of
map.yaml), so the state is a handful of int lists.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from warroom.core.content import ContentModel, ContentPack, check

BUNDLED = Path(__file__).parent / "content"

AXIS, ALLIED = 1, 0
"""Control markers in the state (air spaces, sea zones): 1 the Axis side up, 0 the Allied."""


# -- content models ------------------------------------------------------------------------

class SeaZone(ContentModel):
    id: str
    name: str
    reconstructed: bool = False


class AirSpace(ContentModel):
    id: str
    name: str
    reconstructed: bool = False


class Front(ContentModel):
    id: str
    name: str
    home: Literal["Berlin", "Rome"]
    air_space: str
    in_play_at_start: bool
    route: list[str] = Field(min_length=3)
    reconstructed: bool = False


class Location(ContentModel):
    name: str
    axis_home: bool = False
    flag_vp: int | None = Field(default=None, ge=1)
    port: str | None = None
    reconstructed: bool = False


class Malta(ContentModel):
    sea_zone: str
    front: str
    drm_while_active: int
    reconstructed: bool = False


class AirSuperiority(ContentModel):
    air_space: str
    reconstructed: bool = False


Point = tuple[float, float]
"""A place on the drawn board, in map units: (x to the east, y to the south)."""


class AreaLayout(ContentModel):
    """Where an air space or sea zone is drawn: its polygons and where its name stands."""

    label: Point
    area: list[list[Point]] = Field(min_length=1)


class Layout(ContentModel):
    """Where the board is drawn (the web map; no rule reads it). The rulebook prints no
    map picture: a bundled layout is reconstructed. Every location, air space and sea zone
    needs a place inside ``width`` x ``height``."""

    width: float = Field(gt=0, le=100_000)
    height: float = Field(gt=0, le=100_000)
    locations: dict[str, Point]
    fronts: dict[str, Point] = Field(default_factory=dict)
    """Where each front's name is written (optional: else beside its route)."""
    sea_zones: dict[str, AreaLayout]
    air_spaces: dict[str, AreaLayout]
    malta: Point
    reconstructed: bool = False


class MapFile(ContentModel):
    sea_zones: list[SeaZone] = Field(min_length=2, max_length=2)
    air_spaces: list[AirSpace] = Field(min_length=3, max_length=3)
    fronts: list[Front] = Field(min_length=5, max_length=5)
    locations: list[Location]
    malta: Malta
    air_superiority: AirSuperiority
    layout: Layout | None = None
    """Optional: without it the web map lays the fronts out as straight tracks."""


class Row(ContentModel):
    min: int = Field(ge=-5, le=12)
    max: int = Field(ge=-5, le=12)
    result: str


class RollTable(ContentModel):
    rows: list[Row] = Field(min_length=1)
    reconstructed: bool = False


class FrontRow(ContentModel):
    roll: int = Field(ge=1, le=6)
    front: str


class FrontTable(ContentModel):
    rows: list[FrontRow] = Field(min_length=6, max_length=6)
    reconstructed: bool = False


BotAction = Literal["stall", "reserves", "counter_attack", "air_attack", "sea_attack",
                    "reserve_counter_attack"]


class ChartRow(ContentModel):
    roll: int = Field(ge=1, le=6)
    action: BotAction
    text: str


class ActionChart(ContentModel):
    rows: list[ChartRow] = Field(min_length=6, max_length=6)
    reserve_counter_attack_drm: int = 1
    successful_counter_attack_stalls: bool = True
    reconstructed: bool = False


class TablesFile(ContentModel):
    land_attack: RollTable
    air_attack: RollTable
    sea_attack: RollTable
    front_table: FrontTable
    allied_action_chart: ActionChart


class TurnEntry(ContentModel):
    turn: int = Field(ge=1)
    date: str
    ap: int = Field(ge=1, le=10)
    fronts_enter: list[str] = Field(default_factory=list)
    axis_tanks: int = Field(default=0, ge=0, le=3)
    allied_tanks: list[str] = Field(default_factory=list)


class TurnTrackFile(ContentModel):
    turns: list[TurnEntry] = Field(min_length=6)
    reconstructed: bool = False


class AlliedAutomatic(ContentModel):
    after_turn: int     # 0: from the end of turn 1 (checked against the turn track)
    locations: list[str]


class AxisAutomatic(ContentModel):
    flags_needed: int = Field(ge=1)


class VpValues(ContentModel):
    per_location: int
    sea_axis: int
    air_axis: int
    sea_allied: int
    air_allied: int


class Band(ContentModel):
    min: int | None = None
    max: int | None = None
    label: str
    winner: Literal["axis", "allies"] | None
    text: str


class VictoryFile(ContentModel):
    allied_automatic: AlliedAutomatic
    axis_automatic: AxisAutomatic
    vp: VpValues
    bands: list[Band] = Field(min_length=1)


# -- compiled runtime tables ---------------------------------------------------------------

RESULTS = {"no_result", "advance", "attacker_wins"}


@dataclass(frozen=True)
class Components:
    """Everything the rules read, compiled into tuples of ints and strings."""

    map: MapFile
    tables: TablesFile
    turn_track: TurnTrackFile
    victory: VictoryFile
    # fronts
    front_ids: tuple[str, ...]
    front_names: tuple[str, ...]
    routes: tuple[tuple[str, ...], ...]
    last: tuple[int, ...]                      # index of the last location per front
    front_air: tuple[int, ...]                 # air space index per front
    front_home: tuple[str, ...]
    start_in_play: tuple[int, ...]
    port: tuple[tuple[int, ...], ...]          # per front, per route index: sea zone or -1
    flag_vp: tuple[tuple[int, ...], ...]       # per front, per route index: flag VP or 0
    flags: tuple[tuple[int, int, str, int], ...]  # (front, index, name, vp)
    # air and sea
    air_ids: tuple[str, ...]
    air_names: tuple[str, ...]
    sea_ids: tuple[str, ...]
    sea_names: tuple[str, ...]
    malta_sea: int
    malta_front: int
    malta_drm: int
    superiority_air: int
    # tables: result by modified roll 1..6 (index 0 unused)
    land_table: tuple[str, ...]
    air_table: tuple[str, ...]
    sea_table: tuple[str, ...]
    front_table: tuple[int, ...]               # roll -> front index, -1 = most advanced
    chart: tuple[tuple[str, str], ...]         # roll -> (action, text); index 0 unused
    reserve_ca_drm: int
    counter_attack_stalls: bool
    # turn track
    turns: int
    turn_ap: tuple[int, ...]
    turn_date: tuple[str, ...]
    turn_fronts_enter: tuple[tuple[int, ...], ...]
    turn_axis_tanks: tuple[int, ...]
    turn_allied_tanks: tuple[tuple[int, ...], ...]
    # victory
    allied_auto_after: int
    allied_auto_homes: tuple[str, ...]
    flags_needed: int


def load_components(override: Path | None = None, pack: ContentPack | None = None
                    ) -> Components:
    pack = pack or ContentPack(BUNDLED, override)
    m = pack.load("map.yaml", MapFile)
    t = pack.load("tables.yaml", TablesFile)
    tt = pack.load("turn_track.yaml", TurnTrackFile)
    v = pack.load("victory.yaml", VictoryFile)
    return compile_components(m, t, tt, v, pack)


def _roll_table(table: RollTable, file: str, name: str) -> tuple[str, ...]:
    out = [""] * 7
    for i, row in enumerate(table.rows):
        check(row.result in RESULTS, f"unknown result {row.result!r}; use one of "
              f"{', '.join(sorted(RESULTS))}", file=file, entry=f"{name}.rows[{i}]",
              field="result")
        for r in range(max(1, row.min), min(6, row.max) + 1):
            check(out[r] == "", f"modified roll {r} is covered twice", file=file,
                  entry=f"{name}.rows[{i}]", field="min")
            out[r] = row.result
    missing = [r for r in range(1, 7) if not out[r]]
    check(not missing, f"modified rolls {missing} are not covered", file=file, entry=name,
          field="rows")
    return tuple(out)


POINTS_APART = 26
"""The least distance between two locations' or fronts' points (the web map draws a
location as a circle of radius 11, an Axis home 13)."""


def check_layout(lay: Layout, locations: list[str], front_ids: tuple[str, ...],
                 air_ids: tuple[str, ...], sea_ids: tuple[str, ...], file: str) -> None:
    """The layout places every location, air space and sea zone of the map, names nothing
    else, and stays on the board (``0..width`` x ``0..height``)."""

    def on_board(p: Point, entry: str, field: str | None = None) -> None:
        x, y = p
        check(0 <= x <= lay.width and 0 <= y <= lay.height,
              f"({x}, {y}) lies off the board (0..{lay.width:g} x 0..{lay.height:g})",
              file=file, entry=entry, field=field)

    def same(have: Any, want: list[str] | tuple[str, ...], what: str, entry: str) -> None:
        missing = [n for n in want if n not in have]
        check(not missing, f"no place for the {what} {', '.join(map(repr, missing))}; give "
              f"each {what} its place", file=file, entry=entry)
        unknown = [n for n in have if n not in want]
        check(not unknown, f"unknown {what} {', '.join(map(repr, unknown))}; the map has "
              f"{', '.join(want)}", file=file, entry=entry)

    same(lay.locations, locations, "location", "layout.locations")
    unknown = [f for f in lay.fronts if f not in front_ids]
    check(not unknown, f"unknown front {', '.join(map(repr, unknown))}; the fronts are "
          f"{', '.join(front_ids)}", file=file, entry="layout.fronts")
    for name, p in lay.locations.items():
        on_board(p, f"layout.locations.{name}")
    for fid, p in lay.fronts.items():
        on_board(p, f"layout.fronts.{fid}")
    # a location is drawn as a circle of radius up to 13 (an Axis home): two points closer
    # than that hide one another on the map (an audit put the Ruhr on Berlin; sfe refused
    # its like already)
    points = [(f"layout.locations.{n}", p) for n, p in lay.locations.items()]
    points += [(f"layout.fronts.{f}", p) for f, p in lay.fronts.items()]
    for i, (entry, p) in enumerate(points):
        for other, q in points[:i]:
            apart = math.dist(p, q)
            check(apart >= POINTS_APART, f"({p[0]:g}, {p[1]:g}) is {apart:.0f} from "
                  f"{other.rpartition('.')[2]} at ({q[0]:g}, {q[1]:g}): locations and fronts "
                  f"are drawn {POINTS_APART} apart at least, or one hides the other",
                  file=file, entry=entry)
    on_board(lay.malta, "layout", "malta")
    for key, ids, what in (("sea_zones", sea_ids, "sea zone"),
                           ("air_spaces", air_ids, "air space")):
        areas: dict[str, AreaLayout] = getattr(lay, key)
        same(areas, ids, what, f"layout.{key}")
        for aid, al in areas.items():
            on_board(al.label, f"layout.{key}.{aid}", "label")
            for i, poly in enumerate(al.area):
                check(len(poly) >= 3, "a polygon needs at least 3 points", file=file,
                      entry=f"layout.{key}.{aid}", field=f"area[{i}]")
                for j, p in enumerate(poly):
                    on_board(p, f"layout.{key}.{aid}", f"area[{i}][{j}]")


def compile_components(m: MapFile, t: TablesFile, tt: TurnTrackFile, v: VictoryFile,
                       pack: ContentPack) -> Components:
    mf, tf, ttf, vf = (str(pack.path(n)) for n in
                       ("map.yaml", "tables.yaml", "turn_track.yaml", "victory.yaml"))
    sea_ids = tuple(z.id for z in m.sea_zones)
    air_ids = tuple(a.id for a in m.air_spaces)
    front_ids = tuple(f.id for f in m.fronts)
    for ids, what, listed in ((sea_ids, "sea zone", "sea_zones"),
                              (air_ids, "air space", "air_spaces"),
                              (front_ids, "front", "fronts")):
        # the entry is the second one of an id (it said "front" alone: a content audit)
        again = next((i for i, x in enumerate(ids) if x in ids[:i]), None)
        check(again is None, f"duplicate {what} id {ids[again or 0]!r}: each {what} once "
              f"(the first is {listed}[{ids.index(ids[again or 0])}])", file=mf,
              entry=f"{listed}[{again}]")
    # ids the rules name: 7.2's Atlantic and 2.1's Western front (whose tank starts in
    # Berlin). A pack that renamed them would lose those rules without a word (an audit)
    for need, ids, what, rule in (("atlantic", sea_ids, "sea zone", "7.2's -1 DRM"),
                                  ("western", front_ids, "front", "2.1's first tank")):
        check(need in ids, f"no {what} with the id {need!r}, which {rule} names: keep that "
              f"id (the name shown may change)", file=mf, entry=what)
    locs: dict[str, Location] = {}
    for i, loc in enumerate(m.locations):
        check(loc.name not in locs, f"location {loc.name!r} is listed twice", file=mf,
              entry=f"locations[{i}] ({loc.name})", field="name")
        check(loc.port is None or loc.port in sea_ids, f"unknown sea zone {loc.port!r}",
              file=mf, entry=f"locations[{i}] ({loc.name})", field="port")
        locs[loc.name] = loc
    routes, ports, flagvp, flags = [], [], [], []
    for fi, f in enumerate(m.fronts):
        entry = f"fronts[{fi}] ({f.id})"
        check(f.air_space in air_ids, f"unknown air space {f.air_space!r}", file=mf,
              entry=entry, field="air_space")
        check(f.route[0] == f.home, f"a route starts at its Axis home {f.home}", file=mf,
              entry=entry, field="route[0]")
        check(len(set(f.route)) == len(f.route), "a route visits a location twice", file=mf,
              entry=entry, field="route")
        for ri, name in enumerate(f.route):
            check(name in locs, f"unknown location {name!r}; add it under locations",
                  file=mf, entry=entry, field=f"route[{ri}]")
        check(locs[f.home].axis_home, f"{f.home} is not marked axis_home", file=mf,
              entry=entry, field="home")
        routes.append(tuple(f.route))
        ports.append(tuple(sea_ids.index(locs[n].port) if locs[n].port else -1
                           for n in f.route))
        flagvp.append(tuple(locs[n].flag_vp or 0 for n in f.route))
        for ri, name in enumerate(f.route):
            if locs[name].flag_vp:
                flags.append((fi, ri, name, locs[name].flag_vp or 0))
    flag_names = [fl[2] for fl in flags]
    check(len(set(flag_names)) == len(flag_names), "a flag location lies on two fronts",
          file=mf, entry="fronts")
    check(m.malta.sea_zone in sea_ids, "unknown sea zone", file=mf, entry="malta",
          field="sea_zone")
    check(m.malta.front in front_ids, "unknown front", file=mf, entry="malta", field="front")
    check(m.air_superiority.air_space in air_ids, "unknown air space", file=mf,
          entry="air_superiority", field="air_space")

    if m.layout is not None:
        check_layout(m.layout, list(locs), front_ids, air_ids, sea_ids, mf)

    front_tab = [0] * 7
    seen = set()
    for i, row in enumerate(t.front_table.rows):
        check(row.front in front_ids or row.front == "most_advanced",
              f"unknown front {row.front!r}", file=tf, entry=f"front_table.rows[{i}]",
              field="front")
        check(row.roll not in seen, f"roll {row.roll} listed twice", file=tf,
              entry=f"front_table.rows[{i}]", field="roll")
        seen.add(row.roll)
        front_tab[row.roll] = front_ids.index(row.front) if row.front in front_ids else -1
    chart: list[tuple[str, str]] = [("", "")] * 7
    seen = set()
    for i, crow in enumerate(t.allied_action_chart.rows):
        check(crow.roll not in seen, f"roll {crow.roll} listed twice", file=tf,
              entry=f"allied_action_chart.rows[{i}]", field="roll")
        seen.add(crow.roll)
        chart[crow.roll] = (crow.action, crow.text)

    turns = sorted(tt.turns, key=lambda e: e.turn)
    check([e.turn for e in turns] == list(range(1, len(turns) + 1)),
          "turns must be numbered 1, 2, 3... without gaps", file=ttf, entry="turns",
          field="turn")
    for i, e in enumerate(turns):
        for fid in e.fronts_enter + e.allied_tanks:
            check(fid in front_ids, f"unknown front {fid!r}", file=ttf,
                  entry=f"turns[{i}] (turn {e.turn})")
    lo = [b.min for b in v.bands]
    check(lo[0] is None and v.bands[-1].max is None,
          "the first band needs no min and the last no max, so every score has a band",
          file=vf, entry="bands")
    for i in range(1, len(v.bands)):
        prev_max = v.bands[i - 1].max
        check(prev_max is not None and v.bands[i].min == prev_max + 1,
              f"band {v.bands[i].label} must start at {prev_max} + 1 (no gap, no overlap)",
              file=vf, entry=f"bands[{i}] ({v.bands[i].label})", field="min")
    for hn in v.allied_automatic.locations:
        check(hn in locs and locs[hn].axis_home, f"{hn} is not an Axis home", file=vf,
              entry="allied_automatic", field="locations")
    # the automatic victories must be reachable and not won before play (flags_needed 0
    # ended a game at once, 99 of 4 flags could never be met: a content audit)
    check(v.axis_automatic.flags_needed <= len(flags), f"there are {len(flags)} flags on the "
          f"map: the Axis cannot control {v.axis_automatic.flags_needed}", file=vf,
          entry="axis_automatic", field="flags_needed")
    check(0 <= v.allied_automatic.after_turn < len(turns), f"the game has {len(turns)} "
          f"turns: after_turn must be one of 0 to {len(turns) - 1} (the victory is won at "
          "the end of a later turn)", file=vf, entry="allied_automatic", field="after_turn")

    return Components(
        map=m, tables=t, turn_track=tt, victory=v,
        front_ids=front_ids,
        front_names=tuple(f.name for f in m.fronts),
        routes=tuple(routes),
        last=tuple(len(r) - 1 for r in routes),
        front_air=tuple(air_ids.index(f.air_space) for f in m.fronts),
        front_home=tuple(f.home for f in m.fronts),
        start_in_play=tuple(int(f.in_play_at_start) for f in m.fronts),
        port=tuple(ports),
        flag_vp=tuple(flagvp),
        flags=tuple(flags),
        air_ids=air_ids,
        air_names=tuple(a.name for a in m.air_spaces),
        sea_ids=sea_ids,
        sea_names=tuple(z.name for z in m.sea_zones),
        malta_sea=sea_ids.index(m.malta.sea_zone),
        malta_front=front_ids.index(m.malta.front),
        malta_drm=m.malta.drm_while_active,
        superiority_air=air_ids.index(m.air_superiority.air_space),
        land_table=_roll_table(t.land_attack, tf, "land_attack"),
        air_table=_roll_table(t.air_attack, tf, "air_attack"),
        sea_table=_roll_table(t.sea_attack, tf, "sea_attack"),
        front_table=tuple(front_tab),
        chart=tuple(chart),
        reserve_ca_drm=t.allied_action_chart.reserve_counter_attack_drm,
        counter_attack_stalls=t.allied_action_chart.successful_counter_attack_stalls,
        turns=len(turns),
        turn_ap=(0, *(e.ap for e in turns)),
        turn_date=("", *(e.date for e in turns)),
        turn_fronts_enter=((), *(tuple(front_ids.index(f) for f in e.fronts_enter)
                                 for e in turns)),
        turn_axis_tanks=(0, *(e.axis_tanks for e in turns)),
        turn_allied_tanks=((), *(tuple(front_ids.index(f) for f in e.allied_tanks)
                                 for e in turns)),
        allied_auto_after=v.allied_automatic.after_turn,
        allied_auto_homes=tuple(v.allied_automatic.locations),
        flags_needed=v.axis_automatic.flags_needed,
    )
