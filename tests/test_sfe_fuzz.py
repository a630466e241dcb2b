"""Struggle for Europe: random-play fuzzing. 1,000 full games; the invariants (card
conservation, counter mix, blue/red exclusion, one fortress per half, control and
contested halves consistent) are checked at every turn and at the end; a smaller batch
checks them after every single decision."""

from __future__ import annotations

import random

import pytest

from warroom.core.protocol import apply, legal_actions, new_game
from warroom.games import load_game

G = load_game("sfe")


def play_out(seed: int, every_decision: bool) -> tuple[str, int]:
    s = new_game(G, seed=seed)
    rng = random.Random(seed)
    n = 0
    limit = G.max_decisions()
    while s.active is not None:
        legal = legal_actions(s)
        assert legal, f"seed {seed}: no legal action at {s.data['stack'][-1]}"
        apply(s, legal[rng.randrange(len(legal))])
        n += 1
        assert n <= limit, f"seed {seed}: runaway game"
        top = s.data["stack"][-1] if s.data["stack"] else None
        if every_decision or (top is not None and top["kind"] == "ops" and top["left"] == 2):
            bad = G.check_invariants(s)
            assert not bad, f"seed {seed} decision {n}: {bad}"
    assert G.check_invariants(s) == []
    out = G.outcome(s)
    assert out is not None and out.winner in ("axis", "allies")
    assert out.returns[out.winner] == 1.0
    return out.label, n


@pytest.mark.parametrize("chunk", range(4))
def test_random_games_keep_the_invariants(chunk: int) -> None:
    labels: dict[str, int] = {}
    for seed in range(chunk * 250, chunk * 250 + 250):
        label, _n = play_out(seed, every_decision=False)
        labels[label] = labels.get(label, 0) + 1
    assert sum(labels.values()) == 250


def test_invariants_after_every_decision() -> None:
    for seed in range(10_000, 10_020):
        play_out(seed, every_decision=True)


def test_same_seed_same_game() -> None:
    a = new_game(G, seed=77)
    b = new_game(G, seed=77)
    rng_a, rng_b = random.Random(1), random.Random(1)
    for _ in range(300):
        if a.active is None:
            break
        la, lb = legal_actions(a), legal_actions(b)
        assert [x.key for x in la] == [x.key for x in lb]
        apply(a, la[rng_a.randrange(len(la))])
        apply(b, lb[rng_b.randrange(len(lb))])
    assert a.dumps() == b.dumps()
