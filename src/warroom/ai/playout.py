"""Playing a position on with a fast default policy: the rollouts of the searches
(:mod:`warroom.ai.ismcts`, :mod:`warroom.ai.rollout`), over the core protocol alone."""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable, Sequence
from typing import Any

from warroom.core.protocol import State, apply_id
from warroom.core.rng import Rng

PriorFn = Callable[[State[Any], Sequence[int]], Sequence[float]]
"""``prior(state, legal_ids) -> probabilities`` (one per id, in order) for PUCT."""
ScriptPolicy = Callable[[State[Any], list[int]], int]
"""``policy(state, legal_ids) -> id``: a rollout's default policy other than the prior."""

GAME_ROLLOUT_CAP = 100_000
"""``rollout=game``: a rollout this many decisions long is judged where it stands."""


def rollout_to_end(st: State[Any], rng: Rng, cap: int = GAME_ROLLOUT_CAP,
                   prior: PriorFn | None = None, policy: ScriptPolicy | None = None) -> int:
    """Play ``st`` on in place with the default policy (uniform among the legal ids, the
    ``prior`` hook's probabilities, or ``policy``'s choice) to the end of the game, or
    ``cap`` decisions; the number of decisions made."""
    game = st.game
    data = st.data
    for step in range(cap):
        if data["active"] is None:
            return step
        apply_id(st, default_step(st, game.legal_ids(st), rng, prior, policy))
    return cap


def default_step(st: State[Any], ids: list[int], rng: Rng, prior: PriorFn | None,
                 policy: ScriptPolicy | None) -> int:
    """A rollout's next action among the legal ``ids``: the only one, ``policy``'s choice,
    a sample of the ``prior`` hook, or uniform."""
    if len(ids) == 1:
        return ids[0]
    if policy is not None:
        return policy(st, ids)
    if prior is not None:
        return _sample(ids, prior(st, ids), rng)
    return ids[rng.randbelow(len(ids))]


def _sample(ids: list[int], probs: Sequence[float], rng: Rng) -> int:
    total = sum(max(0.0, p) for p in probs)
    if total <= 0:
        return ids[rng.randbelow(len(ids))]
    x = rng.random() * total
    acc = 0.0
    for a, p in zip(ids, probs, strict=True):
        acc += max(0.0, p)
        if x < acc:
            return a
    return ids[-1]


__all__ = ["GAME_ROLLOUT_CAP", "PriorFn", "ScriptPolicy", "default_step", "rollout_to_end"]


def pause_collector() -> bool:
    """Pause the cyclic garbage collector for a search, when that is safe; whether it was
    paused (then the caller calls ``gc.enable()`` when done).

    A search keeps thousands of small states of plain data alive, which the collector would
    scan again and again (a third of its time) though they hold no cycles. But the collector
    is the whole process's: it is paused only on the main thread, where nothing else runs
    while the search does (the terminal, the simulations' workers). A web server's bots
    think on worker threads, where a pause left the server's own garbage uncollected while
    any search ran (224,704 cyclic objects in one sfe search) and the first of two searches
    to end turned the collector back on under the other (a code review)."""
    if not gc.isenabled() or threading.current_thread() is not threading.main_thread():
        return False
    gc.disable()
    return True
