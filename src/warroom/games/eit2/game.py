"""Europe in Turmoil II as a warroom :class:`Game`: roles ``lw`` and ``rw``."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from warroom.core.protocol import Game, Outcome
from warroom.core.rng import Rng
from warroom.games.eit2 import actions as A
from warroom.games.eit2.board import (
    COUNTERMIX,
    LW,
    NONE,
    ROLE,
    RW,
    controller,
    penalised,
    sp_text,
)
from warroom.games.eit2.components import Components, load_components
from warroom.games.eit2.rules import RULES
from warroom.games.eit2.scoring import is_battleground
from warroom.games.eit2.setup import setup


class EuropeInTurmoil2(Game):
    id = "eit2"
    title = "Europe in Turmoil II: The Interbellum Years 1920-1939"
    roles = ("lw", "rw")
    scenarios = ("1920", "great_depression", "appeasement")
    default_scenario = "1920"
    hidden_information = True
    rules = RULES

    def __init__(self, content: Path | None = None) -> None:
        self.c: Components = load_components(content)
        self.content_dir = content
        c = self.c
        self.catalogue = A.build_catalogue(c)
        key = self.catalogue.by_key
        self.arg: dict[int, int] = {}
        self.event_id, self.ops_id, self.rearm_id, self.score_id = {}, {}, {}, {}
        for n in c.card_numbers:
            if c.cards[n].scoring:
                self.score_id[n] = key(f"score:{n}").id
            else:
                self.event_id[n] = key(f"event:{n}").id
                self.ops_id[n] = key(f"ops:{n}").id
                self.rearm_id[n] = key(f"rearm:{n}").id
        self.space_id = [key(f"space:{s}").id for s in range(len(c.names))]
        self.track_id = [key(f"track:{t}").id for t in c.track_ids]
        self.card_id = {n: key(f"card:{n}").id for n in c.card_numbers}
        self.number_id = [key(f"n:{k}").id for k in range(6)]
        self.word_id = {w: key(w).id for w in A.WORDS}
        for s, i in enumerate(self.space_id):
            self.arg[i] = s
        for t, i in enumerate(self.track_id):
            self.arg[i] = t
        for n, i in self.card_id.items():
            self.arg[i] = n
        for k, i in enumerate(self.number_id):
            self.arg[i] = k
        self.frames = {f.kind: f for f in A.FRAMES}

    # -- set-up -----------------------------------------------------------------------
    def setup(self, data: dict[str, Any], scenario: str, options: Mapping[str, Any]) -> None:
        setup(self.c, data, scenario)
        A.settle(self.c, data)

    # -- information ------------------------------------------------------------------
    def _card(self, n: int) -> dict[str, Any]:
        card = self.c.cards[n]
        return {"number": n, "title": card.title, "ops": card.ops, "side": card.side,
                "scoring": card.scoring}

    def view(self, data: dict[str, Any], role: str | None) -> dict[str, Any]:
        c = self.c
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
        top = self.top(data)
        pending = None
        if top is not None:
            pending = {k: v for k, v in top.items() if k in (
                "kind", "role", "ops", "left", "region", "title", "step", "prompt")}
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
            "hand": [self._card(n) for n in data["hands"][me]] if me is not None else None,
            "hand_sizes": {"lw": len(data["hands"][LW]), "rw": len(data["hands"][RW])},
            "deck_size": len(data["deck"]),
            "discard": [self._card(n) for n in data["discard"]],
            "removed": [self._card(n) for n in data["out_of_game"]],
            "ongoing": [self._card(n) for n in data["ongoing"]],
            "rearmament": [{"track": c.track_ids[t], "name": c.track_names[t],
                            "box": c.boxes[t][data["rearm"][t]].name,
                            "index": data["rearm"][t],
                            "side": ROLE[data["rearm_side"][t]]}
                           for t in range(len(c.track_ids))],
            "rearmament_available": {"lw": bool(data["rearm_available"][LW]),
                                     "rw": bool(data["rearm_available"][RW])},
            "markers": dict(data["flags"]),
            "pending": pending,
            "log": list(data["log"]),
            "result": self.outcome(data).to_json() if data["outcome"] else None,
        }

    def outcome(self, data: dict[str, Any]) -> Outcome | None:
        out = data["outcome"]
        if not out:
            return None
        winner = out["winner"]
        returns = {r: (0.0 if winner is None else 1.0 if r == winner else -1.0)
                   for r in self.roles}
        label = {"automatic": "automatic_victory", "final": "final_scoring",
                 "held_scoring": "held_scoring_card"}[out["kind"]]
        label = f"{winner}_{label}" if winner else f"draw_{label}"
        rule = {"automatic": "10.4.1", "final": "10.4.4", "held_scoring": "4.5.3"}[out["kind"]]
        text = (f"{winner.upper()} wins" if winner else "Draw") + f" ({out['kind']})"
        return Outcome(winner, label, returns, {"power": out["power"]}, text, rule)

    def hide(self, data: dict[str, Any], role: str, rng: Rng) -> None:
        """The opponent's hand and the deck order are unknown to ``role``: reshuffle them
        together and deal the opponent a hand of the same size."""
        o = 1 - self.roles.index(role)
        pool = data["hands"][o] + data["deck"]
        for i in range(len(pool) - 1, 0, -1):
            j = rng.randbelow(i + 1)
            pool[i], pool[j] = pool[j], pool[i]
        k = len(data["hands"][o])
        data["hands"][o], data["deck"] = pool[:k], pool[k:]

    def evaluate(self, data: dict[str, Any], role: str) -> float:
        out = data["outcome"]
        sign = 1.0 if role == "rw" else -1.0
        if out:
            w = out["winner"]
            return 0.0 if w is None else (100.0 if w == role else -100.0)
        me = self.roles.index(role)
        value = sign * data["power"]
        value += 0.3 * (data["mod"][me] - data["mod"][1 - me])
        value -= 2.0 * (data["sanctions"][me] - data["sanctions"][1 - me])
        c = self.c
        # 4.5.3: a Scoring card still in hand when the rounds run out loses the game
        from warroom.games.eit2.sequence import rounds_per_turn

        left = rounds_per_turn(data["turn"]) - data["round_done"][me]
        held = sum(1 for n in data["hands"][me] if c.cards[n].scoring)
        if held > left:
            value -= 40.0 * (held - left)
        for s in range(len(c.names)):
            ctl = controller(c, data, s)
            w = 1.5 if is_battleground(c, data, s) else 0.5
            if ctl == me:
                value += w
            elif ctl == 1 - me:
                value -= w
        return value

    def check_invariants(self, data: dict[str, Any]) -> list[str]:
        c = self.c
        bad: list[str] = []
        in_flight = [f["card"] for f in data["stack"]
                     if (f["kind"] == "op_kind" and f.get("event"))
                     or f["kind"] == "deferred_event"]
        places: list[int] = (data["deck"] + data["hands"][LW] + data["hands"][RW]
                             + data["discard"] + data["out_of_game"] + data["ongoing"]
                             + in_flight)
        entered = [n for era in data["eras_in"] for n in c.era_cards[era]]
        if sorted(places) != sorted(entered):
            extra = sorted(set(places) - set(entered))
            missing = sorted(set(entered) - set(places))
            dup = sorted({n for n in places if places.count(n) > 1})
            bad.append(f"card conservation: missing {missing}, extra {extra}, twice {dup}")
        for side in (LW, RW):
            if any(v < 0 for v in data["sp"][side]):
                bad.append(f"negative SP for {ROLE[side]}")
            if any(v < 0 for v in data["ext"][side]) or sum(data["ext"][side]) > COUNTERMIX:
                bad.append(f"{ROLE[side]} extremists outside the countermix of {COUNTERMIX}")
        if not -20 <= data["power"] <= 20:
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

    def max_decisions(self) -> int:
        return 10 * 2 * 8 * 40 + 200

    def max_chance_events(self) -> int:
        return self.max_decisions() * 8 + 3 * 110 * 110

    def max_chance_outcomes(self) -> int:
        return 110

    def describe(self, data: dict[str, Any], action_id: int) -> str:
        """Labels with the situation: a space's markers and control, a card's side and OPs,
        a track's next box."""
        c = self.c
        act = self.catalogue[action_id]
        kind, _, _ = act.key.partition(":")
        if kind == "space":
            s = self.arg[action_id]
            ctl = controller(c, data, s)
            owner = "" if ctl == NONE else f", {ROLE[ctl].upper()} control"
            top = self.top(data)
            cost = ""
            if top is not None and top["kind"] == "place_sp":
                from warroom.games.eit2.operations import placement_cost

                cost = f", {placement_cost(c, data, top['side'], s)} OP"
            return (f"{c.names[s]} ({c.region[s]}, stability {c.stability[s]}) "
                    f"{sp_text(data, s)}{owner}{cost}")
        if kind in ("event", "ops", "rearm", "score"):
            n = int(act.key.split(":")[1])
            card = c.cards[n]
            tag = "scoring" if card.scoring else f"{card.side}, {card.ops} OPs"
            return f"{act.label} [{tag}]"
        if kind == "track":
            t = self.arg[action_id]
            if data["rearm"][t] + 1 < len(c.boxes[t]):
                box = c.boxes[t][data["rearm"][t] + 1]
                return f"{act.label}: next {box.name} needs {box.needed}"
        return act.label

    def content_json(self) -> dict[str, Any]:
        return self.c.content_json()

    def observation(self, data: dict[str, Any], role: str) -> list[float]:
        c = self.c
        me = self.roles.index(role)
        obs: list[float] = []
        for s in range(len(c.names)):
            ctl = controller(c, data, s)
            obs += [data["sp"][LW][s] / 10.0, data["sp"][RW][s] / 10.0,
                    float(data["ext"][LW][s] > 0), float(data["ext"][RW][s] > 0),
                    float(ctl == LW), float(ctl == RW)]
        obs += [data["power"] / 20.0, data["mod"][LW] / 20.0, data["mod"][RW] / 20.0,
                data["tension"] / 11.0, min(data["sanctions"][LW], 10) / 10.0,
                min(data["sanctions"][RW], 10) / 10.0, data["turn"] / 10.0,
                data["ar"] / 8.0, float(data["phasing"] == me), float(me == RW)]
        index = {n: i for i, n in enumerate(c.card_numbers)}
        for pile in (data["hands"][me], data["discard"], data["out_of_game"],
                     data["ongoing"]):
            bits = [0.0] * len(c.card_numbers)
            for n in pile:
                bits[index[n]] = 1.0
            obs += bits
        for t in range(len(c.track_ids)):
            obs += [data["rearm"][t] / max(1, len(c.boxes[t]) - 1),
                    float(data["rearm_side"][t] == me)]
        obs += [float(v) for v in data["rearm_available"]]
        top = self.top(data)
        kind = top["kind"] if top else ""
        obs += [float(kind == f.kind) for f in A.FRAMES]
        obs.append(float(data["outcome"] is not None))
        return obs
