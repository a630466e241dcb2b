"""The choices of one decision in the terminal: stable numbers, names, grouping.

Numbers are derived from the actions alone, the same way in every game:

- when the decision's actions carry an integer ``value`` (a space's map index, a card's
  printed number), the number *is* that value, so a space or a card keeps its number from
  one prompt to the next whatever else is legal. When two actions of the decision share a
  value (a card played as an Event, for Operations or for Rearmament), the number gets the
  shortest letter(s) of the action's kind that tell them apart: ``21e``, ``21o``, ``21r``;
  such a suffix is accepted even where it is not needed (``27o`` when only Operations are
  legal);
- actions without a value in a decision with values (``done``, ``pass``) are numbered
  after the largest value those kinds of action can take in the game's catalogue;
- a decision without values (or whose values do not tell its actions apart) numbers an
  action by its place in the game's catalogue when the catalogue is small (eaw1940's 43
  actions: attacking the Western front is always 1, ending the turn 36), else its actions
  1, 2, 3... in catalogue order.

A choice is typed as its number, its key (``space:bavaria``) or the key's argument
(``bavaria``), or an unambiguous case- and accent-insensitive prefix of its name (``bav``
for Bavaria, two letters at least; a prefix of three letters or more of any word of the
name when nothing starts with it). An ambiguous prefix lists the candidates.

Long menus are grouped (eit2's spaces by region). How a game's menu is grouped and how
each entry is written is a :class:`MenuStyle` (``warroom.cli.menus`` holds the per-game
ones); the default reads the grouping from the view in a game-agnostic way.
"""

from __future__ import annotations

import re
import textwrap
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from warroom.core.actions import Action
from warroom.core.errors import WarroomError, short
from warroom.core.protocol import Game, explain, resign_key
from warroom.core.state import State

SMALL_CATALOGUE = 99
"""A catalogue this small numbers unvalued actions by their place in it (two digits)."""


def typed_back(text: str, quoted: bool = True) -> str:
    """What the player typed, as an error repeats it (quoted, or not: a number): at most
    about 40 characters (5,000 typed were all echoed back: a terminal audit)."""
    if quoted:
        return short(text.strip(), 42)
    t = text.strip()
    return t if len(t) <= 40 else t[:39] + "…"


class ChoiceError(WarroomError):
    """A typed choice names no legal action, or several."""

    def __init__(self, message: str, candidates: list[Choice] | None = None) -> None:
        super().__init__(message)
        self.candidates = candidates or []


@dataclass(frozen=True)
class Choice:
    """One legal action as the terminal offers it."""

    number: str
    action: Action
    label: str
    aliases: tuple[str, ...] = ()
    """Other numbers this choice answers to (``21o`` for ``21``)."""
    names: tuple[str, ...] = ()
    """Other names it answers to, as its label does: the pack's other spellings of what it
    concerns (:meth:`~warroom.core.protocol.Game.names_of`)."""


def fold(text: str) -> str:
    """Case- and accent-insensitive form of ``text`` (``Comté`` -> ``comte``)."""
    if text.isascii():
        return text.lower()
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def _abbreviations(kinds: set[str]) -> dict[str, str]:
    """The shortest prefix of each kind that no other kind of ``kinds`` starts with."""
    out: dict[str, str] = {}
    for kind in kinds:
        n = 1
        while n < len(kind) and any(o != kind and o.startswith(kind[:n]) for o in kinds):
            n += 1
        out[kind] = kind[:n]
    return out


