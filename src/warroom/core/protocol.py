"""The core protocol every front end, bot, interface and test uses.

A game is a :class:`Game` object (rules + loaded content). Its state is a
:class:`State`: a reference to the game plus ``data``, a dict of plain JSON data
(ints, strings, lists, dicts) that holds everything: board, RNG, forced dice,
decision stack, log, result. Cloning, saving and replaying are therefore exact.

Flow is an explicit decision stack (``data["stack"]``): a list of frames, each a
dict with a ``kind`` and a ``role``. The top frame decides who is active and which
actions are legal; its :class:`FrameKind` handler applies an action (possibly
pushing or popping frames). No generators, callbacks or threads.
"""

from __future__ import annotations

import copy
import json
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar

from warroom.core import rng as _rng
from warroom.core.actions import Action, ActionCatalogue
from warroom.core.errors import IllegalActionError, UnknownGameError

Data = dict[str, Any]
Frame = dict[str, Any]


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game (python-chess style)."""

    winner: str | None
    """The winning side (a role, or a non-player side such as a solitaire BOT), None if drawn."""
    label: str
    """Short outcome category, used to count outcomes in simulations."""
    returns: dict[str, float]
    """Per role: +1 win, 0 draw, -1 loss (zero-sum where the game has two sides)."""
    scores: dict[str, float] = field(default_factory=dict)
    """Numeric scores, e.g. ``{"vp": 14}``."""
    text: str = ""
    """The rulebook's description of this result."""
    rule: str = ""
    """The rule that decided the result."""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Explanation:
    """Why an action is legal or illegal now, citing rules."""

    legal: bool
    action: str
    reason: str
    rules: tuple[str, ...] = ()

    def __str__(self) -> str:
        verdict = "legal" if self.legal else "illegal"
        cites = f" [rule {', '.join(self.rules)}]" if self.rules else ""
        return f"{self.action}: {verdict} — {self.reason}{cites}"


class State:
    """A game state: the game it belongs to and its plain ``data``."""

    __slots__ = ("_legal", "data", "game")

    def __init__(self, game: Game, data: Data) -> None:
        self.game = game
        self.data = data
        self._legal: list[Action] | None = None

    @property
    def active(self) -> str | None:
        """The role to decide now, or None when the game is over."""
        active: str | None = self.data["active"]
        return active

    @property
    def log(self) -> list[str]:
        log: list[str] = self.data["log"]
        return log

    def invalidate(self) -> None:
        """Drop cached legal actions after editing ``data`` by hand (tests, tools)."""
        self._legal = None

    @property
    def is_over(self) -> bool:
        return self.data["active"] is None

    def to_json(self) -> Data:
        """A deep copy of the complete state (hidden information included)."""
        return copy.deepcopy(self.data)

    def dumps(self) -> str:
        return json.dumps(self.data, sort_keys=True, separators=(",", ":"))

    def __repr__(self) -> str:
        return f"<State {self.game.id} active={self.active!r} log={len(self.log)}>"


class FrameKind(ABC):
    """Handler of one kind of decision-stack frame."""

    kind: ClassVar[str]

    @abstractmethod
    def legal(self, game: Game, data: Data, frame: Frame) -> list[int]:
        """Ids of the actions legal for the frame's role now."""

    @abstractmethod
    def apply(self, game: Game, data: Data, frame: Frame, action: Action) -> None:
        """Carry out a legal action (already checked)."""

    def explain(self, game: Game, data: Data, frame: Frame, action: Action,
                legal: bool) -> tuple[str, tuple[str, ...]]:
        """A reason and the rules behind it; the default says little, games say more."""
        if legal:
            return "allowed now", ()
        return "not one of the choices offered now", ()


