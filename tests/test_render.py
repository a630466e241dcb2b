"""The terminal's boards, hands, card texts and change lines (issue 15, game screens)."""

from __future__ import annotations

import copy
import io
import re
from collections.abc import Callable
from typing import Any

import pytest
from rich.console import Console

from warroom.ai.bots import RandomBot
from warroom.cli.render import (
    card_text,
    changes,
    ongoing_text,
    print_log,
    render,
    render_board,
    render_hand,
    should_redraw,
)
from warroom.cli.render_eit2 import ongoing_line
from warroom.core import State, apply, legal_actions, new_game, view
from warroom.core.errors import WarroomError
from warroom.games import load_game
from warroom.games.sfe import play_deck as sfe_play_deck

ANSI = re.compile(r"\x1b\[")


def text_of(renderable: Any, width: int = 80, **kw: Any) -> str:
    """What a console of ``width`` columns prints, without colour (a pipe)."""
    out = io.StringIO()
    con = Console(file=out, width=width, force_terminal=False, **kw)
    con.print(renderable)
    return out.getvalue()


def play_until(gid: str, seed: int, scenario: str | None = None, steps: int = 10_000,
               stop: Callable[[State[Any]], bool] = lambda st: False) -> State[Any]:
    st = new_game(load_game(gid), scenario, seed)
    bot = RandomBot(seed)
    for _ in range(steps):
        if st.active is None or stop(st):
            break
        apply(st, bot.choose(st))
    return st


def top_kind(st: State[Any]) -> str:
    return str(st.data["stack"][-1]["kind"]) if st.data["stack"] else ""


# -- eit2: 80 x 50 ------------------------------------------------------------------------

EIT2_STATES = [(sc, n) for sc in ("1920", "great_depression", "appeasement")
               for n in (0, 60, 250)]


@pytest.mark.parametrize(("scenario", "steps"), EIT2_STATES)
def test_eit2_board_fits_80x50_and_shows_everything(scenario: str, steps: int) -> None:
    st = play_until("eit2", 7, scenario, steps)
    role = st.active or "lw"
    v = view(st, role)
    out = text_of(render_board("eit2", v))
    lines = out.rstrip("\n").split("\n")
    assert len(lines) <= 50, f"{len(lines)} lines"
    assert max(len(line) for line in lines) <= 80
    head = "\n".join(lines[:12])
    for item in ("Power", "Moderation LW", "Tension", "Sanctions LW", f"turn {v['turn']}/",
                 "Deck ", "discard ", "removed ", "Hands LW ", "Extremists left LW",
                 "Rearmament attempt available: LW", "Ongoing:", "Key:", "Battleground",
                 "Presence"):
        assert item in head, item
    for r in v["regions"]:
        assert re.search(rf"^{re.escape(r['name'])} \(P\d+/D\d+/C\d+\) scored now: LW .* "
                         r"-> (even|LW \+\d+|RW \+\d+)$", out, re.M), r["name"]
    assert "Independent (not scored" in out
    # every space is on the board with its Stability, SP and control letter
    for s in v["spaces"]:
        stab = f"[{s['stability']}]" if s["battleground"] else f" {s['stability']} "
        assert f"{s['name'][:8]}" in out, s["name"]
        assert stab in out
    for r in v["rearmament"]:
        if r["next"]:
            assert f" {r['next']['needed']} {r['side'].upper()}" in out
    if v["ongoing"]:        # the first title, or how many the ongoing command lists
        assert (v["ongoing"][0]["title"][:20] in out
                or f"Ongoing: +{len(v['ongoing'])} more" in out)


def test_eit2_ongoing_line_fits_with_its_markers() -> None:
    """The board's Ongoing line counts the markers' words when it shortens the titles (it
    had fitted the titles alone and rich cut the line at 80 columns: '2 marke…')."""
    titles = ["March on Rome", "Kellogg-Briand Pact", "Munich Beer Hall Putsch",
              "Aristide Briand", "Washington Naval Treaty"]
    marks = ["Rhineland demilitarized", "Saar plebiscite"]
    for n in range(1, len(titles) + 1):
        for k in range(len(marks) + 1):
            line = ongoing_line("", titles[:n], marks[:k])
            assert len(line) <= 78, line
            if "(type ongoing)" in line:
                shown = line.removeprefix("Ongoing: ").split("; ")[:-1]
                assert all(t in titles for t in shown)
                more = n - len(shown)
                assert (f"+{more} more" in line) == (more > 0), line
                assert (f"{k} marker" in line) == (k > 0), line
    assert ongoing_line("", titles[:3], marks) == ("Ongoing: March on Rome; Kellogg-Briand "
                                                   "Pact; +1 more, 2 markers (type ongoing)")


