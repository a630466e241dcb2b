"""A bot's answer is held to its usual time where a person plays a game with hidden
information against it (an adversarial fair-play audit: an answer at once told that the
bot's hand left it one legal action, at 10% of sfe's decisions)."""

from __future__ import annotations

import io
import random
import time
from collections.abc import Callable
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


def test_a_forced_answer_takes_a_time_like_a_real_choice() -> None:
    """A forced answer is held to the larger of two of the real choices' times, a real one
    that took e to the larger of e and one of them: the same kind of time (held to the
    median, a forced answer came at one time every time: a review)."""
    pace = EvenPace(keep=3, rng=random.Random(1))
    assert pace.wait(0.0, 1) == 0.0                  # nothing known yet: no hold
    assert pace.wait(0.2, 5) == 0.0                  # a real choice: remembered
    assert pace.wait(0.0, 1) == pytest.approx(0.2)   # one choice: held to 0.2 s
    for e in (0.4, 0.6):
        pace.wait(e, 2)
    assert list(pace.times) == [0.2, 0.4, 0.6]
    assert pace.wait(1.0, 1) == 0.0                  # slower than any: as it is
    forced = [pace.wait(0.0, 1) for _ in range(3000)]
    assert set(round(x, 6) for x in forced) == {0.2, 0.4, 0.6}
    # max of two draws from {0.2, 0.4, 0.6}: 1/9, 3/9, 5/9
    shares = [sum(1 for x in forced if abs(x - v) < 1e-9) / 3000 for v in (0.2, 0.4, 0.6)]
    assert shares == pytest.approx([1 / 9, 3 / 9, 5 / 9], abs=0.03)
    real = EvenPace(keep=3, rng=random.Random(2))
    for e in (0.2, 0.4, 0.6):
        real.wait(e, 2)
    held = [real.wait(0.3, 2) for _ in range(300)]   # each a real choice of 0.3 s
    assert min(held) == 0.0 and max(held) == pytest.approx(0.3)
    # a search given its time: held to it from the first answer, then at least to it
    timed = EvenPace.for_spec("ismcts:seconds=0.5,c=0.7")
    assert timed.wait(0.0, 1) == pytest.approx(0.5)
    assert timed.wait(0.05, 4) == pytest.approx(0.45)     # no drop after the first real one
    assert timed.wait(0.0, 1) == pytest.approx(0.5)
    for spec in ("ismcts:iterations=100", "greedy", "net:eaw1940", "nonsense:seconds=x"):
        assert EvenPace.for_spec(spec).expect == 0.0


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


def _axis_plays_until(c: TestClient, done: Callable[[dict[str, Any]], bool]) -> None:
    """A new sfe game (seed 0) of a person, the Axis, against a bot: the person plays its
    first legal action whenever asked, until ``done(its view)`` or the game ends (60 s at
    most)."""
    g = c.post("/api/games", json={"game": "sfe", "seed": 0, "seats": {
        "axis": "human", "allies": "bot:random"}}).json()
    url = f"/api/games/{g['id']}"
    token = g["tokens"]["axis"]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        v = c.get(f"{url}/view", params={"token": token}).json()
        if v["status"] == "over" or done(v):
            return
        if v["legal"]:
            c.post(f"{url}/actions", json={"token": token, "version": v["version"],
                                           "action": v["legal"][0]["key"]})
        else:
            time.sleep(0.02)


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
    def seen_forced_after_real(_: dict[str, Any]) -> bool:
        forced = [i for i, (_, n) in enumerate(SlowWhenChoosing.asked) if n == 1]
        real = [i for i, (_, n) in enumerate(SlowWhenChoosing.asked) if n > 1]
        return len(played) == len(SlowWhenChoosing.asked) and any(
            i > min(real, default=10**9) for i in forced)

    app = create_app(f"sqlite:///{tmp_path / 'p.sqlite3'}", _loader, ["sfe"])
    with TestClient(app) as c:
        _axis_plays_until(c, seen_forced_after_real)
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


