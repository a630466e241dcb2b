"""TK content: static components (countries, hexes, Ceded Land markers, countermix,
tables, cards) and situations (the political situation at one moment), as typed models.

Files in ``content/``:
- ``components.yaml``: geography and counters that never change during a game.
- ``tables.yaml``: the Area Tables, Diplomatic Incident, International Crisis and Civil War
  Tables (reconstructed: rule 15 names them but does not print them).
- ``situation_*.yaml``: bundled situations; a user may pass any situation file.
"""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field

from warroom.core.content import ContentModel, ContentPack, check, load_yaml, validate
from warroom.games.tk.rules import EVENTS

BUNDLED = Path(__file__).parent / "content"

Faction = Literal["axis", "western", "soviet"]
Allied = Literal["western", "soviet"]
War = Literal["pre_war", "limited_war", "total_war"]
FACTIONS: tuple[str, ...] = ("axis", "western", "soviet")
STATUSES = ("neutral", "axis", "western", "soviet", "conquered", "dependent", "removed",
            "major")
COUNTRY_MARKERS = ("neutrality", "influence:axis", "influence:western", "influence:soviet",
                   "free_passage", "no_occupation", "stronghold:republican",
                   "stronghold:nationalist", "mobilizing")


class CountryDef(ContentModel):
    name: str
    kind: Literal["major", "minor", "dependent", "region"]
    faction: Faction | None = None
    borders: list[str] = []
    dependents: list[str] = []
    parent: str | None = None
    capital: str | None = None
    provisional_capital: str | None = None
    cities: list[str] = []
    alignment: Allied = "western"
    posture: Literal["Locarno", "Cordon"] = "Locarno"
    new_country: bool = False
    """Eligible to become a Minor Country by 15.25 (13.8.2)."""
    colonial_unit: str | None = None
    """German colonial unit associated with it (By, Don, Uk), removed by 15.25."""
    breakaway_of: str | None = None
    """A Civil War Country's Breakaway Region (15.34)."""
    reconstructed: bool = False


class HexDef(ContentModel):
    id: str
    name: str = ""
    country: str | None = None
    city: bool = False
    port: bool = False
    island: bool = False
    naval: bool = False
    """A Naval Zone Box on the map rather than a land hex."""
    german_air_base: int | None = None
    """Hexes to the nearest German Air Base (15.33), where it matters."""
    us_air_base: int | None = None
    reconstructed: bool = False


class CededDef(ContentModel):
    id: str
    faction: Faction
    land: str
    country: str
    whole_country: bool = False
    hexes: list[str] = []
    flip_side: str | None = None
    """Further Concessions (15.16) flips it to the whole Country's side."""
    reconstructed: bool = False


class CardDef(ContentModel):
    number: int
    name: str
    unit: str | None = None
    marker: str | None = None
    rule: str | None = None


class PartnerDef(ContentModel):
    country: str
    faction: Faction
    war_economy_flip: bool = False
    """France or Italy: may flip War Economy +1 to +2 instead (15.38)."""
    reconstructed: bool = False


class Components(ContentModel):
    countries: list[CountryDef]
    hexes: list[HexDef]
    ceded_lands: list[CededDef]
    countermix: dict[str, Annotated[int, Field(ge=0)]]
    production_cards: list[CardDef]
    partnership: list[PartnerDef]
    vg_units: int = Field(ge=0)
    reconstructed: bool = False


class TableRow(ContentModel):
    roll: list[int] = Field(min_length=1)
    result: str
    text: str = ""


class DieTable(ContentModel):
    name: str
    rule: str
    drm: dict[str, int] = {}
    rows: list[TableRow]
    reconstructed: bool = False


class Tables(ContentModel):
    area_tables: list[DieTable]
    diplomatic_incident: DieTable
    international_crisis: DieTable
    civil_war: DieTable


# -- situations --------------------------------------------------------------------------

class CountryState(ContentModel):
    status: Literal["neutral", "axis", "western", "soviet", "conquered", "dependent",
                    "removed", "major"] | None = None
    """None: the country's kind's (a Minor Country Neutral, a Major Power major, a Region
    or Dependent part of its Country)."""
    markers: list[str] = []
    policy: str | None = None
    posture: Literal["Locarno", "Cordon"] | None = None
    conquered_by: Faction | None = None


