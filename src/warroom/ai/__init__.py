"""Game-agnostic bots: they use only the core protocol.

``make_bot(name, seed)`` builds one by name: ``random``, ``greedy`` or ``ismcts``. A bot is
any object with ``choose(state) -> Action``; bots draw their own randomness from a seeded
:class:`warroom.core.Rng`, never from the game state (whose RNG decides the dice).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from warroom.ai.aggressive import AggressiveBot
from warroom.ai.bots import GreedyBot, RandomBot
from warroom.ai.ismcts import ISMCTSBot
from warroom.core.actions import Action
from warroom.core.errors import UnknownGameError
from warroom.core.state import State


class Bot(Protocol):
    name: str

    def choose(self, state: State[Any]) -> Action: ...


BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "ismcts": ISMCTSBot,
    "aggressive": AggressiveBot,
}


def make_bot(name: str, seed: int = 0) -> Bot:
    try:
        factory = BOTS[name]
    except KeyError:
        raise UnknownGameError(f"unknown bot {name!r}; bots: {', '.join(BOTS)}") from None
    return factory(seed)


__all__ = ["BOTS", "Bot", "GreedyBot", "ISMCTSBot", "RandomBot", "make_bot"]
