"""Balance reports: PNG plots and a Markdown page from the game lines of ``simulate`` or
``tournament`` (``--out RESULTS.jsonl``).

The page opens with what a designer asks first, is this game balanced for these bots and
where does it tip, then shows the win rate of each side with Wilson 95% intervals, the score
track over turns (median and quartile band), game length, how games end, and for games
whose log records Events (eit2, sfe), the win rate of the side that played each Event in
games where it happened against games where it did not.

Numbers come from :mod:`warroom.sim.stats`; plots are drawn with matplotlib's object API
(``matplotlib.figure.Figure``, Agg canvas: no display, no global pyplot state), imported
only when a report is written.
"""

from __future__ import annotations

import gzip
import io
import json
import math
import os
import textwrap
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from warroom.core.errors import WarroomError
from warroom.core.files import GZIP_MAGIC, open_text, utf8_error_at, writable_folder
from warroom.core.protocol import winner_word
from warroom.core.record import content_id
from warroom.games import game_ids, load_game
from warroom.sim.stats import Rate, quartiles, wilson

if TYPE_CHECKING:
    from matplotlib.figure import Figure

REQUIRED = ("outcome", "winner", "returns", "scores", "decisions")
TIP_AUC = 0.75
"""The score track "decides" the game from the first turn at which it predicts the winner
this well (area under the ROC curve)."""
MIN_EVENT_GAMES = 5
"""Events that happened in fewer games (or missed in fewer) are listed, not ranked."""


class ReportError(WarroomError):
    """A results file that cannot be read, or a report that cannot be written."""


# ---------------------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------------------

def load_results(path: Path, notes: list[str] | None = None
                 ) -> tuple[str, list[dict[str, Any]]]:
    """The game id and game lines of a ``--out`` file (JSON lines) of ``simulate`` or
    ``tournament``; a clear error for a missing, unreadable or malformed file. A last line
    cut off (no newline after it, not JSON: a batch killed while writing) is left out, with
    a line in ``notes``, since a killed batch's games are what the file is kept for."""
    try:
        with open_text(path) as fh:     # a FIFO is refused, not waited on
            text = fh.read()
    except FileNotFoundError:
        raise ReportError(f"cannot read {path}: no such file (write one with "
                          "warroom simulate GAME --out FILE)") from None
    except UnicodeDecodeError:
        data = path.read_bytes()
        gz = data[:2] == GZIP_MAGIC
        if gz and _kept_games(data):
            # unpacked it was refused all the same, "not a game line" (an audit)
            raise ReportError(f"cannot read {path}: it holds the games a warroom train run "
                              "kept (to train on again with --games), which report does not "
                              "read; give the run's training log MODEL.log.jsonl, or the "
                              "file of warroom simulate or tournament --out") from None
        raise ReportError(f"cannot read {path}: " + (
            f"it is gzip-compressed; unpack it first (gunzip -c {path} > FILE) and give the "
            "unpacked FILE"
            if gz else f"it is not UTF-8 text ({utf8_error_at(data)}): give the JSON-lines "
            "file of warroom simulate or tournament --out")) from None
    except OSError as exc:
        raise ReportError(f"cannot read {path}: {exc.strerror or exc}") from None
    lines: list[dict[str, Any]] = []
    at: list[int] = []          # each game line's line number in the file
    raws = text.splitlines()
    for n, raw in enumerate(raws, 1):
        if not raw.strip():
            continue
        try:
            obj = json.loads(raw)
        except json.JSONDecodeError as exc:
            if n == len(raws) and not text.endswith("\n"):
                if notes is not None:
                    notes.append(f"{path} line {n} is cut off (the batch was stopped while "
                                 "writing it): left out")
                continue
            raise ReportError(f"{path} line {n} is not JSON ({exc.msg}): expected one game "
                              "per line, as warroom simulate --out writes") from None
        if not isinstance(obj, dict) or any(k not in obj for k in REQUIRED):
            missing = [k for k in REQUIRED if not isinstance(obj, dict) or k not in obj]
            raise ReportError(f"{path} line {n} is not a game line of warroom simulate "
                              f"(missing {', '.join(missing)})")
        problem = line_problem(obj)
        if problem:
            raise ReportError(f"{path} line {n}: {problem}; a game line is what warroom "
                              "simulate --out (or tournament --out) writes")
        lines.append(obj)
        at.append(n)
    if not lines:
        # (an empty training log read "holds no games" alone: a learning audit)
        raise ReportError(f"{path} holds no games: give the JSON-lines file of warroom "
                          "simulate or tournament --out, or a training log of warroom train "
                          "(MODEL.log.jsonl) once it has a round")
    # the same game twice (the same seed, scenario and bots: a file given twice, shards
    # merged with one repeated) is read once (an audit saw 24 games reported of 12, with a
    # narrower interval)
    # the packs of each game read (a line written before December 2026 names none, and is
    # the same game as a line naming any: it goes with any pack below)
    seen: dict[str, set[str | None]] = {}
    kept: list[dict[str, Any]] = []
    kept_at: list[int] = []
    for ln, n in zip(lines, at, strict=True):
        ident = json.dumps([ln.get("seed"), ln.get("scenario"), ln.get("bots")],
                           sort_keys=True, default=str)
        cid = ln.get("content") if isinstance(ln.get("content"), str) else None
        had = seen.setdefault(ident, set())
        if ln.get("seed") is not None and had and (cid is None or None in had
                                                   or cid in had):
            continue
        had.add(cid)
        kept.append(ln)
        kept_at.append(n)
    if len(kept) < len(lines) and notes is not None:
        notes.append(f"{path}: {len(lines) - len(kept)} line(s) repeat a game read before "
                     "(the same seed, scenario, bots and content pack): each game is counted "
                     "once")
    lines = kept
    roles = set(lines[0]["returns"])
    for n, ln in zip(kept_at, lines, strict=True):
        if set(ln["returns"]) != roles or _game_id(ln) not in (None, _game_id(lines[0])):
            # the file's line number (counted after the repeated lines were left out, it
            # named another line: an audit)
            raise ReportError(f"{path} mixes games: line {n} is not of the first game "
                              "line's game; report each game's results on their own")
    # one balance verdict per content pack: two packs' games pooled answered for neither
    # (an audit; lines written before December 2026 name none, and go with any)
    packs: dict[str, int] = {}
    for n, ln in zip(kept_at, lines, strict=True):
        cid = ln.get("content")
        if isinstance(cid, str):
            packs.setdefault(cid, n)
    if len(packs) > 1:
        (a, na), (b, nb) = list(packs.items())[:2]
        gid = _game_id(lines[0])
        own = content_id(load_game(gid)) if gid in game_ids() else None

        def said(cid: str) -> str:
            return f"warroom's own content ({cid})" if cid == own else f"pack {cid}"
        raise ReportError(f"{path} mixes content packs: line {na} was played with {said(a)}, "
                          f"line {nb} with {said(b)}; report each pack's results on their "
                          "own")
    return guess_game(lines, path), lines


