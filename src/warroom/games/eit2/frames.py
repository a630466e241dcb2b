"""The flow of Europe in Turmoil II as frames on core's decision stack (core/flow.py).

Procedures (:class:`Step`) run by themselves; decisions (:class:`Ask`) wait for a role. The
stack of a game in progress, bottom to top::

    turn                     4.5.2: the Action Rounds, then the end of the turn (4.5.3-4.5.5)
      action_round           5.1: the phasing player plays a card
      op_kind                6.0: placement or one Support Check (5.2: the opponent's Event
                             before or after)
      event                  7.1/5.2: a card's Event, run by the card's code (events/)
      offer_place_sp         6.1: placement, as long as OPs can be spent
        place_sp
      offer_support_check    6.2: a Support Check, if a space holds opposing markers
        support_check
      offer_rearm_track      6.3: a Rearmament attempt, if a track is open
        rearm_track
      score_region           10.1: the Scoring card's Region is scored
      event_choice           a choice an Event gives a player; its card's step goes on
      event_then             the rest of an Event, after a relocation it waited for
      relocate_extremist     2.3.2
      box_place_sp, box_support_check, free_attempt    6.3.4/6.3.5: Rearmament boxes
      end_turn, start_turn, final_scoring              4.5.3-4.5.5, 4.1, 10.4.4

An ``offer_*`` procedure asks its decision unless nothing can be chosen (then it says why in
the log and goes on). After every decision and every procedure step, 10.4.1 (20 Power wins at
once) is checked (:func:`after_play`).
"""

from __future__ import annotations

import re
from abc import abstractmethod
from contextlib import suppress
from typing import Any

from warroom.core.actions import Action
from warroom.core.flow import Decision, Procedure, Prompt, call, end, goto, reveal
from warroom.core.log import log
from warroom.core.state import Data, Frame, State
from warroom.games.eit2 import operations as ops_
from warroom.games.eit2.base import EitGame
from warroom.games.eit2.board import (
    LW,
    ROLE,
    RW,
    SIDE,
    WarBreaksOut,
    add_extremist,
    check_automatic_victory,
    demilitarized,
    other,
    place_sp,
)
from warroom.games.eit2.cards import REWRITTEN
from warroom.games.eit2.components import Components
from warroom.games.eit2.events.registry import (
    event_playable,
    rearmament_bonus,
    resume,
    run_event,
    why_unplayable,
)
from warroom.games.eit2.scoring import final_scoring, regions_now, score_region
from warroom.games.eit2.sequence import (
    end_turn,
    mandated_attempt,
    next_round,
    rounds_per_turn,
    start_turn,
)

St = State[EitGame]
Why = tuple[str, tuple[str, ...]]


def after_play(st: St) -> None:
    """10.4.1: 20 Power wins at once, checked once every award of a play is applied; a game
    over ends the flow (nothing pushed after it is asked)."""
    data = st.data
    check_automatic_victory(st.game.c, data)
    if data["outcome"]:
        del data["stack"][:]


class Step(Procedure[EitGame]):
    """A procedure of this game: its :meth:`step`, then the 10.4.1 check. War (9.5) stops the
    step where the roll was made: the stack is already unwound to Final Scoring."""

    def run(self, st: St, frame: Frame) -> None:
        with suppress(WarBreaksOut):
            self.step(st, frame)
        after_play(st)

    @abstractmethod
    def step(self, st: St, frame: Frame) -> None:
        """The rules of this step (they ``call``, ``goto`` or ``end``)."""


class Ask(Decision[EitGame]):
    """A decision of this game: :meth:`act` carries out the action, then the 10.4.1 check
    (war, 9.5, stops the action where the roll was made, as for :class:`Step`)."""

    def apply(self, st: St, frame: Frame, action: Action) -> None:
        with suppress(WarBreaksOut):
            self.act(st, frame, action)
        after_play(st)

    @abstractmethod
    def act(self, st: St, frame: Frame, action: Action) -> None:
        """What the (legal) action does."""


def _scope(frame: Frame) -> dict[str, Any]:
    return {k: v for k, v in frame.items() if k != "kind" and k != "role"}


def _card_title(c: Components, n: int | None) -> str:
    return c.cards[n].title if n is not None and n in c.cards else "a card"


# -- 4.0 the sequence ----------------------------------------------------------------------

class Turn(Step):
    """4.5.2: the bottom of the stack; while nothing else is pending it starts the next
    Action Round or ends the turn (:func:`sequence.next_round`)."""

    kind = "turn"

    def step(self, st: St, frame: Frame) -> None:
        next_round(st.game.c, st.data)


class EndTurn(Step):
    """4.5.3-4.5.5: held Scoring cards, the end of the turn's Events, the next turn or Final
    Scoring."""

    kind = "end_turn"

    def step(self, st: St, frame: Frame) -> None:
        end(st.data)
        end_turn(st.game.c, st.data)


class StartTurn(Step):
    """4.1/4.4/4.5.1: a new turn begins (new era decks, the deal)."""

    kind = "start_turn"

    def step(self, st: St, frame: Frame) -> None:
        end(st.data)
        start_turn(st.game.c, st.data)


class FinalScoring(Step):
    """10.4.4 (after the last turn, or when war broke out, 9.5)."""

    kind = "final_scoring"

    def step(self, st: St, frame: Frame) -> None:
        end(st.data)
        final_scoring(st.game.c, st.data, frame["reason"])


# -- 3.7 / 3.8 set-up ----------------------------------------------------------------------

class SetupSupport(Ask):
    """3.7: discretionary SP, one at a time, where the opponent has no SP or Extremists."""

    explains_other_kinds = False     # its reasons are about its spaces or tracks

    kind = "setup_sp"

    def prompt(self, st: St, frame: Frame) -> Prompt:
        return Prompt(frame["role"], f"Place {frame.get('total', frame['left'])} "
                      f"discretionary SP ({frame['left']} left), one at a time, where the "
                      "opponent has no SP or Extremist", "3.7")

    def legal(self, st: St, frame: Frame) -> list[int]:
        g, data = st.game, st.data
        c, o = g.c, other(frame["side"])
        demil = data["flags"].get("rhineland_demilitarized")
        return [g.space_id[s] for s in range(len(c.names))
                if not data["sp"][o][s] and not data["ext"][o][s]
                and not (demil and s == c.rhineland)]

    def act(self, st: St, frame: Frame, action: Action) -> None:
        place_sp(st.game.c, st.data, frame["side"], action.value, 1, "3.7")
        frame["left"] -= 1
        if frame["left"] == 0:
            end(st.data)

    def explain(self, st: St, frame: Frame, action: Action, legal: bool) -> Why:
        if legal:
            return f"discretionary SP ({frame['left']} left to place)", ("3.7",)
        c, data = st.game.c, st.data
        s, o = action.value, other(frame["side"])
        if action.kind == "space" and 0 <= s < len(c.names):
            # the reason that holds, not every reason (an eit2 audit)
            if s == c.rhineland and data["flags"].get("rhineland_demilitarized"):
                return ("the Rhineland is demilitarised: no discretionary SP there",
                        ("3.7", "3.5R"))
            if data["sp"][o][s] or data["ext"][o][s]:
                return (f"{c.names[s]} holds {SIDE[o]} SP or Extremists: discretionary SP go "
                        "only where the opponent has none", ("3.7",))
        return ("discretionary SP go only where the opponent has no SP or Extremists, and "
                "not in the demilitarised Rhineland", ("3.7", "3.5R"))


