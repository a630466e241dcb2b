"""Tournaments and their statistics (issue 14): Wilson intervals against published values,
Elo by maximum likelihood on synthetic results, and round robins that give every pairing
both seatings and the same results whatever the number of workers."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from warroom.cli.main import app
from warroom.core.errors import WarroomError
from warroom.core.record import content_id
from warroom.games import load_game
from warroom.sim import split_bots
from warroom.sim.stats import (
    elo_difference,
    elo_table,
    fit_elo,
    mean_interval,
    quartiles,
    sign_test,
    t95,
    wilson,
)
from warroom.sim.tournament import iter_tournament, schedule, tally

runner = CliRunner()


# -- Wilson ------------------------------------------------------------------------------

@pytest.mark.parametrize(("k", "n", "lo", "hi"), [
    # values of statsmodels.stats.proportion.proportion_confint(k, n, method="wilson")
    (0, 10, 0.0, 0.27753),
    (1, 10, 0.01788, 0.40415),
    (5, 10, 0.23659, 0.76341),
    (10, 10, 0.72247, 1.0),
    (30, 60, 0.37735, 0.62265),
])
def test_wilson_matches_known_intervals(k: int, n: int, lo: float, hi: float) -> None:
    r = wilson(k, n)
    assert r.p == pytest.approx(k / n)
    assert r.lo == pytest.approx(lo, abs=1e-4)
    assert r.hi == pytest.approx(hi, abs=1e-4)
    assert 0.0 <= r.lo <= r.p <= r.hi <= 1.0


def test_wilson_edge_cases() -> None:
    empty = wilson(0, 0)
    assert (empty.lo, empty.hi) == (0.0, 1.0) and str(empty) == "—"
    half = wilson(2.5, 5)                      # draws count half
    assert half.p == 0.5 and half.lo < 0.5 < half.hi
    with pytest.raises(ValueError, match="0 <= k <= n"):
        wilson(11, 10)
    assert wilson(30, 60).hi - wilson(30, 60).lo > wilson(300, 600).hi - wilson(300, 600).lo


@pytest.mark.parametrize(("better", "worse", "p"), [
    # values of scipy.stats.binomtest(better, better + worse).pvalue (two-sided)
    (51, 41, 0.3481412903),
    (15, 7, 0.1338005066),
    (3, 17, 0.0025768280),
    (10, 0, 0.001953125),
    (5, 5, 1.0),
    (0, 0, 1.0),
])
def test_sign_test_matches_the_exact_binomial_test(better: int, worse: int,
                                                   p: float) -> None:
    assert sign_test(better, worse) == pytest.approx(p, abs=1e-9)
    assert sign_test(worse, better) == pytest.approx(p, abs=1e-9)
    with pytest.raises(ValueError, match=">= 0"):
        sign_test(-1, 3)


# -- Elo ---------------------------------------------------------------------------------

def test_elo_two_players_is_the_logistic_difference() -> None:
    # a scores 75%: the Elo difference of odds 3:1 is 400 log10(3) = 190.85
    r = fit_elo(["a", "b"], {("a", "b"): (75.0, 0.0, 25.0)}, prior_draws=0)
    assert r["a"] - r["b"] == pytest.approx(400 * math.log10(3), abs=0.01)
    assert r["a"] + r["b"] == pytest.approx(0.0, abs=1e-6)
    # draws are half a win each: 50 wins, 50 draws, 0 losses is a 75% score too
    r2 = fit_elo(["a", "b"], {("a", "b"): (50.0, 50.0, 0.0)}, prior_draws=0)
    assert r2["a"] - r2["b"] == pytest.approx(400 * math.log10(3), abs=0.01)


def test_elo_synthetic_round_robin_orders_and_spaces_the_players() -> None:
    # strengths 400 Elo apart in steps: expected scores from the logistic curve
    true = {"a": 200.0, "b": 0.0, "c": -200.0}
    results = {}
    for x, y in (("a", "b"), ("a", "c"), ("b", "c")):
        e = 1 / (1 + 10 ** ((true[y] - true[x]) / 400))
        results[(x, y)] = (1000 * e, 0.0, 1000 * (1 - e))
    fitted = fit_elo(list(true), results, prior_draws=0)
    for name, value in true.items():
        assert fitted[name] == pytest.approx(value, abs=0.5)
    # the prior keeps a clean sweep finite, and the table orders best first
    table = elo_table(["x", "y"], {("x", "y"): (10.0, 0.0, 0.0)}, seed=1, resamples=200)
    assert [r.name for r in table] == ["x", "y"]
    assert math.isfinite(table[0].elo) and table[0].elo > 0
    assert table[0].lo < table[0].elo <= table[0].hi     # not stuck at the point estimate
    assert table[0].score == 1.0 and table[0].games == 10
    # after a sweep the interval reaches above the estimate too (the redraws' prior pulls
    # every one of them below it; the plain percentile interval ended at the estimate)
    assert table[0].hi > table[0].elo + 20 and table[1].lo < table[1].elo - 20
    # the refits start at the estimate: a ladder of lopsided pairings converges in them
    ladder = {(f"p{i}", f"p{i + 1}"): (400.0, 0.0, 0.0) for i in range(5)}
    names = [f"p{i}" for i in range(6)]
    exact = fit_elo(names, ladder)
    assert fit_elo(names, ladder, iterations=2_000, tol=1e-7, start=exact) == pytest.approx(
        exact, abs=0.05)


def test_elo_intervals_agree_with_wilson_on_small_sweeps() -> None:
    """A 2-0 sweep's Wilson interval holds 50%, so the winner's Elo interval holds 0 (an
    audit read +140 [+19, +198] after two games: the redraws' fits kept the point estimate's
    virtual draw, and the intervals covered a true rating in 79% of 16-game matches); an
    8-0 sweep's Wilson interval is above 50%, and the Elo interval above 0."""
    two = {r.name: r for r in elo_table(["r", "a"], {("r", "a"): (0.0, 0.0, 2.0)})}
    assert two["a"].lo < 0 < two["a"].hi and two["r"].lo < 0 < two["r"].hi
    assert wilson(2, 2).lo < 0.5
    eight = {r.name: r for r in elo_table(["r", "a"], {("r", "a"): (0.0, 0.0, 8.0)})}
    assert eight["a"].lo > 0 and wilson(8, 8).lo > 0.5
    # the difference's lower end near Wilson's (67.6%: +128 Elo), not far above it
    assert 2 * eight["a"].lo < elo_difference(0.80)