def _kept_games(data: bytes) -> bool:
    """Whether gzip ``data`` is a kept-games file of ``warroom train`` (its first line of
    format ``warroom-games/1``)."""
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as fh:
            first = json.loads(fh.readline(1 << 20))
    except (OSError, EOFError, ValueError):
        return False
    return isinstance(first, dict) and first.get("format") == "warroom-games/1"


def _game_id(line: dict[str, Any]) -> str | None:
    """The game id a line names (tournament lines written before December 2026 numbered their
    games in ``game``)."""
    gid = line.get("game")
    return gid if isinstance(gid, str) else None


def finite_number(x: Any) -> bool:
    """A finite int or float, not a bool (what a results or training-log field holds)."""
    return isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x)


def _numbers(x: Any) -> bool:
    return isinstance(x, dict) and all(isinstance(k, str) and finite_number(v)
                                       for k, v in x.items())


def line_problem(line: dict[str, Any]) -> str:
    """What is wrong with the fields a report reads in a game line ("" if nothing)."""
    if not isinstance(line["outcome"], str):
        return "outcome must be a string"
    if line["winner"] is not None and not isinstance(line["winner"], str):
        return "winner must be a role or null"
    if not _numbers(line["returns"]):
        return "returns must map each role to a number"
    if not _numbers(line["scores"]):
        return "scores must map each score field to a number"
    if not isinstance(line["decisions"], int) or isinstance(line["decisions"], bool) \
            or line["decisions"] < 0:
        return "decisions must be a whole number, 0 or more"
    for key in ("scenario", "termination"):
        if line.get(key) is not None and not isinstance(line[key], str):
            return f"{key} must be a string"
    if line.get("game") is not None and not isinstance(line["game"], str | int):
        return "game must be a game id (simulate) or a game number (tournament)"
    if line.get("bots") is not None and not (
            isinstance(line["bots"], dict)
            and all(isinstance(v, str) for v in line["bots"].values())):
        return "bots must map each role to a bot spec"
    track = line.get("track")
    if track is not None and not (isinstance(track, list) and all(
            isinstance(t, dict) and isinstance(t.get("turn"), int | None)
            and _numbers(t.get("scores")) for t in track)):
        return "track must be a list of {turn, scores} samples"
    events = line.get("events")
    if events is not None and not (isinstance(events, list) and all(
            isinstance(e, dict) and isinstance(e.get("event"), str | int)
            and not isinstance(e.get("event"), bool) for e in events)):
        return "events must be a list of {event, side} entries"
    return ""