class Policy(ContentModel):
    id: str
    name: str
    posture: Literal["Locarno", "Cordon", "Guarantees", "Entente", "Pact"]
    boxes: list[str] = Field(min_length=1)
    countries: list[str] = []
    endable: bool = True
    """Ignored, kept so that older situation files still load: which Policies may be ended
    is decided by the rules (15.28: never Isolationism or the Ostland Accord; 15.31's War
    with Russia and 15.37: never the Ostland Accord), by the Policy's name or id. In the
    state, ``endable`` says whether 15.28 Reassess Policies may end the Policy."""


class PostureBox(ContentModel):
    name: str
    major: str
    faction: Allied
    truce: int | None = Field(default=None, ge=1, le=3)
    truce_name: str | None = None
    negotiation: bool = False


class CivilWarMarker(ContentModel):
    id: str
    type: Literal["center", "stronghold"]
    side: Literal["republican", "nationalist"]
    city: str


class CivilWar(ContentModel):
    country: str
    markers: list[CivilWarMarker]


class Support(ContentModel):
    faction: Allied
    country: str


class Unit(ContentModel):
    id: str
    name: str
    owner: Faction
    nationality: str
    type: Literal["armor", "infantry", "support", "hq"]
    steps: int = Field(ge=0)     # 0 only Eliminated or Removed (check_situation)
    max_steps: int | None = None
    loc: str
    holder: str | None = None
    colonial: bool = False
    minor: bool = False
    ss: bool = False
    multinational: bool = False
    holding: list[str] = []
    delay_stripe: bool = False
    outbreak: bool = False
    """An Outbreak of War unit (15.22, 15.24)."""
    tk_force_pool: bool = True
    """AE: in the TK Force Pool (15.30.2)."""


class MarkerState(ContentModel):
    type: Literal["detachment", "logistics", "partisan_base", "failure_command",
                  "failure_supply", "atomic_devastation", "blitz"]
    owner: Faction | None = None
    loc: str = "Unused"
    count: int = Field(default=1, ge=1)


class Situation(ContentModel):
    name: str
    title: str
    war: War
    turn: int = Field(ge=1)
    pacific: dict[Allied, Literal["no_war", "limited_war", "total_war"]] = {
        "western": "no_war", "soviet": "no_war"}
    countries: dict[str, CountryState]
    policies: list[Policy] = []
    boxes: list[PostureBox] = []
    civil_war: CivilWar | None = None
    republican_support: Support | None = None
    units: list[Unit] = []
    markers: list[MarkerState] = []
    ceded: dict[str, Literal["Unused", "Ceded Lands Box", "Delay Box", "Force Pool",
                             "Removed"]] = {}
    """Ceded Land marker id -> where it is; unlisted markers are Unused (a place misspelt
    was taken, and the marker played as if nowhere: an audit)."""
    control: dict[str, Faction] = {}
    """Hex -> controlling faction where it differs from the hex's Country's owner."""
    vp_marker: Literal["ss_europa", "no_retreat"] | None = None
    axis_tide: bool = False
    military_takeover: bool = False
    lend_lease: Literal["Unused", "Allied Conditional Events Box", "Delay Box"] = "Unused"
    """Where the Lend-Lease marker is (15.28 reads the Allied Conditional Events Box; a
    misspelt box was taken and quietly took 15.28's option away: an audit)."""
    loc_damaged: list[str] = []
    war_economy: dict[str, int] = {}
    partners_in_play: list[str] = []
    cards_played: list[int] = []
    current_card: dict[Faction, int] = {}
    production_successes: dict[int, int] = {}
    french_fleet: Literal["in_play", "axis", "removed"] = "in_play"
    reconstructed: bool = False


