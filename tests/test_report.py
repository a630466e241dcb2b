"""Balance reports (issue 14): plots and a Markdown page from a results file, the score
track and Events recorded per game, and clear errors for bad results files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from warroom.cli.main import app
from warroom.core.record import content_id
from warroom.games import load_game
from warroom.sim import iter_batch, score_fields
from warroom.sim.report import (
    ReportError,
    _verdict,
    analyse,
    load_results,
    score_table,
    winrate_bars,
    write_report,
)

runner = CliRunner()
PNG = b"\x89PNG\r\n\x1a\n"
SECTIONS = ["## Is it balanced?", "## Win rate per side", "## Where it tips",
            "## Score over turns", "## Game length", "## How games end", "## Card Events",
            "## Method"]


@pytest.fixture(scope="module")
def eit2_lines() -> list[dict[str, Any]]:
    return list(iter_batch("eit2", games=8, seed=4, bots=["random"]))


def test_simulate_lines_carry_a_score_track_and_events(eit2_lines: list[dict[str, Any]]
                                                       ) -> None:
    for ln in eit2_lines:
        track = ln["track"]
        assert track[0]["turn"] == 1 and track[0]["decisions"] == 0
        assert track[0]["scores"] == {"power": 0.0}
        assert track[-1]["decisions"] == ln["decisions"]
        assert [s["turn"] for s in track[:-1]] == sorted({s["turn"] for s in track[:-1]})
        assert ln["game"] == "eit2" and ln["bots"] == {"lw": "random", "rw": "random"}
    events = [e for ln in eit2_lines for e in ln["events"]]
    assert events, "random eit2 games play some Events"
    assert all(e["side"] in ("LW", "RW") and isinstance(e["event"], str) for e in events)


def test_sfe_events_include_operation_and_battle_events() -> None:
    (ln,) = list(iter_batch("sfe", games=1, seed=2, bots=["random"]))
    assert ln["track"][-1]["scores"].keys() >= {"vp.axis", "vp.allies"}
    assert {e["side"] for e in ln["events"]} <= {"axis", "allies"}
    assert ln["events"], "a random sfe game plays some Events"


def test_score_fields_reads_numbers_and_dicts_of_numbers() -> None:
    assert score_fields({"vp": 4, "power": -2.5, "turn": 3}) == {"vp": 4.0, "power": -2.5}
    assert score_fields({"vp": {"axis": 1, "allies": 2, "x": "n"}, "score": True}) == {
        "vp.axis": 1.0, "vp.allies": 2.0}


def _line(i: int, winner: str, power: list[int], events: list[str]) -> dict[str, Any]:
    return {"index": i, "game": "eit2", "scenario": "1920", "bots": {"lw": "a", "rw": "b"},
            "outcome": f"{winner}_final_scoring", "termination": "final_scoring",
            "winner": winner, "returns": {"lw": 1.0 if winner == "lw" else -1.0,
                                          "rw": 1.0 if winner == "rw" else -1.0},
            "scores": {"power": power[-1]}, "decisions": 10 * len(power),
            "turns": len(power) - 1,
            "track": [*({"turn": t + 1, "decisions": 10 * t, "scores": {"power": p}}
                        for t, p in enumerate(power[:-1])),
                      {"turn": len(power) - 1, "decisions": 10 * len(power),
                       "scores": {"power": power[-1]}}],
            "events": [{"event": e, "side": "RW", "turn": 1} for e in events]}


def test_analysis_of_a_synthetic_result_set() -> None:
    # RW wins when power runs positive, from turn 2; the Event "Putsch" comes with RW wins
    lines = [_line(i, "rw", [0, 3, 5], ["Putsch"]) for i in range(6)]
    lines += [_line(6 + i, "lw", [0, -2, -4, -6], []) for i in range(6)]
    res = analyse("eit2", lines)
    assert res["sides"]["rw"]["win"].p == 0.5
    assert res["tip"]["field"] == "power" and res["tip"]["turn"] == 2
    # a turn that predicts the winner while a later one is a coin again is no tipping point:
    # "from turn X on" holds for every turn after X (an audit saw turn 2 named where turns
    # 3-5 were at 0.5)
    flip = [_line(i, "rw", [0, 3, 0, 0], []) for i in range(6)]
    flip += [_line(6 + i, "lw", [0, -3, 0, 0], []) for i in range(6)]
    tip = analyse("eit2", flip)["tip"]
    assert tip["turn"] is None, tip
    table = score_table(lines)
    # every game counts at every turn: the RW games ended at turn 2 and hold power 5
    assert table["power"][3] == [5.0] * 6 + [-4.0] * 6
    (ev,) = res["events"]
    assert (ev["event"], ev["side"], ev["games"]) == ("Putsch", "rw", 6)
    assert ev["with"].p == 1.0 and ev["without"].p == 0.0 and ev["separated"]
    assert res["length"]["turns"]["max"] == 3


def test_report_writes_plots_and_markdown_with_every_section(
        tmp_path: Path, eit2_lines: list[dict[str, Any]]) -> None:
    results = tmp_path / "games.jsonl"
    results.write_text("".join(json.dumps(ln) + "\n" for ln in eit2_lines))
    out = tmp_path / "rep"
    res = runner.invoke(app, ["report", str(results), "--out", str(out)])
    assert res.exit_code == 0, res.output
    for name in ("winrate.png", "scores.png", "length.png", "endings.png", "events.png"):
        assert (out / name).read_bytes()[:8] == PNG, name
    md = (out / "report.md").read_text()
    positions = [md.index(s) for s in SECTIONS]
    assert positions == sorted(positions)              # the verdict comes first
    assert "8 games" in md and "lw wins" in md and "![win rate](winrate.png)" in md
    assert "| Event | played by |" in md


def test_simulate_report_option_for_a_one_player_game(tmp_path: Path) -> None:
    out = tmp_path / "eaw"
    res = runner.invoke(app, ["simulate", "eaw1940", "--games", "6", "--seed", "2",
                              "--report", str(out)])
    assert res.exit_code == 0, res.output
    md = (out / "report.md").read_text()
    assert "axis (the player) wins" in md and "`vp`" in md
    assert "No Event was recorded" in md
    assert (out / "scores.png").read_bytes()[:8] == PNG
    assert not (out / "events.png").exists()
    # its win-rate plot has a bar for the losses, so the bars add up (an audit)
    lines = list(iter_batch("eaw1940", games=6, seed=2, bots=["random"]))
    bars = winrate_bars(analyse("eaw1940", lines))
    assert [label for label, _ in bars][-1] == "axis losses"
    assert sum(rate.p for _, rate in bars) == pytest.approx(1.0)


def test_load_results_reads_the_game_from_the_lines(tmp_path: Path,
                                                    eit2_lines: list[dict[str, Any]]) -> None:
    path = tmp_path / "r.jsonl"
    old = [{k: v for k, v in ln.items() if k != "game"} for ln in eit2_lines]
    path.write_text("\n".join(json.dumps(ln) for ln in old) + "\n\n")
    game, lines = load_results(path)
    assert game == "eit2" and len(lines) == 8
    write_report(game, lines, tmp_path / "rep")


def test_a_last_line_cut_off_by_a_killed_batch_is_left_out_with_a_note(
        tmp_path: Path, eit2_lines: list[dict[str, Any]]) -> None:
    """A batch killed while writing leaves its last line cut off: the report is made from
    the games before it, and says so (it refused the whole file: a batch audit); a bad
    line anywhere else, or a last one with its newline, is still refused."""
    path = tmp_path / "r.jsonl"
    whole = "".join(json.dumps(ln) + "\n" for ln in eit2_lines)
    path.write_text(whole + json.dumps(eit2_lines[0])[:40])
    notes: list[str] = []
    game, lines = load_results(path, notes)
    assert game == "eit2"
    assert len(lines) == 8 and notes == [f"{path} line 9 is cut off (the batch was stopped "
                                         "while writing it): left out"]
    res = runner.invoke(app, ["report", str(path), "--out", str(tmp_path / "out")])
    assert res.exit_code == 0 and "line 9 is cut off" in res.output
    path.write_text(whole + json.dumps(eit2_lines[0])[:40] + "\n")
    with pytest.raises(ReportError, match="line 9 is not JSON"):
        load_results(path)


def test_a_game_given_twice_is_counted_once(tmp_path: Path,
                                            eit2_lines: list[dict[str, Any]]) -> None:
    """A results file given twice (cat j1 j1) reported 24 games of 12 with a narrower
    interval (an audit): a line repeating a game read before (its seed, scenario and bots)
    is left out, with a note; a tournament's two seatings of one deal are two games."""
    path = tmp_path / "twice.jsonl"
    path.write_text("".join(json.dumps(ln) + "\n" for ln in eit2_lines * 2))
    notes: list[str] = []
    _, lines = load_results(path, notes)
    assert len(lines) == len(eit2_lines)
    assert notes == [f"{path}: {len(eit2_lines)} line(s) repeat a game read before (the same "
                     "seed, scenario, bots and content pack): each game is counted once"]
    swapped = [dict(ln, bots={"lw": "greedy", "rw": "random"}) for ln in eit2_lines]
    path.write_text("".join(json.dumps(ln) + "\n" for ln in eit2_lines + swapped))
    assert len(load_results(path)[1]) == 2 * len(eit2_lines)