def guess_game(lines: Sequence[dict[str, Any]], path: Path | None = None) -> str:
    """The game of the lines: their ``game`` field, else the one game whose roles are the
    roles the first line's returns and bots name."""
    gid = lines[0].get("game")
    if isinstance(gid, str) and gid in game_ids():
        return gid
    roles = set(lines[0]["returns"]) | set(lines[0].get("bots") or {})
    matches = [g for g in game_ids() if roles and roles == set(load_game(g).roles)]
    if len(matches) == 1:
        return matches[0]
    raise ReportError(f"cannot tell which game {path or 'the results'} are of: "
                      "pass --game GAME")


# ---------------------------------------------------------------------------------------
# Analysis
# ---------------------------------------------------------------------------------------

def _outcome_of(line: dict[str, Any], role: str) -> int:
    r = float(line["returns"].get(role, 0.0))
    return (r > 0) - (r < 0)


def _auc(pos: Sequence[float], neg: Sequence[float]) -> float:
    """P(a positive scores above a negative), ties half (Mann-Whitney U / n1 n2)."""
    if not pos or not neg:
        return math.nan
    ranked = sorted([(v, 1) for v in pos] + [(v, 0) for v in neg])
    rank_sum = 0.0
    i = 0
    while i < len(ranked):
        j = i
        while j < len(ranked) and ranked[j][0] == ranked[i][0]:
            j += 1
        mid = (i + j + 1) / 2          # average 1-based rank of the tie group
        rank_sum += mid * sum(1 for k in range(i, j) if ranked[k][1])
        i = j
    n1, n2 = len(pos), len(neg)
    return (rank_sum - n1 * (n1 + 1) / 2) / (n1 * n2)


def score_table(lines: Sequence[dict[str, Any]]) -> dict[str, dict[int, list[float]]]:
    """Per score field, per turn: the score at the start of that turn in every game; a game
    that ended earlier holds its final score (so every turn counts every game)."""
    fields = sorted({k for ln in lines for s in ln.get("track") or [] for k in s["scores"]})
    turns = sorted({s["turn"] for ln in lines for s in ln.get("track") or []
                    if isinstance(s.get("turn"), int)})
    out: dict[str, dict[int, list[float]]] = {f: {t: [] for t in turns} for f in fields}
    for ln in lines:
        track = [s for s in ln.get("track") or [] if isinstance(s.get("turn"), int)]
        if not track:
            continue
        for f in fields:
            first: dict[int, float] = {}
            for sample in track[:-1]:          # the last sample is the final score
                if f in sample["scores"]:
                    first.setdefault(sample["turn"], float(sample["scores"][f]))
            final = track[-1]["scores"].get(f)
            last: float | None = None
            for t in turns:
                if t in first:
                    last = first[t]
                elif first and t > max(first) and final is not None:
                    last = float(final)
                if last is not None:
                    out[f][t].append(last)
    return out


