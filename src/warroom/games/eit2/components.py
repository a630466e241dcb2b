"""Game components of Europe in Turmoil II (2.0): the map (map.py), the cards and the
Rearmament Chart (cards.py), the scenarios (content/scenarios.yaml), compiled into one
runtime object for the rules."""

from __future__ import annotations

import difflib
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from warroom.core.content import ContentModel, ContentPack, check
from warroom.games.eit2 import cards as cards_mod
from warroom.games.eit2.cards import CARDS_FILE
from warroom.games.eit2.map import BUNDLED, EitMap, load_map

OPENING_HAND = 8
"""The cards each player is dealt at the 1920 set-up (3.6)."""

ERAS = ("Roaring Twenties", "Great Depression", "Appeasement")
SCENARIO_FILE = "scenarios.yaml"

# Printed card numbers (2.2) that rules outside the card's own Event refer to.
WASHINGTON_NAVAL_TREATY = 8
#: Map markers that show an ongoing Event (2.3.3, 12.1/13.1), by printed card number:
#: cancelling the Event flips them back; a scenario showing the marker has the Event in force.
MARKER_FLAGS: dict[int, str] = {
    34: "weimar_republic",              # Weimar Republic
    7: "kellogg_briand",                # Kellogg-Briand Pact
    23: "league_of_nations",            # Germany Admitted to the League of Nations
    8: "washington_naval_treaty",       # Washington Naval Treaty
    80: "guarantees_poland",            # Guarantees to Poland
    29: "canonization",                 # Canonization of Joan of Arc
}


def slug(name: str) -> str:
    """The content id of a space named ``name``: ``Action Française`` -> ``action-francaise``."""
    t = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return "-".join("".join(ch if ch.isalnum() else " " for ch in t).split())


def norm(title: str) -> str:
    """A title key that ignores accents, case, spaces and punctuation."""
    t = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    return "".join(ch for ch in t.lower() if ch.isalnum())


@dataclass(frozen=True)
class CardInfo:
    number: int
    title: str
    era: str
    side: str                   # "LW", "RW" or "neutral"
    ops: int | None
    removed_after_event: bool
    ongoing: bool
    requires: tuple[int, ...]
    scoring: str | None         # the Region a scoring card scores
    scoring_values: dict[str, int]
    check_ops: int
    event: str
    lasts: str | None = None
    reconstructed: bool = False
    if_rearmament: str | None = None
    reconstructed_fields: tuple[str, ...] = ()
    cancels: tuple[int, ...] = ()   # the Events its own Event cancels (7.5)
    aliases: tuple[str, ...] = ()
    """Other titles a player may type for the card (content ``aliases``)."""
    text_rewritten: bool = False
    """A ``--content`` pack gives the Event other words than warroom's own: the Event still
    does what warroom's text says (an Event is code, one function a card), so the words
    shown are marked (a terminal audit: a pack's "+4" was quoted by why, and +2 played)."""


@dataclass(frozen=True)
class Box:
    name: str
    needed: int | None
    kind: str | None
    space: int | None
    effects: tuple[dict[str, Any], ...]
    marker: str | None = None


