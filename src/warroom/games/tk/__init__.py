"""Totaler Krieg! political events (rule 15): the political situation and the 40 events."""

from warroom.games.tk.game import TotalerKrieg

__all__ = ["TotalerKrieg"]