class SetupExtremist(Ask):
    """3.8: one discretionary Extremist each, RW first, in a space without Extremists."""

    explains_other_kinds = False     # its reasons are about its spaces or tracks

    kind = "setup_ext"

    def prompt(self, st: St, frame: Frame) -> Prompt:
        return Prompt(frame["role"], "Place your discretionary Extremist in a space without "
                      "any Extremist", "3.8")

    def legal(self, st: St, frame: Frame) -> list[int]:
        g, data = st.game, st.data
        return [g.space_id[s] for s in range(len(g.c.names))
                if not data["ext"][LW][s] and not data["ext"][RW][s]]

    def act(self, st: St, frame: Frame, action: Action) -> None:
        end(st.data)
        add_extremist(st.game.c, st.data, frame["side"], action.value, "3.8")

    def explain(self, st: St, frame: Frame, action: Action, legal: bool) -> Why:
        if legal:
            return "the discretionary Extremist", ("3.8",)
        return "only in a space without any Extremist", ("3.8",)


# -- 5.0 the Action Round ------------------------------------------------------------------

def _held_scoring_risk(c: Components, data: dict[str, Any], side: int) -> str:
    """4.5.2/4.5.3: what playing another card now risks, when ``side`` holds at least as
    many Scoring cards as it has Action Rounds left this turn, this one included ("" when
    there is no such risk). For ``explain`` only, answered to the role to act: the public
    prompt must not tell the opponent that the hand holds a Scoring card."""
    held = sum(1 for n in data["hands"][side] if c.cards[n].scoring)
    left = rounds_per_turn(data["turn"]) - data["ar"] + 1
    if not held or held < left:
        return ""
    return (f"you hold {held} Scoring card(s) and have {left} Action Round(s) left this "
            "turn, this one included")


def action_round_frame(side: int) -> Frame:
    """The frame of ``side``'s Action Round (for tests and tools that set a position up)."""
    return {"kind": "action_round", "role": ROLE[side], "side": side}


def _last_round_warning(data: Data) -> str:
    """In the turn's last Action Round, the reminder that a Scoring card held at its end
    loses (4.5.3); the same words whatever the hands hold, so the prompt stays public."""
    if data["ar"] < rounds_per_turn(data["turn"]):
        return ""
    return " (the turn's last round: a Scoring card still held at its end loses, 4.5.3)"


