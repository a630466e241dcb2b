"""``warroom`` command line: games, play, replay, content, simulate, bench."""

from __future__ import annotations

import datetime as dt
import inspect
import ipaddress
import os
import secrets
import signal
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import platformdirs
import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from warroom.ai import BOTS, make_bot
from warroom.cli import learn
from warroom.cli.batch import print_adapter
from warroom.cli.batch import register as register_batch
from warroom.cli.common import emit_json as _emit_json
from warroom.cli.common import expand_home, of_file, warn
from warroom.cli.common import fail as _fail
from warroom.cli.contents import (
    card_list_lines,
    one_card_lines,
    rule_lines,
    space_lines,
    summary_lines,
    table_lines,
)
from warroom.cli.loop import MENU_WIDTH, PlayLoop, Terminal, outcome_lines
from warroom.cli.records import HUMAN, describe_seats, parse_seats, seats_for_load
from warroom.cli.render import print_log, render
from warroom.core.errors import RecordError, WarroomError
from warroom.core.log import visible
from warroom.core.protocol import Game, result, role_title, view
from warroom.core.record import (
    Record,
    Session,
    UndoEntry,
    content_id,
    doubts,
    other_content,
    replay,
    replay_fitting,
    snapshot_diff,
)
from warroom.games import game_ids, load_game
from warroom.sim.bench import bench as run_bench
from warroom.sim.bench import openspiel_available

T = TypeVar("T")

if TYPE_CHECKING:      # the web server's modules load only for its commands
    from warroom.web.db import ExclusiveUse
    from warroom.web.service import GameService

app = typer.Typer(no_args_is_help=True, add_completion=False,
                  help="warroom: rules-enforced wargames of 20th-century Europe.")
console = Console(highlight=False, soft_wrap=True)
if not console.is_terminal:
    console = Console(highlight=False, soft_wrap=True, width=120)

ContentOpt = Annotated[Path | None, typer.Option(
    "--content", help="A folder of content files overriding the bundled pack.",
    callback=expand_home)]


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


