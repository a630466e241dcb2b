"""Resignation (core ``resign``): any role of a game with a winner to concede to may resign
at any time, its turn or not; the game ends at once, the record keeps it as its last step
(format 2) and replays to the same result; what cannot resign is refused and changes
nothing."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from warroom.core.errors import IllegalActionError, RecordError
from warroom.core.protocol import (
    Termination,
    apply,
    clone,
    explain,
    legal_actions,
    result,
    view,
)
from warroom.core.record import FORMAT, FORMAT_RESIGNED, Record, Session, replay
from warroom.games import load_game
from warroom.web.replay import Timeline

# (game, the role that resigns, the role that then wins)
CASES = [("eit2", "rw", "lw"), ("eit2", "lw", "rw"), ("sfe", "allies", "axis"),
         ("sfe", "axis", "allies"), ("eaw1940", "axis", "allies")]


def played(game_id: str, seed: int = 5, steps: int = 9) -> Session:
    session = Session.start(load_game(game_id), seed=seed)
    for _ in range(steps):
        session.apply(legal_actions(session.state)[0])
    assert session.state.active is not None
    return session


@pytest.mark.parametrize(("game_id", "loser", "winner"), CASES)
def test_a_role_resigns_and_the_other_side_wins(game_id: str, loser: str,
                                                winner: str) -> None:
    session = played(game_id)
    game = session.state.game
    session.apply(f"resign:{loser}", loser)      # its turn or not
    st = session.state
    out = result(st)
    assert out is not None and st.active is None and legal_actions(st) == []
    assert out.termination is Termination.RESIGNATION and out.winner == winner
    assert out.returns == {r: (1.0 if r == winner else -1.0) for r in game.roles}
    assert "resigned" in out.text and out.label == f"{winner}_by_resignation"
    # every role's view and the spectator's say so, with the line in the log
    for role in (*game.roles, None):
        seen = view(st, role)
        assert seen["result"] == out.to_json() and seen["prompt"] is None
        assert seen["log"][-1]["resigned"] == loser
    assert result(clone(st)) == out
    assert game.check_invariants(st) == []
    # nothing is played after it
    for key in (f"resign:{loser}", *(f"resign:{r}" for r in game.roles)):
        with pytest.raises(IllegalActionError, match="the game is over"):
            apply(st, key)
    assert not session.can_undo(loser) and not session.can_undo(winner)


@pytest.mark.parametrize(("game_id", "loser", "winner"), CASES[::2])
def test_the_record_keeps_the_resignation_and_replays_to_it(game_id: str, loser: str,
                                                            winner: str) -> None:
    session = played(game_id, seed=7)
    before = list(session.record.actions)
    session.apply(f"resign:{loser}", loser)
    obj = json.loads(json.dumps(session.record.to_json()))
    # written as format 2 (an older warroom is told to upgrade, not refused at a step)
    assert obj["format"] == FORMAT_RESIGNED and obj["actions"] == [*before, f"resign:{loser}"]
    record = Record.from_json(obj)
    again = replay(session.state.game, record)
    assert result(again) == result(session.state)
    assert again.dumps() == session.state.dumps()
    # the replay viewer's steps: the last one is the resigning role's, whoever was to act
    tl = Timeline.build(session.state.game, record)
    last = tl.steps[-1]
    assert (last.role, last.key) == (loser, f"resign:{loser}") and "resigns" in last.label
    assert tl.final() == result(session.state)
    why = tl.why(tl.count)
    assert why["legal"] and "resign at any time" in why["reason"]
    # a record nobody resigned stays format 1
    assert Record.from_json(played(game_id).record.to_json()).to_json()["format"] == FORMAT


def test_what_cannot_resign_is_refused_and_changes_nothing() -> None:
    session = played("eit2")
    st = session.state
    other = "rw" if st.active == "lw" else "lw"
    cases: list[tuple[str, str | None, str]] = [
        (f"resign:{other}", st.active, "may resign only for itself"),
        ("resign:axis", None, "has no role"),
        ("resign:", None, "has no role"),
        ("resign:" + "x" * 5000, None, "has no role"),
    ]
    for key, asking, said in cases:
        snapshot = st.dumps()
        with pytest.raises(IllegalActionError, match=said) as refused:
            session.apply(key, asking)
        assert len(str(refused.value)) < 200          # what was sent is not echoed whole
        assert st.dumps() == snapshot and session.state is st
        assert not explain(st, key, asking).legal
    assert explain(st, f"resign:{other}", other).legal
    # tk has no winner to concede to: a resignation is not offered
    tk = Session.start(load_game("tk"), seed=2)
    snapshot = tk.state.dumps()
    with pytest.raises(IllegalActionError, match="no winner to concede to"):
        tk.apply(f"resign:{tk.state.active}", tk.state.active)
    assert tk.state.dumps() == snapshot


def test_a_resignation_in_the_middle_of_a_record_stops_its_replay() -> None:
    session = played("sfe", seed=3, steps=4)
    obj: dict[str, Any] = session.record.to_json()
    obj["actions"].insert(2, "resign:axis")
    with pytest.raises(RecordError, match="record step 3: the finished game's action"):
        replay(load_game("sfe"), Record.from_json(obj))


def test_a_card_in_play_when_a_player_resigns_stays_in_the_game() -> None:
    """eit2 holds a card played for Operations on its frame while the opponent's Event is
    to come: the resigned game still accounts for every card (the stack is kept, frozen)."""
    game = load_game("eit2")
    found = False
    for seed in range(40):
        session = Session.start(game, seed=seed)
        pick = random.Random(seed)
        for _ in range(200):
            if any(f["kind"] == "op_kind" and f.get("event") for f in session.state.data["stack"]):
                found = True
                break
            session.apply(pick.choice(legal_actions(session.state)))
        if found:
            break
    assert found
    session.apply("resign:lw")
    st = session.state
    assert game.check_invariants(st) == [] and legal_actions(st) == []
    assert view(st, "rw")["pending"] is None and view(st, "rw")["prompt"] is None
    assert replay(game, Record.from_json(session.record.to_json())).dumps() == st.dumps()