class ActionRound(Ask):
    """4.5.2 / 5.1: the phasing player plays one card: Event, Operations, Rearmament, or a
    Scoring card. Mandatory consecutive rounds (Maginot Mentality, German Generals Object)
    restrict the choice; Scoring cards take precedence (5.2) where the turn's rounds are
    needed for them, as 4.5.2's examples show: with two rounds left and a Scoring card
    held, "they must first make a Rearmament attempt, in their final Action Round of the
    turn play the Scoring card"; with one round left, "they must play the Scoring card"
    (:func:`scoring_now`)."""

    kind = "action_round"

    def prompt(self, st: St, frame: Frame) -> Prompt:
        data = st.data
        where = f"Action Round {data['turn']}.{data['ar']}"
        oblig = data["oblig"][frame["side"]]
        if oblig:
            # the same words whatever the hand holds: a prompt is public (which of the two
            # applies shows only in the acting role's legal actions)
            mandated = mandated_attempt(data, frame["side"])
            if mandated is not None:
                track = mandated.get("track")
                what = "a free Rearmament attempt" + (
                    f" on the {st.game.c.track_name(track)} track" if track else "")
            else:
                # 6.0's Operations, a Rearmament attempt among them (the words alone read as
                # forbidding the attempts the list offered: a browser audit)
                what = "Operations (placing SP, a Support Check or a Rearmament attempt)"
            # the Event by its card (it said "an Event": a browser audit)
            n = oblig[0].get("card")
            by = (st.game.c.cards[n].title if isinstance(n, int) and n in st.game.c.cards
                  else "an Event")
            left = len(oblig)
            return Prompt(frame["role"], f"{where}: play a card for {what}, as {by} "
                          f"obliges ({left} mandatory round{'' if left == 1 else 's'} left), "
                          "or a Scoring card "
                          "if the rounds left this turn are needed for the Scoring cards "
                          f"held{_last_round_warning(data)}", "4.5.2")
        return Prompt(frame["role"], f"{where}: play a card as an Event, for Operations or "
                      "for a Rearmament attempt, or play a Scoring card"
                      f"{_last_round_warning(data)}", "5.1")

    def legal(self, st: St, frame: Frame) -> list[int]:
        g, data = st.game, st.data
        c = g.c
        side = frame["side"]
        oblig = data["oblig"][side]
        ids: list[int] = []
        if oblig and scoring_now(c, data, side):
            return [g.score_id[n] for n in data["hands"][side] if c.cards[n].scoring]
        # 6.3.2: one attempt a turn (the Availability marker), on a track still open
        rearm = bool(data["rearm_available"][side]) and any(
            ops_.track_open(c, data, t) for t in range(len(c.track_ids)))
        for n in data["hands"][side]:
            card = c.cards[n]
            if card.scoring:
                if not oblig:
                    ids.append(g.score_id[n])
                continue
            if mandated_attempt(data, side) is not None:
                ids.append(g.rearm_id[n])
                continue
            # 5.2: mandated "consecutive Operation Rounds, see 6.0", and 6.0's Operations are
            # Support Point Placement, Support Checks "or a Rearmament Attempt"
            if not oblig and card.side in (SIDE[side], "neutral") \
                    and event_playable(c, data, side, n):
                ids.append(g.event_id[n])
            ids.append(g.ops_id[n])
            if rearm:
                ids.append(g.rearm_id[n])
        return ids

    def act(self, st: St, frame: Frame, action: Action) -> None:
        c, data = st.game.c, st.data
        side = frame["side"]
        kind = action.kind
        card_no = action.value
        card = c.cards[card_no]
        end(data)
        data["hands"][side].remove(card_no)
        reveal(data)        # played face up: once the opponent has seen it, no undo
        data["played"] += 1
        if kind == "score":
            log(data, "10.1", f"{SIDE[side]} plays {card.title}", card=card_no)
            dest = "out_of_game" if card.removed_after_event else "discard"
            data[dest].append(card_no)
            call(data, "score_region", None, card=card_no)
            ops = ops_.effective_ops(c, data, side, card.check_ops)
            call(data, "offer_support_check", ROLE[side], side=side, ops=ops,
                 region=card.scoring, optional=True, card=card_no)
        elif kind == "event":
            log(data, "7.1", f"{SIDE[side]} plays {card.title} as an Event", card=card_no)
            call(data, "event", None, side=side, card=card_no, triggered=False)
        elif kind == "rearm":
            data["discard"].append(card_no)
            oblig = data["oblig"][side]
            forced = oblig.pop(0) if mandated_attempt(data, side) is not None else None
            if forced is None and oblig and oblig[0]["kind"] == "ops":
                oblig.pop(0)        # a mandated Operations round spent on Rearmament (6.0)
            free = forced is not None
            ops = ops_.effective_ops(c, data, side, card.ops or 0, rearmament=True)
            why = ops_.ops_detail(c, data, side, card.ops or 0, rearmament=True)
            log(data, "6.3.7", f"{SIDE[side]} plays {card.title} ({ops} OPs{why}) for a "
                f"{'free ' if free else ''}Rearmament attempt; its Event does not occur",
                card=card_no, ops=ops)
            call(data, "offer_rearm_track", ROLE[side], side=side, ops=ops,
                 card_side=card.side, free=free, track=forced["track"] if forced else None,
                 card=card_no)
        else:  # ops
            oblig = data["oblig"][side]
            if oblig and oblig[0]["kind"] == "ops":
                oblig.pop(0)
            opp_event = card.side == SIDE[other(side)]
            triggers = opp_event and event_playable(c, data, other(side), card_no)
            log(data, "6.0", f"{SIDE[side]} plays {card.title} for Operations", card=card_no)
            if opp_event and not triggers:
                log(data, "5.2", f"The {SIDE[other(side)]} Event of {card.title} cannot occur "
                    "now: the card is discarded", card=card_no)
            if not triggers:
                data["discard"].append(card_no)
            call(data, "op_kind", ROLE[side], side=side, card=card_no, event=triggers)

    def explain(self, st: St, frame: Frame, action: Action, legal: bool) -> Why:
        c, data = st.game.c, st.data
        side = frame["side"]
        kind = action.kind
        if kind not in ("event", "ops", "rearm", "score"):
            return "first play a card for this Action Round", ("4.5.2", "5.1")
        card_no = action.value
        if card_no not in data["hands"][side]:
            return f"{c.cards[card_no].title} is not in your hand", ("5.1",)
        if legal and kind != "score":
            risk = _held_scoring_risk(c, data, side)
            if risk:
                return (f"legal, but {risk}: keeping a Scoring card to the end of the turn "
                        "is allowed and loses the game at Verify Held Cards",
                        ("4.5.2", "4.5.3", "10.4.1"))
        if legal:
            mandated = mandated_attempt(data, side) is not None
            return _play_reason(st, side, kind, card_no), {
                "score": ("10.1", "11.1.1"), "event": ("7.1",), "ops": ("6.0", "5.2"),
                "rearm": ("6.3.5", "6.3.7", "5.2") if mandated else ("6.3.2", "6.3.7")}[kind]
        if data["oblig"][side]:
            # the rounds in words ("rearm" was printed as it is kept: a review)
            what = ("Rearmament attempt" if mandated_attempt(data, side) is not None
                    else "Operations")
            if scoring_now(c, data, side):
                return (f"the rounds left this turn are needed for your Scoring cards, which "
                        f"take precedence: play one now; the consecutive {what} rounds an "
                        "Event obliges carry over", ("4.5.2", "5.2", "6.3.6"))
            if kind == "score":
                return (f"an Event obliges consecutive {what} rounds, and this turn has rounds "
                        "enough left for your Scoring cards after them: make the mandated "
                        f"{what} round first", ("4.5.2", "5.2", "6.3.6"))
            if not (kind == "rearm" and what == "Operations"):
                return (f"an Event obliges consecutive {what} rounds; only that may be played",
                        ("4.5.2", "5.2", "6.3.6"))
            # a mandated Operations round may be a Rearmament attempt (rules.py): refused
            # for the attempt's own reasons, below (it blamed the obligation: an eit2 audit)
        if kind == "event":
            card = c.cards[card_no]
            if card.side not in (SIDE[side], "neutral"):
                return "an opponent's Event cannot be played as your Event; play it for "\
                       "Operations and it occurs for them", ("7.1", "5.2")
            return (f"the Event cannot be played now: "
                    f"{why_unplayable(c, data, side, card_no)}", ("7.5",))
        if kind == "rearm":
            if not any(ops_.track_open(c, data, t) for t in range(len(c.track_ids))):
                # not the Availability marker, which may be Available (an eit2 audit)
                return ("no Rearmament track is open: every marker is on its rightmost box "
                        "or its track is closed", ("6.3.8",))
            return "one Rearmament attempt per turn (the Availability marker is Unavailable)", (
                "6.3.2",)
        return "not allowed now", ("5.1",)


def scoring_now(c: Components, data: dict[str, Any], side: int) -> bool:
    """5.2 / 4.5.2: whether ``side``, under a mandatory consecutive-rounds Event, must play a
    Scoring card this Action Round: its rounds left this turn (this one included) are no
    more than the Scoring cards it holds, or it holds nothing else to play."""
    hand = data["hands"][side]
    held = sum(1 for n in hand if c.cards[n].scoring)
    if not held:
        return False
    left = rounds_per_turn(data["turn"]) - data["ar"] + 1
    return left <= held or held == len(hand)


def _event_text(c: Components, n: int) -> str:
    """The card's Event as printed (the bundled text), and the side it helps."""
    card = c.cards[n]
    text = card.event.strip() or "(no text)"
    said = f"{card.title} [{card.side}]: \u201c{text}\u201d"
    return f"{said} ({REWRITTEN})" if card.text_rewritten else said


