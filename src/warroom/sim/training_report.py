"""The training curve of a ``warroom train`` run (issue 16), as a PNG and Markdown.

It reads the run's training log (``MODEL.log.jsonl``, one line per round) and plots,
against training time:

- the evaluation score of each round's candidate against the best network so far, with
  its Wilson 95% interval (the 50% line is "no better");
- the Elo of the best network relative to generation 0 (the search with the game's hand
  evaluation): each accepted candidate adds the Elo difference its evaluation measured.
  That sum runs ahead of the truth (a candidate is accepted on an evaluation that went its
  way), so the rounds with an anchor (``warroom train --anchor-every``) also show what the
  best network scored against generation 0 on deals of their own, with the interval;
- the policy and value losses.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from warroom.core.errors import ContentError
from warroom.core.files import open_text
from warroom.sim.report import figure, finite_number, make_out_dir
from warroom.sim.stats import elo_difference, signed_elo


def is_training_log(path: Path) -> bool:
    """Whether ``path``'s first line is a training-log line (not a simulate result)."""
    try:
        with open_text(path) as fh:     # a FIFO is no log (its reader says so), not waited on
            first = fh.readline()
        line = json.loads(first)
    except (OSError, ValueError):
        return False
    # a round's line lacking a field is still a training log, said so by its reader (it
    # was read as a simulate file, "not a game line of warroom simulate": an audit)
    return isinstance(line, dict) and "round" in line and ("eval" in line or "steps" in line)


def read_log(path: Path, notes: list[str] | None = None) -> list[dict[str, Any]]:
    """The rounds of a training log. A last line cut off (no newline after it, not JSON: a
    run killed while writing) is left out, with a line in ``notes``, as a results file's
    is (it was refused: an audit)."""
    try:
        with open_text(path) as fh:
            text = fh.read()
    except OSError as exc:
        raise ContentError(f"cannot read {path}: {exc.strerror or exc}") from None
    lines: list[dict[str, Any]] = []
    raws = text.splitlines()
    for n, raw in enumerate(raws, 1):
        if not raw.strip():
            continue
        try:
            line = json.loads(raw)
        except ValueError:
            if n == len(raws) and not text.endswith("\n") and lines:
                if notes is not None:
                    notes.append(f"{path} line {n} is cut off (the run was stopped while "
                                 "writing it): left out")
                continue
            raise ContentError(f"{path}:{n} is not JSON: is it a training log "
                               "(MODEL.log.jsonl)?") from None
        if not isinstance(line, dict) or "round" not in line or "eval" not in line:
            raise ContentError(f"{path}:{n} is not a training-log line (no round/eval)")
        problem = log_line_problem(line)
        if problem:
            raise ContentError(f"{path}:{n}: {problem}; a training log is what warroom "
                               "train writes beside its model (MODEL.log.jsonl)")
        lines.append(line)
    if not lines:
        raise ContentError(f"{path} holds no training rounds")
    return lines


_MATCH = ("win_rate", "low", "high", "elo", "games")
"""The fields of a round's evaluation and of its anchor (the same measurement)."""
_FRESH = ("policy_loss", "uniform_policy_loss")


def log_line_problem(line: dict[str, Any]) -> str:
    """What is wrong with the fields the report reads in a training-log line ("" if
    nothing)."""
    for key in ("round", "seconds", "games", "steps", "policy_loss", "value_loss"):
        if not finite_number(line.get(key)):
            return f"{key} must be a number"
    for key, fields, optional in (("eval", _MATCH, False), ("anchor", _MATCH, True),
                                  ("fresh", _FRESH, True)):
        part = line.get(key)
        if optional and not part:
            continue
        if not isinstance(part, dict) or not all(finite_number(part.get(f)) for f in fields):
            return f"{key} must hold the numbers {', '.join(fields)}"
    return ""


def best_elo(lines: list[dict[str, Any]]) -> list[float]:
    """Elo of the best network after each round, relative to generation 0."""
    elo, out = 0.0, []
    for line in lines:
        if line.get("accepted"):
            elo += float(line["eval"]["elo"])
        out.append(elo)
    return out


def _anchor(line: dict[str, Any]) -> str:
    """A round's anchor: the best network against generation 0 on deals of their own."""
    a = line.get("anchor")
    if not a:
        return "-"
    return f"{a['win_rate']:.0%} [{a['low']:.0%}, {a['high']:.0%}] of {a['games']}"


def _fresh(line: dict[str, Any]) -> str:
    """The held-out policy loss of a round (its new games, before training on them)."""
    f = line.get("fresh")
    if not f:
        return "-"
    return f"{f['policy_loss']:.3f} ({f['uniform_policy_loss']:.3f})"


