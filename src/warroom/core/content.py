"""Content packs: data files validated into typed models, with errors naming file, entry, field.

A game keeps its bundled pack in ``games/<id>/content/*.yaml``. A user who owns the
physical game can pass ``--content DIR``: every file present in DIR replaces the bundled
file of the same name; the others stay bundled.
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path
from types import UnionType
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError, ValidationInfo, field_validator

from warroom.core.errors import ContentError, short
from warroom.core.files import check_depth, read_text, value_problem

M = TypeVar("M", bound=BaseModel)


class ContentModel(BaseModel):
    """Base of every content model: unknown fields are errors (typos must not pass), and
    true or false is no number (pydantic reads ``per_location: true`` as 1: a content
    audit; YAML also reads ``yes``, ``no``, ``on`` and ``off`` so)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    @field_validator("*", mode="before")
    @classmethod
    def _no_true_or_false_for_a_number(cls, value: Any, info: ValidationInfo) -> Any:
        name = info.field_name
        if name is not None and _stray_bool(cls.model_fields[name].annotation, value):
            raise ValueError("true or false where a number or a name belongs (YAML also "
                             "reads yes, no, on and off so; quote a name: 'yes')")
        return value


def _takes_bool(ann: Any) -> bool:
    """Whether a field of type ``ann`` means true or false by them (bool, Any, a literal
    true or false, or a union of one)."""
    if ann is bool or ann is Any:
        return True
    origin = get_origin(ann)
    if origin is Annotated:
        return _takes_bool(get_args(ann)[0])
    if origin is Literal:
        return any(isinstance(a, bool) for a in get_args(ann))
    if origin in (Union, UnionType):
        return any(_takes_bool(a) for a in get_args(ann))
    return False


def _stray_bool(ann: Any, value: Any) -> bool:
    """Whether ``value`` holds true or false where a field of type ``ann`` does not mean
    them: the value itself, or an item of a list, tuple or a mapping's values (a nested
    model's fields are its own validator's)."""
    if isinstance(value, bool):
        return not _takes_bool(ann)
    origin = get_origin(ann)
    args = get_args(ann)
    if origin is Annotated:
        return _stray_bool(args[0], value)
    if origin in (Union, UnionType):
        return all(_stray_bool(a, value) for a in args)
    if origin in (list, tuple, set, frozenset) and isinstance(value, list | tuple):
        if origin is tuple and args and args[-1] is not Ellipsis:
            return any(_stray_bool(a, v) for a, v in zip(args, value, strict=False))
        item = args[0] if args else Any
        return any(_stray_bool(item, v) for v in value)
    if origin is dict and isinstance(value, dict) and len(args) == 2:
        return any(_stray_bool(args[1], v) for v in value.values())
    return False


CONTENT_SUFFIXES = (".yaml", ".yml", ".json")
"""The files of a content folder that are content (others, such as a README, are left be)."""


class ContentPack:
    """Where a game's content files come from: the bundled folder, overridden per file."""

    def __init__(self, bundled: Path, override: Path | None = None) -> None:
        self.bundled = bundled
        self.override = override
        self.read: dict[str, Any] = {}
        """Each file read (:meth:`load`, :meth:`data`) by name: its data as read, the
        values without comments or layout (what :func:`warroom.core.record.content_id`
        fingerprints)."""
        if override is None:
            return
        try:
            folder = override.is_dir()
            known = sorted(p.name for p in bundled.iterdir() if p.suffix in CONTENT_SUFFIXES)
            # map.YAML too: it was left unread, and the bundled map played unsaid (an audit)
            stray = sorted(p.name for p in override.iterdir()
                           if p.suffix.lower() in CONTENT_SUFFIXES and p.name not in known
                           ) if folder else []
            mine = [p.name for p in override.iterdir() if p.name in known] if folder else []
        except (OSError, ValueError) as exc:
            raise ContentError(f"content folder {str(override)[:300]} cannot be read: "
                               f"{getattr(exc, 'strerror', None) or exc}") from None
        if not folder:
            raise ContentError(f"content folder {str(override)[:300]} does not exist or is not a "
                               "folder; pass --content a folder holding the files to override")
        if stray:
            # a near name is a typo; another game's file is not (tables.yaml read as a
            # misspelt cards.yaml: an outside audit)
            close = [[k for k in known if k.lower() == n.lower()]
                     or difflib.get_close_matches(n, known, n=1, cutoff=0.8) for n in stray]
            hint = "; ".join(f"{n} -> {c[0]}?" for n, c in zip(stray, close, strict=True) if c)
            raise ContentError(f"content folder {override} holds {', '.join(stray)}, which "
                               f"replace{'s' if len(stray) == 1 else ''} no file of the pack "
                               f"(its files: {', '.join(known)})"
                               + (f"; did you mean {hint}" if hint else ""))
        if not mine:
            # an empty folder (or a wrong one) would play the bundled pack unsaid
            raise ContentError(f"content folder {str(override)[:300]} holds none of the "
                               f"pack's files ({', '.join(known)}), so it would change "
                               f"nothing; copy the files to change into it from {bundled}")

    def path(self, name: str) -> Path:
        if self.override is not None:
            candidate = self.override / name
            # a link to a file that is gone is the pack's file all the same: reading it
            # fails in words (exists() follows the link, and the bundled file played
            # unsaid: an audit)
            if candidate.exists() or candidate.is_symlink():
                return candidate
        return self.bundled / name

    def load(self, name: str, model: type[M]) -> M:
        path = self.path(name)
        return validate(model, self.data(name), str(path))

    def data(self, name: str) -> Any:
        """File ``name`` of the pack as plain data (kept in :attr:`read`)."""
        obj = load_yaml(self.path(name))
        self.read[name] = obj
        return obj


