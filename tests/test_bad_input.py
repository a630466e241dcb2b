"""Bad input gets a one-line ``error:`` (exit 2), never a traceback, and changes nothing.

Table-driven: each row is a file a user might hand to a command, and a fragment of the
message they must see."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from collections.abc import Callable
from importlib.util import find_spec
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from warroom.cli.main import app
from warroom.core.errors import WarroomError
from warroom.sim import OutputWriter

runner = CliRunner()


def _write(name: str, content: bytes) -> Callable[[Path], Path]:
    def make(tmp: Path) -> Path:
        p = tmp / name
        p.write_bytes(content)
        return p
    return make


def _dev_zero(_: Path) -> Path:
    return Path("/dev/zero")


RECORDS = [
    ("not_utf8", _write("r.json", b"\xff\xfe{}"), "not UTF-8"),
    # a gzip file said to be one (it read "not UTF-8 text (byte 1)": an outside audit)
    ("gzip", _write("r.json.gz", gzip.compress(b'{"game": "eaw1940"}')), "gzip-compressed"),
    ("deep_json", _write("r.json", b"[" * 100_000 + b"]" * 100_000), "nested too deeply"),
    ("deep_but_parsable", _write("r.json", b'{"game": "eaw1940", "seed": 0, "actions": [], '
                                 b'"options": {"a": ' + b"[" * 200 + b"]" * 200 + b"}}"),
     "nested more than"),
    ("huge_int", _write("r.json", b'{"game":"eaw1940","actions":[],"seed":' + b"9" * 5000
                        + b"}"), "4,300 digits"),
    # a device, a folder: refused as no file before a byte is read (/dev/zero was read up to
    # the size limit, a folder said "Is a directory")
    ("dev_zero", _dev_zero, "it is a device, not a regular file"),
    ("folder", lambda tmp: tmp, "it is a folder, not a file"),
    ("not_json", _write("r.json", b"{nope"), "not valid JSON"),
    ("not_object", _write("r.json", b"[1, 2]"), "must be a JSON object"),
    # JSON keeps the last of a key given twice: this replayed an sfe game (an outside audit)
    ("duplicate_key", _write("r.json", b'{"game": "eaw1940", "game": "sfe", "seed": 0, '
                             b'"actions": []}'), "the key 'game' appears twice"),
    ("huge_key", _write("r.json", json.dumps({"game": "eaw1940", "seed": 0,
                                                    "actions": ["x" * 100_000]})
                        .encode()), "record step 0"),
]


@pytest.mark.parametrize(("name", "make", "fragment"), RECORDS, ids=[r[0] for r in RECORDS])
def test_bad_records_give_one_clean_line(tmp_path: Path, name: str,
                                         make: Callable[[Path], Path], fragment: str) -> None:
    path = make(tmp_path)
    res = runner.invoke(app, ["replay", str(path)])
    assert res.exit_code == 2, res.output
    assert "Traceback" not in res.output
    assert res.output.startswith("error: ")
    assert fragment in res.output
    assert len(res.output) < 600, res.output[:600]


def _warroom(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``warroom ARGS`` in a process of its own, failing the test if it has not finished in
    a minute (a hang, where one pytest run would wait forever)."""
    env = {**os.environ, "XDG_DATA_HOME": str(cwd / "data"),
           "PYTHONPATH": str(Path(__file__).parents[1] / "src")}
    try:
        return subprocess.run([sys.executable, "-m", "warroom.cli.main", *args], cwd=cwd,
                              stdin=subprocess.DEVNULL, capture_output=True, text=True,
                              env=env, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail(f"warroom {' '.join(args)} hung on a FIFO instead of refusing it")


FIFO_READERS = [
    ("replay", lambda fifo: ["replay", str(fifo)], "record"),
    ("play_load", lambda fifo: ["play", "eaw1940", "--load", str(fifo)], "record"),
    ("report", lambda fifo: ["report", str(fifo)], ""),
    ("content_pack", lambda fifo: ["content", "eaw1940", "--content", str(fifo.parent)],
     "content file"),
    # (a model was refused, but as "no model file at" a path that holds one)
    ("model", lambda fifo: ["play", "eaw1940", "--as", "none", "--vs", f"net:{fifo}"],
     "model"),
]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize(("name", "argv", "what"), FIFO_READERS,
                         ids=[r[0] for r in FIFO_READERS])
def test_a_fifo_given_as_a_file_is_refused_at_once(
        tmp_path: Path, name: str, argv: Callable[[Path], list[str]], what: str) -> None:
    """A named pipe (a FIFO) named where a file is read: opening one waits for a writer, so
    every command that read a record, results, a model or a content file hung. Refused at
    once, one line, nothing written."""
    if name == "model" and find_spec("torch") is None:
        pytest.skip("a model is read with torch (warroom[learn]), not installed here")
    pack = tmp_path / "pack"
    pack.mkdir()
    fifo = pack / "map.yaml"
    os.mkfifo(fifo)
    proc = _warroom(*argv(fifo), cwd=tmp_path)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr
    assert f"cannot read {what} {fifo}".replace("  ", " ") in proc.stderr, proc.stderr
    assert "it is a FIFO (named pipe), not a regular file" in proc.stderr
    assert "give that file's path" in proc.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pack"]
    assert [p.name for p in pack.iterdir()] == ["map.yaml"]



@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_a_checkpoint_that_is_no_file_is_refused_as_such(tmp_path: Path, kind: str) -> None:
    """``train --resume`` reads MODEL.ckpt.pt beside --out: a FIFO or a folder there said
    "no checkpoint at" a path that holds one (an audit); it is refused as every other file
    a command reads is, at once, and nothing is written."""
    if find_spec("torch") is None:
        pytest.skip("training needs torch (warroom[learn]), not installed here")
    ckpt = tmp_path / "m.ckpt.pt"
    if kind == "fifo":
        os.mkfifo(ckpt)
    else:
        ckpt.mkdir()
    proc = _warroom("train", "eaw1940", "--out", "m.pt", "--resume", cwd=tmp_path)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr
    assert "--resume: cannot read checkpoint m.ckpt.pt: it is a" in proc.stderr, proc.stderr
    assert "no checkpoint" not in proc.stderr
    assert ("FIFO (named pipe), not a regular file" if kind == "fifo"
            else "folder, not a file") in proc.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.ckpt.pt"]

CONTENT = [
    ("not_utf8", b"\xff\xfe: 1", "not UTF-8"),
    ("deep_yaml", b"a: " + b"[" * 100_000, "nested"),
    ("huge_int", b"a: " + b"9" * 5000, "4,300 digits"),
    # YAML keeps the last of a key given twice: an edit that left the old line in place
    ("duplicate_key", b"a: 1\nb: [{x: 1, x: 2}]\n", "the key 'x' appears twice"),
    # nested aliases: 439 bytes that expand to billions of values hung every command (a
    # few aliases, as yaml.safe_dump writes for a value used twice, are read)
    ("alias_bomb", b"a: &a [x, x, x, x, x, x, x, x, x]\n" + b"".join(
        b"%c: &%c [*%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c]\n" % ((i, i) + (i - 1,) * 9)
        for i in range(ord("b"), ord("n"))), "expand to more than 1,000,000 values"),
    ("alias_loop", b"a: &a [1, *a]\n", "or a value holds itself"),
]


@pytest.mark.parametrize(("name", "text", "fragment"), CONTENT, ids=[c[0] for c in CONTENT])
def test_bad_content_files_give_one_clean_line(tmp_path: Path, name: str, text: bytes,
                                               fragment: str) -> None:
    (tmp_path / "map.yaml").write_bytes(text)
    res = runner.invoke(app, ["content", "eaw1940", "--content", str(tmp_path)])
    assert res.exit_code == 2, res.output
    assert "Traceback" not in res.output
    assert fragment in res.output


@pytest.mark.parametrize("seconds", ["nan", "-1", "0", "inf"])
def test_bench_refuses_meaningless_durations(seconds: str) -> None:
    res = runner.invoke(app, ["bench", "eaw1940", "--seconds", seconds, "--json"])
    assert res.exit_code == 2, res.output
    assert "--seconds must be a positive number" in res.output


@pytest.mark.parametrize("option", ["--out", "--records", "--report"])
def test_simulate_checks_its_outputs_before_playing(tmp_path: Path, option: str) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    target = blocker / ("x.jsonl" if option == "--out" else "dir")   # under a plain file
    keep = tmp_path / "keep.jsonl"
    keep.write_text("precious\n")
    res = runner.invoke(app, ["simulate", "eaw1940", "--games", "3", option, str(target),
                              *(["--out", str(keep), "--force"] if option != "--out" else [])])
    assert res.exit_code == 2, res.output
    assert res.output.startswith("error: cannot write")
    if option == "--report":          # named as itself; refused before any game was played
        assert "--report" in res.output
    assert keep.read_text() == "precious\n"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs Linux's /dev/full")
@pytest.mark.parametrize("command", [["simulate", "eaw1940", "--games", "2"],
                                     ["tournament", "eaw1940", "--bots", "random,greedy",
                                      "--games", "1"]])
def test_a_write_that_fails_during_a_batch_is_one_line(command: list[str]) -> None:
    res = runner.invoke(app, [*command, "--out", "/dev/full"])
    assert res.exit_code == 2, res.output
    assert res.output.startswith("error: cannot write /dev/full") and "Traceback" not in \
        res.output


def test_out_is_emptied_only_when_the_first_game_is_written(tmp_path: Path) -> None:
    """A batch that fails before its first game (a Ray cluster out of reach, after every
    check) leaves an earlier --out file as it was; one of no games leaves it empty."""
    keep = tmp_path / "keep.jsonl"
    keep.write_text("precious\n")
    with pytest.raises(WarroomError), OutputWriter(keep, None, force=True):
        raise WarroomError("cannot start the Ray cluster at 1.2.3")
    assert keep.read_text() == "precious\n"
    # an earlier run's results are replaced only when asked (an outside audit: a rerun with
    # a smaller count had replaced 12 games with 1, without a word)
    with pytest.raises(WarroomError, match=r"already holds 1 line\(s\) of an earlier run"):
        OutputWriter(keep, None)
    assert keep.read_text() == "precious\n"
    with OutputWriter(keep, None, force=True) as writer:
        writer.write({"index": 0, "game": "eaw1940"})
    assert json.loads(keep.read_text()) == {"index": 0, "game": "eaw1940"}
    with OutputWriter(keep, None, force=True):
        pass
    assert keep.read_text() == ""
    new = tmp_path / "new.jsonl"                     # a check creates nothing
    with pytest.raises(WarroomError), OutputWriter(new, None):
        raise WarroomError("no")
    assert not new.exists()


def test_simulate_refuses_bad_counts() -> None:
    for args in (["--games", "-1"], ["--jobs", "0"]):
        res = runner.invoke(app, ["simulate", "eaw1940", *args])
        assert res.exit_code == 2 and "must be" in res.output, res.output
    # no games: no mean (0.0 read as games of no decision: an audit)
    res = runner.invoke(app, ["simulate", "eaw1940", "--games", "0", "--json"])
    assert res.exit_code == 0 and '"decisions_mean": null' in res.stdout, res.output


@pytest.mark.parametrize("value", ["abc", 0, -3, True, 1.5, [1], None, "12", 1001, 10**18])
def test_sfe_max_turns_must_be_a_positive_int(tmp_path: Path, value: object) -> None:
    """Issue 10 item 8: sfe's ``max_turns`` option that is not a positive int is refused in
    one line, by the API and by ``replay``."""
    from warroom.core import new_game
    from warroom.core.errors import UnknownGameError
    from warroom.games import load_game

    with pytest.raises(UnknownGameError, match="max_turns must be a positive integer") as exc:
        new_game(load_game("sfe"), None, 1, {"max_turns": value})
    assert "\n" not in str(exc.value) and len(str(exc.value)) < 200
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"game": "sfe", "seed": 0, "actions": [],
                                "options": {"max_turns": value}}))
    res = runner.invoke(app, ["replay", str(path)])
    assert res.exit_code == 2, res.output
    assert res.output.startswith("error: ") and "max_turns" in res.output
    assert "Traceback" not in res.output and res.output.count("\n") == 1, res.output


