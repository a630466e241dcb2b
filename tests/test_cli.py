"""The command line, driven as a user or a script would."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from warroom.cli.main import app
from warroom.core.record import Record, content_id, replay
from warroom.games import load_game
from web_db import PG_SKIP, pg_database, pg_url

runner = CliRunner()


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    res = runner.invoke(app, list(args), input=input)
    return res.exit_code, res.output


def test_games_json() -> None:
    code, out = run("games", "--json")
    assert code == 0
    games = json.loads(out)
    eaw = next(g for g in games if g["id"] == "eaw1940")
    assert eaw["roles"] == ["axis"]
    assert eaw["scenarios"] == ["1940"]
    assert eaw["title"] == "Europe At War 1940: Solitaire"
    # each game says what it is, for someone choosing one (the lobby shows it: a web
    # audit found nothing telling that a tk game is one political event)
    assert all(len(g["summary"]) > 40 for g in games)
    tk = next(g for g in games if g["id"] == "tk")
    assert "One political event" in tk["summary"]


def test_play_scripted_save_and_load(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    code, out = run("play", "eaw1940", "--seed", "3",
                    input=f"why 1\nwhy attack:eastern\n1\nsave {save}\nquit\n")
    assert code == 0, out
    assert "legal — 1 AP: attack Ruhr" in out
    said = " ".join(out.split())        # a why is wrapped at the menu's width
    assert "illegal — the Axis Eastern front is not in play yet; it enters on turn 6" in said
    assert "[rule 2.2, 1.4]" in said
    assert "The Axis Western front attacks Ruhr" in out
    assert f"saved to {save}" in out
    rec = Record.load(save)
    assert rec.actions == ["attack:western"]
    assert rec.state is not None
    # continue the saved game and end its turn
    code, out = run("play", "eaw1940", "--load", str(save), input="board\nend_turn\nquit\n")
    assert code == 0, out
    assert "Allied BOT: die" in out


def test_a_loaded_game_shows_the_last_lines_of_its_log_under_a_heading(tmp_path: Path
                                                                        ) -> None:
    """--load printed the whole log, unheaded, before the board (a terminal audit): a
    loaded game shows its last 15 lines, under a heading that says how many there are and
    that ``log`` shows them all; ``log`` does."""
    from warroom.cli.records import write_record
    from warroom.core import legal_actions
    from warroom.core.record import Session

    save = tmp_path / "game.json"
    session = Session.start(load_game("eaw1940"), None, 3)
    for _ in range(12):
        session.apply(legal_actions(session.state)[0])
    write_record(session, save)
    code, out = run("play", "eaw1940", "--load", str(save), input="log\nquit\n")
    assert code == 0, out
    head = re.search(r"The game so far: the log's last 15 of (\d+) lines \('log' shows them "
                     r"all\)", " ".join(out.split()))
    assert head is not None and int(head.group(1)) > 15, out
    # the set-up's line is not among the last 15; ``log`` shows it, after the board
    assert out.count("Set up:") == 1 and out.index("Set up:") > out.index("Front "), out
    # a short log is headed too, and shown whole
    short = tmp_path / "short.json"
    code, out = run("play", "eaw1940", "--seed", "3", input=f"1\nsave {short}\nquit\n")
    code, out = run("play", "eaw1940", "--load", str(short), input="quit\n")
    assert "The game so far:\n" in out and "Set up:" in out, out


def test_a_bot_plays_on_a_loaded_game_as_it_would_have_played_on(tmp_path: Path) -> None:
    """The same seed and moves give the same game whether it was saved and loaded between
    them: the bot started its generators again at a load and placed RW's Support at
    Bavaria where it had placed it at Valencia (an undo audit)."""
    moves = ["space:tunisia", "space:sweden", "space:london", "space:france-comte"]
    full, part, cont = (tmp_path / f"{n}.json" for n in ("full", "part", "cont"))
    for spec in ("random", "greedy"):
        run("play", "eit2", "--seed", "5", "--as", "lw", "--vs", spec,
            input="\n".join([*moves, "space:aquitaine", f"save {full}", "quit", "y", ""]))
        run("play", "eit2", "--seed", "5", "--as", "lw", "--vs", spec,
            input="\n".join([*moves, f"save {part}", "quit", ""]))
        run("play", "eit2", "--load", str(part),
            input="\n".join(["space:aquitaine", f"save {cont}", "quit", "y", ""]))
        whole = Record.load(full).actions
        assert len(whole) > len(Record.load(part).actions) + 1, whole
        assert Record.load(cont).actions == whole, spec
        for f in (full, part, cont):
            f.unlink()


def test_a_saved_game_that_no_longer_fits_goes_on_with_rewind(tmp_path: Path) -> None:
    """A saved game whose action today's rules refuse (as after a rules fix in an upgrade)
    is refused with what to do; ``--rewind`` goes on from that action, and quitting asks
    before leaving the file with the dropped actions."""
    save = tmp_path / "game.json"
    code, out = run("play", "eaw1940", "--seed", "3", input=f"1\nsave {save}\nquit\n")
    assert code == 0, out
    obj = json.loads(save.read_text())
    assert len(obj["actions"]) == 1
    obj["actions"] += ["x:refused", "end_turn"]
    save.write_text(json.dumps(obj))
    code, out = run("play", "eaw1940", "--load", str(save), input="quit\n")
    assert code != 0 and "record step 1" in out and "--rewind" in out, out
    code, out = run("play", "eaw1940", "--rewind")
    assert code != 0 and "--rewind goes with --load" in out, out
    code, out = run("play", "eaw1940", "--load", str(save), "--rewind",
                    input="quit\nn\nsave\nquit\n")
    assert code == 0, out
    assert "its action 1 no longer fits today's rules" in out and "2 action(s) dropped" in out
    assert "The game is not saved" in out and f"saved to {save}" in out
    assert Record.load(save).actions == obj["actions"][:1]
    # a game that replays whole keeps what its seat may take back, with --rewind too (it
    # said "nothing to undo" there: an undo audit)
    mine = tmp_path / "mine.json"
    code, out = run("play", "eit2", "--seed", "5", "--as", "lw", "--vs", "random",
                    input=f"space:tunisia\nsave {mine}\nquit\n")
    for extra in ([], ["--rewind"]):
        code, out = run("play", "eit2", "--load", str(mine), *extra, input="undo\nquit\ny\n")
        assert "(undo available)" in out and "undone" in out, (extra, out)


def test_a_saved_game_of_another_pack_is_told_to_load_with_that_pack(tmp_path: Path) -> None:
    """A game saved under a pack and loaded under another is told to load it with its
    pack, not to add --rewind (which dropped its actions, blaming "today's rules": a
    terminal audit); with --rewind the pack is named as the cause. A path holding
    brackets is printed as typed (rich read "[/]" as markup and crashed)."""
    src = Path(__file__).parent.parent / "src" / "warroom" / "games" / "eaw1940" / "content"
    pack = tmp_path / "pack"
    pack.mkdir()
    text = (src / "victory.yaml").read_text(encoding="utf-8")
    (pack / "victory.yaml").write_text(text.replace("Draw. The historical",
                                                    "Draw. As history went", 1),
                                       encoding="utf-8")
    folder = tmp_path / "[/]saves"
    folder.mkdir(parents=True)
    save = folder / "game.json"
    code, out = run("play", "eaw1940", "--seed", "3", "--content", str(pack),
                    input=f"1\nsave {save}\nquit\n")
    assert code == 0, out
    obj = json.loads(save.read_text())
    obj["actions"] += ["x:refused"]
    save.write_text(json.dumps(obj))
    code, out = run("play", "eaw1940", "--load", str(save), input="quit\n")
    said = " ".join(out.split())
    assert code != 0 and "record step 1" in said and "--rewind" not in said, said
    assert "replay it with the --content it was played with" in said, said
    code, out = run("play", "eaw1940", "--load", str(save), "--rewind", input="quit\nn\n")
    said = " ".join(out.split())
    assert code == 0 and "Traceback" not in out, out
    assert f"{save}: its action 1 no longer fits this content pack" in said, said


def test_play_undo_and_errors() -> None:
    # unstall/tank moves roll no dice, so they can be undone; a number out of range and an
    # unknown command are refused without ending the game.
    code, out = run("play", "eaw1940", "--seed", "1",
                    input="99\nfoo\ntank:western:north_africa\nundo\nundo\nquit\n")
    assert code == 0, out
    assert "no choice 99 now" in out
    assert "no choice matches 'foo'" in out
    assert "A tank moves from the Western front to the North Africa front" in out
    assert "undone" in out
    assert "nothing to undo" in out


def test_play_bot_watch_to_the_end() -> None:
    code, out = run("play", "eaw1940", "--seed", "5", "--as", "none", "--vs", "random")
    assert code == 0, out
    assert "Game over — " in out and "VP" in out
    assert '{"vp"' not in out and "automatic_victory" not in out


def test_play_bad_options() -> None:
    code, out = run("play", "eaw1940", "--as", "allies")
    assert code == 2
    assert "no role 'allies'" in out
    code, out = run("play", "nosuchgame")
    assert code == 2
    assert "unknown game 'nosuchgame'" in out


def test_replay_json_and_bad_record(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"game": "eaw1940", "scenario": "1940", "options": {},
                                "seed": 2, "forced_dice": [6], "actions":
                                ["attack:western", "end_turn"]}))
    code, out = run("replay", str(good), "--json")
    assert code == 0, out
    v = json.loads(out)
    assert v["turn"] == 2
    assert v["fronts"][0]["axis_location"] == "Ruhr"
    assert "rng" not in v
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"game": "eaw1940", "seed": 2,
                               "actions": ["end_turn", "attack:eastern"]}))
    code, out = run("replay", str(bad))
    assert code == 2
    assert "record step 1" in out and "not in play yet" in out
    notjson = tmp_path / "broken.json"
    notjson.write_text("{oops")
    code, out = run("replay", str(notjson))
    assert code == 2 and "not valid JSON" in out


def test_replay_of_a_record_stating_another_result_exits_1(tmp_path: Path) -> None:
    """`warroom replay` prints the replay, then says on stderr that the record states
    another result (or another content pack) and exits 1: a tampered record replayed to
    its true end with exit 0 and no word (an outside audit)."""
    out_dir = tmp_path / "recs"
    code, out = run("simulate", "eaw1940", "--games", "1", "--seed", "3", "--records",
                    str(out_dir))
    assert code == 0, out
    path = out_dir / "game-00000.json"
    rec = json.loads(path.read_text())
    code, out = run("replay", str(path))
    assert code == 0 and "warning" not in out, out
    # seats naming a role the game has not (play --load refused it; replay said nothing:
    # an undo audit)
    path.write_text(json.dumps({**rec, "seats": {"axis": "greedy", "zz": "human"}}))
    code, out = run("replay", str(path))
    assert code == 1 and "its seats name zz, not a role of eaw1940 (axis)" in out, out
    rec["result"] = {**rec["result"], "winner": "axis" if rec["result"]["winner"] != "axis"
                     else None, "label": "tampered"}
    path.write_text(json.dumps(rec))
    code, out = run("replay", str(path))
    assert code == 1 and "warning: the record states" in out, out
    rec["content"] = "0123456789ab"
    path.write_text(json.dumps(rec))
    code, out = run("replay", str(path), "--json")
    assert code == 1 and "another content pack (id 0123456789ab" in out, out
    # play --load says the same (it said nothing of the result)
    code, out = run("play", "eaw1940", "--load", str(path), input="quit\n")
    assert "warning" in out and "another content pack" in out and "the record states" in out, out


def test_a_record_refused_after_it_is_read_is_named_and_told_the_keys(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A records audit: a step the rules refuse, or an unknown game, named no file; a key
    that names no action was told to list the legal actions, which replay cannot; a path
    given as '~/x' (quoted, or --out=~/x) made a folder named '~'; an edited result was
    printed whole; a draw whose scores alone differ read 'no winner but ... no winner'."""
    monkeypatch.setenv("HOME", str(tmp_path))
    code, out = run("simulate", "eaw1940", "--games", "1", "--seed", "3", "--records",
                    "~/recs")
    assert code == 0, out
    assert not (Path.cwd() / "~").exists()
    path = tmp_path / "recs" / "game-00000.json"
    rec = json.loads(path.read_text())
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**rec, "actions": [*rec["actions"][:4], "attack:narnia"],
                               "state": None, "result": None}))
    code, out = run("replay", "~/bad.json")
    out = " ".join(out.split())
    assert code == 2 and f"{bad}: record step 4: unknown action 'attack:narnia'" in out, out
    assert "list the legal actions" not in out and "the keys there: place_tank:" in out, out
    code, out = run("play", "eaw1940", "--load", str(bad), input="quit\n")
    assert code == 2 and f"{bad}: record step 4" in " ".join(out.split()), out
    bad.write_text(json.dumps({**rec, "game": "chess"}))
    code, out = run("replay", str(bad))
    assert code == 2 and str(bad) in " ".join(out.split()), out
    huge = {**rec["result"], "winner": "A" * 100_000, "label": "L" * 50_000}
    bad.write_text(json.dumps({**rec, "result": huge}))
    code, out = run("replay", str(bad))
    assert code == 1 and "A" * 100 not in out and len(out) < 20_000, len(out)
    code, out = run("replay", "~nosuchuser/x.json")
    assert code == 2 and "no user 'nosuchuser'" in out and "Traceback" not in out, out
    scores = {**rec["result"], "scores": {"axis": 99}}
    bad.write_text(json.dumps({**rec, "result": scores}))
    code, out = run("replay", str(bad))
    assert code == 1 and "scores axis 99" in " ".join(out.split()), out


