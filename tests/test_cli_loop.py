"""The terminal loop's commands, numbers, names, records and ways out, driven as a user
would (CliRunner, or a real process reading a pipe)."""

from __future__ import annotations

import errno
import io
import json
import os
import re
import select
import shutil
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import warroom.games.eit2
from warroom.ai import make_bot
from warroom.cli.choices import (
    Choice,
    ChoiceError,
    completions,
    fold,
    number_choices,
    reference,
    resolve,
)
from warroom.cli.loop import PlayLoop, Terminal, outcome_lines
from warroom.cli.main import app
from warroom.cli.menus import style_for
from warroom.cli.records import parse_seats
from warroom.core.errors import RecordError
from warroom.core.protocol import (
    Outcome,
    Termination,
    apply,
    legal_actions,
    new_game,
    result,
)
from warroom.core.record import Record, Session, content_id
from warroom.games import load_game

runner = CliRunner()


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    res = runner.invoke(app, list(args), input=input)
    return res.exit_code, res.output


def kept(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "data" / "warroom" / "records").glob("*.json"))


# -- numbers and names ------------------------------------------------------------------

def test_space_numbers_are_stable_and_names_resolve() -> None:
    g = load_game("eit2")
    st = new_game(g, seed=3)
    first = {c.action.key: c.number for c in number_choices(st, legal_actions(st))}
    assert first["space:rome"] == str(g.catalogue.by_key("space:rome").value)
    apply(st, "space:tuscany")
    apply(st, "space:sicily")
    again = {c.action.key: c.number for c in number_choices(st, legal_actions(st))}
    assert again["space:rome"] == first["space:rome"]
    choices = number_choices(st, legal_actions(st))
    assert resolve("bav", choices).action.key == "space:bavaria"
    assert resolve("BAVARIA", choices).action.key == "space:bavaria"
    assert resolve("space:bavaria", choices).action.key == "space:bavaria"
    assert resolve("france-comte", choices).action.key == "space:france-comte"
    assert resolve("france-comté", choices).action.key == "space:france-comte"
    # a hyphen is a space in a name, as why reads it (a terminal audit: why accepted
    # "france comte" and the menu did not)
    for typed in ("france comte", "FRANCE COMTÉ", "france comté", "baden wurt"):
        assert resolve(typed, choices).action.key in ("space:france-comte",
                                                      "space:baden-wurttemberg"), typed
        assert reference(typed, choices, st) == resolve(typed, choices).action
    assert resolve("Rome", choices).action.key == "space:rome"     # not Romanian Royalty
    with pytest.raises(ChoiceError, match="matches 2 choices") as amb:
        resolve("fr", choices)
    assert {c.action.key for c in amb.value.candidates} == {"space:france-comte",
                                                            "space:french-morocco"}
    with pytest.raises(ChoiceError, match="one choice at a time"):
        resolve("1 2", choices)
    with pytest.raises(ChoiceError, match="no choice matches"):
        resolve("atlantis", choices)
    firsts = [fold(c.label)[0] for c in choices]
    lone = next(ch for ch in firsts if firsts.count(ch) == 1)
    with pytest.raises(ChoiceError, match="no choice matches"):
        resolve(lone, choices)               # a stray letter plays nothing


def test_a_spaces_and_a_cards_other_spellings_are_typed_as_their_names(
        tmp_path: Path) -> None:
    """A space's or a card's ``aliases`` (a pack's way to add a spelling) name it in the
    menu, in why and in card, as its name does (a terminal audit: "franche", "bayern"
    and "card munich beer" found nothing)."""
    from warroom.cli.render import card_text
    g = load_game("eit2")
    st = new_game(g, seed=3)
    choices = number_choices(st, legal_actions(st))
    assert resolve("franche", choices).action.key == "space:france-comte"   # bundled alias
    assert reference("franche-comte", choices, st) == resolve("franche", choices).action
    src = Path(__file__).parent.parent / "src" / "warroom" / "games" / "eit2" / "content"
    for name, edit in (("map.yaml", ("  - name: Bavaria\n",
                                     "  - name: Bavaria\n    aliases: [Bayern]\n")),
                       ("cards.yaml", ("  title: Munich Beer Hall Putsch\n",
                                       "  title: Hitler Putsch\n  aliases: [Munich Beer Hall "
                                       "Putsch]\n"))):
        text = (src / name).read_text(encoding="utf-8")
        assert edit[0] in text, edit
        (tmp_path / name).write_text(text.replace(*edit, 1), encoding="utf-8")
    packed = load_game("eit2", tmp_path)
    st = new_game(packed, seed=3)
    choices = number_choices(st, legal_actions(st))
    assert resolve("bayern", choices).action.key == "space:bavaria"
    assert reference("bayern", choices, st) == resolve("bayern", choices).action
    assert "Hitler Putsch" in card_text(packed, None, "munich beer")
    assert "Hitler Putsch" in card_text(packed, None, "hitler")
    # and ``content eit2 --json`` shows them (they were shown nowhere: a content audit)
    shown = packed.content_json()
    assert next(x for x in shown["spaces"] if x["name"] == "Bavaria")["aliases"] == ["Bayern"]
    assert next(x for x in shown["cards"] if x["title"] == "Hitler Putsch")["aliases"] == [
        "Munich Beer Hall Putsch"]


def test_card_numbers_carry_the_kind_when_a_card_offers_several_plays() -> None:
    g = load_game("eit2")
    st = new_game(g, seed=3)
    while st.active is not None and not any(a.kind == "ops" for a in legal_actions(st)):
        apply(st, legal_actions(st)[0])
    choices = number_choices(st, legal_actions(st))
    ops = next(c for c in choices if c.action.kind == "ops")
    n = ops.action.value
    assert ops.number == f"{n}o"
    assert resolve(f"{n}O", choices) is ops
    assert resolve(f"{n}ops", choices) is ops
    with pytest.raises(ChoiceError, match="several choices") as amb:
        resolve(str(n), choices)
    assert ops in amb.value.candidates
    assert resolve(f"{n}r", choices).action.kind == "rearm"


# -- commands ---------------------------------------------------------------------------

