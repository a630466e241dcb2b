"""The sequence of play (7): a player turn, its operations, supply, the draw.

Frames (``data["stack"]``, each ``{"kind", "role", "side", ...}``; ``side`` is the side
that decides, 0 Axis, 1 Allies):

- ``turn`` (procedure, 7): ``step`` ``begin`` (two operations), ``supply`` (8.6: the
  supply check), ``supply_losses`` (one counter per out of supply location), ``draw`` (the
  draw up to the hand size, then 9: the victory check and the next turn);
- ``operation`` (7.1): choose one of the eight operations; ``left`` operations remain
  this turn (the frame stays under the operation it started while some remain);
- ``operation_card`` (4.2): the card played for the ``operation``;
- ``army`` (7.2.1): which army of the card's icons is built;
- ``pay_cards`` (3.3, 3.4, 7.2.3): the additional cards placed in the recycle pile;
- ``place`` / ``fortress_half`` (7.2.1, 7.2.2): where the counter is placed;
- ``move`` (7.2.4-7.2.6): the source, then counters and their destinations; then
  ``move_battles`` (procedure) resolves the battles, in the order the mover chooses
  (``battle_order``);
- ``attack`` (7.2.7): the contested location attacked;
- ``block`` (Wolfpack / Destroyer Attack): the opponent may block with the other card;
- ``redeploy`` (Strategic Redeploy): source, army, destination;
- ``supply_loss`` (8.6): the counter an out of supply location loses.
"""

from __future__ import annotations

from collections.abc import Callable

from warroom.core.actions import Action
from warroom.core.flow import Decision, Procedure, Prompt, call, end, goto, reveal
from warroom.core.log import log
from warroom.core.rng import randbelow
from warroom.core.state import Frame
from warroom.games.sfe import engine as E
from warroom.games.sfe.battle import start_battle
from warroom.games.sfe.components import (
    AXIS,
    EV_COORD,
    EV_DESTROYER,
    EV_REDEPLOY,
    EV_WEAPON,
    EV_WOLF,
    NAVAL,
    OWNER_NAMES,
    SIDE_NAMES,
    SOV,
    WEST,
)
from warroom.games.sfe.counters import (
    OWNER_SIDE,
    OWNER_WORDS,
    SIDE_ADJ,
    SIDE_OWNERS,
    army_kinds,
    army_name,
    code,
    half,
    half_of,
    is_fortress,
    kind_of,
    owner,
    owner_half,
    side_of,
    strength,
    take_army,
    unit_name,
)
from warroom.games.sfe.engine import WHO
from warroom.games.sfe.odds import attack_text
from warroom.games.sfe.operations import (
    Dest,
    adjacent_dests,
    adjacent_in,
    attack_targets,
    build_options,
    build_refusal,
    event_refusal,
    move_refusal,
    move_sources,
    mover_owner,
    op_cards,
    path_in,
    possible_ops,
    redeploy_destinations,
    redeploy_sources,
    why_no_place,
)
from warroom.games.sfe.tables import (
    OP_ATTACK,
    OP_BOMB,
    OP_BUILD,
    OP_DISCARD,
    OP_EVENT,
    OP_FORT,
    OP_MOVE,
    OP_PASS,
    OP_RULE,
    OPS,
    ROLES,
    SfeBase,
    St,
)
from warroom.games.sfe.victory import end_of_turn

Why = tuple[str, tuple[str, ...]]
OP_INDEX = {name: i for i, name in enumerate(OPS)}


# -- the player turn (7) ----------------------------------------------------------------------

def new_turn(st: St, side: int) -> Frame:
    """7: the side's player turn (it replaces the frame on top)."""
    return goto(st.data, "turn", ROLES[side], side=side, step="begin")


def turn_begin(st: St, fr: Frame) -> None:
    """7: two operations."""
    data = st.data
    side = fr["side"]
    fr["step"] = "supply"
    log(data, "7", f"Turn {data['turn']}: {WHO[side]} player turn")
    call(data, "operation", fr["role"], side=side, left=2)


def turn_supply(st: St, fr: Frame) -> None:
    """8.6: after the two operations, the side's counters out of supply."""
    side = fr["side"]
    oos = []
    b = E.board(st)
    for own in SIDE_OWNERS[side]:
        oos += [[loc, own] for loc in E.out_of_supply_in(st, b, own)]
    if not oos:
        log(st.data, "8.6", f"Supply: every {SIDE_ADJ[side]} counter is in supply")
        fr["step"] = "draw"
        turn_draw(st, fr)
        return
    fr["out_of_supply"] = oos
    fr["step"] = "supply_losses"


def turn_supply_losses(st: St, fr: Frame) -> None:
    """8.6: each out of supply location loses one counter, the owner's choice."""
    data = st.data
    c = st.game.c
    oos = fr["out_of_supply"]
    if not oos:
        fr["step"] = "draw"
        return
    loc, own = oos.pop(0)
    kinds = sorted({kind_of(u) for u in data["u"][loc] if owner(u) == own})
    log(data, "8.6", f"Supply: the {OWNER_WORDS[own]} counters in {c.names[loc]} "
        "are out of supply and lose one counter", owner=OWNER_NAMES[own],
        location=c.names[loc])
    if len(kinds) == 1:
        lose_counter(st, loc, own, kinds[0], "8.6")
    else:
        call(data, "supply_loss", fr["role"], side=fr["side"], location=loc, owner=own)


def turn_draw(st: St, fr: Frame) -> None:
    """7: draw up to the hand size; 9: the victory check; the other side's turn. The turn
    is over: an undo barrier (nothing of it may be taken back once the cards are drawn)."""
    data = st.data
    side = fr["side"]
    E.draw(st, side)
    reveal(data)
    if end_of_turn(st, side):
        return
    if side == 1:
        data["turn"] += 1
    data["side"] = 1 - side
    turn_begin(st, new_turn(st, 1 - side))


TURN_STEPS: dict[str, Callable[[St, Frame], None]] = {
    "begin": turn_begin,
    "supply": turn_supply,
    "supply_losses": turn_supply_losses,
    "draw": turn_draw,
}
"""The steps of a player turn in the order of 7."""


class PlayerTurn(Procedure[SfeBase]):
    """7: a player turn: two operations, supply check, draw, victory check."""

    kind = "turn"

    def run(self, st: St, frame: Frame) -> None:
        TURN_STEPS[frame["step"]](st, frame)


