"""The chances of a battle (8.2) as one side can know them, for ``explain``.

Struggle for Europe rolls no dice: a battle is won by the higher total (the defender wins
ties), and what a side cannot see is the other side's face-down cards. So the "odds" of a
battle are read from the cards hidden from the asking side: the other side's hand is
taken as a random draw, of its known size, from every card of that side the asker has
not seen (its hand, its play deck and its face-down recycled cards: the same pool that
``determinize`` resamples), and it is assumed to play its strongest air power card. The
pool's composition is public (every card not seen); the hand itself is never read.
Great Commander (+2) and Defender Reinforce Battle may still add to either side: the text
says so instead of guessing.
"""

from __future__ import annotations

from math import comb
from typing import Any

from warroom.games.sfe import engine as E
from warroom.games.sfe.components import EV_GC
from warroom.games.sfe.counters import half as half_of_unit
from warroom.games.sfe.counters import is_fortress, side_of, strength
from warroom.games.sfe.tables import St

Data = dict[str, Any]


def unseen_pool(data: Data, side: int) -> list[int]:
    """The cards of ``side`` that the other side has not seen: its hand, its play deck and
    its face-down recycled cards (all of them one pool to the other side)."""
    pool: list[int] = data["hand"][side] + data["deck"][side] + data["secret"][side]
    return pool


def max_air_at_most(st: St, side: int, k: int) -> float:
    """The chance that a hand of ``side`` (its size known), drawn from the cards the other
    side has not seen, holds no air power card above ``k``."""
    c = st.game.c
    pool = unseen_pool(st.data, side)
    n = len(st.data["hand"][side])
    if n == 0 or k >= max((c.card_air[x] for x in pool), default=0):
        return 1.0
    if k < 0:
        return 0.0
    low = sum(1 for x in pool if c.card_air[x] <= k)
    return comb(low, n) / comb(len(pool), n)


def _at_most(k: int) -> str:
    """What an air card of at most ``k`` is, in words: ``no air card`` for 0."""
    return "no air card" if k == 0 else f"air {k} or less"


def with_commander(st: St, side: int, air_card: int | None = None,
                   battles_left: int = 0) -> int | None:
    """The most air power ``side`` can still play beside one of its own Great Commanders
    played as a battle event (+2, 8.2): with ``air_card`` (a card of its hand) as the air
    card, that card's power if another card of the hand is a Great Commander; -1, no air
    card, 0 if it holds one; None (its best), the best air card left once a Great Commander
    is kept back for the event. A move with ``battles_left`` more battles to come keeps an
    air card for each (as :class:`~warroom.games.sfe.battle.BattleEvents` offers a Great
    Commander). None: it holds no Great Commander it may play so."""
    c = st.game.c
    hand = st.data["hand"][side]
    airs = E.air_cards(st, hand)
    best: list[int] = []
    for g in (x for x in hand if c.card_event[x] == EV_GC and x != air_card):
        if air_card is not None:
            played = c.card_air[air_card] if air_card >= 0 else 0
            left = len(airs) - (1 if air_card >= 0 and air_card in airs else 0)
        else:
            played = max((c.card_air[x] for x in airs if x != g), default=0)
            left = len(airs) - (1 if played > 0 else 0)
        if left - (c.card_air[g] > 0) >= battles_left:
            best.append(played)
    if not best:
        return None
    out = max(best)
    return out if out > 0 or air_card is not None else None


def attack_text(st: St, side: int, loc: int, half: int, attack_strength: int, counters: int,
                dv: int, air: int | None = None, air_card: int | None = None,
                battles_left: int = 0) -> str:
    """8.2 in words for the attacker ``side``: attack ``attack_strength`` (``counters``
    counters) plus an air card (``air``, or the best one in hand), against the defenders of
    ``half`` of ``loc`` with the line's defence value ``dv`` and the defender's hidden air
    card; the target and the chance to win (the defender wins ties)."""
    c = st.game.c
    data = st.data
    d = 1 - side
    defenders = [u for u in data["u"][loc]
                 if side_of(u) == d and (not is_fortress(u) or half_of_unit(u) == half)]
    sd = sum(strength(u) for u in defenders)
    if air is None:
        airs = [c.card_air[x] for x in E.air_cards(st, data["hand"][side])]
        air = max(airs, default=0)
        which = f"your best air card {air}"
    else:
        which = f"air {air}"
    ta = attack_strength + air
    # the attack wins if ta > sd + dv + defender's air: the defender's air must be below
    k = ta - sd - dv - 1
    p = max_air_at_most(st, d, k)
    place = f"{c.names[loc]} ({c.halves[loc][half]} half)"
    dv_txt = f" + line defence {dv}" if dv else ""
    if k < 0:
        verdict = (f"you cannot win: the defence already reaches {sd + dv} before its air "
                   "card (ties go to the defender)")
    else:
        verdict = (f"you win if the defender plays {_at_most(k)}: {round(100 * p)}%, "
                   "reading the defender's hand as a random draw from the cards you have "
                   "not seen and assuming it plays its strongest air card")
    gc_air = with_commander(st, side, air_card, battles_left)
    if gc_air is not None:      # the attacker's own Great Commander (an audit: "you cannot
        # win" was said to an attacker whose Great Commander would win)
        k2 = attack_strength + gc_air + 2 - sd - dv - 1
        if k2 >= 0:
            how = f"air {gc_air} and " if gc_air != air else ""
            verdict = (f"{'without a Great Commander ' if k < 0 else ''}{verdict}; with "
                       f"{how}your Great Commander played as a battle event (+2, where the "
                       f"move keeps an air card for each battle to come) you win if the "
                       f"defender plays {_at_most(k2)}: "
                       f"{round(100 * max_air_at_most(st, d, k2))}%")
    return (f"battle for {place}: attack {ta} ({attack_strength} in {counters} counter"
            f"{'s' if counters != 1 else ''} + {which}) against defence {sd} in "
            f"{len(defenders)} counter{'s' if len(defenders) != 1 else ''}{dv_txt} + the "
            f"defender's hidden air card; {verdict}; a Great Commander adds 2 to either "
            "side, Defender Reinforce Battle a unit to the defence")


