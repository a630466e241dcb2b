"""Helpers shared by the ``warroom`` command modules (main, batch): a failure reported on
stderr with its exit code, and JSON on stdout."""

from __future__ import annotations

import json
import re
import sys
from typing import Any

import typer
from rich.console import Console
from rich.text import Text

err = Console(stderr=True, highlight=False, soft_wrap=True)


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    """``text`` with its terminal control characters written as escapes (``\\x1b``): an
    error or warning may quote a record's or a pack's own words, and an escape sequence
    there cleared the screen or set the window's title (a bad-input audit)."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


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
    sys.stdout.write(json.dumps(obj, indent=1, sort_keys=False) + "\n")
