"""Rule numbers of Totaler Krieg! rule 15 (Political Events) and the rules it refers to.

Reading choices (where the text leaves room, or where the engine models it):

- 15.38 Successful Improvements, France or Italy: "instead" replaces only the War Economy
  marker's trip to the Delay Box. Choosing the flip still places the Partnership Country
  counter (with its support unit) in the Delay Box; its War Economy marker flips to +2 and
  stays in the Strategic Warfare Box. Without the flip, the counter brings its support unit
  and War Economy +1 marker to the Delay Box ("This is how you get the Partnership
  Country's support unit and War Economy marker in the game").
- 15.28 Reassess Policies, 15.31 War with Russia, 15.37 End a Policy: the rules, not a
  situation file, say which Policies cannot be ended (:data:`NOT_ENDED`): 15.28 never ends
  Isolationism or the Ostland Accord, 15.31's War with Russia and 15.37 never end the
  Ostland Accord. A situation's Policy is recognised by its name or its id, whatever the
  case and punctuation (``Ostland Accord``, ``ostland``). A situation file's ``endable``
  flag is accepted for older files and ignored; the state's ``endable`` tells what 15.28
  allows.
- 15.17 Step 3, 15.22, 15.24: "Pre-War remains in effect" is read as "the event does not
  change the war state" (the text is written for Pre-War, when these events normally
  occur). Resolved during Limited or Total War, the log says that state remains in effect.
- 15.21 Military Aid: its list of options is missing from the source text. warroom offers
  two reconstructed options (a replacement step; a support unit from the Delay Box back to
  the Force Pool) and says so in the log, in the prompt and in ``content_json``
  (``reconstructed``, ``note`` and each option marked).
- 15.40 Volkssturm is resolved as printed ("The Axis faction may immediately receive one
  German 0-2-2 VG infantry unit"), whichever faction rolled the event. It was once marked
  reconstructed, its text read as missing: the sentence is the source's last line, with no
  line break after it (an outside audit of 5 December 2026).
- 15.19 (and 15.28's Stronghold Lost): "Remove the Stronghold and Republican Support
  markers from the selected ... Country" removes the Republican Support marker only if it
  is in that Country.
- 15.7, 15.22, 15.24 "one ... armor step or two ... infantry steps": the two infantry
  steps are a choice only where two are on the map; with an armor step on the map and one
  infantry step, the armor step is taken; with no armor step, the infantry steps there are.
- 15.33 "A unit or marker with a Delay Stripe is placed in the Delay Box; a unit without a
  Delay Stripe is returned to its Force Pool": the units in an eliminated unit's Holding
  Box go each where its own stripe says.
- A step eliminated from a multi-national unit (15.8, 15.26, 15.29, 15.39; 4.2.6.2 and
  2.3.4 are not in rule 15): its step count includes its Holding Box's. Chosen itself, it
  loses a step of its own, and its last own step removes the counter, its held units going
  to the hex; a held unit chosen makes it perform an Emergency Breakdown ("If the step is
  in a Holding Box, the associated multi-national unit must perform an Emergency Breakdown",
  15.36, and 15.1's example), except where the event says "you do not get to perform
  breakdown first" (15.8). One with no step of its own loses a held unit's.
  (``model.eliminate_step``)
- 15.32 Production Success [Type]: the ``card`` option must be one of the cards the rule
  lists (45-49, those with a unit in the content); card 44 (A-bomb) is Project Success,
  15.33, and is refused with that reason.
- 15.6 in a Civil War Country: the war's own Republican Stronghold marker counts as one
  that keeps the country from joining the Axis, but 15.6's hit does not remove it while
  the war lasts (15.4/15.5 flip it last, and 15.19 removes no Stronghold "if a Civil War is
  in effect"); the hit removes another blocking marker, else the event is No Result. The
  Republican Stronghold left after a Republican victory (15.4/15.5 keep it) is removed as
  the text says.
- A Policy Affected Country activated as an Allied Country ends its Policy (13.6.1.2,
  not in rule 15) only where the event says so or warns of it: 15.7's war, 15.10 and
  15.31's "Axis Declares War" ("This choice may end a Policy"). Elsewhere (15.2, 15.9 with
  the Axis receiving, 15.15, 15.19, 15.26) the Policy stands; 15.17 Step 3's "do not end
  its Policy" suggests activation may end one, so this reading is doubtful until 13.6.1.2
  is at hand (a third tk audit, 8 December 2026).
- 15.2 Border War with a Country already of the receiving side (named by an option or a
  table): it is not activated again, and its Neutral neighbour is selected all the same
  ("Then ... select a Neutral Country that shares a Border with the Axis Country"); a
  Country of the other side ends the event.
- 15.19 and 15.28's placement of a friendly Influence marker is offered only while one is
  left in the countermix (15.36): 15.28's "must do one of the following" cannot be met by a
  placement that places nothing.
- 15.28 Neutrality Discussions, "Place a friendly Influence marker in one Neutral
  Country": under 15.19's condition for the same placement (no Neutrality, enemy Influence
  or enemy Stronghold marker there, nor one of its own); 15.27 has Neutrality and
  Influence markers exclude each other.
- An HQ or other multi-national unit moved off the map whole (15.8's HQ to the Delay Box)
  leaves the units of its Holding Box in its hex, as in 15.1's example, where the Minor
  unit's breakdown leaves the German step in the hex and only the HQ goes to the Delay Box.
- 15.14 "This unit can come from the Allied faction's Force Pool, a hex on the map, or the
  Turn Track": not a Naval Zone Box, which 15.30.1 names beside hexes where it means them
  ("in a hex or Naval Zone Box on the map"). The Axis suffering a Failure lets the Allied
  faction take an Axis support unit from the same places.
- 15.36 "Select one Allied support unit and place it in the Delay Box": any Allied support
  unit, wherever it is, as printed (one in the Pacific Holding Box or far along the Turn
  Track may be a poor choice for the Axis; the choice is the Axis player's).
- 15.28 Stronghold Lost, "If a Civil War is not in effect, remove the Stronghold and
  Republican Support markers": read as the option's condition, as 15.19 states its own
  ("This option cannot be chosen if a Civil War is in effect"): during a Civil War it is
  withheld, not offered as a choice that changes nothing (which in a "must do one of the
  following" menu would let a faction escape the event).
- 15.28 Vichy Fleet Activated ("has not already been removed from the game") and Vichy
  Fleet Attacked ("the Axis faction has not already taken control"): both are offered only
  while the French Surface Fleet is still in French hands (neither removed nor taken by
  the Axis): activating a fleet the Axis already holds, or attacking one already sunk, is
  read as no choice either (each would change nothing, or send the Axis's own unit back
  to the Delay Box).
- 15.34 Provincial Independence: the separate Neutral Country is a Neutral Country for
  every later menu that selects one (15.26, 15.28, 15.31, 15.37...), and it borders the
  Country it left (Catalonia and the Basque Country border Spain and France:
  reconstructed, the map's borders are not in rule 15). So does every Region made a
  Country (15.25): Slovakia borders Czechoslovakia, Croatia Yugoslavia, Ukraine,
  Byelorussia and Don Russia (reconstructed), so that 15.2's and 15.26's "Neutral Country
  that shares a Border" finds the Country it was part of.

Action keys. A decision offers each choice under a content-named key where the choice is a
content item with a stable id: ``country:<slug>``, ``table:<slug>``, ``faction:<f>``,
``hex:<id>``, ``unit:<id>``, ``cw:<Civil War marker id>``, ``card:<n>``,
``partner:<country>`` (``partner:<country>:flip`` for the 15.38 flip), ``land:<Ceded Land
id>``, ``policy:<id>``, ``box:<Posture Box>`` (ids slugged: lower case, ``_`` for anything
but letters and digits), and ``opt:<option>`` for the named options of the events' menus.
The catalogue is fixed per content pack: units, Civil War markers, Policies and Posture
Boxes are those of the bundled situations plus the units rules create with fixed ids
(Production Directive ``card<n>``, VG ``vg<n>``). Anything else (a unit only a user's
situation file defines, the unit an Emergency Breakdown creates, a Detachment or Logistics
marker, which has no id, a compound choice such as "Soviet suffers Failure (Supply)" or a
Neutrality Discussions move) is offered as ``pick:<position>``, as every choice was
before. Records written then replay unchanged: an old ``pick:<i>`` is read as the i-th
choice of its decision, an old ``country:Baltic States`` as ``country:baltic_states``, and
15.38's ``opt:place_partner`` / ``opt:flip_war_economy`` as the choices that held them.
"""

