"""Rule numbers of Totaler Krieg! rule 15 (Political Events) and the rules it refers to."""

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