def test_content_json() -> None:
    code, out = run("content", "eaw1940", "--json")
    assert code == 0
    c = json.loads(out)
    fronts = {f["id"]: f for f in c["map"]["fronts"]}
    assert set(fronts) == {"western", "north_africa", "eastern", "central_southern", "balkan"}
    assert all(f["reconstructed"] for f in fronts.values())
    flags = {loc["name"]: loc["flag_vp"] for loc in c["map"]["locations"] if loc["flag_vp"]}
    assert flags == {"Paris": 2, "London": 8, "Moscow": 6, "Alexandria": 3}


def test_content_override_error(tmp_path: Path) -> None:
    (tmp_path / "turn_track.yaml").write_text("turns: [{turn: 1, date: x, ap: 0}]\n")
    code, out = run("content", "eaw1940", "--content", str(tmp_path))
    assert code == 2
    assert "turn_track.yaml" in out


def test_simulate_same_summary_whatever_jobs(tmp_path: Path) -> None:
    code1, out1 = run("simulate", "eaw1940", "--games", "40", "--seed", "11", "--json")
    code2, out2 = run("simulate", "eaw1940", "--games", "40", "--seed", "11", "--jobs", "2",
                      "--json", "--records", str(tmp_path / "recs"),
                      "--out", str(tmp_path / "games.jsonl"))
    assert code1 == code2 == 0
    s1, s2 = json.loads(out1), json.loads(out2)
    assert s1 == s2
    assert s1["game"] == "eaw1940" and s1["games"] == 40 and s1["seed"] == 11
    assert sum(s1["outcomes"].values()) == 40
    assert sum(s1["vp_histogram"].values()) == 40
    lines = (tmp_path / "games.jsonl").read_text().splitlines()
    assert len(lines) == 40
    first = json.loads(lines[0])
    # the pack each game and the batch were played with (an audit: nothing said which)
    assert first["content"] == s1["content"] == content_id(load_game("eaw1940"))
    rec = Record.load(tmp_path / "recs" / "game-00000.json")
    state = replay(load_game("eaw1940"), rec)
    assert state.data["outcome"]["vp"] == first["scores"]["vp"]