def game_options(given: list[str] | None) -> dict[str, Any]:
    """``--option KEY=VALUE`` as a game's options: a value of digits is a number, any other
    a string (tk's event 15.26 stays "15.26"); the game says which keys it knows."""
    out: dict[str, Any] = {}
    for item in given or []:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise WarroomError(f"--option takes KEY=VALUE (e.g. --option event=15.26), not "
                               f"{item[:40]!r}")
        value = value.strip()
        if key.strip() in out:
            raise WarroomError(f"--option {key.strip()[:40]} is given twice; give each once")
        out[key.strip()] = int(value) if value.isascii() and value.isdigit() else value
    return out


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="Game id, e.g. eaw1940.")],
    scenario: Annotated[str | None, typer.Option(help="Scenario (default: the game's).")] = None,
    seed: Annotated[int | None, typer.Option(
        help="Seed of the game's dice and deals (default: a secret 64-bit seed from the "
             "operating system, shown when the game ends; a saved file holds it and the "
             "whole state, hidden cards included, so reading one mid-game reads the future "
             "dice and the other hand).")] = None,
    load: Annotated[Path | None, typer.Option(
        help="Continue a saved game (a record): its seed, scenario and seats are the "
             "record's; flags that contradict them are refused.", callback=expand_home)] = None,
    as_: Annotated[str | None, typer.Option(
        "--as", help="Role(s) you play: a role (any case, e.g. LW), several joined by "
        "commas, 'hotseat' (every role, passing the terminal: a hand-off screen hides "
        "each hand from the other player; the default, unless --vs is given: then the "
        "role that decides first), 'all' (every role on one shared "
        "screen: every hand is shown) or 'none' (bots play every role). A tk game is one "
        "political event: a faction it never asks has no decision, so 'all' plays every "
        "part.")] = None,
    vs: Annotated[str | None, typer.Option(
        help=f"Bot for the other roles: {', '.join(BOTS)}, with parameters "
             "(ismcts:seconds=2) or a trained model (net:eaw1940, net:MODEL.pt); default "
             "greedy.")] = None,
    content: ContentOpt = None,
    rewind: Annotated[bool, typer.Option(
        help="With --load: a game saved by an earlier version of warroom whose rules "
             "refuse one of its actions goes on from that action (it and the ones after "
             "it are dropped).")] = False,
    option: Annotated[list[str] | None, typer.Option(
        "--option", help="A game option KEY=VALUE (repeatable): tk's event (15.26 or a "
        "name), faction, country, land...; sfe's max_turns (warroom tk events lists what "
        "each tk event takes).")] = None,
) -> None:
    """Play a game in the terminal.

    Type a choice's number, name (or its start) or key; also: why X, card X, rule X, hand,
    ongoing, board, log, keys, menu, undo, resign, save FILE, help, quit."""
    try:
        g = load_game(game, content)
        if rewind and load is None:
            raise WarroomError("--rewind goes with --load FILE (a saved game)")
        if option and load is not None:
            raise WarroomError("--option goes with a new game: a saved game keeps the "
                               "options it was started with")
        if load is not None:
            record = Record.load(load)
            seats = seats_for_load(g, record, as_, vs, seed, scenario)
            if rewind:
                # with what the role to act may take back, as a plain load keeps it (it
                # was lost: an undo audit)
                undo: list[UndoEntry] = []
                state, refused = replay_fitting(g, record, undo)
                kept = record.actions[:refused] if refused is not None else record.actions
                session = Session(state, replace(record, actions=list(kept), state=None),
                                  undo)
                # under another pack than it was played with, the pack is the likely
                # cause, not the rules (a terminal audit: "today's rules" was blamed)
                other = other_content(g, record)
                cause = "this content pack" + other if other else "today's rules"
                # the path as typed, not as markup ("[backup]" vanished, "[/]" crashed)
                if refused is not None:
                    console.print(f"{load}: its action {refused} no longer fits {cause}; the "
                                  "game goes on from there "
                                  f"({len(record.actions) - refused} action(s) dropped; "
                                  "save to keep it so).", style="bold", markup=False,
                                  highlight=False)
                elif snapshot_diff(state, record):
                    # the file's snapshot and its actions disagree (an edited file, or
                    # another version's rules): the actions win, and the user is told so
                    console.print(f"{load}: its saved state snapshot differs from the game "
                                  f"its actions replay to under {cause}; the game goes on "
                                  "from the replayed actions (save to keep it so).",
                                  style="bold", markup=False, highlight=False)
            else:
                session = Session.load(g, load)
            for line in doubts(g, record, session.state):   # another pack, another result
                warn(f"{load}: {line}")
            # it goes on under this pack, so what it saves names this pack (a save kept the
            # other pack's id beside a snapshot of this one, and replayed under neither: a
            # content audit)
            session.record.content = content_id(g)
        else:
            seats = parse_seats(g, as_, vs)
            session = Session.start(g, scenario, secrets.randbits(64) if seed is None
                                    else seed, game_options(option))
            first = session.state.active
            if (as_ is None and vs is not None and first is not None
                    and seats.players.get(first) != HUMAN):
                # --vs alone seats the role that decides first: a tk event that never asks
                # the Axis (74 seeds of 200) left the player nothing to do (a terminal audit)
                seats = parse_seats(g, first, vs)
        base = session.state.data["seed"]
        bot_roles = [r for r, p in seats.players.items() if p != HUMAN]
        bots = {r: make_bot(seats.players[r], base + 1 + i) for i, r in enumerate(bot_roles)}
    except RecordError as exc:
        exc = of_file(load, exc)        # the record it came from
        if (load is not None and not rewind and exc.replayed
                and not other_content(g, record)):
            # --rewind is for another version's rules; a game of another pack is told to
            # load with that pack (a terminal audit: --rewind dropped 243 of its actions)
            exc = RecordError(f"{exc} (a game saved by an earlier version of warroom, whose "
                              "rules differ, can go on from where it stops fitting: add "
                              "--rewind)")
        _fail(exc)
        return
    except WarroomError as exc:
        _fail(of_file(load, exc))
        return
    if load is not None and as_ is None and seats.hotseat and g.hidden_information:
        # a record keeps who plays, not how they share the screen (an outside audit)
        console.print("[dim]Loaded as hot-seat: each hand behind a hand-off screen "
                      "(--as all shares one screen, every hand shown).[/]")
    if load is not None and len(g.roles) > 1:
        # who plays which seat, as the record keeps them (a loaded game said nothing of it:
        # a terminal audit), or as the flags set them for a record that keeps none
        where = "as recorded" if record.seats else "(the record keeps none)"
        console.print(f"Seats {where}: {describe_seats(seats)}.", style="dim",
                      markup=False, highlight=False)
    if load is None and as_ is None and vs is not None and len(g.roles) == 1:
        # a one-role game has no other seat: --vs alone fills none (an audit saw a model
        # named and never played)
        console.print(f"{g.id} has one role, yours: --vs fills no seat (--as none --vs "
                      f"{vs[:20]} watches the bot).", style="dim", markup=False,
                      highlight=False)
    if load is None and as_ is None and vs is not None and len(g.roles) > 1:
        # --vs alone chose the seat: say which, and how to take another
        others = [r for r in g.roles if r not in seats.humans]
        console.print(f"You play {', '.join(role_title(r) for r in sorted(seats.humans))}; "
                      f"{', '.join(role_title(r) for r in others)}: {seats.players[others[0]]}"
                      f" (--as {role_title(others[0])} plays "
                      f"{'another' if len(others) > 1 else 'the other'} side).",
                      style="dim", markup=False, highlight=False)
    if (load is None and as_ is None and vs is None and len(g.roles) > 1
            and set(seats.humans) == set(g.roles)):
        # the default of a game of two or more: every side played here, passed between
        # turns (a newcomer expecting a bot played RW's turns too: a terminal audit)
        console.print(f"Hot-seat: every side ({', '.join(role_title(r) for r in g.roles)}) is "
                      "played at this terminal, passed between turns; add --vs greedy to play "
                      "against a bot.", style="dim", markup=False, highlight=False)
    loop = PlayLoop(session, seats, bots, Terminal(console), save_path=load,
                    loaded=load is not None)
    if load is not None and rewind:
        loop.saved_actions = list(record.actions)   # the file still holds what was dropped
    try:
        loop.run()
    except KeyboardInterrupt:          # Ctrl-C while a bot thinks: keep the game, then stop
        console.print()
        if not loop.saved():
            loop.keep_record()
        raise typer.Exit(130) from None
    if loop.term.interrupted and loop.session.state.active is not None:
        raise typer.Exit(130)          # left by Ctrl-C at a prompt (the record is kept)


