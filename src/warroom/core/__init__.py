"""The game-agnostic core: protocol, RNG, decision stack, records, content, errors."""

from warroom.core.actions import Action, ActionCatalogue
from warroom.core.errors import (
    ContentError,
    IllegalActionError,
    RecordError,
    UnknownGameError,
    WarroomError,
)
from warroom.core.protocol import (
    Explanation,
    FrameKind,
    Game,
    Outcome,
    State,
    apply,
    clone,
    determinize,
    explain,
    legal_actions,
    new_game,
    result,
    view,
)
from warroom.core.record import Record, Session, replay
from warroom.core.rng import Rng

__all__ = [
    "Action",
    "ActionCatalogue",
    "ContentError",
    "Explanation",
    "FrameKind",
    "Game",
    "IllegalActionError",
    "Outcome",
    "Record",
    "RecordError",
    "Rng",
    "Session",
    "State",
    "UnknownGameError",
    "WarroomError",
    "apply",
    "clone",
    "determinize",
    "explain",
    "legal_actions",
    "new_game",
    "replay",
    "result",
    "view",
]
