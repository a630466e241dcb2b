"""``warroom`` command line: games, play, replay, content, simulate, bench."""

from __future__ import annotations

import json
import secrets
import sys
from pathlib import Path
from typing import Annotated, Any

import platformdirs
import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from warroom.ai import BOTS, make_bot
from warroom.cli.batch import print_adapter
from warroom.cli.batch import register as register_batch
from warroom.cli.render import print_log, render
from warroom.core.errors import IllegalActionError, WarroomError
from warroom.core.log import visible
from warroom.core.protocol import explain, legal_actions, prompt, result, view
from warroom.core.record import Record, Session, replay
from warroom.games import game_ids, load_game
from warroom.sim.bench import bench as run_bench
from warroom.sim.bench import openspiel_available

app = typer.Typer(no_args_is_help=True, add_completion=False,
                  help="warroom: rules-enforced wargames of 20th-century Europe.")
console = Console(highlight=False, soft_wrap=True)
if not console.is_terminal:
    console = Console(highlight=False, soft_wrap=True, width=120)
err = Console(stderr=True, highlight=False, soft_wrap=True)

ContentOpt = Annotated[Path | None, typer.Option(
    "--content", help="A folder of content files overriding the bundled pack.")]


def _fail(exc: Exception, code: int = 2) -> None:
    err.print(Text.assemble(("error: ", "bold red"), str(exc)))
    raise typer.Exit(code)


def _emit_json(obj: Any) -> None:
    sys.stdout.write(json.dumps(obj, indent=1, sort_keys=False) + "\n")


@app.command()
def games(as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """List the games warroom knows."""
    infos = [load_game(g).info() for g in game_ids()]
    if as_json:
        _emit_json(infos)
        return
    table = Table(title="warroom games")
    for col in ("id", "title", "roles", "scenarios"):
        table.add_column(col)
    for i in infos:
        table.add_row(i["id"], i["title"], ", ".join(i["roles"]), ", ".join(i["scenarios"]))
    console.print(table)


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="Game id, e.g. eaw1940.")],
    scenario: Annotated[str | None, typer.Option(help="Scenario (default: the game's).")] = None,
    seed: Annotated[int | None, typer.Option(
        help="Seed of the game's dice and deals (default: a secret 64-bit seed from the "
             "operating system, shown when the game ends).")] = None,
    load: Annotated[Path | None, typer.Option(help="Continue a saved game (a record).")] = None,
    as_: Annotated[str, typer.Option("--as", help="Role(s) you play: a role (any case, "
                                     "e.g. LW), several joined by commas, 'all'/'both', or "
                                     "'none' (bots play every role).")] = "all",
    vs: Annotated[str, typer.Option(help=f"Bot for the other roles: {', '.join(BOTS)}.")]
    = "greedy",
    content: ContentOpt = None,
) -> None:
    """Play a game in the terminal. Type a number to act; also: undo, save FILE, why N,
    log, board, help, quit."""
    try:
        g = load_game(game, content)
        if seed is None:
            seed = secrets.randbits(64)
        session = Session.load(g, load) if load else Session.start(g, scenario, seed)
        choice = as_.lower()
        humans = (set(g.roles) if choice in ("all", "both") else set() if choice == "none"
                  else {r.strip() for r in choice.split(",")})
        if not humans <= set(g.roles):
            raise WarroomError(f"{g.id} has no role {as_!r}; roles: {', '.join(g.roles)}, "
                               "or all (both), none")
        bot = make_bot(vs, session.state.data["seed"] + 1)
    except WarroomError as exc:
        _fail(exc)
        return
    _play_loop(session, humans, bot)


def _help() -> None:
    console.print("Commands: a number plays that action; [bold]why N[/] explains action N "
                  "(or any action key); [bold]undo[/] takes back your last action (never past "
                  "a die roll); [bold]save FILE[/] saves the game as a record; [bold]log[/] "
                  "shows the whole log; [bold]board[/] redraws; [bold]quit[/] leaves.")


