"""No seat learns another seat's hidden information through the HTTP API.

Fuzzed games of every game are played over HTTP (every seat human, random legal actions).
After every action, everything a seat can fetch during play (its view, ``explain`` of a few
actions, the error bodies of an illegal action and of an action played out of turn, the
record so far, its replay up to now, "why?" at a step of it, "why not" of a map target) is
checked against what is hidden from that seat *now*, read from the
server's own state (``app.state.service.live(id).state.data``); its view where it last
decided (``/seen``) must be a view it was given then:

- every game, while it is on: the seed and the RNG state (they fix every future die);
- eit2: the opponent's hand and the draw deck (card numbers and titles, the deck order);
- sfe: the opponent's hand, play deck and face-down recycled cards, the opponent's battle
  cards before they are revealed, and the seat's own unseen play deck (and its order);
- every game: log entries addressed to another seat.

A card's title or id is only forbidden while no copy of it has ever been out of the seat's
hidden zones (once played it is public history, even if reshuffled into the deck later).
``explain`` and error bodies about a card the seat names itself are compared with those
about a card from another hidden zone: they must read the same once the card is blanked.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from toy import TOY
from warroom.core.protocol import Game
from warroom.games import load_game
from warroom.web.app import create_app

STEPS = {"toy": 20, "eaw1940": 60, "tk": 60, "sfe": 60, "eit2": 60}
"""Actions played per game over all seeds (each one checked from every seat)."""
SEEDS = [2**63 + 7919 * i for i in range(40)]
"""Large seeds, so that finding one's digits in an answer cannot be a coincidence; the
games cycle through the scenarios (tk's are short: one event each)."""
TIME_LIMIT_S = 60.0


def loader(gid: str) -> Game:
    return TOY if gid == "toy" else load_game(gid)


# -- what is hidden, per game ------------------------------------------------------------------

class Cards:
    """A game without hidden cards (only the seed, the RNG and private log entries)."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def all(self) -> set[Any]:
        return set()

    def hidden(self, data: dict[str, Any], role: str) -> set[Any]:
        """Cards whose identity ``role`` cannot know now."""
        return set()

    def zones(self, data: dict[str, Any], role: str) -> list[set[Any]]:
        """The places hidden cards can be in (an answer must not tell them apart)."""
        return [self.hidden(data, role)]

    def piles(self, data: dict[str, Any], role: str) -> list[list[Any]]:
        """Ordered piles hidden from ``role`` (their order must not show either)."""
        return []

    def names(self, card: Any) -> list[str]:
        """Strings that name ``card`` (searched as whole words)."""
        return []

    def of_dict(self, d: dict[str, Any]) -> Any:
        """The card a dict of a view describes, or None."""
        return None

    def keys(self, card: Any) -> list[str]:
        """Catalogue keys of actions naming ``card``."""
        return []

    def static_text(self) -> list[str]:
        """Names of the board (a card title equal to one is not searched for)."""
        return []

    def printed_texts(self) -> dict[Any, list[str]]:
        """Each card's printed texts: one may name another card (an Event's prerequisite),
        which tells nothing of where that card is; a why that quotes a card the seat sees
        quotes them."""
        return {}


class Eit2Cards(Cards):
    def __init__(self, game: Game) -> None:
        super().__init__(game)
        anygame: Any = game
        self.c: Any = anygame.c

    def all(self) -> set[Any]:
        return set(self.c.card_numbers)

    def hidden(self, data: dict[str, Any], role: str) -> set[Any]:
        me = self.game.roles.index(role)
        seen = set(data.get("seen", [[], []])[me])    # shown by Deuxième Bureau (card 35)
        return (set(data["hands"][1 - me]) - seen) | set(data["deck"])

    def zones(self, data: dict[str, Any], role: str) -> list[set[Any]]:
        me = self.game.roles.index(role)
        seen = set(data.get("seen", [[], []])[me])
        return [set(data["hands"][1 - me]) - seen, set(data["deck"])]

    def piles(self, data: dict[str, Any], role: str) -> list[list[Any]]:
        opp = 1 - self.game.roles.index(role)
        return [list(data["deck"]), list(data["hands"][opp])]

    def names(self, card: Any) -> list[str]:
        return [self.c.cards[card].title]

    def of_dict(self, d: dict[str, Any]) -> Any:
        if "number" in d and "title" in d:
            return d["number"]
        return None

    def keys(self, card: Any) -> list[str]:
        if self.c.cards[card].scoring:
            return [f"score:{card}", f"card:{card}"]
        return [f"event:{card}", f"ops:{card}", f"card:{card}"]

    def static_text(self) -> list[str]:
        return [*self.c.names, *getattr(self.c, "track_names", ())]

    def printed_texts(self) -> dict[Any, list[str]]:
        return {n: [t.strip() for t in (self.c.cards[n].event,
                                        getattr(self.c.cards[n], "if_rearmament", None) or "")
                    if t.strip()] for n in self.c.card_numbers}


class SfeCards(Cards):
    def __init__(self, game: Game) -> None:
        super().__init__(game)
        anygame: Any = game
        self.c: Any = anygame.c
        self.index = {cid: x for x, cid in enumerate(self.c.card_ids)}

    def all(self) -> set[Any]:
        return set(range(len(self.c.card_ids)))

    def _face_down(self, data: dict[str, Any], opp: int) -> list[int]:
        fr = next((f for f in reversed(data["stack"]) if f["kind"] == "battle"), None)
        if fr is None or fr.get("revealed"):
            return []
        who = "attacker" if fr["attacker"] == opp else "defender"
        air = fr[f"{who}_air"]
        return ([air] if air >= 0 else []) + list(fr[f"{who}_events"])

    def hidden(self, data: dict[str, Any], role: str) -> set[Any]:
        me = self.game.roles.index(role)
        opp = 1 - me
        return (set(data["hand"][opp]) | set(data["deck"][opp]) | set(data["secret"][opp])
                | set(self._face_down(data, opp)) | set(data["deck"][me]))

    def zones(self, data: dict[str, Any], role: str) -> list[set[Any]]:
        me = self.game.roles.index(role)
        opp = 1 - me
        return [set(data["hand"][opp]),
                set(data["deck"][opp]) | set(data["secret"][opp]),
                set(self._face_down(data, opp)), set(data["deck"][me])]

    def piles(self, data: dict[str, Any], role: str) -> list[list[Any]]:
        me = self.game.roles.index(role)
        return [list(data["deck"][0]), list(data["deck"][1]), list(data["hand"][1 - me])]

    def names(self, card: Any) -> list[str]:
        return [self.c.card_ids[card], self.c.card_names[card]]

    def of_dict(self, d: dict[str, Any]) -> Any:
        if "id" in d and "name" in d and d["id"] in self.index:
            return self.index[d["id"]]
        return None

    def keys(self, card: Any) -> list[str]:
        return [f"card:{self.c.card_ids[card]}"]

    def static_text(self) -> list[str]:
        return list(self.c.names)


ADAPTERS: dict[str, type[Cards]] = {"eit2": Eit2Cards, "sfe": SfeCards}


# -- searching payloads --------------------------------------------------------------------------

def walk(obj: Any, skip_log: bool = True) -> Iterator[Any]:
    """Every dict and list inside ``obj`` (not inside log entries when ``skip_log``)."""
    stack = [obj]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            yield x
            stack.extend(v for k, v in x.items() if not (skip_log and k == "log"))
        elif isinstance(x, list):
            yield x
            stack.extend(x)


def word(s: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w])" + re.escape(s) + r"(?![\w])")


class Watch:
    """What one seat has ever been able to see, and what it must not see now."""

    def __init__(self, cards: Cards, role: str) -> None:
        self.cards = cards
        self.role = role
        self.seen: set[Any] = set()
        self.by_name: dict[str, set[Any]] = {}
        static = " | ".join(cards.static_text())
        self.printed = cards.printed_texts()
        for card in cards.all():
            for name in cards.names(card):
                if not word(name).search(static):
                    self.by_name.setdefault(name, set()).add(card)

    def update(self, data: dict[str, Any]) -> None:
        self.hidden = self.cards.hidden(data, self.role)
        self.seen |= self.cards.all() - self.hidden
        self.piles = [p for p in self.cards.piles(data, self.role) if len(p) >= 3]
        words: list[str] = []
        if data["active"] is not None:
            words += [str(data["seed"]), str(data["rng"])]
        self.forbidden_names = {name: cards for name, cards in self.by_name.items()
                                if not cards & self.seen}
        self.words = words

    def check(self, what: str, body: Any, named: Any = None) -> None:
        """``body`` (a JSON answer) shows nothing hidden from the seat; ``named`` is a card
        the seat itself asked about (its names may be echoed)."""
        text = json.dumps(_without_card_texts(body), ensure_ascii=False)
        # a why quoting the text of a card the seat sees (or asked about): its words may
        # name another card; a hidden card's text stays searched
        shown = sorted((t for card, texts in self.printed.items()
                        if card not in self.hidden or card == named for t in texts),
                       key=len, reverse=True)
        for printed in shown:
            text = text.replace(json.dumps(printed, ensure_ascii=False)[1:-1], "<text>")
        for w in self.words:
            assert w not in text, f"{what} for {self.role} shows the seed/RNG state {w}"
        for name, cards in self.forbidden_names.items():
            if named in cards:
                continue
            assert not word(name).search(text), (
                f"{what} for {self.role} names the hidden card {name!r}")
        for x in walk(body):
            if isinstance(x, dict):
                card = self.cards.of_dict(x)
                assert card is None or card not in self.hidden or card == named, (
                    f"{what} for {self.role} shows the hidden card {x}")
                if isinstance(x.get("to"), str):
                    assert x["to"] == self.role, f"{what} for {self.role}: {x}"
            elif self.piles and len(x) >= 3:
                for pile in self.piles:
                    assert x != pile, f"{what} for {self.role} shows a hidden pile {x}"
        # a view's log (/seen: the views where the seat last decided, or none)
        log = [e for k in ("view", "decided") if isinstance(body, dict)
               for e in (body.get(k) or {}).get("log", [])]
        for entry in log:
            assert entry.get("to") in (None, self.role), (
                f"{what} for {self.role} has a log entry for another seat: {entry}")


CARD_TEXTS = ("event", "if_rearmament")


def _without_card_texts(body: Any) -> Any:
    """``body`` without the printed texts of the cards it shows: a text may name another
    card (one it cancels or requires), which tells nothing of where that card is. A log
    entry of a played Event (with its ``card``) quotes that text too."""
    if isinstance(body, dict):
        is_card = "title" in body and "number" in body
        is_event = isinstance(body.get("card"), int) and isinstance(body.get("rule"), str) \
            and str(body.get("text", "")).startswith("Event ")
        return {k: _without_card_texts(v) for k, v in body.items()
                if not (is_card and k in CARD_TEXTS) and not (is_event and k == "text")}
    if isinstance(body, list):
        return [_without_card_texts(v) for v in body]
    return body


def blank(body: Any, card: Any, key: str, cards: Cards, public: str = "") -> str:
    """A JSON answer about ``key``/``card`` with every mention of them blanked; ``public``
    (the decision's prompt, which every seat reads in its view) is set aside first, so a
    number in it ("1 left") is not taken for the card's."""
    text = json.dumps(body, ensure_ascii=False, sort_keys=True)
    if public:
        text = text.replace(json.dumps(public, ensure_ascii=False)[1:-1], "<prompt>")
    catalogue = cards.game.catalogue
    labels = [catalogue.by_key(k).label for k in cards.keys(card) if catalogue.has_key(k)]
    for s in sorted([*labels, key, *cards.names(card), *cards.keys(card)], key=len,
                    reverse=True):
        text = word(s).sub("<card>", text)
    n = str(card) if isinstance(card, int) else None
    if n is not None and cards.of_dict({"number": card, "title": ""}) is not None:
        # a bare number, not part of another one (a rule "3.7" is not card 7)
        text = re.sub(r"(?<![\w.])" + n + r"(?!\w|\.\d)", "<card>", text)
    return text


def pick_twins(cards: Cards, data: dict[str, Any], role: str,
               rng: random.Random) -> tuple[Any, Any] | None:
    """Two hidden cards with the same kinds of actions, from two different zones when two
    zones hold such cards."""
    zones = [sorted(z) for z in cards.zones(data, role) if z]
    if not zones:
        return None

    def kinds(card: Any) -> list[str]:
        return [k.split(":")[0] for k in cards.keys(card)]

    rng.shuffle(zones)
    a_card = rng.choice(zones[0])
    for zone in [*zones[1:], zones[0]]:
        like = [x for x in zone if x != a_card and kinds(x) == kinds(a_card)]
        if like:
            return a_card, rng.choice(like)
    return None


# -- the fuzz ------------------------------------------------------------------------------------

def play_and_check(client: TestClient, app: Any, game_id: str, scenario: str, seed: int,
                   budget: int, rng: random.Random, deadline: float) -> int:
    game = loader(game_id)
    cards = ADAPTERS.get(game_id, Cards)(game)
    res = client.post("/api/games", json={"game": game_id, "seed": seed,
                                          "scenario": scenario,
                                          "seats": {r: "human" for r in game.roles}})
    assert res.status_code == 200, res.text
    gid, tokens = res.json()["id"], res.json()["tokens"]
    url = f"/api/games/{gid}"
    service = app.state.service
    watches = {r: Watch(cards, r) for r in game.roles}
    # map targets: an element's id (an arg of actions) or the key of the one action an
    # element stands for (sea:atlantic, country:belgium, card:ax06...)
    targets = sorted({arg for a in game.catalogue for arg in a.args}
                     | {a.key for a in game.catalogue})
    card_named = {name: card for card in cards.all() for name in cards.names(card)}
    card_named.update({str(card): card for card in cards.all()
                       if cards.of_dict({"number": card, "title": ""}) is not None})
    card_named.update({key: card for card in cards.all() for key in cards.keys(card)})
    for a in game.catalogue:       # rearm:14 names card 14 as its arg does
        named = {card_named[arg] for arg in a.args if arg in card_named}
        if len(named) == 1:
            card_named.setdefault(a.key, named.pop())
    steps = 0
    shown: dict[str, dict[int, Any]] = {role: {} for role in watches}
    """Each seat's view after each number of moves, as it was given then."""
    for _ in range(budget + 1):
        data = service.live(gid).state.data
        over = data["active"] is None
        active = data["active"]
        views: dict[str, dict[str, Any]] = {}
        for role, w in watches.items():
            w.update(data)
            v = client.get(f"{url}/view", params={"token": tokens[role]})
            assert v.status_code == 200, v.text
            views[role] = v.json()
            w.check("view", views[role])
            shown[role][views[role]["moves"]] = views[role]["view"]
            if steps % 4 == 0 or over:
                # the seat's view where it last decided (a page with no memory of the
                # seat), every 4th step (it replays the game that far): the views the seat
                # was given then, each checked at its time (a card it held then may be in
                # its own deck now, hidden from it since a reshuffle: an audit)
                then = client.get(f"{url}/seen", params={"token": tokens[role]})
                assert then.status_code == 200, then.text
                got = then.json()
                for key, at in (("view", got["moves"]), ("decided", got["moves"] - 1)):
                    if got[key] is not None:
                        assert got[key] == shown[role][at], f"/seen {key} for {role}"
            if not over:
                assert views[role]["seed"] is None
                rec = client.get(f"{url}/record", params={"token": tokens[role]})
                assert rec.status_code == 200 and rec.json()["seed"] is None, rec.text
                w.check("record", rec.json())
                # the seat's replay up to now, with its index, and "why?" of a step
                rep = client.get(f"{url}/replay", params={"token": tokens[role],
                                                          "index": "true"})
                assert rep.status_code == 200 and rep.json()["seed"] is None, rep.text
                w.check("replay", rep.json())
                n = rep.json()["steps"]
                if n:
                    why = client.get(f"{url}/replay/why", params={"token": tokens[role],
                                                                  "step": rng.randint(1, n)})
                    assert why.status_code in (200, 403), why.text
                    w.check("replay why", why.json())
        if over or steps >= budget or time.monotonic() > deadline:
            break
        legal = views[active]["legal"]
        assert legal, f"{game_id}: {active} is to act with no legal action"
        legal_keys = {a["key"] for a in legal}
        for role, w in watches.items():
            token = tokens[role]
            # explain: a few of the seat's own actions and a few of any
            mine = rng.sample(legal, 1) if role == active else []
            for a in mine:
                ex = client.get(f"{url}/explain", params={"token": token, "action": a["key"]})
                assert ex.status_code == 200, ex.text
                w.check("explain", ex.json())
            # two cards hidden from the seat, from two places if it can: the answers about
            # them must read the same
            twins = pick_twins(cards, data, role, rng)
            if twins is not None:
                a_card, b_card = twins
                pairs = list(zip(cards.keys(a_card), cards.keys(b_card), strict=True))
                for k_a, k_b in rng.sample(pairs, 1):
                    if k_a in legal_keys or k_b in legal_keys:
                        continue
                    answers = []
                    for card, key in ((a_card, k_a), (b_card, k_b)):
                        ex = client.get(f"{url}/explain", params={"token": token,
                                                                  "action": key})
                        err = client.post(f"{url}/actions", json={"token": token,
                                                                  "action": key})
                        assert ex.status_code == 200 and err.status_code == 422, err.text
                        w.check("explain", ex.json(), named=card)
                        w.check("illegal action error", err.json(), named=card)
                        public = (views[role].get("prompt") or {}).get("text", "")
                        answers.append((blank(ex.json(), card, key, cards, public),
                                        blank(err.json(), card, key, cards, public)))
                    assert answers[0] == answers[1], (
                        f"{game_id}: {role} can tell where hidden cards are: {answers}")
            # "why not" on the map: any element an action names, for any seat (a card the
            # seat names itself may be echoed, as with explain of an action above)
            for target in rng.sample(targets, 2):
                ex = client.get(f"{url}/explain", params={"token": token, "target": target})
                assert ex.status_code == 200, ex.text
                w.check("explain target", ex.json(), named=card_named.get(target))
            if role != active:
                # out of turn: the active seat's actions must not be told apart
                a = rng.choice(legal)
                err = client.post(f"{url}/actions", json={"token": token, "action": a["key"]})
                assert err.status_code == 422, err.text
                w.check("out-of-turn error", err.json())
                assert a["label"] not in err.json()["error"] or len(legal) == 1
            else:
                bad = client.post(f"{url}/actions", json={"token": token,
                                                          "action": "no-such-action"})
                assert bad.status_code == 422, bad.text
                w.check("unknown action error", bad.json())
        choice = rng.choice(legal)
        res = client.post(f"{url}/actions", json={"token": tokens[active],
                                                   "action": choice["key"],
                                                   "version": views[active]["version"]})
        assert res.status_code == 200, res.text
        watches[active].update(service.live(gid).state.data)
        watches[active].check("action answer", res.json())
        steps += 1
    return steps


@pytest.mark.parametrize("game_id", ["toy", "eaw1940", "tk", "sfe", "eit2"])
def test_no_seat_sees_hidden_information_over_http(tmp_path: Path, game_id: str) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'hidden.sqlite3'}", loader, [game_id])
    deadline = time.monotonic() + TIME_LIMIT_S
    with TestClient(app) as client:
        total = 0
        scenarios = list(loader(game_id).scenarios)
        for i, seed in enumerate(SEEDS):
            if total >= STEPS[game_id] or time.monotonic() > deadline:
                break
            total += play_and_check(client, app, game_id, scenarios[i % len(scenarios)],
                                    seed, STEPS[game_id] - total, random.Random(i),
                                    deadline)
        assert total >= STEPS[game_id] // 2, f"{game_id}: only {total} actions were played"
