"""One decision-stack framework for every game (Rally the Troops' ``call``/``goto``/``end``).

The whole flow of a game is a stack of plain JSON frames in ``data["stack"]``:
``{"kind": ..., "role": ..., ...scope}``. Each ``kind`` has a handler registered in the
game's ``frames``:

- a :class:`Procedure` runs by itself (``run``) until the flow needs a decision: it does
  its work and moves on with :func:`call` (push a frame: a sub-procedure or a decision),
  :func:`goto` (replace itself) or :func:`end` (pop itself, handing a result to the frame
  below, which finds it in ``frame["$"]``);
- a :class:`Decision` waits for its ``role``: it says what is decided (``prompt``), which
  actions are legal (``legal``), what one does (``apply``) and why an action is or is not
  allowed (``explain``).

:func:`run` is the only driver: after set-up and after every action, core runs procedure
frames until a decision is on top or the game is over, with a runaway guard. A game has no
driver of its own.

Undo barriers are decided here too: a die roll or random pick (:mod:`warroom.core.rng`), a
reveal or a deal (:func:`reveal`) move ``data["barrier"]``; a change of role is seen by the
session. Undo never crosses either.
"""

from __future__ import annotations

from abc import abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic

from warroom.core.errors import WarroomError
from warroom.core.state import Data, Frame, G, State

if TYPE_CHECKING:
    from warroom.core.actions import Action

RUNAWAY_STEPS = 100_000
"""Procedure steps allowed between two decisions before the flow is declared a runaway."""


class RunawayError(WarroomError):
    """The rules ran procedure steps without end (a bug in a game's flow, never the user's)."""


@dataclass(frozen=True, slots=True)
class Prompt:
    """What the active role decides now, in words, under which rule.

    The text is public (every role may read it): it names the decision, never a hidden card.
    """

    role: str
    text: str
    rule: str

    def __str__(self) -> str:
        return f"{self.role}: {self.text} [{self.rule}]" if self.rule else \
            f"{self.role}: {self.text}"

    def to_json(self) -> dict[str, str]:
        return {"role": self.role, "text": self.text, "rule": self.rule}


class FrameKind(Generic[G]):
    """Handler of one kind of frame, typed by the game it belongs to."""

    kind: ClassVar[str]
    decision: ClassVar[bool] = True
    explains_other_kinds: ClassVar[bool] = True
    """Whether :meth:`explain` is asked about an action of a kind that none of the
    decision's legal actions has now (a card while a track is chosen). False: core's
    ``explain`` answers for it that the action is not a choice in this decision, with the
    decision's prompt and rule, since the decision's own reasons are about its choices."""

    def run(self, st: State[G], frame: Frame) -> None:
        """A procedure's work (it must call, goto or end)."""
        raise TypeError(f"frame kind {self.kind!r} is a decision, not a procedure")

    def prompt(self, st: State[G], frame: Frame) -> Prompt:
        """What is decided now (decisions only)."""
        raise TypeError(f"frame kind {self.kind!r} is a procedure: it asks nothing")

    def legal(self, st: State[G], frame: Frame) -> list[int]:
        """Catalogue ids of the actions legal for the frame's role now."""
        return []

    def apply(self, st: State[G], frame: Frame, action: Action) -> None:
        """Carry out a legal action (already checked)."""
        raise TypeError(f"frame kind {self.kind!r} is a procedure: it takes no action")

    def alias(self, st: State[G], frame: Frame, action: Action) -> Action | None:
        """Today's action for ``action`` when it is not legal as it stands: a key of an
        earlier version that only this decision can read (e.g. "the i-th choice"), so old
        records still replay. None: no alias (the default)."""
        return None

    def explain(self, st: State[G], frame: Frame, action: Action,
                legal: bool) -> tuple[str, tuple[str, ...]]:
        """A reason and the rules behind it, for the frame's role."""
        p = self.prompt(st, frame)
        rules = (p.rule,) if p.rule else ()
        if legal:
            return f"one of the choices now: {p.text}", rules
        return f"not one of the choices now: {p.text}", rules


class Procedure(FrameKind[G]):
    """A frame that runs by itself until it calls a decision, moves on or ends."""

    decision = False

    @abstractmethod
    def run(self, st: State[G], frame: Frame) -> None:
        """Do this step's work, then ``call``, ``goto`` or ``end``."""


class Decision(FrameKind[G]):
    """A frame that waits for its role's action."""

    decision = True

    @abstractmethod
    def prompt(self, st: State[G], frame: Frame) -> Prompt: ...

    @abstractmethod
    def legal(self, st: State[G], frame: Frame) -> list[int]: ...

    @abstractmethod
    def apply(self, st: State[G], frame: Frame, action: Action) -> None: ...


# -- moving along the stack -------------------------------------------------------------

def call(data: Data, kind: str, role: str | None = None, /, **scope: Any) -> Frame:
    """Push a frame of ``kind`` (it runs, or is asked, before the frames below it)."""
    frame: Frame = {"kind": kind, "role": role, **scope}
    data["stack"].append(frame)
    return frame


def goto(data: Data, kind: str, role: str | None = None, /, **scope: Any) -> Frame:
    """Replace the top frame by a frame of ``kind``."""
    frame: Frame = {"kind": kind, "role": role, **scope}
    data["stack"][-1] = frame
    return frame


def end(data: Data, result: Any = None) -> None:
    """Pop the top frame; a non-None ``result`` is handed to the frame below as ``"$"``."""
    stack: list[Frame] = data["stack"]
    stack.pop()
    if result is not None and stack:
        stack[-1]["$"] = result


def top(data: Data) -> Frame | None:
    stack: list[Frame] = data["stack"]
    return stack[-1] if stack else None


def game_over(data: Data, outcome: dict[str, Any]) -> None:
    """End the game at once: record ``outcome`` and unwind the whole stack."""
    data["outcome"] = outcome
    del data["stack"][:]
    data["active"] = None


def reveal(data: Data) -> None:
    """Mark an undo barrier: hidden information was revealed or dealt."""
    data["barrier"] += 1


# -- the driver ---------------------------------------------------------------------------

def run(st: State[Any]) -> None:
    """Run procedure frames until a decision is on top or the game is over; set ``active``."""
    data = st.data
    frames = st.game.frames
    steps = 0
    while True:
        stack: list[Frame] = data["stack"]
        if not stack or data["outcome"]:
            break
        frame = stack[-1]
        handler = frames[frame["kind"]]
        if handler.decision:
            role = frame["role"]
            if role is None:
                raise RunawayError(f"{st.game.id}: decision {frame['kind']!r} has no role")
            data["active"] = role
            return
        handler.run(st, frame)
        steps += 1
        if steps > RUNAWAY_STEPS:
            raise RunawayError(
                f"{st.game.id}: {RUNAWAY_STEPS} procedure steps without a decision (last "
                f"frames: {', '.join(f['kind'] for f in data['stack'][-5:])}): a bug in "
                "the game's flow; please report it with the game's record")
    data["active"] = None
    if not data["outcome"]:
        raise RunawayError(f"{st.game.id}: the decision stack ran empty without a result: "
                           "a bug in the game's flow; please report it with the record")


def prompt_of(st: State[Any]) -> Prompt | None:
    """The prompt of the decision on top (None when the game is over)."""
    data = st.data
    if data["active"] is None:
        return None
    frame = data["stack"][-1]
    handler: FrameKind[Any] = st.game.frames[frame["kind"]]
    return handler.prompt(st, frame)