def _after_game(session: Session) -> None:
    """Once the game is over: save the record, or leave."""
    while True:
        try:
            line = input("> ").strip()
        except EOFError:
            return
        cmd, _, arg = line.partition(" ")
        if cmd != "save":
            return
        try:
            if not arg.strip():
                raise WarroomError("save needs a file name: save FILE")
            session.save(arg.strip())
            console.print(f"saved to {arg.strip()}")
        except (WarroomError, OSError) as exc:
            console.print(Text(str(exc), style="bold red"))


def _play_loop(session: Session, humans: set[str], bot: Any) -> None:
    shown = 0
    show_board = True
    while True:
        state = session.state
        g = state.game
        new = state.log[shown:]
        if new:
            print_log(console, visible(new, humans))
            shown = len(state.log)
        if state.active is None:
            console.print(render(g.id, view(state)))
            out = result(state)
            if out is not None:
                console.print(Text.assemble((f"Game over: {out.termination.value} "
                                             f"({out.label}) ", "bold"),
                                            f"{json.dumps(out.scores)} — {out.text} "
                                            f"[{out.rule}]"))
                console.print(f"The game's seed was {state.data['seed']}. Type save FILE to "
                              "keep the record, or quit.")
            _after_game(session)
            return
        if state.active not in humans:
            # a bot's move is shown only as the public log shows it (printed above on
            # the next pass), never by its action label, which may name a hidden card
            session.apply(bot.choose(state))
            continue
        if show_board:
            console.print(render(g.id, view(state, state.active)))
            show_board = False
        legal = legal_actions(state)
        asked = prompt(state)
        console.print(Text.assemble(
            (f"{state.active}", "bold"), ": ",
            (asked.text if asked else "to act", "bold"),
            f" [{asked.rule}]" if asked and asked.rule else "",
            " (undo available)" if session.can_undo(state.active) else ""))
        for i, act in enumerate(legal, 1):
            console.print(Text.assemble((f"  {i:>2} ", "bold cyan"),
                                        g.describe(state, act.id)))
        try:
            line = input("> ").strip()
        except EOFError:
            console.print("end of input: leaving the game")
            return
        if not line:
            continue
        cmd, _, arg = line.partition(" ")
        arg = arg.strip()
        try:
            if cmd in ("quit", "exit", "q"):
                return
            if cmd in ("help", "?"):
                _help()
            elif cmd == "board":
                show_board = True
            elif cmd == "log":
                print_log(console, state.log)
            elif cmd == "undo":
                session.undo(state.active)
                shown = len(session.state.log)
                console.print("[yellow]undone[/]")
                show_board = True
            elif cmd == "save":
                if not arg:
                    raise WarroomError("save needs a file name: save FILE")
                session.save(arg)
                console.print(f"saved to {arg}")
            elif cmd == "why":
                ref: Any = arg
                if arg.isdigit():
                    n = int(arg)
                    if not 1 <= n <= len(legal):
                        raise WarroomError(f"no action {n}; choose 1..{len(legal)} or give "
                                           "an action key")
                    ref = legal[n - 1]
                console.print(str(explain(state, ref, state.active)), markup=False)
            elif cmd.isdigit():
                n = int(cmd)
                if not 1 <= n <= len(legal):
                    raise WarroomError(f"no action {n}; choose 1..{len(legal)}")
                session.apply(legal[n - 1], state.active)
                show_board = True
            else:
                session.apply(cmd, state.active)
                show_board = True
        except (IllegalActionError, WarroomError, OSError) as exc:
            console.print(Text(str(exc), style="bold red"))


@app.command("replay")
def replay_cmd(
    record: Annotated[Path, typer.Argument(help="A game record (JSON).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the final view as JSON.")]
    = False,
    content: ContentOpt = None,
) -> None:
    """Re-play a record; fails with the index of the first illegal action."""
    try:
        rec = Record.load(record)
        state = replay(load_game(rec.game, content), rec)
    except WarroomError as exc:
        _fail(exc)
        return
    out = result(state)
    if as_json:
        _emit_json(view(state))
        return
    print_log(console, state.log)
    console.print(render(state.game.id, view(state)))
    if out is None:
        console.print(f"[bold]{len(rec.actions)} actions replayed; {state.active} to act.[/]")
    else:
        console.print(f"[bold]{len(rec.actions)} actions replayed. Result: {out.label}[/] "
                      f"{json.dumps(out.scores)} — {out.text}")


