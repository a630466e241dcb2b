"""The terminal game loop of ``warroom play``.

Each decision shows, directly above its choices, the role to act and what it decides (core
``prompt``, with the rule). Choices keep stable numbers and can be typed by number, key or
name (:mod:`warroom.cli.choices`). After each action the new log lines (dice, events, what
the rules did) and one line saying what changed on the board
(:func:`warroom.cli.render.changes`, bots' moves included) are shown; the board itself, with
the seat's hand and its card texts, is shown on the first screen, after a hand-off, when
:func:`warroom.cli.render.should_redraw` says the game reached a new stage (a new Action
Round, player turn, turn...), and on ``board``.

Hidden information stays hidden at the terminal: each seat reads only the log entries and
the view its role may see; a bot's move is shown only as the log shows it to the watching
seat, never by its action label. Two human seats of a game with hidden information pass the
terminal (hot-seat): before a seat acts, a hand-off screen clears the previous seat's
screen (before the first seat's first decision too). ``--as all`` shares one screen
between the seats instead (every hand shown).

The loop never ends silently: at game over it shows the result in words, keeps a record in
the user's data folder and offers ``save``; ``quit`` and end of input (Ctrl-D) ask before
leaving an unsaved game, and a second end of input leaves after keeping a record.
"""

from __future__ import annotations

import re
import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from warroom.ai import Bot, decision_seed, reseed
from warroom.ai.pace import EvenPace
from warroom.cli.choices import (
    COMMAND_WORDS,
    Choice,
    ChoiceError,
    candidate_lines,
    completions,
    fold,
    group_choices,
    layout,
    number_choices,
    reference,
    why_not_offered,
)
from warroom.cli.choices import resolve as resolve_choice
from warroom.cli.contents import named_table_rows
from warroom.cli.menus import style_for
from warroom.cli.records import (
    Seats,
    autosave,
    autosave_dir,
    clean_path,
    probe,
    write_record,
)
from warroom.cli.render import (
    card_entries,
    card_text,
    changes,
    hand_cards,
    has_ongoing,
    ongoing_text,
    print_log,
    render,
    render_hand,
    result_detail,
    score_text,
    should_redraw,
)
from warroom.core.actions import Action
from warroom.core.errors import IllegalActionError, WarroomError
from warroom.core.log import visible
from warroom.core.protocol import (
    Game,
    Outcome,
    explain,
    legal_actions,
    prompt,
    resign_key,
    resign_refusal,
    resigner,
    result,
    role_title,
    role_wins,
    view,
)
from warroom.core.record import Session
from warroom.core.state import State

MENU_WIDTH = 100
"""The widest a menu line may be, whatever the terminal's width."""
LOAD_TAIL = 15
"""The log lines a loaded game shows first (``log`` shows them all)."""
AFTER_WORDS = ("save ", "board", "log", "hand", "card ", "rule ", "quit")
"""What Tab completes once the game is over (the commands that still work)."""
LONG_MENU = 20
"""A menu longer than this many lines is followed by a one-line reminder of the prompt."""

COMMANDS = """\
Commands (any case):
  why X       why choice X is legal (the rule, the odds where dice decide); also
              why not, for a move not offered, by its name or key
  card X      a card's text, by number or name; hand: your hand with the texts
  rule X      what rule X (the [..] after a prompt or a log line) is about
  ongoing     every Event in force, with its text
  board       the board again;  log: the whole log you may read
  keys        the action keys of the choices (for records and scripts)
  menu        the choices again (also an empty line)
  undo        take back your last decision (never past a die roll, a reveal,
              a deal or a card played face up)
  save FILE   save the game as a record (~ and new folders allowed); save: again
  resign      concede the game (asks first): the other side wins
  quit        leave (asks first when the game is not saved; Ctrl-D the same)"""


def rule_answer(game: Game, arg: str) -> list[str]:
    """The ``rule X`` command: rule X's title from the game's index of its rulebook, then
    the rules one level under it (``[15.7] ...``)."""
    index = game.rules
    ref = arg.strip().strip("[]").removeprefix("rule").strip()
    if not ref:
        raise WarroomError("rule needs a rule number as the prompts cite it: rule "
                           f"{next(iter(index), '1')}")
    found = next((k for k in index if k.lower() == ref.lower()), None)
    if found is None:
        near = [k for k in index if k.lower().startswith(ref.lower().rstrip("."))][:8]
        raise WarroomError(f"no rule {ref[:20]} in the {game.id} rulebook's index"
                           + (f"; rules there: {', '.join(near)}" if near else ""))
    out = [f"[{found}] {index[found]}"]
    out += [f"  [{k}] {title}" for k, title in index.items()
            if k.startswith(found + ".") and k.count(".") == found.count(".") + 1]
    if not found[:1].isdigit():
        # a table cited by name (eaw1940's Front Table, Allied Action Chart): its rows
        out += [f"  {row}" for row in named_table_rows(game.content_json(), found)]
    return out


