"""Helpers shared by the ``warroom`` command modules (main, batch): a failure reported on
stderr with its exit code, and JSON on stdout."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, overload

import typer
from rich.console import Console
from rich.text import Text

from warroom.core.content import CONTROL
from warroom.core.errors import ContentError, RecordError, WarroomError

err = Console(stderr=True, highlight=False, soft_wrap=True)


def home(name: str) -> str:
    """``name`` with a leading ``~`` (or ``~user``) read as that home folder; a user that
    does not exist is a :class:`WarroomError` saying what to write instead."""
    expanded = os.path.expanduser(name)
    if name.startswith("~") and expanded == name:
        user = name[1:].split(os.sep, 1)[0][:40]
        raise WarroomError(f"no user {user!r} for ~{user}: write ~/... for your own home "
                           "folder, or a full path")
    return expanded


def expand_home(value: Any) -> Any:
    """A path option's value with ``~`` read as the home folder (:func:`home`): quoted
    (``'~/x'``) or joined (``--out=~/x``) no shell expands it, where ``save ~/x`` in play
    did (simulate made a folder named '~', and replay said no such file: a records
    audit)."""
    if isinstance(value, Path):
        try:
            return Path(home(str(value)))
        except WarroomError as exc:
            raise typer.BadParameter(str(exc)) from None
    if isinstance(value, list):
        return [expand_home(v) for v in value]
    return value


@overload
def of_file(path: Path | None, exc: RecordError) -> RecordError: ...


@overload
def of_file(path: Path | None, exc: WarroomError) -> WarroomError: ...


def of_file(path: Path | None, exc: WarroomError) -> WarroomError:
    """``exc`` said of the record ``path`` it came from: an error found after the file was
    read (a step the rules refuse, a seed, an unknown game, a snapshot) named no file (a
    records audit). An error that names it already, or a content pack's, is left be."""
    if path is None or isinstance(exc, ContentError) or str(path) in str(exc):
        return exc
    if isinstance(exc, RecordError):
        return RecordError(f"{path}: {exc}", index=exc.index, legal=exc.legal,
                           replayed=exc.replayed)
    return WarroomError(f"{path}: {exc}")


def printable(text: str) -> str:
    """``text`` with its terminal control characters written as escapes (``\\x1b``): an
    error or warning may quote a record's or a pack's own words, and an escape sequence
    there cleared the screen or set the window's title (a bad-input audit)."""
    return CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


def fail(exc: Exception, code: int = 2) -> None:
    """Print ``error: <what went wrong>`` on stderr and exit with ``code`` (2: bad input);
    a file the system refused, in one line (:func:`os_problem`)."""
    text = os_problem(exc) if isinstance(exc, OSError) else str(exc)
    err.print(Text.assemble(("error: ", "bold red"), printable(text)))
    raise typer.Exit(code)


def os_problem(exc: OSError) -> str:
    """One line on a file the system refused (a name too long, a device): a bad-input audit
    had tracebacks from ``Path.is_file`` on a 300-character ``--out``."""
    name = str(exc.filename) if exc.filename is not None else "a file"
    shown = name if len(name) <= 80 else name[:79] + "…"
    return f"cannot use {shown}: {exc.strerror or exc}"


def warn(text: str) -> None:
    """Print ``warning: <text>`` on stderr (the command goes on)."""
    err.print(Text.assemble(("warning: ", "bold yellow"), printable(text)))


def emit_json(obj: Any) -> None:
    """Write ``obj`` as indented JSON (keys in their order) and a newline on stdout."""
    try:
        sys.stdout.write(json.dumps(obj, indent=1, sort_keys=False) + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        # the reader stopped early (``| head``): exit 1 as the tables do (rich's console),
        # not 0 with the output cut (an audit), and no second error when Python flushes
        # stdout at exit
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        raise typer.Exit(1) from None
