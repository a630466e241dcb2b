"""Whole games played through the terminal loop by a scripted player who reads each screen
and types names, never numbers; the screens are checked as a player would read them."""

from __future__ import annotations

import io
import json
import os
import random
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from warroom.ai import make_bot
from warroom.cli.choices import fold
from warroom.cli.loop import PlayLoop, Terminal
from warroom.cli.records import parse_seats
from warroom.cli.render import hand_cards
from warroom.core.protocol import prompt, role_title, view
from warroom.core.record import Record, Session, replay
from warroom.games import load_game

CELL = re.compile(r"^\s*(\d+[a-z]*) (.+?)\s*$")


def title_of(card: dict[str, Any]) -> str:
    return str(card.get("title") or card["name"])


def text_of(card: dict[str, Any]) -> str:
    """The card's event text (eit2 ``event``, sfe ``event_text``)."""
    return str(card.get("event_text") or card.get("event") or "")


class ScriptedPlayer:
    """Reads what the loop printed since its last answer and answers like a person."""

    def __init__(self, game_id: str, seed: int, tmp: Path, scoring: float = 0.5) -> None:
        self.scoring = scoring
        self.rng = random.Random(seed)
        self.buf = io.StringIO()
        self.console = Console(file=self.buf, width=100, color_system=None,
                               force_terminal=False, highlight=False, soft_wrap=True)
        self.pos = 0
        self.tmp = tmp
        self.game_id = game_id
        self.session: Session | None = None
        self.menu: list[tuple[str, str]] = []       # (number, text) of the last menu
        self.pending: str | None = None             # the entry being typed
        self.asked_keys = False
        self.decisions = 0
        self.handoffs: list[str] = []               # the screens right after a hand-off
        self.after_handoff: str | None = None       # seat that was just handed the game
        self.hand_checked: set[str] = set()
        self.screens: list[str] = []
        self.over = 0
        self.menu_lines = 0
        self.by_name = 0
        self.hidden_checked = 0
        self.hand_asked: str | None = None

    def new_text(self) -> str:
        text = self.buf.getvalue()[self.pos:]
        self.pos = len(self.buf.getvalue())
        self.screens.append(text)
        return text

    # -- reading a screen ------------------------------------------------------------
    def parse_menu(self, screen: str, seat: str) -> None:
        lines = screen.splitlines()
        heads = [i for i, line in enumerate(lines)
                 if line.startswith(f"{role_title(seat)} to decide — ")]
        if not heads:
            return
        st = self.session.state if self.session else None
        assert st is not None
        asked = prompt(st)
        assert asked is not None
        i = heads[-1]
        header = lines[i]
        while f"[{asked.rule}]" not in header and i + 1 < len(lines):
            i += 1
            header += " " + lines[i].strip()
        # the core prompt, with its rule, directly above the choices (a long line may wrap
        # after a hyphen: "Franco-" / "Soviet")
        def flat(x: str) -> str:
            return re.sub(r"-\s+", "-", " ".join(x.split()))
        assert flat(f"{asked.text} [{asked.rule}]") in flat(header)
        menu: list[tuple[str, str]] = []
        for line in lines[i + 1:]:
            if not line.startswith("  ") and not re.match(r"^ \S.*:$", line):
                break
            assert len(line) <= 100, f"menu line over 100 columns: {line!r}"
            self.menu_lines += 1
            if re.match(r"^ \S.*:$", line) or line.startswith("  (n)"):
                continue
            for cell in line.split(" │ "):
                m = CELL.match(cell)
                if m:
                    menu.append((m.group(1), m.group(2)))
        assert menu, screen
        self.menu = menu
        self.asked_keys = False

    @staticmethod
    def name_of(text: str) -> str:
        return re.split(r"\s*[(\[]", text, maxsplit=1)[0].strip()

    def typed_name(self, entry: str) -> str | None:
        """The shortest prefix (3+ letters) of the entry's name that no other entry's
        name starts with, in a random case; None when no prefix is unique."""
        name = self.name_of(entry)
        others = [fold(self.name_of(t)) for _, t in self.menu if t != entry]
        for n in range(min(3, len(name)), len(name) + 1):
            prefix = fold(name[:n])
            if prefix.endswith(" "):
                continue
            if not any(o.startswith(prefix) for o in others):
                word = name[:n]
                return word.upper() if self.rng.random() < 0.3 else word.lower()
        return None

    def check_hand(self, seat: str, screen: str) -> None:
        st = self.session.state if self.session else None
        assert st is not None
        cards = hand_cards(self.game_id, view(st, seat))
        assert cards
        flat = " ".join(screen.split())
        for card in cards:
            assert title_of(card) in screen, (title_of(card), screen)
            text = text_of(card)
            if text:
                assert " ".join(text.split()[:3]) in flat, text

    # -- answering -----------------------------------------------------------------------
    def __call__(self, ask: str) -> str:
        screen = self.new_text()
        st = self.session.state if self.session else None
        assert st is not None
        if ask == "":                                   # a hand-off: "Pass to RW"
            assert re.search(r"Pass to \w+ — press Enter", screen)
            self.after_handoff = st.active
            return ""
        if ask.endswith("Overwrite it? [y/N] "):
            return "y"
        if ask == "> ":                                 # the game is over
            self.over += 1
            if self.over == 1:
                assert "Game over — " in screen and "A record of this game is kept in" in screen
                return f"save {self.tmp / 'finished' / 'game.json'}"
            assert "saved to" in screen
            return "QUIT"
        assert ask.endswith("> "), ask
        seat = st.active
        assert seat is not None and ask == f"{role_title(seat)}> "
        if self.after_handoff == seat:
            # twin-state check: after the hand-off, the screen names none of the other
            # seat's cards that this seat may not know of
            self.handoffs.append(screen)
            self.after_handoff = None
            public = json.dumps(view(st, seat), ensure_ascii=False)
            for other in (r for r in st.game.roles if r != seat):
                for card in hand_cards(self.game_id, view(st, other)):
                    if title_of(card) not in public:
                        assert title_of(card) not in screen, (title_of(card), screen)
                        self.hidden_checked += 1
        if "matches" in screen or "no choice" in screen:
            assert self.pending is not None and not self.asked_keys, screen
            self.asked_keys = True
            return "keys"
        if self.asked_keys and self.pending is not None:
            # the keys list: type the chosen entry's key
            number = self.pending
            m = re.search(rf"^\s+{re.escape(number)} (\S+)$", screen, re.M)
            assert m, screen
            self.pending = None
            return m.group(1)
        if self.hand_asked == seat:
            self.check_hand(seat, screen)
            self.hand_checked.add(seat)
            self.hand_asked = None
        self.parse_menu(screen, seat)
        if seat not in self.hand_checked and hand_cards(self.game_id, view(st, seat)):
            self.hand_asked = seat
            self.pending = None
            return "hand"
        self.decisions += 1
        scoring = [e for e in self.menu if "Scoring" in e[1]]
        number, text = self.rng.choice(scoring if scoring and self.rng.random() < self.scoring
                                       else self.menu)
        self.pending = number
        typed = self.typed_name(text)
        if typed is None:
            self.asked_keys = True
            return "keys"
        self.by_name += 1
        return typed