@app.command("replay")
def replay_cmd(
    record: Annotated[Path, typer.Argument(help="A game record (JSON).", callback=expand_home)],
    as_json: Annotated[bool, typer.Option("--json", help="Print the final view as JSON.")]
    = False,
    content: ContentOpt = None,
    as_: Annotated[str | None, typer.Option(
        "--as", help="Whose view: a role (its hand and private log lines too); default a "
        "spectator's (what every player saw)")] = None,
    step: Annotated[int | None, typer.Option(
        "--step", help="Stop after this many of the record's actions (0: the start); "
        "default all")] = None,
) -> None:
    """Re-play a record and show the game it reaches.

    Fails with the index of the first illegal action. Exits 1, after the replay, when the
    record was played with another content pack or states another result than its replay
    gives (each said on stderr). The log and board are a spectator's unless --as names a
    role; --step N shows the game after N actions."""
    try:
        rec = Record.load(record)
        if step is not None:
            if not 0 <= step <= len(rec.actions):
                raise WarroomError(f"--step {step}: the record holds {len(rec.actions)} "
                                   f"actions; give 0 to {len(rec.actions)}")
            # a game part played: its end state and stated result belong to the whole
            rec = replace(rec, actions=rec.actions[:step], state=None, result=None)
        state = replay(load_game(rec.game, content), rec)
        role = None if as_ is None else as_.strip().lower()     # roles are lower-case ids
    except WarroomError as exc:
        _fail(of_file(record, exc))     # the record it came from
        return
    try:
        seen = view(state, role)                # an unknown role: core's error names them
    except WarroomError as exc:
        _fail(exc)
        return
    out = result(state)
    doubtful = doubts(state.game, rec, state)
    if as_json:
        _emit_json(seen)
        for line in doubtful:
            warn(line)
        if doubtful:
            raise typer.Exit(1)
        return
    # the log as that view reads it (it printed private lines, another hand's cards, under
    # a spectator's board: an outside audit)
    print_log(console, visible(state.log, role))
    # the loaded game's own content (a --content pack's lines), as play draws it
    # wrapped at the width as play prints it (a tk situation's list of Neutrals ran to 438
    # columns: an outside audit)
    console.print(render(state.game.id, seen, state.game.content_json()), soft_wrap=False,
                  width=max(40, min(console.width, MENU_WIDTH)))   # as play draws it
    if out is None:
        acting = role_title(state.active) if state.active else "nobody"
        console.print(f"[bold]{_count(len(rec.actions), 'action')} replayed; {acting} "
                      "to act.[/]")
    else:
        console.print(f"[bold]{_count(len(rec.actions), 'action')} replayed.[/]")
        for line in outcome_lines(out, rec.game):
            # wrapped as play wraps it (at most 100 columns: 120 in a pipe, an audit)
            console.print(Text(line), soft_wrap=False,
                          width=max(40, min(console.width, MENU_WIDTH)))
    for line in doubtful:
        warn(line)
    if doubtful:
        raise typer.Exit(1)


