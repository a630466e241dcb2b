"""Every check before anything is written: a mistake on the command line is refused in one
line (exit 2) and leaves the files of earlier runs as they were; bot specs mean the same in
``play --vs`` as in ``simulate --bots``; a report reads only what it can read."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest
from typer.testing import CliRunner

from warroom.cli.main import app, reach_note
from warroom.cli.records import SeatError, parse_seats
from warroom.games import load_game
from warroom.web.db import db_problem

runner = CliRunner()


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    res = runner.invoke(app, list(args), input=input)
    assert "Traceback" not in res.output
    return res.exit_code, res.output


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("sim") / "eaw.jsonl"
    code, out = run("simulate", "eaw1940", "--games", "2", "--seed", "1", "--out", str(path))
    assert code == 0, out
    return path


@pytest.mark.parametrize("args", [
    ["--scenario", "zzz"],
    ["--bots", "ismcts:iterations"],
    ["--backend", "nowhere"],
])
def test_simulate_mistakes_leave_an_earlier_out_file_alone(tmp_path: Path, results: Path,
                                                          args: list[str]) -> None:
    keep = tmp_path / "keep.jsonl"
    keep.write_bytes(results.read_bytes())
    code, out = run("simulate", "eaw1940", "--games", "1", *args, "--out", str(keep),
                    "--records", str(tmp_path / "recs"))
    assert code == 2 and out.startswith("error: "), out
    assert keep.read_bytes() == results.read_bytes()
    assert not (tmp_path / "recs").exists()


def test_a_model_of_another_game_is_refused_before_any_file_is_written(tmp_path: Path,
                                                                        results: Path) -> None:
    pytest.importorskip("torch")
    keep = tmp_path / "keep.jsonl"
    keep.write_bytes(results.read_bytes())
    code, out = run("simulate", "sfe", "--games", "1", "--bots", "net:eaw1940",
                    "--out", str(keep))
    assert code == 2 and "trained for eaw1940, not sfe" in out
    assert keep.read_bytes() == results.read_bytes()
    code, out = run("tournament", "sfe", "--bots", "net:eaw1940,random", "--games", "1",
                    "--out", str(tmp_path / "t.jsonl"))
    assert code == 2 and "trained for eaw1940, not sfe" in out
    assert not (tmp_path / "t.jsonl").exists()
    code, out = run("play", "eit2", "--as", "lw", "--vs", "net:eaw1940", input="quit\n")
    assert code == 2 and "--vs net:eaw1940: this model was trained for eaw1940" in out


def test_play_vs_alone_plays_the_first_role_against_that_bot() -> None:
    """``--vs`` without ``--as`` had left every role human: the bot named played nothing
    and a hand-off screen came up (a new user's run)."""
    eit2 = load_game("eit2")
    assert parse_seats(eit2, None, "random").players == {"lw": "human", "rw": "random"}
    assert parse_seats(eit2, None, None).hotseat
    code, out = run("play", "eit2", "--vs", "random", "--seed", "2", input="quit\ny\n")
    assert code == 0, out
    assert "You play LW; RW: random (--as RW plays the other side)." in out
    assert "Pass to" not in out


def test_play_vs_takes_any_bot_spec() -> None:
    eit2 = load_game("eit2")
    seats = parse_seats(eit2, "lw", "ismcts:iterations=5")
    assert seats.players == {"lw": "human", "rw": "ismcts:iterations=5"}
    assert parse_seats(eit2, "lw", "Greedy").players["rw"] == "greedy"
    with pytest.raises(SeatError, match="unknown bot 'foo'"):
        parse_seats(eit2, "lw", "foo")
    with pytest.raises(SeatError, match="needs a value: iterations=VALUE"):
        parse_seats(eit2, "lw", "ismcts:iterations")
    code, out = run("play", "eaw1940", "--as", "axis", "--vs", "random:", "--seed", "2",
                    input="quit\n")
    assert code == 0, out


def test_a_game_played_with_a_bot_spec_saves_and_loads(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    code, out = run("play", "eit2", "--as", "lw", "--vs", "ismcts:iterations=5", "--seed",
                    "4", input=f"1\nsave {save}\nquit\n")
    assert code == 0, out
    assert json.loads(save.read_text())["seats"]["rw"] == "ismcts:iterations=5"
    code, out = run("play", "eit2", "--load", str(save), input="quit\n")
    assert code == 0, out
    code, out = run("play", "eit2", "--load", str(save), "--vs", "greedy", input="quit\n")
    assert code == 2 and "the record's bot is ismcts:iterations=5" in out


def _lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(x) for x in path.read_text().splitlines()]


@pytest.mark.parametrize(("field", "value", "message"), [
    ("returns", "x", "returns must map each role to a number"),
    ("returns", {"axis": "1"}, "returns must map each role to a number"),
    ("decisions", "abc", "decisions must be a whole number"),
    ("track", "x", "track must be a list"),
    ("track", [{"turn": 1, "scores": {"vp": "a"}}], "track must be a list"),
    ("events", [{"side": "axis"}], "events must be a list"),
    ("scores", None, "scores must map"),
    ("winner", 3, "winner must be a role or null"),
])
def test_report_refuses_a_field_of_the_wrong_type(tmp_path: Path, results: Path, field: str,
                                                  value: object, message: str) -> None:
    lines = _lines(results)
    lines[1][field] = value
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(json.dumps(x) for x in lines))
    code, out = run("report", str(bad), "--out", str(tmp_path / "rep"))
    assert code == 2 and f"line 2: {message}" in out, out
    assert not (tmp_path / "rep").exists()


