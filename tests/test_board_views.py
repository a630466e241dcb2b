"""The static board each game's view carries for the web map (issue 13): eaw1940's board
(fronts, locations, air spaces, sea zones, Malta, the layout, the turn track, the VP bands)
and tk's political situation (countries, hexes, Partnership Countries, Ceded Land markers,
Area Tables, cards, events), all from content: a content pack that moves an element moves it
in the view, and a malformed layout is a ContentError that names the file and the entry."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from warroom.core.errors import ContentError
from warroom.core.protocol import new_game, view
from warroom.games import load_game
from warroom.games.eaw1940.components import BUNDLED as EAW
from warroom.games.tk.components import BUNDLED as TK
from warroom.games.tk.engine import key as tk_key


def eaw_map() -> Any:
    return yaml.safe_load((EAW / "map.yaml").read_text(encoding="utf-8"))


def pack(tmp_path: Path, name: str, data: Any) -> Path:
    folder = tmp_path / "pack"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return folder


def eaw_view(content: Path | None = None) -> dict[str, Any]:
    st = new_game(load_game("eaw1940", content=content), None, 1)
    out: dict[str, Any] = json.loads(json.dumps(view(st, "axis")))
    return out


# -- eaw1940 ---------------------------------------------------------------------------------

def test_eaw1940_view_carries_the_whole_board_from_content() -> None:
    data = eaw_map()
    board = eaw_view()["map"]
    assert board["kind"] == "eaw1940"
    assert [f["route"] for f in board["fronts"]] == [f["route"] for f in data["fronts"]]
    assert [loc["name"] for loc in board["locations"]] == [loc["name"] for loc in data["locations"]]
    assert [a["id"] for a in board["air_spaces"]] == [a["id"] for a in data["air_spaces"]]
    assert [z["id"] for z in board["sea_zones"]] == [z["id"] for z in data["sea_zones"]]
    assert board["malta"]["front"] == "north_africa"
    flags = {loc["name"]: loc["flag_vp"] for loc in board["locations"] if loc.get("flag_vp")}
    assert flags == {"Paris": 2, "London": 8, "Alexandria": 3, "Moscow": 6}   # How to Win
    lay = board["layout"]
    assert lay["reconstructed"] is True      # the rulebook prints no map picture
    assert set(lay["locations"]) == {loc["name"] for loc in data["locations"]}
    assert {k: list(v) for k, v in lay["locations"].items()} == data["layout"]["locations"]
    assert set(lay["air_spaces"]) == {a["id"] for a in data["air_spaces"]}
    assert set(lay["sea_zones"]) == {z["id"] for z in data["sea_zones"]}
    for name, (x, y) in lay["locations"].items():
        assert 0 <= x <= lay["width"] and 0 <= y <= lay["height"], name
    assert len(board["turn_track"]) == 10 and board["turn_track"][0]["ap"] == 3
    assert [b["label"] for b in board["victory"]["bands"]] == [
        "allied_decisive_victory", "draw", "axis_victory"]


def test_eaw1940_board_is_a_fresh_copy_per_view() -> None:
    st = new_game(load_game("eaw1940"), None, 1)
    first = view(st, "axis")
    first["map"]["layout"]["locations"]["Paris"] = [0, 0]
    first["map"]["fronts"][0]["route"].append("Nowhere")
    again = view(st, "axis")
    assert again["map"]["layout"]["locations"]["Paris"] != [0, 0]
    assert "Nowhere" not in again["map"]["fronts"][0]["route"]


def test_a_content_pack_that_moves_a_location_moves_it_on_the_board(tmp_path: Path) -> None:
    data = eaw_map()
    data["layout"]["locations"]["Paris"] = [250, 300]
    data["layout"]["malta"] = [470, 540]
    data["layout"]["sea_zones"]["atlantic"]["label"] = [40, 250]
    board = eaw_view(pack(tmp_path, "map.yaml", data))["map"]
    assert board["layout"]["locations"]["Paris"] == [250, 300]
    assert board["layout"]["malta"] == [470, 540]
    assert board["layout"]["sea_zones"]["atlantic"]["label"] == [40, 250]
    assert eaw_view()["map"]["layout"]["locations"]["Paris"] != [250, 300]


def test_a_pack_without_a_layout_still_loads(tmp_path: Path) -> None:
    """The layout is optional: the web map then lays the fronts out as tracks."""
    data = eaw_map()
    del data["layout"]
    board = eaw_view(pack(tmp_path, "map.yaml", data))["map"]
    assert board["layout"] is None
    assert len(board["fronts"]) == 5


def _drop(path: tuple[Any, ...]) -> Callable[[Any], None]:
    def edit(data: Any) -> None:
        node = data
        for part in path[:-1]:
            node = node[part]
        del node[path[-1]]
    return edit


def _set(path: tuple[Any, ...], value: Any) -> Callable[[Any], None]:
    def edit(data: Any) -> None:
        node = data
        for part in path[:-1]:
            node = node[part]
        node[path[-1]] = value
    return edit


@pytest.mark.parametrize(("edit", "words", "entry"), [
    (_drop(("layout", "locations", "Paris")), "no place for the location 'Paris'",
     "layout.locations"),
    (_set(("layout", "locations", "Atlantis"), [10, 10]), "unknown location 'Atlantis'",
     "layout.locations"),
    (_set(("layout", "locations", "Paris"), [2000, 10]), "off the board",
     "layout.locations.Paris"),
    (_set(("layout", "locations", "Paris"), [-1, 10]), "off the board",
     "layout.locations.Paris"),
    (_set(("layout", "locations", "Paris"), "north of Lyon"), "Paris", None),
    (_set(("layout", "locations", "Paris"), [1, 2, 3]), "Paris", None),
    (_drop(("layout", "air_spaces", "eastern_europe")),
     "no place for the air space 'eastern_europe'", "layout.air_spaces"),
    (_set(("layout", "sea_zones", "baltic"), {"label": [1, 1], "area": [[[0, 0], [1, 0], [1, 1]]]}),
     "unknown sea zone 'baltic'", "layout.sea_zones"),
    (_set(("layout", "sea_zones", "atlantic", "area"), [[[0, 0], [10, 10]]]),
     "at least 3 points", "layout.sea_zones.atlantic"),
    (_set(("layout", "air_spaces", "western_europe", "label"), [500, 9000]), "off the board",
     "layout.air_spaces.western_europe"),
    (_set(("layout", "fronts", "pacific"), [10, 10]), "unknown front 'pacific'",
     "layout.fronts"),
    (_set(("layout", "malta"), [5000, 5]), "off the board", "layout"),
    (_set(("layout", "width"), 0), "width", None),
    (_set(("layout", "colour"), "red"), "colour", None),
])
def test_a_malformed_layout_is_a_content_error(tmp_path: Path, edit: Callable[[Any], None],
                                               words: str, entry: str | None) -> None:
    data = eaw_map()
    edit(data)
    folder = pack(tmp_path, "map.yaml", data)
    with pytest.raises(ContentError) as info:
        load_game("eaw1940", content=folder)
    err = info.value
    assert err.file == str(folder / "map.yaml")
    assert words in str(err), str(err)
    if entry is not None:
        assert err.entry == entry, err.entry


# -- tk ----------------------------------------------------------------------------------------

def tk_view(content: Path | None = None, seed: int = 8) -> dict[str, Any]:
    st = new_game(load_game("tk", content=content), None, seed)
    out: dict[str, Any] = json.loads(json.dumps(view(st, st.active)))
    return out


def test_tk_view_carries_the_political_board_from_content() -> None:
    comp = yaml.safe_load((TK / "components.yaml").read_text(encoding="utf-8"))
    tables = yaml.safe_load((TK / "tables.yaml").read_text(encoding="utf-8"))
    v = tk_view()
    board = v["map"]
    assert board["kind"] == "tk"
    assert [c["name"] for c in board["countries"]] == [c["name"] for c in comp["countries"]]
    assert [c["key"] for c in board["countries"]] == [tk_key("country", c["name"])
                                                     for c in comp["countries"]]
    assert set(v["situation"]["countries"]) == {c["name"] for c in board["countries"]}
    assert [p["country"] for p in board["partnership"]] == [p["country"]
                                                           for p in comp["partnership"]]
    assert [d["id"] for d in board["ceded_lands"]] == [d["id"] for d in comp["ceded_lands"]]
    assert [t["name"] for t in board["area_tables"]] == [t["name"]
                                                        for t in tables["area_tables"]]
    assert len(board["hexes"]) == len(comp["hexes"])
    assert board["hexes"]["hex:berlin"]["country"] == "Germany"
    assert len(board["events"]) == 40 and board["events"][0]["number"] == "15.1"
    assert [f["key"] for f in board["factions"]] == ["faction:axis", "faction:western",
                                                     "faction:soviet"]


def test_tk_board_keys_are_the_action_keys() -> None:
    """Every legal action of kind country/partner/land/table/faction/card names a box of the
    board by its key, and every hex choice a hex of the board (so the panel finds it)."""
    game = load_game("tk")
    board = tk_view()["map"]
    boxes = {c["key"] for c in board["countries"]} | {p["key"] for p in board["partnership"]} \
        | {d["key"] for d in board["ceded_lands"]} | {t["key"] for t in board["area_tables"]} \
        | {f["key"] for f in board["factions"]} | {c["key"] for c in board["production_cards"]}
    for a in game.catalogue:
        if a.kind in ("country", "land", "table", "faction", "card"):
            assert a.key in boxes, a.key
        elif a.kind == "partner":
            assert f"partner:{a.args[0]}" in boxes, a.key
        elif a.kind == "hex":
            assert a.key in board["hexes"], a.key


def test_a_tk_pack_that_changes_an_area_table_changes_its_box(tmp_path: Path) -> None:
    tables = yaml.safe_load((TK / "tables.yaml").read_text(encoding="utf-8"))
    tables["area_tables"][0]["rows"][0]["result"] = "Sweden"
    board = tk_view(pack(tmp_path, "tables.yaml", tables))["map"]
    assert board["area_tables"][0]["rows"][0] == {"roll": [1], "result": "Sweden"}
    assert tk_view()["map"]["area_tables"][0]["rows"][0]["result"] != "Sweden"