def defence_text(st: St, side: int, fr: dict[str, Any], air: int | None = None,
                 air_card: int | None = None) -> str:
    """8.2 in words for the defender ``side`` of the battle ``fr``: its defence (counters,
    the line's defence value, ``air``) against the attackers and the attacker's face-down
    air card, which it has not seen (read from the attacker's unseen cards, as above)."""
    c = st.game.c
    data = st.data
    att = fr["attacker"]
    loc, half = fr["location"], fr["half"]
    if fr["moving"] is not None:
        atk = list(fr["moving"])
    else:
        atk = [u for u in data["u"][loc] if side_of(u) == att and not is_fortress(u)]
    dfs = [u for u in data["u"][loc]
           if side_of(u) == side and (not is_fortress(u) or half_of_unit(u) == half)]
    sa = sum(strength(u) for u in atk)
    sd = sum(strength(u) for u in dfs)
    dv = fr["defence_value"]
    if air is None:
        airs = [c.card_air[x] for x in E.air_cards(st, data["hand"][side])]
        air = max(airs, default=0)
    td = sd + dv + air
    # the defence holds if the attacker's air card is at most td - sa (ties: defender);
    # the attacker's card is already chosen: read as the strongest of a random hand drawn
    # from the attacker's unseen cards, with the card itself back in that hand
    k = td - sa
    pool = unseen_pool(data, att)
    hidden = fr["attacker_air"]
    if hidden >= 0:
        pool = [*pool, hidden]
    n = len(data["hand"][att]) + (1 if hidden >= 0 else 0)
    top = max((c.card_air[x] for x in pool), default=0)

    def held(k: int) -> float:
        """The chance that the attacker's card is air ``k`` or less."""
        if k >= top:
            return 1.0
        if k < 1:
            return 0.0
        low = sum(1 for x in pool if c.card_air[x] <= k)
        return comb(low, n) / comb(len(pool), n) if n else 1.0

    p = held(k)
    place = f"{c.names[loc]} ({c.halves[loc][half]} half)"
    if k < 1:       # an attack is made with an air card (7.2.5): at least air 1
        verdict = (f"you cannot hold: the attack reaches {sa} + its air card, above your "
                   f"{td} whatever that card is (ties go to the defender)")
    elif k >= top:
        verdict = (f"you hold whatever air card it played: none of the cards you have not "
                   f"seen is above air {k} (ties go to the defender)")
    else:
        verdict = (f"you hold if that card is air {k} or less (ties go to the defender): "
                   f"{round(100 * p)}%, reading the attacker's hand as a random draw from "
                   "the cards you have not seen")
    gc_air = (with_commander(st, side, air_card) if not E.defender_commander_barred(fr)
              else None)
    if gc_air is not None and k < top:
        # the defender's own Great Commander, playable while the attacker has put down no
        # battle event (8.7; "you cannot hold" ignored it: an audit)
        k2 = sd + dv + gc_air + 2 - sa
        p2 = held(k2)
        how = f"air {gc_air} and " if gc_air != air else ""
        then = ("you hold whatever air card it played" if k2 >= top else
                f"you hold if that card is air {k2} or less: {round(100 * p2)}%")
        verdict = (f"{verdict}; with {how}your Great Commander played as a battle event (+2, "
                   f"if the attacker puts down none first) {then}" if k2 >= 1 else verdict)
    return (f"battle for {place}: defence {td} ({sd} in {len(dfs)} counter"
            f"{'s' if len(dfs) != 1 else ''} + line defence {dv} + air {air}) against attack "
            f"{sa} in {len(atk)} counter{'s' if len(atk) != 1 else ''} + the attacker's "
            f"face-down air card; {verdict}; a Great Commander adds 2 to either side")
