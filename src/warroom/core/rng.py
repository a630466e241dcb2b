"""Randomness held inside the game state.

The generator is SplitMix64: its whole state is one 64-bit integer stored in
``data["rng"]``, so a state clones, saves and replays bit for bit. Dice can be
forced (``data["forced"]``, consumed first) so a rulebook example or a record
replays exactly. Every roll bumps ``data["barrier"]``: undo never crosses it.
"""

from __future__ import annotations

from typing import Any

from warroom.core.errors import short

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def seed_problem(seed: int, what: str = "seed") -> str:
    """Why ``seed`` is no seed ("" if it is one): the generator keeps 64 bits, so -1 would
    silently be the game of 2**64 - 1, and 2**64 the game of 0."""
    if 0 <= seed <= MASK64:
        return ""
    return f"{what} must be a whole number from 0 to {MASK64}, not {short(seed, 30)}"


def seed_state(seed: int) -> int:
    """The generator state for a user seed (any int; mixed so near seeds diverge)."""
    s = (seed * _GOLDEN + 0x632BE59BD9B4E019) & MASK64
    return _mix(s)


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def next_u64(data: dict[str, Any]) -> int:
    """Advance the generator in ``data`` and return 64 random bits."""
    s = (data["rng"] + _GOLDEN) & MASK64
    data["rng"] = s
    return _mix(s)


class ChanceNeeded(Exception):
    """Raised in explicit-chance mode when the rules need a chance outcome not yet supplied.

    Interfaces with explicit chance nodes (OpenSpiel) apply an action to a copy with
    ``data["explicit_chance"] = True`` and the outcomes chosen so far in
    ``data["chance_queue"]``; this signal says that ``n`` equally likely outcomes
    (``0..n-1``) are needed next. The copy is then discarded.

    Not raised when the rules run inside a greenlet that offers ``ask_chance(n)`` (see
    :func:`_ask_chance`): the draw then waits there for the outcome and the rules resume
    where they stopped, instead of running again from the start of the action.
    """

    def __init__(self, n: int, die: bool = False) -> None:
        super().__init__(f"a chance outcome in 0..{n - 1} is needed")
        self.n = n
        self.die = die
        """A die roll (outcome k is face k + 1), else a pick (a card drawn, a shuffle)."""


def _ask_chance(n: int, die: bool) -> int:
    """The outcome of a chance event no outcome was queued for: asked of the greenlet the
    rules run in when it offers ``ask_chance`` (an interface with chance nodes suspends the
    rules there until the outcome is chosen: resume from the roll), else ``ChanceNeeded``.
    """
    try:
        from greenlet import getcurrent  # optional: installed with the RL extras
    except ImportError:                     # pragma: no cover - greenlet comes with them
        raise ChanceNeeded(n, die) from None
    ask = getattr(getcurrent(), "ask_chance", None)
    if ask is None:
        raise ChanceNeeded(n, die)
    value = ask(n, die)
    assert isinstance(value, int)
    return value


def _draw(data: dict[str, Any], n: int, die: bool = False) -> int:
    if data.get("explicit_chance"):
        queue: list[int] = data["chance_queue"]
        value = queue.pop(0) if queue else _ask_chance(n, die)
        if not 0 <= value < n:
            raise ValueError(f"chance outcome {value} is not in 0..{n - 1}")
        return value
    return next_u64(data) % n


def randbelow(data: dict[str, Any], n: int) -> int:
    """A uniform integer in ``[0, n)`` (the bias of ``2**64 % n`` is far below any use here).

    Use it for shuffles and random picks inside the rules: it is a chance event.
    """
    data["barrier"] += 1
    return _draw(data, n)


def roll(data: dict[str, Any], sides: int = 6) -> int:
    """Roll one die: a forced value if any is queued, else the generator. Marks an undo barrier."""
    data["barrier"] += 1
    forced: list[int] = data["forced"]
    if forced:
        value = forced.pop(0)
        if not 1 <= value <= sides:
            raise ValueError(f"forced die value {value} is not a face of a d{sides}")
        return value
    return _draw(data, sides, die=True) + 1


class Rng:
    """A standalone SplitMix64 generator for bots and simulations (not part of a game state)."""

    __slots__ = ("_d",)

    def __init__(self, seed: int) -> None:
        self._d: dict[str, Any] = {"rng": seed_state(seed)}

    def randbelow(self, n: int) -> int:
        return next_u64(self._d) % n

    def choice(self, seq: list[Any]) -> Any:
        return seq[next_u64(self._d) % len(seq)]

    def random(self) -> float:
        return (next_u64(self._d) >> 11) * (1.0 / (1 << 53))

    def spawn(self) -> int:
        """A fresh seed drawn from this generator (for determinization)."""
        return next_u64(self._d)

    def reseed(self, seed: int) -> None:
        """Start again from ``seed``, in place (every holder of this generator sees it)."""
        self._d["rng"] = seed_state(seed)


def derive_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a batch started with ``seed``: the same whatever the jobs."""
    return _mix((seed * _GOLDEN + index * 0xD1B54A32D192ED03 + 1) & MASK64) & ((1 << 63) - 1)