def test_report_refuses_mixed_games_and_a_game_that_is_not_the_lines(tmp_path: Path,
                                                                     results: Path) -> None:
    duel = tmp_path / "duel.jsonl"
    code, out = run("tournament", "sfe", "--bots", "random,greedy", "--games", "1",
                    "--out", str(duel))
    assert code == 0, out
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text(duel.read_text() + results.read_text())
    code, out = run("report", str(mixed), "--out", str(tmp_path / "r1"))
    assert code == 2 and "mixes games: line 3 is not" in out, out
    # a repeated game left out first: the line named is still the file's (an audit)
    again = tmp_path / "again.jsonl"
    again.write_text(duel.read_text() + duel.read_text() + results.read_text())
    code, out = run("report", str(again), "--out", str(tmp_path / "r0"))
    assert code == 2 and "mixes games: line 5 is not" in out, out
    code, out = run("report", str(results), "--out", str(tmp_path / "r2"), "--game", "sfe")
    assert code == 2 and "game line 1 is a game of eaw1940, not sfe" in out, out
    assert not (tmp_path / "r1").exists() and not (tmp_path / "r2").exists()
    code, out = run("report", str(duel), "--out", str(tmp_path / "r3"))
    assert code == 0 and "2 games of sfe" in out, out


@pytest.mark.parametrize(("change", "message"), [
    ({"eval": None}, "eval must hold the numbers"),
    ({"eval": "x"}, "eval must hold the numbers"),
    ({"fresh": "x"}, "fresh must hold the numbers"),
    ({"policy_loss": "abc"}, "policy_loss must be a number"),
    ({"seconds": "x"}, "seconds must be a number"),
    ({"anchor": {"win_rate": 0.5}}, "anchor must hold the numbers"),
])
def test_report_refuses_a_training_log_with_a_field_of_the_wrong_type(
        tmp_path: Path, change: dict[str, object], message: str) -> None:
    shipped = Path(__file__).parents[1] / "src/warroom/ai/models/eaw1940.log.jsonl"
    lines = [json.loads(x) for x in shipped.read_text().splitlines()[:4]]
    lines[2].update(change)
    log = tmp_path / "run.log.jsonl"
    log.write_text("\n".join(json.dumps(x) for x in lines))
    code, out = run("report", str(log), "--out", str(tmp_path / "rep"))
    assert code == 2 and f"run.log.jsonl:3: {message}" in out, out
    assert not (tmp_path / "rep").exists()


@pytest.mark.parametrize(("args", "message"), [
    (["--hidden", "0"], "--hidden must be between 1 and 65536"),
    (["--hidden", "-3"], "--hidden must be between 1 and 65536"),
    (["--device", "tpu"], "--device must be cpu, cuda or cuda:N"),
    (["--rounds", "0"], "--rounds must be 1 or more"),
    (["--steps-per-round", "0"], "--steps-per-round must be 1 or more"),
    (["--mix", "2"], "--mix must be between 0 and 1"),
    (["--anchor-every", "-1"], "--anchor-every must be 0"),
])
def test_train_refuses_settings_before_writing_anything(tmp_path: Path, args: list[str],
                                                        message: str) -> None:
    pytest.importorskip("torch")
    code, out = run("train", "eaw1940", "--out", str(tmp_path / "run" / "m.pt"), *args)
    assert code == 2 and message in out, out
    assert not (tmp_path / "run").exists()


def test_load_suggests_rewind_only_where_it_can_help(tmp_path: Path) -> None:
    truncated = tmp_path / "t.json"
    truncated.write_text('{"game": "eaw1940", "seed": 1, "actions": [')
    other = tmp_path / "o.json"
    other.write_text(json.dumps({"game": "eaw1940", "seed": 1, "actions": []}))
    for path, game, words in ((truncated, "eaw1940", "not valid JSON"),
                              (other, "eit2", "the record is a game of 'eaw1940', not "
                                              "eit2: load it with warroom play eaw1940")):
        code, out = run("play", game, "--load", str(path), input="quit\n")
        assert code == 2 and words in out and "--rewind" not in out, out


def test_a_database_password_is_never_printed() -> None:
    code, out = run("upgrade-games", "--db",
                    "postgresql+psycopg://alice:S3cretPW@127.0.0.1:1/db")
    assert code == 2 and "alice:***@127.0.0.1" in out and "S3cretPW" not in out, out
    from warroom.web.db import masked_db
    assert masked_db("weird://bob:pw@h/x") == "weird://bob:***@h/x"
    assert masked_db("sqlite:///tmp/w.db") == "sqlite:///tmp/w.db"