@pytest.mark.parametrize(("content", "message"), [
    (None, "no such file"),
    ("", "holds no games"),
    ("{not json\n", "line 1 is not JSON"),
    ('{"outcome": "x"}\n', "missing winner, returns, scores, decisions"),
    ("[1, 2]\n", "is not a game line"),
    (b"\x1f\x8b\x08\x00rest", "gzip-compressed; unpack it first"),
    (b"\xff\xfe{}\n", "not UTF-8 text (line 1, column 1: byte 0xff)"),
])
def test_report_cli_refuses_unreadable_results(tmp_path: Path, content: str | bytes | None,
                                               message: str) -> None:
    path = tmp_path / "results.jsonl"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content)
    res = runner.invoke(app, ["report", str(path), "--out", str(tmp_path / "out")])
    assert res.exit_code == 2, res.output
    assert message in res.output
    assert not (tmp_path / "out" / "report.md").exists()


def test_report_cli_refuses_a_directory_and_bad_simulate_report(tmp_path: Path) -> None:
    res = runner.invoke(app, ["report", str(tmp_path)])
    assert res.exit_code == 2 and "cannot read" in res.output
    res = runner.invoke(app, ["simulate", "eaw1940", "--games", "0", "--report",
                              str(tmp_path / "r")])
    assert res.exit_code == 2 and "--report needs at least one game" in res.output
    with pytest.raises(ReportError, match="no games"):
        write_report("eit2", [], tmp_path / "x")


