"""The replay and "why not" routes of the web server: a game's record stepped through (once
over, for anyone; while on, for a seat, with that seat's view only), the turn index, "why?"
at a step, an uploaded record, and "why not" for a map target; bad requests answered with a
clear 4xx that changes nothing."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from test_web_hidden import Eit2Cards, Watch
from toy import TOY
from warroom.core.content import load_yaml
from warroom.core.errors import ContentError
from warroom.core.protocol import Game, apply, legal_actions, new_game, role_turn, view
from warroom.core.record import Record
from warroom.games import load_game
from warroom.games.eit2 import map as eit2_map
from warroom.web.app import create_app
from warroom.web.replay import Timelines

TK_CONTENT = Path(__file__).parents[1] / "src" / "warroom" / "games" / "tk" / "content"


def loader(gid: str) -> Game:
    return TOY if gid == "toy" else load_game(gid)


def make(tmp: Path) -> TestClient:
    return TestClient(create_app(f"sqlite:///{tmp / 'r.sqlite3'}", loader, ["toy", "eit2"]))


def play_out(c: TestClient, gid: str, tokens: dict[str, str], limit: int = 200,
             rng: random.Random | None = None) -> int:
    """Play the game by its seats (the first legal action, or a random one) until it is over
    or ``limit`` actions; returns how many were played."""
    url = f"/api/games/{gid}"
    n = 0
    while n < limit:
        v = c.get(f"{url}/view", params={"token": next(iter(tokens.values()))}).json()
        if v["status"] == "over":
            break
        mine = c.get(f"{url}/view", params={"token": tokens[v["active"]]}).json()
        legal = mine["legal"]
        key = (rng.choice(legal) if rng else legal[0])["key"]
        res = c.post(f"{url}/actions", json={"token": tokens[v["active"]], "action": key})
        assert res.status_code == 200, res.text
        n += 1
    return n


def new(c: TestClient, game: str, seed: int) -> dict[str, Any]:
    roles = loader(game).roles
    res = c.post("/api/games", json={"game": game, "seed": seed,
                                     "seats": {r: "human" for r in roles}})
    assert res.status_code == 200, res.text
    out: dict[str, Any] = res.json()
    return out


def test_finished_game_replays_for_anyone_with_index_and_why(tmp_path: Path) -> None:
    with make(tmp_path) as c:
        g = new(c, "toy", 11)
        played = play_out(c, g["id"], g["tokens"])
        url = f"/api/games/{g['id']}/replay"
        end = c.get(url, params={"index": "true"}).json()
        assert end["steps"] == played and end["step"] == played and not end["live"]
        assert end["result"] is not None and end["final"] == end["result"]
        assert end["seed"] == "11", "the seed is public once the game is over (a string: 64 bits)"
        index = end["index"]
        assert [e["step"] for e in index] == list(range(played + 1))
        assert index[0]["role"] is None
        assert [e["role"] for e in index[1:]] == ["a", "b"] * (played // 2) + ["a"] * (played % 2)
        # the last step seen by a role is that seat's own view of the finished game
        for role, token in g["tokens"].items():
            mine = c.get(f"/api/games/{g['id']}/view", params={"token": token}).json()
            seen = c.get(url, params={"as": role}).json()
            assert seen["view"] == mine["view"] and seen["role"] == role
        # the start, a step in the middle, and "why?" of each action
        start = c.get(url, params={"step": 0}).json()
        assert start["step"] == 0 and start["action"] is None and start["actor"] is None
        assert not start["can_explain"]
        one = c.get(url, params={"step": 1}).json()
        assert one["action"]["key"].startswith("take:") and one["actor"] == "a"
        for step in range(1, played + 1):
            why = c.get(f"{url}/why", params={"step": step}).json()
            assert why["legal"] is True and why["rules"], why
            assert why["role"] == index[step]["role"]


def test_each_step_carries_the_question_its_action_answered(tmp_path: Path) -> None:
    """A usability audit: the replay's caption, 'Step 15: Allies Paris (Western, 3
    counters) loc:Paris', said nothing of what was decided. Each step now carries the
    prompt its action answered (public, as a waiting seat sees it live): for anyone once the
    game is over, and in a seat's replay of a running game for the other side's steps too,
    whose action stays hidden; the start and a resignation answer no question."""
    with make(tmp_path) as c:
        g = new(c, "toy", 11)
        url = f"/api/games/{g['id']}"
        asked = []
        for _ in range(3):
            v = c.get(f"{url}/view", params={"token": g["tokens"]["a"]}).json()
            asked.append(v["prompt"])
            mine = c.get(f"{url}/view", params={"token": g["tokens"][v["active"]]}).json()
            res = c.post(f"{url}/actions", json={"token": g["tokens"][v["active"]],
                                                 "action": mine["legal"][0]["key"]})
            assert res.status_code == 200, res.text
        assert all(q and q["text"] for q in asked), asked
        # a seat's replay of the running game: the other side's question, not its action
        for n, q in enumerate(asked, 1):
            body = c.get(f"{url}/replay", params={"token": g["tokens"]["a"], "step": n}).json()
            assert body["question"] == q and body["actor"] == q["role"], (n, body["question"])
        assert c.get(f"{url}/replay", params={"token": g["tokens"]["a"], "step": 0}
                     ).json()["question"] is None
        v = c.get(f"{url}/view", params={"token": g["tokens"]["b"]}).json()
        res = c.post(f"{url}/actions", json={"token": g["tokens"]["b"], "action": v["resign"]})
        assert res.status_code == 200, res.text
        end = c.get(f"{url}/replay").json()
        assert end["step"] == 4 and end["actor"] == "b" and end["question"] is None
        assert [c.get(f"{url}/replay", params={"step": n}).json()["question"]
                for n in range(1, 4)] == asked


def test_replay_bad_requests_are_4xx_and_change_nothing(tmp_path: Path) -> None:
    with make(tmp_path) as c:
        g = new(c, "toy", 5)
        gid, ta = g["id"], g["tokens"]["a"]
        c.post(f"/api/games/{gid}/actions", json={"token": ta, "action": "take:1"})
        url = f"/api/games/{gid}/replay"
        cases = [
            (url, {}, 403, "token"),                                   # running: a seat only
            (url, {"token": "nope"}, 403, "not a seat"),
            (url, {"token": ta, "as": "b"}, 403, "as itself"),
            (url, {"token": ta, "step": 2}, 422, "outside this record"),
            (url, {"token": ta, "step": -1}, 422, "bad request"),
            (url, {"token": ta, "step": "x"}, 422, "bad request"),
            (f"{url}/why", {"token": ta, "step": 0}, 422, "start of the game"),
            (f"{url}/why", {"token": ta, "step": 9}, 422, "outside this record"),
            (f"{url}/why", {"token": ta}, 422, "bad request"),
            ("/api/games/nosuchgame/replay", {"token": ta}, 404, "no game"),
            ("/api/records/nosuch", {}, 404, "no uploaded record"),
        ]
        for path, params, status, words in cases:
            res = c.get(path, params=params)
            assert res.status_code == status, (path, params, res.text)
            assert words in res.json()["error"], (path, params, res.text)
            assert "Traceback" not in res.text
        v = c.get(f"/api/games/{gid}/view", params={"token": ta}).json()
        assert v["version"] == 1, "nothing changed"
        # the seat's own step: the key and "why?"; the start: no why
        mine = c.get(url, params={"token": ta, "step": 1}).json()
        assert mine["action"]["key"] == "take:1" and mine["can_explain"]
        assert c.get(f"{url}/why", params={"token": ta, "step": 1}).json()["legal"]


def test_uploaded_record_steps_perspectives_and_why(tmp_path: Path) -> None:
    with make(tmp_path) as c:
        g = new(c, "toy", 9)
        played = play_out(c, g["id"], g["tokens"])
        rec = c.get(f"/api/games/{g['id']}/record").json()
        up = c.post("/api/records", json=rec).json()
        url = f"/api/records/{up['id']}"
        end = c.get(url).json()
        assert end["step"] == end["steps"] == played and end["source"] == "upload"
        assert end["record"]["actions"] == rec["actions"]
        assert end["result"] == rec["result"]
        assert up["doubts"] == end["doubts"] == []
        # a record stating another result, or another content pack, is said to be doubtful
        # (accepted without a word before: an outside audit)
        winner = "b" if rec["result"]["winner"] == "a" else "a"
        bent = c.post("/api/records", json={**rec, "content": "0123456789ab",
                                            "result": {**rec["result"], "winner": winner}})
        said = bent.json()["doubts"]
        assert len(said) == 2 and "another content pack" in said[0], said
        assert c.get(f"/api/records/{bent.json()['id']}").json()["doubts"] == said
        as_b = c.get(url, params={"as": "b", "step": 1}).json()
        assert as_b["role"] == "b" and as_b["action"]["key"] == rec["actions"][0]
        assert all(e.get("to") in (None, "b") for e in as_b["view"]["log"])
        assert any(e.get("to") == "b" for e in as_b["view"]["log"]), "b's private entry shows"
        bad = c.get(url, params={"as": "zz"})
        assert bad.status_code == 422 and "no role" in bad.json()["error"]
        assert c.get(url, params={"step": played + 1}).status_code == 422
        why = c.get(f"{url}/why", params={"step": played}).json()
        assert why["legal"] and why["rules"]
        assert c.get(f"{url}/why", params={"step": 0}).status_code == 422


def _state_after(game: Game, rec: dict[str, Any], n: int) -> Any:
    st = new_game(game, rec["scenario"] or None, rec["seed"], rec["options"],
                  rec["forced_dice"])
    for key in rec["actions"][:n]:
        apply(st, key)
    return st


def test_a_seats_replay_of_a_running_eit2_game_hides_the_other_hand(tmp_path: Path) -> None:
    """Every step of lw's replay (its view, the action line, the index, "why?") shows
    nothing of rw's hand or the deck, checked as test_web_hidden checks live payloads: the
    state at each step is rebuilt from the full record on the server's side."""
    game = load_game("eit2")
    with make(tmp_path) as c:
        g = new(c, "eit2", 2**63 + 77)
        play_out(c, g["id"], g["tokens"], limit=45, rng=random.Random(3))
        service: Any = c.app.state.service    # type: ignore[attr-defined]
        live = service.live(g["id"])
        assert live.state.active is not None, "the game is still on"
        full = live.session.record.to_json()
        url = f"/api/games/{g['id']}/replay"
        token = g["tokens"]["lw"]
        first = c.get(url, params={"token": token, "index": "true"}).json()
        steps = first["steps"]
        assert first["live"] and first["seed"] is None and first["final"] is None
        assert steps == len(full["actions"]) >= 40
        watch = Watch(Eit2Cards(game), "lw")
        hidden_steps = said_rw = 0
        for n in range(steps + 1):
            data = _state_after(game, full, n).data
            watch.update(data)
            body = c.get(url, params={"token": token, "step": n}).json()
            watch.check(f"replay step {n}", body)
            assert body["view"]["hand"] == view(_state_after(game, full, n), "lw")["hand"]
            rw_hand = set(data["hands"][1])
            assert not any(isinstance(x, dict) and x.get("number") in rw_hand
                           for x in body["view"]["hand"] or [])
            if n and first["index"][n]["role"] == "rw":
                hidden_steps += 1
                assert body["action"] is None and not body["can_explain"]
                # what the step put in lw's log is said in its place, and nothing else
                now = view(_state_after(game, full, n), "lw")["log"]
                was = view(_state_after(game, full, n - 1), "lw")["log"]
                assert body["said"] == [{"text": e["text"], "rule": e.get("rule") or None}
                                        for e in now[len(was):]]
                said_rw += bool(body["said"])
                why = c.get(f"{url}/why", params={"token": token, "step": n})
                assert why.status_code == 403 and "once the game is over" in why.json()["error"]
            elif n:
                assert body["action"]["key"] == full["actions"][n - 1]
                why = c.get(f"{url}/why", params={"token": token, "step": n})
                assert why.status_code == 200, why.text
                watch.check(f"why step {n}", why.json())
        assert hidden_steps > 0, "the test saw rw's decisions"
        assert said_rw > 0, "rw's public plays were said"
        watch.check("index", first["index"])
        # the spectator route of a running game needs a seat
        assert c.get(url).status_code == 403