def test_eit2_rearmament_cells_keep_their_side_when_a_track_is_done() -> None:
    """A finished track's cell ("(done)") fits its column like the others: the side of the
    track after it was cut off at 78 columns when a done track came first in a row."""
    v = view(new_game(load_game("eit2"), "1920", 1), "lw")
    for r in v["rearmament"]:
        r["box"] = "Littorio Class Battleships of the Regia Marina"
        r["next"] = None
    out = text_of(render_board("eit2", v))
    rows = [line for line in out.split("\n") if "(done)" in line]
    assert sum(line.count("(done)") for line in rows) == len(v["rearmament"])
    for line in rows:
        assert "\u2026" not in line and len(line) <= 78, line
        assert line.count(" (done) ") == len(re.findall(r" \(done\) (LW|RW)", line)), line


def test_eit2_setup_does_not_say_rw_phasing_while_lw_decides() -> None:
    st = new_game(load_game("eit2"), "1920", 1)
    assert st.active == "lw"
    out = text_of(render_board("eit2", view(st, "lw")))
    assert "phasing" not in out.split("\n")[0]
    assert "set-up" in out.split("\n")[0] and "LW to act" in out.split("\n")[0]
    st = play_until("eit2", 1, "1920", 500, lambda s: top_kind(s) == "action_round")
    first = text_of(render_board("eit2", view(st, st.active))).split("\n")[0]
    assert f"{st.active.upper()} to act" in first
    assert f"{view(st, None)['phasing'].upper()} phasing" in first


def test_eit2_board_says_20_wins_during_play_only() -> None:
    """10.4.1's "20 wins" stayed on the board after Final Scoring, where 20 wins nothing
    (10.4.4) and the game was over (an end-game audit)."""
    st = new_game(load_game("eit2"), "appeasement", 0)
    assert "(20 wins)" in text_of(render_board("eit2", view(st, "lw"))).split("\n")[1]
    st = play_until("eit2", 0, "appeasement")
    assert st.active is None
    second = text_of(render_board("eit2", view(st, "lw"))).split("\n")[1]
    assert second.startswith("Power ") and "20 wins" not in second


def test_eit2_space_cell_legend_and_letters_without_colour() -> None:
    st = new_game(load_game("eit2"), "1920", 1)
    out = text_of(render_board("eit2", view(st, "lw")), no_color=True)
    assert not ANSI.search(out)
    assert re.search(r"Paris +\[2\] 2/0 +L", out)
    assert re.search(r"Magdeburg +\[3\] 0/3\* +R", out)
    assert re.search(r"Apulia +1  0/0 +-", out)


def test_eit2_hand_shows_titles_sides_ops_eras_and_texts() -> None:
    st = new_game(load_game("eit2"), "1920", 1)
    v = view(st, "lw")
    out = text_of(render_hand("eit2", v), width=100)
    for card in v["hand"]:
        assert f"{card['number']:>3} {card['title']}" in out
        assert card["era"] in out
        if card["event"]:
            assert card["event"].split()[0] in out
    assert "OPs" in out
    # the spectator and the opponent see no hand
    assert text_of(render_hand("eit2", view(st, None))).strip() == ""
    assert text_of(render("eit2", view(st, "lw"))).count("Your hand") == 1


def test_eit2_changes_and_redraw_rule() -> None:
    g = load_game("eit2")
    st = new_game(g, "1920", 1)
    before = view(st, "lw")
    apply(st, "space:paris")
    after = view(st, "lw")
    line = changes("eit2", before, after)
    assert line == "Paris 2/0 -> 3/0"
    assert not should_redraw("eit2", before, after)
    st = play_until("eit2", 1, "1920", 500, lambda s: top_kind(s) == "action_round")
    before = view(st, st.active)
    st2 = play_until("eit2", 1, "1920", 2000,
                     lambda s: top_kind(s) == "action_round"
                     and s.data["phasing"] != st.data["phasing"])
    assert should_redraw("eit2", before, view(st2, st.active))


# -- sfe: owners without colour, battles, halves -------------------------------------------

def _counter_tokens(out: str) -> set[str]:
    return set(re.findall(r"\b([AWS])([123F])\b", out))