def help_text(choices: list[Choice], unused: tuple[str, ...] = ()) -> str:
    """The ``help`` command: how to choose, with an example from the choices offered now
    (so each game's help speaks of its own actions), then the commands but the ``unused``
    ones (:attr:`PlayLoop.unused_words`: ``ongoing`` outside eit2, the one game with
    lasting Events, an audit saw it offered in sfe; ``card X`` and ``hand`` in a game
    without cards, tk's help offered them and each answered that there were none, a
    terminal audit)."""
    def short_name(c: Choice) -> str | None:
        """The shortest start (3 letters at least) of ``c``'s name that picks it alone."""
        word = next((w for w in fold(c.label).split() if w.isalnum()), "")
        for n in range(3, len(word) + 1):
            try:
                if resolve_choice(word[:n], choices) is c:
                    return word[:n]
            except ChoiceError:
                continue
        return None

    keyed = [c for c in choices if ":" in c.action.key] or choices
    named = [(c, n) for c in keyed if (n := short_name(c)) is not None]
    ex, start = named[0] if named else (keyed[0] if keyed else None, None)
    if ex is None:
        how = ("Choose by typing a choice's number, its key or the start of its name (any "
               "case, accents optional).")
    else:
        other = next((a for a in ex.aliases if a != ex.number), None)
        number = ex.number + (f" or {other}" if other else "")
        arg = ex.action.key.partition(":")[2]
        try:        # the argument alone, where it picks that choice ("10" may be a number)
            alone = bool(arg) and resolve_choice(arg, choices) is ex
        except ChoiceError:
            alone = False
        key = ex.action.key + (f", or just {arg}" if alone else "")
        label = textwrap.shorten(ex.label, 40, placeholder="...")
        name = f"{start} for {label}; " if start else ""
        how = (f"Choose by typing a choice's number (e.g. {number}), its key ({key}) or the "
               f"start of its name ({name}any case, accents optional).")
    dropped = {w.strip() for w in unused}
    # a command's line starts two spaces in, with its word; its continuations further in
    commands = "\n".join(line for line in COMMANDS.splitlines()
                         if not (line[:2] == "  " and line[2:3] != " "
                                 and line.split()[0] in dropped))
    return "\n".join(textwrap.wrap(how, 78)) + "\n" + commands


def _wrapped(text: str, width: int, keep: tuple[str, ...] = ()) -> list[str]:
    """``text`` wrapped at words to ``width``, line by line, continuations indented two
    more than their line; no ``keep`` part is broken (its spaces are held while wrapping:
    a path with a space, "Application Support", was split over two lines: a review)."""
    hold = "\x00"
    for part in keep:
        text = text.replace(part, part.replace(" ", hold))
    out: list[str] = []
    for line in text.split("\n"):
        lead = line[:len(line) - len(line.lstrip(" "))]
        out += textwrap.wrap(line, width, subsequent_indent=lead + "  ",
                             break_long_words=False, break_on_hyphens=False) or [""]
    return [line.replace(hold, " ") for line in out]


