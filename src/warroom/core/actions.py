"""Actions and the fixed action catalogue of a game.

Every game enumerates all actions it can ever offer, once, in a fixed order: an
action's integer ``id`` is its index in that catalogue, stable across runs and
versions of the same content, which is what RL interfaces and action masks need.

``key`` is the stable string used in records. It names content by id or slug, never by
position (``space:bavaria``, ``card:21``, ``attack:western``), so a content pack that
inserts a space does not break saved games. ``label`` is for humans. The typed payload
(``kind``, ``args``, ``value``) is what rules read: ``kind`` and ``args`` are the key's
parts, ``value`` an integer the game attaches (a space index, a card number); no rule
parses keys.

A catalogue may carry ``aliases``: keys of an earlier version mapped to today's keys, so
records written before a key changed still load.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from warroom.core.errors import IllegalActionError


@dataclass(frozen=True, slots=True)
class Action:
    """One choice a role can make. Small, hashable, JSON-serialisable (``to_json``)."""

    id: int
    key: str
    label: str
    kind: str = ""
    """The key's first part (``space`` in ``space:bavaria``)."""
    args: tuple[str, ...] = ()
    """The key's other parts (``("bavaria",)``)."""
    value: int = -1
    """An integer payload set by the game (e.g. a space index or a card number), else -1."""

    @property
    def arg(self) -> str | None:
        """The first of ``args``, or None."""
        return self.args[0] if self.args else None

    def to_json(self) -> str:
        return self.key

    def __str__(self) -> str:
        return self.label


Entry = tuple[str, str] | tuple[str, str, int]


class ActionCatalogue:
    """The fixed list of every action of one game."""

    __slots__ = ("_actions", "_aliases", "_by_key")

    def __init__(self, entries: Iterable[Entry],
                 aliases: Mapping[str, str] | None = None) -> None:
        actions: list[Action] = []
        by_key: dict[str, Action] = {}
        for entry in entries:
            key, label = entry[0], entry[1]
            value = entry[2] if len(entry) > 2 else -1
            if key in by_key:
                raise ValueError(f"duplicate action key {key!r} in catalogue")
            kind, *args = key.split(":")
            action = Action(len(actions), key, label, kind, tuple(args), value)
            actions.append(action)
            by_key[key] = action
        self._actions: tuple[Action, ...] = tuple(actions)
        self._by_key = by_key
        self._aliases: dict[str, str] = {}
        for old, new in (aliases or {}).items():
            if new not in by_key:
                raise ValueError(f"alias {old!r} names no action ({new!r})")
            if old not in by_key:
                self._aliases[old] = new

    def __len__(self) -> int:
        return len(self._actions)

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def __getitem__(self, action_id: int) -> Action:
        return self._actions[action_id]

    def pick(self, ids: Iterable[int]) -> list[Action]:
        """The actions with these ids, in order."""
        actions = self._actions
        return [actions[i] for i in ids]

    def by_key(self, key: str) -> Action:
        found = self._by_key.get(key)
        if found is None:
            return self._by_key[self._aliases[key]]
        return found

    def has_key(self, key: str) -> bool:
        return key in self._by_key

    @property
    def aliases(self) -> Mapping[str, str]:
        """Keys of earlier versions and the keys they are read as today."""
        return self._aliases

    def resolve(self, ref: Action | str | int) -> Action:
        """The catalogue action named by an Action, its key (or an old key) or its id.

        Raises ``IllegalActionError`` (with a hint) for anything not in the catalogue.
        """
        if ref.__class__ is Action:           # the common case, checked first
            actions = self._actions
            rid = ref.id
            if 0 <= rid < len(actions) and actions[rid] is ref:
                return ref
        if isinstance(ref, Action):
            if 0 <= ref.id < len(self._actions):
                mine = self._actions[ref.id]
                if mine is ref or mine == ref:
                    return mine
            raise IllegalActionError(f"{ref!r} is not an action of this game", action=ref)
        if isinstance(ref, bool):
            raise IllegalActionError(f"{ref!r} is not an action", action=ref)
        if isinstance(ref, int):
            if 0 <= ref < len(self._actions):
                return self._actions[ref]
            raise IllegalActionError(
                f"action id {ref} is out of range 0..{len(self._actions) - 1}", action=ref)
        if isinstance(ref, str):
            found = self._by_key.get(ref)
            if found is not None:
                return found
            alias = self._aliases.get(ref)
            if alias is not None:
                return self._by_key[alias]
            shown = ref if len(ref) <= 60 else ref[:60] + "…"
            raise IllegalActionError(
                f"unknown action {shown!r}; list the legal actions to see valid keys",
                action=ref)
        raise IllegalActionError(f"{str(ref)[:60]!r} is not an action (expected a key or an id)",
                                 action=ref)
