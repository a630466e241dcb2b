"""Helpers that card Events are written with (the vocabulary of DESIGN.md): SP and
Extremists by space name, Support Checks, Power, Moderation, Tension, OPs modifiers,
Rearmament, markers, and choices. Event SP ignore adjacency and control (6.1.1)."""

from __future__ import annotations

from typing import Any

from warroom.games.eit2 import board as b
from warroom.games.eit2 import operations as op
from warroom.games.eit2.board import ROLE, Data
from warroom.games.eit2.rules import log


def sid(c: Any, name: str) -> int:
    return int(c.index[name])


def place(c: Any, data: Data, side: int, name: str, n: int, rule: str = "7.1") -> int:
    """Place ``n`` SP in the named space (an Event naming the Rhineland may place there)."""
    return b.place_sp(c, data, side, sid(c, name), n, rule, by_name=True)


def remove(c: Any, data: Data, side: int, name: str, n: int, rule: str = "7.1") -> int:
    return b.remove_sp(c, data, side, sid(c, name), n, rule)


def extremist(c: Any, data: Data, side: int, name: str, rule: str = "7.1") -> bool:
    return b.add_extremist(c, data, side, sid(c, name), rule)


def remove_extremist(c: Any, data: Data, side: int, name: str, rule: str = "7.1") -> bool:
    return b.remove_extremist(c, data, side, sid(c, name), rule)


def check(c: Any, data: Data, side: int, name: str, ops: int, extra: int = 0,
          source: str = "Event") -> int:
    """A Support Check named by the Event: made even without opposing markers (6.2.4)."""
    return op.support_check(c, data, side, sid(c, name), ops, extra, source)


def power(c: Any, data: Data, side: int, n: int, rule: str = "10.2") -> None:
    b.gain_power(c, data, side, n, rule)


def moderation(c: Any, data: Data, side: int, delta: int, rule: str = "8.2") -> None:
    b.change_moderation(c, data, side, delta, rule)


def tension(c: Any, data: Data, delta: int, mover: int, rule: str = "9.1") -> None:
    b.change_tension(c, data, delta, mover, rule)


def ops_modifier(data: Data, side: int, value: int, card: str, minimum: int = 1,
                 until: str = "turn") -> None:
    """7.3: a modifier of the OPs ``side`` receives (for the rest of the turn by default)."""
    data["ops_mods"].append({"side": side, "value": value, "min": minimum, "until": until,
                             "card": card})


def controls(c: Any, data: Data, side: int, name: str) -> bool:
    return b.controller(c, data, sid(c, name)) == side


def track(c: Any, track_id: str) -> int:
    return int(c.track_ids.index(track_id))


def advance_track(c: Any, data: Data, side: int, track_id: str, n: int = 1) -> None:
    op.advance_by_event(c, data, side, track(c, track_id), n)


def retreat_track(c: Any, data: Data, track_id: str, n: int) -> None:
    op.retreat_by_event(c, data, track(c, track_id), n)


def free_attempt(c: Any, data: Data, side: int, track_id: str | None = None,
                 ops: int | None = None) -> None:
    """6.3.5: a free Rearmament attempt. With ``ops`` given (Mechanised Warfare Pioneers)
    no card is needed; otherwise the player's next Action Round plays a card for it."""
    if ops is not None:
        data["stack"].append({"kind": "rearm_track", "role": ROLE[side], "side": side,
                              "ops": ops, "card_side": None, "free": True, "track": track_id})
    else:
        data["oblig"][side].append({"kind": "rearm", "track": track_id})


def choose(data: Data, side: int, title: str, step: str, options: list[int], *,
           what: str = "space", optional: bool = False, prompt: str = "",
           **extra: Any) -> None:
    """Ask ``side`` to choose one of ``options`` (space ids, card numbers or small numbers,
    per ``what``); the Event continues in its step ``step``."""
    if not options and not optional:
        log(data, "7.1", f"{title}: nothing to choose")
        return
    data["stack"].append({"kind": "event_choice", "role": ROLE[side], "side": side,
                          "title": title, "step": step, "options": list(options),
                          "what": what, "optional": optional, "prompt": prompt, **extra})


def spaces_in(c: Any, region: str) -> list[int]:
    return [s for s in range(len(c.names)) if c.region[s] == region]


def flag(data: Data, name: str, value: bool = True) -> None:
    data["flags"][name] = value


def check_modifier(c: Any, data: Data, side: int, value: int, card: str, *,
                   spaces: list[str] | None = None, region: str | None = None,
                   until: str = "game") -> None:
    """An ongoing modifier of ``side``'s Support Checks (in ``spaces``/``region``, or
    everywhere when neither is given); ``until``: "turn" or "game" (or removed by cancel)."""
    data["check_mods"].append({"side": side, "value": value, "card": card, "until": until,
                               "spaces": [sid(c, n) for n in spaces or []],
                               "region": region, "marker": card})


