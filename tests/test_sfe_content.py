"""Struggle for Europe: content pack, set-up (5.1, 5.2), views, hidden information, CLI."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from typer.testing import CliRunner

from warroom.cli.main import app
from warroom.core.protocol import apply, determinize, legal_actions, new_game, view
from warroom.core.record import Record, Session, replay
from warroom.core.rng import Rng
from warroom.games import load_game

G = load_game("sfe")
runner = CliRunner()


def content() -> dict:  # type: ignore[type-arg]
    res = runner.invoke(app, ["content", "sfe", "--json"])
    assert res.exit_code == 0, res.output
    return json.loads(res.output)  # type: ignore[no-any-return]


def test_content_json_locations_lines_cards() -> None:
    data = content()
    locs = {x["name"]: x for x in data["locations"]}
    named = ["London", "Paris", "Sedan", "Antwerp", "Normandy", "Marseilles", "Ruhr", "Berlin",
             "Warsaw", "Riga", "Bialystok", "Minsk", "Kiev", "Moscow", "Leningrad",
             "Stalingrad", "Grozny", "Helsinki", "Milan", "Rome", "Budapest", "Tripoli",
             "Tobruk", "Alexandria", "Algiers", "USA"]
    for name in named:
        assert name in locs, name
    for x in data["locations"]:
        assert x["start_control"] in ("blue", "red", "gray", "tan")
        assert x["supply_source"] in ("western", "soviet", "axis", None)
        assert set(x) >= {"name", "start_control", "vp", "supply_source"}
    sources = {k: sorted(n for n, x in locs.items() if x["supply_source"] == k)
               for k in ("western", "soviet", "axis")}
    assert sources == {"western": ["Alexandria", "London", "Paris", "USA"],
                       "soviet": ["Leningrad", "Moscow", "Stalingrad"],
                       "axis": ["Berlin", "Helsinki", "Rome"]}
    assert locs["Budapest"]["start_control"] == "tan"
    for x in data["lines"]:
        assert x["kind"] in ("land", "naval") and isinstance(x["one_way"], bool)
        assert set(x) >= {"a", "b", "a_half", "b_half", "defense_a", "defense_b"}
    assert len(data["cards"]) == 98
    assert {c["deck"] for c in data["cards"]} == {1, 2, 3}


def line(data: dict, a: str, b: str) -> dict:  # type: ignore[type-arg]
    for x in data["lines"]:
        if {x["a"], x["b"]} == {a, b}:
            if x["a"] == a:
                return x  # type: ignore[no-any-return]
            return {**x, "a": x["b"], "b": x["a"], "a_half": x["b_half"],
                    "b_half": x["a_half"], "defense_a": x["defense_b"],
                    "defense_b": x["defense_a"]}
    raise AssertionError(f"no line {a}-{b}")


def test_connections_of_the_examples() -> None:
    data = content()
    # Ruhr-Antwerp enters one half of Antwerp; London's naval line the other ("back") half
    ra = line(data, "Ruhr", "Antwerp")
    assert ra["kind"] == "land" and ra["b_half"] != line(data, "London", "Antwerp")["b_half"]
    assert line(data, "Ruhr", "Sedan")["kind"] == "land"
    # Paris enters Sedan in the other half than the Ruhr (the contested Sedan example)
    assert line(data, "Paris", "Sedan")["b_half"] != line(data, "Ruhr", "Sedan")["b_half"]
    assert line(data, "London", "Normandy")["kind"] == "naval"
    # Normandy -> Paris -> Marseilles through one half of Paris
    assert line(data, "Normandy", "Paris")["b_half"] == line(data, "Paris", "Marseilles")["a_half"]
    # Riga: Leningrad and Bialystok only; Minsk and Kiev enter Bialystok's other half
    riga = [x for x in data["lines"] if "Riga" in (x["a"], x["b"])]
    assert sorted({x["a"] if x["b"] == "Riga" else x["b"] for x in riga}) == [
        "Bialystok", "Leningrad"]
    rb = line(data, "Riga", "Bialystok")["b_half"]
    assert line(data, "Minsk", "Bialystok")["b_half"] != rb
    assert line(data, "Kiev", "Bialystok")["b_half"] != rb
    assert line(data, "Warsaw", "Bialystok")["b_half"] == rb
    # one-way naval lines to Algiers: London from the 2nd Allied deck, USA from the 3rd
    la = line(data, "London", "Algiers")
    ua = line(data, "USA", "Algiers")
    assert la["one_way"] and la["active_from_deck"] == 2 and la["kind"] == "naval"
    assert ua["one_way"] and ua["active_from_deck"] == 3


def test_setup_exactly_as_5_2() -> None:
    s = new_game(G, seed=0)
    v = view(s, "axis")
    got: dict[str, Counter[tuple[str, int]]] = {}
    for loc in v["locations"]:
        for u in loc["counters"]:
            assert not u["fortress"]
            got.setdefault(loc["name"], Counter())[(u["owner"], u["strength"])] += 1
    a, w, r = "axis", "western", "soviet"
    expected = {
        "Helsinki": {(a, 1): 1, (a, 2): 1}, "Warsaw": {(a, 1): 1, (a, 2): 1, (a, 3): 1},
        "Tripoli": {(a, 1): 1, (a, 2): 1}, "Milan": {(a, 1): 1, (a, 2): 1},
        "Rome": {(a, 1): 1, (a, 2): 1}, "Ruhr": {(a, 1): 1, (a, 2): 2, (a, 3): 1},
        "Berlin": {(a, 1): 1},
        "London": {(w, 1): 1, (w, 2): 3}, "Antwerp": {(w, 1): 1}, "Sedan": {(w, 1): 2},
        "Marseilles": {(w, 1): 1}, "Paris": {(w, 1): 2, (w, 2): 1}, "Tobruk": {(w, 1): 1},
        "Alexandria": {(w, 1): 2},
        "Leningrad": {(r, 1): 2}, "Bialystok": {(r, 1): 1}, "Minsk": {(r, 1): 1},
        "Moscow": {(r, 2): 1}, "Kiev": {(r, 1): 1}, "Stalingrad": {(r, 2): 1},
        "Grozny": {(r, 1): 1},
    }
    assert {k: dict(x) for k, x in got.items()} == expected
    assert v["bombing"] == {"position": 0, "value": 0, "side": "center"}
    assert v["sides"]["axis"]["hand_count"] == 6 and v["sides"]["allies"]["hand_count"] == 5
    assert all(c["deck"] == 1 for c in v["sides"]["axis"]["hand"])
    assert v["active"] == "axis"
    for loc in v["locations"]:
        for u in loc["counters"]:
            assert set(u) == {"owner", "strength", "fortress", "half"}
        assert loc["control"] in ("axis", "western", "soviet", "neutral", "contested")


def test_views_never_show_the_opponents_hand_or_deck() -> None:
    s = new_game(G, seed=1)
    d = s.data
    for role, opp in (("axis", 1), ("allies", 0)):
        v = view(s, role)
        text = json.dumps(v)
        me = 0 if role == "axis" else 1
        assert [c["id"] for c in v["sides"][role]["hand"]] == [
            G.c.card_ids[x] for x in d["hand"][me]]  # type: ignore[attr-defined]
        for x in d["hand"][opp] + d["deck"][opp]:
            assert f'"{G.c.card_ids[x]}"' not in text  # type: ignore[attr-defined]
    spectator = json.dumps(view(s))
    assert '"hand": null' in spectator


def test_determinize_resamples_the_opponents_hand() -> None:
    s = new_game(G, seed=2)
    rng = Rng(5)
    hands = set()
    for _ in range(6):
        dz = determinize(s, "axis", rng)
        assert dz.data["hand"][0] == s.data["hand"][0]
        assert sorted(dz.data["hand"][1] + dz.data["deck"][1]) == sorted(
            s.data["hand"][1] + s.data["deck"][1])
        assert G.check_invariants(dz) == []
        hands.add(tuple(sorted(dz.data["hand"][1])))
    assert len(hands) > 1


def test_undo_never_crosses_a_change_of_player() -> None:
    session = Session.start(G, seed=3)
    session.apply("op:discard")
    assert session.can_undo()
    session.undo()
    session.apply("op:pass")
    session.apply("op:pass")   # the Allies now decide: the Axis turn cannot be undone
    assert session.state.active == "allies" and not session.can_undo()


def test_record_replay_and_cli(tmp_path: Path) -> None:
    s = new_game(G, seed=4)
    actions = []
    rng = Rng(9)
    for _ in range(60):
        legal = legal_actions(s)
        a = legal[rng.randbelow(len(legal))]
        actions.append(a.key)
        apply(s, a)
    rec = Record("sfe", "1939", dict(s.data["options"]), 4, [], actions)
    again = replay(G, rec)
    assert again.dumps() == s.dumps()
    path = tmp_path / "r.json"
    rec.save(path, with_state=False)
    res = runner.invoke(app, ["replay", str(path), "--json"])
    assert res.exit_code == 0, res.output
    v = json.loads(res.output)
    assert v["game"] == "sfe" and len(v["locations"]) == G.c.n  # type: ignore[attr-defined]


def test_cli_play_scripted() -> None:
    res = runner.invoke(app, ["play", "sfe", "--as", "axis", "--vs", "random", "--seed", "1"],
                        input="why op:fortress\nop:pass\nop:pass\nquit\n")
    assert res.exit_code == 0, res.output
    assert "Axis pass" in res.output


def test_a_pack_that_rewords_an_event_is_told_it_plays_warrooms_own(tmp_path: Path) -> None:
    """An event is code: a pack's other words for it were shown while the game played
    warroom's (a terminal audit: a Great Commander said "+3", the battle added 2). Its words
    are followed by a note wherever they are shown; words that differ by layout alone, or
    a pack without cards.yaml, add none."""
    from warroom.games.sfe.components import REWORDED
    src = Path(__file__).parent.parent / "src" / "warroom" / "games" / "sfe" / "content"
    text = (src / "cards.yaml").read_text(encoding="utf-8")
    old = "Add 2 to your total army strength."
    assert old in text
    (tmp_path / "cards.yaml").write_text(text.replace(old, "Add 3 to your total army "
                                                      "strength.", 1), encoding="utf-8")
    game = load_game("sfe", tmp_path)
    gc = game.c.event_names.index("Great Commander")
    assert game.c.event_text[gc].startswith("Add 3") and REWORDED in game.c.event_text[gc]
    assert sum(REWORDED in t for t in game.c.event_text) == 1
    card = next(x for x in range(len(game.c.card_ids)) if game.c.card_event[x] == gc)
    assert REWORDED in game.card_json(card)["event_text"]
    assert not any(REWORDED in t for t in load_game("sfe").c.event_text)