def test_why_not_for_a_map_target(tmp_path: Path) -> None:
    with make(tmp_path) as c:
        g = new(c, "eit2", 4)
        gid, tl, tr = g["id"], g["tokens"]["lw"], g["tokens"]["rw"]
        url = f"/api/games/{gid}/explain"
        v = c.get(f"/api/games/{gid}/view", params={"token": tl}).json()
        assert v["active"] == "lw" and v["prompt"]["rule"] == "3.7"
        legal = {a["target"] for a in v["legal"]}
        space_ids = [sp["id"] for sp in v["view"]["map"]["spaces"]]
        blocked = next(s for s in space_ids if s not in legal)
        ok = next(iter(sorted(legal)))
        no = c.get(url, params={"token": tl, "target": blocked}).json()
        assert no["legal"] is False and no["key"] == f"space:{blocked}"
        assert "3.7" in no["rules"] and no["reason"]
        yes = c.get(url, params={"token": tl, "target": ok}).json()
        assert yes["legal"] is True and yes["rules"]
        # the seat that is not to act hears only that it is not its turn
        other = c.get(url, params={"token": tr, "target": ok}).json()
        assert other["legal"] is False and "not RW's turn" in other["reason"]
        assert other["rules"] == []
        for params, status, words in [
            ({"token": tl, "target": "atlantis"}, 422, "no action of eit2 names"),
            ({"token": tl, "target": ok, "action": f"space:{ok}"}, 422, "not both"),
            ({"token": tl}, 422, "not both"),
            ({"target": ok}, 403, "token"),
            ({"token": "bad", "target": ok}, 403, "not a seat"),
        ]:
            res = c.get(url, params=params)
            assert res.status_code == status and words in res.json()["error"], res.text
        after = c.get(f"/api/games/{gid}/view", params={"token": tl}).json()
        assert after["version"] == v["version"] == 0, "nothing changed"


