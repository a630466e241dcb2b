"""Perft regression files (python-chess's examples/perft): the number of legal action
sequences from set positions, written from the code before the one-engine redesign."""

from __future__ import annotations

from pathlib import Path

import pytest

from warroom.core.perft import read_perft
from warroom.games import game_ids, load_game

PERFT = Path(__file__).parent / "perft"
CASES = [(gid, case) for gid in game_ids() for case in read_perft(PERFT / f"{gid}.perft")]


def test_every_game_has_a_perft_file() -> None:
    assert sorted(p.stem for p in PERFT.glob("*.perft")) == sorted(game_ids())


@pytest.mark.parametrize(("gid", "case"), CASES, ids=[f"{g}-{c.line()}" for g, c in CASES])
def test_perft(gid: str, case) -> None:  # type: ignore[no-untyped-def]
    assert case.run(load_game(gid)) == case.nodes


@pytest.mark.parametrize("line", ["1920 x - 2 10", "1920 3 1,a 2 10", "1920 3 - 2 ten"])
def test_a_malformed_perft_line_is_named(tmp_path: Path, line: str) -> None:
    """A value that is no number is refused naming the file and line, as a line of the
    wrong length is (int()'s own ValueError came out: a review)."""
    from warroom.core.errors import WarroomError
    path = tmp_path / "x.perft"
    path.write_text(f"# cases\n{line}\n", encoding="utf-8")
    with pytest.raises(WarroomError, match=r"x\.perft:2: seed, depth and nodes"):
        read_perft(path)
