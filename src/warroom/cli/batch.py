"""Batch commands of the ``warroom`` command line: simulate, tournament, report.

Registered onto the main app by :func:`register`. Work runs on ``--backend local`` (a
process pool of ``--jobs`` workers, the default) or ``--backend ray`` (Ray tasks, on a
local Ray instance or the cluster at ``--address``); results are the same either way.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from warroom.ai import fallback_note
from warroom.cli.common import emit_json as _emit_json
from warroom.cli.common import expand_home, warn
from warroom.cli.common import fail as _fail
from warroom.core.errors import WarroomError
from warroom.sim import (
    OutputWriter,
    iter_batch,
    refuse_earlier_results,
    refuse_overlapping_outputs,
    split_bots,
    summarize,
)
from warroom.sim.backends import BACKENDS
from warroom.sim.report import (
    as_lines,
    check_out_dir,
    load_results,
    make_out_dir,
    write_report,
)
from warroom.sim.stats import Rate
from warroom.sim.tournament import iter_tournament, tally
from warroom.sim.training_report import is_training_log, write_training_report

console = Console(highlight=False, soft_wrap=True)
if not console.is_terminal:
    console = Console(highlight=False, soft_wrap=True, width=120)
err = Console(stderr=True, highlight=False, soft_wrap=True)

ContentOpt = Annotated[Path | None, typer.Option(
    "--content", help="A folder of content files overriding the bundled pack.",
    callback=expand_home)]
BackendOpt = Annotated[str, typer.Option(
    help=f"Where games run: {' or '.join(BACKENDS)} (local: a process pool of --jobs "
         "workers; ray: Ray tasks, pip install 'warroom\\[ray]').")]
AddressOpt = Annotated[str | None, typer.Option(
    help="With --backend ray: the address of a running Ray cluster (e.g. 10.0.0.5:6379 or "
         "auto); default: a local Ray instance with --jobs CPUs.")]
JobsOpt = Annotated[int, typer.Option(help="Workers (processes, or CPUs of a local Ray).")]
ForceOpt = Annotated[bool, typer.Option(
    "--force", help="Replace the --out file (and --records) of an earlier run; without it "
    "a file or folder that holds results is refused.")]
TournamentForceOpt = Annotated[bool, typer.Option(
    "--force", help="Replace the --out file of an earlier run; without it a file that holds "
    "results is refused.")]


def _progress(label: str) -> Progress:
    return Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                    TextColumn("ETA"), TimeRemainingColumn(), console=err, transient=True,
                    disable=not err.is_terminal)


def _stopped(done: int, out: Path | None, records: Path | None) -> None:
    """Ctrl-C: say what was kept, then exit 130 (the games finished so far are written)."""
    kept = [f"{p}" for p in (out, records) if p is not None]
    err.print(f"stopped (Ctrl-C) after {done} game(s)"
              + (f"; they are kept in {' and '.join(kept)}" if kept and done else ""))
    raise typer.Exit(130)


def _rate(r: dict[str, float]) -> str:
    return str(Rate(r["k"], int(r["n"]), r["p"], r["lo"], r["hi"]))


def simulate(
    game: Annotated[str, typer.Argument(help="Game id.")],
    games_: Annotated[int, typer.Option("--games", help="Number of games.")] = 100,
    seed: Annotated[int, typer.Option(help="Batch seed.")] = 0,
    scenario: Annotated[str | None, typer.Option(help="Scenario.")] = None,
    bots: Annotated[str, typer.Option(help="Bot for every role, or one per role: B[,B].")]
    = "random",
    jobs: JobsOpt = 1,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    out: Annotated[Path | None, typer.Option(help="Write one JSON line per game.",
                                             callback=expand_home)] = None,
    records: Annotated[Path | None, typer.Option(help="Write one record per game here.",
                                                 callback=expand_home)]
    = None,
    report: Annotated[Path | None, typer.Option(
        help="Write a balance report (PNG plots and report.md) into this folder.",
        callback=expand_home)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")]
    = False,
    content: ContentOpt = None,
    force: ForceOpt = False,
) -> None:
    """Play many games with bots and summarise the outcomes."""
    names = split_bots(bots)
    content_s = str(content) if content else None
    results: list[dict[str, Any]] = []
    try:
        if not names:
            raise WarroomError("--bots needs at least one bot")
        if games_ < 0:
            raise WarroomError("--games must be 0 or more")
        if report is not None and games_ == 0:
            raise WarroomError("--report needs at least one game")
        # every check (game, content, scenario, bots, models, backend) before the output
        # files are opened: a mistake must not empty the --out file of an earlier run
        lines = iter_batch(game, games=games_, seed=seed, bots=names, scenario=scenario,
                           jobs=jobs, content=content_s, keep_records=records is not None,
                           backend=backend, address=address)
        _say_fallbacks(names, game)
        refuse_overlapping_outputs(out, records, report)
        if not force:               # before any folder is made for this run
            refuse_earlier_results(out, records)
        if report is not None:
            check_out_dir(report, "the plots and report.md", "--report")
        # --out and --records are checked before the --report folder is made: a run they
        # refused had made it (an audit)
        writer = OutputWriter(out, records, force)
        if report is not None:
            make_out_dir(report, "the plots and report.md", "--report")
        progress = _progress("simulating")
        with writer, progress:
            task = progress.add_task("games", total=games_)
            for line in lines:
                writer.write(line)
                line.pop("record", None)
                results.append(line)
                progress.advance(task)
        summary = summarize(game, seed, results, scenario, names)
        if report is not None:
            written = write_report(game, as_lines(results), report, "--report")
    except (WarroomError, OSError) as exc:   # an OSError: a path the system refuses
        _fail(exc)
        return
    except KeyboardInterrupt:
        _stopped(len(results), out, records)
    if as_json:
        _emit_json(summary)
        return
    pack = f", content pack {summary['content']}" if content is not None else ""
    table = Table(title=f"{summary['game']} — {summary['games']} games, seed {seed}, "
                  f"bots {','.join(names)}{pack}")
    table.add_column("outcome")
    table.add_column("games", justify="right")
    table.add_column("share", justify="right")
    for label, count in summary["outcomes"].items():
        table.add_row(label, str(count), f"{100 * count / max(1, summary['games']):.1f}%")
    console.print(table)
    for key, value in summary.items():
        if key.endswith("_mean"):
            console.print(f"{key}: {'n/a' if value is None else f'{value:.2f}'}")
        elif key.endswith("_histogram"):
            console.print(f"{key}: " + " ".join(f"{k}:{v}" for k, v in value.items()))
    if report is not None:
        console.print(f"balance report: {written[-1]} ({len(written) - 1} plots)")


def _say_fallbacks(specs: list[str], game: str) -> None:
    """Warn of each bot that plays as another in ``game`` (a scripted bot where the game
    has no script plays as greedy: the README says it says so, and only the web lobby
    did: an audit)."""
    for note in dict.fromkeys(fallback_note(b, game) for b in specs):
        if note:
            warn(note)


def tournament(
    game: Annotated[str, typer.Argument(help="Game id (a 1- or 2-player game).")],
    bots: Annotated[str, typer.Option(help="The bots, comma-separated: a,b[,c...] (bot "
                                      "specs such as ismcts:seconds=1 too).")],
    games_: Annotated[int, typer.Option("--games", help="Games per pairing and seating "
                                        "(per bot in a 1-player game).")] = 20,
    seed: Annotated[int, typer.Option(help="Tournament seed (games and the bootstrap).")]
    = 0,
    scenario: Annotated[str | None, typer.Option(help="Scenario.")] = None,
    jobs: JobsOpt = 1,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    out: Annotated[Path | None, typer.Option(help="Write one JSON line per game.",
                                             callback=expand_home)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the tables as JSON.")]
    = False,
    content: ContentOpt = None,
    force: TournamentForceOpt = False,
) -> None:
    """Round robin between bots: every pairing in both seatings, Wilson intervals, Elo."""
    names = split_bots(bots)
    content_s = str(content) if content else None
    lines: list[dict[str, Any]] = []
    try:
        total, stream = iter_tournament(game, names, games=games_, seed=seed,
                                        scenario=scenario, jobs=jobs, backend=backend,
                                        address=address, content=content_s)
        _say_fallbacks(names, game)
        progress = _progress("tournament")
        with OutputWriter(out, None, force) as writer, progress:
            task = progress.add_task("games", total=total)
            for line in stream:
                writer.write(line)
                lines.append(line)
                progress.advance(task)
        roles = tuple(lines[0]["bots"]) if lines else ()
        summary = tally(game, roles, names, lines, seed=seed, games=games_,
                        scenario=scenario)
    except (WarroomError, OSError) as exc:   # an OSError: a path the system refuses
        _fail(exc)
        return
    except KeyboardInterrupt:
        _stopped(len(lines), out, None)
    if as_json:
        _emit_json(summary)
        return
    _print_tournament(summary, content is not None)


def _print_tournament(s: dict[str, Any], pack: bool = False) -> None:
    roles = s["roles"]
    each = "per bot" if s["solo"] else "per pairing and seating"
    title = (f"{s['game']} {s['scenario']} — {s['games']} games, seed {s['seed']}, "
             f"{s['games_per_seating']} {each}"
             + (f", content pack {s['content']}" if pack and s.get("content") else ""))
    if s["solo"]:
        t = Table(title=f"{title}: results against the game")
        for col in ("bot", "games", "wins", "draws", "losses", "mean score"):
            t.add_column(col, justify="left" if col == "bot" else "right")
        for e in s["solo"]:
            scores = ", ".join(f"{k} {v['mean']:.2f} " + (
                f"[{v['lo']:.2f}–{v['hi']:.2f}]" if v["lo"] is not None
                else "(one game: no interval)") for k, v in e["scores"].items())
            t.add_row(e["bot"], str(e["games"]), _rate(e["win"]), _rate(e["draw"]),
                      _rate(e["loss"]), scores)
        console.print(t)
    t = Table(title=title if not s["solo"] else "head to head on the same deals")
    for col in ("a", "b", "games", "a wins", "draws", "b wins", "a score"):
        t.add_column(col, justify="left" if col in ("a", "b") else "right")
    for p in s["pairings"]:
        t.add_row(p["a"], p["b"], str(p["games"]), _rate(p["win"]), _rate(p["draw"]),
                  _rate(p["loss"]), _rate(p["score"]))
    console.print(t)
    if len(roles) == 2:
        t = Table(title="by seating")
        for col in ("a", "as", "b", "as", "games", "a wins", "draws", "b wins"):
            t.add_column(col, justify="left" if col in ("a", "as", "b") else "right")
        for p in s["pairings"]:
            for seat in p["by_seating"]:
                t.add_row(p["a"], seat["a_role"], p["b"], seat["b_role"], str(seat["games"]),
                          _rate(seat["win"]), _rate(seat["draw"]), _rate(seat["loss"]))
        console.print(t)
    t = Table(title="Elo (mean 0; 95% bootstrap interval)")
    # a one-player game's Elo is fitted on the head-to-heads of each deal: a bot's count is
    # of those comparisons, one a deal per other bot (it read as games: a review)
    for col in ("rank", "bot", "Elo", "interval",
                "comparisons" if s["solo"] else "games", "score"):
        t.add_column(col, justify="left" if col == "bot" else "right")
    for i, r in enumerate(s["elo"], 1):
        t.add_row(str(i), str(r["name"]), f"{r['elo']:+.0f}", f"{r['lo']:+.0f} … {r['hi']:+.0f}",
                  str(r["games"]), f"{100 * float(r['score']):.1f}%")
    console.print(t)
    console.print("Wilson 95% intervals. " + s["method"]["elo"] + ".")


def report(
    results: Annotated[Path, typer.Argument(help="A results file (JSON lines) written by "
                                            "simulate --out or tournament --out, or a "
                                            "training log (MODEL.log.jsonl).",
                                            callback=expand_home)],
    out: Annotated[Path, typer.Option(help="Folder for the plots and report.md.",
                                      callback=expand_home)]
    = Path("report"),
    game: Annotated[str | None, typer.Option(help="The game (default: read from the "
                                             "results).")] = None,
) -> None:
    """Write a balance report, or a training curve.

    A balance report (PNG plots and a Markdown page) from a results file, or the training
    curve of a `warroom train` run from its training log."""
    if is_training_log(results):
        try:
            left: list[str] = []
            page = write_training_report(results, out, left)
        except (WarroomError, OSError) as exc:
            _fail(exc)
            return
        for note in left:
            warn(note)
        console.print(f"training curve of {results}: wrote {page} and "
                      f"{out / 'training.png'}")
        return
    try:
        notes: list[str] = []
        gid, lines = load_results(results, notes)
        for note in notes:
            err.print(f"note: {note}")
        written = write_report(game or gid, as_lines(lines), out)
    except (WarroomError, OSError) as exc:   # an OSError: a path the system refuses
        _fail(exc)
        return
    console.print(f"{len(lines)} games of {game or gid}: wrote {written[-1]} and "
                  f"{len(written) - 1} plots in {out}")


def print_adapter(out: dict[str, Any]) -> None:
    """The OpenSpiel adapter figures of ``warroom bench`` (when measured)."""
    a = out.get("adapter")
    if not a:
        return
    console.print(f"OpenSpiel adapter: {a['adapter_decisions_per_s']:,.0f} decisions/s "
                  f"({a['adapter_actions_per_s']:,.0f} actions/s counting "
                  f"{a['adapter_chance_per_decision']:.2f} chance outcomes per decision) "
                  f"against {a['native_decisions_per_s']:,.0f} native decisions/s: "
                  f"{a['slowdown']:.2f}× slower; information_state_string "
                  f"{a['information_state_string_us']:,.0f} µs")


def register(app: typer.Typer) -> None:
    """Add the batch commands to ``app``."""
    app.command()(simulate)
    app.command()(tournament)
    app.command()(report)
