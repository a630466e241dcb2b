"""A toy game written against the core only, for tests of core and the front ends.

A pile of counters (2d6 rolled at set-up); roles ``a`` and ``b`` alternate taking 1-3
counters; whoever takes the last counter wins. Each role is dealt a secret number at the
start (a private log entry) that nothing else reveals.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from warroom.core import (
    Action,
    ActionCatalogue,
    Decision,
    Game,
    Outcome,
    Procedure,
    Prompt,
    State,
    Termination,
)
from warroom.core.flow import call, end, game_over, goto, reveal
from warroom.core.log import log
from warroom.core.rng import randbelow, roll


class Setup(Procedure["Toy"]):
    kind = "setup"

    def run(self, st: State[Toy], frame: dict[str, Any]) -> None:
        d = st.data
        a, b = roll(d), roll(d)
        d["pile"] = a + b
        log(d, "1.1", f"The pile holds {a + b} counters", die=[a, b], total=a + b)
        for role in ("a", "b"):
            d["secret"][role] = randbelow(d, 100)
            log(d, "1.2", f"You are dealt the secret {d['secret'][role]}", to=role)
        reveal(d)
        goto(d, "turn", None, who="a")


class Turn(Procedure["Toy"]):
    kind = "turn"

    def run(self, st: State[Toy], frame: dict[str, Any]) -> None:
        d = st.data
        if "$" in frame:                       # the take decision ended with a result
            taken = frame.pop("$")
            d["pile"] -= taken
            if d["pile"] <= 0:
                game_over(d, {"winner": frame["who"]})
                return
            frame["who"] = "b" if frame["who"] == "a" else "a"
        if d.get("runaway"):
            return                             # never moves on: the guard must catch it
        call(d, "take", frame["who"])


class Take(Decision["Toy"]):
    kind = "take"

    def prompt(self, st: State[Toy], frame: dict[str, Any]) -> Prompt:
        return Prompt(frame["role"], f"Take 1-3 counters ({st.data['pile']} left)", "2.1")

    def legal(self, st: State[Toy], frame: dict[str, Any]) -> list[int]:
        return [st.game.catalogue.by_key(f"take:{n}").id
                for n in (1, 2, 3) if n <= st.data["pile"]]

    def apply(self, st: State[Toy], frame: dict[str, Any], action: Action) -> None:
        log(st.data, "2.1", f"{frame['role']} takes {action.value}", role=frame["role"],
            taken=action.value)
        end(st.data, action.value)

    def explain(self, st: State[Toy], frame: dict[str, Any], action: Action,
                legal: bool) -> tuple[str, tuple[str, ...]]:
        if legal:
            return "allowed", ("2.1",)
        return f"only {st.data['pile']} counters are left", ("2.1",)


class Toy(Game):
    id = "toy"
    title = "Toy"
    roles = ("a", "b")
    scenarios = ("std",)
    default_scenario = "std"
    hidden_information = True

    def __init__(self) -> None:
        self.catalogue = ActionCatalogue([(f"take:{n}", f"Take {n}", n) for n in (1, 2, 3)],
                                         aliases={"grab1": "take:1"})
        self.frames = {k.kind: k for k in (Setup(), Turn(), Take())}

    def setup(self, st: State[Toy], scenario: str, options: Mapping[str, Any]) -> None:
        st.data["secret"] = {"a": 0, "b": 0}
        st.data["runaway"] = bool(options.get("runaway"))
        call(st.data, "setup")

    def options_schema(self) -> dict[str, Any]:
        return {"runaway": False}

    def view(self, st: State[Toy], role: str | None) -> dict[str, Any]:
        return {"pile": st.data["pile"],
                "secret": st.data["secret"][role] if role else None}

    def outcome(self, st: State[Toy]) -> Outcome | None:
        out = st.data["outcome"]
        if not out:
            return None
        w = out["winner"]
        return Outcome(Termination.FINAL_SCORING, w,
                       {r: 1.0 if r == w else -1.0 for r in self.roles}, text=f"{w} wins",
                       rule="2.2")


TOY = Toy()