def test_keys_card_hand_and_case_insensitive_commands() -> None:
    code, out = run("play", "eit2", "--seed", "3", "--as", "lw", "--vs", "random",
                    input="KEYS\nCard 21\ncard munich\nHAND\nHelp\nBav\nUNDO\nQuit\n")
    assert code == 0, out
    assert "LW to decide — Place 3 discretionary SP (3 left)" in out
    assert "[3.7]" in out
    assert "space:bavaria" in out                      # keys lists the action keys
    assert "21 Munich Beer Hall Putsch" in out
    assert "Place 1 RW Extremist in Bavaria" in out    # the card's text
    hand = out.split("LW> ")[4]                        # what HAND printed: the hand alone
    assert hand.startswith("Your hand (8 cards") and "Europe in Turmoil" not in hand
    assert out.count("Your hand (8 cards") == 2        # under the first board, and on HAND
    assert "[RW, 2 OPs]" in hand and "Place 1 RW SP in Empire & Commonwealth" in hand
    assert "why X" in out                              # help
    assert "LW places 1 SP in Bavaria" in out
    assert "undone" in out
    assert "(undo available)" in out


def test_the_menu_fits_100_columns_and_groups_spaces() -> None:
    code, out = run("play", "eit2", "--seed", "3", "--as", "lw", input="quit\n")
    assert code == 0, out
    menu = out[out.index("LW to decide"):]
    menu = menu[:menu.index("Type a number")]
    assert all(len(line) <= 100 for line in menu.splitlines())
    assert " Germany:" in menu and " France:" in menu
    assert "Bavaria (3) 1/0" in menu and "Paris [2] 2/0 LW" in menu
    # the first screen is longer than a 50-line terminal: what is decided, with its rule,
    # is said again in the last lines above the input line
    last = " ".join(out[:out.index("LW> ")].splitlines()[-3:])
    assert "LW decides: Place 3 discretionary SP (3 left)" in last and "[3.7]" in last


def test_eit2_scoring_card_entry_says_scoring_once() -> None:
    g = load_game("eit2")
    st = new_game(g, seed=3)
    act = next(a for a in g.catalogue if a.kind == "score")
    choice = Choice(str(act.value), act, g.describe(st, act.id))
    entry = style_for("eit2").entry({}, choice, None)
    assert entry.endswith("Scoring [Scoring card]") and "(scoring)" not in entry


# -- saving -----------------------------------------------------------------------------

def test_save_paths_quotes_home_folders_and_overwrite(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "file.txt").write_text("x")
    spaced = tmp_path / "with space" / "b.json"
    code, out = run("play", "eaw1940", "--seed", "3", input=(
        "save ~/games/a.json\n"
        f"save \"{spaced}\"\n"
        f"save {tmp_path / 'file.txt' / 'x.json'}\n"
        f"save {tmp_path}\n"
        "save '~/games/a.json'\nn\n"
        "save ~/my\\ games/c.json\n"
        "save\n"
        "quit\n"))
    assert code == 0, out
    out = " ".join(out.split())         # the messages wrap at the screen's width
    assert (tmp_path / "home" / "games" / "a.json").exists()
    assert spaced.exists()
    assert "Errno" not in out
    assert "a part of the path is a file, not a folder" in out
    assert "is a folder; give a file name" in out
    assert "exists. Overwrite it? [y/N]" in out and "not saved" in out
    assert (tmp_path / "home" / "my games" / "c.json").exists()   # a shell's escaped space
    assert out.count("saved to") == 4