@pytest.mark.parametrize("game_id", ["eit2"])
def test_eit2_view_has_the_rearmament_chart_and_reminders(game_id: str) -> None:
    game: Any = load_game(game_id)
    st = new_game(game, "appeasement", 3)
    seen = view(st, "lw")
    chart = seen["rearmament_chart"]
    assert [t["track"] for t in chart] == [t["track"] for t in seen["rearmament"]]
    assert len(chart) == 7 and all(len(t["boxes"]) >= 2 for t in chart)
    for tr, at in zip(chart, seen["rearmament"], strict=True):
        assert tr["boxes"][at["index"]]["name"] == at["box"]
    assert all(isinstance(e, str) for t in chart for b in t["boxes"] for e in b["effects"])
    # 1936: boxes passed before the start are in force (13.2), and show as reminders
    assert any(r["kind"] == "support_check" and r["rule"] for r in seen["reminders"])
    # the chart is a copy: editing one view never edits another's
    chart[0]["boxes"][0]["name"] = "edited"
    assert view(st, "rw")["rearmament_chart"][0]["boxes"][0]["name"] != "edited"
    # reminders follow the state: play on and they are still well formed
    rng = random.Random(1)
    for _ in range(80):
        if st.active is None:
            break
        apply(st, rng.choice(legal_actions(st)))
    for r in view(st, None)["reminders"]:
        assert set(r) == {"kind", "side", "value", "source", "rule", "text"} and r["text"]