def analyse(game_id: str, lines: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Everything the report shows, as plain data."""
    game = load_game(game_id)
    roles = list(game.roles)
    n = len(lines)
    configs = Counter(json.dumps(ln.get("bots") or {}, sort_keys=True) for ln in lines)
    res: dict[str, Any] = {"game": game_id, "title": game.title, "roles": roles, "games": n,
                           "scenarios": sorted({str(ln.get("scenario") or "") for ln in lines}
                                               - {""}),
                           "configs": {k: v for k, v in configs.most_common()},
                           "content": next((ln["content"] for ln in lines
                                            if isinstance(ln.get("content"), str)), None),
                           "own_content": content_id(game)}
    # win rates
    sides: dict[str, dict[str, Rate]] = {}
    for role in roles:
        outs = [_outcome_of(ln, role) for ln in lines]
        w, lo = outs.count(1), outs.count(-1)
        sides[role] = {"win": wilson(w, n), "draw": wilson(n - w - lo, n),
                       "loss": wilson(lo, n), "score": wilson(w + (n - w - lo) / 2, n)}
    res["sides"] = sides
    winners = Counter(winner_word(ln["winner"], ln.get("termination")) for ln in lines)
    res["winners"] = {k: wilson(v, n) for k, v in winners.most_common()}
    # a game nobody wins (tk's events): no win rates, which read as 100% draws (a review)
    res["winnerless"] = n > 0 and set(winners) == {"no winner"}
    by_config: dict[str, dict[str, Rate]] = {}
    if len(configs) > 1:
        for cfg in configs:
            sub = [ln for ln in lines if json.dumps(ln.get("bots") or {}, sort_keys=True) == cfg]
            by_config[cfg] = {r: wilson(sum(1 for ln in sub if _outcome_of(ln, r) > 0),
                                        len(sub)) for r in roles}
    res["by_config"] = by_config
    # endings
    res["outcomes"] = {k: wilson(v, n) for k, v in
                       Counter(ln["outcome"] for ln in lines).most_common()}
    res["terminations"] = {k: wilson(v, n) for k, v in
                           Counter(ln.get("termination", "?") for ln in lines).most_common()}
    # length
    dec = [float(ln["decisions"]) for ln in lines]
    turns = [float(ln["turns"]) for ln in lines if isinstance(ln.get("turns"), int)]
    res["length"] = {"decisions": _spread(dec), "turns": _spread(turns) if turns else None}
    # score track
    table = score_table(lines)
    res["track"] = {f: {t: quartiles(v) for t, v in per.items() if v}
                    for f, per in table.items()}
    # whether the lines sampled the scoreboard at all: a game whose view has none (tk)
    # records track samples with empty scores, not no track (its report blamed old
    # results: an audit)
    res["tracked"] = any(isinstance(ln.get("track"), list) and ln["track"] for ln in lines)
    res["tip"] = _tipping(lines, roles, table)
    res["events"] = _events(lines, roles) if len(roles) == 2 else []
    fields = sorted({k for ln in lines for k in ln["scores"]})
    res["final"] = {f: _spread([float(ln["scores"][f]) for ln in lines if f in ln["scores"]])
                    for f in fields}
    return res


def _spread(values: Sequence[float]) -> dict[str, float]:
    q1, med, q3 = quartiles(values)
    return {"min": min(values), "q1": q1, "median": med, "q3": q3, "max": max(values),
            "mean": sum(values) / len(values)}


def _tipping(lines: Sequence[dict[str, Any]], roles: Sequence[str],
             table: dict[str, dict[int, list[float]]]) -> dict[str, Any] | None:
    """The first turn from which a score field predicts whether the first role wins with an
    AUC of at least :data:`TIP_AUC` (either direction), per field; the best field first."""
    role = roles[0]
    won = [_outcome_of(ln, role) > 0 for ln in lines]
    if all(won) or not any(won):
        return None
    best: dict[str, Any] | None = None
    for f, per in table.items():
        aucs: dict[int, float] = {}
        for t, values in per.items():
            if len(values) != len(lines):
                continue
            a = _auc([v for v, w in zip(values, won, strict=True) if w],
                     [v for v, w in zip(values, won, strict=True) if not w])
            if not math.isnan(a):
                aucs[t] = a
        # the first turn from which on every turn's score predicts the winner (a single
        # turn reaching the bar while later ones fall back to a coin is no tipping point)
        turns = sorted(aucs)
        tip = next((t for k, t in enumerate(turns)
                    if all(max(aucs[u], 1 - aucs[u]) >= TIP_AUC for u in turns[k:])), None)
        entry = {"field": f, "turn": tip,
                 "auc": aucs.get(tip, math.nan) if tip is not None else math.nan,
                 "aucs": aucs}
        earlier = tip is not None and (best is None or best["turn"] is None
                                       or tip < best["turn"])
        if earlier or best is None:
            best = entry
    return best


def _events(lines: Sequence[dict[str, Any]], roles: Sequence[str]) -> list[dict[str, Any]]:
    """Per Event (and the side that played it): the games where it happened, and the win
    rate of that side (the first role when no side is named) with and without it."""
    happened: dict[tuple[str, str], set[int]] = defaultdict(set)
    lower = {r.lower(): r for r in roles}
    for i, ln in enumerate(lines):
        for e in ln.get("events") or []:
            side = lower.get(str(e.get("side") or "").lower(), roles[0])
            happened[(e["event"], side)].add(i)
    out: list[dict[str, Any]] = []
    for (event, side), games in happened.items():
        won = [_outcome_of(ln, side) > 0 for ln in lines]
        k_with = sum(1 for i in games if won[i])
        k_without = sum(won) - k_with
        with_ = wilson(k_with, len(games))
        without = wilson(k_without, len(lines) - len(games))
        out.append({"event": event, "side": side, "games": len(games), "with": with_,
                    "without": without, "diff": with_.p - without.p if without.n else math.nan,
                    "separated": with_.lo > without.hi or with_.hi < without.lo,
                    "ranked": len(games) >= MIN_EVENT_GAMES
                    and len(lines) - len(games) >= MIN_EVENT_GAMES})
    out.sort(key=lambda e: (not e["ranked"], -abs(e["diff"]) if e["ranked"] else 0.0,
                            str(e["event"]), str(e["side"])))
    return out


# ---------------------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------------------

def _titled(text: str, width: int = 60) -> str:
    """A plot's title on as many lines as it needs (a long game title ran off the image):
    what the plot shows goes under the game's title."""
    if len(text) <= width or ": " not in text:
        return "\n".join(textwrap.wrap(text, width)) or text
    head, tail = text.rsplit(": ", 1)
    return "\n".join([*textwrap.wrap(head, width), tail])


def figure(width: float, height: float) -> Figure:
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), dpi=100, layout="constrained")