def test_load_restores_seats_and_refuses_conflicting_flags(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    code, out = run("play", "eit2", "--seed", "5", "--as", "lw", "--vs", "random",
                    input=f"bav\nsave {save}\nquit\n")
    assert code == 0, out
    rec = Record.load(save)
    assert rec.seats == {"lw": "human", "rw": "random"}
    code, out = run("play", "eit2", "--load", str(save), input="quit\n")
    assert code == 0, out
    assert "LW to decide — Place 3 discretionary SP (2 left)" in out
    code, out = run("play", "eit2", "--load", str(save), "--seed", "5", "--as", "LW",
                    input="quit\n")
    assert code == 0, out
    for flags, said in ((["--seed", "6"], "--seed 6 (the record's seed is 5)"),
                        (["--as", "rw"], "--as rw (the record is played by LW: human, "
                                         "RW: random)"),
                        (["--scenario", "great_depression"], "--scenario great_depression"),
                        (["--vs", "greedy"], "--vs greedy (the record's bot is random)")):
        code, out = run("play", "eit2", "--load", str(save), *flags)
        assert code == 2, out
        assert said in out and "contradict the record" in out


# -- ways out ---------------------------------------------------------------------------

def test_quit_asks_when_unsaved_and_keeps_a_record(tmp_path: Path) -> None:
    code, out = run("play", "eaw1940", "--seed", "3", input="quit\n")
    assert code == 0 and "Quit anyway" not in out           # nothing played yet
    code, out = run("play", "eaw1940", "--seed", "3",
                    input="end\nquit\nn\nQUIT\ny\n")
    assert code == 0, out
    assert out.count("The game is not saved. Quit anyway?") == 2
    assert "Back to the game." in out
    assert "A record of this game is kept in" in out
    (rec,) = kept(tmp_path)
    assert Record.load(rec).actions == ["end_turn"]


def test_a_quit_whose_record_cannot_be_kept_goes_back_to_the_game_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A records audit: with a data folder that cannot be written, the quit promised a
    record, said 'no record kept' and left: the game was lost. Now it goes back to the
    game once, where save FILE keeps it; a second quit leaves without one."""
    (tmp_path / "afile").write_text("")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "afile"))
    save = tmp_path / "kept.json"
    code, out = run("play", "eaw1940", "--seed", "3",
                    input=f"end\nquit\ny\nsave {save}\nquit\n")
    assert code == 0, out
    out = " ".join(out.split())
    assert "no record kept" in out and "Back to the game: save FILE keeps it" in out, out
    assert Record.load(save).actions == ["end_turn"]
    code, out = run("play", "eaw1940", "--seed", "3", input="end\nquit\ny\nquit\ny\n")
    out = " ".join(out.split())
    assert code == 0 and out.count("no record kept") == 2, out
    # the second quit promises no record (it said "a record is kept in" again: a review)
    assert "and no record could be kept in" in out and out.count("a record is kept in") == 1


def test_a_save_names_a_file_and_a_failed_one_leaves_no_folders(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A records audit: 'save games/' wrote a file named games; a save that failed after
    its folders were made left them behind."""
    def full(self: Session, path: Path) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    _code, out = run("play", "eaw1940", "--seed", "3",
                    input=f"save {tmp_path / 'games'}/\nsave\nquit\n")
    out = " ".join(out.split())
    assert "names a folder; give a file name in it" in out, out
    assert not (tmp_path / "games").exists()
    monkeypatch.setattr(Session, "save", full)
    _code, out = run("play", "eaw1940", "--seed", "3",
                    input=f"save {tmp_path / 'new' / 'deeper' / 'g.json'}\nquit\n")
    assert "the disk is full" in " ".join(out.split()), out
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_end_of_input_in_a_pipe_leaves_after_keeping_a_record(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"),
           "PYTHONPATH": str(Path(__file__).parents[1] / "src")}
    proc = subprocess.run([sys.executable, "-m", "warroom.cli.main", "play", "eit2",
                           "--seed", "3", "--as", "lw"], input="bav\n", text=True,
                          capture_output=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "The game is not saved. Quit anyway?" in proc.stdout
    assert "A record of this game is kept in" in proc.stdout
    (rec,) = kept(tmp_path)
    assert Record.load(rec).actions == ["space:bavaria"]


def test_game_over_shows_the_result_in_words_and_offers_save(tmp_path: Path) -> None:
    save = tmp_path / "done" / "final.json"
    code, out = run("play", "eaw1940", "--seed", "3", "--as", "none", "--vs", "random",
                    input=f"save {save}\nquit\n")
    assert code == 0, out
    assert "Game over — Draw (VP 13)" in out
    assert "The historical result for 1940/1941" in out
    assert "A record of this game is kept in" in out
    assert f"saved to {save}" in out
    rec = Record.load(save)
    assert rec.seats == {"axis": "random"}
    assert len(kept(tmp_path)) == 1


def test_outcome_labels_are_words_with_players_abbreviations() -> None:
    from_tk = Outcome(Termination.FINAL_SCORING, None, {}, {"steps_lost": 0.0},
                      "Republican Infighting: No Result", "15.35", "15.35_no_result")
    assert outcome_lines(from_tk)[0] == "Game over — 15.35 no result (Steps lost 0)"
    # tk's figures are counts: said in words (a terminal audit)
    counts = {"changes": 0.0, "instructions": 0.0, "dice": 1.0, "steps_lost": 0.0}
    assert outcome_lines(replace(from_tk, scores=counts), "tk")[0] == (
        "Game over — 15.35 no result (nothing changed; 1 die rolled)")
    counts = {"changes": 2.0, "instructions": 1.0, "dice": 3.0, "steps_lost": 1.0}
    assert outcome_lines(replace(from_tk, scores=counts), "tk")[0] == (
        "Game over — 15.35 no result (2 changes to the situation; 1 instruction for the "
        "map; 3 dice rolled; 1 step lost)")
    eit2 = Outcome(Termination.FINAL_SCORING, "rw", {"rw": 1.0}, {"lw_vp": 3.0},
                   "", "", "rw_held_scoring_card")
    # the label's first word is the winner (LW held the card): say who wins first, and
    # that the other side held it ("RW wins: held scoring card" read as RW's: an audit)
    assert outcome_lines(eit2) == ["Game over — RW wins: the other side held a Scoring card "
                                   "(LW VP 3)"]
    allies = Outcome(Termination.FINAL_SCORING, "allies", {}, {"vp": 9.0}, "", "",
                     "allied_decisive_victory")
    assert outcome_lines(allies) == ["Game over — Allied decisive victory (Allies win; VP 9)"]
    # the Axis bands read as the Allied ones ("Axis wins: automatic victory": an audit)
    axis = Outcome(Termination.AUTOMATIC_VICTORY, "axis", {}, {"vp": 33.0}, "", "",
                   "axis_automatic_victory")
    assert outcome_lines(axis) == ["Game over — Axis automatic victory (Axis wins; VP 33)"]
    # eit2's Power as its track writes it (the terminal audit: "Power -19" beside "LW19")
    power = Outcome(Termination.FINAL_SCORING, "lw", {"lw": 1.0}, {"power": -19.0}, "", "",
                    "final_scoring")
    assert outcome_lines(power, "eit2") == ["Game over — Final scoring (LW wins; Power LW19)"]
    assert outcome_lines(power) == ["Game over — Final scoring (LW wins; Power -19)"]


def test_hotseat_hands_off_and_all_shares_the_screen() -> None:
    code, out = run("play", "eit2", "--seed", "3", input="\nbav\nbav\nbav\n\nquit\ny\n")
    assert code == 0, out
    # said before the first hand-off: a newcomer expecting a bot played RW's turns too (a
    # terminal audit)
    assert out.index("Hot-seat: every side (LW, RW) is played at this terminal") < out.index(
        "Pass to LW")
    # quit at a hand-off quits (it passed the screen without a word); nothing played yet,
    # nothing to ask
    code2, out2 = run("play", "eit2", "--seed", "3", input="quit\n")
    assert code2 == 0 and "LW hand (" not in out2 and "not played" not in out2, out2
    # after a move it asks first, as quit does everywhere
    code2, out2 = run("play", "eit2", "--seed", "3", input="\nbav\nbav\nbav\nquit\ny\n")
    assert code2 == 0 and "Quit anyway?" in out2 and "RW hand (" not in out2, out2
    # the first hand waits behind a hand-off too: whoever typed the command may be either
    # player (it had been printed at once)
    assert out.index("Pass to LW — press Enter") < out.index("LW hand (")
    assert "hand (" not in out[:out.index("Pass to LW")]
    assert "Pass to RW — press Enter" in out
    assert "=" * 40 in out                     # in a pipe: a separator, not a clear
    assert "RW to decide — Place 4 discretionary SP" in out
    assert "RW hand (8 cards" in out           # in hot-seat a hand says whose it is
    code, out = run("play", "eit2", "--seed", "3", "--as", "all",
                    input="bav\nbav\nbav\nhand\nquit\ny\n")
    assert code == 0, out
    assert "Pass to" not in out
    assert "LW hand (8 cards" in out and "RW hand (8 cards" in out


def test_a_loaded_hotseat_game_hands_off_before_any_hand(tmp_path: Path) -> None:
    """Whoever types --load may not be the seat to move: in hot-seat the first hand shown
    waits behind the hand-off screen (a terminal audit saw RW's hand printed at once)."""
    save = tmp_path / "hs.json"
    code, out = run("play", "eit2", "--seed", "1", input=f"\n1\n2\n3\n\nsave {save}\nquit\ny\n")
    assert code == 0 and save.is_file(), out
    code, out = run("play", "eit2", "--load", str(save), input="\nquit\ny\n")
    assert code == 0, out
    assert "Pass to RW — press Enter" in out
    assert "hand (" not in out[:out.index("Pass to RW")]


def test_bad_seats_are_refused() -> None:
    code, out = run("play", "eit2", "--as", "allies")
    assert code == 2 and "eit2 has no role 'allies'" in out
    code, out = run("play", "eit2", "--vs", "nobot")
    assert code == 2 and "unknown bot 'nobot'" in out


# -- content ----------------------------------------------------------------------------

def test_content_filters_in_words() -> None:
    code, out = run("content", "eit2")
    assert code == 0 and "--cards" in out and len(out.splitlines()) < 30
    # the id records and reports name the pack by; a copy of warroom's own files is it
    own = content_id(load_game("eit2"))
    assert f"Content id {own} (warroom's own)" in out
    with tempfile.TemporaryDirectory() as tmp:
        for f in (Path(warroom.games.eit2.__file__).parent / "content").glob("*.yaml"):
            shutil.copy(f, tmp)
        code, out = run("content", "eit2", "--content", tmp)
        assert code == 0 and f"Content id {own} (warroom's own)" in out, out
    code, out = run("content", "eit2", "--card", "21")
    assert code == 0, out
    assert out.startswith(" 21 Munich Beer Hall Putsch [RW, 3 OPs] Roaring Twenties")
    assert "Place 1 RW Extremist in Bavaria" in out
    code, out = run("content", "eit2", "--card", "munich beer")
    assert code == 0 and "21 Munich Beer Hall Putsch" in out
    code, out = run("content", "eit2", "--card", "munich")   # two cards: both named
    assert code == 2 and "21 Munich Beer Hall Putsch" in out and "83 Munich Agreement" in out
    code, out = run("content", "eit2", "--cards")
    assert code == 0 and out.count("\n") < 1500 and '{"' not in out
    assert all(len(line) <= 100 for line in out.splitlines())
    code, out = run("content", "sfe", "--spaces")
    assert code == 0 and "London:" in out and '{"' not in out
    code, out = run("content", "eaw1940", "--tables")
    assert code == 0 and "land_attack" in out and "5-6: result advance" in out
    # a table keyed by one die face lists the faces, and a reconstructed table says so
    # (the Front Table read as a bare list of fronts: an eaw1940 audit)
    assert "  6: front most_advanced" in out and "front_table (reconstructed):" in out, out
    assert "sea_attack:" in out         # fixed by the rulebook's Atlantic example
    code, out = run("content", "eit2", "--card", "zzz")
    assert code == 2 and "no eit2 card with the number or name 'zzz'" in out
    # the flag, not the play command; the title's first word ("germanyscoring" was the
    # whole title without its spaces: a terminal audit)
    assert re.search(r"--card 1, --card germany\b", out), out
    code, out = run("content", "sfe", "--card", "14")
    assert code == 2 and "give the id (--card ax14)" in out, out
    code, out = run("content", "eaw1940", "--cards")
    assert code == 2 and "eaw1940 has no cards" in out
    # the summary offers only the parts the pack has (it offered every flag to every game)
    code, out = run("content", "eaw1940")
    assert code == 0 and "Show one part with --spaces, --tables or --rules;" in out
    assert "rules: 58 (--rules)" in out
    code, out = run("content", "eit2")
    assert code == 0 and "Show one part with --cards, --card N, --spaces or --rules;" in out
    # the rule index in words: sfe's numbers past its book's own are warroom's, and a
    # player had no way to read them outside a game (a citation audit)
    code, out = run("content", "sfe", "--rules")
    assert code == 0 and out.startswith("Rules cited by warroom (")
    assert "\n8.5  Retreat" in out and "\n7.2.1  " in out


def test_help_speaks_of_the_choices_offered_now() -> None:
    """help's example of how to choose is one of the choices on offer, with a start of its
    name that picks it alone (eaw1940's help once spoke of eit2's Bavaria)."""
    code, out = run("play", "eaw1940", "--seed", "3", "--as", "axis", input="help\nquit\ny\n")
    assert code == 0, out
    text = " ".join(out.split("Axis> ")[1].split())
    assert "Bavaria" not in text and "bav" not in text
    assert ("Choose by typing a choice's number (e.g. 11), its key "
            "(tank:western:north_africa, or just western:north_africa) or the start of its "
            "name (mov for Move a tank from the Western to the...; any case") in text
    code, out = run("play", "eit2", "--seed", "3", "--as", "lw", "--vs", "random",
                    input="help\naqu\nquit\ny\n")
    assert "its key (space:aquitaine, or just aquitaine) or the start of its name (aqu " \
           "for Aquitaine" in " ".join(out.split())
    assert "LW places 1 SP in Aquitaine" in out          # and the example works
    # every line of help fits 80 columns (one ran to 84: an audit)
    from warroom.cli.loop import COMMANDS
    assert all(len(line) <= 80 for line in COMMANDS.splitlines())
    # ongoing only where there are lasting Events (eit2); why also answers why not
    assert "ongoing     every Event in force" in out and "why not, for a move not offered" in out
    assert "ongoing" not in text.split("Commands")[1] and "why not, for a move" in text


def test_help_offers_a_keys_argument_alone_only_where_it_picks_the_choice() -> None:
    """eit2's help said a card is typed "event:10, or just 10", and "10" answered that it
    is several choices (the card's number: Event, Operations, Rearmament; a terminal
    audit): the argument alone is offered only where it picks that very choice."""
    from warroom.cli.loop import help_text
    g = load_game("eit2")
    st = new_game(g, "1920", 3)
    for _ in range(400):
        keys = [a.key for a in legal_actions(st)]
        if any(k.startswith("event:") for k in keys):
            break
        apply(st, legal_actions(st)[0])
    choices = [c for c in number_choices(st, legal_actions(st))
               if c.action.key.startswith(("event:", "ops:", "rearm:"))]
    assert choices, "no card decision reached"
    said = " ".join(help_text(choices).split())
    assert "or just" not in said, said
    spaces = number_choices(new_game(g, "1920", 3), legal_actions(new_game(g, "1920", 3)))
    assert "or just" in " ".join(help_text(spaces).split())


def test_a_loaded_game_says_who_plays_each_seat(tmp_path: Path) -> None:
    """A new game says "You play LW; RW: greedy"; a loaded one said nothing of its seats (a
    terminal audit)."""
    save = tmp_path / "g.json"
    code, out = run("play", "eit2", "--vs", "greedy", "--seed", "3",
                    input=f"1\nsave {save}\nquit\n")
    assert code == 0 and save.is_file(), out
    code, out = run("play", "eit2", "--load", str(save), input="quit\n")
    assert code == 0 and "Seats as recorded: LW: human, RW: greedy." in out, out


def test_sfe_cards_are_numbered_as_their_ids() -> None:
    """An sfe card is chosen by the number of its printed id (Panzer Corps ax05 is 5), and
    the operations are 1-8 in 7.1's order, build first: the menu once showed "13 Guderian
    (ax14)" and "0 Operation: build"."""
    code, out = run("play", "sfe", "--seed", "3", "--as", "axis",
                    input="1\n5\nquit\ny\n")
    assert code == 0, out
    assert "  1 Operation: build and place an army counter" in out
    assert "   5 Panzer Corps (ax05)" in out and "  15 Defender Reinforce Battle (ax15)" in out
    assert "Axis play Panzer Corps to build" in out


def test_tk_resolve_answers_why_help_and_names() -> None:
    code, out = run("tk", "resolve", "--event", "15.28", "--faction", "soviet",
                    input="HELP\nwhy 1\nNEUTRALITY\nwhy place a soviet influence marker in "
                          "bul\nplace a soviet influence marker in bul\n")
    assert code == 0, out
    out = " ".join(out.split())         # lines wrap at words, at 80 columns here
    assert "why X" in out                                       # help
    assert "Soviet to decide — Neutrals Pressured: do one of the following [15.28]" in out
    assert "Minor Country Politics: legal" in out               # why 1
    assert "one of the choices now (Place a Soviet Influence marker in Bulgaria)" in out
    assert "[15.28] place a Soviet Influence marker in Bulgaria" in out
    # the commands its answers point to work: keys, and quit leaves it unresolved (a
    # terminal audit: "see 'keys'" led nowhere and only Ctrl-C got out)
    code, out = run("tk", "resolve", "--event", "15.8", "--faction", "axis",
                    input="keys\nquit\n")
    assert code == 1, out
    assert "stopped: the event was not resolved" in out
    assert "Instructions for the physical map" not in out
    code, out = run("tk", "resolve", "--event", "15.28", "--faction", "soviet",
                    input="keys\n1\n")
    assert " 1 opt:minor_country_politics" in out and "2 opt:neutrality_discussions" in out


def test_play_tk_takes_an_event_and_seats_the_faction_that_decides() -> None:
    """``--option`` gives a game its options (tk's event and faction: play could not pick an
    event), and ``--vs`` alone seats the role that decides first (the Axis, seated by
    default, is never asked in 74 tk seeds of 200: a terminal audit)."""
    code, out = run("play", "tk", "--seed", "3", "--option", "event=15.26", "--option",
                    "faction=western", "--vs", "greedy", input="quit\ny\n")
    assert code == 0, out
    assert "You play Western; Axis, Soviet: greedy" in out, out
    assert "15.26 Minor Country Politics, received by the Western faction" in out
    code, out = run("play", "tk", "--seed", "3", "--option", "event", input="quit\n")
    assert code == 2 and "--option takes KEY=VALUE" in out, out
    code, out = run("play", "tk", "--seed", "3", "--option", "event=15.26", "--option",
                    "event=15.7", input="quit\n")
    assert code == 2 and "--option event is given twice" in out, out
    code, out = run("play", "tk", "--seed", "3", "--option", "zork=1", input="quit\n")
    assert code == 2 and "tk has no option zork; options: area" in out, out
    code, out = run("play", "eit2", "--seed", "3", "--vs", "random", input="quit\ny\n")
    assert "You play LW; RW: random" in out, out       # the first to decide, as before


def test_vs_alone_in_a_one_role_game_says_it_fills_no_seat() -> None:
    """eaw1940 has one role: --vs alone fills no seat, and the player is told how to watch
    the bot instead (an audit named a model that never played)."""
    code, out = run("play", "eaw1940", "--seed", "3", "--vs", "random", input="quit\ny\n")
    assert code == 0, out
    assert "eaw1940 has one role, yours: --vs fills no seat (--as none --vs random " \
        "watches the bot)." in " ".join(out.split()), out


def test_the_start_of_a_key_names_its_choices() -> None:
    """'sea' (the start of sea:atlantic and sea:mediterranean, as 'keys' lists them) lists
    both choices; it matched nothing (an eaw1940 audit)."""
    g = load_game("eaw1940")
    st = new_game(g, None, 3)
    choices = number_choices(st, legal_actions(st))
    with pytest.raises(ChoiceError) as exc:
        resolve(choices=choices, text="sea")
    assert sorted(c.action.key for c in exc.value.candidates) == ["sea:atlantic",
                                                                  "sea:mediterranean"]
    assert resolve("sea:atl", choices).action.key == "sea:atlantic"


def test_rule_of_a_table_lists_its_rows() -> None:
    """eaw1940's BOT tables cited by name give their rows in play (a solitaire player
    planning had the one-line summary only: an eaw1940 audit)."""
    code, out = run("play", "eaw1940", "--seed", "3",
                    input="rule front table\nrule land attack table\nquit\ny\n")
    assert code == 0, out
    assert "[Front Table] Reconstructed" in out and "  6: front most_advanced" in out, out
    assert "  5-6: result advance" in out, out


def test_tk_resolve_answers_rule_and_names_the_bundled_situations() -> None:
    code, out = run("tk", "resolve", "--event", "15.19", "--faction", "soviet", "--country",
                    "rumania", input="rule 15.19\n1\n")
    assert code == 0 and "[15.19] Influence: the receiver may do one" in out, out
    code, out = run("tk", "resolve", "--event", "15.19", "--faction", "soviet",
                    "--situation", "1941")
    out = " ".join(out.split())
    assert code == 2 and "no bundled situation '1941' and no file of that name: give one " \
        "of 1939, 1940, 1937" in out, out


@pytest.mark.parametrize("game_id", ["eaw1940", "eit2", "sfe", "tk"])
def test_every_number_is_unique_and_names_its_choice(game_id: str) -> None:
    """Along a random game, each decision's numbers are distinct and each number, and each
    key, types exactly its own choice."""
    g = load_game(game_id)
    st = new_game(g, seed=2)
    bot = make_bot("random", 2)
    for _ in range(400):
        if st.active is None:
            break
        choices = number_choices(st, legal_actions(st))
        assert len({c.number for c in choices}) == len(choices)
        for c in choices:
            assert resolve(c.number, choices) is c
            assert resolve(c.action.key.upper(), choices) is c
        apply(st, bot.choose(st))


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_hotseat_handoff_clears_a_real_terminal(tmp_path: Path) -> None:
    """On a terminal the hand-off clears the screen and its scrollback (ANSI), so the next
    player cannot scroll back to the previous hand."""
    master, slave = os.openpty()
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "TERM": "xterm",
           "COLUMNS": "100", "LINES": "50",
           "PYTHONPATH": str(Path(__file__).parents[1] / "src")}
    env.pop("NO_COLOR", None)
    proc = subprocess.Popen([sys.executable, "-m", "warroom.cli.main", "play", "eit2",
                             "--seed", "3"], stdin=slave, stdout=slave, stderr=slave,
                            env=env, close_fds=True)
    os.close(slave)
    out = b""
    try:
        os.write(master, b"\nbav\nbav\nbav\n")    # LW's hand-off, then LW's placements
        deadline = 120.0
        sent_enter = sent_quit = sent_done = False
        while deadline > 0:
            ready, _, _ = select.select([master], [], [], 0.5)
            deadline -= 0.5
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                out += chunk
            if not sent_done and b"then pass it to RW" in out:
                os.write(master, b"\n")            # LW has read what it did
                sent_done = True
            if not sent_enter and b"Pass to RW" in out:
                os.write(master, b"\n")
                sent_enter = True
            if sent_enter and not sent_quit and b"RW to decide" in out:
                os.write(master, b"quit\ny\n")
                sent_quit = True
            if proc.poll() is not None and not ready:
                break
    finally:
        try:    # the terminal closes before the process has finished exiting: wait for it
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=30)
        os.close(master)
    text = out.decode("utf-8", "replace")
    assert "Pass to RW" in text, text[-2000:]
    before = text[:text.index("Pass to RW")]
    assert "\x1b[2J\x1b[3J" in before[-200:]       # cleared just before the hand-off
    after = text[text.index("Pass to RW"):]
    assert "\x1b[2J" in after and "RW to decide" in after
    assert proc.returncode == 0


