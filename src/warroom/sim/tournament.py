"""Round-robin tournaments between bots, with honest statistics.

Two-player games: every pairing of the bots plays ``games`` games in each seating (``a``
as the first role, then ``b``), so neither bot gains from a side the game favours. Game
``i`` of every pairing and seating is dealt with the same seed, ``derive_seed(seed, i)``:
the two seatings of a pairing replay the same deals and dice seeds with the sides swapped
(common random numbers), which takes luck out of the comparison.

One-player games (eaw1940 against its own system): every bot plays the same ``games`` deals;
bots are compared game by game on the same deal: the better result wins (the returns, then
the game's first score, higher is better, e.g. the Axis VP), equal results draw.

Each pairing reports wins, draws and losses with Wilson 95% intervals; an Elo table fitted
by Bradley-Terry maximum likelihood, with Bayesian-bootstrap 95% intervals (seeded by the
tournament's seed), ranks the bots. Results are identical whatever the backend and number
of workers (bots with a time budget excepted: they search as far as the clock allows).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import Any

from warroom.ai import bot_identity, fallback_note, make_bot
from warroom.core.errors import UnknownGameError
from warroom.core.rng import derive_seed
from warroom.games import load_game
from warroom.sim import GameSpec, batch_content, check_seed, run_specs
from warroom.sim.backends import check_backend
from warroom.sim.stats import Score, elo_table, mean_interval, wilson


class TournamentError(UnknownGameError):
    """A tournament that cannot be run as asked (bots, games, game)."""


def check(game_id: str, bots: Sequence[str], games: int, scenario: str | None = None,
          content: str | None = None) -> tuple[str, ...]:
    """Refuse bad input before any game is played; the game's roles."""
    game = load_game(game_id, content)
    if scenario is not None and scenario not in game.scenarios:
        raise TournamentError(f"{game_id} has no scenario {scenario[:60]!r}; choose one of "
                              f"{', '.join(game.scenarios)}")
    if len(game.roles) > 2:
        raise TournamentError(f"a tournament needs a 1- or 2-player game; {game_id} has "
                              f"{len(game.roles)} roles ({', '.join(game.roles)})")
    if len(bots) < 2:
        raise TournamentError("a tournament needs at least two bots: --bots a,b[,c...]")
    for b in bots:
        make_bot(b, game=game)  # an unknown bot, a bad spec or another game's model fails here
    # the same bot however its parameters are ordered or spaced ("ismcts:iterations=5,c=0.7"
    # and "ismcts:c=0.7,iterations=5" played each other as two bots: an audit)
    same: dict[Any, list[str]] = {}
    for b in bots:
        same.setdefault(bot_identity(b, game.id), []).append(b)
    # ... and the same bot however it is written (a default given, a scripted bot playing
    # as greedy in a game without a script: an audit)
    dupes = [f"{group[0]} is given twice" if len(set(group)) == 1 else
             f"{' and '.join(group)} are the same bot"
             + "".join(f" ({n})" for n in dict.fromkeys(fallback_note(b, game.id)
                                                        for b in group) if n)
             for group in same.values() if len(group) > 1]
    if dupes:
        raise TournamentError(f"each bot once, please: {'; '.join(dupes)}")
    if games <= 0:
        raise TournamentError(f"--games must be 1 or more (games per pairing and seating), "
                              f"not {games}")
    return game.roles


def schedule(roles: Sequence[str], bots: Sequence[str], games: int,
             seed: int) -> tuple[int, Iterator[GameSpec]]:
    """The number of games and the games themselves, in a fixed order."""
    if len(roles) == 1:
        total = len(bots) * games

        def solo() -> Iterator[GameSpec]:
            k = 0
            for bot in bots:
                for i in range(games):
                    yield (k, derive_seed(seed, i), {roles[0]: bot},
                           {"bot": bot, "deal": i})
                    k += 1
        return total, solo()
    pairs = list(itertools.combinations(bots, 2))
    total = len(pairs) * 2 * games

    def duel() -> Iterator[GameSpec]:
        k = 0
        for a, b in pairs:
            for seating, (first, second) in enumerate(((a, b), (b, a))):
                for i in range(games):
                    yield (k, derive_seed(seed, i), {roles[0]: first, roles[1]: second},
                           {"pairing": [a, b], "seating": seating, "deal": i})
                    k += 1
    return total, duel()


def iter_tournament(game_id: str, bots: Sequence[str], *, games: int, seed: int,
                    scenario: str | None = None, jobs: int = 1, backend: str = "local",
                    address: str | None = None,
                    content: str | None = None) -> tuple[int, Iterator[dict[str, Any]]]:
    """The number of games and an iterator of their summary lines, in schedule order."""
    roles = check(game_id, bots, games, scenario, content)
    check_seed(seed)
    check_backend(backend, jobs, address)
    total, specs = schedule(roles, bots, games, seed)
    return total, run_specs(game_id, specs, total, scenario=scenario, jobs=jobs,
                            backend=backend, address=address, content=content)