def winrate_bars(res: dict[str, Any]) -> list[tuple[str, Rate]]:
    """The bars of ``winrate.png``: each role's wins, the draws, and a one-player game's
    losses (no other role's wins: without their bar the bars did not add up to 100%, an
    audit)."""
    roles = res["roles"]
    bars: list[tuple[str, Rate]] = [(f"{r} wins", res["sides"][r]["win"]) for r in roles]
    if len(roles) > 1 or res["sides"][roles[0]]["draw"].k:
        bars.append(("draws", res["sides"][roles[0]]["draw"]))
    if len(roles) == 1:
        bars.append((f"{roles[0]} losses", res["sides"][roles[0]]["loss"]))
    return bars


def _plot_winrate(res: dict[str, Any], path: Path) -> None:
    fig = figure(6, 3.2)
    ax = fig.subplots()
    roles = res["roles"]
    bars = winrate_bars(res)
    labels = [label for label, _ in bars]
    ps = [rate.p for _, rate in bars]
    los = [rate.p - rate.lo for _, rate in bars]
    his = [rate.hi - rate.p for _, rate in bars]
    y = list(range(len(labels)))
    ax.barh(y, ps, xerr=[los, his], capsize=4, color="#4c72b0")
    ax.set_yticks(y, labels)
    ax.set_xlim(0, 1)
    if len(roles) == 2:
        ax.axvline(0.5, color="grey", linestyle="--", linewidth=1)
    ax.set_xlabel("share of games (Wilson 95% interval)")
    ax.set_title(_titled(f"{res['title']}: {res['games']} games"))
    fig.savefig(path)


def _plot_scores(res: dict[str, Any], path: Path) -> None:
    fields = list(res["track"])
    fig = figure(7, 2.6 * max(1, len(fields)))
    axes = fig.subplots(max(1, len(fields)), 1, squeeze=False)
    for ax, f in zip(axes[:, 0], fields or [""], strict=False):
        per = res["track"].get(f, {})
        if not per:
            ax.text(0.5, 0.5, "no score track recorded", ha="center", va="center")
            continue
        turns = sorted(per)
        q1 = [per[t][0] for t in turns]
        med = [per[t][1] for t in turns]
        q3 = [per[t][2] for t in turns]
        ax.fill_between(turns, q1, q3, alpha=0.3, color="#4c72b0", label="quartiles")
        ax.plot(turns, med, color="#4c72b0", marker="o", markersize=3, label="median")
        ax.axhline(0, color="grey", linewidth=0.8)
        ax.set_ylabel(f)
        ax.set_xlabel("turn (score at its start; ended games hold their final score)")
        ax.legend(loc="best", fontsize="small")
    fig.suptitle(_titled(f"{res['title']}: score over turns"))
    fig.savefig(path)


