"""The core protocol every front end, bot, interface and test uses.

A game is a :class:`Game` object (rules + loaded content). Its state is a
:class:`~warroom.core.state.State`: a reference to the game, ``data`` (a dict of plain
JSON data that holds everything: board, RNG, forced dice, decision stack, log, result) and
a transient ``cache`` of derived facts. Cloning, saving and replaying are therefore exact.

Flow is an explicit decision stack run by :mod:`warroom.core.flow`: the top frame decides
who is active, what is asked (:func:`prompt`) and which actions are legal.
"""

from __future__ import annotations

import enum
import marshal
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar, Self

from warroom.core import flow
from warroom.core import rng as _rng
from warroom.core.actions import Action, ActionCatalogue
from warroom.core.errors import IllegalActionError, UnknownGameError, short
from warroom.core.flow import FrameKind, Prompt
from warroom.core.log import log, visible
from warroom.core.state import Data, Frame, G, State

__all__ = ["Data", "Explanation", "Frame", "Game", "Outcome", "State", "Termination",
           "copy_json", "copy_plain"]


class Termination(enum.Enum):
    """How a game ended (python-chess's ``Termination``)."""

    AUTOMATIC_VICTORY = "automatic_victory"
    """A side reached a victory condition during play (EaW1940 10.1/10.2, EiT II 10.4.1,
    SfE 9.2/9.3)."""
    FINAL_SCORING = "final_scoring"
    """The game ran its course and was scored (EaW1940 10.4, EiT II 10.4.2-10.4.4, SfE 9.4)."""
    FORFEIT = "forfeit"
    """A rule made a player lose (EiT II 4.5.3: caught holding a Scoring card)."""
    TURN_LIMIT = "turn_limit"
    """A safety cap on the number of turns (an option, not a rule of the game)."""
    RESOLVED = "resolved"
    """An event was resolved and changed the situation (TK rule 15)."""
    NO_RESULT = "no_result"
    """An event was resolved without effect (TK rule 15)."""
    RESIGNATION = "resignation"
    """A player resigned."""