def lose_counter(st: St, loc: int, own: int, kind: int, rule: str) -> None:
    """A counter of ``own`` and ``kind`` in ``loc`` is eliminated."""
    data = st.data
    units = data["u"][loc]
    for i, u in enumerate(units):
        if owner(u) == own and kind_of(u) == kind:
            del units[i]
            E.touch(st, loc)
            name = st.game.c.names[loc]
            log(data, rule, f"The {unit_name(u)} in {name} is eliminated",
                counter=unit_name(u), location=name)
            E.gone(data, u)
            E.fix_control(st, loc)
            return
    raise AssertionError("no such counter")


class SupplyLoss(Decision[SfeBase]):
    """8.6: an out of supply location loses one counter, owner's choice."""

    kind = "supply_loss"

    def prompt(self, st: St, frame: Frame) -> Prompt:
        return Prompt(frame["role"], f"Choose the counter the out of supply "
                      f"{OWNER_WORDS[frame['owner']]} counters in "
                      f"{st.game.c.names[frame['location']]} lose", "8.6")

    def legal(self, st: St, frame: Frame) -> list[int]:
        kinds = sorted({kind_of(u) for u in st.data["u"][frame["location"]]
                        if owner(u) == frame["owner"]})
        unit_id = st.game.unit_id
        return [unit_id[k] for k in kinds]

    def apply(self, st: St, frame: Frame, action: Action) -> None:
        end(st.data)
        lose_counter(st, frame["location"], frame["owner"], action.value, "8.6")

    def explain(self, st: St, frame: Frame, action: Action, legal: bool) -> Why:
        if legal:
            return "this counter is eliminated for lack of supply (owner's choice)", ("8.6",)
        return f"not a choice now: {self.prompt(st, frame).text}", ("8.6",)


# -- operations (7.1, 7.2) ----------------------------------------------------------------------

class Operation(Decision[SfeBase]):
    """7.1: choose one of the eight operations (two per turn)."""

    kind = "operation"

    def prompt(self, st: St, frame: Frame) -> Prompt:
        return Prompt(frame["role"], f"Choose an operation ({frame['left']} left this turn)",
                      "7.1")

    def legal(self, st: St, frame: Frame) -> list[int]:
        return possible_ops(st, frame["side"])

    def apply(self, st: St, frame: Frame, action: Action) -> None:
        data = st.data
        side = frame["side"]
        op = action.value
        frame["left"] -= 1
        if frame["left"] <= 0:
            end(data)  # 7.2: the last one; it is completed before the supply check
        if op == OP_PASS:
            log(data, "7.2.10", f"{WHO[side]} pass")
        elif op == OP_ATTACK:
            call(data, "attack", frame["role"], side=side)
        else:
            call(data, "operation_card", frame["role"], side=side, operation=OPS[op])

    def explain(self, st: St, frame: Frame, action: Action, legal: bool) -> Why:
        if action.kind != "op":
            return f"not a choice now: {self.prompt(st, frame).text}", ("7.1",)
        op = action.value
        side = frame["side"]
        c = st.game.c
        hand = st.data["hand"][side]
        rule = OP_RULE[op]
        if legal:
            return op_cards_text(st, side, op), (rule, "7.1")
        if op == OP_FORT and side != 0:
            return "only the Axis build fortresses", ("7.2.2", "3.4")
        if op == OP_FORT:       # the first condition the fortress fails (a play audit)
            if not any(c.card_fort[x] for x in hand):
                return "no card in hand has the fortress icon", (rule, "4")
            if len(hand) < 2:
                return "a fortress needs one more card to recycle", (rule, "CQR")
            if E.counters_on_map(st.data, AXIS, 4) >= c.mix[AXIS][4]:
                return ("every fortress counter of the mix is on the board", (rule, "3.1"))
            return ("no friendly controlled, in supply location has a half without a "
                    "fortress", (rule, "8.6"))
        if op == OP_MOVE and not any(c.card_move[x] for x in hand):
            return "no card in hand has a move icon", (rule, "4")
        if op == OP_MOVE:
            return move_refusal(st, side)
        if op == OP_EVENT:
            return event_refusal(st, side, hand)
        if op == OP_BOMB:
            if not any(c.card_bomb[x] for x in hand):
                return "no card in hand has the strategic bombing icon", (rule,)
            if len(hand) < 2:
                return "a bombing needs one more card to recycle", (rule, "CQR")
            return "the marker is at the end of the track", (rule,)
        if op == OP_ATTACK:
            if not E.air_cards(st, hand):
                return "attacking needs a card for its air power value", (rule, "8.1")
            data = st.data
            if side == 1 and not E.movable(data, SOV) and any(
                    E.is_contested(data, loc) and any(
                        owner(u) == SOV and not is_fortress(u) for u in data["u"][loc])
                    for loc in range(c.n)):
                # Soviet armies in a contested location, which 6.4 holds still (an sfe
                # audit was told no contested location held its armies)
                return ("the Soviet armies in contested locations may not attack during the "
                        "1st Allied play deck, and no other Allied army stands in one",
                        (rule, "6.4"))
            return "no contested location holds your armies", (rule,)
        if op == OP_DISCARD:
            return "the hand is empty", (rule,)
        if op == OP_BUILD:
            return build_refusal(st, side, hand)
        return (f"no card in hand allows operation {OPS[op]} now (icon, additional cards, "
                "counter mix or a place for it missing)", (rule, "3.3", "4.2"))


def op_cards_text(st: St, side: int, op: int) -> str:
    """Which cards of the hand allow operation ``op`` now, and what each allows (read for
    the side whose hand it is)."""
    c = st.game.c
    data = st.data
    if op == OP_PASS:
        return "pass: no card is played (7.2.10)"
    if op == OP_ATTACK:
        airs = ", ".join(f"{c.card_names[x]} (air {c.card_air[x]})"
                         for x in E.air_cards(st, data["hand"][side]))
        where = []
        for loc in attack_targets(st, side):
            h = half_of(data["u"][loc], 1 - side)
            atk = [u for u in data["u"][loc] if side_of(u) == side and not is_fortress(u)]
            where.append(attack_text(st, side, loc, h, sum(strength(u) for u in atk),
                                     len(atk), 0))
        return (f"attack in a contested location with an air card face down ({airs}): "
                + "; ".join(where))
    cards = op_cards(st, side, op)
    bits = []
    for x in cards:
        name = c.card_names[x]
        if op == OP_BUILD:
            opts = build_options(st, side, x)
            bits.append(f"{name} builds " + " or ".join(army_name(o, n, "a") for o, n in opts)
                        + (f" (recycle {max(n for _o, n in opts) - 1} more card(s))"
                           if max(n for _o, n in opts) > 1 else ""))
        elif op == OP_MOVE:
            bits.append(f"{name}: {'naval' if c.card_move[x] == NAVAL else 'land'} move")
        elif op == OP_EVENT:
            bits.append(f"{name}: {c.event_names[c.card_event[x]]} "
                        f"\u201c{c.event_text[c.card_event[x]]}\u201d")
        else:
            bits.append(name)
    what = {OP_BUILD: "build an army", OP_FORT: "build a fortress (and recycle one more "
            "card)", OP_BOMB: "strategic bombing (and recycle one more card)",
            OP_MOVE: "move armies", OP_EVENT: "play the card's event",
            OP_DISCARD: "discard a card (it is recycled face down)"}[op]
    return f"{what}, with: " + "; ".join(bits)


