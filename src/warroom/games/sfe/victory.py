"""How to win the game (9): the VP differential at the end of a turn, the game end.

The result is kept in ``data["outcome"]``: ``winner``, ``label`` (the category sims count),
``termination`` (a :class:`~warroom.core.protocol.Termination` value), ``rule``, ``text``
and ``vp`` ([Axis, Allies]).
"""

from __future__ import annotations

from warroom.core.flow import game_over
from warroom.core.log import log
from warroom.core.protocol import Termination
from warroom.games.sfe.engine import victory_points
from warroom.games.sfe.operations import possible_ops
from warroom.games.sfe.tables import OP_DISCARD, OP_PASS, St


def end_of_turn(st: St, side: int) -> bool:
    """9.2-9.4 and the turn limit, at the end of ``side``'s turn: True if the game is over."""
    data = st.data
    ax, al = victory_points(st)
    if side == 1 and ax - al >= 7:
        finish(st, "axis", "axis_vp_differential", Termination.AUTOMATIC_VICTORY, "9.2",
               f"The Axis lead by {ax - al} VP at the end of an Allied turn")
        return True
    if side == 0 and al - ax >= 7:
        finish(st, "allies", "allied_vp_differential", Termination.AUTOMATIC_VICTORY, "9.3",
               f"The Allies lead by {al - ax} VP at the end of an Axis turn")
        return True
    if side == 1:
        if data["dn"][1] >= 3 and not data["deck"][1] and not playable_cards(st):
            game_end(st, Termination.FINAL_SCORING, "9.4", "The Allied 3rd play deck has "
                     "run out and the Allies have no more cards to play")
            return True
        if data["turn"] >= data["options"]["max_turns"]:
            game_end(st, Termination.TURN_LIMIT, "safeguard", f"The turn limit "
                     f"({data['options']['max_turns']}) is reached")
            return True
    return False


def playable_cards(st: St) -> bool:
    """9.4: whether the Allies hold a playable card: one they could play now for an
    operation "by play of a card" (7.1: build, bombing, move, event) or for its air power
    in an attack (7.2.7). Discarding a card (7.1 lists it apart, not "by play of a card")
    and passing do not make a card playable."""
    g = st.game
    idle = (g.op_id[OP_DISCARD], g.op_id[OP_PASS])
    return bool(st.data["hand"][1]) and any(op not in idle for op in possible_ops(st, 1))


def game_end(st: St, termination: Termination, rule: str, why: str) -> None:
    """9.4: the Allies need a 7 VP differential; else the Axis win."""
    ax, al = victory_points(st)
    if al - ax >= 7:
        finish(st, "allies", "allied_vp_differential", termination, rule,
               f"{why}; the Allies lead by {al - ax} VP")
    else:
        finish(st, "axis", "axis_game_end", termination, rule,
               f"{why}; the Allies lack a 7 VP differential (Axis {ax}, Allies {al})")


def finish(st: St, winner: str, label: str, termination: Termination, rule: str,
           text: str) -> None:
    data = st.data
    ax, al = victory_points(st)
    game_over(data, {"winner": winner, "label": label, "termination": termination.value,
                     "rule": rule, "text": text, "vp": [ax, al]})
    log(data, rule, f"Game over: {text}. {winner.capitalize()} win", winner=winner,
        axis_vp=ax, allied_vp=al)
