"""Edge cases of Europe At War 1940 decided in warroom's reconstruction."""

from __future__ import annotations

from typing import Any

import pytest

from warroom.core import (
    ContentError,
    Rng,
    apply,
    determinize,
    legal_actions,
    new_game,
    render,
    result,
    view,
)
from warroom.games import load_game
from warroom.games.eaw1940.components import BUNDLED

W, NA, E, CS, B = range(5)


def test_fronts_entering_while_the_allies_occupy_berlin_start_in_it(eaw: Any) -> None:
    """1.4 with 2.1's placement: a front entering while another front's Allied marker holds
    Berlin starts as 2.1 places fronts (its Allied marker on the next location, never in
    Berlin). Before, it started outside with its own Allied marker in Berlin, so the Axis
    Western front could win Berlin back ("the Allies retreat to Ruhr") and still lose by
    10.1 that turn: one Berlin held by both sides (an outside audit)."""
    s = new_game(eaw, seed=1)
    d = s.data
    d["turn"] = 5
    d["ap"] = 1
    d["axis"][W] = -1          # the Allies occupy Berlin (before turn 6: no victory yet)
    s.invalidate()
    # end turn 5: BOT result 5 (naval offensive) ignored: Allies hold both seas, Malta active
    d["forced"] = [5]
    apply(s, "end_turn")
    assert d["turn"] == 6
    assert d["axis"][E] == 0 and d["axis"][CS] == 0
    assert ("The Axis Eastern front enters play in Berlin, facing the Allies in Bialystok "
            "(the Allied Western front still holds Berlin) [1.4]") in [render(e) for e in s.log]
    v = view(s)
    assert v["fronts"][E]["allied_location"] == "Bialystok"
    assert v["allies_occupy"] == ["Berlin"]
    # after placing turn 6's new tank: the Western front wins Berlin back, and with it the
    # game goes on (the Allies hold Berlin no more), whatever the new fronts did
    apply(s, "place_tank:eastern")
    assert "attack:western" in [a.key for a in legal_actions(s)]
    d["forced"] = [6]
    apply(s, "attack:western")
    assert d["axis"][W] == 0
    assert view(s)["allies_occupy"] == []
    d["forced"] = [5]           # the BOT's roll: ignored, as above
    while s.active is not None and d["turn"] == 6:
        apply(s, "end_turn")
    assert result(s) is None and d["turn"] == 7


def test_fronts_entering_normally_start_in_berlin(eaw: Any) -> None:
    s = new_game(eaw, seed=1)
    d = s.data
    d["turn"] = 5
    d["ap"] = 1
    s.invalidate()
    d["forced"] = [5]
    apply(s, "end_turn")
    assert d["axis"][E] == 0 and d["axis"][CS] == 0
    assert ("The Axis Eastern front enters play in Berlin, facing the Allies in Bialystok "
            "[1.4]") in [render(e) for e in s.log]


def test_victory_bands_with_a_gap_are_a_content_error(tmp_path: Any) -> None:
    text = (BUNDLED / "victory.yaml").read_text().replace("  - min: 12\n", "  - min: 13\n")
    (tmp_path / "victory.yaml").write_text(text)
    with pytest.raises(ContentError, match=r"victory.yaml.*bands\[1\] \(draw\).*min"):
        load_game("eaw1940", tmp_path)


def test_a_pack_without_the_ids_the_rules_name_is_a_content_error(tmp_path: Any) -> None:
    """7.2 names the Atlantic and 2.1 the Western front: a pack renaming their ids would lose
    those rules silently, so it is refused with what to keep."""
    text = (BUNDLED / "map.yaml").read_text()
    (tmp_path / "map.yaml").write_text(text.replace("id: atlantic", "id: north_atlantic")
                                       .replace("port: atlantic", "port: north_atlantic"))
    with pytest.raises(ContentError, match=r"map.yaml.*'atlantic', which 7.2's -1 DRM names"):
        load_game("eaw1940", tmp_path)
    (tmp_path / "map.yaml").write_text(text.replace("- id: western\n", "- id: west\n")
                                       .replace("front: western", "front: west"))
    with pytest.raises(ContentError, match=r"'western', which 2.1's first tank names"):
        load_game("eaw1940", tmp_path)


def test_determinize_leaves_explicit_chance_mode(eaw: Any) -> None:
    s = new_game(eaw, seed=2, chance=[5])
    copy = determinize(s, "axis", Rng(1))
    assert "explicit_chance" not in copy.data and "chance_queue" not in copy.data
    apply(copy, "attack:western")   # rolls from the reseeded RNG, no ChanceNeeded
    assert s.data["explicit_chance"] is True