def test_simulate_counts_tk_events_as_having_no_winner() -> None:
    """A TK political event has no winner to win (15.x resolves or does nothing): it was
    counted as a draw (an RL audit); a contest nobody won stays a draw."""
    from warroom.core.protocol import winner_word

    code, out = run("simulate", "tk", "--games", "6", "--seed", "2", "--json")
    assert code == 0, out
    assert json.loads(out)["winners"] == {"no winner": 6}, out
    assert winner_word(None, "final_scoring") == "draw"
    assert winner_word("axis", "automatic_victory") == "axis"


def test_simulate_table_and_bad_bot() -> None:
    code, out = run("simulate", "eaw1940", "--games", "5", "--seed", "1", "--bots", "greedy")
    assert code == 0
    assert "vp_mean" in out
    code, out = run("simulate", "eaw1940", "--games", "5", "--bots", "nobot")
    assert code == 2 and "unknown bot 'nobot'" in out


def test_bench_json() -> None:
    pytest.importorskip("pyspiel")
    # a game id in any case (EAW1940 reached the OpenSpiel adapter as python_warroom_EAW1940
    # and failed with a traceback: a review)
    code, out = run("bench", "EAW1940", "--seconds", "0.4", "--json", "--adapter")
    assert code == 0, out
    b = json.loads(out)
    assert b["game"] == "eaw1940" and b["adapter"] is not None
    assert b["content"] == content_id(load_game("eaw1940")) and "adapter_note" not in b
    assert b["decisions_per_s"] > 0 and b["games_per_s"] > 0
    assert b["baseline"]["name"] == "python_block_dominoes"
    assert b["baseline"]["actions_per_s"] > 0
    assert b["ratio"] == pytest.approx(b["decisions_per_s"] / b["baseline"]["actions_per_s"],
                                       rel=0.01)


