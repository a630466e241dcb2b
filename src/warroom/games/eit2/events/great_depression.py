"""Events of the great_depression era (card texts in content/cards.yaml), cards 41-76 but
67-71, 73 and 75 (Roaring Twenties cards since the era split of 11.2.4, in
:mod:`.roaring_twenties`).

Conventions of this module:

* "a Support Check with a +N modifier" (6.2.4 exception) is die + N against twice the
  Stability, N taking the place of the OPs, as the engine does for a Scoring card's
  "Support Check with a +3 modifier" (11.1.1) and for the Rearmament boxes; it is made even
  without opposing markers in the space when the Event names the space.
* Tension reductions follow 9.3 as its example reads: at 0, the player whose reduction was
  not executed (the side implementing the Event) gains 1 Power.
* Ongoing Events removed after play (*) that leave a reminder marker (13.3: Molotov, Enabling
  Act, Chamberlain, Il Duce, Hitler, Election of '33, Rhineland Evacuation, Franco-German
  Reconciliation, Daladier) are kept in ``data["ongoing"]`` like the scenario reminders
  (12.0/13.0), so that :func:`lib.in_effect` and :func:`lib.cancel` find them.
"""

from __future__ import annotations

from typing import Any

from warroom.core.log import log
from warroom.games.eit2 import operations as op
from warroom.games.eit2.board import LW, RW, SIDE, Data
from warroom.games.eit2.components import Components
from warroom.games.eit2.events import lib as L
from warroom.games.eit2.events.lib import CardCode

Frame = dict[str, Any]


# -- helpers of this module ---------------------------------------------------------------







def _remove_all_extremists(c: Components, data: Data, side: int, name: str) -> int:
    k = 0
    while L.remove_extremist(c, data, side, name):
        k += 1
    if not k:
        log(data, "7.1", f"No {SIDE[side]} Extremist in {name}")
    return k


def _extremist_if_none(c: Components, data: Data, side: int, name: str) -> None:
    if data["ext"][side][L.sid(c, name)]:
        log(data, "7.1", f"{name} already holds a {SIDE[side]} Extremist: none is placed")
    else:
        L.extremist(c, data, side, name)


# -- 41 United Kingdom Scoring: no Event (the engine scores it, 10.1) ------------------------


def stavisky_affair(c: Components, data: Data, side: int) -> None:
    """Card 42, Stavisky Affair (RW, 2 OPs, *): LW Moderation -1. The RW player makes a
    Support Check in Paris with a +2 modifier (6.2.4 exception; 8.2, 6.2.5)."""
    L.moderation(c, data, LW, -1)
    L.named_check(c, data, RW, 42, "Paris", 2)


def vyacheslav_molotov(c: Components, data: Data, side: int) -> None:
    """Card 43, Vyacheslav Molotov (LW, 2 OPs, *, ongoing): advance the USSR Rearmament
    Progress marker one box (6.3.10: not flipped; 6.3.4 box effects; 6.3.8 if the track is
    complete, Tension +1 instead). Reminder marker: prerequisite for Molotov-Ribbentrop."""
    L.advance_track(c, data, side, "ussr", 1)
    L.reminder(c, data, 43)


def enabling_act(c: Components, data: Data, side: int) -> None:
    """Card 44, Enabling Act (RW, 3 OPs, *, ongoing; requires Adolf Hitler, handled by
    ``requires``, 5.2/7.5): cancel Weimar Republic (7.2: the Thuringia marker back to its
    blank side), remove 2 LW SP from Berlin, RW Moderation -1 (8.2). Reminder marker:
    prerequisite for Night of the Long Knives."""
    L.cancel_event(c, data, 34)  # Weimar Republic (7.2; if not yet played, never, 7.5)
    L.remove_named(c, data, LW, "Berlin", 2)
    L.moderation(c, data, RW, -1)
    L.reminder(c, data, 44)


def industrialist_enablers(c: Components, data: Data, side: int) -> None:
    """Card 45, Industrialist Enablers (RW, 3 OPs, *): place 2 RW SP in the Rhineland (named,
    so allowed while demilitarised; the marker is removed, 3.5). If RW then controls Berlin
    (2.1.4), RW gains 1 Power (10.2)."""
    L.place(c, data, RW, "Rhineland", 2)
    if L.controls(c, data, RW, "Berlin"):
        L.power(c, data, RW, 1)
    else:
        log(data, "10.2", "Industrialist Enablers: RW does not control Berlin: no Power")


