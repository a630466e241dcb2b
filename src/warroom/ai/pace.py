"""A bot's pace, kept even where the other side may not see what it holds.

A bot answers at once when the rules leave it one legal action and thinks otherwise, and
the number of its legal actions can depend on its hidden hand (sfe: no battle event card
to play, no card to block a Wolfpack, one card only that pays for an operation). Seen
from the other seat, a quick answer then told what the bot's hand held: an adversarial
fair-play audit measured a search taking 0.0 ms in the real state and 102 ms in a twin
state that seat cannot tell from it, at 10% of sfe's decisions. A front end (the web
server, the terminal) that shows a person a bot's moves in a game with hidden information
holds each move until the bot's usual time: :class:`EvenPace`.
"""

from __future__ import annotations

from collections import deque
from statistics import median

from warroom.ai import parse_bot_spec
from warroom.core.errors import WarroomError


class EvenPace:
    """The floor under one bot's answer times: the median of its last ``keep`` real
    choices (more than one legal action). Answers slower than that are left as they are:
    a search bounded by time (``ismcts:seconds=S``) takes about S whatever it holds; one
    bounded by iterations takes what the position asks, which this does not hide."""

    def __init__(self, keep: int = 15, expect: float | None = None) -> None:
        self.times: deque[float] = deque(maxlen=keep)
        self.expect = expect or 0.0

    @classmethod
    def for_spec(cls, spec: str) -> EvenPace:
        """The pace of the bot ``spec`` names: before its first real choice its floor is
        the time the spec gives its search (``seconds=S``), else none."""
        return cls(expect=spec_seconds(spec))

    def floor(self) -> float:
        """The least time an answer is held to: the median of the real choices' times, or
        before any the time expected (0 if none)."""
        return median(self.times) if self.times else self.expect

    def wait(self, elapsed: float, choices: int) -> float:
        """Seconds to hold an answer that took ``elapsed`` seconds, of a decision with
        ``choices`` legal actions (a real choice's time is remembered first)."""
        if choices > 1:
            self.times.append(max(0.0, elapsed))
        return max(0.0, self.floor() - elapsed)


def spec_seconds(spec: str) -> float | None:
    """The seconds a bot spec gives its search (``ismcts:seconds=0.5``), or None."""
    if "seconds=" not in spec:
        return None
    try:
        _, params = parse_bot_spec(spec)
    except WarroomError:
        return None
    value = params.get("seconds")
    return float(value) if isinstance(value, (int, float)) and value > 0 else None