@dataclass
class Components:
    map: EitMap
    names: tuple[str, ...]
    slugs: tuple[str, ...]
    """Content id of each space (action keys ``space:<slug>``)."""
    index: SpaceIndex
    region: tuple[str, ...]
    stability: tuple[int, ...]
    adj: tuple[tuple[int, ...], ...]
    battleground: tuple[bool, ...]
    cond_battleground: tuple[str | None, ...]
    colonial: tuple[bool, ...]
    at_start: tuple[tuple[int, int, int, int], ...]
    rhineland: int
    poland: int
    switzerland: int
    cards: dict[int, CardInfo]
    card_numbers: tuple[int, ...]
    title_number: dict[str, int]
    era_cards: dict[str, tuple[int, ...]]
    scoring_values: dict[str, dict[str, int]]
    track_ids: tuple[str, ...]
    track_names: tuple[str, ...]
    track_start_side: tuple[str, ...]
    boxes: tuple[tuple[Box, ...], ...]
    scenarios: dict[str, dict[str, Any]]
    cards_file: str = CARDS_FILE
    """Where the cards were loaded from (for content errors)."""
    turns: int = 10
    tension_max: int = 11
    tension_drm: tuple[int | None, ...] = field(
        default=(None, None, None, None, None, None, 1, 2, 3, 4, 5, 6))
    """9.2: the war roll's modifier of each Tension space. The rulebook says spaces 6 to 11
    each carry one ("+#") but prints no value: +1 to +6 are reconstructed (with 9.4's "higher
    than 6", war is impossible below 6 and certain at 11 but for Kellogg-Briand's -1)."""
    card_position: dict[int, int] = field(init=False, repr=False, compare=False)
    """Each card number's position in :attr:`card_numbers` (the observation's card bits)."""

    def __post_init__(self) -> None:
        self.card_position = {n: i for i, n in enumerate(self.card_numbers)}

    def card_by_title(self, title: str) -> int:
        key = norm(title)
        if key not in self.title_number:
            raise KeyError(f"no card titled {title!r}")
        return self.title_number[key]

    def track_name(self, track_id: str) -> str:
        """The printed name of the Rearmament track of content id ``track_id`` ("france" ->
        "France"), for the words a player reads."""
        return self.track_names[self.track_ids.index(track_id)]

    def box_index(self, t: int, name: str | None) -> int:
        if name is None:
            return 0
        for i, box in enumerate(self.boxes[t]):
            if norm(box.name) == norm(name):
                return i
        raise KeyError(f"no box {name!r} on the {self.track_ids[t]} track")

    def content_json(self) -> dict[str, Any]:
        spaces = []
        for s, name in enumerate(self.names):
            spaces.append({
                "name": name, "region": self.region[s], "colonial": self.colonial[s],
                "battleground": self.battleground[s],
                "battleground_if": self.cond_battleground[s],
                "stability": self.stability[s],
                "adjacent": [self.names[t] for t in self.adj[s]],
                "x": self.map.x[s], "y": self.map.y[s],
                "reconstructed": self.map.reconstructed[s],
                # a pack's other spellings, which play takes as the name (they were not
                # shown anywhere: a content audit)
                "aliases": list(self.map.model.spaces[s].aliases),
            })
        cards = []
        for n in self.card_numbers:
            ci = self.cards[n]
            cards.append({
                "number": n, "title": ci.title, "era": ci.era, "side": ci.side, "ops": ci.ops,
                "removed_after_event": ci.removed_after_event, "ongoing": ci.ongoing,
                "requires": list(ci.requires),
                "scoring": ({"region": ci.scoring, **ci.scoring_values,
                             "support_check_ops": ci.check_ops} if ci.scoring else None),
                "event": ci.event, "aliases": list(ci.aliases),
            })
        rearm = []
        for t, tid in enumerate(self.track_ids):
            rearm.append({"track": tid, "name": self.track_names[t],
                          "start_side": self.track_start_side[t],
                          "boxes": [{"name": b.name, "needed": b.needed, "kind": b.kind,
                                     "marker": b.marker, "effects": list(b.effects)}
                                    for b in self.boxes[t]]})
        return {"game": "eit2", "spaces": spaces, "cards": cards, "rearmament": rearm,
                "scenarios": sorted(self.scenarios)}


