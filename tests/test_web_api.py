"""The web server's JSON API on a real SQLite file, with the toy game (tests/toy.py) and
the real games: seats and secret tokens, views per seat, actions, errors that change
nothing, undo, records, durability across a restart of the app."""

from __future__ import annotations

import asyncio
import gc
import itertools
import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select
from sqlalchemy.exc import OperationalError
from typer.testing import CliRunner

from toy import TOY
from warroom.cli.main import app as cli
from warroom.cli.main import pack_loader
from warroom.core.protocol import Game
from warroom.core.record import content_id
from warroom.games import load_game
from warroom.web.app import (
    ClientRate,
    StreamSlots,
    _client,
    create_app,
    create_service,
    stream_limit,
)
from warroom.web.db import ActionRow, make_engine
from warroom.web.service import SEATS_CHANGED


def loader(gid: str) -> Game:
    return TOY if gid == "toy" else load_game(gid)


def db_url(tmp: Path) -> str:
    """The database of the tests' app (test_web_postgres points it at PostgreSQL)."""
    return f"sqlite:///{tmp / 'w.sqlite3'}"


def make(tmp: Path, games: list[str] | None = None) -> TestClient:
    app = create_app(db_url(tmp), loader, games or ["toy", "eaw1940"])
    return TestClient(app)


def new(client: TestClient, seats: dict[str, str] | None = None,
        seed: int | None = 3) -> dict[str, Any]:
    body: dict[str, Any] = {"game": "toy", "seats": seats or {"a": "human", "b": "human"}}
    if seed is not None:
        body["seed"] = seed
    res = client.post("/api/games", json=body)
    assert res.status_code == 200, res.text
    out: dict[str, Any] = res.json()
    return out


def test_create_view_act_and_list(tmp_path: Path) -> None:
    with make(tmp_path) as c:
        g = new(c)
        assert set(g["seats"]) == {"a", "b"}
        assert g["seats"]["a"].endswith(f"/games/{g['id']}#{g['tokens']['a']}")
        va = c.get(f"/api/games/{g['id']}/view", params={"token": g["tokens"]["a"]}).json()
        vb = c.get(f"/api/games/{g['id']}/view",
                   headers={"X-Warroom-Token": g["tokens"]["b"]}).json()
        assert va["role"] == "a" and va["active"] == "a" and va["version"] == 0
        assert va["prompt"]["text"].startswith("Take 1-3 counters")
        assert [x["key"] for x in va["legal"]] == ["take:1", "take:2", "take:3"]
        assert vb["legal"] == [] and vb["seed"] is None
        # private log entries reach only their owner
        assert all(e.get("to") in (None, "b") for e in vb["view"]["log"])
        res = c.post(f"/api/games/{g['id']}/actions",
                     json={"token": g["tokens"]["a"], "action": "take:2", "version": 0})
        assert res.status_code == 200, res.text
        assert res.json()["version"] == 1 and res.json()["active"] == "b"
        listed = c.get("/api/games").json()
        assert listed[0]["id"] == g["id"] and "tokens" not in json.dumps(listed)
        assert g["tokens"]["a"] not in json.dumps(listed)
        # a time with its offset: SQLite's had none, and a browser read it as local time
        # (an operations audit)
        assert listed[0]["updated"].endswith("+00:00"), listed[0]["updated"]


def test_errors_change_nothing(tmp_path: Path) -> None:
    with make(tmp_path) as c:
        g = new(c, seed=5)
        url = f"/api/games/{g['id']}"
        a, b = g["tokens"]["a"], g["tokens"]["b"]
        before = c.get(f"{url}/view", params={"token": a}).json()
        cases = [
            ({"token": "nope", "action": "take:1", "version": 0}, 403),
            ({"token": b, "action": "take:1", "version": 0}, 422),      # not b's turn
            ({"token": a, "action": "take:1", "version": 7}, 409),      # stale
            ({"token": a, "action": "fly", "version": 0}, 422),
            ({"token": a, "action": "take:1", "extra": 1}, 422),
            ({"action": "take:1", "version": 0}, 403),                  # no token: no seat
        ]
        for body, status in cases:
            res = c.post(f"{url}/actions", json=body)
            assert res.status_code == status, (body, res.text)
            assert "Traceback" not in res.text and "error" in res.json()
        # a version no view showed (ahead of the game, or negative) is said as such
        for v in (7, -1):
            err = c.post(f"{url}/actions", json={"token": a, "action": "take:1",
                                                 "version": v}).json()["error"]
            assert f"version {v} is not a version this game had" in err, err
        res = c.post(f"{url}/actions", content=b"{not json", headers={
            "content-type": "application/json"})
        assert res.status_code == 422
        res = c.post(f"{url}/actions", content=b"x" * 300_000,
                     headers={"content-type": "application/json"})
        assert res.status_code == 413
        not_b = c.post(f"{url}/actions", json={"token": b, "action": "take:1"}).json()
        assert "take:2" not in not_b["error"]          # b learns nothing of a's choices
        assert c.get(f"{url}/view", params={"token": a}).json() == before
        assert c.get("/api/games/zzz/view", params={"token": a}).status_code == 404
        assert c.get(f"{url}/view").status_code == 403


# (explain's query, actions' JSON value) naming nothing in the catalogue: the same refusal
NOT_ACTIONS = [("-1", -1), (str(10**30), 10**30), (str(2**63), 2**63), ("3", 3), ("", ""),
               ("nope", "nope"), ("take:9", "take:9")]
ILL_TYPED = [1.5, True, False, None, [1], {"id": 1}]


def test_explain_and_actions_refuse_what_names_no_action_alike(tmp_path: Path) -> None:
    """An id outside the catalogue, or a key it does not hold, is bad input to explain as to
    actions: 422 with the same words, saying what to send (explain answered 200 'unknown
    action' for what actions refused: an audit), from a seat to act or not, and nothing
    changes. A value of no action's type (a float, a bool) is 422 too, said in words."""
    with make(tmp_path) as c:
        g = new(c, seed=5)
        url = f"/api/games/{g['id']}"
        before = c.get(f"{url}/view", params={"token": g["tokens"]["a"]}).json()
        for role in ("a", "b"):             # a is to act, b is not
            tok = g["tokens"][role]
            for query, value in NOT_ACTIONS:
                ex = c.get(f"{url}/explain", params={"token": tok, "action": query})
                act = c.post(f"{url}/actions", json={"token": tok, "action": value})
                assert ex.status_code == act.status_code == 422, (query, ex.text, act.text)
                assert ex.json() == act.json(), (query, ex.text, act.text)
                error = ex.json()["error"]
                assert "send an action's key" in error and "0 to 2" in error, error
                assert len(error) < 300, error
            for value in ILL_TYPED:
                act = c.post(f"{url}/actions", json={"token": tok, "action": value})
                assert act.status_code == 422, (value, act.text)
                assert "the action must be an action's key (a string)" in act.json()["error"]
                assert "its id (a whole number)" in act.json()["error"]
                # explain's query is text: the same value as written is no key either
                ex = c.get(f"{url}/explain", params={"token": tok, "action": json.dumps(value)})
                assert ex.status_code == 422 and "send an action's key" in ex.json()["error"]
        # a key or an id of the catalogue is explained as before
        ok = c.get(f"{url}/explain", params={"token": g["tokens"]["a"], "action": "2"})
        assert ok.status_code == 200 and ok.json()["legal"] is True, ok.text
        assert c.get(f"{url}/view", params={"token": g["tokens"]["a"]}).json() == before


def test_a_live_seat_is_refused_an_old_key_that_records_still_use(tmp_path: Path) -> None:
    """tk's positional pick:<i> (its records before choices were named) is read in a record;
    a live seat sending one was played whatever choice sat at position i, a choice its view
    listed under another key (an audit). Refused 422, naming today's key, nothing changed;
    explain says the same; a record holding the old key still uploads and replays."""
    with make(tmp_path, ["toy", "tk"]) as c:
        g = c.post("/api/games", json={
            "game": "tk", "scenario": "1939", "seed": 0,
            "options": {"event": "15.38", "faction": "axis"},
            "seats": {"axis": "human", "western": "human", "soviet": "human"}}).json()
        url, tok = f"/api/games/{g['id']}", g["tokens"]["axis"]
        before = c.get(f"{url}/view", params={"token": tok}).json()
        assert [a["key"] for a in before["legal"]] == [
            "partner:italy", "partner:italy:flip", "partner:japan", "opt:no_result"]
        for ref in ("pick:2", "opt:place_partner"):    # positional; 15.38's earlier option
            res = c.post(f"{url}/actions", json={"token": tok, "action": ref,
                                                 "version": before["version"]})
            assert res.status_code == 422, res.text[:300]
            assert f"'{ref}' is a key of an earlier version" in res.json()["error"]
            assert "this choice's key now is 'partner:" in res.json()["error"], res.text
            why = c.get(f"{url}/explain", params={"token": tok, "action": ref})
            assert why.status_code == 200 and why.json()["legal"] is False, why.text
            assert "this choice's key now is 'partner:" in why.json()["reason"]
        assert c.get(f"{url}/view", params={"token": tok}).json() == before
        assert c.get(f"{url}/record", params={"token": tok}).json()["actions"] == []
        # another seat is told only that it is not its turn, as for any key
        west = c.post(f"{url}/actions", json={"token": g["tokens"]["western"],
                                               "action": "pick:2"})
        assert west.status_code == 422 and "partner:japan" not in west.json()["error"]
        # today's key plays; the record of an earlier version, pick:2, still replays
        ok = c.post(f"{url}/actions", json={"token": tok, "action": "partner:japan"})
        assert ok.status_code == 200, ok.text
        rec = c.get(f"{url}/record", params={"token": tok}).json()
        rec.pop("result", None)
        old = c.post("/api/records", json={**rec, "actions": ["pick:2"]})
        assert old.status_code == 200, old.text
        # and shows, step by step, as its new-key twin (it uploaded, then every step of it
        # was refused: the viewer resolved pick:2 alone, the catalogue's own pick:2)
        new = c.post("/api/records", json=rec).json()
        for step in (0, 1):
            shown = [c.get(f"/api/records/{up['id']}", params={"step": step})
                     for up in (old.json(), new)]
            assert [r.status_code for r in shown] == [200, 200], shown[0].text[:300]
            assert shown[0].json()["view"] == shown[1].json()["view"]
        why = c.get(f"/api/records/{old.json()['id']}/why", params={"step": 1}).json()
        assert why["legal"] is True, why


def test_undo_only_own_decision_and_record(tmp_path: Path) -> None:
    with make(tmp_path) as c:
        g = new(c, seed=3)
        url = f"/api/games/{g['id']}"
        a, b = g["tokens"]["a"], g["tokens"]["b"]
        c.post(f"{url}/actions", json={"token": a, "action": "take:1"})
        # a handed over to b: a may not undo, b has nothing to undo
        assert c.post(f"{url}/undo", json={"token": a}).status_code == 422
        assert c.post(f"{url}/undo", json={}).status_code == 403
        assert c.post(f"{url}/undo", json={"token": b}).status_code == 422
        rec = c.get(f"{url}/record", params={"token": b}).json()
        assert rec["actions"] == [None] and rec["seed"] is None     # a's move is a's
        assert c.get(f"{url}/record", params={"token": a}).json()["actions"] == ["take:1"]
        assert c.get(f"{url}/record").status_code == 403


def test_finished_game_record_replays_and_uploads(tmp_path: Path) -> None:
    with make(tmp_path) as c:
        g = new(c, seed=9)
        url = f"/api/games/{g['id']}"
        for _ in range(40):
            v = c.get(f"{url}/view", params={"token": g["tokens"]["a"]}).json()
            if v["status"] == "over":
                break
            role = v["active"]
            mine = c.get(f"{url}/view", params={"token": g["tokens"][role]}).json()
            c.post(f"{url}/actions", json={"token": g["tokens"][role],
                                           "action": mine["legal"][0]["key"]})
        rec = c.get(f"{url}/record").json()
        assert rec["seed"] == 9 and rec["result"]["winner"] in ("a", "b")
        rec.pop("result")
        up = c.post("/api/records", json=rec).json()
        step = c.get(f"/api/records/{up['id']}", params={"step": 1}).json()
        assert step["step"] == 1 and step["steps"] == len(rec["actions"])
        bad = c.post("/api/records", json={**rec, "actions": ["take:9"]})
        assert bad.status_code == 422 and "record step 0" in bad.json()["error"]
        # the viewer's step of it (the game after 1 action): an audit counted "step 0" as
        # the viewer's 1 and was told 0
        assert "the action that would lead to step 1" in bad.json()["error"], bad.text
        # an upload audit: the same record twice is one upload; seats must be the game's
        # roles in a few words; a stated result keeps a result's fields only
        again = c.post("/api/records", json=rec).json()
        assert again["id"] == up["id"]
        huge = c.post("/api/records", json={**rec, "seats": {"x" * 1000: "y"}})
        assert huge.status_code == 422 and "not a role of toy" in huge.json()["error"]
        long = c.post("/api/records", json={**rec, "seats": {"a": "z" * 100}})
        assert long.status_code == 422 and "64 characters" in long.json()["error"]
        junk = c.post("/api/records", json={**rec, "result": {"winner": "a", "junk": "z" * 9}})
        assert junk.status_code == 200, junk.text
        kept = c.get(f"/api/records/{junk.json()['id']}").json()["record"]["result"]
        assert kept == {"winner": "a"}, kept
        # a finished game replayed with a token of no seat of it: the public view (a 403
        # before, though its record was given)
        stale = c.get(f"{url}/replay", params={"step": 1, "token": "bogus"})
        assert stale.status_code == 200 and stale.json()["role"] is None, stale.text
        # a key given twice is refused, not read as its last (an outside audit)
        twice = json.dumps(rec)[:-1] + ', "game": "eaw1940"}'
        dup = c.post("/api/records", content=twice,
                     headers={"Content-Type": "application/json"})
        assert dup.status_code == 422 and "appears twice" in dup.json()["error"], dup.text


