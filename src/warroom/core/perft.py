"""Perft: count the legal action sequences from a position (python-chess's ``perft``).

``perft(state, depth)`` is the number of distinct sequences of ``depth`` legal actions
from ``state`` (a sequence that reaches the end of the game sooner counts once, as a
leaf). Dice come from the RNG held in the state, so the count is a pure function of the
game, its content, the seed and the forced dice: a cheap regression net for the rules'
move generation. ``tests/perft/<game>.perft`` lists (scenario, seed, forced dice, depth,
count) lines that CI checks.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from warroom.core.errors import WarroomError
from warroom.core.protocol import Game, apply, clone, legal_actions, new_game
from warroom.core.state import State


def perft(state: State[Any], depth: int) -> int:
    """The number of legal action sequences of length ``depth`` (shorter if the game ends)."""
    if depth <= 0 or state.active is None:
        return 1
    legal = legal_actions(state)
    if depth == 1:
        return len(legal)
    total = 0
    for action in legal:
        child = clone(state)
        apply(child, action)
        total += perft(child, depth - 1)
    return total


@dataclass(frozen=True)
class PerftCase:
    """One line of a perft file: ``scenario seed forced depth nodes`` (forced: ``-`` or
    comma-separated die faces)."""

    scenario: str
    seed: int
    forced: tuple[int, ...]
    depth: int
    nodes: int

    def line(self) -> str:
        forced = ",".join(map(str, self.forced)) or "-"
        return f"{self.scenario} {self.seed} {forced} {self.depth} {self.nodes}"

    def run(self, game: Game) -> int:
        return perft(new_game(game, self.scenario, self.seed, forced_dice=list(self.forced)),
                     self.depth)


def read_perft(path: str | Path) -> list[PerftCase]:
    """The cases of a perft file (``#`` starts a comment)."""
    cases: list[PerftCase] = []
    for n, raw in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        text = raw.split("#", 1)[0].strip()
        if not text:
            continue
        parts = text.split()
        if len(parts) != 5:
            raise WarroomError(f"{path}:{n}: expected 'scenario seed forced depth nodes'")
        scenario, seed, forced, depth, nodes = parts
        try:
            dice = () if forced == "-" else tuple(int(x) for x in forced.split(","))
            cases.append(PerftCase(scenario, int(seed), dice, int(depth), int(nodes)))
        except ValueError:
            # one line named, not int()'s words alone (a review)
            raise WarroomError(f"{path}:{n}: seed, depth and nodes are whole numbers and "
                               "forced is '-' or comma-separated die faces, not "
                               f"{text!r}") from None
    return cases
