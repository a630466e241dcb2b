"""Events of the appeasement era (card texts in content/cards.yaml), cards 77-110.

Conventions (cards.yaml header): "a Support Check in X with a +N modifier" uses N in place
of the card's OPs value (6.2.5; the usual control and Extremist modifiers apply) and is made
even without opposing markers in a space the Event names (6.2.4 exception); "Reduce Tension
by N" gives the Event's side 1 Power per step that cannot be executed at 0 (9.3); the side
implementing an Event moves the Tension marker and makes any war roll (9.4). An Event's
free Rearmament attempt takes a card played from the hand for its OPs (6.3.5: "Unless
specified otherwise (i.e. Mechanised Warfare Pioneers), free rearmament attempts still
require a card"; :func:`lib.free_attempt`). Scoring cards (77, 78) have no Event function:
the engine scores them.
"""

from __future__ import annotations

from typing import Any

from warroom.core.log import log
from warroom.games.eit2 import operations as op
from warroom.games.eit2.board import LW, RW, SIDE, Data, other
from warroom.games.eit2.components import Components
from warroom.games.eit2.events import lib as L
from warroom.games.eit2.events.lib import CardCode

Frame = dict[str, Any]


# -- small shared phrases ---------------------------------------------------------------

def _extremist_if_none(c: Components, data: Data, side: int, name: str, card: int) -> None:
    title = c.cards[card].title
    if data["ext"][side][L.sid(c, name)]:
        log(data, "7.1", f"{title}: {SIDE[side]} already has an Extremist in {name}")
        return
    L.extremist(c, data, side, name)


def _spaces_in_spain(c: Components) -> list[int]:
    return L.spaces_in(c, "Spain")


# -- 79-87 ------------------------------------------------------------------------------

def red_army_purges(c: Components, data: Data, side: int) -> None:
    """Card 79, Red Army Purges (RW, 3 OPs, *): retreat the USSR Rearmament Progress marker
    two boxes (6.3.9: as far as possible, no box effects; not flipped, 6.3.10). LW
    Moderation -1 (8.2)."""
    L.retreat_track(c, data, "ussr", 2)
    L.moderation(c, data, LW, -1)


def guarantees_to_poland(c: Components, data: Data, side: int) -> None:
    """Card 80, Guarantees to Poland (LW, 2 OPs, *, ongoing for the game): 2 LW SP in
    Poland; the Poland marker flips to its Guarantees side: Poland is adjacent to the France
    and United Kingdom Scoring Regions for 10.1.4 (flag ``guarantees_poland``, read by
    scoring). Tension +1 (9.1)."""
    L.place(c, data, side, "Poland", 2)
    L.flag(data, "guarantees_poland")
    log(data, "10.1.4", "Guarantees to Poland: the Poland marker flips to its Guarantees to "
        "Poland side; Poland is now adjacent to the France and United Kingdom Scoring Regions")
    L.tension(c, data, +1, side)


def rhineland_remilitarization(c: Components, data: Data, side: int) -> None:
    """Card 81, Rhineland Remilitarization (RW, 3 OPs, *; requires Rhineland Evacuation):
    3 RW SP in the Rhineland (the Rhineland Demilitarized marker goes, 3.5); cancels Franco-
    German Reconciliation (7.2; if not yet played it can no longer be played, 7.5).
    Tension +1 (9.1)."""
    L.place(c, data, side, "Rhineland", 3)
    L.cancel_event(c, data, 58)  # Franco-German Reconciliation
    L.tension(c, data, +1, side)


def anschluss(c: Components, data: Data, side: int) -> None:
    """Card 82, Anschluss (RW, 3 OPs, *; requires Adolf Hitler): a Support Check in Austria
    with a +4 modifier (6.2.4 exception, 6.2.5). Tension +1 (9.1)."""
    depth = len(data["stack"])
    L.named_check(c, data, side, 82, "Austria", 4)
    # a check's Extremist may wait on a relocation (2.3.2): the rest of the text after it
    if not L.waits(data, depth, 82, "tension", side=side):
        _anschluss_tension(c, data, {"side": side}, None)


