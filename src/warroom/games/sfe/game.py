"""Struggle for Europe 1939-1945 as a warroom :class:`Game`.

Two roles: ``axis`` and ``allies`` (the Allies command the Western, blue, and Soviet,
red, counters from one deck). Hidden information: each side's hand, play deck order,
the cards it recycled face down and its face-down battle cards (4.1, 8.1).

The rules run on core's decision stack: the frames of :mod:`warroom.games.sfe.turn` (7)
and :mod:`warroom.games.sfe.battle` (8); this module adds set-up (5), views,
determinization, checks and the numeric observation.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from operator import itemgetter
from pathlib import Path
from typing import Any, ClassVar

from warroom.core.actions import Action
from warroom.core.content import ContentPack
from warroom.core.errors import UnknownGameError, short
from warroom.core.flow import FrameKind, call, prompt_of
from warroom.core.log import log
from warroom.core.protocol import Outcome, Termination, check_role, copy_plain
from warroom.core.rng import Rng
from warroom.core.state import Data, Frame, State
from warroom.games.sfe import engine as E
from warroom.games.sfe import evaluation
from warroom.games.sfe.battle import BATTLE_FRAMES, attackers, defenders, valid_retreats
from warroom.games.sfe.components import (
    AXIS,
    BUNDLED,
    COLOR_NAMES,
    EV_GC,
    EV_REINF,
    EVENTS,
    OWNER_NAMES,
    REWORDED,
    SIDE_NAMES,
    SOV,
    WEST,
)
from warroom.games.sfe.counters import (
    FORT_BIT,
    OWNER_WORDS,
    code,
    half,
    half_of,
    is_fortress,
    owner,
    side_of,
    sides_in,
    strength,
)
from warroom.games.sfe.drawing import copy_map, static_map
from warroom.games.sfe.facts import copy_board
from warroom.games.sfe.rules import RULES
from warroom.games.sfe.tables import OPS, SfeBase
from warroom.games.sfe.turn import LATER_FRAMES, TURN_FRAMES, move_kind

DEFAULT_MAX_TURNS = 80
MAX_MAX_TURNS = 1000
"""The highest turn limit the safeguard takes: a game ends with the Allied 3rd play deck (9.4)
in 20-30 turns; 10**18 switched the safeguard off (a web audit)."""

# How copy_data copies each key: ``_FLAT`` flat lists, ``_PAIRS`` a pair of flat lists (one
# per side), ``u`` a list of flat lists, ``later`` the later decks (per side, a list of flat
# lists); the log's entries are shared (never changed once written); the stack, options and
# outcome deep-copied; ``_SCALARS`` hold ints, strings or None (shared).
_FLAT = ("log", "forced", "ctl", "cnt", "usa", "inplay", "dn")
_PAIRS = ("hand", "deck", "rec", "secret", "shown", "elim", "lacks", "made")
_SCALARS = ("game", "scenario", "seed", "rng", "barrier", "active", "decisions", "turn",
            "side", "bomb")
_KNOWN = frozenset((*_FLAT, *_PAIRS, *_SCALARS, "u", "later", "stack", "options", "outcome"))
_BASE_KEYS = len(_KNOWN)
"""The keys of every state's data (others, such as core's ``chance_queue``, come and go)."""
_get_scalars = itemgetter(*_SCALARS)


FRAME_KINDS: dict[str, FrameKind[SfeBase]] = {
    k.kind: k() for k in (*TURN_FRAMES, *BATTLE_FRAMES, *LATER_FRAMES)}
"""The handlers of every frame kind (stateless)."""
DECISION_KINDS = tuple(k for k, f in FRAME_KINDS.items() if f.decision)
"""The kinds of frames that wait for a decision, in a fixed order (observation)."""

_CONTROL_ROWS: dict[int, tuple[float, ...]] = {
    k: tuple(float(k == j) for j in (-1, 0, AXIS, WEST, SOV)) for k in (-1, 0, AXIS, WEST, SOV)}
"""The observation's one-hot of a location's control (contested, neutral, Axis, Western,
Soviet), a constant table."""
_NO_CONTROL = (0.0,) * 5
_FLAG_ROWS: dict[int, tuple[float, ...]] = {
    k: tuple(float(k == j) for j in (AXIS, WEST, SOV)) for k in (AXIS, WEST, SOV)}
"""The observation's one-hot of a location's control flag (Axis, Western, Soviet)."""
_NO_FLAG = (0.0,) * 3


PLAIN_NUMBERS = {"no_block": 97, "no_air": 98, "done": 99}
"""The menu numbers of the answers that are not a card, offered beside cards."""


class StruggleForEurope(SfeBase):
    """The game: its protocol hooks (the rules run in the frames of ``FRAME_KINDS``)."""
    earlier_content_ids = frozenset({"a19e77a5b015", "dabaa63bf777"})
    """The bundled pack's ids of 5 and of 6 December 2026 (the id hashed the rule index and the
    action labels too, reworded that day): the same content. (Its id of 7 December, before
    more entries were marked reconstructed, is its :meth:`content_json_before`'s.)"""

    id = "sfe"
    title = "Struggle for Europe 1939-1945"
    summary = ("Two players, Axis and Allies, build, move and fight armies with cards, "
               "the big builds spending cards for good; a 7-VP lead wins, and when the last "
               "Allied deck runs out the Allies need that lead or the Axis win.")
    roles = ("axis", "allies")
    scenarios = ("1939",)
    default_scenario = "1939"
    die_sides = 0       # the rules roll no die: their luck is the shuffled decks
    hidden_information = True
    rules = RULES
    frames = FRAME_KINDS
    # bookkeeping of what the opponent knows of a hand, added after saves were made:
    # ``shown`` (5 December 2026), ``lacks`` (6 December 2026)
    snapshot_added_keys = frozenset({"shown", "lacks"})

    def __init__(self, content: Path | None = None) -> None:
        super().__init__(content)
        # the board's geometry for front ends (the browser map), built and checked once
        self._map = static_map(self.c, str(ContentPack(BUNDLED, content).path("map.yaml")))

    def options_schema(self) -> dict[str, Any]:
        return {"max_turns": DEFAULT_MAX_TURNS}

    def copy_cache(self, cache: dict[str, Any]) -> dict[str, Any]:
        """A clone starts from a copy of its original's board facts (:func:`facts.copy_board`,
        a few microseconds) instead of working them out again from the board at set-up and
        tracing supply anew (about 150 microseconds mid-game): what made an ISMCTS
        iteration of sfe cost three times one of eit2."""
        b = cache.get("board")
        return {} if b is None else {"board": copy_board(b)}

    def public_cache(self, cache: dict[str, Any]) -> dict[str, Any]:
        """A determinized copy keeps the board facts too: the board (the counters on the
        map, control, the Allied play deck, 2.1, 6) is seen by both players, and
        :meth:`hide` resamples only hands, decks and face-down cards."""
        return self.copy_cache(cache)

    def copy_data(self, data: Data) -> Data:
        """A clone's data for search: a shallow copy (the scalars), then the lists of ints
        copied flat by their known shapes (``_FLAT``, ``_PAIRS``, ``u``, ``later``), the
        decision stack, the options and the outcome deep-copied; any other key holding a
        list or a dict deep-copied too (data without every known key, key by key)."""
        out = data.copy()
        try:
            _get_scalars(data)          # every known key is there, so len() counts others
            for k in _FLAT:
                out[k] = data[k][:]
            for k in _PAIRS:
                v = data[k]
                out[k] = [v[0][:], v[1][:]]
            out["u"] = list(map(list.copy, data["u"]))
            out["later"] = [list(map(list.copy, side)) for side in data["later"]]
            out["stack"] = copy_plain(data["stack"])
            out["options"] = copy_plain(data["options"])
            if data["outcome"] is not None:
                out["outcome"] = copy_plain(data["outcome"])
        except KeyError:                # not a state of these shapes (an old snapshot)
            return super().copy_data(data)
        if len(out) != _BASE_KEYS:
            for k in out.keys() - _KNOWN:
                v = out[k]
                if v.__class__ is dict or v.__class__ is list:
                    out[k] = copy_plain(v)
        return out

    # -- set-up (5) -------------------------------------------------------------------------
    def setup(self, st: Sfe, scenario: str, options: Mapping[str, Any]) -> None:
        turns = options["max_turns"]
        if (not isinstance(turns, int) or isinstance(turns, bool) or turns < 1
                or turns > MAX_MAX_TURNS):
            raise UnknownGameError(f"sfe option max_turns must be a positive integer up to "
                                   f"{MAX_MAX_TURNS} (the turn limit of the safeguard), not "
                                   f"{short(turns, 40)}")
        c = self.c
        data = st.data
        data["turn"] = 1
        data["side"] = 0
        data["ctl"] = list(c.color)
        data["u"] = [[] for _ in range(c.n)]
        data["cnt"] = [0] * 20
        for own, loc, st_ in c.start:
            u = code(own, st_, 0)
            data["u"][loc].append(u)
            E.born(data, u)
        data["usa"] = []
        for st_ in c.usa_entry:  # 6.6: set aside from the counter mix until they enter
            u = code(WEST, st_, 0)
            data["usa"].append(u)
            E.born(data, u)
        data["hand"] = [[], []]
        data["deck"] = [list(c.decks[0][0]), list(c.decks[1][0])]
        # what each play deck was made of, as the other side knows it (engine.next_deck)
        # per side: [how many cards of it the other side cannot name, the cards it knows...]
        data["made"] = [[0, *sorted(c.decks[s][0])] for s in (0, 1)]
        data["later"] = [[list(c.decks[s][1]), list(c.decks[s][2])] for s in (0, 1)]
        data["rec"] = [[], []]
        data["secret"] = [[], []]
        data["shown"] = [[], []]    # cards known to the opponent to be in the hand (take)
        data["lacks"] = [[], []]    # kinds of card the log said the hand lacks (announce_lack)
        data["elim"] = [[], []]
        data["inplay"] = []
        data["dn"] = [1, 1]
        data["bomb"] = 0
        log(data, "5.2", "Counters set up as in 5.2; the strategic bombing marker is on the "
            "black 0")
        for side in (0, 1):
            E.shuffle(data, data["deck"][side])
            E.draw(st, side, "5.1")
        log(data, "5", "The Axis player is the first active player")
        call(data, "turn", "axis", side=0, step="begin")

    def outcome(self, st: Sfe) -> Outcome | None:
        out = st.data["outcome"]
        if not out:
            return None
        w = out["winner"]
        ret = {"axis": 1.0 if w == "axis" else -1.0, "allies": 1.0 if w == "allies" else -1.0}
        ax, al = out["vp"]
        return Outcome(Termination(out["termination"]), w, ret,
                       {"axis_vp": ax, "allied_vp": al, "turn": st.data["turn"]},
                       out["text"], out["rule"], out["label"])

    # -- information -------------------------------------------------------------------------
    def card_json(self, x: int) -> dict[str, Any]:
        c = self.c
        b = c.card_build[x]
        ev = c.card_event[x]
        return {"id": c.card_ids[x], "name": c.card_names[x],
                "side": SIDE_NAMES[c.card_side[x]], "deck": c.card_deck[x],
                "build": b[AXIS] or None, "build_western": b[WEST] or None,
                "build_soviet": b[SOV] or None, "fortress": bool(c.card_fort[x]),
                "bombing": bool(c.card_bomb[x]),
                "move": (None, "land", "naval")[c.card_move[x]], "air": c.card_air[x],
                "event": EVENTS[ev - 1] if ev else None,
                "event_name": c.event_names[ev] if ev else None,
                "event_text": c.event_text[ev] or None,
                "battle_event": bool(ev and c.event_battle[ev])}

    def clock(self, st: Sfe) -> tuple[Any, Any]:
        """The view's turn and player turn."""
        return st.data["turn"], SIDE_NAMES[st.data["side"]]

    def view(self, st: Sfe, role: str | None) -> dict[str, Any]:
        c = self.c
        data = st.data
        me = self.roles.index(role) if role is not None else -1
        # 8.6: whose counters could trace no supply line now (public: the board decides);
        # at the end of a player turn the phasing side's lose one counter in each
        b = E.board(st)
        cut: dict[int, list[str]] = {}
        for o in (AXIS, WEST, SOV):
            for loc in E.out_of_supply_in(st, b, o):
                cut.setdefault(loc, []).append(OWNER_NAMES[o])
        locs = []
        for loc in range(c.n):
            units = data["u"][loc]
            ctl = E.control(data, loc)
            locs.append({       # in the order a table shows them (the counters in sight
                "name": c.names[loc],       # on a phone, before the columns scroll away)
                "counters": [{"owner": OWNER_NAMES[owner(u)], "strength": strength(u),
                              "fortress": is_fortress(u),
                              "half": c.halves[loc][half(u)]} for u in units],
                "out_of_supply": cut.get(loc, []),
                "control": "contested" if ctl < 0 else OWNER_NAMES[ctl],
                "flag": OWNER_NAMES[data["ctl"][loc]],
                "vp": c.vp[loc],
            })
        sides = {}
        for s in (0, 1):
            mine = s == me
            sides[SIDE_NAMES[s]] = {
                "hand": [self.card_json(x) for x in data["hand"][s]] if mine else None,
                "hand_count": len(data["hand"][s]),
                "hand_size": E.hand_limit(st, s),
                "play_deck": len(data["deck"][s]),
                "play_deck_number": data["dn"][s],
                "recycle": ([self.card_json(x) for x in data["rec"][s]] if mine else None),
                "recycle_count": len(data["rec"][s]),
                # public: a card removed from the game is seen by both (3.3, 7.2.1)
                "eliminated": [self.card_json(x) for x in data["elim"][s]],
                "chevron_cards_waiting": [len(p) for p in data["later"][s]],
            }
        ax, al = E.victory_points(st)
        asked = prompt_of(st)
        pending = None
        if asked is not None:
            pending = {"kind": data["stack"][-1]["kind"], "role": asked.role,
                       "prompt": asked.text}
        # the battles a move has still to fight (7.2.5), their armies held off the board
        # until each is resolved: a page draws them in the half they entered (they vanished
        # from the map while the mover chose the order: a usability audit); public, as the
        # moves were. Only while there are some, so a view without them is as before
        waiting = [{"location": c.names[p[0]], "half": c.halves[p[0]][p[1]],
                    "attackers": [{"owner": OWNER_NAMES[owner(u)], "strength": strength(u)}
                                  for u in p[4]]}
                   for fr in data["stack"] for p in fr.get("battles") or ()]
        b = data["bomb"]
        out = self.outcome(st)
        return {
            "game": self.id,
            "scenario": data["scenario"],
            "turn": data["turn"],
            "player_turn": SIDE_NAMES[data["side"]],
            "active": data["active"],
            "operations_left": operations_left(data),
            "soviets_active": E.soviets_active(data),
            "usa_active": E.usa_active(data),
            "usa_entry": [strength(u) for u in data["usa"]],
            "bombing": {"position": b, "value": c.track[abs(b)],
                        "side": "allied" if b > 0 else "axis" if b < 0 else "center"},
            "vp": {"axis": ax, "allies": al, "differential": ax - al},
            "locations": locs,
            "sides": sides,
            "battle": self.battle_view(st, me),
            **({"battles_to_come": waiting} if waiting else {}),
            "pending": pending,
            "result": out.to_json() if out is not None else None,
            # a fresh copy of the static map: a consumer that edits its view never edits
            # the map every other view shares
            "map": copy_map(self._map),
        }

    def battle_view(self, st: Sfe, me: int) -> dict[str, Any] | None:
        fr = current_battle(st.data)
        if fr is None:
            return None
        c = self.c
        revealed = fr["revealed"]
        att = fr["attacker"]
        out: dict[str, Any] = {
            "location": c.names[fr["location"]],
            "half": c.halves[fr["location"]][fr["half"]],
            "attacker": SIDE_NAMES[att], "defender": SIDE_NAMES[1 - att],
            "moving_attackers": [{"owner": OWNER_NAMES[owner(u)], "strength": strength(u)}
                                 for u in fr["moving"] or []],
            # every attacking army: those moving in, or in a contested location those
            # already there (8: "the attacker's armies in the location")
            "attackers": [{"owner": OWNER_NAMES[owner(u)], "strength": strength(u),
                           "moving_in": fr["moving"] is not None}
                          for u in attackers(st.data, fr)],
            # the counters defending the half (8.2), as the battle counts them
            "defenders": [{"owner": OWNER_NAMES[owner(u)], "strength": strength(u),
                           "fortress": is_fortress(u), "half": c.halves[fr["location"]][half(u)]}
                          for u in defenders(st.data, fr)],
            "location_defence": fr["defence_value"],
        }
        for side, key in ((att, "attacker"), (1 - att, "defender")):
            cards = battle_cards(fr, key)
            if revealed or side == me:
                # what each card was played for: its air power (the first, if any, 8.1) or
                # its battle event (a Great Commander's air counts through the event)
                air = 1 if fr[f"{key}_air"] >= 0 else 0
                out[f"{key}_cards"] = [{**self.card_json(x),
                                        "played_for": "air power" if i < air else "event"}
                                       for i, x in enumerate(cards)]
            else:
                out[f"{key}_cards"] = len(cards)
        if revealed and "attack_total" in fr:
            out["totals"] = {"attack": fr["attack_total"], "defence": fr["defence_total"]}
        return out

    def hide(self, st: Sfe, role: str, rng: Rng) -> None:
        """Resample the opponent's hand, play deck and face-down recycled cards (one pool),
        the order of the own play deck, and the opponent's unrevealed battle cards.

        The sample is consistent with every public announcement of the opponent
        (:meth:`announced`): hands are drawn again until the hand can carry out what was
        announced (an operation chosen, battles moved into, a retreat under way), then
        mended by random swaps with the rest of the pool; should both fail, the
        opponent's real cards are kept (never seen in practice)."""
        data = st.data
        me = self.roles.index(role)
        opp = 1 - me
        data["deck"][me].sort()     # the sample depends on what ``role`` knows, never on
        _shuffle(data["deck"][me], rng)     # the real order of what it does not
        fr = current_battle(data)
        key = "attacker" if fr is not None and fr["attacker"] == opp else "defender"
        real = (list(data["hand"][opp]), list(data["deck"][opp]), list(data["rec"][opp]),
                list(data["secret"][opp]),
                None if fr is None else (fr[f"{key}_air"], list(fr[f"{key}_events"])))
        secret = data["secret"][opp]
        known = list(data["rec"][opp])
        for x in secret:
            known.remove(x)
        # cards the role saw go back into the opponent's hand stay there (engine.take)
        shown = [x for x in data["shown"][opp] if x in data["hand"][opp]]
        pool = sorted(data["hand"][opp] + data["deck"][opp] + secret)
        for x in shown:
            pool.remove(x)
        nh, nd = len(data["hand"][opp]) - len(shown), len(data["deck"][opp])
        battle = fr is not None and not fr["revealed"]
        made = data.get("made")
        if made and made[opp] and self._hide_in_made_deck(
                st, opp, made[opp], pool, shown, known, (nh, nd), key if battle else None,
                rng):
            return
        if battle:
            assert fr is not None
            self._hide_battle_cards(fr, key, pool, rng)
        tries = 0
        while True:
            if tries < 64:
                _shuffle(pool, rng)
            elif tries < 1000:  # mend: swap a hand card with one of the rest
                if nh == 0 or nh == len(pool):
                    tries = 1000
                    continue
                i, j = rng.randbelow(nh), nh + rng.randbelow(len(pool) - nh)
                pool[i], pool[j] = pool[j], pool[i]
            else:  # keep the real cards
                data["hand"][opp], data["deck"][opp] = real[0], real[1]
                data["rec"][opp], data["secret"][opp] = real[2], real[3]
                if fr is not None and real[4] is not None:
                    fr[f"{key}_air"], fr[f"{key}_events"] = real[4]
                return
            tries += 1
            data["hand"][opp] = shown + pool[:nh]
            if self.announced(st, opp):
                break
        data["deck"][opp] = pool[nh:nh + nd]
        new_secret = pool[nh + nd:]
        data["secret"][opp] = new_secret
        data["rec"][opp] = known + new_secret

    def _hide_in_made_deck(self, st: Sfe, opp: int, made: list[int], pool: list[int],
                           shown: list[int], known: list[int], sizes: tuple[int, int],
                           key: str | None, rng: Rng) -> bool:
        """:meth:`hide` where the opponent's play deck cannot hold every unknown card: it
        was made (6.1, 6.2, 6.5) of cards the role knows (``made[1:]``: recycled face up,
        the chevron cards) and ``made[0]`` it cannot name, so it holds at most that many
        unknown cards that are none of the known ones (a fair-play audit: 99 of 100 worlds
        moved known cards of a new deck into the hand; that bound is also all the draws
        since tell: the known cards not in the deck were drawn, as many as the deck lost
        beyond those it could not name). The battle cards (``key``: whose are face down)
        are drawn again, then the deck from the rest within that bound, then the hand and
        the face-down recycled cards, until the hand carries out what was announced (64
        tries, then up to 1,000 swaps within the bound). False, changing nothing, where
        the bound cannot bind (the plain sample) or no world was found."""
        data = st.data
        down, *knowable = made
        can = set(knowable)
        fr = current_battle(data) if key is not None else None
        face_down = battle_cards(fr, key) if fr is not None and key is not None else []
        if sum(1 for x in pool if x not in can) + sum(1 for x in face_down
                                                      if x not in can) <= down:
            return False
        nh, nd = sizes
        hand = data["hand"][opp]
        # the face-down battle cards' fields, put back before each sample
        real = _battle_fields(fr, key)
        last: tuple[list[int], list[int], int, tuple[Any, list[int]] | None] | None = None
        for _ in range(64):
            _set_battle_fields(fr, key, real)
            rest = list(pool)
            if fr is not None and key is not None:
                self._hide_battle_cards(fr, key, rest, rng)
            rest.sort()
            _shuffle(rest, rng)
            deck: list[int] = []
            others: list[int] = []
            strange = 0
            for x in rest:
                if len(deck) < nd and (x in can or strange < down):
                    deck.append(x)
                    strange += x not in can
                else:
                    others.append(x)
            if len(deck) < nd:
                continue
            data["hand"][opp] = shown + others[:nh]
            if not self.announced(st, opp):
                last = (deck, others, strange, _battle_fields(fr, key))
                continue
            data["deck"][opp] = deck
            data["secret"][opp] = others[nh:]
            data["rec"][opp] = known + others[nh:]
            return True
        # mended within the bound (the plain sample that follows ignores it: a review): a
        # hand card swapped with a face-down recycled one, or with one of the deck where
        # the deck keeps to what it was made of
        if last is not None and nh:
            deck, others, strange, drawn = last
            _set_battle_fields(fr, key, drawn)
            for _ in range(1000):
                i = rng.randbelow(nh)
                j = rng.randbelow(len(others) - nh + nd) if len(others) > nh or nd else -1
                if j < 0:
                    break
                if j < len(others) - nh:
                    others[i], others[nh + j] = others[nh + j], others[i]
                else:
                    k = j - (len(others) - nh)
                    now = strange - (deck[k] not in can) + (others[i] not in can)
                    if now > down:
                        continue
                    others[i], deck[k] = deck[k], others[i]
                    strange = now
                data["hand"][opp] = shown + others[:nh]
                if self.announced(st, opp):
                    data["deck"][opp] = deck
                    data["secret"][opp] = others[nh:]
                    data["rec"][opp] = known + others[nh:]
                    return True
        _set_battle_fields(fr, key, real)
        data["hand"][opp] = hand
        return False

    def _hide_battle_cards(self, fr: Frame, key: str, pool: list[int], rng: Rng) -> None:
        """The face-down battle cards of ``key`` (attacker or defender) drawn again from
        ``pool`` (they join it first): the same number, each a card that could have been
        played (an air card; battle events the side may play)."""
        c = self.c
        face_down = battle_cards(fr, key)
        if not face_down:
            return
        pool += face_down
        pool.sort()
        _shuffle(pool, rng)
        if fr[f"{key}_air"] >= 0:
            i = next(i for i, x in enumerate(pool) if c.card_air[x] > 0)
            fr[f"{key}_air"] = pool.pop(i)
        events: list[int] = []
        attacking = key == "attacker"
        # a defender's battle event beside the attacker's is no Great Commander: he is
        # offered none then (a review found twins holding one)
        gc_barred = not attacking and E.defender_commander_barred(fr)
        for real in fr[f"{key}_events"]:
            gc_taken = gc_barred or any(c.card_event[y] == EV_GC for y in events)

            def could_be(x: int, gc_taken: bool = gc_taken) -> bool:
                ev = c.card_event[x]
                return bool(ev and c.event_battle[ev]
                            and not (ev == EV_REINF and attacking)
                            and not (ev == EV_GC and gc_taken))

            j = next((i for i, x in enumerate(pool) if could_be(x)), None)
            if j is None:
                # no other consistent card left in the pool: a really played one
                j = pool.index(real if real in pool else next(
                    y for y in face_down if y in pool))
            events.append(pool.pop(j))
        fr[f"{key}_events"] = events

    def announced(self, st: Sfe, side: int) -> bool:
        """Whether ``side``'s hidden hand can carry out what ``side`` announced (issue 10,
        6b): an air power card for every battle still to come of a move or an attack
        (7.2.5, 7.2.7, 8.1), a way out for a retreat under way (8.3), no card of a kind the
        log said it lacks (``lacks``: no air card, 7.2.5; no naval card, 8.3/8.4), and,
        when ``side`` is to act, at least one legal action (e.g. a card for the operation
        it chose, 7.1)."""
        data = st.data
        need = 0
        for fr in data["stack"]:
            k = fr["kind"]
            if k == "battle":
                if fr["attacker"] == side and fr["attacker_air"] < 0:
                    need += 1
            elif fr.get("side") != side:
                continue
            elif k == "attack":
                need += 1
            elif k in ("move", "move_battles"):
                need += len(fr["battles"])
            elif k == "retreat" and fr["retreating"] and not valid_retreats(st, fr):
                return False
        if need:
            air = self.c.card_air
            if sum(1 for x in data["hand"][side] if air[x] > 0) < need:
                return False
        # what the log said the hand lacks, since it last took a card in (announce_lack)
        for kind in (data.get("lacks") or ((), ()))[side]:
            if kind == "air" and E.air_cards(st, data["hand"][side]):
                return False
            if kind == "naval" and E.naval_cards(st, data["hand"][side]):
                return False
        if data["active"] == self.roles[side]:
            return bool(self.legal_ids(st))
        return True

    def content_json(self) -> dict[str, Any]:
        c = self.c
        locs = []
        for i, loc in enumerate(c.map.locations):
            locs.append({"name": loc.name, "x": loc.x, "y": loc.y,
                         "start_control": loc.start_control,
                         "color": COLOR_NAMES[c.color[i]], "halves": list(loc.halves),
                         "vp": loc.vp or None, "supply_source": loc.supply,
                         "capital": loc.capital, "box": loc.box,
                         "reconstructed": loc.reconstructed})
        lines = []
        for ln in c.map.lines:
            lines.append({"a": ln.a, "b": ln.b, "a_half": ln.a_half, "b_half": ln.b_half,
                          "kind": ln.kind, "one_way": ln.one_way, "defense_a": ln.defense_a,
                          "defense_b": ln.defense_b, "active_from_deck": ln.active_from_deck,
                          "via": [list(p) for p in ln.via], "reconstructed": ln.reconstructed})
        return {
            "game": self.id,
            "content_dir": str(self.content_dir) if self.content_dir else None,
            "locations": locs,
            "lines": lines,
            "cards": [{**self.card_json(x),
                       "reconstructed": c.cards_file.cards[x].reconstructed}
                      for x in range(c.n_cards)],
            "events": [e.model_dump() for e in c.cards_file.event_texts],
            "setup": c.setup.model_dump(),
            "actions": [{"id": a.id, "key": a.key, "label": a.label} for a in self.catalogue],
            "rules": dict(self.rules),
        }

    MARKED_7_DECEMBER: ClassVar[tuple[frozenset[str], frozenset[tuple[str, str]]]] = (
        frozenset({"USA"}),
        frozenset({("London", "Algiers"), ("USA", "Algiers"), ("Leningrad", "Riga"),
                   ("Riga", "Bialystok"), ("Bialystok", "Minsk"), ("Bialystok", "Kiev")}))
    """The locations and lines marked ``reconstructed`` on 7 December 2026."""

    def content_json_before(self) -> dict[str, Any]:
        """:meth:`content_json` as it was until 7 December 2026: without the reconstructed
        marks of that day (:attr:`MARKED_7_DECEMBER`) and a pack's reworded event texts
        without the note that now follows them (:data:`REWORDED`), so the records of a
        pack made before keep matching it (a review)."""
        out = self.content_json()
        locations, lines = self.MARKED_7_DECEMBER
        for loc in out["locations"]:
            if loc["name"] in locations:
                loc["reconstructed"] = False
        for ln in out["lines"]:
            if (ln["a"], ln["b"]) in lines:
                ln["reconstructed"] = False
        note = f" ({REWORDED})"
        for card in out["cards"]:
            text = card.get("event_text")
            if isinstance(text, str) and text.endswith(note):
                card["event_text"] = text[:-len(note)]
        return out

    def menu_number(self, action: Action) -> int:
        """A card's menu number is the one in its printed id (``ax14``: 14), not its place in
        the content (a player types ``14`` for Guderian (ax14), as ``card 14`` shows it); the
        operations are numbered from 1 in 7.1's order (build is 1)."""
        if action.kind == "card" and action.value >= 0:
            digits = re.search(r"(\d+)$", self.c.card_ids[action.value])
            if digits:
                return int(digits.group(1))
        if action.kind == "op" and action.value >= 0:
            return action.value + 1
        # the answers offered beside cards keep one number, alone or not (Done was 98 beside
        # the battle events, then 1 once a Great Commander had been played)
        return PLAIN_NUMBERS.get(action.kind, action.value)

    def describe(self, st: Sfe, action_id: int) -> str:
        c = self.c
        data = st.data
        action = self.catalogue[action_id]
        label = action.label
        arg = action.value
        if action.kind == "card":
            j = self.card_json(arg)
            bits = []
            for key, txt in (("build", "build {}"), ("build_western", "West {}"),
                             ("build_soviet", "Soviet {}")):
                if j[key]:
                    bits.append(txt.format(j[key]))
            if j["fortress"]:
                bits.append("fortress")
            if j["bombing"]:
                bits.append("bombing")
            if j["move"]:
                bits.append(f"{j['move']} move")
            if j["air"]:
                bits.append(f"air {j['air']}")
            if j["event"]:
                bits.append(c.event_names[c.card_event[arg]])
            return f"{label}: {', '.join(bits)}"
        if action.kind == "loc":
            ctl = E.control(data, arg)
            units = data["u"][arg]
            # the owner as players write it ("Rome (Axis, 1 counter)"; it read "(axis": an
            # audit)
            status = "contested" if ctl < 0 else OWNER_WORDS[ctl]
            many = f", {len(units)} counter{'s' if len(units) != 1 else ''}" if units else ""
            return f"{label} ({status}{many}){self._move_words(st, arg)}"
        if action.kind == "half" and data["stack"] and "location" in data["stack"][-1]:
            top = data["stack"][-1]
            text = f"the {c.halves[top['location']][arg]} half"
            if top["kind"] == "move_entry":     # 7.2.5 / 7.2.6: which way, in the menu too
                text += (": by the line, into battle" if arg == top["battle_half"]
                         else ": round by friendly locations, no battle")
            return text
        return label

    def _move_words(self, st: Sfe, loc: int) -> str:
        """Where the selected counter of a move may go, how (7.2.5, 7.2.6, 6.5): into
        battle, or through friendly locations (the move ends there), and whether an Axis
        entry into a red location brings the Allied II deck in now."""
        data = st.data
        top = data["stack"][-1] if data["stack"] else None
        if top is None or top["kind"] != "move" or not top["selected"] or top["source"] < 0:
            return ""
        rules_state: State[Any] = st        # the frames' view of the game: its base class
        mover = move_kind(rules_state)
        try:    # a line's destination first, the search through friendly locations if not
            dest = mover.dest(rules_state, top, loc)
        except StopIteration:               # no destination of this counter
            return ""
        words = (": through friendly locations, the move ends there" if dest[3] < 0
                 else ": into battle, or round by friendly locations (a half to choose)"
                 if dest[4] and mover.detour(rules_state, top, loc) >= 0
                 else ": into battle" if dest[4] else "")
        if (top["owner"] == AXIS and dest[3] >= 0 and self.c.color[loc] == SOV
                and data["dn"][1] == 1):
            words += (", and" if words else ":") + " the Allies shuffle in their II deck (6.5)"
        return words

    # -- evaluation and checks ----------------------------------------------------------------
    def evaluate(self, st: Sfe, role: str) -> float:
        """The position for ``role`` (:mod:`warroom.games.sfe.evaluation`: VP toward the 7
        VP victory, time left, strength, threats and attack odds, supply, cards)."""
        return evaluation.evaluate(st, role)

    def check_invariants(self, st: Sfe) -> list[str]:
        c = self.c
        data = st.data
        bad: list[str] = []
        # card conservation (4.1): every card in exactly one place
        for s in (0, 1):
            where = (data["hand"][s] + data["deck"][s] + data["rec"][s] + data["elim"][s]
                     + [x for p in data["later"][s] for x in p]
                     + [x for x in data["inplay"] if c.card_side[x] == s])
            for fr in data["stack"]:
                if fr["kind"] == "army" and c.card_side[fr["card"]] == s:
                    where.append(fr["card"])
                if fr["kind"] == "battle":
                    key = "attacker" if s == fr["attacker"] else "defender"
                    where += battle_cards(fr, key)
            expected = [x for x in range(c.n_cards) if c.card_side[x] == s]
            if sorted(where) != expected:
                bad.append(f"{SIDE_NAMES[s]} cards not conserved: {len(where)} placed, "
                           f"{len(expected)} in the deck")
            if any(c.card_side[x] != s for x in where):
                bad.append(f"a card of the other side in the {SIDE_NAMES[s]} piles")
            rec = list(data["rec"][s])
            for x in data["secret"][s]:
                if x in rec:
                    rec.remove(x)
                else:
                    bad.append("a face-down recycled card is not in the recycle pile")
            made: list[int] = (data.get("made") or [[], []])[s]
            if made and len([x for x in data["deck"][s] if x not in set(made[1:])]) > made[0]:
                bad.append(f"the {SIDE_NAMES[s]} play deck holds more cards than it was "
                           "made of (6.1, 6.2, 6.5)")
        # counter mix (3.1)
        for own in (AXIS, WEST, SOV):
            for kind in (1, 2, 3, 4):
                n = E.count_counters(data, own, kind)
                if n != data["cnt"][own * 5 + kind]:
                    bad.append(f"counter count table wrong for {OWNER_NAMES[own]} {kind}")
                if n > c.mix[own][kind]:
                    bad.append(f"{n} {OWNER_NAMES[own]} counters of kind {kind} exceed the "
                               f"counter mix ({c.mix[own][kind]})")
        for loc in range(c.n):
            units = data["u"][loc]
            owners = {owner(u) for u in units}
            name = c.names[loc]
            if WEST in owners and SOV in owners:
                bad.append(f"blue and red counters share {name}")
            if WEST in owners and c.color[loc] == SOV:
                bad.append(f"blue counters in red {name}")
            if SOV in owners and c.color[loc] == WEST:
                bad.append(f"red counters in blue {name}")
            forts = [half(u) for u in units if is_fortress(u)]
            if len(forts) != len(set(forts)):
                bad.append(f"two fortresses in one half of {name}")
            if any(owner(u) != AXIS for u in units if is_fortress(u)):
                bad.append(f"an Allied fortress in {name}")
            if len(owners) == 1 and data["ctl"][loc] != next(iter(owners)):
                bad.append(f"{name} holds only {OWNER_NAMES[next(iter(owners))]} counters but "
                           f"is controlled by {OWNER_NAMES[data['ctl'][loc]]}")
            if sides_in(units) == 3:
                for side in (0, 1):
                    halves = {half(u) for u in units if side_of(u) == side}
                    if len(halves) != 1:
                        bad.append(f"{SIDE_NAMES[side]} counters in both halves of contested "
                                   f"{name}")
                if half_of(units, 0) == half_of(units, 1):
                    bad.append(f"both sides in one half of {name}")
            if loc == c.usa and (owners - {WEST}):
                bad.append("non-Western counters in the USA box")
        if not -(len(c.track) - 1) <= data["bomb"] <= len(c.track) - 1:
            bad.append("bombing marker off the track")
        if data["outcome"] is None:
            if not data["stack"] or data["stack"][0]["kind"] != "turn":
                bad.append("the decision stack lost its turn frame")
        elif data["stack"]:
            bad.append("finished game with pending decisions")
        return bad

    def max_decisions(self) -> int:
        return 400 * int(DEFAULT_MAX_TURNS)

    def max_chance_events(self) -> int:
        """Shuffles (``n - 1`` picks for ``n`` cards) and the random discards of a block.

        A shuffled play deck is drawn out before the next shuffle of that side (6.2), so
        the picks of all shuffles but the last of each side are at most the cards drawn:
        at most the largest hand size per player turn. Add the set-up shuffles, the last
        and the special (6.5) shuffle of each side, and two discards per decision."""
        c = self.c
        draws = 2 * DEFAULT_MAX_TURNS * max(max(h) for h in c.hand_size)
        return draws + 6 * self.side_cards + 2 * self.max_decisions()

    def max_chance_outcomes(self) -> int:
        """The largest shuffle: every card of one side (6.5 and the later play decks)."""
        return self.side_cards

    # -- numeric observation (RL interfaces) ----------------------------------------------
    def observation(self, st: Sfe, role: str) -> list[float]:
        """What ``role`` sees, as floats in [-1, 1] (see :meth:`view`): never the opponent's
        hand, the order of a play deck, face-down recycled cards or unrevealed battle
        cards.

        Layout: role, active role and player turn; turn; bombing track; VP; per side the
        hand, play deck, recycle pile and chevron pile sizes, the play deck number and
        the hand size; own hand, recycled cards known to the role, eliminated cards and
        cards in play (multi-hot over the card ids); per location the control (contested,
        neutral, Axis, Western, Soviet), the control flag, and the counters per owner,
        half and kind (1-3 strength, fortress); the pending decision (its kind, its
        location, operations left, the operation its card is for, the strength of the
        counter selected); the battle (location, half, attacker, defence value,
        moving attackers, the battle cards the role may see and the number of face-down
        cards of the opponent, the totals once revealed); game over."""
        check_role(self, role)
        c = self.c
        data = st.data
        me = self.roles.index(role)
        opp = 1 - me
        nc = c.n_cards
        per_side = float(self.side_cards)
        max_turns = max(1, int(data["options"]["max_turns"]))
        obs: list[float] = [float(me == 0), float(me == 1),
                            float(data["active"] == "axis"), float(data["active"] == "allies"),
                            float(data["side"] == 0), float(data["side"] == 1),
                            min(data["turn"], max_turns) / max_turns]
        end = len(c.track) - 1
        b = data["bomb"]
        obs += [b / end, c.track[abs(b)] / max(1, max(c.track)) * (1 if b >= 0 else -1)]
        ax, al = E.victory_points(st)
        obs += [min(ax, 40) / 40.0, min(al, 40) / 40.0, max(-1.0, min(1.0, (ax - al) / 20.0))]
        for s in (0, 1):
            later = data["later"][s]
            obs += [min(len(data["hand"][s]), 10) / 10.0, len(data["deck"][s]) / per_side,
                    len(data["rec"][s]) / per_side, len(data["elim"][s]) / per_side,
                    len(later[0]) / per_side, len(later[1]) / per_side,
                    min(data["dn"][s], 8) / 8.0, min(E.hand_limit(st, s), 10) / 10.0]
        hand = [0.0] * nc
        for x in data["hand"][me]:
            hand[x] = 1.0
        rec = [0.0] * nc
        for x in data["rec"][me]:
            rec[x] = 1.0
        for x in data["rec"][opp]:
            rec[x] = 1.0
        for x in data["secret"][opp]:  # face down: the opponent's secret
            rec[x] = 0.0
        elim = [0.0] * nc
        for s in (0, 1):
            for x in data["elim"][s]:
                elim[x] = 1.0
        inplay = [0.0] * nc
        for x in data["inplay"]:
            inplay[x] = 1.0
        obs += hand + rec + elim + inplay
        # per location: 5 + 3 one-hot floats and 24 counts (owner - 1) * 8 + half * 4 +
        # kind - 1, written with constant rows (the search encodes a position at every
        # node); a test holds them to control(), the flags and the counters
        zeros24 = [0.0] * 24
        flags = data["ctl"]
        for loc, units in enumerate(data["u"]):
            ctl = E.control(data, loc)
            obs += _CONTROL_ROWS.get(ctl, _NO_CONTROL)
            obs += _FLAG_ROWS.get(flags[loc], _NO_FLAG)
            if not units:
                obs += zeros24
                continue
            counts: dict[int, int] = {}
            for u in units:
                kind = 4 if u & FORT_BIT else strength(u)
                i = (owner(u) - 1) * 8 + half(u) * 4 + kind - 1
                counts[i] = counts.get(i, 0) + 1
            row = zeros24[:]
            for i, k in counts.items():
                row[i] = (k if k < 8 else 8) / 8.0
            obs += row
        stack = data["stack"]
        top = stack[-1] if stack and data["active"] is not None else None
        kind_name = top["kind"] if top else ""
        obs += [float(kind_name == k) for k in DECISION_KINDS]
        where = [0.0] * c.n
        if top is not None:
            for key in ("location", "source"):
                v = top.get(key)
                if isinstance(v, int) and 0 <= v < c.n:
                    where[v] = 1.0
        obs += where
        obs.append(min(operations_left(data), 8) / 8.0)
        # what the role chose inside its decision: the operation its card will pay for, the
        # strength of the counter it moves (an RL audit: op:build and op:discard, or a 1 and
        # a 2 moved from one location, gave the same observation and mask)
        op_name = top.get("operation") if top is not None else None
        obs += [float(op_name == name) for name in OPS]
        chosen = top.get("selected", 0) if top is not None else 0
        obs += [float(chosen == k) for k in (1, 2, 3, 4)]
        obs += self._battle_observation(st, me)
        obs.append(float(data["outcome"] is not None))
        return obs

    def _battle_observation(self, st: Sfe, me: int) -> list[float]:
        c = self.c
        nc = c.n_cards
        fr = current_battle(st.data)
        size = 1 + c.n + 2 + 2 + 2 + 3 + nc + 2 + 2
        if fr is None:
            return [0.0] * size
        out = [1.0]
        where = [0.0] * c.n
        where[fr["location"]] = 1.0
        out += where
        att = fr["attacker"]
        out += [float(fr["half"] == 0), float(fr["half"] == 1),
                float(att == me), float(att != me),
                fr["defence_value"] / 5.0, float(fr["contested"])]
        moving = [0, 0, 0]
        for u in fr["moving"] or ():
            moving[strength(u) - 1] += 1
        out += [min(n, 8) / 8.0 for n in moving]
        revealed = fr["revealed"]
        cards = [0.0] * nc
        hidden = 0
        for side, key in ((att, "attacker"), (1 - att, "defender")):
            played = battle_cards(fr, key)
            if revealed or side == me:
                for x in played:
                    cards[x] = 1.0
            else:
                hidden += len(played)
        out += cards
        out += [min(hidden, 8) / 8.0, float(revealed)]
        if revealed and "attack_total" in fr:
            out += [min(fr["attack_total"], 40) / 40.0, min(fr["defence_total"], 40) / 40.0]
        else:
            out += [0.0, 0.0]
        return out


def operations_left(data: dict[str, Any]) -> int:
    """7: the operations left this turn (the ``operation`` frame's count, 0 without one)."""
    return next((int(f["left"]) for f in reversed(data["stack"]) if f["kind"] == "operation"),
                0)


def current_battle(data: dict[str, Any]) -> Frame | None:
    """The battle in progress, if any."""
    return next((f for f in reversed(data["stack"]) if f["kind"] == "battle"), None)


def battle_cards(fr: Frame, key: str) -> list[int]:
    """The cards committed to a battle by its ``attacker`` or ``defender`` (``key``): the
    air power card first, then the battle events."""
    air: int = fr[f"{key}_air"]
    events: list[int] = fr[f"{key}_events"]
    return ([air] if air >= 0 else []) + list(events)


def _battle_fields(fr: Frame | None, key: str | None) -> tuple[Any, list[int]] | None:
    """The air card and battle event cards ``key`` (attacker or defender) played face
    down in the battle ``fr``, as a copy (None without a battle to resample)."""
    if fr is None or key is None:
        return None
    return fr[f"{key}_air"], list(fr[f"{key}_events"])


def _set_battle_fields(fr: Frame | None, key: str | None,
                       cards: tuple[Any, list[int]] | None) -> None:
    """Put ``cards`` (:func:`_battle_fields`) back as ``key``'s face-down battle cards."""
    if fr is not None and key is not None and cards is not None:
        fr[f"{key}_air"], fr[f"{key}_events"] = cards[0], list(cards[1])


def _shuffle(cards: list[int], rng: Rng) -> None:
    for i in range(len(cards) - 1, 0, -1):
        j = rng.randbelow(i + 1)
        cards[i], cards[j] = cards[j], cards[i]


__all__ = ["StruggleForEurope"]


Sfe = State[StruggleForEurope]
