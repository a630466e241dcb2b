"""Shared fixtures."""

from __future__ import annotations

from pathlib import Path

import pytest

from warroom.core.protocol import Game
from warroom.games import load_game


@pytest.fixture(scope="session")
def eaw() -> Game:
    return load_game("eaw1940")


@pytest.fixture(autouse=True)
def _user_data_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The records ``warroom play`` keeps at game over or on quit go to the test's
    temporary folder (platformdirs reads XDG_DATA_HOME), never to the user's data folder."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
