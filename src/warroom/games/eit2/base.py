"""The rules' side of the game object: the loaded content, the fixed action catalogue and
the id tables the decision frames answer with. :class:`EitGame` is what every frame handler
is typed with (``Decision[EitGame]``); :mod:`.game` completes it with the protocol hooks.
"""

from __future__ import annotations

from pathlib import Path

from warroom.core.actions import ActionCatalogue
from warroom.core.content import ContentPack
from warroom.core.protocol import Game
from warroom.games.eit2.components import Components, load_components
from warroom.games.eit2.events.registry import check_events
from warroom.games.eit2.map import BUNDLED

WORDS = ("op_place", "op_check", "event_first", "pass")
OPERATIONS = {"op_place": ("Operations: place Support Points (6.1)", "them"),
              "op_check": ("Operations: make a Support Check (6.2)", "it")}
"""The two ways to use a card's OPs: what each does, and the pronoun of the catalogue label's
clause on an opponent's Event, which comes after them (5.2)."""


def build_catalogue(c: Components) -> ActionCatalogue:
    """Every action the game can offer, in a fixed order. Keys name content: cards by printed
    number (``event:21``), spaces by content id (``space:bavaria``), tracks by id
    (``track:germany``); ``value`` carries the number, the space or the track index. Records
    of the time spaces were named by map index (``space:27``) still load (aliases), and so
    does ``event_after`` (never legal then; read as ``op_place``)."""
    entries: list[tuple[str, str] | tuple[str, str, int]] = []
    for n in c.card_numbers:
        card = c.cards[n]
        if card.scoring:
            entries.append((f"score:{n}", f"Play {card.title} (scoring)", n))
        else:
            entries.append((f"event:{n}", f"Play {card.title} as an Event", n))
            entries.append((f"ops:{n}", f"Play {card.title} for Operations ({card.ops} OP"
                            f"{'' if card.ops == 1 else 's'})", n))
            entries.append((f"rearm:{n}", f"Play {card.title} for a Rearmament attempt", n))
    entries += [(f"space:{c.slugs[s]}", c.names[s], s) for s in range(len(c.names))]
    entries += [(f"track:{c.track_ids[t]}", f"{c.track_names[t]} Rearmament track", t)
                for t in range(len(c.track_ids))]
    entries += [(f"card:{n}", f"Card {n}: {c.cards[n].title}", n) for n in c.card_numbers]
    entries += [(f"n:{k}", str(k), k) for k in range(6)]
    entries += [(key, f"{what}; an opponent's Event on the card comes after {it} (5.2)")
                for key, (what, it) in OPERATIONS.items()]
    entries += [("event_first", "Resolve the opponent's Event before the Operations (5.2)"),
                ("pass", "Pass / done")]
    aliases = {f"space:{s}": f"space:{c.slugs[s]}" for s in range(len(c.names))}
    # 5.2 "before or after": choosing the Operations (op_place / op_check) puts the Event
    # after them; the separate event_after of earlier versions was never legal and is read
    # as the placement of SP with the Event after
    aliases["event_after"] = "op_place"
    return ActionCatalogue(entries, aliases=aliases)


class EitGame(Game):
    """Europe in Turmoil II's content and action ids (the protocol hooks are in
    :class:`warroom.games.eit2.game.EuropeInTurmoil2`)."""

    def __init__(self, content: Path | None = None) -> None:
        pack = ContentPack(BUNDLED, content)
        self.c: Components = load_components(content, pack)
        self.content_dir = content
        self.content_read = pack.read
        c = self.c
        check_events(c)
        self.catalogue = build_catalogue(c)
        key = self.catalogue.by_key
        self.event_id: dict[int, int] = {}
        self.ops_id: dict[int, int] = {}
        self.rearm_id: dict[int, int] = {}
        self.score_id: dict[int, int] = {}
        for n in c.card_numbers:
            if c.cards[n].scoring:
                self.score_id[n] = key(f"score:{n}").id
            else:
                self.event_id[n] = key(f"event:{n}").id
                self.ops_id[n] = key(f"ops:{n}").id
                self.rearm_id[n] = key(f"rearm:{n}").id
        self.space_id = [key(f"space:{c.slugs[s]}").id for s in range(len(c.names))]
        self.track_id = [key(f"track:{t}").id for t in c.track_ids]
        self.card_id = {n: key(f"card:{n}").id for n in c.card_numbers}
        self.number_id = [key(f"n:{k}").id for k in range(6)]
        self.word_id = {w: key(w).id for w in WORDS}