@pytest.mark.parametrize("mode", ["pipe", "no_color_env"])
def test_sfe_owners_are_letters_in_a_pipe_and_with_no_color(
        mode: str, monkeypatch: pytest.MonkeyPatch) -> None:
    g = load_game("sfe")
    st = play_until("sfe", 3, None, 400)
    v = view(st, "axis")
    if mode == "no_color_env":
        monkeypatch.setenv("NO_COLOR", "1")
        out = io.StringIO()
        Console(file=out, width=120, force_terminal=True).print(
            render_board("sfe", v, g.content_json()))
        text = out.getvalue()
        assert "\x1b[3" not in text           # no foreground colour at all
        text = ANSI.sub("\x1b[", text)
        text = re.sub(r"\x1b\[[0-9;]*m", "", text)
    else:
        text = text_of(render_board("sfe", v, g.content_json()), width=120)
        assert not ANSI.search(text)
    owners = {o for o, _s in _counter_tokens(text)}
    assert {"A", "W"} <= owners
    # each location's counters read back as the view has them (owner letter + strength)
    letter = {"axis": "A", "western": "W", "soviet": "S"}
    for loc in v["locations"]:
        row = next(line for line in text.split("\n") if line.startswith(loc["name"][:14]))
        for u in loc["counters"]:
            assert f"{letter[u['owner']]}{'F' if u['fortress'] else u['strength']}" in row
            assert f"{u['half']}:" in row
        if not loc["counters"]:
            assert " -" in row                # empty locations are listed too
    assert "Each location has two halves" in text
    assert re.search(r"lines .*[nsew]>", text)


def test_sfe_a_long_location_name_keeps_apart_from_its_owner() -> None:
    """A pack's name of 14 letters or more ran into the owner's letter ("Cotentin CoastW":
    a terminal audit): it is cut with an ellipsis, a space before the letter."""
    g = load_game("sfe")
    v = view(new_game(g, None, 3), "axis")
    for loc in v["locations"]:
        if loc["name"] == "Normandy":
            loc["name"] = "Cotentin Coast"
    text = text_of(render_board("sfe", v, g.content_json()), width=120)
    row = next(line for line in text.split("\n") if line.startswith("Cotentin"))
    assert row.startswith("Cotentin Coa… W"), row
    assert any(line.startswith("Paris         W") for line in text.split("\n")), text


@pytest.mark.parametrize("width", [80, 100, 300])
def test_sfe_board_lines_keep_to_the_terminal(width: int) -> None:
    """The sfe board writes no line wider than the terminal (80 columns at least), and
    none wider than 100 whatever the terminal (the play loop prints without wrapping, so a
    wider line broke mid-word in a 100-column terminal: the VP line ran to 134, the key to
    178); on a wider terminal it uses the room (its status lines wrapped at 80 on 100
    columns: a terminal audit)."""
    g = load_game("sfe")
    for seed, steps in ((3, 0), (3, 400), (5, 1500)):
        st = play_until("sfe", seed, None, steps)
        text = text_of(render_board("sfe", view(st, "axis"), g.content_json()), width=width)
        widest = max(text.split("\n"), key=len)
        assert len(widest) <= min(width, 100), widest
        assert re.search(r"(1st|2nd|3rd) play deck", text), text
        if width >= 100:
            assert re.search(r"^Struggle for Europe - turn \d+, .* - (\w+ to act|game over)$",
                             text, re.M), text
            assert re.search(r"^Axis: hand .*; recycle \d+, eliminated \d+$", text, re.M), text


DECK_SAID = re.compile(r"[^.;:\n(]*\bdecks?\b[^.;:\n)]*", re.I)


@pytest.mark.parametrize(("seed", "steps"), [(3, 0), (5, 1500)])
def test_sfe_play_decks_are_named_as_the_rulebook_and_the_web_name_them(
        seed: int, steps: int) -> None:
    """The terminal wrote "play deck III", "III, reshuffle 2", a line "(deck 2)" and a card
    "deck 1" where the rulebook (6) and the web page say "the Allied 2nd play deck" (an
    audit); it now asks the game's ``play_deck`` for the words, as the game's own reasons
    do, so no deck is named by a bare number or numeral."""
    g = load_game("sfe")
    st = play_until("sfe", seed, None, steps)
    v = view(st, "axis")
    text = text_of(render("sfe", v, g.content_json()), width=300)
    said = [m.group().strip() for m in DECK_SAID.finditer(text)]
    assert said
    for words in said:
        assert re.search(r"(Allied )?(1st|2nd|3rd) play deck", words), words
        assert not re.search(r"deck (I|II|III|\d)\b", words), words
    deck = v["sides"]["axis"]["play_deck_number"]
    assert f"Axis: hand {v['sides']['axis']['hand_count']}/" in text
    assert f"; {sfe_play_deck(deck)}: " in text
    if steps == 0:
        assert "(from the Allied 3rd play deck)" in text      # the USA's naval lines
        assert ", from the 1st play deck): " in text         # a card of the hand
    else:
        assert deck > 3 and "3rd play deck, reshuffle " in text


def test_sfe_play_deck_words() -> None:
    assert sfe_play_deck(2, "allies") == "Allied 2nd play deck"
    assert sfe_play_deck(1) == "1st play deck"
    assert sfe_play_deck(3, "axis") == "Axis 3rd play deck"
    assert sfe_play_deck(5) == "3rd play deck, reshuffle 2"