def _play_reason(st: St, side: int, kind: str, n: int) -> str:
    """Why a legal card play does what it does, with the card's text, who its Event helps
    and the odds of the rolls it leads to (read for the role holding the card only)."""
    c, data = st.game.c, st.data
    card = c.cards[n]
    me, them = SIDE[side], SIDE[other(side)]
    if kind == "score":
        region = card.scoring or ""
        now = next((r for r in regions_now(c, data) if r["name"] == region), None)
        score = ""
        if now is not None:
            net = now["net"]
            lead = "no net Power" if net == 0 else (
                f"RW gains {net} Power" if net > 0 else f"LW gains {-net} Power")
            score = (f"; scored now: LW {now['lw']['total']}, RW {now['rw']['total']} "
                     f"({lead})")
        ops = ops_.effective_ops(c, data, side, card.check_ops)
        values = ", ".join(f"{k.capitalize()} {v}" for k, v in card.scoring_values.items())
        return (f"score {region} ({values}){score}, after an optional "
                f"Support Check in {region} with {ops} OPs")
    ops = ops_.effective_ops(c, data, side, card.ops or 0, rearmament=kind == "rearm")
    if kind == "event":
        # a neutral Event is the player's who plays it (2.2.2), but its text may give both
        # sides something (Spanish Civil War: an audit read "it helps RW" there)
        helps = (f"it helps {them}" if card.side == them else f"it helps {me}"
                 if card.side == me else f"a neutral Event, implemented by {me}")
        return (f"the Event takes effect as its text directs ({helps}): "
                f"{_event_text(c, n)}")
    if kind == "ops":
        extra = ""
        if card.side == them and not event_playable(c, data, other(side), n):
            extra = (f"; the card's {them} Event cannot occur now "
                     f"({why_unplayable(c, data, other(side), n)}), so the card is "
                     "discarded (5.2)")
        elif card.side == them:
            extra = (f"; the card's {them} Event then occurs for {them} (it helps your "
                     f"opponent), before or after your Operations as you choose: "
                     f"{_event_text(c, n)}")
        return (f"use all {ops} OPs on SP placement (1 OP per SP, 2 in an "
                f"opponent-controlled space) or on one Support Check{extra}")
    mandated = mandated_attempt(data, side)
    # the open tracks the attempt may be on (a mandated one's own only), as the decision
    # after the play offers them
    tracks = _tracks(c, data, {"track": mandated.get("track")} if mandated else {})
    odds = "; ".join(ops_.rearm_odds(c, data, side, t, ops, card.side,
                                     rearmament_bonus(c, data, side, n, t)) for t in tracks)
    if mandated:
        # the mandated attempt (Maginot Mentality): free, on its track only (an audit: the
        # why listed every track and an ordinary attempt)
        return (f"the free Rearmament attempt an Event mandates, with {ops} OPs (6.3.5: the "
                "Availability marker stays as it is; the card's Event does not occur, 6.3.7): "
                f"{odds}")
    return (f"a Rearmament attempt with {ops} OPs (the card's Event does not occur, 6.3.7): "
            f"{odds}")


class Event(Step):
    """7.1 / 5.2: the Event of ``card`` for ``side`` (``triggered``: an opponent's Event on a
    card played for Operations)."""

    kind = "event"

    def step(self, st: St, frame: Frame) -> None:
        end(st.data)
        run_event(st.game.c, st.data, frame["side"], frame["card"], frame["triggered"])


class EventThen(Step):
    """The rest of the Event of ``card`` (its step ``step``), once a decision it waited for
    is made (an Extremist's relocation, 2.3.2: events.lib.waits)."""

    kind = "event_then"

    def step(self, st: St, frame: Frame) -> None:
        end(st.data)
        resume(st.game.c, st.data, frame, None)


class ScoreRegion(Step):
    """10.1: the Region of the Scoring card ``card`` is scored (after its Support Check)."""

    kind = "score_region"

    def step(self, st: St, frame: Frame) -> None:
        c = st.game.c
        end(st.data)
        card = c.cards[frame["card"]]
        if card.scoring is not None:
            score_region(c, st.data, card.scoring, card.scoring_values)


# -- 6.0 Operations ------------------------------------------------------------------------

class OpKind(Ask):
    """6.0: all OPs go to SP placement or to one Support Check; an opponent's Event on the
    card is resolved before or after, as the phasing player decides (5.2)."""

    kind = "op_kind"

    def prompt(self, st: St, frame: Frame) -> Prompt:
        c, data = st.game.c, st.data
        card = c.cards[frame["card"]]
        ops = ops_.effective_ops(c, data, frame["side"], card.ops or 0)
        text = (f"Use the {ops} OPs of {card.title}: place Support Points or make one Support "
                "Check")
        if frame["event"]:
            # the OPs are reckoned when used (8.3 note): the Event first may change them (the
            # Reichstag Fire example: 1 OPs said, 2 given after the Event: an eit2 rules audit)
            text += (f"; the {SIDE[other(frame['side'])]} Event of the card occurs: resolve it "
                     "first, or after the Operations (the OPs are as they stand now; resolved "
                     "first, the Event may change them)")
            return Prompt(frame["role"], text, "5.2")
        return Prompt(frame["role"], text, "6.0")

    def legal(self, st: St, frame: Frame) -> list[int]:
        g = st.game
        ids = [g.word_id["op_place"]]
        if ops_.can_check(g.c, st.data, frame["side"]):
            ids.append(g.word_id["op_check"])
        if frame["event"]:
            ids.append(g.word_id["event_first"])
        return ids

    def act(self, st: St, frame: Frame, action: Action) -> None:
        c, data = st.game.c, st.data
        side = frame["side"]
        if action.kind == "event_first":
            frame["event"] = False
            log(data, "5.2", "The phasing player resolves the opponent's Event first")
            call(data, "event", None, side=other(side), card=frame["card"], triggered=True)
            return
        end(data)
        if frame["event"]:
            call(data, "event", None, side=other(side), card=frame["card"], triggered=True)
        card = c.cards[frame["card"]]
        ops = ops_.effective_ops(c, data, side, card.ops or 0)
        why = ops_.ops_detail(c, data, side, card.ops or 0)
        if action.kind == "op_place":
            log(data, "6.1", f"{SIDE[side]} places Support with {ops} OPs{why}", ops=ops)
            ops_.offer_placement(c, data, side, ops, frame["card"])
        else:
            log(data, "6.2.3", f"{SIDE[side]} makes one Support Check with {ops} OPs{why}",
                ops=ops)
            call(data, "offer_support_check", ROLE[side], side=side, ops=ops, region=None,
                 optional=False, card=frame["card"])

    def explain(self, st: St, frame: Frame, action: Action, legal: bool) -> Why:
        c, data = st.game.c, st.data
        side = frame["side"]
        base = c.cards[frame["card"]].ops or 0
        ops = ops_.effective_ops(c, data, side, base)
        # why the OPs differ from the card's, with 8.3 cited where it is the reason (the
        # why of each choice said only "1 OPs" under 8.3: an eit2 rules audit)
        why = ops_.ops_detail(c, data, side, base)
        rules: tuple[str, ...] = ("8.3",) if "8.3" in why else ()
        if legal and action.kind == "op_check":
            odds = sorted(((ops_.check_chance(c, data, side, s, ops), c.names[s])
                           for s in ops_.check_targets(c, data, side)), reverse=True)
            best = ", ".join(f"{name} {pct}%" for pct, name in odds[:5])
            return (f"one Support Check with {ops} OPs{why} in a space with opposing SP or "
                    f"Extremists; the best chances now: {best} (why on each space gives "
                    "the details)", ("6.0", "6.2.5", *rules))
        if legal and action.kind == "op_place":
            return (f"place Support Points with {ops} OPs{why}", ("6.0", "6.1", *rules))
        if legal and action.kind == "event_first":
            # it said "spend the card's OPs this way" (an eit2 rules audit)
            return (f"resolve the {SIDE[other(side)]} Event of {c.cards[frame['card']].title} "
                    f"now, then use the card's OPs: they are reckoned when used, so an Event "
                    f"that moves Power across your Moderation changes them (8.3); {ops} OPs "
                    f"as things stand{why}", ("5.2", "8.3"))
        if legal:
            return "spend the card's OPs this way", ("6.0", "5.2")
        if action.kind == "op_check":
            return "no space holds opposing SP or Extremists", ("6.2.4",)
        return "choose how to use the Operations points", ("6.0",)


