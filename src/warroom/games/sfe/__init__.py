"""Struggle for Europe 1939-1945 — two players (Axis, Allies = Western + Soviet), card
destruction, split locations, battles with face-down cards, supply.

Modules follow the rulebook: ``components`` (2-5: board, counters, cards, set-up
content), ``engine`` (control, supply, decks, victory points), ``flow`` (7: the turn and
its operations), ``battle`` (8), ``game`` (the protocol, views, 9: victory). ``rules``
numbers the sections.
"""

from warroom.games.sfe.game import StruggleForEurope

__all__ = ["StruggleForEurope"]
