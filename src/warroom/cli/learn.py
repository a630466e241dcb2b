"""``warroom train``: self-play training of a network that guides the search (issue 16).

PyTorch is an optional extra (``pip install -e '.[learn]'``), so the training module is
imported only when the command runs: ``warroom play`` never pays for loading torch.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from warroom.cli.common import expand_home, printable
from warroom.core.errors import WarroomError
from warroom.sim.stats import signed_elo

err = Console(stderr=True, highlight=False, soft_wrap=True)
out = Console(highlight=False, soft_wrap=True)


def _torch_missing() -> None:
    err.print(Text.assemble(("error: ", "bold red"),
                            "training needs PyTorch: pip install -e '.[learn]'"))
    raise typer.Exit(2)


def train(
    game: Annotated[str, typer.Argument(help="Game id.")],
    scenario: Annotated[str | None, typer.Option(help="Scenario.")] = None,
    minutes: Annotated[float | None, typer.Option(
        help="Wall-clock minutes of training, checked before each round (a round begun "
        "finishes). Default: 10, or no limit with --rounds; with both, the run stops at "
        "whichever comes first.", show_default=False)] = None,
    out_: Annotated[Path, typer.Option("--out", help="Model file (best network).",
                                       callback=expand_home)]
    = Path("model.pt"),
    seed: Annotated[int, typer.Option(help="Seed of the whole run.")] = 0,
    backend: Annotated[str, typer.Option(help="local (process pool) or ray.")] = "local",
    address: Annotated[str | None, typer.Option(help="Ray cluster address.")] = None,
    device: Annotated[str, typer.Option(help="cpu or cuda (training and inference).")]
    = "cpu",
    jobs: Annotated[int, typer.Option(help="Self-play worker processes.")] = 1,
    iterations: Annotated[int, typer.Option(help="Search iterations per decision.")] = 64,
    games_per_round: Annotated[int, typer.Option(
        help="Self-play games per round (0: train on --games only).")] = 8,
    eval_games: Annotated[int, typer.Option(help="Evaluation games per round.")] = 8,
    steps_per_round: Annotated[int, typer.Option(help="Training steps per round.")] = 100,
    rounds: Annotated[int | None, typer.Option(help="Stop after this many rounds.")] = None,
    hidden: Annotated[int, typer.Option(help="Width of the network.")] = 256,
    mix: Annotated[float, typer.Option(
        help="Leaf value = (1 - mix) x network + mix x the game's hand evaluation.")] = 0.5,
    resume: Annotated[bool, typer.Option(
        "--resume", help="Carry on the run of --out from its checkpoint (MODEL.ckpt.pt), "
        "with the same settings; --rounds counts all its rounds.")] = False,
    init: Annotated[Path | None, typer.Option(
        help="Start from this model's weights; it is the best so far, the network the "
        "candidates must beat.", callback=expand_home)] = None,
    teacher: Annotated[str, typer.Option(
        help="A bot spec that plays generation 0's self-play games instead of the plain "
        "search (e.g. ismcts:plans=script); the network learns its choices.")] = "",
    games: Annotated[list[Path] | None, typer.Option(
        "--games", help="Kept games (an earlier run's MODEL.games.jsonl.gz; repeatable) "
        "whose samples start this new run's buffer.", callback=expand_home)] = None,
    fresh: Annotated[bool, typer.Option(
        "--fresh", help="Start a new run over an earlier run's files at --out (its model, "
        "log, kept games and checkpoint are replaced); without it such an --out is "
        "refused.")] = False,
    anchor_every: Annotated[int, typer.Option(
        help="Every K rounds, the best network plays the hand-evaluation search on "
             "--eval-games deals of their own: its strength measured on games it was not "
             "chosen on (0: never).")] = 10,
) -> None:
    """Train a policy/value network by self-play with the network-guided search."""
    try:
        import warroom.sim.train as training  # optional: needs torch
    except ImportError:
        _torch_missing()
        return
    if minutes is not None and not minutes > 0:
        err.print(Text.assemble(("error: ", "bold red"), "--minutes must be more than 0 "
                                "(--rounds N stops the run after N rounds)"))
        raise typer.Exit(2)
    command = "warroom " + " ".join(shlex.quote(a) for a in sys.argv[1:])
    cfg = training.TrainConfig(
        game=game, scenario=scenario, minutes=-1.0 if minutes is None else minutes,
        seed=seed, out=out_, device=device,
        jobs=jobs, backend=backend, address=address, iterations=iterations,
        games_per_round=games_per_round, eval_games=eval_games,
        eval_iterations=iterations, steps_per_round=steps_per_round, max_rounds=rounds,
        hidden=hidden, mix=mix, command=command, resume=resume, init=init,
        teacher=teacher, games=tuple(games or ()), anchor_every=anchor_every, fresh=fresh)

    def show(line: dict[str, Any]) -> None:
        ev = line["eval"]
        err.print(f"round {line['round']}: {line['games']} games, {line['samples']} samples, "
                  f"policy loss {line['policy_loss_first']:.3f} -> {line['policy_loss']:.3f}, "
                  f"value loss {line['value_loss_first']:.3f} -> {line['value_loss']:.3f}; "
                  f"candidate scored {ev['win_rate']:.0%} "
                  f"[{ev['low']:.0%}, {ev['high']:.0%}] of {ev['games']} against the best"
                  f"{' (accepted)' if line['accepted'] else ''}; {line['seconds']:.0f} s")
        anchor = line.get("anchor")
        if anchor:
            err.print(f"  the best network against the hand-evaluation search, on deals of "
                      f"their own: {anchor['win_rate']:.0%} [{anchor['low']:.0%}, "
                      f"{anchor['high']:.0%}] of {anchor['games']} "
                      f"({signed_elo(anchor['elo'])} Elo)")
        fresh = line.get("fresh") or {}
        if fresh:
            err.print(f"  the round's new games, before training on them: policy loss "
                      f"{fresh['policy_loss']:.3f} (a uniform guess "
                      f"{fresh['uniform_policy_loss']:.3f}), the search's choice on top "
                      f"{fresh['top1']:.0%} (uniform {fresh['uniform_top1']:.0%})")

    try:
        last = training.train(cfg, show)
    except WarroomError as exc:
        err.print(Text.assemble(("error: ", "bold red"), printable(str(exc))))
        raise typer.Exit(2) from None
    except KeyboardInterrupt:
        # what is kept, and how to go on (it stopped without a word: a learning audit)
        ckpt = training.checkpoint_path(cfg)
        # (--fresh, --init and --games start a run: a resumed one is refused them)
        err.print("stopped: " + (f"the run's finished rounds are kept in {ckpt}; the same "
                                 "command with --resume in place of --fresh, --init or "
                                 "--games (and the --rounds or --minutes it still needs) "
                                 "carries it on" if ckpt.is_file()
                                 else "no round had finished, so nothing of this run is "
                                 "kept"), markup=False)
        raise typer.Exit(130) from None
    out.print(f"model: {Path(out_).expanduser()} (training log: "
              f"{training.log_path(cfg)}; games: {training.games_path(cfg)}); "
              f"{last.get('games', 0)} self-play games, "
              f"{last.get('steps', 0)} training steps"
              + (f", {last['loaded_games']} kept games loaded" if last.get("loaded_games")
                 else ""))
    if last.get("hand_evaluation_best"):
        out.print(f"No candidate beat the hand-evaluation search: {Path(out_).expanduser()} "
                  "holds the run's first network, which lost to it (plain ismcts is the "
                  "stronger bot by this run's evaluations; train longer, or --resume with "
                  "a larger --rounds).")