class Content:
    """The loaded pack: components, tables and bundled situations, cross-checked."""

    def __init__(self, override: Path | None = None) -> None:
        pack = ContentPack(BUNDLED, override)
        self.pack = pack
        self.components = pack.load("components.yaml", Components)
        self.tables = pack.load("tables.yaml", Tables)
        comp = self.components
        self.country = {c.name: c for c in comp.countries}
        self.hex = {h.id: h for h in comp.hexes}
        self.ceded = {c.id: c for c in comp.ceded_lands}
        self.cards = {c.number: c for c in comp.production_cards}
        self.partners = {p.country: p for p in comp.partnership}
        self.area = {t.name: t for t in self.tables.area_tables}
        self.borders: dict[str, set[str]] = {c.name: set(c.borders) for c in comp.countries}
        for c in comp.countries:
            for b in c.borders:
                if b in self.borders:
                    self.borders[b].add(c.name)
        self._check(str(pack.path("components.yaml")))
        self.situations: dict[str, Situation] = {}
        for name in ("1939", "1940", "1937"):
            file = f"situation_{name}.yaml"
            self.situations[name] = self.load_situation(pack.path(file), pack.data(file))

    def _check(self, file: str) -> None:
        comp = self.components
        if self.pack.path("components.yaml") != BUNDLED / "components.yaml":
            self._check_named(file)
        for what, ids in (("countries", [c.name for c in comp.countries]),
                          ("hexes", [h.id for h in comp.hexes]),
                          ("ceded_lands", [d.id for d in comp.ceded_lands]),
                          ("production_cards", [d.number for d in comp.production_cards]),
                          ("partnership", [p.country for p in comp.partnership])):
            seen: set[Any] = set()
            for ident in ids:
                check(ident not in seen, f"{ident!r} is listed twice in {what}; each must be "
                      "listed once", file=file, entry=f"{what} ({ident})")
                seen.add(ident)
        for p in comp.partnership:
            check(p.country in self.country, f"unknown country {p.country!r}", file=file,
                  entry=f"partnership ({p.country})", field="country")
        tfile = str(self.pack.path("tables.yaml"))
        check(bool(self.tables.area_tables), "no Area Table: 15.13, 15.26 and the Civil War "
              "roll on them", file=tfile, entry="area_tables")
        names: set[str] = set()
        for t in self.tables.area_tables:
            check(t.name not in names, f"Area Table {t.name!r} is listed twice", file=tfile,
                  entry=f"area_tables ({t.name})", field="name")
            names.add(t.name)
        for where, t in [*((f"area_tables ({t.name})", t) for t in self.tables.area_tables),
                         ("diplomatic_incident", self.tables.diplomatic_incident),
                         ("international_crisis", self.tables.international_crisis),
                         ("civil_war", self.tables.civil_war)]:
            check(bool(t.rows), f"the table {t.name!r} has no rows: give a result for every "
                  "die roll", file=tfile, entry=where, field="rows")
            rolls = [v for r in t.rows for v in r.roll]
            twice = sorted({v for v in rolls if rolls.count(v) > 1})
            check(not twice, f"the table {t.name!r} gives roll(s) {twice} more than one "
                  "result", file=tfile, entry=where, field="rows.roll")
            # every roll of one die with the table's modifiers (a table without its roll 1
            # read a 1 as a 2: a content audit)
            low = 1 + min([0, *t.drm.values()])
            high = 6 + max([0, *t.drm.values()])
            off = sorted({v for v in rolls if not low <= v <= high})
            check(not off, f"the table {t.name!r} lists roll(s) {off}, which one die cannot "
                  f"give ({low} to {high} with its modifiers)", file=tfile, entry=where,
                  field="rows.roll")
            gaps = sorted(set(range(low, high + 1)) - set(rolls))
            check(not gaps, f"the table {t.name!r} gives no result for roll(s) {gaps} (one "
                  f"die, {low} to {high} with its modifiers)", file=tfile, entry=where,
                  field="rows.roll")
        for c in self.components.countries:
            for b in [*c.borders, *c.dependents, *([c.parent] if c.parent else [])]:
                check(b in self.country, f"unknown country {b!r}", file=file,
                      entry=f"countries ({c.name})", field="borders/dependents/parent")
                check(b != c.name, "a country is not its own neighbour, dependent or parent",
                      file=file, entry=f"countries ({c.name})",
                      field="borders/dependents/parent")
            for h in [*c.cities, *([c.capital] if c.capital else [])]:
                check(h in self.hex, f"unknown hex {h!r}", file=file,
                      entry=f"countries ({c.name})", field="cities/capital")
            # a capital lies in its country (an audit's pack put one in another's hex)
            if c.capital and c.capital in self.hex:
                lies = self.hex[c.capital].country
                check(lies in (None, c.name), f"the capital {c.capital!r} lies in {lies}, "
                      f"not {c.name}", file=file, entry=f"countries ({c.name})",
                      field="capital")
            seen, up = {c.name}, c.parent
            while up is not None and up in self.country:
                check(up not in seen, f"the parents form a cycle: {c.name!r} is, through "
                      f"{up!r}, its own parent", file=file, entry=f"countries ({c.name})",
                      field="parent")
                seen.add(up)
                up = self.country[up].parent
        for cd in self.components.ceded_lands:
            check(cd.country in self.country, f"unknown country {cd.country!r}", file=file,
                  entry=f"ceded_lands ({cd.id})", field="country")
            check(cd.flip_side is None or cd.flip_side in self.country, f"unknown country "
                  f"{cd.flip_side!r} (its whole Country's side, 15.16)", file=file,
                  entry=f"ceded_lands ({cd.id})", field="flip_side")
            for h in cd.hexes:
                check(h in self.hex, f"unknown hex {h!r}", file=file,
                      entry=f"ceded_lands ({cd.id})", field="hexes")
        for hd in self.components.hexes:
            check(hd.country is None or hd.country in self.country,
                  f"unknown country {hd.country!r}", file=file, entry=f"hexes ({hd.id})",
                  field="country")
        for t in self.tables.area_tables:
            for r in t.rows:
                check(r.result in self.country or r.result in ("France/Vichy", "No Result"),
                      f"unknown country {r.result!r}", file=tfile,
                      entry=f"area_tables ({t.name})", field="rows.result")
        # what the other tables' results may be: a political event of rule 15 (resolved for
        # the country), or the table's own words (a typo was accepted here, then crashed
        # or read as a stalemate in play: a content audit)
        events = {n for n, _, _ in EVENTS}
        for where, t, words in [
                ("diplomatic_incident", self.tables.diplomatic_incident, ("No Result",)),
                ("international_crisis", self.tables.international_crisis, ("war",)),
                ("civil_war", self.tables.civil_war, ("republican", "stalemate",
                                                      "nationalist"))]:
            allowed = words if where == "civil_war" else (*words, "a rule 15 event number")
            for i, r in enumerate(t.rows):
                check(r.result in words or (where != "civil_war" and r.result in events),
                      f"unknown result {r.result!r}: give {', '.join(allowed)}", file=tfile,
                      entry=f"{where}.rows[{i}]", field="result")

    def _check_named(self, file: str) -> None:
        """A pack keeps what the rules and events name: every country, Ceded Land marker
        and countermix entry of the bundled components (it may add others). A pack that
        renamed Turkey, or the Turkish Frontier's marker, loaded and then turned 15.16 off
        without a word; a countermix key mistyped lifted that marker's limit (a content
        audit)."""
        bundled = load_yaml(BUNDLED / "components.yaml")
        comp = self.components
        names = {c.name for c in comp.countries}
        for c in bundled["countries"]:
            check(c["name"] in names, f"no country {c['name']!r}: the rules and events name "
                  "it; keep that name", file=file, entry="countries")
        ceded = {d.id for d in comp.ceded_lands}
        for d in bundled["ceded_lands"]:
            check(d["id"] in ceded, f"no Ceded Land marker {d['id']!r}: the events look it "
                  "up by that id; keep it (its land's name may change)", file=file,
                  entry="ceded_lands")
        known = list(bundled["countermix"])
        for key in comp.countermix:
            close = difflib.get_close_matches(key, known, n=1)
            check(key in known, f"unknown countermix entry {key!r}"
                  + (f"; did you mean {close[0]!r}?" if close else
                     f"; entries: {', '.join(known)}"), file=file, field=f"countermix.{key}")
        missing = [k for k in known if k not in comp.countermix]
        check(not missing, f"the countermix lacks {', '.join(missing)}: without an entry a "
              "marker would have no limit; give each its number", file=file,
              field="countermix")

    def load_situation(self, path: Path | str, obj: Any = None) -> Situation:
        file = str(path)
        if obj is None:
            obj = load_yaml(Path(path))
        sit = validate(Situation, obj, file)
        self.check_situation(sit, file)
        return sit

    def check_situation(self, sit: Situation, file: str) -> None:
        for name in sit.countries:
            check(name in self.country, f"unknown country {name!r}; known: "
                  f"{', '.join(sorted(self.country))}", file=file, entry=f"countries ({name})")
        for name, st in sit.countries.items():
            kind = self.country[name].kind
            wrong = "neutral" if kind == "major" else "major"
            check(st.status != wrong, f"a {kind} country cannot have the status {wrong!r}",
                  file=file, entry=f"countries ({name})", field="status")
            for m in st.markers:
                check(m in COUNTRY_MARKERS, f"unknown marker {m!r}; markers: "
                      f"{', '.join(COUNTRY_MARKERS)}", file=file,
                      entry=f"countries ({name})", field="markers")
        pol = {p.id for p in sit.policies}
        boxes = {b.name for b in sit.boxes}
        for p in sit.policies:
            for b in p.boxes:
                check(b in boxes, f"unknown posture box {b!r}", file=file,
                      entry=f"policies ({p.id})", field="boxes")
            for c in p.countries:
                check(c in self.country, f"unknown country {c!r}", file=file,
                      entry=f"policies ({p.id})", field="countries")
        for name, st in sit.countries.items():
            check(st.policy is None or st.policy in pol, f"unknown policy {st.policy!r}",
                  file=file, entry=f"countries ({name})", field="policy")
        ids = set()
        for u in sit.units:
            check(u.id not in ids, f"duplicate unit id {u.id!r}", file=file,
                  entry=f"units ({u.id})", field="id")
            ids.add(u.id)
        # what the game's own invariants hold a state to (a fuzzer's situations passed this
        # check and failed check_invariants at once: two Neutrality markers in Turkey, two
        # units holding one unit), refused here with what to change
        for name, st in sit.countries.items():
            check(st.markers.count("neutrality") <= 1, "a Country has at most one Neutrality "
                  "marker: list 'neutrality' once", file=file, entry=f"countries ({name})",
                  field="markers")
        held_by: dict[str, str] = {}
        steps = {u.id: u.steps for u in sit.units}
        for u in sit.units:
            # a multi-national unit's steps count its Holding Box's (model.move_unit), so
            # its own are what is above them (a review: a full Med HQ holding a unit was
            # refused)
            own = u.steps - sum(steps.get(h, 0) for h in u.holding)
            if u.max_steps is not None:
                check(own <= u.max_steps, f"{own} steps of its own, more than its max_steps "
                      f"{u.max_steps}", file=file, entry=f"units ({u.id})", field="steps")
            for h in u.holding:
                check(h in ids, f"unknown unit {h!r} in the Holding Box", file=file,
                      entry=f"units ({u.id})", field="holding")
                check(h != u.id, "a unit cannot hold itself in its Holding Box", file=file,
                      entry=f"units ({u.id})", field="holding")
                check(h not in held_by, f"unit {h!r} is already in the Holding Box of "
                      f"{held_by.get(h)!r}: a unit is held by one unit at most", file=file,
                      entry=f"units ({u.id})", field="holding")
                held_by[h] = u.id
        for u in sit.units:
            # a unit with no step left is off the map, as the engine leaves it (a pack's
            # unit of 0 steps in play was accepted: a content audit)
            check(u.steps > 0 or u.loc in ("Eliminated", "Removed"), "a unit in play has at "
                  "least one step (0 steps: put it in the Eliminated box)", file=file,
                  entry=f"units ({u.id})", field="steps")
            seen, at = {u.id}, held_by.get(u.id)
            while at is not None:
                check(at not in seen, f"the Holding Boxes form a cycle: {u.id!r} is held, "
                      f"through {at!r}, by itself", file=file, entry=f"units ({u.id})",
                      field="holding")
                seen.add(at)
                at = held_by.get(at)
            if u.loc not in BOXES and not u.loc.startswith("Turn Track "):
                check(u.loc in self.hex, f"unknown location {u.loc!r}: a hex id or one of "
                      f"{', '.join(BOXES)} or 'Turn Track N'", file=file,
                      entry=f"units ({u.id})", field="loc")
        for mid in sit.ceded:
            check(mid in self.ceded, f"unknown Ceded Land marker {mid!r}", file=file,
                  entry="ceded", field=mid)
        # what the events read by name: each a country, a partner, a card of the pack, a
        # place (a name that pointed at nothing was taken, and the events quietly went
        # otherwise: an audit)
        for name, level in sit.war_economy.items():
            check(name in self.partners, f"unknown partner {name!r}; partners: "
                  f"{', '.join(self.partners)}", file=file, entry="war_economy", field=name)
            check(level in (1, 2), f"a War Economy marker is +1 or +2, not {level}",
                  file=file, entry="war_economy", field=name)
        for name in sit.partners_in_play:
            check(name in self.partners, f"unknown partner {name!r}; partners: "
                  f"{', '.join(self.partners)}", file=file, entry="partners_in_play")
        check(len(set(sit.partners_in_play)) == len(sit.partners_in_play), "a partner is in "
              "play once: list it once", file=file, entry="partners_in_play")
        for name in sit.loc_damaged:
            check(name in self.country, f"unknown country {name!r}", file=file,
                  entry="loc_damaged")
        for faction, number in sit.current_card.items():
            check(number in self.cards, f"unknown card {number}; cards: "
                  f"{min(self.cards)}-{max(self.cards)}", file=file, entry="current_card",
                  field=faction)
        for number, done in sit.production_successes.items():
            check(number in self.cards, f"unknown card {number}; cards: "
                  f"{min(self.cards)}-{max(self.cards)}", file=file,
                  entry="production_successes", field=str(number))
            check(0 <= done <= 2, f"a Production Directive succeeds 0 to 2 times (15.32), "
                  f"not {done}", file=file, entry="production_successes", field=str(number))
        for i, mk in enumerate(sit.markers):
            check(mk.loc in self.hex or mk.loc in (*BOXES, "Unused")
                  or mk.loc.startswith("Turn Track "), f"unknown location {mk.loc!r}: a hex "
                  f"id, 'Unused', one of {', '.join(BOXES)} or 'Turn Track N'", file=file,
                  entry=f"markers[{i}] ({mk.type})", field="loc")
        if sit.civil_war is not None:
            check(sit.civil_war.country in self.country, "unknown Civil War Country",
                  file=file, entry="civil_war", field="country")
        for h in sit.control:
            check(h in self.hex, f"unknown hex {h!r}", file=file, entry="control", field=h)
        # the countermix holds what the situation puts out (checked when the pack loads:
        # `warroom content` passed a pack that play then refused, naming no file: an audit)
        mix = self.components.countermix
        mixfile = str(self.pack.path("components.yaml"))
        for key, limit in mix.items():
            mtype, _, mowner = key.partition(":")
            on_countries = mtype in COUNTRY_MARKERS or key in COUNTRY_MARKERS
            if on_countries:
                have = sum(st.markers.count(key) for st in sit.countries.values())
            else:
                have = sum(mk.count for mk in sit.markers if mk.type == mtype
                           and (not mowner or (mk.owner or "") == mowner))
            check(have <= limit, f"the situation puts {have} {key} markers "
                  f"{'on countries' if on_countries else 'as markers'}; the countermix of "
                  f"{mixfile} has {limit}: raise it there or use fewer", file=file,
                  entry="countries" if on_countries else "markers")


BOXES = ("Force Pool", "Delay Box", "Pacific Holding Box", "Conditional Event Box",
         "Holding Box", "Eliminated", "Removed", "Replacement")