def play_whole_game(game_id: str, seed: int, as_: str, tmp: Path,
                    scoring: float = 0.3) -> ScriptedPlayer:
    g = load_game(game_id)
    player = ScriptedPlayer(game_id, seed, tmp, scoring)
    seats = parse_seats(g, as_, "random")
    session = Session.start(g, None, seed)
    player.session = session
    bots = {r: make_bot(p, seed + 1) for r, p in seats.players.items() if p != "human"}
    loop = PlayLoop(session, seats, bots, Terminal(player.console, player))
    # the loop replaces its session's state on undo; the player reads the live one
    player.session = loop.session
    loop.run()
    assert session.state.active is None
    return player


@pytest.mark.parametrize("seed", [
    3,                                  # ~140 decisions: a player is caught holding Scoring
    pytest.param(0, marks=pytest.mark.skipif(  # ~500 decisions: to the end of turn 10
        not os.environ.get("WARROOM_SLOW_TESTS"), reason="set WARROOM_SLOW_TESTS=1")),
])
def test_eit2_whole_game_hotseat_by_names(tmp_path: Path, seed: int) -> None:
    player = play_whole_game("eit2", seed, "hotseat", tmp_path)
    assert player.decisions >= 10 and player.by_name >= player.decisions // 2
    assert player.handoffs, "two human seats pass the terminal"
    assert player.hidden_checked > 0
    assert player.hand_checked == {"lw", "rw"}
    text = "".join(player.screens)
    # the board comes back with a new Action Round or a hand-off, not after every SP;
    # each action is followed by one line of what changed
    boards = text.count("\nEurope in Turmoil II, ")
    assert 0 < boards < player.decisions // 2
    assert text.count("\nChanged: ") > player.decisions // 3
    rec = Record.load(tmp_path / "finished" / "game.json")
    assert rec.seats == {"lw": "human", "rw": "human"}
    assert replay(load_game("eit2"), rec).active is None
    assert list((tmp_path / "data" / "warroom" / "records").glob("eit2-*.json"))


