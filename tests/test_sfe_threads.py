"""Struggle for Europe on many threads: a server plays many games in one process, so the
rules keep no mutable state outside each game's State (derived facts live in ``st.cache``).

Eight games with different seeds, each played by a random bot with its own seed, run on
eight threads at once (threads switching as often as the interpreter allows) and end in
exactly the state the same games reach one after the other."""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Iterator

import pytest

from warroom.core.protocol import apply, legal_actions, new_game
from warroom.games import load_game

G = load_game("sfe")
SEEDS = tuple(range(40, 48))


def play(seed: int) -> str:
    """A whole game of random play: its final state as JSON."""
    s = new_game(G, seed=seed)
    rng = random.Random(1000 + seed)
    while s.active is not None:
        legal = legal_actions(s)
        apply(s, legal[rng.randrange(len(legal))])
    return s.dumps()


@pytest.fixture
def busy_switching() -> Iterator[None]:
    """Threads switch as often as possible, so their games interleave finely."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def play_on_threads(seeds: tuple[int, ...]) -> dict[int, str]:
    results: dict[int, str] = {}
    errors: list[BaseException] = []
    start = threading.Barrier(len(seeds))

    def worker(seed: int) -> None:
        try:
            start.wait()
            results[seed] = play(seed)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(seed,)) for seed in seeds]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    return results


@pytest.mark.usefixtures("busy_switching")
def test_games_on_threads_match_games_played_one_by_one() -> None:
    sequential = {seed: play(seed) for seed in SEEDS}
    assert len(set(sequential.values())) == len(SEEDS)  # eight different games
    for _ in range(3):
        assert play_on_threads(SEEDS) == sequential