def number_choices(state: State[Any], actions: list[Action]) -> list[Choice]:
    """The legal ``actions`` with their stable numbers, sorted by number."""
    game = state.game
    num = {a.id: game.menu_number(a) for a in actions}
    valued = [a for a in actions if num[a.id] >= 0]
    plain = sorted((a for a in actions if num[a.id] < 0), key=lambda a: a.id)
    if not valued or len({(num[a.id], a.kind) for a in valued}) < len(valued):
        # no values, or values that do not tell the actions apart: the catalogue's order
        ordered = sorted(actions, key=lambda a: a.id)
        if len(game.catalogue) <= SMALL_CATALOGUE:
            return [Choice(str(a.id + 1), a, game.describe(state, a.id),
                           names=game.names_of(a)) for a in ordered]
        return [Choice(str(i), a, game.describe(state, a.id), names=game.names_of(a))
                for i, a in enumerate(ordered, 1)]
    counts: dict[int, int] = {}
    for a in valued:
        counts[num[a.id]] = counts.get(num[a.id], 0) + 1
    abbrev = _abbreviations({a.kind for a in valued})
    choices: list[tuple[tuple[int, str], Choice]] = []
    for a in valued:
        n = num[a.id]
        suffixed = f"{n}{abbrev[a.kind]}"
        number = suffixed if counts[n] > 1 else str(n)
        aliases = tuple(f"{n}{a.kind[:k]}" for k in range(1, len(a.kind) + 1))
        choices.append(((n, a.kind), Choice(number, a, game.describe(state, a.id), aliases,
                                            game.names_of(a))))
    choices.sort(key=lambda pair: pair[0])
    out = [c for _, c in choices]
    if plain:
        kinds = {a.kind for a in valued}
        top = max(game.menu_number(a) for a in game.catalogue if a.kind in kinds)
        out += [Choice(str(top + i), a, game.describe(state, a.id), names=game.names_of(a))
                for i, a in enumerate(plain, 1)]
    return out


def spaced(text: str) -> str:
    """:func:`fold` with hyphens and underscores read as spaces, for names: ``France-Comté``,
    ``france comte`` and ``FRANCE COMTÉ`` are one name."""
    return " ".join(re.split(r"[\s_-]+", fold(text))).strip()


def _name_of(label: str) -> str:
    """The name part of a label: up to its first parenthesis, colon or bracket."""
    return re.split(r"\s*[(\[:]", label, maxsplit=1)[0]


def _pick(tier: list[Choice], typed: str, what: str) -> Choice | None:
    if len(tier) == 1:
        return tier[0]
    if not tier:
        return None
    exact = [c for c in tier if spaced(_name_of(c.label)) == spaced(typed)]
    if len(exact) == 1:
        return exact[0]
    raise ChoiceError(f"{what!r} matches {len(tier)} choices; type more of the name, or "
                      "the number:", tier)


def resolve(text: str, choices: list[Choice]) -> Choice:
    """The choice ``text`` names (number, key, key argument or name prefix).

    Raises :class:`ChoiceError` when it names none or several (with the candidates)."""
    typed = fold(" ".join(text.split()))
    if not typed:
        raise ChoiceError("type a choice: its number, its key or the start of its name")
    for c in choices:
        if typed == fold(c.number):
            return c
    words = typed.split()
    if len(words) > 1 and re.fullmatch(r"\d+[a-z]*", words[0]):
        raise ChoiceError(f"{typed_back(text)}: type one choice at a time (a number, a key or "
                          "a name); nothing was played")
    suffixed = [c for c in choices if typed in (fold(a) for a in c.aliases)]
    if len(suffixed) == 1:
        return suffixed[0]
    by_number = suffixed or [c for c in choices if re.fullmatch(r"\d+", typed)
                             and fold(c.number).rstrip("abcdefghijklmnopqrstuvwxyz") == typed]
    if by_number:
        raise ChoiceError(f"{typed_back(text)} is several choices; type one of "
                          f"{', '.join(c.number for c in by_number)}:", by_number)
    if re.fullmatch(r"\d+[a-z]*", typed):
        numbers = [c.number for c in choices]
        shown = ", ".join(numbers[:12]) + (", …" if len(numbers) > 12 else "")
        raise ChoiceError(f"no choice {typed_back(text, False)} now; the choices are "
                          f"numbered {shown}")
    for c in choices:
        if typed == fold(c.action.key) or (c.action.args
                                           and typed == fold(":".join(c.action.args))):
            return c
    # a stray letter ("y", "n") never plays a move: names need 2 letters, words inside a
    # name 3; a hyphen is a space in a name (France-Comté: "france comte")
    name = spaced(typed)
    tiers: list[tuple[int, Callable[[Choice], bool]]] = [
        (2, lambda c: spaced(c.label).startswith(name)),
        (2, lambda c: any(spaced(arg).startswith(name) for arg in c.action.args)),
        # a pack's other spelling ("bayern" for Bavaria: a terminal audit)
        (2, lambda c: any(spaced(n).startswith(name) for n in c.names)),
        (3, lambda c: any(spaced(c.label)[m.start():].startswith(name)
                          for m in re.finditer(r"\b\w", spaced(c.label)))),
        # the start of a key as 'keys' lists them ("sea" for sea:atlantic and
        # sea:mediterranean: it matched nothing, an eaw1940 audit)
        (3, lambda c: fold(c.action.key).startswith(typed)),
    ]
    for least, test in tiers:
        if len(name) < least:
            continue
        found = _pick([c for c in choices if test(c)], name, text.strip())
        if found is not None:
            return found
    raise ChoiceError(f"no choice matches {typed_back(text)}; type a number from the list, "
                      "a key (see 'keys') or the start of a name; 'help' lists the commands")