def test_a_short_password_is_masked_without_garbling_the_message() -> None:
    """The password is masked where it stands alone, not as letters inside words (a
    password "p" once turned "psycopg" into "***syco***g")."""
    from warroom.web.db import db_problem
    url = "postgresql+psycopg://u:p@127.0.0.1:1/x"
    line = db_problem(url, RuntimeError("(psycopg.OperationalError) connection failed: "
                                        "port 1 failed; password=p; dsn u:p@host"))
    assert line == ("cannot open the database postgresql+psycopg://u:***@127.0.0.1:1/x: "
                    "(psycopg.OperationalError) connection failed: port 1 failed; "
                    "password=***; dsn u:***@host")


def test_a_password_in_the_query_is_masked_too() -> None:
    """``?password=`` was printed in clear where ``user:PASS@`` was masked (an operations
    audit)."""
    from warroom.web.db import db_problem, masked_db
    url = "postgresql+psycopg:///wr?host=127.0.0.1&user=u&password=S3cret!x"
    assert "S3cret" not in masked_db(url) and "password=***" in masked_db(url)
    line = db_problem(url, RuntimeError("password authentication failed (S3cret!x)"))
    assert "S3cret" not in line and "&user=u" in line


def test_a_database_of_a_newer_warroom_says_so(tmp_path: Path) -> None:
    """A schema revision this warroom does not know read "Can't locate revision identified
    by '0003'" (an operations audit)."""
    import sqlite3

    from warroom.web.app import create_service

    url = f"sqlite:///{tmp_path / 'w.sqlite3'}"
    svc = create_service(url, bot_workers=1)
    svc.close()
    svc.engine.dispose()
    db = sqlite3.connect(tmp_path / "w.sqlite3")
    db.execute("update alembic_version set version_num = '0999'")
    db.commit()
    db.close()
    code, out = run("upgrade-games", "--db", url)
    assert code == 2 and "revision 0999) was written by a newer warroom" in out, out


@pytest.mark.parametrize("url", ["foo://bar", "notaurl"])
def test_serve_says_which_database_urls_work(tmp_path: Path, url: str) -> None:
    """A URL of no database SQLAlchemy knows read "Can't load plugin:
    sqlalchemy.dialects:foo" (an outside audit): the line says which URLs work."""
    code, out = run("serve", "--db", url)
    assert code == 2, out
    assert "give sqlite:///FILE or postgresql+psycopg://" in out, out
    assert "plugin" not in out and "sqlalchemy" not in out


def test_tk_resolve_refuses_what_a_script_got_wrong_instead_of_asking() -> None:
    base = ["tk", "resolve", "--situation", "1939", "--faction", "axis"]
    code, out = run(*base, "--event", "15.26", "--dice", "x,y")
    assert code == 2 and "--dice takes die faces separated by commas" in out, out
    code, out = run(*base, "--event", "15.26", "--choose", "99", input="1\n")
    assert code == 2 and "--choose answer 1 ('99')" in out and "no choice 99" in out, out
    code, out = run(*base, "--event", "15.26", "--choose", "1,1,1,1")
    out = " ".join(out.split())         # lines wrap at words, at 80 columns here
    assert code == 0 and "the last 2 of --choose (1, 1) were not used" in out, out
    code, out = run(*base, "--event", "minor")
    assert code == 2 and "'minor' begins 2 political events: 15.25" in out, out
    code, out = run(*base, "--event", "ceded", "--choose", "1,1")
    assert code == 0 and "Ceded Land" in out, out
    code, out = run("tk", "events")
    # 40 events, a few of them wrapped under their name at 80 columns (a terminal audit)
    assert code == 0 and 40 <= out.count("\n") <= 50 and "15.40" in out
    assert all(len(line) <= 80 for line in out.splitlines()), out
    assert sum(1 for line in out.splitlines() if not line.startswith(" " * 11)) == 40
    assert "Ceded Land (--land; drawn when not given)" in out


def test_content_files_that_replace_nothing_and_empty_files_are_named(tmp_path: Path) -> None:
    bundled = Path(__file__).parents[1] / "src/warroom/games"
    typo = tmp_path / "typo"
    typo.mkdir()
    (typo / "mapp.yaml").write_text((bundled / "eit2/content/map.yaml").read_text())
    (typo / "README.txt").write_text("notes are not content")
    code, out = run("content", "eit2", "--content", str(typo))
    assert code == 2 and "holds mapp.yaml, which replaces no file" in out, out
    assert "did you mean mapp.yaml -> map.yaml?" in out
    # another game's file is no typo of this game's (it suggested tables.yaml -> cards.yaml:
    # an outside audit)
    other = tmp_path / "other"
    other.mkdir()
    (other / "tables.yaml").write_text((bundled / "eaw1940/content/tables.yaml").read_text())
    code, out = run("content", "eit2", "--content", str(other))
    assert code == 2 and "holds tables.yaml, which replaces no file" in out, out
    assert "did you mean" not in out
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "map.yaml").write_text("")
    code, out = run("content", "eit2", "--content", str(empty))
    assert code == 2 and "map.yaml: the file is empty; it needs the fields spaces" in out, out
    twice = tmp_path / "twice"
    twice.mkdir()
    text = (bundled / "eaw1940/content/map.yaml").read_text()
    import yaml
    data = yaml.safe_load(text)
    data["fronts"][-1]["id"] = data["fronts"][0]["id"]
    (twice / "map.yaml").write_text(yaml.safe_dump(data))
    code, out = run("content", "eaw1940", "--content", str(twice))
    assert code == 2 and f"duplicate front id {data['fronts'][0]['id']!r}" in out, out


