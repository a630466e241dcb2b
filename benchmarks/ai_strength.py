"""How strong are the bots? Matches between bot specs, both seatings, with honest intervals.

    PYTHONPATH=src python benchmarks/ai_strength.py eit2 --scenario great_depression \\
        --bot ismcts:iterations=300 --vs random --vs greedy --games 10 --seed 1 [--jobs 2]
    PYTHONPATH=src python benchmarks/ai_strength.py eaw1940 --bot ismcts --vs random \\
        --vs greedy --games 20

For a two-sided game, each opponent plays ``--games`` games with each seating (the bot as
the first role, then as the second; ``--seat ROLE`` keeps only the seatings with the bot as
ROLE); game ``i`` of a seating uses the seed derived from
``--seed`` and ``i``, the same for both seatings and every opponent, so the pairings meet
the same dice and deals. Printed: the bot's wins, draws and losses per seating and in all,
with the Wilson 95% interval of its win rate; per game, the mean length (decisions), how the
games ended (the outcome's label) and, in sfe, the battles fought (8.2's totals compared,
as ``sfe_calibration.py`` counts them; before 5 December 2026 this script counted every
"Battle in X" line, retreats before battle included, so its earlier counts run higher).
Against itself (``--vs`` the same spec as ``--bot``) both seatings are one game, played
once and read from each seat: the seats' balance for that bot. For a one-player game
(eaw1940) each spec plays ``--games`` games: mean VP (with a 95% interval of the mean) and
the result bands. ``--json`` prints everything as one JSON object, every game's seed, seats
and result included (so two bots can be compared game by game on the same seeds);
``--records DIR`` saves each game's record there, to replay it (``warroom replay``).

Everything a bot chooses is timed: its seconds per decision (all its time over all its
decisions) is printed per spec. Use
iteration budgets (``ismcts:iterations=N``) for results that do not depend on the machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from warroom.ai import bot_identity, make_bot, split_bot_specs
from warroom.core import apply, new_game, result
from warroom.core.record import Record
from warroom.core.rng import derive_seed
from warroom.games import load_game
from warroom.sim.backends import process_pool
from warroom.sim.stats import mean_interval, wilson


def play(task: tuple[str, str | None, dict[str, str], int, int, str | None]) -> dict[str, Any]:
    """One game: ``seats`` maps each role to a bot spec; the record is saved in the folder
    ``records`` when one is given."""
    game_id, scenario, seats, seed, bot_seed, records = task
    game = load_game(game_id)
    state = new_game(game, scenario, seed)
    bots = {role: make_bot(spec, bot_seed + k) for k, (role, spec) in enumerate(seats.items())}
    keys: list[str | int] = []
    spent = Counter[str]()
    decisions = Counter[str]()
    while state.active is not None:
        role = state.active
        t = time.perf_counter()
        action = bots[role].choose(state)
        spent[role] += time.perf_counter() - t
        decisions[role] += 1
        keys.append(action.key)
        apply(state, action)
    out = result(state)
    assert out is not None
    # battles fought (8.2: the totals compared), as sfe_calibration.py counts them; a
    # "Battle in X" line whose defender retreats before battle (8.4) fights none
    battles = sum(1 for e in state.log if e.get("rule") == "8.2" and "attack" in e) \
        if game_id == "sfe" else None
    if records is not None:
        name = "-".join(f"{r}={s}" for r, s in seats.items())
        name = "".join(ch if ch.isalnum() or ch in "=-_." else "_" for ch in name)
        Record(game_id, scenario or "", {}, seed, [], keys, None, dict(seats)).save(
            Path(records) / f"{name}-{seed}.json", with_state=False)
    return {"seed": seed, "seats": seats, "winner": out.winner, "label": out.label,
            "scores": dict(out.scores), "decisions": state.data["decisions"],
            "battles": battles, "spent": dict(spent), "chosen": dict(decisions)}


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game")
    ap.add_argument("--scenario", default=None)
    ap.add_argument("--bot", required=True, help="the bot spec measured, e.g. ismcts:seconds=0.2")
    ap.add_argument("--vs", action="append", default=[],
                    help="an opponent spec (repeat, or a comma-separated list)")
    ap.add_argument("--games", type=int, default=10, help="games per seating and opponent")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--seat", action="append", default=None,
                    help="only the seatings where the bot plays this role (repeatable)")
    ap.add_argument("--records", default=None,
                    help="save each game's record (JSON) in this folder")
    ap.add_argument("--progress", action="store_true",
                    help="print each finished game on standard error")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error(f"--games {args.games}: give at least 1 game per seating and opponent")
    game = load_game(args.game)
    scenario = args.scenario or game.default_scenario
    # each opponent once (a spec given twice would play and count its games twice)
    opponents = list(dict.fromkeys(s for v in args.vs for s in split_bot_specs(v)))
    if len(game.roles) == 1:
        # one seat: each spec plays the deals once (--vs the bot itself played them twice
        # and counted both: a review)
        opponents = [o for o in opponents
                     if bot_identity(o, args.game) != bot_identity(args.bot, args.game)]
    for spec in [args.bot, *opponents]:
        make_bot(spec, 0)                        # a bad spec fails before any game
    roles = game.roles
    if args.records:
        Path(args.records).mkdir(parents=True, exist_ok=True)
    tasks: list[tuple[str, str | None, dict[str, str], int, int, str | None]] = []
    if len(roles) == 1:
        for spec in [args.bot, *opponents]:
            for i in range(args.games):
                seed = derive_seed(args.seed, i)
                tasks.append((args.game, scenario, {roles[0]: spec}, seed, seed ^ 0x5EED,
                              args.records))
    else:
        # each seat once (--seat axis --seat axis played and counted each game twice)
        seats_played = list(dict.fromkeys(args.seat or roles))
        unknown = [r for r in seats_played if r not in roles]
        if unknown:
            ap.error(f"--seat {unknown[0]}: {args.game}'s roles are {', '.join(roles)}")
        for opp in opponents:
            # against itself both seatings are the same game (the same seats, the same
            # seeds): it is played once and read from each seat
            for seat in seats_played[:1] if opp == args.bot else seats_played:
                for i in range(args.games):
                    seed = derive_seed(args.seed, i)
                    seats = {r: (args.bot if r == seat else opp) for r in roles}
                    tasks.append((args.game, scenario, seats, seed, seed ^ 0x5EED,
                                  args.records))
    start = time.perf_counter()
    games: list[dict[str, Any]] = []

    def progress(g: dict[str, Any]) -> None:
        games.append(g)
        if args.progress:
            seats = ", ".join(f"{r} {s}" for r, s in g["seats"].items())
            print(f"[{len(games)}/{len(tasks)} {time.perf_counter() - start:.0f} s] {seats}: "
                  f"{g['winner']} ({g['label']}, {g['decisions']} decisions"
                  + (f", {g['battles']} battles" if g["battles"] is not None else "") + ")",
                  file=sys.stderr, flush=True)
    if args.jobs > 1:
        with process_pool(args.jobs) as pool:
            for g in pool.map(play, tasks):
                progress(g)
    else:
        for t in tasks:
            progress(play(t))
    wall = time.perf_counter() - start
    report: dict[str, Any] = {"game": args.game, "scenario": scenario, "bot": args.bot,
                              "games_per_seating": args.games, "seed": args.seed,
                              "wall_s": round(wall, 1), "pairings": []}
    lines = [f"{args.game} ({scenario}), {len(games)} games, seed {args.seed}, "
             f"{wall:.0f} s wall"]
    # seconds per decision: all the time a bot spent over all its decisions (a mean of
    # each game's own rate would weigh a short game as much as a long one)
    spent: dict[str, float] = {}
    chosen: dict[str, int] = {}
    for g in games:
        for role, spec in g["seats"].items():
            spent[spec] = spent.get(spec, 0.0) + g["spent"][role]
            chosen[spec] = chosen.get(spec, 0) + g["chosen"].get(role, 0)
    if len(roles) == 1:
        for spec in [args.bot, *opponents]:
            mine = [g for g in games if g["seats"][roles[0]] == spec]
            vps = [float(g["scores"].get("vp", 0.0)) for g in mine]
            # Student's t with n - 1 degrees of freedom (1.96 standard errors was 13% too
            # narrow at 10 games); one game has no interval (null, "n/a")
            m, vlo, vhi = mean_interval(vps)
            ci = [round(vlo, 2), round(vhi, 2)] if len(vps) > 1 else None
            shown = f"[{vlo:.1f}, {vhi:.1f}]" if ci is not None else "[n/a: one game]"
            labels = Counter(g["label"] for g in mine)
            wins = sum(g["winner"] == roles[0] for g in mine)
            rate = wilson(wins, len(mine))
            lo, hi = rate.lo, rate.hi
            entry = {"spec": spec, "games": len(mine), "vp_mean": round(m, 2),
                     "vp_ci95": ci,
                     "axis_wins": wins, "win_ci95": [round(lo, 3), round(hi, 3)],
                     "results": dict(labels),
                     "decisions_mean": statistics.fmean(g["decisions"] for g in mine)}
            report["pairings"].append(entry)
            lines.append(f"  {spec:34s} VP {m:5.1f} {shown}  "
                         f"{roles[0]} wins {wins}/{len(mine)} [{_pct(lo)}, {_pct(hi)}]  "
                         + ", ".join(f"{k} {v}" for k, v in labels.most_common()))
    else:
        for opp in opponents:
            entry = {"opponent": opp, "seatings": {}}
            tot_w = tot_d = tot_n = 0
            mirror = opp == args.bot
            for k, seat in enumerate(seats_played):
                mine = [g for g in games if g["seats"][seat] == args.bot
                        and all(g["seats"][r] == opp for r in roles if r != seat)]
                w = sum(g["winner"] == seat for g in mine)
                d = sum(g["winner"] is None for g in mine)
                n = len(mine)
                rate = wilson(w, n)
                lo, hi = rate.lo, rate.hi
                labels = Counter(g["label"] for g in mine)
                length = statistics.fmean(g["decisions"] for g in mine)
                seating = {"games": n, "wins": w, "draws": d, "losses": n - w - d,
                           "win_ci95": [round(lo, 3), round(hi, 3)],
                           "results": dict(labels), "decisions_mean": round(length, 1)}
                line = (f"  {args.bot} as {seat:6s} vs {opp:22s} W {w:2d} D {d:2d} "
                        f"L {n - w - d:2d} of {n}: {_pct(w / n)} [{_pct(lo)}, {_pct(hi)}]"
                        f"  length {length:.0f}")
                if args.game == "sfe":
                    battles = [g["battles"] for g in mine]
                    seating["battles_median"] = statistics.median(battles)
                    seating["battles_mean"] = round(statistics.fmean(battles), 2)
                    line += (f", battles median {statistics.median(battles):g} "
                             f"mean {statistics.fmean(battles):.1f}")
                line += "; " + ", ".join(f"{k} {v}" for k, v in labels.most_common())
                entry["seatings"][seat] = seating
                lines.append(line)
                if not mirror or k == 0:    # a mirror's games count once, as the first seat's
                    tot_w, tot_d, tot_n = tot_w + w, tot_d + d, tot_n + n
            rate = wilson(tot_w, tot_n)
            lo, hi = rate.lo, rate.hi
            entry["total"] = {"games": tot_n, "wins": tot_w, "draws": tot_d,
                              "win_ci95": [round(lo, 3), round(hi, 3)]}
            if mirror:
                entry["mirror"] = True
                lines.append(f"  {args.bot} against itself: {seats_played[0]} won {tot_w} of "
                             f"{tot_n} ({_pct(tot_w / tot_n)}, Wilson 95% [{_pct(lo)}, "
                             f"{_pct(hi)}]), the seats' balance for this bot")
            else:
                lines.append(f"  {args.bot} vs {opp}: won {tot_w} of {tot_n} "
                             f"({_pct(tot_w / tot_n)}, Wilson 95% [{_pct(lo)}, {_pct(hi)}])")
            report["pairings"].append(entry)
    report["games"] = [{k: g[k] for k in ("seed", "seats", "winner", "label", "scores",
                                          "decisions", "battles")} for g in games]
    report["seconds_per_decision"] = {s: round(spent[s] / chosen[s], 4)
                                      for s in spent if chosen[s]}
    lines.append("  seconds per decision: " + ", ".join(
        f"{s} {v:.3f}" for s, v in report["seconds_per_decision"].items()))
    if args.json:
        json.dump(report, sys.stdout, indent=1)
        print()
    else:
        print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