def test_sfe_whole_game_by_names(tmp_path: Path) -> None:
    player = play_whole_game("sfe", 5, "axis", tmp_path)
    assert player.decisions >= 30 and player.by_name >= player.decisions // 2
    assert player.hand_checked == {"axis"}
    assert not player.handoffs
    text = "".join(player.screens)
    boards = text.count("\nStruggle for Europe - turn")
    assert 0 < boards < player.decisions // 2
    assert text.count("\nChanged: ") > player.decisions // 3
    rec = Record.load(tmp_path / "finished" / "game.json")
    assert rec.seats == {"axis": "human", "allies": "random"}
    assert "Game over — " in text and '{"' not in text


def test_tk_situation_names_markers_and_policies_as_their_counters_read() -> None:
    """tk's situation and Changed lines name a marker as its counter reads ("Western
    Influence", "Nationalist Stronghold") and a Policy by its name ("Ostland Accord
    Policy"); they read "influence western", "stronghold nationalist", "policy ostland" (a
    terminal audit)."""
    from warroom.cli.render_tk import changes, situation_lines
    from warroom.core.protocol import new_game, view
    from warroom.games import load_game

    s = new_game(load_game("tk"), "1939", 1)
    before = view(s, None)
    text = "\n".join(str(getattr(x, "text", x)) for x in situation_lines(before["situation"]))
    assert "Rumania (Western Influence, Guarantees Policy)" in text, text
    assert "Russia (Ostland Accord Policy)" in text and "Finland (Neutrality)" in text, text
    after = view(s, None)
    after["situation"]["countries"]["Greece"]["markers"] = ["stronghold:nationalist"]
    assert "Greece: markers Nationalist Stronghold" in changes(before, after)


def test_the_eit2_board_grows_with_the_terminal() -> None:
    """At 80 columns the board keeps to 78; at 100 its cells and names grow ("Nord/Pas-de-
    Calais" whole; it was cut to "Nord/Pas-de-." at any width: a terminal audit)."""
    from rich.console import Console

    from warroom.cli.render_eit2 import render_board
    from warroom.core.protocol import new_game, view
    from warroom.games import load_game

    v = view(new_game(load_game("eit2"), "1920", 5), "lw")
    for width, widest, whole in ((80, 78, False), (100, 98, True), (200, 118, True)):
        console = Console(width=width, color_system=None)
        with console.capture() as cap:
            console.print(render_board(v))
        out = cap.get()
        assert max(len(line) for line in out.splitlines()) <= widest, (width, out)
        assert ("Nord/Pas-de-Calais" in out) is whole, (width, out)