@pytest.mark.parametrize("args", [["play", "eaw1940"], ["simulate", "eaw1940"],
                                  ["tournament", "eaw1940", "--bots", "random,greedy"]])
@pytest.mark.parametrize("seed", ["-1", str(2**64)])
def test_a_seed_outside_64_bits_is_refused(args: list[str], seed: str) -> None:
    """The generator keeps 64 bits, so -1 was 2**64 - 1 and 2**64 was 0, silently."""
    code, out = run(*args, "--seed", seed, input="quit\n")
    assert code == 2 and "seed must be a whole number from 0 to 18446744073709551615" in out


def test_a_file_where_a_folder_belongs_is_named(tmp_path: Path, results: Path) -> None:
    code, out = run("simulate", "eaw1940", "--games", "1", "--records", str(results))
    assert code == 2 and "is a file; give a folder" in out, out
    code, out = run("report", str(results), "--out", str(results))
    assert code == 2 and "is a file; give a folder" in out, out
    shipped = Path(__file__).parents[1] / "src/warroom/ai/models/eaw1940.log.jsonl"
    code, out = run("report", str(shipped), "--out", str(results))
    assert code == 2 and "is a file; give a folder" in out, out


def test_a_record_saved_with_a_byte_order_mark_loads(tmp_path: Path) -> None:
    """Editors on Windows put a UTF-8 byte-order mark first; a record so edited loads."""
    save = tmp_path / "g.json"
    code, out = run("play", "eaw1940", "--seed", "3", input=f"1\nsave {save}\nquit\n")
    assert code == 0, out
    bom = tmp_path / "bom.json"
    bom.write_bytes(b"\xef\xbb\xbf" + save.read_bytes())
    code, out = run("replay", str(bom))
    assert code == 0, out


def test_save_refuses_names_the_system_cannot_take_and_the_game_goes_on(tmp_path: Path
                                                                         ) -> None:
    long = tmp_path / ("a" * 300 + ".json")
    code, out = run("play", "eaw1940", "--seed", "3",
                    input=f"1\nsave {long}\nsave {tmp_path}/x\x00y.json\nsave ~nosuchuser9/x\n"
                          f"save {tmp_path / 'ok.json'}\nquit\n")
    assert code == 0, out
    out = " ".join(out.split())         # the messages wrap at the screen's width
    assert "the name is too long" in out and "cannot hold a NUL character" in out
    assert "no user 'nosuchuser9'" in out and "saved to" in out
    assert (tmp_path / "ok.json").is_file()


def test_why_reaches_an_action_not_offered_by_its_name() -> None:
    _code, out = run("play", "eit2", "--as", "lw", "--seed", "11",
                    input="why 4\nwhy french catholics\nquit\ny\n")
    out = " ".join(out.split())         # the messages wrap at the screen's width
    assert "for an action not offered now, give its name or key" in out, out
    assert "French Catholics: illegal" in out and "[rule 3.7" in out
    _code, out = run("play", "eaw1940", "--seed", "1", input="why eastern\nquit\ny\n")
    assert "'eastern' names 11 actions of the game: attack:eastern" in out, out


def test_why_takes_a_key_in_any_case_a_resignation_and_a_word_of_a_name() -> None:
    """``why loc:berlin`` (sfe's key is ``loc:Berlin``), ``why resign:rw`` (core explains a
    resignation) and ``why munich beer`` (words inside "Play Munich Beer Hall Putsch as an
    Event") each answered "no choice matches" (an explain audit)."""
    from warroom.cli.choices import ChoiceError, number_choices, reference
    from warroom.core import legal_actions, new_game

    sfe = new_game(load_game("sfe"), None, 0)
    menu = number_choices(sfe, legal_actions(sfe))
    assert reference("loc:berlin", menu, sfe) == "loc:Berlin"
    assert reference("RESIGN:Allies", menu, sfe) == "resign:allies"
    eit2 = new_game(load_game("eit2"), None, 0)
    menu = number_choices(eit2, legal_actions(eit2))
    assert reference("resign:rw", menu, eit2) == "resign:rw"
    with pytest.raises(ChoiceError, match=r"'munich beer' names 4 actions of the game: "
                                          r"event:21 .*; give one key"):
        reference("munich beer", menu, eit2)
    assert reference("munich beer hall putsch as", menu, eit2) == "event:21"


