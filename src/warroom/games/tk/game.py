"""Totaler Krieg! political events (rule 15) as a warroom :class:`Game`.

One game = one political event resolved against a political situation:
``new_game(situation, seed, options={"event": "15.26", "faction": "axis", ...})``.
Roles are the three factions; each is asked only the decisions the text gives it. The game
ends when the event (and everything it chains into) is resolved; the log holds every step
with its rule and ``data["instructions"]`` what to do on the physical map.

The flow runs on core's decision stack (:mod:`warroom.core.flow`) with three frame kinds:
``event`` (the bottom procedure: draws the event, resolves it, draws again while a random
event asks nobody anything, and ends the game), ``step`` (a pending step of an event) and
``choose`` (a faction's decision).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, ClassVar

from warroom.core.actions import Action, ActionCatalogue
from warroom.core.errors import ContentError, UnknownGameError, short
from warroom.core.flow import Decision, Procedure, Prompt, call, end, game_over
from warroom.core.log import log
from warroom.core.protocol import Game, Outcome, Termination, check_role, copy_json, copy_plain
from warroom.core.rng import randbelow
from warroom.core.state import Data, Frame, State
from warroom.games.tk import ev_civilwar, ev_countries, ev_crisis, ev_military, ev_options
from warroom.games.tk.components import COUNTRY_MARKERS, STATUSES, Content, DieTable, Situation
from warroom.games.tk.engine import (
    CHOICES,
    CHOOSE,
    MAX_PICKS,
    OPTIONS,
    STEP,
    STEPS,
    call_step,
)
from warroom.games.tk.engine import (
    key as content_key,
)
from warroom.games.tk.ev_countries import FURTHER, land_for
from warroom.games.tk.ev_military import (
    MILITARY_AID_NOTE,
    MILITARY_AID_OPTIONS,
)
from warroom.games.tk.model import (
    NAME,
    WAR,
    event_title,
    is_neutral,
    is_pac,
    is_tac,
    lookup,
    marker_total,
    neutral_minors,
)
from warroom.games.tk.rules import (
    ALLIED_ONLY,
    AXIS_ONLY,
    EVENT_NAME,
    EVENT_NEEDS,
    EVENTS,
    RULES,
    SOVIET_ONLY,
    may_end,
)

_MODULES = (ev_civilwar, ev_countries, ev_crisis, ev_military, ev_options)
SITUATIONS = ("1939", "1940", "1937")
REDRAWS = 16
"""A random event that resolves without any decision is drawn again, up to this many draws
in all, so that every random game gives the factions a decision (the interfaces, PettingZoo
and OpenSpiel, need a non-terminal start)."""
EVENT = "event"

# How copy_data copies each key of the state (its shape): 1 a flat list or dict (scalars
# only), 2 a dict of flat dicts, 3 a list of flat dicts, 4 a dict of records each with the
# named lists; the log's entries are shared (never changed once written); scalars shared;
# any other key deep-copied. tests/test_search.py holds a clone to sharing no list or dict.
_FLAT, _RECORDS, _ROWS, _NESTED = 1, 2, 3, 4
_COPY: dict[str, int] = {
    "log": _FLAT, "forced": _FLAT, "cards_played": _FLAT, "ceded": _FLAT,
    "ceded_flipped": _FLAT, "control": _FLAT, "event": _FLAT, "instructions": _FLAT,
    "pacific": _FLAT, "partners_in_play": _FLAT, "production_successes": _FLAT,
    "war_economy": _FLAT,
    "boxes": _RECORDS,
    "markers": _ROWS,
    "units": _NESTED, "countries": _NESTED, "policies": _NESTED,
}
_LISTS: dict[str, tuple[str, ...]] = {
    "units": ("holding",), "countries": ("markers",), "policies": ("boxes", "countries")}
"""The fields of a record of a ``_NESTED`` key that hold a list (of scalars)."""



def _canonical(text: str, known: Iterable[str]) -> str | None:
    """The name among ``known`` that ``text`` spells: itself, in another case, or as an
    id (``baltic_states`` for Baltic States); None if it names none."""
    names = list(known)
    if text in names:
        return text
    want = _ident(text)
    return next((n for n in names if _ident(n) == want), None)


def _ident(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


class TotalerKrieg(Game):
    earlier_content_ids = frozenset({"4ed9ad58e2eb", "c31e791af413", "8f1fc8ab5006",
                                     "cc02971b781a"})
    """The bundled pack's ids of 5 and of 6 December 2026 (the id hashed the rule index and the
    action labels too, reworded that day): the same content; and of the morning of 7
    December, before Catalonia and the Basque Country bordered Spain (and the Basque
    Country France): a Region's borders matter once 15.34 has made it a Country, which
    ends its game, so the records of the bundled situations replay the same. A record of a
    user's situation in which a Region is already a Country may not (a review); its saved
    snapshot, compared on replay, tells. ``cc02971b781a``: before Slovakia, Croatia,
    Ukraine, Byelorussia and Don bordered the Country they are part of (a tk audit): in the
    bundled situations each is still part of it (or, Slovakia in 1940, borders a conquered
    Czechoslovakia), so no Neutral Country is added to any choice of their records. (Its id
    of 7 December, before more entries were marked reconstructed, is its
    :meth:`content_json_before`'s.)"""
    id = "tk"
    title = "Totaler Krieg! political events (rule 15)"
    # the last sentence for the lobby: a human Axis saw a Soviet bot's choice end the game
    # before any decision of its own (a browser audit)
    summary = ("One political event of Totaler Krieg!, resolved on a bundled situation: "
               "the receiving faction, and any other it names, make its choices; the game "
               "ends when the event is resolved, with what to do on the physical map. A "
               "faction the event does not ask has no decision in it: seat every faction "
               "human to make every choice.")
    roles = ("axis", "western", "soviet")
    scenarios = ("random", *SITUATIONS)
    default_scenario = "random"
    rules = RULES
    has_winner = False      # one event resolved: every faction's return is 0

    def __init__(self, content: Path | None = None) -> None:
        self.c = Content(content)
        self.content_dir = content
        self.content_read = self.c.pack.read
        self.catalogue = ActionCatalogue(*catalogue_entries(self.c, self.roles))
        self.frames = {k.kind: k for k in (EventProcedure(), StepProcedure(),
                                             ChooseDecision())}
        self._board = self.board_json()

    def copy_data(self, data: Data) -> Data:
        """A clone's data by its known shapes (``_COPY``), about twice as fast as core's
        round trip through marshal: a clone is most of the cost of an ISMCTS iteration
        of rule 15's events."""
        out: Data = {}
        deep: Data = {}
        for k, v in data.items():
            how = _COPY.get(k)
            if how is None:
                cls = v.__class__
                if cls is dict or cls is list:
                    deep[k] = v
                    out[k] = None  # keeps the key's place: dumps() of a clone is the same
                else:
                    out[k] = v
            elif how == _FLAT:
                out[k] = v.copy()
            elif how == _RECORDS:
                out[k] = {key: r.copy() for key, r in v.items()}
            elif how == _ROWS:
                out[k] = [r.copy() for r in v]
            else:
                lists = _LISTS[k]
                if len(lists) == 1:
                    f = lists[0]
                    out[k] = {key: {**r, f: r[f][:]} for key, r in v.items()}
                else:
                    f, g = lists
                    out[k] = {key: {**r, f: r[f][:], g: r[g][:]} for key, r in v.items()}
        if deep:  # the decision stack, the options and the rest: in one marshal round trip
            out.update(copy_json(deep))
        return out

    def board_json(self) -> dict[str, Any]:
        """The static side of the political situation the web panel draws, all from content:
        the countries (kind, faction, parent, capital), which Country each hex lies in,
        the Partnership Countries, the Ceded Land markers, the Area Tables, the Production
        Directive cards and the 40 events. Each item carries its action key (rule 15's
        decisions name these), so that a legal action finds its box."""
        comp = self.c.components
        return {
            "kind": "tk",
            "factions": [{"id": f, "name": NAME[f], "key": f"faction:{f}"} for f in self.roles],
            "countries": [{"name": d.name, "key": content_key("country", d.name),
                           "kind": d.kind, "faction": d.faction, "parent": d.parent,
                           "capital": d.capital or d.provisional_capital,
                           "alignment": d.alignment, "posture": d.posture,
                           "dependents": list(d.dependents), "borders": list(d.borders),
                           "reconstructed": d.reconstructed} for d in comp.countries],
            "hexes": {content_key("hex", h.id): {"name": h.name or h.id, "country": h.country}
                      for h in comp.hexes},
            "partnership": [{"country": p.country, "key": content_key("partner", p.country),
                             "faction": p.faction, "war_economy_flip": p.war_economy_flip,
                             "reconstructed": p.reconstructed} for p in comp.partnership],
            "ceded_lands": [{"id": d.id, "key": content_key("land", d.id), "faction": d.faction,
                             "land": d.land, "country": d.country,
                             "whole_country": d.whole_country,
                             "reconstructed": d.reconstructed} for d in comp.ceded_lands],
            "area_tables": [{"name": t.name, "key": content_key("table", t.name),
                             "rule": t.rule, "reconstructed": t.reconstructed,
                             "rows": [{"roll": list(r.roll), "result": r.result}
                                      for r in t.rows]}
                            for t in self.c.tables.area_tables],
            "production_cards": [{"number": d.number, "name": d.name,
                                  "key": content_key("card", d.number), "unit": d.unit,
                                  "marker": d.marker, "rule": d.rule}
                                 for d in comp.production_cards],
            "events": [{"number": n, "name": name, "needs": needs} for n, name, needs in EVENTS],
            "reconstructed": comp.reconstructed,
        }

    def options_schema(self) -> dict[str, Any]:
        return {"event": None, "faction": None, "country": None, "land": None, "area": None,
                "type": None, "card": None, "challenge": None, "variant": None,
                "situation_data": None}

    def max_decisions(self) -> int:
        return 400

    def max_chance_events(self) -> int:
        return 64

    def max_chance_outcomes(self) -> int:
        """Random picks in set-up range over the 40 events; dice are d6."""
        return len(EVENTS)

    def observation(self, st: State[TotalerKrieg], role: str) -> list[float]:
        """A fixed-length numeric encoding of the (fully public) situation and decision."""
        check_role(self, role)
        data = st.data
        obs: list[float] = [1.0 if role == r else 0.0 for r in self.roles]
        obs += [1.0 if data["active"] == r else 0.0 for r in self.roles]
        obs += [1.0 if data["war"] == w else 0.0 for w in WAR]
        for f in ("western", "soviet"):
            obs += [1.0 if data["pacific"][f] == w else 0.0
                    for w in ("no_war", "limited_war", "total_war")]
        ev = data.get("event") or {}
        obs += [1.0 if ev.get("event") == n else 0.0 for n, _, _ in EVENTS]
        obs += [1.0 if ev.get("faction") == r else 0.0 for r in self.roles]
        for c in self.c.components.countries:
            cs = data["countries"][c.name]
            obs += [1.0 if cs["status"] == x else 0.0 for x in STATUSES]
            obs += [min(1.0, float(cs["markers"].count(m))) for m in COUNTRY_MARKERS]
            obs.append(1.0 if cs.get("policy") else 0.0)
        for major in ("Britain", "France", "Russia", "US"):
            boxes = [b for b in data["boxes"].values() if b["major"] == major]
            obs += [1.0 if is_pac(self, data, major) else 0.0,
                    1.0 if is_tac(data, major) else 0.0,
                    max([b["truce"] or 0 for b in boxes] or [0]) / 3.0,
                    1.0 if any(b["negotiation"] for b in boxes) else 0.0]
        sup = data["republican_support"]
        obs += [1.0 if data["civil_war"] else 0.0,
                1.0 if sup and sup["faction"] == "western" else 0.0,
                1.0 if sup and sup["faction"] == "soviet" else 0.0,
                1.0 if data["vp_marker"] == "ss_europa" else 0.0,
                1.0 if data["vp_marker"] == "no_retreat" else 0.0,
                1.0 if data["axis_tide"] else 0.0,
                1.0 if data["military_takeover"] else 0.0]
        for f in self.roles:
            on_map = steps_in = pool = 0
            for u in data["units"].values():
                if u["owner"] != f:
                    continue
                if u["loc"] in self.c.hex or u["loc"] == "Holding Box":
                    on_map += u["steps"]
                elif u["loc"] == "Delay Box":
                    steps_in += 1
                elif u["loc"] == "Force Pool":
                    pool += 1
            obs += [min(1.0, on_map / 40.0), min(1.0, steps_in / 20.0), min(1.0, pool / 20.0)]
        locs = ("Unused", "Ceded Lands Box", "Delay Box", "Force Pool", "Removed")
        for d in self.c.components.ceded_lands:
            obs += [1.0 if data["ceded"][d.id] == x else 0.0 for x in locs]
        top = _decision(data)
        obs.append(float(len(top["choices"])) if top else 0.0)
        obs.append(float(data["effects"]))
        return [min(1.0, x / 10.0) if x > 1.0 else x for x in obs]

    # -- set-up -----------------------------------------------------------------------
    def setup(self, st: State[TotalerKrieg], scenario: str, options: Mapping[str, Any]) -> None:
        """Load the situation and push the ``event`` procedure (core runs it: it draws the
        event and resolves it)."""
        data = st.data
        if options.get("situation_data") is not None:
            sit = self.situation(st)
        elif scenario == "random":
            sit = self.c.situations[SITUATIONS[randbelow(data, len(SITUATIONS))]]
        else:
            sit = self.c.situations[scenario]
        self.load(data, sit)
        call(data, EVENT, None, title=sit.title, attempt=0, drawn=False,
             mark=len(data["log"]))

    def situation(self, st: State[TotalerKrieg]) -> Situation:
        """The situation the game was set up in: the ``situation_data`` option (validated
        once per state: kept in its cache), else a bundled situation by name."""
        given = st.data["options"].get("situation_data")
        if given is None:
            return self.c.situations[st.data["situation"]]
        sit: Situation | None = st.cache.get("situation")
        if sit is None:
            sit = self.c.load_situation("situation_data option", given)
            st.cache["situation"] = sit
        return sit

    def load(self, data: Data, sit: Situation) -> None:
        """The situation as plain state data."""
        c = self.c
        data["situation"] = sit.name
        data["war"] = sit.war
        data["turn"] = sit.turn
        data["pacific"] = dict(sit.pacific)
        data["countries"] = {}
        for d in c.components.countries:
            st = sit.countries.get(d.name)
            default = {"major": "major", "minor": "neutral"}.get(d.kind, "dependent")
            if st is None:
                data["countries"][d.name] = {"status": default, "markers": [], "policy": None,
                                             "posture": None, "conquered_by": None}
            else:
                # a country listed without a status has its kind's (a Major Power listed
                # for its markers was read as a Neutral Country: a review)
                data["countries"][d.name] = {**st.model_dump(), "status": st.status or default}
        data["policies"] = {}
        for p in sit.policies:
            pol = p.model_dump()
            # a file's `endable` is ignored: the state says what 15.28 allows
            pol["endable"] = may_end(pol, "15.28")
            data["policies"][p.id] = pol
        data["boxes"] = {}
        for b in sit.boxes:
            box = b.model_dump()
            box["policy"] = next((p.id for p in sit.policies if b.name in p.boxes), None)
            data["boxes"][b.name] = box
        for p in sit.policies:
            for cn in p.countries:
                data["countries"][cn]["policy"] = p.id
        data["civil_war"] = sit.civil_war.model_dump() if sit.civil_war else None
        data["republican_support"] = (sit.republican_support.model_dump()
                                      if sit.republican_support else None)
        units: dict[str, Any] = {}
        for u in sit.units:
            units[u.id] = {**u.model_dump(), "max_steps": u.max_steps or u.steps}
        for u in list(units.values()):
            for h in u["holding"]:
                units[h]["loc"] = "Holding Box"
                units[h]["holder"] = u["id"]
        data["units"] = units
        markers: list[dict[str, Any]] = []
        for m in sit.markers:
            markers += [{"type": m.type, "owner": m.owner, "loc": m.loc}
                        for _ in range(m.count)]
        for key, limit in c.components.countermix.items():
            type_, _, own = key.partition(":")
            if type_ in COUNTRY_MARKERS or key in COUNTRY_MARKERS:
                continue        # on countries; Content.check_situation held both to the mix
            have = sum(1 for m in markers if m["type"] == type_
                       and (not own or (m["owner"] or "") == own))
            markers += [{"type": type_, "owner": own or None, "loc": "Unused"}
                        for _ in range(limit - have)]
        data["markers"] = markers
        data["ceded"] = {d.id: "Unused" for d in c.components.ceded_lands}
        data["ceded"].update(sit.ceded)
        data["ceded_flipped"] = []
        data["control"] = dict(sit.control)
        data["vp_marker"] = sit.vp_marker
        data["axis_tide"] = sit.axis_tide
        data["military_takeover"] = sit.military_takeover
        data["lend_lease"] = sit.lend_lease
        data["loc_damaged"] = list(sit.loc_damaged)
        data["war_economy"] = dict(sit.war_economy)
        data["partners_in_play"] = list(sit.partners_in_play)
        data["cards_played"] = list(sit.cards_played)
        data["current_card"] = dict(sit.current_card)
        data["production_successes"] = {str(k): v for k, v in sit.production_successes.items()}
        data["production_markers"] = {}
        data["french_fleet"] = sit.french_fleet
        data["instructions"] = []
        data["effects"] = 0
        data["dice"] = 0
        data["steps_lost"] = 0
        data["seq"] = 0
        data["last_role"] = None

    def check_options(self, options: Mapping[str, Any]) -> None:
        """Every option given names something this game has, whatever event is drawn (an
        option the drawn event does not use is still refused when it names nothing), so a
        bad option is refused in one line before anything is stored."""
        def text(key: str) -> str | None:
            v = options.get(key)
            if v is None:
                return None
            if not isinstance(v, str) or not v.isprintable() or len(v) > 64:
                raise UnknownGameError(f"option {key} must be a name (text), not {short(v, 40)}")
            return v

        self.event_number(options.get("event"))
        self.card_option(options.get("card"))
        f = text("faction")
        if f is not None and f.lower() not in (*self.roles, "allied"):
            raise UnknownGameError(f"no faction {f!r}; factions: axis, western, soviet")
        for key, known, what, many in (
                ("country", self.c.country, "country", "countries"),
                ("land", self.c.ceded, "Ceded Land marker", "markers"),
                ("area", self.c.area, "Area Table", "tables")):
            v = text(key)
            if v is not None and _canonical(v, known) is None:
                raise UnknownGameError(f"no {what} {v!r}; {many}: {', '.join(sorted(known))}")
        v = text("type")
        if v is not None and v not in ("command", "supply"):
            raise UnknownGameError("Failure type must be command or supply")
        v = text("variant")
        if v is not None and v not in ("tk", "ae"):
            raise UnknownGameError("variant must be tk (15.30.1) or ae (15.30.2)")
        v = text("challenge")
        majors = sorted(n for n, c in self.c.country.items() if c.kind == "major")
        if v is not None and _canonical(v, majors) is None:
            raise UnknownGameError(f"15.37 names a major country, not {v!r}; majors: "
                                   f"{', '.join(majors)}")

    def canonical_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """``options`` with each name as the content spells it: a country, Ceded Land
        marker, Area Table or major country may be given in any case or by its key's id
        (``sweden``, ``baltic_states``, ``Baltic states``)."""
        majors = [n for n, c in self.c.country.items() if c.kind == "major"]
        out = dict(options)
        for key, known in (("country", list(self.c.country)), ("land", list(self.c.ceded)),
                           ("area", list(self.c.area)), ("challenge", majors)):
            v = out.get(key)
            if isinstance(v, str):
                out[key] = _canonical(v, known) or v
        return out

    def event_context(self, data: Data, options: Mapping[str, Any]) -> dict[str, Any]:
        """The event, receiving faction and its object: from the options, else drawn from the
        state's RNG (so `simulate` resolves random events)."""
        self.check_options(options)
        options = self.canonical_options(options)
        num = self.event_number(options.get("event"))
        if num is None:
            num = EVENTS[randbelow(data, len(EVENTS))][0]
        f = options.get("faction")
        if f is None:
            pool = (["soviet"] if num in SOVIET_ONLY else
                    ["western", "soviet"] if num in ALLIED_ONLY else
                    ["axis"] if num in AXIS_ONLY else list(self.roles))
            f = pool[randbelow(data, len(pool))]
        f = str(f).lower()
        if f == "allied":
            f = "western"
        if f not in self.roles:
            raise UnknownGameError(f"no faction {f!r}; factions: axis, western, soviet")
        ctx: dict[str, Any] = {"event": num, "faction": f}
        needs = EVENT_NEEDS[num]
        country = options.get("country")
        if country is not None and country not in self.c.country:
            raise UnknownGameError(f"no country {country!r}; countries: "
                                   f"{', '.join(sorted(self.c.country))}")
        if needs in ("neutral", "minor", "resisting", "further"):
            land = options.get("land") if needs == "resisting" else None
            if country is None and land is not None:
                country = self.c.ceded[land].country      # the land demanded names it
            # 15.7's receiver demanded the land; the other resisting-country events cede
            # the Axis's (15.12, 15.17, 15.24 perform 15.3 as the Axis), so a country drawn
            # for them is one the Axis holds land of (it was the receiver's: a rules audit)
            demander = f if num == "15.7" else "axis"
            ctx["country"] = country or self._pick_country(
                data, needs, demander if needs == "resisting" else f)
            if needs == "resisting":
                if land is not None:
                    self._check_demanded(num, land, demander, ctx["country"])
                ctx["land"] = land or land_for(self, data, demander, ctx["country"])
        elif country is not None:
            ctx["country"] = country
        if needs == "land":
            land = options.get("land")
            if land is None:
                mine = [d.id for d in self.c.components.ceded_lands if d.faction == f]
                free = [m for m in mine if data["ceded"][m] in ("Unused", "Force Pool")]
                pool = free or mine
                land = pool[randbelow(data, len(pool))] if pool else None
            if land is not None and land not in self.c.ceded:
                raise UnknownGameError(f"no Ceded Land marker {land!r}; markers: "
                                       f"{', '.join(sorted(self.c.ceded))}")
            ctx["land"] = land
        if needs == "area":
            area = options.get("area")
            names = sorted(self.c.area)
            ctx["area"] = area or names[randbelow(data, len(names))]
            if ctx["area"] not in self.c.area:
                raise UnknownGameError(f"no Area Table {area!r}; tables: {', '.join(names)}")
        if needs == "type":
            t = options.get("type") or ("command", "supply")[randbelow(data, 2)]
            if t not in ("command", "supply"):
                raise UnknownGameError("Failure type must be command or supply")
            ctx["type"] = t
        card = self.card_option(options.get("card"))
        if needs == "card":
            if card is None:
                cards = self.production_cards()
                card = cards[randbelow(data, len(cards))]
            ctx["card"] = card
        if needs == "challenge":
            ch = options.get("challenge")
            if ch is None:
                pool = ["Russia"] if f == "soviet" else ["Britain", "France"]
                ch = pool[randbelow(data, len(pool))]
            ctx["challenge"] = ch
        if needs == "variant":
            # this is Totaler Krieg's rule 15: its own 15.30.1 unless AE is asked for (a
            # random pick gave a TK game AE's rules half the time: a second rules audit)
            v = options.get("variant") or "tk"
            if v not in ("tk", "ae"):
                raise UnknownGameError("variant must be tk (15.30.1) or ae (15.30.2)")
            ctx["variant"] = v
        return ctx

    def _check_demanded(self, num: str, land: str, demander: str, country: str | None
                        ) -> None:
        """A ``land`` option of an event about a resisting Minor Country must be a Ceded
        Land marker of the faction that demanded it, for land of that country: 15.12 ceded
        Danzig when asked for Memel, and 15.24 ceded Memel with Poland resisting, then
        judged the Baltic States' markers (a tk audit)."""
        d = self.c.ceded[land]
        if d.faction == demander and d.country == country:
            return
        fits = sorted(x.land for x in self.c.components.ceded_lands
                      if x.faction == demander and x.country == country)
        raise UnknownGameError(
            f"{num} {EVENT_NAME[num]}: the land demanded is the {NAME[demander]} faction's, "
            f"from {country}; {d.land} is the {NAME[d.faction]} faction's, from {d.country}. "
            + (f"Give {' or '.join(fits)}, or no land" if fits
               else f"{country} has no such Ceded Land marker: give no land"))

    def production_cards(self) -> list[int]:
        """The Production Directive cards 15.32 lists (those with a unit: 45-49; card 44,
        the A-bomb, is Project Success, 15.33)."""
        return sorted(d.number for d in self.c.components.production_cards if d.unit)

    def card_option(self, ref: Any) -> int | None:
        """The ``card`` option as a card number, refused in one line unless it names a
        Production Directive card of 15.32."""
        if ref is None:
            return None
        cards = self.production_cards()
        text = str(ref).strip() if isinstance(ref, int | str) else ""
        if isinstance(ref, bool) or not (text.isascii() and text.isdigit()) or len(text) > 6 \
                or int(text) not in cards:
            extra = (" (card 44, A-bomb, is Project Success: 15.33)"
                     if text == "44" else "")
            raise UnknownGameError(
                f"card {short(ref, 40)} is not a Production Directive card of 15.32{extra}; "
                f"give one of {', '.join(map(str, cards))}")
        return int(text)

    def event_number(self, ref: Any) -> str | None:
        if ref is None:
            return None
        s = str(ref).strip()
        if s in EVENT_NAME:
            return s
        if f"15.{s}" in EVENT_NAME:
            return f"15.{s}"
        if s in ("15.30.1", "15.30.2"):
            return "15.30"
        key = "".join(ch for ch in s.lower() if ch.isalnum())
        starts: list[str] = []
        for n, name, _ in EVENTS:
            full = "".join(ch for ch in name.lower() if ch.isalnum())
            brief = "".join(ch for ch in name.split("[")[0].lower() if ch.isalnum())
            if key in (full, brief):
                return n
            if key and full.startswith(key):
                starts.append(n)
        if len(starts) == 1:
            return starts[0]
        if starts:
            raise UnknownGameError(
                f"{short(s, 40)} begins {len(starts)} political events: "
                + "; ".join(f"{n} {EVENT_NAME[n]}" for n in starts) + ". Be more precise")
        raise UnknownGameError(f"no political event {short(s, 40)}; give a number "
                               "15.1-15.40 or (the start of) a name (`warroom tk events` "
                               "lists them)")

    def _pick_country(self, data: Data, needs: str, f: str) -> str | None:
        c = self.c
        minors = sorted(n for n, d in c.country.items() if d.kind == "minor")
        neutral = neutral_minors(self, data)     # a Country 15.34 made is one of them
        if needs == "further":
            pool = [n for n in FURTHER if is_neutral(data, n)]
        elif needs == "minor":
            pool = neutral + [n for n in minors if data["countries"][n]["status"] == f]
        elif needs == "resisting":
            pool = [n for n in neutral if land_for(self, data, f, n)] or neutral
        else:
            pool = neutral
        if not pool:
            return None
        return pool[randbelow(data, len(pool))]

    def draw(self, data: Data, title: str) -> None:
        """Draw the event (from the options, else the state's RNG), log it and push its
        resolution."""
        ctx = self.event_context(data, data["options"])
        data["event"] = ctx
        num = ctx["event"]
        who = NAME[ctx["faction"]]
        extra = ", ".join(
            f"{k} {self.c.ceded[v].land if k == 'land' and v in self.c.ceded else v}"
            for k, v in ctx.items() if k not in ("event", "faction") and v is not None)
        war = WAR[data["war"]]
        # a title that names the war state already says it ("Summer 1939 (Pre-War)")
        log(data, num, f"Political Event {num} {event_title(self, ctx)} received by the {who} "
            f"faction in the situation '{title}'" + ("" if war in title else f" ({war})")
            + (f"; {extra}" if extra else ""), event=num, faction=ctx["faction"])
        call_step(data, f"ev:{num}", **{k: v for k, v in ctx.items() if k != "event"})

    def finish(self, data: Data) -> None:
        """The resolution is complete: log it and end the game."""
        num = data["event"]["event"]
        term = Termination.RESOLVED if data["effects"] else Termination.NO_RESULT
        log(data, num, f"{event_title(self, data['event'])} is resolved"
            + ("" if data["effects"] else " (No Result: nothing changed)"),
            termination=term.value)
        game_over(data, {"termination": term.value})

    # -- information ------------------------------------------------------------------
    def situation_json(self, data: Data) -> dict[str, Any]:
        keys = ("situation", "war", "turn", "pacific", "countries", "policies", "boxes",
                "civil_war", "republican_support", "units", "markers", "ceded",
                "ceded_flipped", "control", "vp_marker", "axis_tide", "military_takeover",
                "lend_lease", "loc_damaged", "war_economy", "partners_in_play",
                "cards_played", "current_card", "production_successes",
                "production_markers", "french_fleet")
        return {k: data[k] for k in keys}

    def clock(self, st: State[TotalerKrieg]) -> tuple[Any, Any]:
        """One political event: the view shows no turn or round."""
        return None, None

    def view(self, st: State[TotalerKrieg], role: str | None) -> dict[str, Any]:
        data = st.data
        top = _decision(data)
        pending = None
        if top is not None:
            pending = {"role": top["role"], "rule": top["rule"], "prompt": top["prompt"],
                       "choices": [c["label"] for c in top["choices"]]}
        out = self.outcome(st) if data["outcome"] else None
        # copies: a view is the caller's to keep or change, never a window onto the state
        return {
            "game": self.id,
            "event": copy_plain(data["event"]),
            "event_name": event_title(self, data["event"]),
            "active": data["active"],
            "pending": pending,
            "situation": copy_plain(self.situation_json(data)),
            "instructions": copy_plain(data["instructions"]),
            "result": out.to_json() if out else None,
            # the static side of the panel, from content (a fresh copy per view)
            "map": copy_plain(self._board),
        }

    def outcome(self, st: State[TotalerKrieg]) -> Outcome | None:
        data = st.data
        out = data["outcome"]
        if not out:
            return None
        num = data["event"]["event"]
        term = Termination(out["termination"])
        return Outcome(term, None, {r: 0.0 for r in self.roles},
                       {"changes": data["effects"], "instructions": len(data["instructions"]),
                        "dice": data["dice"], "steps_lost": data["steps_lost"]},
                       f"{event_title(self, data['event'])}: "
                       f"{'resolved' if data['effects'] else 'No Result'}",
                       num, f"{num} {term.value}")

    def describe(self, st: State[TotalerKrieg], action_id: int) -> str:
        act = self.catalogue[action_id]
        top = _decision(st.data)
        if top is not None:
            for c in top["choices"]:
                if c["key"] == act.key:
                    return str(c["label"])
        return act.label

    def action_subject(self, st: State[TotalerKrieg], action_id: int) -> str | None:
        """A choice whose value names a Country (Neutrality Discussions' "Remove the
        Neutrality marker from Finland": ``["Finland", "neutrality"]``) concerns its box."""
        act = self.catalogue[action_id]
        top = _decision(st.data)
        if top is None or act.kind == "country":
            return None
        for c in top["choices"]:
            if c["key"] == act.key:
                v = c["value"]
                name = v[0] if isinstance(v, list) and v else v
                if isinstance(name, str) and name in self.c.country:
                    return content_key("country", name)
        return None

    def content_json(self) -> dict[str, Any]:
        c = self.c
        tables = {t.name: t.model_dump() for t in c.tables.area_tables}
        tables["Diplomatic Incident Table"] = c.tables.diplomatic_incident.model_dump()
        tables["International Crisis Table"] = c.tables.international_crisis.model_dump()
        tables["Civil War Table"] = c.tables.civil_war.model_dump()
        return {
            "game": self.id,
            "content_dir": str(self.content_dir) if self.content_dir else None,
            "events": [self._event_json(n, name, needs) for n, name, needs in EVENTS],
            "tables": tables,
            "situations": {k: {"title": s.title, "war": s.war}
                           for k, s in c.situations.items()},
            "components": c.components.model_dump(),
            "actions": [{"id": a.id, "key": a.key, "label": a.label} for a in self.catalogue],
            "rules": dict(self.rules),
        }

    MARKED_7_DECEMBER: ClassVar[frozenset[str]] = frozenset({
        "ru_finnish_frontier", "ru_eastern_poland", "ru_bessarabia", "ru_turkish_frontier"})
    """The Ceded Land markers whose hexes were marked ``reconstructed`` on 7 December 2026."""

    def content_json_before(self) -> dict[str, Any]:
        """:meth:`content_json` as it was until 7 December 2026, without that day's
        reconstructed marks (:attr:`MARKED_7_DECEMBER`): the records of a pack made before
        keep matching it (a review)."""
        out = self.content_json()
        for land in out["components"]["ceded_lands"]:
            if land["id"] in self.MARKED_7_DECEMBER:
                land["reconstructed"] = False
        return out

    @staticmethod
    def _event_json(num: str, name: str, needs: str | None) -> dict[str, Any]:
        out: dict[str, Any] = {"number": num, "name": name, "needs": needs}
        if num == "15.21":      # the rule's list of options is missing from the source
            out["reconstructed"] = True
            out["note"] = MILITARY_AID_NOTE
            out["options"] = [{"key": k, "label": label, "reconstructed": True}
                              for k, label, _ in MILITARY_AID_OPTIONS]
        return out

    def check_invariants(self, st: State[TotalerKrieg]) -> list[str]:
        data = st.data
        bad: list[str] = []
        mix = self.c.components.countermix
        for m in COUNTRY_MARKERS:
            if m in mix and marker_total(data, m) > mix[m]:
                bad.append(f"{marker_total(data, m)} {m} markers exceed the countermix {mix[m]}")
        for key, limit in mix.items():
            type_, _, own = key.partition(":")
            if type_ in COUNTRY_MARKERS or key in COUNTRY_MARKERS:
                continue
            n = sum(1 for m in data["markers"] if m["type"] == type_
                    and (m["owner"] or "") == own)
            if type_ == "atomic_devastation":
                n = sum(1 for m in data["markers"] if m["type"] == type_)
            if n != limit:
                bad.append(f"{n} {key} markers, countermix {limit}")
        on_map = sum(1 for m in data["markers"] if m["type"] == "atomic_devastation"
                     and m["loc"] in self.c.hex)
        if on_map > mix.get("atomic_devastation", 3):
            bad.append("too many Atomic Devastation markers on the map")
        for uid, u in data["units"].items():
            if u["steps"] < 0:
                bad.append(f"unit {uid} has {u['steps']} steps")
            for h in u["holding"]:
                if data["units"][h].get("holder") != uid:
                    bad.append(f"unit {h} in {uid}'s Holding Box does not point back")
        vg = sum(1 for u in data["units"].values() if u.get("vg"))
        if vg > self.c.components.vg_units:
            bad.append(f"{vg} VG units exceed the countermix")
        for n, cs in data["countries"].items():
            for m in cs["markers"]:
                if m not in COUNTRY_MARKERS:
                    bad.append(f"unknown marker {m} in {n}")
            if cs["markers"].count("neutrality") > 1:
                bad.append(f"two Neutrality markers in {n}")
        if data["civil_war"] is not None and not data["civil_war"]["markers"]:
            bad.append("a Civil War without markers")
        return bad


def catalogue_entries(c: Content, roles: tuple[str, ...]
                      ) -> tuple[list[tuple[str, str]], dict[str, str]]:
    """Every action tk can offer, in a fixed order, and the keys of earlier versions.

    Named options, Countries, factions, Area Tables and ``pick:<i>`` keep the positions
    (ids) they had; the content-named keys (``engine.KEY_KINDS``) follow them. Countries
    and Area Tables were once keyed by their names as written (``country:Baltic States``):
    those keys are aliases of today's slugs (``country:baltic_states``).
    """
    entries: list[tuple[str, str]] = [(f"opt:{k}", v) for k, v in OPTIONS.items()]
    aliases: dict[str, str] = {}
    for d in c.components.countries:
        entries.append((content_key("country", d.name), d.name))
        aliases[f"country:{d.name}"] = content_key("country", d.name)
    entries += [(f"faction:{f}", NAME[f]) for f in roles]
    for t in c.tables.area_tables:
        entries.append((content_key("table", t.name), f"Area Table: {t.name}"))
        aliases[f"table:{t.name}"] = content_key("table", t.name)
    entries += [(f"pick:{i}", f"Choice {i + 1}") for i in range(MAX_PICKS)]
    entries += [(content_key("hex", h.id), h.name or h.id) for h in c.components.hexes]
    sits = list(c.situations.values())
    units: dict[str, str] = {}
    for sit in sits:
        for u in sit.units:
            units.setdefault(content_key("unit", u.id), u.name)
    for card in c.components.production_cards:
        if card.unit:
            units.setdefault(content_key("unit", f"card{card.number}"), card.unit)
    for n in range(1, c.components.vg_units + 1):
        units.setdefault(content_key("unit", f"vg{n}"), f"German 0-2-2 VG infantry #{n}")
    entries += sorted(units.items())
    cw: dict[str, str] = {}
    for sit in sits:
        for m in sit.civil_war.markers if sit.civil_war else []:
            cw.setdefault(content_key("cw", m.id), f"{m.type.capitalize()} marker in {m.city}")
    entries += sorted(cw.items())
    entries += [(content_key("card", d.number), f"Card {d.number} {d.name}")
                for d in c.components.production_cards]
    for p in c.components.partnership:
        entries.append((content_key("partner", p.country), f"{p.country} Partnership Country"))
        if p.war_economy_flip:
            entries.append((f"{content_key('partner', p.country)}:flip",
                            f"{p.country} Partnership Country, War Economy flipped to +2"))
    entries += [(content_key("land", d.id), d.land) for d in c.components.ceded_lands]
    pols: dict[str, str] = {}
    boxes: dict[str, str] = {}
    for sit in sits:
        for pol in sit.policies:
            pols.setdefault(content_key("policy", pol.id), f"{pol.name} Policy")
        for b in sit.boxes:
            boxes.setdefault(content_key("box", b.name), f"{b.name} Posture Box")
    entries += sorted(pols.items()) + sorted(boxes.items())
    seen: set[str] = set()
    for k, _ in entries:
        if k in seen:
            raise ContentError(f"two content items share the action key {k!r}: give them "
                               "ids that differ in more than case or punctuation",
                               file=str(c.pack.path("components.yaml")))
        seen.add(k)
    return entries, {old: new for old, new in aliases.items() if old != new}


# -- frames ------------------------------------------------------------------------------------

def _decision(data: Data) -> Frame | None:
    """The ``choose`` frame on top of the stack, if a faction is deciding."""
    stack: list[Frame] = data["stack"]
    if stack and stack[-1]["kind"] == CHOOSE:
        return stack[-1]
    return None


class EventProcedure(Procedure[TotalerKrieg]):
    """The bottom frame: draw the event and resolve it (its steps and decisions sit above
    this frame); when they are all done, end the game, unless a randomly drawn event asked
    no faction anything: then the situation is set up again and another event drawn (at most
    ``REDRAWS`` draws in all)."""

    kind = EVENT

    def run(self, st: State[TotalerKrieg], frame: Frame) -> None:
        g, data = st.game, st.data
        if not frame["drawn"]:
            frame["drawn"] = True
            g.draw(data, frame["title"])
            return
        if (data["options"].get("event") is None and not data["decisions"]
                and frame["attempt"] < REDRAWS - 1):
            g.load(data, g.situation(st))
            del data["log"][frame["mark"]:]
            data.pop("event", None)
            frame["attempt"] += 1
            frame["drawn"] = False
            return
        g.finish(data)


class StepProcedure(Procedure[TotalerKrieg]):
    """A pending step of an event: it leaves the stack and runs its registered step, which
    may push further steps and decisions."""

    kind = STEP

    def run(self, st: State[TotalerKrieg], frame: Frame) -> None:
        end(st.data)
        STEPS[frame["fn"]](st.game, st.data, frame["ctx"])


def table_odds(table: DieTable, drm: int = 0, title: str = "") -> str:
    """What one die (1-6, modified by ``drm``) gives on ``table``: each result with the
    faces that give it and its chance (a modified roll is read within the table's range)."""
    faces: dict[str, list[int]] = {}
    for d in range(1, 7):
        row = lookup(table, d + drm)
        faces.setdefault(row.text or row.result, []).append(d)
    parts = []
    for result, ds in faces.items():
        span = str(ds[0]) if len(ds) == 1 else (
            f"{ds[0]}-{ds[-1]}" if ds == list(range(ds[0], ds[-1] + 1))
            else ", ".join(map(str, ds)))
        parts.append(f"die {span}: {result} ({round(100 * len(ds) / 6)}%)")
    mod = f" with DRM {drm:+d}" if drm else ""
    return f"one die on the {title or table.name}{mod}: " + "; ".join(parts)


def roll_odds(g: TotalerKrieg, frame: Frame, value: Any) -> str:
    """The odds of the die roll a choice leads to at once (an Area Table, the Diplomatic
    Incident Table, the Civil War Table), or "" when the choice rolls nothing."""
    t = g.c.tables
    fn = frame["fn"]
    if fn == "area_table" and isinstance(value, str) and value in g.c.area:
        return table_odds(g.c.area[value], 0, f"Area Table {value}")
    if fn == "incident" and value is not None:
        return table_odds(t.diplomatic_incident)
    if fn in ("asr", "hsn") and value == "cwt":
        side = "axis" if frame["role"] == "axis" else "allied"
        return table_odds(t.civil_war, t.civil_war.drm.get(side, 0))
    return ""


class ChooseDecision(Decision[TotalerKrieg]):
    """A faction's decision: one of the enumerated choices the rule gives it."""

    kind = CHOOSE

    def prompt(self, st: State[TotalerKrieg], frame: Frame) -> Prompt:
        # a decision may name a cross-reference too ("15.14, 14.12"): the prompt cites the
        # first, its explanations every one
        return Prompt(frame["role"], frame["prompt"], frame["rule"].split(", ")[0])

    def legal(self, st: State[TotalerKrieg], frame: Frame) -> list[int]:
        cat = st.game.catalogue
        return [cat.by_key(c["key"]).id for c in frame["choices"]]

    def apply(self, st: State[TotalerKrieg], frame: Frame, action: Action) -> None:
        data = st.data
        choice = next(c for c in frame["choices"] if c["key"] == action.key)
        end(data)
        role = frame["role"]
        data["last_role"] = role
        # the choice's name, where its label also says what it does (engine.Label): the
        # lines that follow say what it did
        log(data, frame["rule"], f"{role.capitalize()} chooses: "
            f"{choice.get('name', choice['label'])}", role=role, choice=choice["key"])
        CHOICES[frame["fn"]](st.game, data, frame["ctx"], choice["value"])

    def alias(self, st: State[TotalerKrieg], frame: Frame, action: Action) -> Action | None:
        """An old record's key for one of today's choices: ``pick:<i>`` (the positional key
        of records written before choices were content-named) is the i-th choice; a named
        key this decision offered then (kept as the choice's ``old``) is that choice."""
        choices: list[dict[str, Any]] = frame["choices"]
        cat = st.game.catalogue
        if action.kind == "pick" and action.arg is not None and action.arg.isdigit():
            i = int(action.arg)
            return cat.by_key(choices[i]["key"]) if i < len(choices) else None
        for c in choices:
            if c.get("old") == action.key:
                return cat.by_key(c["key"])
        return None

    def explain(self, st: State[TotalerKrieg], frame: Frame, action: Action,
                legal: bool) -> tuple[str, tuple[str, ...]]:
        rules = tuple(frame["rule"].split(", "))
        # the answer's head names the action (Explanation.action): the reason does not
        # name it again, and gives the menu's label only where it is not that name again
        # (`why 1` read "Berlin: legal — ...: Berlin is one of the choices": an audit)
        if legal:
            choice = next(c for c in frame["choices"] if c["key"] == action.key)
            label = str(choice["label"])
            said = "" if action.label.lower() in label.lower() else f" ({label})"
            odds = roll_odds(st.game, frame, choice["value"])
            # a label that names the action and says what it does (engine.Label): the reason
            # says what it does ("Vichy Fleet Activated: legal — one of the choices now (the
            # French Surface Fleet goes to the Delay Box...)"), unless the odds say it
            name = str(choice.get("name") or "")
            does = label[len(name) + 2:] if name and label.startswith(f"{name}: ") else ""
            if (not said and not odds and does and action.label.lower() in name.lower()
                    and action.label.lower() not in does.lower()):
                said = f" ({does})"
            return (f"one of the choices now{said}: {frame['prompt']}"
                    + (f"; {odds}" if odds else ""), rules)
        offered = "; ".join(c["label"] for c in frame["choices"])
        withheld = (frame.get("ctx") or {}).get("withheld") or {}
        if action.key in withheld:      # an option of the menu whose condition fails now
            return (f"not offered now: {withheld[action.key]}. {frame['prompt']}: the rule "
                    f"offers {offered}", rules)
        # the faction by its name ("axis must now decide": a browser audit)
        return (f"the {NAME[frame['role']]} faction must now decide: {frame['prompt']}. The "
                f"rule offers only: {offered}", rules)
