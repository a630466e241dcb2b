"""Rule numbers of Europe in Turmoil II (the rulebook numbers them), for citations, and the
readings the engine chose where the rulebook can be read two ways.

Two numbers are warroom's: "3.5R" is the unnumbered paragraph "Rhineland and the Rhineland
Demilitarized Marker" printed after 3.5; and the book prints 12.5 twice ("Build Draw Deck",
then "Place SP and Extremists"): warroom's "12.5" is the second (a citation audit).

Readings (each with a test in ``tests/test_eit2_fidelity.py``):

- 9.5 "End the Strategy phase and end the game": war ends the phase at once. The war roll
  sanctions the phasing player and unwinds the whole decision stack to Final Scoring;
  nothing after the roll runs (the rest of the Event, the OPs of the card, an opponent's
  Event still to come). 4.5.3's Verify Held Cards is not made either (10.4.2: "execute
  final scoring to determine the winner"), so a Scoring card held for a later round of
  that turn does not lose the game. (``board.war``)
- 3.5 demilitarised Rhineland: only an Event naming the Rhineland places SP there. A
  successful Support Check there (it may target an Extremist placed by 3.8) removes opposing
  SP and Extremists as usual but adds no SP; excess left after that may still place the
  single friendly Extremist of 6.2.6's last step (an Extremist is not a Support Point). No
  Event names the Rhineland for a Support Check.
- 6.3.8 with 5.1: a mandated Rearmament round (Maginot Mentality, an Event's free attempt) is
  re-checked when it comes due; once its track is closed it lapses and the round is an
  ordinary one.
- 13.2 / 11.2.2: Rearmament boxes passed before a scenario's start are in force (their
  reminder markers' ongoing effects, e.g. Special Emergency Intervention in 1936).
- 11.2.4: the Roaring Twenties deck has 47 cards, so the reshuffles fall in turns 4 and 9.
- 6.3.2 target space: a box whose effect depends on the control of a space (11.2.5: Rome,
  Lombardy, Berlin, USSR) has it as target space; a box placing SP (Alsace-Lorraine,
  Spanish Morocco, Empire & Commonwealth) has none, as 17.0 AR 1.4 adds only the marker
  and the OPs to the attempt at Maginot Line Conception.
- 10.4.4 "this new Power is added to the current score": Final Scoring adds Power
  uncapped; the track's 20 caps Power only during play (and 20 wins at once, 10.4.1).
- 9.4 at Tension 11: the marker cannot move into a +# space, so no roll is made.
- 9.4 on a reduction: "If the Tension marker moves into a space containing a die roll
  modifier number ... makes a roll" is read of a rise only. Tension falling (9.1's "or
  -rarely- decrease") into a lower +# space makes no war roll: war breaks out of rising
  Tension, and a player lowering it would otherwise risk the war it averts.
  (``board.change_tension``)
- 9.4 on a rise of more than one: the marker moves a space at a time, and each +# space
  it moves into makes a roll with that space's modifier (Tension 5 +2: a roll at 6, then,
  if no war broke out, one at 7). The other reading, one roll at the space where it
  stops, was weighed (a rules audit): "moves into a space" is said of each space entered,
  and a rise of 2 passing a +# space unrolled would make a big rise the safer one.
- 9.2 "Spaces numbered 6 to 11, each with a die roll modifier number (+#)": no value is
  printed; the engine's +1 to +6 are reconstructed (``components.Components.tension_drm``).
- 10.4.4 "Reaching 20 Power does not result in Automatic Victory during scoring at the end
  of turn 10" is read for every Final Scoring, the one war brings (10.4.2) too: Final
  Scoring adds Power uncapped, and Sanctions count, whichever way the game ended.
- 11.2.2 "is removed when Appeasement begins on turn 7": a Washington Naval Treaty played
  after that (its card reshuffled in, or held) places no marker.
- 11.1.1 "only provide the card player with a Support Check": the Scoring card's check is
  offered and may be passed (a failed check costs nothing; passing rolls no die).
- 4.5.2 "Scoring cards [...] must be played during the turn they are drawn" with 4.5.3:
  a player may keep a Scoring card to the end of the turn and then loses the game (4.5.3
  names the consequence, 10.4.1 counts it as an automatic victory). Once the Scoring cards
  held are as many as the Action Rounds left, ``explain`` (answered to that player only)
  says so; the public prompt does not (it would show the hand to the opponent).
- 10.3.3 / 10.4.1: one play's Power awards are netted before 20 is judged ("apply only
  the difference", "All Power awards ... must be applied prior to determining automatic
  victory"): the marker may pass the track's 20 while a step applies its awards and is put
  back on the track (and the game won) once the step is done. (``board.gain_power``,
  ``board.check_automatic_victory``)
- 10.4.1 "The instant one player reaches a score of 20 Power, the game is over" with 9.4:
  a Tension rise after the award that reached 20 (6.3.8's at a track's last box, or a later
  clause of the same Event) still moves the marker but rolls for no war: the game is won.
  Were a later award of the same play to take the Power back below 20 (10.3.3's netting),
  that roll would be missed: the engine does not look ahead. (``board.change_tension``)
- 5.2 "Scoring cards always take precedence on these Strategy card effects" is read as
  4.5.2's two examples play it: under Maginot Mentality or German Generals Object the
  mandated rounds come first while the turn has rounds enough left for the Scoring cards
  held ("They must first make a Rearmament attempt, in their final Action Round of the
  turn play the Scoring card"); once the rounds left are no more than the Scoring cards
  held, a Scoring card must be played and the mandated rounds carry over. The prompt says
  both in the same words whatever the hand holds. (``frames.scoring_now``)
- 5.2 German Generals Object's "consecutive Operation Rounds, see 6.0": 6.0's Operations
  are Support Point placement, Support Checks "or a Rearmament Attempt", so a mandated
  round may be a Rearmament attempt (the card's text is reconstructed).
- 7.5 "If an Event becomes unplayable due to its cancellation ... by another Event card":
  a card's "Cancel X" ends X's ongoing Event and makes X unplayable as an Event from then
  on, whether X was in effect or not yet played (``events.lib.cancel_event``); the five
  cancelling cards' texts say so.
- 7.4 "make Support Checks as if they played a card of a certain operations value": an
  Event's check "with a +N modifier" (N in place of the card's OPs, the card texts'
  convention) is such a check, so the checking player's OPs modifiers apply, negative
  first (7.3.1, 8.3), as 7.4's examples apply them to a Scoring card's; a check made with
  the OPs value the phasing player received (5.2 note: Admiral Horthy) is already
  modified. A Rearmament box's Support Check "with +N" (6.3.4) is no Event and is not
  modified. (``operations.event_check_ops``, ``events.lib.as_card_ops``)
- 6.2.4 with a Rearmament box's Support Check in the spaces its (reconstructed) effect
  names (Imperial Obligations, Theory of Deep Operation): made even where no opposing
  marker is, as 6.2.4's exception lets "Event text targeting specifically named spaces";
  the box's text names them as an Event's would. (It is no Event for 7.4, above.)
- 6.2.4's exception with an Event that designates the space of its own check: Comintern's
  "in one of those spaces" (where it just placed an Extremist) and Spanish Civil War's
  "there" (the Extremist's space) are read as named by the Event, so the check is made even
  where the opponent has no marker, as the card's purpose (an Extremist's rising) intends.
  Both texts say "(6.2.4 exception)" and both logs cite it (an eit2 events audit asked which
  reading holds). (``events.lib.named_check``)
- 11.2.2: a box's reminder marker is one marker; a box reached again after a retreat (6.3.9)
  finds it on the Event Chart already, and its modifier does not stack.
- 5.2 "before or after the Operations": choosing the Operations (``op_place``/``op_check``)
  puts an opponent's Event after them, ``event_first`` before; the ``event_after`` key of
  earlier versions (never legal) is read as ``op_place``.
- 6.3.5 "Unless specified otherwise (i.e. Mechanised Warfare Pioneers), free rearmament
  attempts still require a card to be played for its Operations Points": the "i.e." names
  the one exception, so every other free attempt an Event gives (Treaty of Rapallo, Edvard
  Benes, Joseph Stalin, Condor Legion, Franco-Soviet Treaty, Shadow Factories: their texts
  are reconstructed) is made as a box's is, with a card from the hand played for its OPs or
  a pass, by the side whose Event it is (also when an opponent's Operations triggered it,
  5.2). Until 6 December 2026 those six texts read "using this card's OPs value (no other
  card is played)", six exceptions the rule does not make (an eit2 events audit).
  (``events.lib.free_attempt``, ``frames.FreeAttempt``)
- 6.3.4 with 6.3.10: a box's effects are the side's whose '+1' the track's marker shows
  when the box is reached. An attempt flips the marker to the attempting side first
  (6.3.3); an Event's advance does not flip it (6.3.10), so a box an Event reaches works
  for the side the marker already shows, which may be the other side than the Event's.
  (``effects.run_box_effects``)
- 4.5.2 forfeited rounds with 6.3.6: a round forfeited for want of a card is not one of
  the "next two consecutive Action Rounds" a mandated Rearmament (Maginot Mentality)
  asks for; the mandate waits for the player's next round, as 4.5.2's examples carry it
  over a round spent on a Scoring card. (``sequence.next_round``)
"""