class _Pty:
    """``warroom play`` on a real terminal (a pseudo-terminal), driven key by key."""

    def __init__(self, tmp_path: Path, *args: str) -> None:
        self.master, slave = os.openpty()
        env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "TERM": "xterm",
               "COLUMNS": "100", "LINES": "50",
               "PYTHONPATH": str(Path(__file__).parents[1] / "src")}
        self.proc = subprocess.Popen([sys.executable, "-m", "warroom.cli.main", "play",
                                      *args], stdin=slave, stdout=slave, stderr=slave,
                                     env=env, close_fds=True)
        os.close(slave)
        self.out = b""

    def expect(self, wanted: bytes, seconds: float = 60.0) -> bytes:
        """Read until ``wanted`` has come; what came from the mark up to it."""
        start = len(self.out)
        while wanted not in self.out[start:]:
            ready, _, _ = select.select([self.master], [], [], seconds)
            assert ready, f"no {wanted!r} in {self.out[start:][-1500:]!r}"
            chunk = os.read(self.master, 65536)
            assert chunk, f"the game ended before {wanted!r}"
            self.out += chunk
        return self.out[start:]

    def quiet(self, seconds: float) -> bytes:
        """What comes in the next ``seconds``."""
        start = len(self.out)
        while True:
            ready, _, _ = select.select([self.master], [], [], seconds)
            if not ready:
                return self.out[start:]
            self.out += os.read(self.master, 65536)

    def send(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=30)
        os.close(self.master)


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")
def test_a_terminal_edits_recalls_completes_and_forgets_at_the_hand_off(
        tmp_path: Path) -> None:
    """At a terminal a line can be edited: Up recalls the seat's last line, Tab completes a
    command or a choice's name; at a hot-seat hand-off the history is cleared, so the next
    player cannot recall what the last one typed (``why`` of a card in hand)."""
    pytest.importorskip("readline")
    t = _Pty(tmp_path, "eit2", "--seed", "3")
    try:
        t.expect(b"Pass to LW")
        t.send(b"\r")
        t.expect(b"LW> ")
        t.send(b"why bav\r")
        t.expect(b"LW> ")
        t.send(b"\x1b[A")                      # Up: the last line comes back
        assert b"why bav" in t.expect(b"why bav", 10)
        t.send(b"\x15" + b"boa\t")             # Ctrl-U clears it; Tab completes
        t.expect(b"board", 10)
        t.send(b"\r")
        t.expect(b"LW> ")
        t.send(b"Bavar\t\r")                   # a choice's name completes too
        t.expect(b"LW> ")
        t.send(b"bav\rbav\r")
        t.expect(b"LW: press Enter to clear the screen, then pass it to RW")
        t.send(b"why zzz\r")                   # typed while done: recalled by nobody
        t.expect(b"Pass to RW")
        t.send(b"why yyy\r")                   # nor typed at the hand-off (a review)
        t.expect(b"RW> ")
        t.send(b"\x1b[A")                      # nothing to recall: LW's lines are gone,
        got = t.quiet(1.5)                      # the ones typed at the hand-off too
        assert b"bav" not in got and b"zzz" not in got and b"yyy" not in got, got
        t.send(b"\x19\x1by")                    # nor to yank: LW's Ctrl-U killed 'why bav'
        assert b"bav" not in t.quiet(1.5)
        t.send(b"\x15quit\ry\r")
        t.proc.wait(timeout=60)
    finally:
        t.close()
    assert t.proc.returncode == 0
    assert "Bavaria" in t.out.decode("utf-8", "replace")


