"""Struggle for Europe's browser map: the view's ``map`` key is the board's geometry from the
content pack (every location at its x/y with its halves, every move and naval line), the
same for every role and in every state (the board is printed: nothing hidden); a content
pack that moves a location moves it on the map; bad positions are a ContentError naming the
file, the location and the field; a pack without positions gets an automatic layout."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from warroom.core.errors import ContentError
from warroom.core.protocol import apply, determinize, legal_actions, new_game, view
from warroom.core.rng import Rng
from warroom.games import load_game
from warroom.games.sfe.components import BUNDLED, SOV, WEST
from warroom.games.sfe.drawing import GAP, half_sides

G = load_game("sfe")
RAW: dict[str, Any] = yaml.safe_load((BUNDLED / "map.yaml").read_text(encoding="utf-8"))


def _pack(tmp_path: Path, edit: Any) -> Path:
    """A content folder whose map.yaml is the bundled one changed by ``edit(data)``."""
    data = json.loads(json.dumps(RAW))
    edit(data)
    (tmp_path / "map.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return tmp_path


def _loc(data: dict[str, Any], name: str) -> dict[str, Any]:
    found: dict[str, Any] = next(x for x in data["locations"] if x["name"] == name)
    return found


def test_the_view_map_is_the_content_geometry() -> None:
    st = new_game(G, None, 1)
    m = view(st, "axis")["map"]
    assert m["kind"] == "sfe" and m["layout"] == "content" and m["reconstructed"] is True
    assert (m["width"], m["height"]) == (RAW["canvas"]["width"], RAW["canvas"]["height"])
    assert m["box"] == {"width": RAW["canvas"]["box_width"],
                        "height": RAW["canvas"]["box_height"]}
    assert len(m["locations"]) == len(RAW["locations"]) == 49
    for drawn, raw, state in zip(m["locations"], RAW["locations"], view(st, "axis")["locations"],
                                 strict=True):
        assert drawn["id"] == drawn["name"] == raw["name"] == state["name"]
        assert (drawn["x"], drawn["y"]) == (raw["x"], raw["y"])
        assert [h["name"] for h in drawn["halves"]] == raw["halves"]
        assert drawn["vp"] == raw.get("vp", 0) and drawn["supply"] == raw.get("supply")
        assert drawn["box"] == raw.get("box", False)
    assert len(m["lines"]) == len(RAW["lines"]) == 78
    for drawn, raw in zip(m["lines"], RAW["lines"], strict=True):
        for key in ("a", "a_half", "b", "b_half", "kind"):
            assert drawn[key] == raw[key]
        assert drawn["one_way"] == raw.get("one_way", False)
        assert (drawn["defense_a"], drawn["defense_b"]) == (raw.get("defense_a", 0),
                                                            raw.get("defense_b", 0))
        assert drawn["active_from_deck"] == raw.get("active_from_deck", 1)
        assert drawn["via"] == raw.get("via", [])
    # the ids are the arguments of the loc: actions, so the map can play them
    loc_keys = {a.key for a in G.catalogue if a.kind == "loc"}
    assert loc_keys == {f"loc:{x['id']}" for x in m["locations"]}
    # boxes on the canvas, none on another
    bw, bh = m["box"]["width"], m["box"]["height"]
    xy = [(x["x"], x["y"]) for x in m["locations"]]
    for i, (x1, y1) in enumerate(xy):
        assert bw / 2 <= x1 <= m["width"] - bw / 2 and bh / 2 <= y1 <= m["height"] - bh / 2
        for x2, y2 in xy[:i]:
            assert abs(x1 - x2) >= bw + GAP or abs(y1 - y2) >= bh + GAP


def test_geography_is_recognisable() -> None:
    """West is left, north is up: a few pairs no wargamer would accept the other way."""
    m = {x["name"]: (x["x"], x["y"]) for x in view(new_game(G, None, 1))["map"]["locations"]}
    for west, east in (("London", "Berlin"), ("Paris", "Munich"), ("Berlin", "Warsaw"),
                       ("Warsaw", "Minsk"), ("Minsk", "Moscow"), ("Madrid", "Rome"),
                       ("Tripoli", "Alexandria"), ("USA", "London")):
        assert m[west][0] < m[east][0], (west, east)
    for north, south in (("Oslo", "Copenhagen"), ("Hamburg", "Munich"), ("Leningrad", "Moscow"),
                         ("Kiev", "Odessa"), ("Rome", "Naples"), ("Sofia", "Athens"),
                         ("Paris", "Marseilles"), ("Marseilles", "Algiers")):
        assert m[north][1] < m[south][1], (north, south)


def test_the_map_is_the_same_for_every_role_in_every_state_and_for_twins() -> None:
    """Nothing in the map depends on the state or the role, so it can carry no secret; the
    twins ``determinize`` makes for each role show the same map and the same locations."""
    st = new_game(G, None, 4)
    first = view(st, None)["map"]
    rnd = random.Random(4)
    for step in range(120):
        if st.active is None:
            break
        if step % 10 == 0:
            for role in G.roles:
                mine = view(st, role)
                assert mine["map"] == first
                twin = view(determinize(st, role, Rng(step)), role)
                assert twin["map"] == first
                assert twin["locations"] == mine["locations"]
        apply(st, rnd.choice(legal_actions(st)))
    json.dumps(view(st, "allies"))       # plain JSON all through


def test_each_view_gets_its_own_copy_of_the_map() -> None:
    st = new_game(G, None, 1)
    v = view(st, "axis")
    v["map"]["locations"][0]["x"] = -1
    v["map"]["lines"].clear()
    again = view(st, "axis")["map"]
    assert again["locations"][0]["x"] == RAW["locations"][0]["x"]
    assert len(again["lines"]) == 78


def test_a_content_pack_that_moves_a_location_moves_it_on_the_map(tmp_path: Path) -> None:
    # Paris to an empty stretch of the Atlantic, clear of every box
    pack = _pack(tmp_path, lambda d: _loc(d, "Paris").update(x=150, y=590))
    g = load_game("sfe", content=pack)
    m = {x["name"]: x for x in view(new_game(g, None, 1), "axis")["map"]["locations"]}
    assert (m["Paris"]["x"], m["Paris"]["y"]) == (150, 590)
    assert (m["Sedan"]["x"], m["Sedan"]["y"]) == (_loc(RAW, "Sedan")["x"], _loc(RAW, "Sedan")["y"])
    # the bundled game is untouched
    bundled = {x["name"]: x for x in view(new_game(G, None, 1))["map"]["locations"]}
    assert (bundled["Paris"]["x"], bundled["Paris"]["y"]) == (300, 500)
    # and the content listing shows the pack's position
    assert next(x for x in g.content_json()["locations"]
                if x["name"] == "Paris")[("x")] == 150


BAD: list[tuple[str, Any, str]] = [
    ("not a number", lambda d: _loc(d, "Paris").update(x="far west"), "Paris"),
    ("negative", lambda d: _loc(d, "Paris").update(y=-4), "Paris"),
    ("off the canvas", lambda d: _loc(d, "Moscow").update(x=5000), "off the canvas"),
    ("box over the edge", lambda d: _loc(d, "Moscow").update(y=3), "off the canvas"),
    ("x without y", lambda d: _loc(d, "Kiev").pop("y"), "both x and y"),
    ("some placed, some not", lambda d: [_loc(d, n).pop(k) for n in ("Kiev", "Rome")
                                         for k in ("x", "y")], "missing: Rome, Kiev"),
    ("on top of another", lambda d: _loc(d, "Paris").update(x=425, y=445),
     "overlaps the box of Paris"),
    ("a bend off the canvas", lambda d: d["lines"][0].update(via=[[10, 99999]]),
     "off the canvas"),
    ("a bend that is no point", lambda d: d["lines"][0].update(via=[[10]]), "via"),
    ("a bad canvas", lambda d: d["canvas"].update(width="wide"), "canvas"),
]


@pytest.mark.parametrize(("why", "edit", "said"), BAD, ids=[b[0] for b in BAD])
def test_bad_positions_are_content_errors(tmp_path: Path, why: str, edit: Any,
                                          said: str) -> None:
    pack = _pack(tmp_path, edit)
    with pytest.raises(ContentError) as err:
        load_game("sfe", content=pack)
    text = str(err.value)
    assert "map.yaml" in text and said in text, text


def test_a_pack_without_positions_gets_an_automatic_layout(tmp_path: Path) -> None:
    def strip(d: dict[str, Any]) -> None:
        for loc in d["locations"]:
            loc.pop("x")
            loc.pop("y")
    g = load_game("sfe", content=_pack(tmp_path, strip))
    m = view(new_game(g, None, 1))["map"]
    assert m["layout"] == "automatic" and len(m["locations"]) == 49
    bw, bh = m["box"]["width"], m["box"]["height"]
    xy = [(x["x"], x["y"]) for x in m["locations"]]
    assert len(set(xy)) == 49
    for i, (x1, y1) in enumerate(xy):
        assert bw / 2 <= x1 <= m["width"] - bw / 2 and bh / 2 <= y1 <= m["height"] - bh / 2
        for x2, y2 in xy[:i]:
            assert abs(x1 - x2) >= bw + GAP or abs(y1 - y2) >= bh + GAP
    # neighbours stay near: the mean line is much shorter than the mean distance
    at = dict(zip([x["name"] for x in m["locations"]], xy, strict=True))

    def d(a: str, b: str) -> float:
        return float(((at[a][0] - at[b][0]) ** 2 + (at[a][1] - at[b][1]) ** 2) ** 0.5)
    joined = [d(ln["a"], ln["b"]) for ln in m["lines"]]
    names = list(at)
    every = [d(a, b) for i, a in enumerate(names) for b in names[:i]]
    assert sum(joined) / len(joined) < 0.6 * sum(every) / len(every)
    # the same pack lays out the same way every time
    assert view(new_game(load_game("sfe", content=tmp_path), None, 2))["map"] == m


@pytest.mark.parametrize(("halves", "sides"), [
    (("north", "south"), ("top", "bottom")), (("south", "north"), ("bottom", "top")),
    (("west", "east"), ("left", "right")), (("east", "west"), ("right", "left")),
    (("front", "back"), ("left", "right")),
])
def test_half_sides(halves: tuple[str, str], sides: tuple[str, str]) -> None:
    assert half_sides(halves) == sides


def test_the_bundled_pack_is_not_copied_by_a_pack_elsewhere(tmp_path: Path) -> None:
    """A pack holding only cards keeps the bundled map (and its positions)."""
    shutil.copy(BUNDLED / "cards.yaml", tmp_path / "cards.yaml")
    g = load_game("sfe", content=tmp_path)
    assert view(new_game(g, None, 1))["map"] == view(new_game(G, None, 1))["map"]


def test_an_allied_card_builds_one_strength_of_either_nation(tmp_path: Path) -> None:
    """4 and 7.2.1: an Allied card shows three army icons, two Western and one Soviet, and
    "ONLY ONE ARMY MAY BE BUILT OF THE STRENGTH SHOWN, either a Western Allied counter ...
    or a Soviet Allied counter": a pack giving a card a strength per nation, or one
    nation's icon only, is refused, and every bundled Allied build card builds either
    nation at one strength (22 did not: an outside audit)."""
    text = (BUNDLED / "cards.yaml").read_text(encoding="utf-8")
    for wrong in ("build_western: 2, build_soviet: 1", "build_western: 2"):
        bad = text.replace("build_western: 2, build_soviet: 2", wrong, 1)
        (tmp_path / "cards.yaml").write_text(bad, encoding="utf-8")
        with pytest.raises(ContentError, match="one strength, either nation"):
            load_game("sfe", content=tmp_path)
    c = G.c
    for x in range(len(c.card_ids)):
        b = c.card_build[x]
        if c.card_side[x] == 1 and (b[WEST] or b[SOV]):
            assert b[WEST] == b[SOV], c.card_ids[x]
