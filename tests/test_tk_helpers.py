"""Helpers for the TK political-event tests: situations, choosing by label."""

from __future__ import annotations

import copy
from typing import Any

from warroom.core.log import render
from warroom.core.protocol import State, apply, legal_actions, new_game
from warroom.games import load_game


def game() -> Any:
    return load_game("tk")


def situation(name: str) -> dict[str, Any]:
    """A bundled situation as editable JSON (pass it back with ``sit=``)."""
    return copy.deepcopy(game().c.situations[name].model_dump(mode="json"))


def start(event: str, faction: str, scenario: str = "1939", *, sit: dict[str, Any] | None = None,
          dice: list[int] | None = None, **opts: Any) -> State:
    options = {"event": event, "faction": faction, **opts}
    if sit is not None:
        options["situation_data"] = sit
        scenario = "random"  # overridden by situation_data
    return new_game(game(), scenario, 0, options, forced_dice=dice)


def labels(state: State) -> list[str]:
    return [state.game.describe(state, a.id) for a in legal_actions(state)]


def choose(state: State, text: str, role: str | None = None) -> None:
    """Apply the one legal action whose label contains ``text``."""
    if role is not None:
        assert state.active == role, f"{state.active} to act, not {role}"
    acts = [a for a in legal_actions(state) if text in state.game.describe(state, a.id)]
    assert len(acts) == 1, f"{text!r} matches {len(acts)} of {labels(state)}"
    apply(state, acts[0])


def country(state: State, name: str) -> dict[str, Any]:
    c: dict[str, Any] = state.data["countries"][name]
    return c


def logtext(state: State) -> str:
    return "\n".join(render(e) for e in state.log)


def done(state: State) -> str:
    assert state.active is None, f"{state.active} still to act: {labels(state)}"
    return str(state.data["outcome"]["termination"])