class Terminal:
    """Where the loop writes (a rich console) and reads lines from (``input`` by default;
    a test passes its own reader). ``read`` raises ``EOFError`` at the end of input.

    A person at a terminal edits the line (arrows, Ctrl-A/E, Ctrl-R...), recalls earlier
    lines with Up and completes commands and choice names with Tab, through Python's
    ``readline`` where the platform has one; a pipe or a test's reader reads plain lines.
    The history holds what this terminal's players typed, so :meth:`forget` clears it when
    the terminal passes to another player (a line such as ``why 17`` would tell the next
    one a card of the other hand)."""

    def __init__(self, console: Console,
                 reader: Callable[[str], str] | None = None) -> None:
        self.console = console
        self._reader = reader
        self._readline: Any = None
        self._editing: bool | None = None           # decided at the first read
        self.interrupted = False
        """A read ended by Ctrl-C since the players last chose to play on: the game then
        ends with exit status 130, as the README says of Ctrl-C (a second Ctrl-C at "Quit
        anyway?" left with 0: a terminal audit)."""
        self.shared = False
        """Players of hidden hands take turns at this terminal (hot-seat): nothing one typed
        may come back for the next (history cleared at each hand-off, no yank of killed
        text, which no function of Python's readline clears)."""
        self._offer: Callable[[str], list[str]] | None = None
        self._matches: list[str] = []

    def _edit(self) -> bool:
        """Set up ``readline`` at the first read of a person at a terminal (False: plain
        lines)."""
        if self._editing is None:
            self._editing = False
            if self._reader is None and self.console.is_terminal and sys.stdin.isatty():
                try:
                    import readline  # optional: not on every platform
                except ImportError:
                    return False
                readline.set_completer_delims("")   # complete the whole line: names
                readline.set_completer(self._complete)
                if "libedit" in (readline.__doc__ or ""):
                    readline.parse_and_bind("bind ^I rl_complete")
                    if self.shared:
                        readline.parse_and_bind("bind ^Y ed-redisplay")
                else:
                    readline.parse_and_bind("tab: complete")
                    if self.shared:     # Ctrl-Y, Alt-Y: the kill ring outlives history
                        readline.parse_and_bind('"\\C-y": redraw-current-line')
                        readline.parse_and_bind('"\\ey": redraw-current-line')
                self._readline = readline
                self._editing = True
        return self._editing

    def _complete(self, text: str, n: int) -> str | None:
        """readline's completer: the ``n``-th way to go on from ``text`` (the line so far)."""
        if n == 0:
            self._matches = self._offer(text) if self._offer is not None else []
        return self._matches[n] if n < len(self._matches) else None

    def read(self, ask: str, offer: Callable[[str], list[str]] | None = None) -> str:
        """One line, after ``ask``; ``offer(line so far)`` gives what Tab completes (none
        without it: a hand-off screen must not offer the last player's choices)."""
        try:
            if self._reader is not None:
                self.console.print(ask, end="", markup=False, highlight=False)
                return self._reader(ask)
            if self._edit():
                self._offer = offer
                try:
                    # readline redraws the prompt it is given as the line is edited
                    return input(ask)
                finally:
                    self._offer = None
            return self.console.input(ask, markup=False)
        except KeyboardInterrupt:
            self.console.print()
            self.interrupted = True
            raise EOFError from None

    def forget(self) -> None:
        """Clear the history of typed lines (the terminal passes to another player)."""
        if self._readline is not None:
            self._readline.clear_history()

    def clear(self) -> None:
        """Clear the screen and its scrollback on a terminal; in a pipe, a separator."""
        if self.console.is_terminal:
            self.console.file.write("\x1b[H\x1b[2J\x1b[3J")
            self.console.file.flush()
        else:
            self.console.print("=" * 40, markup=False)


class _Leave(Exception):
    """Raised inside the loop to end it."""


