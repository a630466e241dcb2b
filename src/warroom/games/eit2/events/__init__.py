"""7.0 Events: the registry of card events and the machinery that runs them.

Each card's Event is one small function registered by the card's title with
:func:`event` (in the module of its era), citing the card. It receives the components, the
state data and the side implementing it (5.2: for an opponent's Event triggered by
Operations, that opponent). An Event that needs a choice pushes an ``event_choice`` frame
with :func:`warroom.games.eit2.events.lib.choose`; the choice resumes the step function
registered with :func:`step`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from warroom.games.eit2.board import SIDE, Data
from warroom.games.eit2.rules import log

EventFn = Callable[[Any, Data, int], None]
CondFn = Callable[[Any, Data, int], bool]
StepFn = Callable[[Any, Data, dict[str, Any], int | None], None]

EVENTS: dict[str, EventFn] = {}
CONDITIONS: dict[str, CondFn] = {}
STEPS: dict[tuple[str, str], StepFn] = {}
InstallFn = Callable[[Any, Data], None]
ONGOING: dict[str, InstallFn] = {}


def ongoing(title: str) -> Callable[[InstallFn], InstallFn]:
    """Register what keeps the Event ``title`` in force (its modifiers and markers): run by
    the Event itself and by a scenario whose set-up has the Event in effect (12.0, 13.0)."""

    def wrap(fn: InstallFn) -> InstallFn:
        ONGOING[title] = fn
        return fn

    return wrap


def install_ongoing(c: Any, data: Data, n: int) -> None:
    _load()
    fn = ONGOING.get(c.cards[n].title)
    if fn is not None:
        fn(c, data)
RearmFn = Callable[[Any, Data, int, int], int]
REARM_BONUS: dict[str, RearmFn] = {}


def if_rearmament(title: str) -> Callable[[RearmFn], RearmFn]:
    """6.3.7 exception: text of ``title`` that applies when it is played for Rearmament;
    the function gets (c, data, side, track index) and returns an extra modifier."""

    def wrap(fn: RearmFn) -> RearmFn:
        REARM_BONUS[title] = fn
        return fn

    return wrap


def rearmament_bonus(c: Any, data: Data, side: int, n: int | None, t: int) -> int:
    _load()
    if n is None:
        return 0
    fn = REARM_BONUS.get(c.cards[n].title)
    return int(fn(c, data, side, t)) if fn else 0


def event(title: str, condition: CondFn | None = None) -> Callable[[EventFn], EventFn]:
    """Register the Event of the card titled ``title`` (and when it may occur)."""

    def wrap(fn: EventFn) -> EventFn:
        if title in EVENTS:
            raise ValueError(f"two events registered for {title!r}")
        EVENTS[title] = fn
        if condition is not None:
            CONDITIONS[title] = condition
        return fn

    return wrap


def step(title: str, name: str) -> Callable[[StepFn], StepFn]:
    """Register the continuation ``name`` of the Event ``title`` (after a choice)."""

    def wrap(fn: StepFn) -> StepFn:
        STEPS[(title, name)] = fn
        return fn

    return wrap


_LOADED: list[bool] = []


def _load() -> None:
    if _LOADED:
        return
    _LOADED.append(True)
    from warroom.games.eit2 import effects  # noqa: F401
    from warroom.games.eit2.events import (  # noqa: F401
        appeasement,
        great_depression,
        roaring_twenties,
    )


def event_playable(c: Any, data: Data, side: int, n: int) -> bool:
    """7.5 / 5.2: the Event exists, its prerequisites were played, no ongoing Event
    forbids it, and its own condition holds."""
    _load()
    card = c.cards[n]
    if card.title not in EVENTS:
        return False
    for req in card.requires:
        if req not in data["events_played"]:
            return False
    if n in data["blocked"]:
        return False
    cond = CONDITIONS.get(card.title)
    return cond is None or bool(cond(c, data, side))


def run_event(c: Any, data: Data, side: int, n: int, triggered: bool) -> None:
    """Resolve card ``n``'s Event for ``side``; place the card (removed *, ongoing, or
    discarded) per 2.2.4/2.2.5 and 5.2."""
    _load()
    card = c.cards[n]
    if not event_playable(c, data, side, n):
        log(data, "5.2", f"The Event of {card.title} cannot occur: the card is discarded")
        if n not in data["discard"]:
            data["discard"].append(n)
        return
    if triggered and n in data["discard"]:
        data["discard"].remove(n)
    if card.ongoing:
        data["ongoing"].append(n)      # its reminder stays in play even with an asterisk
    elif card.removed_after_event:
        data["out_of_game"].append(n)
    else:
        data["discard"].append(n)
    data["events_played"].append(n)
    log(data, "5.2" if triggered else "7.1",
        f"Event {card.title} ({SIDE[side]}): {card.event}")
    EVENTS[card.title](c, data, side)


def resume(c: Any, data: Data, frame: dict[str, Any], choice: int | None) -> None:
    _load()
    STEPS[(frame["title"], frame["step"])](c, data, frame, choice)
