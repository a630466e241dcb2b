"""Content packs: data files validated into typed models, with errors naming file, entry, field.

A game keeps its bundled pack in ``games/<id>/content/*.yaml``. A user who owns the
physical game can pass ``--content DIR``: every file present in DIR replaces the bundled
file of the same name; the others stay bundled.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from warroom.core.errors import ContentError

M = TypeVar("M", bound=BaseModel)


class ContentModel(BaseModel):
    """Base of every content model: unknown fields are errors (typos must not pass)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class ContentPack:
    """Where a game's content files come from: the bundled folder, overridden per file."""

    def __init__(self, bundled: Path, override: Path | None = None) -> None:
        self.bundled = bundled
        self.override = override
        if override is not None and not override.is_dir():
            raise ContentError(f"content folder {override} does not exist or is not a folder; "
                               "pass --content a folder holding the files to override")

    def path(self, name: str) -> Path:
        if self.override is not None:
            candidate = self.override / name
            if candidate.exists():
                return candidate
        return self.bundled / name

    def load(self, name: str, model: type[M]) -> M:
        path = self.path(name)
        return validate(model, load_yaml(path), str(path))


def load_yaml(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ContentError(f"cannot read content file: {exc.strerror or exc}",
                           file=str(path)) from exc
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        raise ContentError(f"not valid YAML{where}: {getattr(exc, 'problem', exc)}",
                           file=str(path)) from exc


def validate(model: type[M], obj: Any, file: str) -> M:
    """Validate ``obj`` as ``model``; the first error names the file, entry and field."""
    try:
        return model.model_validate(obj)
    except ValidationError as exc:
        err = exc.errors()[0]
        entry, fld = _locate(obj, err["loc"])
        more = f" (and {exc.error_count() - 1} more problem(s))" if exc.error_count() > 1 else ""
        raise ContentError(f"{err['msg']}{more}", file=file, entry=entry, field=fld) from exc


def _locate(obj: Any, loc: tuple[Any, ...]) -> tuple[str | None, str | None]:
    """Split a pydantic error location into the entry (a named list item) and the field."""
    entry_parts: list[str] = []
    node = obj
    i = 0
    # Walk down to the deepest list item that has a name or id: that is the entry.
    entry_end = 0
    for i, part in enumerate(loc):
        if isinstance(node, dict):
            node = node.get(part) if isinstance(part, str) else None
            entry_parts.append(str(part))
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
            name = node.get("name", node.get("id")) if isinstance(node, dict) else None
            entry_parts.append(f"[{part}]" + (f" ({name})" if name is not None else ""))
            entry_end = i + 1
        else:
            entry_parts.append(str(part))
            node = None
    if entry_end == 0:
        return None, ".".join(str(p) for p in loc) or None
    entry = ".".join(entry_parts[:entry_end]).replace(".[", "[")
    fld = ".".join(str(p) for p in loc[entry_end:]) or None
    return entry, fld


def check(condition: bool, message: str, *, file: str, entry: str | None = None,
          field: str | None = None) -> None:
    """Raise ``ContentError`` unless ``condition`` holds (for cross-reference checks)."""
    if not condition:
        raise ContentError(message, file=file, entry=entry, field=field)
