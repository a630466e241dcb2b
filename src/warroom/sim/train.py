"""Self-play training of a policy/value network that guides the search (issue 16).

AlphaZero's loop, sized for these games (OpenSpiel's ``alpha_zero`` is the model):

1. **Self-play**: games between copies of network-guided ``ismcts`` (PUCT with the
   network's prior and leaf value; generation 0 has no network and searches with the
   game's hand evaluation, or with ``teacher``, a bot named by its spec). Every
   decision with a choice gives a sample: the acting
   role's input (:func:`warroom.ai.net.encode`: its observation, no hidden information),
   the legal-action mask, the search's visit distribution as the policy target, and —
   when the game ends — every role's return as the value target. The first
   ``temperature_moves`` decisions of a game sample an action in proportion to the
   visits (diverse openings); later decisions take the most visited. A ``teacher``
   (``--teacher ismcts:plans=script``) plays generation 0's games instead of the plain
   search, as AlphaGo's first policy network learnt from expert games: its policy target
   is the teacher's own visit shares when it searches the legal actions, else its choice
   (one-hot); once a candidate beats the hand evaluation, the guided search self-plays.
2. **Replay buffer**: the last ``buffer`` samples. Before a round's games join it, the
   network is scored on them (games it has never trained on: a held-out check, ``fresh``
   in the log): its policy loss and how often its top action is the search's, against a
   uniform guess over the legal actions. A policy loss on the buffer that falls while the
   held-out one stays at the uniform guess is a network learning the games by heart.
3. **Training**: Adam on cross-entropy of the masked policy against the visit
   distribution plus mean squared error of the values.
4. **Evaluation**: every round, the trained network (the candidate) plays the best so
   far, both seatings; it replaces the best when it wins at least ``accept`` of the games
   (a one-role game plays each seed with both, and the candidate scores a game when its
   return, then its score, is the higher). The result, with its Wilson
   95% interval and an Elo difference, goes to the training log. Every
   ``anchor_every`` rounds the best network also plays generation 0 (the search with the
   hand evaluation) on deals of its own (``anchor`` in the log): what the best network
   scores against the hand evaluation, measured on games it was not chosen on. The Elo
   of the best summed over accepted candidates runs ahead of it, as each candidate is
   accepted on an evaluation that went its way.
5. **Checkpoints**: the candidate is written next to ``--out`` after each round, and
   ``--out`` gets the first round's network and then every accepted one, so an
   interrupted run keeps what it learnt and ``--out`` never holds an earlier run's model.
   After each round the whole run is also written to ``MODEL.ckpt.pt`` (the network in
   full precision, the optimiser, the replay buffer, the round, the random generators and
   which network is the best); ``resume=True`` (``warroom train --resume``) carries on
   from it, so training can be spread over sittings (a 2-core machine, or a GPU lent for
   minutes), and a run of N rounds resumed after k is the same run as one of N rounds.
   ``init`` (``--init MODEL``) starts from a trained model instead: its weights, and it is
   the best so far, the network the candidates must beat (a fresh optimiser and buffer).
6. **Kept games**: every self-play game (a teacher's included, the costliest thing a run
   makes) is appended to ``MODEL.games.jsonl.gz``, one JSON line a game: its seed and
   scenario, and at each decision with a choice the action played and the policy target
   by action key (format ``warroom-games/1``). ``games`` (``warroom train --games FILE``,
   repeatable) puts the samples of such files into a new run's buffer before its first
   round (``games_per_round`` 0: a run that trains on them alone): each game is
   replayed through the rules (so the inputs are the current encoding's, and keys, not
   ids, name the actions), and a game that no longer replays to its recorded result is
   refused. So expensive games, a stronger teacher's above all, add up over runs and
   sittings instead of being played again. A game a rules change stopped replaying can
   be kept as its prefix up to that change (:data:`PREFIX`).

The training log is JSON lines next to the model (``MODEL.log.jsonl``): one line per
round with the losses, samples, games, seconds, and the evaluation.

Self-play games run on the batch backends (a local process pool, or Ray); each game's
seed is ``derive_seed(seed, round * 100_000 + i)``, so a run is reproducible for a given
number of games per round, whatever the number of workers.
"""

from __future__ import annotations

import errno
import gzip
import json
import math
import os
import random
import re
import shutil
import time
import zlib
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import IO, Any, Literal

import torch

try:
    import fcntl
except ImportError:                     # not on this system: runs are not locked
    fcntl = None  # type: ignore[assignment]

from warroom.ai import Bot, make_bot
from warroom.ai.ismcts import ISMCTSBot
from warroom.ai.net import (
    ModelInfo,
    PolicyValueNet,
    encode,
    guided_params,
    load_model,
    new_model,
    save_model,
)
from warroom.core.actions import Action
from warroom.core.errors import ContentError, UnknownGameError, WarroomError
from warroom.core.files import path_problem, writable_folder
from warroom.core.protocol import Game, State, apply, legal_actions, new_game, result
from warroom.core.rng import Rng, derive_seed, seed_problem
from warroom.games import load_game
from warroom.sim.backends import check_backend, run_tasks
from warroom.sim.stats import elo_difference, wilson


@dataclass
class Sample:
    """One decision of a self-play game, as the network learns from it."""

    x: list[float]
    legal: list[int]
    policy: list[float]          # visit share of each action in ``legal``
    role: int
    z: list[float] = field(default_factory=list)   # every role's return, once known


@dataclass
class TrainConfig:
    game: str
    scenario: str | None = None
    minutes: float = -1.0
    """Wall-clock minutes, checked before each round; 0: no limit (``max_rounds`` then
    ends the run). With both, the run stops at whichever comes first. The default (-1)
    is 10 minutes, or no limit with ``max_rounds`` (as ``warroom train`` reads them)."""
    seed: int = 0
    out: Path = Path("model.pt")
    device: str = "cpu"
    jobs: int = 1
    backend: str = "local"
    address: str | None = None
    iterations: int = 64            # search iterations per self-play decision
    games_per_round: int = 8
    eval_games: int = 8
    eval_iterations: int = 64
    accept: float = 0.55
    buffer: int = 50_000
    batch: int = 256
    steps_per_round: int = 100
    lr: float = 1e-3
    weight_decay: float = 1e-4
    hidden: int = 256
    blocks: int = 2
    temperature_moves: int = 20
    mix: float = 0.5                # value = (1 - mix) * network + mix * hand evaluation
    max_rounds: int | None = None
    command: str = ""
    resume: bool = False            # carry on from MODEL.ckpt.pt
    init: Path | None = None        # start from this model's weights (it is the best so far)
    teacher: str = ""               # bot spec playing generation 0's games ("": the search)
    games: tuple[Path, ...] = ()    # kept games whose samples start a new run's buffer
    anchor_every: int = 10          # every K rounds the best plays generation 0 (0: never)
    fresh: bool = False             # a new run may replace an earlier run's files at --out

    def __post_init__(self) -> None:
        if self.minutes == -1.0:
            # until 8 December 2026 --rounds turned the clock off whatever --minutes said
            # (a learning audit); left unsaid, it still does
            self.minutes = 0.0 if self.max_rounds is not None else 10.0