@pytest.mark.parametrize(("gid", "name", "path", "value", "fragment"), [
    ("sfe", "setup.yaml", ("hand_size", "axis", 0), 0, "hand_size.axis[0]"),
    ("sfe", "setup.yaml", ("bombing_track", "values", 2), -1, "bombing_track.values[2]"),
    ("tk", "components.yaml", ("countermix", "neutrality"), -10, "countermix.neutrality"),
])
def test_counts_a_pack_cannot_hold_are_refused(tmp_path: Path, gid: str, name: str,
                                               path: tuple[Any, ...], value: int,
                                               fragment: str) -> None:
    """A content audit: an Axis hand of 0 cards, a negative bombing value and a negative
    countermix were accepted and played (a Neutrality marker 'not left in the countermix
    (-10)')."""
    src = Path(__file__).parent.parent / "src" / "warroom" / "games" / gid / "content" / name
    data = yaml.safe_load(src.read_text(encoding="utf-8"))
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    (tmp_path / name).write_text(yaml.safe_dump(data), encoding="utf-8")
    res = runner.invoke(app, ["content", gid, "--content", str(tmp_path)])
    assert res.exit_code == 2 and fragment in res.output, res.output
    assert "greater than or equal to" in res.output


def test_a_mistyped_title_or_space_in_a_scenario_is_named_with_a_suggestion(
        tmp_path: Path) -> None:
    """A content audit: a misspelt card title had no "did you mean", and a misspelt space's
    message came wrapped in stray quotes (a KeyError's repr)."""
    src = Path(__file__).parent.parent / "src/warroom/games/eit2/content/scenarios.yaml"
    data = yaml.safe_load(src.read_text(encoding="utf-8"))
    data["great_depression"]["removed"][0] = "Giacomo Mateotti"
    (tmp_path / "scenarios.yaml").write_text(yaml.safe_dump(data, allow_unicode=True),
                                             encoding="utf-8")
    res = runner.invoke(app, ["content", "eit2", "--content", str(tmp_path)])
    assert res.exit_code == 2 and "did you mean 'Giacomo Matteotti'?" in res.output
    data["great_depression"]["removed"][0] = 22
    spaces = data["great_depression"]["spaces"]
    spaces["Action Francaise Typo"] = spaces.pop("Action Française")
    (tmp_path / "scenarios.yaml").write_text(yaml.safe_dump(data, allow_unicode=True),
                                             encoding="utf-8")
    res = runner.invoke(app, ["content", "eit2", "--content", str(tmp_path)])
    assert res.exit_code == 2 and "did you mean 'Action Française'?" in res.output
    assert ': unknown Europe in Turmoil II space' in res.output and ': "' not in res.output