def test_a_name_not_offered_typed_as_a_move_is_told_why() -> None:
    """Typed as a move (not after ``why``), the name of an action the rules withhold now
    gets the rule's word, as its key did; in ``tk resolve`` too (a tk audit: "Eastern Peace
    Talks", which 15.31 withholds from the Western faction, got "no choice matches")."""
    _code, out = run("play", "eit2", "--as", "lw", "--seed", "11",
                     input="french catholics\nquit\ny\n")
    out = " ".join(out.split())
    assert "French Catholics: illegal" in out and "[rule 3.7" in out, out
    assert "no choice matches" not in out
    res = runner.invoke(app, ["tk", "resolve", "--event", "15.31", "--faction", "western",
                              "--situation", "1940", "--choose", "Eastern Peace Talks"])
    text = " ".join(res.output.split())
    assert res.exit_code != 0
    assert "Eastern Peace Talks: illegal — not offered now: only the Axis or the Soviet " \
        "faction may" in text and "[rule 15.31]" in text, text
    res = runner.invoke(app, ["tk", "resolve", "--event", "15.31", "--faction", "western",
                              "--situation", "1940"], input="eastern peace talks\n1\n")
    text = " ".join(res.output.split())
    assert res.exit_code == 0 and "only the Axis or the Soviet faction may" in text, text
    # an offered action named by its catalogue name, not the menu's label, is played (a
    # review: it was refused with "legal")
    res = runner.invoke(app, ["tk", "resolve", "--event", "15.20", "--faction", "axis",
                              "--situation", "1940", "--choose",
                              "Eliminate a friendly armor-type step"], input="1\n")
    assert res.exit_code == 0, res.output
    assert "Axis chooses: Eliminate one friendly armor-type step" in res.output, res.output


def test_card_takes_a_number_as_a_number_only() -> None:
    """A number names the cards whose ids have that number (sfe's menus number cards so),
    never a title that holds it ("1" is not V-1 Offensive)."""
    _code, out = run("play", "sfe", "--as", "axis", "--seed", "1",
                    input="card 1\ncard 99\ncard\nquit\ny\n")
    assert "1 is the number of 2 sfe cards: ax01 Panzer Division; al01 Territorial Army" \
        in out and "V-1" not in out
    assert "no sfe card id 99; give a card id or the beginning of its title: card ax01" in out
    assert "card needs a card id or name: card ax01" in out, out


def test_rule_names_what_a_cited_rule_is_about() -> None:
    _code, out = run("play", "sfe", "--as", "axis", "--seed", "1",
                    input="rule CQR\nrule [9]\nrule 99\nrule\nquit\ny\n")
    assert "[CQR] Card Quick Reference" in out, out
    assert "[9] How to Win the Game" in out and "  [9.1] Victory points" in out
    assert "no rule 99 in the sfe rulebook's index" in out
    assert "rule needs a rule number as the prompts cite it" in out


def test_batch_commands_refuse_a_bot_name_in_another_case_before_playing(tmp_path: Path
                                                                         ) -> None:
    """Only ``play --vs`` reads a bot's name in any case; simulate and tournament take specs
    exactly, and refuse one that the workers would refuse before any file is written."""
    for args in (["tournament", "eaw1940", "--bots", "Greedy,random"],
                 ["simulate", "eaw1940", "--bots", "Greedy"]):
        out = tmp_path / "x.jsonl"
        code, text = run(*args, "--games", "1", "--out", str(out))
        assert code == 2 and "unknown bot 'Greedy'" in text, text
        assert not out.exists()


def test_a_record_seat_that_is_no_bot_says_why(tmp_path: Path) -> None:
    """A record's seat names a bot with a parameter it does not take: the bot's own words
    name the parameter (it said "names ismcts:foo=1, which eaw1940 does not know" and
    listed the bots, ismcts among them; an outside audit)."""
    path = tmp_path / "r.json"
    for seat, words in (("ismcts:foo=1", "has no parameter 'foo'"),
                        ("nosuchbot", "unknown bot 'nosuchbot'")):
        path.write_text(json.dumps({"game": "eaw1940", "seed": 1, "actions": [],
                                    "seats": {"axis": seat}}))
        code, out = run("play", "eaw1940", "--load", str(path), input="quit\n")
        assert code == 2 and words in out and "Traceback" not in out, out
    path.write_text(json.dumps({"game": "eaw1940", "seed": 1, "actions": [],
                                "seats": {"allies": "human"}}))
    code, out = run("play", "eaw1940", "--load", str(path), input="quit\n")
    assert code == 2 and "name allies, which eaw1940 does not know" in out, out


def test_serve_says_when_its_port_is_taken(tmp_path: Path) -> None:
    """A port another program holds is refused in one line, before anything says the
    server is serving (it printed "serving on", then uvicorn's traceback-like error)."""
    import socket
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        code, out = run("serve", "--port", str(port), "--db",
                        f"sqlite:///{tmp_path / 'w.sqlite3'}")
    assert code == 2 and f"cannot listen on 127.0.0.1:{port}" in out, out
    assert "serving on" not in out