def more_operations(st: St, side: int, n: int) -> None:
    """Coordinated Offensive: ``n`` more operations this turn."""
    data = st.data
    top = data["stack"][-1]
    if top["kind"] == "operation":
        top["left"] += n
    else:  # the event was the turn's last operation
        call(data, "operation", ROLES[side], side=side, left=n)


class OperationCard(Decision[SfeBase]):
    """Choose the card played for the operation (4.2: one icon or event per card)."""

    kind = "operation_card"

    def prompt(self, st: St, frame: Frame) -> Prompt:
        op = OP_INDEX[frame["operation"]]
        return Prompt(frame["role"], f"Choose the card to play for the {OPS[op]} operation",
                      OP_RULE[op])

    def legal(self, st: St, frame: Frame) -> list[int]:
        card_id = st.game.card_id
        return [card_id[x] for x in op_cards(st, frame["side"], OP_INDEX[frame["operation"]])]

    def apply(self, st: St, frame: Frame, action: Action) -> None:
        c = st.game.c
        data = st.data
        side = frame["side"]
        op = OP_INDEX[frame["operation"]]
        role = frame["role"]
        card = action.value
        name = c.card_names[card]
        end(data)
        if op != OP_DISCARD:
            reveal(data)    # played face up: once the opponent has seen it, no undo
        if op == OP_BUILD:
            opts = build_options(st, side, card)
            E.take(data, side, card, face_up=True)
            if len(opts) == 1:
                build(st, side, card, *opts[0])
            else:
                call(data, "army", role, side=side, card=card, choices=[list(o) for o in opts])
        elif op == OP_FORT:
            E.take(data, side, card, face_up=True)
            data["elim"][side].append(card)
            log(data, "7.2.2", f"{WHO[side]} play {name} to build a fortress; the card is "
                "eliminated")
            call(data, "place", role, side=side, owner=AXIS, strength=3, fortress=True)
            pay_cards(st, side, 1, "7.2.2")
        elif op == OP_BOMB:
            E.take(data, side, card, face_up=True)
            E.recycle(data, side, card, False)
            log(data, "7.2.3", f"{WHO[side]} play {name} for strategic bombing")
            move_marker(st, side, "7.2.3")
            pay_cards(st, side, 1, "7.2.3")
        elif op == OP_MOVE:
            E.take(data, side, card, face_up=True)
            E.recycle(data, side, card, False)
            naval = c.card_move[card] == NAVAL
            log(data, "7.2.4", f"{WHO[side]} play {name} for a {'naval' if naval else 'land'} "
                "move")
            call(data, "move", role, side=side, naval=int(naval), source=-1, owner=0,
                 selected=0, moved=0, through=1, battles=[])
        elif op == OP_EVENT:
            E.take(data, side, card, face_up=True)
            play_event(st, side, card)
        elif op == OP_DISCARD:
            E.take(data, side, card)
            E.recycle(data, side, card, True)
            log(data, "7.2.8", f"{WHO[side]} discard a card")

    def explain(self, st: St, frame: Frame, action: Action, legal: bool) -> Why:
        op = OP_INDEX[frame["operation"]]
        rule = OP_RULE[op]
        if legal:
            return f"this card may be played for {OPS[op]}", (rule, "4.2")
        if action.kind == "card" and action.value not in st.data["hand"][frame["side"]]:
            return "that card is not in your hand", ("4.1",)
        if action.kind == "card" and op == OP_BUILD:
            return build_refusal(st, frame["side"], [action.value])
        if action.kind == "card" and op == OP_EVENT:
            return event_refusal(st, frame["side"], [action.value])
        return f"not a choice now: {self.prompt(st, frame).text}", (rule, "4.2")


def build(st: St, side: int, card: int, own: int, strength: int) -> None:
    """3.3/7.2.1: 1 strength: recycle the card; 2/3: eliminate it and recycle 1/2 more."""
    c = st.game.c
    data = st.data
    if strength == 1:
        E.recycle(data, side, card, False)
        fate = "recycled"
    else:
        data["elim"][side].append(card)
        fate = "eliminated"
    log(data, "7.2.1", f"{WHO[side]} play {c.card_names[card]} to build "
        f"{army_name(own, strength, 'a')}; the card is {fate}")
    call(data, "place", ROLES[side], side=side, owner=own, strength=strength, fortress=False)
    if strength > 1:
        pay_cards(st, side, strength - 1, "3.3")


def move_marker(st: St, side: int, rule: str) -> None:
    """7.2.3: the strategic bombing marker moves one space (right for the Axis)."""
    data = st.data
    data["bomb"] += 1 if side == 0 else -1
    b = data["bomb"]
    track = st.game.c.track
    where = "black 0" if b == 0 else (
        f"{track[abs(b)]} on the {'Allied' if b > 0 else 'Axis'} side")
    log(data, rule, f"The strategic bombing marker moves {'right' if side == 0 else 'left'} "
        f"to {where}")


def play_event(st: St, side: int, card: int) -> None:
    """7.2.9: an operation event; the card is recycled unless it says otherwise (CQR)."""
    c = st.game.c
    data = st.data
    ev = c.card_event[card]
    log(data, "7.2.9", f"{WHO[side]} play {c.card_names[card]}: {c.event_text[ev]}",
        event=c.event_names[ev], side=SIDE_NAMES[side])
    if c.event_after_elim[ev]:
        data["elim"][side].append(card)
    elif ev in (EV_WOLF, EV_DESTROYER):
        data["inplay"] = [card]  # its fate depends on a block (CQR)
    else:
        E.recycle(data, side, card, False)
    if ev == EV_COORD:
        more_operations(st, side, 2)
        log(data, "CQR", "Two more operations this turn; Coordinated Offensive is eliminated")
    elif ev == EV_WEAPON:
        move_marker(st, side, "7.2.9")
    elif ev == EV_REDEPLOY:
        call(data, "redeploy", ROLES[side], side=side, source=-1, owner=0, selected=0)
    elif ev in (EV_WOLF, EV_DESTROYER):
        call(data, "block", ROLES[1 - side], side=1 - side, card=card)