def test_games_survive_a_restart_of_the_app(tmp_path: Path) -> None:
    with make(tmp_path) as c:
        g = new(c, seed=4)
        url = f"/api/games/{g['id']}"
        c.post(f"{url}/actions", json={"token": g["tokens"]["a"], "action": "take:1"})
        seen = c.get(f"{url}/view", params={"token": g["tokens"]["b"]}).json()
        rec = c.get(f"{url}/record", params={"token": g["tokens"]["a"]}).json()
    with make(tmp_path) as c:
        again = c.get(f"{url}/view", params={"token": g["tokens"]["b"]}).json()
        assert again == seen
        # the record rebuilt from the database names the content pack it replays under
        assert rec["content"] and c.get(f"{url}/record", params={
            "token": g["tokens"]["a"]}).json() == rec


def test_since_counts_the_log_a_seat_had_when_it_last_decided(tmp_path: Path) -> None:
    """A page with no memory of the seat (another browser, a closed tab) learns from
    ``since`` which log entries are news: what the others did after the seat last decided
    (or since the game's start, before it decided); the same after a restart (worked out
    by replay), after an undo, and in a game of one role (where its own decision and the
    BOT's answer are news)."""
    with make(tmp_path) as c:
        g = new(c, seed=4)
        url, a, b = f"/api/games/{g['id']}", g["tokens"]["a"], g["tokens"]["b"]

        def seen(tok: str) -> tuple[int, int]:
            v = c.get(f"{url}/view", params={"token": tok}).json()
            return v["since"], len(v["view"]["log"])

        start_a, start_b = seen(a), seen(b)
        assert start_a[0] == start_a[1] and start_b[0] == start_b[1]
        c.post(f"{url}/actions", json={"token": a, "action": "take:1"})
        after_a = seen(a)
        assert after_a[0] == after_a[1] == start_a[1] + 1
        assert seen(b) == (start_b[0], start_b[1] + 1)    # a's take is news to b
        c.post(f"{url}/actions", json={"token": b, "action": "take:2"})
        assert seen(a) == (after_a[0], after_a[1] + 1)
        both = seen(a), seen(b)
        assert both[1][0] == both[1][1]
    with make(tmp_path) as c:
        assert (seen(a), seen(b)) == both            # worked out again by replay
        res = c.post("/api/games", json={"game": "eaw1940", "seats": {"axis": "human"},
                                         "seed": 3})
        g = res.json()
        url, tok = f"/api/games/{g['id']}", g["tokens"]["axis"]
        before = seen(tok)
        assert before[0] == before[1]
        c.post(f"{url}/actions", json={"token": tok, "action": "tank:western:north_africa"})
        after = seen(tok)
        # one role: the mark is where its decision began (the BOT answers within it)
        assert after[0] == before[1] < after[1]
    with make(tmp_path) as c:
        assert seen(tok) == after                   # worked out again by replay
        assert c.post(f"{url}/undo", json={"token": tok}).status_code == 200
        assert seen(tok) == before                  # no decision left: the start


def test_a_seat_kept_for_a_player_joining_from_another_device(tmp_path: Path) -> None:
    """``mine``: the creator is told its own seat's link only, and for each other human
    seat a one-use invitation, which claims that seat's secret token for whoever opens it
    (a hidden-information audit: the creator held every seat's link, one click from the
    other hand). The invitation is no token; a second claim, another game's and a wrong
    one are refused; the seat waits (``waiting``) until claimed; all of it survives a
    restart."""
    with make(tmp_path) as c:
        res = c.post("/api/games", json={"game": "toy", "seats": {"a": "human", "b": "human"},
                                         "seed": 4, "mine": "a"})
        assert res.status_code == 200, res.text
        g = res.json()
        gid, code = g["id"], g["invite_codes"]["b"]
        url = f"/api/games/{gid}"
        assert set(g["tokens"]) == set(g["seats"]) == {"a"}
        assert g["invites"]["b"].endswith(f"/games/{gid}#join={code}")
        assert c.get(f"{url}/view", params={"token": code}).status_code == 403
        a_view = c.get(f"{url}/view", params={"token": g["tokens"]["a"]}).json()
        assert a_view["waiting"] == ["b"]
        listed = next(x for x in c.get("/api/games").json() if x["id"] == gid)
        assert listed["waiting"] == ["b"] and "invite" not in json.dumps(listed)
        assert c.post(f"{url}/claim", json={"invite": "x" * 24}).status_code == 403
        assert c.post("/api/games/0000000000000000/claim",
                      json={"invite": code}).status_code == 404
        other = new(c)                  # another game's invitation claims nothing here
        assert c.post(f"/api/games/{other['id']}/claim",
                      json={"invite": code}).status_code == 403
        heard: list[int] = []
        c.app.state.service.hub.subscribe(gid, heard.append)  # type: ignore[attr-defined]
        got = c.post(f"{url}/claim", json={"invite": code})
        assert got.status_code == 200, got.text
        # the other seats' streams are told a player joined, the version unchanged (no move
        # of theirs refused as stale): the page says who is still awaited (a web audit)
        assert heard == [SEATS_CHANGED]
        assert c.get(f"{url}/view", params={"token": g["tokens"]["a"]}).json()[
            "version"] == 0
        seat = got.json()
        assert seat["role"] == "b" and seat["seat"].endswith(f"#{seat['token']}")
        b_view = c.get(f"{url}/view", params={"token": seat["token"]}).json()
        assert b_view["role"] == "b" and b_view["waiting"] == []
        again = c.post(f"{url}/claim", json={"invite": code})
        assert again.status_code == 403 and "used already" in again.json()["error"]
        # advice a player can follow: the maker never holds the seat's link (a web audit)
        assert "the browser that first opened it holds the seat" in again.json()["error"]
        # a claim that ran while the game was being loaded left the loaded game with the
        # seat's old hash (a review): the joined player is still let in
        live = c.app.state.service.live(gid)    # type: ignore[attr-defined]
        live.token_hashes["b"], live.invited = "0" * 64, {"b"}
        assert c.get(f"{url}/view", params={"token": seat["token"]}).json()["role"] == "b"
        assert live.invited == set()
        # ... and so is its live-update stream's key (it had no second look: a web audit)
        svc = c.app.state.service  # type: ignore[attr-defined]
        live.token_hashes["b"], live.invited = "0" * 64, {"b"}
        assert svc.stream_seat(live, b_view["events_key"], None) == "b"
        # a claim made while a second look read the seats is not undone by what it read
        # (the joined player's stream was refused until another request: a web audit)
        race = c.post("/api/games", json={"game": "toy", "seats": {
            "a": "human", "b": "human"}, "mine": "a"}).json()
        rlive = svc.live(race["id"])
        real_db, claimed_now = svc.db, {}

        @contextmanager
        def claim_after_the_read() -> Iterator[Any]:
            with real_db() as db:
                yield db
            svc.db = real_db                        # the claim writes through it
            claimed_now.update(zip(("role", "token"), svc.claim(
                race["id"], race["invite_codes"]["b"]), strict=True))

        svc.db = claim_after_the_read
        try:
            svc._reread_seats(rlive)
        finally:
            svc.db = real_db
        assert claimed_now["role"] == "b" and rlive.invited == set()
        assert svc.seat(rlive, claimed_now["token"]) == "b"
        # ... and another seat's claim during the read keeps this seat's news from it (it
        # threw the whole read away, the joined player refused once more: a review)
        rlive.token_hashes["b"], rlive.invited = "0" * 64, {"b"}

        @contextmanager
        def other_claim_during_the_read() -> Iterator[Any]:
            with real_db() as db:
                yield db
            rlive.claims["a"] = rlive.claims.get("a", 0) + 1

        svc.db = other_claim_during_the_read
        try:
            assert svc.seat(rlive, claimed_now["token"]) == "b"
        finally:
            svc.db = real_db
        # kept for a player, then the server restarts before they join
        later = c.post("/api/games", json={"game": "toy", "seats": {"a": "human",
                                                                    "b": "human"},
                                           "mine": "b"}).json()
        assert set(later["tokens"]) == {"b"} and set(later["invites"]) == {"a"}
        for mine, why in (("c", "is not a human seat"), ("a", "give the one you play")):
            bad = c.post("/api/games", json={"game": "toy", "seats": {
                "a": "bot:random", "b": "human"}, "mine": mine})
            assert bad.status_code == 422 and why in bad.json()["error"], bad.text
    with make(tmp_path) as c:
        assert c.get(f"{url}/view", params={"token": seat["token"]}).json()["role"] == "b"
        assert c.post(f"{url}/claim", json={"invite": code}).status_code == 403
        lurl = f"/api/games/{later['id']}"
        assert c.get(lurl + "/view", params={"token": later["tokens"]["b"]}).json()[
            "waiting"] == ["a"]
        claimed = c.post(f"{lurl}/claim", json={"invite": later["invite_codes"]["a"]})
        assert claimed.status_code == 200, claimed.text
        assert c.get(lurl + "/view", params={"token": claimed.json()["token"]}).json()[
            "role"] == "a"


def test_seen_gives_the_view_a_seat_had_when_it_last_decided(tmp_path: Path) -> None:
    """``/seen``: the seat's own view where it last decided (its map and hand then, for a
    page with no memory of the seat to mark what changed), and the view it chose that
    move with; nothing while nothing was played since; the same after a restart; only to
    the seat's own token."""
    with make(tmp_path) as c:
        g = new(c, seed=4)
        url, a, b = f"/api/games/{g['id']}", g["tokens"]["a"], g["tokens"]["b"]

        def now(tok: str) -> Any:
            return c.get(f"{url}/view", params={"token": tok}).json()["view"]

        def seen(tok: str) -> Any:
            res = c.get(f"{url}/seen", params={"token": tok})
            assert res.status_code == 200, res.text
            return res.json()

        assert seen(a)["view"] is None and seen(b)["view"] is None  # nothing played
        chose_with = now(a)
        c.post(f"{url}/actions", json={"token": a, "action": "take:1"})
        after_a = now(a)
        assert seen(a)["view"] is None                  # a decided last: nothing new
        c.post(f"{url}/actions", json={"token": b, "action": "take:2"})
        got = seen(a)
        assert got["view"] == after_a and got["decided"] == chose_with
        assert got["view"] != now(a) and got["moves"] == 1
        assert seen(b)["view"] is None
        assert c.get(f"{url}/seen").status_code == 403
        assert c.get(f"{url}/seen", params={"token": "x" * 20}).status_code == 403
    with make(tmp_path) as c:
        assert seen(a) == got                           # worked out again by replay


def test_undo_survives_a_restart_of_the_app(tmp_path: Path) -> None:
    """A seat's own last decision can be taken back after the server let the game go (a
    restart, an idle unload): the game is rebuilt with its undo (a review: it was lost)."""
    with make(tmp_path) as c:
        res = c.post("/api/games", json={"game": "eaw1940", "seats": {"axis": "human"},
                                         "seed": 3})
        g = res.json()
        url, tok = f"/api/games/{g['id']}", g["tokens"]["axis"]
        before = c.get(f"{url}/view", params={"token": tok}).json()
        c.post(f"{url}/actions", json={"token": tok, "action": "tank:western:north_africa"})
        assert c.get(f"{url}/view", params={"token": tok}).json()["can_undo"]
    with make(tmp_path) as c:
        assert c.get(f"{url}/view", params={"token": tok}).json()["can_undo"]
        res = c.post(f"{url}/undo", json={"token": tok})
        assert res.status_code == 200, res.text
        after = c.get(f"{url}/view", params={"token": tok}).json()
        assert after["view"] == before["view"] and not after["can_undo"]
        # the moves played, an undo taken back: the version counts the undo too, and the
        # page and the lobby said "move 2" for a move and its undo (a browser audit)
        assert (before["moves"], after["moves"], after["version"]) == (0, 0, 2)
        listed = {x["id"]: x for x in c.get("/api/games").json()}[g["id"]]
        assert (listed["moves"], listed["version"]) == (0, 2)
        c.post(f"{url}/actions", json={"token": tok, "action": "tank:western:north_africa"})
        assert c.get(f"{url}/view", params={"token": tok}).json()["moves"] == 1
        assert {x["id"]: x for x in c.get("/api/games").json()}[g["id"]]["moves"] == 1


