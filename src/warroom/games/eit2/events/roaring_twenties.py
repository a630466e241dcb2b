"""Events of the Roaring Twenties era, cards 1-40, 67-71, 73 and 75 (card texts in
content/cards.yaml).

The three Scoring cards (1 Germany, 2 France, 3 Italy) have no Event function: the engine
scores them (10.1, 11.1.1). Every other card has one small function, registered by its printed
number in :data:`CODE` at the end of the module. Conventions shared by the whole module:

- "a Support Check in X with a +N modifier": N replaces the card's OPs (6.2.5), as if a
  card of N OPs were played, so the player's OPs modifiers apply too (7.4); the usual
  control/Extremist modifiers apply, and in a named space it is made even without opposing
  markers (6.2.4 exception) -- :func:`lib.check`.
- Extremists: one per side per space (11.1.4), so an Event placing an Extremist where the
  side already has one places none (the "(if none there)" of several texts is the general
  rule); with the countermix exhausted the owner may relocate one (2.3.2).
- "Reduce Tension by N": each step at 0 gives the Event's side 1 Power instead (9.3, and its
  Washington Naval Treaty example) -- :func:`_reduce_tension`.
- "this card's OPs value as received by the player who played it" (5.2 note): the OPs the
  phasing player receives for the card (7.3.1, 8.3) -- :func:`lib.received_ops`.
- A removed (*) card with an ongoing reminder marker (2.2.6, 7.2) is kept with the ongoing
  cards while its marker is in play, as the scenarios set them up (12.1/13.1), so that
  :func:`lib.in_effect` and :func:`lib.cancel` find it -- :func:`_reminder`.
"""

from __future__ import annotations

from typing import Any

from warroom.core.log import log
from warroom.core.rng import randbelow
from warroom.games.eit2 import board as b
from warroom.games.eit2 import operations as op
from warroom.games.eit2.board import LW, RW, SIDE, Data, other
from warroom.games.eit2.components import WASHINGTON_NAVAL_TREATY, Components
from warroom.games.eit2.events import lib as L
from warroom.games.eit2.events.lib import CardCode
from warroom.games.eit2.scoring import region_levels

Frame = dict[str, Any]

# -- shared helpers -----------------------------------------------------------------------




def _extremist(c: Components, data: Data, side: int, s: int) -> bool:
    """11.1.4: place an Extremist of ``side`` in ``s`` unless one is already there."""
    if data["ext"][side][s]:
        log(data, "11.1.4", f"{SIDE[side]} already has an Extremist in {c.names[s]}: none "
            "is added")
        return False
    return b.add_extremist(c, data, side, s, "7.1")


def _extremist_in(c: Components, data: Data, side: int, name: str) -> bool:
    return _extremist(c, data, side, L.sid(c, name))


def _remove_all(c: Components, data: Data, side: int, name: str) -> None:
    s = L.sid(c, name)
    if not b.remove_sp(c, data, side, s, data["sp"][side][s], "7.1"):
        log(data, "7.1", f"{c.names[s]} holds no {SIDE[side]} SP")


def _holding(c: Components, data: Data, side: int, spaces: list[int]) -> list[int]:
    """The spaces among ``spaces`` that hold SP or Extremists of ``side``."""
    return [s for s in spaces if data["sp"][side][s] or data["ext"][side][s]]


# -- several Extremists, each in a different space (Mein Kampf, Freikorps, Trotsky...) ------

def _ask_extremists(c: Components, data: Data, side: int, card: int, allowed: list[int],
                    left: int, chosen: list[int], optional: bool = True,
                    moderation: int = 0) -> None:
    """Ask ``side`` for the next of ``left`` Extremists, each in a space of ``allowed``
    without one; ``moderation``: the change of its Moderation the text makes once they are
    placed (8.2)."""
    title = c.cards[card].title
    options = [s for s in allowed if not data["ext"][side][s] and s not in chosen]
    if left <= 0 or not options:
        if left > 0:
            log(data, "7.1", f"{title}: no further space may receive a {SIDE[side]} Extremist")
        _extremists_placed(c, data, side, moderation)
        return
    L.choose(c, data, side, card, "extremist", options, optional=optional,
             prompt=f"{title}: place a {SIDE[side]} Extremist ({left} left) in a space"
                    f"{_among_spaces(c, allowed)} without a {SIDE[side]} Extremist"
                    + (", or pass" if optional else ""),
             allowed=allowed, left=left, chosen=chosen, moderation=moderation)


def _among_spaces(c: Components, allowed: list[int]) -> str:
    """Where the text lets the Extremists go, in the prompt's words: " in Germany", "
    among Berlin, Bavaria, ...", or nothing for any space (Hyperinflation's and Freikorps'
    prompts said "a space" alone: an events audit)."""
    if len(allowed) == len(c.names):
        return ""
    regions = {c.region[s] for s in allowed}
    if len(regions) == 1 and len(allowed) == len(L.spaces_in(c, next(iter(regions)))):
        return f" in {next(iter(regions))}"
    return " among " + ", ".join(c.names[s] for s in allowed)


def _extremists_placed(c: Components, data: Data, side: int, moderation: int) -> None:
    """The text's Moderation change after its Extremists (Freikorps, Leon Trotsky: it came
    first, and a Moderation reaching 0 could bring war, 8.2/9.4, before any Extremist was
    placed, which the text's order never allows: an events audit)."""
    if moderation:
        L.moderation(c, data, side, moderation)


