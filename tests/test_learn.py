"""The learning AI (issue 16): network files, the guide, training steps, a tiny run."""

from __future__ import annotations

import gzip
import json
import math
import random
import shutil
from collections import deque
from pathlib import Path
from typing import Any

import pytest

torch = pytest.importorskip("torch")

from warroom.ai import make_bot  # noqa: E402
from warroom.ai.ismcts import ISMCTSBot  # noqa: E402
from warroom.ai.net import (  # noqa: E402
    NetGuide,
    encode,
    load_model,
    new_model,
    save_model,
)
from warroom.core.errors import ContentError, UnknownGameError, WarroomError  # noqa: E402
from warroom.core.protocol import apply, determinize, legal_actions, new_game, result  # noqa: E402
from warroom.core.rng import Rng, derive_seed  # noqa: E402
from warroom.games import load_game  # noqa: E402
from warroom.sim import train as training  # noqa: E402
from warroom.sim.stats import elo_difference  # noqa: E402


def test_saved_model_answers_like_the_original(tmp_path: Path) -> None:
    game = load_game("eit2")
    st = new_game(game, seed=3)
    net = new_model(game, hidden=64, blocks=1, seed=5)
    path = save_model(net, tmp_path / "sub" / "m.pt")       # parents are created
    again = load_model(path, game)
    legal = [a.id for a in legal_actions(st)]
    p1, v1 = NetGuide(net).evaluate(st, legal)
    p2, v2 = NetGuide(again).evaluate(st, legal)
    # weights are stored in float16: equal to a few decimals
    assert p1 == pytest.approx(p2, abs=2e-3)
    assert v1 == pytest.approx(v2, abs=2e-3)
    assert sum(p1) == pytest.approx(1.0)
    assert len(p1) == len(legal)
    assert set(v1) == set(game.roles)
    assert path.stat().st_size < 5_000_000


def test_model_refuses_another_game_and_bad_files(tmp_path: Path) -> None:
    eit2, sfe = load_game("eit2"), load_game("sfe")
    path = save_model(new_model(eit2, hidden=32, blocks=1), tmp_path / "m.pt")
    with pytest.raises(ContentError, match="trained for eit2, not sfe"):
        load_model(path, sfe)
    junk = tmp_path / "junk.pt"
    junk.write_bytes(b"not a model")
    with pytest.raises(ContentError, match="not a warroom model"):
        load_model(junk)
    with pytest.raises(ContentError, match="no model file"):
        load_model(tmp_path / "missing.pt")
    # a model of an earlier version under warroom's own content: train it again (the advice
    # to play it without --content was given with no --content: a review)
    from warroom.ai.net import ModelInfo
    info = ModelInfo(game="eit2", obs_size=eit2.observation_size() - 3,
                     n_actions=len(eit2.catalogue), roles=list(eit2.roles))
    with pytest.raises(ContentError, match=r"train it again for this version \(warroom train"):
        info.check(eit2)


def test_a_model_refuses_a_pack_that_orders_its_actions_otherwise(tmp_path: Path) -> None:
    """The same sizes in another order (two spaces of eit2's map swapped) is refused: the
    policy's outputs would name other moves (an audit played the shipped model on such a
    pack, silently); a model saved without a digest is held to the bundled pack's order."""
    bundled = Path(__file__).parent.parent / "src/warroom/games/eit2/content"
    pack = tmp_path / "pack"
    pack.mkdir()
    text = (bundled / "map.yaml").read_text(encoding="utf-8")
    start = text.index("\n  - name: ", text.index("\nspaces:"))
    second = text.index("\n  - name: ", start + 1)
    third = text.index("\n  - name: ", second + 1)
    (pack / "map.yaml").write_text(text[:start] + text[second:third] + text[start:second]
                                   + text[third:], encoding="utf-8")
    swapped = load_game("eit2", pack)
    eit2 = load_game("eit2")
    assert len(swapped.catalogue) == len(eit2.catalogue)
    assert [a.key for a in swapped.catalogue] != [a.key for a in eit2.catalogue]
    path = save_model(new_model(eit2, hidden=32, blocks=1), tmp_path / "m.pt")
    load_model(path, eit2)
    with pytest.raises(ContentError,
                       match=r"actions .* in another order.*play it without --content"):
        load_model(path, swapped)
    shipped = Path(__file__).parent.parent / "src/warroom/ai/models/eit2-1920.pt"
    assert load_model(shipped, eit2).info.catalogue == ""       # saved before digests
    with pytest.raises(ContentError, match="another order"):
        load_model(shipped, swapped)


def test_train_refuses_odd_evaluations_of_two_players_and_a_game_without_a_winner(
        tmp_path: Path) -> None:
    """An odd --eval-games gave one seat more games (with 1, the candidate only ever played
    LW, the side 1920 favours), and tk's returns are all 0: both are refused before
    anything is written (an audit)."""
    with pytest.raises(UnknownGameError, match="--eval-games must be even in a two-player"):
        training.train(training.TrainConfig(game="eit2", out=tmp_path / "e.pt",
                                            eval_games=3, max_rounds=1, minutes=0))
    with pytest.raises(UnknownGameError, match="tk has no winner"):
        training.train(training.TrainConfig(game="tk", out=tmp_path / "t.pt",
                                            eval_games=2, max_rounds=1, minutes=0))
    assert not list(tmp_path.iterdir())


def test_a_second_run_on_the_same_out_is_refused_while_the_first_writes(
        tmp_path: Path) -> None:
    """Two runs had written one --out at once (the kept games of a round twice: an audit):
    while one holds OUT.lock, another is refused, and the lock goes with the run."""
    cfg = training.TrainConfig(game="eaw1940", seed=2, out=tmp_path / "m.pt", iterations=2,
                               games_per_round=1, eval_games=1, eval_iterations=2,
                               steps_per_round=2, batch=8, hidden=16, blocks=1,
                               max_rounds=1, minutes=0)
    with training.run_lock(cfg):
        with pytest.raises(ContentError, match="another warroom train is writing to"):
            training.train(cfg)
        assert not (tmp_path / "m.pt").exists()
    training.train(cfg)
    assert (tmp_path / "m.pt").exists() and not (tmp_path / "m.pt.lock").exists()


