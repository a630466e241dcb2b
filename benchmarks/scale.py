"""Scale-out throughput of ``simulate`` (issue 14): one worker against two (the local
process pool) and against Ray started locally with two CPUs, on the same batch.

    PYTHONPATH=src python benchmarks/scale.py [--game eit2] [--bots random] [--games 400]
                                              [--repeat 2] [--no-ray] [--json]

Each configuration plays the same games (same seed: the results are checked identical) and
is timed ``--repeat`` times; the best time counts (the least disturbed by other load). The
pool's time includes starting its processes (every batch pays it); Ray's excludes starting
Ray itself (a cluster runs for many batches), which is reported apart. Targets: two
workers >= 1.8x one worker; Ray within 15% of the pool. On a shared machine other load
lowers the two-worker figures: the load average is printed with the results.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

from warroom.sim import iter_batch


def _run(game: str, bots: list[str], games: int, seed: int, **kw: Any
         ) -> tuple[float, list[dict[str, Any]]]:
    start = time.perf_counter()
    lines = list(iter_batch(game, games=games, seed=seed, bots=bots, **kw))
    return time.perf_counter() - start, lines


def _best(repeat: int, game: str, bots: list[str], games: int, seed: int, **kw: Any
          ) -> tuple[float, list[dict[str, Any]]]:
    times = []
    lines: list[dict[str, Any]] = []
    for _ in range(repeat):
        t, lines = _run(game, bots, games, seed, **kw)
        times.append(t)
    return min(times), lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="eit2")
    ap.add_argument("--bots", default="random")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--no-ray", action="store_true", help="skip the Ray measurement")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    bots = args.bots.split(",")
    load_before = os.getloadavg()
    out: dict[str, Any] = {"game": args.game, "bots": bots, "games": args.games,
                           "cpus": os.cpu_count()}
    t1, ref = _best(args.repeat, args.game, bots, args.games, args.seed, jobs=1)
    t2, two = _best(args.repeat, args.game, bots, args.games, args.seed, jobs=2)
    assert two == ref, "two workers gave other results than one"
    out["one_worker_games_per_s"] = round(args.games / t1, 2)
    out["two_workers_games_per_s"] = round(args.games / t2, 2)
    out["two_vs_one"] = round(t1 / t2, 3)
    if not args.no_ray:
        try:
            import ray
        except ImportError:
            out["ray"] = "not installed (pip install 'warroom[ray]')"
        else:
            start = time.perf_counter()
            ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
                     configure_logging=False)
            out["ray_start_s"] = round(time.perf_counter() - start, 2)
            try:
                # a first small batch warms the workers up (imports), as in a running cluster
                _run(args.game, bots, 4, args.seed, backend="ray", jobs=2)
                tr, on_ray = _best(args.repeat, args.game, bots, args.games, args.seed,
                                   backend="ray", jobs=2)
            finally:
                ray.shutdown()
            assert on_ray == ref, "Ray gave other results than one worker"
            out["ray_games_per_s"] = round(args.games / tr, 2)
            out["ray_vs_pool"] = round(t2 / tr, 3)
    out["load_average_before"] = [round(x, 2) for x in load_before]
    out["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    if args.json:
        print(json.dumps(out, indent=1))
        return
    print(f"{args.game}, bots {','.join(bots)}, {args.games} games, {out['cpus']} CPUs "
          f"(load average {out['load_average_before'][0]} before, "
          f"{out['load_average_after'][0]} after)")
    print(f"  1 worker : {out['one_worker_games_per_s']:8.2f} games/s")
    print(f"  2 workers: {out['two_workers_games_per_s']:8.2f} games/s — "
          f"{out['two_vs_one']:.2f}x one worker (target >= 1.8)")
    if "ray_games_per_s" in out:
        print(f"  Ray, 2 CPUs: {out['ray_games_per_s']:6.2f} games/s — "
              f"{out['ray_vs_pool']:.2f}x the pool (target >= 0.85); Ray started in "
              f"{out['ray_start_s']} s")
    elif "ray" in out:
        print(f"  Ray: {out['ray']}")


if __name__ == "__main__":
    main()