CHECKPOINT = "warroom-checkpoint/1"
"""(``warroom.ai.net.load_model`` knows a checkpoint by this prefix, to say so.)"""

clock = time.monotonic
"""The run's clock for ``--minutes`` (a test replaces it, not the machine's)."""
RUN_FIELDS = ("game", "scenario", "seed", "iterations", "games_per_round", "eval_games",
              "eval_iterations", "accept", "buffer", "batch", "steps_per_round", "lr",
              "weight_decay", "hidden", "blocks", "temperature_moves", "mix", "teacher")
"""The settings that make a run what it is: a checkpoint resumes only with the same."""
GAMES = "warroom-games/1"


def _searcher(game: Game, net_path: str | None, seed: int, iterations: int,
              mix: float = 0.0) -> ISMCTSBot:
    """The self-play and evaluation search: PUCT guided by the network at ``net_path``
    (its value blended with the hand evaluation by ``mix``), or (generation 0, ``None``)
    the plain search with the game's hand evaluation."""
    if net_path is None:
        return ISMCTSBot(seed=seed, iterations=iterations)
    return ISMCTSBot(seed=seed, iterations=iterations,
                     **guided_params(load_model(net_path, game), mix))


@contextmanager
def _one_thread() -> Iterator[None]:
    """PyTorch on one thread while a game is played (many play at once, one a core), then
    back to what it was: a game played in the main process (``--jobs 1``) once left every
    later training step on one thread, and float sums over another number of threads
    differ in their last bits, so a run's weights depended on ``--jobs`` and a resumed
    sitting differed from one run in a go."""
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        yield
    finally:
        torch.set_num_threads(before)


def self_play_game(game_id: str, scenario: str | None, seed: int, net_path: str | None,
                   iterations: int, temperature_moves: int, mix: float = 0.0,
                   teacher: str = "") -> tuple[list[Sample], dict[str, Any]]:
    """One self-play game: its samples (value targets filled in) and a summary. With a
    ``teacher`` spec and no network, that bot plays every seat: the policy target is its
    visit shares when it reports them for the legal actions, else its choice (one-hot),
    and its choice is played (no temperature: the teacher decides)."""
    with _one_thread():
        return _self_play_game(game_id, scenario, seed, net_path, iterations,
                               temperature_moves, mix, teacher)


def _self_play_game(game_id: str, scenario: str | None, seed: int, net_path: str | None,
                    iterations: int, temperature_moves: int, mix: float,
                    teacher: str) -> tuple[list[Sample], dict[str, Any]]:
    game = load_game(game_id)
    state = new_game(game, scenario, seed)
    if teacher and net_path is None:
        return _teacher_game(game, state, make_bot(teacher, derive_seed(seed, 1)), seed)
    bot = _searcher(game, net_path, derive_seed(seed, 1), iterations, mix)
    pick = Rng(derive_seed(seed, 2))

    def decide(legal: list[Action], n: int) -> tuple[list[float], Action]:
        # the search's visit shares; the n-th decision with a choice samples from them
        # while n <= temperature_moves, later ones take the most visited
        bot.choose(state)
        counts = _visit_counts(bot, legal)
        total = sum(counts)
        policy = [c / total for c in counts] if total else [1.0 / len(legal)] * len(legal)
        if n <= temperature_moves:
            r = pick.random() * sum(policy)
            i = 0
            while i < len(policy) - 1 and r >= policy[i]:
                r -= policy[i]
                i += 1
            return policy, legal[i]
        return policy, legal[max(range(len(legal)), key=lambda k: (counts[k], -legal[k].id))]

    return _play_out(game, state, seed, decide)


def _teacher_game(game: Game, state: State[Any], bot: Bot, seed: int
                  ) -> tuple[list[Sample], dict[str, Any]]:
    """A generation-0 game played by the teacher bot in every seat (see
    :func:`self_play_game`)."""

    def decide(legal: list[Action], _n: int) -> tuple[list[float], Action]:
        choice = bot.choose(state)
        counts = _visit_counts(bot, legal)
        if counts[[a.key for a in legal].index(choice.key)] > 0:
            total = sum(counts)
            return [c / total for c in counts], choice
        return [1.0 if a.key == choice.key else 0.0 for a in legal], choice

    return _play_out(game, state, seed, decide)


def _play_out(game: Game, state: State[Any], seed: int,
              decide: Callable[[list[Action], int], tuple[list[float], Action]],
              stop: int | None = None) -> tuple[list[Sample], dict[str, Any]]:
    """Play ``state`` to the end: forced moves as they come; at every decision with a
    choice ``decide(legal, n)`` (n counts those decisions from 1) gives the policy target
    and the action played, and the acting role's input is kept with them as a sample.
    With ``stop`` (a kept game's prefix) the play stops at the decision with a choice
    after the ``stop``-th: the summary then has no ``returns`` and the samples no value
    target (the caller gives them one)."""
    samples: list[Sample] = []
    moves: list[list[Any]] = []      # [action played, {action: policy share}], kept games
    limit = game.max_decisions()
    while state.active is not None:
        legal = legal_actions(state)
        if len(legal) == 1:
            apply(state, legal[0])
            continue
        if stop is not None and len(samples) == stop:
            return samples, {"seed": seed, "samples": len(samples), "moves": moves,
                             "decisions": state.data["decisions"]}
        role = state.active
        x = encode(game, state, role)
        policy, choice = decide(legal, len(samples) + 1)
        samples.append(Sample(x, [a.id for a in legal], policy, game.roles.index(role)))
        moves.append([choice.key, {a.key: p for a, p in zip(legal, policy, strict=True)
                                   if p}])
        apply(state, choice)
        if state.data["decisions"] > limit:
            raise RuntimeError(f"runaway training game (seed {seed})")
    samples, summary = _finish(game, state, samples, seed)
    summary["moves"] = moves
    return samples, summary


def _visit_counts(bot: Bot, legal: list[Action]) -> list[float]:
    """The visits the bot's last search gave each legal action (0 for all when it reports
    none: a bot that does not search the legal actions)."""
    last = getattr(bot, "last", None)
    visits: dict[str, int] = last.get("visits", {}) if isinstance(last, dict) else {}
    return [float(visits.get(a.key, 0)) for a in legal]


def _finish(game: Game, state: State[Any], samples: list[Sample], seed: int
            ) -> tuple[list[Sample], dict[str, Any]]:
    """A finished game's samples with every role's return as their value target, and
    its summary."""
    out = result(state)
    assert out is not None
    z = [float(out.returns.get(r, 0.0)) for r in game.roles]
    for s in samples:
        s.z = z
    return samples, {"seed": seed, "returns": z, "winner": out.winner,
                     "label": out.label, "decisions": state.data["decisions"],
                     "samples": len(samples)}


def match_game(game_id: str, scenario: str | None, seed: int, seats: dict[str, str | None],
               iterations: int, mix: float = 0.0) -> dict[str, Any]:
    """One evaluation game: each role searches with its own network (None: hand
    evaluation), greedy choice (no temperature)."""
    with _one_thread():
        return _match_game(game_id, scenario, seed, seats, iterations, mix)