class Army(Decision[SfeBase]):
    """7.2.1: only one army of the strength shown is built: Western or Soviet."""

    kind = "army"

    def prompt(self, st: St, frame: Frame) -> Prompt:
        return Prompt(frame["role"], "Choose the army the card builds: Western or Soviet "
                      "(only one army of the strength shown)", "7.2.1")

    def legal(self, st: St, frame: Frame) -> list[int]:
        army_id = st.game.army_id
        return [army_id[o][s] for o, s in frame["choices"]]

    def apply(self, st: St, frame: Frame, action: Action) -> None:
        end(st.data)
        own, strength = divmod(action.value, 4)  # the army action's value: owner * 4 + strength
        build(st, frame["side"], frame["card"], own, strength)


def pay_cards(st: St, side: int, n: int, rule: str) -> None:
    """3.3, 3.4, 7.2.3: ``n`` more cards from the hand go to the recycle pile, face down;
    the player chooses them unless the hand holds no more than that."""
    if not _pay_all(st, side, n, rule):
        call(st.data, "pay_cards", ROLES[side], side=side, left=n, paid=0, rule=rule)


def _pay_all(st: St, side: int, n: int, rule: str) -> bool:
    """Pay the ``n`` cards when there is nothing to choose (True), else nothing."""
    data = st.data
    hand = data["hand"][side]
    if n > 0 and len(hand) > n:
        return False
    n = min(n, len(hand))
    for x in list(hand[:n]):
        hand.remove(x)
        E.recycle(data, side, x, True)
    if n:
        _log_paid(st, side, n, rule)
    return True


def _log_paid(st: St, side: int, n: int, rule: str) -> None:
    log(st.data, rule, f"{WHO[side]} place {n} additional card{'s' if n > 1 else ''} "
        "in the recycle pile")


class PayCards(Decision[SfeBase]):
    """3.3, 3.4, 7.2.3: place additional cards from the hand in the recycle pile."""

    kind = "pay_cards"

    def prompt(self, st: St, frame: Frame) -> Prompt:
        return Prompt(frame["role"], "Choose a card from your hand to place in the recycle "
                      f"pile ({frame['left']} more)", frame["rule"])

    def legal(self, st: St, frame: Frame) -> list[int]:
        card_id = st.game.card_id
        return [card_id[x] for x in sorted(set(st.data["hand"][frame["side"]]))]

    def apply(self, st: St, frame: Frame, action: Action) -> None:
        data = st.data
        side = frame["side"]
        E.take(data, side, action.value)
        E.recycle(data, side, action.value, True)
        frame["left"] -= 1
        frame["paid"] += 1
        if frame["left"] == 0:
            _log_paid(st, side, frame["paid"], frame["rule"])
            end(data)
        elif _pay_all(st, side, frame["left"], frame["rule"]):
            end(data)


class Place(Decision[SfeBase]):
    """7.2.1 / 7.2.2: place the counter just built."""

    kind = "place"

    def options(self, st: St, frame: Frame) -> list[int]:
        if frame["fortress"]:
            return sorted({loc for loc, _h in E.fortress_halves(st)})
        return E.build_locations(st, frame["owner"])

    def prompt(self, st: St, frame: Frame) -> Prompt:
        if frame["fortress"]:
            return Prompt(frame["role"], "Choose the location of the new fortress (a friendly "
                          "controlled, in supply half without a fortress)", "7.2.2")
        return Prompt(frame["role"], f"Choose the location of the new "
                      f"{army_name(frame['owner'], frame['strength'])} (a "
                      "friendly controlled, in supply location)", "7.2.1")

    def legal(self, st: St, frame: Frame) -> list[int]:
        loc_id = st.game.loc_id
        return [loc_id[x] for x in self.options(st, frame)]

    def apply(self, st: St, frame: Frame, action: Action) -> None:
        c = st.game.c
        data = st.data
        loc = action.value
        end(data)
        if frame["fortress"]:
            halves = [h for x, h in E.fortress_halves(st) if x == loc]
            if len(halves) == 1:
                place_fortress(st, loc, halves[0])
            else:
                call(data, "fortress_half", frame["role"], side=0, location=loc)
            return
        own, strength = frame["owner"], frame["strength"]
        u = code(own, strength, max(0, owner_half(data["u"][loc], own)))
        data["u"][loc].append(u)
        E.touch(st, loc)
        E.born(data, u)
        log(data, "7.2.1", f"{army_name(own, strength, 'A')} is placed in "
            f"{c.names[loc]}")

    def explain(self, st: St, frame: Frame, action: Action, legal: bool) -> Why:
        rule = "7.2.2" if frame["fortress"] else "7.2.1"
        if legal:
            return "a friendly controlled, in supply location", (rule,)
        if action.kind != "loc":
            p = self.prompt(st, frame)
            return f"not a choice in this decision: {p.text}", (p.rule,)
        if frame["fortress"]:
            return ("only a friendly controlled, in supply half without a fortress (one "
                    "fortress per half)", (rule, "8.6", "2.5"))
        return why_no_place(st, frame["owner"], action.value)


def place_fortress(st: St, loc: int, h: int) -> None:
    """7.2.2: the fortress is placed in half ``h`` of ``loc``."""
    c = st.game.c
    u = code(AXIS, 3, h, fort=True)
    st.data["u"][loc].append(u)
    E.touch(st, loc)
    E.born(st.data, u)
    log(st.data, "7.2.2", f"An Axis fortress is placed in the {c.halves[loc][h]} half of "
        f"{c.names[loc]}")


class FortressHalf(Decision[SfeBase]):
    """7.2.2: the fortress goes in either half; only one fortress per half."""

    kind = "fortress_half"

    def prompt(self, st: St, frame: Frame) -> Prompt:
        c = st.game.c
        loc = frame["location"]
        return Prompt(frame["role"], f"Choose the half of {c.names[loc]} for the fortress "
                      f"({' or '.join(c.halves[loc])}; one fortress per half)", "7.2.2")

    def legal(self, st: St, frame: Frame) -> list[int]:
        half_id = st.game.half_id
        return [half_id[h] for loc, h in E.fortress_halves(st) if loc == frame["location"]]

    def apply(self, st: St, frame: Frame, action: Action) -> None:
        end(st.data)
        place_fortress(st, frame["location"], action.value)


# -- movement (7.2.4-7.2.6) ---------------------------------------------------------------------

