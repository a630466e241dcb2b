"""Rule numbers of Europe in Turmoil II (the rulebook numbers them), for citations."""

from __future__ import annotations

from typing import Any

RULES: dict[str, str] = {
    "2.1.4": "Control: friendly SP exceed the opponent's by at least the Stability Number",
    "2.3.2": "Extremists: 15 per side; when exhausted, relocate one already on the board",
    "3.2": "RW mandatory SP set-up", "3.3": "LW mandatory SP set-up",
    "3.4": "RW mandatory Extremist set-up", "3.5": "LW mandatory Extremist set-up",
    "3.5R": "Rhineland Demilitarized: no SP there unless an Event names the Rhineland",
    "3.6": "Initial card draw: 8 cards each from the Roaring Twenties deck",
    "3.7": "Discretionary Support set-up: LW 3, RW 4, LW 2, not where the opponent has markers",
    "3.8": "Discretionary Extremist set-up: RW then LW, in spaces without Extremists",
    "4.1": "Ten turns; 7 Action Rounds (8 from turn 5); decks added on turns 5 and 7",
    "4.3": "Reshuffle the discards when the draw deck is empty",
    "4.3.1": "Deal all cards remaining before reshuffling",
    "4.4": "Turns 5 and 7: add the new era's cards to the deck and reshuffle (not the discards)",
    "4.5.1": "Deal up to 8 cards (9 from turn 5), RW first, alternating",
    "4.5.2": "Action Rounds alternate, RW first; a player without cards forfeits the round",
    "4.5.3": "Verify Held Cards: a held Scoring card loses the game (both: draw)",
    "4.5.4": "Advance the Turn marker; Rearmament Availability markers back to Available",
    "4.5.5": "Final Scoring after turn 10 or when war breaks out",
    "5.1": "Cards are played as Events or Operations; no passing",
    "5.2": "Operations with an opponent's Event: the Event occurs; the phasing player "
           "chooses before or after",
    "5.3": "A card discarded by an Event is not implemented",
    "6.1.2": "SP are placed one at a time, with or adjacent to friendly SP present before "
             "the first placement, or where a friendly Extremist is",
    "6.1.3": "SP cost 1, or 2 in an opponent-controlled space; the cost follows control changes",
    "6.2.3": "A card played for Support Checks gives one Support Check",
    "6.2.4": "Support Checks need opposing SP or Extremists in the space (except named Events)",
    "6.2.5": "Support Check: die + OPs + modifiers against twice the Stability",
    "6.2.6": "Excess removes opposing SP, then Extremists, adds friendly SP up to the "
             "Stability, then one friendly Extremist",
    "6.3.2": "Rearmament: once per turn, die + OPs + alignment + marker side + neighbours",
    "6.3.3": "Reach the box's number: advance and flip; else flip only",
    "6.3.4": "Execute the box's effects (Washington Naval Treaty first)",
    "6.3.5": "Free Rearmament attempts do not use the once-per-turn marker",
    "6.3.7": "A card played for Rearmament has no Event",
    "6.3.8": "Rightmost box reached: Tension +1; the track is closed",
    "6.3.9": "Red Army Purges retreat the USSR marker two boxes",
    "6.3.10": "Event advances and retreats do not flip the marker",
    "7.1": "Events of the phasing player's side or of both sides may be played",
    "7.3.1": "OPs modifiers: all negatives first (with lower limits), then positives",
    "7.5": "An unplayable Event's card may be used for Operations",
    "8.2": "Moderation moves; at 0 Tension +1; below 0 a Sanction instead",
    "8.3": "Power above a player's Moderation: -1 OPs (minimum 1), not for Rearmament",
    "9.3": "Tension at 0: the player whose reduction fails gains 1 Power",
    "9.4": "Tension into a +# space: roll + #; above 6 the Second World War breaks out",
    "9.5": "War: the phasing player is Sanctioned; the game ends with Final Scoring",
    "10.1": "Regional Scoring: Presence, Domination, Control",
    "10.1.3": "+1 Power per controlled Battleground in the Region",
    "10.1.4": "+1 Power per controlled Independent space adjacent to the Region",
    "10.1.5": "The net difference is marked on the Power track",
    "10.3": "French Catholics battleground, Poland adjacent; Spain Scoring removed",
    "10.4.1": "Automatic victory at 20 Power; held Scoring card",
    "10.4.4": "Final Scoring: every Region; Sanctions for lower Moderation, -2 Power each",
}


def log(data: dict[str, Any], rule: str, text: str) -> None:
    data["log"].append(f"{text} [{rule}]")
