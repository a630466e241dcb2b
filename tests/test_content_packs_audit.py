"""Content packs as a user who edits them would break them (a content audit of 7 December
2026): each broken pack is refused when it loads, with the file, the entry and what to do,
never a traceback or a game that plays on wrong; a consistent edit still loads."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from warroom.core import ContentError, RecordError
from warroom.core.content import load_yaml
from warroom.core.protocol import apply, explain, legal_actions, new_game
from warroom.core.record import Record, replay
from warroom.games import load_game

GAMES = Path(__file__).resolve().parents[1] / "src" / "warroom" / "games"


def edited(tmp_path: Path, game: str, file: str, edit: Callable[[str], str]) -> Path:
    """A pack of ``game`` holding one bundled ``file``, its text edited by ``edit``."""
    folder = tmp_path / f"{game}-pack"
    folder.mkdir(exist_ok=True)
    text = (GAMES / game / "content" / file).read_text(encoding="utf-8")
    changed = edit(text)
    assert changed != text, "the edit changed nothing: the test's premise"
    (folder / file).write_text(changed, encoding="utf-8")
    return folder


def refused(folder: Path, game: str, file: str, *words: str) -> str:
    with pytest.raises(ContentError) as info:
        load_game(game, content=folder)
    said = str(info.value)
    assert str(folder / file) in said, said
    for w in words:
        assert w in said, said
    return said


def sub(old: str, new: str, count: int = 0) -> Callable[[str], str]:
    return lambda text: text.replace(old, new) if count == 0 else text.replace(old, new, count)


# -- a name the rules use ----------------------------------------------------------------------

def test_eit2_a_space_the_rules_name_keeps_its_name(tmp_path: Path) -> None:
    """Renaming Bavaria in map.yaml crashed mid-game (card 21's Event looked it up) or
    blamed the bundled scenarios.yaml; it is refused in map.yaml, and kept as an alias the
    new name loads and shows."""
    pack = edited(tmp_path, "eit2", "map.yaml", lambda t: re.sub(r"\bBavaria\b", "Bayern", t))
    refused(pack, "eit2", "map.yaml", "no space 'Bavaria'", "aliases")
    pack = edited(tmp_path, "eit2", "map.yaml", lambda t: re.sub(r"\bBavaria\b", "Bayern", t)
                  .replace("  - name: Bayern\n", "  - name: Bayern\n    aliases: [Bavaria]\n"))
    g = load_game("eit2", content=pack)
    assert "Bayern" in g.c.names and g.c.index["Bavaria"] == g.c.names.index("Bayern")
    st = new_game(g, "1920", 1)
    for _ in range(5000):                   # it plays: cards and scenarios find the space
        if st.active is None:
            break
        apply(st, legal_actions(st)[0])


def test_eit2_a_space_keeps_the_region_of_the_12_5_tables(tmp_path: Path) -> None:
    pack = edited(tmp_path, "eit2", "map.yaml",
                  sub("  - name: Bavaria\n    region: Germany\n",
                      "  - name: Bavaria\n    region: Independent\n", 1))
    refused(pack, "eit2", "map.yaml", "Bavaria is in the Germany region")


@pytest.mark.parametrize(("old", "new", "words"), [
    ("name: Turkey,", "name: Turkiye,", ("no country 'Turkey'",)),
    ("id: ru_turkish_frontier,", "id: ru_turk_frontier,",
     ("no Ceded Land marker 'ru_turkish_frontier'",)),
    ('"influence:axis": 8', '"influence:axsi": 8', ("did you mean 'influence:axis'",)),
])
def test_tk_what_the_rules_name_keeps_its_name(tmp_path: Path, old: str, new: str,
                                               words: tuple[str, ...]) -> None:
    """A renamed Turkey (or its Frontier's marker) loaded and turned 15.16 off without a
    word; a mistyped countermix entry lifted the Axis Influence limit."""
    pack = edited(tmp_path, "tk", "components.yaml", sub(old, new, 1))
    refused(pack, "tk", "components.yaml", *words)


def test_tk_a_countermix_below_a_situation_is_refused_at_load_naming_both_files(
        tmp_path: Path) -> None:
    pack = edited(tmp_path, "tk", "components.yaml",
                  sub('"influence:western": 8', '"influence:western": 1', 1))
    with pytest.raises(ContentError) as info:
        load_game("tk", content=pack)
    said = str(info.value)
    assert "situation_19" in said and str(pack / "components.yaml") in said, said


# -- tables ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("old", "new", "words"), [
    ('result: "15.17"', 'result: "15.71"', ("unknown result '15.71'", "international_crisis")),
    ("result: nationalist,", "result: nationalists,", ("unknown result 'nationalists'",)),
    ("      - {roll: [1], result: Belgium}\n", "", ("no result for roll(s) [1]",)),
    ("{roll: [6], result: Basque Country}", "{roll: [6, 99], result: Basque Country}",
     ("roll(s) [99], which one die cannot give",)),
])
def test_tk_a_table_gives_a_known_result_for_every_roll(tmp_path: Path, old: str, new: str,
                                                        words: tuple[str, ...]) -> None:
    """A mistyped International Crisis result crashed when rolled; a Civil War result typo
    read as a stalemate; a table without its roll 1 read a 1 as a 2."""
    pack = edited(tmp_path, "tk", "tables.yaml", sub(old, new, 1))
    refused(pack, "tk", "tables.yaml", *words)


def test_tk_a_unit_has_a_step(tmp_path: Path) -> None:
    pack = edited(tmp_path, "tk", "situation_1939.yaml",
                  lambda t: re.sub(r"steps: 2", "steps: 0", t, count=1))
    refused(pack, "tk", "situation_1939.yaml", "steps", "at least one step")


# -- numbers -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("game", "file", "old", "new"), [
    ("sfe", "setup.yaml", "{location: Warsaw, sp1: 1,", "{location: Warsaw, sp1: 1000000000000,"),
    ("eaw1940", "victory.yaml", "per_location: 1", "per_location: " + "1" + "0" * 29),
    ("tk", "components.yaml", '"blitz:axis": 3', '"blitz:axis": 3000000000000000'),
])
def test_a_number_no_board_game_holds_is_refused(tmp_path: Path, game: str, file: str,
                                                 old: str, new: str) -> None:
    """Counts in the trillions ran the machine out of memory, or played on (VP 1e+30)."""
    pack = edited(tmp_path, game, file, sub(old, new, 1))
    refused(pack, game, file, "out of range", "1,000,000")


@pytest.mark.parametrize(("game", "file", "old", "new"), [
    # pydantic reads true as 1: the VP per location became 1 with no word
    ("eaw1940", "victory.yaml", "per_location: 1", "per_location: true"),
    ("tk", "components.yaml", '"blitz:axis": 3', '"blitz:axis": yes'),
    # YAML's no is false: Norway's ISO code as a name
    ("tk", "components.yaml", "borders: [Poland,", "borders: [no, Poland,"),
])
def test_true_or_false_is_no_number_or_name(tmp_path: Path, game: str, file: str,
                                            old: str, new: str) -> None:
    pack = edited(tmp_path, game, file, sub(old, new, 1))
    said = refused(pack, game, file, "true or false where a number or a name belongs")
    assert "Value error" not in said


def test_a_byte_that_is_not_utf8_is_placed_by_line_and_column(tmp_path: Path) -> None:
    """An editor shows lines and columns, not the byte offset the message gave."""
    folder = tmp_path / "eaw1940-pack"
    folder.mkdir()
    text = (GAMES / "eaw1940" / "content" / "victory.yaml").read_bytes()
    lines = text.split(b"\n")
    lines[2] = b"# caf\xe9 " + lines[2]         # latin-1, not UTF-8
    (folder / "victory.yaml").write_bytes(b"\n".join(lines))
    refused(folder, "eaw1940", "victory.yaml", "not UTF-8 text (line 3, column 6: byte 0xe9)")
    # after a byte-order mark, the same place (it was counted 3 bytes off: a review)
    (folder / "victory.yaml").write_bytes(b"\xef\xbb\xbf" + b"\n".join(lines))
    refused(folder, "eaw1940", "victory.yaml", "not UTF-8 text (line 3, column 6: byte 0xe9)")


def test_a_true_or_false_is_taken_where_a_field_means_it() -> None:
    """The check that true or false is no number reads through Annotated and containers:
    a flag given as true is taken, a count given as true is refused."""
    from typing import Annotated

    from pydantic import Field

    from warroom.core.content import ContentModel, validate

    class Flags(ContentModel):
        flags: list[Annotated[bool, Field()]] = []
        named: dict[str, Annotated[bool, Field()]] = {}
        counts: list[Annotated[int, Field(ge=0)]] = []

    assert validate(Flags, {"flags": [True], "named": {"a": False}}, "f.yaml").flags == [True]
    with pytest.raises(ContentError, match="true or false where a number"):
        validate(Flags, {"counts": [1, True]}, "f.yaml")


@pytest.mark.parametrize(("old", "new", "words"), [
    ("flags_needed: 3", "flags_needed: 99", ("4 flags",)),
    ("flags_needed: 3", "flags_needed: 0", ("greater than or equal to 1",)),
    ("after_turn: 5", "after_turn: 500", ("after_turn must be one of 0 to 9",)),
    ("after_turn: 5", "after_turn: -3", ("after_turn must be one of 0 to 9",)),
])
def test_eaw1940_automatic_victories_can_be_won_and_not_before_play(
        tmp_path: Path, old: str, new: str, words: tuple[str, ...]) -> None:
    pack = edited(tmp_path, "eaw1940", "victory.yaml", sub(old, new, 1))
    refused(pack, "eaw1940", "victory.yaml", *words)


def test_sfe_every_location_is_on_a_line(tmp_path: Path) -> None:
    pack = edited(tmp_path, "sfe", "map.yaml", sub(
        "  - {name: Berlin,", "  - {name: Atlantis, x: 10, y: 10, start_control: tan, "
        "halves: [west, east], vp: 9, reconstructed: true}\n  - {name: Berlin,", 1))
    refused(pack, "sfe", "map.yaml", "no line joins Atlantis")


# -- records of another pack -------------------------------------------------------------------

def test_a_saved_game_of_another_pack_says_so_when_its_snapshot_differs() -> None:
    """It said only that the record "was edited, made with other content, or saved by an
    earlier version"; the other pack is the likely cause, and is named."""
    game = load_game("eaw1940")
    st = new_game(game, None, 5)
    keys = []
    for _ in range(6):
        a = legal_actions(st)[0]
        keys.append(a.key)
        apply(st, a)
    state = json.loads(st.dumps())
    state["log"] = state["log"][:-1]               # as another pack's game would differ
    rec = Record.from_json({**Record("eaw1940", st.data["scenario"], {}, 5, [], keys)
                            .to_json(), "state": state, "content": "0123456789ab"}, "test")
    with pytest.raises(RecordError) as info:
        replay(game, rec)
    said = str(info.value)
    assert "another content pack (id 0123456789ab)" in said and "--content" in said, said
    rec.content = None
    with pytest.raises(RecordError) as info:
        replay(game, rec)
    assert "another content pack" not in str(info.value)


def test_tk_a_country_listed_without_a_status_keeps_its_kinds() -> None:
    """A situation listing Italy for its markers, with no status, made it a Neutral
    Country that 15.10 could pick (a review); a unit with no step left stays Eliminated."""
    from test_tk_helpers import situation, start
    from warroom.games.tk.model import neutral_minors
    sit = situation("1939")
    sit["countries"]["Italy"] = {"markers": []}
    sit["countries"]["Croatia"] = {"markers": []}
    sit["units"].append({"id": "gone", "name": "German 9 Army", "owner": "axis",
                         "nationality": "Germany", "type": "infantry", "steps": 0,
                         "max_steps": 2, "loc": "Eliminated"})
    s = start("15.10", "axis", sit=sit)
    assert s.data["countries"]["Italy"]["status"] == "major"
    assert s.data["countries"]["Croatia"]["status"] == "dependent"
    assert "Italy" not in neutral_minors(s.game, s.data)
    sit["countries"]["Italy"] = {"status": "neutral"}
    with pytest.raises(ContentError, match="a major country cannot have the status 'neutral'"):
        start("15.10", "axis", sit=sit)


def test_eit2_a_scenario_missing_a_space_names_it(tmp_path: Path) -> None:
    """It said "91 spaces listed, the map has 92", not which one."""
    pack = edited(tmp_path, "eit2", "scenarios.yaml", sub(
        "    Action Française:\n      lw_sp: 0\n      rw_sp: 3\n      lw_extremist: 0\n"
        "      rw_extremist: 1\n", "", 1))
    refused(pack, "eit2", "scenarios.yaml", "missing Action Française")


def test_eit2_a_card_entry_is_named_by_its_title(tmp_path: Path) -> None:
    """A card's field error named its place in the list alone ("cards[4]")."""
    pack = edited(tmp_path, "eit2", "cards.yaml",
                  lambda t: re.sub(r"(?m)^  ops: 2$", "  ops: two", t, count=1))
    refused(pack, "eit2", "cards.yaml", "entry cards[", "field ops")
    with pytest.raises(ContentError, match=r"entry cards\[\d+\] \([^)]+\) field ops"):
        load_game("eit2", content=pack)


def test_a_link_to_a_file_that_is_gone_is_refused_not_read_as_the_bundled_file(
        tmp_path: Path) -> None:
    """A pack's map.yaml linking to a file that was deleted: the bundled map played, and
    the records said the bundled pack (an audit). Now refused, naming the file."""
    folder = tmp_path / "pack"
    folder.mkdir()
    (folder / "map.yaml").symlink_to(tmp_path / "gone.yaml")
    with pytest.raises(ContentError, match=r"cannot read content file .*map\.yaml"):
        load_game("eit2", content=folder)


def test_a_file_named_in_other_capitals_is_refused_with_its_name(tmp_path: Path) -> None:
    """map.YAML was left unread (its suffix not .yaml) and the bundled map played unsaid
    (an audit): refused with the name it should have."""
    folder = tmp_path / "pack"
    folder.mkdir()
    (folder / "map.YAML").write_text((GAMES / "eit2" / "content" / "map.yaml").read_text())
    with pytest.raises(ContentError, match=r"map\.YAML -> map\.yaml\?"):
        load_game("eit2", content=folder)


def test_yaml_merge_keys_are_read_and_a_key_given_twice_still_refused(
        tmp_path: Path) -> None:
    """``<<: *anchor`` (YAML's merge key, read by PyYAML's safe loader) was refused with
    "could not determine a constructor" (an audit): a turn written as another's with
    changes loads, the keys beside the merge overriding it."""
    old = '  - {turn: 1, date: "May-Jun 1940", ap: 3}\n  - {turn: 2, date: "Jul-Sep 1940", ap: 2}'
    new = ('  - &t1 {turn: 1, date: "May-Jun 1940", ap: 3}\n'
           '  - {<<: *t1, turn: 2, date: "Jul-Sep 1940", ap: 2}')
    folder = edited(tmp_path, "eaw1940", "turn_track.yaml", lambda t: t.replace(old, new))
    merged = load_game("eaw1940", content=folder)
    bundled = load_game("eaw1940")
    assert merged.c == bundled.c                  # type: ignore[attr-defined]
    twice = new.replace("turn: 2, date", "turn: 2, ap: 1, date")
    folder = edited(tmp_path, "eaw1940", "turn_track.yaml", lambda t: t.replace(old, twice))
    refused(folder, "eaw1940", "turn_track.yaml", "the key 'ap' appears twice")


@pytest.mark.parametrize(("file", "old", "new", "words"), [
    ("situation_1940.yaml", "lend_lease: Allied Conditional Events Box",
     "lend_lease: Allied Conditional Event Box", "lend_lease"),
    ("situation_1940.yaml", "  ge_austria: Ceded Lands Box", "  ge_austria: Ceded Land Box",
     "ge_austria"),
    ("situation_1940.yaml", "war_economy: {Italy: 1, France: 1}",
     "war_economy: {Atlantis: 1, France: 1}", "unknown partner 'Atlantis'"),
    ("situation_1940.yaml", "war_economy: {Italy: 1, France: 1}",
     "war_economy: {Italy: -3, France: 1}", "+1 or +2, not -3"),
    ("situation_1940.yaml", "partners_in_play: [Italy]", "partners_in_play: [Narnia]",
     "unknown partner 'Narnia'"),
    ("situation_1940.yaml", "production_successes: {45: 1}", "production_successes: {999: 1}",
     "unknown card 999"),
    ("situation_1940.yaml", "production_successes: {45: 1}", "production_successes: {45: -4}",
     "0 to 2 times (15.32), not -4"),
    ("situation_1940.yaml", "  - {type: detachment, owner: western, loc: Athens}",
     "  - {type: detachment, owner: western, loc: Atlantis}", "unknown location 'Atlantis'"),
    ("situation_1940.yaml", "partners_in_play: [Italy]",
     "partners_in_play: [Italy]\ncurrent_card: {axis: 999}", "unknown card 999"),
    ("situation_1940.yaml", "partners_in_play: [Italy]",
     "partners_in_play: [Italy]\nloc_damaged: [Mordor]", "unknown country 'Mordor'"),
    ("components.yaml", "hexes: [Viipuri], flip_side: Finland",
     "hexes: [Viipuri], flip_side: Atlantis", "unknown country 'Atlantis'"),
    ("components.yaml", "capital: Prague, cities: [Prague, Reichenberg]",
     "capital: Berlin, cities: [Prague, Reichenberg, Berlin]", "lies in Germany"),
    ("components.yaml", "dependents: [Slovakia], borders: [Germany,",
     "dependents: [Slovakia], parent: Slovakia, borders: [Germany,", "the parents form a cycle"),
    ("components.yaml", "borders: [Czechoslovakia, Poland, Hungary], new_country",
     "borders: [Slovakia, Czechoslovakia, Poland, Hungary], new_country",
     "not its own neighbour"),
])
def test_tk_a_name_an_event_reads_must_name_something(tmp_path: Path, file: str, old: str,
                                                     new: str, words: str) -> None:
    """A situation's or the components' reference that pointed at nothing (a misspelt box,
    an unknown partner, card, country or place) was taken, and an event quietly went
    otherwise (Lend-Lease's option gone: an audit): refused, naming the entry."""
    folder = edited(tmp_path, "tk", file, lambda t: t.replace(old, new))
    refused(folder, "tk", file, words)


def test_eit2_the_roaring_twenties_deck_holds_the_opening_deal(tmp_path: Path) -> None:
    """A pack that moved all but six Roaring Twenties cards to another era dealt 3 cards
    each, and the log said 8 (3.6; an audit): refused."""
    def move(text: str) -> str:
        out, number = [], 0
        for line in text.splitlines(keepends=True):
            m = re.match(r"- number: (\d+)", line)
            if m:
                number = int(m.group(1))
            if number > 6 and "era: Roaring Twenties" in line:
                line = line.replace("era: Roaring Twenties", "era: Appeasement")
            out.append(line)
        return "".join(out)
    folder = edited(tmp_path, "eit2", "cards.yaml", move)
    refused(folder, "eit2", "cards.yaml", "3.6 deals each player 8", "needs 16 at least")


@pytest.mark.parametrize(("game", "file", "old", "new", "words"), [
    ("eaw1940", "map.yaml", "    Ruhr: [385, 198]", "    Ruhr: [470, 175]",
     "is 0 from Berlin at (470, 175)"),
    ("eit2", "map.yaml", "    x: 364\n    y: 242", "    x: 372\n    y: 225",
     "is 9 from Hamburg at (372, 216)"),
])
def test_two_places_drawn_on_top_of_each_other_are_refused(
        tmp_path: Path, game: str, file: str, old: str, new: str, words: str) -> None:
    """The Ruhr at Berlin's point, two eit2 spaces 9 apart: each hid the other on the web
    map, and the pack loaded (sfe refused its like: an audit)."""
    folder = edited(tmp_path, game, file, lambda t: t.replace(old, new, 1))
    refused(folder, game, file, words, "apart at least")


@pytest.mark.parametrize(("new", "words"), [
    ("id: ''", "not ''"), ("id: 'ax 01'", "not 'ax 01'"), ("id: 'ax:01'", "not 'ax:01'"),
    ("id: al99", "the id of an Axis card is ax"),
])
def test_sfe_a_card_id_is_an_action_key_of_its_side(tmp_path: Path, new: str,
                                                   words: str) -> None:
    """An sfe card's id is its action's key (card:ax01): '', 'ax 01', 'ax:01' or an Axis
    card's 'al99' loaded and made keys such as card: or card:ax:01 (an audit)."""
    folder = edited(tmp_path, "sfe", "cards.yaml", lambda t: t.replace("id: ax01", new, 1))
    refused(folder, "sfe", "cards.yaml", words)


def test_a_packs_control_codes_are_refused_when_it_loads(tmp_path: Path) -> None:
    """A card text holding ESC [2J cleared the screen in ``warroom content`` (an audit) and
    at every look at the hand in ``warroom play`` (a review): a pack's text holds no
    control character, refused when it loads, naming where; tabs and new lines are text."""
    from typer.testing import CliRunner

    from warroom.cli.main import app

    folder = edited(tmp_path, "eit2", "cards.yaml",
                    lambda t: t.replace("title: Kellogg-Briand Pact",
                                        'title: "Kellogg\\x1b[2J-Briand Pact"', 1))
    refused(folder, "eit2", "cards.yaml", "cards[6].title holds a control character")
    for args in (["content", "eit2"], ["play", "eit2", "--seed", "1"]):
        res = CliRunner().invoke(app, [*args, "--content", str(folder)], input="quit\n")
        assert res.exit_code == 2 and "\x1b" not in res.output, res.output
        assert "holds a control character" in res.output
    folder = edited(tmp_path, "sfe", "cards.yaml",
                    lambda t: t.replace("name: Panzer Division", 'name: "Panzer\\tDivision"', 1))
    load_game("sfe", content=folder)


def test_two_merge_keys_in_one_mapping_are_refused(tmp_path: Path) -> None:
    """``{<<: *a, <<: *b}`` dropped one merge unsaid, where any other key given twice is
    refused (a review): refused, with the way to merge several."""
    path = tmp_path / "m.yaml"
    path.write_text("a: &a {p: 1}\nb: &b {q: 2}\nc: {<<: *a, <<: *b}\n")
    with pytest.raises(ContentError, match=r"merge several with <<: \[\*a, \*b\]"):
        load_yaml(path)
    path.write_text("a: &a {p: 1}\nb: &b {q: 2}\nc: {<<: [*a, *b], p: 3}\n")
    assert load_yaml(path)["c"] == {"p": 3, "q": 2}


def test_a_name_a_pack_changed_that_warrooms_own_file_still_names_says_what_to_do(
        tmp_path: Path) -> None:
    """A pack renaming Paris in sfe's map.yaml alone was told of an unknown location in a
    setup.yaml under warroom's own folder, with no word of what to do (a terminal audit):
    the error says that file is warroom's own and to copy it into the pack."""
    src = Path(__file__).parent.parent / "src" / "warroom" / "games" / "sfe" / "content"
    text = (src / "map.yaml").read_text(encoding="utf-8")
    (tmp_path / "map.yaml").write_text(re.sub(r"\bParis\b", "Lutetia", text),
                                       encoding="utf-8")
    with pytest.raises(ContentError, match="unknown location 'Paris'") as err:
        load_game("sfe", tmp_path)
    said = str(err.value)
    assert "warroom's own" in said and "copy setup.yaml into the pack" in said, said
    assert err.value.file is not None and err.value.file.endswith("setup.yaml")
    # an error in the pack's own file names no such thing
    (tmp_path / "map.yaml").write_text(text.replace("vp: 5,", "vp: -5,", 1),
                                       encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_game("sfe", tmp_path)
    assert "warroom's own" not in str(err.value)


def test_a_packs_names_are_the_ones_the_log_and_prompts_use(tmp_path: Path) -> None:
    """eaw1940's set-up said "1 tank on the Western front" and its sea attacks "Allied
    control of the Atlantic" under a pack's Westfront and North Atlantic; sfe's block asked
    for a Wolfpack card under a pack's U-Boot Rudel (a terminal audit)."""
    src = Path(__file__).parent.parent / "src" / "warroom" / "games"
    eaw = tmp_path / "eaw"
    eaw.mkdir()
    text = (src / "eaw1940" / "content" / "map.yaml").read_text(encoding="utf-8")
    text = text.replace("    name: Western\n", "    name: Westfront\n", 1)
    text = text.replace("{id: atlantic, name: Atlantic}", "{id: atlantic, name: North Atlantic}")
    (eaw / "map.yaml").write_text(text, encoding="utf-8")
    g = load_game("eaw1940", eaw)
    st = new_game(g, None, 3)
    said = " ".join(str(e.get("text", "")) for e in st.log)
    assert "1 tank on the Westfront front" in said and "Western front" not in said, said
    assert "Allied control of the North Atlantic" in str(explain(st, "sea:atlantic", "axis"))
    sfe = tmp_path / "sfe"
    sfe.mkdir()
    text = (src / "sfe" / "content" / "cards.yaml").read_text(encoding="utf-8")
    (sfe / "cards.yaml").write_text(text.replace("name: Wolfpack,", "name: U-Boot Rudel,"),
                                    encoding="utf-8")
    game = load_game("sfe", sfe)
    from warroom.games.sfe.components import EV_WOLF
    assert game.c.event_names[EV_WOLF] == "U-Boot Rudel"
    from warroom.games.sfe.turn import Block
    frame = {"role": "allies", "side": 1, "card": next(
        x for x in range(len(game.c.card_ids)) if game.c.card_event[x] == EV_WOLF)}
    text = Block().prompt(new_game(game, None, 3), frame).text  # type: ignore[arg-type]
    assert "the U-Boot Rudel is eliminated" in text and "Wolfpack" not in text, text


def test_another_games_file_in_a_pack_is_named_as_such(tmp_path: Path) -> None:
    """An eit2 pack's map.yaml given to sfe was told of unknown fields, no more (a
    terminal audit): the error says whose file it looks like; a file of this game's shape
    with a bad value says nothing of another game."""
    src = Path(__file__).parent.parent / "src" / "warroom" / "games"
    (tmp_path / "map.yaml").write_bytes((src / "eit2" / "content" / "map.yaml").read_bytes())
    with pytest.raises(ContentError, match="shaped as eit2's: a pack of another game"):
        load_game("sfe", tmp_path)
    text = (src / "sfe" / "content" / "map.yaml").read_text(encoding="utf-8")
    (tmp_path / "map.yaml").write_text(text.replace("vp: 5,", "vp: -5,", 1), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_game("sfe", tmp_path)
    assert "another game" not in str(err.value)


def test_another_games_files_that_replace_nothing_are_named_as_such(tmp_path: Path) -> None:
    """An eaw1940 pack given to sfe was told its victory.yaml "replaces no file of the
    pack", no more (an audit of batches with packs): the error names whose file it is; a
    misspelt file of this game's is not called another game's."""
    src = Path(__file__).parent.parent / "src" / "warroom" / "games"
    (tmp_path / "victory.yaml").write_bytes(
        (src / "eaw1940" / "content" / "victory.yaml").read_bytes())
    with pytest.raises(ContentError, match=r"victory\.yaml is eaw1940's: a pack of another game"):
        load_game("sfe", tmp_path)
    (tmp_path / "victory.yaml").unlink()
    # tables.yaml is eaw1940's and tk's: the one whose shape it has is named (a review saw
    # tk's named eaw1940's), and the message's verb agrees with its files
    (tmp_path / "tables.yaml").write_bytes((src / "tk" / "content" / "tables.yaml").read_bytes())
    with pytest.raises(ContentError, match=r"tables\.yaml is tk's: a pack of another game"):
        load_game("sfe", tmp_path)
    (tmp_path / "victory.yaml").write_bytes(
        (src / "eaw1940" / "content" / "victory.yaml").read_bytes())
    with pytest.raises(ContentError, match=r"which replace no file") as err:
        load_game("sfe", tmp_path)
    assert "another game" not in str(err.value)       # no one game has both as the pack's
    for name in ("tables.yaml", "victory.yaml"):
        (tmp_path / name).unlink()
    (tmp_path / "mapp.yaml").write_bytes((src / "sfe" / "content" / "map.yaml").read_bytes())
    with pytest.raises(ContentError) as err:
        load_game("sfe", tmp_path)
    assert "another game" not in str(err.value) and "did you mean" in str(err.value)
