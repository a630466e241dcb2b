"""7.0 Events: the table of every card's Event code by printed card number (Rally the
Troops' ``CODE[n]``), joined from the era modules' ``CODE`` tables at import (no
registration by side effect), and the machinery that runs the Events.

An Event receives the components, the state data and the side implementing it (5.2: for an
opponent's Event triggered by Operations, that opponent). An Event that needs a choice pushes
an ``event_choice`` decision with :func:`warroom.games.eit2.events.lib.choose`; the choice
resumes the step the card registered under that name (:func:`resume`).
"""

from __future__ import annotations

from warroom.core.errors import ContentError
from warroom.core.log import log
from warroom.games.eit2.board import SIDE, Data
from warroom.games.eit2.components import Components
from warroom.games.eit2.events import appeasement, great_depression, roaring_twenties
from warroom.games.eit2.events.lib import CardCode, Frame


def _join(*tables: dict[int, CardCode]) -> dict[int, CardCode]:
    out: dict[int, CardCode] = {}
    for table in tables:
        for n, code in table.items():
            if n in out:
                raise ValueError(f"two Events registered for card {n}")
            out[n] = code
    return out


CODE: dict[int, CardCode] = _join(roaring_twenties.CODE, great_depression.CODE,
                                  appeasement.CODE)
"""Every card's Event code by printed card number (Scoring cards have none)."""


def check_events(c: Components, code: dict[int, CardCode] | None = None) -> None:
    """Every card of the content pack that is not a Scoring card has an Event in ``code``
    (default: :data:`CODE`), else a :class:`ContentError` names the card."""
    table = CODE if code is None else code
    for n in c.card_numbers:
        card = c.cards[n]
        if not card.scoring and n not in table:
            raise ContentError(f"card {n} ({card.title}) has no Event in the rules; a card "
                               "that is not a Scoring card needs one", file=c.cards_file,
                               entry=f"card {n} ({card.title})", field="number")


def event_playable(c: Components, data: Data, side: int, n: int) -> bool:
    """7.5 / 5.2: the Event exists, its prerequisites were played, no ongoing Event
    forbids it, and its own condition holds."""
    code = CODE.get(n)
    if code is None:
        return False
    for req in c.cards[n].requires:
        if req not in data["events_played"]:
            return False
    if n in data["blocked"]:
        return False
    return code.condition is None or bool(code.condition(c, data, side))


def cancelled_by(c: Components, data: Data, n: int) -> list[str]:
    """The titles of the played Events that cancel card ``n``'s (7.5; their ``cancels``)."""
    return [c.cards[m].title for m in data["events_played"] if n in c.cards[m].cancels]


def why_unplayable(c: Components, data: Data, side: int, n: int) -> str:
    """In words, why card ``n``'s Event cannot occur now (:func:`event_playable` is False):
    a prerequisite not played (2.2.6), a cancellation by another Event (7.5: named, as
    the Event Chart shows it), or the condition its own text sets. (An eit2 events audit was
    told "a prerequisite or condition is missing" of an Event another card had cancelled.)"""
    card = c.cards[n]
    if CODE.get(n) is None:
        return f"{card.title} has no Event"
    # a cancellation first: it is for good, a prerequisite may still come (a review was
    # told Franco-German Reconciliation awaited Aristide Briand, cancelled meanwhile)
    if n in data["blocked"]:
        by = cancelled_by(c, data, n)
        return ("its Event was cancelled by " + (" and ".join(by) if by else "another Event")
                + " and can no longer be played, 7.5")
    needs = [c.cards[r].title for r in card.requires if r not in data["events_played"]]
    if needs:
        return f"its Event requires {' and '.join(needs)}, not played yet, 2.2.6"
    return f"the condition its text sets does not hold: {card.event}"


def run_event(c: Components, data: Data, side: int, n: int, triggered: bool) -> None:
    """Resolve card ``n``'s Event for ``side``; place the card (removed *, ongoing, or
    discarded) per 2.2.4/2.2.5 and 5.2."""
    card = c.cards[n]
    if not event_playable(c, data, side, n):
        log(data, "5.2", f"The Event of {card.title} cannot occur: the card is discarded",
            card=n)
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
        f"Event {card.title} ({SIDE[side]}): {card.event}", card=n, side=SIDE[side],
        event=card.title)
    CODE[n].event(c, data, side)


def resume(c: Components, data: Data, frame: Frame, choice: int | None) -> None:
    """Go on with the Event of ``frame["card"]`` after the choice its ``event_choice``
    frame asked for."""
    CODE[frame["card"]].steps[frame["step"]](c, data, frame, choice)


def install_ongoing(c: Components, data: Data, n: int) -> None:
    """Put card ``n``'s ongoing effect in force (a scenario set-up with its reminder)."""
    code = CODE.get(n)
    if code is not None and code.ongoing is not None:
        code.ongoing(c, data)


def rearmament_bonus(c: Components, data: Data, side: int, n: int | None,
                     t: int) -> tuple[int, str] | None:
    """6.3.7 exception: the modifier (and its reason) that the text of card ``n`` gives a
    Rearmament attempt of ``side`` on track ``t`` when played for it."""
    if n is None:
        return None
    code = CODE.get(n)
    if code is None or code.rearmament is None:
        return None
    value = int(code.rearmament(c, data, side, t))
    return (value, f"{c.cards[n].title} played for Rearmament, 6.3.7") if value else None