def test_sfe_battle_shows_attackers_and_strengths() -> None:
    def in_battle(s: State[Any]) -> bool:
        if top_kind(s) != "battle_air":
            return False
        fr = [f for f in s.data["stack"] if f["kind"] == "battle"][-1]
        return bool(fr["moving"])
    st = play_until("sfe", 0, None, 3000, in_battle)
    assert in_battle(st)
    role = st.active
    v = view(st, role)
    text = text_of(render_board("sfe", v), width=120)
    b = v["battle"]
    assert f"Battle for {b['location']} ({b['half']} half)" in text
    strength = sum(u["strength"] for u in b["moving_attackers"])
    assert "attackers moving in: " in text and f"(strength {strength})" in text
    for u in b["moving_attackers"]:
        assert f"{u['owner'][0].upper()}{u['strength']}" in text
    assert "line defence value" in text and "defender wins ties" in text
    where = next(loc for loc in v["locations"] if loc["name"] == b["location"])
    armies = [u for u in where["counters"] if not u["fortress"]
              and (u["owner"] == "axis") == (b["defender"] == "axis")]
    if armies:
        assert "defenders: " in text and "(strength " in text.split("defenders: ")[1]
    # the other side sees the attackers too, and the number of face-down cards only
    other = "allies" if role == "axis" else "axis"
    assert "attackers moving in" in text_of(render_board("sfe", view(st, other)), width=120)


def test_sfe_bombing_at_its_start_reads_the_black_0() -> None:
    """The marker at the start read "strategic bombing 0 on the center side": the rulebook
    calls that box the black 0 (a terminal audit); the VP line names who leads and what
    wins ("differential -3" named no side: an audit of the Allied seat)."""
    st = new_game(load_game("sfe"), None, 1)
    text = " ".join(text_of(render_board("sfe", view(st, "axis")), width=100).split())
    assert ("VP Axis 0, Allies 0 (level); to win: a 7-VP lead (9.2-9.3), which the Allies "
            "must reach before the game ends (9.4)") in text
    assert "| strategic bombing on the black 0" in text and "center" not in text
    st.data["bomb"] = 1
    st.invalidate()
    after = view(st, "axis")
    st.data["bomb"] = 0
    st.invalidate()
    assert "bombing on the black 0" in changes("sfe", after, view(st, "axis"))


def test_sfe_board_and_changes_write_sides_as_players_do() -> None:
    """The bombing marker read "0 on the axis side" and "(axis side)", a location's new
    control "Tobruk now western" (an audit: sides and owners are written Axis, Allied,
    Western, as the rulebook and every other line write them)."""
    st = new_game(load_game("sfe"), None, 1)
    level = view(st, "axis")
    st.data["bomb"] = -1
    st.invalidate()
    axis = view(st, "axis")
    assert "strategic bombing 0 on the Axis side" in text_of(render_board("sfe", axis),
                                                            width=100)
    assert "bombing 0 (Axis side)" in changes("sfe", level, axis)
    st.data["bomb"] = 1
    st.invalidate()
    assert "bombing 0 (Allied side)" in changes("sfe", level, view(st, "axis"))
    taken = {**level, "locations": [{**loc, "control": "western"} if loc["name"] == "Rome"
                                    else loc for loc in level["locations"]]}
    assert "Rome now Western" in changes("sfe", level, taken)


def test_sfe_hand_texts_and_changes() -> None:
    st = new_game(load_game("sfe"), None, 1)
    v = view(st, "axis")
    out = text_of(render_hand("sfe", v), width=110)
    for card in v["sides"]["axis"]["hand"]:
        assert f"{card['name']} ({card['id']}" in out
    assert "Allied player randomly discards" in out or "event" in out
    before = view(st, "axis")
    st = play_until("sfe", 1, None, 60)
    line = changes("sfe", before, view(st, "axis"))
    assert line and "->" in line


def test_sfe_board_again_for_a_new_operation_only_after_one_that_changed_it() -> None:
    st = new_game(load_game("sfe"), None, 5)
    board = view(st, "axis")                     # the board printed at the turn's start
    apply(st, "op:build")                        # choosing an operation changes nothing yet
    assert not should_redraw("sfe", board, view(st, "axis"))
    bot = RandomBot(5)
    apply(st, bot.choose(st))
    while view(st, "axis")["prompt"]["rule"] != "7.1":
        apply(st, bot.choose(st))                # the build places a counter...
    later = view(st, "axis")
    assert changes("sfe", board, later)
    assert should_redraw("sfe", board, later)    # ...so the next operation redraws