def _anschluss_tension(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    L.tension(c, data, +1, frame["side"])


def munich_agreement(c: Components, data: Data, side: int) -> None:
    """Card 83, Munich Agreement (RW, 3 OPs, *; requires Neville Chamberlain and Edouard
    Daladier): all LW SP leave the Sudetenland, 3 RW SP are placed there. LW Moderation -1
    (8.2). Tension -1 (9.3: at 0, RW gains 1 Power instead)."""
    s = L.sid(c, "Sudetenland")
    L.remove_named(c, data, LW, "Sudetenland", data["sp"][LW][s])
    L.place(c, data, RW, "Sudetenland", 3)
    L.moderation(c, data, LW, -1)
    L.reduce_tension(c, data, side, 1)


def pact_of_steel(c: Components, data: Data, side: int) -> None:
    """Card 84, Pact of Steel (RW, 2 OPs, *; requires Il Duce and Adolf Hitler): Tension +1
    (9.1); the Italian marker advances one box (6.3.10 not flipped; the box's effects apply
    to the side it shows, 6.3.4; a complete track gives Tension +1 instead, 6.3.8); RW gains
    1 Power (10.2)."""
    L.tension(c, data, +1, side)
    L.advance_track(c, data, side, "italy", 1)
    L.power(c, data, RW, 1)


def condor_legion(c: Components, data: Data, side: int) -> None:
    """Card 85, Condor Legion (RW, 3 OPs, *): a free Rearmament attempt on the German track
    (6.3.5: the RW player plays a card from their hand for its OPs, or passes; only
    Mechanised Warfare Pioneers' attempt needs none), +1 if the next German box is an Air
    box (6.3.11); then a Support Check with a +2 modifier in one space of Spain holding LW
    SP or Extremists (the RW player chooses; none: no check). The spaces are found, and the
    space chosen, after the attempt and its box's effects, as the text orders them ("Then";
    a review found the 'no Support Check' line logged before the attempt)."""
    t = L.track(c, "germany")
    nxt = data["rearm"][t] + 1
    air = op.track_open(c, data, t) and c.boxes[t][nxt].kind == "air"
    depth = len(data["stack"])
    L.free_attempt(c, data, side, 85, ["germany"],
                   (1, f"Condor Legion: {c.boxes[t][nxt].name} is an Air box") if air
                   else None)
    if not L.waits(data, depth, 85, "spain", side=side):
        _condor_spain(c, data, side)


def _condor_spain(c: Components, data: Data, side: int) -> None:
    """Condor Legion's Support Check in Spain, after its free attempt."""
    targets = [s for s in _spaces_in_spain(c)
               if data["sp"][other(side)][s] or data["ext"][other(side)][s]]
    if targets:
        L.choose(c, data, side, 85, "check", targets,
                 rule="6.2.5",
                 prompt="Condor Legion: choose the space in Spain (with LW SP or Extremists) "
                        "of a Support Check with +2")
    else:
        log(data, "6.2.4", "Condor Legion: no space in Spain holds LW SP or Extremists: no "
            "Support Check")


def _condor_then(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    _condor_spain(c, data, frame["side"])


def _condor_check(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    # the space is chosen among those holding LW markers: an ordinary check (6.2.1), not
    # 6.2.4's exception for a space an Event names (an eit2 card audit: it was logged so)
    if choice is not None:
        log(data, "7.1", f"Condor Legion: RW makes a Support Check in {c.names[choice]} "
            "with a +2 modifier")
        L.check(c, data, frame["side"], c.names[choice], 2)


def francisco_franco(c: Components, data: Data, side: int) -> None:
    """Card 86, Francisco Franco (RW, 4 OPs, *): a RW Extremist in Spanish Morocco (if
    none there); Support Checks in Spanish Morocco (+3) then Andalusia (+2) (6.2.4
    exception)."""
    depth = len(data["stack"])
    _extremist_if_none(c, data, side, "Spanish Morocco", 86)
    if not L.waits(data, depth, 86, "checks", side=side):
        _franco_checks(c, data, {"side": side}, None)


def _franco_checks(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    depth = len(data["stack"])
    L.named_check(c, data, frame["side"], 86, "Spanish Morocco", 3)
    # a check's Extremist may wait on a relocation (2.3.2): the rest of the text after it
    if not L.waits(data, depth, 86, "andalusia", side=frame["side"]):
        _franco_andalusia(c, data, frame, None)


def _franco_andalusia(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    L.named_check(c, data, frame["side"], 86, "Andalusia", 2)


def italy_leaves_league(c: Components, data: Data, side: int) -> None:
    """Card 87, Italy Leaves the League of Nations (RW, 2 OPs, *): cancels Germany Admitted
    to the League of Nations (7.2; the Switzerland marker flips to its blank side, flag
    ``league_of_nations`` off; if not yet played, its Event can no longer occur, 7.5);
    2 RW SP in Switzerland; Tension +1 (9.1)."""
    was = bool(data["flags"].get("league_of_nations"))
    L.cancel_event(c, data, 23)   # Germany Admitted to the League of Nations (and its marker)
    if was:
        # said as card 23 said its flip (the marker went unsaid: an events audit)
        log(data, "10.1.4", "The Switzerland marker flips to its blank side: Switzerland is "
            "no longer adjacent to the United Kingdom Scoring Region")
    L.place(c, data, side, "Switzerland", 2)
    L.tension(c, data, +1, side)


# -- 88-94 ------------------------------------------------------------------------------

def _kristallnacht_options(c: Components, data: Data, side: int, used: list[int]) -> list[int]:
    return [s for s in L.spaces_in(c, "Germany") if not data["ext"][side][s]
            and s not in used]


def kristallnacht(c: Components, data: Data, side: int) -> None:
    """Card 88, Kristallnacht (RW, 1 OP, *): a RW Extremist in each of up to three
    different spaces of Germany with no RW Extremist (the RW player chooses one at a time,
    and may stop); then RW Moderation -2 (8.2)."""
    _kristallnacht_next(c, data, side, [])


def _kristallnacht_next(c: Components, data: Data, side: int, used: list[int],
                       placed: int = 0) -> None:
    options = _kristallnacht_options(c, data, side, used)
    if len(used) < 3 and options:
        L.choose(c, data, side, 88, "place", options, optional=True,
                 prompt=f"Kristallnacht: place a RW Extremist in a space in Germany without "
                        f"one ({3 - len(used)} of 3 left), or pass to stop", used=used,
                 placed=placed)
        return
    L.moderation(c, data, RW, -2)


def _placed(data: Data, side: int, frame: Frame) -> int:
    """The Extremists Kristallnacht placed so far (a frame saved before the count was kept:
    the chosen spaces that hold one)."""
    if "placed" in frame:
        return int(frame["placed"])
    return sum(1 for s in frame["used"] if data["ext"][side][s])


def _kristallnacht_place(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    side = frame["side"]
    used = list(frame["used"])
    placed = _placed(data, side, frame)
    if choice is None:
        # the Extremists placed, not the spaces chosen: a space whose relocation (2.3.2)
        # was declined got none (it was counted: an events audit), though it stays one of
        # the three choices (offered again, a bot declining each time would choose it for
        # ever)
        log(data, "7.1", f"Kristallnacht: no more Extremists ({placed} placed)")
        L.moderation(c, data, RW, -2)
        return
    depth = len(data["stack"])
    L.extremist(c, data, side, c.names[choice])
    # 2.3.2: a relocation it needs is made before the next question
    if not L.waits(data, depth, 88, "next", side=side, used=[*used, choice], placed=placed,
                   last=choice):
        _kristallnacht_next(c, data, side, [*used, choice], placed + 1)


def _kristallnacht_then(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    side = frame["side"]
    placed = _placed(data, side, frame)
    if "placed" in frame and data["ext"][side][frame["last"]]:
        placed += 1                 # the relocation brought one (declined: none)
    _kristallnacht_next(c, data, side, list(frame["used"]), placed)


def konrad_henlein(c: Components, data: Data, side: int) -> None:
    """Card 89, Konrad Henlein (RW, 2 OPs, *): 2 RW SP and 1 RW Extremist (if none there)
    in the Sudetenland."""
    L.place(c, data, side, "Sudetenland", 2)
    _extremist_if_none(c, data, side, "Sudetenland", 89)


def anti_comintern_pact(c: Components, data: Data, side: int) -> None:
    """Card 90, Anti-Comintern Pact (RW, 2 OPs, *): remove 1 LW Extremist from each of up
    to two different spaces (the RW player chooses, and may stop); Tension +1 (9.1); if RW
    controls Berlin, RW gains 1 Power (10.2)."""
    _anti_comintern_next(c, data, side, [])


def _anti_comintern_next(c: Components, data: Data, side: int, used: list[int]) -> None:
    o = other(side)
    options = [s for s in range(len(c.names)) if data["ext"][o][s] and s not in used]
    if len(used) < 2 and options:
        L.choose(c, data, side, 90, "remove", options, optional=True,
                 prompt=f"Anti-Comintern Pact: remove a LW Extremist ({2 - len(used)} of 2 "
                        "left, each from a different space), or pass to stop", used=used)
        return
    if not used:
        # the clause said, as Kristallnacht says its stop (it went unsaid: an events audit)
        log(data, "7.1", "Anti-Comintern Pact: no LW Extremist on the map to remove")
    _anti_comintern_end(c, data, side)


def _anti_comintern_end(c: Components, data: Data, side: int) -> None:
    L.tension(c, data, +1, side)
    if L.controls(c, data, RW, "Berlin"):
        L.power(c, data, RW, 1)
    else:
        log(data, "10.2", "Anti-Comintern Pact: RW does not control Berlin: no Power")


def _anti_comintern_remove(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    side = frame["side"]
    if choice is None:
        log(data, "7.1", f"Anti-Comintern Pact: no more LW Extremists removed "
            f"({len(frame['used'])} removed)")
        _anti_comintern_end(c, data, side)
        return
    L.remove_extremist(c, data, other(side), c.names[choice])
    _anti_comintern_next(c, data, side, [*frame["used"], choice])


def first_vienna_award(c: Components, data: Data, side: int) -> None:
    """Card 91, First Vienna Award (RW, 3 OPs, *): 2 RW SP in Hungary, 1 RW SP in Slovakia;
    1 LW SP removed from Slovakia."""
    L.place(c, data, side, "Hungary", 2)
    L.place(c, data, side, "Slovakia", 1)
    L.remove_named(c, data, other(side), "Slovakia", 1)


def danzig_crisis(c: Components, data: Data, side: int) -> None:
    """Card 92, Danzig Crisis (RW, 3 OPs, *): 2 RW SP in Danzig-Polish Corridor; Tension +1
    (9.1); if RW controls Berlin, RW gains 1 Power (10.2). The condition is reconstructed
    from 11.2.5's list of the spaces that make RW's cards better (Berlin, French Catholics,
    Bavaria, Poland): the demands on Danzig were Berlin's."""
    L.place(c, data, side, "Danzig-Polish Corridor", 2)
    L.tension(c, data, +1, side)
    if L.controls(c, data, RW, "Berlin"):
        L.power(c, data, RW, 1)
    else:
        log(data, "10.2", "Danzig Crisis: RW does not control Berlin: no Power")


def teschen_annexation(c: Components, data: Data, side: int) -> None:
    """Card 93, Teschen Annexation (RW, 2 OPs, *): a Support Check in Moravia with a +1
    modifier, +3 instead if RW controls Poland (6.2.4 exception)."""
    poland = L.controls(c, data, RW, "Poland")
    # the condition said, as Danzig Crisis says its own (an events audit)
    log(data, "6.2.5", f"Teschen Annexation: RW {'controls' if poland else 'does not control'}"
        f" Poland: {'+3' if poland else '+1'}")
    L.named_check(c, data, side, 93, "Moravia", 3 if poland else 1)


def ioannis_metaxas(c: Components, data: Data, side: int) -> None:
    """Card 94, Ioannis Metaxas (RW, 2 OPs, *): a RW Extremist in Greece (if none there);
    then a Support Check in Greece with a +2 modifier (6.2.4 exception)."""
    depth = len(data["stack"])
    _extremist_if_none(c, data, side, "Greece", 94)
    if not L.waits(data, depth, 94, "check", side=side):
        _metaxas_check(c, data, {"side": side}, None)


def _metaxas_check(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    L.named_check(c, data, frame["side"], 94, "Greece", 2)


# -- 95-107: LW ---------------------------------------------------------------------------

def international_brigades(c: Components, data: Data, side: int) -> None:
    """Card 95, International Brigades (LW, 3 OPs, *): 1 LW SP in each of Madrid, Valencia
    and Catalonia; 1 LW Extremist in Madrid (if none there)."""
    for name in ("Madrid", "Valencia", "Catalonia"):
        L.place(c, data, side, name, 1)
    _extremist_if_none(c, data, side, "Madrid", 95)


def leon_blum(c: Components, data: Data, side: int) -> None:
    """Card 96, Léon Blum (LW, 3 OPs, *): 2 LW SP in Paris; 1 RW SP removed from Action
    Française; LW Moderation +1 (8.2)."""
    L.place(c, data, side, "Paris", 2)
    L.remove_named(c, data, other(side), "Action Française", 1)
    L.moderation(c, data, LW, +1)


def guernica(c: Components, data: Data, side: int) -> None:
    """Card 97, Guernica (LW, 2 OPs, *): RW Moderation -2 (8.2); a LW Support Check in the
    Basque Country with a +2 modifier (6.2.4 exception)."""
    L.moderation(c, data, RW, -2)
    L.named_check(c, data, side, 97, "Basque Country", 2)


def no_pasaran(c: Components, data: Data, side: int) -> None:
    """Card 98, No Pasarán (LW, 3 OPs, *): a LW Support Check in Madrid with a +3 modifier
    (6.2.4 exception)."""
    L.named_check(c, data, side, 98, "Madrid", 3)


def franco_soviet_treaty(c: Components, data: Data, side: int) -> None:
    """Card 99, Franco-Soviet Treaty (LW, 3 OPs, *): a free Rearmament attempt (6.3.5) on
    the French or the USSR track (the LW player chooses among the open ones, 6.3.8),
    playing a card from their hand for its OPs (6.3.5: only Mechanised Warfare Pioneers'
    attempt needs none), +1 if LW controls the USSR; then Tension +1 (9.1), after the
    attempt as the text orders them."""
    depth = len(data["stack"])
    ussr = L.controls(c, data, side, "USSR")
    L.free_attempt(c, data, side, 99, ["france", "ussr"],
                   (1, "Franco-Soviet Treaty: LW controls the USSR") if ussr else None)
    if not L.waits(data, depth, 99, "tension", side=side):
        L.tension(c, data, +1, side)


def _franco_soviet_tension(c: Components, data: Data, frame: Frame,
                           choice: int | None) -> None:
    L.tension(c, data, +1, frame["side"])


def czechoslovak_mobilization(c: Components, data: Data, side: int) -> None:
    """Card 100, Czechoslovak Mobilization (LW, 3 OPs, *): 1 LW SP in each of Bohemia and
    Moravia, and in Slovakia if LW controls Slovakia (checked before placing); Tension +1
    (9.1)."""
    slovakia = L.controls(c, data, LW, "Slovakia")
    L.place(c, data, side, "Bohemia", 1)
    L.place(c, data, side, "Moravia", 1)
    if slovakia:
        L.place(c, data, side, "Slovakia", 1)
    else:
        log(data, "7.1", "Czechoslovak Mobilization: LW does not control Slovakia: no SP "
            "there")
    L.tension(c, data, +1, side)


def anthony_eden(c: Components, data: Data, side: int) -> None:
    """Card 101, Anthony Eden (LW, 1 OP): Tension -1 (9.3: at 0, LW gains 1 Power instead);
    RW Moderation -1 (8.2). Discarded after the Event (no asterisk)."""
    L.reduce_tension(c, data, side, 1)
    L.moderation(c, data, RW, -1)


def mit_brennender_sorge(c: Components, data: Data, side: int) -> None:
    """Card 102, Mit brennender Sorge (LW, 2 OPs, *): RW Moderation -1 (8.2); 1 RW SP
    removed from each of Bavaria and the Rhineland; if LW controls the Vatican, LW gains 1
    Power (10.2)."""
    L.moderation(c, data, RW, -1)
    L.remove_named(c, data, RW, "Bavaria", 1)
    L.remove_named(c, data, RW, "Rhineland", 1)
    if L.controls(c, data, LW, "Vatican"):
        L.power(c, data, LW, 1)
    else:
        log(data, "10.2", "Mit brennender Sorge: LW does not control the Vatican: no Power")


def battle_of_cable_street(c: Components, data: Data, side: int) -> None:
    """Card 103, Battle of Cable Street (LW, 2 OPs, *): the RW Extremist leaves London (if
    any); then a LW Support Check in London with a +2 modifier (6.2.4 exception)."""
    if not L.remove_extremist(c, data, RW, "London"):
        log(data, "7.1", "Battle of Cable Street: no RW Extremist in London")
    L.named_check(c, data, side, 103, "London", 2)


def soviet_aid(c: Components, data: Data, side: int) -> None:
    """Card 104, Soviet Aid to the Republic (LW, 3 OPs): 1 LW SP in each of Valencia and
    Catalonia; LW Moderation -1 (8.2). Discarded after the Event (no asterisk)."""
    L.place(c, data, side, "Valencia", 1)
    L.place(c, data, side, "Catalonia", 1)
    L.moderation(c, data, LW, -1)


def molotov_ribbentrop(c: Components, data: Data, side: int) -> None:
    """Card 105, Molotov-Ribbentrop Pact (LW, 4 OPs, *; requires Vyacheslav Molotov): 1 LW
    SP in each of Finland, Baltic States, Bessarabia and Poland; then 2 RW SP in Danzig-
    Polish Corridor; Tension +2 (9.1, the LW player rolls for war, 9.4); LW Moderation -2
    (8.2)."""
    for name in ("Finland", "Baltic States", "Bessarabia", "Poland"):
        L.place(c, data, LW, name, 1)
    L.place(c, data, RW, "Danzig-Polish Corridor", 2)
    L.tension(c, data, +2, side)
    L.moderation(c, data, LW, -2)


def georgi_dimitrov(c: Components, data: Data, side: int) -> None:
    """Card 106, Georgi Dimitrov (LW, 2 OPs, *): LW Moderation +1 (8.2); a LW Support Check
    in Bulgaria with a +2 modifier (6.2.4 exception)."""
    L.moderation(c, data, LW, +1)
    L.named_check(c, data, side, 106, "Bulgaria", 2)


def jarrow_crusade(c: Components, data: Data, side: int) -> None:
    """Card 107, Jarrow Crusade (LW, 2 OPs, *): LW Moderation +1 (8.2); a LW Support Check
    in Northern England with a +2 modifier (6.2.4 exception)."""
    L.moderation(c, data, LW, +1)
    L.named_check(c, data, side, 107, "Northern England", 2)


# -- 108-110: neutral -------------------------------------------------------------------

def spanish_civil_war(c: Components, data: Data, side: int) -> None:
    """Card 108, Spanish Civil War (neutral, 4 OPs, *): Tension +1 (9.1, moved by the
    phasing player); then each player, the phasing player first, places 1 friendly
    Extremist in a space of Spain with no friendly Extremist (their own choice) and makes
    a Support Check there with a +2 modifier (6.2.4 exception: even without opposing
    markers)."""
    L.tension(c, data, +1, side)
    _civil_war_next(c, data, side, 0)


def _civil_war_next(c: Components, data: Data, first: int, done: int) -> None:
    """Ask the next player (``done`` players have had their turn; phasing player first)."""
    while done < 2:
        who = first if done == 0 else other(first)
        options = [s for s in _spaces_in_spain(c) if not data["ext"][who][s]]
        if options:
            L.choose(c, data, who, 108, "place", options,
                     prompt=f"Spanish Civil War: {SIDE[who]}, place an Extremist in a space "
                            "in Spain and make a Support Check there with +2",
                     first=first, done=done)
            return
        log(data, "7.1", f"Spanish Civil War: {SIDE[who]} has an Extremist in every space "
            "of Spain")
        done += 1


def _civil_war_place(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    who = frame["side"]
    if choice is not None:
        name = c.names[choice]
        depth = len(data["stack"])
        L.extremist(c, data, who, name)
        # 2.3.2: a relocation it needs is made before the check and the next player
        if L.waits(data, depth, 108, "check", side=who, space=choice, first=frame["first"],
                   done=frame["done"]):
            return
        _civil_war_check_then_next(c, data, who, choice, frame["first"], frame["done"])
        return
    _civil_war_next(c, data, frame["first"], frame["done"] + 1)


def _civil_war_check(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    _civil_war_check_then_next(c, data, frame["side"], frame["space"], frame["first"],
                               frame["done"])


def _civil_war_check_then_next(c: Components, data: Data, who: int, space: int, first: int,
                               done: int) -> None:
    """``who``'s Support Check with +2, then the next player: after the check's Extremist
    where it waits on a relocation (2.3.2; the next player had placed and checked first,
    the Extremist still to come: an eit2 card audit)."""
    depth = len(data["stack"])
    L.named_check(c, data, who, 108, c.names[space], 2)
    if L.waits(data, depth, 108, "next", side=who, first=first, done=done):
        return
    _civil_war_next(c, data, first, done + 1)


def _civil_war_after(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    _civil_war_next(c, data, frame["first"], frame["done"] + 1)


def non_intervention_committee(c: Components, data: Data, side: int) -> None:
    """Card 109, Non-Intervention Committee (neutral, 1 OP, ongoing for the turn): Tension
    -1 (9.3: at 0, the phasing player gains 1 Power instead); for the rest of this turn no
    Rearmament attempt (free ones included) may be made on the Spanish track (the track is
    closed for the turn; the card leaves play at the end of the turn, 7.2)."""
    L.reduce_tension(c, data, side, 1)
    L.close_track(c, data, "spain", 109, until="turn")
    log(data, "7.2", "Non-Intervention Committee: for the rest of this turn no Rearmament "
        "attempt may be made on the Spanish track")


def shadow_factories(c: Components, data: Data, side: int) -> None:
    """Card 110, Shadow Factories (neutral, 3 OPs): the phasing player makes a free
    Rearmament attempt (6.3.5) on the UK track, playing a card from their hand for its OPs
    (6.3.5: only Mechanised Warfare Pioneers' attempt needs none; a complete track takes no
    attempt, 6.3.8). Its ``if_rearmament`` +1 (a card played for a Rearmament attempt on the
    UK track) is not an Event effect (6.3.7)."""
    L.free_attempt(c, data, side, 110, ["uk"])


def shadow_factories_rearmament(c: Components, data: Data, side: int, t: int) -> int:
    """Card 110, Shadow Factories, played for a Rearmament attempt (6.3.7 exception): +1 on
    the UK track."""
    return 1 if c.track_ids[t] == "uk" else 0


#: The Events of this era by printed card number (Scoring cards have none: 10.1).
CODE: dict[int, CardCode] = {
    79: CardCode(red_army_purges),
    80: CardCode(guarantees_to_poland),
    81: CardCode(rhineland_remilitarization),
    82: CardCode(anschluss, steps={"tension": _anschluss_tension}),
    83: CardCode(munich_agreement),
    84: CardCode(pact_of_steel),
    85: CardCode(condor_legion, steps={"check": _condor_check, "spain": _condor_then}),
    86: CardCode(francisco_franco, steps={"checks": _franco_checks,
                                          "andalusia": _franco_andalusia}),
    87: CardCode(italy_leaves_league),
    88: CardCode(kristallnacht, steps={"place": _kristallnacht_place,
                                       "next": _kristallnacht_then}),
    89: CardCode(konrad_henlein),
    90: CardCode(anti_comintern_pact, steps={"remove": _anti_comintern_remove}),
    91: CardCode(first_vienna_award),
    92: CardCode(danzig_crisis),
    93: CardCode(teschen_annexation),
    94: CardCode(ioannis_metaxas, steps={"check": _metaxas_check}),
    95: CardCode(international_brigades),
    96: CardCode(leon_blum),
    97: CardCode(guernica),
    98: CardCode(no_pasaran),
    99: CardCode(franco_soviet_treaty, steps={"tension": _franco_soviet_tension}),
    100: CardCode(czechoslovak_mobilization),
    101: CardCode(anthony_eden),
    102: CardCode(mit_brennender_sorge),
    103: CardCode(battle_of_cable_street),
    104: CardCode(soviet_aid),
    105: CardCode(molotov_ribbentrop),
    106: CardCode(georgi_dimitrov),
    107: CardCode(jarrow_crusade),
    108: CardCode(spanish_civil_war, steps={"place": _civil_war_place,
                                            "check": _civil_war_check,
                                            "next": _civil_war_after}),
    109: CardCode(non_intervention_committee),
    110: CardCode(shadow_factories, rearmament=shadow_factories_rearmament),
}