class OfferPlaceSupport(Step):
    """6.1.3: placement goes on while an eligible space can take an SP for the OPs left."""

    kind = "offer_place_sp"

    def step(self, st: St, frame: Frame) -> None:
        data = st.data
        if ops_.placement_targets(st.game.c, data, frame):
            goto(data, "place_sp", frame["role"], **_scope(frame))
            return
        end(data)
        if frame["ops"]:
            log(data, "6.1.3", f"{frame['ops']} OP(s) cannot be spent and are lost",
                ops=frame["ops"])


class PlaceSupport(Ask):
    """6.1.2/6.1.3: one SP at a time in an eligible space."""

    explains_other_kinds = False     # its reasons are about its spaces or tracks

    kind = "place_sp"

    def prompt(self, st: St, frame: Frame) -> Prompt:
        return Prompt(frame["role"], f"Place Support Points: {frame['ops']} OP(s) left (1 OP "
                      "per SP, 2 in an opponent-controlled space), with or next to your SP "
                      "placed before this play, or where your Extremist is (6.1.2)", "6.1")

    def legal(self, st: St, frame: Frame) -> list[int]:
        g = st.game
        space_id = g.space_id
        return [space_id[s] for s in ops_.placement_targets(g.c, st.data, frame)]

    def act(self, st: St, frame: Frame, action: Action) -> None:
        data = st.data
        ops_.place_one(st.game.c, data, frame, action.value)
        if frame["ops"] <= 0:
            end(data)
        else:
            goto(data, "offer_place_sp", frame["role"], **_scope(frame))

    def explain(self, st: St, frame: Frame, action: Action, legal: bool) -> Why:
        c, data = st.game.c, st.data
        # the map's adjacency in words, which the terminal shows nowhere else (an audit)
        near = (f"; {c.names[action.value]} is next to "
                + ", ".join(sorted(c.names[n] for n in c.adj[action.value]))
                if action.kind == "space" else "")
        if legal:
            cost = ops_.placement_cost(c, data, frame["side"], action.value)
            return f"{cost} OP(s) of {frame['ops']} left{near}", ("6.1.2", "6.1.3")
        if action.kind == "space":
            s = action.value
            if s == c.rhineland and data["flags"].get("rhineland_demilitarized"):
                return "the Rhineland is demilitarised", ("3.5R",)
            if s not in frame["eligible"]:
                return ("SP go with or next to friendly SP that were there before this "
                        f"placement began, or where a friendly Extremist is{near}", ("6.1.2",))
            ban = ops_.ban_on(c, data, frame["side"], s)
            if ban is not None:
                # before the cost: a banned space was answered "costs 2 OPs" with OPs
                # enough left (a rules audit; no bundled card bans placement today)
                by = f" ({c.cards[ban['card']].title})" if ban.get("card") in c.cards else ""
                return (f"an ongoing Event{by} forbids {SIDE[frame['side']]} to place SP "
                        "there with Operations", ("6.1.2", "7.2"))
            # the OPs left too (it said the cost alone: an explain audit)
            return (f"an opponent-controlled space costs 2 OPs, and {frame['ops']} OP "
                    f"{'is' if frame['ops'] == 1 else 'are'} left", ("6.1.3",))
        return "place the remaining SP first", ("6.1",)


class OfferSupportCheck(Step):
    """6.2.4: a Support Check needs a space with opposing SP or Extremists."""

    kind = "offer_support_check"

    def step(self, st: St, frame: Frame) -> None:
        data = st.data
        region = frame.get("region")
        if (ops_.can_check(st.game.c, data, frame["side"]) if region is None
                else ops_.check_targets(st.game.c, data, frame["side"], region)):
            goto(data, "support_check", frame["role"], **_scope(frame))
            return
        end(data)
        log(data, "6.2.4", "No space with opposing Support or Extremists: no Support Check")


class SupportCheck(Ask):
    """6.2.5/6.2.6 (10.1, 11.1.1: a Scoring card's Support Check in its Region, optional)."""

    explains_other_kinds = False     # its reasons are about its spaces or tracks

    kind = "support_check"

    def prompt(self, st: St, frame: Frame) -> Prompt:
        c = st.game.c
        if frame.get("region"):
            # why its OPs are not the card's (the 8.3 penalty was applied unsaid: an eit2
            # rules audit); the OPs were reckoned when the card was played, just before
            card = c.cards.get(frame.get("card", -1))
            why = ""
            if card is not None and ops_.effective_ops(c, st.data, frame["side"],
                                                       card.check_ops) == frame["ops"]:
                why = ops_.ops_detail(c, st.data, frame["side"], card.check_ops)
            return Prompt(frame["role"], f"Choose the space for the Support Check of "
                          f"{_card_title(c, frame.get('card'))} (+{frame['ops']}"
                          f"{': ' + why[2:-1] if why else ''}) in "
                          f"{frame['region']}, or pass", "11.1.1")
        return Prompt(frame["role"], f"Choose the space of your Support Check with "
                      f"{frame['ops']} OPs (a space with opposing SP or Extremists)", "6.2.5")

    def legal(self, st: St, frame: Frame) -> list[int]:
        g = st.game
        space_id = g.space_id
        ids = [space_id[s] for s in ops_.check_targets(g.c, st.data, frame["side"],
                                                         frame.get("region"))]
        if frame.get("optional"):
            ids.append(g.word_id["pass"])
        return ids

    def act(self, st: St, frame: Frame, action: Action) -> None:
        data = st.data
        end(data)
        if action.kind == "pass":
            # a Scoring card's check is 11.1.1's, as its why says (it cited 6.2: an audit)
            log(data, "11.1.1" if frame.get("region") else "6.2",
                f"{SIDE[frame['side']]} makes no Support Check")
        else:
            ops_.support_check(st.game.c, data, frame["side"], action.value, frame["ops"],
                               frame.get("extra", 0), frame.get("source", ""))

    def explain(self, st: St, frame: Frame, action: Action, legal: bool) -> Why:
        if legal and action.kind == "pass":
            return "no Support Check: the Region is scored as it stands", ("10.1", "11.1.1")
        if legal:
            return ops_.check_odds(st.game.c, st.data, frame["side"], action.value,
                                   frame["ops"], frame.get("extra", 0),
                                   frame.get("source", "")), ("6.2.5", "6.2.6")
        region = frame.get("region")
        if action.kind != "space":
            return ("a Support Check needs a space with opposing SP or Extremists"
                    + (f", in {region}" if region else ""), ("6.2.4",))
        c, s = st.game.c, action.value
        # the reason of this space: outside the Region, or no opposing SP or Extremist
        # (one sentence named both for any space: an explain audit)
        if region and s not in c.map.spaces_in(region):
            return (f"{c.names[s]} is not in {region}: the Support Check of its Scoring "
                    "card is made there", ("11.1.1",))
        return (f"{c.names[s]} holds no {SIDE[other(frame['side'])]} SP or Extremist: a "
                "Support Check needs opposing SP or Extremists in the space", ("6.2.4",))


