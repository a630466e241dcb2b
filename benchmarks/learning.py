"""Issue 16's measured targets: network-guided ismcts against hand-evaluation ismcts at
equal time per decision, and the training throughput.

    python benchmarks/learning.py GAME --model MODEL.pt [--scenario S] [--seconds 0.2]
        [--games 10] [--seed 0] [--mix 0.0] [--params prior_depth=1] [--jobs 1]
        [--log MODEL.log.jsonl] [--control]

Two-role games: ``net:MODEL`` against plain ``ismcts``, both with ``seconds`` per decision,
each seating ``games`` times (the same seeds in both seatings); prints the net's wins with
the Wilson 95% interval. One-role games (eaw1940): each bot plays the same ``games``
seeds; prints each one's mean return and mean score with a 95% interval, and the paired
difference net - hand per seed (the same deals and dice: far less noise). With ``--log``,
the self-play games per second and training steps per second of that training run. The
last line printed is the report as JSON (in two-role games with every game's seed, seat and
score): ``benchmarks/learning_sets.py`` adds up such reports of several seed sets and pairs
a network's games with its control's.

The games are played in seed order, the net's and the hand evaluation's game of a seed one
after the other (so a change in the machine's load falls on both alike); ``--jobs J`` plays
J games at once (give each a core of its own: the budgets are in seconds).

``--control`` plays the control instead of the network: the guided search's own settings
(PUCT, ``--params``) with no model, so an even prior (``ismcts:algo=puct,...``), on the
same seeds. A network helps only as far as it beats its control; a difference between the
control and the hand evaluation comes from the search's settings, not from learning.

Time budgets are not reproducible (they depend on the machine's load): say where it ran.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from warroom.ai import make_bot
from warroom.core.errors import WarroomError
from warroom.core.rng import derive_seed
from warroom.games import load_game
from warroom.sim import play_game
from warroom.sim.backends import process_pool
from warroom.sim.stats import mean_interval, wilson


def play(game_id: str, scenario: str | None, seed: int, specs: dict[str, str]
         ) -> dict[str, Any]:
    """One game (bots seeded as in every batch): its summary line."""
    return play_game(load_game(game_id), scenario, seed, specs)


def _run(tasks: list[tuple[Any, ...]], jobs: int) -> list[dict[str, Any]]:
    """The games of ``tasks`` (``play``'s arguments), in order, ``jobs`` at a time; a
    line on stderr as each one is in."""
    outs: list[dict[str, Any]] = []
    t0 = time.monotonic()

    def done(out: dict[str, Any]) -> None:
        outs.append(out)
        print(f"[{len(outs)}/{len(tasks)} games, {time.monotonic() - t0:.0f} s] "
              f"{out.get('outcome')}", file=sys.stderr, flush=True)

    if jobs <= 1:
        for t in tasks:
            done(play(*t))
        return outs
    with process_pool(jobs) as pool:
        for out in pool.map(play, *zip(*tasks, strict=True)):
            done(out)
    return outs


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--model")
    ap.add_argument("--control", action="store_true",
                    help="play the guided search's settings without the network (an even "
                         "prior) instead of the network: what the network adds is its "
                         "result less the control's")
    ap.add_argument("--scenario")
    ap.add_argument("--seconds", type=float, default=0.2)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--mix", type=float, default=None,
                    help="override the model's own blend of network and hand value")
    ap.add_argument("--params", default="",
                    help="more parameters of the guided search, key=value,... "
                         "(prior_depth=1: the network asked at the root only)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--log", type=Path)
    args = ap.parse_args(argv)
    if args.model is None and not args.control:
        ap.error("--model MODEL.pt is needed (or --control)")
    if args.model is not None:
        args.model = args.model.removeprefix("net:")     # net:eit2-1920, as bots name it
    try:
        game = load_game(args.game)
    except WarroomError as exc:
        ap.error(str(exc))
    # every check before the first game (a learning audit: --games 0 divided by zero, an
    # unknown scenario and a missing or empty --log were tracebacks, --jobs 0 was taken)
    if args.games < 1 or args.jobs < 1:
        ap.error("--games and --jobs must be 1 or more")
    if not math.isfinite(args.seconds) or args.seconds <= 0:
        ap.error("--seconds must be a positive number")
    if args.scenario is not None and args.scenario not in game.scenarios:
        ap.error(f"{args.game} has no scenario {args.scenario!r}; scenarios: "
                 f"{', '.join(game.scenarios)}")
    log_lines: list[dict[str, Any]] = []
    if args.log is not None:
        try:
            log_lines = [json.loads(x) for x in args.log.read_text(encoding="utf-8")
                         .splitlines() if x.strip()]
        except (OSError, ValueError) as exc:
            ap.error(f"--log {args.log}: cannot read a training log ({exc})")
        if not log_lines or not all(isinstance(x, dict) and "selfplay_games_per_s" in x
                                    and "train_steps_per_s" in x for x in log_lines):
            ap.error(f"--log {args.log} is not a training log of warroom train (one JSON "
                     "line a round)")
    # the control: the guided search's settings (guided_params: PUCT) with no prior hook
    net = (f"ismcts:seconds={args.seconds},algo=puct" if args.control
           else f"net:{args.model},seconds={args.seconds}"
           + (f",mix={args.mix}" if args.mix is not None else "")) + (
        f",{args.params}" if args.params else "")
    hand = f"ismcts:seconds={args.seconds}"
    # the model (its file, its game and content) and the specs, before any game is played (a
    # batch audit: a missing or another game's model was a traceback after the first game)
    try:
        for spec in (net, hand):
            make_bot(spec, 0, game)
    except WarroomError as exc:
        ap.error(str(exc))
    side = "control" if args.control else "net"
    t0 = time.monotonic()
    report: dict[str, Any] = {"game": args.game,
                              "scenario": args.scenario or game.default_scenario,
                              "seconds_per_decision": args.seconds, "net": net, "hand": hand,
                              "control": args.control, "seed": args.seed}
    if len(game.roles) == 1:
        role = game.roles[0]
        bots = (("net", net), ("hand", hand))
        # seed by seed, the net's game then the hand evaluation's
        tasks = [(args.game, args.scenario, derive_seed(args.seed, i), {role: spec})
                 for i in range(args.games) for _name, spec in bots]
        outs = _run(tasks, args.jobs)
        per_seed: dict[str, list[float]] = {}
        for k, (name, spec) in enumerate(bots):
            rets = [o["returns"][role] for o in outs[k::2]]
            scores = [float(next(iter(o["scores"].values()), 0.0)) for o in outs[k::2]]
            per_seed[name] = scores
            # one game has no spread to measure: no interval (it read [+11, +11]; JSON null)
            # Student's t, n - 1 degrees of freedom (1.96 standard errors was too narrow for
            # a few games: a review)
            mean_s, _, s_hi = mean_interval(scores)
            half = (s_hi - mean_s) if len(scores) > 1 else None
            report[name] = {"mean_return": statistics.mean(rets), "mean_score": mean_s,
                            "score_interval": None if half is None
                            else [mean_s - half, mean_s + half]}
            shown = ("no interval (one game)" if half is None
                     else f"[{mean_s - half:.1f}, {mean_s + half:.1f}]")
            print(f"{name:5} {spec}: mean return {statistics.mean(rets):+.2f}, mean score "
                  f"{mean_s:.1f} {shown} over {len(scores)} games", flush=True)
        # the same seeds for both bots: the per-seed differences cancel the deal's luck
        diffs = [a - b for a, b in zip(per_seed["net"], per_seed["hand"], strict=True)]
        mean, _, d_hi = mean_interval(diffs)
        half = (d_hi - mean) if len(diffs) > 1 else None
        paired = {"mean": mean, "interval": None if half is None else [mean - half, mean + half],
                  "net_better": sum(d > 0 for d in diffs), "equal": sum(d == 0 for d in diffs),
                  "hand_better": sum(d < 0 for d in diffs)}
        report["paired_difference"] = paired
        shown = ("no interval (one seed)" if half is None
                 else f"[{mean - half:+.2f}, {mean + half:+.2f}] (95% interval, Student's t)")
        print(f"net - hand on the same seeds: {mean:+.2f} {shown} (net better on "
              f"{paired['net_better']}, equal on {paired['equal']}, worse on "
              f"{paired['hand_better']} seeds)", flush=True)
    else:
        wins = 0.0
        n = 0
        per_role: dict[str, float] = {}
        per_game: list[dict[str, Any]] = []
        # seed by seed, the net in each seat in turn
        seats = [(derive_seed(args.seed, i), role) for i in range(args.games)
                 for role in game.roles]
        outs = _run([(args.game, args.scenario, seed,
                      {r: (net if r == role else hand) for r in game.roles})
                     for seed, role in seats], args.jobs)
        for (seed, role), out in zip(seats, outs, strict=True):
            ret = out["returns"][role]
            score = 1.0 if ret > 0 else 0.5 if ret == 0 else 0.0
            wins += score
            per_role[role] = per_role.get(role, 0.0) + score
            n += 1
            # game by game, so that learning_sets.py can pair a net's run with its control's
            per_game.append({"seed": seed, "role": role,
                             "score": score, "outcome": out["outcome"]})
            print(f"game {n}: {side} as {role}: {out['outcome']}", flush=True)
        rate = wilson(wins, n)
        low, high = rate.lo, rate.hi
        report.update({"net_score": wins, "games": n, "win_rate": wins / n,
                       "interval": [low, high], "per_role": per_role,
                       "per_game": per_game})
        print(f"{side} ({net}) scored {wins:g}/{n} = {wins / n:.0%} "
              f"[{low:.0%}, {high:.0%}] against hand-evaluation ismcts at "
              f"{args.seconds} s per decision; per seat {per_role}")
    if args.log:
        lines = log_lines
        # a round plays a set number of games and steps, so the run's rate is the harmonic
        # mean of the rounds' rates (their plain mean ran ahead of games over time: a
        # review); a round that played none (--games-per-round 0) is left out
        for key in ("selfplay_games_per_s", "train_steps_per_s"):
            rates = [float(x[key]) for x in lines if float(x[key]) > 0]
            report[key] = statistics.harmonic_mean(rates) if rates else 0.0
        print(f"training ({args.log}): {report['selfplay_games_per_s']:.2f} self-play games/s, "
              f"{report['train_steps_per_s']:.1f} training steps/s on "
              f"{lines[-1].get('device', 'cpu')}")
    report["wall_s"] = round(time.monotonic() - t0, 1)
    print(json.dumps(report, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