@app.command()
def content(
    game: Annotated[str, typer.Argument(help="Game id.")],
    cards: Annotated[bool, typer.Option("--cards", help="Every card with its text.")] = False,
    card: Annotated[str | None, typer.Option("--card", help="One card, by number or the "
                                             "start of its title.")] = None,
    spaces: Annotated[bool, typer.Option("--spaces", help="The map: spaces, locations, "
                                         "lines, one a line.")] = False,
    tables: Annotated[bool, typer.Option("--tables", help="The game's tables, row by row.")]
    = False,
    rules: Annotated[bool, typer.Option("--rules", help="The rule index: every rule number "
                                        "the game cites, with what it says.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the whole pack as JSON.")]
    = False,
    content: ContentOpt = None,
) -> None:
    """Show a game's content pack: cards, map, tables.

    A summary, or one part (--cards, --card N, --spaces, --tables, --rules) in words; --json
    prints it all as JSON."""
    try:
        g = load_game(game, content)
        data = g.content_json()
        if as_json:
            # the pack's id as records, results and reports name it (none printed it: an
            # audit of batches with packs)
            _emit_json({"content_id": content_id(g), **data})
            return
        width = min(console.width, 100)
        lines: list[str] = []
        if card is not None:
            lines += one_card_lines(g, card)
        if cards:
            lines += card_list_lines(g)
        if spaces:
            lines += space_lines(data, width)
        if tables:
            lines += table_lines(data, width)
        if rules:
            lines += rule_lines(data, width)
        if not (cards or spaces or tables or rules or card is not None):
            lines = summary_lines(data, width)
            cid = content_id(g)
            own = cid == content_id(load_game(game))    # a copy of the bundled files too
            lines[-1:-1] = [f"Content id {cid}" + (" (warroom's own)" if own else "")
                            + ": records, results and reports name the pack by it."]
    except WarroomError as exc:
        _fail(exc)
        return
    for line in lines:
        console.print(Text(line))


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
    """Measure play and search speed.

    Random legal play throughput, with OpenSpiel's python_block_dominoes as baseline and
    warroom's OpenSpiel adapter against native play; a clone's cost and ISMCTS iterations
    per second."""
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
        console.print("OpenSpiel is not installed: pip install -e '.[bench]' for the "
                      "baseline and the adapter's figures", markup=False)
    if out.get("clone_us") is not None:
        console.print(f"clone {out['clone_us']:,.1f} µs; ISMCTS "
                      f"{out['ismcts_iterations_per_s']:,.0f} iterations/s "
                      f"({out['ismcts_spec']}), "
                      f"{out['ismcts_default_iterations_per_s']:,.0f} with the default bot "
                      f"({out['ismcts_default_spec']})", markup=False)
    print_adapter(out)
    if adapter and out["adapter"] is None and content is not None and openspiel_available():
        console.print("The adapter's figures are measured with the bundled content only "
                      "(without --content).", markup=False)


WATCH_PACE = 1.0
"""``warroom serve``'s fewest seconds between two moves of a game of bots alone."""
MAX_WATCH_PACE = 60.0

DB_HELP = ("Database URL: sqlite:///FILE (default: a file in your data folder) or "
           "postgresql+psycopg://USER:PASS@HOST/DB. Read from WARROOM_DB when not given (a "
           "password on the command line is seen by every user of the machine in its "
           "process list; PostgreSQL also reads PGPASSWORD and ~/.pgpass).")


def network_addresses() -> list[str]:
    """This machine's addresses that other devices may reach (not loopback): the one its
    outgoing traffic leaves from (a UDP socket connected to a documentation address sends
    nothing) and those its name resolves to."""
    found: list[str] = []
    for family, probe in ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET6, "2001:db8::1")):
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))
                found.append(str(s.getsockname()[0]))
        except OSError:
            pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None):
            found.append(str(info[4][0]))
    except OSError:
        pass
    out = []
    for a in dict.fromkeys(found):
        try:
            ip = ipaddress.ip_address(a.split("%")[0])
        except ValueError:
            continue
        if not (ip.is_loopback or ip.is_unspecified or ip.is_link_local):
            out.append(a)
    return out