@pytest.mark.parametrize("workers", ["0", "-2"])
def test_serve_refuses_no_bot_workers(tmp_path: Path, workers: str) -> None:
    """With no bot worker a game's bot seats never moved: the server started all the same
    (an outside audit)."""
    code, out = run("serve", "--bot-workers", workers, "--db",
                    f"sqlite:///{tmp_path / 'w.sqlite3'}")
    assert code == 2 and "--bot-workers must be 1..64" in out, out
    assert "serving on" not in out
    assert not (tmp_path / "w.sqlite3").exists()


def test_a_game_id_in_any_case() -> None:
    """``--as LW`` took any case, the game id did not (``content EIT2``: unknown game; an
    outside audit)."""
    code, out = run("content", "EIT2")
    assert code == 0 and out.startswith("Content of eit2:"), out
    code, out = run("content", "Eit3")
    assert code == 2 and "unknown game 'Eit3'" in out


@pytest.mark.parametrize("gid", ["tk", "sfe"])
def test_replay_keeps_to_the_width(tmp_path: Path, gid: str) -> None:
    """replay printed a tk situation's Neutrals in one line of 438 columns and sfe's last
    outcome line unwrapped (an outside audit): its board and result wrap as play's do."""
    recs = tmp_path / "recs"
    code, out = run("simulate", gid, "--games", "1", "--bots", "random", "--records",
                    str(recs))
    assert code == 0, out
    code, out = run("replay", str(recs / "game-00000.json"))
    assert code == 0, out
    widest = max(out.splitlines(), key=len)
    assert len(widest) <= 120, widest


def test_help_is_wrapped_to_the_terminal_not_to_the_source() -> None:
    """--help kept a docstring's line breaks: sentences broke mid-line at 80 columns, and the
    command list ran to four lines a command (an outside audit)."""
    res = runner.invoke(app, ["replay", "--help"], env={"COLUMNS": "80"}, terminal_width=80)
    assert res.exit_code == 0
    flat = [line.strip(" │") for line in res.output.splitlines()]
    assert "Fails with the index of the first illegal action. Exits 1, after the replay," \
        in flat, res.output
    res = runner.invoke(app, ["--help"], env={"COLUMNS": "80"}, terminal_width=80)
    row = next(line for line in res.output.splitlines() if " replay " in line)
    assert "Re-play a record and show the game it reaches." in row


def test_why_takes_a_menu_number_of_a_choice_not_offered() -> None:
    """eit2 offers 14o and 14r for an opponent's card: ``why 14e`` asks why it cannot be
    an Event (it answered "no choice 14e now" with an unrelated example), and ``why 14``
    offers that Event as its example, without a stray colon (a terminal audit)."""
    import random

    from warroom.cli.choices import ChoiceError, number_choices, reference
    from warroom.core import apply, legal_actions, new_game

    g = load_game("eit2")
    s = new_game(g, None, 0)
    r = random.Random(0)
    while True:
        acts = legal_actions(s)
        ch = number_choices(s, acts)
        nums = {c.number for c in ch}
        hit = next((c.number[:-1] for c in ch if c.number.endswith("o")
                    and c.number[:-1] + "e" not in nums), None)
        if hit is not None:
            break
        apply(s, acts[r.randrange(len(acts))])
    assert reference(f"{hit}e", ch, s) == f"event:{hit}"
    assert f"{hit}o" in nums
    with pytest.raises(ChoiceError) as err:
        reference(hit, ch, s)
    text = str(err.value)
    assert f"why event:{hit})" in text and ":;" not in text, text


def test_a_files_own_words_never_reach_the_terminal_as_control_codes(tmp_path: Path) -> None:
    """A bad-input audit: a record's unknown key, its content id or its stated winner, quoted
    in an error or warning, carried ESC sequences that cleared the screen or set the window
    title. They are printed as escapes; a scores-only mismatch says the scores (it read
    "states winner allies ... but its replay gives winner allies ...")."""
    code, out = run("simulate", "eaw1940", "--games", "1", "--seed", "3", "--records",
                    str(tmp_path / "recs"))
    assert code == 0, out
    rec = json.loads((tmp_path / "recs" / "game-00000.json").read_text(encoding="utf-8"))
    evil = "\x1b[2J\x1b]0;title\x07"
    bad = tmp_path / "key.json"
    bad.write_text(json.dumps({**rec, evil: 1}), encoding="utf-8")
    code, out = run("replay", str(bad))
    assert code == 2 and "\x1b" not in out and "\\x1b[2J" in out, out
    said = tmp_path / "said.json"
    said.write_text(json.dumps({**rec, "content": evil,
                                "result": {**rec["result"], "winner": evil}}), encoding="utf-8")
    code, out = run("replay", str(said))
    assert "\x1b" not in out and "\x07" not in out and "\\x1b]0;title\\x07" in out, out
    scores = tmp_path / "scores.json"
    scores.write_text(json.dumps({**rec, "result": {**rec["result"], "scores": {"vp": 99}}}),
                      encoding="utf-8")
    code, out = run("replay", str(scores))
    flat = " ".join(out.split())
    assert code == 1 and "scores vp 99" in flat and "but its replay gives" in flat, out


