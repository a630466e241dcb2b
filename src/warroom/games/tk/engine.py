"""The flow vocabulary of the TK political events, on core's decision stack (core.flow).

Two kinds of frames carry a resolution (their handlers live in ``game.py``):

- ``step``: a procedure frame, a pending step of an event (the name of a registered step
  function and its context). Core's driver runs it as soon as it reaches the top of the
  stack: it pops itself and runs its step, which may push more frames.
- ``choose``: a decision of one faction. It holds the rule, the prompt, the enumerated
  choices (catalogue key, label, JSON value) and the name of the registered choice
  handler that receives the chosen value.

"Do A, then B" pushes B (:func:`call_step`) then A; A may ask questions (:func:`ask` pushes
``choose`` frames above B) and B runs once they are answered. Chained events (Neutrals
Pressured -> Minor Country Politics -> Diplomatic Incident...) are simply more ``step``
frames, so the whole resolution is serialisable, clonable and replayable.

The registries below are filled once, at import, by the event modules' decorators.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from warroom.core.actions import ActionCatalogue
from warroom.core.flow import call
from warroom.games.tk.components import Content

Data = dict[str, Any]
Ctx = dict[str, Any]
Label = str | tuple[str, str]
"""A choice's label: its text, or (name, what it does). The pair is shown as "name: what it
does" and logged, once chosen, as the name alone: the log's next lines say what it did (and
the records of earlier versions, whose labels were the names, log the same lines)."""
Choice = tuple[str | None, Label, Any]
"""(preferred catalogue key or None, label, JSON value handed to the choice handler)."""

KEY_KINDS = ("hex", "unit", "cw", "card", "partner", "land", "policy", "box")
"""Kinds of content-named keys added to the catalogue after ``pick:*`` (so that the ids of
the older actions do not move): ``hex:<hex id>``, ``unit:<unit id>``, ``cw:<Civil War
marker id>``, ``card:<Production Directive card>``, ``partner:<Partnership Country>`` (and
``partner:<country>:flip``), ``land:<Ceded Land marker id>``, ``policy:<Policy id>``,
``box:<Posture Box>``. Units, Civil War markers, Policies and Posture Boxes are defined by
situations: the catalogue names those of the bundled situations (and the units that rules
create with a fixed id: Production Directive units, VG units); anything else, such as a
unit that only a user's situation file defines or the unit an Emergency Breakdown creates,
is offered as ``pick:<position>``."""

STEP = "step"
CHOOSE = "choose"
MAX_PICKS = 160


class TkRules(Protocol):
    """What the rules read from the game: its content and its action catalogue."""

    c: Content
    catalogue: ActionCatalogue


StepFn = Callable[[TkRules, Data, Ctx], None]
ChoiceFn = Callable[[TkRules, Data, Ctx, Any], None]

STEPS: dict[str, StepFn] = {}
CHOICES: dict[str, ChoiceFn] = {}

# Named options offered by the events' menus (catalogue keys ``opt:<slug>``).
OPTIONS: dict[str, str] = {
    "no_result": "Decline: do nothing (each event names what that means)",
    "civil_war_table": "Roll on the Civil War Table",
    "partisan_base": "Place a Partisan Base marker in the Force Pool",
    "select_hex": "Select a hex with an eligible enemy unit or marker",
    "replacement": "Receive and place a replacement step",
    "remove_fp_no": "Remove a Free Passage or No Occupation marker",
    "remove_stronghold": "Remove the Stronghold and Republican Support markers",
    "remove_marker": "Remove a Neutrality or enemy Influence marker",
    "place_influence": "Place a friendly Influence marker",
    "activate": "Activate the Country as a friendly Minor Country",
    "attack": "Conduct one attack including a friendly armor-type unit",
    "eliminate_armor": "Eliminate a friendly armor-type step",
    "armor": "Eliminate one armor step",
    "infantry": "Eliminate two infantry steps",
    "minor_country_politics": "Minor Country Politics",
    "neutrality_discussions": "Neutrality Discussions",
    "pressure_us": "Pressure the US",
    "reassess_policies": "Reassess Policies",
    "stronghold_lost": "Stronghold Lost",
    "vichy_fleet_activated": "Vichy Fleet Activated",
    "vichy_fleet_attacked": "Vichy Fleet Attacked",
    "wider_involvement": "Wider Involvement",
    "eliminate_step": "Eliminate one step from a friendly ground unit",
    "civil_war_defeat": "Turn this into Civil War Defeat (15.4)",
    "civil_war_victory": "Turn this into Civil War Victory (15.5)",
    "flip_support": "Flip the Republican Support marker",
    "aid_civil_war": "Aid to Civil War Country",
    "declare_war": "Declare War",
    "eastern_peace_talks": "Eastern Peace Talks",
    "military_failure": "Military Failure",
    "neutrals_consider": "Neutrals Consider Options",
    "war_with_russia": "War with Russia",
    "war_with_west": "War with the West",
    "western_peace_talks": "Western Peace Talks",
    "support_to_delay": "Place an Allied support unit in the Delay Box",
    "eliminate_allied_step": "Eliminate one step from a hex with an Allied ground unit",
    "production_card": "Apply a played Production Directive card",
    "blitz": "Attack!: place a Blitz marker in the next Support Segment",
    "end_policy": "End a Policy",
    "support_unit_delay": "Place a friendly support unit from the Force Pool in the Delay Box",
    "eliminate_two": "Eliminate two friendly steps (armor if possible)",
    "hq_delay": "Place a friendly HQ unit from the map in the Delay Box",
    "increase": "Increase the Truce marker one level",
    "reduce": "Reduce the Truce marker one level",
    "leave": "Leave the Truce marker as it is",
    "place_detachment": "Place a Detachment marker in the Ceded Land",
    "roll_incident": "Roll on the Diplomatic Incident Table",
    "flip_war_economy": "Flip the War Economy marker to its +2 side",
    "place_partner": "Place the Partnership Country counter in the Delay Box",
    "place_marker": "Place the marker",
    "take_support": "Take the support unit and place it in the Delay Box",
    "place_vg": "Receive the German 0-2-2 VG infantry unit",
    "production_success": "Apply Production Success (15.32)",
    "project_success": "Apply Project Success: A-bomb (15.33)",
    "command": "Failure (Command)",
    "supply": "Failure (Supply)",
    "remove_neutrality": "Remove the Neutrality marker",
    "remove_influence": "Remove the Influence marker",
    "place_neutrality": "Place a Neutrality marker",
    "remove_republican_stronghold": "Remove the Republican Stronghold marker",
    "support_from_pool": "Place a friendly support unit in the Delay Box",
    "aid_replacement": "Receive and place one friendly replacement step",
    "aid_support": "Return a friendly support unit from the Delay Box to the Force Pool",
}


def slug(ident: str | int) -> str:
    """A content id as a key part: lower case, runs of anything but letters and digits
    become one ``_`` (``North Sea`` -> ``north_sea``, ``Baltic States`` ->
    ``baltic_states``)."""
    return re.sub(r"[^a-z0-9]+", "_", str(ident).lower()).strip("_") or "_"


def key(kind: str, ident: str | int) -> str:
    """The content-named catalogue key of a content item (``hex:berlin``, ``unit:ge_pz1``,
    ``country:baltic_states``)."""
    return f"{kind}:{slug(ident)}"


def step(name: str) -> Callable[[StepFn], StepFn]:
    """Register a step function under ``name`` (run by a ``step`` procedure frame)."""
    def deco(fn: StepFn) -> StepFn:
        if name in STEPS:
            raise ValueError(f"duplicate step {name}")
        STEPS[name] = fn
        return fn
    return deco


def on_choice(name: str) -> Callable[[ChoiceFn], ChoiceFn]:
    """Register the handler of a decision's chosen value under ``name``."""
    def deco(fn: ChoiceFn) -> ChoiceFn:
        if name in CHOICES:
            raise ValueError(f"duplicate choice handler {name}")
        CHOICES[name] = fn
        return fn
    return deco


