"""A bot's answer is held to its usual time where a person plays a game with hidden
information against it (an adversarial fair-play audit: an answer at once told that the
bot's hand left it one legal action, at 10% of sfe's decisions)."""

from __future__ import annotations

import io
import random
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from rich.console import Console

from warroom.ai.pace import EvenPace
from warroom.cli.loop import PlayLoop, Terminal
from warroom.cli.records import parse_seats
from warroom.core.actions import Action
from warroom.core.protocol import Game, apply, legal_actions, new_game
from warroom.core.record import Session
from warroom.core.state import State
from warroom.games import load_game
from warroom.web.app import create_app


def test_the_floor_is_the_median_of_real_choices() -> None:
    pace = EvenPace(keep=3)
    assert pace.wait(0.0, 1) == 0.0                  # nothing known yet: no floor
    assert pace.wait(0.2, 5) == 0.0                  # a real choice: remembered
    assert pace.wait(0.0, 1) == pytest.approx(0.2)   # one choice: held to 0.2 s
    pace.wait(0.4, 2)
    pace.wait(0.6, 3)
    assert pace.floor() == pytest.approx(0.4)
    assert pace.wait(0.1, 1) == pytest.approx(0.3)
    assert pace.wait(1.0, 1) == 0.0                  # slower than the floor: as it is
    pace.wait(0.0, 4)                                # the last 3 real ones: 0.4, 0.6, 0.0
    assert pace.floor() == pytest.approx(0.4)
    # a search given its time: held to it from the first answer, until real ones are known
    timed = EvenPace.for_spec("ismcts:seconds=0.5,c=0.7")
    assert timed.wait(0.0, 1) == pytest.approx(0.5)
    assert timed.wait(0.3, 4) == 0.0 and timed.floor() == pytest.approx(0.3)
    for spec in ("ismcts:iterations=100", "greedy", "net:eaw1940", "nonsense:seconds=x"):
        assert EvenPace.for_spec(spec).floor() == 0.0


class SlowWhenChoosing:
    """A bot that thinks 0.15 s over a real choice and answers at once when forced."""

    name = "slow"
    asked: list[tuple[float, int]] = []

    def __init__(self, *a: Any, **k: Any) -> None:
        pass

    def choose(self, state: State[Any]) -> Action:
        legal = legal_actions(state)
        SlowWhenChoosing.asked.append((time.monotonic(), len(legal)))
        if len(legal) > 1:
            time.sleep(0.15)
        return legal[0]


def _loader(gid: str) -> Game:
    return load_game(gid)


def test_the_web_holds_a_forced_bot_answer_against_a_person(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import warroom.web.service as svc
    monkeypatch.setattr(svc, "make_bot", lambda *a, **k: SlowWhenChoosing())
    SlowWhenChoosing.asked = []
    played: list[float] = []
    real_play = svc.GameService._play

    def timed(self: Any, live: Any, action: Any, role: str) -> None:
        real_play(self, live, action, role)
        if role == "allies":
            played.append(time.monotonic())
    monkeypatch.setattr(svc.GameService, "_play", timed)
    app = create_app(f"sqlite:///{tmp_path / 'p.sqlite3'}", _loader, ["sfe"])
    with TestClient(app) as c:
        g = c.post("/api/games", json={"game": "sfe", "seed": 0, "seats": {
            "axis": "human", "allies": "bot:random"}}).json()
        url = f"/api/games/{g['id']}"
        token = g["tokens"]["axis"]
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            forced = [i for i, (_, n) in enumerate(SlowWhenChoosing.asked) if n == 1]
            real = [i for i, (_, n) in enumerate(SlowWhenChoosing.asked) if n > 1]
            if len(played) == len(SlowWhenChoosing.asked) and any(
                    i > min(real, default=10**9) for i in forced):
                break
            v = c.get(f"{url}/view", params={"token": token}).json()
            if v["status"] == "over":
                break
            if v["legal"]:
                c.post(f"{url}/actions", json={"token": token, "version": v["version"],
                                               "action": v["legal"][0]["key"]})
            else:
                time.sleep(0.02)
        asked = SlowWhenChoosing.asked[:len(played)]
        first_real = next(i for i, (_, n) in enumerate(asked) if n > 1)
        held = [played[i] - t for i, (t, n) in enumerate(asked) if n == 1 and i > first_real]
        assert held, "no forced bot decision after a real one"
        assert min(held) >= 0.12, held              # held to about 0.15 s, not at once


def test_the_terminal_holds_a_forced_bot_answer_against_a_person() -> None:
    g = load_game("sfe")
    bot = SlowWhenChoosing()
    loop = PlayLoop(Session.start(g, None, 0), parse_seats(g, "axis", "random"),
                    {"allies": bot}, Terminal(Console(file=io.StringIO(), width=100),
                                              lambda ask: "quit"))
    alone = PlayLoop(Session.start(g, None, 0), parse_seats(g, "none", "random"),
                     {"allies": bot, "axis": bot},
                     Terminal(Console(file=io.StringIO(), width=100), lambda ask: "quit"))
    state = new_game(g, None, 0)
    rng = random.Random(0)
    times: dict[bool, float] = {}
    while state.active is not None and True not in times:
        legal = legal_actions(state)
        forced = len(legal) == 1
        if state.active == "allies" and (not forced or False in times) and forced not in times:
            if forced:     # bots alone (no person to tell): answered at once
                began = time.monotonic()
                alone.bot_move(state)
                assert time.monotonic() - began < 0.1
            began = time.monotonic()
            action = loop.bot_move(state)
            times[forced] = time.monotonic() - began
        else:
            action = legal[rng.randrange(len(legal))]
        apply(state, action)
    assert times[False] >= 0.15 and times[True] >= 0.12, times


def test_a_save_in_play_says_it_holds_every_hand(tmp_path: Path) -> None:
    """A mid-game save holds the seed and the whole state: a fair-play audit replayed a
    hot-seat save as the other seat and read its hand. The save says so where another seat
    could open it (a game with hidden information, more than one role, not over)."""
    out = io.StringIO()
    lines = iter(["", f"save {tmp_path / 'g.json'}", "quit", "y"])
    g = load_game("eit2")
    loop = PlayLoop(Session.start(g, "great_depression", 1), parse_seats(g, None, None), {},
                    Terminal(Console(file=out, width=200), lambda ask: next(lines, "")))
    loop.run()
    text = " ".join(out.getvalue().split())
    assert "(it holds the seed and every hand: replaying it shows what the other side" in text