class Move(Decision[SfeBase]):
    """7.2.4-7.2.6: move counters of one location: the ``source`` (-1 until chosen), then
    each counter (``selected``: its strength) and its destination. ``through``: no
    counter has moved by one line yet, so one may still move through friendly locations
    (7.2.6). ``battles``: the moves into battle, resolved once the counters have moved
    (``move_battles``)."""

    kind = "move"

    def dests(self, st: St, frame: Frame) -> list[Dest]:
        """Where the selected counter may go: along one line (7.2.5; into battle only with
        an air card for it), and while no counter has moved by a line, through friendly
        locations (7.2.6). A location whose one line leads into battle the counter may
        also reach round by friendly locations, into its friendly half: without the air
        card that way only, with it both ways (:meth:`detour`)."""
        src = frame["source"]
        own = frame["owner"]
        b = E.board(st)
        out = adjacent_in(st, b, src, own, bool(frame["naval"]))
        planned, n_air = self._air_room(st, frame)     # once, not per battle
        res = [d for d in out if not d[4] or d[0] in planned or len(planned) < n_air]
        if frame["through"]:
            offered = {d[0] for d in res}
            for d, h in path_in(st, b, src, own, bool(frame["naval"])).items():
                if d not in offered:
                    res.append((d, h, 0, -1, False))
        return res

    @staticmethod
    def _air_room(st: St, frame: Frame) -> tuple[set[int], int]:
        """The locations the move already goes into battle in, and the air cards in hand
        (7.2.5: one for each battle)."""
        return ({p[0] for p in frame["battles"]},
                len(E.air_cards(st, st.data["hand"][frame["side"]])))

    def may_fight(self, st: St, frame: Frame, loc: int) -> bool:
        """An air card is left for a battle in ``loc`` (7.2.5: one for each battle)."""
        planned, n_air = self._air_room(st, frame)
        return loc in planned or len(planned) < n_air

    def detour(self, st: St, frame: Frame, loc: int) -> int:
        """The friendly half of ``loc`` that the selected counter reaches through friendly
        locations (7.2.6), where its one line into ``loc`` is a battle; -1 if none."""
        if not frame["through"]:
            return -1
        b = E.board(st)
        return path_in(st, b, frame["source"], frame["owner"], bool(frame["naval"])).get(
            loc, -1)

    def has_dest(self, st: St, frame: Frame) -> bool:
        """``bool(self.dests(...))``, without the search through friendly locations when
        one line already gives a destination."""
        out = adjacent_dests(st, frame["source"], frame["owner"], bool(frame["naval"]))
        for d in out:
            if not d[4]:
                return True
        if out:
            planned, n_air = self._air_room(st, frame)
            if any(d[0] in planned or len(planned) < n_air for d in out):
                return True
        return bool(self.dests(st, frame)) if frame["through"] else False

    def dest(self, st: St, frame: Frame, loc: int) -> Dest:
        """The entry of ``self.dests(...)`` for the (legal) destination ``loc``."""
        for d in adjacent_dests(st, frame["source"], frame["owner"], bool(frame["naval"])):
            if d[0] == loc and (not d[4] or self.may_fight(st, frame, loc)):
                return d
        return next(d for d in self.dests(st, frame) if d[0] == loc)

    def prompt(self, st: St, frame: Frame) -> Prompt:
        c = st.game.c
        if frame["source"] < 0:
            kind = "naval" if frame["naval"] else "land"
            return Prompt(frame["role"], f"Choose the location to move army counters from "
                          f"({kind} move)", "7.2.4")
        src = c.names[frame["source"]]
        if frame["selected"]:
            return Prompt(frame["role"], f"Choose where the {frame['selected']}-strength army "
                          f"moves from {src}", "7.2.6" if frame["through"] else "7.2.5")
        if frame["moved"]:
            return Prompt(frame["role"], f"Choose another army counter to move from {src}, "
                          "or done", "7.2.4")
        return Prompt(frame["role"], f"Choose an army counter to move from {src}", "7.2.4")

    def legal(self, st: St, frame: Frame) -> list[int]:
        g = st.game
        if frame["source"] < 0:
            loc_id = g.loc_id
            return [loc_id[x] for x in move_sources(st, frame["side"], bool(frame["naval"]))]
        if frame["selected"]:
            loc_id = g.loc_id
            return [loc_id[d[0]] for d in self.dests(st, frame)]
        ids = []
        if self.has_dest(st, frame):
            unit_id = g.unit_id
            ids = [unit_id[k] for k in army_kinds(st.data["u"][frame["source"]],
                                                  frame["owner"])]
        if frame["moved"]:
            ids.append(g.done_id)
        return ids

    def apply(self, st: St, frame: Frame, action: Action) -> None:
        data = st.data
        side = frame["side"]
        if frame["source"] < 0:
            frame["source"] = action.value
            frame["owner"] = mover_owner(st, action.value, side)
            return
        kind = action.kind
        if kind == "done":
            resolve_move_battles(st, frame)
            return
        if kind == "unit":
            frame["selected"] = action.value
            return
        # a destination for the selected counter
        loc = action.value
        line = next((d for d in adjacent_dests(st, frame["source"], frame["owner"],
                                               bool(frame["naval"])) if d[0] == loc), None)
        if line is not None and line[4] and (h := self.detour(st, frame, loc)) >= 0:
            # into battle by the line, or round into the friendly half: the mover says.
            # Asked whether or not an air card is left for the battle (its legal choices
            # say), so that the other side learns nothing of the hand from the question
            call(data, "move_entry", frame["role"], side=frame["side"], location=loc,
                 battle_half=line[1], detour_half=h)
            return
        self.go(st, frame, self.dest(st, frame, loc))

    def go(self, st: St, frame: Frame, dest: Dest) -> None:
        """The selected counter moves to ``dest`` (a line's, or through friendly locations
        with ``nv`` -1)."""
        c = st.game.c
        data = st.data
        src, own, strength = frame["source"], frame["owner"], frame["selected"]
        d, dh, dv, nv, battle = dest
        units = data["u"][src]
        take_army(units, own, strength)
        E.touch(st, src)
        moved = code(own, strength, dh)
        frame["selected"] = 0
        frame["moved"] += 1
        mover = army_name(own, strength, "A")
        if nv < 0:  # non-adjacent move: one counter, then the operation ends
            data["u"][d].append(moved)
            E.touch(st, d)
            log(data, "7.2.6", f"{mover} moves from {c.names[src]} through friendly "
                f"locations to {c.names[d]}", owner=OWNER_NAMES[own], strength=strength,
                source=c.names[src], location=c.names[d])
            E.fix_control(st, src)
            resolve_move_battles(st, frame)
            return
        frame["through"] = 0
        if own == AXIS:
            E.special_circumstance(st, d)
        if battle:
            for p in frame["battles"]:
                if p[0] == d:
                    p[4].append(moved)
                    break
            else:
                frame["battles"].append([d, dh, dv, nv, [moved]])
            # the battle is said where the half entered is defended; a fortress alone in
            # the other half is no defender of it (8.2, games/sfe/rules.py), and the log
            # had said "battle" and then "no battle" (an sfe rules audit)
            side = OWNER_SIDE[own]
            defended = any(side_of(u) != side and (not is_fortress(u) or half(u) == dh)
                           for u in data["u"][d])
            what = ("battle" if defended else "the only enemy counter there, a fortress, "
                    "stands in the other half")
            log(data, "7.2.5", f"{mover} moves from {c.names[src]} into enemy occupied "
                f"{c.names[d]} ({c.halves[d][dh]} half): {what}", owner=OWNER_NAMES[own],
                strength=strength, source=c.names[src], location=c.names[d],
                half=c.halves[d][dh])
        else:
            data["u"][d].append(moved)
            E.touch(st, d)
            log(data, "7.2.5", f"{mover} moves from {c.names[src]} to {c.names[d]}",
                owner=OWNER_NAMES[own], strength=strength, source=c.names[src],
                location=c.names[d])
            E.fix_control(st, d, "7.2.5")
        E.fix_control(st, src)
        if not army_kinds(units, own):
            resolve_move_battles(st, frame)

    def explain(self, st: St, frame: Frame, action: Action, legal: bool) -> Why:
        rules = ("7.2.4", "7.2.5", "7.2.6")
        if legal and frame["selected"] and frame["source"] >= 0 and action.kind == "loc":
            d, dh, dv, _nv, battle = self.dest(st, frame, action.value)
            if battle:
                planned: list[int] = next((p[4] for p in frame["battles"] if p[0] == d), [])
                n = frame["selected"] + sum(strength(u) for u in planned)
                text = ("allowed, into battle: "
                        + attack_text(st, frame["side"], d, dh, n, len(planned) + 1, dv))
                h = self.detour(st, frame, d)
                if h >= 0:
                    text += (f"; or round by friendly locations into its "
                             f"{st.game.c.halves[d][h]} half, no battle (you choose the half "
                             "next)")
                return text, (*rules, "8.2")
            # the reason, not the question again ("allowed: Choose where the 1-strength army
            # moves from Rome": a browser audit)
            c = st.game.c
            here = c.names[frame["source"]]
            if _nv < 0:             # a way through friendly locations (dests)
                return (f"allowed: {c.names[d]} is reached from {here} through friendly "
                        "locations, no battle", ("7.2.6",))
            return (f"allowed: {c.names[d]} lies on a line from {here} that this card moves "
                    "along: no battle there", rules)
        if legal and frame["source"] < 0 and action.kind == "loc":
            name = st.game.c.names[action.value]
            return (f"allowed: an army of yours in {name} has a line to move along with this "
                    "card", ("7.2.4", "7.2.5"))
        if legal:
            return f"allowed: {self.prompt(st, frame).text}", rules
        if frame["source"] < 0 and action.kind == "loc":
            return move_source_refusal(st, frame["side"], action.value, bool(frame["naval"]))
        if frame["selected"] and action.kind == "loc":
            return self.refusal(st, frame, action.value)
        return f"not a choice now: {self.prompt(st, frame).text}", rules

    def refusal(self, st: St, frame: Frame, d: int) -> Why:
        """Why the selected counter may not go to ``d``: the one condition that bars it (a
        why listed every condition of a move, whichever applied: an audit of the Allied
        seat)."""
        c = st.game.c
        data = st.data
        src, own = frame["source"], frame["owner"]
        name, here = c.names[d], c.names[src]
        rules = ("7.2.5", "7.2.6")
        if d == c.usa:
            return (f"no counter enters the {name} box: its counters only leave it",
                    ("2.3", "6.6"))
        lines = [ln for ln in c.out[src] if ln[1] == d]
        if not lines:
            if any(ln[1] == src for ln in c.out[d]):
                return (f"the line between {here} and {name} runs one way, from {name}",
                        ("2.3", "7.2.5"))
            if frame["through"]:
                return (f"no line joins {here} to {name}, and no way through friendly "
                        f"locations reaches it", rules)
            return f"no move line joins {here} to {name}", rules
        if not E.may_enter(st, d, own):     # 3.2 (the USA box was answered above)
            other = WEST + SOV - own
            mine, theirs = OWNER_WORDS[own], OWNER_WORDS[other]
            why = (f"{name} is a {theirs} ({'blue' if other == WEST else 'red'}) location"
                   if c.color[d] == other else f"{name} is {theirs} controlled"
                   if data["ctl"][d] == other else f"{theirs} counters stand in {name}")
            return (f"{why}: {mine} counters never enter one (blue and red never share "
                    "a location)", ("3.2",))
        stage = min(3, data["dn"][1])
        open_ = [ln for ln in lines if ln[6] <= stage]
        if not open_:
            first = min(ln[6] for ln in lines)
            return (f"the line from {here} to {name} is in effect from the "
                    f"{E.play_deck(first, 'allies')}", ("2.3", "7.2.5"))
        if not frame["naval"] and all(ln[4] for ln in open_):
            return (f"only a naval line leads from {here} to {name}: a naval move needs a "
                    "card with the naval move icon, and this is a land move", ("2.6", "7.2.5"))
        b = E.board(st)
        side = 0 if own == AXIS else 1
        if b.cont[src] and all(ln[2] != b.fh[side][src] for ln in open_):
            return (f"from contested {here} counters leave only by the lines of their own "
                    f"half, and the line to {name} leaves from the other half",
                    ("7.2.5", "8.5", "8.6"))
        if not self.may_fight(st, frame, d):
            return (f"moving into {name} means a battle, and each battle of a move needs an "
                    "air power card: none is left in your hand for another", ("7.2.5",))
        return (f"the counter cannot move to {name}: not along one line it may use, nor "
                "through friendly locations only", (*rules, "3.2", "2.6"))