def test_sfe_a_move_into_battle_prints_the_board_at_the_battle_not_before() -> None:
    """A move's first counter counts the operation as made (operations_left drops): the
    board came again then, at the battle's start and at its end, three boards in one
    move (a terminal audit). Mid-move, no board; the battle still brings one."""
    st = new_game(load_game("sfe"), None, 5)
    board = view(st, "axis")
    apply(st, "op:move")
    card = next(a for a in legal_actions(st) if a.key.startswith("card:"))
    apply(st, card)
    apply(st, "loc:Ruhr")
    apply(st, next(a for a in legal_actions(st) if a.key.startswith("unit:")))
    apply(st, "loc:Antwerp")
    mid = view(st, "axis")
    assert mid["operations_left"] == 1 and mid["prompt"]["rule"] != "7.1"
    assert changes("sfe", board, mid)
    assert not should_redraw("sfe", board, mid)
    apply(st, "done")
    assert view(st, "axis").get("battle") and should_redraw("sfe", board, view(st, "axis"))


@pytest.mark.parametrize("seed", [3, 5])
def test_sfe_changes_name_who_attacks_in_a_battle(seed: int) -> None:
    """The Changed line after a battle named no attacker: "Tobruk: west A1 A2 -> west A1",
    and an army moving into battle left its location for nowhere (an audit). It says the
    battle begun, who attacks with what, and the battle over, who attacked."""
    st = new_game(load_game("sfe"), None, seed)
    bot = RandomBot(seed)
    before = during = view(st, "axis")
    while not during.get("battle"):
        apply(st, bot.choose(st))
        before, during = during, view(st, "axis")
    battle = during["battle"]
    where = f"battle for {battle['location']} ({battle['half']} half)"
    attacker = {"axis": "Axis", "allies": "Allies"}[battle["attacker"]]
    begun = changes("sfe", before, during)
    assert begun.startswith(f"{where}: {attacker} attack with "), begun
    while view(st, "axis").get("battle"):
        apply(st, bot.choose(st))
    over = changes("sfe", during, view(st, "axis"))
    assert over.startswith(f"{where} over: the {attacker} attacked"), over
    assert changes("sfe", during, during) == ""


# -- tk: words, not JSON ------------------------------------------------------------------

@pytest.mark.parametrize("scenario", ["1939", "1940", "1937"])
def test_tk_screen_is_words_not_json(scenario: str) -> None:
    g = load_game("tk")
    st = new_game(g, scenario, 2, {"event": "15.26", "faction": "western"})
    text = text_of(render("tk", view(st, st.active)), width=100)
    assert "{" not in text and "}" not in text and '"' not in text
    assert "Political event 15.26 Minor Country Politics".lower() in text.lower()
    assert "received by the Western faction" in text
    assert "Being resolved: Western decides [15.26]" in text
    st = play_until("tk", 2, scenario, 50)
    text = text_of(render("tk", view(st)), width=100)
    assert "{" not in text and "}" not in text
    # the result is said after the board by play and replay, not twice (an audit)
    assert st.active is None and "Result:" not in text
    assert "Instructions for the physical map" in text


def test_eit2_board_marks_colonial_spaces() -> None:
    """2.1.6: Colonial spaces are marked ("c" before the Stability) and the key says so;
    some Events name "non-Colonial" spaces (a terminal audit found no mark)."""
    g = load_game("eit2")
    text = text_of(render_board("eit2", view(new_game(g, "1920", 5), "lw")), width=80)
    assert "c Colonial (2.1.6)" in text
    assert re.search(r"Algeria +c\[3\]", text), text
    assert re.search(r"Paris +\[2\]", text), text


