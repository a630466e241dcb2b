"""Honest statistics for batches of games: Wilson score intervals for rates, and Elo ratings
fitted by maximum likelihood (Bradley-Terry) with Bayesian-bootstrap intervals.

Pure Python, deterministic: the bootstrap draws from a ``random.Random`` seeded by the
caller, so the same results and seed give the same intervals.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054
"""The standard normal quantile of 97.5%: a two-sided 95% interval."""

ELO_SCALE = 400.0 / math.log(10.0)
"""Elo points per natural-log unit of the odds: 400 points = odds of 10 to 1."""


@dataclass(frozen=True)
class Rate:
    """A proportion ``k / n`` with its Wilson score interval."""

    k: float
    n: int
    p: float
    lo: float
    hi: float

    def __str__(self) -> str:
        if not self.n:
            return "—"
        return f"{100 * self.p:.1f}% [{100 * self.lo:.1f}–{100 * self.hi:.1f}]"

    def to_json(self) -> dict[str, float]:
        return {"k": self.k, "n": self.n, "p": round(self.p, 6), "lo": round(self.lo, 6),
                "hi": round(self.hi, 6)}


def wilson(k: float, n: int, z: float = Z95) -> Rate:
    """The Wilson score interval of ``k`` successes in ``n`` trials (Wilson 1927): unlike
    the normal approximation it stays inside [0, 1] and is honest for small ``n`` and rates
    near 0 or 1. ``k`` may be fractional (a draw counted as half a win). With ``n == 0``
    the rate is unknown: p = 0.5 and the interval is [0, 1]."""
    if n < 0 or k < 0 or k > n:
        raise ValueError(f"wilson needs 0 <= k <= n, not k={k}, n={n}")
    if n == 0:
        return Rate(k, 0, 0.5, 0.0, 1.0)
    p = k / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1.0 - p) / n + z2 / (4 * n * n)) / denom
    lo = 0.0 if k == 0 else max(0.0, min(p, centre - half))
    hi = 1.0 if k == n else min(1.0, max(p, centre + half))
    return Rate(k, n, p, lo, hi)


def elo_difference(score: float) -> float:
    """The Elo difference that predicts an expected ``score`` in (0, 1) (kept within
    0.001 of the ends, where it would be infinite)."""
    s = min(max(score, 1e-3), 1 - 1e-3)
    return -400.0 * math.log10(1 / s - 1)


def sign_test(better: int, worse: int) -> float:
    """The exact two-sided sign test of a paired comparison: the probability, were both
    players equal (each untied pair a fair coin), of a split at least as uneven as
    ``better`` against ``worse``. Ties are left out before calling, as the test does.
    1.0 when there are no untied pairs."""
    if better < 0 or worse < 0:
        raise ValueError(f"sign_test needs counts >= 0, not {better} and {worse}")
    n = better + worse
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(min(better, worse) + 1)) / 2.0 ** n
    return min(1.0, 2.0 * tail)


# ---------------------------------------------------------------------------------------
# Elo by Bradley-Terry maximum likelihood
# ---------------------------------------------------------------------------------------

Score = tuple[float, float, float]
"""Wins, draws and losses of the first player of a pairing against the second."""


@dataclass(frozen=True)
class Rating:
    name: str
    elo: float
    lo: float
    hi: float
    games: int
    score: float
    """Points scored (win 1, draw 1/2) over games played."""

    def to_json(self) -> dict[str, float | str | int]:
        return {"name": self.name, "elo": round(self.elo, 1), "lo": round(self.lo, 1),
                "hi": round(self.hi, 1), "games": self.games, "score": round(self.score, 4)}


PRIOR_DRAWS = 1.0
"""Virtual drawn games added to every pairing before fitting (as BayesElo's prior): it keeps
the estimate finite when a player wins or loses every game, and pulls small samples
slightly toward equal strength."""


def fit_elo(names: Sequence[str], results: Mapping[tuple[str, str], Score],
            prior_draws: float = PRIOR_DRAWS, iterations: int = 10_000,
            tol: float = 1e-10, start: Mapping[str, float] | None = None
            ) -> dict[str, float]:
    """Elo ratings (mean 0) maximising the Bradley-Terry likelihood of ``results``: for
    each pairing ``(a, b)`` the wins, draws and losses of ``a`` against ``b``. A draw counts
    as half a win for each side. Fitted by Hunter's (2004) minorisation-maximisation
    iteration, which converges to the unique maximum when every player is connected (the
    prior draws connect them). ``start``: Elo ratings to start from (a bootstrap's refits
    start at the point estimate, which they are near: from 1.0 each, a ladder of lopsided
    pairings took more iterations than a refit is given)."""
    idx = {n: i for i, n in enumerate(names)}
    k = len(names)
    if k == 0:
        return {}
    wins = [0.0] * k
    games: dict[tuple[int, int], float] = {}
    for (a, b), (w, d, lo) in results.items():
        i, j = idx[a], idx[b]
        if i == j:
            continue
        wins[i] += w + d / 2
        wins[j] += lo + d / 2
        key = (min(i, j), max(i, j))
        games[key] = games.get(key, 0.0) + w + d + lo
    if prior_draws > 0:
        for i in range(k):
            for j in range(i + 1, k):
                wins[i] += prior_draws / 2
                wins[j] += prior_draws / 2
                games[(i, j)] = games.get((i, j), 0.0) + prior_draws
    strength = ([math.exp(start[n] / ELO_SCALE) for n in names] if start is not None
                else [1.0] * k)
    for _ in range(iterations):
        denom = [0.0] * k
        for (i, j), n in games.items():
            t = n / (strength[i] + strength[j])
            denom[i] += t
            denom[j] += t
        new = [wins[i] / denom[i] if denom[i] > 0 else strength[i] for i in range(k)]
        # fix the scale (geometric mean 1) so the iteration cannot drift
        logs = [math.log(max(s, 1e-300)) for s in new]
        mean = sum(logs) / k
        new = [math.exp(x - mean) for x in logs]
        change = max(abs(a - b) for a, b in zip(new, strength, strict=True))
        strength = new
        if change < tol:
            break
    return {n: ELO_SCALE * math.log(max(strength[idx[n]], 1e-300)) for n in names}


def _resample(score: Score, rng: random.Random) -> Score:
    """One Bayesian-bootstrap draw of a pairing's result: outcome shares from the Dirichlet
    posterior with Jeffreys' prior (½ per outcome), times the games played. Unlike a plain
    resample it does not stick at 100% when one side won every game."""
    n = sum(score)
    g = [rng.gammavariate(x + 0.5, 1.0) for x in score]
    total = sum(g)
    return g[0] / total * n, g[1] / total * n, g[2] / total * n


RESAMPLE_PRIOR_DRAWS = 0.01
"""The virtual draws of a bootstrap redraw's fit: only enough to keep every player
connected. The redraw itself carries Jeffreys' prior (:func:`_resample`); refitting it with
the point estimate's full draw as well pulled every redraw toward an even score twice, and
the intervals were too narrow (an audit: they held the true rating 79% of the time in
16-game matches where one player truly scores 90%,
and +140 [+19, +198] after a 2-0 sweep whose Wilson interval held 50%)."""


def elo_table(names: Sequence[str], results: Mapping[tuple[str, str], Score],
              seed: int = 0, resamples: int = 400, level: float = 0.95,
              prior_draws: float = PRIOR_DRAWS) -> list[Rating]:
    """Elo ratings with bootstrap intervals, best first: the result of each pairing is
    redrawn ``resamples`` times (Bayesian bootstrap with Jeffreys' prior, :func:`_resample`,
    from ``random.Random(seed)``), the ratings refitted with hardly any prior of their own
    (:data:`RESAMPLE_PRIOR_DRAWS`), and the central ``level`` share of each player's
    refitted ratings taken as its interval, widened to hold the point estimate (fitted with
    ``prior_draws``, which keeps a clean sweep's rating finite)."""
    point = fit_elo(names, results, prior_draws)
    rng = random.Random(seed)
    samples: dict[str, list[float]] = {n: [] for n in names}
    pairs = sorted(results)
    for _ in range(max(0, resamples)):
        boot = {}
        for pair in pairs:
            sc = results[pair]
            boot[pair] = _resample(sc, rng) if sum(sc) else sc
        fitted = fit_elo(names, boot, RESAMPLE_PRIOR_DRAWS, iterations=2_000, tol=1e-7,
                         start=point)
        for name, value in fitted.items():
            samples[name].append(value)
    played = dict.fromkeys(names, 0.0)
    points = dict.fromkeys(names, 0.0)
    for (a, b), (w, d, lo) in results.items():
        played[a] += w + d + lo
        played[b] += w + d + lo
        points[a] += w + d / 2
        points[b] += lo + d / 2
    tail = (1.0 - level) / 2
    out = []
    for name in names:
        values = sorted(samples[name])
        if values:
            lo_v = _quantile(values, tail)
            hi_v = _quantile(values, 1.0 - tail)
        else:
            lo_v = hi_v = point[name]
        games = round(played[name])
        out.append(Rating(name, point[name], min(lo_v, point[name]), max(hi_v, point[name]),
                          games, points[name] / played[name] if played[name] else 0.0))
    return sorted(out, key=lambda r: (-r.elo, r.name))


def _quantile(values: Sequence[float], q: float) -> float:
    """Linear-interpolation quantile of sorted ``values``."""
    if not values:
        raise ValueError("no values")
    pos = q * (len(values) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (pos - lo)


def quartiles(values: Sequence[float]) -> tuple[float, float, float]:
    """First quartile, median and third quartile of ``values`` (linear interpolation)."""
    s = sorted(values)
    return _quantile(s, 0.25), _quantile(s, 0.5), _quantile(s, 0.75)


T975 = (12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.306, 2.2622, 2.2281,
        2.201, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.093, 2.086,
        2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423)
"""Student's t 97.5% quantiles for 1-30 degrees of freedom."""


def t95(df: int) -> float:
    """The two-sided 95% quantile of Student's t with ``df`` degrees of freedom: the table
    up to 30, beyond it the Cornish-Fisher expansion about the normal quantile (within
    1e-7 of the exact value)."""
    if df < 1:
        raise ValueError("Student's t needs 1 or more degrees of freedom")
    if df <= len(T975):
        return T975[df - 1]
    z = Z95
    return (z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
            + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
            + (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z)
            / (92160 * df**4))


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean of ``values`` with its 95% interval by Student's t (n - 1 degrees of freedom:
    the normal approximation is too narrow for the few games of a tournament, 1.96 against
    2.57 standard errors at 6 games). One value has no interval: it is given as the mean
    on both sides, and callers say so."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan, math.nan
    m = sum(values) / n
    if n == 1:
        return m, m, m
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    half = t95(n - 1) * math.sqrt(var / n)
    return m, m - half, m + half


def signed_elo(elo: float) -> str:
    """An Elo figure with its sign, a rounded zero as "+0" (a training report said "-0 Elo":
    a learning audit)."""
    return f"{round(elo):+d}"