# the element ids the game's map draws and asks about (see the renderers map_*.js): a
# location id (an arg), or the key of the one action a board element stands for
MAP_TARGETS = {
    "sfe": [("Berlin", "loc:Berlin"), ("loc:Moscow", "loc:Moscow")],
    "eaw1940": [("sea:atlantic", "sea:atlantic"), ("air:western_europe", "air:western_europe"),
                ("attack:eastern", "attack:eastern"), ("western", None)],
    "tk": [("country:belgium", "country:belgium"), ("table:central", "table:central"),
           ("faction:axis", "faction:axis")],
}


@pytest.mark.parametrize("game_id", sorted(MAP_TARGETS))
def test_why_not_for_every_games_map_elements(tmp_path: Path, game_id: str) -> None:
    """The targets each game's map asks about are found (an element's id or the key of its
    action), explained with rules for the seat to act and as "not your turn" for the others;
    bad targets get a clear 422 and change nothing."""
    game = loader(game_id)
    app = create_app(f"sqlite:///{tmp_path / 'w.sqlite3'}", loader, [game_id])
    with TestClient(app) as c:
        g = new(c, game_id, 3)
        gid, tokens = g["id"], g["tokens"]
        url = f"/api/games/{gid}/explain"
        v = c.get(f"/api/games/{gid}/view", params={"token": next(iter(tokens.values()))})
        active = v.json()["active"]
        for target, key in MAP_TARGETS[game_id]:
            res = c.get(url, params={"token": tokens[active], "target": target})
            assert res.status_code == 200, res.text
            out = res.json()
            assert out["target"] == target and out["reason"]
            assert key is None or out["key"] == key, out
            assert out["legal"] or out["rules"], f"{target}: a refusal names its rule: {out}"
            for role in game.roles:
                if role == active:
                    continue
                other = c.get(url, params={"token": tokens[role], "target": target}).json()
                assert other["legal"] is False and other["rules"] == [], other
                assert f"not {role_turn(role)} turn" in other["reason"], other
        for bad in ["atlantis", "loc:", "country:atlantis", ":", "x" * 128]:
            res = c.get(url, params={"token": tokens[active], "target": bad})
            assert res.status_code == 422, res.text
            assert f"no action of {game_id} names" in res.json()["error"], res.text
        res = c.get(url, params={"token": tokens[active], "target": "x" * 129})
        assert res.status_code == 422, res.text
        after = c.get(f"/api/games/{gid}/view", params={"token": tokens[active]}).json()
        assert after["version"] == 0 and after["view"] == v.json()["view"], "nothing changed"