def _tracks(c: Components, data: dict[str, Any], frame: Frame) -> list[int]:
    """The open tracks an attempt may be on: ``track`` (6.3.6's mandated one) or one of
    ``tracks`` (an Event's free attempt) where the frame names them, else any."""
    forced = frame.get("track")
    among = frame.get("tracks")
    return [t for t in range(len(c.track_ids)) if ops_.track_open(c, data, t)
            and (forced is None or c.track_ids[t] == forced)
            and (among is None or c.track_ids[t] in among)]


def _event_bonus(frame: Frame) -> tuple[int, str] | None:
    """The modifier an Event gives the free attempt it grants (a frame keeps it as a
    ``[value, why]`` list)."""
    got = frame.get("event_bonus")
    return (int(got[0]), str(got[1])) if got else None


def _among(c: Components, frame: Frame) -> str:
    """' on the German or the USSR track' for an Event's free attempt limited to tracks."""
    among = frame.get("tracks")
    if not among:
        return ""
    names = [f"the {c.track_name(t)}" for t in among]
    return f" on {' or '.join(names)} track"


class OfferRearmTrack(Step):
    """6.3.8: an attempt needs an open track."""

    kind = "offer_rearm_track"

    def step(self, st: St, frame: Frame) -> None:
        data = st.data
        if _tracks(st.game.c, data, frame):
            goto(data, "rearm_track", frame["role"], **_scope(frame))
            return
        end(data)
        log(data, "6.3.8", "No Rearmament track is open")


class RearmTrack(Ask):
    """6.3.2/6.3.3: the track of a Rearmament attempt."""

    explains_other_kinds = False     # its reasons are about its spaces or tracks

    kind = "rearm_track"

    def prompt(self, st: St, frame: Frame) -> Prompt:
        c = st.game.c
        free = "free " if frame.get("free") else ""
        forced = frame.get("track")
        on = (f" (it must be the {c.track_name(forced)} track, as the Event that mandates "
              "it says)" if forced in c.track_ids else "")
        among = _among(c, frame)
        on += f" ({among.strip()}, as its Event says)" if among else ""
        return Prompt(frame["role"], f"Choose the track of your {free}Rearmament attempt "
                      f"with {frame['ops']} OPs{on}", "6.3.2")

    def legal(self, st: St, frame: Frame) -> list[int]:
        g = st.game
        return [g.track_id[t] for t in _tracks(g.c, st.data, frame)]

    def act(self, st: St, frame: Frame, action: Action) -> None:
        c, data = st.game.c, st.data
        end(data)
        side, t = frame["side"], action.value
        bonus = rearmament_bonus(c, data, side, frame.get("card"), t)
        ops_.rearmament_attempt(c, data, side, t, frame["ops"], frame.get("card_side"),
                                frame.get("free", False), bonus, _event_bonus(frame))

    def explain(self, st: St, frame: Frame, action: Action, legal: bool) -> Why:
        if legal:
            c, data = st.game.c, st.data
            side, t = frame["side"], action.value
            bonus = rearmament_bonus(c, data, side, frame.get("card"), t)
            return ops_.rearm_odds(c, data, side, t, frame["ops"], frame.get("card_side"),
                                   bonus, _event_bonus(frame)), ("6.3.2", "6.3.3")
        c = st.game.c
        if frame.get("track") in c.track_ids:
            # Maginot Mentality's mandated attempts: the card's Event says which track
            return (f"this attempt must be on the {c.track_name(frame['track'])} track, as the "
                    "Event that mandates it says", ("5.2", "6.3.5"))
        if frame.get("tracks"):
            return (f"its Event gives a free attempt{_among(c, frame)} only",
                    ("6.3.5",))
        shut, rule = (ops_.track_shut(c, st.data, action.value) if action.kind == "track"
                      else ("", "6.3.8"))
        return (shut or "that track takes no attempt now"), (rule or "6.3.8",)


# -- 2.3.2 Extremists ----------------------------------------------------------------------

class RelocateExtremist(Ask):
    """2.3.2: with all 15 Extremists on the board, the owner may move one instead."""

    explains_other_kinds = False     # its reasons are about its spaces or tracks

    kind = "relocate_extremist"

    def prompt(self, st: St, frame: Frame) -> Prompt:
        name = st.game.c.names[frame["target"]]
        return Prompt(frame["role"], f"All 15 of your Extremists are on the board: move one "
                      f"of them to {name}, or pass", "2.3.2")

    def legal(self, st: St, frame: Frame) -> list[int]:
        g, data = st.game, st.data
        side = frame["side"]
        return [g.space_id[s] for s in range(len(g.c.names))
                if data["ext"][side][s] and s != frame["target"]] + [g.word_id["pass"]]

    def act(self, st: St, frame: Frame, action: Action) -> None:
        c, data = st.game.c, st.data
        end(data)
        side, target = frame["side"], frame["target"]
        if action.kind == "pass":
            log(data, "2.3.2", f"{SIDE[side]} does not relocate an Extremist")
        else:
            s = action.value
            data["ext"][side][s] -= 1
            data["ext"][side][target] += 1
            log(data, "2.3.2", f"{SIDE[side]} relocates an Extremist from {c.names[s]} to "
                f"{c.names[target]}", source=c.slugs[s], space=c.slugs[target])

    def explain(self, st: St, frame: Frame, action: Action, legal: bool) -> Why:
        """Why this space can or cannot give up an Extremist (it gave one sentence for any
        choice, legal or not: an explain audit)."""
        c, side, target = st.game.c, frame["side"], frame["target"]
        to = c.names[target]
        if action.kind == "pass":
            return (f"you may leave your Extremists where they are: none goes to {to}",
                    ("2.3.2",))
        if action.kind != "space":
            return (f"move one of your Extremists already on the board to {to}, or pass",
                    ("2.3.2",))
        s = action.value
        if s == target:
            return (f"{to} is where the Extremist goes: move one from another space",
                    ("2.3.2",))
        if not st.data["ext"][side][s]:
            return (f"{c.names[s]} holds no {SIDE[side]} Extremist to move to {to}",
                    ("2.3.2",))
        return f"your Extremist in {c.names[s]} moves to {to}", ("2.3.2",)


