"""Shared fixtures."""

from __future__ import annotations

import pytest

from warroom.core.protocol import Game
from warroom.games import load_game


@pytest.fixture(scope="session")
def eaw() -> Game:
    return load_game("eaw1940")