def test_bench_prints_every_figure_it_measures(monkeypatch: pytest.MonkeyPatch) -> None:
    """The plain output names the clone cost and the search's speed (they used to appear
    with --json only), and, without OpenSpiel, the extra to install, brackets and all."""
    import warroom.cli.main as cli_main
    monkeypatch.setattr(cli_main, "openspiel_available", lambda: False)
    monkeypatch.setattr(cli_main, "run_bench", lambda *a, **k: {
        "game": "eaw1940", "decisions_per_s": 1000.0, "games_per_s": 10.0, "baseline": None,
        "clone_us": 2.5, "ismcts_iterations_per_s": 20000.0, "ismcts_spec": "ismcts:x=1",
        "ismcts_default_iterations_per_s": 15000.0, "ismcts_default_spec": "ismcts",
        "adapter": None})
    code, out = run("bench", "eaw1940", "--seconds", "0.1")
    assert code == 0, out
    assert "pip install -e '.[bench]'" in out
    assert "clone 2.5 µs; ISMCTS 20,000 iterations/s (ismcts:x=1), 15,000 with the " \
           "default bot (ismcts)" in " ".join(out.split())


def test_tk_resolve_reads_answers_from_standard_input_with_json() -> None:
    res = runner.invoke(app, ["tk", "resolve", "--situation", "1939", "--event", "Ceded Land",
                              "--faction", "axis", "--dice", "6", "--json"], input="2\n")
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)                  # stdout is pure JSON
    assert out["result"]["label"] == "15.3 resolved"
    assert "[15.3] place a Soviet Influence marker in Poland" in out["instructions"]
    res = runner.invoke(app, ["tk", "resolve", "--situation", "1939", "--event", "Ceded Land",
                              "--faction", "axis", "--json"], input="")
    assert res.exit_code == 2
    assert "end of input while a decision is pending" in res.output


