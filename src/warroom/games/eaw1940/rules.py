"""Rule numbers for Europe At War 1940: Solitaire.

The rulebook's sections carry no numbers. warroom numbers them in reading order, and
the points they make within them, so every log line and explanation can cite a rule that a
player finds in the book by counting: section 5 is the fifth heading ("Resolving Land
Location Attacks"), 10.2 the second bullet of "How to Win", and so on. Two readings to know
when counting: "Axis Score", printed like a heading, is read as the end of "How to Win"
(its score bands are 10.4, so "Key Game Concepts" is section 11, not 12); and a paragraph
that makes several points is cited point by point (4.1 "AP cannot be saved", 4.3 the BOT's
roll, 4.4 the stalled result; 8.1/8.2 and 9.1/9.2 alike). Reconstructed components (tables
not printed in the rulebook) are cited by table name.

Readings where the rulebook is silent (an eaw1940 rules audit asked for them in writing):
- A shared home. Berlin begins the routes of three fronts (Western, Eastern,
  Central/Southern) and Rome of two (North Africa, Balkan). Each front's markers move on
  its own route (5.1), so one home may hold one front's Allied marker and another front's
  Axis marker. The Allies occupy a home (10.1) while any in-play front's Allied marker
  stands in it. So one front recovering Berlin does not end the occupation by another
  front's Allied marker; the log line says so (`combat._sharing_home`). A front entering
  play while the Allies hold its home starts there, its Allied marker on the next location
  (1.4 with 2.1; `sequence.py`).
- Both automatic victories at one turn's end (the Allies occupy Berlin or Rome after turn
  5, and the Axis control 3 of the 4 flag locations): the Allies win. 10.1 is checked
  first, as the rulebook lists it (`victory.end_of_turn_victory`).

Readings a second audit asked to see written down (each one tested):
- A front whose Axis marker is not in play yet (2.2). Its Allied marker and its air space
  are on the board from the set-up (2.1), so the BOT's reserves (chart 2) flip that
  marker and its air offensive (chart 4) attacks that air space. Its stall (chart 1) and
  counter-attack (chart 3) need the Axis marker and are ignored (11.3) (`bot.py`).
- Two tanks on one front. 8.1 says "The tank marker can be used once a turn", so each
  tank may re-roll one failed attack. A failed re-roll may then be re-rolled by the other
  tank (`combat.axis_attack_front`). A tank re-rolls land attacks only ("re-roll one
  attack ... on that front": air and sea attacks are not made by a front).
- 4.2.4's "at the beginning of a turn before any attacks have been made": a tank may
  move until the turn's first attack of any kind (land, air or sea). Unstalling a front
  or moving another tank first does not end "the beginning" (`actions.py`).
- 10.3's "the furtherest location the Axis army marker occupies": the location it
  occupies at the game's end, not the furthest it ever reached. The home, where a front
  starts, scores nothing (`victory.victory_points`).
- The Front Table's "most advanced" front: the in-play Axis front furthest along its
  route, counted in locations from its home. A tie goes to the first in map order
  (`bot.most_advanced`).
- Malta's -1 (a reconstructed component) applies to every North Africa land attack of
  the Axis, including one that wins back Rome (`combat.axis_land_mods`).
"""

from __future__ import annotations

