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


def names(state: State) -> list[str]:
    """The choices' names: their labels without what they do (a label "Rumania: becomes a
    Western Country (13.5)" is named "Rumania"; engine.Label), in the order of
    :func:`labels`; the name is what the log writes once it is chosen."""
    top = state.data["stack"][-1]
    by_key = {c["key"]: c for c in top["choices"]}
    return [str(by_key[a.key].get("name", by_key[a.key]["label"]))
            for a in legal_actions(state)]


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


def test_a_unit_in_a_hex_named_as_its_id_names_the_hex_once() -> None:
    """"British BEF [2 steps] in London (London)" named the hex twice (a browser audit): a
    hex whose name is its id is named once; another keeps its id after its name."""
    from warroom.games.tk.model import uname

    st = start("15.22", "axis")
    g = st.game
    units = st.data["units"]
    bef = next(u for u, x in units.items() if x["name"] == "British BEF")
    assert uname(g, st.data, bef) == "British BEF [2 steps] in London"
    other = next((h for h in g.c.hex.values() if h.name and h.name != h.id), None)
    if other is not None:
        units[bef]["loc"] = other.id
        assert uname(g, st.data, bef).endswith(f"in {other.name} ({other.id})")
