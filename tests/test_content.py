"""Content packs: broken files give ContentError naming the file, the entry and the field;
a valid override replaces only the files it holds."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from warroom.core import (
    ContentError,
    Game,
    WarroomError,
    apply,
    legal_actions,
    new_game,
    view,
)
from warroom.games import load_game
from warroom.games.eaw1940.components import BUNDLED

FILES = ("map.yaml", "tables.yaml", "turn_track.yaml", "victory.yaml")


def bundled(name: str) -> Any:
    return yaml.safe_load((BUNDLED / name).read_text(encoding="utf-8"))


def pack(tmp_path: Path, name: str, obj: Any) -> Path:
    """A content folder overriding one file with ``obj`` (YAML data or raw text)."""
    folder = tmp_path / "pack"
    folder.mkdir(exist_ok=True)
    text = obj if isinstance(obj, str) else yaml.safe_dump(obj, sort_keys=False)
    (folder / name).write_text(text, encoding="utf-8")
    return folder


def broken(tmp_path: Path, name: str, edit: Callable[[Any], Any]) -> ContentError:
    data = bundled(name)
    edit(data)  # in place
    folder = pack(tmp_path, name, data)
    with pytest.raises(ContentError) as info:
        load_game("eaw1940", content=folder)
    err = info.value
    assert isinstance(err, WarroomError)
    assert err.file == str(folder / name), err.file
    assert str(folder / name) in str(err)
    return err


def set_in(path: tuple[Any, ...], value: Any) -> Callable[[Any], None]:
    def edit(data: Any) -> None:
        node = data
        for part in path[:-1]:
            node = node[part]
        node[path[-1]] = value
    return edit


def rename_key(path: tuple[Any, ...], old: str, new: str) -> Callable[[Any], None]:
    def edit(data: Any) -> None:
        node = data
        for part in path:
            node = node[part]
        node[new] = node.pop(old)
    return edit


# -- one mistake per case: file, entry, field, and the message ------------------------------

CASES: list[tuple[str, str, Callable[[Any], Any], str | None, str | None, str]] = [
    # unknown field: a typo of an optional field (the only problem)...
    ("typo_in_front", "map.yaml", rename_key(("fronts", 0), "reconstructed", "reconstucted"),
     "fronts[0] (Western)", "reconstucted", "unknown field"),
    ("typo_in_turn", "turn_track.yaml", rename_key(("turns", 3), "axis_tanks", "axis_tank"),
     "turns[3]", "axis_tank", "unknown field; did you mean 'axis_tanks'?"),
    # ...or of a required one: the typo is named, not only the "missing" field it hides
    ("typo_top_level", "victory.yaml", rename_key((), "bands", "bandz"),
     None, "bandz", "unknown field; did you mean 'bands'?"),
    ("typo_in_route", "map.yaml", rename_key(("fronts", 2), "route", "rout"),
     "fronts[2] (Eastern)", "rout", "unknown field; did you mean 'route'?"),
    ("unrelated_extra_field", "tables.yaml", set_in(("front_table", "colour"), "red"),
     None, "front_table.colour", "unknown field; fields here: rows, reconstructed"),
    # wrong types
    ("ap_not_int", "turn_track.yaml", set_in(("turns", 2, "ap"), "three"),
     "turns[2]", "ap", "valid integer"),
    ("row_min_not_int", "tables.yaml", set_in(("land_attack", "rows", 0, "min"), "one"),
     "land_attack.rows[0]", "min", "valid integer"),
    ("route_not_list", "map.yaml", set_in(("fronts", 1, "route"), "Rome, Tripoli"),
     "fronts[1] (North Africa)", "route", "valid list"),
    ("bad_home", "map.yaml", set_in(("fronts", 2, "home"), "Vienna"),
     "fronts[2] (Eastern)", "home", "'Berlin' or 'Rome'"),
    ("bad_chart_action", "tables.yaml",
     set_in(("allied_action_chart", "rows", 4, "action"), "nuke"),
     "allied_action_chart.rows[4]", "action", "Input should be"),
    ("flag_vp_zero", "map.yaml", set_in(("locations", 5, "flag_vp"), 0),
     "locations[5] (Paris)", "flag_vp", "greater than or equal to 1"),
    # cross references
    ("unknown_route_location", "map.yaml", set_in(("fronts", 0, "route", 3), "Atlantis"),
     "fronts[0] (western)", "route[3]", "unknown location 'Atlantis'"),
    ("unknown_air_space", "map.yaml", set_in(("fronts", 4, "air_space"), "pacific_air"),
     "fronts[4] (balkan)", "air_space", "unknown air space 'pacific_air'"),
    ("route_not_from_home", "map.yaml", set_in(("fronts", 1, "route", 0), "Tripoli"),
     "fronts[1] (north_africa)", "route[0]", "starts at its Axis home Rome"),
    ("unknown_port", "map.yaml", set_in(("locations", 3, "port"), "baltic"),
     "locations[3] (Low Countries)", "port", "unknown sea zone 'baltic'"),
    ("duplicate_location", "map.yaml",
     lambda d: d["locations"].append({"name": "Paris", "flag_vp": 2}),
     "locations[27] (Paris)", "name", "'Paris' is listed twice"),
    ("duplicate_front_id", "map.yaml", set_in(("fronts", 4, "id"), "western"),
     "fronts[4]", None, "duplicate front id 'western': each front once (the first is "
     "fronts[0])"),
    ("unknown_front_in_turn_track", "turn_track.yaml",
     set_in(("turns", 5, "fronts_enter"), ["eastern", "pacific"]),
     "turns[5] (turn 6)", None, "unknown front 'pacific'"),
    ("unknown_allied_tank_front", "turn_track.yaml",
     set_in(("turns", 6, "allied_tanks"), ["siberia"]),
     "turns[6] (turn 7)", None, "unknown front 'siberia'"),
    ("turn_gap", "turn_track.yaml", set_in(("turns", 4, "turn"), 12),
     "turns", "turn", "without gaps"),
    ("unknown_front_in_front_table", "tables.yaml",
     set_in(("front_table", "rows", 2, "front"), "norway"),
     "front_table.rows[2]", "front", "unknown front 'norway'"),
    ("front_table_roll_twice", "tables.yaml", set_in(("front_table", "rows", 5, "roll"), 1),
     "front_table.rows[5]", "roll", "roll 1 listed twice"),
    ("victory_home", "victory.yaml",
     set_in(("allied_automatic", "locations"), ["Berlin", "Paris"]),
     "allied_automatic", "locations", "Paris is not an Axis home"),
    # tables: rows must cover the modified rolls 1..6 exactly once
    ("rows_gap", "tables.yaml",
     set_in(("land_attack", "rows"), [{"min": 1, "max": 3, "result": "no_result"},
                                      {"min": 5, "max": 6, "result": "advance"}]),
     "land_attack", "rows", "modified rolls [4] are not covered"),
    ("rows_overlap", "tables.yaml",
     set_in(("air_attack", "rows"), [{"min": 1, "max": 4, "result": "no_result"},
                                     {"min": 4, "max": 6, "result": "attacker_wins"}]),
     "air_attack.rows[1]", "min", "modified roll 4 is covered twice"),
    ("rows_reversed", "tables.yaml",
     set_in(("sea_attack", "rows"), [{"min": 1, "max": 2, "result": "no_result"},
                                     {"min": 6, "max": 3, "result": "attacker_wins"}]),
     "sea_attack", "rows", "not covered"),
    ("unknown_result", "tables.yaml", set_in(("land_attack", "rows", 1, "result"), "victory"),
     "land_attack.rows[1]", "result", "unknown result 'victory'"),
    ("missing_field", "tables.yaml", lambda d: d["land_attack"]["rows"][0].pop("max"),
     "land_attack.rows[0]", "max", "Field required"),
    ("missing_section", "map.yaml", lambda d: d.pop("malta"),
     None, "malta", "Field required"),
]


@pytest.mark.parametrize(("name", "edit", "entry", "field", "message"),
                         [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_broken_content_names_file_entry_and_field(
        tmp_path: Path, name: str, edit: Callable[[Any], Any], entry: str | None,
        field: str | None, message: str) -> None:
    err = broken(tmp_path, name, edit)
    assert err.entry == entry, str(err)
    assert err.field == field, str(err)
    assert message in str(err)
    if entry:
        assert f"entry {entry}" in str(err)
    if field:
        assert f"field {field}" in str(err)


@pytest.mark.parametrize("text", [
    "fronts: [western, north_africa\n",
    "sea_zones:\n  - {id: atlantic\n",
    "a: b: c\n",
    "\tfronts: []\n",
])
def test_invalid_yaml_names_the_file_and_line(tmp_path: Path, text: str) -> None:
    folder = pack(tmp_path, "map.yaml", text)
    with pytest.raises(ContentError, match="not valid YAML") as info:
        load_game("eaw1940", content=folder)
    assert info.value.file == str(folder / "map.yaml")
    assert "line" in str(info.value)


@pytest.mark.parametrize("text", ["", "# only a comment\n", "- a list\n- not a mapping\n",
                                  "just a string\n"])
def test_a_file_that_is_not_a_mapping(tmp_path: Path, text: str) -> None:
    folder = pack(tmp_path, "victory.yaml", text)
    with pytest.raises(ContentError) as info:
        load_game("eaw1940", content=folder)
    assert info.value.file == str(folder / "victory.yaml")


def test_missing_or_unreadable_content(tmp_path: Path) -> None:
    missing = tmp_path / "no_such_folder"
    with pytest.raises(ContentError, match="does not exist") as info:
        load_game("eaw1940", content=missing)
    assert str(missing) in str(info.value)
    a_file = tmp_path / "file.yaml"
    a_file.write_text("x: 1\n")
    with pytest.raises(ContentError, match="not a folder"):
        load_game("eaw1940", content=a_file)
    folder = tmp_path / "pack"
    (folder / "map.yaml").mkdir(parents=True)  # a folder where a file should be
    with pytest.raises(ContentError, match="cannot read") as info:
        load_game("eaw1940", content=folder)
    assert info.value.file == str(folder / "map.yaml")


# -- valid packs -------------------------------------------------------------------------------


def test_bundled_files_validate_and_are_reproduced_by_a_full_copy(eaw: Game,
                                                                  tmp_path: Path) -> None:
    folder = tmp_path / "copy"
    folder.mkdir()
    for name in FILES:
        (folder / name).write_text((BUNDLED / name).read_text(encoding="utf-8"))
    copy = load_game("eaw1940", content=folder)
    assert copy.c == eaw.c  # type: ignore[attr-defined]
    assert [a.key for a in copy.catalogue] == [a.key for a in eaw.catalogue]


def test_empty_override_folder_is_refused(tmp_path: Path) -> None:
    """An empty folder once played the bundled pack (a folder holding the files one level
    down, or nothing yet, gave the bundled game without a word): now a ContentError."""
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(ContentError, match=r"holds none of the pack's files \(map.yaml, "
                       r"tables.yaml, turn_track.yaml, victory.yaml\), so it would change "
                       r"nothing; copy the files to change into it from .*eaw1940"):
        load_game("eaw1940", content=empty)


def test_valid_override_takes_effect_and_other_files_stay_bundled(eaw: Game,
                                                                  tmp_path: Path) -> None:
    tables = bundled("tables.yaml")
    assert tables["land_attack"]["rows"][-1] == {"min": 5, "max": 6, "result": "advance"}
    tables["land_attack"]["rows"] = [{"min": 1, "max": 2, "result": "no_result"},
                                     {"min": 3, "max": 6, "result": "advance"}]
    folder = pack(tmp_path, "tables.yaml", tables)
    game = load_game("eaw1940", content=folder)
    # the override is read...
    assert game.c.land_table[1:] == ("no_result", "no_result", "advance", "advance",  # type: ignore[attr-defined]
                                     "advance", "advance")
    # ...the other files are the bundled ones
    for part in ("map", "turn_track", "victory"):
        assert getattr(game.c, part) == getattr(eaw.c, part)  # type: ignore[attr-defined]
    assert game.c.air_table == eaw.c.air_table  # type: ignore[attr-defined]
    # and the bundled game is not affected
    assert load_game("eaw1940").c.land_table[3] == "no_result"  # type: ignore[attr-defined]

    # visible through the protocol: a forced 2 (+1 for Axis air control) = 3 advances
    # with the override and fails with the bundled table
    def western_after_attack(g: Game) -> str:
        state = new_game(g, seed=1, forced_dice=[2])
        apply(state, "attack:western")
        if "reroll" in [a.key for a in legal_actions(state)]:
            apply(state, "keep")
        front = view(state, "axis")["fronts"][0]
        return str(front["axis_location"])

    assert western_after_attack(game) == "Ruhr"
    assert western_after_attack(eaw) == "Berlin"


def test_override_file_errors_do_not_blame_bundled_files(tmp_path: Path) -> None:
    # a broken override of one file names that file, never a bundled one
    err = broken(tmp_path, "turn_track.yaml", set_in(("turns", 0, "ap"), 0))
    assert err.entry == "turns[0]" and err.field == "ap"
    assert str(BUNDLED) not in str(err)


def test_a_field_that_must_hold_fields_says_so_in_words() -> None:
    """pydantic's own words named its class ("Input should be a valid dictionary or instance
    of RollTable": an outside audit); the error says what the field must hold."""
    from pydantic import BaseModel

    from warroom.core.content import validate

    class Table(BaseModel):
        rows: list[int]
        note: str = ""

    class Pack(BaseModel):
        land_attack: Table

    with pytest.raises(ContentError) as err:
        validate(Pack, {"land_attack": 5}, "tables.yaml")
    text = str(err.value)
    assert "field land_attack: must be a mapping of fields (rows, note), not int" in text
    assert "instance of" not in text and "Table" not in text