def test_elo_table_is_deterministic_for_a_seed() -> None:
    results = {("a", "b"): (6.0, 1.0, 3.0), ("a", "c"): (4.0, 0.0, 6.0),
               ("b", "c"): (5.0, 2.0, 3.0)}
    one = elo_table(["a", "b", "c"], results, seed=7, resamples=100)
    two = elo_table(["a", "b", "c"], results, seed=7, resamples=100)
    assert one == two
    assert elo_table(["a", "b", "c"], results, seed=8, resamples=100) != one
    for r in one:
        assert r.lo <= r.elo <= r.hi


def test_quartiles_and_mean_interval() -> None:
    assert quartiles([1, 2, 3, 4, 5]) == (2, 3, 4)
    m, lo, hi = mean_interval([1.0, 2.0, 3.0])
    # Student's t with 2 degrees of freedom: 2 ± 4.3027 × 1/sqrt(3)
    assert m == 2.0 and lo == pytest.approx(2 - 4.3027 / 3 ** 0.5)
    assert hi == pytest.approx(2 + 4.3027 / 3 ** 0.5)
    # beyond the table the expansion meets the normal quantile smoothly
    assert t95(30) > t95(31) > t95(200) > 1.96 and t95(31) == pytest.approx(2.0395, abs=1e-4)


def test_split_bots_keeps_spec_parameters_together() -> None:
    assert split_bots("random, greedy") == ["random", "greedy"]
    assert split_bots("ismcts:seconds=1,iterations=50,greedy") == [
        "ismcts:seconds=1,iterations=50", "greedy"]


# -- tournaments -------------------------------------------------------------------------

def _play(game: str, bots: list[str], games: int, jobs: int) -> list[dict]:
    total, lines = iter_tournament(game, bots, games=games, seed=5, jobs=jobs)
    out = list(lines)
    assert len(out) == total
    return out