# -- 7.0 Event choices ---------------------------------------------------------------------

class EventChoice(Ask):
    """A choice an Event gives a player (a space, a card, a track, a number); then the
    card's step of that name goes on (events/registry.resume)."""

    explains_other_kinds = False     # its reasons are about its spaces or tracks

    kind = "event_choice"

    def prompt(self, st: St, frame: Frame) -> Prompt:
        text = frame.get("prompt") or f"{frame['title']}: choose a {frame['what']}"
        card = st.game.c.cards.get(frame.get("card", -1))
        side = frame["side"]
        if card is not None and card.side == SIDE[side] and st.data["phasing"] != side:
            # the owner asked in the opponent's Action Round: why (a web audit: nothing said
            # that the opponent's play of the card had brought the Event, 5.2)
            text += (f" (your Event: {SIDE[1 - side]} played {card.title} for Operations, "
                     "5.2)")
        return Prompt(frame["role"], text, frame.get("rule", "7.1"))

    def legal(self, st: St, frame: Frame) -> list[int]:
        g = st.game
        what = frame["what"]
        if what == "space":
            table: list[int] | dict[int, int] = g.space_id
        elif what == "card":
            table = g.card_id
        elif what == "track":
            table = g.track_id
        else:
            table = g.number_id
        ids = [table[o] for o in frame["options"]]
        if frame.get("optional"):
            ids.append(g.word_id["pass"])
        return ids

    def act(self, st: St, frame: Frame, action: Action) -> None:
        data = st.data
        end(data)
        choice = None if action.kind == "pass" else action.value
        resume(st.game.c, data, frame, choice)

    def explain(self, st: St, frame: Frame, action: Action, legal: bool) -> Why:
        p = self.prompt(st, frame)
        if not legal:
            return f"not one of the choices: {p.text}", (p.rule,)
        c, data = st.game.c, st.data
        rule = frame.get("rule", "7.1")
        text = p.text
        if frame["what"] == "space" and rule == "6.2.5" and action.kind == "space":
            value = _event_check_ops(c, data, frame, text)
            if value is not None:
                text += ": " + ops_.check_odds(c, data, frame["side"], action.value, value)
                return text, (rule, "6.2.6")
        if frame["what"] == "track" and rule == "6.3.5" and action.kind == "track":
            ops = frame.get("ops")
            if ops is None:
                m = re.search(r"(\d+)-OPs", text)
                ops = ops_.effective_ops(c, data, frame["side"], int(m.group(1)),
                                         rearmament=True) if m else None
            if ops is not None:
                text += ": " + ops_.rearm_odds(c, data, frame["side"], action.value, ops,
                                               None)
                return text, (rule, "6.3.2")
        return text, (p.rule,)


# -- 6.3.4 / 6.3.5 Rearmament boxes --------------------------------------------------------

class BoxPlaceSupport(Ask):
    """6.3.4: a box places SP in a space with a friendly Extremist, of the player's choice."""

    explains_other_kinds = False     # its reasons are about its spaces or tracks

    kind = "box_place_sp"

    def prompt(self, st: St, frame: Frame) -> Prompt:
        return Prompt(frame["role"], f"{frame['box']}: place {frame['n']} SP in a space with "
                      "your Extremist", "6.3.4")

    def legal(self, st: St, frame: Frame) -> list[int]:
        space_id = st.game.space_id
        return [space_id[s] for s in frame["options"]]

    def act(self, st: St, frame: Frame, action: Action) -> None:
        end(st.data)
        place_sp(st.game.c, st.data, frame["side"], action.value, frame["n"], "6.3.4")

    def explain(self, st: St, frame: Frame, action: Action, legal: bool) -> Why:
        if legal:
            return f"{frame['box']}: the SP go there", ("6.3.4",)
        c, side = st.game.c, frame["side"]
        if action.kind != "space":
            return (f"{frame['box']}: choose a space with one of your Extremists for its "
                    f"{frame['n']} SP", ("6.3.4",))
        s = action.value
        # the reason of this space (it gave both reasons for any space, the Rhineland's
        # with Gibraltar's: an explain audit)
        if st.data["ext"][side][s] and demilitarized(c, st.data, s):
            return ("the Rhineland is demilitarised: no SP there unless an Event names it",
                    ("3.5R", "6.3.4"))
        return (f"{c.names[s]} holds no {SIDE[side]} Extremist: the box's SP go only to a "
                "space with one of yours", ("6.3.4",))


class BoxSupportCheck(Ask):
    """6.3.4: a box gives a Support Check in one of its spaces (optional)."""

    explains_other_kinds = False     # its reasons are about its spaces or tracks

    kind = "box_support_check"

    def prompt(self, st: St, frame: Frame) -> Prompt:
        names = ", ".join(st.game.c.names[s] for s in frame["options"])
        return Prompt(frame["role"], f"{frame['box']}: choose the space of a Support Check "
                      f"with +{frame['ops']} ({names}), or pass", "6.3.4")

    def legal(self, st: St, frame: Frame) -> list[int]:
        g = st.game
        return [g.space_id[s] for s in frame["options"]] + [g.word_id["pass"]]

    def act(self, st: St, frame: Frame, action: Action) -> None:
        end(st.data)
        if action.kind != "pass":
            ops_.support_check(st.game.c, st.data, frame["side"], action.value, frame["ops"],
                               0, "")

    def explain(self, st: St, frame: Frame, action: Action, legal: bool) -> Why:
        if legal and action.kind == "space":
            odds = ops_.check_odds(st.game.c, st.data, frame["side"], action.value,
                                   frame["ops"])
            return f"{frame['box']}: {odds}", ("6.3.4", "6.2.5")
        if legal:
            return f"{frame['box']}: no Support Check", ("6.3.4",)
        return "only in one of the box's spaces, or pass", ("6.3.4",)


