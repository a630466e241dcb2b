"""Europe in Turmoil II: the game map (rulebook 2.1) as content, validated and compiled.

``content/map.yaml`` lists the 92 spaces of the 12.5/13.6 scenario tables. Each space has
its Scoring Region (or ``Independent``), Stability (2.1.4), Battleground (2.1.5, or a
condition under which it becomes one) and Colonial (2.1.6) flags, the "At Start" markers of
3.2-3.5, its neighbours (2.1.3), x/y for drawing on a 1000x700 canvas, and ``aliases`` for
the other spellings the rulebook uses ("North England", "Russia", "Baltics"...). ``regions``
gives each region's drawing style (tint, letter, hatch): a drawing aid, like x/y.

The rulebook does not print the map: what it states or implies (see tests/test_eit2_map.py)
is listed per space under ``stated``; everything else is a reconstruction from historical
geography, flagged ``reconstructed: true``.

Runtime tables index spaces by small ints (the order of map.yaml): ``names[s]``,
``region[s]`` (a region name), ``stability[s]``, ``adj[s]`` (a sorted tuple of space ids),
``battleground[s]``, ``cond_battleground[s]``, ``colonial[s]``, ``at_start[s]`` =
(lw_sp, rw_sp, lw_extremists, rw_extremists).
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import Field

from warroom.core.content import ContentModel, ContentPack, check
from warroom.games.eit2.cards import SPACES_BY_REGION

BUNDLED = Path(__file__).parent / "content"
MAP_FILE = "map.yaml"

SCORING_REGIONS: tuple[str, ...] = ("France", "United Kingdom", "Germany", "Spain", "Italy",
                                    "Little Entente")                    # 2.1.1
INDEPENDENT = "Independent"
REGIONS: tuple[str, ...] = (*SCORING_REGIONS, INDEPENDENT)

# Conditions under which a space is a Battleground although its banner is not (10.3 note,
# 17.0): the French Catholics once Canonization of Joan of Arc is in effect; the Rhineland
# once the Rhineland Demilitarized marker has been removed (3.5).
CANONIZATION = "canonization"
RHINELAND = "rhineland"
# Conditions under which a space counts as adjacent to a Scoring Region it does not touch
# (10.3 note: Poland for France and the UK, Guarantees to Poland).
GUARANTEES_POLAND = "guarantees_poland"

RegionName = Literal["France", "United Kingdom", "Germany", "Spain", "Italy",
                     "Little Entente", "Independent"]
ScoringRegionName = Literal["France", "United Kingdom", "Germany", "Spain", "Italy",
                            "Little Entente"]

# Fields ``stated`` may name; "adjacent" alone means the whole neighbour list is stated,
# "adjacent:NAME" one stated edge.
STATABLE = ("stability", "battleground", "adjacent")


# -- content models ------------------------------------------------------------------------

class AtStart(ContentModel):
    """2.1.4 "At Start" notation (3.2-3.5): SP and Extremists placed during setup."""

    lw_sp: int = Field(default=0, ge=0, le=9)
    rw_sp: int = Field(default=0, ge=0, le=9)
    lw_extremist: int = Field(default=0, ge=0, le=1)
    rw_extremist: int = Field(default=0, ge=0, le=1)


class SpaceModel(ContentModel):
    name: str = Field(min_length=1)
    region: RegionName
    stability: int = Field(ge=1, le=5)
    colonial: bool = False
    battleground: bool = False
    battleground_if: Literal["canonization", "rhineland"] | None = None
    adjacent_regions_if: dict[ScoringRegionName, Literal["guarantees_poland"]] = Field(
        default_factory=dict)
    at_start: AtStart = Field(default_factory=AtStart)
    adjacent: list[str] = Field(min_length=1)
    aliases: list[str] = Field(default_factory=list)
    x: int = Field(ge=0, le=1000)
    y: int = Field(ge=0, le=700)
    stated: list[str] = Field(default_factory=list)
    note: str | None = None
    reconstructed: bool = False


class RegionStyle(ContentModel):
    """How a front end draws a region (no rule depends on it): a pale tint told apart by
    lightness as well as hue, a letter printed on every space of the region (colour is
    never the only sign), and ``hatched`` for spaces drawn on their own with a hatch
    instead of as one shaded area (the Independent spaces)."""

    colour: str = Field(pattern=r"^#[0-9A-Fa-f]{6}$")
    letter: str = Field(default="", max_length=3, pattern=r"^[A-Za-z0-9]*$")
    hatched: bool = False


class MapFile(ContentModel):
    spaces: list[SpaceModel] = Field(min_length=2)
    # drawing aid: each region's tint and letter (front ends fall back to their own palette)
    regions: dict[RegionName, RegionStyle] = Field(default_factory=dict)
    # 2.1.3: "an exhaustive list" of spaces without a path to the rest of their region.
    exclaves: list[str] = Field(default_factory=list)


# -- compiled runtime tables ---------------------------------------------------------------

@dataclass(frozen=True)
class EitMap:
    """The map compiled into tuples indexed by space id (the order of map.yaml)."""

    model: MapFile
    names: tuple[str, ...]
    index: Mapping[str, int]                      # canonical names and aliases -> id
    region_names: tuple[str, ...]                 # REGIONS
    region: tuple[str, ...]                       # region name per space
    region_index: tuple[int, ...]                 # index into region_names per space
    region_spaces: tuple[tuple[int, ...], ...]    # per region index
    stability: tuple[int, ...]
    colonial: tuple[bool, ...]
    colonial_spaces: tuple[int, ...]
    battleground: tuple[bool, ...]                # printed Battlegrounds (2.1.5)
    cond_battleground: tuple[str | None, ...]     # CANONIZATION / RHINELAND / None
    adj: tuple[tuple[int, ...], ...]              # sorted neighbour ids (2.1.3)
    adj_sets: tuple[frozenset[int], ...]
    edges: tuple[tuple[int, int], ...]            # each edge once, (low id, high id)
    exclaves: tuple[int, ...]                     # 2.1.3
    adjacent_independents: tuple[tuple[int, ...], ...]  # per scoring region (10.1.4)
    adjacent_regions_if: tuple[dict[str, str], ...]     # Poland: 10.3 note
    at_start: tuple[tuple[int, int, int, int], ...]     # (lw_sp, rw_sp, lw_ext, rw_ext)
    x: tuple[int, ...]
    y: tuple[int, ...]
    reconstructed: tuple[bool, ...]
    stated: tuple[tuple[str, ...], ...]

    def id(self, name: str) -> int:
        """The space id of a canonical name or alias (case-insensitive)."""
        s = self.index.get(name)
        if s is None:
            s = self.index.get(name.casefold())
        if s is None:
            close = difflib.get_close_matches(name, self.names, n=3)
            hint = f"; did you mean {', '.join(map(repr, close))}?" if close else ""
            raise KeyError(f"unknown Europe in Turmoil II space {name!r}{hint}")
        return s

    def canonical(self, name: str) -> str:
        return self.names[self.id(name)]

    def adjacent(self, a: int, b: int) -> bool:
        return b in self.adj_sets[a]

    def is_exclave(self, s: int) -> bool:
        return s in self.exclaves

    def is_battleground(self, s: int, conditions: Collection[str] = ()) -> bool:
        """2.1.5, plus a conditional Battleground whose condition is in ``conditions`` (the
        rules' test: :func:`warroom.games.eit2.scoring.is_battleground`)."""
        return self.battleground[s] or self.cond_battleground[s] in conditions

    def battlegrounds_in(self, region: str, conditions: Iterable[str] = ()) -> tuple[int, ...]:
        conds = set(conditions)
        return tuple(s for s in self.region_spaces[self.region_names.index(region)]
                     if self.is_battleground(s, conds))

    def spaces_in(self, region: str) -> tuple[int, ...]:
        return self.region_spaces[self.region_names.index(region)]


def load_map(override: Path | None = None, pack: ContentPack | None = None) -> EitMap:
    """Load ``map.yaml`` (bundled, or from the ``override`` content folder; or from
    ``pack``) and compile it."""
    pack = pack or ContentPack(BUNDLED, override)
    model = pack.load(MAP_FILE, MapFile)
    return compile_map(model, str(pack.path(MAP_FILE)))


def _components(spaces: set[int], adj: list[list[int]]) -> list[set[int]]:
    seen: set[int] = set()
    out = []
    for s in sorted(spaces):
        if s in seen:
            continue
        comp, todo = set(), [s]
        while todo:
            u = todo.pop()
            if u not in comp:
                comp.add(u)
                todo.extend(t for t in adj[u] if t in spaces and t not in comp)
        seen |= comp
        out.append(comp)
    return out


SPACE_APART = 20
"""The least distance between two spaces' points (the web map draws each a circle of
radius 10)."""


def compile_map(m: MapFile, file: str) -> EitMap:
    """Cross-check the validated model and build the runtime tables."""
    def where(i: int) -> str:
        return f"spaces[{i}] ({m.spaces[i].name})"

    index: dict[str, int] = {}
    owner: dict[str, str] = {}
    for i, sp in enumerate(m.spaces):
        check(sp.name not in index, f"space {sp.name!r} is listed twice", file=file,
              entry=where(i), field="name")
        index[sp.name] = i
        owner[sp.name] = sp.name
    folded: dict[str, int] = {}
    for i, sp in enumerate(m.spaces):
        for k, alias in enumerate(sp.aliases):
            check(alias not in index, f"alias {alias!r} already names "
                  f"{owner.get(alias, alias)}", file=file, entry=where(i),
                  field=f"aliases[{k}]")
            index[alias] = i
            owner[alias] = sp.name
    for key, s in list(index.items()):
        other = folded.setdefault(key.casefold(), s)
        check(other == s, f"{key!r} and a spelling of {m.spaces[other].name} differ only by "
              "case", file=file, entry=where(s), field="aliases")
    names = tuple(sp.name for sp in m.spaces)
    # the 12.5 tables name the spaces and their Scoring Regions, and the rules, the cards'
    # Events and the scenarios refer to a space by that name: a pack that renamed one
    # failed later with a traceback, or blamed a file it had not changed (a content audit)
    for in_table, listed in SPACES_BY_REGION.items():
        for n in listed:
            check(n in index, f"no space {n!r}: the rulebook's tables name it, and the rules, "
                  "cards and scenarios refer to it by that name; keep that name (another "
                  "spelling may be added under the space's aliases)", file=file,
                  field="spaces")
            sp = m.spaces[index[n]]
            check(sp.region == in_table, f"{n} is in the {in_table} region in the rulebook's "
                  f"tables (12.5), not {sp.region}", file=file, entry=where(index[n]),
                  field="region")

    # a space is drawn as a circle of radius 10: two closer than its diameter hide one
    # another on the map (an audit put two at one point; sfe refused its like already)
    for i, a in enumerate(m.spaces):
        for j in range(i):
            b = m.spaces[j]
            apart = math.hypot(a.x - b.x, a.y - b.y)
            check(apart >= SPACE_APART, f"({a.x}, {a.y}) is {apart:.0f} from {b.name} at "
                  f"({b.x}, {b.y}): "
                  f"spaces are drawn {SPACE_APART} apart at least, or one hides the other",
                  file=file, entry=where(i), field="x/y")
    adj: list[list[int]] = []
    for i, sp in enumerate(m.spaces):
        row: list[int] = []
        for k, n in enumerate(sp.adjacent):
            fld = f"adjacent[{k}]"
            if n not in index:
                close = difflib.get_close_matches(n, names, n=2)
                hint = f"; did you mean {', '.join(map(repr, close))}?" if close else ""
                check(False, f"unknown space {n!r}{hint}", file=file, entry=where(i),
                      field=fld)
            check(names[index[n]] == n, f"{n!r} is an alias; adjacency lists use the table "
                  f"name {names[index[n]]!r}", file=file, entry=where(i), field=fld)
            t = index[n]
            check(t != i, f"{sp.name} is adjacent to itself", file=file, entry=where(i),
                  field=fld)
            check(t not in row, f"neighbour {n!r} is listed twice", file=file,
                  entry=where(i), field=fld)
            row.append(t)
        adj.append(row)
    for i, row in enumerate(adj):
        for k, t in enumerate(row):
            check(i in adj[t], f"adjacency must be symmetric: {names[i]} lists {names[t]} "
                  f"but {names[t]} does not list {names[i]}", file=file, entry=where(i),
                  field=f"adjacent[{k}]")

    for i, sp in enumerate(m.spaces):
        scoring = sp.region != INDEPENDENT
        check(scoring or not sp.battleground, "only spaces of a Scoring Region can be "
              "Battlegrounds (2.1.5)", file=file, entry=where(i), field="battleground")
        check(scoring or sp.battleground_if is None, "only spaces of a Scoring Region can be "
              "Battlegrounds (2.1.5)", file=file, entry=where(i), field="battleground_if")
        check(scoring or not sp.colonial, "only spaces of a Scoring Region are Colonial",
              file=file, entry=where(i), field="colonial")
        check(not (sp.battleground and sp.battleground_if), "a space is either "
              "battleground or battleground_if (a conditional Battleground), not both",
              file=file, entry=where(i), field="battleground_if")
        check(sp.region not in sp.adjacent_regions_if, "a space is always adjacent to its "
              "own region", file=file, entry=where(i), field="adjacent_regions_if")
        for k, st in enumerate(sp.stated):
            ok = st in STATABLE or (st.startswith("adjacent:")
                                    and st.split(":", 1)[1] in sp.adjacent)
            check(ok, f"stated entry {st!r} is not one of {', '.join(STATABLE)} or "
                  "'adjacent:NAME' for a listed neighbour", file=file, entry=where(i),
                  field=f"stated[{k}]")

    letters: dict[str, str] = {}
    for named, style in m.regions.items():
        if style.letter:
            check(style.letter not in letters, f"regions {letters.get(style.letter)} and "
                  f"{named} have the same letter {style.letter!r}: give each its own (the "
                  "letter tells regions apart without colour)", file=file,
                  field=f"regions.{named}.letter")
            letters[style.letter] = named

    # 2.1.3: the exclaves are exactly the spaces outside the main body of their region.
    for k, n in enumerate(m.exclaves):
        check(n in index, f"unknown space {n!r}", file=file, field=f"exclaves[{k}]")
    declared = {index[n] for n in m.exclaves}
    found: set[int] = set()
    for region in SCORING_REGIONS:
        members = {i for i, sp in enumerate(m.spaces) if sp.region == region}
        comps = sorted(_components(members, adj), key=len, reverse=True)
        for comp in comps[1:]:
            found |= comp
    missing = sorted(names[s] for s in found - declared)
    extra = sorted(names[s] for s in declared - found)
    check(not missing, f"{', '.join(missing)} cannot reach the rest of the region; list them "
          "under exclaves (2.1.3) or connect them", file=file, field="exclaves")
    check(not extra, f"{', '.join(extra)} are connected to their region; they are not "
          "exclaves", file=file, field="exclaves")
    comps = _components(set(range(len(names))), adj)
    check(len(comps) == 1, "the map falls apart: "
          + " | ".join(", ".join(names[s] for s in sorted(c)[:4]) for c in comps),
          file=file, field="spaces")

    region_index = tuple(REGIONS.index(sp.region) for sp in m.spaces)
    region_spaces = tuple(tuple(i for i, r in enumerate(region_index) if r == k)
                          for k in range(len(REGIONS)))
    adj_t = tuple(tuple(sorted(row)) for row in adj)
    indep = REGIONS.index(INDEPENDENT)
    adjacent_independents = tuple(
        tuple(sorted({t for s in region_spaces[k] for t in adj_t[s]
                      if region_index[t] == indep}))
        for k in range(len(SCORING_REGIONS)))
    lookup = dict(index)
    for key, s in list(index.items()):
        lookup.setdefault(key.casefold(), s)
    return EitMap(
        model=m,
        names=names,
        index=lookup,
        region_names=REGIONS,
        region=tuple(sp.region for sp in m.spaces),
        region_index=region_index,
        region_spaces=region_spaces,
        stability=tuple(sp.stability for sp in m.spaces),
        colonial=tuple(sp.colonial for sp in m.spaces),
        colonial_spaces=tuple(i for i, sp in enumerate(m.spaces) if sp.colonial),
        battleground=tuple(sp.battleground for sp in m.spaces),
        cond_battleground=tuple(sp.battleground_if for sp in m.spaces),
        adj=adj_t,
        adj_sets=tuple(frozenset(row) for row in adj_t),
        edges=tuple(sorted({(min(s, t), max(s, t)) for s, row in enumerate(adj_t)
                            for t in row})),
        exclaves=tuple(sorted(found)),
        adjacent_independents=adjacent_independents,
        adjacent_regions_if=tuple({str(k): str(v) for k, v in sp.adjacent_regions_if.items()}
                                  for sp in m.spaces),
        at_start=tuple((sp.at_start.lw_sp, sp.at_start.rw_sp, sp.at_start.lw_extremist,
                        sp.at_start.rw_extremist) for sp in m.spaces),
        x=tuple(sp.x for sp in m.spaces),
        y=tuple(sp.y for sp in m.spaces),
        reconstructed=tuple(sp.reconstructed for sp in m.spaces),
        stated=tuple(tuple(sp.stated) for sp in m.spaces),
    )