from __future__ import annotations

EVENTS: list[tuple[str, str, str | None]] = [
    # number, name, what the event needs to be told (None: nothing)
    ("15.1", "Allies Support Resistance", None),
    ("15.2", "Border War", "neutral"),
    ("15.3", "Ceded Land", "land"),
    ("15.4", "Civil War Defeat", None),
    ("15.5", "Civil War Victory", None),
    ("15.6", "Country Joins Axis", "neutral"),
    ("15.7", "Country Resists", "resisting"),
    ("15.8", "Coup Attempt", None),
    ("15.9", "Coup D'etat", "neutral"),
    ("15.10", "Declare War", "neutral"),
    ("15.11", "Delay Reduction", None),
    ("15.12", "Diplomatic Settlement", "resisting"),
    ("15.13", "Diplomatic Success [Area]", "area"),
    ("15.14", "Failure [Command, Supply]", "type"),
    ("15.15", "Free Passage", "neutral"),
    ("15.16", "Further Concessions", "further"),
    ("15.17", "Gradual Decline", "resisting"),
    ("15.18", "Hitler Supports Nationalists", None),
    ("15.19", "Influence", "minor"),
    ("15.20", "Mandated Offensive", None),
    ("15.21", "Military Aid", None),
    ("15.22", "Military Defeat", None),
    ("15.23", "Military Takeover", None),
    ("15.24", "Military Victory", "resisting"),
    ("15.25", "Minor Country Created", None),
    ("15.26", "Minor Country Politics", None),
    ("15.27", "Neutrality", "neutral"),
    ("15.28", "Neutrals Pressured", None),
    ("15.29", "No Pasaran!", None),
    ("15.30", "Pacific Commitment", "variant"),
    ("15.31", "Political Option", None),
    ("15.32", "Production Success [Type]", "card"),
    ("15.33", "Project Success: A-bomb", None),
    ("15.34", "Provincial Independence", None),
    ("15.35", "Republican Infighting", None),
    ("15.36", "Special Weapons Success", None),
    ("15.37", "Successful Challenge [Country]", "challenge"),
    ("15.38", "Successful Improvements", None),
    ("15.39", "The Bell Tolls for Thee", None),
    ("15.40", "Volkssturm", None),
]
EVENT_NAME = {n: name for n, name, _ in EVENTS}
EVENT_NEEDS = {n: needs for n, _, needs in EVENTS}
OPTION_FOR = {"land": ("land", "resisting"), "area": ("area",), "type": ("type",),
              "challenge": ("challenge",), "variant": ("variant",), "card": ("card",)}
