"""Twin-state checks of a bot's fair play: positions the acting role cannot tell apart
(determinizations for it: the opponent's hand, the decks, the future dice resampled) must
get the same decision."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from warroom.core import Action, Rng, State, determinize, view


def assert_twins_choose_alike(choose: Callable[[int, State[Any]], Action],
                              states: Iterable[State[Any]], scramble: Rng,
                              twins: int) -> None:
    """``choose(i, state)`` (a fresh bot seeded by ``i``) decides alike for each of
    ``states`` and ``twins`` determinizations of it, which look the same to the acting role;
    at least one twin did differ in what that role cannot see."""
    differed = 0
    for i, state in enumerate(states):
        me = state.active
        assert me is not None
        choice = choose(i, state)
        for _ in range(twins):
            twin = determinize(state, me, scramble)
            assert view(twin, me) == view(state, me)
            differed += twin.dumps() != state.dumps()
            assert choose(i, twin) == choice
    assert differed                      # the twins did differ in what ``me`` cannot see