def test_eit2_region_styles_come_from_a_content_pack(tmp_path: Path) -> None:
    """map.yaml's regions (tint, letter, hatch) reach the view's map; a pack that changes
    one (or moves a space) changes the drawing and nothing else; a bad colour or a letter
    two regions share is a content error naming the field."""
    text = (Path(eit2_map.__file__).parent / "content" / "map.yaml").read_text(encoding="utf-8")
    base = view(new_game(load_game("eit2"), None, 1), "lw")
    styles = {r["name"]: r for r in base["map"]["regions"]}
    assert set(styles) == {"France", "United Kingdom", "Germany", "Spain", "Italy",
                           "Little Entente", "Independent"}
    assert styles["Independent"]["hatched"] and not styles["France"]["hatched"]
    letters = [r["letter"] for r in styles.values() if r["letter"]]
    assert len(letters) == len(set(letters)) == 6
    pack = tmp_path / "pack"
    pack.mkdir()
    old = 'France: {colour: "#bcd9ef", letter: F}'
    assert old in text
    paris = next(sp for sp in base["map"]["spaces"] if sp["name"] == "Paris")
    moved = text.replace(old, 'France: {colour: "#112233", letter: Fr}')
    at = f"x: {paris['x']}\n    y: {paris['y']}\n"
    assert moved.count(at) == 1, "Paris's coordinates are unique in map.yaml"
    (pack / "map.yaml").write_text(moved.replace(at, "x: 321\n    y: 123\n"), encoding="utf-8")
    seen = view(new_game(load_game("eit2", pack), None, 1), "lw")
    france = next(r for r in seen["map"]["regions"] if r["name"] == "France")
    assert france == {"name": "France", "colour": "#112233", "letter": "Fr", "hatched": False}
    # a pack that moves a space moves it on the map
    assert next(sp for sp in seen["map"]["spaces"] if sp["name"] == "Paris") == {
        **paris, "x": 321, "y": 123}
    assert {k: v for k, v in seen.items() if k != "map"} == {
        k: v for k, v in base.items() if k != "map"}, "only the drawing changed"
    for bad, words in [('France: {colour: "blue", letter: F}', "colour"),
                       ('France: {colour: "#bcd9ef", letter: G}', "same letter")]:
        (pack / "map.yaml").write_text(text.replace(old, bad), encoding="utf-8")
        with pytest.raises(ContentError, match=words):
            load_game("eit2", pack)


def _toy_record(seed: int, n: int) -> Any:
    state = new_game(TOY, None, seed)
    keys: list[str | int] = []
    rng = random.Random(seed)
    while state.active is not None and len(keys) < n:
        a = rng.choice(legal_actions(state))
        keys.append(a.key)
        apply(state, a)
    return Record("toy", None, {}, seed, [], keys)


def test_the_timeline_cache_is_bounded_by_steps_not_by_16_games() -> None:
    """The replay cache held 16 timelines: a 17th watched game made every request replay a
    whole game again (a load audit). It keeps many more, bounded by their steps, drops the
    least recently asked first, never the one asked for last, and a record that grew is
    extended, not replayed again."""
    recs = [_toy_record(seed, 40) for seed in range(40)]
    steps = [len(r.actions) for r in recs]
    assert min(steps) > 0
    cache = Timelines()
    first = [cache.get(f"game:{i}", TOY, r) for i, r in enumerate(recs)]
    assert len(cache) == 40                          # 16 before
    again = [cache.get(f"game:{i}", TOY, r) for i, r in enumerate(recs)]
    assert all(a is b for a, b in zip(first, again, strict=True))
    # bounded by steps: room for the last three only; the least recently asked go first
    small = Timelines(steps=sum(steps[-3:]))
    for i, r in enumerate(recs):
        small.get(f"game:{i}", TOY, r)
    assert len(small) == 3
    kept = small.get("game:39", TOY, recs[39])
    assert kept is small.get("game:39", TOY, recs[39])
    # one longer than the bound stays while it is the one asked for
    tiny = Timelines(steps=1)
    tl = tiny.get("game:0", TOY, recs[0])
    assert len(tiny) == 1 and tiny.get("game:0", TOY, recs[0]) is tl
    tiny.get("game:1", TOY, recs[1])
    assert len(tiny) == 1
    # bounded by number too
    few = Timelines(size=2)
    for i, r in enumerate(recs[:5]):
        few.get(f"game:{i}", TOY, r)
    assert len(few) == 2
    # a record that grew: the same timeline, extended
    grow = Timelines()
    half = Record("toy", None, {}, 0, [], recs[0].actions[:2])
    tl = grow.get("game:g", TOY, half)
    assert grow.get("game:g", TOY, recs[0]) is tl and tl.count == len(recs[0].actions)