def move_kind(st: St) -> Move:
    """The game's handler of ``move`` frames (its ``go``, ``dest``, ``may_fight`` and
    ``detour`` serve the move's other decisions and its menu's words)."""
    mover = st.game.frames["move"]
    assert isinstance(mover, Move)
    return mover


class MoveEntry(Decision[SfeBase]):
    """7.2.5 / 7.2.6: a location the selected counter may enter by its one line, into
    battle in the enemy half, or reach round by friendly locations, into its friendly half
    (no battle; a move through friendly locations ends the move). ``location``,
    ``battle_half``, ``detour_half``."""

    kind = "move_entry"

    def prompt(self, st: St, frame: Frame) -> Prompt:
        c = st.game.c
        loc = frame["location"]
        halves = c.halves[loc]
        strength = st.data["stack"][-2]["selected"]
        return Prompt(frame["role"], f"Choose the half of {c.names[loc]} the {strength}-"
                      f"strength army enters: the {halves[frame['battle_half']]} half by its "
                      f"line, into battle, or the {halves[frame['detour_half']]} half through "
                      "friendly locations, no battle (the move ends there)", "7.2.6")

    def legal(self, st: St, frame: Frame) -> list[int]:
        half_id = st.game.half_id
        out = [half_id[frame["detour_half"]]]
        if move_kind(st).may_fight(st, st.data["stack"][-2], frame["location"]):
            out.append(half_id[frame["battle_half"]])
        return sorted(out)

    def apply(self, st: St, frame: Frame, action: Action) -> None:
        data = st.data
        end(data)
        move = data["stack"][-1]
        mover = move_kind(st)
        if action.value == frame["battle_half"]:
            mover.go(st, move, mover.dest(st, move, frame["location"]))
        else:
            mover.go(st, move, (frame["location"], frame["detour_half"], 0, -1, False))

    def explain(self, st: St, frame: Frame, action: Action, legal: bool) -> Why:
        rules = ("7.2.5", "7.2.6")
        c = st.game.c
        where = f"the {c.halves[frame['location']][action.value]} half of " \
            f"{c.names[frame['location']]}"
        if legal and action.value == frame["battle_half"]:
            return (f"allowed: {where} by the counter's line, into battle with the enemy "
                    "there (an air card for it)", (*rules, "8.2"))
        if legal:
            return (f"allowed: {where} through friendly locations, no battle; one counter "
                    "moves so, and the move ends", rules)
        return f"not a choice now: {self.prompt(st, frame).text}", rules


