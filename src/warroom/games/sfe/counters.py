"""Counters (3) as small ints, and the names that read them.

A counter on the board is one int, packed as ``owner << 4 | half << 3 | fortress << 2 |
strength``:

- ``owner`` (:func:`owner`): ``AXIS`` (1), ``WEST`` (2) or ``SOV`` (3); so every Axis
  code is below :data:`ALLIED_MIN` (32) and every Allied code is at least 32;
- ``half`` (:func:`half`): the half of its location it stands in, 0 or 1 (the order of
  the location's ``halves``);
- the fortress bit (:func:`is_fortress`): a fortress has strength 3 (3.4);
- ``strength`` (:func:`strength`): 1-3.

``data["u"][loc]`` lists the codes in a location. A *kind* (:func:`kind_of`) is what the
unit choice actions name: 1-3 for an army's strength, :data:`FORTRESS` (4) for a fortress.

Owner masks: a location's owners present are kept as one bit ``1 << owner`` each
(:data:`AXIS_SIDE_BITS`, :data:`ALLIED_SIDE_BITS`, :data:`SIDE_BITS`).
"""

from __future__ import annotations

from warroom.games.sfe.components import AXIS, SOV, WEST

OWNER_SHIFT = 4
"""``code >> OWNER_SHIFT`` is the counter's owner."""
HALF_SHIFT = 3
HALF_BIT = 1 << HALF_SHIFT
"""The bit of the half a counter stands in."""
FORT_BIT = 4
"""Set in a fortress's code."""
STRENGTH_MASK = 3
ALLIED_MIN = WEST << OWNER_SHIFT
"""The smallest Allied code: Axis codes are below it (3.2: the two sides never mix)."""
SOV_MIN = SOV << OWNER_SHIFT
"""The smallest Soviet code: Western codes lie between :data:`ALLIED_MIN` and it."""

FORTRESS = 4
"""The kind of a fortress (army kinds are their strengths 1-3)."""

AXIS_SIDE_BITS = 1 << AXIS | 1
"""Owner bits of the Axis side (with the neutral owner 0, which never has counters)."""
ALLIED_SIDE_BITS = 1 << WEST | 1 << SOV
"""Owner bits of the Allied side."""
SIDE_BITS = (AXIS_SIDE_BITS, ALLIED_SIDE_BITS)
"""Owner bits per side (0 Axis, 1 Allies)."""
ENEMY_BITS = (ALLIED_SIDE_BITS, AXIS_SIDE_BITS)
"""The owner bits of the other side, per side."""

SIDE_OWNERS = ((AXIS,), (WEST, SOV))
"""The owners of each side."""
OWNER_SIDE = (-1, 0, 1, 1)
"""The side of each owner (the neutral owner 0 has none)."""
STRENGTH_NAMES = ("", "1-strength army", "2-strength army", "3-strength army", "fortress")
OWNER_WORDS = ("neutral", "Axis", "Western", "Soviet")
"""Each owner as a sentence names it (the adjective of 2: Axis, Western, Soviet)."""
SIDE_ADJ = ("Axis", "Allied")
"""Each side's adjective ("every Allied counter")."""


def code(owner: int, strength: int, half: int, fort: bool = False) -> int:
    """The code of a counter (see the module's docstring)."""
    return owner << OWNER_SHIFT | half << HALF_SHIFT | (FORT_BIT if fort else 0) | strength


def owner(u: int) -> int:
    return u >> OWNER_SHIFT


def half(u: int) -> int:
    return (u >> HALF_SHIFT) & 1


def with_half(u: int, h: int) -> int:
    """The same counter standing in half ``h``."""
    return u & ~HALF_BIT | h << HALF_SHIFT


def strength(u: int) -> int:
    return u & STRENGTH_MASK


def is_fortress(u: int) -> bool:
    return bool(u & FORT_BIT)


def side_of(u: int) -> int:
    """0 for an Axis counter, 1 for an Allied one."""
    return 1 if u >= ALLIED_MIN else 0


def kind_of(u: int) -> int:
    """1-3: army strength, :data:`FORTRESS`: fortress (the unit choice actions' argument)."""
    return FORTRESS if u & FORT_BIT else u & STRENGTH_MASK


def unit_name(u: int) -> str:
    """"Axis 3-strength army", "Western fortress" (after "the")."""
    return f"{OWNER_WORDS[owner(u)]} {STRENGTH_NAMES[kind_of(u)]}"


def army_name(own: int, st: int, article: str = "") -> str:
    """An army of owner ``own`` and strength ``st`` as a sentence names it: "Soviet
    2-strength army"; ``article`` "a" gives "an Axis ..." / "a Western ...", "A" the same
    at the start of a sentence."""
    name = f"{OWNER_WORDS[own]} {STRENGTH_NAMES[st]}"
    if not article:
        return name
    an = "n" if OWNER_WORDS[own][0] in "AEIOU" else ""
    return f"{article}{an} {name}"


def sides_in(units: list[int]) -> int:
    """Bit mask of the sides present: 1 Axis, 2 Allies (3: contested)."""
    m = 0
    for u in units:
        m |= 2 if u >= ALLIED_MIN else 1
    return m


def half_of(units: list[int], side: int) -> int:
    """The half a side's counters hold in a location (contested: all in one half), -1 if
    none."""
    allied = side == 1
    for u in units:
        if (u >= ALLIED_MIN) == allied:
            return half(u)
    return -1


def owner_half(units: list[int], own: int) -> int:
    """The half the first counter of ``own`` stands in, -1 if none."""
    for u in units:
        if u >> OWNER_SHIFT == own:
            return half(u)
    return -1


def army_kinds(units: list[int], own: int) -> list[int]:
    """The strengths of the armies of ``own`` among ``units``, sorted, each once."""
    return sorted({u & STRENGTH_MASK for u in units
                   if u >> OWNER_SHIFT == own and not u & FORT_BIT})


def take_army(units: list[int], own: int, st: int) -> int:
    """Remove and return the first army of ``own`` with strength ``st`` from ``units``."""
    for i, u in enumerate(units):
        if u >> OWNER_SHIFT == own and not u & FORT_BIT and u & STRENGTH_MASK == st:
            del units[i]
            return u
    raise AssertionError(f"no {army_name(own, st)} here")