def test_tk_resolve_takes_a_country_in_any_case_or_by_its_id() -> None:
    """--country sweden, baltic_states, "baltic states": the content's names as a player
    types them or as the action keys spell them (country:baltic_states)."""
    for given, name in (("sweden", "Sweden"), ("baltic_states", "Baltic States"),
                        ("baltic states", "Baltic States"), ("Sweden", "Sweden")):
        res = runner.invoke(app, ["tk", "resolve", "--event", "15.2", "--faction", "axis",
                                  "--country", given, "--dice", "3"], input="1\n1\n1\n")
        assert f"country {name} [15.2]" in res.output, res.output
    res = runner.invoke(app, ["tk", "resolve", "--event", "15.2", "--faction", "axis",
                              "--country", "Narnia"], input="")
    assert res.exit_code == 2 and "no country 'Narnia'; countries: Albania" in res.output


def test_upgrade_games_leaves_a_game_of_another_content_pack(tmp_path: Path) -> None:
    """A stored game created with the bundled pack, checked by ``upgrade-games --content``
    with another pack: reported as such and not replayed (exit 0: nothing an operator
    must mend; serving its pack lets it go on)."""
    from warroom.web.app import create_service

    url = f"sqlite:///{tmp_path / 'w.sqlite3'}"
    svc = create_service(url, bot_workers=1)
    try:
        gid, _, _ = svc.create("eaw1940", None, {"axis": "human"}, seed=5)
    finally:
        svc.close()
        svc.engine.dispose()
    pack = tmp_path / "pack"
    pack.mkdir()
    tables = Path(__file__).parent.parent / "src/warroom/games/eaw1940/content/tables.yaml"
    text = tables.read_text(encoding="utf-8")
    old = "    - {min: 1, max: 4, result: no_result}\n    - {min: 5, max: 6, result: advance}"
    (pack / "tables.yaml").write_text(text.replace(old, "    - {min: 1, max: 3, result: "
                                                   "no_result}\n    - {min: 4, max: 6, "
                                                   "result: advance}"), encoding="utf-8")
    code, out = run("upgrade-games", "--db", url, "--content", f"eaw1940={pack}")
    flat = " ".join(out.replace("│", " ").split())
    assert code == 0 and gid in out, out
    assert "another content pack" in flat and "not replayed" in flat, out