class _UniqueKeyLoader(yaml.SafeLoader):
    """PyYAML's safe loader, refusing a mapping that names a key twice (YAML keeps the last
    silently: an edit that left the old ``id:`` line in place changed a card's id)."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        merges = 0
        for key_node, _value in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                # ``<<: *anchor``: the keys given beside it override its; a second ``<<``
                # was dropped unsaid (a review): ``<<: [*a, *b]`` merges several
                merges += 1
                if merges > 1:
                    raise yaml.constructor.ConstructorError(
                        None, None, "the merge key << appears twice in one mapping; merge "
                        "several with <<: [*a, *b]", key_node.start_mark)
                continue
            key = self.construct_object(key_node, deep=deep)
            try:
                if key in seen:
                    raise yaml.constructor.ConstructorError(
                        None, None, f"the key {str(key)[:40]!r} appears twice in one "
                        "mapping; keep one", key_node.start_mark)
                seen.add(key)
            except TypeError:       # an unhashable key: PyYAML's own error says so
                pass
        return super().construct_mapping(node, deep)


def load_yaml(path: Path) -> Any:
    """A YAML (or JSON) file as plain data; every way it can fail is a ContentError (a key
    given twice in one mapping included)."""
    text = read_text(path, lambda msg: ContentError(msg, file=str(path)), "content file")
    try:
        obj = yaml.load(text, Loader=_UniqueKeyLoader)   # a SafeLoader
    except RecursionError as exc:
        raise ContentError("nested too deeply to read", file=str(path)) from exc
    except ValueError as exc:   # e.g. an integer over Python's 4,300-digit limit
        raise ContentError(value_problem(exc), file=str(path)) from exc
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        raise ContentError(f"not valid YAML{where}: {getattr(exc, 'problem', exc)}",
                           file=str(path)) from exc
    size = expanded_size(obj)
    if size > MAX_VALUES:
        # aliases (*name) share one value in memory, but every reader walks each use: a
        # few hundred bytes of nested aliases hung every command that loaded the pack
        raise ContentError(f"its aliases (*name) expand to more than {MAX_VALUES:,} "
                           "values (the most a content file may hold), or a value holds "
                           "itself; write the values out", file=str(path))
    check_depth(obj, ContentError, str(path))
    held = control_character_at(obj)
    if held is not None:
        # a pack's words are shown on terminals and pages: ESC [2J in a card's text cleared
        # the screen at every look at the hand in warroom play (a review)
        raise ContentError(f"{held} holds a control character (such as ESC, \\x1b): a "
                           "text of the pack may hold letters, tabs and new lines only; "
                           "remove it", file=str(path))
    return obj


CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
"""Terminal control characters (tab and new line are text): a content text may hold none,
and the CLI writes them as escapes where it quotes a record's or a file's words."""


def control_character_at(obj: Any) -> str | None:
    """Where in ``obj`` (``cards[3].title``) the first text, key or value, holding a
    :data:`CONTROL` character is, or None. Each distinct list or mapping is read once."""
    seen: set[int] = set()
    todo: list[tuple[Any, str]] = [(obj, "")]
    while todo:
        value, at = todo.pop()
        if isinstance(value, str):
            if CONTROL.search(value):
                return at or "the file"
        elif isinstance(value, dict | list):
            if id(value) in seen:
                continue
            seen.add(id(value))
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for k, v in items:
                name = f"{at}[{k}]" if isinstance(value, list) else (
                    f"{at}.{k}" if at else str(k))
                if isinstance(k, str) and CONTROL.search(k):
                    return f"the key {name!r}"
                todo.append((v, name))
    return None


MAX_VALUES = 1_000_000
"""The most values (scalars, lists and mappings, each alias's use counted) a content file
may hold: the bundled files hold a few thousand each."""


def expanded_size(obj: Any) -> int:
    """How many values ``obj`` holds once every shared (aliased) list or mapping is counted
    at each of its uses, worked out once per distinct container (so in time linear in the
    file, however many times aliases multiply it)."""
    sizes: dict[int, int] = {}
    visiting: set[int] = set()
    todo: list[tuple[Any, bool]] = [(obj, False)]
    while todo:
        node, done = todo.pop()
        if not isinstance(node, dict | list) or (id(node) in sizes and not done):
            continue
        if not done:
            if id(node) in visiting:        # a value that holds itself (&a [*a]): endless
                return MAX_VALUES + 1
            visiting.add(id(node))
        children = list(node.keys()) + list(node.values()) if isinstance(node, dict) \
            else node
        if done:
            visiting.discard(id(node))
            sizes[id(node)] = min(MAX_VALUES + 1, 1 + sum(
                sizes.get(id(ch), 1) if isinstance(ch, dict | list) else 1
                for ch in children))
            continue
        todo.append((node, True))
        todo.extend((ch, False) for ch in children
                    if isinstance(ch, dict | list) and id(ch) not in sizes)
    return sizes.get(id(obj), 1) if isinstance(obj, dict | list) else 1


MAX_NUMBER = 1_000_000
"""The largest number (in size) a content file may hold: the bundled files' largest are map
coordinates and years, in the thousands. A count of counters, SP or VP in the trillions was
accepted, and ran the machine out of memory or played on with it (a content audit)."""


def _too_large(obj: Any) -> tuple[tuple[Any, ...], Any] | None:
    """Where ``obj`` holds a number larger (in size) than :data:`MAX_NUMBER`, and it."""
    todo: list[tuple[Any, tuple[Any, ...]]] = [(obj, ())]
    while todo:
        node, at = todo.pop()
        if isinstance(node, dict):
            todo.extend((v, (*at, k)) for k, v in reversed(list(node.items())))
        elif isinstance(node, list):
            todo.extend((v, (*at, i)) for i, v in reversed(list(enumerate(node))))
        elif (isinstance(node, int | float) and not isinstance(node, bool)
              and not abs(node) <= MAX_NUMBER):       # nan and inf too
            return at, node
    return None


def validate(model: type[M], obj: Any, file: str) -> M:
    """Validate ``obj`` as ``model``; the first error names the file, entry and field."""
    huge = _too_large(obj)
    if huge is not None:
        entry, fld = _locate(obj, huge[0])
        raise ContentError(f"{short(repr(huge[1]), 40)} is out of range: a number in a "
                           "content file is at "
                           f"most {MAX_NUMBER:,} in size", file=file, entry=entry, field=fld)
    try:
        return model.model_validate(obj)
    except ValidationError as exc:
        errors = exc.errors()
        # An unknown field is usually a typo, which also makes the intended field "missing":
        # report the typo, the root cause, and suggest the field it was meant to be.
        err = next((e for e in errors if e["type"] == "extra_forbidden"), errors[0])
        msg = err["msg"].removeprefix("Value error, ")     # a validator's own words
        if not err["loc"]:          # the whole file is not the mapping of fields it must be
            fields = ", ".join(_fields_at(model, ()))
            raise ContentError(("the file is empty" if obj is None else
                                f"the file holds a {type(obj).__name__}, not a mapping of "
                                "fields") + f"; it needs the fields {fields}", file=file
                               ) from exc
        if err["type"] == "extra_forbidden":
            known = _fields_at(model, err["loc"][:-1])
            close = difflib.get_close_matches(str(err["loc"][-1]), known, n=1)
            msg = "unknown field" + (f"; did you mean {close[0]!r}?" if close
                                     else f"; fields here: {', '.join(known)}" if known
                                     else "")
        elif err["type"] in ("model_type", "model_attributes_type", "dict_type"):
            # pydantic's words name its own class ("a valid dictionary or instance of
            # RollTable": an outside audit); say what the field must hold
            known = _fields_at(model, tuple(err["loc"]))
            got = err.get("input")
            msg = ("must be a mapping of fields" + (f" ({', '.join(known)})" if known else "")
                   + f", not {'nothing' if got is None else type(got).__name__}")
        entry, fld = _locate(obj, err["loc"])
        more = f" (and {exc.error_count() - 1} more problem(s))" if exc.error_count() > 1 else ""
        raise ContentError(f"{msg}{more}", file=file, entry=entry, field=fld) from exc


def _fields_at(model: type[BaseModel], loc: tuple[Any, ...]) -> list[str]:
    """The field names of the model found at ``loc`` inside ``model`` (empty if unclear)."""
    node: Any = model
    for part in loc:
        if isinstance(part, int):
            args = [a for a in get_args(node) if a is not type(None)]
            node = args[0] if len(args) == 1 else None
        elif isinstance(node, type) and issubclass(node, BaseModel) and part in node.model_fields:
            node = node.model_fields[part].annotation
            args = [a for a in get_args(node) if a is not type(None)]
            if get_origin(node) in (Union, UnionType) and len(args) == 1:
                node = args[0]
        else:
            return []
    if isinstance(node, type) and issubclass(node, BaseModel):
        return list(node.model_fields)
    return []


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
            # a card of eit2 is named by its title (an entry "cards[3]" was card 4, its
            # title unsaid: a content audit)
            name = next((node[k] for k in ("name", "id", "title") if k in node), None) \
                if isinstance(node, dict) else None
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