def test_a_long_plot_title_goes_on_two_lines() -> None:
    """A report audit: "Europe in Turmoil II: The Interbellum Years 1920-1939: 24 games"
    ran off the right edge of the win-rate plot."""
    from warroom.sim.report import _titled
    title = _titled("Europe in Turmoil II: The Interbellum Years 1920-1939: 24 games")
    assert title.split("\n") == ["Europe in Turmoil II: The Interbellum Years 1920-1939",
                                 "24 games"]
    assert _titled("eaw1940: 6 games") == "eaw1940: 6 games"


def test_a_report_of_tk_gives_no_win_rates(tmp_path: Path) -> None:
    """tk's events have no winner: the report showed each role with 100% draws and a
    score of 50% under "No role won any of the games" (a review); it says so instead, and
    draws no win-rate plot."""
    lines = list(iter_batch("tk", games=4, seed=2, bots=["random"]))
    lines += list(iter_batch("tk", games=2, seed=3, bots=["greedy"]))     # two configurations
    res = analyse("tk", lines)
    assert res["winnerless"] and set(res["winners"]) == {"no winner"}
    written = write_report("tk", lines, tmp_path / "rep")
    text = (tmp_path / "rep" / "report.md").read_text(encoding="utf-8")
    assert "has no winner to win" in text and "| side | wins |" not in text
    assert "With no winner, nothing tips" in text and "won every game or none" not in text
    assert res["by_config"] and "By bot configuration" not in text
    assert not (tmp_path / "rep" / "winrate.png").exists()
    assert all(p.exists() for p in written)
    # tk's view has no scoreboard: its lines hold an empty track, not none; the report
    # blamed old results, drew an empty plot and gave the final scores nowhere (an audit)
    assert "results written before warroom recorded one" not in text
    assert "public view has no scoreboard" in text
    assert not (tmp_path / "rep" / "scores.png").exists()
    assert "## Final scores" in text and "| `steps_lost` |" in text, text
    assert not analyse("eaw1940", list(iter_batch("eaw1940", games=2, seed=1,
                                                  bots=["random"])))["winnerless"]


def test_a_report_replaces_an_earlier_reports_plots_and_says_which_way_it_tips(
        tmp_path: Path, eit2_lines: list[dict[str, Any]]) -> None:
    """A report written over another game's left its events.png beside a report.md that
    never linked it; the summary gave an AUC of 0.84 where its table gave 0.16, without
    saying that a higher score went with a loss (a report audit)."""
    out = tmp_path / "rep"
    write_report("eit2", eit2_lines, out)
    assert (out / "events.png").exists()
    write_report("eaw1940", list(iter_batch("eaw1940", games=2, seed=1, bots=["random"])),
                 out)
    assert not (out / "events.png").exists()
    lines = [_line(i, "rw", [0, 3, 5], []) for i in range(6)]     # a higher power: RW's
    lines += [_line(6 + i, "lw", [0, -2, -4, -6], []) for i in range(6)]
    res = analyse("eit2", lines)
    assert res["tip"]["aucs"][2] < 0.5
    write_report("eit2", lines, out)
    text = (out / "report.md").read_text(encoding="utf-8")
    assert "a higher `power` going with a loss of lw" in text, text