"""The options an event reads only when it needs them (``EVENT_NEEDS``): a resisting
Country's event reads ``land`` too (the land demanded); ``country`` is read by every event
that names one."""


def ignored_options(event: str, given: list[str]) -> list[str]:
    """The options of ``given`` (names) that event ``event`` does not read: ``warroom tk
    resolve --event 15.1 --land X`` resolved 15.1 and said nothing of --land (an audit)."""
    needs = EVENT_NEEDS.get(event)
    return [o for o in given if o in OPTION_FOR and needs not in OPTION_FOR[o]]
ALLIED_ONLY = {"15.30", "15.37"}
AXIS_ONLY = {"15.12", "15.17", "15.22", "15.23", "15.24", "15.32"}
"""Events a random draw gives the Axis alone: their texts have the Axis act whoever
received them (a resisting Minor's outcomes of an Axis demand, Germany's defeat, victory and
takeover, its Production Directive cards); a draw gave "Gradual Decline received by the
Soviet faction" (a tk audit). An event given with another ``--faction`` is still resolved
as its text says."""

ISOLATIONISM = "Isolationism"
OSTLAND_ACCORD = "Ostland Accord"
NOT_ENDED: dict[str, tuple[str, ...]] = {
    # 15.28 Reassess Policies: "Exceptions: The Isolationism and Ostland Accord Policies
    # cannot be ended."
    "15.28": (ISOLATIONISM, OSTLAND_ACCORD),
    # 15.31 War with Russia: "The Ostland Accord Policy cannot be ended by this option."
    "15.31": (OSTLAND_ACCORD,),
    # 15.37 End a Policy: "Exception: The Ostland Accord Policy cannot be ended."
    "15.37": (OSTLAND_ACCORD,),
}
"""The Policies a rule names as never ended by it (the rule decides, not a situation file)."""


