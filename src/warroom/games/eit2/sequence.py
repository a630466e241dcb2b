"""4.0 Game Sequence: decks (4.1, 4.3, 4.4), dealing (4.5.1), Action Rounds (4.5.2), held
cards (4.5.3), the turn marker (4.5.4) and Final Scoring (4.5.5).

The flow itself is a stack of frames (``frames.py``): the ``turn`` procedure at the bottom
of the stack runs :func:`next_round` whenever nothing else is to be done; these functions
are the rules it applies. Frames are pushed by kind name (``flow.call``), so this module
needs no frame handler.
"""

from __future__ import annotations

from typing import Any

from warroom.core.flow import call, game_over, reveal
from warroom.core.log import log
from warroom.core.rng import randbelow
from warroom.games.eit2.board import LW, ROLE, RW, SIDE, Data
from warroom.games.eit2.components import WASHINGTON_NAVAL_TREATY, Components
from warroom.games.eit2.operations import track_open


def shuffle(data: Data, cards: list[int]) -> None:
    for i in range(len(cards) - 1, 0, -1):
        j = randbelow(data, i + 1)
        cards[i], cards[j] = cards[j], cards[i]


def hand_size(turn: int) -> int:
    return 9 if turn >= 5 else 8


def rounds_per_turn(turn: int) -> int:
    return 8 if turn >= 5 else 7


def draw(c: Components, data: Data, side: int) -> bool:
    """Draw one card; an empty deck is rebuilt from the discards (4.3)."""
    if not data["deck"]:
        if not data["discard"]:
            return False
        data["deck"] = data["discard"]
        data["discard"] = []
        if "deck_from" in data:         # what the new deck can hold: these cards only
            data["deck_from"] = sorted(data["deck"])
        shuffle(data, data["deck"])
        log(data, "4.3", f"The draw deck is empty: the {len(data['deck'])} discards are "
            "reshuffled into a new draw deck", cards=len(data["deck"]))
    data["hands"][side].append(data["deck"].pop())
    return True


def deal(c: Components, data: Data, rule: str = "4.5.1") -> None:
    """4.5.1: up to the hand size, RW first, alternating (4.3.1: the deck is dealt out
    before the discards are reshuffled); ``rule``: the rule that deals (3.6 at set-up)."""
    size = hand_size(data["turn"])
    side = RW
    stuck = 0
    reveal(data)                # each player sees the cards dealt: an undo barrier
    seen = data.get("seen")
    if seen:                    # a card seen in a hand that left it may come back unseen
        for s in (LW, RW):
            seen[s] = [n for n in seen[s] if n in data["hands"][1 - s]]
    drawn = 0
    while any(len(data["hands"][s]) < size for s in (LW, RW)) and stuck < 2:
        if len(data["hands"][side]) < size:
            if draw(c, data, side):
                stuck = 0
                drawn += 1
            else:
                stuck += 1
        side = 1 - side
    if not drawn and all(len(data["hands"][s]) >= size for s in (LW, RW)):
        return      # the hands are full already (1920: dealt at 3.6): nothing to report
    log(data, rule, f"Deal: RW holds {len(data['hands'][RW])}, LW holds "
        f"{len(data['hands'][LW])} cards ({len(data['deck'])} left in the deck)",
        rw=len(data["hands"][RW]), lw=len(data["hands"][LW]), deck=len(data["deck"]))


def add_era(c: Components, data: Data, era: str) -> None:
    """4.4: add the new era's cards to the existing deck and reshuffle (not the discards)."""
    cards = [n for n in c.era_cards[era] if n not in data["out_of_game"]]
    if "deck_from" in data:
        data["deck_from"] = sorted(set(data["deck_from"]) | set(cards))
    data["deck"].extend(cards)
    shuffle(data, data["deck"])
    log(data, "4.4", f"The {era} deck ({len(cards)} cards) is shuffled into the draw deck",
        era=era, cards=len(cards))


def start_turn(c: Components, data: Data) -> None:
    """4.1: a new turn: the era decks of turns 5 and 7 (4.4), the Washington Naval Treaty
    leaves with Appeasement (11.2.2), the deal (4.5.1), RW phasing in Action Round 1."""
    turn = data["turn"]
    log(data, "4.1", f"Turn {turn} begins", turn=turn)
    if turn == 5 and "Great Depression" not in data["eras_in"]:
        data["eras_in"].append("Great Depression")
        add_era(c, data, "Great Depression")
    if turn == 7 and "Appeasement" not in data["eras_in"]:
        data["eras_in"].append("Appeasement")
        add_era(c, data, "Appeasement")
    if turn == 7:
        expire_ongoing(c, data, "until_turn_7")
        wnt = WASHINGTON_NAVAL_TREATY
        if data["flags"].get("washington_naval_treaty") or wnt in data["ongoing"]:
            data["flags"]["washington_naval_treaty"] = False
            if wnt in data["ongoing"]:
                data["ongoing"].remove(wnt)
                data["out_of_game"].append(wnt)
            log(data, "11.2.2", "Appeasement begins: the Washington Naval Treaty marker is "
                "removed")
    deal(c, data)
    data["ar"] = 1
    data["phasing"] = RW
    data["round_done"] = [0, 0]


