"""Europe in Turmoil II: the Strategy cards and the Rearmament Chart as content.

Every card, box and marker the rulebook names exists, with the era, side, OPs and effects the
rulebook states or implies (each fact cites its rule); the 17.0 Example of Play's arithmetic
holds; broken copies of the files give ContentErrors naming file, entry and field.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from warroom.core.content import ContentPack
from warroom.core.errors import ContentError
from warroom.games.eit2.cards import (
    BUNDLED,
    CARD_COUNT,
    ERAS,
    REGIONS,
    SPACES,
    SPACES_BY_REGION,
    TRACK_IDS,
    Deck,
    Rearmament,
    load_cards,
    load_content,
    load_rearmament,
)

RT, GD, AP = ERAS


@pytest.fixture(scope="module")
def deck() -> Deck:
    return load_cards()


@pytest.fixture(scope="module")
def chart() -> Rearmament:
    return load_rearmament()


# -- what the rulebook names -----------------------------------------------------------------

LW, RW, N = "LW", "RW", "neutral"
ANY = None
# (title as the rulebook spells it, era, allowed sides, OPs, removed after Event (*))
NAMED: list[tuple[str, str, set[str] | None, int | None, bool | None]] = [
    # 17.0 AR 1.4: "placing 1 SP and 1 Extremist in Hungary ... modified by the 3 OPs";
    # 5.2 example: the LW player's play triggers the RW player's check; 12.3 removed.
    ("Admiral Horthy", RT, {RW}, 3, True),
    # 17.0 AR 1.1: "a Right-Wing aligned card ... spends both her OPs ... removed from the game"
    ("Józef Piłsudski", RT, {RW}, 2, True),
    # 17.0 AR 1.2: "an Event aligned with the Right-Wing player"; 1 OP Poland + 2 SP Slovenia
    ("Miguel Primo de Rivera", RT, {RW}, 3, True),
    # 17.0 AR 1.3: the RW player plays it for 2 OPs and the Event occurs (an LW Event, 5.2)
    ("Kellogg-Briand Pact", RT, {LW}, 2, True),
    # 9.3 example: "the RW player plays the Washington Naval Treaty ... The LW Event"; 12.3
    ("Washington Naval Treaty", RT, {LW}, ANY, True),
    # 17.0 opening notes and AR 6: a RW Event (or neutral), played for 3 OPs in Hamburg
    ("Aventine Secession", RT, {RW, N}, 3, True),
    # 17.0 AR 1.3: "three dangerous Right-Wing Events"; 4 OPs for Berlin +2 and Lombardy +2
    ("March on Rome", RT, {RW}, 4, True),
    # 17.0 AR 1.5: a 4-OPs card with no RW alignment bonus (roll 4 "modified to 8")
    ("Spirit of Locarno", RT, {LW, N}, 4, True),
    # 17.0 AR 7: "+4 (OPs)", played by the RW player for Operations without an Event; 13.4
    ("War Reparations/War Debts", RT, {RW, N}, 4, False),
    # 17.0: LW "good cards"; AR 6 two SP in Norway; 12.3
    ("Friedrich Ebert", RT, {LW}, 2, True),
    # 17.0 AR 1.5: "the 2 OPs of Tomas Masaryk"; 12.3
    ("Tomas Masaryk", RT, {LW}, 2, True),
    # 17.0 AR 1.2: the LW player plays it for its Event; 12.3
    ("Wall Street Crash", RT, {LW}, ANY, True),
    # 17.0 AR 1.3: not among the LW hand's "dangerous Right-Wing Events"; 13.4 discarded;
    # AR 6: "Tâm only holding 2-Operations cards" (Ebert, American Expatriates, Croix-de-Feu)
    ("American Expatriates", RT, {LW, N}, 2, False),
    # 17.0 AR 1.3 (dangerous RW Event), AR 1.4 (3 + 1 + 2 OPs = 6); 12.4/13.4 discarded
    ("Winston Churchill", RT, {RW}, 2, False),
    # 17.0 AR 1.3: a dangerous RW Event, in the Roaring Twenties hand; 13.3 removed; AR 6:
    # still in Tâm's hand when she holds "only 2-Operations cards" (an outside audit: 3)
    ("Croix-de-Feu", RT, {RW}, 2, True),
    # 17.0: the RW opening hand; 11.2.1; 13.4 discarded
    ("France Scoring", RT, {N}, None, False),
    # 11.2.1; 13.4 discarded
    ("Germany Scoring", RT, {N}, None, False),
    ("Italy Scoring", RT, {N}, None, False),
    # 11.2.1
    ("United Kingdom Scoring", GD, {N}, None, False),
    ("Little Entente Scoring", AP, {N}, None, False),
    # 11.2.1 "Spain Scoring* is a removable Event"; 10.3 note
    ("Spain Scoring", AP, {N}, None, True),
    # 5.2 example: +1 OPs; played by the LW player (5.2, 7.3.1), in effect for RW (7.4); 12.4
    ("Dawes Plan / Young Plan", RT, {N}, ANY, False),
    # 8.3 example: the LW player plays it, RW gains 2 Power; "receives 2 OPs"; 13.3 removed
    ("Reichstag Fire", GD, {RW}, 2, True),
    # 5.2 example: the LW play of Il Duce triggers it; discarded rather than removed; 13.3
    ("Il Duce", GD, {RW}, ANY, True),
    # 5.2 example: LW plays it, the Event "is removed from the game"; in no scenario list
    ("Trade Imbalance", ANY, {RW}, ANY, True),
    # 2.3.2 example: the RW player plays Mein Kampf and places up to three Extremists; 12.3
    ("Mein Kampf", RT, {RW}, ANY, True),
    # 6.2.4: named-space Support Check; 12.3
    ("Munich Beer Hall Putsch", RT, {RW}, ANY, True),
    # 3.5 example: five LW SP in the Rhineland; 12.3
    ("Ruhr Occupation", RT, {LW}, ANY, True),
    # 4.5.2, 6.3.5 examples: the LW player makes the attempts; 13.3
    ("Maginot Mentality", GD, {LW}, ANY, True),
    # 5.2: consecutive Operation rounds; 13.3
    ("German Generals Object", GD, ANY, ANY, True),
    # 6.3.5: a free attempt without a card; 13.3
    ("Mechanised Warfare Pioneers", GD, ANY, ANY, True),
    # 6.3.9: retreats the USSR marker; in no scenario list
    ("Red Army Purges", ANY, ANY, ANY, None),
    # 11.2.2, 12.2/13.2: flips the Ten Year Rule marker; 13.3
    ("Ten Year Rule Abandoned", GD, ANY, ANY, True),
    # 2.3.3 / 12.1 / 13.1: map markers
    ("Canonization of Joan of Arc", RT, ANY, ANY, True),
    ("Germany Admitted to the League of Nations", RT, ANY, ANY, True),
    ("Weimar Republic", RT, ANY, ANY, True),
    ("Guarantees to Poland", ANY, ANY, ANY, None),
]

# 12.3 (removed for the 1932 scenario), 12.4 (discarded), 13.3, 13.4 as printed.
R_12_3 = ["Giacomo Matteotti", "Germany Admitted to the League of Nations",
          "Hyperinflation in Germany", "Spirit of Locarno", "Freikorps", "Aristide Briand",
          "Aventine Secession", "Tomas Masaryk", "White Terror", "Munich Beer Hall Putsch",
          "March on Rome", "Ruhr Occupation", "Cartel des Gauches", "Gustav Stresemann",
          "Canonization of Joan of Arc", "Leon Trotsky", "Mein Kampf", "Treaty of Rapallo",
          "Jozef Pilsudski", "Washington Naval Treaty", "Friedrich Ebert",
          "Miguel Primo de Rivera", "Wall Street Crash", "Rif War", "Weimar Republic",
          "Admiral Horthy", "Kellogg-Briand Pact"]
D_12_4 = ["Deuxième Bureau", "Clandestine Rearmament", "Pope Pius XI", "Edvard Benes",
          "League of Nations Intervention", "Winston Churchill", "Dawes Plan / Young Plan"]
R_13_3 = [
    *R_12_3, "Stavisky Affair", "Vyacheslav Molotov", "Enabling act", "Industrialist Enablers",
    "Night of the Long Knives", "Croix-de-feu", "Comintern", "Neville Chamberlain", "Il Duce",
    "Adolf Hitler", "Election of '33", "Self Determination", "Ten Year Rule Abandoned",
    "Rhineland Evacuation", "Manchuria Invasion", "Geneva Disarmament Conference",
    "Reichstag Fire", "Franco-German Reconciliation", "Andrej Hlinka",
    "Second Spanish Republic", "Mechanised Warfare Pioneers", "Edouard Daladier",
    "German Generals Object", "Ernst Thälmann", "Maginot Mentality"]
D_13_4 = [*D_12_4, "War Reparations/War Debts", "Clement Atlee", "Currency Stabilization",
          "American Expatriates", "Joseph Stalin", "France Scoring", "Italy Scoring",
          "Germany Scoring"]
# "placing reminder marker" in 12.3/13.3
REMINDERS = ["Aristide Briand", "Munich Beer Hall Putsch", "March on Rome", "Gustav Stresemann",
             "Mein Kampf", "Washington Naval Treaty", "Vyacheslav Molotov", "Enabling act",
             "Neville Chamberlain", "Il Duce", "Adolf Hitler", "Election of '33",
             "Rhineland Evacuation", "Franco-German Reconciliation", "Edouard Daladier"]
# 17.0 opening hands, "eight cards from the Roaring Twenties deck"
HAND_RW = ["France Scoring", "Admiral Horthy", "Kellogg-Briand Pact", "Miguel Primo de Rivera",
           "Washington Naval Treaty", "Aventine Secession", "Spirit of Locarno",
           "War Reparations/War Debt"]
HAND_LW = ["Friedrich Ebert", "March on Rome", "Tomas Masaryk", "Józef Piłsudski",
           "Wall Street Crash", "American Expatriates", "Winston Churchill", "Croix-de-Feu"]


@pytest.mark.parametrize("title,era,sides,ops,removed", NAMED, ids=[n[0] for n in NAMED])
def test_named_card(deck: Deck, title: str, era: str | None, sides: set[str] | None,
                    ops: int | None, removed: bool | None) -> None:
    card = deck.find(title)
    if era is not None:
        assert card.era == era
    if sides is not None:
        assert card.side in sides
    if ops is not None or card.scoring is not None:
        assert card.ops == ops
    if removed is not None:
        assert card.removed_after_event is removed
    assert card.facts and card.effect_source and card.history


def test_count_numbering_and_eras(deck: Deck) -> None:
    assert len(deck.cards) == CARD_COUNT == 110
    assert deck.numbers == tuple(range(1, 111))
    counts = {e: len(deck.era(e)) for e in ERAS}
    # 11.2.4: 44-57 Roaring Twenties cards put the first reshuffle in turn 4 (16 dealt at the
    # start, 14 a turn: 44 by turn 3, 58 by turn 4)
    assert counts == {RT: 47, GD: 29, AP: 34}
    # the era split of 11.2.4 moved seven reconstructed cards, keeping their numbers
    moved = (67, 68, 69, 70, 71, 73, 75)
    assert deck.era(RT) == tuple(range(1, 41)) + moved
    assert deck.era(GD) == tuple(n for n in range(41, 77) if n not in moved)
    assert deck.era(AP) == tuple(range(77, 111))
    assert all(deck.card(n).reconstructed for n in moved)
    sides = [c.side for c in deck.cards if c.scoring is None]
    assert abs(sides.count(LW) - sides.count(RW)) <= 3          # balanced deck
    assert all(1 <= (c.ops or 0) <= 4 for c in deck.cards if c.scoring is None)
    # 7.3.1 example: "When the Left Wing player plays a 1-OPs card"
    assert {c.ops for c in deck.cards if c.scoring is None} == {1, 2, 3, 4}


def test_scenario_lists_eras_and_asterisks(deck: Deck) -> None:
    hand = {deck.find(t).number for t in HAND_RW + HAND_LW}
    for t in R_12_3 + D_12_4:                      # still in the 1920-1931 deck
        assert deck.find(t).era == RT, t
    for t in R_12_3 + R_13_3:                      # "Remove ... from the game": Event had, *
        assert deck.find(t).removed_after_event, t
    for t in D_12_4 + D_13_4:                      # discarded: may be reshuffled, no *
        assert not deck.find(t).removed_after_event, t
    # Named only from 13.3/13.4 on: a Great Depression card, or a Roaring Twenties card
    # still in the 1932 draw deck (12.5), as the 17.0 opening hands show for Croix-de-Feu,
    # War Reparations and American Expatriates. Clement Attlee (leader from 1935) is GD.
    later = {deck.find(t).number for t in R_13_3 + D_13_4} - {
        deck.find(t).number for t in R_12_3 + D_12_4}
    for n in later:
        card = deck.card(n)
        if card.scoring is not None:
            assert card.era == RT                  # 11.2.1: France, Italy, Germany
        elif n in hand:
            assert card.era == RT, card.title
    assert deck.find("Clement Attlee").era == GD
    # 13.5 "Combine the remaining cards from the Roaring Twenties and Great Depression (not
    # mentioned above)": Roaring Twenties cards that no list names are in the 1936 deck ...
    named = {deck.find(t).number for t in R_13_3 + D_13_4}
    assert {deck.card(n).title for n in set(deck.era(RT)) - named} == {
        "Trade Imbalance", "Unemployment", "Hunger Marches", "Collective Security",
        "Iron Guard"}
    # ... and the 1932 deck holds those not yet played (12.5 Build Draw Deck).
    left_1932 = set(deck.era(RT)) - {deck.find(t).number for t in R_12_3 + D_12_4}
    assert {deck.card(n).title for n in left_1932} == {
        "Croix-de-Feu", "War Reparations/War Debts", "American Expatriates", "France Scoring",
        "Italy Scoring", "Germany Scoring", "Currency Stabilization", "Joseph Stalin",
        "Trade Imbalance", "Unemployment", "Hunger Marches", "Collective Security",
        "Iron Guard"}
    # "Combine the remaining cards from ... Great Depression" (13.5): some GD cards remain.
    assert set(deck.era(GD)) - named
    for t in HAND_RW + HAND_LW:
        assert deck.find(t).era == RT, t


def test_reminder_markers_are_ongoing(deck: Deck) -> None:
    for t in REMINDERS:
        assert deck.find(t).ongoing, t
    for c in deck.cards:
        if c.prerequisite_for:                     # 2.2.6 red titles are underlined
            assert c.ongoing


def test_prerequisites(deck: Deck) -> None:
    # 5.2 example: Il Duce needs March on Rome; 17.0: Aventine Secession follows it
    mor = deck.find("March on Rome")
    assert mor.number in deck.find("Il Duce").requires
    assert mor.number in deck.find("Aventine Secession").requires
    assert set(mor.prerequisite_for) >= {deck.find("Il Duce").number,
                                         deck.find("Aventine Secession").number}
    # neither the 17.0 plays nor the 2.3.2/8.3/9.3 examples depend on a prerequisite
    for t in ("Admiral Horthy", "Józef Piłsudski", "Kellogg-Briand Pact", "Wall Street Crash",
              "Reichstag Fire", "Washington Naval Treaty", "Trade Imbalance"):
        assert not deck.find(t).requires, t
    for c in deck.cards:
        for r in c.requires:
            assert ERAS.index(deck.card(r).era) <= ERAS.index(c.era)


def test_markers_consistent_with_scenarios(deck: Deck) -> None:
    """12.1 and 13.1 positions of the map and Tension markers follow from 12.3/13.3."""
    # Kellogg-Briand side in 1932 (KBP played), gone in 1936: Manchuria Invasion (13.3)
    kbp = deck.find("Kellogg-Briand Pact")
    assert kbp.number in deck.find("Manchuria Invasion").cancels
    # Weimar Republic side in 1932, blank in 1936: cancelled by Enabling act (13.3)
    assert deck.find("Weimar Republic").number in deck.find("Enabling act").cancels
    # League of Nations side in 1932 and 1936: its canceller is not played before 1936
    gal = deck.find("Germany Admitted to the League of Nations")
    for c in deck.cards:
        if gal.number in c.cancels:
            assert c.era == AP
    # Guarantees to Poland: not played by 1936 (13.1)
    assert deck.find("Guarantees to Poland").era == AP
    # Canonization of Joan of Arc makes French Catholics a Battleground (10.3 note, 17.0)
    assert "Battleground" in deck.find("Canonization of Joan of Arc").event
    # Election of '33 and Franco-German Reconciliation, removed with reminder in 13.3, can be
    # cancelled only by cards still in the 1936 deck
    removed = {deck.find(t).number for t in R_13_3}
    for t in ("Election of '33", "Franco-German Reconciliation"):
        n = deck.find(t).number
        for c in deck.cards:
            if n in c.cancels:
                assert c.number not in removed


def test_scoring_cards(deck: Deck) -> None:
    eras = {deck.scoring_card(r).era: [] for r in REGIONS}
    for r in REGIONS:
        eras[deck.scoring_card(r).era].append(r)
    assert sorted(eras[RT]) == ["France", "Germany", "Italy"]          # 11.2.1
    assert eras[GD] == ["United Kingdom"]
    assert sorted(eras[AP]) == ["Little Entente", "Spain"]
    for r in REGIONS:
        c = deck.scoring_card(r)
        assert c.scoring is not None and c.ops is None
        assert 0 < c.scoring.presence < c.scoring.domination < c.scoring.control
        assert c.removed_after_event is (r == "Spain")                   # 10.3 note
    assert deck.scoring_card("France").scoring.support_check_ops == 2   # 17.0 AR 1.1
    assert deck.scoring_card("Germany").scoring.support_check_ops == 3  # 7.4 example


def test_example_of_play_arithmetic(deck: Deck, chart: Rearmament) -> None:
    ops = {t: deck.find(t).ops for t in ("Józef Piłsudski", "Miguel Primo de Rivera",
                                         "Kellogg-Briand Pact", "March on Rome",
                                         "Admiral Horthy", "Spirit of Locarno",
                                         "Tomas Masaryk", "Aventine Secession",
                                         "Friedrich Ebert", "War Reparations/War Debts",
                                         "Winston Churchill", "Reichstag Fire")}
    assert ops["Józef Piłsudski"] == 2              # AR 1.1: both OPs in Russia (5*/1)
    assert 4 + 1 - 1 - 1 + 4 == 7 > 2 * 3           # AR 1.1: +4 from the Event, Poland 3
    assert "+4 modifier" in deck.find("Józef Piłsudski").event
    assert ops["Miguel Primo de Rivera"] == 1 + 2   # AR 1.2: Poland 1, Slovenia 2
    assert ops["Kellogg-Briand Pact"] == 1 + 1      # AR 1.3: Slovenia, East-Prussia
    assert ops["March on Rome"] == 2 + 2            # AR 1.3: Berlin 1*->3*, Lombardy 1->3
    assert 5 + ops["Admiral Horthy"] + 1 + 1 - 1 - 1 == 8   # AR 1.4
    assert ops["Tomas Masaryk"] == 2                # AR 1.5: 2 SP in Bavaria
    assert ops["Aventine Secession"] == 3           # AR 6: all 3 in Hamburg
    assert ops["Friedrich Ebert"] == 2              # AR 6: 2 SP in Norway
    assert ops["War Reparations/War Debts"] == 4    # AR 7: "+4 (OPs)"
    assert ops["Reichstag Fire"] == 2               # 8.3: 2 OPs, 1 under the penalty
    # AR 1.4: Winston Churchill for a French attempt: roll 3 +1 marker +2 OPs reaches MLC
    france = chart.track("france")
    assert france.boxes[1].name == "Maginot Line Conception"
    assert 3 + 1 + ops["Winston Churchill"] >= (france.boxes[1].needed or 99)
    assert deck.find("Winston Churchill").side != LW    # no alignment bonus for LW
    # AR 1.5: Spirit of Locarno (not RW, 4 OPs), LE marker on its LW side: 4 -> 8
    le = chart.track("little_entente")
    assert le.start_side == LW and deck.find("Spirit of Locarno").side != RW
    assert le.boxes[1].name == "Foreign Plane Import"
    assert 4 + ops["Spirit of Locarno"] == 8 >= (le.boxes[1].needed or 99)
    # ... and a 2-OPs LW attempt there is "less certain" than the French one (AR 1.4)
    assert (le.boxes[1].needed or 0) > (france.boxes[1].needed or 0)
    # 6.3.3: Douhetian Theory needs 5: a roll of 1 with 3 OPs fails, 2 succeeds
    italy = chart.track("italy")
    dt = italy.boxes[1]
    assert dt.name == "Douhetian Theory" and dt.needed == 5
    assert 1 + 3 < dt.needed <= 2 + 3
    assert [e.tension for e in dt.effects if e.tension] == [1]


def test_example_of_play_box_effects(chart: Rearmament) -> None:
    mlc = chart.track("france").boxes[1]
    assert [(e.place_sp.space, e.place_sp.n) for e in mlc.effects if e.place_sp] == [
        ("Alsace-Lorraine", 2)]                     # 17.0 AR 1.4: 2 SP in Alsace-Lorraine
    fpi = chart.track("little_entente").boxes[1]
    place = [e.place_sp for e in fpi.effects if e.place_sp]
    # 17.0 AR 1.5: 1 SP in Hamburg, the space with the RW player's Extremist
    assert len(place) == 1 and place[0].n == 1 and place[0].in_space_with_friendly_extremist
    emf = chart.track("uk").boxes[1]                 # 6.3.5 example; 17.0 AR 1.5
    assert emf.name == "Experimental Mechanised Force"
    assert any(e.free_attempt for e in emf.effects)
    # 17.0 AR 1.4: the first German and Italian boxes are pro-RW (Tension +1)
    for tid in ("germany", "italy"):
        assert any((e.tension or 0) > 0 for e in chart.track(tid).boxes[1].effects)


# -- rearmament ------------------------------------------------------------------------------

POSITIONS_1932 = {"germany": "Lipetsk Airbase", "france": "Maginot Line Conception",
                  "uk": "Experimental Mechanised Force", "ussr": "Polikarpov I-16",
                  "italy": "Binary Divisions", "spain": "Espana Class Dreadnoughts",
                  "little_entente": None}                                # 12.2
POSITIONS_1936 = {"germany": "Luftwaffe Unveiled", "france": "Maginot Line Completion",
                  "uk": "Imperial Obligations", "ussr": "Theory of Deep Operation",
                  "italy": "Binary Divisions", "spain": "Special Emergency Intervention",
                  "little_entente": "Foreign Plane Import"}              # 13.2


def test_tracks_and_named_boxes(chart: Rearmament) -> None:
    assert tuple(t.id for t in chart.tracks) == TRACK_IDS
    # 3.1: UK, France, USSR and Little Entente LW side up; Germany, Italy, Spain RW
    assert {t.id: t.start_side for t in chart.tracks} == {
        "spain": RW, "italy": RW, "uk": LW, "france": LW, "germany": RW,
        "little_entente": LW, "ussr": LW}
    lengths = {len(t.boxes) for t in chart.tracks}
    assert len(lengths) > 1                          # 6.3.1: different lengths
    for t in chart.tracks:
        assert t.boxes[0].needed is None and t.boxes[0].kind is None
        assert all(b.needed and b.kind for b in t.boxes[1:])
    for tid in TRACK_IDS:
        a = chart.box_index(tid, POSITIONS_1932[tid])
        b = chart.box_index(tid, POSITIONS_1936[tid])
        assert a <= b, tid                           # 1932 no further right than 1936
        assert b < len(chart.track(tid).boxes) - 1   # neither is the closed rightmost box
    assert chart.box_index("little_entente", "Foreign Plane Import") == 1
    assert chart.box_index("italy", "Douhetian Theory") == 1
    # 3.1, 11.2.2: reminder markers on the Spanish, German and Italian tracks
    assert chart.markers() == {
        "Special Emergency Intervention": ("spain", chart.box_index(
            "spain", "Special Emergency Intervention")),
        "Dive Bomber Doctrine": ("germany", chart.box_index("germany", "Dive Bomber Doctrine")),
        "Rapid Army Expansion": ("italy", chart.box_index("italy", "Rapid Army Expansion")),
        "Naval Buildup": ("italy", chart.box_index("italy", "Naval Buildup"))}
    # Rapid Army Expansion and Naval Buildup not yet reached in 1936 (13.2: Binary Divisions)
    assert chart.box_index("italy", "Rapid Army Expansion") > chart.box_index(
        "italy", "Binary Divisions")
    # 3.1, 11.2.2, 12.2, 13.2: the Ten Year Rule marker, +0 then +2
    (tyr,) = chart.track("uk").markers
    assert (tyr.name, tyr.start_value, tyr.flipped_value) == ("Ten Year Rule", 0, 2)
    assert tyr.flipped_by == "Ten Year Rule Abandoned"
    # 6.3.9: Red Army Purges retreats two boxes from the 1936 position to the 1932 one
    assert chart.box_index("ussr", "Theory of Deep Operation") - 2 == chart.box_index(
        "ussr", "Polikarpov I-16")


def test_box_spaces_of_11_2_5(chart: Rearmament) -> None:
    placed, controlled = set(), set()
    for t in chart.tracks:
        for b in t.boxes:
            for e in b.effects:
                if e.place_sp and e.place_sp.space:
                    placed.add(e.place_sp.space)
                if e.power and e.power.requires_control:
                    controlled.add(e.power.requires_control)
                for part in (e.power, e.support_check):
                    if part is not None and part.bonus is not None:
                        controlled.add(part.bonus.if_controls)
    assert placed == {"Alsace-Lorraine", "Spanish Morocco", "Empire & Commonwealth"}
    assert controlled == {"Lombardy", "Rome", "Berlin", "USSR"}


def test_scenario_sp_follow_from_boxes(chart: Rearmament) -> None:
    """Alsace-Lorraine and Spanish Morocco hold no SP at start (3.2, 3.3); the 12.5/13.6
    tables show what the boxes reached by then placed."""

    def placed(tid: str, space: str, upto: str | None, after: str | None = None) -> int:
        lo = chart.box_index(tid, after) + 1 if after else 1
        hi = chart.box_index(tid, upto)
        return sum(e.place_sp.n for b in chart.track(tid).boxes[lo:hi + 1]
                   for e in b.effects if e.place_sp and e.place_sp.space == space)

    assert placed("france", "Alsace-Lorraine", POSITIONS_1932["france"]) == 2       # 12.5: 2
    assert placed("france", "Alsace-Lorraine", POSITIONS_1936["france"]) == 6       # 13.6: 6*
    assert placed("spain", "Spanish Morocco", POSITIONS_1932["spain"]) == 2         # 12.5: 2
    assert placed("spain", "Spanish Morocco", POSITIONS_1936["spain"]) == 2         # 13.6: 2


def test_event_sp_spaces_of_11_2_5(deck: Deck) -> None:
    lw_list = {"Berlin", "Switzerland", "Sudetenland", "Bohemia", "Slovakia", "Moravia",
               "Rhineland", "Paris", "London", "Parliament", "Madrid", "Valencia", "Catalonia",
               "Finland", "Baltic States", "Bessarabia", "Poland"}
    rw_list = {"Switzerland", "Rome", "Empire & Commonwealth", "Rhineland", "Slovakia",
               "Hungary", "Poland", "Danzig-Polish Corridor", "Sudetenland", "Bavaria"}
    lw, rw = set(), set()
    for c in deck.cards:
        for p in c.places_sp:
            if p.side in (LW, "any"):
                lw.add(p.space)
            if p.side in (RW, "any"):
                rw.add(p.space)
        assert set(c.spaces) <= SPACES
    assert lw == lw_list
    assert rw == rw_list
    # 3.5: Ruhr Occupation places 5 LW SP in the Rhineland
    assert "Place 5 LW SP in Rhineland" in deck.find("Ruhr Occupation").event


def test_event_control_conditions_of_11_2_5(deck: Deck) -> None:
    """11.2.5: "The following spaces should be controlled for certain Strategy cards to
    become better: LW: Switzerland, Bohemia, Slovakia, USSR; RW: Berlin, French Catholics,
    Bavaria, Poland; Both: Vatican". Every Event text that turns on a side's control of a
    space names one of them, and every one is named (Danzig Crisis once asked for
    East-Prussia)."""
    lists = {"LW": {"Switzerland", "Bohemia", "Slovakia", "USSR", "Vatican"},
             "RW": {"Berlin", "French Catholics", "Bavaria", "Poland", "Vatican"}}
    found: dict[str, set[str]] = {"LW": set(), "RW": set()}
    pattern = re.compile(r"\b(LW|RW|they) controls? (?:the )?([A-Z][\w&\- ]*?)"
                         r"(?=[,.);]| and | or |$)")
    for c in deck.cards:
        for who, name in pattern.findall(" ".join(c.event.split())):
            sides = [c.side] if who != "they" else ["LW", "RW"]
            for side in sides:
                assert name in lists[side], (c.number, c.title, name)
                found[side].add(name)
    assert found == lists


def test_named_events(deck: Deck) -> None:
    ev = {t: deck.find(t).event for t in (
        "March on Rome", "Wall Street Crash", "Admiral Horthy", "Reichstag Fire",
        "Washington Naval Treaty", "Kellogg-Briand Pact", "Red Army Purges",
        "Mechanised Warfare Pioneers", "Maginot Mentality", "Ten Year Rule Abandoned",
        "Trade Imbalance", "Dawes Plan / Young Plan", "Mein Kampf", "German Generals Object")}
    assert "RW Moderation -1" in ev["March on Rome"]
    assert "Libya" in ev["March on Rome"] and "South Tyrol" in ev["March on Rome"]
    assert "from Blackshirts to Rome" in ev["March on Rome"]
    assert "each of the six Scoring Regions" in ev["Wall Street Crash"]
    assert "1 RW SP and 1 RW Extremist in Hungary" in ev["Admiral Horthy"]
    assert "RW gains 2 Power" in ev["Reichstag Fire"]
    assert "Reduce Tension by 1" in ev["Washington Naval Treaty"]
    assert "Navy box" in ev["Washington Naval Treaty"] and "turn 7" in ev["Washington Naval Treaty"]
    assert "Kellogg-Briand side" in ev["Kellogg-Briand Pact"]
    assert "two boxes" in ev["Red Army Purges"] and "USSR" in ev["Red Army Purges"]
    assert "without playing a card" in ev["Mechanised Warfare Pioneers"]
    assert "two consecutive Action Rounds" in ev["Maginot Mentality"]
    assert "French track" in ev["Maginot Mentality"]
    assert "+2 side" in ev["Ten Year Rule Abandoned"]
    assert "Domination" in ev["Trade Imbalance"]
    assert "+1 OPs" in ev["Dawes Plan / Young Plan"]
    assert "up to 3 RW Extremists" in ev["Mein Kampf"]
    assert "Operations rounds" in ev["German Generals Object"]
    assert deck.find("Dawes Plan / Young Plan").lasts == "turn"
    assert deck.find("Washington Naval Treaty").lasts == "until_turn_7"


def test_aliases(deck: Deck) -> None:
    for a, t in [("Jozef Pilsudski", "Józef Piłsudski"),
                 ("Dawes/Young Plan", "Dawes Plan / Young Plan"),
                 ("War Reparations/War Debt", "War Reparations/War Debts"),
                 ("Clement Atlee", "Clement Attlee"), ("Croix-de-feu", "Croix-de-Feu"),
                 ("Enabling act", "Enabling Act"),
                 ("Germany Admitted to League of Nations",
                  "Germany Admitted to the League of Nations")]:
        assert deck.find(a).title == t
    with pytest.raises(KeyError, match="did you mean"):
        deck.find("Admiral Horty")


def test_spaces_match_the_map() -> None:
    path = BUNDLED / "map.yaml"
    if not path.exists():
        pytest.skip("no map.yaml yet")
    spaces = yaml.safe_load(path.read_text(encoding="utf-8"))["spaces"]
    assert {s["name"] for s in spaces} == SPACES
    for s in spaces:
        assert s["name"] in SPACES_BY_REGION[s["region"]]


def test_scenarios_file_titles_resolve(deck: Deck, chart: Rearmament) -> None:
    """Scenario card lists name printed card numbers (or titles)."""
    path = BUNDLED / "scenarios.yaml"
    if not path.exists():
        pytest.skip("no scenarios.yaml yet")
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    for sc in data.values():
        for t in sc.get("removed", []) + sc.get("discarded", []) + sc.get("reminders", []):
            assert (t in deck.numbers) if isinstance(t, int) else deck.has(t), t
        for tid, (box, _side) in sc.get("rearmament", {}).items():
            chart.box_index(tid, box)


def test_load_content_links(deck: Deck) -> None:
    d, c = load_content()
    assert len(d.cards) == len(deck.cards) and len(c.tracks) == 7


# -- broken copies -----------------------------------------------------------------------------

def _broken(tmp_path: Path, name: str, edit: Callable[[Any], None]) -> ContentError:
    data = yaml.safe_load((BUNDLED / name).read_text(encoding="utf-8"))
    edit(data)
    folder = tmp_path / "pack"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True),
                               encoding="utf-8")
    pack = ContentPack(BUNDLED, folder)
    with pytest.raises(ContentError) as info:
        load_content(pack)
    err = info.value
    assert err.file == str(folder / name)
    return err


def _card(i: int, key: str, value: Any) -> Callable[[Any], None]:
    def edit(d: Any) -> None:
        d["cards"][i][key] = value
    return edit


@pytest.mark.parametrize("edit,entry,field,words", [
    (_card(5, "number", 5), "cards[5] (Miguel Primo de Rivera)", "number", "expected number 6"),
    (_card(3, "era", "Belle Epoque"), "cards[3] (Admiral Horthy)", "era", ""),
    (_card(3, "side", "Centre"), "cards[3] (Admiral Horthy)", "side", ""),
    (_card(3, "ops", 5), "cards[3] (Admiral Horthy)", "ops", ""),
    (_card(3, "sidee", "RW"), "cards[3] (Admiral Horthy)", "sidee", "did you mean 'side'"),
    (_card(4, "title", "Admiral Horthy"), "cards[4] (Admiral Horthy)", "title", "card 4"),
    (_card(3, "requires", [999]), "cards[3] (Admiral Horthy)", "requires", "999"),
    (_card(3, "requires", [10]), "cards[3] (Admiral Horthy)", "requires", "prerequisite_for"),
    (_card(3, "spaces", ["Hungry"]), "cards[3] (Admiral Horthy)", "spaces[0]", "Hungary"),
    (lambda d: [c.update(era="Roaring Twenties") for c in d["cards"]
                if c["era"] == "Appeasement"], "cards", "era", "no card of the Appeasement"),
    (_card(3, "cancels", [5]), "cards[3] (Admiral Horthy)", "cancels", "no ongoing"),
    (_card(0, "ops", 3), "cards[0] (Germany Scoring)", "ops", "no OPs"),
    (lambda d: d["cards"][0]["scoring"].update(domination=2), "cards[0] (Germany Scoring)",
     "scoring", "Presence < Domination < Control"),
    (lambda d: d["cards"][1]["scoring"].update(region="Germany"), "cards[1] (France Scoring)",
     "scoring.region", "already has"),
    (lambda d: d["cards"].pop(), "cards", None, "110"),
])
def test_broken_cards(tmp_path: Path, edit: Callable[[Any], None], entry: str,
                      field: str | None, words: str) -> None:
    err = _broken(tmp_path, "cards.yaml", edit)
    # schema errors name the entry by index (core names list items by name/id, cards have a
    # title); the cross-checks add the title
    assert err.entry is not None and entry.startswith(err.entry), str(err)
    assert err.field == field, str(err)
    assert words in str(err)


def _track(i: int) -> Callable[[Any], Any]:
    return lambda d: d["tracks"][i]


@pytest.mark.parametrize("edit,entry,field,words", [
    (lambda d: d["tracks"].pop(), "tracks", None, "ussr"),
    (lambda d: d["tracks"][0].update(id="portugal"), "tracks[0] (Spain)", "id", "unknown"),
    (lambda d: d["tracks"].reverse(), "tracks", "id", "order of 6.3.1"),
    (lambda d: d["tracks"][3]["boxes"][1].update(needed=None),
     "tracks[3] (France).boxes[1] (Maginot Line Conception)", "needed", "6.3.3"),
    (lambda d: d["tracks"][3]["boxes"][1].update(kind="cavalry"),
     "tracks[3] (France).boxes[1] (Maginot Line Conception)", "kind", ""),
    (lambda d: d["tracks"][3]["boxes"][1]["effects"][0].update(tension=1),
     "tracks[3] (France).boxes[1] (Maginot Line Conception).effects[0]", None,
     "exactly one key"),
    (lambda d: d["tracks"][3]["boxes"][1]["effects"][0]["place_sp"].update(
        space="Alsace-Loraine"),
     "tracks[3] (France).boxes[1] (Maginot Line Conception)", "effects[0]", "Alsace-Lorraine"),
    (lambda d: d["tracks"][2]["markers"][0].update(flipped_by="Ten Year Rule"),
     "tracks[2] (United Kingdom).markers[0] (Ten Year Rule)", "flipped_by", "no card"),
])
def test_broken_rearmament(tmp_path: Path, edit: Callable[[Any], None], entry: str,
                           field: str | None, words: str) -> None:
    err = _broken(tmp_path, "rearmament.yaml", edit)
    assert err.entry == entry, str(err)
    assert err.field == field, str(err)
    assert words in str(err)


# -- Events by printed card number ---------------------------------------------------------

def test_a_pack_that_corrects_a_card_title_keeps_its_event(tmp_path: Path) -> None:
    """Events, steps and every per-card table are keyed by the printed number: a content
    pack that corrects a card's title (here card 4 and card 15) plays the same Events."""
    from warroom.core import apply, legal_actions, new_game
    from warroom.core.flow import run
    from warroom.core.log import render
    from warroom.games.eit2.frames import action_round_frame
    from warroom.games.eit2.game import EuropeInTurmoil2

    text = (BUNDLED / "cards.yaml").read_text(encoding="utf-8")
    text = text.replace("title: Admiral Horthy\n", "title: Admiral Miklos Horthy de Nagybanya\n")
    text = text.replace("title: Wall Street Crash\n", "title: The Wall Street Crash of 1929\n")
    (tmp_path / "cards.yaml").write_text(text, encoding="utf-8")
    game = EuropeInTurmoil2(content=tmp_path)
    c = game.c
    assert c.cards[4].title == "Admiral Miklos Horthy de Nagybanya"
    for n, dice in ((4, [5]), (15, [])):
        st = new_game(game, "great_depression", 7)
        d = st.data
        for pile in (d["deck"], d["discard"], d["out_of_game"], d["ongoing"], *d["hands"]):
            if n in pile:
                pile.remove(n)
        d["hands"][1 if n == 4 else 0].append(n)
        d["events_played"] = [k for k in d["events_played"] if k != n]
        side = 1 if n == 4 else 0
        d["phasing"] = side
        d["round_done"] = [d["ar"] - 1, d["ar"]] if side == 1 else [d["ar"], d["ar"]]
        d["stack"] = [{"kind": "turn", "role": None}, action_round_frame(side)]
        d["forced"] = dice
        run(st)
        st.invalidate()
        start = len(d["log"])
        apply(st, f"event:{n}")
        lines = [render(e) for e in d["log"][start:]]
        assert any(line.startswith(f"Event {c.cards[n].title} (") for line in lines), lines
        if n == 4:                         # 1 RW SP, a RW Extremist and a check in Hungary
            hungary = c.index["Hungary"]
            assert d["sp"][1][hungary] >= 1 and d["ext"][1][hungary] == 1
            assert any(e.get("space") == "hungary" and "die" in e for e in d["log"][start:])
            assert 4 in d["out_of_game"]
        else:                              # the first removal is asked, in France
            assert st.active == "lw" and d["stack"][-1]["card"] == 15
            assert "France" in d["stack"][-1]["prompt"]
            assert {a.kind for a in legal_actions(st)} == {"space"}


