"""Helpers shared by the ``warroom`` command modules (main, batch): a failure reported on
stderr with its exit code, and JSON on stdout."""

from __future__ import annotations

import json
import sys
from typing import Any

import typer
from rich.console import Console
from rich.text import Text

err = Console(stderr=True, highlight=False, soft_wrap=True)


def fail(exc: Exception, code: int = 2) -> None:
    """Print ``error: <what went wrong>`` on stderr and exit with ``code`` (2: bad input)."""
    err.print(Text.assemble(("error: ", "bold red"), str(exc)))
    raise typer.Exit(code)


def warn(text: str) -> None:
    """Print ``warning: <text>`` on stderr (the command goes on)."""
    err.print(Text.assemble(("warning: ", "bold yellow"), text))


def emit_json(obj: Any) -> None:
    """Write ``obj`` as indented JSON (keys in their order) and a newline on stdout."""
    sys.stdout.write(json.dumps(obj, indent=1, sort_keys=False) + "\n")