def move_source_refusal(st: St, side: int, loc: int, naval: bool) -> Why:
    """Why the armies of ``loc`` may not move with this card (7.2.4-7.2.6, 6.4, 6.6)."""
    c = st.game.c
    data = st.data
    name = c.names[loc]
    if loc == c.usa and not E.usa_active(data):
        return (f"{name} becomes active only with the Allied 3rd play deck", ("6.6", "7.2.4"))
    own = mover_owner(st, loc, side)
    if not own:
        return f"no army of yours stands in {name}", ("7.2.4",)
    if not E.movable(data, own):
        return ("Soviets may not move during the 1st Allied play deck", ("6.4", "7.2.4"))
    return (f"the armies in {name} have no line to move along with this card (a naval "
            f"line needs a naval move card{'' if naval else ', and this one is a land move'}; "
            "blue and red never enter each other's locations; moving into battle needs an "
            "air power card)", ("7.2.5", "2.6", "3.2"))


def resolve_move_battles(st: St, frame: Frame) -> None:
    """The counters have moved: the move's battles follow (``move_battles``)."""
    goto(st.data, "move_battles", frame["role"], side=frame["side"], source=frame["source"],
         battles=frame["battles"])


class MoveBattles(Procedure[SfeBase]):
    """7.2.5: the battles of a move, one by one, in the order the mover chooses."""

    kind = "move_battles"

    def run(self, st: St, frame: Frame) -> None:
        battles = frame["battles"]
        if not battles:
            end(st.data)
        elif len(battles) == 1:
            start_move_battle(st, frame, 0)
        else:
            call(st.data, "battle_order", frame["role"], side=frame["side"])


def start_move_battle(st: St, frame: Frame, i: int) -> None:
    d, dh, dv, nv, units = frame["battles"].pop(i)
    start_battle(st, frame["side"], d, dh, units, frame["source"], dv, nv,
                 len(frame["battles"]))


class BattleOrder(Decision[SfeBase]):
    """7.2.5: the moving player decides the order of the battles."""

    kind = "battle_order"

    def prompt(self, st: St, frame: Frame) -> Prompt:
        return Prompt(frame["role"], "Choose the next battle to resolve (the moving player "
                      "decides the order of the battles)", "7.2.5")

    def legal(self, st: St, frame: Frame) -> list[int]:
        loc_id = st.game.loc_id
        return [loc_id[p[0]] for p in st.data["stack"][-2]["battles"]]

    def apply(self, st: St, frame: Frame, action: Action) -> None:
        data = st.data
        end(data)
        below = data["stack"][-1]
        i = next(i for i, p in enumerate(below["battles"]) if p[0] == action.value)
        start_move_battle(st, below, i)


class Attack(Decision[SfeBase]):
    """7.2.7: attack the enemy half of a contested location."""

    kind = "attack"

    def prompt(self, st: St, frame: Frame) -> Prompt:
        return Prompt(frame["role"], "Choose a contested location to attack", "7.2.7")

    def legal(self, st: St, frame: Frame) -> list[int]:
        loc_id = st.game.loc_id
        return [loc_id[x] for x in attack_targets(st, frame["side"])]

    def apply(self, st: St, frame: Frame, action: Action) -> None:
        c = st.game.c
        data = st.data
        end(data)
        side = frame["side"]
        loc = action.value
        h = half_of(data["u"][loc], 1 - side)
        log(data, "7.2.7", f"{WHO[side]} attack in contested {c.names[loc]} "
            f"({c.halves[loc][h]} half)", side=SIDE_NAMES[side], location=c.names[loc],
            half=c.halves[loc][h])
        start_battle(st, side, loc, h, None, -1, 0, 0, 0)

    def explain(self, st: St, frame: Frame, action: Action, legal: bool) -> Why:
        if legal:
            data = st.data
            loc = action.value
            side = frame["side"]
            h = half_of(data["u"][loc], 1 - side)
            atk = [u for u in data["u"][loc] if side_of(u) == side and not is_fortress(u)]
            return ("your armies contest this location: attack the enemy half; "
                    + attack_text(st, side, loc, h, sum(strength(u) for u in atk), len(atk),
                                  0), ("7.2.7", "8.2"))
        if action.kind != "loc":
            return f"not a choice now: {self.prompt(st, frame).text}", ("7.2.7",)
        data = st.data
        loc = action.value
        name = st.game.c.names[loc]
        if not E.is_contested(data, loc):
            return (f"{name} is not contested: an attack is made only in a location where "
                    "both sides have counters, one in each half", ("7.2.7", "2.5"))
        own = mover_owner(st, loc, frame["side"])
        if not own:
            return (f"no army of yours stands in {name} (fortresses only defend)",
                    ("7.2.7", "3.4"))
        return ("Soviet armies may not attack during the 1st Allied play deck (they may not "
                "move)", ("6.4", "7.2.7"))