COMMAND_WORDS = ("why ", "card ", "rule ", "hand", "ongoing", "board", "log", "keys",
                 "menu", "undo", "save ", "resign", "help", "quit")
"""What Tab completes at the start of a line, besides the choices' names (``why X``,
``card X``, ``rule X`` and ``save FILE`` end in the space their argument follows)."""


def completions(line: str, choices: list[Choice],
                commands: tuple[str, ...] = COMMAND_WORDS) -> list[str]:
    """What Tab offers for ``line`` typed so far: the commands and the names of the choices
    (each once, as the menu writes it), and ``why NAME``, that continue it (any case,
    accents optional, a hyphen or underscore read as a space: ``why france c`` completes to
    ``why France-Comté``). In the order of the menu, commands first."""
    def norm(text: str) -> str:
        return re.sub(r"[\s_-]+", " ", fold(text.lstrip()))
    typed = norm(line)
    names = list(dict.fromkeys(_name_of(c.label).strip() for c in choices))
    words = [*commands, *(n for n in names if n), *(f"why {n}" for n in names if n)]
    return [w for w in dict.fromkeys(words) if norm(w).startswith(typed)]


def reference(text: str, choices: list[Choice], state: State[Any]) -> Action | str:
    """What ``why X`` asks about: the choice ``text`` names, else (for an action that is
    not legal now) the action key typed, which the game's ``explain`` says why not."""
    if not text.strip():
        raise WarroomError("why needs a choice: its number, its name or its key (why 2)")
    try:
        return resolve(text, choices).action
    except ChoiceError as exc:
        key = _key_typed(text.strip(), state)
        if key is not None:
            return key
        numbered = re.fullmatch(r"(\d+)([a-z]*)", fold(text.strip()))
        if numbered:
            # a number as the menu writes it for a choice not offered now (eit2's "6e" when
            # only 6o and 6r are: why can this card not be my Event? an audit)
            game: Game = state.game
            n, letters = int(numbered.group(1)), numbered.group(2)
            kinds = {c.action.kind for c in choices}
            same = [a for a in game.catalogue if letters and game.menu_number(a) == n
                    and a.kind.startswith(letters)]
            if len(same) == 1:
                return same[0].key
            offered = {c.action.id for c in choices}
            # the example: an action of that number not offered (14's Event when 14o and
            # 14r are), else one of this decision's kinds, else any
            other = next((a for a in game.catalogue if a.id not in offered
                          and game.menu_number(a) == n and a.kind in kinds), None)
            if other is None and exc.candidates:
                # several offered choices of that number (68e, 68o, 68r): the error lists
                # them, and an example of another number ("why germany scoring") was beside
                # the point (a terminal audit)
                raise
            other = (other or next((a for a in game.catalogue if a.id not in offered
                                    and a.kind in kinds), None)
                     or next((a for a in game.catalogue if a.id not in offered), None))
            example = f" (why {fold(other.label)}, why {other.key})" if other else ""
            raise ChoiceError(f"{str(exc).rstrip(':')}; for an action not offered now, give "
                              f"its name or key{example}") from None
        found = _not_offered(spaced(text), state)
        if len(found) == 1:
            return found[0].key
        if found:
            shown = "; ".join(f"{a.key} ({a.label})" for a in found[:8])
            raise ChoiceError(f"{typed_back(text)} names {len(found)} actions of the game: "
                              f"{shown}{'; …' if len(found) > 8 else ''}; give one key"
                              ) from None
        raise