def call_step(data: Data, fn: str, /, **ctx: Any) -> None:
    """Push a ``step`` procedure frame for step ``fn``: core runs it once everything pushed
    after it is resolved."""
    if fn not in STEPS:
        raise KeyError(f"unknown step {fn}")
    call(data, STEP, None, fn=fn, ctx=ctx)


def ask(g: TkRules, data: Data, role: str, rule: str, prompt: str,
        choices: Sequence[Choice], fn: str, /, legacy: Sequence[str | None] | None = None,
        **ctx: Any) -> None:
    """Push a decision of ``role``: ``choices`` are (preferred key, label, value).

    A choice keeps its preferred key when the catalogue has it and no earlier choice took
    it; any other choice is ``pick:<its position>``. A label given as (name, what it does)
    is shown as ``name: what it does`` and keeps the name as ``name``, the text the log
    writes when it is chosen (:data:`Label`).

    ``legacy`` gives, per choice, the preferred key an earlier version offered where it
    differs from today's (15.38's ``opt:place_partner``): the key that version gave the
    choice is kept as ``old``, so that :meth:`ChooseDecision.alias` reads old records.
    (An old positional ``pick:<i>`` needs nothing: it is the i-th choice.)
    """
    if fn not in CHOICES:
        raise KeyError(f"unknown choice handler {fn}")
    if not choices:
        raise ValueError(f"[{rule}] a decision without choices: {prompt}")
    if len(choices) > MAX_PICKS:
        choices = choices[:MAX_PICKS]
    used: set[str] = set()
    used_old: set[str] = set()
    out = []
    for i, (pref, label, value) in enumerate(choices):
        if pref is not None and pref.startswith("opt:") and pref[4:] not in OPTIONS:
            raise KeyError(f"option {pref} is not in the catalogue")
        k = pref
        if k is None or k in used or not g.catalogue.has_key(k):
            k = f"pick:{i}"
        used.add(k)
        name, does = (label, "") if isinstance(label, str) else label
        choice = {"key": k, "label": f"{name}: {does}" if does else name, "value": value}
        if does:
            choice["name"] = name
        old = legacy[i] if legacy is not None and i < len(legacy) else None
        if old is not None and old not in used_old and g.catalogue.has_key(old):
            used_old.add(old)
            if old != k:
                choice["old"] = old
        out.append(choice)
    call(data, CHOOSE, role, rule=rule, prompt=prompt, choices=out, fn=fn, ctx=ctx)