def write_training_report(log: Path, out_dir: Path, notes: list[str] | None = None
                          ) -> Path:
    """Write ``training.png`` and ``training.md`` into ``out_dir``; returns the page
    (``notes``: what was left out of the log, :func:`read_log`)."""
    lines = read_log(log, notes)
    make_out_dir(out_dir, "training.png and training.md")
    minutes = [float(x["seconds"]) / 60 for x in lines]
    rate = [float(x["eval"]["win_rate"]) for x in lines]
    low = [float(x["eval"]["low"]) for x in lines]
    high = [float(x["eval"]["high"]) for x in lines]
    elo = best_elo(lines)
    fig = figure(8, 9)
    axes = fig.subplots(3, 1, sharex=True)
    ax = axes[0]
    ax.fill_between(minutes, low, high, alpha=0.25, label="Wilson 95% interval")
    if len(minutes) == 1:       # a band of one point has no width: its interval as a bar
        ax.errorbar(minutes, rate, yerr=[[rate[0] - low[0]], [high[0] - rate[0]]],
                    fmt="none", capsize=4, color="C0")
    ax.plot(minutes, rate, marker="o", label="candidate's score vs best")
    ax.axhline(0.5, color="grey", linestyle="--", linewidth=1)
    ax.set_ylim(0, 1)
    ax.set_ylabel("evaluation score")
    ax.legend(loc="lower right")
    anchors = [(m, x["anchor"]) for m, x in zip(minutes, lines, strict=True)
               if x.get("anchor")]
    if anchors:
        # the measured curve on the left scale; the sum, which runs ahead (often by
        # thousands), on a scale of its own so that it does not flatten the measurements
        am = [m for m, _ in anchors]
        mid = [float(a["elo"]) for _, a in anchors]
        lo = [elo_difference(float(a["low"])) for _, a in anchors]
        hi = [elo_difference(float(a["high"])) for _, a in anchors]
        axes[1].errorbar(am, mid, yerr=[[m - a for m, a in zip(mid, lo, strict=True)],
                                        [b - m for m, b in zip(mid, hi, strict=True)]],
                         fmt="s-", capsize=3,
                         label="best vs gen. 0 on deals of their own (95% interval)")
        axes[1].axhline(0, color="grey", linestyle="--", linewidth=1)
        axes[1].legend(loc="upper left")
        axes[1].set_ylabel("Elo of best vs gen. 0")
        summed = axes[1].twinx()
        summed.step(minutes, elo, where="post", color="grey", linestyle=":",
                    linewidth=1)
        summed.set_ylabel("sum over accepted candidates\n(runs ahead)", color="grey")
    else:
        axes[1].step(minutes, elo, where="post", marker=".")
        axes[1].set_ylabel("Elo of best vs gen. 0\n(sum over accepted; runs ahead)")
    # points marked: a log of one round is one point, which a bare line does not draw (an
    # audit saw the loss panel empty)
    axes[2].plot(minutes, [x["policy_loss"] for x in lines], marker="o", label="policy loss")
    axes[2].plot(minutes, [x["value_loss"] for x in lines], marker="o", label="value loss")
    fresh = [(m, x["fresh"]) for m, x in zip(minutes, lines, strict=True) if x.get("fresh")]
    if fresh:
        # the round's new games, scored before training on them (a held-out check)
        axes[2].plot([m for m, _ in fresh], [f["policy_loss"] for _, f in fresh],
                     marker="x", label="policy loss, new games (held out)")
        axes[2].plot([m for m, _ in fresh], [f["uniform_policy_loss"] for _, f in fresh],
                     linestyle=":", marker=".", color="grey", label="uniform guess, new games")
    axes[2].set_ylabel("loss")
    axes[2].set_xlabel("training time (minutes)")
    axes[2].legend(loc="upper right")
    fig.suptitle(f"Training curve: {log.name}")
    png = out_dir / "training.png"
    fig.savefig(png)
    last = lines[-1]
    accepted = sum(1 for x in lines if x.get("accepted"))
    rows = "\n".join(
        f"| {x['round']} | {float(x['seconds']) / 60:.1f} | {x['games']} | "
        f"{x['eval']['win_rate']:.0%} [{x['eval']['low']:.0%}, {x['eval']['high']:.0%}] "
        f"of {x['eval']['games']} | {'yes' if x.get('accepted') else 'no'} | "
        f"{signed_elo(e)} | {_anchor(x)} | {x['policy_loss']:.3f} | {_fresh(x)} | "
        f"{x['value_loss']:.3f} |"
        for x, e in zip(lines, elo, strict=True))
    measured = [x for x in lines if x.get("anchor")]
    if measured:
        a = measured[-1]["anchor"]
        anchored = (f" Measured against generation 0 on deals of their own at round "
                    f"{measured[-1]['round']}, the best network scored {_anchor(measured[-1])}"
                    f" ({signed_elo(a['elo'])} Elo); the sum above counts each accepted "
                    "candidate's evaluation, which went its way, so it runs ahead of that.")
    else:
        anchored = (" The sum counts each accepted candidate's evaluation, which went its "
                    "way, so it runs ahead of the truth; `warroom train --anchor-every K` "
                    "measures the best network against generation 0 on deals of their own.")
    page = out_dir / "training.md"
    page.write_text(
        f"# Training curve\n\n"
        f"{len(lines)} round{'s' if len(lines) != 1 else ''} in "
        f"{float(last['seconds']) / 60:.1f} minutes, "
        f"{last['games']} self-play games, {last['steps']} training steps; "
        f"{accepted} candidate(s) accepted; the best network stands "
        f"{signed_elo(elo[-1])} Elo from generation 0 (the search with the hand evaluation) "
        f"by the sum of the accepted candidates' evaluations.{anchored}\n\n"
        f"![training curve](training.png)\n\n"
        "| round | minutes | games | candidate vs best | accepted | Elo of best (sum) | "
        "best vs gen. 0, own deals | "
        "policy loss | policy loss on the new games (uniform guess) | value loss |\n"
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n"
        f"{rows}\n", encoding="utf-8")
    return page