def test_a_card_without_an_event_is_a_content_error() -> None:
    """At content load every card that is not a Scoring card needs an Event: the error
    names the card (file and entry)."""
    from warroom.core.errors import ContentError
    from warroom.games.eit2.components import load_components
    from warroom.games.eit2.events.registry import CODE, check_events

    c = load_components()
    check_events(c)                        # the bundled content: every Event is there
    without = {n: code for n, code in CODE.items() if n != 21}
    with pytest.raises(ContentError) as err:
        check_events(c, without)
    assert err.value.entry == "card 21 (Munich Beer Hall Putsch)"
    assert err.value.file is not None and err.value.file.endswith("cards.yaml")
    assert "card 21" in str(err.value)


def test_every_reconstructed_value_is_marked() -> None:
    """DESIGN: every reconstructed entry is marked, so the printed value can replace it.
    Three cards whose Event the rulebook fixes carry an OPs value it does not state; their
    facts said so, but nothing a player or a tool reads did (a review)."""
    from warroom.games import load_game

    path = Path(__file__).resolve().parents[1] / "src/warroom/games/eit2/content/cards.yaml"
    cards = yaml.safe_load(path.read_text(encoding="utf-8"))["cards"]
    game = load_game("eit2")
    unstated = [c for c in cards if any("OPs not stated" in f for f in c.get("facts", []))]
    assert len(unstated) >= 3
    for c in unstated:
        assert c["reconstructed"] or "ops" in c.get("reconstructed_fields", []), c["title"]
        if not c["reconstructed"]:
            seen = game.card(c["number"])     # type: ignore[attr-defined]
            assert "OPs value reconstructed" in seen["reconstructed_mark"], c["title"]