def test_two_player_tournament_every_pairing_both_seatings_same_for_any_jobs() -> None:
    bots = ["random", "greedy"]
    one = _play("eit2", bots, 1, jobs=1)
    two = _play("eit2", bots, 1, jobs=2)
    assert one == two
    seatings = {(ln["bots"]["lw"], ln["bots"]["rw"]) for ln in one}
    assert seatings == {("random", "greedy"), ("greedy", "random")}
    # game i of each seating replays the same deal with the sides swapped
    by_seat = {(ln["seating"], ln["deal"]): ln["seed"] for ln in one}
    assert by_seat[(0, 0)] == by_seat[(1, 0)]
    s = tally("eit2", ("lw", "rw"), bots, one, seed=5, games=1, resamples=50)
    (pair,) = s["pairings"]
    assert (pair["a"], pair["b"]) == ("random", "greedy") and pair["games"] == 2
    assert pair["wins"] + pair["draws"] + pair["losses"] == 2
    assert [x["a_role"] for x in pair["by_seating"]] == ["lw", "rw"]
    assert [x["games"] for x in pair["by_seating"]] == [1, 1]
    assert {r["name"] for r in s["elo"]} == set(bots)
    assert json.loads(json.dumps(s)) == s                  # JSON-ready


def test_schedule_covers_every_pairing_of_three_bots_in_both_seatings() -> None:
    total, specs = schedule(("lw", "rw"), ["a", "b", "c"], 3, seed=0)
    games = list(specs)
    assert total == len(games) == 3 * 2 * 3
    pairs = {(s[2]["lw"], s[2]["rw"]) for s in games}
    assert pairs == {(x, y) for x in "abc" for y in "abc" if x != y}
    assert sorted(s[0] for s in games) == list(range(total))


def test_one_player_tournament_compares_bots_on_the_same_deals() -> None:
    lines = _play("eaw1940", ["random", "greedy"], 4, jobs=1)
    assert [ln["bot"] for ln in lines] == ["random"] * 4 + ["greedy"] * 4
    assert [ln["seed"] for ln in lines[:4]] == [ln["seed"] for ln in lines[4:]]
    s = tally("eaw1940", ("axis",), ["random", "greedy"], lines, seed=5, games=4,
              resamples=50)
    assert [e["bot"] for e in s["solo"]] == ["random", "greedy"]
    assert all(e["games"] == 4 and "vp" in e["scores"] for e in s["solo"])
    (pair,) = s["pairings"]
    assert pair["games"] == 4


def _counts(s: dict[str, Any]) -> list[Any]:
    """Every games/wins/draws/losses value of a tally: pairings, seatings, solo entries."""
    entries: list[dict[str, Any]] = []
    for p in s["pairings"]:
        entries += [p, *p["by_seating"]]
    entries += s["solo"]
    return [e[k] for e in entries for k in ("games", "wins", "draws", "losses")]


def test_tally_writes_game_counts_as_integers() -> None:
    """Wins, draws and losses are numbers of games: the JSON says 3, not 3.0 (the pairings'
    and seatings' counts were floats); the score, which counts a draw as half, stays a
    float."""
    duel = [{"pairing": ["a", "b"], "seating": seat, "deal": i,
             "returns": {"lw": r, "rw": -r}}
            for seat in (0, 1) for i, r in enumerate((1, 0, -1, 1))]
    s = tally("eit2", ("lw", "rw"), ["a", "b"], duel, seed=0, games=4, resamples=5)
    (pair,) = s["pairings"]
    assert (pair["wins"], pair["draws"], pair["losses"]) == (3, 2, 3)
    assert '"wins": 3, "draws": 2, "losses": 3' in json.dumps(pair)
    assert pair["score"]["k"] == 4.0
    solo = [{"bot": bot, "deal": i, "returns": {"axis": r}, "outcome": "x",
             "scores": {"vp": float(r)}} for bot in ("a", "b") for i, r in enumerate((1, 0))]
    counts = _counts(s) + _counts(tally("eaw1940", ("axis",), ["a", "b"], solo, seed=0,
                                        games=2, resamples=5))
    assert counts and all(type(x) is int for x in counts), counts


