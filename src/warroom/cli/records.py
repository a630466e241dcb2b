"""Seats, saving and loading for ``warroom play``.

A game's record stores its seats (who plays each role: ``human`` or a bot's name), so
``--load`` continues with the same players; flags that contradict the record are refused.
Saving expands ``~``, strips quotes, creates missing folders and says what went wrong in
words; the record of every finished or abandoned game is also kept in the user's data
folder (``autosave``).
"""

from __future__ import annotations

import contextlib
import datetime
import errno
import os
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from warroom.ai import make_bot
from warroom.cli.common import home
from warroom.core.errors import WarroomError, short
from warroom.core.protocol import Game, role_title
from warroom.core.record import Record, Session
from warroom.games import game_ids

HUMAN = "human"


class SeatError(WarroomError):
    """Seats that cannot be: an unknown role or bot, or flags that contradict a record."""


@dataclass(frozen=True)
class Seats:
    """Who plays each role, and how the humans share the terminal."""

    players: dict[str, str]
    """role -> ``human`` or a bot's name."""
    open_hands: bool = False
    """True (``--as all``): every human seat shares one screen, every hand shown, no
    hand-off. False: several human seats pass the terminal (hot-seat, with a hand-off)."""

    @property
    def humans(self) -> set[str]:
        return {r for r, p in self.players.items() if p == HUMAN}

    @property
    def hotseat(self) -> bool:
        return len(self.humans) > 1 and not self.open_hands


def parse_seats(game: Game, as_: str | None, vs: str | None) -> Seats:
    """Seats from ``--as`` and ``--vs`` (defaults: every role human, so a two-player game
    is hot-seat; ``--vs`` alone: the first role human against that bot, since a bot named
    with every role human would play nothing; the bot is greedy)."""
    bot = bot_spec(vs if vs is not None else "greedy")
    try:
        make_bot(bot, game=game)
    except WarroomError as exc:
        raise SeatError(f"--vs {str(vs)[:80]}: {exc}") from None
    roles = list(game.roles)
    choice = (as_ or ("hotseat" if vs is None else roles[0])).strip().lower()
    if choice in ("all", "both"):
        humans, open_hands = set(roles), True
    elif choice == "hotseat":
        humans, open_hands = set(roles), False
    elif choice == "none":
        humans, open_hands = set(), False
    else:
        humans = {r.strip() for r in choice.split(",") if r.strip()}
        open_hands = False
        unknown = sorted(humans - set(roles))
        if unknown or not humans:
            raise SeatError(f"{game.id} has no role {as_!r}; --as takes a role "
                            f"({', '.join(roles)}), several joined by commas, 'hotseat' "
                            "(every role, passing the terminal), 'all' (every role, every "
                            "hand shown) or 'none' (bots play every role)")
    return Seats({r: HUMAN if r in humans else bot for r in roles}, open_hands)


def bot_spec(text: str) -> str:
    """A ``--vs`` bot spec as typed, its bot name in any case (a model's path keeps its
    case): ``Greedy`` is ``greedy``."""
    name, colon, rest = text.strip().partition(":")
    return name.strip().lower() + colon + rest


def _bot_problem(spec: str, game: Game) -> str | None:
    """Why ``spec`` names no bot of ``game`` (the bot's own words: an unknown name, or a
    parameter it does not take), or None."""
    try:
        make_bot(spec, game=game)
    except WarroomError as exc:
        return str(exc)
    return None