def night_of_the_long_knives(c: Components, data: Data, side: int) -> None:
    """Card 46, Night of the Long Knives (RW, 2 OPs, *; requires Enabling Act): remove the
    RW Extremists from Berlin and Bavaria (all of them, if any), RW Moderation +2 (8.2)."""
    _remove_all_extremists(c, data, RW, "Berlin")
    _remove_all_extremists(c, data, RW, "Bavaria")
    L.moderation(c, data, RW, +2)


def _comintern_options(c: Components, data: Data, exclude: list[int]) -> list[int]:
    return [s for s in range(len(c.names)) if data["sp"][LW][s] and not data["ext"][LW][s]
            and s not in exclude]


def comintern(c: Components, data: Data, side: int) -> None:
    """Card 47, Comintern (LW, 3 OPs, *): 1 LW Extremist in each of up to two different
    spaces with LW SP and no LW Extremist (the LW player chooses, and may stop after none or
    one); if LW controls the USSR, the LW player then makes a Support Check with a +2
    modifier in one of those spaces (named by the Event: made even without RW markers,
    6.2.4/6.2.5)."""
    L.choose(c, data, LW, 47, "first", _comintern_options(c, data, []),
             optional=True, placed=[],
             prompt="Comintern: place a LW Extremist (1 of 2) in a space with LW SP and no "
                    "LW Extremist, or pass")


