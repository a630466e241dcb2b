"""The random and greedy bots."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from warroom.core.actions import Action
from warroom.core.errors import UnknownGameError
from warroom.core.protocol import State, apply, determinize, legal_actions
from warroom.core.rng import Rng, derive_seed


def forced_or_choices(state: State[Any]) -> tuple[Action | None, list[Action]]:
    """The only legal action if there is one (no search needed), and the legal actions."""
    legal = legal_actions(state)
    if not legal:
        raise ValueError("no legal action: the game is over")
    return (legal[0] if len(legal) == 1 else None), legal


def reseed(bot: Any, seed: int) -> None:
    """Set every random generator of ``bot`` (and of the bots it holds) from ``seed``, in
    place: a front end calls it before each decision with a seed of the game's seed, the
    role and the decision's step, so that a bot chooses the same in a game saved and
    loaded as in the same game played on (it started its generators again at a load, and
    chose otherwise from there: an undo audit). Generators are found among the bot's
    attributes, in the order they were set; one shared by several parts is set once."""
    seen: set[int] = set()
    k = 0

    def visit(obj: Any, depth: int) -> None:
        nonlocal k
        for value in getattr(obj, "__dict__", {}).values():
            if isinstance(value, Rng):
                if id(value) not in seen:
                    seen.add(id(value))
                    k += 1
                    value.reseed(derive_seed(seed, k))
            elif (depth < 3 and id(value) not in seen
                  and type(value).__module__.startswith("warroom.ai.")):
                # a part of the bot of warroom's own (a bot it holds, a script): walked
                # for its generators; nothing else (a model, a module) is looked into
                seen.add(id(value))
                visit(value, depth + 1)

    visit(bot, 0)


def decision_seed(game_seed: int, role_index: int, step: int) -> int:
    """The seed a front end gives :func:`reseed` before a bot's decision: of the game's
    seed, the bot's role (its index in the game's roles) and the record's step."""
    return derive_seed(derive_seed(game_seed, role_index + 1), step)


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State[Any]) -> Action:
        legal = legal_actions(state)
        if not legal:
            raise ValueError("no legal action: the game is over")
        return legal[self.rng.randbelow(len(legal))]


class GreedyBot:
    """One ply: tries each legal action on determinized copies and keeps the best mean value.

    The value is the game's own ``evaluate(state, role)`` for the acting role, or the
    ``evaluate`` keyword's function (a benchmark comparing evaluations). Because the
    copies are determinized (RNG reseeded, hidden information resampled), the bot never
    sees the real future dice; ``samples`` copies per action average out the luck.
    """

    name = "greedy"
    params: ClassVar[dict[str, type]] = {"samples": int}

    def __init__(self, seed: int = 0, samples: int = 6,
                 evaluate: Callable[[State[Any], str], float] | None = None) -> None:
        if samples < 1:
            raise UnknownGameError(f"greedy: samples must be at least 1, not {samples}")
        self.rng = Rng(seed)
        self.samples = samples
        self.evaluate = evaluate

    def choose(self, state: State[Any]) -> Action:
        only, legal = forced_or_choices(state)
        if only is not None:
            return only
        role = state.active
        assert role is not None
        evaluate = self.evaluate or state.game.evaluate
        best: list[Action] = []
        best_value = float("-inf")
        for action in legal:
            total = 0.0
            for _ in range(self.samples):
                copy = determinize(state, role, self.rng)
                apply(copy, action)
                total += evaluate(copy, role)
            value = total / self.samples
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return best[self.rng.randbelow(len(best))]