def reach_note(host: str, port: int) -> str:
    """What the "serving on" line adds about other devices: a loopback --host serves this
    machine only (an invitation made there names an address no other device reaches: an
    operations audit); 0.0.0.0 or :: is no address to open, the machine's own are."""
    bare = host.strip("[]")
    try:
        ip = ipaddress.ip_address(bare)
    except ValueError:
        ip = None
    if (ip is not None and ip.is_loopback) or bare.lower() == "localhost":
        return ("Only this computer can open it. To play with people on other devices, "
                "start it with --host 0.0.0.0 and open the page at an address of this "
                "machine they can reach: invitations carry the address the page was "
                "opened at.")
    if ip is not None and ip.is_unspecified:
        urls = [f"http://{a if ':' not in a else f'[{a}]'}:{port}/" for a in
                network_addresses() if ip.version == 6 or ":" not in a]
        if urls:
            return ("Open it, and the lobby's invitations, at an address the other devices "
                    f"reach: {', '.join(urls)}.")
        return ("Open it at an address of this machine the other devices reach (the "
                "lobby's invitations carry the address the page was opened at).")
    return ""


def port_problem(host: str, port: int) -> str | None:
    """Why the server could not listen on ``host``:``port`` (in use, no such address), or
    None; the socket is closed again at once."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as exc:
        return f"cannot listen on {host}:{port}: {exc.strerror or exc}"
    family, kind, proto, _name, address = infos[0]
    with socket.socket(family, kind, proto) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(address)
        except OSError as exc:
            return (f"cannot listen on {host}:{port}: {exc.strerror or exc} (another "
                    "program, or another warroom, may be using the port: choose one with "
                    "--port)")
    return None


CONTENT_PACKS_HELP = ("A content pack for one game: GAME=DIR (the YAML files in DIR replace "
                      "the bundled files of that game); repeat for several games. Give "
                      "upgrade-games the same packs as serve.")


def pack_loader(packs: list[str] | None) -> Callable[[str], Game]:
    """``load_game`` with each ``GAME=DIR`` pack of ``--content`` (checked now: a bad pack
    is a one-line error before the server starts)."""
    folders: dict[str, Path] = {}
    for item in packs or []:
        gid, eq, folder = item.partition("=")
        gid = gid.strip()
        if not eq or not folder.strip():
            raise WarroomError(f"--content {item[:60]!r}: give GAME=DIR, e.g. "
                               "--content eit2=my-eit2-pack")
        if gid not in game_ids():
            raise WarroomError(f"--content {item[:60]!r}: unknown game {gid[:40]!r}; games: "
                               f"{', '.join(game_ids())}")
        if gid in folders:
            raise WarroomError(f"--content names {gid} twice; give one pack a game")
        folders[gid] = Path(folder.strip()).expanduser()
        load_game(gid, folders[gid])            # a ContentError names the file and entry

    def loader(gid: str) -> Game:
        return load_game(gid, folders.get(gid))
    return loader


def allowed_hosts(host: str, given: list[str] | None) -> list[str] | None:
    """The names a server on ``host`` answers to: those ``given``; else, on a loopback
    address (this computer only), its own names, which a web page elsewhere cannot give
    (DNS rebinding); else any (None)."""
    from warroom.web.app import LOOPBACK_NAMES
    if given:
        return [g.strip() for g in given if g.strip()]
    try:
        loopback = ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        loopback = host.lower() == "localhost"
    if not loopback:
        return None
    # the address listened on too: --host 127.0.0.2 refused its own printed address (an
    # operations audit)
    own = host.strip("[]")
    return list(dict.fromkeys([*LOOPBACK_NAMES, own]))


def watch_lock(lock: Any, every: float = 5.0) -> threading.Thread:
    """Look at the server's hold on its database every ``every`` seconds (a PostgreSQL
    lock ends with its connection: a database restart let a second server in, and the two
    overwrote each other's games: an operations audit); when another process has taken
    it, say so and stop this server (SIGTERM: uvicorn shuts down as on Ctrl-C)."""
    def look() -> None:
        while True:
            time.sleep(every)
            if not lock.holds():
                warn("another warroom process took the database while this server's "
                     "connection to it was lost: this server stops (its games are in the "
                     "database as acknowledged)")
                os.kill(os.getpid(), signal.SIGTERM)
                return

    thread = threading.Thread(target=look, name="warroom-lock-watch", daemon=True)
    thread.start()
    return thread


def default_db() -> str:
    """The web app's database when none is named: a SQLite file in the user's data folder."""
    folder = Path(platformdirs.user_data_dir("warroom"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'warroom.sqlite3'}"


@app.command()
def serve(
    db: Annotated[str | None, typer.Option(help=DB_HELP, envvar="WARROOM_DB",
                                           show_envvar=False)] = None,
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    bot_workers: Annotated[int, typer.Option(help="Threads thinking for bot seats.")] = 2,
    watch_pace: Annotated[float, typer.Option(
        help="The fewest seconds between two moves of a game of bots alone, so it can be "
             "watched as it goes (0: as fast as the bots think).")] = WATCH_PACE,
    api_docs: Annotated[bool, typer.Option(
        help="Serve Swagger UI at /docs and ReDoc at /redoc (they load their scripts from a "
             "CDN; the schema is always at /openapi.json).")] = False,
    content: Annotated[list[str] | None, typer.Option(
        "--content", help=CONTENT_PACKS_HELP, show_default=False)] = None,
    allowed_host: Annotated[list[str] | None, typer.Option(
        "--allowed-host", help="A name the server answers to (the Host of a request); "
        "repeat for several. Default: on a loopback --host, localhost, 127.0.0.1 and ::1 "
        "only; on another --host, any name.", show_default=False)] = None,
    client_limits: Annotated[bool, typer.Option(
        help="Limit what one client (an address) may ask for: new games (30 at once, then "
             "20 a minute), uploaded records (30, then 30 a minute). Off for a load test "
             "from one machine.")] = True,
) -> None:
    """Run the web server: lobby, games in the browser, secret seat links, bots."""
    import uvicorn  # imported here: only this command needs the server stack loaded

    from warroom.web.app import (
        CLIENT_RATES,
        connection_limit,
        create_app,
        in_memory_db,
        masked_db,
        raise_open_files,
        sqlite_folder_problem,
    )

    db = db or default_db()
    folder = sqlite_folder_problem(db)
    if folder is not None:  # said in words (it named a missing lock file: an audit)
        _fail(WarroomError(folder))
    if not 0 < port < 65536:
        _fail(WarroomError(f"--port must be 1..65535, not {port}"))
    if not 1 <= bot_workers <= 64:
        # with none, a game's bot seats would never move (an outside audit)
        _fail(WarroomError(f"--bot-workers must be 1..64 (threads thinking for bot seats), "
                           f"not {bot_workers}"))
    if not 0 <= watch_pace <= MAX_WATCH_PACE:   # NaN fails both
        _fail(WarroomError(f"--watch-pace must be 0..{MAX_WATCH_PACE:g} seconds, not "
                           f"{watch_pace}"))
    try:
        loader = pack_loader(content)
    except WarroomError as exc:
        _fail(exc)
        return
    problem = port_problem(host, port)
    if problem is not None:     # said before "serving on" (it printed that, then failed)
        _fail(WarroomError(problem))
    if in_memory_db(db):
        # each thread of the server would get an empty database of its own (a game made by
        # one, "no such table" for the next: an operations audit)
        _fail(WarroomError("an in-memory database holds nothing a server could share "
                           "between its threads or keep past a restart: give --db "
                           "sqlite:///FILE or a PostgreSQL URL"))
    files = raise_open_files()
    # one server per database, held until this process ends
    lock, web = _take_database(db, lambda: create_app(
        db, loader, bot_workers=bot_workers, api_docs=api_docs,
        allowed_hosts=allowed_hosts(host, allowed_host), watch_pace=watch_pace,
        client_rates=CLIENT_RATES if client_limits else None))
    shown = host if ":" not in host else f"[{host}]"
    console.print(f"warroom is serving on [bold]http://{shown}:{port}/[/] (database: "
                  f"{masked_db(db)}); Ctrl-C stops it")
    note = reach_note(host, port)
    if note:
        console.print(note, markup=False)
    names = allowed_hosts(host, allowed_host)
    if names is None:
        # any Host name is answered: a web page elsewhere whose name is pointed at this
        # machine's address (DNS rebinding) could use it (a security audit)
        console.print("It answers to any name a request gives; --allowed-host NAME "
                      "(repeat it: this machine's name and addresses) keeps it to yours, "
                      "so that no page of another site can reach it.", markup=False)
    watch_lock(lock)
    # open game pages hold live-update streams that never end by themselves: without a
    # limit, Ctrl-C (or SIGTERM) waited for them forever; after 3 s they are closed, and
    # the pages reconnect to the next server
    # connections past what the open files allow are answered 503 at once, never left to
    # fail in accept(), which logged a traceback each (510,000 lines in 40 s: a load audit)
    uvicorn.run(web, host=host, port=port, log_level="warning", timeout_graceful_shutdown=3,
                limit_concurrency=connection_limit(files))


def _stored_games_service(url: str, loader: Callable[[str], Game], what: str
                          ) -> tuple[ExclusiveUse, GameService]:
    """The database ``url`` held by this process (never beside a running server, which
    keeps its games in memory and would undo what this changes) and a service over it, for
    ``upgrade-games`` and ``prune-games``; exit 2 in one line when it cannot be had. The
    caller closes the service and releases the lock."""
    from warroom.web.app import create_service

    _stored_games_db(url, what)
    return _take_database(url, lambda: create_service(url, loader, bot_workers=1))


def _take_database(url: str, make: Callable[[], T]) -> tuple[ExclusiveUse, T]:
    """The database ``url`` held by this process (:class:`ExclusiveUse`: one warroom
    process at a time, as each keeps games in memory) and what ``make`` builds over it (a
    server's app, a service); exit 2 in one line when either cannot be had. The caller
    releases the lock."""
    from warroom.web.app import DatabaseInUse, ExclusiveUse, db_problem

    lock = ExclusiveUse(url)
    try:
        lock.acquire()
        return lock, make()
    except DatabaseInUse as exc:
        _fail(WarroomError(str(exc)))
        raise
    except Exception as exc:  # a bad URL, an unreachable database: one clean line
        lock.release()
        _fail(WarroomError(db_problem(url, exc)))
        raise


def _stored_games_db(url: str, what: str) -> None:
    """Refuse (exit 2) a database that holds no server's games, before anything touches it:
    ``upgrade-games`` and ``prune-games`` never create one, nor give another program's
    database (or an empty file, or an in-memory one) warroom's tables (an audit)."""
    from warroom.web.app import db_problem, holds_warroom, masked_db, missing_sqlite

    missing = missing_sqlite(url)
    if missing is not None:
        _fail(WarroomError(f"no database at {missing}: nothing to {what}; check --db "
                           f"(serve creates a database, {what}-games never does)"))
    try:
        ours = holds_warroom(url)
    except Exception as exc:  # a bad URL, not a database, unreachable: one clean line
        _fail(WarroomError(db_problem(url, exc)))
        return
    if not ours:
        _fail(WarroomError(f"the database {masked_db(url)} holds no warroom server's games "
                           f"(none of its tables): nothing to {what}; check --db (serve "
                           f"creates a database, {what}-games never does)"))


@app.command("upgrade-games")
def upgrade_games(
    ids: Annotated[list[str] | None, typer.Argument(
        help="Game ids (default: every stored game).", show_default=False)] = None,
    db: Annotated[str | None, typer.Option(help=DB_HELP, envvar="WARROOM_DB",
                                           show_envvar=False)] = None,
    rewind: Annotated[bool, typer.Option(
        help="Let a game in play whose actions today's rules refuse go on from the first "
             "refused step (the later actions are dropped).")] = False,
    content: Annotated[list[str] | None, typer.Option(
        "--content", help=CONTENT_PACKS_HELP, show_default=False)] = None,
) -> None:
    """After upgrading warroom: replay the web server's stored games.

    With the server stopped: replay the stored web games under today's rules, refresh their
    state snapshots, and report (or with --rewind mend) the games in play that the new rules
    no longer accept. Exits 1 while some game in play cannot be replayed (--rewind lets it
    go on; a finished game is reported, never changed)."""
    from warroom.web.app import DBAPIError, db_problem

    url = db or default_db()
    try:
        loader = pack_loader(content)
    except WarroomError as exc:
        _fail(exc)
        return
    # a mistyped path made an empty database (and its lock file) and reported success
    lock, service = _stored_games_service(url, loader, "upgrade")
    try:
        found = service.upgrade_games(rewind=rewind, keys=ids or None)
    except WarroomError as exc:
        _fail(exc)
        return
    except DBAPIError as exc:
        # a write the database refused (a read-only file, a full disk, a lost server): one
        # line and exit 2, not a traceback and exit 1, which says a game is stuck (an
        # operations audit); the password masked as db_problem masks it. Another error (a
        # damaged row, a bug) is not said to be the database's (a review)
        why = db_problem(url, exc).removeprefix("cannot open the database ")
        _fail(WarroomError(f"the upgrade stopped, the database refused a write: {why}; the "
                           "games upgraded before it stay upgraded: run it again once the "
                           "database can be written"))
        return
    finally:
        service.close()
        service.engine.dispose()
        lock.release()
    table = Table("game", "id", "status", "actions", "finding")
    for f in found:
        what = {"outdated": f"action {f.step} no longer fits today's rules"
                            + ("" if f.status == "over" or f.step is None
                               else " (--rewind lets it go on from there)"),
                "rewound": f"goes on from action {f.step} ({f.actions - (f.step or 0)} "
                           "dropped: that one and those after it)",
                "snapshot": "replays (a fresh snapshot written)",
                "now over": "replays; today's rules end it there (marked over)",
                "result differs": "finished; today's rules end it otherwise (kept as "
                                  "stored)",
                "unknown game": "this warroom has no such game (kept as stored)",
                "other content": "created with another content pack than this one's "
                                 "(--content): kept as stored, not replayed; check it "
                                 "with the --content it was created with",
                }.get(f.finding, "replays")
        table.add_row(f.game, f.id, f.status, str(f.actions), what)
    console.print(table)
    stuck = sum(1 for f in found if f.finding == "outdated")
    # the exit code asks for what can be done: a game in play that --rewind would let go on
    # (a finished game is never changed, so it would hold every later run at 1)
    blocked = sum(1 for f in found if f.finding == "outdated" and f.status != "over")
    console.print(f"{len(found)} game(s) checked; {stuck} that today's rules cannot replay"
                  + (f"; {sum(1 for f in found if f.finding == 'rewound')} rewound"
                     if rewind else ""))
    if blocked:
        raise typer.Exit(1)


@app.command("prune-games")
def prune_games(
    older_than: Annotated[float, typer.Option(
        "--older-than", help="Delete the games whose last move is more than this many days "
                             "old (and uploads older than that).", show_default=False)],
    db: Annotated[str | None, typer.Option(help=DB_HELP, envvar="WARROOM_DB",
                                           show_envvar=False)] = None,
    finished_only: Annotated[bool, typer.Option(
        "--finished-only", help="Delete only finished games (games in play are kept, "
                                "however old).")] = False,
    dry_run: Annotated[bool, typer.Option(
        "--dry-run", help="List what would be deleted; delete nothing.")] = False,
) -> None:
    """Delete the web server's old games and uploads, with the server stopped.

    A server keeps every game and uploaded record until it is told otherwise: this deletes
    the games whose last move (or creation, if none was played) is older than --older-than
    days, with their seats, moves and snapshots, and the uploads older than that. Their
    links then answer "no game". Nothing is deleted while a server uses the database."""
    from warroom.web.app import DBAPIError, db_problem

    if not 0 < older_than <= 36500:     # NaN fails too; past a century no date is kept
        _fail(WarroomError(f"--older-than must be a number of days above 0 (at most "
                           f"36500), not {older_than}"))
    url = db or default_db()
    lock, service = _stored_games_service(url, pack_loader(None), "prune")
    before = dt.datetime.now(dt.UTC) - dt.timedelta(days=older_than)
    try:
        found, uploads = service.prune_games(before, finished_only=finished_only,
                                             dry_run=dry_run)
    except DBAPIError as exc:
        why = db_problem(url, exc).removeprefix("cannot open the database ")
        _fail(WarroomError(f"nothing was deleted, the database refused it: {why}"))
        return
    finally:
        service.close()
        service.engine.dispose()
        lock.release()
    if found:
        table = Table("game", "id", "status", "actions", "last move (UTC)")
        for f in found:
            table.add_row(f.game, f.id, f.status, str(f.actions),
                          f.updated.astimezone(dt.UTC).strftime("%Y-%m-%d %H:%M"))
        console.print(table)
    verb = "would be deleted (--dry-run: nothing was)" if dry_run else "deleted"
    console.print(f"{len(found)} game(s) and {uploads} upload(s) older than {older_than:g} "
                  f"day(s) {verb}" + ("; games in play kept" if finished_only else ""))


from warroom.cli.tk import app as tk_app  # noqa: E402

app.add_typer(tk_app, name="tk")
register_batch(app)


app.command("train")(learn.train)


def _count(n: int, word: str) -> str:
    """``1 action``, ``2 actions``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def _one_line_paragraphs(doc: str) -> str:
    """A docstring as ``--help`` should print it: its paragraphs, each rewrapped to the
    terminal (Typer keeps a docstring's line breaks after the first paragraph, so the help
    broke its sentences at the source's width, mid-line at 80 columns: an outside audit)."""
    return "\n\n".join(" ".join(p.split()) for p in inspect.cleandoc(doc).split("\n\n"))


for _info in [*app.registered_commands, *tk_app.registered_commands]:
    if _info.help is None and _info.callback is not None and _info.callback.__doc__:
        _info.help = _one_line_paragraphs(_info.callback.__doc__)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
