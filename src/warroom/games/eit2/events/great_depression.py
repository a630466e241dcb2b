"""Events of the great_depression era (card texts in content/cards.yaml)."""

from __future__ import annotations