def test_tk_resolve_refuses_an_empty_situation_file(tmp_path: Path) -> None:
    """An empty (or null) situation file was read as "no situation", and a random bundled
    one was played with exit 0 (a bad-input audit)."""
    for text in ("", "~\n"):
        path = tmp_path / "situation.yaml"
        path.write_text(text, encoding="utf-8")
        code, out = run("tk", "resolve", "--event", "15.1", "--faction", "axis",
                        "--situation", str(path), "--seed", "2")
        assert code == 2 and "holds no situation" in " ".join(out.split()), out


def test_a_path_the_system_refuses_is_one_line(tmp_path: Path) -> None:
    """A 300-character --out, --records, --report or SQLite path gave a traceback from
    Path.is_file (exit 1; a bad-input audit): one line, exit 2."""
    long = str(tmp_path / ("a" * 300))
    for args in (("simulate", "eaw1940", "--games", "1", "--out", long),
                 ("simulate", "eaw1940", "--games", "1", "--records", long),
                 ("simulate", "eaw1940", "--games", "1", "--report", long),
                 ("upgrade-games", "--db", f"sqlite:///{long}/x.db")):
        code, out = run(*args)
        assert code == 2 and "Traceback" not in out and "error:" in out, (args, out)


def test_simulate_refuses_outputs_that_overlap(tmp_path: Path) -> None:
    """--out and --report one path made the report's folder, then refused --out as "a
    folder" and left it; --out inside --records was overwritten by a record, exit 0 (a
    bad-input audit). Both are refused before anything is made."""
    same = tmp_path / "same.jsonl"
    code, out = run("simulate", "eaw1940", "--games", "2", "--out", str(same), "--report",
                    str(same))
    assert code == 2 and "name the same path" in " ".join(out.split()), out
    assert not same.exists()
    recs = tmp_path / "recs"
    code, out = run("simulate", "eaw1940", "--games", "2", "--out",
                    str(recs / "game-00000.json"), "--records", str(recs), "--force")
    assert code == 2 and "lies inside the --records folder" in " ".join(out.split()), out
    assert not recs.exists()


def test_the_terminal_speaks_of_what_the_game_has_and_repeats_input_briefly(
        tmp_path: Path) -> None:
    """A terminal audit of 6 December 2026: tk's help offered ``card X`` and ``hand`` (each
    answered that there were none), an error echoed 5,000 typed characters back, ``why
    68`` (68e, 68o and 68r offered) added an unrelated example, ``--help`` left out ``menu``
    and ``ongoing``, and a replay said "lw to act"."""
    import random

    from warroom.cli.choices import ChoiceError, number_choices, reference, resolve
    from warroom.core import apply, legal_actions, new_game

    code, out = run("play", "tk", "--seed", "2", "--vs", "greedy", input="help\nquit\ny\n")
    assert "rule X" in out and "card X" not in out and "hand:" not in out, out
    # and its end screen, in its first line, its help and its refusal
    code, out = run("play", "tk", "--seed", "2", "--as", "none", "--vs", "random",
                    input="help\nzz\nquit\n")
    end = out[out.index("The game is over"):]
    assert end.count("rule X") == 3 and "card X" not in end and "hand" not in end, end
    code, out = run("play", "eit2", "--seed", "2", "--vs", "greedy", input="help\nquit\ny\n")
    assert "card X" in out and "ongoing" in out, out
    res = runner.invoke(app, ["play", "--help"], env={"COLUMNS": "200"}, terminal_width=200)
    assert "menu" in res.output and "ongoing" in res.output, res.output

    g = load_game("eit2")
    s = new_game(g, None, 0)
    r = random.Random(0)
    for _ in range(2000):
        acts = legal_actions(s)
        ch = number_choices(s, acts)
        nums = {c.number for c in ch}
        hit = next((c.number[:-1] for c in ch if c.number.endswith("e")
                    and c.number[:-1] + "o" in nums), None)
        if hit is not None:
            break
        apply(s, acts[r.randrange(len(acts))])
    assert hit is not None, "no card offered as Event and for OPs in 2,000 actions"
    with pytest.raises(ChoiceError) as err:
        reference(hit, ch, s)
    text = str(err.value)
    assert f"{hit}e" in text and "not offered now" not in text, text
    with pytest.raises(ChoiceError) as err:
        resolve("a" * 5000, ch)
    assert len(str(err.value)) < 200 and "aaa…" in str(err.value), str(err.value)

    save = tmp_path / "g.json"
    run("play", "eit2", "--seed", "2", "--vs", "greedy", input=f"1\nsave {save}\nquit\n")
    code, out = run("replay", str(save))
    assert code == 0 and "replayed; LW to act" in out, out
    assert max(len(line) for line in out.splitlines()) <= 100     # as play draws it