def _extremist_step(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    side, title = frame["side"], frame["title"]
    moderation = int(frame.get("moderation", 0))
    if choice is None:
        log(data, "7.1", f"{SIDE[side]} places no further Extremist ({title})")
        _extremists_placed(c, data, side, moderation)
        return
    depth = len(data["stack"])
    _extremist(c, data, side, choice)
    nxt = {"allowed": frame["allowed"], "left": frame["left"] - 1,
           "chosen": [*frame["chosen"], choice], "optional": frame["optional"],
           "moderation": moderation}
    # a relocation decision (2.3.2) is taken before the next placement
    if not L.waits(data, depth, frame["card"], "extremist_next", side=side, **nxt):
        _ask_extremists(c, data, side, frame["card"], **nxt)


def _extremist_next(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    _ask_extremists(c, data, frame["side"], frame["card"], frame["allowed"], frame["left"],
                    frame["chosen"], frame["optional"], int(frame.get("moderation", 0)))


# -- the Events ---------------------------------------------------------------------------

def admiral_horthy(c: Components, data: Data, side: int) -> None:
    """Card 4, Admiral Horthy (RW, 3 OPs, *): 1 RW SP and 1 RW Extremist in Hungary, then a
    RW Support Check in Hungary with this card's OPs as received by the player who played it
    (5.2 note and its Dawes/Young example: 4 when the LW player gets +1), made even without
    LW markers (6.2.4 exception). 17.0 AR 1.4."""
    L.place(c, data, side, "Hungary", 1)
    depth = len(data["stack"])
    _extremist_in(c, data, side, "Hungary")
    if not L.waits(data, depth, 4, "check", side=side):
        _horthy_check(c, data, {"side": side}, None)


def _horthy_check(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    L.named_check(c, data, frame["side"], 4, "Hungary", L.received_ops(c, data, 4),
                  received=True)


def jozef_pilsudski(c: Components, data: Data, side: int) -> None:
    """Card 5, Józef Piłsudski (RW, 2 OPs, *): 2 RW SP in Poland, then a RW Support Check in
    Poland with +4 in place of OPs (6.2.5), even without LW markers (6.2.4). 17.0 AR 1.1."""
    L.place(c, data, side, "Poland", 2)
    L.named_check(c, data, side, 5, "Poland", 4)


def primo_de_rivera(c: Components, data: Data, side: int) -> None:
    """Card 6, Miguel Primo de Rivera (RW, 3 OPs, *): remove 2 LW SP from Catalonia; a RW
    Extremist in Madrid (if none there, 11.1.4); a RW Support Check in Madrid with +2
    (6.2.4 exception, 6.2.5)."""
    L.remove_named(c, data, other(side), "Catalonia", 2)
    depth = len(data["stack"])
    _extremist_in(c, data, side, "Madrid")
    if not L.waits(data, depth, 6, "check", side=side):
        _primo_check(c, data, {"side": side}, None)


def _primo_check(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    L.named_check(c, data, frame["side"], 6, "Madrid", 2)


def kellogg_briand(c: Components, data: Data, side: int) -> None:
    """Card 7, Kellogg-Briand Pact (LW, 2 OPs, *, ongoing until cancelled): Tension -1 (9.3:
    at 0 the LW player gains 1 Power); the Tension marker flips to its Kellogg-Briand side
    (flag ``kellogg_briand``): every roll for war (9.4) is modified by -1. Cancelled by
    Manchuria Invasion. 17.0 AR 1.3. (board.war_roll reads the flag.)"""
    L.reduce_tension(c, data, side, 1)
    L.flag(data, "kellogg_briand")
    log(data, "9.4", "The Tension marker flips to its Kellogg-Briand side: rolls for war "
        "are modified by -1")
    L.reminder(c, data, 7)


def washington_naval_treaty(c: Components, data: Data, side: int) -> None:
    """Card 8, Washington Naval Treaty (LW, 3 OPs, *, until turn 7): Tension -1 (9.3 and its
    example: at 0 the LW player gains 1 Power); its marker goes on the Rearmament Chart
    (flag ``washington_naval_treaty``): whenever a Progress marker reaches a Navy box, first
    (6.3.4 exception) the side it shows loses 1 Moderation. Removed when Appeasement begins
    (11.2.2, sequence.start_turn). effects.run_box_effects applies the Moderation loss."""
    L.reduce_tension(c, data, side, 1)
    if "Appeasement" in data["eras_in"]:
        # 11.2.2: the marker "is removed when Appeasement begins on turn 7"; played after
        # that (the card reshuffled in, or held), it is removed at once: it stayed for the
        # rest of the game (an end-game audit)
        if WASHINGTON_NAVAL_TREATY in data["ongoing"]:
            data["ongoing"].remove(WASHINGTON_NAVAL_TREATY)
            data["out_of_game"].append(WASHINGTON_NAVAL_TREATY)
        log(data, "11.2.2", "Appeasement has begun: the Washington Naval Treaty marker is "
            "not placed (it is removed when Appeasement begins)")
        return
    L.flag(data, "washington_naval_treaty")
    log(data, "6.3.4", "The Washington Naval Treaty marker is placed on the Rearmament Chart: "
        "a Progress marker reaching a Navy box first costs its side 1 Moderation")
    L.reminder(c, data, 8)


def aventine_secession(c: Components, data: Data, side: int) -> None:
    """Card 9, Aventine Secession (RW, 3 OPs, *): requires March on Rome (the registry's
    ``requires``, 5.2/7.5). Remove all LW SP from Lombardy, Rome and Campania."""
    for name in ("Lombardy", "Rome", "Campania"):
        _remove_all(c, data, other(side), name)


def march_on_rome(c: Components, data: Data, side: int) -> None:
    """Card 10, March on Rome (RW, 4 OPs, *, reminder for the game): RW Moderation -1 (8.2);
    a RW Extremist in Libya and one in South Tyrol; all RW SP in Blackshirts move to Rome (the
    Blackshirts Extremist stays); the reminder marker is the prerequisite of Il Duce and
    Aventine Secession (2.2.6). 17.0 AR 1.3: Blackshirts (0/4*), Rome (1/0) -> (0/0*), (1/4).
    With all 15 RW Extremists on the board an Extremist comes by a relocation (2.3.2), and
    the rest of the text waits for it, in the text's order (an eit2 events audit)."""
    L.moderation(c, data, side, -1)
    depth = len(data["stack"])
    _extremist_in(c, data, side, "Libya")
    if not L.waits(data, depth, 10, "south_tyrol"):
        _rome_south_tyrol(c, data, {}, None)


def _rome_south_tyrol(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    depth = len(data["stack"])
    _extremist_in(c, data, RW, "South Tyrol")
    if not L.waits(data, depth, 10, "blackshirts"):
        _rome_blackshirts(c, data, {}, None)


def _rome_blackshirts(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    k = L.remove(c, data, RW, "Blackshirts", data["sp"][RW][L.sid(c, "Blackshirts")])
    if k:
        L.place(c, data, RW, "Rome", k)
        log(data, "7.1", f"{k} {SIDE[RW]} SP relocated from Blackshirts to Rome")
    else:
        log(data, "7.1", f"Blackshirts holds no {SIDE[RW]} SP to relocate")
    L.reminder(c, data, 10)


def spirit_of_locarno(c: Components, data: Data, side: int) -> None:
    """Card 11, Spirit of Locarno (LW, 4 OPs, *): Tension -2 (9.3 applies to each step);
    LW Moderation +1 (8.2)."""
    L.reduce_tension(c, data, side, 2)
    L.moderation(c, data, side, +1)


def war_reparations(c: Components, data: Data, side: int) -> None:
    """Card 12, War Reparations/War Debts (RW, 4 OPs): remove a total of 2 LW SP from spaces
    in Germany, at most 1 per space (the RW player chooses them, one after the other); then
    if RW controls Berlin, RW gains 1 Power (10.2)."""
    _ask_reparations(c, data, side, 2, [])


def _ask_reparations(c: Components, data: Data, side: int, left: int, done: list[int]) -> None:
    options = [s for s in L.spaces_in(c, "Germany") if data["sp"][other(side)][s]
               and s not in done]
    if left > 0 and options:
        L.choose(c, data, side, 12, "remove", options,
                 prompt=f"War Reparations/War Debts: remove 1 LW SP from a space in Germany "
                        f"({left} of 2 removals left, at most 1 per space)", left=left,
                 done=done)
        return
    if L.controls(c, data, side, "Berlin"):
        L.power(c, data, side, 1)
    else:
        log(data, "10.2", f"{SIDE[side]} does not control Berlin: no Power")


def _reparations_remove(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    side = frame["side"]
    assert choice is not None
    b.remove_sp(c, data, other(side), choice, 1, "7.1")
    _ask_reparations(c, data, side, frame["left"] - 1, [*frame["done"], choice])


def friedrich_ebert(c: Components, data: Data, side: int) -> None:
    """Card 13, Friedrich Ebert (LW, 2 OPs, *): 2 LW SP in Berlin; LW Moderation +1 (8.2)."""
    L.place(c, data, side, "Berlin", 2)
    L.moderation(c, data, side, +1)


def tomas_masaryk(c: Components, data: Data, side: int) -> None:
    """Card 14, Tomas Masaryk (LW, 2 OPs, *): 1 LW SP in each of Bohemia, Moravia and
    Slovakia (6.1.1: Event SP ignore adjacency and control)."""
    for name in ("Bohemia", "Moravia", "Slovakia"):
        L.place(c, data, side, name, 1)


WALL_STREET_REGIONS = ("France", "United Kingdom", "Germany", "Spain", "Italy",
                       "Little Entente")


def wall_street_crash(c: Components, data: Data, side: int) -> None:
    """Card 15, Wall Street Crash (LW, 3 OPs, *): remove 1 RW SP from one space of the LW
    player's choice in each of the six Scoring Regions, in the order France, United Kingdom,
    Germany, Spain, Italy, Little Entente (a Region without RW SP is skipped). 17.0 AR 1.2."""
    _ask_crash(c, data, side, list(WALL_STREET_REGIONS))


def _ask_crash(c: Components, data: Data, side: int, regions: list[str]) -> None:
    o = other(side)
    while regions:
        region, rest = regions[0], regions[1:]
        options = [s for s in L.spaces_in(c, region) if data["sp"][o][s]]
        if options:
            L.choose(c, data, side, 15, "remove", options,
                     prompt=f"Wall Street Crash: remove 1 {SIDE[o]} SP from a space in "
                            f"{region} ({len(regions)} of 6 removals left, one per Scoring "
                            "Region)", regions=rest)
            return
        log(data, "7.1", f"Wall Street Crash: no {SIDE[o]} SP in {region}")
        regions = rest


def _crash_remove(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    side = frame["side"]
    assert choice is not None
    b.remove_sp(c, data, other(side), choice, 1, "7.1")
    _ask_crash(c, data, side, frame["regions"])


def american_expatriates(c: Components, data: Data, side: int) -> None:
    """Card 16, American Expatriates (LW, 2 OPs): 1 LW SP and 1 LW Extremist (if none
    there) in one space in France of the LW player's choice. 17.0 AR 7 (Action Française,
    0/2* -> 1*/2*)."""
    L.choose(c, data, side, 16, "place", L.spaces_in(c, "France"),
             prompt="American Expatriates: choose the space in France for 1 LW SP and 1 LW "
                    "Extremist")


def _expatriates_place(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    side = frame["side"]
    assert choice is not None
    b.place_sp(c, data, side, choice, 1, "7.1")
    _extremist(c, data, side, choice)


def winston_churchill(c: Components, data: Data, side: int) -> None:
    """Card 17, Winston Churchill (RW, 2 OPs): 1 RW SP in Empire & Commonwealth; remove 1 LW
    SP from Northern England."""
    L.place(c, data, side, "Empire & Commonwealth", 1)
    L.remove_named(c, data, other(side), "Northern England", 1)


def croix_de_feu(c: Components, data: Data, side: int) -> None:
    """Card 18, Croix-de-Feu (RW, 2 OPs as 17.0 AR 6 has it, *): a RW Extremist in Paris (if
    none there); a RW Support Check in Paris with +3, or +4 if RW controls French Catholics
    (6.2.4 exception, 6.2.5)."""
    depth = len(data["stack"])
    _extremist_in(c, data, side, "Paris")
    if not L.waits(data, depth, 18, "check", side=side):
        _croix_check(c, data, {"side": side}, None)


def _croix_check(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    side = frame["side"]
    value = 4 if L.controls(c, data, side, "French Catholics") else 3
    L.named_check(c, data, side, 18, "Paris", value)


def ruhr_occupation(c: Components, data: Data, side: int) -> None:
    """Card 19, Ruhr Occupation (LW, 3 OPs, *): 5 LW SP in the Rhineland (the Event names it,
    3.5) and the Rhineland Demilitarized marker is removed (it becomes a Battleground: 17.0's
    example of play); Tension +1 (9.1; the LW player moves it and rolls for war, 9.4)."""
    L.place(c, data, side, "Rhineland", 5)
    if data["flags"].get("rhineland_demilitarized"):
        L.flag(data, "rhineland_demilitarized", False)
        log(data, "3.5R", "The Rhineland Demilitarized marker is removed")
    L.tension(c, data, +1, side)


def mein_kampf(c: Components, data: Data, side: int) -> None:
    """Card 20, Mein Kampf (RW, 2 OPs, *, reminder): requires Munich Beer Hall Putsch. Up to
    3 RW Extremists, each in a different space holding no RW Extremist, chosen one at a time
    by the RW player (who may stop, "up to"); 2.3.2 relocation when the countermix is
    exhausted. The reminder marker is the prerequisite of Adolf Hitler (2.2.6)."""
    L.reminder(c, data, 20)
    _ask_extremists(c, data, side, 20, list(range(len(c.names))), 3, [])


def munich_putsch(c: Components, data: Data, side: int) -> None:
    """Card 21, Munich Beer Hall Putsch (RW, 3 OPs, *, reminder): a RW Extremist in Bavaria
    (if none there); a RW Support Check in Bavaria with +2 (6.2.4 exception); RW Moderation
    -1 (8.2); the reminder marker is the prerequisite of Mein Kampf (2.2.6)."""
    depth = len(data["stack"])
    _extremist_in(c, data, side, "Bavaria")
    if not L.waits(data, depth, 21, "check", side=side):
        _putsch_rest(c, data, {"side": side}, None)


def _putsch_rest(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    depth = len(data["stack"])
    L.named_check(c, data, frame["side"], 21, "Bavaria", 2)
    # a check's Extremist may wait on a relocation (2.3.2): the rest of the text after it
    if not L.waits(data, depth, 21, "end", side=frame["side"]):
        _putsch_end(c, data, frame, None)


def _putsch_end(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    L.moderation(c, data, frame["side"], -1)
    L.reminder(c, data, 21)


def giacomo_matteotti(c: Components, data: Data, side: int) -> None:
    """Card 22, Giacomo Matteotti (LW, 2 OPs, *): RW Moderation -1 (8.2); a LW Support Check
    in Rome with +3 (6.2.4 exception, 6.2.5)."""
    L.moderation(c, data, other(side), -1)
    L.named_check(c, data, side, 22, "Rome", 3)


def germany_league(c: Components, data: Data, side: int) -> None:
    """Card 23, Germany Admitted to the League of Nations (LW, 3 OPs, *, until cancelled):
    2 LW SP in Switzerland; Tension -1 (9.3); the Switzerland marker flips to its League of
    Nations side (flag ``league_of_nations``): Switzerland is also adjacent to the United
    Kingdom Scoring Region (10.1.4). Cancelled by Italy Leaves the League of Nations.
    (scoring.adjacent_independents reads the flag)."""
    L.place(c, data, side, "Switzerland", 2)
    L.reduce_tension(c, data, side, 1)
    L.flag(data, "league_of_nations")
    log(data, "10.1.4", "The Switzerland marker flips to its League of Nations side: "
        "Switzerland is adjacent to the United Kingdom Scoring Region")
    L.reminder(c, data, 23)


def hyperinflation(c: Components, data: Data, side: int) -> None:
    """Card 24, Hyperinflation in Germany (RW, 3 OPs, *): LW Moderation -1 (8.2); remove 1
    LW SP from each of Berlin, Saxony and Thuringia; a RW Extremist in one space in Germany
    holding no RW Extremist, chosen by the RW player."""
    o = other(side)
    L.moderation(c, data, o, -1)
    for name in ("Berlin", "Saxony", "Thuringia"):
        L.remove_named(c, data, o, name, 1)
    _ask_extremists(c, data, side, 24, L.spaces_in(c, "Germany"), 1,
                    [], optional=False)


FREIKORPS_SPACES = ("Berlin", "Bavaria", "Silesia", "East-Prussia", "Baltic States")


def freikorps(c: Components, data: Data, side: int) -> None:
    """Card 25, Freikorps (RW, 2 OPs, *): a RW Extremist in each of up to three different
    spaces among Berlin, Bavaria, Silesia, East-Prussia and Baltic States holding no RW
    Extremist (the RW player chooses, and may stop); then RW Moderation -1 (8.2), in the
    text's order."""
    _ask_extremists(c, data, side, 25, [L.sid(c, n) for n in FREIKORPS_SPACES], 3,
                    [], moderation=-1)


def aristide_briand(c: Components, data: Data, side: int) -> None:
    """Card 26, Aristide Briand (LW, 3 OPs, *, reminder): 2 LW SP in Paris; Tension -1 (9.3);
    the reminder marker is a prerequisite (with Gustav Stresemann) of Franco-German
    Reconciliation (2.2.6)."""
    L.place(c, data, side, "Paris", 2)
    L.reduce_tension(c, data, side, 1)
    L.reminder(c, data, 26)


def gustav_stresemann(c: Components, data: Data, side: int) -> None:
    """Card 27, Gustav Stresemann (LW, 3 OPs, *, reminder): 1 LW SP in Berlin; LW Moderation
    +1 (8.2); Tension -1 (9.3); the reminder marker is a prerequisite (with Aristide Briand)
    of Franco-German Reconciliation (2.2.6)."""
    L.place(c, data, side, "Berlin", 1)
    L.moderation(c, data, side, +1)
    L.reduce_tension(c, data, side, 1)
    L.reminder(c, data, 27)


def _ask_check(c: Components, data: Data, side: int, card: int, region: str,
               value: int) -> None:
    """A Support Check with ``value`` in one space of ``region`` holding opposing SP or
    Extremists (6.2.4), chosen by ``side``, for the Event of card ``card``."""
    title = c.cards[card].title
    options = _holding(c, data, other(side), L.spaces_in(c, region))
    if not options:
        log(data, "6.2.4", f"{title}: no space in {region} holds {SIDE[other(side)]} SP or "
            "Extremists: no Support Check")
        return
    where = "an Independent space" if region == "Independent" else f"the space in {region}"
    L.choose(c, data, side, card, "check", options, value=value, rule="6.2.5",
             prompt=f"{title}: choose {where} of a Support Check with +{value}")


def _check_step(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    assert choice is not None
    side = frame["side"]
    op.support_check(c, data, side, choice, L.as_card_ops(c, data, side, frame["value"]))


def cartel_des_gauches(c: Components, data: Data, side: int) -> None:
    """Card 28, Cartel des Gauches (LW, 2 OPs, *): 1 LW SP in Paris; then a LW Support Check
    with +2 (6.2.5) in one space in France holding RW SP or Extremists (LW chooses)."""
    L.place(c, data, side, "Paris", 1)
    _ask_check(c, data, side, 28, "France", 2)


def canonization(c: Components, data: Data, side: int) -> None:
    """Card 29, Canonization of Joan of Arc (RW, 1 OP, *, for the game): RW Moderation +1
    (8.2); the French Catholics marker flips to its Canonization side (flag
    ``canonization``): French Catholics is a Battleground for the rest of the game (10.1,
    10.3 note; read by scoring.is_battleground)."""
    L.moderation(c, data, side, +1)
    L.flag(data, "canonization")
    log(data, "10.3", "The French Catholics marker flips to its Canonization of Joan of Arc "
        "side: French Catholics is a Battleground space for the rest of the game")
    L.reminder(c, data, 29)


def leon_trotsky(c: Components, data: Data, side: int) -> None:
    """Card 30, Leon Trotsky (LW, 1 OP, *): a LW Extremist in each of up to two different
    spaces holding no LW Extremist (three if LW controls the USSR when the Event occurs),
    chosen by the LW player; then LW Moderation -1 (8.2), in the text's order."""
    count = 3 if L.controls(c, data, side, "USSR") else 2
    _ask_extremists(c, data, side, 30, list(range(len(c.names))), count, [], moderation=-1)



def treaty_of_rapallo(c: Components, data: Data, side: int) -> None:
    """Card 31, Treaty of Rapallo (neutral, 3 OPs, *): the phasing player makes a free
    Rearmament attempt (6.3.5) on the German or the USSR track (their choice, among the open
    ones, 6.3.8), playing a card from their hand for its OPs (6.3.5: only Mechanised Warfare
    Pioneers' attempt needs none), or passes."""
    L.free_attempt(c, data, side, 31, ["germany", "ussr"])


def white_terror(c: Components, data: Data, side: int) -> None:
    """Card 32, White Terror (RW, 3 OPs, *): remove all LW SP and the LW Extremist from
    Hungary; a RW Extremist in Hungary (if none there); RW Moderation -1 (8.2). With all 15
    RW Extremists on the board the Extremist comes by a relocation (2.3.2), and the
    Moderation waits for it (as Ernst Thälmann's does: an eit2 events audit saw RW's
    Moderation reach 0 and roll for war before the Extremist came)."""
    o = other(side)
    _remove_all(c, data, o, "Hungary")
    while L.remove_extremist(c, data, o, "Hungary"):
        pass
    depth = len(data["stack"])
    _extremist_in(c, data, side, "Hungary")
    if not L.waits(data, depth, 32, "moderation"):
        _white_terror_moderation(c, data, {}, None)


def _white_terror_moderation(c: Components, data: Data, frame: Frame,
                             choice: int | None) -> None:
    L.moderation(c, data, RW, -1)


def rif_war(c: Components, data: Data, side: int) -> None:
    """Card 33, Rif War (neutral, 2 OPs, *): Tension +1 (9.1; the phasing player moves it and
    rolls for war, 9.4); then the phasing player makes a Support Check in Spanish Morocco with
    +2, then one in French Morocco with +1 (6.2.4 exception, 6.2.5)."""
    L.tension(c, data, +1, side)
    depth = len(data["stack"])
    L.named_check(c, data, side, 33, "Spanish Morocco", 2)
    # a check's Extremist may wait on a relocation (2.3.2): the rest of the text after it
    if not L.waits(data, depth, 33, "french", side=side):
        _rif_french(c, data, {"side": side}, None)


def _rif_french(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    L.named_check(c, data, frame["side"], 33, "French Morocco", 1)


def weimar_republic(c: Components, data: Data, side: int) -> None:
    """Card 34, Weimar Republic (LW, 3 OPs, *, until cancelled): 1 LW SP in Berlin; the
    Thuringia marker flips to its Weimar Republic side (flag ``weimar_republic``): every RW
    Support Check in a space in Germany is modified by -1 (an ongoing check modifier of the
    Germany Region). Cancelled by Enabling Act (7.2: lib.cancel removes the modifier)."""
    L.place(c, data, side, "Berlin", 1)
    weimar_in_force(c, data)
    L.reminder(c, data, 34)


def weimar_in_force(c: Components, data: Data) -> None:
    """Card 34 in force: the Thuringia marker on its Weimar Republic side; RW Support Checks
    in Germany -1 (also at the 12.0 set-up, where the marker shows this side)."""
    L.flag(data, "weimar_republic")
    L.check_modifier(c, data, RW, -1, 34, region="Germany", until="game")
    log(data, "7.2", "The Thuringia marker shows its Weimar Republic side: RW Support "
        "Checks in Germany are modified by -1")


def deuxieme_bureau(c: Components, data: Data, side: int) -> None:
    """Card 35, Deuxième Bureau (neutral, 1 OP): the phasing player looks at the opponent's
    hand (the titles in an entry private to the phasing player); the opponent then discards one card
    drawn at random from it (a chance event). 5.3: its Event is not implemented and a
    discarded Scoring card is not scored. The cards seen are remembered (``data["seen"]``)
    for the phasing player's determinizations."""
    o = other(side)
    hand = data["hands"][o]
    if not hand:
        log(data, "7.1", f"{SIDE[o]} holds no card: nothing to look at or discard")
        return
    titles = ", ".join(c.cards[n].title for n in hand)
    # the opponent knows its own hand and nobody else may read it: the titles go to the
    # phasing player only (a private entry), the fact that it looked to everyone
    log(data, "7.1", f"{SIDE[side]} looks at the {SIDE[o]} hand ({len(hand)} cards)")
    log(data, "7.1", f"{SIDE[side]} looks at the {SIDE[o]} hand: {titles}",
        to=SIDE[side].lower(), cards=list(hand))
    n = hand.pop(randbelow(data, len(hand)))
    data["discard"].append(n)
    log(data, "5.3", f"{SIDE[o]} discards {c.cards[n].title}, drawn at random: its Event does "
        "not occur")
    # the phasing player has seen the rest: determinizations keep those cards in the hand
    # while they are still there (game.hide; sequence.deal forgets those that left)
    data.setdefault("seen", [[], []])[side] = list(hand)


def clandestine_rearmament(c: Components, data: Data, side: int) -> None:
    """Card 36, Clandestine Rearmament (RW, 3 OPs): advance the German Progress marker one
    box (6.3.10: not flipped; 6.3.4: the box is executed for the side it shows; 6.3.8: on its
    rightmost box, Tension +1 instead).

    The card's ``if_rearmament`` text (6.3.7 exception, 5.4) is registered below."""
    L.advance_track(c, data, side, "germany", 1)


def clandestine_rearmament_attempt(c: Components, data: Data, side: int, t: int) -> int:
    """Card 36, Clandestine Rearmament, played for Rearmament (6.3.7 exception): +1 to a RW
    attempt on the German track."""
    return 1 if side == RW and c.track_ids[t] == "germany" else 0


def pope_pius(c: Components, data: Data, side: int) -> None:
    """Card 37, Pope Pius XI (neutral, 2 OPs): the phasing player makes a Support Check with
    +2 (+3 if they control the Vatican) in one space in Italy holding opposing SP or
    Extremists (6.2.4, 6.2.5), of their choice."""
    value = 3 if L.controls(c, data, side, "Vatican") else 2
    _ask_check(c, data, side, 37, "Italy", value)


def edvard_benes(c: Components, data: Data, side: int) -> None:
    """Card 38, Edvard Benes (LW, 3 OPs): the LW player makes a free Rearmament attempt
    (6.3.5) on the Little Entente track, playing a card from their hand for its OPs (6.3.5:
    only Mechanised Warfare Pioneers' attempt needs none), +1 if LW controls Bohemia. A
    complete track takes no attempt (6.3.8)."""
    bohemia = L.controls(c, data, side, "Bohemia")
    L.free_attempt(c, data, side, 38, ["little_entente"],
                   (1, "Edvard Benes: LW controls Bohemia") if bohemia else None)


def league_intervention(c: Components, data: Data, side: int) -> None:
    """Card 39, League of Nations Intervention (LW, 2 OPs): Tension -1 (9.3); then, if LW
    controls Switzerland, a LW Support Check with +2 (6.2.5) in one Independent space
    holding RW SP or Extremists (LW chooses)."""
    L.reduce_tension(c, data, side, 1)
    if L.controls(c, data, side, "Switzerland"):
        _ask_check(c, data, side, 39, "Independent", 2)
    else:
        log(data, "7.1", f"{SIDE[side]} does not control Switzerland: no Support Check")



def dawes_young(c: Components, data: Data, side: int) -> None:
    """Card 40, Dawes Plan / Young Plan (neutral, 3 OPs, ongoing for the turn): for the rest
    of the turn every card the phasing player plays gives them +1 OPs for all purposes
    (7.3.2), after any reduction (7.3.1), including Scoring checks and Events that play like
    OPs (7.4) and OPs triggering an opponent's Event (5.2 note). Examples: 7.3.1, 7.4, 5.2.

    The card lasts for the turn (``lasts: turn``): the engine drops the OPs modifier at the
    end of the turn (sequence.end_turn) and returns the card to the discards (7.2)."""
    L.ops_modifier(data, side, +1, 40, minimum=0, until="turn")
    log(data, "7.3.1", f"Dawes Plan / Young Plan: {SIDE[side]} receives +1 OPs for every card "
        "played for the rest of the turn")


#: The Events of this era by printed card number (Scoring cards have none: 10.1).
# -- 67-71, 73, 75: Roaring Twenties cards numbered among the Great Depression ones ------
#
# 11.2.4 puts the first reshuffle in turn 4 and 13.5 implies Roaring Twenties cards that
# 12.3/12.4/13.3/13.4 do not name: the bundled split gives the era these seven reconstructed
# cards, whose era no rule fixes (content/cards.yaml); their numbers stay as they were.

def currency_stabilization(c: Components, data: Data, side: int) -> None:
    """Card 67, Currency Stabilization (neutral, 2 OPs): the phasing player increases their
    Moderation by 1 (8.2) and removes 1 opposing SP from any one space of France or the
    United Kingdom (their choice; colonial spaces of those Regions included)."""
    L.moderation(c, data, side, +1)
    o = other(side)
    options = [s for s in range(len(c.names))
               if c.region[s] in ("France", "United Kingdom") and data["sp"][o][s]]
    L.choose(c, data, side, 67, "remove", options,
             prompt="Currency Stabilization: remove 1 opposing SP from a space in France or "
                    "the United Kingdom",
             none=f"no space in France or the United Kingdom holds {SIDE[o]} SP: none "
                  "removed")


def _currency_remove(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    if choice is not None:
        L.remove(c, data, other(frame["side"]), c.names[choice], 1)


def joseph_stalin(c: Components, data: Data, side: int) -> None:
    """Card 68, Joseph Stalin (LW, 3 OPs): the LW player makes a free Rearmament attempt
    (6.3.5) on the USSR track, playing a card from their hand for its OPs (6.3.5: only
    Mechanised Warfare Pioneers' attempt needs none), +1 if LW controls the USSR; then LW
    Moderation -1 (8.2), after the attempt as the text orders them. A complete USSR track
    takes no attempt (6.3.8)."""
    depth = len(data["stack"])
    ussr = L.controls(c, data, LW, "USSR")
    L.free_attempt(c, data, LW, 68, ["ussr"],
                   (1, "Joseph Stalin: LW controls the USSR") if ussr else None)
    if not L.waits(data, depth, 68, "moderation"):
        L.moderation(c, data, LW, -1)


def _stalin_moderation(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    L.moderation(c, data, LW, -1)


def trade_imbalance(c: Components, data: Data, side: int) -> None:
    """Card 69, Trade Imbalance (RW, 3 OPs, *): RW gains 1 Power for each Scoring Region in
    which RW has Domination or Control (10.1.1). With none, the Event is still played and the
    card removed (5.2 example)."""
    regions = [r for r in L.SCORING_REGIONS
               if region_levels(c, data, r)[RW]["level"] in ("domination", "control")]
    if regions:
        log(data, "10.1.1", f"Trade Imbalance: RW dominates or controls {', '.join(regions)}")
        L.power(c, data, RW, len(regions))
    else:
        log(data, "5.2", "Trade Imbalance: RW dominates or controls no Scoring Region: no "
            "Power (the Event is still played)")


def unemployment(c: Components, data: Data, side: int) -> None:
    """Card 70, Unemployment (neutral, 1 OP): the opponent reduces their Moderation by 1
    (8.2); the phasing player places 1 friendly Extremist in any one non-Colonial space of a
    Scoring Region (2.1.1, 2.1.6) that contains friendly SP and no friendly Extremist."""
    L.moderation(c, data, other(side), -1)
    options = [s for s in range(len(c.names))
               if c.region[s] in L.SCORING_REGIONS and not c.colonial[s]
               and data["sp"][side][s] and not data["ext"][side][s]]
    L.choose(c, data, side, 70, "extremist", options,
             prompt="Unemployment: place your Extremist in a non-Colonial space of a "
                    "Scoring Region with your SP and no Extremist of yours",
             none=f"no non-Colonial space of a Scoring Region holds {SIDE[side]} SP and no "
                  f"{SIDE[side]} Extremist: no Extremist placed")


def _unemployment_extremist(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    if choice is not None:
        L.extremist(c, data, frame["side"], c.names[choice])


def hunger_marches(c: Components, data: Data, side: int) -> None:
    """Card 71, Hunger Marches (LW, 2 OPs): the LW player makes a Support Check with a +2
    modifier in any one non-Colonial space of the United Kingdom containing RW SP or
    Extremists (6.2.4, 6.2.5)."""
    options = [s for s in L.spaces_in(c, "United Kingdom") if not c.colonial[s]
               and (data["sp"][RW][s] or data["ext"][RW][s])]
    L.choose(c, data, LW, 71, "check", options,
             rule="6.2.5",
             prompt="Hunger Marches: choose the non-Colonial UK space (with RW SP or "
                    "Extremists) of a Support Check with +2",
             none="no non-Colonial space of the United Kingdom holds RW SP or Extremists: "
                  "no Support Check", none_rule="6.2.4")


def _hunger_check(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    if choice is not None:
        L.check(c, data, LW, c.names[choice], 2)


def collective_security(c: Components, data: Data, side: int) -> None:
    """Card 73, Collective Security (LW, 2 OPs): reduce Tension by 1 (9.3); if LW controls
    the USSR, LW also gains 1 Power (10.2)."""
    L.reduce_tension(c, data, LW, 1)
    if L.controls(c, data, LW, "USSR"):
        L.power(c, data, LW, 1)
    else:
        log(data, "10.2", "Collective Security: LW does not control the USSR: no Power")


def iron_guard(c: Components, data: Data, side: int) -> None:
    """Card 75, Iron Guard (RW, 2 OPs, *): place 1 RW Extremist in Romanian Royalty (if none
    there); then the RW player makes a Support Check in Romanian Royalty with a +2 modifier
    (6.2.4 exception, 6.2.5)."""
    depth = len(data["stack"])
    if data["ext"][RW][L.sid(c, "Romanian Royalty")]:
        log(data, "7.1", "Romanian Royalty already holds a RW Extremist: none is placed")
    else:
        L.extremist(c, data, RW, "Romanian Royalty")
    if not L.waits(data, depth, 75, "check"):
        _iron_guard_check(c, data, {}, None)


def _iron_guard_check(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    L.named_check(c, data, RW, 75, "Romanian Royalty", 2)


CODE: dict[int, CardCode] = {
    4: CardCode(admiral_horthy, steps={"check": _horthy_check}),
    5: CardCode(jozef_pilsudski),
    6: CardCode(primo_de_rivera, steps={"check": _primo_check}),
    7: CardCode(kellogg_briand),
    8: CardCode(washington_naval_treaty),
    9: CardCode(aventine_secession),
    10: CardCode(march_on_rome, steps={"south_tyrol": _rome_south_tyrol,
                                       "blackshirts": _rome_blackshirts}),
    11: CardCode(spirit_of_locarno),
    12: CardCode(war_reparations, steps={"remove": _reparations_remove}),
    13: CardCode(friedrich_ebert),
    14: CardCode(tomas_masaryk),
    15: CardCode(wall_street_crash, steps={"remove": _crash_remove}),
    16: CardCode(american_expatriates, steps={"place": _expatriates_place}),
    17: CardCode(winston_churchill),
    18: CardCode(croix_de_feu, steps={"check": _croix_check}),
    19: CardCode(ruhr_occupation),
    20: CardCode(mein_kampf, steps={"extremist": _extremist_step,
                                    "extremist_next": _extremist_next}),
    21: CardCode(munich_putsch, steps={"check": _putsch_rest, "end": _putsch_end}),
    22: CardCode(giacomo_matteotti),
    23: CardCode(germany_league),
    24: CardCode(hyperinflation, steps={"extremist": _extremist_step,
                                        "extremist_next": _extremist_next}),
    25: CardCode(freikorps, steps={"extremist": _extremist_step,
                                   "extremist_next": _extremist_next}),
    26: CardCode(aristide_briand),
    27: CardCode(gustav_stresemann),
    28: CardCode(cartel_des_gauches, steps={"check": _check_step}),
    29: CardCode(canonization),
    30: CardCode(leon_trotsky, steps={"extremist": _extremist_step,
                                      "extremist_next": _extremist_next}),
    31: CardCode(treaty_of_rapallo),
    32: CardCode(white_terror, steps={"moderation": _white_terror_moderation}),
    33: CardCode(rif_war, steps={"french": _rif_french}),
    34: CardCode(weimar_republic, ongoing=weimar_in_force),
    35: CardCode(deuxieme_bureau),
    36: CardCode(clandestine_rearmament, rearmament=clandestine_rearmament_attempt),
    37: CardCode(pope_pius, steps={"check": _check_step}),
    38: CardCode(edvard_benes),
    39: CardCode(league_intervention, steps={"check": _check_step}),
    40: CardCode(dawes_young),
    67: CardCode(currency_stabilization, steps={"remove": _currency_remove}),
    68: CardCode(joseph_stalin, steps={"moderation": _stalin_moderation}),
    69: CardCode(trade_imbalance),
    70: CardCode(unemployment, steps={"extremist": _unemployment_extremist}),
    71: CardCode(hunger_marches, steps={"check": _hunger_check}),
    73: CardCode(collective_security),
    75: CardCode(iron_guard, steps={"check": _iron_guard_check}),
}