class Game(ABC):
    """Rules plus loaded content of one game. Stateless: all state lives in ``State.data``."""

    id: ClassVar[str]
    title: ClassVar[str]
    roles: ClassVar[tuple[str, ...]]
    scenarios: ClassVar[tuple[str, ...]]
    default_scenario: ClassVar[str]
    die_sides: ClassVar[int] = 6
    """The largest die the rules roll: forced dice above it are refused at the start."""
    hidden_information: ClassVar[bool] = False
    """True when a role cannot see part of the state (hands, decks, face-down cards)."""
    rules: ClassVar[Mapping[str, str]] = {}
    """Rule number -> heading, for citations and ``explain``."""

    catalogue: ActionCatalogue
    frames: dict[str, FrameKind]

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        """A game is rules plus read-only content (all state lives in ``State.data``): a deep
        copy of anything holding it (an OpenSpiel state clone, a bot's snapshot) shares it."""
        return self

    def __copy__(self) -> Game:
        return self

    # -- set-up -----------------------------------------------------------------------
    @abstractmethod
    def setup(self, data: Data, scenario: str, options: Mapping[str, Any]) -> None:
        """Fill ``data`` (which already holds rng, forced, barrier, log, stack) for a new game."""

    def options_schema(self) -> dict[str, Any]:
        """Options this game accepts, with defaults."""
        return {}

    # -- information ------------------------------------------------------------------
    @abstractmethod
    def view(self, data: Data, role: str | None) -> dict[str, Any]:
        """What ``role`` may see (None: a spectator). Never the RNG state or hidden cards."""

    @abstractmethod
    def outcome(self, data: Data) -> Outcome | None:
        """The result once the game is over."""

    def evaluate(self, data: Data, role: str) -> float:
        """A heuristic value of the position for ``role`` (for greedy bots); higher is better."""
        return 0.0

    def check_invariants(self, data: Data) -> list[str]:
        """Broken invariants (empty when all hold). Used by fuzzing."""
        return []

    def hide(self, data: Data, role: str, rng: _rng.Rng) -> None:  # noqa: B027
        """Resample information hidden from ``role`` consistently with what it knows.

        The default does nothing: a game without hidden information (besides future dice,
        which ``determinize`` reseeds) needs no override.
        """

    def content_json(self) -> dict[str, Any]:
        """The loaded content pack as plain JSON (``warroom content GAME --json``)."""
        return {}

    def describe(self, data: Data, action_id: int) -> str:
        """The action's label, with situation detail where the game adds it."""
        return self.catalogue[action_id].label

    def max_decisions(self) -> int:
        """An upper bound on the decisions of one game (runaway detection, RL)."""
        return 10_000

    def max_chance_events(self) -> int:
        """An upper bound on the dice rolls and random picks of one game."""
        return 10_000

    def max_chance_outcomes(self) -> int:
        """The most outcomes one chance event can have (a d6: 6)."""
        return 6

    def observation_size(self) -> int:
        """Length of the numeric observation vector (RL interfaces)."""
        return len(self.observation(self._sample_data(), self.roles[0]))

    def observation(self, data: Data, role: str) -> list[float]:
        """A fixed-length numeric encoding of what ``role`` may see (no hidden information)."""
        raise NotImplementedError(f"{self.id} provides no numeric observation yet")

    def _sample_data(self) -> Data:
        return new_game(self).data

    def info(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "roles": list(self.roles),
            "scenarios": list(self.scenarios),
            "default_scenario": self.default_scenario,
            "actions": len(self.catalogue),
        }

    # -- generic machinery ------------------------------------------------------------
    def top(self, data: Data) -> Frame | None:
        stack: list[Frame] = data["stack"]
        return stack[-1] if stack else None

    def legal_ids(self, data: Data) -> list[int]:
        frame = self.top(data)
        if frame is None or data["active"] is None:
            return []
        return self.frames[frame["kind"]].legal(self, data, frame)

    def refresh_active(self, data: Data) -> None:
        frame = self.top(data)
        data["active"] = None if frame is None or data.get("outcome") else frame["role"]

    def log(self, data: Data, rule: str, text: str) -> None:
        """Append a log line citing ``rule`` (a rule number of this game's rulebook)."""
        data["log"].append(f"{text} [{rule}]")


# ---------------------------------------------------------------------------------------
# Module-level protocol functions
# ---------------------------------------------------------------------------------------