def _match_game(game_id: str, scenario: str | None, seed: int, seats: dict[str, str | None],
                iterations: int, mix: float) -> dict[str, Any]:
    game = load_game(game_id)
    state = new_game(game, scenario, seed)
    bots = {role: _searcher(game, path, derive_seed(seed, k + 1), iterations, mix)
            for k, (role, path) in enumerate(seats.items())}
    while state.active is not None:
        apply(state, bots[state.active].choose(state))
    out = result(state)
    assert out is not None
    return {"seed": seed, "returns": dict(out.returns), "winner": out.winner,
            "score": float(next(iter(out.scores.values()), 0.0))}


def _batch_tensors(chosen: list[Sample], n_actions: int, device: str
                   ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    x = torch.tensor([s.x for s in chosen], dtype=torch.float32, device=device)
    mask = torch.full((len(chosen), n_actions), -1e9, device=device)
    target = torch.zeros((len(chosen), n_actions), device=device)
    for i, s in enumerate(chosen):
        idx = torch.tensor(s.legal, device=device)
        mask[i, idx] = 0.0
        target[i, idx] = torch.tensor(s.policy, device=device)
    z = torch.tensor([s.z for s in chosen], dtype=torch.float32, device=device)
    return x, mask, target, z


def _losses(net: PolicyValueNet, batch: tuple[torch.Tensor, ...]
            ) -> tuple[torch.Tensor, torch.Tensor]:
    """Cross-entropy of the masked policy against the visit shares; MSE of the values."""
    x, mask, target, z = batch
    logits, values = net(x)
    logp = torch.log_softmax(logits + mask, dim=1)
    return -(target * logp).sum(dim=1).mean(), ((values - z) ** 2).mean()


def _train_steps(net: PolicyValueNet, opt: torch.optim.Optimizer, buffer: deque[Sample],
                 steps: int, batch: int, rng: random.Random,
                 device: str) -> dict[str, float]:
    """``steps`` minibatches from the buffer. The losses are measured on a fixed sample of
    the buffer (up to 1024 positions) before and after the steps, so the log shows
    whether the round's training lowered them on the data it trained on."""
    n_actions = net.info.n_actions
    items = list(buffer)
    probe = _batch_tensors([items[rng.randrange(len(items))]
                            for _ in range(min(1024, len(items)))], n_actions, device)
    net.eval()
    with torch.no_grad():
        pol0, val0 = _losses(net, probe)
    net.train()
    for _ in range(steps):
        chosen = [items[rng.randrange(len(items))] for _ in range(min(batch, len(items)))]
        pol, val = _losses(net, _batch_tensors(chosen, n_actions, device))
        opt.zero_grad()
        (pol + val).backward()  # type: ignore[no-untyped-call]
        opt.step()
    net.eval()
    with torch.no_grad():
        pol1, val1 = _losses(net, probe)
    return {"policy_loss_first": float(pol0), "policy_loss": float(pol1),
            "value_loss_first": float(val0), "value_loss": float(val1)}


def held_out(net: PolicyValueNet, samples: list[Sample], device: str) -> dict[str, float]:
    """The network scored on ``samples`` it has not trained on: the policy's cross-entropy
    against the visit shares, the share of positions where its most likely action is the
    search's most visited, and the probability it gives that action, each with what a
    uniform guess over the legal actions scores (the baseline a useful prior must beat)."""
    chosen = [s for s in samples if len(s.legal) > 1][:2048]
    if not chosen:
        return {}
    x, mask, target, _z = _batch_tensors(chosen, net.info.n_actions, device)
    net.eval()
    with torch.no_grad():
        logits, _values = net(x)
        logp = torch.log_softmax(logits + mask, dim=1)
    best = target.argmax(dim=1, keepdim=True)
    legal_n = torch.tensor([float(len(s.legal)) for s in chosen], device=device)
    return {"positions": float(len(chosen)),
            "policy_loss": float(-(target * logp).sum(dim=1).mean()),
            "uniform_policy_loss": float(torch.log(legal_n).mean()),
            "top1": float((logp.argmax(dim=1, keepdim=True) == best).float().mean()),
            "uniform_top1": float((1.0 / legal_n).mean()),
            "p_best": float(logp.gather(1, best).exp().mean()),
            "target_entropy": float(-(target * torch.log(target.clamp_min(1e-12)))
                                    .sum(dim=1).mean())}


EVAL_SEEDS = -1
ANCHOR_SEEDS = -2
"""The streams of a round's evaluation and anchor deals: game ``i`` of round ``r`` has seed
``derive_seed(derive_seed(seed, stream), r * 1000 + i)``, so neither meets the self-play
deals (``derive_seed(seed, r * 100_000 + i)``) nor the other: evaluation deals counted
from 1,000,000 in the self-play stream once replayed the self-play deals of round 10 on
(an ML audit: rounds 100 and 200 were evaluated on deals already trained on)."""


def deal_seed(seed: int, stream: int, round_: int, i: int) -> int:
    """The seed of evaluation (``stream`` :data:`EVAL_SEEDS`) or anchor
    (:data:`ANCHOR_SEEDS`) game ``i`` of round ``round_``."""
    return derive_seed(derive_seed(seed, stream), round_ * 1000 + i)


def self_play_seed(seed: int, round_: int, i: int) -> int:
    """The seed of self-play game ``i`` of round ``round_`` (whatever the workers)."""
    return derive_seed(seed, round_ * 100_000 + i)


def evaluate(cfg: TrainConfig, candidate: str, best: str | None, round_: int,
             seeds: int = EVAL_SEEDS) -> dict[str, Any]:
    """Candidate against the best so far (``None``: generation 0, the search with the
    hand evaluation), both seatings; the candidate's score share."""
    game = load_game(cfg.game)
    roles = list(game.roles)
    tasks: list[tuple[Any, ...]] = []
    for i in range(cfg.eval_games):
        seed = deal_seed(cfg.seed, seeds, round_, i)
        if len(roles) == 1:
            tasks.append((cfg.game, cfg.scenario, seed, {roles[0]: candidate},
                          cfg.eval_iterations, cfg.mix))
            tasks.append((cfg.game, cfg.scenario, seed, {roles[0]: best},
                          cfg.eval_iterations, cfg.mix))
        else:
            cand_role = roles[i % len(roles)]
            seats = {r: (candidate if r == cand_role else best) for r in roles}
            tasks.append((cfg.game, cfg.scenario, seed, seats, cfg.eval_iterations, cfg.mix))
    results = list(run_tasks(match_game, tasks, jobs=cfg.jobs, backend=cfg.backend,
                               address=cfg.address, max_tasks=len(tasks)))
    if len(roles) == 1:
        # the same seed played by each: compare the return, then the score (eaw1940's VP)
        cand = [(r["returns"][roles[0]], r["score"]) for r in results[0::2]]
        base = [(r["returns"][roles[0]], r["score"]) for r in results[1::2]]
        score = sum(1.0 if c > b else 0.5 if c == b else 0.0
                    for c, b in zip(cand, base, strict=True))
        n = len(cand)
        extra = {"candidate_mean_return": sum(c[0] for c in cand) / n,
                 "best_mean_return": sum(b[0] for b in base) / n,
                 "candidate_mean_score": sum(c[1] for c in cand) / n,
                 "best_mean_score": sum(b[1] for b in base) / n}
    else:
        score = 0.0
        for i, r in enumerate(results):
            cand_role = roles[i % len(roles)]
            ret = r["returns"][cand_role]
            score += 1.0 if ret > 0 else 0.5 if ret == 0 else 0.0
        n = len(results)
        extra = {}
    rate = wilson(score, n)
    low, high = rate.lo, rate.hi
    share = score / n if n else 0.0
    return {"games": n, "score": score, "win_rate": share, "low": low, "high": high,
            "elo": elo_difference(share), **extra}


def log_path(cfg: TrainConfig) -> Path:
    """The training log of a run: ``MODEL.log.jsonl`` beside the model."""
    out = Path(cfg.out).expanduser()
    return out.with_name(out.stem + ".log.jsonl")


def checkpoint_path(cfg: TrainConfig) -> Path:
    """The checkpoint of a run: ``MODEL.ckpt.pt`` beside the model."""
    out = Path(cfg.out).expanduser()
    return out.with_name(out.stem + ".ckpt" + out.suffix)


def games_path(cfg: TrainConfig) -> Path:
    """The kept games of a run: ``MODEL.games.jsonl.gz`` beside the model."""
    out = Path(cfg.out).expanduser()
    return out.with_name(out.stem + ".games.jsonl.gz")


def game_line(game: Game, scenario: str | None, round_: int, teacher: str,
              summary: dict[str, Any]) -> dict[str, Any]:
    """A played game as a line of a kept-games file (``summary`` as
    :func:`self_play_game` returns it)."""
    return {"format": GAMES, "game": game.id, "scenario": scenario or game.default_scenario,
            "seed": summary["seed"], "round": round_, "teacher": teacher,
            "returns": summary["returns"], "moves": summary["moves"]}


def _kept_round(text: str) -> int:
    """The round a kept-games line was played in; -1 (before any checkpoint: kept) for a
    line that does not say (not JSON, no round), which ``--games`` judges on its own."""
    try:
        line = json.loads(text)
    except ValueError:
        return -1
    r = line.get("round") if isinstance(line, dict) else None
    return r if isinstance(r, int) and not isinstance(r, bool) else -1


def open_games(path: Path, mode: Literal["r", "a", "w"] = "r") -> IO[str]:
    """A kept-games file as text, to read (``"r"``), append to (``"a"``) or write anew
    (``"w"``): gzip when its name ends in ``.gz``."""
    if path.suffix == ".gz":
        if mode == "w":
            return gzip.open(path, "wt", encoding="utf-8")
        return gzip.open(path, "at" if mode == "a" else "rt", encoding="utf-8")
    return path.open(mode, encoding="utf-8")


PREFIX = "prefix"
"""A kept game's key that makes it a prefix: ``{"of": N, "commit": C}``, the first
``len(moves)`` decisions of a game of N decisions played under the rules of commit C, where
it replays whole to its ``returns``; the rules changed since, and
``benchmarks/salvage_games.py`` kept the decisions before the first one at which today's
rules reach another state or another menu than C's (so each kept decision is the position
the teacher searched). Replayed, the prefix stops there; its samples' value target is the
result the whole game had under C's rules, the only one known."""


def _prefix_of(line: dict[str, Any], kept: int) -> int:
    """A kept game's decisions in all when it is a prefix (:data:`PREFIX`), else 0."""
    prefix = line.get(PREFIX)
    if prefix is None:
        return 0
    if not isinstance(prefix, dict) or not isinstance(prefix.get("of"), int) \
            or isinstance(prefix["of"], bool) or not isinstance(prefix.get("commit"), str):
        raise ValueError(f'{PREFIX} must be {{"of": decisions, "commit": "..."}}, '
                         f"not {prefix!r}")
    if not 0 < kept < prefix["of"]:
        raise ValueError(f"a prefix keeps from 1 to {prefix['of'] - 1} of its game's "
                         f"{prefix['of']} decisions, not {kept}")
    return int(prefix["of"])


def replay_game(game: Game, line: dict[str, Any], where: str) -> list[Sample]:
    """The samples of a kept game, replayed through the rules from its seed; a game that
    does not replay (an action no longer legal, a result other than the recorded one: the
    rules or content changed since) raises :class:`ContentError` naming ``where``. A
    prefix (:data:`PREFIX`) replays its decisions and stops, the game still going."""
    try:
        seed = int(line["seed"])
        state = new_game(game, str(line["scenario"]), seed)
        moves = list(line["moves"])
        recorded = [float(z) for z in line["returns"]]
        prefix = _prefix_of(line, len(moves))
    except (KeyError, TypeError, ValueError, WarroomError) as exc:
        raise ContentError(f"{where}: not a kept game ({exc})") from None

    def decide(legal: list[Action], n: int) -> tuple[list[float], Action]:
        if n > len(moves):
            raise ContentError(f"{where}: the game ends after {n - 1} decisions but goes on "
                               "when replayed; the rules or content changed since it was "
                               "played")
        try:
            key, shares = str(moves[n - 1][0]), dict(moves[n - 1][1])
            policy = [float(shares.pop(a.key, 0.0)) for a in legal]
        except (IndexError, KeyError, TypeError, ValueError) as exc:
            raise ContentError(f"{where}: decision {n} is malformed ({exc})") from None
        by_key = {a.key: a for a in legal}
        if key not in by_key or shares or abs(sum(policy) - 1.0) > 1e-6:
            raise ContentError(f"{where}: decision {n} ({key!r}) does not fit the legal "
                               "actions when replayed; the rules or content changed since "
                               "the game was played")
        return policy, by_key[key]

    try:
        samples, summary = _play_out(game, state, seed, decide,
                                     len(moves) if prefix else None)
    except RuntimeError as exc:           # the runaway guard
        raise ContentError(f"{where}: {exc}") from None
    if prefix:
        if "returns" in summary:
            raise ContentError(f"{where}: the first {len(moves)} decisions of a game of "
                               f"{prefix} were kept, but replayed the game ends after "
                               f"{summary['samples']}; the rules or content changed since "
                               "they were kept")
        # the result the whole game had where it was played (see PREFIX)
        for s in samples:
            s.z = list(recorded)
        return samples
    if summary["samples"] != len(moves) or summary["returns"] != recorded:
        raise ContentError(f"{where}: replayed, the game ends after {summary['samples']} "
                           f"decisions with returns {summary['returns']}, recorded "
                           f"{len(moves)} and {recorded}; the rules or content changed "
                           "since it was played")
    return samples


def load_games(game: Game, scenario: str | None, paths: tuple[Path, ...] | list[Path]
               ) -> tuple[list[Sample], int]:
    """The samples of the kept games in ``paths`` (of ``game`` and ``scenario``; the same
    game kept twice, in two files or as a round played again after ``--resume``, counts
    once) and how many games they are. Anything else is refused with
    :class:`ContentError` before a sample is returned."""
    lines = kept_lines(game, scenario, paths)
    return replay_lines(game, lines), len(lines)


def kept_lines(game: Game, scenario: str | None, paths: tuple[Path, ...] | list[Path]
               ) -> list[tuple[str, dict[str, Any]]]:
    """The kept games in ``paths`` as (where, line), read and checked (a kept game of
    ``game`` and ``scenario``), each game once, not yet replayed."""
    want = scenario or game.default_scenario
    lines: dict[tuple[Any, str], tuple[str, dict[str, Any]]] = {}
    for path in paths:
        path = Path(path).expanduser()
        if not path.is_file():
            problem = path_problem(path)
            raise ContentError(f"--games: cannot read {path}: {problem}" if problem
                               else f"--games: no file {path}")
        try:
            with open_games(path) as fh:
                for i, text in enumerate(fh, 1):
                    if not text.strip():
                        continue
                    where = f"{path} line {i}"
                    try:
                        line = json.loads(text)
                    except ValueError:
                        raise ContentError(f"{where}: not JSON") from None
                    if not isinstance(line, dict) or line.get("format") != GAMES:
                        raise ContentError(f"{where}: not a kept game ({GAMES})")
                    if line.get("game") != game.id or line.get("scenario") != want:
                        raise ContentError(
                            f"{where}: a game of {line.get('game')} {line.get('scenario')}, "
                            f"not {game.id} {want}; give games of the run's game and "
                            "scenario")
                    same = (line.get("seed"), json.dumps(line.get("moves"), sort_keys=True))
                    lines.setdefault(same, (where, line))
        except (OSError, EOFError, UnicodeDecodeError, zlib.error) as exc:
            raise ContentError(f"--games: cannot read {path} ({exc})") from None
    # a prefix (PREFIX) of a game also kept whole counts once, as the whole game
    whole: dict[Any, list[list[Any]]] = {}
    for _where, line in lines.values():
        if PREFIX not in line and isinstance(line.get("moves"), list):
            whole.setdefault(json.dumps(line.get("seed")), []).append(line["moves"])
    return [(where, line) for where, line in lines.values()
            if PREFIX not in line or not isinstance(line.get("moves"), list)
            or not any(m[:len(line["moves"])] == line["moves"]
                       for m in whole.get(json.dumps(line.get("seed")), []))]


def replay_lines(game: Game, lines: list[tuple[str, dict[str, Any]]]) -> list[Sample]:
    """The samples of kept games (:func:`kept_lines`), each replayed through the rules."""
    samples: list[Sample] = []
    for where, line in lines:
        samples.extend(replay_game(game, line, where))
    return samples


def replayed_deals(cfg: TrainConfig, lines: list[tuple[str, dict[str, Any]]]
                   ) -> list[tuple[int, int]]:
    """The (round, game) of this run's self-play whose deal is that of one of the kept
    games ``lines`` (a kept game of round ``r`` played with ``--seed`` S has the seed of
    game ``i`` of round ``r`` of a run with S; ``benchmarks/teacher_games.py --seed S``
    plays round 0's). A line without an integer seed is left to the replay to refuse."""
    if cfg.games_per_round <= 0:
        return []
    deals = {(line["round"] if isinstance(line.get("round"), int) else 0, line["seed"])
             for _where, line in lines if isinstance(line.get("seed"), int)}
    seeds = {seed for _r, seed in deals}
    return sorted((r, i) for r in sorted({r for r, _s in deals})
                  for i in range(cfg.games_per_round)
                  if self_play_seed(cfg.seed, r, i) in seeds)


def prune_games(game: Game, path: Path) -> tuple[int, list[str]]:
    """Keep in the kept-games file ``path`` only the games of ``game`` that still replay
    (:func:`replay_game`): after a rules or content change, the games played under the old
    rules that no longer fit are dropped and the others kept, so the file loads again
    without playing every game anew. Returns how many games are kept and, per game
    dropped, why. A line that is not a kept game of ``game`` (not JSON, another format or
    game) is refused with :class:`ContentError` and the file is left as it was; the new
    file is written beside it and then renamed over it."""
    path = Path(path).expanduser()
    if not path.is_file():
        raise ContentError(f"no file {path}")
    kept: list[str] = []
    dropped: list[str] = []
    try:
        with open_games(path) as fh:
            texts = [t for t in fh if t.strip()]
    except (OSError, EOFError, UnicodeDecodeError, zlib.error) as exc:
        raise ContentError(f"cannot read {path} ({exc})") from None
    lines: list[tuple[str, str, dict[str, Any]]] = []
    for i, text in enumerate(texts, 1):
        where = f"{path} line {i}"
        try:
            line = json.loads(text)
        except ValueError:
            raise ContentError(f"{where}: not JSON; nothing was changed") from None
        if not isinstance(line, dict) or line.get("format") != GAMES \
                or line.get("game") != game.id:
            raise ContentError(f"{where}: not a kept game of {game.id} ({GAMES}); nothing "
                               "was changed")
        lines.append((where, text if text.endswith("\n") else text + "\n", line))
    for where, text, line in lines:
        try:
            replay_game(game, line, where)
        except ContentError as exc:
            dropped.append(str(exc))
            continue
        kept.append(text)
    if dropped:
        tmp = path.with_name(".tmp-" + path.name)      # the same suffix: gzip or not
        with open_games(tmp, "w") as out:
            out.writelines(kept)
        tmp.replace(path)
    return len(kept), dropped


def _pack_buffer(buffer: deque[Sample]) -> dict[str, torch.Tensor]:
    """The replay buffer as tensors (float32, what training reads them as, so a resumed
    run trains on the same numbers)."""
    items = list(buffer)
    return {
        "x": torch.tensor([s.x for s in items], dtype=torch.float32),
        "legal": torch.tensor([a for s in items for a in s.legal], dtype=torch.int64),
        "policy": torch.tensor([p for s in items for p in s.policy], dtype=torch.float32),
        "sizes": torch.tensor([len(s.legal) for s in items], dtype=torch.int64),
        "role": torch.tensor([s.role for s in items], dtype=torch.int64),
        "z": torch.tensor([s.z for s in items], dtype=torch.float32),
    }


def _unpack_buffer(packed: dict[str, torch.Tensor], maxlen: int) -> deque[Sample]:
    buffer: deque[Sample] = deque(maxlen=maxlen)
    xs = packed["x"].tolist()
    legal = packed["legal"].tolist()
    policy = packed["policy"].tolist()
    roles = packed["role"].tolist()
    zs = packed["z"].tolist()
    at = 0
    for i, n in enumerate(packed["sizes"].tolist()):
        buffer.append(Sample(xs[i], legal[at:at + n], policy[at:at + n], roles[i], zs[i]))
        at += n
    return buffer


def _save_checkpoint(path: Path, cfg: TrainConfig, run: dict[str, Any],
                     net: PolicyValueNet, opt: torch.optim.Optimizer,
                     buffer: deque[Sample], rng: random.Random) -> None:
    """The whole run after a round (written to a temporary file, then renamed)."""
    blob = {"format": CHECKPOINT,
            "config": {k: getattr(cfg, k) for k in RUN_FIELDS},
            "run": run, "info": asdict(net.info),
            "net": {k: v.detach().to("cpu") for k, v in net.state_dict().items()},
            "opt": opt.state_dict(), "buffer": _pack_buffer(buffer),
            "rng": rng.getstate(), "torch_rng": torch.get_rng_state()}
    tmp = path.with_name(path.name + ".tmp")
    torch.save(blob, tmp)
    tmp.replace(path)


def _load_checkpoint(path: Path, cfg: TrainConfig) -> dict[str, Any]:
    """A checkpoint of this run, refused with what to do when it is missing, damaged or
    of a run with other settings."""
    if not path.is_file():
        # a folder, a FIFO: refused as every file read is, not "no checkpoint" (an audit)
        problem = path_problem(path)
        raise ContentError(f"--resume: cannot read checkpoint {path}: {problem}" if problem
                           else f"--resume: no checkpoint at {path}; start the run without "
                           "--resume (or give the --out of the run to resume)")
    try:
        blob = torch.load(path, map_location="cpu", weights_only=True)
    except Exception as exc:     # torch raises many kinds on a corrupt file
        raise ContentError(f"{path} is not a warroom training checkpoint "
                           f"({exc.__class__.__name__})") from None
    if not isinstance(blob, dict) or blob.get("format") != CHECKPOINT:
        raise ContentError(f"{path} is not a warroom training checkpoint ({CHECKPOINT})")
    saved = blob["config"]
    # a field added since the checkpoint was written has its default there
    defaults = TrainConfig(game=cfg.game)
    # named as the command line names them (it said "eval_iterations": a learning audit);
    # the CLI's --iterations sets both searches, so one difference is said once
    flag = {k: "--" + k.replace("_", "-") for k in RUN_FIELDS}
    flag["eval_iterations"] = "--iterations"
    seen: set[str] = set()
    differ = []
    for k in RUN_FIELDS:
        was = saved.get(k, getattr(defaults, k))
        if was != getattr(cfg, k) and flag[k] not in seen:
            seen.add(flag[k])
            differ.append(f"{flag[k]} {was!r} (now {getattr(cfg, k)!r})")
    if differ:
        raise ContentError(f"{path} is a run with other settings: {', '.join(differ)}; "
                           "resume with the same settings, or start a new run with "
                           "another --out")
    return blob


def check_settings(cfg: TrainConfig) -> None:
    """Refuse settings no run can use, before anything is written (a bad width or device
    would otherwise fail deep inside PyTorch and leave a half-written run behind)."""
    problems = []
    if not 1 <= cfg.hidden <= 65_536:
        problems.append(f"--hidden must be between 1 and 65536, not {cfg.hidden}")
    if not 0 <= cfg.blocks <= 64:
        problems.append(f"blocks must be between 0 and 64, not {cfg.blocks}")
    if cfg.max_rounds is not None and cfg.max_rounds < 1:
        problems.append(f"--rounds must be 1 or more, not {cfg.max_rounds}")
    if not math.isfinite(cfg.minutes) or cfg.minutes > 525_600:
        problems.append("--minutes must be a number of minutes (at most a year)")
    if cfg.steps_per_round < 1:
        problems.append(f"--steps-per-round must be 1 or more, not {cfg.steps_per_round}")
    if not 0.0 <= cfg.mix <= 1.0:
        problems.append(f"--mix must be between 0 and 1, not {cfg.mix}")
    if cfg.jobs < 1 or cfg.iterations < 1 or cfg.eval_iterations < 1 or cfg.eval_games < 1:
        problems.append("--jobs, --iterations and --eval-games must be 1 or more")
    if cfg.anchor_every < 0:
        problems.append("--anchor-every must be 0 (never) or more")
    bad_seed = seed_problem(cfg.seed, "--seed")
    if bad_seed:
        problems.append(bad_seed)
    if not re.fullmatch(r"cpu|cuda(:\d+)?", cfg.device):
        problems.append(f"--device must be cpu, cuda or cuda:N, not {cfg.device[:40]!r}")
    if problems:
        raise UnknownGameError("; ".join(problems))
    check_out(cfg)


def check_out(cfg: TrainConfig) -> None:
    """The folder of ``--out`` (model, log, kept games, checkpoint) can be made and written,
    checked before a round is played (it once failed after the first round)."""
    out = Path(cfg.out).expanduser()
    if out.is_dir():
        raise UnknownGameError(f"--out {cfg.out} is a folder; give the model's file name "
                               "(e.g. model.pt)")
    if not out.suffix:
        # its checkpoint and candidate were then written as OUT.ckpt and OUT.candidate,
        # not the OUT.ckpt.pt the README names (an audit)
        raise UnknownGameError(f"--out {cfg.out} names no model file: give it a suffix, "
                               f"e.g. --out {cfg.out}.pt (its log, kept games and "
                               "checkpoint are written beside it)")
    try:
        writable_folder(out.parent)
    except OSError as exc:
        # a file where a folder of the path should be (it said "File exists": an audit)
        why = ("a part of the path is a file, not a folder"
               if exc.errno in (errno.EEXIST, errno.ENOTDIR) else exc.strerror or str(exc))
        raise UnknownGameError(f"cannot write --out {cfg.out}: {why}") from None


def _log_round(text: str, default: int) -> int:
    """The round of a training log line (``default`` for one without); a damaged line (a run
    killed while writing it, an edit) counts as after the checkpoint, so it goes (resume
    gave a traceback: a learning audit)."""
    if not text.strip():
        return default
    try:
        line = json.loads(text)
    except ValueError:
        return default
    got = line.get("round", default) if isinstance(line, dict) else default
    return got if isinstance(got, int) else default


@contextmanager
def run_lock(cfg: TrainConfig) -> Iterator[None]:
    """One run at a time writes an ``--out`` (its model, log, kept games, checkpoint): a
    second is refused while the first holds ``OUT.lock`` (an advisory lock the system drops
    when its process ends, even killed). Two runs had written one --out at once, the kept
    games of a round twice (an audit). Where the system has no such locks, no check."""
    if fcntl is None:
        yield
        return
    out = Path(cfg.out).expanduser()
    path = out.with_name(out.name + ".lock")
    while True:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fh = path.open("w")
        except OSError:
            yield                       # the run's own checks say what is wrong with --out
            return
        try:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            fh.close()
            raise ContentError(f"another warroom train is writing to {cfg.out} now: wait for "
                               "it to end, or give this run another --out") from None
        if _same_file(fh, path):
            break
        # the run that held it ended and removed the file between our open and our lock:
        # this lock is on a file no other run will open (two runs got in so, a code review)
        fh.close()
    try:
        yield
    finally:
        path.unlink(missing_ok=True)
        fh.close()


def _same_file(fh: IO[str], path: Path) -> bool:
    """Whether ``path`` still names the file ``fh`` holds open."""
    try:
        there = path.stat()
    except OSError:
        return False
    held = os.fstat(fh.fileno())
    return (there.st_dev, there.st_ino) == (held.st_dev, held.st_ino)


def train(cfg: TrainConfig, progress: Callable[[dict[str, Any]], None] | None = None
          ) -> dict[str, Any]:
    """Run the loop until ``cfg.minutes`` or ``cfg.max_rounds``, whichever comes first;
    returns the last log line.
    A run refused before it wrote anything leaves no folder it made for ``--out`` (a
    learning audit found empty ones)."""
    made = [p for p in Path(cfg.out).expanduser().absolute().parents if not p.exists()]
    try:
        with run_lock(cfg):
            return _train(cfg, progress)
    except WarroomError:
        for folder in made:             # the deepest first
            try:
                folder.rmdir()          # only if empty
            except OSError:
                break
        raise


def _train(cfg: TrainConfig, progress: Callable[[dict[str, Any]], None] | None = None
           ) -> dict[str, Any]:
    if cfg.minutes <= 0 and cfg.max_rounds is None:
        raise UnknownGameError("--minutes must be more than 0")
    check_settings(cfg)
    game = load_game(cfg.game)
    if cfg.scenario is not None and cfg.scenario not in game.scenarios:
        raise UnknownGameError(f"{cfg.game} has no scenario {cfg.scenario!r}; scenarios: "
                               f"{', '.join(game.scenarios)}")
    if len(game.roles) == 2 and cfg.eval_games % 2:
        # each deal in both seatings (game i seats the candidate as role i % 2): an odd
        # count gave one seat one more game, and with 1 the candidate only ever played the
        # first role, which 1920 favours (an audit)
        raise UnknownGameError(f"--eval-games must be even in a two-player game (each deal "
                               f"is played in both seatings), not {cfg.eval_games}")
    if not game.has_winner:
        raise UnknownGameError(f"{cfg.game} has no winner (its returns are all 0): a "
                               "network has nothing to learn from its games")
    check_backend(cfg.backend, cfg.jobs, cfg.address)
    if cfg.device.startswith("cuda") and not torch.cuda.is_available():
        raise UnknownGameError("--device cuda: no CUDA device is available here; use cpu")
    if cfg.teacher:
        if cfg.init is not None:
            raise ContentError("--teacher plays generation 0's games, --init starts past "
                               "generation 0 (its model is the best so far): give one of "
                               "them")
        # a bad spec, or a model of another game, is refused here, not in a worker once
        # the log was written (a learning audit)
        make_bot(cfg.teacher, game=game)
    if cfg.resume and cfg.fresh:
        # (--fresh was ignored: a learning audit)
        raise ContentError("--resume carries on the run at --out, --fresh replaces it: give "
                           "one of them")
    if cfg.resume and cfg.init is not None:
        raise ContentError("--resume carries on a run, --init starts one from a model: "
                           "give one of them")
    if cfg.init is not None and (Path(cfg.init).expanduser().resolve()
                                 == Path(cfg.out).expanduser().resolve()):
        # the run would write its candidates over the model it starts from (a learning
        # audit: the best so far became a rejected candidate)
        raise ContentError(f"--init {cfg.init} is this run's --out: give the new run "
                           "another --out")
    if cfg.games_per_round < 0:
        raise ContentError(f"--games-per-round must be 0 (train on --games only) or more, "
                           f"not {cfg.games_per_round}")
    if cfg.games_per_round == 0 and not cfg.games and not cfg.resume:
        raise ContentError("--games-per-round 0 trains on kept games only: give --games "
                           "FILE, or play 1 or more games a round")
    if cfg.resume and cfg.games:
        raise ContentError("--games fills a new run's buffer; a resumed run has its games "
                           "in its checkpoint: start a new run (another --out) with --games")
    loaded: list[Sample] = []
    loaded_games = 0
    if cfg.games:
        own = games_path(cfg).resolve()
        if any(Path(g).expanduser().resolve() == own for g in cfg.games):
            raise ContentError(f"--games {own} is the kept-games file of this --out, which a "
                               "new run starts afresh: copy it elsewhere, or give another "
                               "--out")
        lines = kept_lines(game, cfg.scenario, cfg.games)
        loaded, loaded_games = replay_lines(game, lines), len(lines)
        again = replayed_deals(cfg, lines)
        if again:
            r, i = again[0]
            raise ContentError(
                f"--seed {cfg.seed} is the seed that kept games were played with "
                f"(self-play game {i} of round {r}, and so on): this run would play "
                "them again (the same deals and, while the hand evaluation or a teacher "
                "plays, the same moves), train on them twice and score them as fresh "
                "games; give another --seed")
    earlier = games_path(cfg)
    if not cfg.resume and not cfg.fresh and earlier.is_file() and earlier.stat().st_size > 0:
        # --resume only where a checkpoint is (a run stopped in its first round has none: a
        # batch audit was told to resume, and --resume then said there was nothing to)
        carry = ("carry that run on with --resume, " if checkpoint_path(cfg).is_file()
                 else "")
        raise ContentError(f"--out {cfg.out} belongs to an earlier run, whose self-play games "
                           f"are kept in {earlier}: {carry}start a "
                           f"new run from its games with --games {earlier} and another --out, "
                           "or replace it (its model, log, kept games and checkpoint) with "
                           "--fresh")
    torch.manual_seed(cfg.seed)
    rng = random.Random(cfg.seed)
    out = Path(cfg.out).expanduser()
    cand_path = out.with_name(out.stem + ".candidate" + out.suffix)
    ckpt = checkpoint_path(cfg)
    net = new_model(game, cfg.hidden, cfg.blocks, cfg.seed, cfg.scenario)
    best: str | None = None          # generation 0: hand evaluation
    wrote_out = False                # --out written by this run
    games = steps = round_ = 0
    before = 0.0                     # seconds spent in earlier sittings of the run
    if cfg.init is not None:
        first = load_model(cfg.init, game)
        if (first.info.hidden, first.info.blocks) != (cfg.hidden, cfg.blocks):
            raise ContentError(f"--init {cfg.init} has width {first.info.hidden} and "
                               f"{first.info.blocks} blocks: give --hidden "
                               f"{first.info.hidden} (and the same blocks)")
        net.load_state_dict(first.state_dict())
        # the run's scenario stays its own (it took the model's: a 1920 model trained
        # on great_depression said 1920, a learning audit)
        games, steps = first.info.games, first.info.steps
        # absolute: a run resumed from another folder finds it (a learning audit)
        best = str(Path(cfg.init).expanduser().resolve())
    net.info.command = cfg.command
    net.info.extra["mix"] = cfg.mix
    net.to(cfg.device)
    opt = torch.optim.AdamW(net.parameters(), lr=cfg.lr, weight_decay=cfg.weight_decay)
    buffer: deque[Sample] = deque(loaded, maxlen=cfg.buffer)
    if cfg.resume:
        blob = _load_checkpoint(ckpt, cfg)
        run = blob["run"]
        net.load_state_dict(blob["net"])
        net.info = ModelInfo(**blob["info"])
        # the exact commands: this sitting's, after the earlier ones (a resumed model said
        # only its first sitting's, whose --rounds gave another model: a learning audit)
        sittings = [*net.info.extra.get("earlier_commands", []), net.info.command]
        net.info.extra["earlier_commands"] = sittings
        net.info.command = cfg.command
        opt.load_state_dict(blob["opt"])
        buffer = _unpack_buffer(blob["buffer"], cfg.buffer)
        rng.setstate(blob["rng"])
        torch.set_rng_state(blob["torch_rng"])
        best, wrote_out = run["best"], run["wrote_out"]
        games, steps, round_, before = run["games"], run["steps"], run["round"], run["seconds"]
        if best is not None and Path(best).name == out.name and out.is_file():
            # the run's own model (not an --init model of another name) is its --out, beside
            # its checkpoint: a run folder moved or copied elsewhere resumed with the path
            # it was written at (missing, or another copy's model: a learning audit); a
            # checkpoint of before 6 December 2026 kept the path as typed
            best = str(out.resolve())
        if best is not None and not Path(best).is_file():
            raise ContentError(f"--resume: the best network of the run, {best}, is missing")
        if cfg.max_rounds is not None and round_ >= cfg.max_rounds:
            # (it printed "0 self-play games, 0 training steps": a learning audit)
            raise ContentError(f"--resume: the run has played {round_} round(s) already, "
                               f"--rounds {cfg.max_rounds}: give a larger --rounds to carry "
                               "it on")
    start = clock()
    line: dict[str, Any] = {}
    logfile = log_path(cfg)
    logfile.parent.mkdir(parents=True, exist_ok=True)
    if cfg.resume and logfile.is_file():
        # a round logged after the checkpoint was written (a run stopped in between) is
        # played again, so its line goes
        kept = [x for x in logfile.read_text(encoding="utf-8", errors="replace").splitlines()
                if _log_round(x, round_) < round_]
        logfile.write_text("".join(x + "\n" for x in kept), encoding="utf-8")
    keep = games_path(cfg)
    if not cfg.resume:
        keep.unlink(missing_ok=True)     # never an earlier run's games under this --out
        # nor its checkpoint (a --fresh run stopped in its first round left it, and a
        # --resume then carried the earlier run on over this one's games: a learning
        # audit), nor with --fresh its model and candidate
        ckpt.unlink(missing_ok=True)
        if cfg.fresh:
            out.unlink(missing_ok=True)
            cand_path.unlink(missing_ok=True)
    elif keep.is_file():
        # as the log: the games of a round played after the checkpoint (a run stopped in
        # its evaluation) are played again, so their lines go (a batch audit found them
        # kept twice)
        texts: list[str] = []
        cut = False
        try:
            with open_games(keep) as fh:
                for t in fh:
                    if t.strip():
                        texts.append(t)
        except (OSError, EOFError, UnicodeDecodeError, zlib.error):
            # a run killed while appending leaves an unreadable tail: it belongs to a round
            # after the checkpoint, played again now (the lines read before it are kept)
            cut = True
        played_before = [t for t in texts if _kept_round(t) < round_]
        if cut or len(played_before) < len(texts):
            part = keep.with_name(".part-" + keep.name)      # the same suffix: gzip or not
            try:
                with open_games(part, "w") as fh:
                    fh.write("".join(t if t.endswith("\n") else t + "\n"
                                     for t in played_before))
                part.replace(keep)
            except OSError as exc:
                part.unlink(missing_ok=True)
                raise ContentError(f"--resume: cannot rewrite the kept games {keep} "
                                   f"({exc.strerror or exc})") from None
    with logfile.open("a" if cfg.resume else "w", encoding="utf-8") as log:
        while True:
            if cfg.max_rounds is not None and round_ >= cfg.max_rounds:
                break
            # whichever limit comes first (--rounds turned the clock off: a learning audit
            # saw a run of --rounds 1000 --minutes 0.05 go on past 50 rounds)
            if cfg.minutes > 0 and clock() - start > cfg.minutes * 60:
                break
            t0 = time.monotonic()
            teacher = cfg.teacher if best is None else ""
            tasks = [(cfg.game, cfg.scenario, self_play_seed(cfg.seed, round_, i),
                      best, cfg.iterations, cfg.temperature_moves, cfg.mix, teacher)
                     for i in range(cfg.games_per_round)]
            summaries = []
            fresh: list[Sample] = []
            played: list[str] = []
            for samples, summary in run_tasks(self_play_game, tasks, jobs=cfg.jobs,
                                              backend=cfg.backend, address=cfg.address,
                                              max_tasks=len(tasks)):
                fresh.extend(samples)
                played.append(json.dumps(game_line(game, cfg.scenario, round_, teacher,
                                                   summary), separators=(",", ":")))
                summary.pop("moves")
                summaries.append(summary)
            with open_games(keep, "a") as kept_games:
                kept_games.write("".join(x + "\n" for x in played))
            # scored before training on them: the first round's network is untrained
            check = held_out(net, fresh, cfg.device)
            buffer.extend(fresh)
            games += len(summaries)
            t1 = time.monotonic()
            losses = _train_steps(net, opt, buffer, cfg.steps_per_round, cfg.batch, rng,
                                  cfg.device)
            steps += cfg.steps_per_round
            t2 = time.monotonic()
            net.info.steps, net.info.games = steps, games
            save_model(net, cand_path)
            ev = evaluate(cfg, str(cand_path), best, round_)
            accepted = ev["win_rate"] >= cfg.accept
            if accepted or not wrote_out:
                if not accepted and best is not None:
                    # --init's model stays the best: --out holds it, not a candidate that
                    # lost to it (a learning audit)
                    shutil.copyfile(best, out)
                    best = str(out.resolve())
                else:
                    # the first network of this run is written even if the hand evaluation
                    # stays the best, so that --out never holds a model from an earlier run
                    save_model(net, out)
                wrote_out = True
            if accepted:
                best = str(out.resolve())
            # the anchor: the best network against generation 0 on deals it was not
            # chosen on (the chained Elo of accepted candidates counts each one's lucky
            # evaluation, so it runs ahead of what the best network would score)
            anchor = (evaluate(cfg, best, None, round_, ANCHOR_SEEDS)
                      if cfg.anchor_every > 0 and best is not None
                      and (round_ + 1) % cfg.anchor_every == 0 else None)
            t3 = time.monotonic()
            line = {"round": round_, "seconds": round(before + t3 - start, 2), "games": games,
                    "steps": steps, "samples": len(buffer), **losses,
                    "selfplay_games_per_s": len(summaries) / max(t1 - t0, 1e-9),
                    "train_steps_per_s": cfg.steps_per_round / max(t2 - t1, 1e-9),
                    "mean_decisions": sum(s["decisions"] for s in summaries)
                    / max(1, len(summaries)),
                    "eval": ev, "accepted": accepted, "device": cfg.device, "fresh": check}
            if anchor is not None:
                line["anchor"] = anchor
            if loaded_games:
                line["loaded_games"] = loaded_games
            log.write(json.dumps(line, sort_keys=True) + "\n")
            log.flush()
            round_ += 1
            _save_checkpoint(ckpt, cfg, {"round": round_, "games": games, "steps": steps,
                                         "seconds": line["seconds"], "best": best,
                                         "wrote_out": wrote_out},
                             net, opt, buffer, rng)
            if progress is not None:
                progress(line)
    if not wrote_out:
        save_model(net, out)
    # whether a network beat the hand evaluation: with none, --out holds the run's first
    # network, which lost to it (said nowhere: a learning audit)
    return {**line, "hand_evaluation_best": best is None and "round" in line}
