"""Events of the appeasement era (card texts in content/cards.yaml)."""

from __future__ import annotations
