"""Game components (sections 2-5): the content pack's typed models and the compact runtime
tables compiled from them.

Locations, lines and cards are indexed by small ints (the order of the YAML files); a
half of a location is ``0`` or ``1`` (the order of its ``halves``); an owner is
``AXIS``, ``WEST`` or ``SOV``; a side is ``0`` (Axis) or ``1`` (Allies).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal, get_args

from pydantic import Field

from warroom.core.content import ContentModel, ContentPack, check

BUNDLED = Path(__file__).parent / "content"

NEUTRAL, AXIS, WEST, SOV = 0, 1, 2, 3
OWNER_NAMES = ("neutral", "axis", "western", "soviet")
COLOR_OWNER = {"tan": NEUTRAL, "gray": AXIS, "blue": WEST, "red": SOV}
COLOR_NAMES = ("tan", "gray", "blue", "red")
SIDE_NAMES = ("axis", "allies")
NO_MOVE, LAND, NAVAL = 0, 1, 2
EventName = Literal["great_commander", "defender_reinforce", "wolfpack", "destroyer_attack",
                    "strategic_redeploy", "weapon_development", "coordinated_offensive"]
EVENTS: tuple[str, ...] = get_args(EventName)
(EV_NONE, EV_GC, EV_REINF, EV_WOLF, EV_DESTROYER, EV_REDEPLOY, EV_WEAPON,
 EV_COORD) = range(8)


# -- content models ------------------------------------------------------------------------

class LocationModel(ContentModel):
    name: str
    x: int | None = Field(default=None, ge=0)
    y: int | None = Field(default=None, ge=0)
    start_control: Literal["blue", "red", "gray", "tan"]
    halves: tuple[str, str]
    vp: int = Field(default=0, ge=0, le=9)
    supply: Literal["western", "soviet", "axis"] | None = None
    capital: bool = False
    box: bool = False
    reconstructed: bool = False


class LineModel(ContentModel):
    a: str
    a_half: str
    b: str
    b_half: str
    kind: Literal["land", "naval"]
    one_way: bool = False
    defense_a: int = Field(default=0, ge=0, le=5)
    defense_b: int = Field(default=0, ge=0, le=5)
    active_from_deck: int = Field(default=1, ge=1, le=3)
    via: list[tuple[Annotated[int, Field(ge=0)], Annotated[int, Field(ge=0)]]] = Field(
        default_factory=list, max_length=16)
    reconstructed: bool = False


class CanvasModel(ContentModel):
    """The browser map's drawing canvas and the size of a location's box (map units)."""

    width: int = Field(default=1500, ge=200, le=20000)
    height: int = Field(default=1060, ge=200, le=20000)
    box_width: int = Field(default=100, ge=20, le=400)
    box_height: int = Field(default=62, ge=20, le=400)
    reconstructed: bool = False


class LabelModel(ContentModel):
    """A name printed on the map (a sea, a region): decoration only."""

    text: str = Field(min_length=1, max_length=60)
    x: int = Field(ge=0)
    y: int = Field(ge=0)
    rotate: int = Field(default=0, ge=-90, le=90)


class MapFile(ContentModel):
    canvas: CanvasModel = CanvasModel()
    labels: list[LabelModel] = Field(default_factory=list, max_length=64)
    locations: list[LocationModel] = Field(min_length=2)
    lines: list[LineModel] = Field(min_length=1)


class CardModel(ContentModel):
    id: str
    name: str
    side: Literal["axis", "allies"]
    deck: int = Field(ge=1, le=3)
    build: int | None = Field(default=None, ge=1, le=3)
    build_western: int | None = Field(default=None, ge=1, le=3)
    build_soviet: int | None = Field(default=None, ge=1, le=3)
    fortress: bool = False
    bombing: bool = False
    move: Literal["land", "naval"] | None = None
    air: int = Field(default=0, ge=0, le=9)
    event: EventName | None = None
    reconstructed: bool = False


class EventModel(ContentModel):
    id: EventName
    name: str
    battle: bool = False
    by: Literal["attacker", "defender", "either"] = "either"
    after: Literal["recycle", "eliminate"]
    text: str
    reconstructed: bool = False


class CardsFile(ContentModel):
    cards: list[CardModel] = Field(min_length=2)
    event_texts: list[EventModel]


HandSize = Annotated[int, Field(ge=1, le=20)]
"""A hand size: a player holds at least one card (5.1)."""


class HandSizes(ContentModel):
    axis: tuple[HandSize, HandSize, HandSize]
    allies: tuple[HandSize, HandSize, HandSize]


class BombingTrack(ContentModel):
    values: list[Annotated[int, Field(ge=0)]] = Field(min_length=2, max_length=12)
    reconstructed: bool = False


class Mix(ContentModel):
    sp1: int = Field(ge=0)
    sp2: int = Field(ge=0)
    sp3: int = Field(ge=0)
    fortress: int = Field(default=0, ge=0)


class CounterMix(ContentModel):
    axis: Mix
    western: Mix
    soviet: Mix
    reconstructed: bool = False


class Placement(ContentModel):
    location: str
    sp1: int = Field(default=0, ge=0)
    sp2: int = Field(default=0, ge=0)
    sp3: int = Field(default=0, ge=0)


class UsaEntry(ContentModel):
    """2, 6.6: the Western counters that enter play in the USA box at the start of the
    Allied 3rd play deck (the rulebook does not list them)."""

    sp1: int = Field(default=0, ge=0)
    sp2: int = Field(default=0, ge=0)
    sp3: int = Field(default=0, ge=0)
    reconstructed: bool = False


class SetupFile(ContentModel):
    hand_size: HandSizes
    bombing_track: BombingTrack
    counter_mix: CounterMix
    axis: list[Placement]
    western: list[Placement]
    soviet: list[Placement]
    usa_entry: UsaEntry = UsaEntry()


# -- runtime tables ------------------------------------------------------------------------

@dataclass(frozen=True)
class Components:
    map: MapFile
    cards_file: CardsFile
    setup: SetupFile
    # locations
    n: int
    names: tuple[str, ...]
    index: dict[str, int]
    halves: tuple[tuple[str, str], ...]
    color: tuple[int, ...]               # start owner (colour): NEUTRAL/AXIS/WEST/SOV
    vp: tuple[int, ...]
    supply_of: tuple[int, ...]           # owner whose supply location it is, 0 if none
    sources: tuple[tuple[int, ...], ...]  # per owner (index 1..3)
    usa: int
    # lines: (a, a_half, b, b_half, naval, one_way, def_a, def_b, active_from)
    lines: tuple[tuple[int, int, int, int, int, int, int, int, int], ...]
    # per location, movement lines out of it: (line, dest, my_half, dest_half, naval,
    # defence value entering dest, active_from)
    out: tuple[tuple[tuple[int, int, int, int, int, int, int], ...], ...]
    # supply graph per Allied deck stage 1..3 (index 0 unused): half-node -> half-nodes
    sup_adj: tuple[tuple[tuple[int, ...], ...], ...]
    # cards
    n_cards: int
    card_ids: tuple[str, ...]
    card_names: tuple[str, ...]
    card_side: tuple[int, ...]
    card_deck: tuple[int, ...]
    card_build: tuple[tuple[int, int, int, int], ...]  # strength per owner index 0..3
    card_fort: tuple[int, ...]
    card_bomb: tuple[int, ...]
    card_move: tuple[int, ...]
    card_air: tuple[int, ...]
    card_event: tuple[int, ...]
    event_battle: tuple[int, ...]        # per event code: 0 op event, 1 battle event
    event_after_elim: tuple[int, ...]
    event_names: tuple[str, ...]
    event_text: tuple[str, ...]
    decks: tuple[tuple[tuple[int, ...], ...], ...]  # [side][deck 0..2] -> card ids
    # set-up and tracks
    hand_size: tuple[tuple[int, int, int], tuple[int, int, int]]
    track: tuple[int, ...]               # value by distance from the black 0
    mix: tuple[tuple[int, int, int, int, int], ...]  # [owner][strength 1..3, 4 = fortress]
    start: tuple[tuple[int, int, int], ...]          # (owner, location, strength)
    usa_entry: tuple[int, ...]           # strengths of the Western armies entering (6.6)


def load_components(override: Path | None = None, pack: ContentPack | None = None
                    ) -> Components:
    pack = pack or ContentPack(BUNDLED, override)
    m = pack.load("map.yaml", MapFile)
    cf = pack.load("cards.yaml", CardsFile)
    s = pack.load("setup.yaml", SetupFile)
    return compile_components(m, cf, s, pack)


REWORDED = ("this content pack gives the event other words; it does what warroom's own "
            "text says, since an event is code (warroom content sfe, without --content, "
            "shows that text)")
"""Said after an event's words that a ``--content`` pack changed."""


