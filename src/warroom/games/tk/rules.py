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
- 15.32 Production Success [Type]: the ``card`` option must be one of the cards the rule
  lists (45-49, those with a unit in the content); card 44 (A-bomb) is Project Success,
  15.33, and is refused with that reason.

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
ALLIED_ONLY = {"15.30", "15.37"}

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

RULES: dict[str, str] = {
    "15": "Political Events",
    **{n: name for n, name, _ in EVENTS},
    "15.30.1": "Pacific Commitment in TK",
    "15.30.2": "Pacific Commitment in AE",
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