def _key_typed(typed: str, state: State[Any]) -> str | None:
    """The action key ``typed`` is, in any case (``loc:berlin`` for sfe's ``loc:Berlin``),
    a resignation's (``resign:rw``) included; None when it is none (both were "no choice
    matches" to ``why``: an explain audit)."""
    game: Game = state.game
    if game.catalogue.has_key(typed):
        return typed
    folded = fold(typed)
    return next((k for k in (*(a.key for a in game.catalogue),
                             *(resign_key(r) for r in game.roles)) if fold(k) == folded), None)


def why_not_offered(text: str, choices: list[Choice], state: State[Any],
                    seat: str | None) -> Choice | WarroomError | None:
    """For ``text`` that names no choice of the menu by its number or its menu label: when
    it names one action of the game by its key or its catalogue name, that action's choice
    if it is offered (a catalogue name may differ from the menu's label: it was refused as
    "legal", a review), else the game's word why not (its rule); else None. (A tk audit
    typed "Eastern Peace Talks", withheld from the Western faction by 15.31, and was told
    only that no choice matched.)"""
    ref = text.strip()
    whole = True                # the key, or a name in full: never the start of a name
    if not state.game.catalogue.has_key(ref):
        found = _not_offered(spaced(ref), state)
        if len(found) != 1:
            return None
        whole = spaced(found[0].label) == spaced(ref)
        ref = found[0].key
    offered = next((c for c in choices if c.action.key == ref), None)
    if offered is not None:
        # played only when named in full: a start typed that the menu found ambiguous is
        # not played because one catalogue name begins with it
        return offered if whole else None
    return WarroomError(str(explain(state, ref, seat, legacy_keys=False)))


def _not_offered(typed: str, state: State[Any]) -> list[Action]:
    """The actions of the game's catalogue (legal now or not) a name means: the exact name,
    else the names it begins, else those with an argument of that name."""
    if len(typed) < 3:
        return []
    every = list(state.game.catalogue)
    names_of = state.game.names_of
    tests: list[Callable[[Action], bool]] = [
        lambda a: spaced(a.label) == typed,
        lambda a: spaced(a.label).startswith(typed),
        lambda a: any(spaced(arg) == typed for arg in a.args),
        lambda a: any(spaced(n) == typed for n in names_of(a)),
        # the start of a word inside the name ("munich beer" for "Play Munich Beer Hall
        # Putsch as an Event": no action matched, an explain audit)
        lambda a: any(spaced(a.label)[m.start():].startswith(typed)
                      for m in re.finditer(r"\b\w", spaced(a.label)))]
    for test in tests:
        found = [a for a in every if test(a)]
        if found:
            return found
    return []


def candidate_lines(exc: WarroomError, most: int = 15) -> list[str]:
    """The choices an ambiguous entry could mean, one a line (none for other errors)."""
    if not isinstance(exc, ChoiceError):
        return []
    lines = [f"  {c.number:>4} {c.label}" for c in exc.candidates[:most]]
    if len(exc.candidates) > most:
        lines.append(f"  … and {len(exc.candidates) - most} more")
    return lines


# ---------------------------------------------------------------------------------------
# Menus: grouping and layout
# ---------------------------------------------------------------------------------------

GROUP_FIELDS = ("region", "front", "theatre", "area", "country")
"""Fields of a view's item that name the group its action is listed under."""


@dataclass
class Group:
    """A titled block of a menu."""

    title: str | None
    entries: list[tuple[Choice, str]] = field(default_factory=list)


@dataclass(frozen=True)
class MenuStyle:
    """How a game's menu is grouped and written (a per-game hook: ``warroom.cli.menus``).

    ``facts(view)`` indexes what the view knows of the things actions name (by id and by
    name); ``group(facts, choice)`` names the group of a choice (None: ungrouped);
    ``entry(facts, choice, group)`` is the text after the number; ``legend(view, groups)``
    explains the entries' abbreviations (None: nothing to explain)."""

    facts: Callable[[dict[str, Any]], dict[str, dict[str, Any]]]
    group: Callable[[dict[str, dict[str, Any]], Choice], str | None]
    entry: Callable[[dict[str, dict[str, Any]], Choice, str | None], str]
    legend: Callable[[dict[str, Any], list[Group]], str | None]