def winner_word(winner: str | None, termination: str | None) -> str:
    """How a summary counts one finished game's winner: the role, ``draw`` for a contest
    that nobody won, ``no winner`` for a game that has none to win (TK's political events,
    :attr:`Termination.RESOLVED` and :attr:`Termination.NO_RESULT`: an RL audit found
    every tk game counted as a draw)."""
    if winner:
        return str(winner)
    return ("no winner" if termination in (Termination.RESOLVED.value,
                                           Termination.NO_RESULT.value) else "draw")


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game (python-chess's ``Outcome(termination, winner)``)."""

    termination: Termination
    """How the game ended."""
    winner: str | None
    """The winning side (a role, or a non-player side such as a solitaire BOT), None if drawn."""
    returns: dict[str, float]
    """Per role: +1 win, 0 draw, -1 loss (zero-sum where the game has two sides)."""
    scores: dict[str, float] = field(default_factory=dict)
    """Numeric scores, e.g. ``{"vp": 14}``."""
    text: str = ""
    """The rulebook's description of this result."""
    rule: str = ""
    """The rule that decided the result."""
    label: str = ""
    """The game's finer category of result (``axis_automatic_victory``, ``decisive``), used
    to count outcomes in simulations; the termination's value when the game has none."""

    def __post_init__(self) -> None:
        if not self.label:
            object.__setattr__(self, "label", self.termination.value)

    def to_json(self) -> dict[str, Any]:
        return {"termination": self.termination.value, "winner": self.winner,
                "returns": dict(self.returns), "scores": dict(self.scores),
                "text": self.text, "rule": self.rule, "label": self.label}


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


class Game(ABC):
    """Rules plus loaded content of one game. Stateless: all state lives in a :class:`State`.

    Every hook takes the state (``st.data`` the plain data, ``st.cache`` the derived facts,
    ``st.game`` this game, typed).
    """

    id: ClassVar[str]
    title: ClassVar[str]
    roles: ClassVar[tuple[str, ...]]
    scenarios: ClassVar[tuple[str, ...]]
    default_scenario: ClassVar[str]
    die_sides: ClassVar[int] = 6
    """The largest die the rules roll: forced dice above it are refused at the start; 0 for
    a game that rolls no dice (any forced die is refused)."""
    hidden_information: ClassVar[bool] = False
    """True when a role cannot see part of the state (hands, decks, face-down cards)."""
    has_winner: ClassVar[bool] = True
    """False for a game whose results name no winner (tk: one political event resolved,
    every return 0): nothing to learn a value or a policy from (``warroom train``)."""
    summary: ClassVar[str] = ""
    """What a game is, in a sentence for someone choosing one (the lobby, ``games``)."""
    rules: ClassVar[Mapping[str, str]] = {}
    """Rule number -> heading, for citations and ``explain``."""
    content_read: Mapping[str, Any] = MappingProxyType({})
    """The data of each content file the game was loaded from, by file name, as read
    (:attr:`warroom.core.content.ContentPack.read`): what
    :func:`warroom.core.record.content_id` fingerprints. Empty for a game with no pack."""
    earlier_content_ids: ClassVar[frozenset[str]] = frozenset()
    """Ids (:func:`warroom.core.record.content_id`) the bundled content pack had in earlier
    versions of warroom with the same content: a record played with one replays with no
    doubt. (Until 6 December 2026 the id also hashed the rule index and the action labels,
    the code's words, not the pack's.)"""

    snapshot_added_keys: ClassVar[frozenset[str]] = frozenset()
    """State keys added in a later version: a saved snapshot without one (made before it
    came) is not compared on it (:func:`warroom.core.record.snapshot_diff`), the rest of the
    snapshot is. (An sfe save refused to load as "saved by an earlier version whose rules
    differ" for a key of bookkeeping added since: a review.)"""

    catalogue: ActionCatalogue
    frames: Mapping[str, FrameKind[Any]]

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        """A game is rules plus read-only content (all state lives in ``State.data``): a deep
        copy of anything holding it (an OpenSpiel state clone, a bot's snapshot) shares it."""
        return self

    def __copy__(self) -> Self:
        return self

    # -- set-up -----------------------------------------------------------------------
    @abstractmethod
    def setup(self, st: State[Self], scenario: str, options: Mapping[str, Any]) -> None:
        """Fill ``st.data`` (which already holds rng, forced, barrier, log, stack) for a new
        game and push its first frames; core then runs the flow to the first decision."""

    def options_schema(self) -> dict[str, Any]:
        """Options this game accepts, with defaults."""
        return {}

    # -- information ------------------------------------------------------------------
    @abstractmethod
    def view(self, st: State[Self], role: str | None) -> dict[str, Any]:
        """What ``role`` may see (None: a spectator). Never the RNG state or hidden cards.
        Core adds ``prompt`` and the ``log`` entries ``role`` may read."""

    CLOCK_TURN: ClassVar[tuple[str, ...]] = ("turn",)
    CLOCK_ROUND: ClassVar[tuple[str, ...]] = ("action_round", "round", "impulse",
                                              "player_turn", "phase")

    def clock(self, st: State[Self]) -> tuple[Any, Any]:
        """The turn and round the public view shows (its ``turn`` and the first of
        :data:`CLOCK_ROUND` it has; None where it shows none): the replay viewer's turn index
        reads it after every step. A game may answer from its data without building the
        view (a test holds every game's answer to its view's)."""
        seen = self.view(st, None)
        turn = next((seen[k] for k in self.CLOCK_TURN if isinstance(seen.get(k), (int, str))),
                    None)
        rnd = next((seen[k] for k in self.CLOCK_ROUND if isinstance(seen.get(k), (int, str))),
                   None)
        return turn, rnd

    @abstractmethod
    def outcome(self, st: State[Self]) -> Outcome | None:
        """The result once the game is over."""

    def evaluate(self, st: State[Self], role: str) -> float:
        """A heuristic value of the position for ``role`` (for greedy bots); higher is better."""
        return 0.0

    def check_invariants(self, st: State[Self]) -> list[str]:
        """Broken invariants (empty when all hold). Used by fuzzing."""
        return []

    def hide(self, st: State[Self], role: str, rng: _rng.Rng) -> None:  # noqa: B027
        """Resample information hidden from ``role`` consistently with what it knows.

        The default does nothing: a game without hidden information (besides future dice,
        which ``determinize`` reseeds) needs no override.
        """

    def content_json(self) -> dict[str, Any]:
        """The loaded content pack as plain JSON (``warroom content GAME --json``)."""
        return {}

    def content_json_before(self) -> dict[str, Any]:
        """:meth:`content_json` as warroom wrote it until 7 December 2026, what a record's
        content id of then fingerprinted (:func:`warroom.core.record.legacy_content_id`):
        where a game has since added to it (a flag marked), it takes that out again."""
        return self.content_json()

    def describe(self, st: State[Self], action_id: int) -> str:
        """The action's label, with situation detail where the game adds it."""
        return self.catalogue[action_id].label

    def action_subject(self, st: State[Self], action_id: int) -> str | None:
        """The key of the board element an action concerns when its own key does not name
        one (tk's "Remove the Neutrality marker from Finland", a positional choice, concerns
        ``country:finland``), so a map can show it there; None: its key says it all."""
        return None

    def names_of(self, action: Action) -> tuple[str, ...]:
        """Other names a player may type for what ``action`` concerns, besides its label
        and key: the content pack's other spellings of a space or a card (eit2's
        ``aliases``, which a pack adds for a new spelling). None by default."""
        return ()

    def menu_number(self, action: Action) -> int:
        """The number a menu gives ``action`` when its decision's actions carry values (a
        space's map index, a card's printed number): by default its ``value``; a game whose
        value is an index where the component prints another number says so (sfe's card
        ``ax14`` is 14, its value 13). -1: none."""
        return action.value

    def copy_cache(self, cache: dict[str, Any]) -> dict[str, Any]:
        """The derived facts a :func:`clone` starts with, from its original's ``cache`` (a
        clone's data equals its original's, so their facts are the same): by default none,
        so the clone works its facts out again when asked. A game whose facts are dear to
        work out and cheap to copy returns copies its clone owns, never an object that one
        state's moves would make wrong for the other: what two states may share is a memo of
        answers that are pure functions of their question (sfe copies its board and shares
        the memos of answers for that board,
        :meth:`warroom.games.sfe.game.StruggleForEurope.copy_cache`)."""
        return {}

    def public_cache(self, cache: dict[str, Any]) -> dict[str, Any]:
        """The derived facts a :func:`determinize` copy starts with, from its original's
        ``cache``: copies of facts that depend only on what every role sees, which
        :meth:`hide` never changes (by default none, as a determinized copy's hidden data
        differ from its original's). sfe keeps its board facts (counters, control and the
        Allied play deck are public:
        :meth:`warroom.games.sfe.game.StruggleForEurope.public_cache`)."""
        return {}

    def copy_data(self, data: Data) -> Data:
        """A copy of ``data`` for :func:`clone`: everything deep-copied but the log, whose
        entries are never changed once written and so are shared. Games may do better.

        Plain JSON data is copied by a round trip through :mod:`marshal` (C speed, about
        twice as fast as walking it in Python), data marshal refuses by :func:`copy_plain`.
        """
        log = data.get("log")
        rest = dict(data)
        if log is not None:
            rest["log"] = []
        out: Data = copy_json(rest)
        if log is not None:
            out["log"] = list(log)
        return out

    def resignation_winner(self, role: str) -> str | None:
        """Who wins when ``role`` resigns: by default the other role of a two-role game;
        None where nobody would (a game of more roles, or of one role against nothing),
        so resigning is not offered (:func:`resign`). A solitaire game whose BOT wins when
        its player loses names the BOT's side."""
        others = [r for r in self.roles if r != role]
        return others[0] if len(others) == 1 and role in self.roles else None

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
        return len(self.observation(new_game(self), self.roles[0]))

    def observation(self, st: State[Self], role: str) -> list[float]:
        """A fixed-length numeric encoding of what ``role`` may see (no hidden information)."""
        raise NotImplementedError(f"{self.id} provides no numeric observation yet")

    def info(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "roles": list(self.roles),
            "scenarios": list(self.scenarios),
            "default_scenario": self.default_scenario,
            "actions": len(self.catalogue),
            "hidden_information": self.hidden_information,
            "summary": self.summary,
        }

    # -- generic machinery ------------------------------------------------------------
    def legal_ids(self, st: State[Self]) -> list[int]:
        data = st.data
        stack: list[Frame] = data["stack"]
        if not stack or data["active"] is None:
            return []
        frame = stack[-1]
        return self.frames[frame["kind"]].legal(st, frame)


# ---------------------------------------------------------------------------------------
# Module-level protocol functions
# ---------------------------------------------------------------------------------------

def new_game(game: G, scenario: str | None = None, seed: int = 0,
             options: Mapping[str, Any] | None = None,
             forced_dice: list[int] | None = None,
             chance: list[int] | None = None) -> State[G]:
    """A new game of ``game`` in ``scenario`` (default: the game's default).

    ``chance`` switches the state to explicit chance (for interfaces with chance nodes):
    every die or random pick takes the next of these outcomes, and raises
    :class:`warroom.core.rng.ChanceNeeded` when none is left.
    """
    scenario = scenario or game.default_scenario
    if scenario not in game.scenarios:
        raise UnknownGameError(
            f"{game.id} has no scenario {str(scenario)[:60]!r}; choose one of "
            f"{', '.join(game.scenarios)}")
    opts = dict(options or {})
    schema = game.options_schema()
    # the names as printable text: a key may hold anything a JSON string can (a lone
    # surrogate included), and this message may be sent back as UTF-8
    unknown = sorted(str(k).encode("utf-8", "backslashreplace").decode()
                     for k in set(opts) - set(schema))
    if unknown:
        known = ", ".join(sorted(schema)) or "none"
        raise UnknownGameError(f"{game.id} has no option {', '.join(unknown)[:200]}; "
                               f"options: {known}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise UnknownGameError(f"seed must be an integer, not {short(seed, 60)}")
    if _rng.seed_problem(seed):
        raise UnknownGameError(_rng.seed_problem(seed))
    forced = list(forced_dice or [])
    if forced and not game.die_sides:
        raise UnknownGameError(f"{game.id} rolls no dice, so it takes no forced dice; leave "
                               f"forced_dice empty")
    for value in forced:
        if (not isinstance(value, int) or isinstance(value, bool)
                or not 1 <= value <= game.die_sides):
            raise UnknownGameError(f"forced die value {short(value, 20)} is not a face of the "
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
    st = State(game, data)
    game.setup(st, scenario, data["options"])
    flow.run(st)
    st.cache.clear()
    return st


def legal_actions(state: State[Any]) -> list[Action]:
    """Every legal choice of the active role (empty when the game is over).

    A fresh list each call: a caller may filter or reorder it without changing what
    ``apply`` accepts.
    """
    legal = state._legal
    if legal is None:
        legal = _legal(state)
    return legal[:]


def _legal(state: State[Any]) -> list[Action]:
    """The cached legal actions (never handed out: callers get a copy)."""
    legal = state._legal
    if legal is None:
        legal = state.game.catalogue.pick(state.game.legal_ids(state))
        state._legal = legal
    return legal


def _not_your_turn(state: State[Any], role: str) -> str | None:
    """Why ``role`` may not act now (None if it may); says nothing of the active role's
    choices."""
    if role not in state.game.roles:
        return (f"{state.game.id} has no role {str(role)[:40]!r}; roles: "
                f"{', '.join(state.game.roles)}")
    active = state.data["active"]
    if active is None:
        return "the game is over"
    if active != role:
        return f"it is not {role_turn(role)} turn: {role_title(active)} is to decide"
    return None


def role_title(role: str) -> str:
    """A role as players write it: ``LW``, ``Axis``, ``Allies`` (ids of 3 letters or fewer
    are initials)."""
    return role.upper() if len(role) <= 3 else role.capitalize()


def role_wins(role: str) -> str:
    """``role`` won, as a sentence says it: ``LW wins``, ``the Allies win``."""
    name = role_title(role)
    return f"the {name} win" if name.endswith("ies") else f"{name} wins"


def role_turn(role: str) -> str:
    """The possessive a message says "it is not ... turn" with: ``LW's``, ``the Allies'``,
    ``the Axis player's`` (it said "Axis's" beside "the Allies'": an explain audit)."""
    name = role_title(role)
    if name.endswith("ies"):
        return f"the {name}'"
    return f"{name}'s" if name.isupper() else f"the {name} player's"


def apply(state: State[Any], action: Action | str | int, role: str | None = None,
          legacy_keys: bool = True) -> Action:
    """Carry out ``action`` for the active role, then run the flow to the next decision.

    ``role`` is who asks (a front end passes it; bots, replays and tests acting for the
    active role may omit it). An action from a role that is not to act is refused with a
    message that says only that. An illegal action raises ``IllegalActionError`` (listing
    the legal choices to the role that owns them) and changes nothing. Returns the action
    played: a key of an earlier version may be read as today's action by the frame's
    ``alias`` (a positional key of an old record, for instance). Those keys are for old
    records: a front end playing a seat's move passes ``legacy_keys=False``, and one is
    refused, naming today's key (tk's ``pick:<i>`` played whatever choice sat at position
    i, a choice the seat's menu listed under another key).
    """
    game = state.game
    resigning = resigner(action)
    if resigning is not None:
        return resign(state, resigning, role)
    if role is not None:
        why_not = _not_your_turn(state, role)
        if why_not is not None:
            raise IllegalActionError(why_not, action=None)
    act = game.catalogue.resolve(action)
    legal = state._legal
    if legal is None:
        legal = _legal(state)
    for candidate in legal:     # catalogue actions are singletons: identity is enough
        if candidate is act:
            break
    else:
        alias = _alias(state, action, act)
        if alias is not None and alias in legal and legacy_keys:
            act = alias
        elif alias is not None and alias in legal:
            raise IllegalActionError(
                legacy_refusal(act, alias) + f". Legal now: {', '.join(a.key for a in legal)}",
                action=act, legal=[a.key for a in legal])
        elif state.data["active"] is None:
            raise IllegalActionError(f"the game is over; {act.key!r} cannot be played",
                                     action=act)
        else:
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
    game.frames[frame["kind"]].apply(state, frame, act)
    flow.run(state)
    return act


def _alias(state: State[Any], action: Action | str | int, act: Action) -> Action | None:
    """What the decision reads ``action`` (resolved: ``act``) as, a key of an earlier version
    (the frame's ``alias``), or None. Only a key, as an old record holds it, is read so: an
    id (an RL agent's, a search's) names exactly one action and is legal or refused (tk's
    positional pick:<i> ids once played whatever choice i was now)."""
    stack = state.data["stack"]
    if not isinstance(action, str) or not stack or state.data["active"] is None:
        return None
    alias: Action | None = state.game.frames[stack[-1]["kind"]].alias(state, stack[-1], act)
    return alias


def read_action(state: State[Any], action: str | int) -> Action:
    """The catalogue action :func:`apply` would play for a record's step ``action``, without
    playing it: the action it names, or, for a key of an earlier version that the decision
    reads, today's action (a replay labels its step before playing it). Not checked for
    legality (apply does that); a key naming nothing raises ``IllegalActionError``."""
    act: Action = state.game.catalogue.resolve(action)
    legal = state._legal if state._legal is not None else _legal(state)
    if act in legal:
        return act
    alias = _alias(state, action, act)
    return alias if alias is not None and alias in legal else act


def legacy_refusal(act: Action, alias: Action) -> str:
    """Why a key of an earlier version (``act``, which the decision reads as ``alias`` in an
    old record) is not played for a seat now, with the key to send."""
    return (f"{act.key!r} is a key of an earlier version, read only in the records it wrote; "
            f"this choice's key now is {alias.key!r}")


RESIGN = "resign"
"""The kind of a record's resignation step, ``resign:<role>`` (:func:`resign`). No game's
catalogue holds it: a resignation is a player's, not a rule's, so bots, action masks and
models never see it."""


def resign_key(role: str) -> str:
    """The record step of ``role``'s resignation (``resign:lw``)."""
    return f"{RESIGN}:{role}"


def resigner(ref: Any) -> str | None:
    """The role a record step resigns for (``resign:lw`` -> ``lw``), None for any other."""
    if isinstance(ref, str) and ref.startswith(RESIGN + ":"):
        return ref[len(RESIGN) + 1:]
    return None


def resign_refusal(state: State[Any], role: str) -> str | None:
    """Why ``role`` may not resign now (None: it may). A role may resign whenever the game
    is on, its turn or not, in a game where someone wins by it
    (:meth:`Game.resignation_winner`)."""
    game = state.game
    if role not in game.roles:
        return (f"{game.id} has no role {short(role, 40)}; roles: "
                f"{', '.join(game.roles)}")
    if state.data["active"] is None:
        return "the game is over"
    if game.resignation_winner(role) is None:
        return (f"{game.title} has no winner to concede to: a resignation is not "
                "offered here (end the game by leaving it)")
    return None


def resign(state: State[Any], role: str, asking: str | None = None) -> Action:
    """``role`` resigns: the game ends at once and :meth:`Game.resignation_winner` wins
    (:attr:`Termination.RESIGNATION`). Any role may, whether or not it is to act; ``asking``
    (a front end's seat) may resign only for itself. Refused with ``IllegalActionError``
    (nothing changed) for a game that is over or offers no resignation. Returns the step
    a record keeps (``resign:<role>``), which :func:`apply` plays again on replay."""
    who = _named(state, role)
    if asking is not None and asking != role:
        raise IllegalActionError(f"{_named(state, asking)} may resign only for itself, not "
                                 f"for {who}", action=None)
    why_not = resign_refusal(state, role)
    if why_not is not None:
        raise IllegalActionError(f"{who} cannot resign: {why_not}", action=None)
    data = state.data
    winner = state.game.resignation_winner(role)
    assert winner is not None
    # the stack stays as it was, with whatever a decision held (an eit2 card played for
    # Operations, an sfe battle's cards): the game is frozen where it was given up, and
    # with no one active nothing on it is asked or played again
    data["resigned"] = role
    data["active"] = None
    flow.reveal(data)                   # nothing before it may be taken back
    state._legal = None
    out = resignation(state)
    assert out is not None
    log(data, "", f"{out.text}.", resigned=role, winner=winner)
    key = resign_key(role)
    return Action(-1, key, f"{role_title(role)} resigns", RESIGN, (role,))


def _named(state: State[Any], role: str) -> str:
    """A role as players write it; what is no role of the game, as typed, cut short (a
    message never echoes more than a few words of what was sent)."""
    return role_title(role) if role in state.game.roles else short(role, 40)


def resignation(state: State[Any]) -> Outcome | None:
    """The outcome of a game a role resigned (None: nobody did)."""
    role = state.data.get("resigned")
    if role is None:
        return None
    game = state.game
    winner = game.resignation_winner(role)
    return Outcome(Termination.RESIGNATION, winner,
                   {r: (1.0 if r == winner else -1.0) for r in game.roles},
                   text=f"{role_title(role)} resigned: {role_wins(str(winner))}",
                   label=f"{winner}_by_resignation")


def apply_id(state: State[Any], action_id: int) -> None:
    """Search's :func:`apply`: carry out the action with catalogue id ``action_id``, taken
    from ``state.game.legal_ids(state)`` of this very state or of an exact copy of it. No
    legality check and no list of Actions built: a search that walks a tree of ids calls it
    thousands of times a second. Everything else (front ends, records, tests) uses
    :func:`apply`, which refuses an illegal action."""
    game = state.game
    data = state.data
    frame = data["stack"][-1]
    state._legal = None
    data["decisions"] += 1
    game.frames[frame["kind"]].apply(state, frame, game.catalogue[action_id])
    flow.run(state)


def prompt(state: State[Any]) -> Prompt | None:
    """What the active role decides now, in words, with the rule (None when over)."""
    return flow.prompt_of(state)


def check_role(game: Game, role: object) -> None:
    """Raise ``UnknownGameError`` naming the game's roles unless ``role`` is one of them:
    what :func:`view` and :func:`determinize` and every game's ``observation`` are asked
    for (a fuzzer: determinize and observation gave a bare ``ValueError`` in two games and
    took any role at all in the other two)."""
    if not isinstance(role, str) or role not in game.roles:
        raise UnknownGameError(
            f"{game.id} has no role {str(role)[:40]!r}; roles: {', '.join(game.roles)}")


def view(state: State[Any], role: str | None = None) -> dict[str, Any]:
    """What ``role`` may see; the only thing a front end or remote player receives."""
    if role is not None:
        check_role(state.game, role)
    out: dict[str, Any] = state.game.view(state, role)
    p = flow.prompt_of(state)
    out["prompt"] = p.to_json() if p is not None else None
    out["log"] = [copy_plain(e) for e in visible(state.data["log"], role)]
    resigned = resignation(state)
    if resigned is not None:
        out["result"] = resigned.to_json()
    return out


def clone(state: State[G]) -> State[G]:
    """An independent copy (cheap enough for search). Its derived facts are what the game's
    :meth:`Game.copy_cache` makes of the original's (by default none): its own, sharing
    with the original at most memos of pure answers, which neither's moves make wrong."""
    game = state.game
    out = State(game, game.copy_data(state.data))
    if state.cache:
        out.cache = game.copy_cache(state.cache)
    return out


def copy_json(obj: dict[str, Any]) -> dict[str, Any]:
    """A deep copy of a dict of plain JSON data by a round trip through :mod:`marshal` (C
    speed, about twice as fast as walking it in Python); by :func:`copy_plain` where marshal
    refuses the data."""
    try:
        out: dict[str, Any] = marshal.loads(marshal.dumps(obj))
    except ValueError:
        out = {k: (copy_plain(v) if v.__class__ is dict or v.__class__ is list else v)
               for k, v in obj.items()}
    return out


def copy_plain(obj: Any) -> Any:
    """A deep copy of plain JSON data (dicts and lists; anything else is shared): what
    ``clone`` uses, and what a game's ``copy_data`` uses for the parts it does not know."""
    cls = obj.__class__
    if cls is dict:
        return {k: (copy_plain(v) if v.__class__ is dict or v.__class__ is list else v)
                for k, v in obj.items()}
    if cls is list:
        return [(copy_plain(v) if v.__class__ is dict or v.__class__ is list else v)
                for v in obj]
    return obj


def determinize(state: State[G], role: str, rng: _rng.Rng) -> State[G]:
    """A clone in which everything hidden from ``role`` is resampled from ``rng``.

    Future dice are hidden from everyone, so the clone's RNG is reseeded and any forced
    dice are dropped: a bot searching the clone cannot see the real future rolls.
    """
    # a copy of the data and of the facts derived from public data alone (public_cache):
    # hide() changes only what ``role`` cannot see
    game = state.game
    check_role(game, role)
    copy_ = State(game, game.copy_data(state.data))
    kept = game.public_cache(state.cache) if state.cache else {}
    copy_.data["rng"] = _rng.seed_state(rng.spawn())
    copy_.data["forced"] = []
    copy_.data.pop("explicit_chance", None)
    copy_.data.pop("chance_queue", None)
    game.hide(copy_, role, rng)
    copy_.invalidate()          # whatever hide() worked out on the way
    copy_.cache.update(kept)
    return copy_


def result(state: State[Any]) -> Outcome | None:
    """The outcome once the game is over, else None."""
    if state.data["active"] is not None:
        return None
    out: Outcome | None = resignation(state) or state.game.outcome(state)
    return out


def explain(state: State[Any], action: Action | str | int,
            role: str | None = None, legacy_keys: bool = True) -> Explanation:
    """Why ``action`` is legal or illegal now, citing rule numbers.

    ``role`` is who asks: a role that is not to act learns only that it is not its turn,
    never what the active role may do. ``legacy_keys``: as :func:`apply` reads a key of an
    earlier version (False: a front end's, which refuses one).
    """
    game = state.game
    resigning = resigner(action)
    if resigning is not None:
        return _explain_resignation(state, resigning, role)
    if role is not None and state.data["active"] is not None:
        why_not = _not_your_turn(state, role)
        if why_not is not None:
            return Explanation(False, str(action)[:60] if not isinstance(action, Action)
                               else action.key, why_not)
    try:
        act = game.catalogue.resolve(action)
    except IllegalActionError as exc:
        return Explanation(False, str(action)[:60], str(exc))
    if state.data["active"] is None:
        out = result(state)
        return Explanation(False, act.label, f"the game is over ({out.text if out else 'ended'})",
                           (out.rule,) if out and out.rule else ())
    legal_now = _legal(state)
    legal = act in legal_now
    frame = state.data["stack"][-1]
    kind = game.frames[frame["kind"]]
    if not legal:
        alias = _alias(state, action, act)              # as apply reads it
        if alias is not None and alias in legal_now:     # what apply would play
            reason, rules = kind.explain(state, frame, alias, True)
            if not legacy_keys:
                return Explanation(False, act.label, legacy_refusal(act, alias), rules)
            return Explanation(True, act.label,
                               f"{act.key} is read as {alias.key} (a key of an earlier "
                               f"version): {reason}", rules)
    if (not legal and not kind.explains_other_kinds and legal_now
            and act.kind not in {a.kind for a in legal_now}):
        p = kind.prompt(state, frame)
        return Explanation(False, act.label, f"not a choice in this decision: {p.text}",
                           (p.rule,) if p.rule else ())
    reason, rules = kind.explain(state, frame, act, legal)
    return Explanation(legal, act.label, reason, rules)


def _explain_resignation(state: State[Any], role: str, asking: str | None) -> Explanation:
    """:func:`explain` of a resignation step (``resign:<role>``)."""
    label = f"{_named(state, role)} resigns"
    if asking is not None and asking != role:
        return Explanation(False, label, f"{_named(state, asking)} may resign only for itself")
    why_not = resign_refusal(state, role)
    if why_not is not None:
        return Explanation(False, label, why_not)
    winner = state.game.resignation_winner(role)
    return Explanation(True, label, f"a player may resign at any time, its turn or not: the "
                       f"game ends and {role_wins(str(winner))}")
