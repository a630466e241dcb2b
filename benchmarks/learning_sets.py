"""Issue 16's measurement over several seed sets: adds up the reports of
``benchmarks/learning.py`` runs of a two-role game and pairs a network's games with its
control's.

    python benchmarks/learning_sets.py NET.log [NET2.log ...] [--control CONTROL.log ...]
        [--json]

Each file is what one ``learning.py`` run printed (its last JSON line is the report; the
progress lines before it are skipped). Prints each set's score and the sets together with
the Wilson 95% interval and the score per seat. With ``--control``, the control's runs on
the same seeds (``learning.py --control``) are added up the same way, and the games are
paired by seed and seat: in how many the network did better than its control, in how many
worse, and the exact two-sided sign test of that split (what the network adds over the
search settings it plays with; see ``learning.py``'s ``--control``).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from pathlib import Path
from typing import Any

from warroom.core.errors import WarroomError
from warroom.games import load_game
from warroom.sim.stats import sign_test, wilson


def read_report(path: Path) -> dict[str, Any]:
    """The report a ``learning.py`` run printed last in ``path``; ``SystemExit`` with a
    message naming the file when there is none or it is not a two-role game's."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise SystemExit(f"{path}: cannot read it ({exc.strerror})") from None
    for line in reversed(lines):
        line = line.strip()
        if not line.startswith("{"):
            continue
        try:
            report = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(report, dict) and "net_score" in report:
            return report
        if isinstance(report, dict) and "paired_difference" in report:
            raise SystemExit(f"{path}: a one-role game's report (its paired difference is "
                             "in the report itself); this script adds up two-role games")
    raise SystemExit(f"{path}: no learning.py report in it (its last line is the JSON "
                     "report; was the run stopped before the end?)")


def _same(report: dict[str, Any], key: str) -> Any:
    """``report[key]`` as two runs of one experiment write it: the scenario by name (a run
    without --scenario played the game's default), the model by its file's name (one model
    named net:NAME, by a relative or an absolute path, on different machines)."""
    value = report.get(key)
    if key == "scenario" and value is None and report.get("game"):
        with contextlib.suppress(WarroomError):     # an unknown game: compared as written
            value = load_game(str(report["game"])).default_scenario
    if key == "net" and isinstance(value, str) and value.startswith("net:"):
        head, _, rest = value.partition(",")
        name = Path(head[4:]).name.removesuffix(".pt")
        value = f"net:{name}" + (f",{rest}" if rest else "")
    return value


def total(reports: list[dict[str, Any]]) -> dict[str, Any]:
    """The reports added up: score, games, Wilson 95% interval, score and games per seat."""
    score = sum(float(r["net_score"]) for r in reports)
    games = sum(int(r["games"]) for r in reports)
    per_role: dict[str, float] = {}
    for r in reports:
        for role, s in r["per_role"].items():
            per_role[role] = per_role.get(role, 0.0) + float(s)
    rate = wilson(score, games)
    return {"score": score, "games": games, "win_rate": score / games if games else 0.0,
            "wilson_95": [rate.lo, rate.hi], "per_role": per_role,
            "seeds": [r.get("seed") for r in reports]}


def _games(path: Path, report: dict[str, Any]) -> dict[tuple[int, str], float]:
    if "per_game" not in report:
        raise SystemExit(f"{path}: its report has no per_game list (written by learning.py "
                         "before it kept each game), so its games cannot be paired")
    return {(int(g["seed"]), str(g["role"])): float(g["score"]) for g in report["per_game"]}


def paired(net: list[tuple[Path, dict[str, Any]]],
           control: list[tuple[Path, dict[str, Any]]]) -> dict[str, Any]:
    """Game by game (same seed, same seat), the network against its control."""
    a: dict[tuple[int, str], float] = {}
    b: dict[tuple[int, str], float] = {}
    for path, r in net:
        a.update(_games(path, r))
    for path, r in control:
        b.update(_games(path, r))
    both = sorted(set(a) & set(b))
    if not both:
        raise SystemExit("the network's and the control's runs share no game: give the "
                         "control runs of the same --seed values")
    better = sum(1 for k in both if a[k] > b[k])
    worse = sum(1 for k in both if a[k] < b[k])
    return {"paired_games": len(both), "net_better": better, "net_worse": worse,
            "same": len(both) - better - worse, "sign_test_p": sign_test(better, worse),
            "unpaired": len(set(a) ^ set(b))}


def _line(name: str, t: dict[str, Any]) -> str:
    seats = ", ".join(f"{role} {s:g}/{t['games'] // len(t['per_role'])}"
                      for role, s in t["per_role"].items())
    lo, hi = t["wilson_95"]
    return (f"{name}: {t['score']:g}/{t['games']} = {100 * t['win_rate']:.1f}% "
            f"[{100 * lo:.1f}%, {100 * hi:.1f}%] ({seats})")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("net", nargs="+", type=Path, help="learning.py outputs of the network")
    ap.add_argument("--control", nargs="*", type=Path, default=[],
                    help="learning.py --control outputs on the same seeds")
    ap.add_argument("--json", action="store_true", help="print the summary as JSON only")
    args = ap.parse_args(argv)
    net = [(p, read_report(p)) for p in args.net]
    control = [(p, read_report(p)) for p in args.control]
    for path, r in net:
        if r.get("control"):
            raise SystemExit(f"{path}: a control run given as the network's; put it after "
                             "--control")
    for path, r in control:
        if not r.get("control"):
            raise SystemExit(f"{path}: given after --control but it is a network's run")
    # one experiment only: the same game, scenario and time budget throughout, and one
    # network (a batch audit: a report of another game, network and budget was pooled)
    first_path, first = (net + control)[0]
    for path, r in net + control:
        for key in ("game", "scenario", "seconds_per_decision", "hand"):
            if _same(r, key) != _same(first, key):
                raise SystemExit(f"{path}: its {key} is {_same(r, key)!r}, not "
                                 f"{_same(first, key)!r} as in {first_path}; add up the runs "
                                 "of one experiment")
    for runs, what in ((net, "network's"), (control, "control's")):
        specs = {_same(r, "net") for _p, r in runs}
        if len(specs) > 1:
            raise SystemExit(f"the {what} runs name different bots ({', '.join(map(str, specs))}"
                             "); add up the runs of one network (or one control)")
    for runs, what in ((net, "network's"), (control, "control's")):
        seen: dict[Any, Path] = {}
        for path, r in runs:        # one set counted twice would narrow the interval
            if r.get("seed") in seen:
                raise SystemExit(f"{path}: the {what} runs of --seed {r.get('seed')} are "
                                 f"given twice (also {seen[r.get('seed')]}); give each set "
                                 "once")
            seen[r.get("seed")] = path
    summary: dict[str, Any] = {"net": total([r for _p, r in net])}
    if control:
        summary["control"] = total([r for _p, r in control])
        summary["paired"] = paired(net, control)
    if args.json:
        print(json.dumps(summary, sort_keys=True))
        return 0
    for path, r in net + control:
        print(_line(f"{'control' if r.get('control') else 'net'} seed {r.get('seed', '?')} "
                    f"({path.name})", total([r])))
    print(_line("net, together", summary["net"]))
    if control:
        print(_line("control, together", summary["control"]))
        p = summary["paired"]
        print(f"paired over {p['paired_games']} games: net better in {p['net_better']}, "
              f"worse in {p['net_worse']}, the same in {p['same']}; sign test two-sided "
              f"p {p['sign_test_p']:.3f}"
              + (f"; {p['unpaired']} games without a partner left out" if p["unpaired"]
                 else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