def test_a_tk_situation_holding_more_country_markers_than_the_countermix_is_refused(
        tmp_path: Path) -> None:
    """A content audit: a countermix of 0 Neutrality markers was accepted while the
    situation put them on six countries."""
    src = Path(__file__).parent.parent / "src/warroom/games/tk/content/components.yaml"
    data = yaml.safe_load(src.read_text(encoding="utf-8"))
    data["countermix"]["neutrality"] = 0
    (tmp_path / "components.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    res = runner.invoke(app, ["simulate", "tk", "--games", "1", "--content", str(tmp_path)])
    assert res.exit_code == 2, res.output
    said = " ".join(res.output.split())
    assert "neutrality markers on countries; the countermix of" in said, said
    assert "components.yaml has 0" in said and "situation_19" in said, said


def test_a_rerun_does_not_replace_an_earlier_runs_results_unless_forced(
        tmp_path: Path) -> None:
    out, recs = tmp_path / "keep.jsonl", tmp_path / "recs"
    args = ["simulate", "eaw1940", "--games", "2", "--out", str(out), "--records", str(recs)]
    assert runner.invoke(app, args).exit_code == 0
    before = out.read_text()
    res = runner.invoke(app, [*args[:3], "1", *args[4:]])
    assert res.exit_code == 2 and "already holds 2 line(s) of an earlier run" in res.output
    assert "--force" in res.output and out.read_text() == before
    res = runner.invoke(app, [*args[:3], "1", "--out", str(tmp_path / "new.jsonl"),
                              "--records", str(recs)])
    assert res.exit_code == 2 and "already holds 2 record(s)" in res.output
    # a refused run makes no folder (a review: --report and --records were left, empty)
    res = runner.invoke(app, [*args[:3], "1", "--out", str(out), "--records",
                              str(tmp_path / "r2"), "--report", str(tmp_path / "rep")])
    assert res.exit_code == 2 and "already holds" in res.output
    assert not (tmp_path / "r2").exists() and not (tmp_path / "rep").exists()
    # --force replaces both: no record of the earlier run is left beside the new one
    res = runner.invoke(app, [*args[:3], "1", *args[4:], "--force"])
    assert res.exit_code == 0 and len(out.read_text().splitlines()) == 1
    assert sorted(p.name for p in recs.iterdir()) == ["game-00000.json"]
    # a file of blank lines holds no results
    blank = tmp_path / "blank.jsonl"
    blank.write_text("\n\n")
    assert runner.invoke(app, [*args[:3], "1", "--out", str(blank)]).exit_code == 0
    res = runner.invoke(app, ["tournament", "eaw1940", "--bots", "random,greedy", "--games",
                              "1", "--out", str(out)])
    assert res.exit_code == 2 and "already holds" in res.output
    # and a forced run of no games empties both (it emptied --out and kept the records)
    res = runner.invoke(app, [*args[:3], "0", *args[4:], "--force"])
    assert res.exit_code == 0 and out.read_text() == ""
    assert list(recs.iterdir()) == []
