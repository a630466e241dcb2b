"""Fit the sfe evaluation's odds to played games (issue 14): how likely is an Axis win, from
the terms the evaluation reads?

    PYTHONPATH=src python benchmarks/sfe_eval_fit.py collect --games 400 --seed 0 --jobs 2 \
        --bots aggressive --every 6 --out positions.jsonl
    PYTHONPATH=src python benchmarks/sfe_eval_fit.py fit positions.jsonl [--holdout 0.25]

``collect`` plays ``--games`` games of Struggle for Europe between ``--bots`` (one spec for
both sides, or ``AXIS,ALLIES``; game ``i`` uses ``derive_seed(seed, i)``) and writes, for
every ``--every``-th decision, the public terms of :func:`warroom.games.sfe.evaluation.
position_terms` (the VP differential, the next-turn terms, the slow terms and the share of
the game left), the side whose player turn it is, and the game's winner.

``fit`` finds by maximum likelihood (Adam on the log loss, PyTorch) the constants of
:func:`warroom.games.sfe.evaluation.logit_value` (``ALLIED_TARGET``, ``SPREAD``,
``SPREAD_TIME``, ``SLOW_FLOOR``, ``POTENTIAL_CAP``, ``POTENTIAL_CAP_TIME``, the weight of
the VP differential and a weight per potential term) on the games not held out, and prints
the log loss and the calibration (the predicted against the observed Axis win rate in
deciles of the prediction) of the current constants and of the fitted ones on the held-out
games (a game's positions are all in or all out). The fitted constants are printed as JSON;
they are not written into the package by this script.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Mapping
from typing import Any

from warroom.ai import make_bot
from warroom.core.protocol import apply, new_game, result
from warroom.core.rng import derive_seed
from warroom.games import load_game
from warroom.games.sfe import evaluation as EV
from warroom.sim.backends import process_pool


def _collect_one(task: tuple[tuple[str, str], int, int, int]) -> list[dict[str, Any]]:
    bots, seed, index, every = task
    g = load_game("sfe")
    game_seed = derive_seed(seed, index)
    st = new_game(g, None, game_seed)
    players = {role: make_bot(name, derive_seed(game_seed, k + 1))
               for k, (role, name) in enumerate(zip(g.roles, bots, strict=True))}
    rows: list[dict[str, Any]] = []
    k = 0
    while st.active is not None:
        if k % every == 0:
            d, soon, slow, left = EV.position_terms(st)
            rows.append({"game": index, "d": d, "soon": round(soon, 4),
                         "slow": round(slow, 4), "left": round(left, 4),
                         "mover": int(st.data["side"])})
        k += 1
        apply(st, players[st.active].choose(st))
    out = result(st)
    assert out is not None
    for r in rows:
        r["axis_won"] = int(out.winner == "axis")
    return rows


def collect(args: argparse.Namespace) -> None:
    names = [b.strip() for b in args.bots.split(",")]
    bots = (names[0], names[-1])
    tasks = [(bots, args.seed, i, args.every) for i in range(args.games)]
    n = 0
    wins = 0
    with open(args.out, "w", encoding="utf-8") as fh, \
            process_pool(args.jobs) as pool:
        for rows in pool.map(_collect_one, tasks, chunksize=4):
            n += 1
            wins += rows[0]["axis_won"] if rows else 0
            for r in rows:
                fh.write(json.dumps(r) + "\n")
            if n % 25 == 0:
                print(f"{n}/{args.games} games, Axis {wins}", file=sys.stderr, flush=True)
    print(json.dumps({"games": n, "axis_wins": wins}))


# -- fitting ------------------------------------------------------------------------------

PARAMS = ("VP_WEIGHT", "ALLIED_TARGET", "SPREAD", "SPREAD_TIME", "SLOW_FLOOR",
          "POTENTIAL_CAP", "POTENTIAL_CAP_TIME", "SOON_SCALE", "SLOW_SCALE")
"""The constants fitted. ``SOON_SCALE`` and ``SLOW_SCALE`` multiply the next-turn and the
slow terms as :func:`position_terms` returns them (1 and 1 reproduce today's value)."""


def current() -> dict[str, float]:
    return {"VP_WEIGHT": EV.VP_WEIGHT, "ALLIED_TARGET": EV.ALLIED_TARGET,
            "SPREAD": EV.SPREAD, "SPREAD_TIME": EV.SPREAD_TIME, "SLOW_FLOOR": EV.SLOW_FLOOR,
            "POTENTIAL_CAP": EV.POTENTIAL_CAP, "POTENTIAL_CAP_TIME": EV.POTENTIAL_CAP_TIME,
            "SOON_SCALE": 1.0, "SLOW_SCALE": 1.0}


def axis_logit(d: Any, soon: Any, slow: Any, left: Any, p: Mapping[str, Any],
               tanh: Callable[[Any], Any]) -> Any:
    """The log odds of an Axis win that :func:`warroom.games.sfe.evaluation.logit_value`
    gives (its value over ``LOGIT_SCALE``) with the constants ``p``, for floats (``tanh`` is
    ``math.tanh``) or tensors of positions (``torch.tanh``): one formula for the report and
    the fit."""
    potential = p["SOON_SCALE"] * soon + p["SLOW_SCALE"] * slow * (
        p["SLOW_FLOOR"] + (1.0 - p["SLOW_FLOOR"]) * left)
    cap = p["POTENTIAL_CAP"] + p["POTENTIAL_CAP_TIME"] * left
    projected = -(p["VP_WEIGHT"] * d + cap * tanh(potential / cap))
    z = (projected - p["ALLIED_TARGET"]) / (p["SPREAD"] + p["SPREAD_TIME"] * left)
    return -EV.LOGIT_SLOPE * z


def p_axis(row: dict[str, Any], p: Mapping[str, float]) -> float:
    """The Axis' chance of winning that ``logit_value`` gives with the constants ``p``."""
    x = axis_logit(row["d"], row["soon"], row["slow"], row["left"], p, math.tanh)
    return 1.0 / (1.0 + math.exp(-x))


def log_loss(rows: list[dict[str, Any]], p: dict[str, float]) -> float:
    total = 0.0
    for r in rows:
        q = min(1 - 1e-9, max(1e-9, p_axis(r, p)))
        total -= math.log(q) if r["axis_won"] else math.log(1 - q)
    return total / max(1, len(rows))


def calibration(rows: list[dict[str, Any]], p: dict[str, float]) -> list[tuple[float, float, int]]:
    scored = sorted((p_axis(r, p), r["axis_won"]) for r in rows)
    out = []
    for k in range(10):
        part = scored[k * len(scored) // 10:(k + 1) * len(scored) // 10]
        if part:
            out.append((round(sum(q for q, _ in part) / len(part), 3),
                        round(sum(w for _, w in part) / len(part), 3), len(part)))
    return out


def fit_params(rows: list[dict[str, Any]], steps: int, start: dict[str, float],
               only: tuple[str, ...] = ()) -> dict[str, float]:
    """Maximum likelihood constants from ``start`` (``only``: fit these, keep the rest)."""
    import torch

    cols = {k: torch.tensor([float(r[k]) for r in rows], dtype=torch.float64)
            for k in ("d", "soon", "slow", "left", "axis_won")}
    # positive constants as softplus of a free value; SLOW_FLOOR as a sigmoid
    def inv_softplus(x: float) -> float:
        return math.log(math.expm1(max(x, 1e-3)))

    free = {k: torch.tensor(inv_softplus(v) if k not in ("ALLIED_TARGET", "SLOW_FLOOR")
                            else (math.log(v / (1 - v)) if k == "SLOW_FLOOR" else v),
                            dtype=torch.float64, requires_grad=True)
            for k, v in start.items()}
    for k, v in free.items():
        v.requires_grad_(not only or k in only)
    opt = torch.optim.Adam([v for v in free.values() if v.requires_grad], lr=0.02)
    sp = torch.nn.functional.softplus

    def constants() -> dict[str, Any]:
        return {k: (v if k == "ALLIED_TARGET" else
                    torch.sigmoid(v) if k == "SLOW_FLOOR" else sp(v)) for k, v in free.items()}

    for _ in range(steps):
        opt.zero_grad()
        logit = axis_logit(cols["d"], cols["soon"], cols["slow"], cols["left"], constants(),
                           torch.tanh)
        loss = torch.nn.functional.binary_cross_entropy_with_logits(logit, cols["axis_won"])
        loss.backward()
        opt.step()
    return {k: round(float(v.detach()), 4) for k, v in constants().items()}


def fit(args: argparse.Namespace) -> None:
    with open(args.positions, encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    games = sorted({r["game"] for r in rows})
    cut = games[int(len(games) * (1 - args.holdout))] if args.holdout > 0 else math.inf
    train = [r for r in rows if r["game"] < cut]
    test = [r for r in rows if r["game"] >= cut] or train
    now = current()
    only = tuple(x for x in args.only.split(",") if x)
    unknown = [x for x in only if x not in PARAMS]
    if unknown:
        raise SystemExit(f"--only: unknown constants {unknown}; known: {', '.join(PARAMS)}")
    fitted = fit_params(train, args.steps, now, only)
    report = {
        "positions": len(rows), "games": len(games), "train_positions": len(train),
        "test_positions": len(test),
        "axis_win_rate": round(sum(r["axis_won"] for r in rows) / len(rows), 3),
        "log_loss_current": round(log_loss(test, now), 4),
        "log_loss_fitted": round(log_loss(test, fitted), 4),
        "log_loss_constant": round(math.log(2.0), 4),       # always 50%
        "calibration_current": calibration(test, now),
        "calibration_fitted": calibration(test, fitted),
        "fitted_only": list(only) or list(PARAMS),
        "fitted": fitted,
    }
    print(json.dumps(report, indent=1))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--games", type=int, default=200)
    c.add_argument("--seed", type=int, default=0)
    c.add_argument("--jobs", type=int, default=2)
    c.add_argument("--bots", default="aggressive")
    c.add_argument("--every", type=int, default=6)
    c.add_argument("--out", required=True)
    f = sub.add_parser("fit")
    f.add_argument("positions")
    f.add_argument("--holdout", type=float, default=0.25)
    f.add_argument("--steps", type=int, default=1500)
    f.add_argument("--only", default="", help="fit only these constants (comma-separated)")
    args = ap.parse_args(argv)
    if args.cmd == "collect":
        collect(args)
    else:
        fit(args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