def test_tk_board_shows_units_markers_and_names_and_keeps_still_for_a_step() -> None:
    """The board lists the units with their steps and the markers in play (a decision on a
    "Force Pool unit or two armor steps" was judged by trying one and undoing it), names a
    Ceded Land and a Failure type in words ("land ge_transylvania", "type command"); a step
    lost is told on the Changed line, not by drawing the board again (it came after every
    infantry step: a terminal audit)."""
    g = load_game("tk")
    st = new_game(g, "1939", 66, {"event": "15.7", "faction": "soviet", "country": "Finland"})
    text = " ".join(text_of(render("tk", view(st, st.active)), width=100).split())
    assert "Units: " in text and "Russian 1 Shock Army 3/3 steps" in text, text
    assert "Markers: Detachment (Axis) in Force Pool" in text, text
    assert "Ceded Land Finnish Frontier (Finland)" in text, text
    assert "ru_finnish" not in text and "ru finnish" not in text
    before = view(st, st.active)
    apply(st, "opt:infantry")
    apply(st, legal_actions(st)[0])
    after = view(st, st.active)
    assert not should_redraw("tk", before, after)
    said = changes("tk", before, after)
    assert re.search(r"Russian \S+ .*3 -> 2 steps|2 -> 1 steps", said), said
    # a Ceded Land boxed and a control marker placed are told too (a review: only the log)
    moved = copy.deepcopy(after)
    moved["situation"]["ceded"]["ru_finnish_frontier"] = "Ceded Lands Box"
    moved["situation"]["control"]["Viipuri"] = "soviet"
    said = changes("tk", after, moved, g.content_json())
    assert "Ceded Land Finnish Frontier (Finland) now in Ceded Lands Box" in said, said
    assert "Viipuri now controlled by Soviet" in said, said
    # ... named as the game's pack names it (the bundled pack's names were read whatever
    # the --content: a code review)
    pack = copy.deepcopy(g.content_json())
    lands = pack.get("ceded_lands") or pack["components"]["ceded_lands"]
    next(d for d in lands if d["id"] == "ru_finnish_frontier")["land"] = "Karelian Isthmus"
    said = changes("tk", after, moved, pack)
    assert "Ceded Land Karelian Isthmus (Finland) now in" in said, said
    # a Region still part of its Country is listed as such, not as a Dependent (15.26 says
    # it is neither a Minor Country nor a Dependent: a terminal audit)
    text = " ".join(text_of(render("tk", view(st, st.active), g.content_json()),
                            width=100).split())
    assert "Regions (part of their Country): Slovakia" in text, text
    assert not re.search(r"Dependent: [^:]*Slovakia", text), text
    st = new_game(g, "1940", 8, {"event": "15.14", "faction": "western", "type": "command"})
    text = " ".join(text_of(render("tk", view(st, st.active)), width=100).split())
    assert "Failure type command" in text and "VP marker SS Europa" in text, text


# -- card texts ----------------------------------------------------------------------------

def test_card_text_by_number_and_name() -> None:
    eit2 = load_game("eit2")
    by_number = card_text(eit2, None, 21)
    assert by_number.startswith(" 21 Munich Beer Hall Putsch [RW, 3 OPs] Roaring Twenties")
    assert "Support Check in Bavaria" in by_number
    assert card_text("eit2", None, "munich beer") == by_number
    assert card_text("eit2", None, "MUNICH BEER HALL PUTSCH") == by_number
    assert "Scoring card, Germany" in card_text(eit2, None, "germany scoring")
    with pytest.raises(WarroomError, match=r"\d+ eit2 card titles begin with 'm'"):
        card_text(eit2, None, "m")
    with pytest.raises(WarroomError, match="no eit2 card"):
        card_text(eit2, None, "zzzz")
    sfe = load_game("sfe")
    wolf = card_text(sfe, None, "ax17")
    assert wolf.startswith("Wolfpack (ax17, Axis") and "randomly discards" in wolf
    assert card_text(sfe, None, "wolfp").split("\n")[0].startswith("Wolfpack (ax1")
    # the count is of titles, each with its ids; a title that only holds the letters is
    # said to hold them; the start of an id names the ids it starts (a terminal audit:
    # "'al' names 6 cards" over 12 ids, "ax" found nothing)
    with pytest.raises(WarroomError) as many:
        card_text(sfe, None, "al")
    msg = str(many.value)
    assert msg.startswith("6 sfe card titles hold 'al': Westwall (ax10, ax11);")
    assert "Territorial Army (al01, al02, al03, al04)" in msg and "ids al01-al52" in msg
    with pytest.raises(WarroomError, match="ids ax01-ax46: give a whole id"):
        card_text(sfe, None, "ax")
    # the number sfe's menus show for a card (a README audit: "card 14" found nothing)
    assert card_text(sfe, None, "52").startswith("Mulberry Harbour (al52")
    with pytest.raises(WarroomError, match="14 is the number of 2 sfe cards: ax14 Guderian; "
                                           "al14 Montgomery"):
        card_text(sfe, None, "14")
    with pytest.raises(WarroomError, match="eaw1940 has no cards"):
        card_text("eaw1940", None, 1)


def test_eit2_card_text_carries_the_marks_of_the_hand() -> None:
    """``card N`` and ``content --cards`` show a card as a hand does, "text reconstructed"
    and the Rearmament line included (a terminal audit: card 21 lacked the mark)."""
    eit2 = load_game("eit2")
    assert "text reconstructed" in card_text(eit2, None, 21)
    assert "Played for Rearmament" in card_text(eit2, None, 110)


@pytest.mark.parametrize(("gid", "role"), [("sfe", "axis"), ("tk", "axis"), ("eit2", "lw"),
                                           ("eaw1940", "axis")])