# -- events (7.2.9) -----------------------------------------------------------------------------

class Block(Decision[SfeBase]):
    """Wolfpack / Destroyer Attack: the opponent may block with the other card (CQR)."""

    kind = "block"

    def blockers(self, st: St, frame: Frame) -> list[int]:
        c = st.game.c
        want = EV_DESTROYER if c.card_event[frame["card"]] == EV_WOLF else EV_WOLF
        return [x for x in st.data["hand"][frame["side"]] if c.card_event[x] == want]

    def prompt(self, st: St, frame: Frame) -> Prompt:
        c = st.game.c
        played = c.card_event[frame["card"]]
        wolf, destroyer = c.event_names[EV_WOLF], c.event_names[EV_DESTROYER]
        other = destroyer if played == EV_WOLF else wolf
        # what blocking costs too (the prompt said only what not blocking does: an audit);
        # the events as the pack names them (a pack's "U-Boot Rudel" was called Wolfpack
        # here: a terminal audit)
        return Prompt(frame["role"], f"Block {c.event_names[played]} with a {other} card, or "
                      f"not (blocked: the {wolf} is eliminated, the {destroyer} "
                      "recycled; unblocked: discard 2 cards at random)", "CQR")

    def legal(self, st: St, frame: Frame) -> list[int]:
        g = st.game
        return [*(g.card_id[x] for x in self.blockers(st, frame)), g.no_block_id]

    def apply(self, st: St, frame: Frame, action: Action) -> None:
        c = st.game.c
        data = st.data
        end(data)
        me = frame["side"]
        attacker = 1 - me
        played = frame["card"]
        data["inplay"] = []
        if action.kind == "card":
            blocker = action.value
            E.take(data, me, blocker, face_up=True)
            wolf, destroyer = ((played, blocker) if c.card_event[played] == EV_WOLF
                               else (blocker, played))
            data["elim"][0].append(wolf)
            E.recycle(data, 1, destroyer, False)
            reveal(data)
            log(data, "CQR", f"{WHO[me]} block with {c.card_names[blocker]}: "
                f"{c.event_names[EV_WOLF]} is eliminated, {c.event_names[EV_DESTROYER]} is "
                "recycled", side=SIDE_NAMES[me],
                card=c.card_ids[blocker])
            return
        E.recycle(data, attacker, played, False)
        hand = data["hand"][me]
        n = min(2, len(hand))
        data["shown"][me].clear()       # which cards left the hand is not seen
        gone = []
        for _ in range(n):
            x = hand.pop(randbelow(data, len(hand)))
            gone.append(x)
            E.recycle(data, me, x, True)
        reveal(data)
        log(data, "6.3", f"{WHO[me]} discard {n} card{'s' if n != 1 else ''} at random from "
            "the hand", side=SIDE_NAMES[me], cards=n)
        if gone:    # taken unseen by the opponent; the owner knows what left the hand
            log(data, "6.3", "Discarded at random from your hand: "
                + ", ".join(c.card_names[x] for x in gone), to=SIDE_NAMES[me],
                discarded=[c.card_ids[x] for x in gone])


class Redeploy(Decision[SfeBase]):
    """Strategic Redeploy (reconstructed text): one army from a friendly controlled, in
    supply location to another."""

    kind = "redeploy"

    def prompt(self, st: St, frame: Frame) -> Prompt:
        c = st.game.c
        if frame["source"] < 0:
            text = "choose the location the army leaves"
        elif not frame["selected"]:
            text = f"choose the army that leaves {c.names[frame['source']]}"
        else:
            text = (f"choose where the {frame['selected']}-strength army from "
                    f"{c.names[frame['source']]} goes")
        return Prompt(frame["role"], f"Strategic Redeploy: {text} (friendly controlled, in "
                      "supply locations)", "7.2.9")

    def legal(self, st: St, frame: Frame) -> list[int]:
        g = st.game
        if frame["source"] < 0:
            return [g.loc_id[x] for x in sorted({loc for loc, _o in
                                                 redeploy_sources(st, frame["side"])})]
        if not frame["selected"]:
            return [g.unit_id[k] for k in army_kinds(st.data["u"][frame["source"]],
                                                      frame["owner"])]
        return [g.loc_id[x] for x in redeploy_destinations(st, frame["owner"],
                                                           frame["source"])]

    def explain(self, st: St, frame: Frame, action: Action, legal: bool) -> Why:
        c = st.game.c
        if (not legal and action.kind == "loc" and action.value == c.usa
                and frame["source"] >= 0 and frame["selected"]):
            return ("no counter enters the USA box but by being built there: its counters "
                    "only leave it", ("2.3", "6.6", "7.2.9"))
        if (not legal and action.kind == "loc" and frame["source"] < 0 and frame["side"] == 1
                and not E.movable(st.data, SOV)
                and any(owner(u) == SOV and not is_fortress(u)
                        for u in st.data["u"][action.value])):
            # 6.4, not "not one of the choices" of a friendly, in supply location (an sfe
            # rules audit: Moscow is both)
            return (f"the Soviet armies in {c.names[action.value]} may not move during the "
                    "1st Allied play deck", ("6.4", "7.2.9"))
        return super().explain(st, frame, action, legal)

    def apply(self, st: St, frame: Frame, action: Action) -> None:
        c = st.game.c
        data = st.data
        if frame["source"] < 0:
            frame["source"] = action.value
            frame["owner"] = mover_owner(st, action.value, frame["side"])
            return
        if not frame["selected"]:
            frame["selected"] = action.value
            return
        end(data)
        src, own, strength = frame["source"], frame["owner"], frame["selected"]
        dest = action.value
        take_army(data["u"][src], own, strength)
        data["u"][dest].append(code(own, strength, 0))
        E.touch(st, src)
        E.touch(st, dest)
        log(data, "7.2.9", f"Strategic Redeploy: {army_name(own, strength, 'a')} "
            f"moves from {c.names[src]} to {c.names[dest]}", owner=OWNER_NAMES[own],
            strength=strength, source=c.names[src], location=c.names[dest])


TURN_FRAMES: tuple[type[Procedure[SfeBase]] | type[Decision[SfeBase]], ...] = (
    PlayerTurn, Operation, OperationCard, Army, PayCards, Place, FortressHalf, Move,
    MoveBattles, BattleOrder, Attack, Block, Redeploy, SupplyLoss)
LATER_FRAMES: tuple[type[Decision[SfeBase]], ...] = (MoveEntry,)
"""Frame kinds added after the others (December 2026): they come last in the game's list of
kinds, so the observation's one-hot of the decision kinds keeps every earlier index."""

__all__ = ["TURN_FRAMES", "new_turn"]
