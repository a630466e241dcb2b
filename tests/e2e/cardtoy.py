"""The toy game of tests/toy.py with secret hands of cards, for the pages' hand panel and
the hot-seat hand-off: each role's view holds its own hand (every field a real card has:
number, title, side, OPs, era, event text, reconstructed mark) and only the size of the
other's."""

from __future__ import annotations

from typing import Any

from toy import Toy
from warroom.core import State

CARDS: list[dict[str, Any]] = [
    {"number": 1, "title": "Germany Scoring", "side": "neutral", "ops": None, "era": "Early",
     "text": "Score Germany. Must be played this turn.", "scoring": "Germany"},
    {"number": 10, "title": "March on Rome", "side": "RW", "ops": 4, "era": "Early",
     "text": "Place 3 RW SP in Rome; the LW loses 1 Moderation.", "mark": None},
    {"number": 14, "title": "Tomas Masaryk", "side": "LW", "ops": 2, "era": "Early",
     "text": "Remove 2 RW SP from Czechoslovakia.", "mark": "★ (reconstructed: the card "
     "text was cut in the scan)"},
    {"number": 20, "title": "Mein Kampf", "side": "RW", "ops": 2, "era": "Mid",
     "text": "+1 to RW Support Checks in Germany this turn.", "ongoing": True},
    {"number": 37, "title": "Pope Pius XI", "side": "neutral", "ops": 2, "era": "Mid",
     "text": "The phasing player makes a Support Check with a +2 modifier in Italy."},
    {"number": 46, "title": "Popular Front", "side": "LW", "ops": 3, "era": "Late",
     "text": "Place 2 LW SP in France and 2 in Spain.", "mark": "reconstructed"},
]


class CardToy(Toy):
    id = "cardtoy"
    title = "Card toy"

    def hand(self, st: State[Any], role: str) -> list[dict[str, Any]]:
        first = (st.data["secret"][role] + (0 if role == "a" else 3)) % len(CARDS)
        return [CARDS[(first + i) % len(CARDS)] for i in range(3)]

    def view(self, st: State[Any], role: str | None) -> dict[str, Any]:
        out = super().view(st, role)
        if role is not None:
            out["hand"] = self.hand(st, role)
        out["hand_sizes"] = {"a": 3, "b": 3}
        return out


CARD_TOY = CardToy()