def test_the_board_and_log_fit_an_80_column_terminal(gid: str, role: str) -> None:
    """A terminal audit found sfe's board wrapped at 100 columns and tk's lines and every
    game's log lines not wrapped at all (a 438-character line)."""
    g = load_game(gid)
    st = new_game(g, seed=11)
    buf = io.StringIO()
    con = Console(file=buf, width=80, soft_wrap=True, highlight=False)
    con.print(render(gid, view(st, role), g.content_json(), hand=False), soft_wrap=False)
    print_log(con, st.log)
    assert max(len(line) for line in buf.getvalue().splitlines()) <= 80


def test_eaw1940_board_shows_a_reserve_on_a_front_not_in_play() -> None:
    """A reserve can flip the Allied marker of a front the Axis have not entered (2.1, 9.1):
    the board says so beside 'not in play' (it said 'not in play' only: a review)."""
    st = new_game(load_game("eaw1940"), None, 0)
    st.data["reserve"][2] = 1                    # the Eastern front, not in play on turn 1
    st.invalidate()
    out = text_of(render_board("eaw1940", view(st, "axis")), width=100)
    lines = out.splitlines()
    at = next(i for i, ln in enumerate(lines) if ln.startswith("Eastern"))
    row = " ".join(" ".join(lines[at:at + 2]).split())      # the status column may wrap
    assert "not in play," in row and "Allied reserve" in row, out


def test_eaw1940_board_counts_tanks_and_keeps_each_sides_status_apart() -> None:
    """Three tanks on a front are counted, not listed one by one (the column widened until
    the routes and the heading wrapped: 20-25 lines at 80 columns), and "STALLED" is
    kept apart from "Allied reserve" by a comma (read as one phrase); the Changed line
    names the sides as the board does ("now allies": an eaw1940 audit)."""
    st = new_game(load_game("eaw1940"), None, 1)
    before = view(st, "axis")
    st.data["tanks"] = [[0, 0], [0, 1], [0, 0]]
    st.data["stalled"][0] = 1
    st.data["reserve"][0] = 1
    st.data["air"][0] = 0
    st.invalidate()
    after = view(st, "axis")
    out = text_of(render_board("eaw1940", after), width=80)
    assert "STALLED, Allied reserve," in out and "3 Axis tanks (1 used)" in out, out
    assert "Axis tank, Axis tank" not in " ".join(out.split())
    # 19: with every mark of a flag or a port (18 before them)
    assert len(out.rstrip("\n").splitlines()) <= 19, out
    said = changes("eaw1940", before, after)
    assert "Western Europe air space now Allied" in said, said


def test_eaw1940_board_and_menu_fit_an_80_by_24_terminal() -> None:
    """The turn line, every front and the control of the air and sea stay on an 80x24
    screen together with the first menu (a terminal audit: the control table pushed the
    turn line and the fronts off the top)."""
    st = new_game(load_game("eaw1940"), None, 1)
    out = text_of(render_board("eaw1940", view(st, "axis")), width=80)
    menu = 3 + len(legal_actions(st))      # the prompt, the choices, the hint, the input
    assert len(out.rstrip("\n").splitlines()) + menu <= 24, out
    assert out.startswith("Europe At War 1940 — turn 1/10")
    assert "Air: Western Europe Axis (superiority), Eastern Europe Axis" in out
    assert ("Sea: Atlantic Allied, Mediterranean Allied; Malta active; Allied flags held by "
            "the Axis: none.") in " ".join(out.split())


@pytest.mark.parametrize("width", [60, 80, 100])
def test_eaw1940_routes_wrap_between_places_never_inside_a_name(width: int) -> None:
    """A route wrapped at any space: at 80 columns North Africa's read "Tobruk › El" over
    "Alamein › Alexandria" (a terminal audit). Each place's name stays whole on one line and
    a continued line ends with its arrow; the fronts not in play too."""
    st = new_game(load_game("eaw1940"), None, 1)
    v = view(st, "axis")
    lines = text_of(render_board("eaw1940", v), width=width).splitlines()
    cells: dict[str, list[str]] = {}
    name = ""
    for line in lines:
        first = line[:19].strip()
        if first in {f["name"] for f in v["fronts"]}:
            name = first
        elif first or not name or not line.strip():
            name = ""
            continue
        cells.setdefault(name, []).append(line[19:].split("   ")[0].strip())
    assert set(cells) == {f["name"] for f in v["fronts"]}, lines
    for f in v["fronts"]:
        parts = cells[f["name"]]
        assert all(part.endswith(" ›") for part in parts[:-1]), parts
        places = [re.sub(r"⚑\d+|≈", "", p.strip("■□"))
                  for p in " ".join(parts).split(" › ")]
        assert places == f["route"], parts