def _own_texts(pack: ContentPack) -> dict[str, str]:
    """warroom's own words for each event, where ``pack`` has cards of its own."""
    if pack.path("cards.yaml").parent == BUNDLED:
        return {}
    return {e.id: e.text for e in ContentPack(BUNDLED).load("cards.yaml", CardsFile).event_texts}


def _shown_text(text: str, own: str | None) -> str:
    """An event's words as shown: a ``--content`` pack's other words for it (``own``:
    warroom's) are followed by :data:`REWORDED` (a terminal audit: a pack's Great Commander
    said "+3" while the battle added 2)."""
    if own is not None and " ".join(own.split()) != " ".join(text.split()):
        return f"{text} ({REWORDED})"
    return text


def compile_components(m: MapFile, cf: CardsFile, s: SetupFile,
                       pack: ContentPack) -> Components:
    mf, cff, sf = (str(pack.path(n)) for n in ("map.yaml", "cards.yaml", "setup.yaml"))
    index: dict[str, int] = {}
    for i, loc in enumerate(m.locations):
        entry = f"locations[{i}] ({loc.name})"
        check(loc.name not in index, f"location {loc.name!r} is listed twice", file=mf,
              entry=entry, field="name")
        check(loc.halves[0] != loc.halves[1], "the two halves need different names", file=mf,
              entry=entry, field="halves")
        index[loc.name] = i
    n = len(m.locations)
    boxes = [i for i, loc in enumerate(m.locations) if loc.box]
    check(len(boxes) == 1, "exactly one location must be the USA box (box: true)", file=mf,
          entry="locations", field="box")
    usa = boxes[0]
    supply_of = tuple({"western": WEST, "soviet": SOV, "axis": AXIS}.get(loc.supply or "", 0)
                      for loc in m.locations)
    sources = tuple(tuple(i for i in range(n) if supply_of[i] == o) for o in range(4))
    for o in (AXIS, WEST, SOV):
        check(bool(sources[o]), f"no supply location for {OWNER_NAMES[o]}", file=mf,
              entry="locations", field="supply")

    lines = []
    out: list[list[tuple[int, int, int, int, int, int, int]]] = [[] for _ in range(n)]
    seen_pairs: set[frozenset[int]] = set()
    for li, ln in enumerate(m.lines):
        entry = f"lines[{li}] ({ln.a}-{ln.b})"
        for end, half in ((ln.a, ln.a_half), (ln.b, ln.b_half)):
            check(end in index, f"unknown location {end!r}; add it under locations",
                  file=mf, entry=entry)
            check(half in m.locations[index[end]].halves,
                  f"{end} has no half {half!r}; its halves are "
                  f"{', '.join(m.locations[index[end]].halves)}", file=mf, entry=entry)
        a, b = index[ln.a], index[ln.b]
        check(a != b, "a line joins two different locations", file=mf, entry=entry)
        pair = frozenset((a, b))
        check(pair not in seen_pairs, "two lines join the same pair of locations", file=mf,
              entry=entry)
        seen_pairs.add(pair)
        ah = m.locations[a].halves.index(ln.a_half)
        bh = m.locations[b].halves.index(ln.b_half)
        naval = int(ln.kind == "naval")
        lines.append((a, ah, b, bh, naval, int(ln.one_way), ln.defense_a, ln.defense_b,
                      ln.active_from_deck))
        out[a].append((li, b, ah, bh, naval, ln.defense_b, ln.active_from_deck))
        if not ln.one_way:
            out[b].append((li, a, bh, ah, naval, ln.defense_a, ln.active_from_deck))
    # a location no line reaches can never be entered, supplied or left (a pack added one
    # with no lines and played on: a content audit)
    joined = {ln[0] for ln in lines} | {ln[2] for ln in lines}
    alone = [m.locations[i].name for i in range(n) if i not in joined]
    check(not alone, f"no line joins {', '.join(alone)} to the map: give each location its "
          "lines", file=mf, field="lines")
    sup_adj: list[tuple[tuple[int, ...], ...]] = [()]
    for stage in (1, 2, 3):
        adj: list[list[int]] = [[] for _ in range(2 * n)]
        for a, ah, b, bh, _nv, _ow, _da, _db, act in lines:
            if act <= stage:
                adj[2 * a + ah].append(2 * b + bh)
                adj[2 * b + bh].append(2 * a + ah)
        sup_adj.append(tuple(tuple(x) for x in adj))

    ev_index = {e: i + 1 for i, e in enumerate(EVENTS)}
    ev_models: dict[str, EventModel] = {e.id: e for e in cf.event_texts}
    own = _own_texts(pack)
    for e in EVENTS:
        check(e in ev_models, f"event {e!r} has no entry", file=cff, entry="event_texts")
    card_keys: dict[str, int] = {}
    decks: list[list[list[int]]] = [[[], [], []], [[], [], []]]
    builds: list[tuple[int, int, int, int]] = []
    for ci, card in enumerate(cf.cards):
        entry = f"cards[{ci}] ({card.id})"
        check(card.id not in card_keys, f"card id {card.id!r} is used twice", file=cff,
              entry=entry, field="id")
        card_keys[card.id] = ci
        side = 0 if card.side == "axis" else 1
        # an id is an action's key (card:ax08): ax or al as its side, then letters or
        # digits ('', 'ax 08', 'ax:08' and an Axis 'al99' loaded: an audit)
        prefix = "ax" if side == 0 else "al"
        check(re.fullmatch(rf"{prefix}[a-z0-9_]+", card.id) is not None,
              f"the id of an {'Axis' if side == 0 else 'Allied'} card is {prefix} and then "
              f"lower-case letters, digits or _ (e.g. {prefix}08), not {card.id!r}",
              file=cff, entry=entry, field="id")
        if side == 0:
            check(card.build_western is None and card.build_soviet is None,
                  "an Axis card builds Axis armies (use build)", file=cff, entry=entry)
        else:
            check(card.build is None and not card.fortress,
                  "an Allied card builds with build_western/build_soviet and no fortress "
                  "(3.4: fortresses are Axis only)", file=cff, entry=entry)
            check(card.build_western == card.build_soviet,
                  "an Allied card shows its three army icons at one strength, either nation "
                  "(4, 7.2.1: 'only one army may be built of the strength shown'): give "
                  "build_western and build_soviet the same value, or neither",
                  file=cff, entry=entry)
        builds.append((0, card.build or 0, card.build_western or 0, card.build_soviet or 0))
        decks[side][card.deck - 1].append(ci)
    for side in (0, 1):
        check(bool(decks[side][0]), f"the {SIDE_NAMES[side]} I chevron deck is empty",
              file=cff, entry="cards")

    mixm = s.counter_mix
    mix = ((0, 0, 0, 0, 0),
           (0, mixm.axis.sp1, mixm.axis.sp2, mixm.axis.sp3, mixm.axis.fortress),
           (0, mixm.western.sp1, mixm.western.sp2, mixm.western.sp3, 0),
           (0, mixm.soviet.sp1, mixm.soviet.sp2, mixm.soviet.sp3, 0))
    start: list[tuple[int, int, int]] = []
    used = [[0] * 5 for _ in range(4)]
    usa_entry: tuple[int, ...] = ()
    for owner, rows, key in ((AXIS, s.axis, "axis"), (WEST, s.western, "western"),
                             (SOV, s.soviet, "soviet")):
        for i, row in enumerate(rows):
            entry = f"{key}[{i}] ({row.location})"
            check(row.location in index, f"unknown location {row.location!r}", file=sf,
                  entry=entry, field="location")
            where = index[row.location]
            check(COLOR_OWNER[m.locations[where].start_control] == owner,
                  f"{row.location} is not {('an ' if owner == AXIS else 'a ')}"
                  f"{OWNER_NAMES[owner].capitalize()} location at the start",
                  file=sf, entry=entry, field="location")
            for strength, count in ((1, row.sp1), (2, row.sp2), (3, row.sp3)):
                for _ in range(count):
                    start.append((owner, where, strength))
                    used[owner][strength] += 1
        if owner == WEST:
            ue = s.usa_entry
            usa_entry = tuple(st for st, k in ((1, ue.sp1), (2, ue.sp2), (3, ue.sp3))
                              for _ in range(k))
            for strength in usa_entry:
                used[WEST][strength] += 1
        for strength in (1, 2, 3):
            check(used[owner][strength] <= mix[owner][strength],
                  f"the set-up (with the USA entry) uses more {strength} strength armies "
                  "than the counter mix has", file=sf, entry="counter_mix", field=key)
    track = tuple(s.bombing_track.values)
    check(track[0] == 0, "the black 0 has no value", file=sf, entry="bombing_track",
          field="values[0]")

    return Components(
        map=m, cards_file=cf, setup=s,
        n=n,
        names=tuple(loc.name for loc in m.locations),
        index=index,
        halves=tuple(loc.halves for loc in m.locations),
        color=tuple(COLOR_OWNER[loc.start_control] for loc in m.locations),
        vp=tuple(loc.vp for loc in m.locations),
        supply_of=supply_of,
        sources=sources,
        usa=usa,
        lines=tuple(lines),
        out=tuple(tuple(o) for o in out),
        sup_adj=tuple(sup_adj),
        n_cards=len(cf.cards),
        card_ids=tuple(c.id for c in cf.cards),
        card_names=tuple(c.name for c in cf.cards),
        card_side=tuple(0 if c.side == "axis" else 1 for c in cf.cards),
        card_deck=tuple(c.deck for c in cf.cards),
        card_build=tuple(builds),
        card_fort=tuple(int(c.fortress) for c in cf.cards),
        card_bomb=tuple(int(c.bombing) for c in cf.cards),
        card_move=tuple({None: NO_MOVE, "land": LAND, "naval": NAVAL}[c.move] for c in cf.cards),
        card_air=tuple(c.air for c in cf.cards),
        card_event=tuple(ev_index[c.event] if c.event else 0 for c in cf.cards),
        event_battle=(0, *(int(ev_models[e].battle) for e in EVENTS)),
        event_after_elim=(0, *(int(ev_models[e].after == "eliminate") for e in EVENTS)),
        event_names=("", *(ev_models[e].name for e in EVENTS)),
        event_text=("", *(_shown_text(ev_models[e].text, own.get(e)) for e in EVENTS)),
        decks=tuple(tuple(tuple(d) for d in sd) for sd in decks),
        hand_size=(s.hand_size.axis, s.hand_size.allies),
        track=track,
        mix=mix,
        start=tuple(start),
        usa_entry=usa_entry,
    )
