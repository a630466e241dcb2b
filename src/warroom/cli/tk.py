"""``warroom tk``: resolve one Totaler Krieg! political event (rule 15) in the terminal."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from warroom.cli.choices import (
    ChoiceError,
    candidate_lines,
    number_choices,
    reference,
    why_not_offered,
)
from warroom.cli.choices import resolve as resolve_choice
from warroom.cli.common import emit_json, expand_home, printable
from warroom.cli.loop import rule_answer
from warroom.cli.render_tk import Hanging
from warroom.core.content import load_yaml
from warroom.core.errors import ContentError, WarroomError
from warroom.core.log import render
from warroom.core.protocol import (
    apply,
    explain,
    legal_actions,
    new_game,
    prompt,
    result,
    role_title,
    view,
)
from warroom.games import load_game
from warroom.games.tk.rules import ignored_options

app = typer.Typer(no_args_is_help=True, add_completion=False,
                  help="Totaler Krieg! political events: resolve an event against a situation.")
# words wrap at the terminal's width, never mid-word (soft wrapping printed lines of 132 and
# 200 columns that an 80-column terminal broke inside words: a terminal audit)
console = Console(highlight=False, stderr=False)
err = Console(stderr=True, highlight=False)


TK_HELP = """\
Answer with a choice's number, its key or the start of its name (any case).
  why X   why choice X is legal, with the rule (and the odds where dice decide)
  rule X  what rule X (the [..] after a prompt or a log line) is about
  keys    each choice's action key (for --choose)
  quit    stop here: the event is left unresolved, nothing to do on the map
  help    this text"""


def _fail(exc: Exception) -> None:
    err.print(Text.assemble(("error: ", "bold red"), printable(str(exc))))
    raise typer.Exit(2)


def _dice(text: str) -> list[int]:
    out = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if not (piece.isascii() and piece.isdigit() and len(piece) <= 3):
            raise WarroomError(f"--dice takes die faces separated by commas, e.g. 3,5; not "
                               f"{piece[:20]!r}")
        out.append(int(piece))
    return out


@app.command()
def events(
    as_json: Annotated[bool, typer.Option("--json", help="Print them as JSON.")] = False,
    content: Annotated[Path | None, typer.Option(help="Content folder override.",
                                                 callback=expand_home)] = None,
) -> None:
    """The 40 political events (rule 15): number, name and what each must be told."""
    try:
        listed = load_game("tk", content).content_json()["events"]
    except WarroomError as exc:
        _fail(exc)
        return
    if as_json:
        emit_json(listed)
        return
    country = {"neutral": "a neutral minor", "minor": "a minor", "further": "a further "
               "neutral", "resisting": "the resisting country"}
    for e in listed:
        need = e.get("needs")
        told = (f" (--country: {country[need]}; drawn when not given)" if need in country
                else f" (--{need}; drawn when not given)" if need else "")
        # wrapped under the name at 80 columns (five lines ran to 82: a terminal audit)
        for line in textwrap.wrap(f"{e['number']:>7}  {e['name']}{told}", 79,
                                  subsequent_indent=" " * 11) or [""]:
            console.print(Text(line))


@app.command()
def resolve(
    event: Annotated[str, typer.Option(help="Event number (15.26) or name.")],
    faction: Annotated[str, typer.Option(help="Receiving faction: axis, western, soviet.")],
    situation: Annotated[str, typer.Option(help="A bundled situation (1939, 1940, 1937) or "
                                           "a situation file (YAML/JSON).")] = "1939",
    country: Annotated[str | None, typer.Option(help="The selected/resisting Country.")]
    = None,
    land: Annotated[str | None, typer.Option(help="Ceded Land marker id (15.3).")] = None,
    area: Annotated[str | None, typer.Option(help="Area Table (15.13).")] = None,
    type_: Annotated[str | None, typer.Option("--type", help="Failure type: command, "
                                              "supply (15.14).")] = None,
    card: Annotated[int | None, typer.Option(help="Production Directive card (15.32).")]
    = None,
    challenge: Annotated[str | None, typer.Option(help="Country named by Successful "
                                                  "Challenge (15.37).")] = None,
    variant: Annotated[str | None, typer.Option(help="15.30: tk (15.30.1, the default) or "
                                                "ae (15.30.2).")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the dice.")] = 0,
    dice: Annotated[str | None, typer.Option(help="Forced dice, e.g. 3,5.")] = None,
    choose: Annotated[str | None, typer.Option(help="Answers to the decisions in order "
                                               "(choice numbers, action keys or names, "
                                               "comma separated); the rest are asked "
                                               "(where 'why N' and 'help' also work).")]
    = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the resulting situation and "
                                          "the instructions for the map as JSON.")] = False,
    content: Annotated[Path | None, typer.Option(help="Content folder override.",
                                                 callback=expand_home)] = None,
) -> None:
    """Resolve one political event; each faction is asked the choices the text gives it."""
    try:
        g = load_game("tk", content)
        options: dict[str, Any] = {"event": event, "faction": faction, "country": country,
                                   "land": land, "area": area, "type": type_, "card": card,
                                   "challenge": challenge, "variant": variant}
        scenario = situation
        if situation not in g.scenarios and not Path(situation).exists():
            raise ContentError(f"no bundled situation {situation[:40]!r} and no file of that "
                               f"name: give one of "
                               f"{', '.join(s for s in g.scenarios if s != 'random')} or a "
                               "situation file (YAML/JSON, shaped like the bundled ones: "
                               "warroom content tk)")
        if situation not in g.scenarios:
            # a situation file: the game validates it like its own (the situation_data
            # option overrides the scenario)
            options["situation_data"] = load_yaml(Path(situation))
            if not isinstance(options["situation_data"], dict):
                # an empty file (or one holding null) read as "no situation": a random
                # bundled one was played (a bad-input audit)
                raise ContentError(f"{situation} holds no situation (it is empty, or not a "
                                   "mapping of fields); give a situation file like the "
                                   "bundled ones (warroom content tk) or one of "
                                   f"{', '.join(s for s in g.scenarios if s != 'random')}")
            scenario = "random"
        forced = _dice(dice) if dice else None
        try:
            state = new_game(g, scenario, seed, options, forced)
        except ContentError as exc:
            raise ContentError(str(exc).replace("situation_data option", situation)) from exc
    except (WarroomError, ValueError) as exc:
        _fail(exc)
        return
    answers = [a.strip() for a in (choose or "").split(",") if a.strip()]
    given = len(answers)
    out = console if not as_json else err
    number = str(view(state, None)["event"]["event"])
    unread = ignored_options(number, [
        k for k in ("land", "area", "type", "challenge", "variant") if options[k] is not None])
    if unread:
        err.print(Text(f"note: event {number} does not read "
                       + ", ".join(f"--{o}" for o in unread) + " (tk events lists what each "
                       "event takes)", style="yellow"))
    shown = 0
    while True:
        for entry in state.log[shown:]:
            out.print(Hanging("· " + render(entry), indent=2, hang=4))
        shown = len(state.log)
        if state.active is None:
            break
        choices = number_choices(state, legal_actions(state))
        asked = prompt(state)
        assert asked is not None
        # as in ``warroom play``: who decides what, with the rule, right above the choices
        out.print(Text(f"{role_title(state.active)} to decide — {asked.text} [{asked.rule}]",
                       style="bold"))
        for c in choices:
            out.print(Text.assemble((f"  {c.number:>2} ", "bold cyan"), c.label))
        while True:
            scripted = bool(answers)
            if answers:
                ans = answers.pop(0)
            else:
                # answers come from standard input (a person or a script); the prompt goes
                # with the other interactive output, so stdout stays pure JSON with --json
                out.print("> ", end="")
                line = sys.stdin.readline()
                if not line:
                    out.print()         # end the "> " line before the error
                    _fail(WarroomError("end of input while a decision is pending; answer on "
                                       "standard input or pass --choose"))
                    return
                ans = line.strip()
            cmd, _, arg = ans.partition(" ")
            try:
                if cmd.lower() in ("help", "?"):
                    out.print(TK_HELP, markup=False)
                    continue
                if cmd.lower() == "keys":
                    for c in choices:
                        out.print(Text(f"  {c.number:>2} {c.action.key}"))
                    continue
                if cmd.lower() in ("quit", "exit"):
                    err.print(Text("stopped: the event was not resolved (nothing to do on "
                                   "the map)", style="yellow"))
                    raise typer.Exit(1)
                if cmd.lower() == "rule":
                    for line in rule_answer(g, arg):
                        out.print(Text(line))
                    continue
                if cmd.lower() == "why":
                    ref = reference(arg, choices, state)
                    out.print(str(explain(state, ref, state.active, legacy_keys=False)),
                              markup=False)
                    continue
                try:
                    picked = resolve_choice(ans, choices)
                except ChoiceError:
                    named = why_not_offered(ans, choices, state, state.active)
                    if isinstance(named, WarroomError):
                        raise named from None
                    if named is None:
                        raise
                    picked = named
                apply(state, picked.action)
                break
            except WarroomError as exc:
                if scripted:        # a script's answer does not fit: stop, never guess
                    _fail(WarroomError(f"--choose answer {given - len(answers)} ({ans[:40]!r})"
                                       f" to \"{asked.text}\" [{asked.rule}]: {exc}"))
                    return
                out.print(Text(str(exc), style="bold red"))
                for line in candidate_lines(exc):
                    out.print(Text(line))
    if answers:
        err.print(Text(f"note: the event asked for {given - len(answers)} answer(s); the "
                       f"last {len(answers)} of --choose ({', '.join(answers)[:80]}) were not "
                       "used", style="yellow"))
    outcome = result(state)
    seen = view(state, None)
    if as_json:
        emit_json({
            "event": seen["event"], "event_name": seen["event_name"],
            "result": outcome.to_json() if outcome else None,
            "instructions": seen["instructions"], "log": seen["log"],
            "situation": seen["situation"]})
        return
    console.print(Text("Instructions for the physical map:", style="bold"))
    for line in seen["instructions"] or ["(none)"]:
        # continuations indented under the line, as the board writes them (they ran on
        # at column 0: a terminal audit)
        console.print(Hanging(f"- {line}", hang=4))
    if outcome:
        console.print(Text(f"Result: {outcome.text}", style="bold"))