def test_an_upload_keeps_to_a_games_options_limit_and_its_replay_is_cached(
        tmp_path: Path) -> None:
    """A security audit: an uploaded record's options went round the 32 KiB a new game's
    options may take (a tk situation of 240 KB, stored and replayed at each request); and
    where every load of a game builds a new one (a content pack), the replay of an upload
    was built again at every request (0.1-0.2 s). The options are refused in words, and the
    server's one copy of each game is used, so the replay is found in the cache."""
    loads = {"n": 0}

    def fresh(gid: str) -> Game:        # as a content pack's loader: a new game each time
        loads["n"] += 1
        return load_game(gid) if gid != "toy" else TOY

    app = create_app(f"sqlite:///{tmp_path / 'u.sqlite3'}", fresh, ["toy", "eaw1940", "tk"])
    with TestClient(app) as c:
        situation = load_yaml(TK_CONTENT / "situation_1939.yaml")
        big = c.post("/api/records", json={
            "format": "warroom-record/1", "game": "tk", "scenario": "random", "seed": 6,
            "options": {"situation_data": {**situation, "title": "T" * 40_000}},
            "forced_dice": [], "actions": []})
        assert big.status_code == 422 and "32 KiB" in big.json()["error"], big.text
        rec = {"format": "warroom-record/1", "game": "eaw1940", "scenario": "1940",
               "options": {}, "seed": 3, "forced_dice": [], "actions": []}
        state = new_game(load_game("eaw1940"), None, 3)
        keys: list[str | int] = []
        for _ in range(5):
            a = legal_actions(state)[0]
            keys.append(a.key)
            apply(state, a)
        up = c.post("/api/records", json={**rec, "actions": keys})
        assert up.status_code == 200, up.text
        service = c.app.state.service  # type: ignore[attr-defined]
        url = f"/api/records/{up.json()['id']}"
        assert c.get(url, params={"step": 2}).status_code == 200
        first = service.timelines.get(f"upload:{up.json()['id']}",
                                      service._listed_game("eaw1940"),
                                      Record("eaw1940", "1940", {}, 3, [], keys))
        before = loads["n"]
        for step in (1, 3, 5):
            assert c.get(url, params={"step": step}).status_code == 200
            assert c.get(f"{url}/why", params={"step": step}).status_code == 200
        assert loads["n"] == before                  # no game loaded again
        again = service.timelines.get(f"upload:{up.json()['id']}",
                                      service._listed_game("eaw1940"),
                                      Record("eaw1940", "1940", {}, 3, [], keys))
        assert again is first


def test_requests_for_one_uncached_replay_build_it_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Eight requests at once for a replay not in the cache (watchers after a restart)
    each built the whole timeline (a review); they wait for one build."""
    import threading
    import time

    import warroom.web.replay as replay_mod
    built = {"n": 0}
    real = replay_mod.Timeline.build.__func__  # type: ignore[attr-defined]

    def slow(cls: Any, game: Game, record: Record) -> Any:
        built["n"] += 1
        time.sleep(0.2)
        return real(cls, game, record)
    monkeypatch.setattr(replay_mod.Timeline, "build", classmethod(slow))
    cache = Timelines()
    rec = _toy_record(3, 20)
    got: list[Any] = []
    threads = [threading.Thread(target=lambda: got.append(cache.get("game:x", TOY, rec)))
               for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert len(got) == 8 and all(g is got[0] for g in got)
    assert built["n"] == 1 and not cache._building
    # another source builds on its own
    cache.get("game:y", TOY, rec)
    assert built["n"] == 2
