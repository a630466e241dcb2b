"""Rule numbers for Struggle for Europe 1939-1945.

The rulebook numbers its sections 1-9 (and 5.1, 5.2, 7.1, 7.2) but not the paragraphs
within them. warroom keeps the book's numbers and numbers the topics of a section in
reading order: a headed sub-section, an unheaded block or one topic of a long paragraph
each take the next number (2.1-2.5 are the topics of section 2's one long paragraph,
3.1 and 3.2 split one paragraph, 6.3 joins parts of two, 8.1 and 8.2 split the battle
sequence at its totals step, and "8.5", "Retreat Due to Battle Loss", is the third
printed heading of section 8 after two unheaded blocks). So the numbers past the book's
own are warroom's: a player finds them with ``warroom content sfe --rules`` (in play:
``rule N``; on the web, a rule badge), which print the summaries below, not by counting
the book (a citation audit found the earlier "count the headings" description did not
reproduce them). "CQR" is the Card Quick Reference at the end of the book.

Readings
--------
Where the book leaves room, warroom reads it as follows (each reading has a test in
``tests/test_sfe_fidelity.py`` quoting the sentence it rests on):

- **Retreat before battle is declared, then carried out (8.1, 8.3, 8.4).** The defender
  is asked "defend or retreat" whenever the board leaves his counters a way out (the
  other half; from a contested location, a line from the battle half to a friendly
  location), whatever his hand holds. Only once he elects to retreat is it checked that
  he can: a naval line needs a naval move card (8.3), and without one "the counter(s)
  cannot retreat, they do battle" (8.4). So the attacker never learns the defender's
  hand from which decision comes next.
- **A Defender Reinforce Battle comes by a land line (2.6, 7.2.4, 8.3).** "One unit
  from any adjacent friendly controlled location": adjacent along a line that is not
  naval, since "Naval Move Lines ... may only be moved across when playing a card for
  Naval Move" and a retreat across one costs a naval card (8.3); the card played is the
  Reinforce Battle. So the USA box, joined by naval lines only, never reinforces, nor
  does a neighbour across the sea: London, joined to the board by naval lines only, is
  never reinforced.
- **No control flag in a location that stays contested (2, 8.2, 8.6).** Contested
  locations are controlled by neither player; the winner of a battle places his flag
  only when the location is no longer contested ("Place a location control marker if
  control of the location changes"). A contested location therefore stays a supply
  source of its original owner "until controlled by the opposing side" (8.6).
- **Supply is traced by nation (8.6, 2, 7.2.6).** "Counters must be able to trace supply
  back to their respective supply location. For example: Blue counters must trace to
  London, Paris, or Alexandria"; it is traced "through friendly locations", and the
  Allies' two nations never share ground ("blue may not enter red, and red may not enter
  blue controlled locations", for movement and retreat alike). So a Western counter traces
  through Western-controlled locations and halves only, a Soviet one through Soviet ones:
  neither through the other nation's. (2 defines "friendly" by side, "your sides color";
  read with 8.6's "respective" sources and 7.2.6's colours, it is the nation's here, a
  reading an audit of 6 December 2026 asked to have written down.)
- **Counters that moved into a contested location and lost: only they retreat (7.2.5, 8.2).**
  Their side's counters (and fortress) in the other half "do not participate in the battle"
  (8.2's Special Circumstance) and stay, so the location stays contested and no flag is
  placed: issue 11, item 8, reads 8.2 so (its lost Western attack into contested Paris
  leaves the Western counter in Paris). 8.2's "retreat from the entire (both halves)
  location" is read as the loser's battle counters leaving the location, not only the half
  they fought in. An outside audit of 5 December 2026 argued the other reading (the
  non-participants leave too, and the winner places his flag); it was not taken, since the
  issue names this very case.
- **A fortress defends only its own half (7.2.2, 8, 8.2, 8.3).** A battle "occurs in the
  half of the location that the attacker's move line enters", and the defence counts "all
  army and fortress counters defending that half". A fortress is built in a half and
  never leaves it (7.2.2); armies in a location their side holds alone are not tied to a
  half and all defend the half attacked: they are put in that half when the battle starts
  (``battle.to_battle_half``), so the board shows them where they fight and a retreat
  before battle "into the other half" (8.4) moves them (an sfe rules audit of 7 December
  2026: they were drawn in the half they last stood in). A fortress in the other half is not in the
  battle: it neither fights nor counts for losses. But the loser "must retreat from the
  entire (both halves) location" (8.2), so every fortress of the loser in the location,
  in the battle or not, and the attacker's own in a contested location, is eliminated
  by that retreat (8.3 "a fortress is in the location ... the fortress is eliminated"; a
  rules audit of 5 December 2026: the engine had kept those out of the battle). A retreat
  before battle into the other half (8.4) leaves the location held, so a fortress there
  stays. Should nobody defend the half entered (only a
  fortress in the other half), the attackers enter it without battle and the location
  becomes contested; entering still needs an air power card, since the location is
  "enemy controlled and occupied" (7.2.5).
- **The air cards of a move into several locations (7.2.5, the example "Movement
  Operation to Multiple Adjacent Locations").** "The player must have two available cards
  in their hand to do this operation. They will use the cards for air power in each of
  the two separate locations": so in an earlier battle of such a move the attacker may not
  play a Great Commander (itself an air card) as a battle event if that would leave fewer
  air cards than battles still to come; ``why`` on it says so.
- **A naval move card also moves over land (2, 4, 7, the London-to-Marseille example).**
  2 says move lines "may only be moved across when playing a card with a truck icon",
  but a card shows one move icon ("Land Move; Naval Move ... 'No Move Available'", 4),
  7 asks for "one card with a Movement icon" and a naval icon only "to move along a
  naval move line", and the example moves from Normandy over land lines on "a card with
  a naval move icon". So a naval move card moves as a land move card does, naval lines
  too, also in a move that crosses no naval line (a play audit of 5 December 2026 asked).
- **Round into the friendly half of a contested neighbour (7.2.5, 7.2.6).** "One army
  counter (any strength) can move to any friendly controlled location or friendly half of
  a contested location ... the army must be able to trace a set of movement lines through
  the friendly half of a contested location and/or friendly controlled locations." So a
  location whose one line from the source enters the enemy half (a battle, 7.2.5) is also
  reached round, into its friendly half, with no battle: the mover chooses the half when
  both are open (``move_entry``), and goes round when no air card is left for the battle.
- **Counters leave a contested location by their own half's lines (7.2.5, 8.5, 8.6).**
  The book says how a move enters a contested location ("through a move line that enters
  through their friendly occupied half ... no battle"), not how it leaves one. warroom
  reads the halves alike both ways: counters in one half leave only by the lines that
  start from that half, as an attacker beaten in a contested location retreats "using a
  move line that exits the half of the location he is attacking from" (8.5) and a supply
  line's "move line into and out of the contested location must be through the friendly
  occupied half" (8.6). A refused destination says so and cites those rules.
- **A fortress alone in its half may be attacked (7.2.7, 7.2.2).** 7.2.7 lets the active
  player attack "if ... both players have army counters contesting a location (each
  occupying half of the location)". A fortress is no army counter, but it is a counter
  that "only defend[s]" (7.2.2) and holds its half: warroom lets an enemy army in the
  other half attack it, else a fortress left alone beside an enemy half could never be
  taken. The side that holds only a fortress in a contested location has no army to
  attack with, so it is not offered the attack.
- **Strategic Redeploy never goes into the USA box (2, 6.6; reconstructed card).** Its
  reconstructed text moves an army "to any other friendly controlled, in supply location";
  the USA box is one from the Allied 3rd play deck, but the book has the box's counters
  only leave it (2: "one way, you may not move from Algiers to London and the USA"; 6.6:
  its counters "enter play" there), so no army is redeployed into it (an sfe audit of 6
  December 2026 saw a Western army sent there from Paris).
- **Game end (6.2, 9.4).** The game ends at the end of an Allied turn when the Allied 3rd
  play deck has run out "and the Allied player has no more playable cards": no card of
  the hand can be played for an operation "by play of a card" (7.1: build, bombing,
  move, event) or for its air power in an attack (7.2.7). Discarding (7.1 lists it apart)
  and passing do not make a card playable; passing with playable cards does not end the
  game (the turn limit, a warroom safeguard, still does).
- **The USA box (2, 6.6).** "The USA box is for the placement of the Western Allied
  counters that enter play at the start of the 3rd play deck"; the book does not list
  them. Reconstructed (content ``setup.yaml``, ``usa_entry``, marked reconstructed): one 2
  and two 3 strength Western armies, the American forces of 1942-43. They are set aside
  from the Western counter mix (3.1) at the start and placed in the USA box at the
  shuffle for the Allied 3rd play deck; from then on they move by the box's one-way naval
  lines, and the box is a Western supply source and build location.
- **A Soviet retreat is no move; a reinforcement is (6.4, 8.3, 8.4).** 6.4: "Soviet allies
  may not move or build during the 1st allied play deck." 8.3: "Retreat occurs for one of
  two reasons, the defender elects to retreat before battle, or as a result of battle
  loss": a retreat, elected or forced, is no move, so attacked Soviet armies may elect to
  retreat before battle in the 1st deck. A Defender Reinforce Battle moves an army into
  the battle, so Soviet armies do not reinforce then (``battle.reinforce_sources``; why
  on the card cites 6.4).
- **A fortress in the Axis half of a contested location (7.2.2).** "Place the fortress
  counter on the game board in a friendly controlled half of a location of your choice.
  Place the counter in either half of the in-supply location." The half of a contested
  location that the Axis hold is a friendly controlled half (7.2.5-7.2.6 speak of "the
  friendly half of a contested location"), so a fortress may go there, the location in
  supply; an army build (7.2.1: "a friendly controlled in supply location") needs the
  whole location, which a contested one is not (2.5).
- **When 6.5's shuffle comes (6.5).** "If the Axis player enters a red location prior to
  the Allied starting play deck running out of cards, the Allied player will immediately
  shuffle ...": the moment an Axis counter enters a red location by a move line, before
  any battle there, and it stands if the move then fails. The Soviets are in play from
  then on, so Soviets defending that location may play a Defender Reinforce Battle in that
  very battle.
- **Every refusal cites its rule.** ``explain`` names the reason an action is refused
  and the rule behind it: a build refused by the counter mix cites 3.1, by the 1st
  Allied play deck 6.4, for want of cards to recycle 3.3; a Soviet move source in the
  1st Allied play deck 6.4; an attack on a location that is not contested 7.2.7 (and
  2.5). Soviet armies do not attack during the 1st Allied play deck either (read from
  6.4: they may not move).
- **One Great Commander in a battle (the card text printed with the 8 example, 8.7).**
  "Only one Great Commander may be played in a battle." Battle events go down face down,
  the attacker first (8.1), but each is seen going down, and the only battle event an
  attacker plays is a Great Commander: once the attacker put one down, the defender is
  offered none (his could only go back to his hand, shown; until 6 December 2026 it was
  offered, and at the reveal the defender took it back, logged). Each side plays at most
  one.
- **A new deck's hand size applies to the draw that makes it (5.1, 7).** A draw that
  empties the play deck and shuffles in the II (or III) chevron cards refills the hand to
  the new hand size: "to refill his hand to his maximum for that particular point in the
  game". A deck that runs out exactly as the hand is full is shuffled at once too, and the
  draw goes on to the new size (until 7 December 2026 that size applied from the next
  draw only, so a deck run out a card earlier gave a bigger hand: an sfe audit).
- **A bombing that cannot move the marker is no operation (7.2.3).** "A marker can never
  move off the end of the Strategic Bombing Track, once it reaches one end or the other
  it cannot be moved further in that direction": with the marker at the acting side's end,
  the strategic bombing operation (and Weapon Development's event) is not offered, rather
  than played for nothing but the two cards it recycles. An operation exists to move the
  marker; discarding is the operation that recycles a card (an sfe rules audit found the
  reading unwritten).
- **One-way lines are no way back (2, 8, 8.5).** "You may not move from Algiers to London
  and the USA": attackers that came by the one-way line and lose cannot retreat along it,
  and are eliminated (8: "If you can not retreat you are eliminated"). The reconstructed
  naval line Gibraltar-Algiers runs one way too, from Gibraltar, and only from the 2nd
  Allied play deck, as the Torch line does: two ways from the start, it took Western
  counters from London to Algiers (by Gibraltar) before that line came into effect and
  from Algiers back to London (a content audit).
- **Determinization keeps what was announced.** A sample of the opponent's hidden cards
  is drawn again until the hand can carry out what the opponent announced: the operation
  chosen (a fortress card after "fortress"), an air power card for each battle of a move
  still to come, a way out for a retreat under way.
"""