@app.command()
def content(
    game: Annotated[str, typer.Argument(help="Game id.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    content: ContentOpt = None,
) -> None:
    """Show the loaded content pack (map, tables, cards...)."""
    try:
        g = load_game(game, content)
    except WarroomError as exc:
        _fail(exc)
        return
    data = g.content_json()
    if as_json:
        _emit_json(data)
        return
    for key, value in data.items():
        if key in ("actions", "rules"):
            console.print(f"[bold]{key}[/]: {len(value)} entries (see --json)")
            continue
        console.print(f"[bold]{key}[/]")
        console.print_json(json.dumps(value))


@app.command()
def bench(
    game: Annotated[str, typer.Argument(help="Game id.")],
    scenario: Annotated[str | None, typer.Option(help="Scenario.")] = None,
    seconds: Annotated[float, typer.Option(help="Total measuring time.")] = 6.0,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    baseline: Annotated[bool, typer.Option(help="Also measure OpenSpiel's "
                                           "python_block_dominoes.")] = True,
    adapter: Annotated[bool, typer.Option(help="Also measure play through warroom's "
                                          "OpenSpiel adapter (about --seconds more).")] = True,
    content: ContentOpt = None,
) -> None:
    """Random legal play throughput, with OpenSpiel's python_block_dominoes as baseline and
    warroom's OpenSpiel adapter against native play."""
    try:
        out = run_bench(game, scenario, seconds, content=str(content) if content else None,
                        baseline=baseline, adapter=adapter)
    except WarroomError as exc:
        _fail(exc)
        return
    if as_json:
        _emit_json(out)
        return
    console.print(f"{out['game']}: {out['decisions_per_s']:,.0f} decisions/s, "
                  f"{out['games_per_s']:,.1f} games/s")
    if out["baseline"]:
        b = out["baseline"]
        console.print(f"{b['name']} (OpenSpiel, same loop): {b['actions_per_s']:,.0f} "
                      f"actions/s — ratio {out['ratio']:.2f}")
    elif baseline and not openspiel_available():
        console.print("OpenSpiel is not installed: pip install 'warroom[bench]' for the "
                      "baseline")
    print_adapter(out)


@app.command()
def serve(
    db: Annotated[str | None, typer.Option(
        help="Database URL: sqlite:///FILE (default: a file in your data folder) or "
             "postgresql+psycopg://USER:PASS@HOST/DB.")] = None,
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    bot_workers: Annotated[int, typer.Option(help="Threads thinking for bot seats.")] = 2,
) -> None:
    """Run the web server: lobby, games in the browser, secret seat links, bots."""
    import uvicorn  # imported here: only this command needs the server stack loaded

    from warroom.web.app import create_app

    if db is None:
        folder = Path(platformdirs.user_data_dir("warroom"))
        folder.mkdir(parents=True, exist_ok=True)
        db = f"sqlite:///{folder / 'warroom.sqlite3'}"
    if not 0 < port < 65536:
        _fail(WarroomError(f"--port must be 1..65535, not {port}"))
    try:
        web = create_app(db, bot_workers=bot_workers)
    except Exception as exc:  # a bad URL, an unreachable database: one clean line
        _fail(WarroomError(f"cannot open the database {db}: {str(exc).splitlines()[0][:200]}"))
        return
    shown = host if ":" not in host else f"[{host}]"
    console.print(f"warroom is serving on [bold]http://{shown}:{port}/[/] (database: {db}); "
                  "Ctrl-C stops it")
    uvicorn.run(web, host=host, port=port, log_level="warning")


from warroom.cli.tk import app as tk_app  # noqa: E402

app.add_typer(tk_app, name="tk")
register_batch(app)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