class PlayLoop:
    """One game at the terminal: bots play their seats, humans are asked."""

    def __init__(self, session: Session, seats: Seats, bots: dict[str, Bot],
                 term: Terminal, save_path: Path | None = None, loaded: bool = False) -> None:
        self.session = session
        self.seats = seats
        self.bots = bots
        self.term = term
        self.console = term.console
        self.width = max(40, min(self.console.width, MENU_WIDTH))
        self.game = session.state.game
        self.has_cards = bool(card_entries(self.game))
        self.unused_words = ((() if has_ongoing(self.game.id) else ("ongoing",))
                             + (() if self.has_cards else ("card ", "hand"))
                             + (() if any(self.game.resignation_winner(r) is not None
                                          for r in self.game.roles) else ("resign",)))
        """The commands this game has no use for: not offered by help or Tab."""
        self.paces: dict[str, EvenPace] = {}
        """Role -> its bot's answer times, kept even against a person (hidden information)."""
        self.private = seats.hotseat and self.game.hidden_information
        """Each human seat sees only its own screen (hot-seat with hidden information)."""
        term.shared = self.private
        session.record.seats = dict(seats.players)
        self.save_path = save_path
        self.saved_actions: list[str | int] = list(session.record.actions)
        self.left_unkept = False
        """A quit found no record could be kept: the next quit says so and leaves without
        one."""
        self.cursors: dict[str, int] = {}
        self.loaded = loaded and bool(session.record.actions)
        """A saved game went on (``--load``): each screen's first log is its last lines,
        under a heading (it printed the whole log, unheaded: a terminal audit)."""
        self.screen_owner: str | None = None
        self.board_due = True
        self.seen: dict[str, dict[str, Any]] = {}
        """The view each screen (see :meth:`cursor_key`) last showed: what "changed" is
        measured from."""
        self.board_seen: dict[str, dict[str, Any]] = {}
        """The view each screen last printed the board of: whether the game reached a new
        stage (:func:`should_redraw`) is measured from it."""
        self.menu_due = True
        self.hinted = False
        self.choices: list[Choice] = []
        self._content: dict[str, Any] | None = None

    # -- small helpers ------------------------------------------------------------------
    def say(self, text: str, style: str = "", keep: tuple[str, ...] = ()) -> None:
        """Print ``text`` wrapped at words to the screen's width, each line of it on its
        own, continuations indented under its first word (the console writes long lines
        whole, and a terminal broke errors, rules and card texts mid-word: an audit). The
        ``keep`` parts (a file's path, which may hold spaces) are never broken."""
        for line in _wrapped(text, self.width, keep):
            self.console.print(Text(line, style=style))

    def error(self, text: str) -> None:
        self.say(text, "bold red")

    def read_question(self, question: str, keep: tuple[str, ...] = ()) -> str:
        """Ask ``question`` (its lines but the last printed wrapped, as :meth:`say` does)."""
        lines = _wrapped(question, self.width, keep)
        for line in lines[:-1]:
            self.console.print(Text(line))
        return self.term.read(lines[-1] + (" " if question.endswith(" ") else ""))

    def ask(self, question: str, keep: tuple[str, ...] = ()) -> bool:
        """A yes/no question (end of input answers no)."""
        try:
            return self.read_question(question, keep).strip().lower() in ("y", "yes")
        except EOFError:
            self.console.print()
            # a Ctrl-C here answers no and the game goes on: no exit 130 later for it
            # (a review)
            self.term.interrupted = False
            return False

    @property
    def content(self) -> dict[str, Any]:
        if self._content is None:
            self._content = self.game.content_json()
        return self._content

    def viewer(self, seat: str | None) -> str | set[str] | None:
        """Whose eyes the screen is: a hot-seat's one seat, else every human seat."""
        if seat is not None and self.private:
            return seat
        return self.seats.humans

    def cursor_key(self, seat: str | None) -> str:
        return seat if (seat is not None and self.private) else "*"

    def view_role(self, seat: str | None) -> str | None:
        if seat is not None and seat in self.seats.humans:
            return seat
        humans = self.seats.humans
        return next(iter(humans)) if len(humans) == 1 else None

    def saved(self) -> bool:
        return self.session.record.actions == self.saved_actions

    # -- screens -------------------------------------------------------------------------
    def show_log(self, seat: str | None, public: bool = False) -> None:
        """The log entries the seat has not seen yet (``public``: only those every role
        may read, as at the end of a hot-seat game)."""
        log = self.session.state.log
        key = self.cursor_key(seat)
        start = min(self.cursors.get(key, 0), len(log))   # an undo may take entries back
        entries = visible(log[start:], None if public else self.viewer(seat))
        if self.loaded and key not in self.cursors and entries:
            n = len(entries)
            shown = min(n, LOAD_TAIL)
            self.say(f"The game so far: the log's last {shown} of {n} lines ('log' shows "
                     "them all)" if n > shown else "The game so far:", "dim")
            entries = entries[-shown:]
        print_log(self.console, entries)
        self.cursors[key] = len(log)

    def show_board(self, seat: str | None, seen: dict[str, Any] | None = None,
                   hand: bool = True) -> None:
        """The board as the seat sees it, then (``hand``) the hand(s) this screen shows,
        with the card texts."""
        st = self.session.state
        seen = seen if seen is not None else view(st, self.view_role(seat))
        # the board's long lines wrap at the terminal's width, at most the menu's 100
        # columns (the console soft-wraps only what is printed as it is, such as the menu's
        # own lines; in a pipe, 120 columns: tk's situation lines ran to 120, eaw1940's
        # fronts table to 102, a terminal audit)
        self.console.print(render(self.game.id, seen, self.content, hand=False),
                           soft_wrap=False, width=self.width)
        self.board_seen[self.cursor_key(seat)] = seen
        if hand:
            self.show_hands(seat)

    def show_hands(self, seat: str | None) -> bool:
        """Each hand this screen may see (a hot-seat's own; every human seat's on a shared
        screen), with each card's title, side, OPs and text; False when there is none."""
        st = self.session.state
        roles = ([seat] if seat is not None and self.private
                 else sorted(self.seats.humans))
        shown = False
        for role in roles:
            seen = view(st, role)
            if hand_cards(self.game.id, seen):
                # named when several hands share the screen, or in hot-seat, where the
                # next player must see at once that this is their own hand
                owner = role_title(role) if len(roles) > 1 or self.private else None
                self.console.print(render_hand(self.game.id, seen, owner), soft_wrap=False)
                shown = True
        return shown

    def show_changes(self, seat: str | None) -> dict[str, Any]:
        """The one line of what changed on the board since this screen last looked (the
        board again when the game reached a new stage); returns the view now seen."""
        now = view(self.session.state, self.view_role(seat))
        key = self.cursor_key(seat)
        before = self.seen.get(key)
        if before is not None:
            line = changes(self.game.id, before, now, self.content)
            if line:
                for part in textwrap.wrap("Changed: " + line, self.width,
                                          subsequent_indent="    "):
                    self.say(part, "cyan")
        board = self.board_seen.get(key)
        if board is None or should_redraw(self.game.id, board, now):
            self.board_due = True
        self.seen[key] = now
        return now

    def show_menu(self, seat: str) -> None:
        st = self.session.state
        self.choices = number_choices(st, legal_actions(st))
        asked = prompt(st)
        head = f"{role_title(seat)} to decide — "
        body = asked.text if asked else "choose"
        rule = f" [{asked.rule}]" if asked and asked.rule else ""
        undo = " (undo available)" if self.session.can_undo(seat) else ""
        self.console.print()
        for i, line in enumerate(textwrap.wrap(head + body + rule + undo, self.width,
                                               subsequent_indent="    ")):
            self.say(line, "bold" if i == 0 else "")
        v = view(st, seat)
        style = style_for(self.game.id)
        groups = group_choices(v, self.choices, style)
        menu = Text()
        lines = layout(groups, self.width)
        for i, line in enumerate(lines):
            if i:
                menu.append("\n")
            title = line.startswith(" ") and not line.startswith("  ") and line.endswith(":")
            menu.append(line, style="bold" if title else "")
        self.console.print(menu)
        legend = style.legend(v, groups)
        if legend:
            for line in textwrap.wrap(legend, self.width - 2, initial_indent="  ",
                                      subsequent_indent="  "):
                self.say(line, "dim")
        if not self.hinted:
            self.say("Type a number, a name (or its start) or a key; 'help' lists the "
                     "commands.", "dim")
            self.hinted = True
        if len(lines) > LONG_MENU and asked is not None:
            # the header has scrolled far up: say again, right above the input line, what
            # is decided (two lines at most)
            reminder = f"{role_title(seat)} decides: {asked.text}{rule}"
            for line in textwrap.wrap(reminder, self.width, subsequent_indent="    ",
                                      max_lines=2, placeholder=" …"):
                self.say(line, "bold")

    def done_reading(self, then: str, end: bool = False) -> str:
        """On a terminal shared in hot-seat, the seat that held the screen reads the end of
        what it did (its dice, an Event's result, a card it was shown) before the screen is
        cleared: it was cleared at once, before that seat saw them (a hot-seat audit).
        Asked only of a person at a terminal (input and output both): a script piped in
        keeps the same lines wherever its output goes. ``end``: before the end screen,
        where the end of input goes on to it (no game is left to quit). Returns the line
        typed."""
        prev = self.screen_owner
        if prev is None or not (self.console.is_terminal and sys.stdin.isatty()):
            return ""
        self.say(f"{role_title(prev)}: press Enter to clear the screen, then {then}", "bold")
        try:
            typed = self.term.read("")
        except EOFError:
            self.console.print()
            if not end:
                self.confirm_quit()
            typed = ""
        return typed

    def hand_off(self, seat: str) -> None:
        """Let the previous seat finish reading, clear its screen, and wait for the next
        player."""
        typed = self.done_reading(f"pass it to {role_title(seat)}")
        self.term.clear()
        self.term.forget()
        self.say(f"Pass to {role_title(seat)} — press Enter", "bold")
        try:
            typed += self.term.read("")
        except EOFError:
            self.console.print()
            self.confirm_quit()
        # the line typed here goes into readline's history too: the next player could
        # recall it with Up (a hot-seat audit)
        self.term.forget()
        self.term.clear()
        if typed.strip().lower() in ("quit", "exit", "q"):
            # quit at a hand-off quits (it passed the screen without a word: a terminal
            # audit), asking first as everywhere
            self.confirm_quit()
        elif typed.strip():     # a line meant for the game: say so, never drop it unsaid
            # (not what it was: the last player may have typed it)
            self.say("The hand-off waits for Enter: the line typed there was not played.",
                     "yellow")

    # -- the game ------------------------------------------------------------------------
    def run(self) -> None:
        try:
            while True:
                st = self.session.state
                if st.active is None:
                    self.game_over()
                    return
                if st.active not in self.seats.humans:
                    self.session.apply(self.bot_move(st))
                    if not self.seats.humans:       # bots only: watch each move
                        self.show_log(None)
                        self.show_changes(None)
                        # the end screen shows the last board: not twice
                        if self.board_due and self.session.state.active is not None:
                            self.show_board(None, self.seen["*"])
                            self.board_due = False
                    continue
                self.decide(st.active)
        except _Leave:
            return

    def bot_move(self, st: State[Any]) -> Action:
        """The bot's choice for the role to act; on a terminal a transient "thinking" line
        while it searches (a search of seconds left the screen silent, read as hung: a
        terminal audit). Nothing is printed in a pipe, and the line goes when it is done."""
        role = str(st.active)
        if not self.console.is_terminal:
            return self._paced_choice(role, st)
        with self.console.status(f"{role_title(role)} ({self.seats.players[role]}) is "
                                 "thinking…", spinner="line"):
            return self._paced_choice(role, st)

    def _paced_choice(self, role: str, st: State[Any]) -> Action:
        """The bot's choice, held to its usual time where a person plays a game with
        hidden information against it (:class:`~warroom.ai.pace.EvenPace`: an answer at
        once told that the bot's hand left it one choice: a fair-play audit)."""
        bot = self.bots[role]
        # its generators set from the game's seed, the role and the step: the same choice
        # whether or not the game was saved and loaded in between (an undo audit)
        reseed(bot, decision_seed(int(st.data["seed"]), self.game.roles.index(role),
                                  len(self.session.record.actions)))
        if not (self.game.hidden_information and self.seats.humans):
            return bot.choose(st)
        choices = len(legal_actions(st))
        began = time.monotonic()
        action = bot.choose(st)
        spec = self.seats.players[role]
        pace = self.paces.setdefault(role, EvenPace.for_spec(spec))
        rec = self.session.record       # (a game's start or a load: no time known yet)
        pace.ready(choices, self.game, role, spec, rec.scenario, rec.options)
        hold = pace.wait(time.monotonic() - began, choices)
        if hold > 0:
            time.sleep(hold)
        return action

    def decide(self, seat: str) -> None:
        if self.screen_owner != seat:
            # in hot-seat every hand waits behind a hand-off screen, the first one too:
            # whoever typed the command (or --load) may not be the seat to move
            if self.private:
                self.hand_off(seat)
            self.board_due = self.menu_due = True
            self.screen_owner = seat
        self.show_log(seat)
        seen = self.show_changes(seat)
        if self.board_due:
            self.show_board(seat, seen)
            self.board_due = False
            self.menu_due = True
        if self.menu_due:
            self.show_menu(seat)
            self.menu_due = False
        try:
            # ongoing is offered by Tab where there are lasting Events, as by help
            words = tuple(w for w in COMMAND_WORDS if w not in self.unused_words)
            line = self.term.read(f"{role_title(seat)}> ",
                                  lambda typed: completions(typed, self.choices, words))
        except EOFError:
            self.console.print()
            self.confirm_quit()
            return
        try:
            self.handle(seat, line)
        except (IllegalActionError, WarroomError) as exc:
            self.error(str(exc))
            for line in candidate_lines(exc):
                self.say(line)

    def handle(self, seat: str, line: str) -> None:
        text = line.strip()
        if not text:
            self.menu_due = True
            return
        cmd, _, arg = text.partition(" ")
        cmd, arg = cmd.lower(), arg.strip()
        st = self.session.state
        if cmd in ("quit", "exit", "q"):
            self.confirm_quit()
        elif cmd in ("help", "?"):
            self.console.print(help_text(self.choices, self.unused_words), markup=False)
        elif cmd == "board":
            self.show_board(seat, hand=False)
        elif cmd in ("menu", "choices"):
            self.menu_due = True
        elif cmd == "log":
            print_log(self.console, visible(st.log, self.viewer(seat)))
        elif cmd == "keys":
            for c in self.choices:
                self.say(f"  {c.number:>4} {c.action.key}")
        elif cmd == "undo":
            self.session.undo(seat)
            self.say("undone", "yellow")
            self.cursors[self.cursor_key(seat)] = len(self.session.state.log)
            # the board as it was before: no "Changed:" line read from the undone move
            # ("battle for Paris ... over: the Axis attacked" when no battle was fought:
            # a terminal audit)
            self.seen[self.cursor_key(seat)] = view(self.session.state, self.view_role(seat))
            self.menu_due = True
        elif cmd == "save":
            self.save(arg)
        elif cmd == "resign":
            self.resign(seat)
        elif cmd == "why":
            self.why(seat, arg)
        elif cmd == "card":
            self.card(arg)
        elif cmd == "rule":
            self.rule(arg)
        elif cmd == "ongoing":
            for out in ongoing_text(self.game.id, view(st, None)):
                self.say(out)
        elif cmd == "hand":
            self.hand(seat)
        else:
            self.play(seat, text)

    def play(self, seat: str, text: str) -> None:
        try:
            choice = resolve_choice(text, self.choices)
        except ChoiceError:
            key = text.strip()
            resigning = resigner(key.lower())
            if resigning is not None:    # the key a record keeps: the command
                if resigning != seat:
                    raise WarroomError(str(explain(self.session.state, key.lower(),
                                                   seat))) from None
                self.resign(seat)
                return
            named = why_not_offered(key, self.choices, self.session.state, seat)
            if isinstance(named, WarroomError):
                raise named from None
            if named is None:
                raise
            choice = named
        self.session.apply(choice.action, seat)
        self.menu_due = True
        # what changed: the log lines now; the one-line summary (with any bots' moves)
        # when the seat is asked again, or at game over
        self.show_log(seat)

    def resign(self, seat: str) -> None:
        """The ``resign`` command: ``seat`` concedes, once it says yes (core
        :func:`~warroom.core.protocol.resign`; the record keeps it as its last step)."""
        st = self.session.state
        why_not = resign_refusal(st, seat)
        if why_not is not None:
            raise WarroomError(f"{role_title(seat)} cannot resign: {why_not}")
        winner = self.game.resignation_winner(seat)
        if not self.ask(f"Resign as {role_title(seat)}? The game ends and "
                        f"{role_wins(str(winner))}. [y/N] "):
            self.say("Not resigned: back to the game.")
            self.menu_due = True
            return
        self.session.apply(resign_key(seat), seat)

    def why(self, seat: str, arg: str) -> None:
        ref = reference(arg, self.choices, self.session.state)
        # wrapped at words: the console writes long lines whole (soft wrap), and a why of
        # eit2's Rearmament ran to 1,800 characters, broken mid-word by the terminal
        # (a key of an earlier version is one a seat cannot play: said so, not 'legal')
        why = explain(self.session.state, ref, seat, legacy_keys=False)
        for line in textwrap.wrap(str(why), self.width,
                                  subsequent_indent="  ", break_long_words=False,
                                  break_on_hyphens=False):
            self.say(line)

    def card(self, arg: str) -> None:
        """Any card's text, by number or name (cards are public: where it is stays
        unsaid)."""
        for line in card_text(self.game, None, arg).splitlines():
            self.say(line)

    def rule(self, arg: str) -> None:
        """A rule's title from the game's index of its rulebook (and those under it)."""
        for line in rule_answer(self.game, arg):
            self.say(line)

    def hand(self, seat: str | None) -> None:
        """The ``hand`` command: the hand(s) alone, without the board."""
        if not self.show_hands(seat):
            self.say("No hand to show.")

    def save(self, arg: str) -> None:
        if arg:
            path = clean_path(arg)
        elif self.save_path is not None:
            path = self.save_path
        else:
            raise WarroomError("save needs a file name: save FILE (e.g. save ~/games/my.json)")
        exists, folder = probe(path)
        if (exists and not folder and path != self.save_path
                and not self.ask(f"{path} exists. Overwrite it? [y/N] ", (str(path),))):
            self.say("not saved")
            return
        write_record(self.session, path)
        self.save_path = path
        self.saved_actions = list(self.session.record.actions)
        # a game with hidden information in play: the file is the whole game, every hand
        # and the future dice (a fair-play audit replayed a hot-seat save as the other
        # seat and read its hand); said where another seat could open it
        secret = (self.game.hidden_information and self.session.state.active is not None
                  and len(self.seats.players) > 1)
        self.say(f"saved to {path}" + (" (it holds the seed and every hand: replaying it "
                                       "shows what the other side holds and will roll, so "
                                       "keep it from the players until the game is over)"
                                       if secret else ""), keep=(str(path),))

    def confirm_quit(self) -> None:
        """Leave, asking first when the game is not saved (raises :class:`_Leave`)."""
        if self.saved():
            raise _Leave()
        unkept = self.left_unkept
        try:
            # after a record could not be kept there, no record is promised (a review)
            answer = self.read_question(
                f"The game is not saved, and no record could be kept in {autosave_dir()} "
                "(save FILE keeps it). Quit anyway? [y/N] " if unkept else
                "The game is not saved. Quit anyway? (a record is "
                f"kept in {autosave_dir()}) [y/N] ", (str(autosave_dir()),))
        except EOFError:
            self.console.print()
            answer = "y"
        if answer.strip().lower() not in ("y", "yes"):
            self.say("Back to the game.")
            self.menu_due = True
            self.term.interrupted = False
            return
        if not self.keep_record() and not unkept:
            # the record promised could not be kept (a data folder that cannot be written):
            # back to the game once, where save FILE can keep it (the game was lost, exit
            # 0: a records audit)
            self.left_unkept = True
            self.say("Back to the game: save FILE keeps it elsewhere; quit again leaves "
                     "without a record.", "yellow")
            self.menu_due = True
            self.term.interrupted = False
            return
        raise _Leave()

    def keep_record(self) -> bool:
        """Keep a record of the game in the data folder; whether it was kept (why not is
        said)."""
        try:
            path = autosave(self.session)
        except WarroomError as exc:
            self.error(f"no record kept: {exc}")
            return False
        self.saved_actions = list(self.session.record.actions)
        self.say(f"A record of this game is kept in {path}", keep=(str(path),))
        return True

    def game_over(self) -> None:
        st = self.session.state
        seat = self.screen_owner if not self.private else None
        if self.private:        # the end screen is everyone's: the last seat's lines go
            if self.done_reading("see the end of the game", end=True).strip():
                self.say("The end screen waits for Enter: the line typed there was not "
                         "played.", "yellow")
            # cleared where a seat's screen was shown (not after --load of a finished game,
            # whose loading lines are all there is); in a pipe nothing was cleared
            if self.console.is_terminal and self.screen_owner is not None:
                self.term.clear()
            self.term.forget()
        self.show_log(self.screen_owner, public=self.private)
        if not self.private:
            self.show_changes(seat)
        self.console.print()
        self.show_board(seat, hand=False)
        out = result(st)
        if out is not None:
            for i, line in enumerate(outcome_lines(out, self.game.id)):
                for part in textwrap.wrap(line, self.width, subsequent_indent="  "):
                    self.say(part, "bold" if i == 0 else "")
        self.say(f"The game's seed was {st.data['seed']}.")
        if not self.saved() or self.save_path is None:
            self.keep_record()
        # the commands that still work, as the help and the refusal below say them too
        # (they listed hand and card X in tk, which has no cards)
        after = ["board", "log", *(("hand", "card X") if self.has_cards else ()), "rule X"]
        self.say(f"The game is over: save FILE keeps the record elsewhere; {', '.join(after)} "
                 "and quit also work.")
        while True:
            try:
                line = self.term.read("> ", lambda typed: completions(
                    typed, [], tuple(w for w in AFTER_WORDS if w not in self.unused_words)))
            except EOFError:
                self.console.print()
                return
            cmd, _, arg = line.strip().partition(" ")
            cmd = cmd.lower()
            try:
                if cmd in ("quit", "exit", "q", ""):
                    if cmd:
                        return
                elif cmd == "save":
                    self.save(arg.strip())
                elif cmd == "board":
                    self.show_board(seat, hand=False)
                elif cmd == "log":
                    # a shared screen's end shows what every role may read, as above (it
                    # printed both seats' private lines: a hot-seat audit)
                    print_log(self.console, visible(st.log, None if self.private
                                                    else self.viewer(seat)))
                elif cmd == "card":
                    self.card(arg.strip())
                elif cmd == "rule":
                    self.rule(arg)
                elif cmd == "hand" and self.private:
                    self.say("The hands stay private on a shared screen; replay FILE --as "
                             "ROLE shows one.")
                elif cmd == "hand":
                    self.hand(seat)
                elif cmd in ("help", "?"):
                    self.say(f"The game is over: save FILE, {', '.join(after)}, quit.")
                else:
                    self.error(f"the game is over; {cmd!r} is not a command here: save "
                               f"FILE, {', '.join(after)} or quit")
            except WarroomError as exc:
                self.error(str(exc))


