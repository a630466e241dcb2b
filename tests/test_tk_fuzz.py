"""Fuzzing: random situations x random events x random choices; no crash, every marker
count within its countermix; records replay; the CLI and content listing work."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from test_tk_helpers import game, situation
from warroom.cli.main import app
from warroom.core.errors import ContentError, UnknownGameError
from warroom.core.protocol import apply, clone, legal_actions, new_game
from warroom.core.record import Record, replay
from warroom.core.rng import Rng
from warroom.games.tk.rules import EVENTS


def _play(seed: int, scenario: str | None = None, options: dict | None = None) -> list[str]:
    g = game()
    s = new_game(g, scenario, seed, options)
    rng = Rng(seed)
    keys = []
    while s.active is not None:
        act = rng.choice(legal_actions(s))
        keys.append(act.key)
        apply(s, act)
        bad = g.check_invariants(s)
        assert not bad, (seed, s.data["event"], bad)
    assert s.data["decisions"] < g.max_decisions()
    return keys


def test_fuzz_random_events() -> None:
    for seed in range(400):
        _play(seed)


@pytest.mark.parametrize("sit", ["1939", "1940", "1937"])
def test_fuzz_every_event_every_faction(sit: str) -> None:
    for num, _, _ in EVENTS:
        for f in ("axis", "western", "soviet"):
            for seed in range(2):
                _play(seed, sit, {"event": num, "faction": f})


def test_record_replays_bit_for_bit() -> None:
    g = game()
    keys = _play(11)
    rec = Record("tk", "random", {}, 11, [], list(keys))
    s = replay(g, rec)
    assert s.active is None
    t = clone(s)
    assert t.dumps() == s.dumps()


def test_situation_errors_name_the_field() -> None:
    g = game()
    bad = situation("1939")
    bad["countries"]["Atlantis"] = {"markers": []}
    with pytest.raises(ContentError, match="Atlantis"):
        new_game(g, "random", 0, {"event": "15.1", "faction": "axis", "situation_data": bad})
    bad = situation("1939")
    bad["war"] = "cold_war"
    with pytest.raises(ContentError, match="war"):
        new_game(g, "random", 0, {"event": "15.1", "faction": "axis", "situation_data": bad})
    bad = situation("1939")
    bad["countries"]["Poland"] = {"markers": ["influence:martian"]}
    with pytest.raises(ContentError, match="countries \\(Poland\\)"):
        new_game(g, "random", 0, {"event": "15.1", "faction": "axis", "situation_data": bad})
    with pytest.raises(UnknownGameError, match="no political event"):
        new_game(g, "1939", 0, {"event": "Alien Invasion"})


def test_event_by_name() -> None:
    s = new_game(game(), "1939", 0, {"event": "Minor Country Politics", "faction": "axis"})
    assert s.data["event"]["event"] == "15.26"
    s = new_game(game(), "1939", 0, {"event": "diplomatic success", "faction": "axis"})
    assert s.data["event"]["event"] == "15.13"


def test_cli_content_and_resolve(tmp_path) -> None:  # type: ignore[no-untyped-def]
    runner = CliRunner()
    res = runner.invoke(app, ["content", "tk", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert len(data["events"]) == 40
    assert data["events"][2] == {"number": "15.3", "name": "Ceded Land", "needs": "land"}
    assert {"Diplomatic Incident Table", "International Crisis Table",
            "Civil War Table"} <= set(data["tables"])
    assert data["tables"]["Civil War Table"]["reconstructed"] is True
    res = runner.invoke(app, ["tk", "resolve", "--situation", "1939", "--event", "15.3",
                              "--faction", "soviet", "--land", "ru_eastern_poland",
                              "--choose", "3", "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert out["situation"]["countries"]["Poland"]["markers"] == ["influence:axis"]
    assert any("Ceded Lands Box" in x for x in out["instructions"])
    f = tmp_path / "sit.json"
    sit = situation("1939")
    sit["countries"]["Poland"] = {"markers": ["influence:axis"]}
    f.write_text(json.dumps(sit))
    res = runner.invoke(app, ["tk", "resolve", "--situation", str(f), "--event", "Ceded Land",
                              "--faction", "soviet", "--land", "ru_eastern_poland",
                              "--choose", "3", "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["situation"]["countries"]["Poland"]["markers"] == [
        "influence:axis"]
    res = runner.invoke(app, ["tk", "resolve", "--event", "15.6", "--faction", "axis",
                              "--country", "Yugoslavia"], input="")
    assert res.exit_code == 0, res.output
    assert "remove the Western Influence marker from Yugoslavia" in res.stdout


def test_cli_simulate() -> None:
    res = CliRunner().invoke(app, ["simulate", "tk", "--games", "30", "--seed", "1",
                                   "--json"])
    assert res.exit_code == 0, res.output
    summary = json.loads(res.stdout)
    assert summary["games"] == 30 and sum(summary["outcomes"].values()) == 30
