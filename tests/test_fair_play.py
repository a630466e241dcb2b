"""Fair play, checked on random games of every game at every decision.

- The leak suite: for each role, a twin of the state from ``determinize`` (everything that
  role cannot know resampled) must look the same to that role through every channel it can
  read: the view (board, own hand, prompt, log), the numeric observation, the prompt, the
  explanations and error messages it gets.
- Determinization is consistent with what was announced: the twin has the same role to act
  and the same prompt, is never a dead end, and gives the active role itself the very same
  legal actions.
- The undo walk: a session undoes a role's decision only while that role is still to act
  and nothing was rolled, revealed or dealt since; an undo restores the exact state.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest

from warroom.core import (
    IllegalActionError,
    Session,
    State,
    apply,
    determinize,
    explain,
    legal_actions,
    new_game,
    prompt,
    view,
)
from warroom.core.rng import Rng
from warroom.games import game_ids, load_game

GAMES = {"eaw1940": 4, "eit2": 3, "sfe": 3, "tk": 12}
HIDDEN = [g for g in game_ids() if load_game(g).hidden_information]


def _channels(state: State[Any], role: str, probes: list[Any]) -> dict[str, Any]:
    """Everything ``role`` can read of ``state``."""
    out: dict[str, Any] = {"view": json.dumps(view(state, role), sort_keys=True),
                           "prompt": prompt(state)}
    with contextlib.suppress(NotImplementedError):
        out["observation"] = state.game.observation(state, role)
    out["explain"] = [str(explain(state, a, role)) for a in probes]
    errors = []
    for a in probes:
        if state.active == role and a in legal_actions(state):
            continue        # a legal action would change the state: nothing to compare
        try:
            apply(state, a, role=role)
            raise AssertionError(f"{a.key} was applied for {role}")
        except IllegalActionError as exc:
            errors.append(str(exc))
    out["errors"] = errors
    if state.active == role:
        out["legal"] = [a.key for a in legal_actions(state)]
    return out


@pytest.mark.parametrize("gid", HIDDEN)
def test_twins_from_determinize_look_the_same_to_the_role(gid: str) -> None:
    game = load_game(gid)
    cat = list(game.catalogue)
    for seed in range(GAMES[gid]):
        state = new_game(game, None, seed)
        rng = Rng(seed + 99)
        step = 0
        while state.active is not None:
            legal = legal_actions(state)
            if step % 3 == 0:
                probes = legal[:3] + [cat[rng.randbelow(len(cat))] for _ in range(4)]
                for role in game.roles:
                    twin = determinize(state, role, Rng(seed * 1000 + step))
                    assert twin.active == state.active
                    assert prompt(twin) == prompt(state)
                    assert legal_actions(twin), f"{gid} seed {seed} step {step}: dead end"
                    mine = _channels(state, role, probes)
                    theirs = _channels(twin, role, probes)
                    for channel in mine:
                        assert mine[channel] == theirs[channel], (
                            f"{gid} seed {seed} step {step}: {role} can tell the twins "
                            f"apart through {channel}")
            apply(state, legal[rng.randbelow(len(legal))])
            step += 1


@pytest.mark.parametrize("gid", game_ids())
def test_undo_walk(gid: str) -> None:
    game = load_game(gid)
    undone = 0
    for seed in range(GAMES[gid]):
        session = Session.start(game, None, seed)
        rng = Rng(seed + 5)
        # what may be taken back: (role, state before) of each decision since the last
        # roll, reveal, deal or hand-over to another role
        undoable: list[tuple[str, str]] = []
        while session.state.active is not None:
            active = session.state.active
            for role in game.roles:
                expected = bool(undoable) and role == active == undoable[-1][0]
                assert session.can_undo(role) == expected, (gid, seed, role)
            if undoable and rng.randbelow(3) == 0:
                session.undo(active)
                assert session.state.dumps() == undoable.pop()[1]
                undone += 1
                continue
            before = session.state.dumps()
            barrier = session.state.data["barrier"]
            legal = legal_actions(session.state)
            session.apply(legal[rng.randbelow(len(legal))], active)
            if (session.state.data["barrier"] == barrier
                    and session.state.active == active):
                undoable.append((active, before))
            else:
                undoable.clear()
    if gid != "tk":         # tk's decisions all roll or end the event
        assert undone > 0
