"""Reading files a user hands us (records, content packs, situations) without surprises.

Every failure is a :class:`~warroom.core.errors.WarroomError` subclass with one line that
says what to do: not a regular file (a folder, a FIFO, a device: refused before a byte is
read, where a FIFO with no writer hung the command), a file too big (at most ``limit``
bytes are read), not UTF-8, not valid JSON, nested too deeply, or holding an integer too
long to convert.
"""

from __future__ import annotations

import contextlib
import errno
import io
import json
import math
import os
import secrets
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO

from warroom.core.errors import WarroomError

MAX_BYTES = 32 * 1024 * 1024
"""The largest record or content file read (far above any real one)."""
GZIP_MAGIC = b"\x1f\x8b"
"""The first two bytes of a gzip file (a kept-games file, a corpus: not what is read here)."""
MAX_DEPTH = 64
"""The deepest nesting of lists and objects accepted in a record or content file."""


class NotAFileError(OSError):
    """``path`` names a folder, a FIFO, a device or a socket: a record, a content file or a
    results file is a regular file. Its ``strerror`` says what the path is and what to give
    instead, so a reader's ``cannot read X: {strerror}`` reads whole."""


def not_a_file(mode: int) -> str | None:
    """Why a path of ``mode`` (``os.stat``'s ``st_mode``) is no file to read, with what to
    give instead; None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "it is a folder, not a file: give the path of a file"
    kind = ("a FIFO (named pipe)" if stat.S_ISFIFO(mode)
            else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else "a socket" if stat.S_ISSOCK(mode) else "not a regular file")
    return (f"it is {kind}, not a regular file: save what it holds to a file and give "
            "that file's path")


def path_problem(path: Path) -> str | None:
    """:func:`not_a_file` for the thing at ``path`` (None where nothing is there: the caller
    says "no file" as it did)."""
    try:
        return not_a_file(path.stat().st_mode)
    except (OSError, ValueError):
        return None


def open_regular(path: Path) -> BinaryIO:
    """``path`` opened to read bytes, if it is a regular file; else
    :class:`NotAFileError`. It is opened without blocking and checked on the open
    descriptor, so a FIFO with no writer is refused at once (``open`` waited for a writer
    forever) and nothing swapped in between a check and the open is read."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        problem = not_a_file(os.fstat(fd).st_mode)
        if problem is not None:
            code = errno.EISDIR if problem.startswith("it is a folder") else errno.EINVAL
            raise NotAFileError(code, problem, str(path))
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def open_text(path: Path) -> io.TextIOWrapper:
    """``path`` opened to read UTF-8 text as ``Path.open`` does, if it is a regular file
    (:func:`open_regular`); else :class:`NotAFileError`."""
    return io.TextIOWrapper(open_regular(path), encoding="utf-8")


def utf8_error_at(raw: bytes) -> str:
    """Where in ``raw`` its first byte that is not UTF-8 is, as an editor shows it: ``line
    3, column 7: byte 0xe9`` (the column in characters; a byte offset was given, which no
    editor shows: a content audit). Found in ``raw`` itself, so a byte-order mark counts
    (decoding with utf-8-sig counts after it); "a byte" if ``raw`` is UTF-8 after all (a
    file that changed since it was read)."""
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        at = exc.start
    else:
        return "a byte"
    before = raw[:at]
    line = before.count(b"\n") + 1
    start = before[before.rfind(b"\n") + 1:].removeprefix(b"\xef\xbb\xbf")
    column = len(start.decode("utf-8", "replace")) + 1
    return f"line {line}, column {column}: byte {raw[at]:#04x}"


def read_text(path: Path, error: Callable[[str], WarroomError], what: str,
              limit: int = MAX_BYTES) -> str:
    """The UTF-8 text of ``path`` (at most ``limit`` bytes), or ``error(message)`` saying
    why not (one that is not a regular file: :func:`open_regular`)."""
    try:
        with open_regular(path) as fh:
            raw = fh.read(limit + 1)
    except OSError as exc:
        raise error(f"cannot read {what} {path}: {exc.strerror or exc}") from exc
    if len(raw) > limit:
        raise error(f"{what} {path} is larger than {limit // (1024 * 1024)} MiB; "
                    "is it the right file?")
    if raw.startswith(GZIP_MAGIC):
        raise error(f"{what} {path} is gzip-compressed; unpack it first (gunzip -c "
                    f"{path} > FILE) and give the unpacked FILE")
    try:
        # utf-8-sig: the byte-order mark some editors put first (Windows Notepad) is not text
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise error(f"{what} {path} is not UTF-8 text ({utf8_error_at(raw)}); save it "
                    "as UTF-8") from exc