def seats_for_load(game: Game, record: Record, as_: str | None, vs: str | None,
                   seed: int | None, scenario: str | None) -> Seats:
    """The seats of a loaded game: the record's, unless it has none; a flag that
    contradicts the record is refused with what the record says."""
    if record.game != game.id:
        # the suggestion only for a game there is, by its id (a record's own words could
        # hold terminal control codes: an outside audit saw one clear the screen)
        there = record.game in game_ids()
        raise SeatError(f"the record is a game of {short(record.game)}, not {game.id}"
                        + (f": load it with warroom play {record.game} --load FILE" if there
                           else f"; the games are {', '.join(game_ids())}"))
    problems: list[str] = []
    if seed is not None and seed != record.seed:
        problems.append(f"--seed {seed} (the record's seed is {record.seed})")
    if scenario is not None and scenario != (record.scenario or game.default_scenario):
        problems.append(f"--scenario {scenario} (the record's scenario is "
                        f"{record.scenario or game.default_scenario})")
    wanted = parse_seats(game, as_, vs)
    if record.seats:
        unknown = sorted(set(record.seats) - set(game.roles))
        if unknown:
            raise SeatError(f"the record's seats name {', '.join(unknown)}, which "
                            f"{game.id} does not know; roles: {', '.join(game.roles)}")
        for p in sorted(set(record.seats.values()) - {HUMAN}):
            why = _bot_problem(p, game)
            if why is not None:
                raise SeatError(f"the record's seat {p[:80]!r} is no bot of this warroom: "
                                f"{why}")
        saved = Seats({r: record.seats.get(r, HUMAN) for r in game.roles})
        if as_ is not None and wanted.humans != saved.humans:
            problems.append(f"--as {as_} (the record is played by "
                            f"{describe_seats(saved)})")
        saved_bots = {p for r, p in saved.players.items() if p != HUMAN}
        if vs is not None and saved_bots != {bot_spec(vs)}:
            problems.append(f"--vs {vs} (the record's bot is {', '.join(sorted(saved_bots))})"
                            if saved_bots else f"--vs {vs} (every role of the record is "
                            "played by a human)")
        seats = Seats(saved.players, wanted.open_hands and as_ is not None)
    else:
        seats = wanted
    if problems:
        raise SeatError("--load continues the game as recorded; these flags contradict the "
                        f"record: {'; '.join(problems)}. Drop them, or start a new game")
    return seats


def describe_seats(seats: Seats) -> str:
    return ", ".join(f"{role_title(r)}: {p}" for r, p in seats.players.items())


def clean_path(text: str) -> Path:
    """A file name as typed: surrounding quotes stripped, a shell's escaped space
    (``my\\ games``) read as a space, ``~`` expanded."""
    name = text.strip()
    if len(name) >= 2 and name[0] == name[-1] and name[0] in "'\"":
        name = name[1:-1].strip()
    elif os.sep == "/":
        name = name.replace("\\ ", " ")
    if not name:
        raise WarroomError("save needs a file name: save FILE (e.g. save ~/games/my.json)")
    if "\0" in name:
        raise WarroomError("a file name cannot hold a NUL character")
    expanded = home(name)
    if expanded.endswith(os.sep) and expanded.strip(os.sep):
        # a folder meant (Path drops the slash: 'save games/' wrote a file named games: a
        # records audit)
        raise WarroomError(f"{name[:80]} names a folder; give a file name in it, e.g. "
                           f"{Path(expanded) / 'game.json'}")
    return Path(expanded)


def probe(path: Path) -> tuple[bool, bool]:
    """Whether ``path`` exists and whether it is a folder; a name the system refuses (too
    long, say) is a :class:`WarroomError` in words, never a crash of the game."""
    try:
        return path.exists(), path.is_dir()
    except (OSError, ValueError) as exc:
        raise WarroomError(f"cannot save to {str(path)[:80]}: {_reason(exc)}") from None


def _reason(exc: OSError | ValueError) -> str:
    """An operating system's refusal to save, in words."""
    if not isinstance(exc, OSError):
        return str(exc)
    return {errno.EACCES: "permission denied", errno.EROFS: "the disk is read-only",
            errno.ENOSPC: "the disk is full", errno.ENAMETOOLONG: "the name is too long",
            errno.ENOTDIR: "a part of the path is a file, not a folder",
            errno.EEXIST: "a part of the path is a file, not a folder",
            errno.ENOENT: "the file or its folder cannot be created there"}.get(
        exc.errno or 0, exc.strerror or "the file cannot be written")


def write_record(session: Session, path: Path) -> Path:
    """Save the session's record (with a state snapshot) at ``path``, creating missing
    folders; an error says in words what went wrong."""
    if probe(path)[1]:
        raise WarroomError(f"{path} is a folder; give a file name, e.g. {path / 'game.json'}")
    made = [p for p in reversed(path.parents) if not p.exists()]
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        session.save(path)
    except OSError as exc:
        # the folders made for it go again, emptiest first (a save that failed left them:
        # a records audit)
        for folder in reversed(made):
            with contextlib.suppress(OSError):
                folder.rmdir()
        raise WarroomError(f"cannot save to {str(path)[:120]}: {_reason(exc)}") from exc
    return path


def autosave_dir() -> Path:
    """Where finished and abandoned games are kept (the user's data folder)."""
    return Path(platformdirs.user_data_dir("warroom")) / "records"


def autosave(session: Session) -> Path:
    """Save the session's record in :func:`autosave_dir` under a new name."""
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    folder = autosave_dir()
    base = f"{session.record.game}-{stamp}"
    path = folder / f"{base}.json"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"{base}-{n}.json"
    return write_record(session, path)
