"""Europe in Turmoil II: the map (rulebook 2.1, 3.2-3.5, 6.2.5, 11.2.5, 12.5/13.6, 17.0).

The rulebook does not print the map. Before the map was drawn, every map fact the rulebook
states or implies was listed here; the bundled reconstruction (content/map.yaml) must
satisfy all of them. Each fact cites where it comes from. Where a number is implied by the
arithmetic of a worked example, the arithmetic is in the comment.

Reading conventions used for the Example of Play (17.0):
* a parenthesis "(2*/1)" is (LW SP / RW SP), ``*`` an Extremist of that side;
* support-check modifiers count, for each space ADJACENT to the target, +1/-1 for friendly /
  opponent control, and for the target AND each adjacent space +1/-1 per friendly /
  opponent Extremist. The target's own control does not count: Paris (2/0, stability 2)
  is LW-controlled in AR 1.1 and Austria (2/0, stability 2) in AR 7, yet neither example
  counts it (and 6.3.2 says SP in the target itself never modify the roll);
* the replay below re-plays the opening turn from the at-start markers of 3.2-3.5 and
  checks every parenthesis, every stated modifier and every stated result.

Contradictions found in the rulebook (the rules win; recorded here):
* 17.0 "Discretionary SP Placement" says Hamburg gives the LW "a shot at controlling three
  of the five battlegrounds in Germany", but "End of turn 1" says "Prior to the addition of
  the Rhineland ... Germany has only four battlegrounds". Reading: four battlegrounds plus
  the Rhineland, a battleground once the Rhineland Demilitarized marker is gone (the five
  counts the Rhineland too early). The map has four plus the conditional Rhineland.
* 17.0 prints "End of turn 1" between Action Round 6 and Action Round 7, although a turn
  has seven Action Rounds (4.5.2) and AR 7 still belongs to turn 1. The end-of-turn
  claims are checked on the position after AR 6 (where the text puts them) and hold after
  Kris' AR 7 too; the text has no LW AR 7.
* 17.0 numbers rounds "1.1".."1.5", then "6" and "7" (turn 1 throughout).
* The rulebook numbers two sections "12.5" (Build Draw Deck; Place SP and Extremists): the
  space tables are those of the second.
* Spellings: 3.3 "North England" (table: Northern England); 6.2.5 "Danzig / Polish
  Corridor", 11.2.5 "Danzig/Polish Corridor" (table: Danzig-Polish Corridor); 11.2.5
  "Baltics" (table: Baltic States), "Empire&Commonwealth" (table: Empire & Commonwealth);
  17.0 "Russia" (USSR), "Eastern Prussia" (East-Prussia), "UK Parliament" (Parliament).
  The 12.5 table names are canonical ("France-Comté" and
  "Victor Emmannuel III" are kept as printed; "Franche-Comté" and "Victor Emmanuel III"
  are aliases).
* 12.5 lists Gibraltar and Dodecanese among the ordinary (non-colonial) spaces of their
  regions although both are exclaves (2.1.3): they are not colonial.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from warroom.core.errors import ContentError
from warroom.games.eit2.map import (
    BUNDLED,
    INDEPENDENT,
    SCORING_REGIONS,
    EitMap,
    load_map,
)

M: EitMap = load_map()


def sid(name: str) -> int:
    return M.id(name)


def adjacent(a: str, b: str) -> bool:
    return sid(b) in M.adj[sid(a)]


def neighbours(name: str) -> set[str]:
    return {M.names[t] for t in M.adj[sid(name)]}


def stab(name: str) -> int:
    return M.stability[sid(name)]


# =========================================================================================
# 1. The spaces: the 12.5 tables (13.6 repeats the same 92 names)
# =========================================================================================

# region -> (ordinary spaces, colonial spaces), exactly as the 12.5 tables print them.
TABLE_12_5: dict[str, tuple[list[str], list[str]]] = {
    "France": (["Action Française", "Alsace-Lorraine", "Aquitaine", "France-Comté",
                "French Catholics", "Normandy/Brittany", "Nord/Pas-de-Calais", "Paris",
                "Provence"],
               ["Algeria", "French Morocco", "French Mandate for Syria and the Lebanon",
                "Tunisia"]),
    "Italy": (["Apulia", "Blackshirts", "Campania", "Dodecanese", "Fiume", "Lombardy",
               "Rome", "Sicily", "South Tyrol", "Tuscany", "Victor Emmannuel III"],
              ["Libya"]),
    "Germany": (["Bavaria", "Baden-Württemberg", "Berlin", "East-Prussia", "Hamburg",
                 "Hanover", "Magdeburg", "Pomerania", "Rhineland", "Saxony", "Silesia",
                 "Thuringia"], []),
    "United Kingdom": (["Gibraltar", "House of Windsor", "London", "Midlands",
                        "Northern England", "Northern Ireland", "Parliament", "Scotland",
                        "Wales"],
                       ["British Mandate for Palestine", "Egypt", "Empire & Commonwealth"]),
    "Little Entente": (["Bessarabia", "Bohemia", "Bosnia", "Croatia", "Moravia",
                        "Romanian Royalty", "Ruthenia", "Serbia", "Slovakia", "Slovenia",
                        "Sudetenland", "Transylvania"], []),
    "Spain": (["Andalusia", "Balearic Islands", "Basque Country", "Catalonia", "Galicia",
               "La Mancha", "Madrid", "Monarchists", "Spanish Catholics", "Valencia"],
              ["Spanish Morocco"]),
    INDEPENDENT: (["Albania", "Austria", "Baltic States", "Belgium", "Bulgaria",
                   "Danzig-Polish Corridor", "Denmark", "Finland", "Greece", "Hungary",
                   "Irish Free State", "Netherlands", "Norway", "Poland", "Portugal",
                   "Sweden", "Switzerland", "Turkey", "USSR", "Vatican"], []),
}


def test_space_count_is_92_as_the_12_5_tables_list() -> None:
    # Counted from the 12.5 tables: France 9+4, Italy 11+1, Germany 12, UK 9+3,
    # Little Entente 12, Spain 10+1, Independent 20 = 92 (the number).
    counted = sum(len(a) + len(b) for a, b in TABLE_12_5.values())
    assert counted == 92
    assert len(M.names) == 92


def test_names_regions_and_colonial_flags_follow_the_12_5_tables() -> None:
    for region, (ordinary, colonial) in TABLE_12_5.items():
        for name in ordinary + colonial:
            assert name in M.names, name                   # canonical spelling, exactly
            assert M.region[sid(name)] == region, name     # 2.1.1
            assert M.colonial[sid(name)] == (name in colonial), name  # 2.1.6
    assert set(M.names) == {n for a, b in TABLE_12_5.values() for n in a + b}
    assert set(SCORING_REGIONS) == {"France", "United Kingdom", "Germany", "Spain", "Italy",
                                    "Little Entente"}          # 2.1.1
    assert M.region_names == (*SCORING_REGIONS, INDEPENDENT)


ALIASES = {
    # rulebook spelling -> 12.5 table name
    "North England": "Northern England",                     # 3.3
    "Danzig / Polish Corridor": "Danzig-Polish Corridor",    # 6.2.5
    "Danzig/Polish Corridor": "Danzig-Polish Corridor",      # 11.2.5
    "Baltics": "Baltic States",                              # 11.2.5
    "Empire&Commonwealth": "Empire & Commonwealth",          # 11.2.5
    "Russia": "USSR",                                        # 17.0 AR 1.1
    "Eastern Prussia": "East-Prussia",                       # 17.0 AR 1.1
    "UK Parliament": "Parliament",                           # 17.0 AR 1.2
    "Victor Emmanuel III": "Victor Emmannuel III",           # usual spelling
    "Franche-Comté": "France-Comté",                         # usual spelling
}


@pytest.mark.parametrize(("alias", "name"), ALIASES.items())
def test_the_rulebook_spellings_resolve_to_the_table_names(alias: str, name: str) -> None:
    assert M.id(alias) == M.id(name)
    assert M.canonical(alias) == name


def test_unknown_space_names_suggest_the_closest() -> None:
    with pytest.raises(KeyError, match="Paris"):
        M.id("Pariss")


def test_spaces_named_elsewhere_in_the_rules_exist() -> None:
    # 2.3.3 marker spaces, 3.5 Rhineland, 11.2.5 lists (rulebook spellings).
    named = ["French Catholics", "Switzerland", "Thuringia", "Poland", "Rhineland",
             "Lombardy", "Rome", "Berlin", "USSR", "Alsace-Lorraine", "Spanish Morocco",
             "Empire&Commonwealth", "Bohemia", "Slovakia", "Bavaria", "Vatican",
             "Sudetenland", "Moravia", "Paris", "London", "Parliament", "Madrid",
             "Valencia", "Catalonia", "Finland", "Baltics", "Bessarabia", "Hungary",
             "Danzig/Polish Corridor", "Austria", "Belgium"]
    for n in named:
        M.id(n)


# =========================================================================================
# 2. At-start markers (3.2-3.5): stated facts
# =========================================================================================

RW_SP = {"Northern Ireland": 1, "Parliament": 2, "Belgium": 1, "Magdeburg": 3,
         "East-Prussia": 3, "Finland": 1, "Baltic States": 1, "USSR": 1, "Poland": 1,
         "Sudetenland": 1, "French Mandate for Syria and the Lebanon": 1, "Blackshirts": 4,
         "Victor Emmannuel III": 1, "Vatican": 2, "Action Française": 2,
         "French Catholics": 4, "Spanish Catholics": 2, "Gibraltar": 2, "Portugal": 1}  # 3.2
LW_SP = {"Irish Free State": 1, "Northern Ireland": 1, "Scotland": 1, "North England": 2,
         "Netherlands": 1, "USSR": 3, "Poland": 2, "Bavaria": 1, "Berlin": 1,
         "Thuringia": 1, "Romanian Royalty": 1, "Austria": 1, "Hungary": 2,
         "British Mandate for Palestine": 1, "Campania": 1, "Rome": 1, "Provence": 1,
         "Nord/Pas-de-Calais": 2, "Paris": 2, "Aquitaine": 1, "Basque Country": 2,
         "Switzerland": 1}                                                            # 3.3
RW_EXT = {"Action Française", "Magdeburg", "Blackshirts"}                             # 3.4
LW_EXT = {"USSR", "Hungary", "Berlin"}                                                # 3.5


def test_at_start_markers_are_those_of_3_2_to_3_5() -> None:
    rw = {sid(n): v for n, v in RW_SP.items()}
    lw = {sid(n): v for n, v in LW_SP.items()}
    rwx = {sid(n) for n in RW_EXT}
    lwx = {sid(n) for n in LW_EXT}
    for s, name in enumerate(M.names):
        assert M.at_start[s] == (lw.get(s, 0), rw.get(s, 0), int(s in lwx), int(s in rwx)), \
            name


# =========================================================================================
# 3. Stated and derived stabilities
# =========================================================================================

def test_stabilities_stated_in_the_rules() -> None:
    assert stab("East-Prussia") == 4      # 2.1.4 example: "a Stability number of four"
    assert stab("Poland") == 3            # 6.2.5 example: "Poland has a stability of 3"
    assert stab("Paris") == 2             # 17.0 AR 1.1: "Paris' stability of 2"
    # 17.0 AR 1.4 (Admiral Horthy): roll 5 + 3 OPs = 8, modifiers +1 -1 +1 -1 = 0;
    # "after subtracting Hungary's doubled stability ... a total of 4": 8 - 2s = 4, s = 2.
    assert stab("Hungary") == 2
    # 17.0 AR 7: "-4 (double the stability of the Austria space)": 2s = 4, s = 2.
    assert stab("Austria") == 2


def test_stabilities_implied_by_the_example_of_play() -> None:
    # USSR: 6.2.5 USSR (4 LW / 0 RW) is LW-controlled: s <= 4. 17.0 AR 1.1 Tâm spends both
    # OPs in Russia (3*/1 -> 5*/1) to make it count as LW-controlled in the Piłsudski check:
    # it was not controlled at 3-1=2 (s >= 3) and one SP (4-1=3) was not enough: s = 4.
    assert stab("USSR") == 4
    # Slovenia: AR 1.2 Kris places 2 SP (0/2) to control it; AR 1.2 Wall Street Crash
    # leaves 0/1 and AR 1.3 "damage control" re-places 1 (0/2); AR 1.4 counts it as
    # RW-controlled at 0/2: s <= 2; not controlled at 0/1: s = 2.
    assert stab("Slovenia") == 2
    # Action Française: starts 0/2*; Kris adds 1 "to control" (0/3*); after AR 1.1 each side
    # holds exactly one French battleground (Paris, Action Française): s <= 3 and s > 2.
    assert stab("Action Française") == 3
    # Algeria: at 1/0 it is not LW-controlled (AR 1.1: one battleground each), s >= 2;
    # Kris could "place 4 SP in Algeria, dominating France": 1/4 controls, s <= 3, and four
    # SP are needed, s = 3.
    assert stab("Algeria") == 3
    # Berlin, Lombardy: AR 1.3 "Tâm takes Berlin (3*/0) and Lombardy (3/0)" with 4 OPs, two
    # SP each from 1/0: not controlled at 1, controlled at 3 and 2 SP needed: s = 3.
    assert stab("Berlin") == 3
    assert stab("Lombardy") == 3
    # Norway: AR 6 two LW SP (2/0) make it "a good source of Power" (controlled): s <= 2,
    # and two were needed: s = 2.
    assert stab("Norway") == 2
    # Hamburg: RW-controlled at 1/4* (AR 6): s <= 3; Denmark and Norway are "the
    # lower-stability adjacent spaces" (17.0 Discretionary Extremist): s > 2 -> s = 3.
    assert stab("Hamburg") == 3
    assert stab("Denmark") < stab("Hamburg")
    assert stab("Norway") < stab("Hamburg")
    # Upper bounds from control stated in 17.0:
    assert stab("Nord/Pas-de-Calais") <= 2   # AR 1.1: LW control at 2/0
    assert stab("French Catholics") <= 4     # AR 1.1: RW control at 0/4
    assert stab("Alsace-Lorraine") <= 2      # AR 1.4: 2 SP from the Maginot box take it
    assert stab("Bavaria") <= 3              # AR 7: LW control at 3/0
    assert stab("Magdeburg") <= 3            # end of turn 1: RW battleground at 0/3*
    assert stab("Slovakia") >= 1             # 6.2.5 (hypothetical) RW control: no bound
    # Lower bounds from spaces the worked examples do NOT count:
    assert stab("Silesia") >= 2              # AR 1.1: Silesia (1/0) not counted vs Poland
    assert stab("Danzig-Polish Corridor") >= 2   # 6.2.5: "uncontrolled (only 1 RW SP)"
    assert stab("Belgium") >= 2              # AR 1.1 French Scoring: "no controlled
    assert stab("Switzerland") >= 2          # Independent spaces" (Belgium 0/1, Swiss 1/0)


def test_stabilities_are_in_the_games_range() -> None:
    assert all(1 <= s <= 4 for s in M.stability)


# =========================================================================================
# 4. Stated adjacencies and non-adjacencies
# =========================================================================================

def test_poland_has_exactly_five_neighbours() -> None:
    # 6.2.5: "they check the five spaces adjacent to Poland": the list that follows.
    assert neighbours("Poland") == {"Danzig-Polish Corridor", "East-Prussia", "USSR",
                                    "Slovakia", "Silesia"}


STATED_ADJACENT = [
    ("Paris", "French Catholics"),        # 17.0 AR 1.1: +1 for RW control of French Catholics
    ("Paris", "Nord/Pas-de-Calais"),      # 17.0 AR 1.1: -1 LW control of Nord/Pas-de-Calais
    ("Paris", "Alsace-Lorraine"),         # 17.0 AR 1.1: -1 LW Extremist in Alsace-Lorraine
    ("Poland", "East-Prussia"),           # 6.2.5; 17.0 AR 1.1
    ("Poland", "USSR"),                   # 6.2.5; 17.0 AR 1.1
    ("Hungary", "Slovenia"),              # 17.0 AR 1.4: +1 for control over Slovenia
    ("Hungary", "Austria"),               # 17.0 AR 1.4, AR 7; "Control over Austria defends
    ("Bavaria", "Austria"),               #   both Hungary and Bavaria"; AR 7 -1 for Bavaria
    ("Austria", "South Tyrol"),           # 17.0 AR 7: +1 Extremist in South Tyrol
    ("Silesia", "Berlin"),                # 17.0: "Silesia protects/attacks both Berlin
    ("Silesia", "Poland"),                #   and Poland"
    ("Hamburg", "Denmark"),               # 17.0: "lower-stability adjacent spaces such as
    ("Hamburg", "Norway"),                #   Denmark and Norway"
    ("Lombardy", "Provence"),             # 17.0: "a road to controlling Lombardy via Provence"
]


@pytest.mark.parametrize(("a", "b"), STATED_ADJACENT)
def test_stated_adjacency(a: str, b: str) -> None:
    assert adjacent(a, b) and adjacent(b, a)


STATED_NOT_ADJACENT = [
    # 17.0 AR 1.1: the Paris check counts French Catholics, Nord/Pas-de-Calais and
    # Alsace-Lorraine only; Action Française (0/3*, RW-controlled, RW Extremist) would add
    # +2: it is not adjacent to Paris.
    ("Paris", "Action Française"),
    # 17.0 AR 7: the Austria check counts South Tyrol, Hungary and Bavaria only; Slovenia
    # (0/2, RW-controlled since AR 1.3) would add +1 and Lombardy (3/0, LW since AR 1.3) -1.
    ("Austria", "Slovenia"),
    ("Austria", "Lombardy"),
    # 6.2.5: Poland's five neighbours exclude Hungary (and AR 1.4 does not count Poland,
    # RW-controlled since AR 1.2, in the Hungary check).
    ("Poland", "Hungary"),
]


@pytest.mark.parametrize(("a", "b"), STATED_NOT_ADJACENT)
def test_stated_non_adjacency(a: str, b: str) -> None:
    assert not adjacent(a, b)


def region_of(name: str) -> str:
    return M.region[sid(name)]


def regions_bordered(name: str) -> set[str]:
    return {M.region[t] for t in M.adj[sid(name)]} - {INDEPENDENT}


def test_norway_borders_germany_and_the_uk() -> None:
    # 17.0 AR 6: "Norway, being adjacent to Germany and the United Kingdom".
    assert {"Germany", "United Kingdom"} <= regions_bordered("Norway")


def test_switzerland_borders_the_roaring_twenties_regions() -> None:
    # 11.2.5: "Switzerland in particular is adjacent to all Scoring Regions from the
    # Roaring Twenties deck" (11.2.1: Germany, France and Italy).
    assert regions_bordered("Switzerland") == {"France", "Germany", "Italy"}


def test_exactly_austria_switzerland_belgium_border_three_regions() -> None:
    # 11.2.5: "a few Independent spaces that border 3 Scoring Regions (Austria,
    # Switzerland, Belgium)": read as the complete list; no Independent borders more.
    three = {M.names[s] for s in range(92)
             if M.region[s] == INDEPENDENT and len(regions_bordered(M.names[s])) >= 3}
    assert three == {"Austria", "Switzerland", "Belgium"}
    assert all(len(regions_bordered(n)) == 3 for n in three)


def test_poland_is_not_normally_adjacent_to_france_or_the_uk() -> None:
    # 10.3 note: during French/UK scoring Poland "may be considered adjacent" (Guarantees
    # to Poland), so it is not adjacent otherwise.
    assert not regions_bordered("Poland") & {"France", "United Kingdom"}
    assert M.adjacent_regions_if[sid("Poland")] == {"France": "guarantees_poland",
                                                    "United Kingdom": "guarantees_poland"}


# =========================================================================================
# 5. Exclaves (2.1.3, "an exhaustive list")
# =========================================================================================

EXCLAVES = {"French Mandate for Syria and the Lebanon": "France", "Egypt": "United Kingdom",
            "Gibraltar": "United Kingdom", "British Mandate for Palestine": "United Kingdom",
            "East-Prussia": "Germany", "Dodecanese": "Italy"}


def _components(region: str) -> list[set[int]]:
    spaces = {s for s in range(92) if M.region[s] == region}
    seen: set[int] = set()
    comps = []
    for s in sorted(spaces):
        if s in seen:
            continue
        comp, todo = set(), [s]
        while todo:
            u = todo.pop()
            if u in comp:
                continue
            comp.add(u)
            todo.extend(t for t in M.adj[u] if t in spaces)
        seen |= comp
        comps.append(comp)
    return comps


def test_exclaves_are_exactly_the_2_1_3_list() -> None:
    found = {}
    for region in SCORING_REGIONS:
        comps = sorted(_components(region), key=len, reverse=True)
        main = comps[0]
        assert len(main) > len(comps[1]) if len(comps) > 1 else True
        for comp in comps[1:]:
            for s in comp:
                found[M.names[s]] = region
    assert found == EXCLAVES
    assert {M.names[s] for s in M.exclaves} == set(EXCLAVES)
    for name in EXCLAVES:
        assert M.is_exclave(sid(name))
    assert not M.is_exclave(sid("Paris")) and not M.is_exclave(sid("Algeria"))


def test_whole_map_is_connected_and_edges_are_symmetric() -> None:
    seen, todo = set(), [0]
    while todo:
        u = todo.pop()
        if u not in seen:
            seen.add(u)
            todo.extend(M.adj[u])
    assert len(seen) == 92
    for s, ns in enumerate(M.adj):
        assert s not in ns
        assert len(set(ns)) == len(ns)
        for t in ns:
            assert s in M.adj[t]
    assert all(M.adjacent(s, t) for s in range(92) for t in M.adj[s])
    assert sorted(M.edges) == sorted({(min(s, t), max(s, t)) for s in range(92)
                                      for t in M.adj[s]})


# =========================================================================================
# 6. Battlegrounds (2.1.5) and colonial spaces (2.1.6)
# =========================================================================================

def bgs(region: str, *conds: str) -> set[str]:
    return {M.names[s] for s in M.battlegrounds_in(region, set(conds))}


def test_french_battlegrounds() -> None:
    # 17.0 Discretionary SP: "Not counting the French Catholics (prior to Canonization of
    # Joan of Arc) and Alsace-Lorraine ..., there are three battlegrounds in France, with
    # Paris and Action Française respectively pro-LW and pro-RW"; "Claiming Algeria is a
    # play to dominate France" (the third). 10.3 note: French Catholics "may be a
    # battleground".
    assert bgs("France") == {"Paris", "Action Française", "Alsace-Lorraine", "Algeria"}
    assert bgs("France", "canonization") == bgs("France") | {"French Catholics"}
    assert M.cond_battleground[sid("French Catholics")] == "canonization"


def test_german_battlegrounds() -> None:
    # 17.0 End of turn 1: "Prior to the addition of the Rhineland (through removal of the
    # Rhineland Demilitarized marker via Event Play), Germany has only four battlegrounds";
    # Hamburg is one of them ("Claiming Hamburg gives the Left-Wing player a shot at
    # controlling three of the five battlegrounds"). The other three are reconstructed so
    # that the end-of-turn-1 position splits them two to two (see the replay).
    assert len(bgs("Germany")) == 4
    assert "Hamburg" in bgs("Germany")
    assert bgs("Germany", "rhineland") == bgs("Germany") | {"Rhineland"}
    assert M.cond_battleground[sid("Rhineland")] == "rhineland"


def test_battleground_and_colonial_only_in_scoring_regions() -> None:
    # 2.1.5: "All other spaces in Scoring Regions are called non-Battleground spaces";
    # independent countries are outside the regions.
    for s in range(92):
        if M.region[s] == INDEPENDENT:
            assert not M.battleground[s] and M.cond_battleground[s] is None
            assert not M.colonial[s]
    for region in SCORING_REGIONS:
        assert bgs(region), region       # every region can be dominated (10.1.1)
    assert {M.names[s] for s in M.colonial_spaces} == {
        n for _, col in TABLE_12_5.values() for n in col}


def test_stated_and_reconstructed_flags() -> None:
    # A space whose every game datum is printed by the rules is not reconstructed (Poland:
    # stability 3 and its five neighbours, 6.2.5); the others are.
    assert not M.reconstructed[sid("Poland")]
    assert M.reconstructed[sid("Paris")]
    assert "stability" in M.stated[sid("Paris")]
    assert "stability" in M.stated[sid("East-Prussia")]
    assert "adjacent" in M.stated[sid("Poland")]
    assert "adjacent:Slovenia" in M.stated[sid("Hungary")]


def test_drawing_coordinates() -> None:
    pts = list(zip(M.x, M.y, strict=True))
    assert all(0 <= x <= 1000 and 0 <= y <= 700 for x, y in pts)
    for i in range(92):
        for j in range(i + 1, 92):
            d2 = (pts[i][0] - pts[j][0]) ** 2 + (pts[i][1] - pts[j][1]) ** 2
            assert d2 >= 22 ** 2, (M.names[i], M.names[j])
    # roughly Europe: west to east, north to south
    assert M.x[sid("Portugal")] < M.x[sid("Paris")] < M.x[sid("Berlin")] < M.x[sid("USSR")]
    assert M.y[sid("Norway")] < M.y[sid("Berlin")] < M.y[sid("Rome")] < M.y[sid("Libya")]


# =========================================================================================
# 7. The Example of Play (17.0), replayed on the map
# =========================================================================================

LW, RW = 0, 1


class Board:
    """Markers per space: [lw_sp, rw_sp, lw_ext, rw_ext], from the at-start data."""

    def __init__(self) -> None:
        self.m = [list(M.at_start[s]) for s in range(92)]

    def __getitem__(self, name: str) -> str:
        lw, rw, lx, rx = self.m[sid(name)]
        return f"{lw}{'*' * lx}/{rw}{'*' * rx}"

    def add(self, name: str, lw: int = 0, rw: int = 0, lwx: int = 0, rwx: int = 0) -> str:
        cell = self.m[sid(name)]
        for i, v in enumerate((lw, rw, lwx, rwx)):
            cell[i] += v
            assert cell[i] >= 0, name
        assert cell[2] <= 1 and cell[3] <= 1, name
        return self[name]

    def control(self, s: int) -> int | None:
        lw, rw, _, _ = self.m[s]
        if lw - rw >= M.stability[s]:
            return LW
        if rw - lw >= M.stability[s]:
            return RW
        return None

    def ctl(self, name: str) -> int | None:
        return self.control(sid(name))

    def drm(self, name: str, side: int) -> int:
        s = sid(name)
        total = 0
        for t in M.adj[s]:
            c = self.control(t)
            total += (c == side) - (c == 1 - side)
        for t in (s, *M.adj[s]):
            total += self.m[t][2 + side] - self.m[t][3 - side]
        return total

    def support_check(self, name: str, side: int, roll: int, bonus: int) -> tuple[int, int]:
        """6.2.5-6.2.6; returns (map modifier, excess) and applies the result."""
        s = sid(name)
        d = self.drm(name, side)
        excess = roll + bonus + d - 2 * M.stability[s]
        cell, o = self.m[s], 1 - side
        left = max(excess, 0)
        k = min(left, cell[o])
        cell[o] -= k
        left -= k
        if left and cell[2 + o]:
            cell[2 + o] = 0
            left -= 1
        k = min(left, max(0, M.stability[s] - cell[side]))
        cell[side] += k
        left -= k
        if left and not cell[2 + side]:
            cell[2 + side] = 1
        return d, excess

    def can_place(self, name: str, side: int) -> bool:
        """6.1.2: with or adjacent to friendly SP, or where a friendly Extremist is."""
        s = sid(name)
        return (self.m[s][2 + side] > 0
                or any(self.m[t][side] > 0 for t in (s, *M.adj[s])))

    def place_ops(self, side: int, ops: int, spaces: list[tuple[str, int]]) -> None:
        """6.1: place SP one at a time, checking adjacency and cost; all OPs spent."""
        legal = {n for n, _ in spaces if self.can_place(n, side)}
        assert legal == {n for n, _ in spaces}, spaces
        spent = 0
        for name, n in spaces:
            for _ in range(n):
                spent += 2 if self.ctl(name) == 1 - side else 1          # 6.1.3
                self.m[sid(name)][side] += 1
        assert spent == ops, (spaces, spent, ops)

    def region_level(self, region: str, conds: frozenset[str] = frozenset()) -> dict[int, str]:
        """10.1.1 per side: 'control', 'domination', 'presence' or ''."""
        spaces = [s for s in range(92) if M.region[s] == region]
        bg = set(M.battlegrounds_in(region, conds))
        out = {}
        for side in (LW, RW):
            mine = [s for s in spaces if self.control(s) == side]
            theirs = [s for s in spaces if self.control(s) == 1 - side]
            mbg, tbg = [s for s in mine if s in bg], [s for s in theirs if s in bg]
            if len(mine) > len(theirs) and len(mbg) == len(bg):
                out[side] = "control"
            elif (len(mine) > len(theirs) and len(mbg) > len(tbg) and mbg
                  and len(mbg) < len(mine)):
                out[side] = "domination"
            else:
                out[side] = "presence" if mine else ""
        return out

    def independents_controlled_next_to(self, region: str) -> set[str]:
        found = {t for s in range(92) if M.region[s] == region for t in M.adj[s]
                 if M.region[t] == INDEPENDENT}
        return {M.names[t] for t in found if self.control(t) is not None}


def test_example_of_play_replayed_on_the_map() -> None:
    b = Board()
    # -- Opening (17.0): Admiral Horthy "without Right Wing presence in countries adjacent
    # to Hungary": no RW marker next to Hungary at start.
    assert all(b.m[t][1] == 0 and b.m[t][3] == 0 for t in M.adj[sid("Hungary")])

    # -- Discretionary SP (3.7): only where the opponent has no SP or Extremist.
    def discretionary(side: int, name: str) -> str:
        cell = b.m[sid(name)]
        assert cell[1 - side] == 0 and cell[3 - side] == 0, name
        return b.add(name, lw=int(side == LW), rw=int(side == RW))

    assert discretionary(LW, "Lombardy") == "1/0"
    assert discretionary(LW, "Hamburg") == "1/0"
    assert discretionary(LW, "Algeria") == "1/0"
    assert discretionary(RW, "Action Française") == "0/3*"
    assert discretionary(RW, "Egypt") == "0/1"
    assert discretionary(RW, "Fiume") == "0/1"
    assert discretionary(RW, "East-Prussia") == "0/4"
    assert discretionary(LW, "Silesia") == "1/0"
    assert discretionary(LW, "Austria") == "2/0"
    # "placements in order to control spaces": Action Française and East-Prussia now are.
    assert b.ctl("Action Française") == RW and b.ctl("East-Prussia") == RW
    # "Control over Austria defends both Hungary and Bavaria"
    assert b.ctl("Austria") == LW
    # -- Discretionary Extremists (3.8): only where no Extremist of either side is.
    for side, name in ((RW, "Hamburg"), (LW, "Alsace-Lorraine")):
        assert b.m[sid(name)][2] == b.m[sid(name)][3] == 0
        b.m[sid(name)][2 + side] = 1
    assert b["Hamburg"] == "1/0*" and b["Alsace-Lorraine"] == "0*/0"

    # -- AR 1.1 Kris: French Scoring, Support check in Paris: +2 (the card), +1 French
    # Catholics, -1 Nord/Pas-de-Calais, -1 Extremist in Alsace-Lorraine; roll 3 -> 4;
    # 4 - 2x2 = 0, nothing changes; a 4 would have broken LW control.
    assert b.ctl("Paris") == LW and b.ctl("French Catholics") == RW
    assert b.ctl("Nord/Pas-de-Calais") == LW
    hypo = Board()
    hypo.m = [c[:] for c in b.m]
    assert hypo.support_check("Paris", RW, 4, 2) == (-1, 1)
    assert hypo.ctl("Paris") is None                       # "would have broken ... control"
    # The alternative Kris considered: 4 OPs for 4 SP in Algeria would dominate France;
    # "by taking Alsace-Lorraine, they [LW] turn France into a stalemate".
    alt = Board()
    alt.m = [c[:] for c in b.m]
    alt.place_ops(RW, 4, [("Algeria", 4)])
    assert alt.region_level("France")[RW] == "domination"
    alt.add("Alsace-Lorraine", lw=2)
    assert alt.region_level("France") == {LW: "presence", RW: "presence"}

    assert b.support_check("Paris", RW, 3, 2) == (-1, 0)
    assert b["Paris"] == "2/0"
    # "Both players end with 1 battleground in France and with only presence and no
    # controlled Independent spaces, the score remains at 0 Power."
    france_bg = M.battlegrounds_in("France", set())
    assert sum(b.control(s) == LW for s in france_bg) == 1
    assert sum(b.control(s) == RW for s in france_bg) == 1
    assert b.region_level("France") == {LW: "presence", RW: "presence"}
    assert b.independents_controlled_next_to("France") == set()

    # -- AR 1.1 Tâm: Piłsudski for 2 OPs into Russia (5*/1), then +2 RW SP in Poland (2/3)
    # and a RW check there: +4 (Event), +1 East-Prussia, -1 Russia control, -1 Russia
    # Extremist; roll 4 -> 7 vs 6: one LW SP removed (1/3).
    b.place_ops(LW, 2, [("Russia", 2)])
    assert b["USSR"] == "5*/1" and b.ctl("USSR") == LW
    assert b.add("Poland", rw=2) == "2/3"
    assert b.support_check("Poland", RW, 4, 4) == (-1, 1)
    assert b["Poland"] == "1/3"

    # -- AR 1.2 Kris: 1 OP takes Poland (1/4), 2 OPs place 2 SP in Slovenia (0/2).
    b.place_ops(RW, 3, [("Poland", 1), ("Slovenia", 2)])
    assert b["Poland"] == "1/4" and b.ctl("Poland") == RW
    assert b["Slovenia"] == "0/2" and b.ctl("Slovenia") == RW
    # -- AR 1.2 Tâm: Wall Street Crash, 1 RW SP off six spaces.
    for name, after in (("UK Parliament", "0/1"), ("Action Française", "0/2*"),
                        ("East-Prussia", "0/3"), ("Slovenia", "0/1"), ("Fiume", "0/0"),
                        ("Spanish Catholics", "0/1")):
        assert b.add(name, rw=-1) == after
    assert b.ctl("Slovenia") is None and b.ctl("East-Prussia") is None
    # -- AR 1.3 Kris: 2 OPs, 1 SP in Slovenia (0/2) and East-Prussia (0/4). "Tâm cannot
    # reach Fiume yet": no LW SP in or next to Fiume, no LW Extremist there.
    b.place_ops(RW, 2, [("Slovenia", 1), ("East-Prussia", 1)])
    assert b["Slovenia"] == "0/2" and b["East-Prussia"] == "0/4"
    assert not b.can_place("Fiume", LW)
    # -- AR 1.3 Tâm: March on Rome: RW Extremists in Libya and South Tyrol, 4 RW SP from
    # Blackshirts (0/0*) to Rome (1/4); 4 OPs take Berlin (3*/0) and Lombardy (3/0).
    b.add("Libya", rwx=1)
    b.add("South Tyrol", rwx=1)
    b.add("Blackshirts", rw=-4)
    assert b.add("Rome", rw=4) == "1/4" and b["Blackshirts"] == "0/0*"
    assert b.ctl("Berlin") is None and b.ctl("Lombardy") is None
    b.place_ops(LW, 4, [("Berlin", 2), ("Lombardy", 2)])
    assert b["Berlin"] == "3*/0" and b["Lombardy"] == "3/0"
    assert b.ctl("Berlin") == LW and b.ctl("Lombardy") == LW

    # -- AR 1.4 Kris: Admiral Horthy: 1 SP and an Extremist in Hungary (2*/1*), check with
    # 3 OPs: +1 Slovenia control, +1 own Extremist, -1 Austria control, -1 LW Extremist;
    # roll 5 -> 8, minus 4 = 4: two LW SP, the LW Extremist, one RW SP (0/2*). "Rolling a 6
    # would not have given Kris any extra bonus".
    assert b.add("Hungary", rw=1, rwx=1) == "2*/1*"
    six = Board()
    six.m = [c[:] for c in b.m]
    assert b.support_check("Hungary", RW, 5, 3) == (0, 4)
    assert b["Hungary"] == "0/2*" and b.ctl("Hungary") == RW
    six.support_check("Hungary", RW, 6, 3)
    assert six["Hungary"] == "0/2*"
    # -- AR 1.4 Tâm: French rearmament, Maginot Line Conception: 2 SP in Alsace-Lorraine.
    assert b.add("Alsace-Lorraine", lw=2) == "2*/0"
    # -- AR 1.5 Kris: Foreign Plane Import: 1 SP in Hamburg (1/1*).
    assert b.add("Hamburg", rw=1) == "1/1*"
    # -- AR 1.5 Tâm: 2 OPs in Bavaria (3/0).
    b.place_ops(LW, 2, [("Bavaria", 2)])
    assert b["Bavaria"] == "3/0"
    # -- AR 6 Kris: 3 OPs in Hamburg (1/4*): Tâm "couldn't take Hamburg in one Action
    # Round" with 2 OPs (one SP at double cost).
    b.place_ops(RW, 3, [("Hamburg", 3)])
    assert b["Hamburg"] == "1/4*" and b.ctl("Hamburg") == RW
    # -- AR 6 Tâm: 2 OPs in Norway (2/0), next to Hamburg's LW SP.
    b.place_ops(LW, 2, [("Norway", 2)])
    assert b["Norway"] == "2/0" and b.ctl("Norway") == LW

    # -- End of turn 1 (17.0): "France is dominated by the Left Wing player"; Germany's four
    # battlegrounds "are currently divided two to two"; "the Left Wing's battlegrounds ...
    # each adjacent to a RW extremist".
    def end_of_turn_claims() -> None:
        assert b.region_level("France")[LW] == "domination"
        assert b.region_level("France")[RW] != "domination"
        german = M.battlegrounds_in("Germany", set())
        lw_bg = [s for s in german if b.control(s) == LW]
        rw_bg = [s for s in german if b.control(s) == RW]
        assert len(lw_bg) == len(rw_bg) == 2
        for s in lw_bg:
            assert any(b.m[t][3] for t in M.adj[s]), M.names[s]
        assert b.control(sid("Hamburg")) == RW

    end_of_turn_claims()

    # -- AR 7 Kris: War Reparations for a 4-OP check in Austria: roll 3, +4 OPs, +3
    # (Extremists in South Tyrol and Hungary, control of Hungary), -1 (Bavaria), -4:
    # difference 5: two LW SP off, two RW SP and a RW Extremist on (0/2*).
    assert b.support_check("Austria", RW, 3, 4) == (2, 5)
    assert b["Austria"] == "0/2*"
    end_of_turn_claims()


def test_6_2_5_example_on_the_map() -> None:
    # 6.2.5: Poland 2 LW SP + LW Extremist; Danzig 1 RW (uncontrolled); East-Prussia 1 LW /
    # 5 RW with one Extremist each; USSR 4 LW + LW Extremist; Slovakia RW-controlled with a
    # RW Extremist; Silesia RW-controlled. Net modifier +1; 3 OPs.
    b = Board()
    b.m = [[0, 0, 0, 0] for _ in range(92)]
    b.add("Poland", lw=2, lwx=1)
    b.add("Danzig / Polish Corridor", rw=1)
    b.add("East-Prussia", lw=1, rw=5, lwx=1, rwx=1)
    b.add("USSR", lw=4, lwx=1)
    b.add("Slovakia", rw=stab("Slovakia"), rwx=1)
    b.add("Silesia", rw=stab("Silesia"))
    assert b.ctl("Danzig-Polish Corridor") is None
    assert b.ctl("East-Prussia") == RW and b.ctl("USSR") == LW
    assert b.drm("Poland", RW) == 1
    results = {}
    for roll in range(1, 7):
        t = Board()
        t.m = [c[:] for c in b.m]
        t.support_check("Poland", RW, roll, 3)
        results[roll] = t["Poland"]
    assert results[1] == "2*/0"               # 5, not higher than 6
    assert results[3] == "1*/0"               # 7: a single LW SP removed
    assert results[5] == "0/0"                # 9: all LW SP and the Extremist removed
    assert results[6] == "0/1"                # 10+: RW SP added
    t = Board()
    t.m = [c[:] for c in b.m]
    t.support_check("Poland", RW, 6, 6)       # "a roll of 13": 3 RW SP and 1 Extremist
    assert t["Poland"] == "0/3*"


# =========================================================================================
# 8. Loader validation: errors name the file, the entry and the field
# =========================================================================================

def bundled() -> Any:
    return yaml.safe_load((BUNDLED / "map.yaml").read_text(encoding="utf-8"))


def entry_of(data: Any, name: str) -> tuple[int, dict[str, Any]]:
    for i, e in enumerate(data["spaces"]):
        if e["name"] == name:
            return i, e
    raise AssertionError(name)


def broken(tmp_path: Path, edit: Callable[[Any], None]) -> ContentError:
    data = bundled()
    edit(data)
    folder = tmp_path / "pack"
    folder.mkdir()
    (folder / "map.yaml").write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True),
                                     encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_map(folder)
    assert info.value.file == str(folder / "map.yaml")
    return info.value


def _unknown_neighbour(d: Any) -> None:
    entry_of(d, "Paris")[1]["adjacent"].append("Atlantis")


def _asymmetric(d: Any) -> None:
    entry_of(d, "Paris")[1]["adjacent"].append("Wales")


def _self_edge(d: Any) -> None:
    entry_of(d, "Paris")[1]["adjacent"].append("Paris")


def _duplicate_neighbour(d: Any) -> None:
    e = entry_of(d, "Paris")[1]
    e["adjacent"].append(e["adjacent"][0])


def _duplicate_name(d: Any) -> None:
    entry_of(d, "Wales")[1]["name"] = "Paris"


def _bad_region(d: Any) -> None:
    entry_of(d, "Paris")[1]["region"] = "Prussia"


def _alias_clash(d: Any) -> None:
    entry_of(d, "Vatican")[1]["aliases"] = ["Russia"]     # after USSR in the file


def _independent_battleground(d: Any) -> None:
    entry_of(d, "Belgium")[1]["battleground"] = True


def _both_battlegrounds(d: Any) -> None:
    entry_of(d, "Rhineland")[1]["battleground"] = True


def _bad_stated(d: Any) -> None:
    entry_of(d, "Hungary")[1]["stated"].append("adjacent:Poland")


def _bad_stability(d: Any) -> None:
    entry_of(d, "Paris")[1]["stability"] = 0


def _typo_field(d: Any) -> None:
    e = entry_of(d, "Paris")[1]
    e["stabilty"] = e.pop("stability")


def _exclave_mismatch(d: Any) -> None:
    d["exclaves"].remove("Egypt")


def _unknown_exclave(d: Any) -> None:
    d["exclaves"].append("Atlantis")


def _cut_off_tunisia(d: Any) -> None:
    # Tunisia loses its link to Algeria (keeping Libya and Sicily): an exclave that the
    # exhaustive 2.1.3 list does not name.
    entry_of(d, "Tunisia")[1]["adjacent"].remove("Algeria")
    entry_of(d, "Algeria")[1]["adjacent"].remove("Tunisia")


def _isolated(d: Any) -> None:
    entry_of(d, "Vatican")[1]["adjacent"] = []
    entry_of(d, "Rome")[1]["adjacent"].remove("Vatican")


LOADER_CASES = [
    ("unknown_neighbour", _unknown_neighbour, "Paris", "adjacent[", "unknown space 'Atlantis'"),
    ("asymmetric", _asymmetric, "Paris", "adjacent[", "Wales does not list Paris"),
    ("self_edge", _self_edge, "Paris", "adjacent[", "adjacent to itself"),
    ("duplicate_neighbour", _duplicate_neighbour, "Paris", "adjacent[", "listed twice"),
    ("duplicate_name", _duplicate_name, "(Paris)", "name", "'Paris' is listed twice"),
    ("bad_region", _bad_region, "(Paris)", "region", "Input should be"),
    ("alias_clash", _alias_clash, "(Vatican)", "aliases", "'Russia' already names USSR"),
    ("independent_battleground", _independent_battleground, "(Belgium)", "battleground",
     "only spaces of a Scoring Region"),
    ("both_battlegrounds", _both_battlegrounds, "(Rhineland)", "battleground_if",
     "either battleground or battleground_if"),
    ("bad_stated", _bad_stated, "(Hungary)", "stated", "'adjacent:Poland'"),
    ("bad_stability", _bad_stability, "(Paris)", "stability", "greater than or equal to 1"),
    ("typo_field", _typo_field, "(Paris)", "stabilty", "unknown field"),
    ("exclave_mismatch", _exclave_mismatch, None, "exclaves", "Egypt"),
    ("unknown_exclave", _unknown_exclave, None, "exclaves", "unknown space 'Atlantis'"),
    ("undeclared_exclave", _cut_off_tunisia, None, "exclaves",
     "Tunisia cannot reach the rest of the region"),
    ("isolated", _isolated, "(Vatican)", "adjacent", "at least 1 item"),
]


@pytest.mark.parametrize(("edit", "entry", "field", "message"),
                         [c[1:] for c in LOADER_CASES], ids=[c[0] for c in LOADER_CASES])
def test_loader_errors_name_file_entry_and_field(
        tmp_path: Path, edit: Callable[[Any], None], entry: str | None, field: str,
        message: str) -> None:
    err = broken(tmp_path, edit)
    if entry is None:
        assert err.entry is None or "spaces[" not in err.entry, str(err)
    else:
        assert err.entry is not None and entry in err.entry, str(err)
    assert err.field is not None and err.field.startswith(field), str(err)
    assert message in str(err), str(err)


def test_the_bundled_map_loads_from_an_override_folder_unchanged(tmp_path: Path) -> None:
    folder = tmp_path / "pack"
    folder.mkdir()
    (folder / "map.yaml").write_text((BUNDLED / "map.yaml").read_text(encoding="utf-8"),
                                     encoding="utf-8")
    other = load_map(folder)
    assert other.names == M.names and other.adj == M.adj