from __future__ import annotations

RULES: dict[str, str] = {
    "2": "Game Board",
    "2.1": "Locations are divided in half by a line; flags are informational only",
    "2.2": "Location defence value: the number printed where a move line enters a location, "
           "added to an occupying defender when an attacker enters by that line",
    "2.3": "The USA box; the one-way naval line from USA and London to Algiers, in effect from "
           "the Allied 2nd play deck (USA from the 3rd); supply may be traced back along it",
    "2.4": "Victory locations: the value in a circle, awarded to the opposing side only",
    "2.5": "Friendly, neutral, contested and enemy controlled locations; control covers both "
           "halves",
    "2.6": "Move lines need a card with a truck icon; naval move lines a naval move icon",
    "2.7": "Strategic Bombing Track: right reduces the Allied hand and gives the Axis VP, left "
           "the reverse",
    "3": "Game Counters",
    "3.1": "No stacking limit; the counter mix is each side's counter limit; counters are "
           "never broken up or combined",
    "3.2": "Blue and red counters never share a location; blue only in blue, tan and gray "
           "locations, red only in red, tan and gray; never into a location the other "
           "controls",
    "3.3": "Building a 1/2/3 strength army: recycle / eliminate + 1 / eliminate + 2 other cards",
    "3.4": "Fortresses: 3 strength, never move or retreat; eliminate the card + recycle 1",
    "3.5": "Control flags are placed when control of a location changes",
    "4": "Cards",
    "4.1": "Each side keeps its play deck, recycle pile and hand secret from the other",
    "4.2": "Only one icon or event of a card is used when it is played",
    "5": "Game Setup",
    "5.1": "Card set-up: shuffle the I chevron deck, draw to hand size (Axis 6; Allies 5, "
           "then 6 with the II cards, 7 with the III cards; adjusted by the bombing track)",
    "5.2": "Counter set-up",
    "6": "How to Build Decks and Use Cards",
    "6.1": "The II chevron cards are shuffled with the recycle pile when the 1st play deck "
           "runs out (2nd play deck), the III cards when the 2nd runs out (3rd play deck)",
    "6.2": "Game end: the Axis reshuffle their recycle pile as often as needed; the game ends "
           "when the Allied 3rd deck runs out and the Allies have no more playable cards",
    "6.3": "Cards discarded at random are taken from the hand unseen; any number of cards may "
           "be played in a turn",
    "6.4": "Soviets may not move or build during the 1st Allied play deck",
    "6.5": "Special circumstance: the Axis entering a red location before the Allied 1st deck "
           "runs out brings in the II cards and the Soviets at once",
    "6.6": "USA entry: the USA box and its counters become active with the 3rd Allied deck",
    "7": "Sequence of Play: two operations, supply check, draw up to the hand size",
    "7.1": "The eight operations",
    "7.2": "Each operation is completed before the next starts",
    "7.2.1": "Operation: build and place an army counter in a friendly controlled, in supply "
             "location",
    "7.2.2": "Operation: build and place a fortress (Axis only) in a friendly controlled, in "
             "supply half; one fortress per half",
    "7.2.3": "Operation: strategic bombing: recycle the card and 1 other; move the marker one "
             "space; hand sizes change from the affected player's next draw",
    "7.2.4": "Operation: move; the card is recycled; some or all counters of one location to "
             "adjacent locations, or one counter through friendly locations",
    "7.2.5": "Movement between adjacent locations: friendly, unoccupied enemy or neutral, "
             "enemy occupied (battle, an air card needed), contested locations",
    "7.2.6": "Movement between non-adjacent locations: one counter through friendly "
             "controlled locations and friendly halves of contested locations",
    "7.2.7": "Operation: attack a contested location (needs an air card)",
    "7.2.8": "Operation: discard one card to the recycle pile",
    "7.2.9": "Operation: play a card event; battle events only in battle",
    "7.2.10": "Operation: pass",
    "8": "How to Have and Resolve Battle",
    "8.1": "Battle sequence: attacker's air card face down; defender defends or retreats; "
           "defender's air card face down; battle events face down, attacker first; reveal",
    "8.2": "Totals (air, events, armies, fortresses, location defence value); the defender "
           "wins ties; loser loses half its counters rounded up, winner half rounded down but "
           "never more than the loser; the winner places his control flag",
    "8.3": "Retreat: all counters retreat, may split; fortresses are eliminated; only to "
           "friendly controlled locations or the friendly half of a contested one; a naval "
           "line needs a discarded naval card",
    "8.4": "Defender retreats before battle: into the other half, or from a contested "
           "location to another friendly controlled location",
    "8.5": "Retreat due to battle loss: the defender to a friendly location; a moving "
           "attacker back along its line; a contested attacker from its own half; else "
           "eliminated",
    "8.6": "Supply lines: traced after the two operations along move lines through friendly "
           "locations and friendly halves; counters out of supply lose one counter per "
           "location, owner's choice",
    "8.7": "Examples",
    "9": "How to Win the Game",
    "9.1": "Victory points: Allies for controlled gray VP locations, Axis for red and blue "
           "ones, plus the bombing track",
    "9.2": "The Axis win with a 7 VP differential at the end of an Allied turn, or if the "
           "Allies fail their end of game condition",
    "9.3": "The Allies win with a 7 VP differential at the end of an Axis turn",
    "9.4": "Game end",
    "CQR": "Card Quick Reference: which cards are eliminated or recycled",
    "safeguard": "warroom safeguard (not in the rulebook): a turn limit that ends a stalled "
                 "game as at 9.4",
}

