"""A bot's pace, kept even where the other side may not see what it holds.

A bot answers at once when the rules leave it one legal action and thinks otherwise, and
the number of its legal actions can depend on its hidden hand (sfe: no battle event card
to play, no card to block a Wolfpack, one card only that pays for an operation). Seen
from the other seat, a quick answer then told what the bot's hand held: an adversarial
fair-play audit measured a search taking 0.0 ms in the real state and 102 ms in a twin
state that seat cannot tell from it, at 10% of sfe's decisions. A front end (the web
server, the terminal) that shows a person a bot's moves in a game with hidden information
holds each move to a time like a real choice's: :class:`EvenPace`.
"""

from __future__ import annotations

import random
import time
from collections import deque
from collections.abc import Mapping
from typing import Any

from warroom.ai import make_bot, parse_bot_spec
from warroom.core.errors import WarroomError
from warroom.core.protocol import Game, apply, legal_actions, new_game


class EvenPace:
    """How long one bot's answers are held, so that a forced answer (one legal action)
    takes a time like a real choice's. A real choice that took ``e`` seconds is held to
    ``max(e, x)`` and a forced answer to ``max(x, y)``, ``x`` and ``y`` drawn at random
    from the bot's last ``keep`` real choices' times: both the larger of two times of
    that kind. (Held to their median, a forced answer came at one time every time, and
    the real ones above it told themselves apart: a review.) A search given its time
    (``seconds=S``) is held to at least S, the time it takes with choices, from its first
    answer on. The draws come from ``rng``, by default the operating system's randomness:
    never a game's RNG, whose draws are its dice, and no part of any game or record."""

    def __init__(self, keep: int = 15, expect: float | None = None,
                 rng: random.Random | None = None) -> None:
        self.times: deque[float] = deque(maxlen=keep)
        self.expect = expect or 0.0
        self.rng = rng or random.SystemRandom()

    @classmethod
    def for_spec(cls, spec: str) -> EvenPace:
        """The pace of the bot ``spec`` names (a search's ``seconds=S`` its least time)."""
        return cls(expect=spec_seconds(spec))

    @property
    def primed(self) -> bool:
        """Whether it knows a time to hold a forced answer to (a real choice's, or the
        search's own ``seconds``)."""
        return bool(self.times) or self.expect > 0

    def prime(self, seconds: float) -> None:
        """Take ``seconds`` as a real choice's time: before the bot's first real choice of a
        game a forced answer had nothing to be held to, and came at once
        (:func:`choice_time` measures one)."""
        self.times.append(max(0.0, seconds))

    def ready(self, choices: int, game: Game, role: str, spec: str, scenario: str | None,
              options: Mapping[str, Any] | None) -> None:
        """Before :meth:`wait` of a forced answer (``choices`` <= 1) with no time to hold it
        to yet: the bot ``spec`` thinks over one real choice of a new game of ``scenario``
        (:func:`choice_time`), measured anew each time (one time kept for every game made
        that answer take it to the millisecond, and told it from a real choice: a
        review)."""
        if choices <= 1 and not self.primed:
            self.prime(choice_time(game, role, spec, scenario, options))

    def wait(self, elapsed: float, choices: int) -> float:
        """Seconds to hold an answer that took ``elapsed`` seconds, of a decision with
        ``choices`` legal actions (a real choice's time is remembered first)."""
        elapsed = max(0.0, elapsed)
        if choices > 1:
            self.times.append(elapsed)
        target = self.expect
        if self.times:
            known = list(self.times)
            x = self.rng.choice(known)
            other = elapsed if choices > 1 else self.rng.choice(known)
            target = max(target, x, other)
        return max(0.0, target - elapsed)


PRIME_STEPS = 2000
"""The most random moves :func:`choice_time` plays looking for a real choice."""


def choice_time(game: Game, role: str, spec: str, scenario: str | None = None,
                options: Mapping[str, Any] | None = None,
                rng: random.Random | None = None) -> float:
    """Seconds the bot ``spec`` takes over one real choice of ``role``: timed on a position
    where ``role`` has several legal actions, reached by random moves from a new game of
    ``scenario`` with ``options`` (public: none of the game in play's hidden cards; 0.0 if
    none is found within :data:`PRIME_STEPS` moves). What a forced answer is held to
    before the bot's first real choice of a game (:meth:`EvenPace.prime`); one search, so
    that answer takes about the time of one real choice. The moves and the game's seed
    come from ``rng`` (by default the operating system's randomness), never a game's
    RNG."""
    pick = rng or random.SystemRandom()
    st = new_game(game, scenario, seed=pick.randrange(1 << 62), options=options)
    for _ in range(PRIME_STEPS):
        if st.active is None:
            return 0.0
        legal = legal_actions(st)
        if st.active == role and len(legal) > 1:
            bot = make_bot(spec, pick.randrange(1 << 62), game)
            began = time.monotonic()
            bot.choose(st)
            return time.monotonic() - began
        apply(st, legal[pick.randrange(len(legal))])
    return 0.0


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