def test_an_undo_that_cannot_be_stored_changes_nothing(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A web audit: an undo whose write failed (a locked database) put the board back but
    not the record's moves, so the record answered 500 and every later move failed to
    store. Now the game is exactly as before, and plays on."""
    with make(tmp_path, ["eaw1940"]) as c:
        g = c.post("/api/games", json={"game": "eaw1940", "seats": {"axis": "human"},
                                       "seed": 3}).json()
        url, tok = f"/api/games/{g['id']}", g["tokens"]["axis"]
        c.post(f"{url}/actions", json={"token": tok, "action": "tank:western:north_africa"})
        seen = c.get(f"{url}/view", params={"token": tok}).json()
        rec = c.get(f"{url}/record", params={"token": tok}).json()
        assert seen["can_undo"] and len(rec["actions"]) == 1
        svc = c.app.state.service  # type: ignore[attr-defined]

        @contextmanager
        def locked() -> Iterator[Any]:
            raise OperationalError("UPDATE games", {}, Exception("database is locked"))
            yield

        monkeypatch.setattr(svc, "_write", locked)
        res = c.post(f"{url}/undo", json={"token": tok, "version": seen["version"]})
        assert res.status_code == 503 and "nothing changed" in res.json()["error"]
        monkeypatch.undo()
        assert c.get(f"{url}/view", params={"token": tok}).json() == seen
        assert c.get(f"{url}/record", params={"token": tok}).json() == rec
        res = c.post(f"{url}/undo", json={"token": tok, "version": seen["version"]})
        assert res.status_code == 200, res.text
        assert c.get(f"{url}/record", params={"token": tok}).json()["actions"] == []
        res = c.post(f"{url}/actions", json={"token": tok,
                                             "action": "tank:western:north_africa"})
        assert res.status_code == 200, res.text


def test_numbers_json_cannot_hold_and_a_busy_database_are_refused_in_words(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A web audit: ``1e400`` and ``Infinity`` in a body were read as infinity (a tk option
    became "inf", the start of "Influence", was stored as Infinity and written as null in
    the record); a 5,000-digit integer was "not valid JSON"; a database that could not
    store a new game or an upload answered 500 with a traceback. Now 422 and 503 in words,
    and nothing is stored."""
    with make(tmp_path) as c:
        listed = c.get("/api/games").json()
        for body, says in (('{"game": "toy", "options": {"event": 1e400}}', "1e400 is too "
                            "large (finite numbers only)"),
                           ('{"game": "toy", "options": {"event": Infinity}}',
                            "Infinity is not a JSON number"),
                           ('{"game": "toy", "seed": -Infinity}', "-Infinity is not a JSON"),
                           ('{"game": "toy", "seed": NaN}', "NaN is not a JSON number"),
                           ('{"game": "toy", "seed": ' + "9" * 5000 + "}",
                            "the body holds an integer longer than 4,300 digits")):
            for url in ("/api/games", "/api/records"):
                res = c.post(url, content=body, headers={"Content-Type": "application/json"})
                assert res.status_code == 422 and says in res.json()["error"], (url, res.text)
        # a body that is not UTF-8 is not JSON, said so (not the codec's words: a review)
        res = c.post("/api/games", content=b'{"game": "toy\xff"}',
                     headers={"Content-Type": "application/json"})
        assert res.status_code == 422 and "codec" not in res.text, res.text
        assert c.get("/api/games").json() == listed
        svc = c.app.state.service  # type: ignore[attr-defined]

        @contextmanager
        def locked() -> Iterator[Any]:
            raise OperationalError("INSERT", {}, Exception("database is locked"))
            yield

        g = new(c, seed=9)
        url = f"/api/games/{g['id']}"
        for _ in range(40):                 # to its end: a finished game's record
            v = c.get(f"{url}/view", params={"token": g["tokens"]["a"]}).json()
            if v["status"] == "over":
                break
            mine = c.get(f"{url}/view", params={"token": g["tokens"][v["active"]]}).json()
            c.post(f"{url}/actions", json={"token": g["tokens"][v["active"]],
                                           "action": mine["legal"][0]["key"]})
        rec = c.get(f"{url}/record").json()
        monkeypatch.setattr(svc, "_write", locked)
        for res in (c.post("/api/games", json={"game": "toy", "seats": {"a": "human",
                                                                        "b": "human"}}),
                    c.post("/api/records", json=rec)):
            assert res.status_code == 503, res.text
            assert res.json()["error"] == ("the database is busy or unavailable: nothing "
                                           "was stored; try again")
        monkeypatch.undo()
        assert len(c.get("/api/games").json()) == len(listed) + 1


def a_random_bot_answers(c: TestClient, tries: int = 200) -> None:
    """A person plays against a random bot, whose answer comes within ``tries`` looks."""
    g = new(c, {"a": "human", "b": "bot:random"}, seed=11)
    url = f"/api/games/{g['id']}"
    a = g["tokens"]["a"]
    c.post(f"{url}/actions", json={"token": a, "action": "take:1"})
    for _ in range(tries):
        v = c.get(f"{url}/view", params={"token": a}).json()
        if v["active"] != "b":
            break
        time.sleep(0.01)
    assert v["active"] in ("a", None) and v["version"] >= 2


def test_bot_seats_play_in_the_background(tmp_path: Path) -> None:
    with make(tmp_path) as c:
        a_random_bot_answers(c)


def test_a_quick_bot_does_not_wait_behind_the_searches(tmp_path: Path) -> None:
    """The bot workers take moves in the order asked: behind four searches of a second each,
    a random bot's move waited 2-5 s (a load audit). The bots that answer in milliseconds
    have a worker of their own: with every search worker busy, a random bot still moves."""
    with make(tmp_path) as c:
        svc = c.app.state.service  # type: ignore[attr-defined]
        gate = threading.Event()
        busy = threading.Barrier(len(svc.pool._threads) + 1)
        for _ in svc.pool._threads:         # every search worker thinks, for as long as
            svc.pool.submit(0.0, lambda: (busy.wait(), gate.wait(10)))   # the test says
        busy.wait(5)
        try:
            a_random_bot_answers(c, tries=300)
        finally:
            gate.set()


def test_create_refuses_bad_seats(tmp_path: Path) -> None:
    with make(tmp_path) as c:
        for seats in ({"a": "human"}, {"a": "human", "b": "bot:nobody"},
                      {"a": "human", "b": "human", "c": "human"}):
            res = c.post("/api/games", json={"game": "toy", "seats": seats})
            assert res.status_code == 422, res.text[:300]
        # a bot with parameters: refused, and the answer says why
        res = c.post("/api/games", json={"game": "toy", "seats": {
            "a": "human", "b": "bot:random:samples=3"}})
        assert res.status_code == 422 and "by its name" in res.json()["error"]
        assert c.post("/api/games", json={"game": "chess", "seats": {}}).status_code == 422
        assert c.get("/api/games").json() == []


@pytest.mark.parametrize("path", ["/", "/games/abc", "/replay/abc", "/openapi.json",
                                  "/static/js/ui.js"])
def test_pages_are_served_with_security_headers(tmp_path: Path, path: str) -> None:
    """Every answer carries a Content-Security-Policy (scripts of this origin only, no
    framing), nosniff, no framing and no referrer (a security audit found none)."""
    with make(tmp_path) as c:
        res = c.get(path)
        assert res.status_code == 200
        assert res.headers["x-content-type-options"] == "nosniff"
        assert res.headers["x-frame-options"] == "DENY"
        assert res.headers["referrer-policy"] == "no-referrer"
        csp = res.headers["content-security-policy"]
        assert "script-src 'self';" in csp and "frame-ancestors 'none'" in csp


def test_api_docs_only_when_asked_for(tmp_path: Path) -> None:
    """Swagger UI loads its scripts from a CDN, on the origin whose local storage keeps seat
    tokens: off by default (`serve --api-docs` turns it on, without the CSP it would break);
    the schema is always served."""
    with make(tmp_path) as c:
        assert c.get("/docs").status_code == 404
        assert c.get("/openapi.json").status_code == 200
    app = create_app(f"sqlite:///{tmp_path / 'd.sqlite3'}", loader, ["toy"], api_docs=True)
    with TestClient(app) as c:
        res = c.get("/docs")
        assert res.status_code == 200 and "content-security-policy" not in res.headers


def test_a_request_naming_a_key_twice_is_refused(tmp_path: Path) -> None:
    """JSON keeps the last of a key given twice: {"action": "take:1", "action": "take:3"}
    played take:3 (an outside audit). Every JSON body naming a key twice is refused, 422,
    and nothing changes."""
    with make(tmp_path) as c:
        g = new(c)
        a = g["tokens"]["a"]
        body = '{"token": ' + json.dumps(a) + ', "action": "take:1", "action": "take:3"}'
        res = c.post(f"/api/games/{g['id']}/actions", content=body,
                     headers={"content-type": "application/json"})
        assert res.status_code == 422 and "'action' appears twice" in res.json()["error"]
        # every content type FastAPI reads as JSON (an outside audit: merge-patch+json
        # played take:3)
        for kind in ("application/merge-patch+json", "Application/JSON; charset=utf-8",
                     "application/vnd.api+json"):
            res = c.post(f"/api/games/{g['id']}/actions", content=body,
                         headers={"content-type": kind})
            assert res.status_code == 422 and "appears twice" in res.json()["error"], kind
        # two Content-Type headers: the app reads the first (a review: the check read the
        # last, text/plain, and let take:3 through)
        res = c.post(f"/api/games/{g['id']}/actions", content=body,
                     headers=[("content-type", "application/json"),
                              ("content-type", "text/plain")])
        assert res.status_code == 422, res.text
        v = c.get(f"/api/games/{g['id']}/view", params={"token": a}).json()
        assert v["version"] == 0
        before = len(c.get("/api/games").json())
        twice = '{"game": "toy", "game": "eaw1940", "seats": {"a": "human", "b": "human"}}'
        res = c.post("/api/games", content=twice, headers={"content-type": "application/json"})
        assert res.status_code == 422 and "'game' appears twice" in res.json()["error"]
        assert len(c.get("/api/games").json()) == before


def test_an_upload_must_say_it_is_json(tmp_path: Path) -> None:
    """POST /api/records takes only a JSON body: a form of another site (whose content types
    are never JSON's) could store uploads (a security audit)."""
    rec = json.dumps({"game": "toy", "seed": 1, "actions": []})
    with make(tmp_path) as c:
        for kind in ("application/x-www-form-urlencoded", "text/plain", None):
            res = c.post("/api/records", content=rec,
                         headers={"content-type": kind} if kind else {})
            assert res.status_code == 415 and "application/json" in res.json()["error"]
        assert c.post("/api/records", content=rec, headers={
            "content-type": "application/json; charset=utf-8"}).status_code == 200


def test_shipped_models_are_the_only_networks_a_seat_may_name(tmp_path: Path) -> None:
    """``bot:net:eaw1940`` (a model shipped with warroom) may take a seat; a file path may
    not: a web client never makes the server read a file of its choosing."""
    pytest.importorskip("torch")
    with make(tmp_path) as c:
        games = {g["id"]: g for g in c.get("/api/catalogue").json()}
        assert "net:eaw1940" in games["eaw1940"]["bots"]
        assert not any(b.startswith("net:") for b in games["toy"]["bots"])
        for bad in ("bot:net:/etc/passwd", "bot:net:../models/eaw1940.pt", "bot:net:eit2"):
            res = c.post("/api/games", json={"game": "eaw1940", "seats": {"axis": bad}})
            assert res.status_code == 422, res.text[:300]
        res = c.post("/api/games", json={"game": "eaw1940", "seed": 4,
                                         "seats": {"axis": "bot:net:eaw1940"}})
        assert res.status_code == 200, res.text


def test_the_catalogue_says_what_each_bot_is_and_offers_sfes_strongest(tmp_path: Path) -> None:
    """The lobby's menu of bots (a usability audit): each bot in a few words, and sfe's
    strongest bot, the search over plans, offered by name (only bare names were, so the
    strongest could not be chosen); a seat takes it, and a game plays with it."""
    with make(tmp_path, ["toy", "sfe", "eit2"]) as c:
        games = {g["id"]: g for g in c.get("/api/catalogue").json()}
        sfe = games["sfe"]
        assert "ismcts:plans=script" in sfe["bots"]
        assert "ismcts:plans=script" not in games["eit2"]["bots"]
        assert set(sfe["bot_notes"]) == set(sfe["bots"])
        assert all(sfe["bot_notes"].values())
        assert sfe["bot_notes"]["ismcts:plans=script"].endswith("the strongest measured")
        assert "weakest" in sfe["bot_notes"]["random"]
        assert "strongest" not in games["eit2"]["bot_notes"]["ismcts"]
        res = c.post("/api/games", json={"game": "sfe", "seed": 5, "seats": {
            "axis": "human", "allies": "bot:ismcts:plans=script"}})
        assert res.status_code == 200, res.text
        # other parameters stay the command line's
        res = c.post("/api/games", json={"game": "sfe", "seats": {
            "axis": "human", "allies": "bot:ismcts:plans=script,iterations=9"}})
        assert res.status_code == 422 and "by its name" in res.json()["error"]


# -- a bad-input audit of the API (5 December 2026): each request is refused and stores nothing

def _stored(c: TestClient) -> tuple[int, int]:
    """(games listed, actions of the newest game) as the API reports them."""
    games = c.get("/api/games").json()
    return len(games), (games[0].get("version", 0) if games else 0)


def test_bad_requests_get_a_clean_refusal_and_change_nothing(tmp_path: Path) -> None:
    with make(tmp_path, ["toy", "eaw1940", "tk"]) as c:
        g = new(c)
        tok = g["tokens"]["a"]
        before = _stored(c)
        refused = [
            # a boolean is no action id (pydantic's lax mode read true as 1) nor a version
            c.post(f"/api/games/{g['id']}/actions",
                   json={"token": tok, "action": True, "version": 0}),
            c.post(f"/api/games/{g['id']}/actions",
                   json={"token": tok, "action": "take:1", "version": True}),
            c.post(f"/api/games/{g['id']}/undo", json={"token": tok, "version": False}),
            # text that parses but has no UTF-8 form (a lone surrogate), anywhere
            c.post("/api/games", content=b'{"game":"eaw1940","seats":{"axis":"human"},'
                   b'"options":{"\\ud800":1}}', headers={"content-type": "application/json"}),
            c.post("/api/games", content=b'{"game":"eaw1940","seats":{"axis":"\\ud800"}}',
                   headers={"content-type": "application/json"}),
            c.post("/api/records", content=b'{"game":"eaw1940","actions":[],'
                   b'"seats":{"axis":"\\ud800"}}', headers={"content-type": "application/json"}),
            # nesting deeper than any request needs
            c.post("/api/games", json={"game": "tk", "seats": {"axis": "human",
                   "western": "human", "soviet": "human"},
                   "options": {"challenge": json.loads("[" * 40 + "]" * 40)}}),
            # nested past what the JSON parser reads (FastAPI answered 400 for it)
            c.post("/api/games", content=b'{"game":"eaw1940","x":' + b"[" * 100_000
                   + b"]" * 100_000 + b"}", headers={"content-type": "application/json"}),
            # tk options of the wrong kind, or naming nothing, whatever event is drawn
            *(c.post("/api/games", json={"game": "tk", "seed": 1, "seats": {
                "axis": "human", "western": "human", "soviet": "human"}, "options": opts})
              for opts in ({"country": ["x"]}, {"event": "15.3", "land": ["x"]},
                           {"event": "15.13", "area": {"a": 1}},
                           {"event": "15.37", "challenge": "Narnia"},
                           {"event": "15.1", "variant": 7})),
            # options bigger than a game needs (a 230 KiB tk situation, sent 200 times,
            # held 500 MB of a server's memory: a security audit)
            c.post("/api/games", json={"game": "tk", "seats": {"axis": "human",
                   "western": "human", "soviet": "human"},
                   "options": {"situation_data": {"title": "x" * 40_000}}}),
            # a body over the limit sent in chunks, without a Content-Length
            c.post("/api/games", content=iter([b'{"game":"toy","x":"'] + [b"a" * 65536] * 5
                                              + [b'"}']),
                   headers={"content-type": "application/json"}),
        ]
        statuses = [r.status_code for r in refused]
        assert statuses == [422] * (len(refused) - 1) + [413], [r.text for r in refused]
        assert all(set(r.json()) >= {"error"} for r in refused)
        assert "lone surrogate" in refused[3].json()["error"]
        assert "Narnia" in refused[11].json()["error"]
        assert "not valid JSON" in refused[7].json()["error"]
        assert "more than 32 KiB" in refused[-2].json()["error"]
        assert _stored(c) == before
        # a digit that is not an ASCII digit is a key like any other, never an action id
        for odd in ("²", "٣", "①"):
            res = c.get(f"/api/games/{g['id']}/explain", params={"action": odd, "token": tok})
            assert res.status_code == 422 and f"toy has no action '{odd}'" in res.json()[
                "error"], res.text
        # FastAPI's own refusals speak the API's shape
        res = c.post("/api/games", content=b'{"game":"toy","seats":{},"seed":' + b"9" * 5000
                     + b"}", headers={"content-type": "application/json"})
        # (valid JSON: the integer is too long to read, which it now says: a web audit)
        assert res.status_code == 422 and "integer longer than 4,300 digits" in res.json()[
            "error"], res.text
        # a body cut short or empty: said in words, not as FastAPI's "body.16: JSON decode
        # error" (an outside audit)
        res = c.post("/api/games", content=b'{"game": "eit2",',
                     headers={"content-type": "application/json"})
        assert res.status_code == 422 and res.json()["error"].startswith(
            "the body is not valid JSON at character 16: Expecting property name"), res.text
        res = c.post("/api/games", content=b"", headers={"content-type": "application/json"})
        assert res.status_code == 422 and "needs a JSON body" in res.json()["error"]
        # a form's fields, or JSON that is no object: said so, not in pydantic's words
        for body, kind in ((b"game=toy&seed=1", "application/x-www-form-urlencoded"),
                           (b"[1, 2]", "application/json")):
            res = c.post("/api/games", content=body, headers={"content-type": kind})
            assert res.status_code == 422, res.text[:300]
            assert "needs a JSON body (Content-Type: application/json) holding an object" \
                in res.json()["error"], res.text
        assert _stored(c) == before


def test_upgrade_games_refreshes_snapshots_reports_and_rewinds(tmp_path: Path) -> None:
    """``warroom upgrade-games`` (GameService.upgrade_games), as after an upgrade of
    warroom: a game that replays gets a snapshot from today's engine; one whose actions
    today's rules refuse is reported with the step and left as it is, and with ``rewind``
    goes on from that step (the later actions dropped, the seat link still valid); a
    finished game is never changed; an unknown id is a clean error."""
    from sqlalchemy import text

    from warroom.web.service import NotFound

    views: list[Any] = []
    with make(tmp_path) as c:
        svc = c.app.state.service  # type: ignore[attr-defined]
        svc.snapshot_every = 3
        games = []
        for seed in (5, 6):
            res = c.post("/api/games", json={"game": "eaw1940", "seats": {"axis": "human"},
                                             "seed": seed})
            games.append(res.json())
        a, b = games
        url, tok = f"/api/games/{a['id']}", a["tokens"]["axis"]
        for _ in range(7):
            v = c.get(f"{url}/view", params={"token": tok}).json()
            views.append(v)
            res = c.post(f"{url}/actions", json={"token": tok, "action": v["legal"][0]["key"]})
            assert res.status_code == 200, res.text
        for _ in range(2):
            v = c.get(f"/api/games/{b['id']}/view", params={"token": b["tokens"]["axis"]})
            res = c.post(f"/api/games/{b['id']}/actions",
                         json={"token": b["tokens"]["axis"], "action": v.json()["legal"][0]["key"]})
            assert res.status_code == 200, res.text
        first = {f.id: f for f in svc.upgrade_games()}
        assert first[a["id"]].finding == "snapshot" and first[a["id"]].actions == 7
        assert first[b["id"]].finding == "snapshot"
        assert {f.finding for f in svc.upgrade_games()} == {"replays"}
        with pytest.raises(NotFound):
            svc.upgrade_games(keys=["nosuchgame"])

    def count(db: Any, gid: str) -> int:
        return int(db.execute(text("SELECT count(*) FROM actions WHERE game_id = :g"),
                              {"g": gid}).scalar())

    with make(tmp_path) as c:      # a rules fix made action 4 of a and action 1 of b illegal
        svc = c.app.state.service  # type: ignore[attr-defined]
        with svc.engine.begin() as db:
            db.execute(text('UPDATE actions SET key = :k WHERE "index" = 4 AND game_id = :g'),
                       {"k": "secret:card-42", "g": a["id"]})
            db.execute(text('UPDATE actions SET key = :k WHERE "index" = 1 AND game_id = :g'),
                       {"k": "secret:card-42", "g": b["id"]})
            db.execute(text("UPDATE games SET status = 'over' WHERE id = :g"), {"g": b["id"]})
            db.execute(text("DELETE FROM snapshots"))     # made by the engine before the fix
        assert c.get(f"{url}/view", params={"token": tok}).status_code == 409
        found = {f.id: f for f in svc.upgrade_games()}
        assert (found[a["id"]].finding, found[a["id"]].step) == ("outdated", 4)
        assert (found[b["id"]].finding, found[b["id"]].step) == ("outdated", 1)
        with svc.engine.begin() as db:
            assert (count(db, a["id"]), count(db, b["id"])) == (7, 2)   # nothing changed
        found = {f.id: f for f in svc.upgrade_games(rewind=True)}
        assert (found[a["id"]].finding, found[a["id"]].step) == ("rewound", 4)
        assert found[b["id"]].finding == "outdated"       # finished: kept as stored
        # its message offers no --rewind, which would leave it as it is (an audit)
        gone = c.get(f"/api/games/{b['id']}/replay", params={"step": 1})
        assert gone.status_code == 409 and "--rewind" not in gone.json()["error"]
        assert "played to its end" in gone.json()["error"]
        with svc.engine.begin() as db:
            assert (count(db, a["id"]), count(db, b["id"])) == (4, 2)
        now = c.get(f"{url}/view", params={"token": tok})
        assert now.status_code == 200, now.text
        seen = now.json()
        assert {k: x for k, x in seen.items() if k != "version"} == \
            {k: x for k, x in views[4].items() if k != "version"}
        assert seen["version"] > views[-1]["version"]     # clients holding a version reload
        res = c.post(f"{url}/actions", json={"token": tok, "version": seen["version"],
                                             "action": seen["legal"][0]["key"]})
        assert res.status_code == 200, res.text
    with make(tmp_path) as c:                             # and after a restart
        v = c.get(f"{url}/view", params={"token": tok}).json()
        assert len(c.get(f"{url}/record", params={"token": tok}).json()["actions"]) == 5
        assert c.app.state.service.upgrade_games(keys=[a["id"]])[0].finding in (  # type: ignore[attr-defined]
            "replays", "snapshot")
        assert v["status"] != "over"


def test_a_game_stored_by_another_version_is_replayed_or_refused_cleanly(
        tmp_path: Path) -> None:
    """After an upgrade, a stored state snapshot made by other code (its data may lack what
    today's rules keep) is not trusted: the game is replayed from its actions. A game whose
    actions today's rules no longer accept is refused with 409 and what happened, naming
    the step but not its key (which may name a card played face down)."""
    from sqlalchemy import text

    with make(tmp_path) as c:
        c.app.state.service.snapshot_every = 3  # type: ignore[attr-defined]
        res = c.post("/api/games", json={"game": "eaw1940", "seats": {"axis": "human"},
                                         "seed": 5})
        g = res.json()
        url, tok = f"/api/games/{g['id']}", g["tokens"]["axis"]
        for _ in range(7):
            v = c.get(f"{url}/view", params={"token": tok}).json()
            key = v["legal"][0]["key"]
            res = c.post(f"{url}/actions", json={"token": tok, "action": key})
            assert res.status_code == 200, res.text
        seen = c.get(f"{url}/view", params={"token": tok}).json()
        with c.app.state.service.engine.begin() as db:  # type: ignore[attr-defined]
            snap = db.execute(text("SELECT state FROM snapshots WHERE version = 6")).scalar()
    stored = json.loads(snap)
    assert set(stored) == {"engine", "state"} and len(stored["engine"]) == 32

    def restart_and_view(*statements: tuple[str, dict[str, Any]]) -> Any:
        """A new app on the same database, changed by ``statements`` before it loads the
        game (as an upgrade finds it), and the seat's view."""
        with make(tmp_path) as c:
            with c.app.state.service.engine.begin() as db:  # type: ignore[attr-defined]
                for sql, params in statements:
                    db.execute(text(sql), params)
            return c.get(f"{url}/view", params={"token": tok})

    # a snapshot written before fingerprints (plain data) that lacks a key today's code reads
    old = dict(stored["state"])
    del old["turn"]
    put = "UPDATE snapshots SET state = :s WHERE version = 6"
    assert restart_and_view((put, {"s": json.dumps(old)})).json() == seen
    # one made by other code (another fingerprint), however it looks
    other = {"engine": "0" * 32, "state": old}
    assert restart_and_view((put, {"s": json.dumps(other)})).json() == seen
    # the actions themselves no longer fit (as after a rules fix): a clean 409
    res = restart_and_view(("DELETE FROM snapshots", {}),
                           ('UPDATE actions SET key = :k WHERE "index" = 4',
                            {"k": "secret:card-42"}))
    assert res.status_code == 409, res.text
    err = res.json()["error"]
    assert "earlier version of warroom" in err and "action 4" in err
    assert "secret" not in err and "card-42" not in err
    # its record can still be taken away, under the usual rules of who sees what
    with make(tmp_path) as c:
        rec = c.get(f"{url}/record", params={"token": tok})
        assert rec.status_code == 200, rec.text
        assert rec.json()["seed"] is None and len(rec.json()["actions"]) == 7
        assert rec.json()["actions"][4] == "secret:card-42"      # the seat's own action
        assert c.get(f"{url}/record").status_code == 403
        assert c.get(f"{url}/view", params={"token": tok}).status_code == 409


# -- the web audit of 5 December 2026: bot seats, 64-bit seeds, watching a game of bots ------

def test_a_bot_seat_gets_no_link_so_nobody_can_read_its_hand_or_move_for_it(
        tmp_path: Path) -> None:
    with make(tmp_path) as c:
        g = new(c, {"a": "human", "b": "bot:random"}, seed=11)
        assert set(g["tokens"]) == {"a"} and set(g["seats"]) == {"a"}
        # the tokens given for a's seat do not open b's
        res = c.get(f"/api/games/{g['id']}/view", params={"token": g["tokens"]["a"]})
        assert res.json()["role"] == "a"


def _finish_with_bots(c: TestClient, body: dict[str, Any]) -> dict[str, Any]:
    res = c.post("/api/games", json=body)
    assert res.status_code == 200, res.text
    g: dict[str, Any] = res.json()
    assert g["tokens"] == {} and g["seats"] == {}
    for _ in range(500):
        if c.get("/api/games").json()[0]["status"] == "over":
            break
        time.sleep(0.01)
    return g


def test_a_seed_written_as_digits_is_kept_to_the_last_digit(tmp_path: Path) -> None:
    """A browser cannot send a 64-bit number exactly (JavaScript rounds it), so the lobby
    sends the seed as typed; the record and the game-over payload keep every digit."""
    top = 2**64 - 1
    with make(tmp_path) as c:
        g = _finish_with_bots(c, {"game": "toy", "seed": str(top),
                                  "seats": {"a": "bot:random", "b": "bot:random"}})
        rec = c.get(f"/api/games/{g['id']}/record")
        assert rec.json()["seed"] == top and str(top) in rec.text
        end = c.get(f"/api/games/{g['id']}/replay").json()
        assert end["seed"] == str(top)
        for bad in ("12a", "-1", str(2**64), "", "١٢", 2**64, -1):
            res = c.post("/api/games", json={"game": "toy", "seed": bad,
                                             "seats": {"a": "human", "b": "human"}})
            assert res.status_code == 422 and "seed" in res.text, (bad, res.text)


def test_anyone_may_watch_a_game_of_bots_as_a_spectator_while_it_is_on(tmp_path: Path
                                                                      ) -> None:
    with make(tmp_path, ["toy", "eit2"]) as c:
        res = c.post("/api/games", json={"game": "eit2", "scenario": "1920", "seed": 5,
                                         "seats": {"lw": "bot:ismcts", "rw": "bot:ismcts"}})
        assert res.status_code == 200, res.text
        url = f"/api/games/{res.json()['id']}/replay"
        seen = c.get(url).json()
        assert seen["live"] and seen["role"] is None and seen["seed"] is None
        assert seen["view"]["hand"] is None, "a spectator sees no hand"
        assert c.get(url, params={"as": "lw"}).status_code == 403
        if seen["steps"]:
            assert c.get(f"{url}/why", params={"step": 1}).status_code == 403
        mixed = new(c, {"a": "human", "b": "bot:random"})
        assert c.get(f"/api/games/{mixed['id']}/replay").status_code == 403


def test_the_live_stream_opens_with_its_own_key_not_the_token(tmp_path: Path) -> None:
    """A seat's view carries ``events_key``: the key of its game's live-update stream, which
    EventSource sends in the URL (it cannot send a header), so the seat token never has to
    travel in a URL that a proxy may log. The key opens that stream and names its seat; it
    is not a token (the view refuses it), another seat has another, a wrong key is 403."""
    from warroom.web.service import Forbidden
    with make(tmp_path) as c:
        g = new(c)
        ta, tb = g["tokens"]["a"], g["tokens"]["b"]
        ka = c.get(f"/api/games/{g['id']}/view", params={"token": ta}).json()["events_key"]
        kb = c.get(f"/api/games/{g['id']}/view", params={"token": tb}).json()["events_key"]
        assert ka and kb and ka != kb and ta not in ka and tb not in kb
        service = c.app.state.service  # type: ignore[attr-defined]
        live = service.live(g["id"])
        assert service.stream_seat(live, ka, None) == "a"
        assert service.stream_seat(live, kb, None) == "b"
        assert service.stream_seat(live, None, tb) == "b"        # older pages send the token
        for bad in ("0" * 64, ta):
            with pytest.raises(Forbidden):
                service.stream_seat(live, bad, None)
        assert c.get(f"/api/games/{g['id']}/view", params={"token": ka}).status_code == 403
        assert c.get(f"/api/games/{g['id']}/events", params={"key": "0" * 64}).status_code == 403
        assert service.payload(live, None)["events_key"] is None     # a spectator has none


def test_one_process_at_a_time_on_a_database(tmp_path: Path) -> None:
    """A second server (or upgrade-games) on the database a server holds is refused in words:
    each keeps its games in memory, so two of them overwrote each other's acknowledged
    actions (an audit lost one through an undo). Released, the database is free again."""
    from typer.testing import CliRunner

    from warroom.cli.main import app
    from warroom.web.db import DatabaseInUse, ExclusiveUse, migrate
    url = f"sqlite:///{tmp_path / 'w.sqlite3'}"
    made = make_engine(url)                   # the database the running server made
    migrate(made)
    made.dispose()
    first = ExclusiveUse(url)
    first.acquire()
    try:
        with pytest.raises(DatabaseInUse, match="another warroom server"):
            ExclusiveUse(url).acquire()
        # the same file through a symbolic link is the same database (a second server got
        # in so and undid an acknowledged move: an outside audit)
        (tmp_path / "link.sqlite3").symlink_to(tmp_path / "w.sqlite3")
        with pytest.raises(DatabaseInUse, match="another warroom server"):
            ExclusiveUse(f"sqlite:///{tmp_path / 'link.sqlite3'}").acquire()
        res = CliRunner().invoke(app, ["upgrade-games", "--db", url])
        assert res.exit_code == 2 and "another warroom server" in res.output, res.output
        other = ExclusiveUse(f"sqlite:///{tmp_path / 'other.sqlite3'}")
        other.acquire()                     # another database is another matter
        other.release()
    finally:
        first.release()
    again = ExclusiveUse(url)
    again.acquire()
    again.release()
    ExclusiveUse("sqlite://").acquire()     # an in-memory database: nothing to share


def test_a_failing_bot_tries_again_after_a_pause(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot move that fails (the database down, a broken bot) is tried again after a pause
    that doubles from half a second, not at once (an audit saw thousands of tracebacks a
    second); the game is unchanged meanwhile."""
    import warroom.web.service as svc
    calls: list[float] = []

    def broken(spec: str, seed: int = 0, game: Any = None) -> Any:
        calls.append(time.monotonic())
        raise RuntimeError("the bot is broken")
    monkeypatch.setattr(svc, "make_bot", broken)
    monkeypatch.setattr(svc.LOG, "exception", lambda *a, **k: None)
    with make(tmp_path) as c:
        g = new(c, {"a": "bot:random", "b": "human"})
        time.sleep(1.3)
        v = c.get(f"/api/games/{g['id']}/view", params={"token": g["tokens"]["b"]}).json()
        assert v["version"] == 0 and v["active"] == "a"
    assert 2 <= len(calls) <= 3, calls              # at 0, 0.5 and 1.5 s
    assert calls[1] - calls[0] >= 0.45


@contextmanager
def _bots_stopped(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every bot move fails (quietly) inside the block: games are stored with their bot to
    act, for a restart to find."""
    import warroom.web.service as svc

    def broken(spec: str, seed: int = 0, game: Any = None) -> Any:
        raise RuntimeError("not now")
    with monkeypatch.context() as m:
        m.setattr(svc, "make_bot", broken)
        m.setattr(svc.LOG, "exception", lambda *a, **k: None)
        yield


def test_a_restarted_server_resumes_the_bots_of_games_in_play(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose bot is to act goes on after a restart without anyone opening it (its
    bot waited until the game was loaded by a request)."""
    with _bots_stopped(monkeypatch), make(tmp_path) as c:
        g = new(c, {"a": "bot:random", "b": "bot:random"})
    with make(tmp_path) as c:                  # the restart: nobody asks for the game
        service = c.app.state.service  # type: ignore[attr-defined]
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            live = service._live.get(g["id"])
            if live is not None and live.version > 0:
                break
            time.sleep(0.05)
        assert live is not None and live.version > 0


def test_a_bots_moves_depend_on_the_game_not_on_when_the_bot_was_made(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each decision's generators are set from the game's seed, the role and the step
    (``reseed``): a bot made with another seed, as a restarted server makes it anew (its
    seed came from the version then), plays the same game (an undo audit)."""
    import warroom.web.service as svc

    def played(folder: Path) -> list[Any]:
        folder.mkdir()
        with make(folder) as c:
            res = c.post("/api/games", json={"game": "eaw1940", "seed": 5,
                                             "seats": {"axis": "bot:random"}})
            assert res.status_code == 200, res.text
            g = res.json()
            deadline = time.monotonic() + 30
            while True:
                rec = c.get(f"/api/games/{g['id']}/replay").json()
                if not rec["live"]:
                    break
                assert time.monotonic() < deadline, "the bots did not finish"
                time.sleep(0.05)
            out: list[Any] = c.get(f"/api/games/{g['id']}/record").json()["actions"]
            return out

    first = played(tmp_path / "a")
    made = svc.make_bot
    monkeypatch.setattr(svc, "make_bot", lambda spec, seed=0, game=None: made(
        spec, seed + 12345, game))
    second = played(tmp_path / "b")
    assert second == first and len(first) > 20


def test_a_restart_keeps_only_the_games_whose_bot_is_to_act(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """After a restart the games whose bot is to act are loaded and go on; a game against a
    bot where the person is to act is left in the database (every abandoned game against a
    bot was loaded and held until the idle sweep: a load audit) and opens as before."""
    with _bots_stopped(monkeypatch), make(tmp_path) as c:
        waiting = new(c, {"a": "human", "b": "bot:random"})
        bots = new(c, {"a": "bot:random", "b": "bot:random"})
        v = c.get(f"/api/games/{waiting['id']}/view",
                  params={"token": waiting["tokens"]["a"]}).json()
        assert v["legal"], "the person is to act"
    with make(tmp_path) as c:                  # the restart: nobody asks for either game
        service = c.app.state.service  # type: ignore[attr-defined]
        for t in threading.enumerate():
            if t.name == "resume-bots":
                t.join(10)
        assert bots["id"] in service.loaded()
        assert waiting["id"] not in service.loaded()
        again = c.get(f"/api/games/{waiting['id']}/view",
                      params={"token": waiting["tokens"]["a"]}).json()
        assert again["legal"] == v["legal"] and again["version"] == v["version"]
        assert waiting["id"] in service.loaded()


def test_idle_games_leave_memory_and_come_back_as_they_were(tmp_path: Path) -> None:
    """A server that runs for months holds the games in play, not every game it showed: a
    game no request took for ``idle_s`` is dropped from memory (the database has it) and
    loads again as it was; one with a listening stream or a thinking bot stays."""
    clock = [1000.0]
    with make(tmp_path) as c:
        service = c.app.state.service  # type: ignore[attr-defined]
        service.clock = lambda: clock[0]
        service.idle_s = 600.0
        service._swept = clock[0]
        g, h = new(c, seed=5), new(c, seed=6)
        a = g["tokens"]["a"]
        res = c.post(f"/api/games/{g['id']}/actions",
                     json={"token": a, "action": "take:2", "version": 0})
        assert res.status_code == 200, res.text
        before = c.get(f"/api/games/{g['id']}/view", params={"token": a}).json()
        assert set(service.loaded()) == {g["id"], h["id"]}
        clock[0] += 300.0
        c.get(f"/api/games/{h['id']}/view", params={"token": h["tokens"]["a"]})
        assert set(service.loaded()) == {g["id"], h["id"]}      # 300 s: both kept
        clock[0] += 400.0
        c.get(f"/api/games/{h['id']}/view", params={"token": h["tokens"]["a"]})
        assert service.loaded() == [h["id"]]                    # g idle 700 s: dropped
        after = c.get(f"/api/games/{g['id']}/view", params={"token": a}).json()
        assert after == before and g["id"] in service.loaded()
        # a stream listening, or a bot thinking, keeps its game however long it is idle
        service.hub.subscribe(g["id"], lambda version: None)
        service.live(h["id"]).bot_busy = True
        clock[0] += 5000.0
        service._sweep()
        assert set(service.loaded()) == {g["id"], h["id"]}


def test_every_seat_is_told_when_the_creator_chose_the_seed(tmp_path: Path) -> None:
    """A game's cards and dice follow from its seed: the player who chose it can know the
    other seats' hidden hands (an outside audit rebuilt an eit2 hand from it). Every seat,
    and the lobby's list, is told whether the seed was chosen."""
    with make(tmp_path, ["toy", "eit2"]) as c:
        chosen = c.post("/api/games", json={"game": "eit2", "seed": 12345,
                                            "seats": {"lw": "human", "rw": "human"}}).json()
        drawn = c.post("/api/games", json={"game": "eit2",
                                           "seats": {"lw": "human", "rw": "human"}}).json()
        for g, said in ((chosen, True), (drawn, False)):
            v = c.get(f"/api/games/{g['id']}/view", params={"token": g["tokens"]["rw"]}).json()
            assert v["seed_chosen"] is said and v["hidden_information"] is True
        listed = {x["id"]: x["seed_chosen"] for x in c.get("/api/games").json()}
        assert listed == {chosen["id"]: True, drawn["id"]: False}
    with make(tmp_path, ["toy", "eit2"]) as c:      # kept across a restart
        v = c.get(f"/api/games/{chosen['id']}/view",
                  params={"token": chosen["tokens"]["lw"]}).json()
        assert v["seed_chosen"] is True


def test_a_database_of_the_first_schema_is_upgraded(tmp_path: Path) -> None:
    """A database made before migration 0002 (games without ``seed_chosen``) is upgraded
    when the server starts; its games load, their seed not said to be chosen."""
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import text

    from warroom.web.db import MIGRATIONS, make_engine

    url = db_url(tmp_path)
    engine = make_engine(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0001")
        conn.execute(text("INSERT INTO games (id, game, scenario, options, seed, forced_dice, "
                          "version, status, result, created, updated) VALUES ('g1', 'toy', "
                          "'', '{}', '7', '[]', 0, 'active', NULL, '2026-12-01', "
                          "'2026-12-01')"))
        for role in ("a", "b"):
            conn.execute(text("INSERT INTO seats (game_id, role, player, token_hash) VALUES "
                              f"('g1', '{role}', 'human', 'x')"))
    engine.dispose()
    with make(tmp_path) as c:
        listed = c.get("/api/games").json()
        assert [(x["id"], x["seed_chosen"]) for x in listed] == [("g1", False)]


def test_games_of_bots_alone_do_not_starve_the_bots_of_games_people_play(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Games with no human seat think on a thread of their own: while their bots are all
    stuck thinking, a human's game against a bot goes on (a security audit: 30 sfe games of
    bots alone made a random bot of a human's game take 45 s for 4 moves; here, on the
    shared pool, the stuck bots held both of its threads and the human's bot never moved)."""
    import threading

    import warroom.web.service as svc
    real = svc.make_bot
    release = threading.Event()

    class Stuck:
        def __init__(self, bot: Any) -> None:
            self.bot = bot

        def choose(self, state: Any) -> Any:
            release.wait(30)
            return self.bot.choose(state)

    def maker(spec: str, seed: int = 0, game: Any = None) -> Any:
        bot = real(spec, seed)
        return Stuck(bot) if spec == "greedy" else bot

    monkeypatch.setattr(svc, "make_bot", maker)
    try:
        with make(tmp_path) as c:
            for _ in range(3):                  # bots alone, every one of them stuck
                new(c, {"a": "bot:greedy", "b": "bot:greedy"})
            g = new(c, {"a": "human", "b": "bot:random"})
            url = f"/api/games/{g['id']}"
            a = g["tokens"]["a"]
            c.post(f"{url}/actions", json={"token": a, "action": "take:1"})
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                v = c.get(f"{url}/view", params={"token": a}).json()
                if v["version"] >= 2 or v["status"] == "over":
                    break
                time.sleep(0.02)
            assert v["version"] >= 2 or v["status"] == "over", v
            release.set()
    finally:
        release.set()


def test_the_bot_queue_takes_moves_by_rank_and_survives_a_failing_task() -> None:
    """BotQueue runs the waiting tasks lowest rank first, ties in order of arrival, and a
    task that raises (even SystemExit) does not stop its worker (a review: one did)."""
    import threading

    from warroom.web.service import BotQueue

    q = BotQueue(1)
    gate, done = threading.Event(), threading.Event()
    order: list[str] = []

    def bye() -> None:
        raise SystemExit

    try:
        q.submit(0.0, gate.wait, 10)                 # the worker is busy
        q.submit(40.0, order.append, "untouched, asked at 10")
        q.submit(12.0, order.append, "played, asked at 12")
        q.submit(11.0, bye)
        q.submit(11.0, order.append, "played, asked at 11")
        q.submit(50.0, done.set)
        gate.set()
        assert done.wait(10)
        assert order == ["played, asked at 11", "played, asked at 12",
                         "untouched, asked at 10"]
    finally:
        gate.set()
        q.shutdown()


def test_a_persons_move_ranks_its_games_bot(tmp_path: Path) -> None:
    with make(tmp_path) as c:
        service = c.app.state.service  # type: ignore[attr-defined]
        ranks: list[float] = []
        real = service.quick_pool.submit     # a random bot's moves: the quick bots' queue

        def spy(rank: float, fn: Any, *args: Any) -> None:
            ranks.append(rank)
            real(rank, fn, *args)

        service.quick_pool.submit = spy
        new(c, {"a": "bot:random", "b": "human"})         # its bot moves first, untouched
        g = new(c, {"a": "human", "b": "bot:random"})
        c.post(f"/api/games/{g['id']}/actions", json={"token": g["tokens"]["a"],
                                                      "action": "take:1"})
        # asked first, the untouched game's move still ranks after the played one's; a
        # move of a game nobody plays yields UNTOUCHED_WAIT seconds, never more (a review:
        # ranked by the person's last move alone, an older waiting move could starve)
        from warroom.web.service import UNTOUCHED_WAIT

        assert len(ranks) >= 2 and ranks[0] > ranks[-1] > ranks[0] - UNTOUCHED_WAIT, ranks


def test_serve_plays_a_games_content_pack(tmp_path: Path) -> None:
    """``serve --content GAME=DIR`` (a content audit: the web could only show the bundled
    packs, though the README said a pack moves the map): the server plays eaw1940 with the
    pack, its records name the pack, and a bad pack or spec is one line before it starts."""
    pack = tmp_path / "pack"
    pack.mkdir()
    tables = Path(__file__).parent.parent / "src/warroom/games/eaw1940/content/tables.yaml"
    text = tables.read_text(encoding="utf-8")
    (pack / "map.yaml").write_text("{}\n", encoding="utf-8")
    runner = CliRunner()
    for spec, words in ((f"eaw1940={pack}", "map.yaml"), ("eaw1940", "give GAME=DIR"),
                        (f"chess={pack}", "unknown game 'chess'")):
        res = runner.invoke(cli, ["serve", "--db", db_url(tmp_path), "--port", "1",
                                  "--content", spec])
        assert res.exit_code == 2 and words in res.output, res.output
    (pack / "map.yaml").unlink()
    # a pack that changes the data (the land attack table: advance on 4-6)
    old = "    - {min: 1, max: 4, result: no_result}\n    - {min: 5, max: 6, result: advance}"
    assert old in text
    (pack / "tables.yaml").write_text(text.replace(old, "    - {min: 1, max: 3, result: "
                                                   "no_result}\n    - {min: 4, max: 6, "
                                                   "result: advance}"), encoding="utf-8")
    packed = pack_loader([f"eaw1940={pack}"])
    assert content_id(packed("eaw1940")) != content_id(load_game("eaw1940"))
    with TestClient(create_app(db_url(tmp_path), packed, ["eaw1940"])) as c:
        g = c.post("/api/games", json={"game": "eaw1940", "seats": {"axis": "human"},
                                       "seed": 3}).json()
        rec = c.get(f"/api/games/{g['id']}/record",
                    params={"token": g["tokens"]["axis"]}).json()
        assert rec["content"] == content_id(packed("eaw1940"))


def test_a_game_goes_on_only_under_the_content_pack_it_was_created_with(
        tmp_path: Path) -> None:
    """A game's row keeps its content pack (migration 0003). Restarted with another pack (or
    without its ``--content``), the server replayed it under the new one: a game whose
    actions still fitted went on silently with other tables, one that did not was called
    "played with an earlier version of warroom" (a maintainer's note). Now it is refused
    with what to serve, its record is given as stored, and ``upgrade-games`` leaves it; a
    game stored before the column existed plays under either."""
    from sqlalchemy import create_engine, text

    from warroom.web.app import create_service
    pack = tmp_path / "pack"
    pack.mkdir()
    tables = Path(__file__).parent.parent / "src/warroom/games/eaw1940/content/tables.yaml"
    old = "    - {min: 1, max: 4, result: no_result}\n    - {min: 5, max: 6, result: advance}"
    (pack / "tables.yaml").write_text(tables.read_text(encoding="utf-8").replace(
        old, "    - {min: 1, max: 3, result: no_result}\n    - {min: 4, max: 6, result: "
        "advance}"), encoding="utf-8")
    packed = pack_loader([f"eaw1940={pack}"])
    seats = {"game": "eaw1940", "seats": {"axis": "human"}, "seed": 3}
    with TestClient(create_app(db_url(tmp_path), packed, ["eaw1940"])) as c:
        by_pack = c.post("/api/games", json=seats).json()
    with TestClient(create_app(db_url(tmp_path), loader, ["eaw1940"])) as c:
        by_bundled = c.post("/api/games", json=seats).json()
        res = c.get(f"/api/games/{by_pack['id']}/view",
                    params={"token": by_pack["tokens"]["axis"]})
        assert res.status_code == 409, res.text
        said = res.json()["error"]
        assert "--content pack for eaw1940 (id " + content_id(packed("eaw1940")) in said, said
        assert "warroom serve --content eaw1940=DIR" in said and "earlier version" not in said
        rec = c.get(f"/api/games/{by_pack['id']}/record",
                    params={"token": by_pack["tokens"]["axis"]})
        assert rec.status_code == 200 and rec.json()["content"] == content_id(
            packed("eaw1940")), rec.text
        mine = c.get(f"/api/games/{by_bundled['id']}/view",
                     params={"token": by_bundled["tokens"]["axis"]})
        assert mine.status_code == 200, mine.text
        # the lobby's list says which games this server cannot open (it offered them all)
        listed = {g["id"]: g["other_content"] for g in c.get("/api/games").json()}
        assert listed[by_bundled["id"]] is None, listed
        assert "--content pack for eaw1940" in (listed[by_pack["id"]] or ""), listed
    with TestClient(create_app(db_url(tmp_path), packed, ["eaw1940"])) as c:
        assert c.get(f"/api/games/{by_pack['id']}/view",
                     params={"token": by_pack["tokens"]["axis"]}).status_code == 200
        res = c.get(f"/api/games/{by_bundled['id']}/view",
                    params={"token": by_bundled["tokens"]["axis"]})
        assert res.status_code == 409 and "without --content" in res.json()["error"], res.text
    svc = create_service(db_url(tmp_path), packed, ["eaw1940"], bot_workers=1)
    try:
        found = {f.id: f.finding for f in svc.upgrade_games()}
    finally:
        svc.close()
        svc.engine.dispose()
    assert found == {by_pack["id"]: "replays", by_bundled["id"]: "other content"}, found
    # warroom's own files beneath the pack corrected by a later version (the whole pack's
    # id differs, the pack's own files do not): the game goes on (a review found it stuck)
    engine = create_engine(db_url(tmp_path))
    with engine.begin() as conn:
        row = conn.execute(text("select content from games where id = :k"),
                           {"k": by_pack["id"]}).scalar_one()
        assert row.startswith("pack:") and row.endswith(":" + content_id(packed("eaw1940")))
        conn.execute(text("update games set content = :c where id = :k"),
                     {"c": row.rpartition(":")[0] + ":0123456789ab", "k": by_pack["id"]})
    engine.dispose()
    with TestClient(create_app(db_url(tmp_path), packed, ["eaw1940"])) as c:
        assert c.get(f"/api/games/{by_pack['id']}/view",
                     params={"token": by_pack["tokens"]["axis"]}).status_code == 200
    # a pack whose own files differ: refused, and said so
    (pack / "tables.yaml").write_text(tables.read_text(encoding="utf-8").replace(
        old, "    - {min: 1, max: 2, result: no_result}\n    - {min: 3, max: 6, result: "
        "advance}"), encoding="utf-8")
    other = pack_loader([f"eaw1940={pack}"])
    with TestClient(create_app(db_url(tmp_path), other, ["eaw1940"])) as c:
        res = c.get(f"/api/games/{by_pack['id']}/view",
                    params={"token": by_pack["tokens"]["axis"]})
        assert res.status_code == 409 and "whose files differ" in res.json()["error"], res.text
    engine = create_engine(db_url(tmp_path))
    with engine.begin() as conn:
        conn.execute(text("update games set content = null"))
    engine.dispose()
    with TestClient(create_app(db_url(tmp_path), packed, ["eaw1940"])) as c:
        assert c.get(f"/api/games/{by_bundled['id']}/view",
                     params={"token": by_bundled["tokens"]["axis"]}).status_code == 200


def test_a_server_on_this_computer_answers_to_its_own_names_only(tmp_path: Path) -> None:
    """DNS rebinding: a page elsewhere that points its own name at 127.0.0.1 sends its own
    name as the Host. A server on a loopback address answers to localhost, 127.0.0.1 and
    ::1 only (400, nothing read, otherwise); ``--allowed-host`` names others; a server on
    another address answers to any name unless told."""
    from warroom.cli.main import allowed_hosts
    names = allowed_hosts("127.0.0.1", None)
    assert names is not None and set(names) == {"localhost", "127.0.0.1", "::1"}
    assert allowed_hosts("::1", None) == names and allowed_hosts("localhost", None) == names
    assert allowed_hosts("0.0.0.0", None) is None
    assert allowed_hosts("0.0.0.0", ["games.example"]) == ["games.example"]
    # another loopback address answers to itself too (--host 127.0.0.2 refused its own
    # printed address: an operations audit)
    assert set(allowed_hosts("127.0.0.2", None) or []) == {*names, "127.0.0.2"}
    app = create_app(db_url(tmp_path), loader, ["toy"], allowed_hosts=names)
    with TestClient(app) as c:
        for host in ("127.0.0.1:8000", "localhost:8000", "LOCALHOST", "[::1]:8000"):
            assert c.get("/api/health", headers={"host": host}).status_code == 200, host
        # a Host that only starts like one of the names (a security audit: these read as
        # localhost) is refused too
        for host in ("evil.example", "evil.example:8000", "127.0.0.1.evil.example", "",
                     "localhost:8765@evil.example", "localhost:x", "localhost:8765/evil",
                     "localhost:1:2"):
            res = c.post("/api/games", headers={"host": host},
                         json={"game": "toy", "seats": {"a": "human", "b": "human"}})
            assert res.status_code == 400, host
            assert "serve --allowed-host" in res.json()["error"]
            assert res.headers["x-content-type-options"] == "nosniff"
        assert c.get("/api/games", headers={"host": "localhost"}).json() == []
        # an API answer (a seat's view may hold its hand) is kept by no cache; the pages'
        # own files may be
        assert c.get("/api/games", headers={"host": "localhost"}).headers[
            "cache-control"] == "no-store"
        assert c.get("/api/health").headers["cache-control"] == "no-store"
    # two Host headers: the first is judged, the one the app builds links from (a review:
    # the check read the last, so 'evil.example' then 'localhost' passed)
    import asyncio
    import threading

    from warroom.web.app import TrustedHosts
    seen: list[str] = []

    async def inner(scope: Any, receive: Any, send: Any) -> None:
        seen.append("app")

    async def send(message: Any) -> None:
        seen.append(str(message.get("status", "")))

    async def receive() -> Any:
        return {"type": "http.request", "body": b""}

    gate = TrustedHosts(inner, names)
    scope = {"type": "http", "headers": [(b"host", b"evil.example"), (b"host", b"localhost")]}
    # a loop of its own, in a thread of its own (the test run may already hold one here)
    runner = threading.Thread(target=lambda: asyncio.run(gate(scope, receive, send)))
    runner.start()
    runner.join(10)
    assert seen and seen[0] == "400" and "app" not in seen, seen


def test_a_browser_keeps_its_own_games_in_the_list_however_many_others_start(
        tmp_path: Path) -> None:
    """The list held the 100 most recent games only: 100 games started by anyone pushed a
    player's own game (and its Resume link) out of the lobby (an outside audit). The lobby
    names the games its browser holds seats in (``ids=``); they come first."""
    with make(tmp_path) as c:
        mine = new(c)["id"]
        for _ in range(101):
            new(c)
        assert mine not in [g["id"] for g in c.get("/api/games").json()]
        listed = c.get("/api/games", params={"ids": f"{mine},0000000000000000"}).json()
        assert listed[0]["id"] == mine and len(listed) == 101
        assert "tokens" not in listed[0]
        res = c.get("/api/games", params={"ids": ",".join(["a"] * 201)})
        assert res.status_code == 422 and "at most 200 game ids" in res.json()["error"]


def test_a_finished_game_replays_as_a_spectator_for_a_seat_too(tmp_path: Path) -> None:
    """Once a game is over its replay opens in any view: with a seat's token the default is
    that seat's, and ``as=spectator`` the public one (it showed the seat's view, hand
    included: an outside audit)."""
    with make(tmp_path) as c:
        g = new(c, {"a": "human", "b": "bot:random"})
        a = g["tokens"]["a"]
        for _ in range(2000):
            v = c.get(f"/api/games/{g['id']}/view", params={"token": a}).json()
            if v["status"] == "over":
                break
            if v["active"] == "a" and v["legal"]:
                c.post(f"/api/games/{g['id']}/actions",
                       json={"token": a, "action": v["legal"][0]["key"]})
            else:
                time.sleep(0.01)
        assert v["status"] == "over"
        url = f"/api/games/{g['id']}/replay"
        seat = c.get(url, params={"token": a}).json()
        assert seat["role"] == "a" and seat["view"]["secret"] is not None
        public = c.get(url, params={"token": a, "as": "spectator"}).json()
        assert public["role"] is None and public["view"]["secret"] is None
        assert c.get(url, params={"as": "spectator"}).json()["role"] is None
        assert c.get(url, params={"token": a, "as": "b"}).json()["role"] == "b"


def test_the_rules_index_of_a_game_titles_its_rule_badges(tmp_path: Path) -> None:
    """GET /api/rules/GAME: the game's index of its rulebook, so a page's rule badge says
    what its rule is about (a play audit: 'CQR' alone told a player nothing)."""
    with make(tmp_path) as c:
        index = c.get("/api/rules/eaw1940").json()
        assert "4.2.1" in index and isinstance(index["4.2.1"], str) and index["4.2.1"]
        res = c.get("/api/rules/chess")
        assert res.status_code == 404 and "unknown game 'chess'" in res.json()["error"]


def test_a_server_stops_when_another_took_its_database(monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    """``serve``'s watch of its database lock: once another process holds the database
    (a PostgreSQL lock lost with its connection), the server says so and stops itself (an
    operations audit: two servers overwrote each other's games)."""
    import signal
    import threading

    import warroom.cli.main as cli

    class Lost:
        def holds(self) -> bool:
            return False

    killed = threading.Event()
    sent: list[int] = []

    def kill(pid: int, sig: int) -> None:
        sent.append(sig)
        killed.set()

    monkeypatch.setattr(cli.os, "kill", kill)
    cli.watch_lock(Lost(), every=0.01)
    assert killed.wait(5) and sent == [signal.SIGTERM]


def test_health_asks_the_database_and_serve_refuses_an_in_memory_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """/api/health said ok with PostgreSQL stopped or the disk full; serve started on an
    in-memory database, where each thread had an empty one of its own (an operations
    audit)."""
    import warroom.web.app as web_app

    with make(tmp_path) as c:
        assert c.get("/api/health").json() == {"status": "ok"}

        def broken(sql: str) -> object:
            raise RuntimeError("connection refused")

        monkeypatch.setattr(web_app, "text", broken)
        res = c.get("/api/health")
        assert res.status_code == 503 and res.json()["status"] == "database unavailable"
    from typer.testing import CliRunner

    from warroom.cli.main import app as cli
    for url in ("sqlite://", "sqlite:///:memory:"):
        out = CliRunner().invoke(cli, ["serve", "--db", url])
        assert out.exit_code == 2 and "an in-memory database" in out.output, out.output


def test_a_seat_resigns_its_turn_or_not_and_the_game_stays_over(tmp_path: Path) -> None:
    with make(tmp_path) as c:
        g = new(c, seed=4)
        url = f"/api/games/{g['id']}"
        a, b = g["tokens"]["a"], g["tokens"]["b"]
        c.post(f"{url}/actions", json={"token": a, "action": "take:1"})
        va = c.get(f"{url}/view", params={"token": a}).json()
        assert va["active"] == "b" and va["resign"] == "resign:a"
        assert va["resign_winner"] == "b"
        # a seat resigns for itself only, and a failed try changes nothing
        other = c.post(f"{url}/actions", json={"token": b, "action": "resign:a"})
        assert other.status_code == 422 and "only for itself" in other.json()["error"]
        assert c.post(f"{url}/actions", json={"action": "resign:a"}).status_code == 403
        assert c.get(f"{url}/view", params={"token": a}).json()["version"] == va["version"]
        # a resigns while b is to act
        res = c.post(f"{url}/actions", json={"token": a, "action": "resign:a"})
        assert res.status_code == 200, res.text
        out = res.json()
        assert out["status"] == "over" and out["resign"] is None and out["legal"] == []
        assert out["result"]["termination"] == "resignation"
        assert out["result"]["winner"] == "b" and out["seed"] == "4"
        rec = c.get(f"{url}/record").json()
        assert rec["format"] == "warroom-record/2"
        assert rec["actions"] == ["take:1", "resign:a"]
        assert rec["result"]["termination"] == "resignation"
        up = c.post("/api/records", json=rec)       # the replay viewer takes it
        assert up.status_code == 200, up.text
        last = c.get(f"/api/records/{up.json()['id']}", params={"step": 2}).json()
        assert last["result"]["winner"] == "b" and last["actor"] == "a"
        again = c.post(f"{url}/actions", json={"token": b, "action": "resign:b"})
        assert again.status_code == 422 and "over" in again.json()["error"]
        listed = c.get("/api/games").json()[0]
        assert listed["status"] == "over" and listed["result"]["winner"] == "b"
        assert listed["moves"] == out["moves"] == 1         # a resignation is no move
        seen = c.get(f"{url}/view", params={"token": b}).json()
    with make(tmp_path) as c:      # read back from the database
        assert c.get(f"{url}/view", params={"token": b}).json() == seen
        step = c.get(f"{url}/replay", params={"step": 2}).json()
        assert step["actor"] == "a" and step["action"]["key"] == "resign:a"
        # the solitaire game: the Allied BOT's side wins when the Axis player resigns
        e = c.post("/api/games", json={"game": "eaw1940", "seats": {"axis": "human"},
                                       "seed": 2}).json()
        done = c.post(f"/api/games/{e['id']}/actions",
                      json={"token": e["tokens"]["axis"], "action": "resign:axis"}).json()
        assert done["result"]["winner"] == "allies" and done["status"] == "over"


def test_a_game_of_bots_alone_moves_at_the_watching_pace(tmp_path: Path) -> None:
    """``watch_pace``: at least that long between two moves of a game with no human seat,
    so it can be watched (a browser audit: such games went too fast to watch); a game with
    a person in it is answered at once."""
    pace = 0.3
    app = create_app(db_url(tmp_path), loader, ["toy"], watch_pace=pace)
    with TestClient(app) as c:
        g = new(c, {"a": "bot:random", "b": "bot:random"}, seed=8)     # a game of 6 moves
        for _ in range(1000):
            if c.get(f"/api/games/{g['id']}/replay").json()["result"] is not None:
                break
            time.sleep(0.01)
        moves = len(c.get(f"/api/games/{g['id']}/record").json()["actions"])
        # when each move was stored, by the server's clock (no polling to miss one)
        engine = create_engine(db_url(tmp_path))
        with engine.connect() as db:
            when = list(db.scalars(select(ActionRow.created).where(
                ActionRow.game_id == g["id"]).order_by(ActionRow.index)))
        engine.dispose()
        assert len(when) == moves >= 5
        gaps = [(b - a).total_seconds() for a, b in itertools.pairwise(when)]
        assert all(gap > pace - 0.1 for gap in gaps), gaps
    # a game with a person: its bot answers at once, whatever the pace
    app = create_app(db_url(tmp_path), loader, ["toy"], watch_pace=30)
    with TestClient(app) as c:
        h = new(c, {"a": "human", "b": "bot:random"}, seed=5)
        c.post(f"/api/games/{h['id']}/actions", json={"token": h["tokens"]["a"],
                                                      "action": "take:1"})
        for _ in range(1000):
            seen = c.get(f"/api/games/{h['id']}/view", params={"token": h["tokens"]["a"]})
            if seen.json()["moves"] >= 2:
                break
            time.sleep(0.01)
        assert seen.json()["moves"] >= 2


def test_serve_refuses_a_watching_pace_out_of_range(tmp_path: Path) -> None:
    for pace in ("-1", "61", "nan"):
        res = CliRunner().invoke(cli, ["serve", "--watch-pace", pace, "--db",
                                       f"sqlite:///{tmp_path / 'w.sqlite3'}"])
        assert res.exit_code == 2 and "--watch-pace must be 0..60 seconds" in res.output, \
            res.output
    assert not (tmp_path / "w.sqlite3").exists()


def test_the_list_gives_each_games_seats_in_the_order_of_its_roles(tmp_path: Path) -> None:
    """The database gives seats by name: the lobby listed sfe's Allies before the Axis (a
    browser audit)."""
    with make(tmp_path, ["sfe", "eaw1940"]) as c:
        made = c.post("/api/games", json={"game": "sfe", "seed": 1, "seats": {
            "allies": "human", "axis": "human"}})
        assert made.status_code == 200, made.text
        listed = c.get("/api/games").json()[0]
        assert list(listed["seats"]) == ["axis", "allies"]
        seen = c.get(f"/api/games/{made.json()['id']}/view",
                     params={"token": made.json()["tokens"]["allies"]}).json()
        assert list(seen["seats"]) == ["axis", "allies"]


def test_closing_the_server_cancels_the_bots_pending_moves(tmp_path: Path) -> None:
    """A game of bots alone waits for its next move on a timer (the watching pace): closing
    the server cancels it, and a timer that fired while its game was busy finds the server
    closed without an error in its thread (a review: "cannot schedule new futures after
    shutdown", and the game's bot left busy)."""
    errors: list[str] = []
    hook = threading.excepthook
    threading.excepthook = lambda a: errors.append(f"{a.exc_type.__name__}: {a.exc_value}")
    try:
        for pace, hold in ((30.0, False), (0.3, True)):
            folder = tmp_path / f"pace{pace}"
            folder.mkdir()
            svc = create_service(db_url(folder), loader, ["toy"], 1, pace)
            key, _, _ = svc.create("toy", None, {"a": "bot:random", "b": "bot:random"}, seed=8)
            live = svc.live(key)
            for _ in range(500):
                if live.version >= 1 and not live.bot_busy:
                    break
                time.sleep(0.01)
            assert live.version == 1 and len(svc._timers) == 1
            (timer,) = svc._timers
            if hold:            # the timer fires while a request holds the game
                with live.lock:
                    time.sleep(pace + 0.2)
                    svc.close()
                time.sleep(0.2)
            else:
                svc.close()
                timer.join(2)
                assert not timer.is_alive() and not svc._timers
            svc.engine.dispose()
            assert live.version == 1 and not live.bot_busy and errors == []
    finally:
        threading.excepthook = hook


# -- an operations audit (7 December 2026) ------------------------------------------------------

def test_a_nul_character_anywhere_in_a_request_is_refused_in_words(tmp_path: Path) -> None:
    """PostgreSQL cannot hold or even look up text with a NUL character: every id, token or
    key with one was a 500 and a traceback there (SQLite answered 404). Refused before any
    lookup, the same on both, and nothing changes."""
    with make(tmp_path) as c:
        g = new(c)
        a = g["tokens"]["a"]
        before = c.get(f"/api/games/{g['id']}/view", params={"token": a}).json()["version"]
        for res in (c.get("/api/games/a%00b/view", params={"token": "x"}),
                    c.get(f"/api/games/{g['id']}/view", params={"token": "x\x00y"}),
                    c.get("/api/games", params={"ids": "a\x00b"}),
                    c.get("/api/records/a%00b"),
                    c.post(f"/api/games/{g['id']}/claim", json={"invite": "a\x00b"}),
                    c.post(f"/api/games/{g['id']}/actions",
                           json={"token": a, "action": "take:1\x00"}),
                    c.post("/api/games", json={"game": "toy", "seats": {"a\x00": "human"}})):
            assert res.status_code in (400, 422), (res.request.url, res.text)
            assert "NUL character" in res.json()["error"]
        assert c.get(f"/api/games/{g['id']}/view",
                     params={"token": a}).json()["version"] == before


def test_a_replay_as_a_role_the_game_has_not_is_a_bad_request_during_play(
        tmp_path: Path) -> None:
    """A finished game answered 422 for ?as=zz, a game in play 403 "as itself only" (an
    operations audit): the role is unknown either way."""
    with make(tmp_path) as c:
        g = new(c)
        res = c.get(f"/api/games/{g['id']}/replay",
                    params={"token": g["tokens"]["a"], "as": "zz"})
        assert res.status_code == 422 and "has no role 'zz'" in res.json()["error"]
        other = c.get(f"/api/games/{g['id']}/replay", params={"token": g["tokens"]["a"],
                                                              "as": "b"})
        assert other.status_code == 403


@pytest.mark.parametrize("seed", [1.5, True, [1], {"a": 1}])
def test_a_seed_of_the_wrong_kind_is_told_what_to_send(tmp_path: Path, seed: Any) -> None:
    """It was pydantic's "body.seed.int: Input should be a valid integer; body.seed.str:
    ..." (an operations audit)."""
    with make(tmp_path) as c:
        res = c.post("/api/games", json={"game": "toy", "seats": {"a": "human", "b": "human"},
                                         "seed": seed})
        assert res.status_code == 422
        error = res.json()["error"]
        assert "the seed must be a whole number" in error and "body.seed.int" not in error


@pytest.mark.parametrize("version", ["3", 2.0, True])
def test_a_version_of_the_wrong_kind_is_told_what_to_send(tmp_path: Path,
                                                          version: Any) -> None:
    with make(tmp_path) as c:
        g = new(c)
        a = g["tokens"]["a"]
        for path, body in (("actions", {"token": a, "action": "take:1", "version": version}),
                           ("undo", {"token": a, "version": version})):
            res = c.post(f"/api/games/{g['id']}/{path}", json=body)
            assert res.status_code == 422, res.text
            assert "the version must be the whole number" in res.json()["error"]
        assert c.get(f"/api/games/{g['id']}/view", params={"token": a}).json()["version"] == 0


def test_the_database_tests_a_pooled_connection_before_using_it() -> None:
    """After a PostgreSQL restart the first request on a pooled connection was answered 503
    though the database was back (an operations audit): the pool pings first."""
    engine = make_engine("sqlite://")
    try:
        assert engine.pool._pre_ping
    finally:
        engine.dispose()


def test_live_streams_are_limited_per_seat_and_in_all(tmp_path: Path) -> None:
    """A script held 1,011 live-update streams for one seat, every file the server could
    open: no page or game was answered, and the log took a traceback a connection (a load
    audit). A seat holds at most STREAMS_PER_SEAT: its newest stream ends its oldest (most
    likely a connection that died unseen: a review); past the server's limit, half its
    connections, a stream is refused in words and opens nothing."""
    slots = StreamSlots(total=20, per_seat=3)
    closed: list[int] = []
    held = [slots.take(("g", "a"), lambda i=i: closed.append(i))[0] for i in range(3)]
    assert all(held) and slots.count(("g", "a")) == 3 and not closed
    newest, _ = slots.take(("g", "a"), lambda: closed.append(3))
    assert newest is not None and closed == [0]          # the oldest is told to end
    assert held[0] is not None
    held[0]()                                             # ... and gives its place back
    held[0]()                                             # twice counts once
    assert slots.count(("g", "a")) == 3 and slots.open == 3
    small = StreamSlots(total=2)
    assert small.take(("g", "a"))[0] and small.take(("g", "b"))[0]
    none, why = small.take(("h", "a"))
    assert none is None and "2 live-update streams, its most" in why and small.open == 2
    assert stream_limit(1024) == (1024 - 100) // 2 and stream_limit(10**6) == 4096
    with make(tmp_path) as c:
        g = new(c)
        key = c.get(f"/api/games/{g['id']}/view",
                    params={"token": g["tokens"]["a"]}).json()["events_key"]
        server_slots: StreamSlots = c.app.state.streams  # type: ignore[attr-defined]
        server_slots.total = server_slots.open          # the server's most, reached
        res = c.get(f"/api/games/{g['id']}/events", params={"key": key})
        assert res.status_code == 429 and "its most: try again later" in res.json()["error"]
        assert server_slots.open == 0 and server_slots.count((g["id"], "a")) == 0


def test_a_game_keeps_its_last_two_snapshots(tmp_path: Path) -> None:
    """A load reads the latest snapshot; an undo across it finds the one before. The older
    ones were kept forever (40 finished games held 552 snapshots, 18.7 MB: a load audit).
    A game loaded again after the older ones went still plays on from its latest."""
    from sqlalchemy import text

    with make(tmp_path) as c:
        svc = c.app.state.service  # type: ignore[attr-defined]
        svc.snapshot_every = 3
        g = c.post("/api/games", json={"game": "eaw1940", "seats": {"axis": "human"},
                                       "seed": 5}).json()
        url, tok = f"/api/games/{g['id']}", g["tokens"]["axis"]
        for _ in range(10):
            v = c.get(f"{url}/view", params={"token": tok}).json()
            if not v["legal"]:
                break
            res = c.post(f"{url}/actions", json={"token": tok, "action": v["legal"][0]["key"],
                                                 "version": v["version"]})
            assert res.status_code == 200, res.text
        with svc.engine.connect() as db:
            kept = [r[0] for r in db.execute(text(
                "select version from snapshots where game_id = :g order by version"),
                {"g": g["id"]})]
        assert kept == [6, 9], kept
        before = c.get(f"{url}/view", params={"token": tok}).json()
        svc._forget(g["id"])                              # loaded anew from the database
        after = c.get(f"{url}/view", params={"token": tok}).json()
        assert after["version"] == before["version"] and after["view"] == before["view"]


def test_a_stream_whose_client_left_mid_update_gives_its_place_back_at_once(
        tmp_path: Path) -> None:
    """A client that leaves while its stream waits to send it an update: Starlette cancels
    the sending and ends the response without closing the stream's body, whose clean-up
    then waited for the garbage collector, the slot and the hub's listener held until
    then (a review). Driven over ASGI as uvicorn calls it (spec 2.3: the disconnect
    cancels the sending), the collector paused: the place is free when the response
    ends."""
    async def watch(app: Any, gid: str, key: str) -> tuple[int, int, bool]:
        path = f"/api/games/{gid}/events"
        scope = {"type": "http", "asgi": {"version": "3.0", "spec_version": "2.3"},
                 "http_version": "1.1", "method": "GET", "scheme": "http", "path": path,
                 "raw_path": path.encode(), "query_string": f"key={key}".encode(),
                 "headers": [(b"host", b"testserver")], "client": ("127.0.0.1", 5000),
                 "server": ("testserver", 80), "root_path": "", "state": {}}
        sent, left, never = asyncio.Event(), asyncio.Event(), asyncio.Event()
        asked: list[int] = []

        async def receive() -> dict[str, Any]:
            asked.append(1)
            if len(asked) == 1:
                return {"type": "http.request", "body": b"", "more_body": False}
            await left.wait()
            return {"type": "http.disconnect"}

        async def send(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.body":
                sent.set()
                await never.wait()          # the client reads no more

        slots: StreamSlots = app.state.streams
        task = asyncio.create_task(app(scope, receive, send))
        await sent.wait()
        during = slots.open
        left.set()
        await task
        return during, slots.open, app.state.service.hub.listened(gid)

    with make(tmp_path) as c:
        g = new(c)
        key = c.get(f"/api/games/{g['id']}/view",
                    params={"token": g["tokens"]["a"]}).json()["events_key"]
        collecting = gc.isenabled()
        gc.disable()
        got: list[tuple[int, int, bool]] = []
        try:
            # a loop of its own, on a thread of its own: the browser tests' sync API may
            # hold this thread's loop running (CI ran them in one process)
            runner = threading.Thread(
                target=lambda: got.append(asyncio.run(watch(c.app, g["id"], key))))
            runner.start()
            runner.join(30)
        finally:
            if collecting:
                gc.enable()
        assert got == [(1, 0, False)]


def test_one_client_takes_a_share_of_the_streams_and_of_new_games(tmp_path: Path) -> None:
    """A security audit: one client's games took every live-update stream (every other
    player's page stopped updating), and a client creating games a few times a second
    queued a bot move for each (another player's bot 0.01 -> 49 s). A client (an address)
    holds at most a quarter of the streams (at least 16); new games and uploads are
    limited per client (warroom serve: 20 a minute, 30 at once), refused with 429 in words
    and a Retry-After."""
    slots = StreamSlots(total=80, per_seat=8)
    assert slots.per_client == 20
    held = [slots.take(("g", str(i)), client="10.0.0.9")[0] for i in range(20)]
    assert all(held)
    none, why = slots.take(("g", "x"), client="10.0.0.9")
    assert none is None and "this address holds 20 live-update streams" in why
    assert slots.take(("g", "x"), client="10.0.0.7")[0] is not None    # another client
    assert held[0] is not None
    held[0]()
    assert slots.take(("g", "y"), client="10.0.0.9")[0] is not None    # room again
    # an IPv6 client by its /64 (a new address a request went round the limits: a review)
    ask = type("Ask", (), {})
    for host, key in (("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
                      ("2001:db8:1:2:bbbb::9", "2001:db8:1:2::/64"),
                      ("::ffff:10.0.0.9", "10.0.0.9"), ("10.0.0.9", "10.0.0.9"),
                      ("testclient", "testclient")):
        req = ask()
        req.client = type("Peer", (), {"host": host})()  # type: ignore[attr-defined]
        assert _client(req) == key  # type: ignore[arg-type]
    clock = [0.0]
    rate = ClientRate(per_minute=6, burst=2, clock=lambda: clock[0])
    assert rate.take("a") == 0.0 and rate.take("a") == 0.0
    assert rate.take("a") == pytest.approx(10.0) and rate.take("b") == 0.0
    clock[0] += 10.0
    assert rate.take("a") == 0.0 and rate.take("a") > 0
    for i in range(10_050):                          # many clients: the oldest forgotten
        rate.take(f"c{i}")
    assert len(rate._left) == 10_000 and "a" not in rate._left
    app = create_app(db_url(tmp_path), loader, ["toy", "eaw1940"],
                     client_rates={"games": (60.0, 3), "uploads": (60.0, 1)})
    with TestClient(app) as c:
        made = [c.post("/api/games", json={"game": "toy", "seats": {
            "a": "human", "b": "human"}}) for _ in range(4)]
        assert [r.status_code for r in made] == [200, 200, 200, 429]
        assert "asked for too many new games in a short time" in made[3].json()["error"]
        assert made[3].headers["retry-after"] == "1"
        rec = {"format": "warroom-record/1", "game": "toy", "scenario": None, "options": {},
               "seed": 1, "forced_dice": [], "actions": []}
        ups = [c.post("/api/records", json=rec) for _ in range(2)]
        assert [r.status_code for r in ups] == [200, 429], ups[1].text


def test_a_bot_seat_keeps_its_bot_and_its_plan_from_move_to_move(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A seat's bot is made once and plays every move of it, as in the terminal and the
    simulations: sfe's script keeps the plan of an operation between its decisions (the
    source, each counter, the destination), and a bot made anew for every move forgot it
    and ended each move after one counter (a code review: 44 of 44 move operations of a
    web game moved one counter; 1.7-2.0 counters each in simulations)."""
    import warroom.web.service as svc
    made: list[str] = []
    real = svc.make_bot

    def counted(spec: str, seed: int = 0, game: Any = None) -> Any:
        made.append(spec)
        return real(spec, seed)
    monkeypatch.setattr(svc, "make_bot", counted)
    with make(tmp_path, ["sfe"]) as c:
        res = c.post("/api/games", json={"game": "sfe", "seed": 1, "seats": {
            "axis": "bot:aggressive", "allies": "bot:aggressive"}})
        assert res.status_code == 200, res.text
        live = c.app.state.service.live(res.json()["id"])  # type: ignore[attr-defined]
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            with live.lock:
                keys = [str(k) for k in live.session.record.actions]
                over = live.state.active is None
            if over or len(keys) >= 400:
                break
            time.sleep(0.05)
    assert len(keys) >= 400 or over, len(keys)
    assert sorted(made) == ["aggressive", "aggressive"], made      # one bot a seat
    # a move operation that took more than one counter along: two counters chosen in a row
    assert any(a.startswith("unit:") and b.startswith("unit:")
               for a, b in itertools.pairwise(keys)), keys[:200]


def test_a_bot_whose_move_was_not_stored_is_made_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A kept bot advanced its plan choosing a move; when that move is not stored (the
    database down), the bot asked again at the same position would go on from a move that
    never was (sfe's script skipped a counter: a review). It is made again."""
    import warroom.web.service as svc
    made: list[str] = []
    real_make, real_play = svc.make_bot, svc.GameService._play
    failures = [1]

    def counted(spec: str, seed: int = 0, game: Any = None) -> Any:
        made.append(spec)
        return real_make(spec, seed)

    def flaky(self: Any, live: Any, action: Any, role: str) -> None:
        if failures and live.seats.get(role, "").startswith("bot:"):
            failures.pop()
            raise svc.Unavailable("the action could not be stored; nothing changed")
        real_play(self, live, action, role)
    monkeypatch.setattr(svc, "make_bot", counted)
    monkeypatch.setattr(svc.GameService, "_play", flaky)
    monkeypatch.setattr(svc.LOG, "exception", lambda *a, **k: None)
    with make(tmp_path) as c:
        g = new(c, {"a": "bot:random", "b": "human"}, seed=5)
        for _ in range(300):
            v = c.get(f"/api/games/{g['id']}/view", params={"token": g["tokens"]["b"]}).json()
            if v["version"] >= 1:
                break
            time.sleep(0.01)
        assert v["version"] >= 1 and not failures
    assert made == ["random", "random"], made
