"""Per-game menu styles: how the terminal groups and writes a game's choices.

A game without an entry here uses :data:`warroom.cli.choices.DEFAULT_STYLE`, which groups
choices by what the view says of the thing each action names (a space's ``region``...)
and writes the game's own label. A style only changes presentation: the numbers, keys and
names a player types stay those of :mod:`warroom.cli.choices`.
"""

from __future__ import annotations

import re
from typing import Any

from warroom.cli.choices import (
    DEFAULT_STYLE,
    Choice,
    Group,
    MenuStyle,
    default_group,
    facts_of,
    view_facts,
)

_EIT2_SPACE = re.compile(r"^(?P<name>.+?) \((?P<region>[^,()]+), stability (?P<stab>\d+)\) "
                         r"\((?P<sp>[^()]*)\)(?:, (?P<ctl>LW|RW) control)?(?P<rest>.*)$")


def _eit2_entry(facts: dict[str, dict[str, Any]], choice: Choice, group: str | None) -> str:
    """``Paris [2] 2/0 LW, 2 OP``: Stability in brackets for a Battleground (in
    parentheses for another space, as the board marks them), LW/RW SP (``*`` an
    Extremist), the controller, then whatever the label adds (the OP cost)."""
    m = _EIT2_SPACE.match(choice.label)
    if m is None:
        return DEFAULT_STYLE.entry(facts, choice, group)
    region = "" if group == m["region"] else f" ({m['region']})"
    ctl = f" {m['ctl']}" if m["ctl"] else ""
    stab = (f"[{m['stab']}]" if facts_of(facts, choice).get("battleground")
            else f"({m['stab']})")
    return f"{m['name']}{region} {stab} {m['sp']}{ctl}{m['rest']}"


def _eit2_legend(view: dict[str, Any], groups: list[Group]) -> str | None:
    if any(_EIT2_SPACE.match(c.label) for g in groups for c, _ in g.entries):
        return ("(n) Stability, [n] a Battleground's · LW/RW Support Points (* an "
                "Extremist) · LW/RW: who controls the space")
    return None


def _eit2_group(facts: dict[str, dict[str, Any]], choice: Choice) -> str | None:
    """Spaces by region; a Rearmament track is no space (the USSR track was filed under
    the USSR space's region, "Independent", the other tracks under "Or")."""
    if choice.action.kind == "track":
        return None
    return default_group(facts, choice)


MENU_STYLES: dict[str, MenuStyle] = {
    "eit2": MenuStyle(view_facts, _eit2_group, _eit2_entry, _eit2_legend),
}


def style_for(game_id: str) -> MenuStyle:
    """The menu style of ``game_id`` (the default one when the game has none)."""
    return MENU_STYLES.get(game_id, DEFAULT_STYLE)