def writable_folder(folder: Path) -> None:
    """Make ``folder`` (and its parents) and check that a file can be written there, by
    writing and removing one: an :class:`OSError` says why not. Outputs are checked so
    before the work that fills them starts."""
    folder.mkdir(parents=True, exist_ok=True)
    probe = folder / ".warroom-write-test"
    probe.write_text("", encoding="utf-8")
    probe.unlink()


def write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all: into a temporary file beside it,
    flushed to disk, then put in its place. A write that fails (a full disk) leaves the
    file that was there as it was, never half a record; the error is raised."""
    # a link is written through, to the file it names, as editors do (the link itself was
    # replaced by a file: a records audit)
    path = Path(os.path.realpath(path))
    # a short name of its own: the file's name and more went over the 255 bytes a name may
    # have, so a legal 250-character name could not be saved (a records audit)
    tmp = path.with_name(f".warroom-{secrets.token_hex(6)}.tmp")
    try:
        # created as open() creates files (the umask's permissions), not mkstemp's 0600
        with open(tmp, "x", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        with contextlib.suppress(FileNotFoundError):
            # a file replaced keeps its permissions (a save over a private 0600 record made
            # it readable by everyone: a records audit)
            os.chmod(tmp, stat.S_IMODE(os.stat(path).st_mode))
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def value_problem(exc: ValueError) -> str:
    """A one-line reason for a value the parser refused."""
    if "digits" in str(exc):
        return "holds an integer longer than 4,300 digits"
    return str(exc)[:120]


def depth(obj: Any) -> int:
    """How deeply lists and dicts nest in ``obj`` (without recursion)."""
    deepest = 0
    todo: list[tuple[Any, int]] = [(obj, 1)]
    while todo:
        node, d = todo.pop()
        if isinstance(node, dict):
            deepest = max(deepest, d)
            todo.extend((v, d + 1) for v in node.values())
        elif isinstance(node, list | tuple):
            deepest = max(deepest, d)
            todo.extend((v, d + 1) for v in node)
    return deepest


def check_depth(obj: Any, error: type[WarroomError], where: str,
                limit: int = MAX_DEPTH) -> None:
    if depth(obj) > limit:
        raise error(f"{where}: nested more than {limit} levels deep")


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """``object_pairs_hook`` for ``json.loads``: an object naming a key twice is refused
    (ValueError), where JSON would silently keep the last (``{"game": "eaw1940", "game":
    "sfe"}`` replayed an sfe game)."""
    obj: dict[str, Any] = {}
    for k, v in pairs:
        if k in obj:
            raise ValueError(f"the key {k[:40]!r} appears twice in one object; keep one")
        obj[k] = v
    return obj


def finite_float(text: str) -> float:
    """``parse_float`` for ``json.loads``: a number too large for a float (``1e400``) is
    refused, not read as infinity (a web audit: a tk option of 1e400 was read as "inf", the
    start of "Influence", and stored as ``Infinity``, which a record then wrote as null)."""
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:40]} is too large (finite numbers only)")
    return value


def no_constant(name: str) -> Any:
    """``parse_constant`` for ``json.loads``: ``NaN``, ``Infinity`` and ``-Infinity``, which
    Python's parser accepts, are not JSON."""
    raise ValueError(f"{name} is not a JSON number (finite numbers only)")


def loads_strict(text: str | bytes) -> Any:
    """``json.loads`` refusing a key given twice in one object (:func:`unique_keys`) and
    numbers that are not finite (:func:`finite_float`, :func:`no_constant`), each with a
    ``ValueError`` that says so."""
    return json.loads(text, object_pairs_hook=unique_keys, parse_float=finite_float,
                      parse_constant=no_constant)


def parse_json(text: str, error: type[WarroomError], where: str) -> Any:
    """Decode JSON text, turning every way it can fail into ``error``; a key given twice in
    one object and a number that is not finite are refused (:func:`loads_strict`)."""
    try:
        obj = loads_strict(text)
    except json.JSONDecodeError as exc:
        raise error(f"{where}: not valid JSON (line {exc.lineno}, column {exc.colno}: "
                    f"{exc.msg})") from exc
    except RecursionError as exc:
        raise error(f"{where}: nested too deeply to read") from exc
    except ValueError as exc:   # an integer literal over Python's 4,300-digit limit
        raise error(f"{where}: {value_problem(exc)}") from exc
    check_depth(obj, error, where)
    return obj