def load_components(override: Path | None = None, pack: ContentPack | None = None
                    ) -> Components:
    pack = pack or ContentPack(BUNDLED, override)
    m = load_map(override, pack)
    card_file = cards_mod.load_cards(pack)
    # the words warroom's own Events follow, for a pack's own cards to be told apart by
    # (read again only where the pack has cards of its own)
    own = ({} if pack.path(CARDS_FILE).parent == BUNDLED else
           {cd.number: " ".join(cd.event.split())
            for cd in cards_mod.load_cards(ContentPack(BUNDLED)).cards})
    rearm_file = cards_mod.load_rearmament(pack)
    cards: dict[int, CardInfo] = {}
    for card in card_file.cards:
        sc = card.scoring
        cards[card.number] = CardInfo(
            number=card.number, title=card.title, era=card.era, side=card.side,
            ops=card.ops, removed_after_event=card.removed_after_event,
            ongoing=card.ongoing, requires=tuple(card.requires),
            scoring=sc.region if sc else None,
            scoring_values=({"presence": sc.presence, "domination": sc.domination,
                             "control": sc.control} if sc else {}),
            check_ops=sc.support_check_ops if sc else 0,
            event=card.event, lasts=card.lasts, reconstructed=card.reconstructed,
            if_rearmament=card.if_rearmament,
            reconstructed_fields=tuple(card.reconstructed_fields),
            cancels=tuple(card.cancels), aliases=tuple(card.aliases),
            text_rewritten=card.number in own and own[card.number] != " ".join(
                card.event.split()))
    numbers = tuple(sorted(cards))
    title_number = {norm(ci.title): n for n, ci in cards.items()}
    for card in card_file.cards:
        for alias in card.aliases:
            title_number.setdefault(norm(alias), card.number)
    era_cards = {era: tuple(n for n in numbers if cards[n].era == era) for era in ERAS}
    # 3.6: "each player is dealt 8 cards" from the Roaring Twenties deck (a pack that left
    # it 6 cards dealt 3 each, and the log said 8: an audit)
    first = len(era_cards["Roaring Twenties"])
    check(first >= 2 * OPENING_HAND, f"the Roaring Twenties era holds {first} cards; 3.6 "
          f"deals each player {OPENING_HAND} from it, so it needs {2 * OPENING_HAND} at least",
          file=str(pack.path(CARDS_FILE)))
    scoring_values = {ci.scoring: ci.scoring_values for ci in cards.values() if ci.scoring}
    track_ids, track_names, starts, boxes = [], [], [], []
    for tr in rearm_file.tracks:
        track_ids.append(tr.id)
        track_names.append(tr.name)
        starts.append(tr.start_side)
        boxes.append(tuple(
            Box(b.name, b.needed, b.kind,
                m.id(str(b.space)) if getattr(b, "space", None) else None,
                tuple(_plain(e) for e in b.effects), getattr(b, "marker", None))
            for b in tr.boxes))
    slugs = tuple(slug(name) for name in m.names)
    if len(set(slugs)) != len(slugs):
        dup = sorted({x for x in slugs if slugs.count(x) > 1})
        check(False, f"two spaces have the same id {dup[0]!r}", file=str(pack.path("map.yaml")))
    c = Components(
        map=m, names=m.names, slugs=slugs, index=SpaceIndex(m), region=m.region,
        stability=m.stability,
        adj=m.adj, battleground=m.battleground, cond_battleground=m.cond_battleground,
        colonial=m.colonial, at_start=m.at_start, rhineland=m.id("Rhineland"),
        poland=m.id("Poland"), switzerland=m.id("Switzerland"), cards=cards,
        card_numbers=numbers, title_number=title_number,
        era_cards=era_cards, scoring_values=scoring_values,
        track_ids=tuple(track_ids), track_names=tuple(track_names),
        track_start_side=tuple(starts), boxes=tuple(boxes), scenarios={},
        cards_file=str(pack.path(CARDS_FILE)))
    c.scenarios = _scenarios(c, pack)
    return c


class SpaceIndex:
    """``c.index[name]``: a space id by name (aliases and case accepted)."""

    def __init__(self, m: EitMap) -> None:
        self._m = m

    def __getitem__(self, name: str) -> int:
        return int(self._m.id(name))


def _plain(obj: Any) -> Any:
    if hasattr(obj, "model_dump"):
        return dict(obj.model_dump(exclude_none=True))
    return obj


# -- content/scenarios.yaml (12.0, 13.0) -----------------------------------------------

class SideValues(ContentModel):
    lw: int = Field(ge=0, le=20)
    rw: int = Field(ge=0, le=20)


class ScenarioFlags(ContentModel):
    """The map markers of 12.1/13.1 (None: as at the 1920 set-up)."""

    rhineland_demilitarized: bool | None = None
    league_of_nations: bool | None = None
    canonization: bool | None = None
    weimar_republic: bool | None = None
    guarantees_poland: bool | None = None