def test_a_lock_file_removed_under_a_run_is_not_taken_for_the_lock(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A run that opened OUT.lock just before the run holding it ended (and removed it)
    locked a file no other run would open, while a third run locked a new OUT.lock: two
    runs wrote one --out (a code review). The lock taken must still be the file OUT.lock
    names: here the file is replaced, and locked by another run, between the open and the
    lock, so this run is refused."""
    import fcntl
    cfg = training.TrainConfig(game="eaw1940", out=tmp_path / "m.pt")
    path = tmp_path / "m.pt.lock"
    real = fcntl.flock
    other: list[Any] = []

    def racing(fd: int, op: int) -> None:
        real(fd, op)
        if not other:                   # the first run ends, a third one starts
            path.unlink()
            other.append(path.open("w"))
            real(other[0].fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    monkeypatch.setattr(training.fcntl, "flock", racing)
    try:
        with (pytest.raises(ContentError, match="another warroom train is writing to"),
              training.run_lock(cfg)):
            pass
    finally:
        other[0].close()


def test_the_input_holds_no_hidden_information() -> None:
    """Twin states that differ only in what the acting role cannot see encode alike."""
    for gid in ("eit2", "sfe"):
        game = load_game(gid)
        st = new_game(game, seed=11)
        role = st.active
        assert role is not None
        a = determinize(st, role, Rng(1))
        b = determinize(st, role, Rng(2))
        assert encode(game, a, role) == encode(game, b, role)


def _buffer(game_id: str, n: int) -> deque[training.Sample]:
    """Samples with a learnable pattern: the policy target is the first legal action."""
    game = load_game(game_id)
    out: deque[training.Sample] = deque()
    rng = Rng(7)
    for seed in range(n):
        st = new_game(game, seed=seed)
        while st.active is not None and len(out) < n:
            legal = legal_actions(st)
            if len(legal) > 1:
                pol = [1.0] + [0.0] * (len(legal) - 1)
                out.append(training.Sample(encode(game, st, st.active), [a.id for a in legal],
                                           pol, game.roles.index(st.active),
                                           [1.0 if i == 0 else -1.0
                                            for i in range(len(game.roles))]))
            apply(st, legal[rng.randbelow(len(legal))])
        if len(out) >= n:
            break
    return out


def test_training_steps_lower_the_losses() -> None:
    game = load_game("eit2")
    torch.manual_seed(0)
    net = new_model(game, hidden=64, blocks=1, seed=0)
    opt = torch.optim.AdamW(net.parameters(), lr=3e-3)
    buf = _buffer("eit2", 64)
    first = training._train_steps(net, opt, buf, 60, 32, random.Random(0), "cpu")
    assert first["policy_loss"] < first["policy_loss_first"]
    assert first["value_loss"] < first["value_loss_first"]


def test_held_out_scores_a_network_on_games_it_has_not_seen() -> None:
    """A network that learnt a pattern beats the uniform guess on new positions with it;
    an untrained one does not; the baselines are those of a uniform guess."""
    game = load_game("eit2")
    buf = list(_buffer("eit2", 160))
    train_part, new_part = deque(buf[:120]), buf[120:]
    torch.manual_seed(0)
    net = new_model(game, hidden=64, blocks=1, seed=0)
    before = training.held_out(net, new_part, "cpu")
    n_legal = [len(s.legal) for s in new_part]
    assert before["positions"] == len(new_part)
    assert before["uniform_policy_loss"] == pytest.approx(
        sum(math.log(n) for n in n_legal) / len(n_legal), rel=1e-5)
    assert before["uniform_top1"] == pytest.approx(
        sum(1 / n for n in n_legal) / len(n_legal), rel=1e-5)
    assert before["target_entropy"] == pytest.approx(0.0, abs=1e-6)   # one-hot targets
    opt = torch.optim.AdamW(net.parameters(), lr=3e-3)
    training._train_steps(net, opt, train_part, 150, 32, random.Random(0), "cpu")
    after = training.held_out(net, new_part, "cpu")
    # the pattern (the first legal action) carries over to positions never trained on
    assert after["policy_loss"] < after["uniform_policy_loss"]
    assert after["policy_loss"] < before["policy_loss"]
    assert after["top1"] > max(before["top1"], after["uniform_top1"])
    assert after["p_best"] > before["p_best"]
    assert training.held_out(net, [], "cpu") == {}


def test_a_tiny_training_run_end_to_end(tmp_path: Path) -> None:
    """Seconds of training on CPU: the log shows the rounds, the model loads and plays."""
    out = tmp_path / "eaw.pt"
    cfg = training.TrainConfig(game="eaw1940", seed=1, out=out, iterations=4,
                               games_per_round=2, eval_games=1, eval_iterations=4,
                               steps_per_round=20, batch=32, hidden=32, blocks=1,
                               max_rounds=2, minutes=0, temperature_moves=5)
    last = training.train(cfg)
    lines = [json.loads(x) for x in training.log_path(cfg).read_text().splitlines()]
    assert [x["round"] for x in lines] == [0, 1]
    assert last["games"] == 4 and last["samples"] > 0
    for x in lines:     # training lowered the losses on the data it trained on
        assert x["policy_loss"] < x["policy_loss_first"]
        assert x["value_loss"] < x["value_loss_first"]
        # and each round's new games were scored before the network trained on them
        assert x["fresh"]["positions"] > 0
        assert x["fresh"]["uniform_policy_loss"] > 0
    game = load_game("eaw1940")
    net = load_model(out, game)
    assert net.info.games == 4 or net.info.games == 2
    bot = make_bot(f"net:{out}", seed=3)
    st = new_game(game, seed=5)
    for _ in range(20):
        if st.active is None:
            break
        apply(st, bot.choose(st))
    assert st.active is not None or result(st) is not None


def test_training_report_plots_the_curve(tmp_path: Path) -> None:
    from warroom.sim.training_report import best_elo, is_training_log, write_training_report

    log = tmp_path / "m.log.jsonl"
    rounds: list[dict[str, object]] = []
    for i, (rate, acc) in enumerate([(0.25, False), (0.75, True), (0.5, False), (0.7, True)]):
        rounds.append({"round": i, "seconds": 60.0 * (i + 1), "games": 8 * (i + 1),
                       "steps": 100 * (i + 1), "samples": 500, "policy_loss": 2.0 - i / 10,
                       "value_loss": 0.5, "accepted": acc,
                       "eval": {"games": 8, "score": 8 * rate, "win_rate": rate,
                                "low": rate - 0.2, "high": rate + 0.2,
                                "elo": elo_difference(rate)}})
    # rounds 0-2 are as a log written before the held-out check (no "fresh") has them
    rounds[3]["fresh"] = {"policy_loss": 2.345, "uniform_policy_loss": 2.5}
    log.write_text("".join(json.dumps(r) + "\n" for r in rounds))
    assert is_training_log(log)
    elo = best_elo(rounds)
    assert elo[0] == 0 and elo[1] == pytest.approx(190.8, abs=0.5) and elo[2] == elo[1]
    page = write_training_report(log, tmp_path / "rep")
    text = page.read_text()
    assert "4 rounds" in text and "2 candidate(s) accepted" in text
    assert "| 2.345 (2.500) |" in text and "| - |" in text
    assert "runs ahead of the truth" in text and "--anchor-every" in text
    # rounds with an anchor: what the best scored against generation 0 on its own deals
    rounds[1]["anchor"] = {"games": 16, "score": 9.0, "win_rate": 0.5625, "low": 0.33,
                           "high": 0.77, "elo": elo_difference(0.5625)}
    log.write_text("".join(json.dumps(r) + "\n" for r in rounds))
    text = write_training_report(log, tmp_path / "rep").read_text()
    assert "| 56% [33%, 77%] of 16 |" in text
    assert "at round 1, the best network scored 56% [33%, 77%] of 16 (+44 Elo)" in text
    assert (tmp_path / "rep" / "training.png").stat().st_size > 10_000
    # one round, whose candidate scored a hair under half: "1 round", "+0 Elo" (the page
    # said "1 rounds" and "-0 Elo": a learning audit)
    one = {**rounds[0], "accepted": True,
           "eval": {**rounds[0]["eval"], "win_rate": 0.4995, "low": 0.3, "high": 0.7,
                    "elo": elo_difference(0.4995)}}
    log.write_text(json.dumps(one) + "\n")
    text = write_training_report(log, tmp_path / "rep1").read_text()
    assert "1 round in" in text and "+0 Elo from generation 0" in text, text
    assert "-0" not in text
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"index": 0}\n')
    assert not is_training_log(bad)
    with pytest.raises(ContentError, match="not a training-log line"):
        write_training_report(bad, tmp_path / "rep2")


def test_the_anchor_plays_the_best_network_against_generation_zero(
        tmp_path: Path) -> None:
    """Every ``anchor_every`` rounds the log has the best network's score against the
    hand-evaluation search on deals of their own (not the evaluation's), and the anchor
    changes nothing of the run itself."""
    first = tmp_path / "first.pt"
    base = dict(game="eaw1940", seed=3, iterations=3, games_per_round=2, eval_games=2,
                eval_iterations=3, steps_per_round=5, batch=16, hidden=32, blocks=1,
                max_rounds=1, minutes=0, temperature_moves=5)
    training.train(training.TrainConfig(out=first, **base))   # type: ignore[arg-type]
    runs = {}
    for every in (0, 2):
        out = tmp_path / f"a{every}" / "m.pt"
        cfg = training.TrainConfig(out=out, init=first, anchor_every=every,
                                   **{**base, "max_rounds": 3})  # type: ignore[arg-type]
        training.train(cfg)
        runs[every] = [json.loads(x) for x in training.log_path(cfg).read_text().splitlines()]
    assert [("anchor" in x) for x in runs[2]] == [False, True, False]
    assert not any("anchor" in x for x in runs[0])
    anchor = runs[2][1]["anchor"]
    assert anchor["games"] == 2 and 0 <= anchor["low"] <= anchor["win_rate"] <= anchor["high"]
    assert anchor["elo"] == pytest.approx(elo_difference(anchor["win_rate"]))
    for a, b in zip(runs[0], runs[2], strict=True):       # the same run otherwise
        assert a["eval"] == b["eval"] and a["policy_loss"] == b["policy_loss"]
    # the anchor's deals are its own: another stream than the round's evaluation, and
    # neither meets the self-play deals (evaluation deals once were self-play deals of
    # round 10 on)
    assert training.ANCHOR_SEEDS != training.EVAL_SEEDS
    play = {training.self_play_seed(4, r, i) for r in range(400) for i in range(32)}
    for stream in (training.EVAL_SEEDS, training.ANCHOR_SEEDS):
        deals = {training.deal_seed(4, stream, r, i) for r in range(400) for i in range(32)}
        assert len(deals) == 400 * 32 and not deals & play


def test_elo_difference() -> None:
    assert elo_difference(0.5) == pytest.approx(0.0)
    assert elo_difference(0.76) == pytest.approx(200, abs=2)


def test_warroom_train_command(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from warroom.cli.main import app

    out = tmp_path / "m.pt"
    runner = CliRunner()
    res = runner.invoke(app, ["train", "eaw1940", "--rounds", "1", "--games-per-round", "1",
                              "--eval-games", "1", "--iterations", "2", "--hidden", "16",
                              "--steps-per-round", "5", "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert "round 0:" in res.output and str(out) in res.output
    assert load_model(out).info.command.startswith("warroom ")
    res = runner.invoke(app, ["train", "eaw1940", "--rounds", "2", "--games-per-round", "1",
                              "--eval-games", "1", "--iterations", "2", "--hidden", "16",
                              "--steps-per-round", "5", "--out", str(out), "--resume"])
    assert res.exit_code == 0, res.output
    assert "round 1:" in res.output and "round 0:" not in res.output
    bad = runner.invoke(app, ["train", "eaw1940", "--rounds", "2", "--iterations", "3",
                              "--hidden", "16", "--out", str(out), "--resume"])
    assert bad.exit_code == 2 and "other settings" in bad.output
    bad = runner.invoke(app, ["train", "eaw1940", "--jobs", "0", "--out", str(out)])
    assert bad.exit_code == 2 and "must be 1 or more" in bad.output
    bad = runner.invoke(app, ["train", "eaw1940", "--scenario", "nope", "--rounds", "1",
                              "--out", str(tmp_path / "x.pt")])
    assert bad.exit_code == 2 and "no scenario" in bad.output
    bad = runner.invoke(app, ["train", "eaw1940", "--teacher", "nobody", "--rounds", "1",
                              "--out", str(tmp_path / "y.pt")])
    assert bad.exit_code == 2 and "unknown bot 'nobody'" in bad.output
    assert not (tmp_path / "y.pt").exists()
    # no time, or an --out that cannot be written: refused before a round is played
    for minutes in ("0", "-1", "nan"):
        bad = runner.invoke(app, ["train", "eaw1940", "--rounds", "1", "--minutes", minutes,
                                  "--out", str(tmp_path / "z.pt")])
        assert bad.exit_code == 2 and "--minutes must be more than 0" in bad.output
    blocker = tmp_path / "plain-file"
    blocker.write_text("")
    bad = runner.invoke(app, ["train", "eaw1940", "--rounds", "1", "--games-per-round", "1",
                              "--iterations", "2", "--out", str(blocker / "m.pt")])
    assert bad.exit_code == 2 and "cannot write --out" in bad.output, bad.output
    assert "Traceback" not in bad.output and "round 0" not in bad.output
    # no suffix: its checkpoint was OUT.ckpt, not the OUT.ckpt.pt the README names
    bad = runner.invoke(app, ["train", "eaw1940", "--rounds", "1", "--games-per-round", "1",
                              "--iterations", "2", "--out", str(tmp_path / "tdir")])
    assert bad.exit_code == 2 and "names no model file" in bad.output, bad.output
    assert not list(tmp_path.glob("tdir*"))
    with pytest.raises(Exception, match="no model file"):
        make_bot(f"net:{tmp_path / 'missing.pt'}")
    with pytest.raises(Exception, match="mix must be in"):
        make_bot(f"net:{out},mix=1.5")
    with pytest.raises(Exception, match="needs model=PATH"):
        make_bot("ismcts:mix=0.5")


def test_the_numpy_forward_pass_equals_the_torch_model() -> None:
    """The search runs a numpy copy of the network: same answers as PyTorch."""
    for gid in ("eit2", "sfe", "eaw1940"):
        game = load_game(gid)
        net = new_model(game, hidden=48, blocks=2, seed=3)
        with torch.no_grad():    # move the norms off their defaults
            for p in net.parameters():
                p.add_(torch.randn_like(p) * 0.05)
        st = new_game(game, seed=2)
        x = encode(game, st, st.active)
        with torch.no_grad():
            logits, values = net(torch.tensor([x]))
        guide = NetGuide(net)
        ids = [a.id for a in legal_actions(st)]
        prior, value = guide.evaluate(st, ids)
        want = torch.softmax(logits[0, ids], dim=0).tolist()
        assert prior == pytest.approx(want, abs=1e-4)
        assert list(value.values()) == pytest.approx(values[0].tolist(), abs=1e-4)
        # at mix 1 the network is a prior only: the value is the hand evaluation's
        hand_only = NetGuide(net, mix=1.0)
        assert hand_only.prior(st, ids) == pytest.approx(want, abs=1e-4)
        assert hand_only.value(st) == {
            r: pytest.approx(math.tanh(game.evaluate(st, r) / 10.0)) for r in game.roles}


def test_the_mixed_value_judges_the_hand_evaluation_from_the_searching_role() -> None:
    """(1 - mix) * network + mix * hand: the hand part is the plain search's judgement, from
    the searching role's side, the other role's its negation (eit2's evaluation is not
    zero-sum: each role judged by its own once gave both roles the lead at once)."""
    game = load_game("eit2")
    net = new_model(game, hidden=48, blocks=2, seed=3)
    st = new_game(game, "1920", 2)
    for _ in range(40):
        apply(st, legal_actions(st)[0])
    me, other = game.roles
    v = math.tanh(game.evaluate(st, me) / 10.0)
    assert NetGuide(net, mix=1.0).value(st, me) == {me: pytest.approx(v),
                                                    other: pytest.approx(-v)}
    half = NetGuide(net, mix=0.5)
    raw = NetGuide(net, mix=0.0).value(st, me)
    got = half.value(st, me)
    assert got[me] == pytest.approx(0.5 * raw[me] + 0.5 * v)
    assert got[other] == pytest.approx(0.5 * raw[other] - 0.5 * v)
    # a search hands the hook its root role: ISMCTS with the hook judges from its side
    bot = make_bot("ismcts:iterations=30", 1)
    assert isinstance(bot, ISMCTSBot)
    seen: list[str] = []

    def hook(state: Any, role: str) -> dict[str, float]:
        seen.append(role)
        return half.value(state, role)
    bot.value = hook
    bot.choose(st)
    assert seen and set(seen) == {st.active}


def test_warroom_report_reads_a_training_log(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from warroom.cli.main import app

    log = tmp_path / "m.log.jsonl"
    log.write_text(json.dumps({"round": 0, "seconds": 30.0, "games": 4, "steps": 50,
                               "samples": 100, "policy_loss": 1.5, "value_loss": 0.4,
                               "accepted": True,
                               "eval": {"games": 4, "score": 3, "win_rate": 0.75,
                                        "low": 0.3, "high": 0.95, "elo": 190.8}}) + "\n")
    res = CliRunner().invoke(app, ["report", str(log), "--out", str(tmp_path / "r")])
    assert res.exit_code == 0, res.output
    assert (tmp_path / "r" / "training.png").is_file()
    assert "+191 Elo" in (tmp_path / "r" / "training.md").read_text()
    # a round's line without its evaluation is a training log still, and an empty file
    # says what to give (a learning audit: "not a game line of warroom simulate", "holds
    # no games")
    bare = tmp_path / "bare.log.jsonl"
    bare.write_text(json.dumps({"round": 0, "steps": 5}) + "\n")
    res = CliRunner().invoke(app, ["report", str(bare), "--out", str(tmp_path / "b")])
    assert res.exit_code != 0 and "warroom simulate" not in res.output, res.output
    empty = tmp_path / "empty.log.jsonl"
    empty.write_text("")
    res = CliRunner().invoke(app, ["report", str(empty), "--out", str(tmp_path / "e")])
    assert res.exit_code != 0 and "or a training log of warroom train" in res.output


def test_the_shipped_eaw1940_model_loads_and_plays() -> None:
    """``net:eaw1940`` names the model shipped with warroom; its card says how it was made."""
    from warroom.ai.models import bundled_models, model_card

    assert "eaw1940" in bundled_models()
    card = model_card("eaw1940")
    assert card["seed"] == 3 and card["trained_by"].startswith("warroom train eaw1940")
    assert bundled_models()["eaw1940"].stat().st_size < 5_000_000
    game = load_game("eaw1940")
    net = load_model(bundled_models()["eaw1940"], game)
    assert net.info.extra["mix"] == card["network"]["mix"]
    bot = make_bot("net:eaw1940,iterations=8", seed=1)
    st = new_game(game, seed=2)
    for _ in range(15):
        if st.active is None:
            break
        apply(st, bot.choose(st))
    assert st.data["decisions"] > 0


def test_the_shipped_eit2_model_plays_with_its_cards_settings() -> None:
    """``net:eit2-1920`` is shipped with the command that trained it, and plays with the
    search settings it was measured with (its card's ``play``: the prior at the root
    only); a spec's own parameters win over the card's."""
    from warroom.ai.models import bundled_models, model_card

    card = model_card("eit2-1920")
    assert card["seed"] == 40 and card["trained_by"].startswith("warroom train eit2 --scenario "
                                                               "1920")
    # it was trained on kept games that shipped with the repository, so the command reruns
    # at the commit the card names; a file a rules fix has since emptied is named in
    # benchmarks/games/README.md, with the commit that holds it
    games = [w for a, w in zip(card["trained_by"].split(), card["trained_by"].split()[1:],
                               strict=False) if a == "--games"]
    assert games and games == card["games_files"]
    root = Path(__file__).resolve().parents[1]
    kept = (root / "benchmarks" / "games" / "README.md").read_text(encoding="utf-8")
    assert all((root / g).is_file() or f"`{Path(g).name}`" in kept for g in games)
    assert any((root / g).is_file() for g in games)
    assert card["play"] == {"prior_depth": 1}
    assert bundled_models()["eit2-1920"].stat().st_size < 5_000_000
    game = load_game("eit2")
    net = load_model(bundled_models()["eit2-1920"], game)
    assert net.info.scenario == "1920" and net.info.extra["mix"] == 1.0
    bot = make_bot("net:eit2-1920,iterations=8", seed=1)
    assert isinstance(bot, ISMCTSBot) and bot.prior_depth == 1 and bot.puct
    assert make_bot("net:eit2-1920,iterations=8,prior_depth=2", seed=1).prior_depth == 2
    st = new_game(game, "1920", seed=2)
    for _ in range(12):
        if st.active is None:
            break
        apply(st, bot.choose(st))
    assert st.data["decisions"] > 0


def test_a_shipped_models_card_naming_a_bad_setting_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A card's ``play`` may set only the search's own parameters, checked and typed like a
    spec's: a wrong one is a clear error, not a silently different bot."""
    from warroom.ai import models

    save_model(new_model(load_game("eaw1940"), hidden=8, blocks=1), tmp_path / "toy.pt")
    monkeypatch.setattr(models, "MODELS_DIR", tmp_path)
    (tmp_path / "toy.json").write_text(json.dumps({"play": {"prior_depth": 2}}))
    assert make_bot("net:toy,iterations=2").prior_depth == 2  # type: ignore[attr-defined]
    for bad, says in (({"depth": 1}, "names 'depth'"), ({"mix": 0.5}, "names 'mix'"),
                      ({"prior_depth": "root"}, "prior_depth needs a whole number")):
        (tmp_path / "toy.json").write_text(json.dumps({"play": bad}))
        with pytest.raises(UnknownGameError, match=says):
            make_bot("net:toy,iterations=2")


def test_training_replaces_a_model_left_by_an_earlier_run(tmp_path: Path) -> None:
    """--out never keeps an earlier run's file, even when no candidate is accepted."""
    out = tmp_path / "m.pt"
    save_model(new_model(load_game("eaw1940"), hidden=8, blocks=1), out)
    cfg = training.TrainConfig(game="eaw1940", seed=2, out=out, iterations=2,
                               games_per_round=1, eval_games=1, eval_iterations=2,
                               steps_per_round=2, batch=8, hidden=16, blocks=1,
                               max_rounds=1, minutes=0, accept=1.01)
    training.train(cfg)
    assert load_model(out).info.hidden == 16


def _tiny(out: Path, rounds: int, **kw: object) -> training.TrainConfig:
    return training.TrainConfig(game="eaw1940", seed=4, out=out, iterations=3,
                                games_per_round=2, eval_games=1, eval_iterations=3,
                                steps_per_round=6, batch=16, hidden=16, blocks=1,
                                max_rounds=rounds, minutes=0, temperature_moves=3,
                                **kw)  # type: ignore[arg-type]


def _weights(path: Path) -> dict[str, list[float]]:
    return {k: v.flatten().tolist() for k, v in load_model(path).state_dict().items()}


def _log(cfg: training.TrainConfig) -> list[dict[str, object]]:
    lines = [json.loads(x) for x in training.log_path(cfg).read_text().splitlines()]
    for x in lines:      # wall-clock figures differ from sitting to sitting
        for k in ("seconds", "selfplay_games_per_s", "train_steps_per_s"):
            x.pop(k)
    return lines


def test_a_resumed_run_is_the_same_run(tmp_path: Path) -> None:
    """--resume: 3 rounds played as 1 + 2 (two sittings, the checkpoint between) give the
    same model, candidate and log as 3 rounds in one go; a stale log line of a round the
    checkpoint does not hold is dropped."""
    whole = _tiny(tmp_path / "a" / "m.pt", 3)
    training.train(whole)
    part = _tiny(tmp_path / "b" / "m.pt", 1)
    training.train(part)
    assert training.checkpoint_path(part).is_file()
    with training.log_path(part).open("a") as fh:   # as if stopped after logging round 1
        fh.write(json.dumps({"round": 1, "stale": True}) + "\n")
    # as if stopped in round 1's evaluation: its games were kept, the checkpoint is round 0's
    kept = training.games_path(part)
    with training.open_games(kept) as fh:
        lines = [json.loads(t) for t in fh if t.strip()]
    with training.open_games(kept, "a") as fh:
        fh.write("".join(json.dumps({**x, "round": 1}) + "\n" for x in lines))
    resumed = _tiny(tmp_path / "b" / "m.pt", 3, resume=True)
    training.train(resumed)
    assert _log(resumed) == _log(whole)
    # each game kept once: round 1's stale games went before it was played again (a batch
    # audit found them twice)
    with training.open_games(training.games_path(whole)) as fh:
        want = [t for t in fh if t.strip()]
    with training.open_games(kept) as fh:
        assert [t for t in fh if t.strip()] == want
    assert [x["round"] for x in _log(resumed)] == [0, 1, 2]
    for name in ("m.pt", "m.candidate.pt"):
        assert _weights(tmp_path / "b" / name) == _weights(tmp_path / "a" / name)


def test_resume_goes_on_past_kept_games_cut_short(tmp_path: Path) -> None:
    """A run killed while appending its kept games leaves a cut-short gzip tail: --resume
    drops it (it belongs to a round after the checkpoint) and keeps what reads, lines
    without a round included (a review: resume refused such a file, and dropped lines
    without a round)."""
    part = _tiny(tmp_path / "m.pt", 1)
    training.train(part)
    kept = training.games_path(part)
    with training.open_games(kept) as fh:
        first = [t for t in fh if t.strip()]
    odd = json.dumps({**json.loads(first[0]), "seed": 12345})
    odd = json.dumps({k: v for k, v in json.loads(odd).items() if k != "round"})
    with training.open_games(kept, "a") as fh:
        fh.write(odd + "\n")
    whole = kept.read_bytes()
    tail = gzip.compress((first[0] * 3).encode())
    kept.write_bytes(whole + tail[:len(tail) // 2])     # a member cut short
    training.train(_tiny(tmp_path / "m.pt", 2, resume=True))
    with training.open_games(kept) as fh:
        now = [t for t in fh if t.strip()]
    assert now[:len(first) + 1] == [*first, odd + "\n"] and len(now) == 2 * len(first) + 1


def test_resume_refuses_another_runs_checkpoint_and_init_starts_from_a_model(
        tmp_path: Path) -> None:
    """--resume with other settings, or without a checkpoint, is refused with what to do;
    --init starts from a model's weights and counts its training."""
    out = tmp_path / "m.pt"
    training.train(_tiny(out, 1))
    with pytest.raises(ContentError, match="other settings: --seed 4"):
        cfg = _tiny(out, 2, resume=True)
        cfg.seed = 5
        training.train(cfg)
    with pytest.raises(ContentError, match="no checkpoint"):
        training.train(_tiny(tmp_path / "other.pt", 2, resume=True))
    with pytest.raises(ContentError, match="give one of them"):
        training.train(_tiny(tmp_path / "x.pt", 1, resume=True, init=out))
    first = load_model(out)
    with pytest.raises(ContentError, match="--hidden 16"):
        cfg = _tiny(tmp_path / "wide.pt", 1, init=out)
        cfg.hidden = 32
        training.train(cfg)
    warm = _tiny(tmp_path / "warm.pt", 1, init=out)
    warm.accept = 0.0               # the candidate is the best: --out holds it
    last = training.train(warm)
    assert last["games"] == first.info.games + 2 and last["accepted"]
    assert load_model(tmp_path / "warm.pt").info.games == first.info.games + 2


def test_init_keeps_the_best_at_out_and_never_writes_over_itself(tmp_path: Path) -> None:
    """A candidate rejected against --init's model is not written to --out (the init model
    is, as the best so far); --init equal to --out is refused; the run's scenario is its
    own, not the model's (a learning audit)."""
    out = tmp_path / "m.pt"
    training.train(_tiny(out, 1))
    with pytest.raises(ContentError, match="is this run's --out"):
        training.train(_tiny(out, 1, init=out))
    cold = _tiny(tmp_path / "cold.pt", 1, init=out)
    cold.accept = 1.01                  # no candidate can pass
    last = training.train(cold)
    assert not last["accepted"]
    assert _weights(tmp_path / "cold.pt") == _weights(out)
    assert training.checkpoint_path(cold).is_file()


def test_resume_reports_a_finished_run_reads_a_torn_log_and_keeps_every_command(
        tmp_path: Path) -> None:
    """Resuming a run that played its --rounds says so (it printed "0 self-play games");
    a damaged log line (a run killed while writing it) is dropped, not a traceback; the
    model keeps this sitting's command and the earlier ones (a learning audit)."""
    out = tmp_path / "m.pt"
    first = _tiny(out, 1)
    first.command = "warroom train eaw1940 --rounds 1"
    training.train(first)
    with pytest.raises(ContentError, match=r"played 1 round\(s\) already, --rounds 1"):
        training.train(_tiny(out, 1, resume=True))
    with training.log_path(first).open("a") as fh:
        fh.write('{"round": 1, "trunc')
    more = _tiny(out, 2, resume=True)
    more.command = "warroom train eaw1940 --rounds 2 --resume"
    training.train(more)
    assert [x["round"] for x in _log(more)] == [0, 1]
    info = load_model(training.checkpoint_path(more).with_name("m.candidate.pt")).info
    assert info.command == "warroom train eaw1940 --rounds 2 --resume"
    assert info.extra["earlier_commands"] == ["warroom train eaw1940 --rounds 1"]


def test_fresh_takes_the_earlier_runs_checkpoint_too(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """--fresh removed the kept games but left the checkpoint and the model: a --fresh run
    stopped in its first round, then --resume, carried the earlier run on over the new
    run's games (a learning audit)."""
    out = tmp_path / "m.pt"
    training.train(_tiny(out, 1))
    ckpt = training.checkpoint_path(_tiny(out, 1))
    assert ckpt.is_file() and out.is_file()

    def stopped(*args: object, **kw: object) -> dict[str, object]:
        raise KeyboardInterrupt          # as if stopped in round 0's evaluation

    monkeypatch.setattr(training, "evaluate", stopped)
    again = _tiny(out, 1, fresh=True)
    again.seed = 9
    with pytest.raises(KeyboardInterrupt):
        training.train(again)
    assert not ckpt.exists() and not out.exists()
    with pytest.raises(ContentError, match="no checkpoint"):
        training.train(_tiny(out, 2, resume=True))


def test_a_teacher_model_of_another_game_is_refused_before_anything_is_written(
        tmp_path: Path) -> None:
    out = tmp_path / "t" / "m.pt"
    with pytest.raises(ContentError, match="trained for eit2, not eaw1940"):
        training.train(_tiny(out, 1, teacher="net:eit2-1920"))
    assert not training.log_path(_tiny(out, 1)).exists()


def test_a_new_run_refuses_an_earlier_runs_files_unless_told_fresh(tmp_path: Path) -> None:
    """The kept games are what a run spends most on: a new run at the same --out is refused
    with the ways on (--resume, --games, --fresh) and nothing written."""
    out = tmp_path / "m.pt"
    training.train(_tiny(out, 1))
    kept = training.games_path(_tiny(out, 1)).read_bytes()
    again = _tiny(out, 1)
    again.seed = 9
    with pytest.raises(ContentError, match=r"belongs to an earlier run.*--resume.*--fresh"):
        training.train(again)
    assert training.games_path(_tiny(out, 1)).read_bytes() == kept
    # stopped in its first round, a run has kept games but no checkpoint: --resume is not
    # offered, since it would find nothing to carry on (a batch audit)
    training.checkpoint_path(_tiny(out, 1)).unlink()
    with pytest.raises(ContentError, match="belongs to an earlier run") as exc:
        training.train(again)
    assert "--resume" not in str(exc.value) and "--fresh" in str(exc.value)
    training.train(_tiny(out, 1, fresh=True))


def test_the_guide_runs_the_network_once_per_distinct_input() -> None:
    """Worlds of one search that differ only in what the acting role cannot see give it the
    same input: the guide answers them from one pass of the network, with the same prior."""
    from warroom.core.protocol import clone

    game = load_game("eit2")
    net = new_model(game, hidden=32, blocks=1, seed=4)
    guide = NetGuide(net)
    passes: list[int] = []
    trunk = guide._fast.trunk

    def counted(x: object) -> object:
        passes.append(1)
        return trunk(x)  # type: ignore[arg-type]

    guide._fast.trunk = counted  # type: ignore[method-assign]
    st = new_game(game, seed=3)
    ids = [a.id for a in legal_actions(st)]
    first = guide.prior(st, ids)
    role = st.active
    assert role is not None
    rng = Rng(9)
    twin = determinize(st, role, rng)      # another deal of the hidden cards
    assert twin.data is not st.data
    assert guide.prior(twin, ids) == first and guide.prior(clone(st), ids) == first
    assert len(passes) == 1
    apply(st, legal_actions(st)[0])        # a new position: a new pass
    guide.prior(st, [a.id for a in legal_actions(st)])
    assert len(passes) == 2


def test_a_prior_only_model_leaves_the_leaves_to_the_search(tmp_path: Path) -> None:
    """At mix 1 the search judges leaves itself, as the hand-evaluation search does (one
    evaluation a leaf, from the searching role's side: eit2's evaluation is not zero-sum,
    so a per-role hook judged differently); below 1 the network's value is a hook."""
    from warroom.ai.net import guided_params

    game = load_game("eit2")
    net = new_model(game, hidden=32, blocks=1, seed=4)
    assert set(guided_params(net, mix=1.0)) == {"algo", "prior"}
    assert set(guided_params(net, mix=0.5)) == {"algo", "prior", "value"}
    net.info.extra["mix"] = 1.0
    path = save_model(net, tmp_path / "m.pt")
    prior_only = make_bot(f"ismcts:model={path},iterations=20", seed=1)
    blended = make_bot(f"ismcts:model={path},mix=0.5,iterations=20", seed=1)
    assert prior_only.value is None and prior_only.prior is not None  # type: ignore[attr-defined]
    assert blended.value is not None  # type: ignore[attr-defined]
    st = new_game(game, seed=5)
    for bot in (prior_only, blended):
        assert bot.choose(st) in legal_actions(st)


def test_a_process_pool_plays_network_bots(tmp_path: Path) -> None:
    """``simulate --jobs 2`` with a ``net:`` bot: the parent has built the bot (PyTorch's
    thread pools running), so its workers must not be forks of it (a forked child hung on
    its first PyTorch call). Run as a child process so that a hang fails the test."""
    import os
    import subprocess
    import sys

    game = load_game("eit2")
    path = save_model(new_model(game, hidden=128, blocks=1, seed=1), tmp_path / "m.pt")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[1] / "src")}
    proc = subprocess.run(
        [sys.executable, "-m", "warroom.cli.main", "simulate", "eit2", "--games", "2",
         "--jobs", "2", "--seed", "4", "--json",
         "--bots", f"net:{path},iterations=2,ismcts:iterations=2"],
        capture_output=True, text=True, env=env, timeout=240)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert json.loads(proc.stdout)["games"] == 2


def test_a_teacher_plays_generation_zero_and_its_choices_are_the_targets() -> None:
    """--teacher: generation 0's games are the named bot's; the policy target is its
    choice (one-hot) when it reports no visits, its visit shares when it does, and the
    game played is the teacher's own (greedy, replayed, chooses the same actions)."""
    samples, summary = training.self_play_game("eaw1940", None, 7, None, 4, 5, 0.0,
                                               "greedy")
    assert samples and summary["samples"] == len(samples)
    assert all(sorted(s.policy)[-1] == 1.0 and sum(s.policy) == 1.0 for s in samples)
    game = load_game("eaw1940")
    st = new_game(game, seed=7)
    bot = make_bot("greedy", seed=derive_seed(7, 1))
    chosen = []
    while st.active is not None:
        legal = legal_actions(st)
        a = legal[0] if len(legal) == 1 else bot.choose(st)
        if len(legal) > 1:
            chosen.append(a.id)
        apply(st, a)
    assert chosen == [s.legal[s.policy.index(1.0)] for s in samples]
    assert all(s.z == summary["returns"] for s in samples)
    searched, _ = training.self_play_game("eaw1940", None, 7, None, 4, 5, 0.0,
                                          "ismcts:iterations=24")
    assert any(max(s.policy) < 1.0 for s in searched)      # visit shares, not one-hot
    assert all(abs(sum(s.policy) - 1.0) < 1e-9 for s in searched)


def test_a_teacher_run_trains_and_hands_over_once_a_candidate_wins(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The teacher plays while the hand evaluation is the best; once a candidate is
    accepted the guided search self-plays. A bad teacher is refused before any game."""
    seen: list[tuple[str | None, str]] = []
    real = training.self_play_game

    def spy(*args: object) -> object:
        seen.append((args[3], args[7]))      # (network, teacher) of each game
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(training, "self_play_game", spy)
    cfg = _tiny(tmp_path / "t.pt", 2, teacher="greedy", accept=0.0)
    last = training.train(cfg)
    assert last["games"] == 4
    assert seen[:2] == [(None, "greedy")] * 2
    assert [t for _net, t in seen[2:]] == ["", ""] and all(n for n, _t in seen[2:])
    with pytest.raises(UnknownGameError):
        training.train(_tiny(tmp_path / "bad.pt", 1, teacher="nobody"))
    assert not (tmp_path / "bad.pt").exists()
    with pytest.raises(ContentError, match="give one of them"):   # a teacher never used
        training.train(_tiny(tmp_path / "init.pt", 1, teacher="greedy",
                             init=tmp_path / "t.pt"))
    assert not (tmp_path / "init.pt").exists()


def test_a_checkpoint_from_before_a_setting_existed_resumes(tmp_path: Path) -> None:
    """A setting added since a checkpoint was written (``teacher``) counts as its default
    there, so older runs still resume; a different value is still refused."""
    out = tmp_path / "m.pt"
    training.train(_tiny(out, 1))
    ckpt = training.checkpoint_path(_tiny(out, 1))
    blob = torch.load(ckpt, weights_only=True)
    del blob["config"]["teacher"]
    torch.save(blob, ckpt)
    with pytest.raises(ContentError, match="teacher '' \\(now 'greedy'\\)"):
        training.train(_tiny(out, 2, resume=True, teacher="greedy"))
    assert training.train(_tiny(out, 2, resume=True))["round"] == 1


def _same_samples(a: list[training.Sample], b: list[training.Sample]) -> None:
    assert len(a) == len(b) and a
    for x, y in zip(a, b, strict=True):
        assert (x.x, x.legal, x.policy, x.role, x.z) == (y.x, y.legal, y.policy, y.role, y.z)


@pytest.mark.parametrize(("game_id", "scenario", "teacher"), [
    ("eaw1940", None, "ismcts:iterations=24"),      # visit shares
    ("eit2", "1920", "random"),                     # one-hot choices, two roles
])
def test_a_kept_game_replays_to_the_samples_it_was_played_with(
        game_id: str, scenario: str | None, teacher: str) -> None:
    """A kept game (its seed and, per decision, the action and the policy target by key)
    replayed through the rules gives exactly the samples of the game as it was played:
    the acting role's input, the legal ids, the target, the role and the returns."""
    samples, summary = training.self_play_game(game_id, scenario, 11, None, 4, 5, 0.0,
                                               teacher)
    game = load_game(game_id)
    line = json.loads(json.dumps(training.game_line(game, scenario, 0, teacher, summary)))
    assert line["scenario"] == (scenario or game.default_scenario)
    assert len(line["moves"]) == len(samples)
    _same_samples(training.replay_game(game, line, "here"), samples)


def test_the_weights_are_the_same_whatever_the_number_of_workers(tmp_path: Path) -> None:
    """A game played in the main process (--jobs 1) once left PyTorch on one thread for
    every later training step, where --jobs 2 trained on the default threads: the float
    sums, and so the weights, differed (an ML audit: by up to 0.05)."""
    before = torch.get_num_threads()
    # wide enough for PyTorch to spread a product over threads
    one, two = (training.TrainConfig(game="eaw1940", seed=9, out=tmp_path / f"{n}.pt",
                                     iterations=8, games_per_round=2, eval_games=2,
                                     eval_iterations=8, steps_per_round=40, max_rounds=2,
                                     minutes=0, anchor_every=0, hidden=256, jobs=jobs)
                for n, jobs in (("one", 1), ("two", 2)))
    training.train(one)
    assert torch.get_num_threads() == before
    training.train(two)
    assert _weights(tmp_path / "one.pt") == _weights(tmp_path / "two.pt")


def test_a_run_keeps_its_games_and_a_new_run_starts_from_them(tmp_path: Path) -> None:
    """Every self-play game of a run goes to MODEL.games.jsonl.gz (a resumed run appends;
    a game kept twice counts once); --games puts their samples into a new run's buffer
    before its first round."""
    first = _tiny(tmp_path / "a.pt", 1)
    training.train(first)
    kept = training.games_path(first)
    assert kept.name == "a.games.jsonl.gz"
    game = load_game("eaw1940")
    samples, n = training.load_games(game, None, [kept])
    assert n == 2 and samples
    training.train(_tiny(tmp_path / "a.pt", 2, resume=True))
    with gzip.open(kept, "rt") as fh:
        lines = [json.loads(x) for x in fh]
    assert [x["round"] for x in lines] == [0, 0, 1, 1]
    twice = tmp_path / "twice.jsonl"          # a round kept twice (stopped, resumed)
    twice.write_text("".join(json.dumps(x) + "\n" for x in lines + lines[2:]))
    assert training.load_games(game, None, [twice])[1] == 4
    same_seed = _tiny(tmp_path / "b.pt", 1, games=(kept,))
    with pytest.raises(ContentError, match=r"--seed 4 is the seed that kept games were "
                       r"played with .*give another --seed"):
        training.train(same_seed)             # it would play those deals again
    new = _tiny(tmp_path / "b.pt", 1, games=(kept,))
    new.seed = 5
    last = training.train(new)
    assert last["loaded_games"] == 4
    everything, _n = training.load_games(game, None, [kept])
    fresh_games, _m = training.load_games(game, None, [training.games_path(new)])
    assert last["samples"] == len(everything) + len(fresh_games)
    from typer.testing import CliRunner

    from warroom.cli.main import app

    res = CliRunner().invoke(app, [
        "train", "eaw1940", "--rounds", "1", "--games-per-round", "1", "--eval-games", "1",
        "--iterations", "2", "--hidden", "16", "--steps-per-round", "2", "--out",
        str(tmp_path / "c.pt"), "--games", str(kept), "--games", str(twice)])
    assert res.exit_code == 0, res.output
    assert "4 kept games loaded" in res.output and "c.games.jsonl.gz" in res.output
    only_kept = _tiny(tmp_path / "d.pt", 1, games=(kept,))
    only_kept.games_per_round = 0
    only = training.train(only_kept)
    assert only["games"] == 0 and only["samples"] == len(everything)
    assert only["policy_loss"] < only["policy_loss_first"]
    nothing = _tiny(tmp_path / "e.pt", 1)
    nothing.games_per_round = 0
    with pytest.raises(ContentError, match="give --games"):
        training.train(nothing)


def test_kept_games_that_do_not_fit_are_refused(tmp_path: Path) -> None:
    """A missing, unreadable or foreign file, a game whose action or result no longer
    replays, --games with --resume, and --games naming the run's own file are refused
    with what is wrong, before the run writes anything."""
    src = _tiny(tmp_path / "src.pt", 1)
    training.train(src)
    with gzip.open(training.games_path(src), "rt") as fh:
        line = json.loads(fh.readline())
    game = load_game("eaw1940")

    def refused(text: str, match: str) -> None:
        bad = tmp_path / "bad.jsonl"
        bad.write_text(text)
        with pytest.raises(ContentError, match=match):
            training.load_games(game, None, [bad])
        out = tmp_path / "never.pt"
        with pytest.raises(ContentError, match=match):
            training.train(_tiny(out, 1, games=(bad,)))
        assert not out.exists() and not training.log_path(_tiny(out, 1)).exists()

    refused("not json\n", "line 1: not JSON")
    refused(json.dumps({"format": "other"}) + "\n", "not a kept game")
    refused(json.dumps({**line, "game": "sfe"}) + "\n", "a game of sfe")
    moved = json.loads(json.dumps(line))
    moved["moves"][0][0] = "no:such-action"
    refused(json.dumps(moved) + "\n", "decision 1 .* does not fit")
    shares = json.loads(json.dumps(line))
    shares["moves"][0][1] = {"no:such-action": 1.0}
    refused(json.dumps(shares) + "\n", "decision 1 .* does not fit")
    lost = json.loads(json.dumps(line))
    lost["returns"] = [x + 5 for x in lost["returns"]]
    refused(json.dumps(lost) + "\n", "replayed, the game ends")
    refused(json.dumps({**line, "moves": line["moves"][:1]}) + "\n", "goes on")
    with pytest.raises(ContentError, match="no file"):
        training.load_games(game, None, [tmp_path / "missing.jsonl"])
    with pytest.raises(ContentError, match="a resumed run has its games"):
        training.train(_tiny(tmp_path / "src.pt", 2, resume=True,
                             games=(training.games_path(src),)))
    with pytest.raises(ContentError, match="kept-games file of this --out"):
        training.train(_tiny(tmp_path / "src.pt", 1, games=(training.games_path(src),)))
    assert training.load_games(game, None, [training.games_path(src)])[1] == 2


def test_pruning_keeps_the_games_that_still_replay(tmp_path: Path) -> None:
    """After a rules change, prune_games drops the kept games that no longer replay and
    keeps the others (the file loads again); a line that is not a kept game of the game
    is refused and the file left byte for byte as it was."""
    src = _tiny(tmp_path / "src.pt", 1)
    training.train(src)
    path = training.games_path(src)
    with gzip.open(path, "rt") as fh:
        good = [json.loads(x) for x in fh if x.strip()]
    assert len(good) == 2
    game = load_game("eaw1940")
    stale = json.loads(json.dumps(good[0]))
    stale["moves"][0][0] = "no:such-action"       # as if a rule had made it illegal
    lost = json.loads(json.dumps(good[1]))
    lost["returns"] = [x + 5 for x in lost["returns"]]
    mixed = tmp_path / "mixed.games.jsonl.gz"
    with gzip.open(mixed, "wt", encoding="utf-8") as fh:
        fh.writelines(json.dumps(x) + "\n" for x in (stale, good[1], lost, good[0]))
    with pytest.raises(ContentError, match="does not fit"):
        training.load_games(game, None, [mixed])
    kept, dropped = training.prune_games(game, mixed)
    assert kept == 2 and len(dropped) == 2
    assert "line 1: decision 1" in dropped[0] and "line 3: replayed" in dropped[1]
    samples, n = training.load_games(game, None, [mixed])
    assert n == 2 and samples
    with gzip.open(mixed, "rt") as fh:
        assert [json.loads(x) for x in fh] == [good[1], good[0]]
    assert training.prune_games(game, mixed) == (2, [])      # nothing more to drop
    plain = tmp_path / "plain.jsonl"
    plain.write_text(json.dumps(stale) + "\n" + json.dumps(good[0]) + "\n")
    assert training.prune_games(game, plain)[0] == 1
    assert json.loads(plain.read_text()) == good[0]
    for text, match in (("not json\n", "not JSON"),
                        (json.dumps({**good[0], "game": "sfe"}) + "\n", "not a kept game")):
        bad = tmp_path / "bad.jsonl"
        bad.write_text(json.dumps(stale) + "\n" + text)
        before = bad.read_bytes()
        with pytest.raises(ContentError, match=match):
            training.prune_games(game, bad)
        assert bad.read_bytes() == before and not list(tmp_path.glob(".tmp-*"))
    with pytest.raises(ContentError, match="no file"):
        training.prune_games(game, tmp_path / "missing.jsonl")
    # a .gz whose data is corrupt (not merely cut short) is an error in words, not zlib's
    # traceback (a batch audit)
    broken = tmp_path / "broken.games.jsonl.gz"
    whole = gzip.compress((json.dumps(good[0]) + "\n").encode())
    broken.write_bytes(whole[:12] + bytes(b ^ 0xFF for b in whole[12:]))
    with pytest.raises(ContentError, match="cannot read"):
        training.prune_games(game, broken)
    with pytest.raises(ContentError, match="cannot read"):
        training.load_games(game, None, [broken])


def test_a_prefix_of_a_kept_game_trains_on_its_first_decisions(tmp_path: Path) -> None:
    """A kept game that a rules change stopped replaying can be kept as its prefix
    (``benchmarks/salvage_games.py``): it replays its decisions and stops, its samples are
    the whole game's first ones with the game's recorded result as their value; a prefix
    kept beside its whole game counts once; a malformed prefix, or one the rules end
    before its decisions are out, is refused, and prune_games drops it."""
    src = _tiny(tmp_path / "src.pt", 1)
    training.train(src)
    with gzip.open(training.games_path(src), "rt") as fh:
        line = max((json.loads(x) for x in fh), key=lambda x: len(x["moves"]))
    n = len(line["moves"])
    assert n >= 4
    game = load_game("eaw1940")
    whole = training.replay_game(game, line, "whole")
    prefix = {**line, "moves": line["moves"][:3],
              training.PREFIX: {"of": n, "commit": "04f900a"}}
    part = training.replay_game(game, prefix, "prefix")
    assert [(s.x, s.legal, s.policy, s.role) for s in part] == \
        [(s.x, s.legal, s.policy, s.role) for s in whole[:3]]
    assert all(s.z == [float(z) for z in line["returns"]] for s in part)
    both = tmp_path / "both.jsonl"
    both.write_text(json.dumps(prefix) + "\n" + json.dumps(line) + "\n")
    samples, games = training.load_games(game, None, [both])
    assert games == 1 and len(samples) == len(whole)
    alone = tmp_path / "alone.jsonl"
    alone.write_text(json.dumps(prefix) + "\n")
    assert training.load_games(game, None, [alone]) and \
        len(training.load_games(game, None, [alone])[0]) == 3
    for bad, match in (({**prefix, training.PREFIX: {"of": n}}, "must be"),
                       ({**prefix, training.PREFIX: {"of": True, "commit": "x"}}, "must be"),
                       ({**prefix, training.PREFIX: [n, "x"]}, "must be"),
                       ({**prefix, training.PREFIX: {"of": 3, "commit": "x"}},
                        "keeps from 1 to 2 of its game's 3 decisions, not 3"),
                       ({**prefix, "moves": [], training.PREFIX: {"of": n, "commit": "x"}},
                        "not 0"),
                       ({**line, training.PREFIX: {"of": n + 5, "commit": "x"}},
                        f"the first {n} decisions of a game of {n + 5} were kept, but "
                        f"replayed the game ends after {n}")):
        with pytest.raises(ContentError, match=match):
            training.replay_game(game, bad, "bad")
    stale = json.loads(json.dumps(prefix))
    stale["moves"][1][0] = "no:such-action"
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text(json.dumps(stale) + "\n" + json.dumps(prefix) + "\n")
    kept, dropped = training.prune_games(game, mixed)
    assert kept == 1 and "line 1: decision 2" in dropped[0]
    assert json.loads(mixed.read_text()) == prefix


KEPT = Path(__file__).resolve().parents[1] / "benchmarks" / "games"


@pytest.mark.parametrize("path", sorted(KEPT.glob("*.games.jsonl.gz")), ids=lambda p: p.name)
def test_the_kept_games_in_the_repository_still_replay(path: Path) -> None:
    """The teacher games kept in benchmarks/games (minutes of a core each) still replay
    through today's rules to their recorded results, so ``--games`` can train on them.
    A rules or content change that breaks one makes it useless: regenerate the file with
    the command in benchmarks/games/README.md, keep the games that still replay
    (``benchmarks/prune_games.py``), or drop it, in the same change."""
    game_id, scenario = path.name.split(".")[0].split("-")[:2]
    samples, n = training.load_games(load_game(game_id), scenario, [path])
    assert n > 0 and len(samples) > n


def test_a_run_resumes_from_another_folder(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """The checkpoint kept the best network's path as typed, from the folder the run began
    in: --resume from another folder said it was missing (a learning audit)."""
    monkeypatch.chdir(tmp_path)
    first = _tiny(Path("g") / "m.pt", 1)
    first.accept = 0.0                  # the candidate is the best: the run's own --out
    training.train(first)
    (tmp_path / "sub").mkdir()
    monkeypatch.chdir(tmp_path / "sub")
    more = _tiny(Path("..") / "g" / "m.pt", 2, resume=True)
    more.accept = 0.0
    assert training.train(more)["round"] == 1


def test_a_moved_or_copied_run_resumes_with_its_own_model(tmp_path: Path) -> None:
    """The checkpoint kept the best network's absolute path: a run folder moved elsewhere
    said it was missing, and a copy evaluated against the other folder's model (a learning
    audit). The run's own model is the --out beside its checkpoint."""
    first = _tiny(tmp_path / "a" / "m.pt", 1)
    first.accept = 0.0                  # the candidate is the best: the run's own --out
    training.train(first)
    (tmp_path / "a").rename(tmp_path / "moved")
    more = _tiny(tmp_path / "moved" / "m.pt", 2, resume=True)
    more.accept = 0.0
    assert training.train(more)["round"] == 1
    # a copy, and the original's model replaced by another game's: the copy plays its own
    shutil.copytree(tmp_path / "moved", tmp_path / "copy")
    save_model(new_model(load_game("sfe"), hidden=8, blocks=1), tmp_path / "moved" / "m.pt")
    again = _tiny(tmp_path / "copy" / "m.pt", 3, resume=True)
    again.accept = 0.0
    assert training.train(again)["round"] == 2


def test_rounds_and_minutes_stop_the_run_at_whichever_comes_first(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """--rounds turned the clock off: --rounds 1000 --minutes 0.05 went on past 50 rounds
    (a learning audit). The run's clock here moves an hour a look: past 90 minutes after
    the first round's look. Left unsaid, the minutes are 10, or no limit with rounds."""
    hours = iter(range(1000))
    monkeypatch.setattr(training, "clock", lambda: 3600.0 * next(hours))
    cfg = _tiny(tmp_path / "m.pt", 1000)
    cfg.minutes = 90
    assert training.train(cfg)["round"] == 0
    assert training.TrainConfig(game="eaw1940").minutes == 10.0
    assert training.TrainConfig(game="eaw1940", max_rounds=3).minutes == 0.0
    assert training.TrainConfig(game="eaw1940", max_rounds=3, minutes=5).minutes == 5.0


def test_a_run_whose_candidates_all_lost_says_so(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """--out holds the run's first network when no candidate beat the plain search; the
    command's last line said nothing of it (a learning audit). A run of no round says
    nothing of it either (it has played no candidate)."""
    from typer.testing import CliRunner

    from warroom.cli.main import app

    out = tmp_path / "m.pt"
    for accept, lost in ((1.01, True), (0.0, False)):
        cfg = _tiny(out, 1, accept=accept, fresh=True)
        assert training.train(cfg)["hand_evaluation_best"] is lost
    hours = iter(range(1000))
    monkeypatch.setattr(training, "clock", lambda: 3600.0 * next(hours))
    none = _tiny(tmp_path / "n.pt", 5)
    none.minutes = 1        # past at the first look
    assert training.train(none) == {"hand_evaluation_best": False}
    # what the command says of it
    said = {"round": 0, "games": 1, "steps": 2, "hand_evaluation_best": True}
    monkeypatch.setattr(training, "train", lambda cfg, progress=None: said)
    res = CliRunner().invoke(app, ["train", "eaw1940", "--rounds", "1", "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert "No candidate beat the hand-evaluation search" in " ".join(res.output.split())


def test_an_unreachable_ray_cluster_is_refused_before_a_fresh_run_deletes_anything(
        tmp_path: Path) -> None:
    """--fresh --backend ray --address (down) deleted the earlier run's files, then found
    the cluster down (a learning audit): the address is tried first."""
    pytest.importorskip("ray")
    out = tmp_path / "m.pt"
    training.train(_tiny(out, 1))
    before = {p.name: p.stat().st_size for p in tmp_path.iterdir()}
    with pytest.raises(WarroomError, match=r"cannot reach the Ray cluster at 127\.0\.0\.1:1"):
        training.train(_tiny(out, 1, fresh=True, backend="ray", address="127.0.0.1:1"))
    assert {p.name: p.stat().st_size for p in tmp_path.iterdir()} == before


def test_a_checkpoint_or_an_unknown_name_given_as_a_model_is_told_what_to_give(
        tmp_path: Path) -> None:
    """A run's checkpoint given to net: was "not a warroom model file", and net:eit2 (no
    such shipped model) named no shipped one (a learning audit); --resume with --fresh
    ignored --fresh."""
    out = tmp_path / "m.pt"
    training.train(_tiny(out, 1))
    with pytest.raises(ContentError, match=r"is a training run's checkpoint .*give the "
                                           r"run's --out file"):
        load_model(training.checkpoint_path(_tiny(out, 1)))
    with pytest.raises(ContentError, match=r"or name a shipped model \(eaw1940, eit2-1920"):
        make_bot("net:eit2", game=load_game("eit2"))
    # a path alone (--init) takes no shipped name: none is offered there (a review)
    with pytest.raises(ContentError) as info:
        load_model(tmp_path / "eaw1940")
    assert "shipped" not in str(info.value)
    with pytest.raises(ContentError, match="--resume carries on the run at --out, --fresh "
                                           "replaces it"):
        training.train(_tiny(out, 2, resume=True, fresh=True))


def test_a_refused_run_leaves_no_folder_it_made(tmp_path: Path) -> None:
    """--out nothere/m.pt --resume was refused but left nothere/ behind (a learning audit);
    a folder that was there stays."""
    with pytest.raises(ContentError, match="no checkpoint"):
        training.train(_tiny(tmp_path / "a" / "b" / "m.pt", 1, resume=True))
    assert not (tmp_path / "a").exists()
    (tmp_path / "c").mkdir()
    with pytest.raises(ContentError, match="no checkpoint"):
        training.train(_tiny(tmp_path / "c" / "m.pt", 1, resume=True))
    assert (tmp_path / "c").is_dir()


def test_settings_and_paths_are_named_as_the_command_line_names_them(tmp_path: Path) -> None:
    """A resume with another --iterations said "eval_iterations"; an --out under a file
    said "File exists" (a learning audit)."""
    out = tmp_path / "m.pt"
    training.train(_tiny(out, 1))
    other = _tiny(out, 2, resume=True)
    other.iterations = other.eval_iterations = 5
    with pytest.raises(ContentError, match=r"other settings: --iterations 3 \(now 5\);"):
        training.train(other)
    (tmp_path / "afile").write_text("")
    with pytest.raises(UnknownGameError, match="a part of the path is a file, not a folder"):
        training.train(_tiny(tmp_path / "afile" / "m.pt", 1))
