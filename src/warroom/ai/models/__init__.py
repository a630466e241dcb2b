"""Trained networks shipped with warroom (issue 16): ``models/GAME.pt`` and beside it
``models/GAME.json``, which records the exact command, seed and commit that trained it and
what it measured. ``net:GAME`` names a shipped model; ``net:PATH`` any model file.

This module only finds files: it never imports PyTorch.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

MODELS_DIR = Path(__file__).parent


def bundled_models() -> dict[str, Path]:
    """The shipped models by name (the game id, or ``GAME-SCENARIO``)."""
    return {p.stem: p for p in sorted(MODELS_DIR.glob("*.pt"))}


def model_card(name: str) -> dict[str, Any]:
    """What the shipped model ``name`` says about itself (its ``.json``), or {}."""
    card = MODELS_DIR / f"{name}.json"
    if not card.is_file():
        return {}
    data: dict[str, Any] = json.loads(card.read_text(encoding="utf-8"))
    return data


def model_path(text: str) -> Path:
    """A shipped model's file for a bare name (``eaw1940``), else ``text`` as a path."""
    bundled = bundled_models()
    if text in bundled:
        return bundled[text]
    return Path(text).expanduser()