RULES: dict[str, str] = {
    "1": "Game Board",
    "1.1": "Game Board: five fronts with advancement routes of locations",
    "1.2": "Game Board: each front has an air space; 3 air spaces, some affect more than one front",
    "1.3": "Game Board: 2 sea zones, Atlantic and Mediterranean, with sea zone control markers",
    "1.4": "Game Board: the turn track shows when more front armies become available",
    "2": "Game Components and Set Up",
    "2.1": "Set Up: Allied fronts adjacent Berlin and Rome; Axis Western and North Africa fronts "
           "in Berlin and Rome; 1 tank with the Western front; Axis air control in each air "
           "space; Allied sea control; Malta active; turn 1",
    "2.2": "Set Up: other tanks, Allied air markers, Axis sea markers and the Eastern, "
           "Central/Southern and Balkan Axis fronts are not in play yet",
    "3": "Sequence of Play Each Turn",
    "3.1": "Sequence: the turn gives the Axis their Action Points (AP)",
    "3.2": "Sequence: the Axis player plays actions with the AP available",
    "3.3": "Sequence: roll a die for the Allied BOT action and apply it",
    "3.4": "Sequence: advance the turn track and begin a new turn",
    "4": "Using Action Charts",
    "4.1": "Action Charts: 1 AP per action; AP cannot be saved from turn to turn",
    "4.2": "Action Charts: the Axis actions, 1 AP each (4.2.1-4.2.5)",
    "4.2.1": "Axis action: attack an Allied front marker on a front",
    "4.2.2": "Axis action: attack an Allied sea zone control marker",
    "4.2.3": "Axis action: attack an Allied air space control marker",
    "4.2.4": "Axis action: move a tank to a new front at the beginning of a turn, before any "
             "attack",
    "4.2.5": "Axis action: flip an Axis front marker from stalled to active",
    "4.3": "Action Charts: the Allied BOT rolls 1 die on the Allied Action Chart after the "
           "Axis actions",
    "4.4": "Action Charts: an Allied action with a stalled result flips the Axis front "
           "marker to its stalled side; a stalled Axis front may not attack; it costs an "
           "action to remove the stalled status",
    "5": "Resolving Land Location Attacks",
    "5.1": "Land attacks: roll 1 die on the land attack table; an advance retreats the "
           "defending front 1 location, otherwise no result",
    "5.2": "Land attacks: air space and sea zone (port) control give +1 DRM to the "
           "controlling attacker, -1 DRM when the defender controls",
    "6": "Resolving Air Space Attacks",
    "6.1": "Air attacks: roll 1 die; if the attacker wins, flip the air space control marker",
    "6.2": "Air attacks: Allied attacks on an air space holding the Axis air superiority "
           "marker apply -1 DRM",
    "7": "Resolving Sea Zone Attacks",
    "7.1": "Sea attacks: roll 1 die; if the attacker wins, flip the sea zone control marker",
    "7.2": "Sea attacks: Axis attacks on Allied control of the Atlantic apply -1 DRM (the "
           "Axis then win on 4, 5 or 6)",
    "8": "Axis and Allied Tank Markers",
    "8.1": "Tanks: re-roll one attack per turn on the tank's front, at no AP cost; flip the "
           "tank to its used side",
    "8.2": "Tanks: at the beginning of a turn a tank may move to another front for 1 AP and "
           "may be used the turn it moves",
    "9": "Allied Front Reserves",
    "9.1": "Reserves: an Allied front on its reserve side gives -1 DRM to Axis attacks on "
           "that front",
    "9.2": "Reserves: if the Axis win the attack, flip the reserve to its non-reserve side",
    "10": "How to Win",
    "10.1": "Allied automatic victory at the end of a turn after turn 5 if they occupy "
            "Berlin or Rome",
    "10.2": "Axis automatic victory at the end of any turn in which they control 3 of the 4 "
            "Allied flag locations",
    "10.3": "Victory points after the last turn",
    "10.4": "Axis score bands: 11 or less Allied decisive victory, 12-17 draw, 18 or more "
            "Axis win",
    "11": "Key Game Concepts",
    "11.1": "The Axis may attack the same location and front several times in a turn",
    "11.2": "If the Axis occupy the last location on a front, the Allied front marker moves "
            "outside it; the Allies may attack to recover it",
    "11.3": "An Allied BOT action that cannot be played is ignored",
    "11.4": "A reserve can be added and used in the same turn",
    "11.5": "Tanks move with their advancing fronts",
    "11.6": "Die roll modifiers are cumulative",
    # the rows warroom's own pack gives: a pack may give others, and `rule` shows its rows
    # under this (they stood as if the rule's, over a pack's other rows: a terminal audit)
    "Land Attack Table": "Reconstructed; warroom's own rows: modified 1-4 no result, 5-6 "
                         "advance",
    "Air Attack Table": "Reconstructed; warroom's own rows: modified 1-2 no result, 3-6 "
                        "attacker wins",
    "Sea Attack Table": "warroom's own rows: modified 1-2 no result, 3-6 attacker wins "
                        "(fixed by the 7.2 example)",
    "Front Table": "Reconstructed: d6 picks the front of an Allied BOT action",
    "Allied Action Chart": "Reconstructed: d6 picks the Allied BOT action of the turn",
    "Malta": "Reconstructed: while Malta is active, Axis attacks on the North Africa front "
             "get -1 DRM; Axis control of the Mediterranean neutralises it",
    "Turn Track": "Reconstructed: AP per turn, entry of fronts and tanks",
    "Air Superiority": "Reconstructed: the Axis air superiority marker starts in one air "
                       "space (warroom's own pack: Western Europe) and is lost for good when "
                       "the Allies win it; 6.2 gives its -1 DRM",
}