def test_a_pack_that_rewords_an_event_is_told_it_plays_warrooms_own(tmp_path: Path) -> None:
    """An Event is code: a pack's other words for it were shown in the hand and quoted by
    "why" while the game played warroom's (a terminal audit: "+4" quoted, +2 played).
    Such a card says so wherever its words are shown; a card whose words are warroom's
    (layout aside) says nothing."""
    from warroom.cli.render_eit2 import card_lines
    from warroom.games import load_game
    from warroom.games.eit2.cards import REWRITTEN
    from warroom.games.eit2.frames import _event_text
    src = Path(__file__).parent.parent / "src" / "warroom" / "games" / "eit2" / "content"
    raw = yaml.safe_load((src / "cards.yaml").read_text(encoding="utf-8"))
    for card in raw["cards"]:
        if card["number"] == 21:
            card["event"] = card["event"].replace("+2 modifier", "+4 modifier")
        elif card["number"] == 22:
            card["event"] = "  " + card["event"].replace(" ", "\n ", 3)   # layout only
    (tmp_path / "cards.yaml").write_text(yaml.safe_dump(raw, sort_keys=False),
                                         encoding="utf-8")
    game = load_game("eit2", tmp_path)
    assert game.c.cards[21].text_rewritten and not game.c.cards[22].text_rewritten
    assert game.card(21)["mark"] == REWRITTEN and "mark" not in game.card(22)
    assert not load_game("eit2").c.cards[21].text_rewritten
    assert "words rewritten by this pack" in " ".join(card_lines(game.card(21)))
    # what "why" quotes of a card play's Event (its reason names the card's text)
    said = _event_text(game.c, 21)
    assert "+4 modifier" in said and REWRITTEN in said, said
    assert REWRITTEN not in _event_text(game.c, 22)
