"""Actions and the fixed action catalogue of a game.

Every game enumerates all actions it can ever offer, once, in a fixed order: an
action's integer ``id`` is its index in that catalogue, stable across runs and
versions of the same content, which is what RL interfaces and action masks need.
``key`` is a short stable string used in records; ``label`` is for humans.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from warroom.core.errors import IllegalActionError


@dataclass(frozen=True, slots=True)
class Action:
    """One choice a role can make. Small, hashable, JSON-serialisable (``to_json``)."""

    id: int
    key: str
    label: str

    def to_json(self) -> str:
        return self.key

    def __str__(self) -> str:
        return self.label


class ActionCatalogue:
    """The fixed list of every action of one game."""

    __slots__ = ("_actions", "_by_key")

    def __init__(self, entries: Iterable[tuple[str, str]]) -> None:
        actions: list[Action] = []
        by_key: dict[str, Action] = {}
        for key, label in entries:
            if key in by_key:
                raise ValueError(f"duplicate action key {key!r} in catalogue")
            action = Action(len(actions), key, label)
            actions.append(action)
            by_key[key] = action
        self._actions: tuple[Action, ...] = tuple(actions)
        self._by_key = by_key

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
        return self._by_key[key]

    def has_key(self, key: str) -> bool:
        return key in self._by_key

    def resolve(self, ref: Action | str | int) -> Action:
        """The catalogue action named by an Action, its key or its id.

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
            raise IllegalActionError(
                f"unknown action {ref!r}; list the legal actions to see valid keys", action=ref)
        raise IllegalActionError(f"{ref!r} is not an action (expected a key or an id)",
                                 action=ref)