def _norm(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def is_policy(policy: dict[str, object], name: str) -> bool:
    """Whether a situation's Policy is the one the rulebook calls ``name``: by its name, or
    by its id (``ostland`` for the Ostland Accord), whatever the case and punctuation."""
    want = _norm(name)
    ids = {want, want.removesuffix("accord")}
    return _norm(str(policy.get("name", ""))) in ids or _norm(str(policy.get("id", ""))) in ids


def may_end(policy: dict[str, object], rule: str) -> bool:
    """Whether ``rule`` (15.28, 15.31 War with Russia, 15.37) may end ``policy``."""
    return not any(is_policy(policy, n) for n in NOT_ENDED.get(rule, ()))
SOVIET_ONLY = {"15.16"}

EVENT_SUMMARIES: dict[str, str] = {
    "15.1": "Allies Support Resistance: the Allied receiver (or, if the Axis got it, Western on "
            "an unmodified 1-3, Soviet on 4-6) may: roll the Civil War Table (Civil War Country "
            "only); a Partisan Base to its Force Pool (not Pre-War); or pick a hex where the Axis "
            "loses a colonial or Minor step (one in a multi-national Holding Box counts), an SS "
            "step (only with SS Europa on the VP Track), else a Detachment/Logistics marker (not "
            "on an Island).",
    "15.2": "Border War: the Country activates for the receiver's side (Axis, or Allied); that "
            "player then picks a Neutral Country bordering it or its Dependents, which activates "
            "for the other side. If there is no such Neutral Country, only the first activation "
            "happens.",
    "15.3": "Ceded Land: the receiver puts its Ceded Land marker in the Ceded Lands Box, maybe a "
            "Detachment to a Port/City there. The ceding Country loses a Neutrality marker or "
            "an Influence marker of the receiver's side (Axis; or either Allied faction's); "
            "with no Neutrality/Influence marker it gets the other side's (from the Axis: "
            "Western, or 1-3 Western/4-6 Soviet next to a Soviet Country); with the other "
            "side's Influence already there, nothing changes.",
    "15.4": "Civil War Defeat: No Result unless a Civil War is in effect. The other side (the "
            "Axis, or the faction on the Republican Support marker) flips one of the roller's "
            "Centers or Strongholds (Stronghold only if last). If all then show one side, the war "
            "ends (a Republican win keeps the Republican Stronghold and Support markers; a "
            "Nationalist win removes all); the winner may roll an Area Table and, on a Neutral "
            "Country, apply Influence (15.19).",
    "15.5": "Civil War Victory: No Result unless a Civil War is in effect. The Axis, or for an "
            "Allied roll the faction on the Republican Support marker, flips one enemy Center or "
            "Stronghold (Stronghold only if last). If all then show one side, the war ends (a "
            "Republican win keeps the Republican Stronghold and Support markers; a Nationalist "
            "win removes all); the winner may roll an Area Table and, on a Neutral Country, "
            "apply Influence (15.19).",
    "15.6": "Country Joins Axis: the Minor Country activates as an Axis Minor Country (13.7) "
            "unless it holds a Neutrality, Allied Influence or Republican Stronghold marker; then "
            "one such marker is removed instead, so it may take several hits.",
    "15.7": "Country Resists: Axis receiver: Pre-War, Locarno/Cordon Posture: International "
            "Crisis Table; other Postures: it joins the Allies, its Policy ends, Limited War "
            "starts; later: it joins the Allies (a PAC's Policy ends). Allied receiver: "
            "Britain/Russia a PAC loses 1 armor or 2 infantry steps, else it joins the Axis. "
            "Whenever the Minor is activated, the receiver puts its Ceded Land marker for the "
            "demanded land in its Force Pool and may place a Blitz marker in this turn's "
            "Support Segment.",
    "15.8": "Coup Attempt: the receiver must do two different actions of three: a friendly "
            "support unit from the Force Pool to the Delay Box; two friendly steps lost on the "
            "map (armor-type if possible, no breakdown); a friendly HQ from the map to the Delay "
            "Box.",
    "15.9": "Coup D'etat: the Country activates for the receiver's enemy, as an Axis Country if "
            "an Allied faction got it, as an Allied Country (13.5) if the Axis did, with no "
            "Mobilization Roll.",
    "15.10": "Declare War: an Allied receiver activates the Minor Country as an Axis Country; an "
             "Axis receiver activates it as an Allied Country after finding its alignment (13.5), "
             "ending its Policy if it is a PAC.",
    "15.11": "Delay Reduction: the faction may move one friendly unit on the Turn Track one box "
             "to the left, so it arrives sooner, but not into the current Game Turn.",
    "15.12": "Diplomatic Settlement: the Allied faction aligned with the resisting Minor Country "
             "must apply Influence (15.19) to a Neutral Country bordering it; then the Axis must "
             "perform Ceded Land (15.3) on the resisting Minor Country.",
    "15.13": "Diplomatic Success [Area]: roll one die on the Area Table of the Area the event "
             "names; if the modified result is a Neutral Country, apply Influence (15.19) to it.",
    "15.14": "Failure [Command, Supply]: for an Allied victim the Axis places that faction's "
             "Failure marker (14.12) in any hex and may send one of its support units (Force "
             "Pool, map or Turn Track) to the Delay Box; for the Axis, an Allied faction the Axis "
             "picks places it and may delay one Axis support unit.",
    "15.15": "Free Passage: with no Neutrality or enemy Influence marker, the Minor Country "
             "activates as friendly (13.7) with a Free Passage marker (14.13) instead of a "
             "Mobilizing marker and no Mobilization Roll; otherwise that marker is removed.",
    "15.16": "Further Concessions: a Neutral Country that has not ceded to Russia gives its "
             "Russian Ceded Land marker (Neutrality or Allied Influence removed; with neither "
             "Neutrality nor Influence, Axis Influence placed). If it has: Finland, Poland or "
             "Rumania flip the marker and leave play; Turkey gives the Russian Turkish Straits "
             "(No Result if Britain's is in), with the same Influence change in Ankara. In these "
             "two cases the Soviets may place a Detachment (in a Port/City of the Ceded Land; "
             "for Turkey, in Istanbul).",
    "15.17": "Gradual Decline: the Axis must (1) apply Influence (15.19) to a Neutral Country "
             "bordering the resisting Minor Country, (2) put that Minor's Ceded Land marker in "
             "the Delay Box (14.7), (3) activate the Minor as Allied (13.7.1), no Mobilization "
             "Roll, Policy kept. Pre-War remains in effect.",
    "15.18": "Hitler Supports Nationalists: whoever got it, the Axis may do one: a Civil War "
             "Table roll (Civil War Country only); place a German colonial or Axis Minor "
             "replacement step; or pick a hex where the Allies lose a colonial or Minor step, "
             "else a Detachment/Logistics marker (not on an Island).",
    "15.19": "Influence: the receiver may do one: remove a Free Passage/No Occupation marker from "
             "a Friendly Minor; in a Neutral Minor, remove its Stronghold and Republican Support "
             "(no Civil War) or a Neutrality/enemy Influence marker, place a friendly Influence "
             "marker (not beside a Neutrality, enemy Influence or enemy Stronghold marker), or "
             "activate it if a friendly Influence marker is there (not with an enemy "
             "Stronghold; in Pre-War, not as Allied if its Posture is Locarno or Cordon).",
    "15.20": "Mandated Offensive: the phasing faction must either make one attack now that "
             "includes a friendly armor-type unit (Regular Combat Segment rules) or eliminate one "
             "friendly armor-type step from a unit on the map.",
    "15.21": "Military Aid: the phasing faction may do one of the event's options; their list "
             "is missing from the source text, so the two offered are reconstructed (a "
             "replacement step, or a support unit from the Delay Box back to the Force Pool).",
    "15.22": "Military Defeat: the Axis must eliminate one German armor step or two German "
             "infantry steps from the map, then move any Outbreak of War units in its Conditional "
             "Event Box to the Delay Box. Pre-War stays in effect; the Allies remain complacent.",
    "15.23": "Military Takeover: the Axis must replace the SS Europa marker on the VP Track with "
             "No Retreat (if there), place the Military Takeover marker in the Strategic Warfare "
             "Box, may raise or lower each Truce marker one level, then put a Negotiation marker "
             "in every Posture Box without a Truce.",
    "15.24": "Military Victory: the Axis must eliminate one German armor step or two German "
             "infantry steps from the map, then perform Ceded Land (15.3); every faction moves "
             "its Outbreak of War units from its Conditional Event Box to the Delay Box. Pre-War "
             "remains in effect.",
    "15.25": "Minor Country Created: the Axis may make a conquered Country or eligible "
             "Dependent/Region (13.8.2) whose Cities and Allied Partisan Base hexes it all holds "
             "an active Axis Minor; its units join the Axis Force Pool, Partisan Bases there are "
             "interned, a same-named German Ceded Land marker or colonial unit leaves.",
    "15.26": "Minor Country Politics: the receiver rolls an Area Table. Pre-War/Limited War: "
             "Neutral, the Axis may roll Diplomatic Incident; Axis or Soviet Minor, that faction "
             "picks a bordering Neutral that joins the enemy; Western, No Result. Total War: the "
             "Minor's own faction eliminates 2 of its steps. Conquered/Dependent: an Axis unit "
             "there loses 1.",
    "15.27": "Neutrality: the receiver removes the Influence marker from the selected Minor "
             "Country, or, if it holds neither an Influence nor a Neutrality marker, places a "
             "Neutrality marker there.",
    "15.28": "Neutrals Pressured: the receiver must do one: Minor Country Politics (15.26); place "
             "friendly Influence in, or remove Neutrality/enemy Influence from, a Neutral; delay "
             "Lend-Lease (US a PAC); Reassess Policies (Axis Tide); Stronghold Lost; Vichy Fleet "
             "Activated or Attacked; Wider Involvement.",
    "15.29": "No Pasaran!: the roller must either eliminate one step from a friendly ground unit "
             "in any hex or turn the event into Civil War Defeat (15.4) and resolve it at once.",
    "15.30": "Pacific Commitment: an Allied faction performs it, one way in TK (15.30.1) and "
             "another in AE (15.30.2).",
    "15.30.1": "Pacific Commitment in TK: at No War the Allied faction may move a friendly unit "
               "from the Pacific Holding Box to the Delay Box. Otherwise it rolls an unmodified "
               "die: 1-3, a friendly support unit must go to that box (optional if it holds 1 at "
               "Limited, 2 at Total War); 4-6, it may move one to the Delay Box.",
    "15.30.2": "Pacific Commitment in AE: the Allied faction may move one support unit from its "
               "TK Force Pool to the Delay Box on the DS map, but not one of a Country whose LOC "
               "Damaged marker is in the DS Strategic Warfare Box.",
    "15.31": "Political Option: the receiver may do one: Aid to Civil War Country (15.4/15.5); "
             "Declare War on a Neutral; Eastern Peace Talks (not Western) or Western Peace Talks "
             "(not Soviet) (a Truce one level, then Negotiation markers); Military Failure "
             "(15.14); Influence on a Neutral; War with Russia (not Western; never the Ostland "
             "Accord) or War with the West (not Soviet) (end a Policy); Wider Involvement.",
    "15.32": "Production Success [Type]: the first time for a Production Directive card (45-49), "
             "its unit goes to the Delay Box; the second time, its production marker does (for "
             "example card 46: the Reich interceptor, then Jet Fighters Production, 14.16).",
    "15.33": "Project Success: A-bomb: the Axis may place an uncontested Atomic Devastation "
             "marker in a Land hex holding no unit of an Allied TAC, within 3 hexes of a German "
             "Air Base; the Western faction (US not a TAC) within 9 of a US Air Base; never in a "
             "Neutral Minor. It may eliminate one enemy ground unit or Detachment/Logistics "
             "marker there (to the Delay Box with a Delay Stripe, else to its Force Pool).",
    "15.34": "Provincial Independence: if a City of a Civil War Country's Breakaway Region holds "
             "a Republican Center, that Region becomes a separate Neutral Country (the Western "
             "faction picks if several): its flag marker replaces the Center and its N units are "
             "set aside.",
    "15.35": "Republican Infighting: an Allied receiver must either resolve Civil War Defeat "
             "(15.4) or flip the Republican Support marker; an Axis receiver must either resolve "
             "Civil War Victory (15.5) or flip that marker.",
    "15.36": "Special Weapons Success: the Axis may do one: put an Allied support unit in the "
             "Delay Box; eliminate one step in a hex with an Allied ground unit (4.2.6.2, "
             "Emergency Breakdown for a Holding Box step); or apply 15.32 or 15.33 for a played "
             "card 44-49 that is not its current card.",
    "15.37": "Successful Challenge [Country]: the Allied receiver may do one: Attack! (a Blitz "
             "marker in its next Support Segment); Declare War (a Neutral activates as an Axis "
             "Country); or end a Policy, not the Ostland Accord, in the named Country's Posture "
             "Box (all its markers go).",
    "15.38": "Successful Improvements: the roller may put a Partnership Country counter not yet "
             "in play in the Delay Box, bringing its support unit and War Economy marker. For "
             "France or Italy it may instead flip the War Economy +1 marker to +2 and leave it in "
             "the Strategic Warfare Box.",
    "15.39": "The Bell Tolls for Thee: the roller must either eliminate one step from a friendly "
             "ground unit in any hex and then resolve Civil War Victory (15.5) at once, or treat "
             "the event as No Result.",
    "15.40": "Volkssturm: the Axis may at once receive one German 0-2-2 VG infantry unit and "
             "place it as a replacement.",
}
"""What each event does, in a few words of warroom's own (paraphrased from rule 15): what
``rule 15.19`` prints at the terminal and a rule badge shows in the web app. Each starts with
the event's title (:data:`EVENTS`)."""

RULES: dict[str, str] = {
    "15": "Political Events",
    **{n: EVENT_SUMMARIES.get(n, name) for n, name, _ in EVENTS},
    "15.30.1": EVENT_SUMMARIES["15.30.1"],
    "15.30.2": EVENT_SUMMARIES["15.30.2"],
    "2.3.4": "Emergency Breakdown (modelled: Holding Box units to the hex, the HQ to the Delay "
             "Box)",
    "4.2.6.2": "Eliminating Steps (modelled; the physical counters are flipped or replaced)",
    "12.2": "Limited War",
    "13.5": "Alignment of a Minor Country (modelled: the Policy's Posture Box, else content)",
    "13.6": "Posture (modelled: the Policy's Posture, else Locarno or Cordon)",
    "13.6.1.2": "Ending a Policy: all its markers leave the Posture Boxes",
    "13.6.2.3": "Truce levels (modelled: 1-3; reducing level 1 removes the marker)",
    "13.7": "Activating a Minor Country",
    "13.7.1": "Mobilization of an activated Minor Country (on the physical map)",
    "13.8.1.1": "Countries removed from play by ceding land to Russia",
    "13.8.2": "Eligible Dependents and Regions",
    "14.7": "Ceded Land markers leaving the Delay Box",
    "14.12": "Failure markers",
    "16.7": "Interning Partisan Bases",
}
