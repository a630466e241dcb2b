"""Decisions of Europe in Turmoil II: the fixed action catalogue and the decision-stack
frames (set-up, Action Rounds, Operations, Support Checks, Rearmament, Event choices).

Automatic frames (``deferred_event``, ``score_region``) are run by :func:`settle` between
decisions; a frame with a role is a decision of that role.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.core.actions import Action, ActionCatalogue
from warroom.core.protocol import FrameKind, Game
from warroom.games.eit2 import operations as ops_
from warroom.games.eit2.board import (
    LW,
    ROLE,
    RW,
    SIDE,
    Data,
    check_automatic_victory,
    other,
    place_sp,
)
from warroom.games.eit2.rules import log
from warroom.games.eit2.scoring import score_region
from warroom.games.eit2.sequence import next_step

if TYPE_CHECKING:
    from warroom.games.eit2.game import EuropeInTurmoil2

Why = tuple[str, tuple[str, ...]]
WORDS = ("op_place", "op_check", "event_first", "event_after", "pass")


def build_catalogue(c: Any) -> ActionCatalogue:
    entries: list[tuple[str, str]] = []
    for n in c.card_numbers:
        card = c.cards[n]
        if card.scoring:
            entries.append((f"score:{n}", f"Play {card.title} (scoring)"))
        else:
            entries.append((f"event:{n}", f"Play {card.title} as an Event"))
            entries.append((f"ops:{n}", f"Play {card.title} for {card.ops} Operations"))
            entries.append((f"rearm:{n}", f"Play {card.title} for a Rearmament attempt"))
    entries += [(f"space:{s}", c.names[s]) for s in range(len(c.names))]
    entries += [(f"track:{c.track_ids[t]}", f"{c.track_names[t]} Rearmament track")
                for t in range(len(c.track_ids))]
    entries += [(f"card:{n}", f"Card {n}: {c.cards[n].title}") for n in c.card_numbers]
    entries += [(f"n:{k}", str(k)) for k in range(6)]
    entries += [("op_place", "Operations: place Support Points (6.1)"),
                ("op_check", "Operations: make a Support Check (6.2)"),
                ("event_first", "Resolve the opponent's Event before the Operations (5.2)"),
                ("event_after", "Resolve the opponent's Event after the Operations (5.2)"),
                ("pass", "Pass / done")]
    return ActionCatalogue(entries)


def _g(game: Game) -> EuropeInTurmoil2:
    return game  # type: ignore[return-value]


# -- the automatic part of the flow ------------------------------------------------------

def settle(c: Any, data: Data) -> None:
    """Run automatic frames and the turn sequence until a decision is needed."""
    from warroom.games.eit2.events import run_event

    stack = data["stack"]
    while not data["outcome"]:
        check_automatic_victory(c, data)
        if data["outcome"]:
            break
        top = stack[-1] if stack else None
        if top is None:
            next_step(c, data)
            if not stack:
                break
            continue
        kind = top["kind"]
        if kind == "deferred_event":
            stack.pop()
            run_event(c, data, top["side"], top["card"], triggered=True)
        elif kind == "score_region":
            stack.pop()
            card = c.cards[top["card"]]
            score_region(c, data, card.scoring, card.scoring_values)
        elif kind == "place_sp" and not ops_.placement_targets(c, data, top):
            stack.pop()
            if top["ops"]:
                log(data, "6.1.3", f"{top['ops']} OP(s) cannot be spent and are lost")
        elif kind == "support_check" and not ops_.check_targets(
                c, data, top["side"], top.get("region")):
            stack.pop()
            log(data, "6.2.4", "No space with opposing Support or Extremists: no Support Check")
        elif kind == "rearm_track" and not _tracks(c, data, top):
            stack.pop()
            log(data, "6.3.8", "No Rearmament track is open")
        else:
            break
    if data["outcome"]:
        stack.clear()


def _tracks(c: Any, data: Data, frame: dict[str, Any]) -> list[int]:
    forced = frame.get("track")
    return [t for t in range(len(c.track_ids)) if ops_.track_open(c, data, t)
            and (forced is None or c.track_ids[t] == forced)]


# -- set-up (3.7, 3.8) -----------------------------------------------------------------

class SetupSupport(FrameKind):
    """3.7: discretionary SP, one at a time, where the opponent has no SP or Extremists."""

    kind = "setup_sp"

    def legal(self, game: Game, data: Data, frame: dict[str, Any]) -> list[int]:
        g = _g(game)
        c, o = g.c, other(frame["side"])
        demil = data["flags"].get("rhineland_demilitarized")
        return [g.space_id[s] for s in range(len(c.names))
                if not data["sp"][o][s] and not data["ext"][o][s]
                and not (demil and s == c.rhineland)]

    def apply(self, game: Game, data: Data, frame: dict[str, Any], action: Action) -> None:
        g = _g(game)
        s = g.arg[action.id]
        place_sp(g.c, data, frame["side"], s, 1, "3.7")
        frame["left"] -= 1
        if frame["left"] == 0:
            data["stack"].pop()
        settle(g.c, data)

    def explain(self, game: Game, data: Data, frame: dict[str, Any], action: Action,
                legal: bool) -> Why:
        if legal:
            return f"discretionary SP ({frame['left']} left to place)", ("3.7",)
        return ("discretionary SP go only where the opponent has no SP or Extremists, and "
                "not in the demilitarised Rhineland", ("3.7", "3.5R"))


class SetupExtremist(FrameKind):
    """3.8: one discretionary Extremist each, RW first, in a space without Extremists."""

    kind = "setup_ext"

    def legal(self, game: Game, data: Data, frame: dict[str, Any]) -> list[int]:
        g = _g(game)
        return [g.space_id[s] for s in range(len(g.c.names))
                if not data["ext"][LW][s] and not data["ext"][RW][s]]

    def apply(self, game: Game, data: Data, frame: dict[str, Any], action: Action) -> None:
        g = _g(game)
        from warroom.games.eit2.board import add_extremist

        data["stack"].pop()
        add_extremist(g.c, data, frame["side"], g.arg[action.id], "3.8")
        settle(g.c, data)

    def explain(self, game: Game, data: Data, frame: dict[str, Any], action: Action,
                legal: bool) -> Why:
        if legal:
            return "the discretionary Extremist", ("3.8",)
        return "only in a space without any Extremist", ("3.8",)


# -- the Action Round (5.0) --------------------------------------------------------------

def action_round_frame(c: Any, data: Data, side: int) -> dict[str, Any]:
    return {"kind": "action_round", "role": ROLE[side], "side": side}


class ActionRound(FrameKind):
    """4.5.2 / 5.1: the phasing player plays one card: Event, Operations, Rearmament, or a
    Scoring card. Mandatory consecutive rounds (Maginot Mentality, German Generals Object)
    restrict the choice; Scoring cards take precedence (5.2)."""

    kind = "action_round"

    def legal(self, game: Game, data: Data, frame: dict[str, Any]) -> list[int]:
        from warroom.games.eit2.events import event_playable

        g = _g(game)
        c = g.c
        side = frame["side"]
        oblig = data["oblig"][side]
        ids: list[int] = []
        for n in data["hands"][side]:
            card = c.cards[n]
            if card.scoring:
                ids.append(g.score_id[n])
                continue
            if oblig:
                if oblig[0]["kind"] == "rearm":
                    ids.append(g.rearm_id[n])
                else:
                    ids.append(g.ops_id[n])
                continue
            if card.side in (SIDE[side], "neutral") and event_playable(c, data, side, n):
                ids.append(g.event_id[n])
            ids.append(g.ops_id[n])
            if data["rearm_available"][side] and any(
                    ops_.track_open(c, data, t) for t in range(len(c.track_ids))):
                ids.append(g.rearm_id[n])
        return ids

    def apply(self, game: Game, data: Data, frame: dict[str, Any], action: Action) -> None:
        from warroom.games.eit2.events import event_playable, run_event

        g = _g(game)
        c = g.c
        side = frame["side"]
        kind, n = action.key.split(":")
        card_no = int(n)
        card = c.cards[card_no]
        data["stack"].pop()
        data["hands"][side].remove(card_no)
        data["played"] += 1
        if kind == "score":
            log(data, "10.1", f"{SIDE[side]} plays {card.title}")
            dest = "out_of_game" if card.removed_after_event else "discard"
            data[dest].append(card_no)
            data["stack"].append({"kind": "score_region", "card": card_no})
            ops = ops_.effective_ops(c, data, side, card.check_ops)
            data["stack"].append({"kind": "support_check", "role": ROLE[side], "side": side,
                                  "ops": ops, "region": card.scoring, "optional": True,
                                  "card": card_no})
        elif kind == "event":
            log(data, "7.1", f"{SIDE[side]} plays {card.title} as an Event")
            run_event(c, data, side, card_no, triggered=False)
        elif kind == "rearm":
            data["discard"].append(card_no)
            oblig = data["oblig"][side]
            forced = oblig.pop(0) if oblig and oblig[0]["kind"] == "rearm" else None
            free = forced is not None
            ops = ops_.effective_ops(c, data, side, card.ops, rearmament=True)
            log(data, "6.3.7", f"{SIDE[side]} plays {card.title} ({ops} OPs) for a "
                f"{'free ' if free else ''}Rearmament attempt; its Event is not implemented")
            data["stack"].append({"kind": "rearm_track", "role": ROLE[side], "side": side,
                                  "ops": ops, "card_side": card.side, "free": free,
                                  "track": forced["track"] if forced else None,
                                  "card": card_no})
        else:  # ops
            oblig = data["oblig"][side]
            if oblig and oblig[0]["kind"] == "ops":
                oblig.pop(0)
            opp_event = card.side == SIDE[other(side)]
            triggers = opp_event and event_playable(c, data, other(side), card_no)
            log(data, "6.0", f"{SIDE[side]} plays {card.title} for Operations")
            if opp_event and not triggers:
                log(data, "5.2", f"The {SIDE[other(side)]} Event of {card.title} cannot occur "
                    "now: the card is discarded")
            if not triggers:
                data["discard"].append(card_no)
            data["stack"].append({"kind": "op_kind", "role": ROLE[side], "side": side,
                                  "card": card_no, "event": triggers})
        settle(c, data)

    def explain(self, game: Game, data: Data, frame: dict[str, Any], action: Action,
                legal: bool) -> Why:
        g = _g(game)
        c = g.c
        side = frame["side"]
        if ":" not in action.key or action.key.split(":")[0] not in (
                "event", "ops", "rearm", "score"):
            return "first play a card for this Action Round", ("4.5.2", "5.1")
        kind, n = action.key.split(":")
        card_no = int(n)
        if card_no not in data["hands"][side]:
            return f"{c.cards[card_no].title} is not in your hand", ("5.1",)
        if legal:
            return {"score": "score the Region, with a Support Check first",
                    "event": "the Event takes effect as its text directs",
                    "ops": "use all OPs on SP placement or one Support Check; an opponent's "
                           "Event on the card still occurs",
                    "rearm": "a Rearmament attempt; the card's Event is not implemented"}[
                kind], {"score": ("10.1", "6.2"), "event": ("7.1",), "ops": ("6.0", "5.2"),
                        "rearm": ("6.3.2", "6.3.7")}[kind]
        if data["oblig"][side]:
            what = data["oblig"][side][0]["kind"]
            return (f"an Event obliges consecutive {what} rounds; only that or a Scoring card "
                    "may be played", ("4.5.2", "5.2", "6.3.6"))
        if kind == "event":
            card = c.cards[card_no]
            if card.side not in (SIDE[side], "neutral"):
                return "an opponent's Event cannot be played as your Event; play it for "\
                       "Operations and it occurs for them", ("7.1", "5.2")
            return "the Event cannot be played now (a prerequisite or condition is missing)", (
                "7.5",)
        if kind == "rearm":
            return "one Rearmament attempt per turn (the Availability marker is Unavailable)", (
                "6.3.2",)
        return "not allowed now", ("5.1",)


class OpKind(FrameKind):
    """6.0: all OPs go to SP placement or to one Support Check; an opponent's Event on the
    card is resolved before or after, as the phasing player decides (5.2)."""

    kind = "op_kind"

    def legal(self, game: Game, data: Data, frame: dict[str, Any]) -> list[int]:
        g = _g(game)
        ids = [g.word_id["op_place"]]
        if ops_.check_targets(g.c, data, frame["side"]):
            ids.append(g.word_id["op_check"])
        if frame["event"]:
            ids.append(g.word_id["event_first"])
        return ids

    def apply(self, game: Game, data: Data, frame: dict[str, Any], action: Action) -> None:
        from warroom.games.eit2.events import run_event

        g = _g(game)
        c = g.c
        side = frame["side"]
        if action.key == "event_first":
            frame["event"] = False
            log(data, "5.2", "The phasing player resolves the opponent's Event first")
            run_event(c, data, other(side), frame["card"], triggered=True)
            settle(c, data)
            return
        data["stack"].pop()
        if frame["event"]:
            data["stack"].append({"kind": "deferred_event", "side": other(side),
                                  "card": frame["card"]})
        card = c.cards[frame["card"]]
        ops = ops_.effective_ops(c, data, side, card.ops)
        if action.key == "op_place":
            log(data, "6.1", f"{SIDE[side]} places Support with {ops} OPs")
            data["stack"].append(ops_.placement_frame(c, data, side, ops, frame["card"]))
        else:
            log(data, "6.2.3", f"{SIDE[side]} makes one Support Check with {ops} OPs")
            data["stack"].append({"kind": "support_check", "role": ROLE[side], "side": side,
                                  "ops": ops, "region": None, "optional": False,
                                  "card": frame["card"]})
        settle(c, data)

    def explain(self, game: Game, data: Data, frame: dict[str, Any], action: Action,
                legal: bool) -> Why:
        if legal:
            return "spend the card's OPs this way", ("6.0", "5.2")
        if action.key == "op_check":
            return "no space holds opposing SP or Extremists", ("6.2.4",)
        return "choose how to use the Operations points", ("6.0",)


class PlaceSupport(FrameKind):
    kind = "place_sp"

    def legal(self, game: Game, data: Data, frame: dict[str, Any]) -> list[int]:
        g = _g(game)
        return [g.space_id[s] for s in ops_.placement_targets(g.c, data, frame)]

    def apply(self, game: Game, data: Data, frame: dict[str, Any], action: Action) -> None:
        g = _g(game)
        ops_.place_one(g.c, data, frame, g.arg[action.id])
        if frame["ops"] <= 0:
            data["stack"].pop()
        settle(g.c, data)

    def explain(self, game: Game, data: Data, frame: dict[str, Any], action: Action,
                legal: bool) -> Why:
        g = _g(game)
        if legal:
            s = g.arg[action.id]
            cost = ops_.placement_cost(g.c, data, frame["side"], s)
            return f"{cost} OP(s) of {frame['ops']} left", ("6.1.2", "6.1.3")
        if action.key.startswith("space:"):
            s = g.arg[action.id]
            if s == g.c.rhineland and data["flags"].get("rhineland_demilitarized"):
                return "the Rhineland is demilitarised", ("3.5R",)
            if s not in frame["eligible"]:
                return ("SP go with or next to friendly SP that were there before this "
                        "placement began, or where a friendly Extremist is", ("6.1.2",))
            return "an opponent-controlled space costs 2 OPs", ("6.1.3",)
        return "place the remaining SP first", ("6.1",)


class SupportCheckFrame(FrameKind):
    kind = "support_check"

    def legal(self, game: Game, data: Data, frame: dict[str, Any]) -> list[int]:
        g = _g(game)
        ids = [g.space_id[s] for s in ops_.check_targets(g.c, data, frame["side"],
                                                         frame.get("region"))]
        if frame.get("optional"):
            ids.append(g.word_id["pass"])
        return ids

    def apply(self, game: Game, data: Data, frame: dict[str, Any], action: Action) -> None:
        g = _g(game)
        data["stack"].pop()
        if action.key == "pass":
            log(data, "6.2", f"{SIDE[frame['side']]} makes no Support Check")
        else:
            ops_.support_check(g.c, data, frame["side"], g.arg[action.id], frame["ops"],
                               frame.get("extra", 0), frame.get("source", ""))
        settle(g.c, data)

    def explain(self, game: Game, data: Data, frame: dict[str, Any], action: Action,
                legal: bool) -> Why:
        if legal:
            return f"a Support Check with {frame['ops']} OPs", ("6.2.5", "6.2.6")
        return ("a Support Check needs opposing SP or Extremists in the space"
                + (f", in {frame['region']}" if frame.get("region") else ""), ("6.2.4",))


class RearmTrack(FrameKind):
    kind = "rearm_track"

    def legal(self, game: Game, data: Data, frame: dict[str, Any]) -> list[int]:
        g = _g(game)
        return [g.track_id[t] for t in _tracks(g.c, data, frame)]

    def apply(self, game: Game, data: Data, frame: dict[str, Any], action: Action) -> None:
        g = _g(game)
        data["stack"].pop()
        ops_.rearmament_attempt(g.c, data, frame["side"], g.arg[action.id], frame["ops"],
                                frame.get("card_side"), frame.get("free", False),
                                frame.get("card"))
        settle(g.c, data)

    def explain(self, game: Game, data: Data, frame: dict[str, Any], action: Action,
                legal: bool) -> Why:
        if legal:
            return "roll against the track's next box", ("6.3.2", "6.3.3")
        if frame.get("track"):
            return f"this attempt must be on the {frame['track']} track", ("6.3.6",)
        return "that track's marker is on its rightmost box", ("6.3.8",)


class RelocateExtremist(FrameKind):
    """2.3.2: with all 15 Extremists on the board, the owner may move one instead."""

    kind = "relocate_extremist"

    def legal(self, game: Game, data: Data, frame: dict[str, Any]) -> list[int]:
        g = _g(game)
        side = frame["side"]
        return [g.space_id[s] for s in range(len(g.c.names))
                if data["ext"][side][s] and s != frame["target"]] + [g.word_id["pass"]]

    def apply(self, game: Game, data: Data, frame: dict[str, Any], action: Action) -> None:
        g = _g(game)
        c = g.c
        data["stack"].pop()
        side, target = frame["side"], frame["target"]
        if action.key == "pass":
            log(data, "2.3.2", f"{SIDE[side]} does not relocate an Extremist")
        else:
            s = g.arg[action.id]
            data["ext"][side][s] -= 1
            data["ext"][side][target] += 1
            log(data, "2.3.2", f"{SIDE[side]} relocates an Extremist from {c.names[s]} to "
                f"{c.names[target]}")
        settle(c, data)

    def explain(self, game: Game, data: Data, frame: dict[str, Any], action: Action,
                legal: bool) -> Why:
        return ("relocate an Extremist already on the board, or pass", ("2.3.2",))


FRAMES: tuple[FrameKind, ...] = (SetupSupport(), SetupExtremist(), ActionRound(), OpKind(),
                                 PlaceSupport(), SupportCheckFrame(), RearmTrack(),
                                 RelocateExtremist())


class EventChoice(FrameKind):
    """A choice an Event gives a player (a space, a card, a number), then the Event goes on."""

    kind = "event_choice"

    def legal(self, game: Game, data: Data, frame: dict[str, Any]) -> list[int]:
        g = _g(game)
        what = frame["what"]
        table = {"space": g.space_id, "card": g.card_id, "number": g.number_id,
                 "track": g.track_id}[what]
        ids = [table[o] for o in frame["options"]]
        if frame.get("optional"):
            ids.append(g.word_id["pass"])
        return ids

    def apply(self, game: Game, data: Data, frame: dict[str, Any], action: Action) -> None:
        from warroom.games.eit2.events import resume

        g = _g(game)
        data["stack"].pop()
        choice = None if action.key == "pass" else g.arg[action.id]
        resume(g.c, data, frame, choice)
        settle(g.c, data)

    def explain(self, game: Game, data: Data, frame: dict[str, Any], action: Action,
                legal: bool) -> Why:
        prompt = frame.get("prompt") or f"{frame['title']}: choose a {frame['what']}"
        return (prompt if legal else f"not one of the choices: {prompt}", ("7.1",))


FRAMES = (*FRAMES, EventChoice())