def _items(view: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The dicts listed in the view, at its top level or one level down (``spaces``,
    ``map.spaces``, ``sides.axis.hand``...)."""
    for key, value in view.items():
        if key in ("log", "prompt"):
            continue
        holders = [value] + (list(value.values()) if isinstance(value, dict) else [])
        for holder in holders:
            if isinstance(holder, list):
                yield from (i for i in holder if isinstance(i, dict))


def view_facts(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every item the view lists that has an ``id`` or a ``name``, by folded id and name;
    the items that share an id or a name are merged (eit2's map space and its board
    space)."""
    index: dict[str, dict[str, Any]] = {}
    for item in _items(view):
        names = [fold(str(item[k])) for k in ("id", "name")
                 if isinstance(item.get(k), str | int)]
        if not names:
            continue
        merged = next((index[n] for n in names if n in index), None)
        if merged is None:
            merged = {}
        merged.update({k: v for k, v in item.items() if not isinstance(v, dict | list)})
        for k in ("id", "name"):
            if isinstance(merged.get(k), str | int):
                index[fold(str(merged[k]))] = merged
    return index


def facts_of(facts: dict[str, dict[str, Any]], choice: Choice) -> dict[str, Any]:
    """What the view says of the thing ``choice`` names (its space...; {} if nothing)."""
    for arg in choice.action.args:
        found = facts.get(fold(arg))
        if found is not None:
            return found
    return facts.get(fold(_name_of(choice.label)), {})


def default_group(facts: dict[str, dict[str, Any]], choice: Choice) -> str | None:
    item = facts_of(facts, choice)
    for key in GROUP_FIELDS:
        if isinstance(item.get(key), str) and item[key]:
            return str(item[key])
    return None


def default_entry(facts: dict[str, dict[str, Any]], choice: Choice, group: str | None) -> str:
    """The game's label, without the group name it repeats (``(France, stability 2)`` ->
    ``(stability 2)`` under France)."""
    label = choice.label
    if group:
        label = label.replace(f"({group}, ", "(").replace(f", {group})", ")")
        label = label.replace(f" ({group})", "")
    return label


def default_legend(view: dict[str, Any], groups: list[Group]) -> str | None:
    return None


DEFAULT_STYLE = MenuStyle(view_facts, default_group, default_entry, default_legend)


def group_choices(view: dict[str, Any], choices: list[Choice],
                  style: MenuStyle = DEFAULT_STYLE) -> list[Group]:
    """The menu's groups in order of first appearance (choices keep their order within)."""
    facts = style.facts(view)
    groups: dict[str | None, Group] = {}
    for c in choices:
        title = style.group(facts, c)
        g = groups.setdefault(title, Group(title))
        g.entries.append((c, style.entry(facts, c, title)))
    if len(groups) == 1:
        only = next(iter(groups.values()))
        return [Group(None, [(c, style.entry(facts, c, None)) for c, _ in only.entries])]
    return list(groups.values())


def layout(groups: list[Group], width: int) -> list[str]:
    """Menu lines no wider than ``width``: several columns where the entries are short,
    one entry per line (wrapped with a hanging indent) where they are not."""
    numw = max((len(c.number) for g in groups for c, _ in g.entries), default=1)
    lines: list[str] = []
    titled = any(g.title for g in groups)
    for g in groups:
        if g.title or titled:
            lines.append(f" {g.title or 'Or'}:")
        cells = [f"{c.number:>{numw}} {text}" for c, text in g.entries]
        cellw = max(len(x) for x in cells)
        cols = max(1, min(4, (width - 2 + 3) // (cellw + 3)))
        if len(cells) < 4 or cols == 1:
            for cell in cells:
                lines.extend(textwrap.wrap(cell, width - 2, initial_indent="  ",
                                           subsequent_indent=" " * (numw + 3)) or ["  "])
            continue
        rows = -(-len(cells) // cols)
        for r in range(rows):
            row = [cells[i] for i in range(r, len(cells), rows)]
            lines.append(("  " + " │ ".join(x.ljust(cellw) for x in row)).rstrip())
    return lines