def _comintern_first(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    if choice is None:
        log(data, "7.1", "Comintern: LW places no Extremist")
        return
    depth = len(data["stack"])
    L.extremist(c, data, LW, c.names[choice])
    # 2.3.2: a relocation it needs is made before the next question
    if not L.waits(data, depth, 47, "ask_second", placed=[choice]):
        _comintern_ask_second(c, data, {"placed": [choice]}, None)


def _comintern_ask_second(c: Components, data: Data, frame: Frame,
                          choice: int | None) -> None:
    placed = list(frame["placed"])
    L.choose(c, data, LW, 47, "second", _comintern_options(c, data, placed),
             optional=True, placed=placed,
             prompt="Comintern: place a second LW Extremist (2 of 2) in a space with LW SP "
                    "and no LW Extremist, or pass")


def _comintern_second(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    placed = list(frame["placed"])
    if choice is not None:
        depth = len(data["stack"])
        L.extremist(c, data, LW, c.names[choice])
        placed.append(choice)
        if L.waits(data, depth, 47, "after_second", placed=placed):
            return
    _comintern_after_second(c, data, {"placed": placed}, None)


def _comintern_after_second(c: Components, data: Data, frame: Frame,
                            choice: int | None) -> None:
    # a placement that waited on a relocation the LW player declined (2.3.2: all 15 on the
    # board) put no Extremist there, and one relocated away from the first space left it
    placed = [s for s in frame["placed"] if data["ext"][LW][s]]
    if not L.controls(c, data, LW, "USSR"):
        log(data, "7.1", "Comintern: LW does not control the USSR: no Support Check")
        return
    if not placed:
        log(data, "7.1", "Comintern: no new LW Extremist stands on the board: no Support "
            "Check")
        return
    L.choose(c, data, LW, 47, "check", placed,
             rule="6.2.5",
             prompt="Comintern: choose which new Extremist's space gets the Support Check "
                    "with +2")


def _comintern_check(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    if choice is not None:
        # logged under 6.2.4's exception as Spanish Civil War's is (an eit2 events audit:
        # a check in a space without RW markers, said nowhere)
        L.named_check(c, data, LW, 47, c.names[choice], 2)


def neville_chamberlain(c: Components, data: Data, side: int) -> None:
    """Card 48, Neville Chamberlain (RW, 2 OPs, *, ongoing): RW Moderation +1 (8.2); the RW
    player makes a Support Check in London with a +2 modifier (6.2.4 exception). Reminder
    marker: prerequisite (with Edouard Daladier) for Munich Agreement."""
    L.moderation(c, data, RW, +1)
    depth = len(data["stack"])
    L.named_check(c, data, RW, 48, "London", 2)
    # a check's Extremist may wait on a relocation (2.3.2): the rest of the text after it
    if not L.waits(data, depth, 48, "reminder"):
        _chamberlain_reminder(c, data, {}, None)


def _chamberlain_reminder(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    L.reminder(c, data, 48)


def il_duce(c: Components, data: Data, side: int) -> None:
    """Card 49, Il Duce (RW, 3 OPs, *, ongoing; requires March on Rome: without it the Event
    does not occur and the card is discarded, 5.2 example): place 2 RW SP in Rome; the RW
    player makes a Support Check with a +2 modifier in any one space of Italy containing LW
    SP or Extremists (6.2.4/6.2.5). Reminder marker: prerequisite (with Adolf Hitler) for
    Pact of Steel."""
    L.place(c, data, RW, "Rome", 2)
    L.reminder(c, data, 49)
    options = [s for s in L.spaces_in(c, "Italy") if data["sp"][LW][s] or data["ext"][LW][s]]
    L.choose(c, data, RW, 49, "check", options,
             rule="6.2.5",
             prompt="Il Duce: choose the space of Italy (with LW SP or Extremists) of a "
                    "Support Check with +2")


def _il_duce_check(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    if choice is not None:
        L.check(c, data, RW, c.names[choice], 2)


def adolf_hitler(c: Components, data: Data, side: int) -> None:
    """Card 50, Adolf Hitler (RW, 3 OPs, *, ongoing; requires Mein Kampf): place 2 RW SP in
    Bavaria; then the RW player makes a Support Check in Berlin with a +2 modifier, +3 if RW
    controls Bavaria after that placement (6.2.4 exception); RW Moderation -1 (8.2).
    Reminder marker: prerequisite for Enabling Act, Anschluss and (with Il Duce) Pact of
    Steel."""
    L.place(c, data, RW, "Bavaria", 2)
    bonus = 3 if L.controls(c, data, RW, "Bavaria") else 2
    if bonus == 3:
        log(data, "7.1", "RW controls Bavaria: the Berlin Support Check is made with +3")
    depth = len(data["stack"])
    L.named_check(c, data, RW, 50, "Berlin", bonus)
    # a check's Extremist may wait on a relocation (2.3.2): the rest of the text after it
    if not L.waits(data, depth, 50, "rest"):
        _hitler_rest(c, data, {}, None)


def _hitler_rest(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    L.moderation(c, data, RW, -1)
    L.reminder(c, data, 50)


def election_of_33(c: Components, data: Data, side: int) -> None:
    """Card 51, Election of '33 (RW, 3 OPs, *, ongoing until cancelled by Popular Front):
    remove 1 LW SP from each of Madrid, Catalonia and Valencia; while in effect every RW
    Support Check in a space of Spain is modified by +1 (6.2.5 "+X from Events")."""
    for name in ("Madrid", "Catalonia", "Valencia"):
        L.remove_named(c, data, LW, name, 1)
    election_of_33_in_force(c, data)
    L.reminder(c, data, 51)


def election_of_33_in_force(c: Components, data: Data) -> None:
    """Card 51 in force: RW Support Checks in Spain +1 (also at the 13.0 set-up)."""
    L.check_modifier(c, data, RW, +1, 51, region="Spain", until="game")
    log(data, "6.2.5", "Election of '33: RW Support Checks in Spain +1 while in effect")


def self_determination(c: Components, data: Data, side: int) -> None:
    """Card 52, Self Determination (neutral, 2 OPs, *): the phasing player (the side playing
    it, 7.1) places 1 friendly SP in each of Sudetenland and Slovakia."""
    L.place(c, data, side, "Sudetenland", 1)
    L.place(c, data, side, "Slovakia", 1)


def ten_year_rule_abandoned(c: Components, data: Data, side: int) -> None:
    """Card 53, Ten Year Rule Abandoned (LW, 2 OPs, *, for the game): flip the Ten Year Rule
    marker on the UK Rearmament Track to its +2 side (11.2.2: it stays on the Rearmament
    Chart): every attempt on the UK track, by either player, is modified by +2 for the rest
    of the game (6.3.2 "+X"). Increase Tension by 1 (9.1; the LW player moves it, 9.4)."""
    t = L.track(c, "uk")
    data["track_mod"][t] = 2
    L.flag(data, "ten_year_rule_abandoned")
    log(data, "6.3.2", "The Ten Year Rule marker is flipped to its +2 side: Rearmament "
        "attempts on the UK track +2 for the rest of the game")
    L.tension(c, data, +1, side)


def rhineland_evacuation(c: Components, data: Data, side: int) -> None:
    """Card 54, Rhineland Evacuation (LW, 2 OPs, *, ongoing): place 2 LW SP in the Rhineland
    (named: allowed while demilitarised, and the marker is removed, 3.5); LW Moderation +1
    (8.2). Reminder marker: prerequisite for Rhineland Remilitarization."""
    L.place(c, data, LW, "Rhineland", 2)
    L.moderation(c, data, LW, +1)
    L.reminder(c, data, 54)


def manchuria_invasion(c: Components, data: Data, side: int) -> None:
    """Card 55, Manchuria Invasion (RW, 3 OPs, *): increase Tension by 1 (9.1; the RW player
    moves it and rolls if it enters a +# space, 9.4); cancel Kellogg-Briand Pact (7.2: the
    Tension marker is flipped back from its Kellogg-Briand side); RW gains 1 Power (10.2)."""
    L.tension(c, data, +1, RW)
    L.cancel_event(c, data, 7)  # Kellogg-Briand Pact (7.2; if not yet played, never, 7.5)
    L.power(c, data, RW, 1)


def geneva_disarmament_conference(c: Components, data: Data, side: int) -> None:
    """Card 56, Geneva Disarmament Conference (LW, 2 OPs, *): reduce Tension by 2 (9.3 for
    each step), then the LW player retreats one Rearmament Progress marker of their choice
    one box (6.3.9/6.3.10: no box effects, not flipped); a marker still on its starting
    space cannot retreat, so only advanced tracks are offered."""
    L.reduce_tension(c, data, LW, 2)
    options = [t for t in range(len(c.track_ids)) if data["rearm"][t] > 0]
    L.choose(c, data, LW, 56, "retreat", options, what="track",
             rule="6.3.9",
             prompt="Geneva Disarmament Conference: choose the Rearmament marker that "
                    "retreats one box")


def _geneva_retreat(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    if choice is not None:
        L.retreat_track(c, data, c.track_ids[choice], 1)


def reichstag_fire(c: Components, data: Data, side: int) -> None:
    """Card 57, Reichstag Fire (RW, 2 OPs, *): RW gains 2 Power (10.3.2; 8.3 example: played
    by the LW player, it may end the LW OPs penalty before the LW Operations); remove the LW
    Extremist from Berlin (if any)."""
    L.power(c, data, RW, 2, "10.3.2")
    _remove_all_extremists(c, data, LW, "Berlin")


def franco_german_reconciliation(c: Components, data: Data, side: int) -> None:
    """Card 58, Franco-German Reconciliation (LW, 3 OPs, *, ongoing until cancelled by
    Rhineland Remilitarization; requires Aristide Briand and Gustav Stresemann): reduce
    Tension by 1 (9.3); while in effect every RW Support Check in Alsace-Lorraine or the
    Rhineland is modified by -1 (6.2.5 "+X from Events")."""
    L.reduce_tension(c, data, LW, 1)
    franco_german_in_force(c, data)
    L.reminder(c, data, 58)


def franco_german_in_force(c: Components, data: Data) -> None:
    """Card 58 in force: RW Support Checks in Alsace-Lorraine and the Rhineland -1 (also at
    the 13.0 set-up)."""
    L.check_modifier(c, data, RW, -1, 58,
                     spaces=["Alsace-Lorraine", "Rhineland"], until="game")
    log(data, "6.2.5", "Franco-German Reconciliation: RW Support Checks in Alsace-Lorraine "
        "and the Rhineland -1 while in effect")


def andrej_hlinka(c: Components, data: Data, side: int) -> None:
    """Card 59, Andrej Hlinka (RW, 2 OPs, *): place 2 RW SP and 1 RW Extremist in Slovakia
    (none if RW has one there: one per side per space, 11.1.4, as every Event places them;
    2.3.2 if the countermix is exhausted)."""
    L.place(c, data, RW, "Slovakia", 2)
    _extremist_if_none(c, data, RW, "Slovakia")


def second_spanish_republic(c: Components, data: Data, side: int) -> None:
    """Card 60, Second Spanish Republic (LW, 3 OPs, *): place 2 LW SP in Madrid and 1 LW SP
    in Catalonia; LW Moderation +1 (8.2)."""
    L.place(c, data, LW, "Madrid", 2)
    L.place(c, data, LW, "Catalonia", 1)
    L.moderation(c, data, LW, +1)


def _army_tracks(c: Components, data: Data) -> list[int]:
    return [t for t in range(len(c.track_ids)) if op.track_open(c, data, t)
            and c.boxes[t][data["rearm"][t] + 1].kind == "army"]


def mechanised_warfare_pioneers(c: Components, data: Data, side: int) -> None:
    """Card 61, Mechanised Warfare Pioneers (neutral, 3 OPs, *): the phasing player makes a
    free Rearmament attempt (6.3.5: no card is played, the Availability marker is unaffected)
    as if with a 3-OPs card not aligned with them (no 6.3.2 alignment +1; OPs modifiers of
    7.3 that apply to Rearmament still apply, 7.4), on a track whose next Progress box is an
    Army box (6.3.11); closed tracks are not eligible (6.3.8)."""
    L.choose(c, data, side, 61, "attempt", _army_tracks(c, data),
             what="track",
             rule="6.3.5",
             prompt="Mechanised Warfare Pioneers: choose the track (its next box an Army "
                    "box) of a free 3-OPs Rearmament attempt")


def _mwp_attempt(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    if choice is None:
        return
    side = frame["side"]
    ops = op.effective_ops(c, data, side, 3, rearmament=True)
    op.rearmament_attempt(c, data, side, choice, ops, None, True)


def edouard_daladier(c: Components, data: Data, side: int) -> None:
    """Card 62, Edouard Daladier (LW, 2 OPs, *, ongoing): place 2 LW SP in Paris; remove the
    RW Extremist from Paris (if any). Reminder marker: prerequisite (with Neville
    Chamberlain) for Munich Agreement."""
    L.place(c, data, LW, "Paris", 2)
    _remove_all_extremists(c, data, RW, "Paris")
    L.reminder(c, data, 62)


def german_generals_object(c: Components, data: Data, side: int) -> None:
    """Card 63, German Generals Object (LW, 3 OPs, *): the RW player's next two consecutive
    Action Rounds must be Operations rounds (5.2: "consecutive Operation Rounds, see 6.0":
    placement, a Support Check or a Rearmament attempt, not an Event; an LW Event on a card
    played for placement or Support Checks still occurs, 5.2). Scoring cards take
    precedence where the turn's rounds are needed for them (5.2, 4.5.2); rounds not
    available this turn carry over (6.3.6). Played by RW for Operations, the round in which
    it is played is not one of the two ("next")."""
    L.oblige(data, RW, "ops", 2, card=63)
    log(data, "5.2", "German Generals Object: the RW player's next two Action Rounds must be "
        "Operations rounds")


def ernst_thalmann(c: Components, data: Data, side: int) -> None:
    """Card 64, Ernst Thälmann (LW, 2 OPs, *): place 2 LW SP and 1 LW Extremist (if none
    there) in Berlin; LW Moderation -1 (8.2). With all 15 LW Extremists on the board the
    Extremist comes by a relocation (2.3.2), and the Moderation waits for it, in the text's
    order (an eit2 events audit: it came first)."""
    L.place(c, data, LW, "Berlin", 2)
    depth = len(data["stack"])
    _extremist_if_none(c, data, LW, "Berlin")
    if not L.waits(data, depth, 64, "moderation"):
        _thalmann_moderation(c, data, {}, None)


def _thalmann_moderation(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    L.moderation(c, data, LW, -1)


def maginot_mentality(c: Components, data: Data, side: int) -> None:
    """Card 65, Maginot Mentality (LW, 3 OPs, *): the LW player's next two consecutive Action
    Rounds must each be a free Rearmament attempt on the French track (6.3.5: a card is still
    played for its OPs, the Availability marker is unaffected). Scoring cards take precedence
    (5.2); attempts not possible this turn carry over to the next (4.5.2, 6.3.6). With the
    French track already complete (6.3.8), no attempt can be made and none is mandated."""
    t = L.track(c, "france")
    if not op.track_open(c, data, t):
        log(data, "6.3.8", "The French track is complete: no Rearmament attempt can be made")
        return
    L.oblige(data, LW, "rearm", 2, "france", card=65)
    log(data, "4.5.2", "Maginot Mentality: the LW player's next two Action Rounds must be "
        "free Rearmament attempts on the French track")


def clement_attlee(c: Components, data: Data, side: int) -> None:
    """Card 66, Clement Attlee (LW, 2 OPs; discarded, not removed): place 1 LW SP in each of
    London and Parliament."""
    L.place(c, data, LW, "London", 1)
    L.place(c, data, LW, "Parliament", 1)


def popular_front(c: Components, data: Data, side: int) -> None:
    """Card 72, Popular Front (LW, 3 OPs, *): place 1 LW SP in each of Paris and Madrid;
    cancel Election of '33 (7.2: its marker and its +1 go); LW Moderation +1 (8.2)."""
    L.place(c, data, LW, "Paris", 1)
    L.place(c, data, LW, "Madrid", 1)
    L.cancel_event(c, data, 51)  # Election of '33 (7.2; if not yet played, never, 7.5)
    L.moderation(c, data, LW, +1)


def british_union_of_fascists(c: Components, data: Data, side: int) -> None:
    """Card 74, British Union of Fascists (RW, 2 OPs): place 1 RW Extremist in London (if
    none there); then the RW player makes a Support Check in London with a +1 modifier
    (6.2.4 exception, 6.2.5)."""
    depth = len(data["stack"])
    _extremist_if_none(c, data, RW, "London")
    if not L.waits(data, depth, 74, "check"):
        _buf_check(c, data, {}, None)


def _buf_check(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    L.named_check(c, data, RW, 74, "London", 1)


def autarky(c: Components, data: Data, side: int) -> None:
    """Card 76, Autarky (RW, 2 OPs): advance the German or the Italian Rearmament Progress
    marker one box, RW player's choice (6.3.10: not flipped; 6.3.4 box effects; 6.3.8: a
    complete track raises Tension instead)."""
    options = [L.track(c, "germany"), L.track(c, "italy")]
    L.choose(c, data, RW, 76, "advance", options, what="track",
             rule="6.3.10",
             prompt="Autarky: choose the German or the Italian Rearmament marker to advance "
                    "one box")


def _autarky_advance(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    if choice is not None:
        L.advance_track(c, data, RW, c.track_ids[choice], 1)


#: The Events of this era by printed card number (Scoring cards have none: 10.1).
CODE: dict[int, CardCode] = {
    42: CardCode(stavisky_affair),
    43: CardCode(vyacheslav_molotov),
    44: CardCode(enabling_act),
    45: CardCode(industrialist_enablers),
    46: CardCode(night_of_the_long_knives),
    47: CardCode(comintern, steps={"first": _comintern_first, "second": _comintern_second,
                                   "ask_second": _comintern_ask_second,
                                   "after_second": _comintern_after_second,
                                   "check": _comintern_check}),
    48: CardCode(neville_chamberlain, steps={"reminder": _chamberlain_reminder}),
    49: CardCode(il_duce, steps={"check": _il_duce_check}),
    50: CardCode(adolf_hitler, steps={"rest": _hitler_rest}),
    51: CardCode(election_of_33, ongoing=election_of_33_in_force),
    52: CardCode(self_determination),
    53: CardCode(ten_year_rule_abandoned),
    54: CardCode(rhineland_evacuation),
    55: CardCode(manchuria_invasion),
    56: CardCode(geneva_disarmament_conference, steps={"retreat": _geneva_retreat}),
    57: CardCode(reichstag_fire),
    58: CardCode(franco_german_reconciliation, ongoing=franco_german_in_force),
    59: CardCode(andrej_hlinka),
    60: CardCode(second_spanish_republic),
    61: CardCode(mechanised_warfare_pioneers, steps={"attempt": _mwp_attempt}),
    62: CardCode(edouard_daladier),
    63: CardCode(german_generals_object),
    64: CardCode(ernst_thalmann, steps={"moderation": _thalmann_moderation}),
    65: CardCode(maginot_mentality),
    66: CardCode(clement_attlee),
    72: CardCode(popular_front),
    74: CardCode(british_union_of_fascists, steps={"check": _buf_check}),
    76: CardCode(autarky, steps={"advance": _autarky_advance}),
}