ABBREVIATIONS = {"lw": "LW", "rw": "RW", "vp": "VP", "ap": "AP", "sp": "SP", "op": "OP",
                 "ops": "OPs", "drm": "DRM", "us": "US", "usa": "USA", "ussr": "USSR"}
"""Words of outcome labels and scores written as players write them."""


def _words(label: str) -> str:
    """``rw_held_scoring_card`` -> ``RW held scoring card``; ``axis_vp`` -> ``Axis VP``;
    ``15.35_no_result`` -> ``15.35 no result``."""
    words = [ABBREVIATIONS.get(w.lower(), w) for w in label.replace("_", " ").split()]
    text = " ".join(words)
    return text[:1].upper() + text[1:]


def outcome_lines(out: Outcome, game_id: str | None = None) -> list[str]:
    """The result in words: the label, the score breakdown, the rulebook's text, the rule.

    ``Game over — Axis automatic victory (Axis wins; VP 32)``; then the text. With
    ``game_id``, a score the game's board writes otherwise is written so (eit2's Power
    ``LW19``, not ``-19``)."""
    scores = result_detail(game_id, out.scores) or "; ".join(
        f"{_words(k)} {score_text(game_id, k, v) or f'{v:g}'}"
        for k, v in out.scores.items())
    name = role_title(out.winner) if out.winner else ""
    who = f"{name} {'win' if name.endswith('ies') else 'wins'}" if name else ""
    label = out.label
    rest = label[len(out.winner) + 1:] if out.winner else ""
    if (out.winner and label.lower().startswith(out.winner.lower() + "_")
            and rest.startswith(("held_", "by_"))):
        # eit2 ``lw_held_scoring_card``: LW wins, by the other side's held Scoring card;
        # the label's first word is the winner, not who held it. A label that names the
        # winner's own victory reads whole, as the Allied ones do: "Axis automatic victory
        # (Axis wins; VP 33)", not "Axis wins: automatic victory" (an eaw1940 audit)
        label, detail = label[len(out.winner) + 1:], scores
        how = _words(label)
        if label.split("_")[0].lower() not in ABBREVIATIONS:
            how = how[:1].lower() + how[1:]
        if label.startswith("held_"):
            # "LW wins: held scoring card" read as if LW had held it (a terminal audit)
            how = "the other side " + how.replace("held scoring card", "held a Scoring card")
        head = f"Game over — {who}: {how}" + (f" ({detail})" if detail else "")
    else:
        detail = "; ".join(x for x in (who, scores) if x)
        head = f"Game over — {_words(label)}" + (f" ({detail})" if detail else "")
    lines = [head]
    text = re.sub(r"\s+", " ", out.text).strip()
    if text or out.rule:
        lines.append(text + (f" [{out.rule}]" if out.rule else ""))
    return lines