class ScenarioSpace(ContentModel):
    """One row of the 12.5/13.6 tables; an Extremist is one cube (11.1.4)."""

    lw_sp: int = Field(ge=0)
    rw_sp: int = Field(ge=0)
    lw_extremist: int = Field(ge=0, le=1)
    rw_extremist: int = Field(ge=0, le=1)


class Scenario(ContentModel):
    """A scenario set-up (12.0/13.0): markers, Rearmament chart, cards and the SP table."""

    rule: str = Field(min_length=1)
    turn: int = Field(ge=1, le=10)
    power: int = Field(ge=-19, le=19)                    # + RW, - LW (10.3)
    tension: int = Field(ge=0, le=11)
    kellogg_briand_side: bool = False
    moderation: SideValues
    sanctions: SideValues
    flags: ScenarioFlags = Field(default_factory=ScenarioFlags)
    rearmament: dict[str, tuple[str | None, Literal["LW", "RW"]]]
    ten_year_rule: int = Field(default=0, ge=0)
    removed: list[int | str] = Field(default_factory=list)
    discarded: list[int | str] = Field(default_factory=list)
    reminders: list[int | str] = Field(default_factory=list)
    effect_done: list[str] = Field(default_factory=list)
    """Removed cards whose Event "already had its (full) effect" (13.3): a note only."""
    eras: list[Literal["Roaring Twenties", "Great Depression", "Appeasement"]] = Field(
        min_length=1)
    spaces: dict[str, ScenarioSpace]


class ScenariosFile(ContentModel):
    """The scenarios besides the 1920 campaign (which uses the map's At Start values)."""

    great_depression: Scenario
    appeasement: Scenario


def _scenarios(c: Components, pack: ContentPack) -> dict[str, dict[str, Any]]:
    path = pack.path(SCENARIO_FILE)
    file = str(path)
    raw = pack.load(SCENARIO_FILE, ScenariosFile).model_dump(exclude_none=True)
    out: dict[str, dict[str, Any]] = {}
    for key, sc in raw.items():
        entry = f"{key}"
        spaces: dict[int, tuple[int, int, int, int]] = {}
        for name, row in sc["spaces"].items():
            try:
                s = c.map.id(name)
            except KeyError as exc:     # its message, not KeyError's quoted repr
                check(False, str(exc.args[0]) if exc.args else name, file=file, entry=entry,
                      field=f"spaces.{name}")
                raise
            spaces[s] = (row["lw_sp"], row["rw_sp"], row["lw_extremist"], row["rw_extremist"])
        unlisted = [n for i, n in enumerate(c.names) if i not in spaces]
        check(not unlisted, f"{len(spaces)} spaces listed, the map has {len(c.names)}: "
              f"missing {', '.join(unlisted[:8])}{', …' if len(unlisted) > 8 else ''} "
              "(a space with nothing at start is listed with zeros)", file=file,
              entry=entry, field="spaces")
        sc["spaces"] = spaces
        for fld in ("removed", "discarded", "reminders"):
            nums = []
            for k, ref in enumerate(sc.get(fld, [])):
                if isinstance(ref, int):     # a printed card number (the bundled files)
                    check(ref in c.cards, f"no card number {ref}", file=file, entry=entry,
                          field=f"{fld}[{k}]")
                    nums.append(ref)
                    continue
                try:
                    nums.append(c.card_by_title(str(ref)))
                except KeyError:
                    close = difflib.get_close_matches(
                        str(ref), [ci.title for ci in c.cards.values()], n=1, cutoff=0.75)
                    check(False, f"no card titled {ref!r}"
                          + (f"; did you mean {close[0]!r}?" if close else ""),
                          file=file, entry=entry, field=f"{fld}[{k}]")
            sc[fld] = nums
        for tid, (box, _side) in sc["rearmament"].items():
            check(tid in c.track_ids, f"unknown track {tid!r}", file=file, entry=entry,
                  field="rearmament")
            try:
                c.box_index(c.track_ids.index(tid), box)
            except KeyError as exc:
                check(False, str(exc), file=file, entry=entry, field=f"rearmament.{tid}")
        out[key] = sc
    return out


__all__ = ["Components", "load_components"]
