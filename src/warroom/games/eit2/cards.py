"""Strategy cards (2.2) and the Rearmament Chart (6.3) of Europe in Turmoil II: the content
models of ``content/cards.yaml`` and ``content/rearmament.yaml``, their loaders, and the
cross-checks the rulebook implies (110 cards numbered 1-110, every era present, prerequisite
links, one Scoring card per Scoring Region, seven Rearmament tracks).

Public API::

    deck = load_cards(pack)            # -> Deck (pack: ContentPack, default: the bundled one)
    deck.card(4).title                 # 'Admiral Horthy'
    deck.find("Jozef Pilsudski")       # by title or alias, ignoring case/accents/punctuation
    deck.era("Great Depression")       # card numbers of an era, in order
    deck.scoring_card("France")
    chart = load_rearmament(pack)      # -> Rearmament
    chart.track("france").boxes[1].name            # 'Maginot Line Conception'
    chart.box_index("france", "Maginot Line Completion")
    deck, chart = load_content(pack)   # both, plus the links between the two files

Errors are :class:`~warroom.core.errors.ContentError` naming the file, the entry and the field.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator

from warroom.core.content import ContentModel, ContentPack, check

BUNDLED = Path(__file__).parent / "content"

REWRITTEN = ("this content pack gives the Event other words; it does what warroom's own "
             "text says, since an Event is code, one function a card (warroom content eit2 "
             "--card N, without --content, shows that text)")
"""Said of a card whose Event a ``--content`` pack rewords (:attr:`CardInfo.text_rewritten`)."""
CARDS_FILE = "cards.yaml"
REARMAMENT_FILE = "rearmament.yaml"

CARD_COUNT = 110                                            # 2.0, 2.2.1
ERAS = ("Roaring Twenties", "Great Depression", "Appeasement")   # 2.2.7, 4.1
SIDES = ("LW", "RW", "neutral")                             # 2.2.2
REGIONS = ("France", "United Kingdom", "Germany", "Spain", "Italy", "Little Entente")  # 2.1.1
TRACK_IDS = ("spain", "italy", "uk", "france", "germany", "little_entente", "ussr")  # 6.3.1
BOX_KINDS = ("air", "army", "navy")                         # 6.3.11

# The spaces of the map by Scoring Region (Independent last), named as in the 12.5 tables.
SPACES_BY_REGION: dict[str, tuple[str, ...]] = {
    "France": ("Action Française", "Alsace-Lorraine", "Aquitaine", "France-Comté",
               "French Catholics", "Normandy/Brittany", "Nord/Pas-de-Calais", "Paris",
               "Provence", "Algeria", "French Morocco",
               "French Mandate for Syria and the Lebanon", "Tunisia"),
    "Italy": ("Apulia", "Blackshirts", "Campania", "Dodecanese", "Fiume", "Lombardy", "Rome",
              "Sicily", "South Tyrol", "Tuscany", "Victor Emmannuel III", "Libya"),
    "Germany": ("Bavaria", "Baden-Württemberg", "Berlin", "East-Prussia", "Hamburg", "Hanover",
                "Magdeburg", "Pomerania", "Rhineland", "Saxony", "Silesia", "Thuringia"),
    "United Kingdom": ("Gibraltar", "House of Windsor", "London", "Midlands",
                       "Northern England", "Northern Ireland", "Parliament", "Scotland",
                       "Wales", "British Mandate for Palestine", "Egypt",
                       "Empire & Commonwealth"),
    "Little Entente": ("Bessarabia", "Bohemia", "Bosnia", "Croatia", "Moravia",
                       "Romanian Royalty", "Ruthenia", "Serbia", "Slovakia", "Slovenia",
                       "Sudetenland", "Transylvania"),
    "Spain": ("Andalusia", "Balearic Islands", "Basque Country", "Catalonia", "Galicia",
              "La Mancha", "Madrid", "Monarchists", "Spanish Catholics", "Valencia",
              "Spanish Morocco"),
    "Independent": ("Albania", "Austria", "Baltic States", "Belgium", "Bulgaria",
                    "Danzig-Polish Corridor", "Denmark", "Finland", "Greece", "Hungary",
                    "Irish Free State", "Netherlands", "Norway", "Poland", "Portugal",
                    "Sweden", "Switzerland", "Turkey", "USSR", "Vatican"),
}
SPACES: frozenset[str] = frozenset(s for v in SPACES_BY_REGION.values() for s in v)

Era = Literal["Roaring Twenties", "Great Depression", "Appeasement"]
Side = Literal["LW", "RW", "neutral"]


def normalize_title(title: str) -> str:
    """Lower case, no accents, letters and digits only: 'Józef Piłsudski' == 'Jozef Pilsudski'."""
    text = unicodedata.normalize("NFKD", title.replace("ł", "l").replace("Ł", "L"))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    return re.sub(r"[^a-z0-9]", "", text)


# -- card models ---------------------------------------------------------------------------

class Scoring(ContentModel):
    """A Scoring card (10.1): Power for Presence < Domination < Control, and the OPs of the
    Support Check it gives (11.1.1)."""

    region: str
    presence: int = Field(ge=0)
    domination: int = Field(ge=1)
    control: int = Field(ge=1)
    support_check_ops: int = Field(ge=1, le=4)


class SpPlacement(ContentModel):
    space: str
    side: Literal["LW", "RW", "any"]       # any: the phasing player (a neutral Event)


class Card(ContentModel):
    number: int = Field(ge=1)
    title: str = Field(min_length=1)
    aliases: list[str] = Field(default_factory=list)
    era: Era
    side: Side
    ops: int | None = Field(ge=1, le=4)           # null for Scoring cards
    removed_after_event: bool                     # asterisk (2.2.4)
    ongoing: bool                                 # underlined (2.2.5)
    lasts: Literal["turn", "game", "until_cancelled", "until_turn_7"] | None = None
    requires: list[int] = Field(default_factory=list)
    prerequisite_for: list[int] = Field(default_factory=list)   # red title (2.2.6)
    cancels: list[int] = Field(default_factory=list)
    marker: str | None = None
    scoring: Scoring | None = None
    event: str = Field(min_length=10)
    if_rearmament: str | None = None              # 6.3.7 exception
    spaces: list[str] = Field(default_factory=list)
    places_sp: list[SpPlacement] = Field(default_factory=list)
    effect_source: str = Field(min_length=1)
    reconstructed: bool = False
    reconstructed_fields: list[Literal["ops"]] = Field(default_factory=list)
    """Values on a card whose Event the rulebook fixes that it does not state (15 Wall
    Street Crash's OPs): reconstructed, shown as such (DESIGN: every reconstructed entry is
    marked, so the printed value can replace it)."""
    facts: list[str] = Field(default_factory=list)
    history: str = Field(min_length=1)


class CardsFile(ContentModel):
    cards: list[Card] = Field(min_length=1)


# -- rearmament models ---------------------------------------------------------------------

class ControlBonus(ContentModel):
    if_controls: str
    n: int


class PowerEffect(ContentModel):
    n: int = Field(ge=1)
    requires_control: str | None = None
    bonus: ControlBonus | None = None


class PlaceSp(ContentModel):
    n: int = Field(ge=1)
    space: str | None = None
    in_space_with_friendly_extremist: bool = False

    @model_validator(mode="after")
    def _one_target(self) -> PlaceSp:
        if (self.space is None) == (not self.in_space_with_friendly_extremist):
            raise ValueError("give either space or in_space_with_friendly_extremist: true")
        return self


class RemoveSp(ContentModel):
    n: int = Field(ge=1)
    space: str


class SupportCheckEffect(ContentModel):
    spaces: list[str] = Field(min_length=1)
    modifier: int
    bonus: ControlBonus | None = None


class OngoingEffect(ContentModel):
    marker: str
    support_check_modifier: int
    spaces: list[str] | None = None
    region: str | None = None

    @model_validator(mode="after")
    def _one_target(self) -> OngoingEffect:
        if (self.spaces is None) == (self.region is None):
            raise ValueError("give either spaces or region")
        return self


class BoxEffect(ContentModel):
    """One effect of a Progress box; exactly one key is set."""

    tension: int | None = None
    power: PowerEffect | None = None
    moderation: int | None = None
    place_sp: PlaceSp | None = None
    remove_opposing_sp: RemoveSp | None = None
    support_check: SupportCheckEffect | None = None
    free_attempt: bool | None = None
    ongoing: OngoingEffect | None = None

    @model_validator(mode="after")
    def _exactly_one(self) -> BoxEffect:
        given = [k for k in type(self).model_fields if getattr(self, k) is not None]
        if len(given) != 1:
            keys = ", ".join(type(self).model_fields)
            raise ValueError(f"an effect has exactly one key of {keys} "
                             f"(got {', '.join(given) or 'none'})")
        return self

    @property
    def kind(self) -> str:
        return next(k for k in type(self).model_fields if getattr(self, k) is not None)

    def named_spaces(self) -> list[str]:
        out: list[str] = []
        for part in (self.power, self.place_sp, self.remove_opposing_sp, self.support_check,
                     self.ongoing):
            if part is None:
                continue
            for attr in ("space", "requires_control"):
                v = getattr(part, attr, None)
                if isinstance(v, str):
                    out.append(v)
            out += getattr(part, "spaces", None) or []
            bonus = getattr(part, "bonus", None)
            if bonus is not None:
                out.append(bonus.if_controls)
        return out


class Box(ContentModel):
    name: str = Field(min_length=1)
    needed: int | None = Field(default=None, ge=2, le=14)   # null: the starting space
    kind: Literal["air", "army", "navy"] | None = None
    marker: str | None = None
    space: str | None = None                      # 6.3.2 target space (11.2.5)
    effect: str
    effects: list[BoxEffect] = Field(default_factory=list)
    reconstructed: bool = False
    facts: list[str] = Field(default_factory=list)


class TrackMarker(ContentModel):
    name: str
    start_value: int
    flipped_value: int
    flipped_by: str | None = None
    effect: str
    reconstructed: bool = False
    facts: list[str] = Field(default_factory=list)


class Track(ContentModel):
    id: str
    name: str
    start_side: Literal["LW", "RW"]
    markers: list[TrackMarker] = Field(default_factory=list)
    boxes: list[Box] = Field(min_length=2)


class RearmamentFile(ContentModel):
    tracks: list[Track] = Field(min_length=1)


# -- loaded content ------------------------------------------------------------------------

@dataclass(frozen=True)
class Deck:
    """The 110 cards, ``cards[n - 1]`` being card number n."""

    cards: tuple[Card, ...]
    _titles: dict[str, int] = field(repr=False)

    def card(self, number: int) -> Card:
        if not 1 <= number <= len(self.cards):
            raise KeyError(f"no card number {number}; cards are numbered 1-{len(self.cards)}")
        return self.cards[number - 1]

    def find(self, title: str) -> Card:
        """The card with this title or alias (case, accents and punctuation ignored)."""
        key = normalize_title(title)
        if key not in self._titles:
            close = difflib.get_close_matches(key, list(self._titles), n=1)
            hint = (f"; did you mean {self.cards[self._titles[close[0]] - 1].title!r}?"
                    if close else "")
            raise KeyError(f"no card titled {title!r}{hint}")
        return self.cards[self._titles[key] - 1]

    def has(self, title: str) -> bool:
        return normalize_title(title) in self._titles

    def era(self, era: str) -> tuple[int, ...]:
        if era not in ERAS:
            raise KeyError(f"unknown era {era!r}; eras are {', '.join(ERAS)}")
        return tuple(c.number for c in self.cards if c.era == era)

    def scoring_card(self, region: str) -> Card:
        for c in self.cards:
            if c.scoring is not None and c.scoring.region == region:
                return c
        raise KeyError(f"no Scoring card for {region!r}")

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(c.number for c in self.cards)


@dataclass(frozen=True)
class Rearmament:
    """The seven tracks in the order of 6.3.1; ``boxes[0]`` of a track is its start space."""

    tracks: tuple[Track, ...]

    def track(self, track_id: str) -> Track:
        for t in self.tracks:
            if t.id == track_id:
                return t
        raise KeyError(f"no rearmament track {track_id!r}; tracks are {', '.join(TRACK_IDS)}")

    def box_index(self, track_id: str, name: str | None) -> int:
        """Index of the box named ``name`` on the track (None: the starting space, 0)."""
        if name is None:
            return 0
        boxes = self.track(track_id).boxes
        for i, b in enumerate(boxes):
            if b.name == name:
                return i
        raise KeyError(f"no box {name!r} on the {track_id} track")

    def markers(self) -> dict[str, tuple[str, int]]:
        """Reminder markers that begin on a box: name -> (track id, box index)."""
        return {b.marker: (t.id, i) for t in self.tracks for i, b in enumerate(t.boxes)
                if b.marker}


def _pack(pack: ContentPack | None) -> ContentPack:
    return pack if pack is not None else ContentPack(BUNDLED)


def load_cards(pack: ContentPack | None = None) -> Deck:
    pack = _pack(pack)
    data = pack.load(CARDS_FILE, CardsFile)
    return compile_cards(data, str(pack.path(CARDS_FILE)))


def load_rearmament(pack: ContentPack | None = None) -> Rearmament:
    pack = _pack(pack)
    data = pack.load(REARMAMENT_FILE, RearmamentFile)
    return compile_rearmament(data, str(pack.path(REARMAMENT_FILE)))


def load_content(pack: ContentPack | None = None) -> tuple[Deck, Rearmament]:
    """Both files, and the links between them (a track marker flipped by a card)."""
    pack = _pack(pack)
    deck, chart = load_cards(pack), load_rearmament(pack)
    rf = str(pack.path(REARMAMENT_FILE))
    for i, t in enumerate(chart.tracks):
        for j, m in enumerate(t.markers):
            check(m.flipped_by is None or deck.has(m.flipped_by),
                  f"no card titled {m.flipped_by!r} in {CARDS_FILE}", file=rf,
                  entry=f"tracks[{i}] ({t.name}).markers[{j}] ({m.name})", field="flipped_by")
    return deck, chart


# -- cross-checks --------------------------------------------------------------------------

def compile_cards(data: CardsFile, file: str) -> Deck:
    cards = data.cards

    def where(i: int) -> str:
        return f"cards[{i}] ({cards[i].title})"

    check(len(cards) == CARD_COUNT, f"the game has {CARD_COUNT} Strategy cards (2.2.1), "
          f"this file lists {len(cards)}", file=file, entry="cards")
    for i, c in enumerate(cards):
        check(c.number == i + 1, f"cards are listed in number order 1-{CARD_COUNT}: expected "
              f"number {i + 1}, found {c.number}", file=file, entry=where(i), field="number")
    titles: dict[str, int] = {}
    for i, c in enumerate(cards):
        for name, fld in [(c.title, "title")] + [(a, "aliases") for a in c.aliases]:
            key = normalize_title(name)
            check(key not in titles or titles[key] == c.number,
                  f"{name!r} is also the title or alias of card {titles.get(key)}",
                  file=file, entry=where(i), field=fld)
            titles[key] = c.number
    for era in ERAS:
        check(any(c.era == era for c in cards), f"no card of the {era} era (4.1)", file=file,
              entry="cards", field="era")
    regions_seen: dict[str, int] = {}
    for i, c in enumerate(cards):
        if c.scoring is not None:
            sc = c.scoring
            check(c.ops is None, "a Scoring card has no OPs value", file=file, entry=where(i),
                  field="ops")
            check(sc.region in REGIONS, f"unknown Scoring Region {sc.region!r}; use one of "
                  f"{', '.join(REGIONS)}", file=file, entry=where(i), field="scoring.region")
            check(sc.region not in regions_seen, f"{sc.region} already has Scoring card "
                  f"{regions_seen.get(sc.region)}", file=file, entry=where(i),
                  field="scoring.region")
            regions_seen[sc.region] = c.number
            check(sc.presence < sc.domination < sc.control,
                  "Presence < Domination < Control (10.1.2 scores the highest level)",
                  file=file, entry=where(i), field="scoring")
            check(c.side == "neutral", "a Scoring card belongs to neither side", file=file,
                  entry=where(i), field="side")
        else:
            check(c.ops is not None, "a non-Scoring card has an OPs value 1-4 (2.2.1)",
                  file=file, entry=where(i), field="ops")
    missing = [r for r in REGIONS if r not in regions_seen]
    check(not missing, f"no Scoring card for {', '.join(missing)}", file=file, entry="cards")
    n = len(cards)
    for i, c in enumerate(cards):
        for fld in ("requires", "prerequisite_for", "cancels"):
            for ref in getattr(c, fld):
                check(1 <= ref <= n and ref != c.number,
                      f"{ref} is not the number of another card", file=file, entry=where(i),
                      field=fld)
        for ref in c.requires:
            check(c.number in cards[ref - 1].prerequisite_for,
                  f"card {ref} ({cards[ref - 1].title}) must list {c.number} in its "
                  "prerequisite_for", file=file, entry=where(i), field="requires")
        for ref in c.prerequisite_for:
            check(c.number in cards[ref - 1].requires,
                  f"card {ref} ({cards[ref - 1].title}) must list {c.number} in its requires",
                  file=file, entry=where(i), field="prerequisite_for")
        check(not c.prerequisite_for or c.ongoing,
              "a prerequisite card (red title) is always underlined (2.2.6): ongoing: true",
              file=file, entry=where(i), field="ongoing")
        for ref in c.cancels:
            check(cards[ref - 1].ongoing, f"card {ref} ({cards[ref - 1].title}) has no ongoing "
                  "Event to cancel", file=file, entry=where(i), field="cancels")
        check(c.lasts is None or c.ongoing, "only an ongoing card has a duration",
              file=file, entry=where(i), field="lasts")
        for j, s in enumerate(c.spaces):
            check(s in SPACES, _unknown_space(s), file=file, entry=where(i),
                  field=f"spaces[{j}]")
            check(s in c.event, f"{s!r} is not named in the event text", file=file,
                  entry=where(i), field=f"spaces[{j}]")
        for j, p in enumerate(c.places_sp):
            check(p.space in c.spaces, f"{p.space!r} is not among the spaces the event names",
                  file=file, entry=where(i), field=f"places_sp[{j}].space")
            check(p.side != "any" or c.side == "neutral", "side 'any' (the phasing player) is "
                  "for a neutral card's Event", file=file, entry=where(i),
                  field=f"places_sp[{j}].side")
    return Deck(cards=tuple(cards), _titles=titles)


def _unknown_space(name: str) -> str:
    close = difflib.get_close_matches(name, sorted(SPACES), n=1)
    return f"unknown space {name!r}" + (f"; did you mean {close[0]!r}?" if close else
                                        " (names as in the 12.5 tables)")


def compile_rearmament(data: RearmamentFile, file: str) -> Rearmament:
    ids = [t.id for t in data.tracks]
    for i, t in enumerate(data.tracks):
        check(t.id in TRACK_IDS, f"unknown track id {t.id!r}; use one of {', '.join(TRACK_IDS)}",
              file=file, entry=f"tracks[{i}] ({t.name})", field="id")
        check(ids.count(t.id) == 1, f"track {t.id!r} is listed twice", file=file,
              entry=f"tracks[{i}] ({t.name})", field="id")
    missing = [tid for tid in TRACK_IDS if tid not in ids]
    check(not missing, f"missing rearmament track(s) {', '.join(missing)} (6.3.1: seven tracks)",
          file=file, entry="tracks")
    check(tuple(ids) == TRACK_IDS, f"list the tracks in the order of 6.3.1: {', '.join(TRACK_IDS)}",
          file=file, entry="tracks", field="id")
    markers: set[str] = set()
    for i, t in enumerate(data.tracks):
        tw = f"tracks[{i}] ({t.name})"
        names = [b.name for b in t.boxes]
        for j, b in enumerate(t.boxes):
            bw = f"{tw}.boxes[{j}] ({b.name})"
            check(names.count(b.name) == 1, f"box {b.name!r} appears twice on the track",
                  file=file, entry=bw, field="name")
            if j == 0:
                check(b.needed is None and b.kind is None and not b.effects,
                      "the first entry is the starting space: needed, kind null, no effects",
                      file=file, entry=bw, field="needed")
                continue
            check(b.needed is not None, "a Progress box has the number needed to reach it "
                  "(6.3.3)", file=file, entry=bw, field="needed")
            check(b.kind is not None, "a Progress box is air, army or navy (6.3.11)",
                  file=file, entry=bw, field="kind")
            check(b.space is None or b.space in SPACES, _unknown_space(str(b.space)),
                  file=file, entry=bw, field="space")
            if b.marker is not None:
                check(b.marker not in markers, f"marker {b.marker!r} is on two boxes",
                      file=file, entry=bw, field="marker")
                markers.add(b.marker)
            for k, e in enumerate(b.effects):
                for s in e.named_spaces():
                    check(s in SPACES, _unknown_space(s), file=file, entry=bw,
                          field=f"effects[{k}]")
                if e.ongoing is not None:
                    check(e.ongoing.region is None or e.ongoing.region in REGIONS,
                          f"unknown Scoring Region {e.ongoing.region!r}", file=file, entry=bw,
                          field=f"effects[{k}].ongoing.region")
                    check(e.ongoing.marker == b.marker, "an ongoing box effect is the box's "
                          "own reminder marker", file=file, entry=bw,
                          field=f"effects[{k}].ongoing.marker")
    return Rearmament(tracks=tuple(data.tracks))


__all__ = ["BOX_KINDS", "BUNDLED", "CARD_COUNT", "ERAS", "REGIONS", "SIDES", "SPACES",
           "SPACES_BY_REGION", "TRACK_IDS", "Box", "BoxEffect", "Card", "CardsFile", "Deck",
           "Rearmament", "RearmamentFile", "Scoring", "Track", "TrackMarker", "compile_cards",
           "compile_rearmament", "load_cards", "load_content", "load_rearmament",
           "normalize_title"]