class FreeAttempt(Ask):
    """6.3.5: a box or an Event gives a free Rearmament attempt, for which a card is played
    ("Unless specified otherwise (i.e. Mechanised Warfare Pioneers), free rearmament
    attempts still require a card to be played for its Operations Points"). ``box`` names
    what gives it; an Event's frame may limit it to ``tracks`` and add its
    ``event_bonus``."""

    kind = "free_attempt"

    def prompt(self, st: St, frame: Frame) -> Prompt:
        text = (f"{frame['box']}: play a card for a free Rearmament attempt"
                f"{_among(st.game.c, frame)}")
        got = _event_bonus(frame)
        if got is not None:
            text += f", {got[0]:+d} ({got[1]})"
        text += " (its OPs count, its Event does not occur), or pass"
        # the owner of an Event card asked in the opponent's Action Round (5.2), as an
        # Event's other choices say (Edvard Benes, Joseph Stalin: an events audit)
        card = st.game.c.cards.get(frame.get("card", -1))
        side = frame["side"]
        if card is not None and card.side == SIDE[side] and st.data["phasing"] != side:
            text += (f" (your Event: {SIDE[1 - side]} played {card.title} for Operations, "
                     "5.2)")
        return Prompt(frame["role"], text, "6.3.5")

    def legal(self, st: St, frame: Frame) -> list[int]:
        g = st.game
        return [g.card_id[n] for n in st.data["hands"][frame["side"]]
                if not g.c.cards[n].scoring] + [g.word_id["pass"]]

    def act(self, st: St, frame: Frame, action: Action) -> None:
        c, data = st.game.c, st.data
        end(data)
        side = frame["side"]
        if action.kind == "pass":
            log(data, "6.3.5", f"{SIDE[side]} declines the free Rearmament attempt")
            return
        n = action.value
        card = c.cards[n]
        data["hands"][side].remove(n)
        data["discard"].append(n)
        reveal(data)        # played face up: once the opponent has seen it, no undo
        ops = ops_.effective_ops(c, data, side, card.ops or 0, rearmament=True)
        log(data, "6.3.5", f"{SIDE[side]} plays {card.title} ({ops} OPs) for a free "
            "Rearmament attempt", card=n, ops=ops)
        call(data, "offer_rearm_track", ROLE[side], side=side, ops=ops, card_side=card.side,
             free=True, track=None, card=n, tracks=frame.get("tracks"),
             event_bonus=frame.get("event_bonus"))

    def explain(self, st: St, frame: Frame, action: Action, legal: bool) -> Why:
        if legal and action.kind == "card":
            c, data = st.game.c, st.data
            side, n = frame["side"], action.value
            card = c.cards[n]
            ops = ops_.effective_ops(c, data, side, card.ops or 0, rearmament=True)
            odds = "; ".join(ops_.rearm_odds(c, data, side, t, ops, card.side,
                                             rearmament_bonus(c, data, side, n, t),
                                             _event_bonus(frame))
                             for t in _tracks(c, data, frame))
            return (f"{card.title}'s {ops} OPs make the free attempt (its Event does not "
                    f"occur): {odds}", ("6.3.5", "6.3.7", "6.3.2"))
        if legal:
            return "no free Rearmament attempt", ("6.3.5",)
        return "a card from your hand that is not a Scoring card, or pass", ("6.3.5",)


def _event_check_ops(c: Components, data: Data, frame: Frame, text: str) -> int | None:
    """The OPs of an Event's Support Check whose space ``frame`` asks for (rule 6.2.5): its
    "+N modifier" (the frame's ``value``, else read from the prompt ``text``) made as if a
    card of N OPs were played (7.4); None where it names none."""
    value = frame.get("value")
    if value is None:
        m = re.search(r"with \+(\d+)", text)
        value = int(m.group(1)) if m else None
    return None if value is None else ops_.event_check_ops(c, data, frame["side"], value)


def choice_chance(c: Components, data: Data, frame: Frame, kind: str, value: int) -> str:
    """The chance a space or a track of this decision would have, for its menu label
    (", check 67%", ": 50%"), where the decision is a Support Check's target (6.2.5) or a
    Rearmament attempt's track (6.3.2); "" elsewhere. The same figures as ``why`` (a web
    audit: only the why of each choice gave them)."""
    side = frame.get("side")
    if side is None:
        return ""
    if kind == "space" and frame["kind"] in ("support_check", "box_support_check"):
        pct = ops_.check_chance(c, data, side, value, frame["ops"], frame.get("extra", 0))
        return f", check {pct}%"
    if kind == "space" and frame["kind"] == "event_choice" and frame.get("rule") == "6.2.5":
        # an Event's check in a space of the player's choice, as its why reckons it
        ops = _event_check_ops(c, data, frame, frame.get("prompt") or "")
        return f", check {ops_.check_chance(c, data, side, value, ops)}%" if ops is not None \
            else ""
    if kind == "track" and frame["kind"] == "rearm_track":
        p = ops_.rearm_chance(c, data, side, value, frame["ops"], frame.get("card_side"),
                              rearmament_bonus(c, data, side, frame.get("card"), value),
                              _event_bonus(frame))
        return f": {p}%" if p is not None else ""
    return ""


def free_attempt_label(c: Components, data: Data, frame: Frame, n: int) -> str:
    """A card's menu label in a free Rearmament attempt (6.3.5): its side and the OPs it
    gives the attempt and its chance on the track (on each of two, the best of more); the
    prompt says that its Event does not occur. The menu said only "Card 14: Tomas
    Masaryk"; the odds were told only by ``why`` (a terminal audit)."""
    side = frame["side"]
    card = c.cards[n]
    ops = ops_.effective_ops(c, data, side, card.ops or 0, rearmament=True)
    chances = [(p, t) for t in _tracks(c, data, frame)
               if (p := ops_.rearm_chance(c, data, side, t, ops, card.side,
                                          rearmament_bonus(c, data, side, n, t),
                                          _event_bonus(frame))) is not None]
    where = ""
    if len(chances) == 1:
        where = f": {chances[0][0]}%"
    elif len(chances) == 2:
        where = ": " + ", ".join(f"{p}% ({c.track_names[t]})" for p, t in chances)
    elif chances:
        p, t = max(chances, key=lambda x: x[0])
        where = f": {p}% at best ({c.track_names[t]})"
    return f"{card.title} [{card.side}, {ops} OPs]{where}"


FRAMES: tuple[Step | Ask, ...] = (
    Turn(), EndTurn(), StartTurn(), FinalScoring(), SetupSupport(), SetupExtremist(),
    ActionRound(), Event(), EventThen(), ScoreRegion(), OpKind(), OfferPlaceSupport(),
    PlaceSupport(), OfferSupportCheck(), SupportCheck(), OfferRearmTrack(), RearmTrack(),
    RelocateExtremist(), EventChoice(), BoxPlaceSupport(), BoxSupportCheck(), FreeAttempt())
"""Every frame kind of the game."""

DECISIONS: tuple[str, ...] = tuple(f.kind for f in FRAMES if f.decision)
"""The kinds of decision (the observation's one-hot of what is being decided)."""

__all__ = ["DECISIONS", "FRAMES", "action_round_frame", "after_play", "free_attempt_label"]
