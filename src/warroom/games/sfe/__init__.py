"""Struggle for Europe 1939-1945 — two players (Axis, Allies = Western + Soviet), card
destruction, split locations, battles with face-down cards, supply.

Modules follow the rulebook, each importing only those above it: ``rules`` (the rule
numbers), ``components`` (2-5: the content pack and its compiled tables), ``counters``
(3: counters as small ints and their accessors), ``tables`` (the game object's constant
tables and action catalogue), ``engine`` (control, supply, decks, victory points; the
per-state board facts), ``operations`` (7.1-7.2: what is possible now), ``victory`` (9),
``battle`` (8: its frames), ``turn`` (7: its frames), ``game`` (the protocol hooks).
"""

from warroom.games.sfe.engine import play_deck
from warroom.games.sfe.game import StruggleForEurope

__all__ = ["StruggleForEurope", "play_deck"]
