"""Clean errors (issue 10 item 8, tk part): a bad ``card`` option is refused in one line
(UnknownGameError); an empty or inconsistent table and a country (or any other component)
listed twice are ContentErrors naming the file and the entry."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from warroom.core import ContentError, Record, RecordError, UnknownGameError, new_game, replay
from warroom.games import load_game
from warroom.games.tk.components import BUNDLED

# -- the card option (15.32 Production Success [Type]) -------------------------------------------

BAD_CARDS: list[Any] = ["abc", "", " ", 99, 0, -45, "-45", 44, "44", 43, 50, True, False, 1.5,
                        "45.0", "²", [45], {"card": 45}, "9" * 5000, 10**100]


@pytest.mark.parametrize("card", BAD_CARDS, ids=[repr(c)[:20] for c in BAD_CARDS])
def test_a_card_that_is_no_production_directive_card_is_refused_in_one_line(card: Any) -> None:
    for event in ("15.32", "15.1", None):       # refused whatever the event
        with pytest.raises(UnknownGameError) as info:
            new_game(load_game("tk"), "1939", 0, {"event": event, "faction": "axis",
                                                   "card": card})
        msg = str(info.value)
        assert "\n" not in msg and len(msg) < 200
        assert "not a Production Directive card of 15.32" in msg
        assert "45, 46, 47, 48, 49" in msg


@pytest.mark.parametrize("card", [45, "46", " 47 ", 48, 49])
def test_a_production_directive_card_is_accepted(card: Any) -> None:
    s = new_game(load_game("tk"), "1939", 0, {"event": "15.32", "faction": "axis",
                                              "card": card})
    assert s.data["event"]["card"] == int(str(card))


def test_a_record_with_a_bad_card_cannot_start() -> None:
    with pytest.raises(RecordError, match="not a Production Directive card"):
        replay(load_game("tk"), Record("tk", "1939", {"event": "15.32", "card": "x"}))


# -- content -----------------------------------------------------------------------------------

def bundled(name: str) -> Any:
    return yaml.safe_load((BUNDLED / name).read_text(encoding="utf-8"))


def dup(section: str, i: int = 0) -> Callable[[Any], None]:
    def edit(data: Any) -> None:
        data[section].append(dict(data[section][i]))
    return edit


def set_table(path: tuple[Any, ...], value: Any) -> Callable[[Any], None]:
    def edit(data: Any) -> None:
        node = data
        for part in path[:-1]:
            node = node[part]
        node[path[-1]] = value
    return edit


def first_country(name: str) -> Callable[[Any], None]:
    def edit(data: Any) -> None:
        data["countries"].append(next(dict(c) for c in data["countries"] if c["name"] == name))
    return edit


CONTENT_CASES: list[tuple[str, Callable[[Any], None], str, str]] = [
    # (file, edit, entry named, words of the message)
    ("tables.yaml", set_table(("area_tables", 0, "rows"), []), "area_tables (Western)",
     "has no rows"),
    ("tables.yaml", set_table(("area_tables", 3, "rows"), []), "area_tables (Eastern)",
     "has no rows"),
    ("tables.yaml", set_table(("area_tables",), []), "area_tables", "no Area Table"),
    ("tables.yaml", set_table(("civil_war", "rows"), []), "civil_war", "has no rows"),
    ("tables.yaml", set_table(("diplomatic_incident", "rows"), []), "diplomatic_incident",
     "has no rows"),
    ("tables.yaml", set_table(("area_tables", 0, "rows", 0, "roll"), [9]),
     "area_tables (Western)", "which one die cannot give"),
    ("tables.yaml", dup("area_tables", 1), "area_tables (Northern)", "listed twice"),
    ("components.yaml", first_country("Poland"), "countries (Poland)", "listed twice"),
    ("components.yaml", first_country("Germany"), "countries (Germany)", "listed twice"),
    ("components.yaml", dup("hexes"), "hexes (Berlin)", "listed twice"),
    ("components.yaml", dup("ceded_lands"), "ceded_lands (ge_austria)", "listed twice"),
    ("components.yaml", dup("production_cards"), "production_cards (44)", "listed twice"),
    ("components.yaml", dup("partnership"), "partnership (Italy)", "listed twice"),
]


@pytest.mark.parametrize(("name", "edit", "entry", "words"), CONTENT_CASES,
                         ids=[f"{c[0]}:{c[2]}:{c[3]}" for c in CONTENT_CASES])
def test_broken_content_is_a_content_error_naming_file_and_entry(
        tmp_path: Path, name: str, edit: Callable[[Any], None], entry: str, words: str) -> None:
    data = bundled(name)
    edit(data)
    folder = tmp_path / "pack"
    folder.mkdir()
    (folder / name).write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_game("tk", content=folder)
    err = info.value
    assert err.file == str(folder / name)
    assert err.entry == entry
    assert words in str(err) and "\n" not in str(err)


def test_the_bundled_content_loads() -> None:
    assert load_game("tk").c.area


def _situation(name: str) -> dict[str, Any]:
    return copy.deepcopy(load_game("tk").c.situations[name].model_dump(mode="json"))


def _two_neutrality(sit: dict[str, Any]) -> str:
    sit["countries"]["Turkey"]["markers"] = ["neutrality", "neutrality"]
    return "at most one Neutrality marker"


def _held_twice(sit: dict[str, Any]) -> str:
    ids = [u["id"] for u in sit["units"]]
    sit["units"][0]["holding"] = [ids[2]]
    sit["units"][1]["holding"] = [ids[2]]
    return "is held by one unit at most"


def _holds_itself(sit: dict[str, Any]) -> str:
    sit["units"][0]["holding"] = [sit["units"][0]["id"]]
    return "cannot hold itself"


def _cycle(sit: dict[str, Any]) -> str:
    a, b = sit["units"][0], sit["units"][1]
    a["holding"], b["holding"] = [b["id"]], [a["id"]]
    return "form a cycle"


def _too_many_steps(sit: dict[str, Any]) -> str:
    u = next(u for u in sit["units"] if u.get("max_steps") is not None and not u["holding"])
    u["steps"] = u["max_steps"] + 1
    return "more than its max_steps"


def test_a_holding_units_steps_count_its_holding_box() -> None:
    """A multi-national unit's steps count the units in its Holding Box (model.move_unit):
    a full 1-step HQ holding a 1-step unit has 2 steps, max_steps 1, and is read (a review:
    the new steps check refused it)."""
    game = load_game("tk")
    sit = _situation("1940")
    holder, held = [u for u in sit["units"] if not u["holding"] and not u.get("holder")][:2]
    held_id = held["id"]
    held["steps"], holder["max_steps"] = 1, 1
    holder["holding"], holder["steps"] = [held_id], 2
    held["holder"] = holder["id"]
    state = new_game(game, "random", 0, {"situation_data": sit, "event": "15.1",
                                         "faction": "axis"})
    assert game.check_invariants(state) == []
    holder["steps"] = 3                                  # 2 of its own: too many
    with pytest.raises(ContentError, match="2 steps of its own, more than its max_steps 1"):
        new_game(game, "random", 0, {"situation_data": sit, "event": "15.1",
                                     "faction": "axis"})


@pytest.mark.parametrize("edit", [_two_neutrality, _held_twice, _holds_itself, _cycle,
                                  _too_many_steps])
def test_a_situation_the_invariants_would_refuse_is_refused_at_once(
        edit: Callable[[dict[str, Any]], str]) -> None:
    """A situation is held to what the game's invariants hold a state to, when it is read
    (a fuzzer: two Neutrality markers in Turkey, or two units holding one unit, were
    accepted, and check_invariants failed at once; 15.6's removal of Turkey's Neutrality
    then left it neutral). The bundled situations pass."""
    game = load_game("tk")
    for name in game.c.situations:
        state = new_game(game, "random", 0, {"situation_data": _situation(name),
                                             "event": "15.1", "faction": "axis"})
        assert game.check_invariants(state) == []
    sit = _situation("1940")
    words = edit(sit)
    with pytest.raises(ContentError, match=words):
        new_game(game, "random", 0, {"situation_data": sit, "event": "15.1", "faction": "axis"})