def test_tab_offers_commands_and_the_names_of_the_choices() -> None:
    st = new_game(load_game("eit2"), seed=3)
    choices = number_choices(st, legal_actions(st))
    assert completions("boa", choices) == ["board"]
    assert completions("wh", choices)[0] == "why "
    assert completions("why france c", choices) == ["why France-Comté"]
    assert completions("FRANCE-COMTE", choices) == ["France-Comté"]
    names = completions("ba", choices)
    assert {"Bavaria", "Baden-Württemberg", "Basque Country"} <= set(names)
    assert all(fold(n).startswith("ba") for n in names) and len(set(names)) == len(names)
    assert completions("", choices)[:3] == ["why ", "card ", "rule "]
    assert completions("xyz", choices) == []


class _CountingLoop(PlayLoop):
    boards = 0

    def show_board(self, seat: str | None, seen: dict[str, Any] | None = None) -> None:
        self.boards += 1
        super().show_board(seat, seen)


def _scripted(game_id: str, as_: str, lines: list[str]) -> tuple[_CountingLoop, str]:
    buf = io.StringIO()
    console = Console(file=buf, width=100, color_system=None, soft_wrap=True)
    answers = iter(lines)

    def reader(ask: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    g = load_game(game_id)
    loop = _CountingLoop(Session.start(g, None, 3), parse_seats(g, as_, "random"),
                         {}, Terminal(console, reader))
    loop.bots = {r: make_bot("random", 4) for r, p in loop.seats.players.items()
                 if p != "human"}
    loop.run()
    return loop, buf.getvalue()


def test_the_board_comes_back_each_turn_not_after_every_action() -> None:
    loop, out = _scripted("eit2", "lw", ["bav", "bav", "bav", "quit", "y"])
    assert out.count("LW places 1 SP in Bavaria") == 3
    assert loop.boards == 1          # the set-up goes on: no board again for RW's SP...
    assert "Changed: Bavaria 1/0 -> 2/0" in out      # each action: one line of change
    after_rw = out[out.index("LW places 1 SP in Bavaria (4/0)"):]
    changed = after_rw[after_rw.index("Changed: "):].splitlines()[0]
    assert changed.count(" -> ") >= 2                # ...but one line saying what RW placed
    loop, out = _scripted("eaw1940", "axis", ["end", "end", "quit", "y"])
    assert loop.boards == 3          # turns 1, 2 and 3


def test_ctrl_c_at_a_prompt_leaves_with_130_unless_the_players_play_on(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The README: 130 when stopped by Ctrl-C. Ctrl-C at a prompt asks "Quit anyway?"; a
    second one left with 0 (a terminal audit). "n" to it plays on, and a later quit is 0."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))

    def run_with(lines: list[str | None]) -> PlayLoop:
        console = Console(file=io.StringIO(), width=100, color_system=None)
        answers = iter(lines)

        def reader(ask: str) -> str:
            line = next(answers, "")
            if line is None:
                raise KeyboardInterrupt
            return line

        g = load_game("eaw1940")
        loop = PlayLoop(Session.start(g, None, 3), parse_seats(g, "axis", "random"), {},
                        Terminal(console, reader))
        loop.run()
        return loop

    assert run_with([None, None]).term.interrupted
    assert run_with(["end", None, None]).term.interrupted
    # Ctrl-C at the resign question answers no and the game goes on (a review: a later
    # quit still left with 130)
    assert not run_with(["end", "resign", None, "quit", "y"]).term.interrupted
    assert not run_with(["end", None, "n", "quit", "y"]).term.interrupted
    res = runner.invoke(app, ["play", "eaw1940", "--seed", "3"], input="quit\ny\n")
    assert res.exit_code == 0, res.output

    def interrupt(ask: str) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("warroom.cli.main.Terminal",
                        lambda console: Terminal(console, interrupt))
    res = runner.invoke(app, ["play", "eaw1940", "--seed", "3"])
    assert res.exit_code == 130, res.output


def test_undo_reports_no_change_read_from_the_undone_move() -> None:
    """After ``undo`` the board is as the seat saw it before: a "Changed:" line compared it
    with the undone move ("battle ... over: the Axis attacked" when none was fought, a
    terminal audit)."""
    _loop, out = _scripted("eit2", "lw", ["bav", "undo", "quit", "y"])
    after = out[out.index("undone"):]
    assert "Changed:" not in after, after


def test_record_seats_round_trip_and_bad_seats_are_named() -> None:
    base = {"game": "eit2", "seed": 1, "actions": []}
    rec = Record.from_json({**base, "seats": {"lw": "human", "rw": "greedy"}})
    assert rec.to_json()["seats"] == {"lw": "human", "rw": "greedy"}
    assert "seats" not in Record.from_json(base).to_json()      # old records stay as they were
    with pytest.raises(RecordError, match="'seats' must be an object"):
        Record.from_json({**base, "seats": {"lw": 3}})


def test_a_loaded_hotseat_game_says_so_and_a_line_at_the_hand_off_is_not_lost_unsaid(
        tmp_path: Path) -> None:
    """A record keeps who plays, not how they share the screen: a loaded game of human
    seats says it is hot-seat (--as all shares one screen); a line typed at the hand-off
    screen is not played, and that is said, without the line (a scripted pipe went out of
    step silently: an outside audit)."""
    save = tmp_path / "hs.json"
    code, out = run("play", "eit2", "--seed", "1", "--as", "all",
                    input=f"1\n2\n3\nsave {save}\nquit\ny\n")
    assert code == 0 and save.is_file(), out
    code, out = run("play", "eit2", "--load", str(save), input="why 17\n\nquit\ny\n")
    assert code == 0, out
    assert "Loaded as hot-seat" in out and "--as all shares one screen" in out
    assert "the line typed there was not played" in out
    assert "why 17" not in out.split("Pass to")[1]


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")
def test_the_hotseat_end_screen_recalls_no_line_of_the_last_seat(tmp_path: Path) -> None:
    """The end screen is everyone's: Up there recalls nothing the last seat typed while it
    held the terminal (its ``why``/``rule`` questions show what it weighed)."""
    pytest.importorskip("readline")
    g = load_game("eit2")
    session = Session.start(g, None, 5)
    bot = make_bot("random", 1)
    while result(session.state) is None:
        session.apply(bot.choose(session.state))
    last = session.record.actions[-1]
    rec = session.record
    Record(rec.game, rec.scenario, rec.options, rec.seed, rec.forced_dice,
           rec.actions[:-1], seats={r: "human" for r in g.roles},
           content=rec.content).save(tmp_path / "end.json", with_state=False)
    t = _Pty(tmp_path, "eit2", "--load", str(tmp_path / "end.json"))
    try:
        t.expect(b"press Enter")
        t.send(b"\r")
        t.expect(b"> ")
        t.send(b"rule 17.4.2\r")
        t.expect(b"> ")
        t.send(str(last).encode() + b"\r")
        # the last seat reads what its move did before the end screen clears it
        t.expect(b"press Enter to clear the screen, then see the end of the game")
        t.send(b"\r")
        t.expect(b"also work.")
        t.quiet(1.0)
        t.send(b"\x1b[A\x1b[A")              # nothing to recall: the seat's lines are gone
        assert b"17.4.2" not in t.quiet(1.5)
        t.send(b"\x15quit\r")
        t.proc.wait(timeout=60)
    finally:
        t.close()
    assert t.proc.returncode == 0


def test_why_is_wrapped_at_words_to_the_menus_width() -> None:
    """A why answer is wrapped at words, indented after its first line: the console
    writes long lines whole, and the terminal broke them mid-word (a terminal audit saw an
    1,800-character why fill the screen)."""
    code, out = run("play", "eit2", "--seed", "7", "--as", "all",
                    input="why rearm:21\nquit\ny\n")
    assert code == 0, out
    said = out[out.index("LW> Play Munich"):].split("\nLW> ")[0].splitlines()
    assert len(said) >= 2 and all(len(line) <= 100 for line in said), said
    assert all(line.startswith("  ") for line in said[1:])
    assert "[rule 3.7]" in " ".join(" ".join(said).split())


def test_a_watched_eaw1940_game_ends_with_one_board_and_one_line_a_front() -> None:
    """Bots only: the last board is printed once (by the end screen), and a front that
    both moved and stalled is named once in the Changed line (a terminal audit)."""
    code, out = run("play", "eaw1940", "--seed", "3", "--as", "none", "--vs", "random")
    assert code == 0, out
    end = out[out.rindex("· Axis score"):]     # after the final score's log line
    assert end.count("Europe At War 1940 — turn") == 1, end
    for line in out.splitlines():
        if line.startswith("Changed: "):
            fronts = [w for w in ("Western", "North Africa", "Eastern", "Balkan")
                      if line.count(f"{w} front:") > 1]
            assert not fronts, line


def test_a_tk_rule_says_what_its_event_does() -> None:
    """``rule 15.27`` printed the title alone ("Neutrality"): a tk player learnt nothing of
    what an event does while playing (the other games' rules say what they say)."""
    code, out = run("play", "tk", "--seed", "1", input="rule 15.27\nrule 15.19\nquit\ny\n")
    assert code == 0, out
    flat = " ".join(out.split())
    assert ("[15.27] Neutrality: the receiver removes the Influence marker from the selected "
            "Minor Country" in flat)
    assert "[15.19] Influence: the receiver may do one:" in flat


def test_a_tk_seat_typing_an_old_positional_key_is_told_todays(tmp_path: Path) -> None:
    """The menu never played tk's old pick:<i> (records only), but said it was legal ("Choice
    2: legal — pick:1 is read as opt:neutrality_discussions") and played nothing. It is
    said to be a key of an earlier version, with today's key, and nothing is played."""
    # seed 12: the Soviets receive 15.28 (seed 1 did until 15.30 stopped drawing a die)
    code, out = run("play", "tk", "--seed", "12", "--as", "soviet", "--vs", "random",
                    input="pick:1\nwhy pick:1\nquit\ny\n")
    assert code == 0, out
    flat = " ".join(out.split())
    assert flat.count("Choice 2: illegal — 'pick:1' is a key of an earlier version") == 2, out
    assert "this choice's key now is 'opt:neutrality_discussions'" in flat
    assert "legal — pick:1 is read as" not in flat
    assert all(Record.load(rec).actions == [] for rec in kept(tmp_path))   # nothing played


def test_messages_wrap_at_words_to_the_screen(tmp_path: Path) -> None:
    """Errors, rule and card texts and the quit question were printed whole: a terminal of
    80 columns broke them mid-word ("elimin" / "ated"; an audit). Each wraps at words, its
    continuations indented; a file's path is never broken, spaces and all (a review)."""
    buf = io.StringIO()
    console = Console(file=buf, width=80, color_system=None, soft_wrap=True)
    saved = tmp_path / "My Saved Games" / ("a-fairly-long-record-name-of-the-spring-"
                                           "campaign.json")
    answers = iter(["rule 3.3", "card xyz", "why 1", "1", "quit", "n", f'save "{saved}"',
                    "quit"])

    def reader(ask: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    g = load_game("sfe")
    loop = PlayLoop(Session.start(g, None, 3), parse_seats(g, "axis", "random"), {},
                    Terminal(console, reader))
    loop.bots = {"allies": make_bot("random", 4)}
    loop.run()
    out = buf.getvalue()
    # (a test's reader echoes no newline: the prompt and the answer's first line share one)
    lines = [line.removeprefix("Axis> ") for line in out.splitlines()]
    # (a word longer than the line, or a file's path, is left whole)
    assert all(len(line) <= 80 or " " not in line.strip() or "/" in line for line in lines), \
        max(lines, key=len)
    flat = " ".join(out.split())
    assert "give a card id or the beginning of its title" in flat
    assert "Quit anyway?" in flat
    rule = next(i for i, line in enumerate(lines) if line.startswith("[3.3]"))
    assert lines[rule + 1].startswith("  ") and len(lines[rule]) > 60
    assert saved.is_file() and str(saved) in out        # on one line, whole


def test_the_hotseat_end_screen_keeps_the_hands_and_private_lines_to_themselves(
        tmp_path: Path) -> None:
    """The end of a hot-seat game shows the public log; its ``log`` printed both seats'
    private lines (sfe's random discards) and ``hand`` every seat's hand on the shared
    screen (a hot-seat audit)."""
    g = load_game("sfe")
    session = Session.start(g, None, 1)
    bot = make_bot("random", 1)
    while result(session.state) is None:
        session.apply(bot.choose(session.state))
    private = [e["text"] for e in session.state.log if e.get("to")]
    assert private
    rec = session.record
    Record(rec.game, rec.scenario, rec.options, rec.seed, rec.forced_dice,
           rec.actions[:-1], seats={r: "human" for r in g.roles},
           content=rec.content).save(tmp_path / "end.json", with_state=False)
    code, out = run("play", "sfe", "--load", str(tmp_path / "end.json"),
                    input=f"\n{rec.actions[-1]}\nlog\nhand\nquit\n")
    assert code == 0 and "Game over" in out, out[-3000:]
    end = out[out.index("Game over"):]
    assert not [t for t in private if t in end], end
    assert "The hands stay private on a shared screen" in end and "Your hand" not in end


def test_resign_asks_first_then_ends_the_game_and_keeps_it(tmp_path: Path) -> None:
    code, out = run("play", "eit2", "--seed", "3", "--as", "lw", "--vs", "random",
                    input="help\nresign\nn\nresign\ny\nquit\n")
    assert code == 0, out
    assert "resign      concede the game (asks first): the other side wins" in out
    assert out.count("Resign as LW? The game ends and RW wins. [y/N]") == 2
    assert "Not resigned: back to the game." in out
    assert "Game over — RW wins: by resignation" in out and "LW resigned: RW wins" in out
    (rec,) = kept(tmp_path)
    record = Record.load(rec)
    assert record.actions == ["resign:lw"]
    assert json.loads(rec.read_text())["format"] == "warroom-record/2"
    code, out = run("replay", str(rec))
    assert code == 0 and "Game over — RW wins: by resignation" in out, out
    # the key a record keeps works as the command; another seat's is refused (a review:
    # both answered "no choice matches")
    code, out = run("play", "eit2", "--seed", "3", "--as", "lw", "--vs", "random",
                    input="resign:rw\nRESIGN:LW\nn\nquit\ny\n")
    assert "LW may resign only for itself" in out, out
    assert "Resign as LW? The game ends and RW wins." in out and "no choice matches" not in out
    # in a game of bots alone nobody is at the keyboard to resign; the Allies' side of
    # eaw1940 wins when its one player does
    code, out = run("play", "eaw1940", "--seed", "3", input="resign\ny\nquit\n")
    assert "Game over — Allies win: by resignation" in out, out