def test_upgrade_games_reports_and_rewinds_a_stored_web_game(tmp_path: Path) -> None:
    """``warroom upgrade-games --db URL``: a table of the stored games and what today's
    rules make of each; ``--rewind`` lets a game in play that they refuse go on. A bad
    database URL or an unknown id is one clean line."""
    from sqlalchemy import text

    from warroom.web.app import create_service

    url = f"sqlite:///{tmp_path / 'w.sqlite3'}"
    svc = create_service(url, bot_workers=1)
    try:
        gid, tokens, _ = svc.create("eaw1940", None, {"axis": "human"}, seed=5)
        for _ in range(3):
            live = svc.live(gid)
            svc.act(gid, tokens["axis"], svc.payload(live, "axis")["legal"][0]["key"], None)
        with svc.engine.begin() as db:
            db.execute(text('UPDATE actions SET key = :k WHERE "index" = 1'), {"k": "x:y"})
    finally:
        svc.close()
        svc.engine.dispose()
    code, out = run("upgrade-games", "--db", url)
    assert code == 1, out           # a game it cannot replay: scripts see it
    assert gid in out and "action 1 no longer fits" in out and "x:y" not in out
    assert "1 game(s) checked; 1 that today's rules cannot replay" in out
    # an unknown id beside a good one: refused before any game is changed (the good one
    # was rewound, then exit 2 with no report: an operations audit)
    code, out = run("upgrade-games", "--db", url, "--rewind", gid, "nosuchgame")
    assert code == 2 and "no game 'nosuchgame'; nothing was changed" in out, out
    code, out = run("upgrade-games", "--db", url)
    assert code == 1 and "1 that today's rules cannot replay" in out, out
    code, out = run("upgrade-games", "--db", url, "--rewind", gid)
    assert code == 0, out
    assert "goes on from action 1" in out and "1 rewound" in out
    code, out = run("upgrade-games", "--db", url)
    assert code == 0 and "0 that today's rules cannot replay" in out, out
    code, out = run("upgrade-games", "--db", url, "nosuchgame")
    assert code != 0 and "no game" in out and "Traceback" not in out
    # a write the database refuses: one line, exit 2 (a traceback and exit 1, "a game is
    # stuck", before: an operations audit)
    from sqlalchemy.exc import OperationalError

    from warroom.web.service import GameService

    def refused(self: object, **kw: object) -> object:
        raise OperationalError("DELETE FROM snapshots", {},
                               Exception("attempt to write a readonly database"))

    real = GameService.upgrade_games
    GameService.upgrade_games = refused  # type: ignore[assignment,method-assign]
    try:
        code, out = run("upgrade-games", "--db", url)
    finally:
        GameService.upgrade_games = real  # type: ignore[method-assign]
    assert code == 2 and "the database refused a write" in out and "readonly" in out, out
    assert "Traceback" not in out
    code, out = run("upgrade-games", "--db", "nosuchdb://x")
    assert code != 0 and "cannot open the database" in out and "Traceback" not in out
    # a mistyped path is refused, and makes no empty database nor lock file
    missing = tmp_path / "typo.sqlite3"
    code, out = run("upgrade-games", "--db", f"sqlite:///{missing}")
    assert code == 2 and f"no database at {missing}" in out, out
    assert not missing.exists() and not (tmp_path / "typo.sqlite3.lock").exists()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_prune_games_deletes_old_games_and_uploads_with_the_server_stopped(
        tmp_path: Path, backend: str) -> None:
    """A server kept every game and upload forever (a security audit): ``warroom
    prune-games --older-than DAYS`` deletes the games whose last move is older, with their
    seats, moves and snapshots, and the older uploads; ``--finished-only`` keeps games in
    play; ``--dry-run`` deletes nothing; a bad age or a running server changes nothing.
    On SQLite and on PostgreSQL (times with their offset)."""
    if backend == "sqlite":
        _prune_on(f"sqlite:///{tmp_path / 'w.sqlite3'}")
        return
    if pg_url() is None:
        pytest.skip(PG_SKIP)
    with pg_database() as url:
        _prune_on(url)


