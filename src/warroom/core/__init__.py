"""The game-agnostic core: protocol, flow, RNG, log, records, content, errors."""

from warroom.core.actions import Action, ActionCatalogue
from warroom.core.errors import (
    ContentError,
    IllegalActionError,
    RecordError,
    UnknownGameError,
    WarroomError,
)
from warroom.core.flow import Decision, FrameKind, Procedure, Prompt, RunawayError
from warroom.core.log import LogEntry, render
from warroom.core.protocol import (
    Explanation,
    Game,
    Outcome,
    Termination,
    apply,
    clone,
    determinize,
    explain,
    legal_actions,
    new_game,
    prompt,
    resign,
    result,
    view,
)
from warroom.core.record import Record, Session, replay
from warroom.core.rng import Rng
from warroom.core.state import State

__all__ = [
    "Action",
    "ActionCatalogue",
    "ContentError",
    "Decision",
    "Explanation",
    "FrameKind",
    "Game",
    "IllegalActionError",
    "LogEntry",
    "Outcome",
    "Procedure",
    "Prompt",
    "Record",
    "RecordError",
    "Rng",
    "RunawayError",
    "Session",
    "State",
    "Termination",
    "UnknownGameError",
    "WarroomError",
    "apply",
    "clone",
    "determinize",
    "explain",
    "legal_actions",
    "new_game",
    "prompt",
    "render",
    "replay",
    "resign",
    "result",
    "view",
]