def test_the_verdict_names_the_most_common_ending_only_where_one_is() -> None:
    """Six games, six endings read "Most games end as" the first of them (an audit): a
    single most common ending is named, a tie says so."""
    one = [_line(i, "rw", [0, 3], []) for i in range(4)] + [_line(4, "lw", [0, -3], [])]
    text = "\n".join(_verdict(analyse("eit2", one)))
    assert "Most games end as `rw_final_scoring` (80.0%" in text, text
    tied = [_line(i, w, [0, 1], []) for i, w in enumerate(("rw", "lw", "rw", "lw"))]
    text = "\n".join(_verdict(analyse("eit2", tied)))
    assert "Most games end as" not in text
    assert "The most common endings, 50.0%" in text and "`lw_final_scoring`" in text, text


def test_a_training_log_cut_off_at_its_end_is_reported_without_its_last_line(
        tmp_path: Path) -> None:
    """A results file cut off while written is read without its last line, a training log
    was refused (an audit): both are read, with a warning."""
    log = Path(__file__).parents[1] / "src/warroom/ai/models/eaw1940.log.jsonl"
    first = log.read_text(encoding="utf-8").splitlines()[:2]
    cut = tmp_path / "cut.log.jsonl"
    cut.write_text("\n".join([*first, '{"round": 3, "broken']), encoding="utf-8")
    res = runner.invoke(app, ["report", str(cut), "--out", str(tmp_path / "curve")])
    assert res.exit_code == 0, res.output
    assert "line 3 is cut off" in res.output and (tmp_path / "curve/training.md").exists()
    broken = tmp_path / "broken.log.jsonl"
    broken.write_text("\n".join([first[0], '{"round": 3, "broken', first[1]]) + "\n")
    res = runner.invoke(app, ["report", str(broken), "--out", str(tmp_path / "c2")])
    assert res.exit_code == 2 and "broken.log.jsonl:2 is not JSON" in res.output


def test_a_kept_games_file_is_named_as_such() -> None:
    """report of a train run's kept games (MODEL.games.jsonl.gz) said to unpack it, and
    unpacked it was refused as no game line (an audit): it says what the file is."""
    kept = Path(__file__).parents[1] / "benchmarks/games"
    path = next(kept.glob("*.games.jsonl.gz"))
    with pytest.raises(ReportError, match="holds the games a warroom train run kept"):
        load_results(path)


def test_a_report_keeps_content_packs_apart(tmp_path: Path,
                                            eit2_lines: list[dict[str, Any]]) -> None:
    """An audit: a pack's games merged with the bundled ones of the same seeds were left
    out as repeats, and with other seeds pooled into one verdict. Game lines name their
    pack; a file of two packs is refused, lines that name none (written before) go with
    any, and report.md says the pack."""
    own = content_id(load_game("eit2"))
    mine = [dict(ln, content=own) for ln in eit2_lines]
    path = tmp_path / "two.jsonl"
    path.write_text("".join(json.dumps(ln) + "\n" for ln in
                            mine + [dict(ln, content="0123456789ab") for ln in eit2_lines]))
    with pytest.raises(ReportError, match=r"mixes content packs: line 1 was played with "
                       rf"warroom's own content \({own}\), line {len(mine) + 1} with pack "
                       "0123456789ab"):
        load_results(path)
    old = [{k: v for k, v in ln.items() if k != "content"} for ln in eit2_lines]
    path.write_text("".join(json.dumps(ln) + "\n" for ln in mine[:4] + old[4:]))
    assert len(load_results(path)[1]) == len(eit2_lines)
    res = runner.invoke(app, ["report", str(path), "--out", str(tmp_path / "r")])
    assert res.exit_code == 0, res.output
    assert "warroom's own content" in (tmp_path / "r" / "report.md").read_text()
    # an old line and today's of the same game are one game (counted twice: a review)
    path.write_text("".join(json.dumps(ln) + "\n" for ln in old + mine))
    assert len(load_results(path)[1]) == len(eit2_lines)
    path.write_text("".join(json.dumps(dict(ln, content="0123456789ab")) + "\n"
                            for ln in eit2_lines))
    res = runner.invoke(app, ["report", str(path), "--out", str(tmp_path / "p")])
    assert res.exit_code == 0, res.output
    assert "content pack 0123456789ab" in (tmp_path / "p" / "report.md").read_text()