def rearm_modifier(c: Any, data: Data, side: int, value: int, card: str,
                   track_id: str | None = None, until: str = "game") -> None:
    """An ongoing modifier of ``side``'s Rearmament attempts (on one track or all)."""
    data["rearm_mods"].append({"side": side, "value": value, "track": track_id,
                               "why": card, "until": until, "card": card})


def ban_placement(c: Any, data: Data, side: int, card: str, *,
                  spaces: list[str] | None = None, region: str | None = None,
                  until: str = "game") -> None:
    """Forbid ``side`` to place SP with Operations in ``spaces``/``region``."""
    data["place_bans"].append({"side": side, "card": card, "until": until,
                               "spaces": [sid(c, n) for n in spaces or []],
                               "region": region})


def cancel(c: Any, data: Data, title: str, rule: str = "7.2") -> bool:
    """End the ongoing Event ``title`` (7.2): its card leaves play and its modifiers go."""
    n = c.card_by_title(title)
    card = c.cards[n].title
    mods = sum(1 for key in ("ops_mods", "rearm_mods", "check_mods", "place_bans",
                             "closed_tracks") for m in data[key] if m.get("card") == card)
    marker = CARD_FLAGS.get(card)
    shown = bool(marker and data["flags"].get(marker))
    if n not in data["ongoing"] and not mods and not shown:
        log(data, rule, f"{card} is not in effect: nothing to cancel")
        return False
    if n in data["ongoing"]:
        data["ongoing"].remove(n)
        data["out_of_game" if c.cards[n].removed_after_event else "discard"].append(n)
    for key in ("ops_mods", "rearm_mods", "check_mods", "place_bans", "closed_tracks"):
        data[key] = [m for m in data[key] if m.get("card") != card]
    if marker:
        data["flags"][marker] = False
    log(data, rule, f"The ongoing Event {card} is cancelled")
    return True


def block(c: Any, data: Data, title: str) -> None:
    """The Event ``title`` can no longer be played (its card may still give OPs, 7.5)."""
    n = c.card_by_title(title)
    if n not in data["blocked"]:
        data["blocked"].append(n)


def in_effect(c: Any, data: Data, title: str) -> bool:
    """The card's Event was played and is ongoing (or its reminder marker is in place)."""
    return c.card_by_title(title) in data["ongoing"]


def played(c: Any, data: Data, title: str) -> bool:
    return c.card_by_title(title) in data["events_played"]


def oblige(data: Data, side: int, kind: str, count: int, track_id: str | None = None) -> None:
    """4.5.2/6.3.6: ``count`` consecutive mandatory Action Rounds of ``kind`` ("rearm": free
    Rearmament attempts, on ``track_id`` if given; "ops": Operations), across turns."""
    for _ in range(count):
        data["oblig"][side].append({"kind": kind, "track": track_id})


def sanction(c: Any, data: Data, side: int, rule: str = "7.1") -> None:
    b.sanction(c, data, side, rule)


def close_track(c: Any, data: Data, track_id: str, card: str, until: str = "turn") -> None:
    """No Rearmament attempt (free ones included) on the track while this lasts."""
    data["closed_tracks"].append({"track": track(c, track_id), "card": card, "until": until})


#: Map markers that show an ongoing Event (2.3.3, 12.1/13.1): cancelling it flips them back.
CARD_FLAGS = {
    "Weimar Republic": "weimar_republic",
    "Kellogg-Briand Pact": "kellogg_briand",
    "Germany Admitted to the League of Nations": "league_of_nations",
    "Washington Naval Treaty": "washington_naval_treaty",
    "Guarantees to Poland": "guarantees_poland",
    "Canonization of Joan of Arc": "canonization",
}


def reduce_tension(c: Any, data: Data, side: int, n: int, rule: str = "9.1") -> None:
    """Reduce Tension ``n`` steps for ``side``; a step at 0 gives ``side`` 1 Power (9.3)."""
    b.change_tension(c, data, -n, side, rule)


def reminder(c: Any, data: Data, title: str) -> None:
    """2.2.6/7.2: the card's reminder marker is placed; the card stays with the ongoing
    Events (the engine keeps an ongoing card in play even when it has an asterisk)."""
    n = c.card_by_title(title)
    if n in data["out_of_game"]:
        data["out_of_game"].remove(n)
    if n not in data["ongoing"]:
        data["ongoing"].append(n)
    log(data, "7.2", f"The {c.cards[n].title} reminder marker is placed: its effect is ongoing")