def _rates(w: int, d: int, lo: int) -> dict[str, Any]:
    """A pairing's (or a bot's) games won, drawn and lost, counts written as integers
    (they were floats, 3.0), with their Wilson intervals; the score counts a draw as half."""
    n = w + d + lo
    return {"games": n, "wins": w, "draws": d, "losses": lo,
            "win": wilson(w, n).to_json(), "draw": wilson(d, n).to_json(),
            "loss": wilson(lo, n).to_json(), "score": wilson(w + d / 2, n).to_json()}


def _sign(x: float) -> int:
    return (x > 0) - (x < 0)


def tally(game_id: str, roles: Sequence[str], bots: Sequence[str],
          lines: Sequence[dict[str, Any]], *, seed: int, games: int,
          scenario: str | None = None, resamples: int = 400) -> dict[str, Any]:
    """The tournament's tables from its game lines (JSON-ready)."""
    results: dict[tuple[str, str], Score] = {}
    pairings: list[dict[str, Any]] = []
    solo: list[dict[str, Any]] = []
    if len(roles) == 1:
        role = roles[0]
        by_bot: dict[str, dict[int, dict[str, Any]]] = {b: {} for b in bots}
        for line in lines:
            by_bot[line["bot"]][line["deal"]] = line
        for b in bots:
            mine = list(by_bot[b].values())
            won = sum(1 for x in mine if x["returns"].get(role, 0) > 0)
            lost = sum(1 for x in mine if x["returns"].get(role, 0) < 0)
            entry: dict[str, Any] = {"bot": b, **_rates(won, len(mine) - won - lost, lost),
                                     "outcomes": _count(x["outcome"] for x in mine),
                                     "scores": {}}
            keys = sorted({k for x in mine for k in x["scores"]})
            for key in keys:
                values = [float(x["scores"][key]) for x in mine if key in x["scores"]]
                m, lo_m, hi_m = mean_interval(values)
                # one game has no interval: null, not [m-m] (an audit read it as certain)
                entry["scores"][key] = {
                    "mean": round(m, 4), "lo": round(lo_m, 4) if len(values) > 1 else None,
                    "hi": round(hi_m, 4) if len(values) > 1 else None}
            solo.append(entry)

        def key_of(x: dict[str, Any]) -> tuple[float, float]:
            first = next(iter(x["scores"].values()), 0.0)
            return float(x["returns"].get(role, 0.0)), float(first)

        for a, b in itertools.combinations(bots, 2):
            w = d = lo = 0
            for i in sorted(set(by_bot[a]) & set(by_bot[b])):
                ka, kb = key_of(by_bot[a][i]), key_of(by_bot[b][i])
                if ka > kb:
                    w += 1
                elif ka < kb:
                    lo += 1
                else:
                    d += 1
            results[(a, b)] = (w, d, lo)
            pairings.append({"a": a, "b": b, **_rates(w, d, lo), "by_seating": []})
    else:
        acc: dict[tuple[str, str], list[list[int]]] = {}
        for line in lines:
            a, b = line["pairing"]
            a_role = roles[line["seating"]]
            r = _sign(float(line["returns"].get(a_role, 0.0)))
            per = acc.setdefault((a, b), [[0, 0, 0], [0, 0, 0]])
            per[line["seating"]][1 - r] += 1       # r: 1 win, 0 draw, -1 loss
        for a, b in itertools.combinations(bots, 2):
            per = acc.get((a, b), [[0, 0, 0], [0, 0, 0]])
            w, d, lo = (per[0][k] + per[1][k] for k in range(3))
            results[(a, b)] = (w, d, lo)
            pairings.append({"a": a, "b": b, **_rates(w, d, lo),
                             "by_seating": [{"a_role": roles[s], "b_role": roles[1 - s],
                                             **_rates(*per[s])} for s in (0, 1)]})
    table = elo_table(list(bots), results, seed=seed, resamples=resamples)
    return {"game": game_id, "scenario": scenario or load_game(game_id).default_scenario,
            "roles": list(roles), "bots": list(bots), "seed": seed,
            "content": batch_content(lines),
            "games_per_seating": games, "games": len(lines),
            "pairings": pairings, "solo": solo,
            "elo": [r.to_json() for r in table],
            "method": {"intervals": "Wilson score 95%",
                       "elo": "Bradley-Terry maximum likelihood (draw = half a win, one "
                              "virtual draw per pairing as prior); 95% intervals by Bayesian "
                              "bootstrap (each pairing's outcome shares drawn from their "
                              f"Dirichlet posterior, Jeffreys prior; {resamples} draws, "
                              f"seed {seed})"
                              + ("; a one-player game's pairings are each deal's head to "
                                 "heads, and a bot's games there count those comparisons: "
                                 "the deals of one pairing and another are resampled apart, "
                                 "so with three bots or more the interval is narrower than "
                                 "the deals alone support" if solo else "")}}


def _count(items: Iterator[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for x in items:
        out[x] = out.get(x, 0) + 1
    return dict(sorted(out.items()))