def _plot_length(res: dict[str, Any], lines: Sequence[dict[str, Any]], path: Path) -> None:
    turns = [ln["turns"] for ln in lines if isinstance(ln.get("turns"), int)]
    fig = figure(7, 3)
    axes = fig.subplots(1, 2 if turns else 1, squeeze=False)
    axes[0, 0].hist([ln["decisions"] for ln in lines], bins=min(30, max(5, len(lines) // 3)),
                    color="#55a868")
    axes[0, 0].set_xlabel("decisions per game")
    axes[0, 0].set_ylabel("games")
    if turns:
        lo, hi = min(turns), max(turns)
        axes[0, 1].hist(turns, bins=[t - 0.5 for t in range(lo, hi + 2)], color="#55a868")
        axes[0, 1].set_xlabel("last turn")
    fig.suptitle(_titled(f"{res['title']}: game length"))
    fig.savefig(path)


def _plot_endings(res: dict[str, Any], path: Path) -> None:
    items = list(res["outcomes"].items())
    fig = figure(7, 0.45 * len(items) + 1.4)
    ax = fig.subplots()
    y = list(range(len(items)))
    ax.barh(y, [r.p for _, r in items],
            xerr=[[r.p - r.lo for _, r in items], [r.hi - r.p for _, r in items]],
            capsize=3, color="#c44e52")
    ax.set_yticks(y, [k for k, _ in items])
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("share of games (Wilson 95% interval)")
    ax.set_title(_titled(f"{res['title']}: how games end"))
    fig.savefig(path)


def _plot_events(res: dict[str, Any], path: Path, top: int = 25) -> None:
    ranked = [e for e in res["events"] if e["ranked"]][:top]
    fig = figure(8, 0.32 * max(1, len(ranked)) + 1.6)
    ax = fig.subplots()
    if not ranked:
        ax.text(0.5, 0.5, f"no Event happened in at least {MIN_EVENT_GAMES} games and was "
                "missing from as many", ha="center", va="center")
        fig.savefig(path)
        return
    y = list(range(len(ranked)))
    for off, key, colour, label in ((-0.15, "with", "#c44e52", "Event happened"),
                                    (0.15, "without", "#4c72b0", "did not")):
        rates: list[Rate] = [e[key] for e in ranked]
        ax.errorbar([r.p for r in rates], [v + off for v in y],
                    xerr=[[r.p - r.lo for r in rates], [r.hi - r.p for r in rates]],
                    fmt="o", color=colour, capsize=2, markersize=4, label=label)
    ax.set_yticks(y, [f"{e['event']} ({e['side']})" for e in ranked], fontsize="small")
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate of the side that played the Event (Wilson 95% interval)")
    fig.legend(loc="outside lower center", ncols=2, fontsize="small")
    ax.set_title(_titled(f"{res['title']}: card Events, largest differences first"))
    fig.savefig(path)


def _pct(r: Rate) -> str:
    return str(r)


def _verdict(res: dict[str, Any]) -> list[str]:
    roles = res["roles"]
    n = res["games"]
    out: list[str] = []
    if len(roles) == 2:
        a, b = roles
        sa: Rate = res["sides"][a]["score"]
        wa, wb = res["sides"][a]["win"], res["sides"][b]["win"]
        d: Rate = res["sides"][a]["draw"]
        if sa.lo <= 0.5 <= sa.hi:
            out.append(f"**Balanced within what {n} games can tell**: {a} scores "
                       f"{_pct(sa)} (win = 1, draw = ½), an interval that holds 50%.")
            if sa.hi - sa.lo > 0.2:
                out.append(f"The interval is {100 * (sa.hi - sa.lo):.0f} points wide: play "
                           "more games to detect a smaller imbalance (the width shrinks as "
                           "1/√games).")
        else:
            fav, rate = (a, sa) if sa.p > 0.5 else (b, wilson(n - sa.k, n))
            out.append(f"**Not balanced for these bots: it tips toward {fav}**, who scores "
                       f"{_pct(rate)} (win = 1, draw = ½); 50% lies outside the interval.")
        out.append(f"{a} wins {_pct(wa)}, {b} wins {_pct(wb)}, draws {_pct(d)}.")
    elif len(roles) == 1:
        r = roles[0]
        w, d, lo = (res["sides"][r][k] for k in ("win", "draw", "loss"))
        out.append(f"**{r} (the player) wins {_pct(w)}** of {n} games against the game's "
                   f"system; draws {_pct(d)}, losses {_pct(lo)}.")
    else:
        wins = ", ".join(f"{r} {_pct(res['sides'][r]['win'])}" for r in roles)
        if all(res["sides"][r]["win"].k == 0 for r in roles):
            out.append(f"**No role won any of the {n} games**: {res['game']} scores no "
                       "winner; see how its results are distributed below.")
        else:
            out.append(f"Wins per role over {n} games: {wins}.")
    tip = res["tip"]
    if tip and tip["turn"] is not None:
        auc = max(tip["auc"], 1 - tip["auc"])
        # the table below gives the AUC itself: under 0.5 where a higher score goes with a
        # loss (the summary gave 0.84 beside a table's 0.16: an audit)
        goes = "a win" if tip["auc"] >= 0.5 else "a loss"
        out.append(f"**Where it tips**: from turn {tip['turn']} on, `{tip['field']}` on the "
                   f"score track predicts whether {roles[0]} wins with an AUC of {auc:.2f}, "
                   f"a higher `{tip['field']}` going with {goes} of {roles[0]} (≥ {TIP_AUC}: "
                   "0.5 is a coin, 1 certain; the table lists the AUC of a win).")
    elif tip:
        out.append(f"**Where it tips**: no turn's score track predicts the winner with an AUC "
                   f"of {TIP_AUC} or more: games are decided late or by other means.")
    top = next(iter(res["outcomes"].items()), None)
    if top:
        # only where one ending is the most common (six tk games, six endings, read "Most
        # games end as" the first of them: an audit)
        tied = [k for k, r in res["outcomes"].items() if r.k == top[1].k]
        if len(tied) == 1:
            out.append(f"Most games end as `{top[0]}` ({_pct(top[1])}).")
        elif len(tied) < len(res["outcomes"]) or len(tied) <= 3:
            out.append(f"The most common endings, {_pct(top[1])} each: "
                       + ", ".join(f"`{k}`" for k in tied) + ".")
        else:
            out.append(f"No ending is more common than another: {len(tied)} endings, "
                       f"{_pct(top[1])} each.")
    sep = [e for e in res["events"] if e["ranked"] and e["separated"]]
    if sep:
        bits = ", ".join(f"{e['event']} ({e['side']}: {100 * e['with'].p:.0f}% with, "
                         f"{100 * e['without'].p:.0f}% without)" for e in sep[:3])
        out.append(f"Events whose win rates with and without do not overlap: {bits}.")
    return out


def render_markdown(res: dict[str, Any], images: dict[str, str]) -> str:
    roles = res["roles"]
    md: list[str] = [f"# Balance report: {res['title']} ({res['game']})", ""]
    cfg = list(res["configs"])
    bots = ("; ".join(f"{k} ×{v}" for k, v in res["configs"].items()) if len(cfg) > 1
            else (cfg[0] if cfg else "?"))
    cid = res.get("content")
    pack = ("" if cid is None else "; warroom's own content" if cid == res.get("own_content")
            else f"; content pack {cid}")
    md += [f"{res['games']} games" + (f", scenario {', '.join(res['scenarios'])}"
                                      if res["scenarios"] else "") + f"; bots: {bots}{pack}.",
           ""]
    md += ["## Is it balanced?", ""] + [f"- {x}" for x in _verdict(res)] + [""]
    if res.get("winnerless"):
        md += ["## Win rate per side", "", f"{res['game']} has no winner to win: each game "
               "resolves an event or does nothing, so no side wins, draws or loses; what "
               "the games came to is under \"How games end\" and \"Final scores\" below.",
               ""]
    else:
        md += ["## Win rate per side", "", f"![win rate]({images['winrate']})", "",
               "| side | wins | draws | losses | score (draw = ½) |", "|---|---|---|---|---|"]
        for r in roles:
            s = res["sides"][r]
            md.append(f"| {r} | {s['win']} | {s['draw']} | {s['loss']} | {s['score']} |")
        md.append("")
    if res["by_config"] and not res.get("winnerless"):
        md += ["By bot configuration (win rate per side):", "",
               "| bots | " + " | ".join(roles) + " |", "|---" * (len(roles) + 1) + "|"]
        for cfg_key, rates in res["by_config"].items():
            md.append(f"| {cfg_key} | " + " | ".join(str(rates[r]) for r in roles) + " |")
        md.append("")
    md += ["## Where it tips", ""]
    tip = res["tip"]
    if res.get("winnerless"):
        md += ["With no winner, nothing tips a game one way.", ""]
    elif tip is None:
        md += [f"{roles[0]} won every game or none: the score track has nothing to "
               "predict.", ""]
    else:
        md += [f"How well the score at the start of each turn predicts whether {roles[0]} wins "
               f"(AUC of `{tip['field']}`; 0.5 is a coin, 1 or 0 certain: below 0.5 a higher "
               f"`{tip['field']}` goes with a loss of {roles[0]}):", "",
               "| turn | AUC |", "|---|---|"]
        md += [f"| {t} | {a:.2f} |" for t, a in sorted(tip["aucs"].items())]
        md.append("")
    md += ["## Score over turns", ""]
    if "scores" in images:
        md += [f"![score over turns]({images['scores']})", ""]
    for f, per in res["track"].items():
        md += [f"`{f}`: median [quartiles] at the start of each turn (a game that ended "
               "earlier holds its final score).", "", "| turn | median | q1 | q3 |",
               "|---|---|---|---|"]
        md += [f"| {t} | {q[1]:g} | {q[0]:g} | {q[2]:g} |" for t, q in sorted(per.items())]
        md.append("")
    if not res["track"] and res.get("tracked"):
        md += [f"{res['game']}'s public view has no scoreboard (`vp`, `power` or `score`), so "
               "there is no score track; its final scores are below.", ""]
    elif not res["track"]:
        md += ["No score track was recorded (results written before warroom recorded one).",
               ""]
    if res.get("final"):
        md += ["## Final scores", "", "Each game's scores at its end, as the result gives "
               "them.", "", "| score | min | q1 | median | q3 | max | mean |",
               "|---|---|---|---|---|---|---|"]
        md += [f"| `{f}` | {s['min']:g} | {s['q1']:g} | {s['median']:g} | {s['q3']:g} | "
               f"{s['max']:g} | {s['mean']:.2f} |" for f, s in res["final"].items()]
        md.append("")
    md += ["## Game length", "", f"![game length]({images['length']})", "",
           "| measure | min | q1 | median | q3 | max | mean |", "|---|---|---|---|---|---|---|"]
    for key, s in res["length"].items():
        if s:
            md.append(f"| {key} | {s['min']:g} | {s['q1']:g} | {s['median']:g} | "
                      f"{s['q3']:g} | {s['max']:g} | {s['mean']:.1f} |")
    md += ["", "## How games end", "", f"![how games end]({images['endings']})", "",
           "| result | share |", "|---|---|"]
    md += [f"| `{k}` | {v} ({v.k:g} games) |" for k, v in res["outcomes"].items()]
    md += ["", "| termination | share |", "|---|---|"]
    md += [f"| {k} | {v} |" for k, v in res["terminations"].items()]
    md += ["", "## Card Events", ""]
    if not res["events"]:
        md += ["No Event was recorded in these games (the game is not a two-player card "
               "game, or the results predate Event tracking).", ""]
    else:
        md += [f"![card events]({images['events']})", "",
               "Win rate of the side that played the Event, in games where it happened "
               "against games where it did not (Wilson 95%). An association, not a cause: "
               "an Event played by a side already winning looks strong. Ranked by the "
               f"difference when both groups have {MIN_EVENT_GAMES}+ games; ✱ marks "
               "intervals that do not overlap.", "",
               "| Event | played by | games | win rate with | without | difference |",
               "|---|---|---|---|---|---|"]
        for e in res["events"]:
            diff = "—" if math.isnan(e["diff"]) else f"{100 * e['diff']:+.1f}"
            mark = " ✱" if e["separated"] else ""
            md.append(f"| {e['event']}{mark} | {e['side']} | {e['games']} | {e['with']} | "
                      f"{e['without']} | {diff} |")
        md.append("")
    md += ["## Method", "",
           "- Rates with Wilson score 95% intervals; a draw counts as half a win in scores.",
           "- Score track: the public scoreboard (view fields `vp`, `power`, `score`) at the "
           "start of every turn and at the end.",
           "- Where it tips: area under the ROC curve of each turn's score against the first "
           f"role's win; the first turn reaching {TIP_AUC}.",
           "- Events: public log entries with an `event` fact (who played it: `side`).", ""]
    return "\n".join(md)


def make_out_dir(out_dir: Path, what: str, option: str = "--out") -> None:
    """Create the report folder given by ``option`` and check that files can be written
    there (a file there, or a folder that cannot be made or written, is a
    :class:`ReportError` naming the option)."""
    check_out_dir(out_dir, what, option)
    try:
        writable_folder(out_dir)
    except OSError as exc:
        raise ReportError(f"cannot write {option} {out_dir}: {exc.strerror or exc}"
                          ) from None


def check_out_dir(out_dir: Path, what: str, option: str = "--out") -> None:
    """What :func:`make_out_dir` would refuse, found without making anything: a file
    where the folder or one above it belongs, or a place that cannot be written. So a
    command refuses before any of its other outputs is made (simulate made its --records
    and --out folders, then refused --report: a review)."""
    if out_dir.exists() and not out_dir.is_dir():
        raise ReportError(f"{option} {out_dir} is a file; give a folder for {what}")
    near = out_dir
    while not near.exists() and near.parent != near:
        near = near.parent
    if not near.is_dir():
        raise ReportError(f"cannot write {option} {out_dir}: {near} is a file, not a folder")
    if not os.access(near, os.W_OK | os.X_OK):
        raise ReportError(f"cannot write {option} {out_dir}: {near} is not writable")


REPORT_IMAGES = {"winrate": "winrate.png", "scores": "scores.png", "length": "length.png",
                 "endings": "endings.png", "events": "events.png"}
"""Every plot a report may draw, in the order it draws them: those a new report does not
draw are removed from its folder."""


def write_report(game_id: str, lines: Sequence[dict[str, Any]], out_dir: Path,
                 option: str = "--out") -> list[Path]:
    """Write the PNG plots and ``report.md`` into ``out_dir`` (given by ``option``, for
    messages); the files written."""
    if not lines:
        raise ReportError("no games to report on")
    if game_id not in game_ids():
        raise ReportError(f"unknown game {game_id[:40]!r}; games: {', '.join(game_ids())}")
    roles = set(load_game(game_id).roles)
    for n, ln in enumerate(lines, 1):
        gid = _game_id(ln)
        if gid is not None and gid != game_id:
            raise ReportError(f"game line {n} is a game of {gid[:40]}, not {game_id}: "
                              "report each game's results on their own")
        if set(ln["returns"]) != roles:
            raise ReportError(f"game line {n} has returns for {', '.join(sorted(ln['returns']))}"
                              f", not for {game_id}'s roles ({', '.join(sorted(roles))})")
    make_out_dir(out_dir, "the plots and report.md", option)
    res = analyse(game_id, lines)
    # no win rates where nobody wins (tk), no score plot without a track (an empty plot
    # said only "no score track recorded"), Events only for the card games
    drawn = {"winrate": not res["winnerless"], "scores": bool(res["track"]),
             "length": True, "endings": True, "events": bool(res["events"])}
    images = {k: name for k, name in REPORT_IMAGES.items() if drawn[k]}
    try:
        # an earlier report's plots that this one does not draw (another game's events.png
        # beside this report.md, which never linked it: an audit)
        for k, name in REPORT_IMAGES.items():
            if k not in images and (out_dir / name).is_file():
                (out_dir / name).unlink()
        if "winrate" in images:
            _plot_winrate(res, out_dir / images["winrate"])
        if "scores" in images:
            _plot_scores(res, out_dir / images["scores"])
        _plot_length(res, lines, out_dir / images["length"])
        _plot_endings(res, out_dir / images["endings"])
        if res["events"]:
            _plot_events(res, out_dir / images["events"])
        md = out_dir / "report.md"
        md.write_text(render_markdown(res, images), encoding="utf-8")
    except OSError as exc:
        raise ReportError(f"cannot write the report into {out_dir}: {exc.strerror or exc}"
                          ) from None
    return [out_dir / f for f in images.values()] + [md]


def as_lines(items: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Game lines without their records (what a report keeps in memory)."""
    return [{k: v for k, v in x.items() if k != "record"} for x in items]