def test_the_web_keeps_a_bots_pace_while_its_game_leaves_memory(tmp_path: Path) -> None:
    """A game reloaded (the idle sweep, a restart's resume) started its bots' answer times
    anew, so their first forced answers went at once again (a review): the server keeps
    them by game and role, the least recently used forgotten past PACES_KEPT."""
    import warroom.web.service as svc
    app = create_app(f"sqlite:///{tmp_path / 'k.sqlite3'}", _loader, ["sfe"])
    with TestClient(app):
        service = app.state.service
        pace = service._pace("g1", "allies", "greedy")
        pace.wait(0.3, 4)
        service._live.pop("g1", None)                # as the idle sweep drops it
        assert service._pace("g1", "allies", "greedy") is pace
        assert service._pace("g1", "axis", "greedy") is not pace
        for i in range(svc.PACES_KEPT):
            service._pace(f"other{i}", "axis", "greedy")
        assert service._pace("g1", "allies", "greedy") is not pace   # forgotten at last


def _first_forced(g: Game, seed: int, role: str) -> int:
    """The number of actions before ``role``'s first decision with one legal action, when
    every seat plays its first legal action (as SlowWhenChoosing and the tests do)."""
    state = new_game(g, None, seed)
    n = 0
    while state.active is not None:
        legal = legal_actions(state)
        if state.active == role and len(legal) == 1:
            return n
        apply(state, legal[0])
        n += 1
    raise AssertionError("no forced decision")


def test_a_forced_answer_before_any_real_choice_takes_a_real_choices_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Before a bot's first real choice of a game (its start, or a load) a forced answer
    had no time to be held to and came at once (a review): the bot now thinks over one
    real choice of a new game of the same scenario (public), and the answer takes that
    long. The terminal's loop, asked first at a forced decision."""
    import warroom.ai.pace as pace_module
    monkeypatch.setattr(pace_module, "make_bot", lambda *a, **k: SlowWhenChoosing())
    g = load_game("sfe")
    state = new_game(g, None, 0)
    for _ in range(_first_forced(g, 0, "allies")):
        apply(state, legal_actions(state)[0])
    assert state.active == "allies" and len(legal_actions(state)) == 1
    loop = PlayLoop(Session.start(g, None, 0), parse_seats(g, "axis", "random"),
                    {"allies": SlowWhenChoosing()},
                    Terminal(Console(file=io.StringIO(), width=100), lambda ask: "quit"))
    began = time.monotonic()
    loop.bot_move(state)
    assert time.monotonic() - began >= 0.12
    assert loop.paces["allies"].primed
    # a real choice's time measured on a position where the role has several choices
    spent = pace_module.choice_time(g, "allies", "random", None, None, random.Random(4))
    assert spent >= 0.12


def test_the_web_holds_a_forced_answer_before_the_bots_first_real_choice(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The server forgot its bots' times (as after a restart) just before a bot's forced
    answer: it is held to a real choice's time all the same, measured anew (one time kept
    for every game made a first forced answer take it to the millisecond: a review)."""
    import warroom.ai.pace as pace_module
    import warroom.web.service as svc
    monkeypatch.setattr(svc, "make_bot", lambda *a, **k: SlowWhenChoosing())
    monkeypatch.setattr(pace_module, "make_bot", lambda *a, **k: SlowWhenChoosing())
    SlowWhenChoosing.asked = []
    played: list[float] = []
    real_play = svc.GameService._play

    g = load_game("sfe")
    upto = _first_forced(g, 0, "allies")

    def timed(self: Any, live: Any, action: Any, role: str) -> None:
        real_play(self, live, action, role)
        if len(live.session.record.actions) == upto:    # the bot's forced answer is next
            self._paces.clear()                         # as after a restart
            SlowWhenChoosing.asked = []
            played.clear()
        elif role == "allies":
            played.append(time.monotonic())
    monkeypatch.setattr(svc.GameService, "_play", timed)
    app = create_app(f"sqlite:///{tmp_path / 'f.sqlite3'}", _loader, ["sfe"])
    with TestClient(app) as c:
        _axis_plays_until(c, lambda v: v["version"] >= upto)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not played:
            time.sleep(0.02)
        # the bot's forced answer, then the real choice it thought over to time it
        assert [n for _, n in SlowWhenChoosing.asked][:1] == [1], SlowWhenChoosing.asked
        assert played[0] - SlowWhenChoosing.asked[0][0] >= 0.12
