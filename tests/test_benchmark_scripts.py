"""The measuring scripts of ``benchmarks/`` that the README's figures come from: they run
end to end on tiny settings, and what they save replays."""

from __future__ import annotations

import gzip
import importlib.util
import json
import math
import shutil
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from warroom.core.protocol import result
from warroom.core.record import Record, replay
from warroom.games import load_game
from warroom.games.sfe import evaluation as EV

ROOT = Path(__file__).resolve().parents[1]
# The scripts' process pools start their workers from a fresh server process, which
# imports a task's module by name, as it would find it running ``python benchmarks/X.py``
# (whose folder is then first on the path); put the folder on the path before any pool.
if str(ROOT / "benchmarks") not in sys.path:
    sys.path.append(str(ROOT / "benchmarks"))


def _script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def test_sfe_calibration_reports_progress_and_ignores_the_worker_count(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``sfe_calibration.py``: one progress line a finished game on stderr, and game ``i``
    is the same game whatever ``--jobs`` (its seed is derived from ``--seed`` and ``i``);
    ``--out`` holds every game, in game order once the run is over."""
    mod = _script("sfe_calibration")
    out = []
    games = []
    for jobs in ("1", "2"):
        path = tmp_path / f"jobs{jobs}.jsonl"
        mod.main(["--games", "3", "--seed", "5", "--jobs", jobs, "--out", str(path)])
        captured = capsys.readouterr()
        progress = captured.err.strip().splitlines()
        assert len(progress) == 3 and progress[-1].startswith("3/3 games, Axis ")
        summary = json.loads(captured.out.strip().splitlines()[-1])
        summary.pop("seconds")
        out.append(summary)
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        assert [r["index"] for r in rows] == [0, 1, 2]
        assert sum(r["winner"] == "axis" for r in rows) == summary["axis_wins"]
        gray = {m.name for m in load_game("sfe").c.map.locations  # type: ignore[attr-defined]
                if m.start_control == "gray"}
        for r in rows:       # 9.1: a circle scores only for the side that did not start there
            assert all((r["held"][n] == "axis") != (n in gray) for n in r["scored"])
        assert any(r["scored"] for r in rows)
        assert sum(summary["captured"].values()) == sum(len(r["scored"]) for r in rows)
        assert sum(summary["allied_lead_when_axis_won_at_end"].values()) \
            == summary["ends"].get("axis_game_end", 0)
        games.append(rows)
    assert out[0] == out[1] and out[0]["games"] == 3
    assert games[0] == games[1]


def test_ai_strength_saves_records_that_replay(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """``ai_strength.py --records DIR --json``: every game is listed with its seed, seats
    and winner, and its saved record replays to the same result."""
    mod = _script("ai_strength")
    rc = mod.main(["sfe", "--bot", "aggressive", "--vs", "random", "--games", "1",
                   "--seed", "3", "--jobs", "1", "--records", str(tmp_path), "--json"])
    assert rc in (0, None)
    report: dict[str, Any] = json.loads(capsys.readouterr().out)
    games = report["games"]
    assert len(games) == 2                                   # both seatings
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 2
    game = load_game("sfe")
    winners = {json.dumps(g["seats"], sort_keys=True): g["winner"] for g in games}
    for f in files:
        rec = Record.load(f)
        out = result(replay(game, rec))
        assert out is not None
        assert winners[json.dumps(rec.seats, sort_keys=True)] == out.winner


def test_ai_strength_counts_a_mirror_once_and_battles_fought(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A bot against itself plays each deal once, read from both seats (both seatings are
    one game: it once counted every game twice); a spec given twice plays once; sfe's
    battles are those fought (8.2's totals), not every "Battle in X" line."""
    mod = _script("ai_strength")
    mod.main(["eit2", "--bot", "random", "--vs", "random", "--vs", "random", "--games", "3",
              "--seed", "1", "--json"])
    report: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert len(report["games"]) == 3 and len(report["pairings"]) == 1
    mirror = report["pairings"][0]
    assert mirror["mirror"] and mirror["total"]["games"] == 3
    lw, rw = mirror["seatings"]["lw"], mirror["seatings"]["rw"]
    assert lw["games"] == rw["games"] == 3 and lw["wins"] + rw["wins"] + lw["draws"] == 3
    mod.main(["sfe", "--bot", "aggressive", "--vs", "aggressive", "--games", "1", "--seed",
              "2", "--records", str(tmp_path), "--json"])
    (g,) = json.loads(capsys.readouterr().out)["games"]
    (path,) = tmp_path.glob("*.json")
    st = replay(load_game("sfe"), Record.load(path))
    fought = sum(1 for e in st.log if e.get("rule") == "8.2" and "attack" in e)
    lines = sum(1 for e in st.log if e.get("rule") == "8"
                and str(e.get("text", "")).startswith("Battle in"))
    assert g["battles"] == fought and fought < lines


def test_ai_strength_counts_each_game_once_with_t_intervals(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A seat named twice, or a one-player game's --vs naming the bot itself, played and
    counted every game twice (an interval that excluded 50% on one game: a review); a
    mean's interval is Student's t (n - 1), none for one game; --games 0 is refused."""
    mod = _script("ai_strength")
    mod.main(["sfe", "--bot", "random", "--vs", "greedy", "--games", "1", "--seed", "1",
              "--seat", "axis", "--seat", "axis", "--json"])
    report: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert len(report["games"]) == 1 and report["pairings"][0]["total"]["games"] == 1
    mod.main(["eaw1940", "--bot", "random", "--vs", "random", "--games", "2", "--seed", "1",
              "--json"])
    report = json.loads(capsys.readouterr().out)
    assert len(report["games"]) == 2
    (entry,) = report["pairings"]
    vps = [float(g["scores"]["vp"]) for g in report["games"]]
    m = sum(vps) / 2
    half = 12.706 * abs(vps[0] - vps[1]) / 2          # t(1) x sd / sqrt(2)
    assert entry["games"] == 2
    assert entry["vp_ci95"] == pytest.approx([m - half, m + half], abs=0.02)
    mod.main(["eaw1940", "--bot", "random", "--games", "1", "--seed", "1", "--json"])
    assert json.loads(capsys.readouterr().out)["pairings"][0]["vp_ci95"] is None
    with pytest.raises(SystemExit):
        mod.main(["eaw1940", "--bot", "random", "--games", "0"])


def test_sfe_eval_fit_collects_and_fits(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """``sfe_eval_fit.py collect`` writes positions with the game's winner; ``fit`` reports
    the log loss of today's constants and of the fitted ones, and a fit of some constants
    keeps the others."""
    pytest.importorskip("torch")
    mod = _script("sfe_eval_fit")
    out = tmp_path / "pos.jsonl"
    mod.main(["collect", "--games", "4", "--jobs", "1", "--every", "20", "--out", str(out)])
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert rows and {r["game"] for r in rows} == {0, 1, 2, 3}
    assert all(r["axis_won"] in (0, 1) and 0.0 <= r["left"] <= 1.0 for r in rows)
    capsys.readouterr()
    mod.main(["fit", str(out), "--steps", "30", "--only", "ALLIED_TARGET,SPREAD"])
    report = json.loads(capsys.readouterr().out)
    assert report["log_loss_current"] > 0 and report["log_loss_fitted"] > 0
    assert report["fitted"]["VP_WEIGHT"] == pytest.approx(1.0)
    assert report["fitted"]["ALLIED_TARGET"] != pytest.approx(mod.current()["ALLIED_TARGET"])
    for r in rows[:20]:           # today's constants give the evaluation's own odds
        v = EV.logit_value(r["d"], r["soon"], r["slow"], r["left"])
        assert mod.p_axis(r, mod.current()) == pytest.approx(
            1.0 / (1.0 + math.exp(-v / EV.LOGIT_SCALE)), rel=1e-4, abs=1e-6)
    with pytest.raises(SystemExit, match="unknown constants"):
        mod.main(["fit", str(out), "--only", "NOPE"])


def test_sfe_calibration_reads_bot_specs_with_parameters(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``--bots AXIS,ALLIES`` where a spec carries comma-separated parameters."""
    mod = _script("sfe_calibration")
    mod.main(["--bots", "ismcts:iterations=2,c=0.5,aggressive", "--games", "1"])
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["bots"] == "ismcts:iterations=2,c=0.5 (axis) vs aggressive (allies)"


def test_sfe_calibration_resumes_a_run_and_refuses_another_runs_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--resume``: the games already in ``--out`` are kept and only the others played, so
    a run stopped after 2 games and resumed to 3 ends with the file and summary of a run of
    3; a file written with other settings is refused and left as it was."""
    mod = _script("sfe_calibration")
    whole = tmp_path / "whole.jsonl"
    mod.main(["--games", "3", "--seed", "7", "--out", str(whole)])
    summary_whole = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    part = tmp_path / "part.jsonl"
    mod.main(["--games", "2", "--seed", "7", "--out", str(part)])
    capsys.readouterr()
    mod.main(["--games", "3", "--seed", "7", "--out", str(part), "--resume"])
    captured = capsys.readouterr()
    assert len(captured.err.strip().splitlines()) == 1          # one game played
    assert captured.err.startswith("3/3 games")
    summary = json.loads(captured.out.strip().splitlines()[-1])
    for s in (summary, summary_whole):
        s.pop("seconds")
    assert summary == summary_whole
    assert part.read_text(encoding="utf-8") == whole.read_text(encoding="utf-8")
    before = part.read_text(encoding="utf-8")
    with pytest.raises(SystemExit, match="another run"):
        mod.main(["--games", "3", "--seed", "8", "--out", str(part), "--resume"])
    with pytest.raises(SystemExit, match="another run"):
        mod.main(["--games", "3", "--seed", "7", "--bots", "random", "--out", str(part),
                  "--resume"])
    with pytest.raises(SystemExit, match="comes twice"):
        mod.main(["--games", "2", "--seed", "7", "--out", str(part), "--resume"])
    assert part.read_text(encoding="utf-8") == before
    with pytest.raises(SystemExit):
        mod.main(["--resume"])                                   # no --out to resume
    # a --content folder edited between two sittings is another run, though its name is
    # the same (a review: its games were mixed with the first pack's)
    pack = tmp_path / "pack"
    shutil.copytree(Path(mod.BUNDLED), pack)
    packed = tmp_path / "packed.jsonl"
    mod.main(["--games", "2", "--seed", "7", "--content", str(pack), "--out", str(packed)])
    capsys.readouterr()
    setup = pack / "setup.yaml"
    setup.write_text(setup.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    mod.main(["--games", "3", "--seed", "7", "--content", str(pack), "--out", str(packed),
              "--resume"])                   # a comment changes no content: the same run
    capsys.readouterr()
    text = (pack / "map.yaml").read_text(encoding="utf-8")
    (pack / "map.yaml").write_text(text.replace("vp: 5,", "vp: 4,", 1), encoding="utf-8")
    with pytest.raises(SystemExit, match="another run"):
        mod.main(["--games", "4", "--seed", "7", "--content", str(pack), "--out",
                  str(packed), "--resume"])
    with pytest.raises(SystemExit):                 # a third spec was dropped unsaid
        mod.main(["--bots", "random,greedy,aggressive", "--games", "1"])


def test_learning_benchmark_pairs_the_seeds(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """``learning.py``: in a one-role game both bots play the same seeds (the paired
    difference counts every seed once), whatever ``--jobs``; in a two-role game the net
    plays each seat on every seed."""
    pytest.importorskip("torch")
    from warroom.ai.net import new_model, save_model
    mod = _script("learning")
    model = tmp_path / "m.pt"
    save_model(new_model(load_game("eaw1940"), hidden=8, blocks=1), model)
    reports = []
    for jobs in ("1", "2"):
        mod.main(["eaw1940", "--model", str(model), "--seconds", "0.005", "--games", "3",
                  "--seed", "4", "--jobs", jobs])
        reports.append(json.loads(capsys.readouterr().out.strip().splitlines()[-1]))
    for r in reports:
        paired = r["paired_difference"]
        assert paired["net_better"] + paired["equal"] + paired["hand_better"] == 3
    sfe = tmp_path / "sfe.pt"
    save_model(new_model(load_game("sfe"), hidden=8, blocks=1), sfe)
    mod.main(["sfe", "--model", str(sfe), "--seconds", "0.002", "--games", "1"])
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert report["games"] == 2 and set(report["per_role"]) == {"axis", "allies"}
    # every game kept, seed and seat, so that learning_sets.py can pair runs
    assert {g["role"] for g in report["per_game"]} == {"axis", "allies"}
    assert all(g["score"] in (0.0, 0.5, 1.0) for g in report["per_game"])
    assert len({g["seed"] for g in report["per_game"]}) == 1
    assert sum(g["score"] for g in report["per_game"]) == report["net_score"]
    # --control: the guided search's settings with no network, on the same seeds
    mod.main(["sfe", "--control", "--params", "prior_depth=1", "--seconds", "0.002",
              "--games", "1"])
    out = capsys.readouterr().out.strip().splitlines()
    report = json.loads(out[-1])
    assert report["control"] is True and report["games"] == 2
    assert report["net"] == "ismcts:seconds=0.002,algo=puct,prior_depth=1"
    assert all(line.startswith("game") and "control as" in line for line in out[:2])
    with pytest.raises(SystemExit):
        mod.main(["sfe", "--seconds", "0.002"])     # neither a model nor --control


def _learning_report(seed: int, control: bool, scores: list[float], **over: Any) -> str:
    """A ``learning.py`` output: progress lines, then its JSON report (two roles)."""
    games = [{"seed": 1000 * seed + i // 2, "role": ("lw", "rw")[i % 2], "score": s,
              "outcome": "x"} for i, s in enumerate(scores)]
    per_role = {r: sum(g["score"] for g in games if g["role"] == r) for r in ("lw", "rw")}
    report = {"control": control, "seed": seed, "games": len(scores),
              "net_score": sum(scores), "per_role": per_role, "per_game": games,
              "game": "eit2", "scenario": "1920", "seconds_per_decision": 0.1,
              "hand": "ismcts:seconds=0.1",
              "net": ("ismcts:seconds=0.1,algo=puct" if control
                      else "net:eit2-1920,seconds=0.1"), **over}
    return "game 1: net as lw: x\n" + json.dumps(report) + "\n"


def test_learning_sets_adds_up_the_sets_and_pairs_net_with_control(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``learning_sets.py``: several seed sets add up with the Wilson interval; a network's
    games pair with its control's by seed and seat; bad input is refused with the file's
    name."""
    mod = _script("learning_sets")
    files = {}
    for name, seed, control, scores in (
            ("n1", 1, False, [1, 1, 1, 0]), ("n2", 2, False, [1, 0.5, 1, 0]),
            ("c1", 1, True, [1, 0, 0, 0]), ("c2", 2, True, [1, 1, 1, 0])):
        files[name] = tmp_path / f"{name}.log"
        files[name].write_text(_learning_report(seed, control, scores), encoding="utf-8")
    assert mod.main([str(files["n1"]), str(files["n2"]), "--control", str(files["c1"]),
                     str(files["c2"]), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["net"]["score"] == 5.5 and out["net"]["games"] == 8
    assert out["net"]["per_role"] == {"lw": 4.0, "rw": 1.5}
    lo, hi = out["net"]["wilson_95"]
    assert lo < 5.5 / 8 < hi
    assert out["control"]["score"] == 4.0
    # seed 1: the net better in its second and third games; seed 2: worse in its second
    assert out["paired"] == {"paired_games": 8, "net_better": 2, "net_worse": 1, "same": 5,
                             "sign_test_p": 1.0, "unpaired": 0}
    mod.main([str(files["n1"]), "--control", str(files["c1"])])
    text = capsys.readouterr().out
    assert "net, together: 3/4 = 75.0%" in text and "net better in 2, worse in 0" in text
    with pytest.raises(SystemExit, match=r"c1\.log: a control run"):
        mod.main([str(files["c1"])])
    with pytest.raises(SystemExit, match=r"n1\.log: given after --control"):
        mod.main([str(files["n2"]), "--control", str(files["n1"])])
    broken = tmp_path / "broken.log"
    broken.write_text("game 1: net as lw: x\n{\"net_score\": 1, \"games\"", encoding="utf-8")
    with pytest.raises(SystemExit, match=r"broken\.log: no learning\.py report"):
        mod.main([str(broken)])
    with pytest.raises(SystemExit, match="share no game"):
        mod.main([str(files["n1"]), "--control", str(files["c2"])])
    # a set given twice (added twice to the total, once to the pairs) is refused
    with pytest.raises(SystemExit, match=r"runs of --seed 1 are given twice"):
        mod.main([str(files["n1"]), str(files["n1"])])
    # one experiment only: another game, budget or network is refused (a batch audit: an
    # sfe report of another network at 5 s a decision was pooled)
    for name, over, words in (("g", {"game": "sfe"}, "its game is 'sfe'"),
                              ("t", {"seconds_per_decision": 5.0}, "seconds_per_decision"),
                              ("m", {"net": "net:other.pt,seconds=0.1"}, "different bots")):
        odd = tmp_path / f"{name}.log"
        odd.write_text(_learning_report(3, False, [1, 0], **over), encoding="utf-8")
        with pytest.raises(SystemExit, match=words):
            mod.main([str(files["n1"]), str(odd)])
    # one experiment written two ways is one: the default scenario unnamed, and the same
    # model by its name and by a path
    same = tmp_path / "same.log"
    same.write_text(_learning_report(3, False, [1, 0], scenario=None,
                                     net="net:/models/eit2-1920.pt,seconds=0.1"),
                    encoding="utf-8")
    assert mod.main([str(files["n1"]), str(same), "--json"]) == 0


def test_teacher_games_keeps_every_finished_game_and_they_load(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``teacher_games.py``: game ``i`` of ``--seed`` is the same game whatever ``--jobs``
    (the file's order is the order games ended), each line is a kept game that ``warroom
    train --games`` replays, a second run appends, and a bad spec is refused up front."""
    pytest.importorskip("torch")
    from warroom.core.rng import derive_seed
    from warroom.sim.train import load_games
    mod = _script("teacher_games")
    game = load_game("eaw1940")
    runs = []
    for jobs in ("1", "2"):
        path = tmp_path / f"jobs{jobs}.games.jsonl.gz"
        assert mod.main(["eaw1940", "--teacher", "ismcts:iterations=4", "--seed", "8",
                         "--games", "3", "--jobs", jobs, "--out", str(path)]) == 0
        out = capsys.readouterr().out.strip().splitlines()
        assert len(out) == 4 and all(x.startswith("game ") for x in out[:3])
        assert json.loads(out[-1])["games"] == 3
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            lines = sorted((json.loads(x) for x in fh), key=lambda x: x["seed"])
        assert {x["seed"] for x in lines} == {derive_seed(8, i) for i in range(3)}
        assert all(x["teacher"] == "ismcts:iterations=4" for x in lines)
        samples, n = load_games(game, None, [path])
        assert n == 3 and len(samples) == sum(len(x["moves"]) for x in lines)
        runs.append(lines)
    assert runs[0] == runs[1]
    mod.main(["eaw1940", "--teacher", "ismcts:iterations=4", "--seed", "9", "--games", "1",
              "--out", str(tmp_path / "jobs1.games.jsonl.gz")])
    assert load_games(game, None, [tmp_path / "jobs1.games.jsonl.gz"])[1] == 4
    capsys.readouterr()
    with pytest.raises(SystemExit):
        mod.main(["eaw1940", "--teacher", "nosuchbot", "--seed", "1",
                  "--out", str(tmp_path / "x.gz")])
    assert "unknown bot 'nosuchbot'" in capsys.readouterr().err
    assert not (tmp_path / "x.gz").exists()


def test_prune_games_keeps_what_replays_and_refuses_what_is_not_a_kept_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``prune_games.py GAME FILE...``: per file, the games kept and, per game dropped,
    where it stopped fitting; a file that is not kept games of GAME is refused (exit 1)
    and left as it was, and the other files are still pruned."""
    mod = _script("prune_games")
    kept_file = sorted((ROOT / "benchmarks" / "games").glob("eit2-1920-*.games.jsonl.gz"))[0]
    with gzip.open(kept_file, "rt", encoding="utf-8") as fh:
        line = json.loads(fh.readline())
    stale = json.loads(json.dumps(line))
    stale["moves"][0][0] = "no:such-action"
    games = tmp_path / "g.games.jsonl.gz"
    with gzip.open(games, "wt", encoding="utf-8") as fh:
        fh.write(json.dumps(stale) + "\n" + json.dumps(line) + "\n")
    foreign = tmp_path / "f.jsonl"
    foreign.write_text(json.dumps({**line, "game": "sfe"}) + "\n", encoding="utf-8")
    assert mod.main(["eit2", str(foreign), str(games)]) == 1
    out, err = capsys.readouterr()
    assert "not a kept game of eit2" in err and f"{games}: kept 1 of 2 games" in out
    assert "dropped: " in out and "line 1: decision 1" in out
    assert foreign.read_text(encoding="utf-8") == json.dumps({**line, "game": "sfe"}) + "\n"
    with gzip.open(games, "rt", encoding="utf-8") as fh:
        assert [json.loads(x) for x in fh] == [line]


def test_teacher_games_checks_everything_before_the_first_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A bad game, teacher spec or --out is refused in words before any game is played (a
    batch audit: an unwritable --out was found after the first game, as a traceback)."""
    mod = _script("teacher_games")
    blocker = tmp_path / "file"
    blocker.write_text("")
    other = tmp_path / "eit2.games.jsonl"     # kept games of another game
    other.write_text(json.dumps({"format": "warroom-games/1", "game": "eit2",
                                 "scenario": "1920", "seed": 1, "moves": []}) + "\n")
    for argv, words in ((["nogame", "--teacher", "random"], "unknown game 'nogame'"),
                        (["eaw1940", "--teacher", "foo"], "unknown bot 'foo'"),
                        (["eaw1940", "--teacher", "net:eit2-1920"],
                         "trained for eit2, not eaw1940"),
                        (["eaw1940", "--teacher", "random", "--out", str(other)],
                         "a game of eit2 1920, not eaw1940"),
                        (["eaw1940", "--teacher", "random", "--out", str(blocker / "x.gz")],
                         "cannot write --out")):
        if "--out" not in argv:
            argv = [*argv, "--out", str(tmp_path / "t.games.jsonl.gz")]
        with pytest.raises(SystemExit) as exc:
            mod.main([*argv, "--seed", "1", "--games", "1"])
        assert exc.value.code == 2 and words in capsys.readouterr().err
    assert not (tmp_path / "t.games.jsonl.gz").exists()


def test_learning_checks_its_model_before_the_first_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A missing model, or one of another game, is refused in words before any game (a
    batch audit: a traceback after the first game); net:NAME names a shipped model."""
    mod = _script("learning")
    models = ROOT / "src" / "warroom" / "ai" / "models"
    for model, words in ((str(tmp_path / "nofile.pt"), "no model file"),
                         (str(models / "eaw1940.pt"), "trained for eaw1940, not eit2")):
        with pytest.raises(SystemExit):
            mod.main(["eit2", "--model", model, "--games", "1", "--seconds", "0.01"])
        assert words in capsys.readouterr().err
    # and its other arguments (a learning audit: --games 0 divided by zero; an unknown
    # scenario, a missing or empty --log were tracebacks; --jobs 0 was taken)
    empty = tmp_path / "empty.log.jsonl"
    empty.write_text("")
    for extra, words in ((["--games", "0"], "--games and --jobs must be 1 or more"),
                         (["--jobs", "0"], "--games and --jobs must be 1 or more"),
                         (["--scenario", "nope"], "eaw1940 has no scenario 'nope'"),
                         (["--log", str(tmp_path / "nothere.jsonl")], "cannot read"),
                         (["--log", str(empty)], "is not a training log")):
        with pytest.raises(SystemExit):
            mod.main(["eaw1940", "--model", "net:eaw1940", "--seconds", "0.01", *extra])
        assert words in capsys.readouterr().err, extra


def test_salvage_games_keeps_each_game_up_to_its_first_difference(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``salvage_games.py``: a game that replays whole today is left as it is, one that
    does not is kept up to the first decision at which the old rules' state or menu
    differs from today's (``--loose`` keys may differ only in the opening), and what it
    writes loads as prefixes."""
    pytest.importorskip("torch")
    from warroom.sim.train import PREFIX, load_games
    mod = _script("salvage_games")
    first = mod.first_difference
    same = [{"a": "1", "b": "2"}] * 4
    assert first(same, same) == (4, [])
    moved = [*same[:2], {"a": "1", "b": "9"}, same[3]]
    assert first(same, moved) == (2, ["b"])
    assert first(same, same[:3]) == (3, [])
    opening = [{"a": "0", "b": "2"}, {"a": "0", "b": "2"}, *same[2:]]
    assert first(opening, same) == (0, ["a"])
    assert first(opening, same, ("a",)) == (4, [])
    late = [*same[:3], {"a": "0", "b": "2"}]    # loose only until it agrees once
    assert first(late, same, ("a",)) == (3, ["a"])
    assert first([{"a": "0", "b": "0"}], [{"a": "1", "b": "1"}], ("a",)) == (0, ["a", "b"])

    kept_file = ROOT / "benchmarks" / "games" / "eit2-1920-ismcts3000-seed20.games.jsonl.gz"
    with gzip.open(kept_file, "rt", encoding="utf-8") as fh:
        line = json.loads(fh.readline())
    changed = {**line, "returns": [-x for x in line["returns"]]}   # today ends otherwise
    old_file = tmp_path / "old.games.jsonl.gz"
    with gzip.open(old_file, "wt", encoding="utf-8") as fh:
        fh.writelines(json.dumps(x) + "\n" for x in (line, changed, changed, changed,
                                                       changed))
    today = mod.fingerprints("eit2", line)
    assert today["whole"] and len(today["fps"]) == len(line["moves"])
    at7 = json.loads(json.dumps(today["fps"]))
    at7[7]["sp"] = "another"
    at0 = json.loads(json.dumps(today["fps"]))
    at0[0]["@legal"] = "another"
    olds = {(str(old_file), 0): today, (str(old_file), 1): {"fps": at7, "whole": True},
            (str(old_file), 2): {"fps": today["fps"], "whole": False},
            (str(old_file), 3): {"fps": at0, "whole": True},
            # every decision alike, only the result not: all but the last decision (the
            # run died on it and wrote nothing: a review)
            (str(old_file), 4): {"fps": today["fps"], "whole": True}}
    monkeypatch.setattr(mod, "_old_fingerprints", lambda *_a: olds)
    monkeypatch.setattr(mod.subprocess, "run", lambda *a, **k: type(
        "Done", (), {"stdout": "abc1234\n"})())
    out_file = tmp_path / "prefixes.games.jsonl.gz"
    assert mod.main(["eit2", str(old_file), "--commit", "abc1234", "--out",
                     str(out_file)]) == 0
    out = capsys.readouterr().out
    assert "line 1: replays whole today; left out" in out
    assert "line 2: 7 of 274 decisions kept (then sp differ)" in out
    assert "line 3: does not replay whole at abc1234; left out" in out
    assert "line 4: differs at its first decision (@legal); left out" in out
    assert "line 5: 273 of 274 decisions kept" in out
    assert "2 prefixes, 280 of the 1370 decisions" in out
    with gzip.open(out_file, "rt", encoding="utf-8") as fh:
        written = [json.loads(x) for x in fh]
    assert written[0] == {**changed, "moves": line["moves"][:7],
                          PREFIX: {"of": 274, "commit": "abc1234"}}
    assert len(written) == 2 and len(written[1]["moves"]) == 273
    samples, n = load_games(load_game("eit2"), "1920", [out_file])
    assert n == 2 and len(samples) == 280


@pytest.mark.skipif(not (ROOT / ".git").exists(), reason="needs the git repository")
def test_salvage_games_replays_under_the_code_of_a_commit(tmp_path: Path) -> None:
    """The old rules run from a temporary git worktree of the commit, in a subprocess;
    the worktree is gone afterwards."""
    mod = _script("salvage_games")
    kept_file = ROOT / "benchmarks" / "games" / "eit2-1920-ismcts3000-seed20.games.jsonl.gz"
    with gzip.open(kept_file, "rt", encoding="utf-8") as fh:
        line = json.loads(fh.readline())
    one = tmp_path / "one.games.jsonl.gz"
    with gzip.open(one, "wt", encoding="utf-8") as fh:
        fh.write(json.dumps(line) + "\n")
    old = mod._old_fingerprints("eit2", "HEAD", [one])
    assert list(old) == [(str(one), 0)]
    assert old[(str(one), 0)]["whole"]
    assert len(old[(str(one), 0)]["fps"]) == len(line["moves"]) == 274
    assert "warroom-salvage-" not in mod.subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "list"], capture_output=True, text=True,
        check=True).stdout


def test_sfe_calibration_keeps_a_pack_under_set_and_an_earlier_runs_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An audit of batches with packs: ``--set`` copied the bundled files alone, so the
    ``--content`` pack given with it was ignored while the results named it; an ``--out``
    holding an earlier run's games was replaced without a word; a broken pack gave a
    traceback."""
    mod = _script("sfe_calibration")
    pack = tmp_path / "pack"
    shutil.copytree(Path(mod.BUNDLED), pack)
    text = (pack / "map.yaml").read_text(encoding="utf-8")
    (pack / "map.yaml").write_text(text.replace("vp: 5,", "vp: 4,", 1), encoding="utf-8")
    patched = Path(mod.patched_content(["usa_entry.sp3=2"], str(pack)))
    try:
        assert (patched / "map.yaml").read_text(encoding="utf-8") == \
            (pack / "map.yaml").read_text(encoding="utf-8")
    finally:
        shutil.rmtree(patched)
    out = tmp_path / "out.jsonl"
    out.write_text('{"index": 0}\n', encoding="utf-8")
    with pytest.raises(SystemExit):
        mod.main(["--games", "1", "--out", str(out)])
    assert "holds an earlier run's games" in capsys.readouterr().err
    assert out.read_text(encoding="utf-8") == '{"index": 0}\n'
    (pack / "setup.yaml").write_text("usa_entry: [\n", encoding="utf-8")
    with pytest.raises(SystemExit):
        mod.main(["--games", "1", "--content", str(pack)])
    err = capsys.readouterr().err
    assert "--content" in err and "not valid YAML" in err and "Traceback" not in err
