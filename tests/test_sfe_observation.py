"""Struggle for Europe: the numeric observation of the RL interfaces (fixed length, in
[-1, 1], nothing hidden from the role) and honest chance bounds."""

from __future__ import annotations

import random

from test_why import kind_is, play_until
from warroom.core.protocol import apply, determinize, legal_actions, new_game, view
from warroom.core.rng import Rng
from warroom.games import load_game
from warroom.games.sfe import engine as E
from warroom.games.sfe.components import AXIS, SOV, WEST
from warroom.games.sfe.counters import half, is_fortress, owner, strength
from warroom.games.sfe.game import StruggleForEurope

G = load_game("sfe")
assert isinstance(G, StruggleForEurope)


def states(seed: int, every: int = 7):  # type: ignore[no-untyped-def]
    s = new_game(G, seed=seed)
    rng = random.Random(seed)
    n = 0
    while s.active is not None:
        if n % every == 0:
            yield s
        legal = legal_actions(s)
        apply(s, legal[rng.randrange(len(legal))])
        n += 1
    yield s


def test_observation_fixed_length_and_range() -> None:
    size = G.observation_size()
    for seed in range(3):
        for s in states(seed):
            for role in G.roles:
                obs = G.observation(s, role)
                assert len(obs) == size
                assert all(-1.0 <= v <= 1.0 for v in obs)


def test_observation_hides_what_the_role_cannot_see() -> None:
    """Resampling everything hidden from a role (opponent's hand, deck, face-down cards,
    own deck order) leaves that role's observation unchanged."""
    rng = Rng(5)
    checked = 0
    for seed in (11, 12):
        for s in states(seed, every=3):
            if s.active is None:
                continue
            for role in G.roles:
                d = determinize(s, role, rng)
                assert G.observation(d, role) == G.observation(s, role)
                checked += 1
    assert checked > 100


def test_own_hand_is_multi_hot_and_opponent_hand_only_counted() -> None:
    s = new_game(G, seed=3)
    obs = G.observation(s, "axis")
    hand = s.data["hand"][0]
    start = 7 + 2 + 3 + 16
    bits = obs[start:start + G.c.n_cards]
    assert {i for i, v in enumerate(bits) if v} == set(hand)
    assert not any(bits[x] for x in s.data["hand"][1])


def test_location_block_reads_control_flags_and_counters() -> None:
    """The per-location block (written with constant rows for speed) says what
    :func:`engine.control`, the control flags and the counters say."""
    c = G.c
    start = 7 + 2 + 3 + 16 + 4 * c.n_cards
    checked = 0
    for seed in (4, 5):
        for s in states(seed, every=5):
            d = s.data
            obs = G.observation(s, "allies")
            for loc in range(c.n):
                block = obs[start + 32 * loc:start + 32 * (loc + 1)]
                ctl = E.control(d, loc)
                assert block[:5] == [float(ctl == k) for k in (-1, 0, AXIS, WEST, SOV)]
                assert block[5:8] == [float(d["ctl"][loc] == k) for k in (AXIS, WEST, SOV)]
                counts = [0] * 24
                for u in d["u"][loc]:
                    kind = 4 if is_fortress(u) else strength(u)
                    counts[(owner(u) - 1) * 8 + half(u) * 4 + kind - 1] += 1
                assert block[8:] == [min(n, 8) / 8.0 for n in counts], (seed, loc)
                checked += 1
    assert checked > 1000


def test_chance_bounds_cover_every_random_pick() -> None:
    from warroom.core import rng as core_rng

    largest = 0
    calls = 0
    real = core_rng._draw

    def spy(data, n):  # type: ignore[no-untyped-def]
        nonlocal largest, calls
        largest = max(largest, n)
        calls += 1
        return real(data, n)

    core_rng._draw = spy
    try:
        worst = 0
        for seed in range(20):
            calls = 0
            for _s in states(seed, every=10_000):
                pass
            worst = max(worst, calls)
    finally:
        core_rng._draw = real
    assert largest <= G.max_chance_outcomes()
    assert worst <= G.max_chance_events()


def test_deep_copies_share_the_stateless_game() -> None:
    """OpenSpiel clones states by deep copy; the game (rules and content) is shared."""
    import copy

    s = new_game(G, seed=1)
    assert copy.deepcopy(G) is G
    c = copy.deepcopy(s)
    assert c.game is G and c.data == s.data and c.data is not s.data


def test_the_observation_says_what_the_role_chose_inside_its_decision() -> None:
    """An RL audit: after op:build and after op:discard (the card to play asked next), or
    with a 1- and a 2-strength army selected to move from one location, the observation
    and the legal actions were the same while the view and the prompt differed."""
    from warroom.core import apply, clone, legal_actions

    seen_op = seen_unit = 0
    for seed in range(6):
        for s in states(seed, every=1):
            if s.active is None:
                continue
            role = s.active
            after: dict[str, list[float]] = {}
            for a in legal_actions(s):
                if a.key.startswith("op:") or a.key.startswith("unit:"):
                    c = clone(s)
                    apply(c, a)
                    if c.active == role:
                        after[a.key] = G.observation(c, role)
            by_obs: dict[tuple[float, ...], set[str]] = {}
            for key, obs in after.items():
                by_obs.setdefault(tuple(obs), set()).add(key)
            assert all(len(keys) == 1 for keys in by_obs.values()), by_obs.values()
            seen_op += sum(1 for k in after if k.startswith("op:"))
            seen_unit += sum(1 for k in after if k.startswith("unit:"))
        if seen_op > 50 and seen_unit > 20:
            break
    assert seen_op > 50 and seen_unit > 20, (seen_op, seen_unit)


def test_the_view_keeps_the_armies_of_battles_still_to_fight() -> None:
    """7.2.5: while the moving player chooses the order of a move's battles, its armies are
    held off the board; the view gives them, where they went (public, as the moves were),
    so a page draws them there (they vanished from the map: a usability audit)."""
    at = kind_is("battle_order")
    found = next((st for st in (play_until("sfe", seed, at) for seed in range(1, 80))
                  if at(st)), None)
    assert found is not None, "no move with two battles in 79 random games"
    s = found
    axis, allies = view(s, "axis"), view(s, "allies")
    waiting = axis["battles_to_come"]
    assert waiting == allies["battles_to_come"] and len(waiting) >= 2
    assert {b["location"] for b in waiting} == {a.arg for a in legal_actions(s)}
    held = [u for p in s.data["stack"][-2]["battles"] for u in p[4]]
    assert sorted(a["strength"] for b in waiting for a in b["attackers"]) == sorted(
        strength(u) for u in held)
    first = legal_actions(s)[0]
    apply(s, first)
    after = view(s, "axis")
    assert [b["location"] for b in after.get("battles_to_come", [])] == [
        b["location"] for b in waiting if b["location"] != first.arg]
