"""Helpers that card Events are written with (the vocabulary of DESIGN.md): SP and
Extremists by space name, Support Checks, Power, Moderation, Tension, OPs modifiers,
Rearmament, markers, and choices. Event SP ignore adjacency and control (6.1.1).

Cards are named by their printed number (2.2), never by title: a content pack that corrects
a title keeps every Event working. :class:`CardCode` is what a card's number is registered
with in its era module's ``CODE`` table (Rally the Troops' ``CODE[n]``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from warroom.core.flow import call
from warroom.core.log import log
from warroom.games.eit2 import board as b
from warroom.games.eit2 import operations as op
from warroom.games.eit2.board import ROLE, SIDE, Data
from warroom.games.eit2.components import MARKER_FLAGS, Components

Frame = dict[str, Any]
EventFn = Callable[[Components, Data, int], None]
"""An Event: (components, data, the side implementing it)."""
CondFn = Callable[[Components, Data, int], bool]
"""When the Event may occur, beyond its prerequisites (7.5)."""
StepFn = Callable[[Components, Data, Frame, "int | None"], None]
"""How an Event goes on after a choice (None: the player passed)."""
InstallFn = Callable[[Components, Data], None]
"""What keeps an Event in force (its modifiers and markers), also at a scenario set-up."""
RearmFn = Callable[[Components, Data, int, int], int]
"""6.3.7 exception: an extra modifier when the card is played for a Rearmament attempt
(side, track index)."""


@dataclass(frozen=True)
class CardCode:
    """The code of one card's Event, registered by the card's printed number."""

    event: EventFn
    steps: dict[str, StepFn] = field(default_factory=dict)
    condition: CondFn | None = None
    ongoing: InstallFn | None = None
    rearmament: RearmFn | None = None


SCORING_REGIONS = ("France", "Italy", "Germany", "United Kingdom", "Little Entente", "Spain")
"""The six Scoring Regions (2.1.1), in the order Events list them."""


def sid(c: Components, name: str) -> int:
    return int(c.index[name])


def place(c: Components, data: Data, side: int, name: str, n: int, rule: str = "7.1") -> int:
    """Place ``n`` SP in the named space (an Event naming the Rhineland may place there)."""
    return b.place_sp(c, data, side, sid(c, name), n, rule, by_name=True)


def remove(c: Components, data: Data, side: int, name: str, n: int, rule: str = "7.1") -> int:
    return b.remove_sp(c, data, side, sid(c, name), n, rule)


def remove_named(c: Components, data: Data, side: int, name: str, n: int) -> int:
    """An Event's "remove N ``side`` SP from ``name``": as :func:`remove`, and where the
    space holds none of them the log says so, so that no clause of a card goes unsaid (an
    eit2 card audit: six cards' removals were silent, two said it in their own words)."""
    k = remove(c, data, side, name, n)
    if not k:
        log(data, "7.1", f"{name} holds no {SIDE[side]} SP to remove")
    return k


def extremist(c: Components, data: Data, side: int, name: str, rule: str = "7.1") -> bool:
    return b.add_extremist(c, data, side, sid(c, name), rule)


def remove_extremist(c: Components, data: Data, side: int, name: str, rule: str = "7.1") -> bool:
    return b.remove_extremist(c, data, side, sid(c, name), rule)


def as_card_ops(c: Components, data: Data, side: int, n: int) -> int:
    """7.4: an Event's Support Check "with a +N modifier" is made as if ``side`` had played
    a card of N OPs, so ``side``'s OPs modifiers apply (Dawes/Young Plan, low Moderation:
    7.3.1, 8.3), as they do to a Scoring card's check (7.4's examples). Logged when they
    change it."""
    ops = op.event_check_ops(c, data, side, n)
    if ops != n:
        log(data, "7.4", f"The Event's Support Check plays like a {n}-OPs card: "
            f"{SIDE[side]}'s OPs modifiers make it +{ops}")
    return ops


def check(c: Components, data: Data, side: int, name: str, ops: int, extra: int = 0,
          source: str = "Event", received: bool = False) -> int:
    """A Support Check named by the Event with a +``ops`` modifier, made even without
    opposing markers (6.2.4) and as if a card of ``ops`` OPs were played (7.4,
    :func:`as_card_ops`); ``received``: ``ops`` is already the OPs a player received for a
    card (5.2 note), which nothing modifies again."""
    if not received:
        ops = as_card_ops(c, data, side, ops)
    return op.support_check(c, data, side, sid(c, name), ops, extra, source)


def named_check(c: Components, data: Data, side: int, card: int, name: str, ops: int,
                received: bool = False) -> int:
    """Card ``card``'s Support Check in the space it names, ``name``, with a +``ops``
    modifier (``received``: with the card's OPs as received, :func:`check`): logged under
    6.2.4's exception (an Event naming the space makes it even without opposing markers)
    before the check itself (6.2.5)."""
    how = f"the card's {ops} OPs as received" if received else f"a +{ops} modifier"
    log(data, "6.2.4", f"{c.cards[card].title}: {SIDE[side]} makes a Support Check in {name} "
        f"with {how} (made even without opposing markers)")
    return check(c, data, side, name, ops, received=received)


def power(c: Components, data: Data, side: int, n: int, rule: str = "10.2") -> None:
    b.gain_power(c, data, side, n, rule)


def moderation(c: Components, data: Data, side: int, delta: int, rule: str = "8.2") -> None:
    b.change_moderation(c, data, side, delta, rule)


def tension(c: Components, data: Data, delta: int, mover: int, rule: str = "9.1") -> None:
    b.change_tension(c, data, delta, mover, rule)


def ops_modifier(data: Data, side: int, value: int, card: int, minimum: int = 1,
                 until: str = "turn") -> None:
    """7.3: a modifier of the OPs ``side`` receives (for the rest of the turn by default),
    from the Event of card number ``card``."""
    data["ops_mods"].append({"side": side, "value": value, "min": minimum, "until": until,
                             "card": card})


def controls(c: Components, data: Data, side: int, name: str) -> bool:
    return b.controller(c, data, sid(c, name)) == side


def track(c: Components, track_id: str) -> int:
    return int(c.track_ids.index(track_id))


def advance_track(c: Components, data: Data, side: int, track_id: str, n: int = 1) -> None:
    op.advance_by_event(c, data, side, track(c, track_id), n)


def received_ops(c: Components, data: Data, n: int, rearmament: bool = False) -> int:
    """5.2 note: card ``n``'s OPs value as received by the player who played it (the phasing
    player), with every modifier of 7.3.1/8.3 -- also when the Event is the opponent's:
    "the OPs Value of the card will always be equal to the amount of Operation Points the
    Phasing Player received for playing the card"."""
    base = c.cards[n].ops or 0
    return op.effective_ops(c, data, data["phasing"], base, rearmament=rearmament)


def retreat_track(c: Components, data: Data, track_id: str, n: int) -> None:
    op.retreat_by_event(c, data, track(c, track_id), n)


def free_attempt(c: Components, data: Data, side: int, card: int, tracks: list[str],
                 bonus: tuple[int, str] | None = None) -> None:
    """6.3.5: the free Rearmament attempt the Event of card ``card`` gives ``side`` on one
    of ``tracks``: "Unless specified otherwise (i.e. Mechanised Warfare Pioneers), free
    rearmament attempts still require a card to be played for its Operations Points", so
    the player plays a card from their hand for it (or passes), as for a box's free attempt
    (the 6.3.5 example: "they must discard an additional card and make another roll").
    ``bonus``: the modifier the Event adds to the attempt. A track that is complete or
    closed takes none (6.3.8); with none open, or no card in hand, there is no attempt."""
    title = c.cards[card].title
    open_ = [t for t in tracks if op.track_open(c, data, track(c, t))]
    if not open_:
        names = " and the ".join(c.track_names[track(c, t)] for t in tracks)
        log(data, "6.3.8", f"{title}: the {names} track{'s take' if len(tracks) > 1 else ' takes'}"
            " no Rearmament attempt now: no free attempt")
        return
    if not data["hands"][side]:
        log(data, "6.3.5", f"{title}: {SIDE[side]} holds no card to play for the free "
            "Rearmament attempt")
        return
    call(data, "free_attempt", ROLE[side], side=side, box=title, tracks=open_,
         event_bonus=[bonus[0], bonus[1]] if bonus is not None and bonus[0] else None,
         card=card)


def choose(c: Components, data: Data, side: int, card: int, step: str, options: list[int],
           *, what: str = "space", optional: bool = False, prompt: str = "",
           rule: str = "7.1", none: str = "", none_rule: str = "7.1", **extra: Any) -> None:
    """Ask ``side`` to choose one of ``options`` (space ids, card numbers, track indices or
    small numbers, per ``what``) for the Event of card ``card``, which then goes on in its
    step ``step``. ``prompt`` says what is decided (public text), under ``rule``. With no
    option the clause is said to do nothing: ``none`` says why (under ``none_rule``; "nothing
    to choose" alone left a player to guess what was missing: an events audit)."""
    title = c.cards[card].title
    if not options and not optional:
        log(data, none_rule, f"{title}: {none or 'nothing to choose'}")
        return
    call(data, "event_choice", ROLE[side], side=side, card=card, title=title, step=step,
         options=list(options), what=what, optional=optional,
         prompt=prompt or f"{title}: choose a {what}", rule=rule, **extra)


def waits(data: Data, depth: int, card: int, step: str, **scope: Any) -> bool:
    """Whether a decision was pushed since the stack held ``depth`` frames: a relocation
    of an Extremist when all 15 are on the board (2.3.2). Then card ``card``'s step
    ``step`` (with ``scope``) is put under it, to go on once it is made (an ``event_then``
    frame), and the Event stops here. The card's text is done in its order: "place an
    Extremist, then make a Support Check" rolled the check before the Extremist came (an
    outside audit), and a high roll could bring a second one. False: go on at once."""
    if len(data["stack"]) <= depth:
        return False
    pending = data["stack"][depth:]
    del data["stack"][depth:]
    call(data, "event_then", None, card=card, step=step, **scope)
    data["stack"].extend(pending)
    return True


def spaces_in(c: Components, region: str) -> list[int]:
    return [s for s in range(len(c.names)) if c.region[s] == region]


def flag(data: Data, name: str, value: bool = True) -> None:
    data["flags"][name] = value


def check_modifier(c: Components, data: Data, side: int, value: int, card: int, *,
                   spaces: list[str] | None = None, region: str | None = None,
                   until: str = "game") -> None:
    """An ongoing modifier of ``side``'s Support Checks (in ``spaces``/``region``, or
    everywhere when neither is given) from the Event of card ``card``, shown in the log by
    the card's title; ``until``: "turn" or "game" (or removed by cancel)."""
    data["check_mods"].append({"side": side, "value": value, "card": card, "until": until,
                               "spaces": [sid(c, n) for n in spaces or []],
                               "region": region, "marker": c.cards[card].title})


def cancel(c: Components, data: Data, n: int, rule: str = "7.2") -> bool:
    """End the ongoing Event of card ``n`` (7.2): its card leaves play and its modifiers go."""
    card = c.cards[n].title
    mods = sum(1 for key in ("ops_mods", "rearm_mods", "check_mods", "place_bans",
                             "closed_tracks") for m in data[key] if m.get("card") == n)
    marker = MARKER_FLAGS.get(n)
    shown = bool(marker and data["flags"].get(marker))
    if n not in data["ongoing"] and not mods and not shown:
        log(data, rule, f"{card} is not in effect: nothing to cancel")
        return False
    if n in data["ongoing"]:
        data["ongoing"].remove(n)
        data["out_of_game" if c.cards[n].removed_after_event else "discard"].append(n)
    for key in ("ops_mods", "rearm_mods", "check_mods", "place_bans", "closed_tracks"):
        data[key] = [m for m in data[key] if m.get("card") != n]
    if marker:
        data["flags"][marker] = False
    log(data, rule, f"The ongoing Event {card} is cancelled", card=n)
    return True


def cancel_event(c: Components, data: Data, n: int) -> None:
    """A card's "Cancel X": X's ongoing Event ends (7.2, :func:`cancel`), and X's Event can no
    longer be played, whether it was played yet or not (7.5: "If an Event becomes unplayable
    due to its cancellation ... by another Event card")."""
    cancel(c, data, n)
    if n not in data["blocked"]:
        block(c, data, n)
        log(data, "7.5", f"{c.cards[n].title} can no longer be played as an Event", card=n)


def block(c: Components, data: Data, n: int) -> None:
    """The Event of card ``n`` can no longer be played (its card may still give OPs, 7.5)."""
    if n not in data["blocked"]:
        data["blocked"].append(n)


def in_effect(c: Components, data: Data, n: int) -> bool:
    """Card ``n``'s Event was played and is ongoing (or its reminder marker is in place)."""
    return n in data["ongoing"]


def played(c: Components, data: Data, n: int) -> bool:
    return n in data["events_played"]


def oblige(data: Data, side: int, kind: str, count: int, track_id: str | None = None, *,
           card: int) -> None:
    """4.5.2/6.3.6: ``count`` consecutive mandatory Action Rounds of ``kind`` ("rearm": free
    Rearmament attempts, on ``track_id`` if given; "ops": Operations), across turns, by the
    Event of ``card`` (which the prompt and the reminders name)."""
    for _ in range(count):
        data["oblig"][side].append({"kind": kind, "track": track_id, "card": card})


def sanction(c: Components, data: Data, side: int, rule: str = "7.1") -> None:
    b.sanction(c, data, side, rule)


def close_track(c: Components, data: Data, track_id: str, card: int,
                until: str = "turn") -> None:
    """No Rearmament attempt (free ones included) on the track while this lasts."""
    data["closed_tracks"].append({"track": track(c, track_id), "card": card, "until": until})


def reduce_tension(c: Components, data: Data, side: int, n: int, rule: str = "9.1") -> None:
    """Reduce Tension ``n`` steps for ``side``; a step at 0 gives ``side`` 1 Power (9.3)."""
    b.change_tension(c, data, -n, side, rule)


def reminder(c: Components, data: Data, n: int) -> None:
    """2.2.6/7.2: card ``n``'s reminder marker is placed; the card stays with the ongoing
    Events (the engine keeps an ongoing card in play even when it has an asterisk)."""
    if n in data["out_of_game"]:
        data["out_of_game"].remove(n)
    if n not in data["ongoing"]:
        data["ongoing"].append(n)
    log(data, "7.2", f"The {c.cards[n].title} reminder marker is placed: its effect is "
        "ongoing", card=n)