def test_a_refused_simulate_makes_no_report_folder(tmp_path: Path) -> None:
    """--out a folder, --records a file, --out under a file: refused, and the --report
    folder is not made (a batch audit found it made before the refusal)."""
    (tmp_path / "adir").mkdir()
    (tmp_path / "a.jsonl").write_text("")
    for args in (["--out", str(tmp_path / "adir")],
                 ["--records", str(tmp_path / "a.jsonl")],
                 ["--out", str(tmp_path / "a.jsonl" / "x.jsonl")]):
        rep = tmp_path / "rep"
        code, out = run("simulate", "sfe", "--games", "1", *args, "--report", str(rep))
        assert code == 2 and not rep.exists(), (args, out)
    assert "a.jsonl is a file, not a folder" in out, out
    # and the other way round: --report under a file, --records and --out's folder unmade
    code, out = run("simulate", "sfe", "--games", "1", "--records", str(tmp_path / "recs"),
                    "--out", str(tmp_path / "o" / "out.jsonl"),
                    "--report", str(tmp_path / "a.jsonl" / "rep"))
    assert code == 2 and "a.jsonl is a file, not a folder" in out, out
    assert not (tmp_path / "recs").exists() and not (tmp_path / "o").exists()


@pytest.mark.parametrize("gid", ["eaw1940", "tk", "eit2", "sfe"])
def test_a_board_in_a_pipe_keeps_to_100_columns(gid: str) -> None:
    """In a pipe the console is 120 columns wide: tk's situation lines ran to 120 and
    eaw1940's fronts table to 102, where menus keep to 100 (a terminal audit)."""
    _code, out = run("play", gid, "--seed", "2", "--vs", "greedy", input="board\nquit\ny\n")
    widest = max(out.splitlines(), key=len)
    assert len(widest) <= 100, widest


@pytest.mark.parametrize("name", ["nodir/x.db", "~/wr.db"])
def test_serve_says_the_folder_of_a_sqlite_file_does_not_exist(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch,
                                                              name: str) -> None:
    """It named an internal lock file ("No such file or directory: '.../x.db.lock'": an
    operations audit); a '~' in a URL is said to be no home folder."""
    monkeypatch.chdir(tmp_path)
    code, out = run("serve", "--db", f"sqlite:///{name}")
    assert code == 2 and "does not exist" in out and ".lock" not in out, out
    assert ("no home folder" in out) == name.startswith("~"), out
    assert not (tmp_path / name).parent.exists()


def test_serve_reads_its_database_from_warroom_db(tmp_path: Path) -> None:
    """A password given on the command line is in every user's process list (an operations
    audit): WARROOM_DB names the database instead."""
    res = runner.invoke(app, ["serve"], env={"WARROOM_DB": f"sqlite:///{tmp_path}/no/x.db"})
    out = " ".join(res.output.split())
    assert res.exit_code == 2 and f"the folder {tmp_path}/no of the database file" in out, out


def test_the_serving_line_says_who_can_open_the_page() -> None:
    """The README's quick start served 127.0.0.1 and made invitations a friend's device
    could not open, unsaid (an operations audit)."""
    for host in ("127.0.0.1", "localhost", "::1"):
        assert "Only this computer can open it" in reach_note(host, 8000)
        assert "--host 0.0.0.0" in reach_note(host, 8000)
    assert "other devices reach" in reach_note("0.0.0.0", 8000)
    assert "127.0.0.1" not in reach_note("0.0.0.0", 8000)
    assert reach_note("192.168.1.5", 8000) == ""


def test_a_missing_postgresql_driver_says_how_to_install_it() -> None:
    text = db_problem("postgresql+psycopg://u:pw@h/d", ModuleNotFoundError(
        "No module named 'psycopg'"))
    assert "pip install -e '.[postgres]'" in text and "pw" not in text


def test_serve_on_every_address_says_how_to_keep_to_its_names(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A security audit: on --host 0.0.0.0 without --allowed-host the server answers any
    Host name, so a page of another site whose name is pointed at this machine (DNS
    rebinding) can use it; serve says so and how to keep it to its own names."""
    import uvicorn
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: None)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    db = f"sqlite:///{tmp_path}/a.sqlite3"
    res = runner.invoke(app, ["serve", "--host", "0.0.0.0", "--port", str(port), "--db", db])
    assert res.exit_code == 0, res.output
    assert "answers to any name" in " ".join(res.output.split()), res.output
    res = runner.invoke(app, ["serve", "--host", "0.0.0.0", "--port", str(port), "--db",
                              f"sqlite:///{tmp_path}/b.sqlite3", "--allowed-host", "club"])
    assert res.exit_code == 0 and "answers to any name" not in res.output, res.output


def test_json_output_cut_by_its_reader_exits_1(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """``warroom content eit2 --json | head -c 10`` exited 0 with its output cut, where the
    tables exit 1 (rich's console; an audit): the JSON writer exits 1 too, quietly."""
    import typer

    from warroom.cli.common import emit_json

    sink = (tmp_path / "sink").open("w")

    class Cut:
        def write(self, text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

        def flush(self) -> None:
            pass

        def fileno(self) -> int:
            return sink.fileno()

    monkeypatch.setattr("sys.stdout", Cut())
    with pytest.raises(typer.Exit) as info:
        emit_json({"a": 1})
    assert info.value.exit_code == 1
    sink.close()