def _prune_on(url: str) -> None:
    import datetime as dt

    from sqlalchemy import create_engine, func, insert, select, text, update

    from warroom.web.app import ExclusiveUse, create_service
    from warroom.web.db import ActionRow, GameRow, SeatRow, SnapshotRow, UploadRow

    svc = create_service(url, bot_workers=1)
    svc.snapshot_every = 2
    old = dt.datetime.now(dt.UTC) - dt.timedelta(days=40)
    try:
        ids = []
        for seed in (5, 6, 7):
            gid, tokens, _ = svc.create("eaw1940", None, {"axis": "human"}, seed=seed)
            for _ in range(3):
                live = svc.live(gid)
                svc.act(gid, tokens["axis"], svc.payload(live, "axis")["legal"][0]["key"],
                        None)
            ids.append(gid)
        playing, finished, recent = ids
        with svc.engine.begin() as db:
            db.execute(update(GameRow).where(GameRow.id.in_([playing, finished]))
                       .values(updated=old))
            db.execute(update(GameRow).where(GameRow.id == finished).values(status="over"))
            db.execute(insert(UploadRow).values(id="u-old", record={}, created=old))
            db.execute(insert(UploadRow).values(id="u-new", record={},
                                                created=dt.datetime.now(dt.UTC)))

        def rows() -> dict[str, int]:
            with svc.engine.connect() as db:
                return {t.__tablename__: int(db.scalar(select(func.count()).select_from(t))
                                             or 0)
                        for t in (GameRow, SeatRow, ActionRow, SnapshotRow, UploadRow)}

        before = rows()
        assert before["games"] == 3 and before["snapshots"] > 0
    finally:
        svc.close()
        svc.engine.dispose()
    for bad in ("0", "-1", "nan", "1e9"):
        code, out = run("prune-games", "--db", url, "--older-than", bad)
        assert code == 2 and "--older-than must be a number of days above 0" in out, out
    lock = ExclusiveUse(url)            # a server runs on the database
    lock.acquire()
    try:
        code, out = run("prune-games", "--db", url, "--older-than", "30")
        assert code == 2 and "another warroom server" in out, out
    finally:
        lock.release()
    code, out = run("prune-games", "--db", url, "--older-than", "30", "--dry-run")
    assert code == 0 and playing in out and finished in out and recent not in out, out
    assert "2 game(s) and 1 upload(s) older than 30 day(s) would be deleted" in out
    assert rows() == before
    code, out = run("prune-games", "--db", url, "--older-than", "30", "--finished-only")
    assert code == 0 and finished in out and playing not in out, out
    assert "1 game(s) and 1 upload(s)" in out and "games in play kept" in out
    code, out = run("prune-games", "--db", url, "--older-than", "30")
    assert code == 0 and playing in out and "1 game(s) and 0 upload(s)" in out, out
    after = rows()
    assert after["games"] == 1 and after["uploads"] == 1 and after["seats"] == 1
    eng = create_engine(url)
    with eng.connect() as db:
        for table in ("seats", "actions", "snapshots"):
            kept = {r[0] for r in db.execute(text(f"select game_id from {table}"))}
            assert kept <= {recent}, (table, kept)
    eng.dispose()
    svc = create_service(url, bot_workers=1)
    try:
        assert svc.live(recent).state is not None          # the recent game plays on
        # a bound given in another zone is the same instant (SQLite keeps no offset: it
        # was compared as if UTC, a review)
        soon = dt.datetime.now(dt.timezone(dt.timedelta(hours=-5))) + dt.timedelta(hours=1)
        found, _ = svc.prune_games(soon, dry_run=True)
        assert [f.id for f in found] == [recent]
    finally:
        svc.close()
        svc.engine.dispose()


@pytest.mark.parametrize("command", [["upgrade-games"], ["prune-games", "--older-than", "1"]])
def test_the_stored_games_commands_touch_no_database_a_server_did_not_make(
        tmp_path: Path, command: list[str]) -> None:
    """upgrade-games gave another program's SQLite file, an empty file and an in-memory
    database warroom's tables and reported success (an audit); a file that is no database
    was refused but left a lock file. Each is refused in one line, and left as it was."""
    import sqlite3

    other = tmp_path / "notes.db"
    con = sqlite3.connect(other)
    con.execute("create table notes (x)")
    con.commit()
    con.close()
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    junk = tmp_path / "junk.json"
    junk.write_text("{}")
    for path, said in ((other, "holds no warroom server's games"),
                       (empty, "holds no warroom server's games"),
                       (junk, "file is not a database")):
        before = path.read_bytes()
        code, out = run(*command, "--db", f"sqlite:///{path}")
        assert code == 2 and said in out and "Traceback" not in out, out
        assert path.read_bytes() == before
        assert not Path(f"{path}.lock").exists()
    code, out = run(*command, "--db", "sqlite://")
    assert code == 2 and "holds no warroom server's games" in out, out


def test_a_record_of_another_game_is_named_without_its_control_codes(tmp_path: Path) -> None:
    """A record's game id is shown escaped, and a load is suggested only for a game there
    is (a record whose id held ESC [2J cleared the screen in the suggested command, and an
    unknown game got 'load it with warroom play chess': an outside audit)."""
    bad = tmp_path / "ctrl.json"
    bad.write_text(json.dumps({"game": "eit2\x1b[2J", "seed": 1, "actions": []}))
    code, out = run("play", "eit2", "--load", str(bad), input="")
    assert code != 0 and "\x1b" not in out and "the games are eaw1940, eit2, sfe, tk" in out
    other = tmp_path / "sfe.json"
    other.write_text(json.dumps({"game": "sfe", "seed": 1, "actions": []}))
    code, out = run("play", "eit2", "--load", str(other), input="")
    assert code != 0 and "load it with warroom play sfe --load FILE" in out