def next_round(c: Components, data: Data) -> None:
    """One step of 4.5.2 (run by the ``turn`` frame while nothing else is pending): the
    phasing player's Action Round starts (a player without cards forfeits it), or the phasing
    player, the Action Round or the turn (4.5.3-4.5.5) moves on. (War ends the Strategy
    phase at once, 9.5: :func:`board.war` unwinds the stack.)"""
    turn = data["turn"]
    side = data["phasing"]
    if data["round_done"][side] < data["ar"]:
        data["round_done"][side] = data["ar"]
        if not data["hands"][side]:
            log(data, "4.5.2", f"Action Round {turn}.{data['ar']}: {SIDE[side]} has no "
                "card and forfeits the round", turn=turn, round=data["ar"], role=ROLE[side])
            return
        lapse_obligations(c, data, side)
        call(data, "action_round", ROLE[side], side=side)
        log(data, "4.5.2", f"Action Round {turn}.{data['ar']}: {SIDE[side]} is the "
            "phasing player", turn=turn, round=data["ar"], role=ROLE[side])
        return
    if side == RW:
        data["phasing"] = LW
        return
    if data["ar"] < rounds_per_turn(turn):
        data["ar"] += 1
        data["phasing"] = RW
        return
    call(data, "end_turn")


def mandated_attempt(data: Data, side: int) -> dict[str, Any] | None:
    """The mandated Rearmament round at the head of ``side``'s obligations (Maginot
    Mentality's consecutive free attempts, 4.5.2/6.3.6), or ``None``."""
    oblig = data["oblig"][side]
    return oblig[0] if oblig and oblig[0]["kind"] == "rearm" else None


def lapse_obligations(c: Components, data: Data, side: int) -> None:
    """6.3.8 with 5.1: a mandated Rearmament round (Maginot Mentality, a free attempt an
    Event gives) is re-checked when it comes due: once its track is closed (or no track is
    open at all) the attempt cannot be made and the obligation lapses; the round is an
    ordinary one. Mandated Operations rounds (German Generals Object) can always be made."""
    oblig = data["oblig"][side]
    while (head := mandated_attempt(data, side)) is not None:
        track = head.get("track")
        tracks = ([c.track_ids.index(track)] if track is not None
                  else range(len(c.track_ids)))
        if any(track_open(c, data, t) for t in tracks):
            return
        oblig.pop(0)
        where = f"the {c.track_name(track)} track is" if track else \
            "no Rearmament track is"
        log(data, "6.3.8", f"{SIDE[side]}'s mandated Rearmament attempt lapses: {where} "
            f"open ({len(oblig)} mandated round(s) left)", role=ROLE[side])


def expire_ongoing(c: Components, data: Data, lasts: str) -> None:
    """7.2: ongoing Events that last for the turn (or until turn 7) leave play."""
    for n in [n for n in data["ongoing"] if c.cards[n].lasts == lasts]:
        data["ongoing"].remove(n)
        data["out_of_game" if c.cards[n].removed_after_event else "discard"].append(n)
        log(data, "7.2", f"The ongoing Event {c.cards[n].title} ends", card=n)


def end_turn(c: Components, data: Data) -> None:
    """4.5.3-4.5.5: a held Scoring card loses the game; ongoing Events of the turn end; after
    the last turn Final Scoring, else the next turn starts."""
    turn = data["turn"]
    held = [sum(1 for n in data["hands"][s] if c.cards[n].scoring) for s in (LW, RW)]
    if any(held):
        # 4.5.3: a held card is shown by its lower edge alone ("MAY NOT BE HELD"), so how
        # many, never which (naming them, after an end-game audit, told the winner the
        # loser's cards: the fair-play tests caught it)
        if all(held):
            log(data, "4.5.3", f"Both players hold Scoring cards (LW {held[LW]}, RW "
                f"{held[RW]}; shown by the lower edge, MAY NOT BE HELD): the game is a draw")
            game_over(data, {"kind": "held_scoring", "winner": None, "power": data["power"]})
        else:
            loser = LW if held[LW] else RW
            what = f"{held[loser]} Scoring cards" if held[loser] > 1 else "a Scoring card"
            log(data, "4.5.3", f"{SIDE[loser]} holds {what} (shown by the lower edge, MAY "
                f"NOT BE HELD): {SIDE[loser]} loses the game (10.4.1)", role=ROLE[loser])
            game_over(data, {"kind": "held_scoring", "winner": ROLE[1 - loser],
                             "power": data["power"]})
        return
    # the step is said when it passes too (a web audit: the log went from the last round
    # straight to the turn marker)
    log(data, "4.5.3", f"End of turn {turn}: neither player holds a Scoring card")
    data["ops_mods"] = [m for m in data["ops_mods"] if m.get("until") != "turn"]
    expire_ongoing(c, data, "turn")
    for key in ("rearm_mods", "check_mods", "place_bans", "closed_tracks"):
        data[key] = [m for m in data[key] if m.get("until") != "turn"]
    if turn >= c.turns:
        call(data, "final_scoring", None, reason=f"end of turn {turn}")
        return
    data["turn"] = turn + 1
    data["rearm_available"] = [1, 1]
    log(data, "4.5.4", f"Advance the Turn marker to turn {turn + 1}; Rearmament Availability "
        "markers back to Available", turn=turn + 1)
    call(data, "start_turn")
