"""Europe At War 1940: Solitaire — one player (Axis) against a dice-driven Allied BOT.

Modules follow the rulebook's sections: ``components`` (Game Board, Components),
``setup`` (2), ``sequence`` (3), ``actions`` (4.2, the Axis decisions), ``bot`` (4.3, the
Allied Action Chart), ``combat`` (5-9), ``victory`` (10). ``rules`` numbers the sections.
"""

from warroom.games.eaw1940.game import EuropeAtWar1940

__all__ = ["EuropeAtWar1940"]
