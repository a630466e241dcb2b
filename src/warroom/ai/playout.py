"""Playing a position on with a fast default policy: the rollouts of the searches
(:mod:`warroom.ai.ismcts`, :mod:`warroom.ai.rollout`), over the core protocol alone."""

from __future__ import annotations

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
