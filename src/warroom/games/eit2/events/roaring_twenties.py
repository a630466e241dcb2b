"""Events of the roaring_twenties era (card texts in content/cards.yaml)."""

from __future__ import annotations