@pytest.mark.parametrize(("args", "message"), [
    (["--bots", "random,nobot"], "unknown bot 'nobot'"),
    (["--bots", "random,greedy", "--games", "0"], "--games must be 1 or more"),
    (["--bots", "random,greedy", "--games", "-3"], "--games must be 1 or more"),
    (["--bots", "random"], "at least two bots"),
    (["--bots", "random,random"], "given twice"),
    (["--bots", "random,net:eit2-1920,prior_depth=1,iterations=5,net:eit2-1920,iterations=5,"
                "prior_depth=1"], "are the same bot"),
    (["--bots", "ismcts:iterations=5,c=0.7,ismcts:c=0.7, iterations=5"],
     "ismcts:iterations=5,c=0.7 and ismcts:c=0.7,iterations=5 are the same bot"),
    (["--bots", "greedy:samples=6,greedy"], "greedy:samples=6 and greedy are the same bot"),
    (["--bots", "ismcts,ismcts:iterations=1000"],
     "ismcts and ismcts:iterations=1000 are the same bot"),
    (["--bots", "ismcts:iterations=5,c=0.7,random,ismcts:iterations=5"],
     "ismcts:iterations=5,c=0.7 and ismcts:iterations=5 are the same bot"),
    (["--bots", "random,greedy", "--backend", "cloud"], "unknown backend 'cloud'"),
    (["--bots", "random,greedy", "--jobs", "0"], "--jobs must be 1 or more"),
    (["--bots", "random,greedy", "--address", "1.2.3.4:6379"], "--address is for"),
    (["--bots", "random,greedy", "--scenario", "1066"], "no scenario '1066'"),
])
def test_tournament_cli_refuses_bad_input(args: list[str], message: str) -> None:
    res = runner.invoke(app, ["tournament", "eit2", *args])
    assert res.exit_code == 2, res.output
    assert message in res.output


def test_a_scripted_bot_without_a_script_is_greedy_and_says_so() -> None:
    """In eaw1940 (no script) aggressive and rollout play as greedy: a tournament of
    aggressive against greedy played identical games, and nothing said why (an audit)."""
    res = runner.invoke(app, ["tournament", "eaw1940", "--bots", "aggressive,greedy"])
    assert res.exit_code == 2, res.output
    flat = " ".join(res.output.split())
    assert ("aggressive and greedy are the same bot (aggressive has no script for "
            "'eaw1940': it plays as greedy") in flat, flat
    res = runner.invoke(app, ["simulate", "eaw1940", "--bots", "rollout", "--games", "1"])
    assert res.exit_code == 0 and "rollout has no script for 'eaw1940'" in res.output


def test_tournament_cli_refuses_a_three_player_game() -> None:
    res = runner.invoke(app, ["tournament", "tk", "--bots", "random,greedy"])
    assert res.exit_code == 2 and "1- or 2-player game" in res.output


def test_tournament_cli_json_and_out(tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl"
    res = runner.invoke(app, ["tournament", "eaw1940", "--bots", "random,greedy", "--games",
                              "3", "--seed", "2", "--json", "--out", str(out)])
    assert res.exit_code == 0, res.output
    s = json.loads(res.stdout)
    assert s["games"] == 6 and len(out.read_text().splitlines()) == 6
    # the pack the games were played with (an audit: no output named it)
    own = content_id(load_game("eaw1940"))
    assert s["content"] == own
    assert {json.loads(x)["content"] for x in out.read_text().splitlines()} == {own}
    assert [r["name"] for r in s["elo"]] == sorted(["random", "greedy"],
                                                   key=lambda n: -next(
                                                       r["elo"] for r in s["elo"]
                                                       if r["name"] == n))
    res = runner.invoke(app, ["tournament", "eaw1940", "--bots", "random,greedy", "--games",
                              "2"])
    assert res.exit_code == 0 and "Elo" in res.output and "random" in res.output


def test_iter_tournament_errors_are_warroom_errors() -> None:
    with pytest.raises(WarroomError, match="unknown game 'nogame'"):
        iter_tournament("nogame", ["random", "greedy"], games=1, seed=0)


def test_a_mean_score_of_one_game_has_no_interval() -> None:
    """One game per bot showed ``vp 11.00 [11.00–11.00]``, an interval of certainty
    (an audit): none is given (null in JSON), and the table says why."""
    res = runner.invoke(app, ["tournament", "eaw1940", "--bots", "random,greedy",
                              "--games", "1", "--json"])
    assert res.exit_code == 0, res.output
    scores = json.loads(res.stdout)["solo"][0]["scores"]["vp"]
    assert scores["lo"] is None and scores["hi"] is None and scores["mean"] > 0
    res = runner.invoke(app, ["tournament", "eaw1940", "--bots", "random,greedy",
                              "--games", "1"])
    assert "(one game: no interval)" in " ".join(res.output.split())