def test_eaw1940_board_marks_the_allied_flags_and_the_ports() -> None:
    """Each route marks the Allied flags with their VP and the ports (sea zone control: 1
    DRM on attacks there), with a key in the heading: the board showed neither, so a
    player could not tell London (8 VP, a port) from the Ruhr (a terminal audit)."""
    st = new_game(load_game("eaw1940"), None, 1)
    out = " ".join(text_of(render_board("eaw1940", view(st, "axis")), width=100).split())
    assert "Route ■Axis □Allied ⚑flag ≈port" in out
    for place in ("Paris⚑2 ›", "London⚑8≈", "Moscow⚑6", "Alexandria⚑3≈", "□Tripoli≈ ›",
                  "Athens≈ ›", "■Berlin › □Ruhr › Low Countries≈ ›"):
        assert place in out, (place, out)
    assert "Ruhr≈" not in out and "Sedan≈" not in out and "Sedan⚑" not in out


def test_sfe_header_names_the_decks_to_come_and_lines_their_defence() -> None:
    """After the II pile is shuffled in, the deck to come is III, not "III: 0 and 4: 16"
    (the view keeps the emptied II pile as 0); each line shows the defence printed at this
    end ([2]), which the rulebook prints on the map (a terminal audit)."""
    g = load_game("sfe")
    v = view(new_game(g, seed=11), "axis")
    v["sides"]["allies"].update({"play_deck_number": 2, "chevron_cards_waiting": [0, 16]})
    text = text_of(render_board("sfe", v, g.content_json()), width=300)
    assert "2nd play deck: " in text and "(then III: 16);" in text
    assert " 4: " not in text and "III: 0" not in text
    assert "s>~Normandy[2]" in text and "n>~London[1]" in text    # London 2, Normandy 1
    assert "[2] the defence printed at this end" in " ".join(text.split())


def test_sfe_board_marks_counters_out_of_supply() -> None:
    """The board says whose counters trace no supply line now (8.6): a new player had no way
    to see a cut-off stack before the supply check took a counter."""
    from warroom.games.sfe import engine
    from warroom.games.sfe.components import AXIS
    from warroom.games.sfe.counters import code

    g = load_game("sfe")
    st = new_game(g, None, 4)
    riga = g.c.names.index("Riga")          # the rulebook's 8.6 example: cut off
    u = code(AXIS, 1, 0)
    st.data["u"][riga].append(u)
    engine.born(st.data, u)
    st.data["ctl"][riga] = AXIS
    st.invalidate()
    v = view(st, "axis")
    where = {loc["name"]: loc["out_of_supply"] for loc in v["locations"]}
    assert where["Riga"] == ["axis"], where
    text = text_of(render_board("sfe", v, g.content_json()), width=120)
    row = next(line for line in text.split("\n") if line.startswith("Riga"))
    assert "no supply: A" in row
    marked = [line for line in text.split("\n") if "no supply: " in line
              and "'no supply" not in line]     # the key explains the mark
    assert marked == [row]


def test_sfe_axis_deck_after_the_third_reads_as_a_reshuffle() -> None:
    """6: after its 3rd deck the Axis reshuffles its recycle pile as often as needed; the
    board said "play deck 5" (and the web strip "Deck 5 of III")."""
    g = load_game("sfe")
    v = view(new_game(g, None, 1), "axis")
    v["sides"]["axis"]["play_deck_number"] = 5
    text = text_of(render_board("sfe", v, g.content_json()), width=120)
    assert "3rd play deck, reshuffle 2:" in text
    assert "1st play deck:" in text                 # the Allies' deck as before


def test_tk_situation_lines_wrap_under_their_heading() -> None:
    """A long group of the situation (the Neutrals) wrapped back to column 0, under its
    indented heading (a terminal audit): its continuations are indented further."""
    st = new_game(load_game("tk"), "1940", 4)
    lines = text_of(render("tk", view(st, st.active)), width=80).splitlines()
    i = next(n for n, line in enumerate(lines) if line.startswith("  Neutral: "))
    assert lines[i + 1].startswith("    ") and not lines[i + 1].startswith("     ")
    assert all(len(line) <= 80 for line in lines)


def test_eit2_markers_go_by_their_printed_names() -> None:
    """The markers read as their keys ("Kellogg briand" on the web, "kellogg briand" in
    the terminal): the view names each by its Event's title (a browser audit)."""
    st = new_game(load_game("eit2"), "1920", 1)
    st.data["flags"]["kellogg_briand"] = True
    st.invalidate()
    v = view(st, "lw")
    assert v["marker_names"]["kellogg_briand"] == "Kellogg-Briand Pact"
    assert v["marker_names"]["rhineland_demilitarized"] == "Rhineland Demilitarized"
    assert "Markers: Rhineland Demilitarized, Kellogg-Briand Pact" in ongoing_text("eit2", v)
