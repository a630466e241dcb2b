"""Europe in Turmoil II as a warroom :class:`Game`: roles ``lw`` and ``rw``.

The rules run as frames on core's decision stack (:mod:`.frames`); this module adds the
protocol hooks: set-up, views, the result, the heuristic value, invariants, hidden
information and the numeric observation.
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import itemgetter
from pathlib import Path
from typing import Any

from warroom.core.actions import Action
from warroom.core.protocol import Outcome, Termination, check_role, copy_plain
from warroom.core.rng import Rng
from warroom.core.state import Data, State
from warroom.games.eit2 import evaluation
from warroom.games.eit2.base import OPERATIONS, EitGame
from warroom.games.eit2.board import (
    COUNTERMIX,
    LW,
    NONE,
    ROLE,
    RW,
    WAR_REASON,
    controller,
    penalised,
    sp_text,
)
from warroom.games.eit2.cards import REWRITTEN
from warroom.games.eit2.components import MARKER_FLAGS
from warroom.games.eit2.events.registry import cancelled_by
from warroom.games.eit2.frames import DECISIONS, FRAMES, choice_chance, free_attempt_label
from warroom.games.eit2.operations import box_effect_text, placement_cost, track_open
from warroom.games.eit2.rules import RULES
from warroom.games.eit2.scoring import is_battleground, moderation_decides, regions_now
from warroom.games.eit2.sequence import rounds_per_turn
from warroom.games.eit2.setup import setup

St = State["EuropeInTurmoil2"]

SP_SCALE = 20
"""SP counts in the observation saturate here (a space can pile up far more SP)."""

_TERMINATION = {"automatic": Termination.AUTOMATIC_VICTORY,
                "final": Termination.FINAL_SCORING,
                "held_scoring": Termination.FORFEIT}
_LABEL = {"automatic": "automatic_victory", "final": "final_scoring",
          "held_scoring": "held_scoring_card"}
_RULE = {"automatic": "10.4.1", "final": "10.4.4", "held_scoring": "4.5.3"}


def _outcome_text(kind: str, winner: str | None, power: int, reason: str = "",
                  moderation: list[int] | None = None) -> str:
    """The result in words (4.5.3, 10.4.1, 10.4.2, 10.4.4); Power is positive for RW. A
    Final Scoring says when war brought it (10.4.2), and a tie at Power 0 that Moderation
    broke says so (an end-game audit: neither was said)."""
    pw = "Power 0" if power == 0 else f"Power {'RW' if power > 0 else 'LW'} {abs(power)}"
    who = f"{winner.upper()} wins" if winner else "the game is a draw"
    if kind == "final" and power == 0 and moderation is not None:
        who += moderation_decides(winner is not None, *moderation)
    if kind == "held_scoring":
        if winner is None:
            return f"Both players held a Scoring card at the end of the turn: {who}"
        loser = "LW" if winner == "rw" else "RW"
        return f"{loser} held a Scoring card at the end of the turn and loses: {who}"
    if kind == "automatic":
        return f"Automatic victory at {pw}: {who}"
    if reason == WAR_REASON:
        return f"The Second World War broke out (10.4.2); Final Scoring ends at {pw}: {who}"
    return f"Final Scoring ends at {pw}: {who}"

# How copy_data copies each key: 0 shared (never changed in place), 1 a flat list, 2 a pair
# of flat lists, 3 a list of dicts one level deep, 4 a flat dict. Modifier dicts and oblig
# entries are created whole and never changed, so their lists are copied flat.
_COPY: dict[str, int] = {
    "game": 0, "scenario": 0, "seed": 0, "options": 0, "rng": 0, "barrier": 0, "active": 0,
    "outcome": 0, "decisions": 0, "power": 0, "tension": 0, "turn": 0, "ar": 0,
    "phasing": 0, "played": 0, "war": 0, "final_scoring": 0,
    "deck_from": 0,         # replaced whole, never changed in place
    "forced": 1, "log": 1, "chance_queue": 1, "mod": 1, "sanctions": 1, "rearm": 1,
    "rearm_side": 1, "rearm_available": 1, "track_mod": 1, "rearm_mods": 1, "check_mods": 1,
    "place_bans": 1, "closed_tracks": 1, "ops_mods": 1, "deck": 1, "discard": 1,
    "out_of_game": 1, "ongoing": 1, "events_played": 1, "blocked": 1, "eras_in": 1,
    "round_done": 1,
    "sp": 2, "ext": 2, "hands": 2, "oblig": 2, "seen": 2,
    "stack": 3,
    "flags": 4,
}
# copy_data's groups of the keys every state holds (core's ``chance_queue`` comes and goes)
_OPTIONAL = frozenset({"chance_queue"})
_SHARED = tuple(k for k, how in _COPY.items() if how == 0 and k not in _OPTIONAL)
_LISTS = tuple(k for k, how in _COPY.items() if how == 1 and k not in _OPTIONAL)
_LIST_PAIRS = tuple(k for k, how in _COPY.items() if how == 2 and k not in _OPTIONAL)
_FRAME_LISTS = tuple(k for k, how in _COPY.items() if how == 3 and k not in _OPTIONAL)
_DICTS = tuple(k for k, how in _COPY.items() if how == 4 and k not in _OPTIONAL)
_EVERY_STATE = len(_COPY) - len(_OPTIONAL)
_get_shared = itemgetter(*_SHARED)


class EuropeInTurmoil2(EitGame):
    id = "eit2"
    title = "Europe in Turmoil II: The Interbellum Years 1920-1939"
    summary = ("Two players, Left Wing and Right Wing, play cards for Support, Rearmament and "
               "Power across interwar Europe, turn by turn to 1939 or the war; Scoring cards "
               "score the regions.")
    roles = ("lw", "rw")
    scenarios = ("1920", "great_depression", "appeasement")
    default_scenario = "1920"
    hidden_information = True
    earlier_content_ids = frozenset({"b87d35b71332"})
    """The bundled pack's id until 6 December 2026, when 17 spaces of the drawn map moved
    a few units apart (counters and names overlapped in Germany, around Rome, Gibraltar and
    Hungary: a browser audit): the same rules content, so its records replay as before."""
    rules = RULES

    def __init__(self, content: Path | None = None) -> None:
        super().__init__(content)
        self.frames = {f.kind: f for f in FRAMES}
        c, m = self.c, self.c.map
        # the board's static geometry from content (map.yaml's x/y and neighbours), built
        # once: a game-agnostic drawing for front ends (ids are the action keys' slugs)
        # the Rearmament chart's boxes (static content): what each box needs and does
        self._chart: list[dict[str, Any]] = [
            {"track": c.track_ids[t], "name": c.track_names[t],
             "boxes": [{"name": b.name, "needed": b.needed, "kind": b.kind,
                        "space": c.names[b.space] if b.space is not None else None,
                        "marker": b.marker,
                        "effects": [box_effect_text(e) for e in b.effects]}
                       for b in c.boxes[t]]}
            for t in range(len(c.track_ids))]
        self._map: dict[str, Any] = {
            "width": 1000, "height": 700,
            # a Colonial space (2.1.6) says so: some Events name "non-Colonial" spaces
            "spaces": [{"id": c.slugs[s], "name": c.names[s], "x": m.x[s], "y": m.y[s],
                        "region": c.region[s], **({"colonial": True} if c.colonial[s] else {})}
                       for s in range(len(c.names))],
            "links": [[c.slugs[a], c.slugs[b]] for a, b in m.edges],
            # each region's tint, letter and hatch, from map.yaml (front ends fall back to
            # their own palette for a region the content leaves out)
            "regions": [{"name": name, "colour": style.colour, "letter": style.letter,
                         "hatched": style.hatched}
                        for name, style in m.model.regions.items()],
        }

    # -- set-up -----------------------------------------------------------------------
    def setup(self, st: St, scenario: str, options: Mapping[str, Any]) -> None:
        setup(self.c, st.data, scenario)

    # -- information ------------------------------------------------------------------
    def card(self, n: int) -> dict[str, Any]:
        """A card as a player reads it: title, side, OPs, era, the Event's text (or the
        Region it scores), its marks (2.2.4 removed after the Event, 2.2.5 ongoing) and
        whether the text is reconstructed (the rulebook prints no card texts)."""
        card = self.c.cards[n]
        out: dict[str, Any] = {
            "number": n, "title": card.title, "ops": card.ops, "side": card.side,
            "scoring": card.scoring, "era": card.era, "event": card.event,
            "removed_after_event": card.removed_after_event, "ongoing": card.ongoing,
            "reconstructed": card.reconstructed}
        if card.reconstructed_fields and not card.reconstructed:
            out["reconstructed_mark"] = ("OPs value reconstructed: the rulebook states this "
                                         "card's Event but not its OPs value")
        if card.text_rewritten:
            out["mark"] = REWRITTEN
        if card.scoring:
            out["scoring_values"] = dict(card.scoring_values)
        if card.if_rearmament:
            out["if_rearmament"] = card.if_rearmament
        return out

    def _next_box(self, st: St, t: int) -> dict[str, Any] | None:
        """6.3.2/6.3.8: the box the track's next attempt aims at (None: the track is
        closed), with the roll it needs and the space whose neighbourhood modifies it."""
        c, data = self.c, st.data
        if not track_open(c, data, t):
            return None
        box = c.boxes[t][data["rearm"][t] + 1]
        space = c.names[box.space] if box.space is not None and box.space >= 0 else None
        return {"box": box.name, "needed": box.needed, "space": space}

    def clock(self, st: St) -> tuple[Any, Any]:
        """The view's turn and action round."""
        return st.data["turn"], st.data["ar"]

    def view(self, st: St, role: str | None) -> dict[str, Any]:
        c, data = self.c, st.data
        me = self.roles.index(role) if role in self.roles else None
        spaces = []
        for s in range(len(c.names)):
            ctl = controller(c, data, s)
            spaces.append({
                "name": c.names[s], "region": c.region[s], "stability": c.stability[s],
                "battleground": is_battleground(c, data, s),
                "lw_sp": data["sp"][LW][s], "rw_sp": data["sp"][RW][s],
                "lw_extremists": data["ext"][LW][s], "rw_extremists": data["ext"][RW][s],
                "control": None if ctl == NONE else ROLE[ctl],
            })
        # nothing is pending once the game is over (a resigned game keeps its stack)
        top = data["stack"][-1] if data["stack"] and data["active"] is not None else None
        pending = None
        if top is not None:
            pending = {k: v for k, v in top.items() if k in (
                "kind", "role", "ops", "left", "region", "title", "step", "prompt")}
            if top.get("kind") in ("op_kind", "event_choice") and isinstance(
                    top.get("card"), int) and top["card"] in self.c.cards:
                # the card played face up whose Event the decision is about, text and all
                # (a browser audit: resolving an opponent's Event first or after, its text
                # was nowhere on the page once the card had left the hand)
                pending["card"] = self.card(top["card"])
        return {
            "game": self.id,
            "scenario": data["scenario"],
            "turn": data["turn"],
            "action_round": data["ar"],
            "phasing": ROLE[data["phasing"]],
            "active": data["active"],
            "power": data["power"],
            "moderation": {"lw": data["mod"][LW], "rw": data["mod"][RW]},
            "extremist_penalty": {"lw": penalised(data, LW), "rw": penalised(data, RW)},
            "tension": data["tension"],
            "sanctions": {"lw": data["sanctions"][LW], "rw": data["sanctions"][RW]},
            "spaces": spaces,
            "extremists_left": {"lw": COUNTERMIX - sum(data["ext"][LW]),
                                "rw": COUNTERMIX - sum(data["ext"][RW])},
            "hand": [self.card(n) for n in data["hands"][me]] if me is not None else None,
            "hand_sizes": {"lw": len(data["hands"][LW]), "rw": len(data["hands"][RW])},
            "deck_size": len(data["deck"]),
            "discard": [self.card(n) for n in data["discard"]],
            "removed": [self.card(n) for n in data["out_of_game"]],
            "ongoing": [self.card(n) for n in data["ongoing"]],
            # the Event Chart's crosses (7.5): Events cancelled by another, played or not,
            # and the card that cancelled them (public; an eit2 events audit found a
            # cancelled Event only in the log line of the moment)
            "cancelled": [{**self.card(n),
                           "cancelled_by": " and ".join(cancelled_by(c, data, n)) or None}
                          for n in data["blocked"]],
            "rearmament": [{"track": c.track_ids[t], "name": c.track_names[t],
                            "box": c.boxes[t][data["rearm"][t]].name,
                            "index": data["rearm"][t],
                            "side": ROLE[data["rearm_side"][t]],
                            "next": self._next_box(st, t)}
                           for t in range(len(c.track_ids))],
            "regions": regions_now(c, data),
            "rounds": rounds_per_turn(data["turn"]),
            "turns": c.turns,
            "rearmament_available": {"lw": bool(data["rearm_available"][LW]),
                                     "rw": bool(data["rearm_available"][RW])},
            # 9.2: each Tension space's war-roll modifier (None: no roll), for the track
            # (the web's track showed none: a browser audit)
            "tension_drm": list(self.c.tension_drm),
            "markers": dict(data["flags"]),
            # the names of the markers on the map (their Event's title, from content): the
            # pages wrote the keys, "Kellogg briand" (a browser audit); of those on the map
            # only, as a card's title is named only once it was played (the fair-play test)
            "marker_names": {k: self._marker_name(k) for k, on in data["flags"].items()
                             if on},
            "reminders": self._reminders(data),
            "pending": pending,
            "result": out.to_json() if (out := self.outcome(st)) is not None else None,
            # a fresh copy of the static map: a consumer that edits its view never edits
            # the map every other view shares
            "map": {"width": self._map["width"], "height": self._map["height"],
                    "spaces": [dict(sp) for sp in self._map["spaces"]],
                    "links": [list(ln) for ln in self._map["links"]],
                    "regions": [dict(r) for r in self._map["regions"]]},
            "rearmament_chart": [{**tr, "boxes": [dict(b, effects=list(b["effects"]))
                                                  for b in tr["boxes"]]}
                                 for tr in self._chart],
        }

    def _marker_name(self, flag: str) -> str:
        """A map marker's name: its Event's title (2.3.3), or the rulebook's name for the
        two that belong to no card (3.5R, 12.1/13.1)."""
        card = next((n for n, f in MARKER_FLAGS.items() if f == flag), None)
        if card is not None and card in self.c.cards:
            return str(self.c.cards[card].title)
        return {"rhineland_demilitarized": "Rhineland Demilitarized",
                "ten_year_rule_abandoned": "Ten Year Rule Plan Abandoned"}.get(
                    flag, flag.replace("_", " ").capitalize())

    def _reminders(self, data: Data) -> list[dict[str, Any]]:
        """What is in force beyond the tracks, as the Event Chart and the reminder markers
        show it: Support Check, OPs and Rearmament modifiers, placement bans, closed
        tracks, and mandatory Action Rounds (all public: played Events and reached boxes)."""
        c = self.c
        out: list[dict[str, Any]] = []

        def card(m: dict[str, Any]) -> str | None:
            n = m.get("card")
            return c.cards[n].title if isinstance(n, int) and n in c.cards else None

        def where(m: dict[str, Any]) -> str:
            places = [c.names[s] for s in m.get("spaces") or ()]
            if places:
                return " in " + ", ".join(places)
            return f" in {m['region']}" if m.get("region") else ""

        def until(m: dict[str, Any]) -> str:
            u = str(m.get("until") or "")
            return {"turn": " this turn", "game": ""}.get(u, f" ({u})" if u else "")

        for m in data["check_mods"]:
            side = data["rearm_side"][m["track"]] if "track" in m else m["side"]
            out.append({"kind": "support_check", "side": ROLE[side], "value": m["value"],
                        "source": m.get("marker") or card(m), "rule": "6.2.5",
                        "text": f"{ROLE[side].upper()} Support Checks {m['value']:+d}"
                                f"{where(m)}{until(m)}"})
        for m in data["ops_mods"]:
            out.append({"kind": "ops", "side": ROLE[m["side"]], "value": m["value"],
                        "source": card(m), "rule": "7.3.1",
                        # a floor only where the modifier lowers the OPs: Dawes Plan's +1
                        # read "(at least 0)" (an eit2 events audit)
                        "text": f"{ROLE[m['side']].upper()} OPs {m['value']:+d}"
                                + (f" (at least {m.get('min', 1)})" if m["value"] < 0
                                   else "") + until(m)})
        for m in data["rearm_mods"]:
            on = (f" on the {c.track_name(m['track'])} track"
                  if m.get("track") in c.track_ids else "")
            out.append({"kind": "rearmament", "side": ROLE[m["side"]], "value": m["value"],
                        "source": m.get("why") or card(m), "rule": "6.3.2",
                        "text": f"{ROLE[m['side']].upper()} Rearmament attempts "
                                f"{m['value']:+d}{on}{until(m)}"})
        for t, bonus in enumerate(data["track_mod"]):
            if bonus:
                out.append({"kind": "rearmament", "side": None, "value": bonus,
                            "source": None, "rule": "6.3.2",
                            "text": f"Rearmament attempts on the {c.track_names[t]} track "
                                    f"{bonus:+d}"})
        for m in data["place_bans"]:
            out.append({"kind": "placement_ban", "side": ROLE[m["side"]], "value": None,
                        "source": card(m), "rule": "6.1.2",
                        "text": f"{ROLE[m['side']].upper()} may not place SP with Operations"
                                f"{where(m) or ' anywhere'}{until(m)}"})
        for m in data["closed_tracks"]:
            out.append({"kind": "closed_track", "side": None, "value": None,
                        "source": card(m), "rule": "6.3.2",
                        "text": f"No Rearmament attempt on the {c.track_names[m['track']]} "
                                f"track{until(m)}"})
        for side in (LW, RW):
            oblig = data["oblig"][side]
            if oblig:
                what = "Rearmament attempts" if oblig[0]["kind"] == "rearm" else "Operations"
                out.append({"kind": "mandatory", "side": ROLE[side], "value": len(oblig),
                            "source": card(oblig[0]), "rule": "4.5.2",
                            "text": f"{ROLE[side].upper()} must make {len(oblig)} more "
                                    f"mandatory Action Round(s) of {what}"})
        return out

    def outcome(self, st: St) -> Outcome | None:
        out = st.data["outcome"]
        if not out:
            return None
        kind = out["kind"]
        winner = out["winner"]
        returns = {r: (0.0 if winner is None else 1.0 if r == winner else -1.0)
                   for r in self.roles}
        label = f"{winner}_{_LABEL[kind]}" if winner else f"draw_{_LABEL[kind]}"
        # Moderation as it stands (Final Scoring's Sanctions leave it): the outcome kept
        # in a saved game's state is unchanged, so its snapshot still matches
        text = _outcome_text(kind, winner, out["power"], out.get("reason", ""),
                             list(st.data["mod"]))
        return Outcome(_TERMINATION[kind], winner, returns, {"power": out["power"]}, text,
                       _RULE[kind], label)

    def hide(self, st: St, role: str, rng: Rng) -> None:
        """The opponent's hand and the deck order are unknown to ``role``: reshuffle them
        together and deal the opponent a hand of the same size. The cards ``role`` has seen
        in that hand (Deuxième Bureau) and that are still there stay in it, and so do the
        unknown cards the deck cannot hold: a deck rebuilt from the discards (4.3) holds
        those discards only (``deck_from``), so a card the opponent drew before is in its
        hand (a fair-play audit: 80 of 100 worlds put such a card in the deck)."""
        data = st.data
        me = self.roles.index(role)
        o = 1 - me
        hand = data["hands"][o]
        seen = data.get("seen")
        known = [n for n in seen[me] if n in hand] if seen else []
        # sorted: the sample depends on what ``role`` knows, never on the real order
        pool = sorted([n for n in hand if n not in known] + data["deck"])
        able = data.get("deck_from")
        if able is not None:
            can = set(able)
            known += [n for n in pool if n not in can]
            pool = [n for n in pool if n in can]
        for i in range(len(pool) - 1, 0, -1):
            j = rng.randbelow(i + 1)
            pool[i], pool[j] = pool[j], pool[i]
        k = len(hand) - len(known)
        data["hands"][o], data["deck"] = known + pool[:k], pool[k:]

    def evaluate(self, st: St, role: str) -> float:
        """The position for ``role`` (:mod:`warroom.games.eit2.evaluation`: Power, region
        standing against the Scoring still to come, Moderation, Tension, Extremists,
        Rearmament, held Scoring cards, hand quality)."""
        return evaluation.evaluate(st, role)

    def check_invariants(self, st: St) -> list[str]:
        c, data = self.c, st.data
        bad: list[str] = []
        # the card of an Operations play whose opponent's Event is still to come is held on
        # its op_kind (or event) frame
        in_flight = [f["card"] for f in data["stack"]
                     if (f["kind"] == "op_kind" and f.get("event"))
                     or (f["kind"] == "event" and f.get("triggered"))]
        places: list[int] = (data["deck"] + data["hands"][LW] + data["hands"][RW]
                             + data["discard"] + data["out_of_game"] + data["ongoing"]
                             + in_flight)
        entered = [n for era in data["eras_in"] for n in c.era_cards[era]]
        if sorted(places) != sorted(entered):
            extra = sorted(set(places) - set(entered))
            missing = sorted(set(entered) - set(places))
            dup = sorted({n for n in places if places.count(n) > 1})
            bad.append(f"card conservation: missing {missing}, extra {extra}, twice {dup}")
        if "deck_from" in data and not set(data["deck"]) <= set(data["deck_from"]):
            bad.append("the draw deck holds cards it was not made of (4.3, 4.4)")
        for side in (LW, RW):
            if any(v < 0 for v in data["sp"][side]):
                bad.append(f"negative SP for {ROLE[side]}")
            if any(v < 0 for v in data["ext"][side]) or sum(data["ext"][side]) > COUNTERMIX:
                bad.append(f"{ROLE[side]} extremists outside the countermix of {COUNTERMIX}")
        if not -20 <= data["power"] <= 20 and not data["final_scoring"]:
            bad.append("power off the track")
        if not 0 <= data["tension"] <= c.tension_max:
            bad.append("tension off the track")
        for side in (LW, RW):
            if not 0 <= data["mod"][side] <= 20:
                bad.append("moderation off the track")
        for t in range(len(c.track_ids)):
            if not 0 <= data["rearm"][t] < len(c.boxes[t]):
                bad.append(f"rearmament marker {c.track_ids[t]} off its track")
        return bad

    def copy_data(self, data: Data) -> Data:
        """A clone's data: lists of ints copied with ``list()``, the frames on the stack one
        level deep (their lists are replaced, never changed in place), the modifiers and
        the log entries shared (never changed once written); anything else deep-copied.

        The keys every state holds are copied group by group (``_LISTS``, ``_LIST_PAIRS``...)
        into a shallow copy, which keeps the keys in ``data``'s order; data without one of
        them (an old snapshot) is copied key by key (:meth:`_copy_by_key`), the same copy."""
        out: Data = data.copy()
        try:
            _get_shared(data)           # every shared key is there, so len() counts others
            for k in _LISTS:
                out[k] = data[k][:]
            for k in _LIST_PAIRS:
                v = data[k]
                out[k] = [v[0][:], v[1][:]]
            for k in _FRAME_LISTS:
                out[k] = [f.copy() for f in data[k]]
            for k in _DICTS:
                out[k] = data[k].copy()
        except KeyError:
            return self._copy_by_key(data)
        known = _EVERY_STATE
        for k in _OPTIONAL:
            if k in data:
                out[k] = data[k][:]
                known += 1
        if len(data) != known:
            for k in data.keys() - _COPY.keys():
                v = data[k]
                cls = v.__class__
                if cls is dict or cls is list:
                    out[k] = copy_plain(v)
        return out

    def _copy_by_key(self, data: Data) -> Data:
        """:meth:`copy_data` key by key, as ``_COPY`` says (any key missing)."""
        out: Data = {}
        for k, v in data.items():
            how = _COPY.get(k)
            if how is None:
                cls = v.__class__
                out[k] = copy_plain(v) if cls is dict or cls is list else v
            elif how == 0:
                out[k] = v
            elif how == 1:
                out[k] = v[:]
            elif how == 2:
                out[k] = [v[0][:], v[1][:]]
            elif how == 3:
                out[k] = [f.copy() for f in v]
            else:
                out[k] = v.copy()
        return out

    def max_decisions(self) -> int:
        return 10 * 2 * 8 * 40 + 200

    def max_chance_events(self) -> int:
        return self.max_decisions() * 8 + 3 * 110 * 110

    def max_chance_outcomes(self) -> int:
        return 110

    CARD_KINDS = frozenset({"event", "ops", "rearm", "score", "card"})
    """The actions whose value is a card's number."""

    def names_of(self, action: Action) -> tuple[str, ...]:
        """A space's or a card's other spellings (content ``aliases``: a pack's new spelling
        goes there), typed in play as its name is (a terminal audit: "bayern" matched
        nothing under a pack that gave Bavaria that alias)."""
        if action.kind == "space" and 0 <= action.value < len(self.c.names):
            return tuple(self.c.map.model.spaces[action.value].aliases)
        if action.kind in self.CARD_KINDS and action.value in self.c.cards:
            return self.c.cards[action.value].aliases
        return ()

    def describe(self, st: St, action_id: int) -> str:
        """Labels with the situation: a space's markers and control, a card's side and OPs,
        a track's next box."""
        c, data = self.c, st.data
        act = self.catalogue[action_id]
        kind = act.kind
        if kind == "space":
            s = act.value
            ctl = controller(c, data, s)
            owner = "" if ctl == NONE else f", {ROLE[ctl].upper()} control"
            top = data["stack"][-1] if data["stack"] else None
            cost = ""
            if top is not None and top["kind"] == "place_sp":
                cost = f", {placement_cost(c, data, top['side'], s)} OP"
            elif top is not None:
                cost = choice_chance(c, data, top, kind, s)
            return (f"{c.names[s]} ({c.region[s]}, stability {c.stability[s]}) "
                    f"{sp_text(data, s)}{owner}{cost}")
        if kind in OPERATIONS:
            # the label's "an opponent's Event ... comes after" holds only while one is to come
            top = data["stack"][-1] if data["stack"] else None
            if top is None or top["kind"] != "op_kind" or not top.get("event"):
                return OPERATIONS[kind][0]
            return act.label
        if kind in ("event", "ops", "rearm", "score"):
            card = c.cards[act.value]
            if card.scoring:        # "Play Italy Scoring (scoring) [scoring]" said it twice
                return f"Play {card.title} [Scoring card]"
            return f"{act.label} [{card.side}, {card.ops} OPs]"
        top = data["stack"][-1] if data["stack"] else None
        if top is not None and top["kind"] == "free_attempt":
            if kind == "card":
                return free_attempt_label(c, data, top, act.value)
            if kind == "pass":
                return "Pass: no free Rearmament attempt"
        if kind == "track":
            t = act.value
            if data["rearm"][t] + 1 < len(c.boxes[t]):
                box = c.boxes[t][data["rearm"][t] + 1]
                where = f" (target space {c.names[box.space]})" if box.space is not None \
                    else ""
                odds = choice_chance(c, data, top, kind, t) if top is not None else ""
                return f"{act.label}: next {box.name} needs {box.needed}{where}{odds}"
        return act.label

    def content_json(self) -> dict[str, Any]:
        # the rulebook's index and the action catalogue, as the other games' packs give them
        # (``content eit2 --json`` had neither: an outside audit)
        return {**self.c.content_json(),
                "actions": [{"id": a.id, "key": a.key, "label": a.label}
                            for a in self.catalogue],
                "rules": dict(self.rules)}

    def content_json_before(self) -> dict[str, Any]:
        """:meth:`content_json` as it was until 7 December 2026, without the spaces' and
        cards' ``aliases`` it shows since 8 December: the records of a pack made before
        keep matching it."""
        out = self.content_json()
        for item in (*out["spaces"], *out["cards"]):
            item.pop("aliases", None)
        return out

    def observation(self, st: St, role: str) -> list[float]:
        """What ``role`` sees as numbers, every one in [-1, 1] (the bounds the RL adapters
        declare): SP per space saturate at :data:`SP_SCALE` (control needs at most
        Stability 4 more than the opponent), Power is read on the track's LW20-RW20."""
        check_role(self, role)
        c, data = self.c, st.data
        me = self.roles.index(role)
        obs: list[float] = []
        put = obs.extend
        sp_lw, sp_rw = data["sp"]
        ext_lw, ext_rw = data["ext"][LW], data["ext"][RW]
        stability = c.stability
        scale = SP_SCALE
        for s, stab in enumerate(stability):
            lw, rw = sp_lw[s], sp_rw[s]
            lw_ctl = lw - rw >= stab              # controller(), 2.1.4
            put(((lw if lw < scale else scale) / scale, (rw if rw < scale else scale) / scale,
                 1.0 if ext_lw[s] > 0 else 0.0, 1.0 if ext_rw[s] > 0 else 0.0,
                 1.0 if lw_ctl else 0.0, 1.0 if not lw_ctl and rw - lw >= stab else 0.0))
        power = max(-20, min(20, data["power"]))     # Final Scoring may pass 20 (10.4.4)
        obs += [power / 20.0, data["mod"][LW] / 20.0, data["mod"][RW] / 20.0,
                data["tension"] / 11.0, min(data["sanctions"][LW], 10) / 10.0,
                min(data["sanctions"][RW], 10) / 10.0, data["turn"] / 10.0,
                data["ar"] / 8.0, float(data["phasing"] == me), float(me == RW)]
        index = c.card_position
        for pile in (data["hands"][me], data["discard"], data["out_of_game"],
                     data["ongoing"]):
            bits = [0.0] * len(index)
            for n in pile:
                bits[index[n]] = 1.0
            obs += bits
        for t in range(len(c.track_ids)):
            obs += [data["rearm"][t] / max(1, len(c.boxes[t]) - 1),
                    float(data["rearm_side"][t] == me)]
        obs += [float(v) for v in data["rearm_available"]]
        top = data["stack"][-1] if data["stack"] and data["active"] else None
        kind = top["kind"] if top else ""
        obs += [float(kind == k) for k in DECISIONS]
        obs.append(float(data["outcome"] is not None))
        return obs