from __future__ import annotations

RULES: dict[str, str] = {
    "3.1": "Marker set-up: Rearmament markers on their tracks' first spaces, their banner "
        "side up",
    "6.0": "Operations: all the card's OPs on SP placement, Support Checks or a "
        "Rearmament attempt",
    "6.1": "Placing Support markers with Operations points",
    "6.2": "Support Checks: reduce the opponent's Support, perhaps add your own",
    "7.2": "Ongoing Events stay in effect (a reminder by the map) until cancelled or ended",
    "9.1": "Events, Rearmament boxes and rules raise (or rarely lower) Tension",
    "10.1.1": "Regional Scoring terms: Presence, Domination, Control",
    "10.2": "Some card Events score Power",
    "10.3.2": "Gaining Power moves the marker that many spaces in the player's favour",
    "11.1.1": "A Scoring card gives its player a Support Check in the Scoring Region",
    "11.1.4": "Extremists: added to a space, they give bonuses to Support Checks there and "
        "next to it",
    "11.2.2": "Deployment of Extremists; the Rearmament Chart's markers (the Washington Naval "
              "Treaty marker until Appeasement begins on turn 7)",
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
    "6.3.6": "An Event's consecutive Rearmament attempts carry over into the next turn when "
             "this turn's rounds run out (4.5.2)",
    "6.3.7": "A card played for Rearmament has no Event",
    "6.3.8": "Rightmost box reached: Tension +1; the track is closed",
    "6.3.9": "Red Army Purges retreat the USSR marker two boxes",
    "6.3.10": "Event advances and retreats do not flip the marker",
    "7.1": "Events of the phasing player's side or of both sides may be played",
    "7.3.1": "OPs modifiers: all negatives first (with lower limits), then positives",
    "7.4": "Events that play like OPs cards: their Support Checks as if made with a card of "
           "that OPs value",
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
    "10.4.2": "Second World War Victory: when war breaks out (9.4), Final Scoring decides",
    "10.4.3": "End Game Victory: after turn 10, Final Scoring decides",
    "10.4.4": "Final Scoring: every Region; Sanctions for lower Moderation, -2 Power each",
    "12.0": "Great Depression scenario (1932): its set-up",
    "13.0": "Appeasement scenario (1936): its set-up",
}