def test_rewind_says_when_the_saved_snapshot_differs_from_the_replayed_game(
        tmp_path: Path) -> None:
    """--rewind trusts a record's actions over its state snapshot; when the two disagree
    it says so (it went on silently: an outside audit)."""
    save = tmp_path / "game.json"
    code, out = run("play", "eaw1940", "--seed", "3", input=f"1\nsave {save}\nquit\n")
    assert code == 0, out
    obj = json.loads(save.read_text())
    obj["state"]["ap"] += 1                      # the file edited by hand
    save.write_text(json.dumps(obj))
    code, out = run("play", "eaw1940", "--load", str(save), input="quit\n")
    assert code != 0 and "snapshot does not match" in out, out
    code, out = run("play", "eaw1940", "--load", str(save), "--rewind", input="quit\ny\n")
    assert code == 0, out
    assert "saved state snapshot differs from the game its actions replay to" in out


def test_replay_prints_the_log_of_the_view_it_shows(tmp_path: Path) -> None:
    """replay prints a spectator's log under a spectator's board (it printed every line,
    another hand's cards included: an outside audit); --as ROLE shows that role's."""
    import random

    from warroom.core.protocol import apply, legal_actions, new_game

    g = load_game("eit2")
    st = new_game(g, None, 4)
    rng = random.Random(4)
    keys = []
    for _ in range(30):
        legal = legal_actions(st)
        a = legal[rng.randrange(len(legal))]
        keys.append(a.key)
        apply(st, a)
    private = [e["text"] for e in st.log if e.get("to") == "lw"]
    assert private
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"game": "eit2", "scenario": "1920", "seed": 4,
                                "actions": keys}))
    code, out = run("replay", str(path))
    assert code == 0, out
    assert not any(text[:60] in out for text in private)
    code, out = run("replay", str(path), "--as", "LW")
    assert code == 0 and private[0][:60] in out.replace("\n", " ").replace("  ", " ")
    code, out = run("replay", str(path), "--as", "king")
    assert code != 0 and "eit2 has no role 'king'; roles: lw, rw" in out


def test_replay_stops_at_a_step(tmp_path: Path) -> None:
    """replay --step N shows the game after N of the record's actions (only the web viewer
    could: an outside audit); a step outside the record is refused with its range."""
    save = tmp_path / "game.json"
    code, out = run("play", "eaw1940", "--seed", "3",
                    input=f"1\nend_turn\nsave {save}\nquit\n")
    assert code == 0, out
    n = len(json.loads(save.read_text())["actions"])
    assert n >= 2
    code, out = run("replay", str(save), "--step", "0", "--json")
    assert code == 0 and json.loads(out)["turn"] == 1 and json.loads(out)["log"], out
    code, out = run("replay", str(save), "--step", "1")
    assert code == 0 and "1 action replayed" in out and "The Axis Western front attacks" in out
    code, out = run("replay", str(save), "--step", str(n + 1))
    assert code != 0 and f"the record holds {n} actions; give 0 to {n}" in out


def test_python_dash_m_warroom_is_the_command_line(tmp_path: Path) -> None:
    """``python -m warroom`` runs the same command line as ``warroom`` (it said there is no
    ``warroom.__main__``: a rules audit's first try), and refuses as it does (exit 2)."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[1] / "src")}
    ok = subprocess.run([sys.executable, "-m", "warroom", "games"],
                        cwd=tmp_path, capture_output=True, text=True, env=env, timeout=120)
    assert ok.returncode == 0, ok.stderr
    assert "eaw1940" in ok.stdout and "sfe" in ok.stdout
    bad = subprocess.run([sys.executable, "-m", "warroom", "play", "nosuchgame"],
                         cwd=tmp_path, capture_output=True, text=True, env=env, timeout=120,
                         stdin=subprocess.DEVNULL)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr, bad.stderr


def test_tk_resolve_says_which_options_the_event_does_not_read() -> None:
    """--land and --area with 15.1 were read by nothing and nothing said so (an audit): a
    note names them; an option the event reads is not named."""
    res = runner.invoke(app, ["tk", "resolve", "--event", "15.1", "--faction", "western",
                              "--land", "ge_austria", "--area", "Balkan", "--dice", "3"],
                        input="1\n1\n1\n")
    assert "note: event 15.1 does not read --land, --area" in " ".join(res.output.split())
    res = runner.invoke(app, ["tk", "resolve", "--event", "15.3", "--faction", "axis",
                              "--land", "ge_austria", "--dice", "3"], input="1\n1\n1\n")
    assert "does not read" not in res.output, res.output