def new_game(game: Game, scenario: str | None = None, seed: int = 0,
             options: Mapping[str, Any] | None = None,
             forced_dice: list[int] | None = None,
             chance: list[int] | None = None) -> State:
    """A new game of ``game`` in ``scenario`` (default: the game's default).

    ``chance`` switches the state to explicit chance (for interfaces with chance nodes):
    every die or random pick takes the next of these outcomes, and raises
    :class:`warroom.core.rng.ChanceNeeded` when none is left.
    """
    scenario = scenario or game.default_scenario
    if scenario not in game.scenarios:
        raise UnknownGameError(
            f"{game.id} has no scenario {scenario!r}; choose one of {', '.join(game.scenarios)}")
    opts = dict(options or {})
    schema = game.options_schema()
    unknown = sorted(set(opts) - set(schema))
    if unknown:
        known = ", ".join(sorted(schema)) or "none"
        raise UnknownGameError(f"{game.id} has no option {', '.join(unknown)}; options: {known}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise UnknownGameError(f"seed must be an integer, not {seed!r}")
    forced = list(forced_dice or [])
    for value in forced:
        if (not isinstance(value, int) or isinstance(value, bool)
                or not 1 <= value <= game.die_sides):
            raise UnknownGameError(f"forced die value {value!r} is not a face of the "
                                   f"{game.id} dice (1..{game.die_sides})")
    data: Data = {
        "game": game.id,
        "scenario": scenario,
        "seed": seed,
        "options": {**schema, **opts},
        "rng": _rng.seed_state(seed),
        "forced": forced,
        "barrier": 0,
        "log": [],
        "stack": [],
        "active": None,
        "outcome": None,
        "decisions": 0,
    }
    if chance is not None:
        data["explicit_chance"] = True
        data["chance_queue"] = list(chance)
    game.setup(data, scenario, data["options"])
    game.refresh_active(data)
    return State(game, data)


def legal_actions(state: State) -> list[Action]:
    """Every legal choice of the active role (empty when the game is over).

    A fresh list each call: a caller may filter or reorder it without changing what
    ``apply`` accepts.
    """
    legal = state._legal
    if legal is None:
        legal = _legal(state)
    return legal[:]


def _legal(state: State) -> list[Action]:
    """The cached legal actions (never handed out: callers get a copy)."""
    legal = state._legal
    if legal is None:
        legal = state.game.catalogue.pick(state.game.legal_ids(state.data))
        state._legal = legal
    return legal


def apply(state: State, action: Action | str | int) -> None:
    """Carry out ``action`` for the active role.

    Raises ``IllegalActionError`` (listing the legal choices) and changes nothing if the
    action is not legal now.
    """
    game = state.game
    act = game.catalogue.resolve(action)
    legal = state._legal
    if legal is None:
        legal = _legal(state)
    for candidate in legal:     # catalogue actions are singletons: identity is enough
        if candidate is act:
            break
    else:
        if state.data["active"] is None:
            raise IllegalActionError(f"the game is over; {act.key!r} cannot be played",
                                     action=act)
        why = explain(state, act)
        raise IllegalActionError(
            f"illegal action {act.key!r}: {why.reason}"
            + (f" [rule {', '.join(why.rules)}]" if why.rules else "")
            + f". Legal now: {', '.join(a.key for a in legal)}",
            action=act, legal=[a.key for a in legal])
    data = state.data
    frame = data["stack"][-1]
    state._legal = None
    data["decisions"] += 1
    game.frames[frame["kind"]].apply(game, data, frame, act)
    game.refresh_active(data)


def view(state: State, role: str | None = None) -> dict[str, Any]:
    """What ``role`` may see; the only thing a front end or remote player receives."""
    if role is not None and role not in state.game.roles:
        raise UnknownGameError(
            f"{state.game.id} has no role {role!r}; roles: {', '.join(state.game.roles)}")
    return state.game.view(state.data, role)


def clone(state: State) -> State:
    """An independent copy (cheap enough for search)."""
    return State(state.game, _copy_data(state.data))


def _copy_data(obj: Any) -> Any:
    if isinstance(obj, dict):
        return {k: _copy_data(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_copy_data(v) for v in obj]
    return obj


def determinize(state: State, role: str, rng: _rng.Rng) -> State:
    """A clone in which everything hidden from ``role`` is resampled from ``rng``.

    Future dice are hidden from everyone, so the clone's RNG is reseeded and any forced
    dice are dropped: a bot searching the clone cannot see the real future rolls.
    """
    copy_ = clone(state)
    copy_.data["rng"] = _rng.seed_state(rng.spawn())
    copy_.data["forced"] = []
    copy_.data.pop("explicit_chance", None)
    copy_.data.pop("chance_queue", None)
    state.game.hide(copy_.data, role, rng)
    return copy_


def result(state: State) -> Outcome | None:
    """The outcome once the game is over, else None."""
    if state.data["active"] is not None:
        return None
    return state.game.outcome(state.data)


def explain(state: State, action: Action | str | int) -> Explanation:
    """Why ``action`` is legal or illegal now, citing rule numbers."""
    game = state.game
    try:
        act = game.catalogue.resolve(action)
    except IllegalActionError as exc:
        return Explanation(False, str(action), str(exc))
    if state.data["active"] is None:
        out = game.outcome(state.data)
        return Explanation(False, act.label, f"the game is over ({out.label if out else 'ended'})",
                           (out.rule,) if out and out.rule else ())
    legal = act in _legal(state)
    frame = state.data["stack"][-1]
    reason, rules = game.frames[frame["kind"]].explain(game, state.data, frame, act, legal)
    return Explanation(legal, act.label, reason, rules)
