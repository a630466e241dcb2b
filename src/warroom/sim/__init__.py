"""Batch play: simulate many games with bots, summarise outcomes, write JSONL and records.

Game ``i`` of a batch started with ``seed`` uses ``derive_seed(seed, i)`` for the game and
for its bots, so a batch gives the same results whatever the number of jobs.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from warroom.ai import make_bot
from warroom.core.errors import UnknownGameError
from warroom.core.protocol import apply, new_game, result
from warroom.core.record import Record
from warroom.core.rng import derive_seed
from warroom.games import load_game


def bots_for_roles(game_id: str, bots: list[str], content: str | None = None) -> dict[str, str]:
    """Map each role to a bot name: one name serves every role, else one per role in order."""
    roles = load_game(game_id, content).roles
    if len(bots) == 1:
        return {r: bots[0] for r in roles}
    if len(bots) != len(roles):
        raise UnknownGameError(f"{game_id} has {len(roles)} role(s) ({', '.join(roles)}); "
                               f"give one bot or {len(roles)}, not {len(bots)}")
    return dict(zip(roles, bots, strict=True))


def play_one(game_id: str, scenario: str | None, seed: int, index: int,
             bots: dict[str, str], content: str | None = None,
             keep_record: bool = False) -> dict[str, Any]:
    """Play game ``index`` of a batch to the end; a JSON-ready summary line."""
    game = load_game(game_id, content)
    game_seed = derive_seed(seed, index)
    state = new_game(game, scenario, game_seed)
    players = {role: make_bot(name, derive_seed(game_seed, k + 1))
               for k, (role, name) in enumerate(bots.items())}
    actions: list[str] = []
    limit = game.max_decisions()
    while state.active is not None:
        action = players[state.active].choose(state)
        apply(state, action)
        if keep_record:
            actions.append(action.key)
        if state.data["decisions"] > limit:
            raise RuntimeError(f"runaway game {index} (seed {game_seed}): over {limit} "
                               "decisions")
    out = result(state)
    assert out is not None
    line: dict[str, Any] = {
        "index": index,
        "seed": game_seed,
        "outcome": out.label,
        "winner": out.winner,
        "returns": out.returns,
        "scores": out.scores,
        "decisions": state.data["decisions"],
    }
    if keep_record:
        line["record"] = Record(game_id, state.data["scenario"], dict(state.data["options"]),
                                game_seed, [], list(actions)).to_json()
    return line


def _play_star(args: tuple[Any, ...]) -> dict[str, Any]:
    return play_one(*args)


def run_batch(game_id: str, *, games: int, seed: int, bots: list[str],
              scenario: str | None = None, jobs: int = 1, content: str | None = None,
              keep_records: bool = False,
              progress: Callable[[dict[str, Any]], None] | None = None) -> list[dict[str, Any]]:
    """Play ``games`` games; results in index order whatever ``jobs``."""
    if games < 0:
        raise UnknownGameError("--games must be 0 or more")
    roles = bots_for_roles(game_id, bots, content)
    load_game(game_id, content)  # fail early on a bad game or content pack
    tasks = [(game_id, scenario, seed, i, roles, content, keep_records) for i in range(games)]
    results: list[dict[str, Any]] = []
    it: Iterator[dict[str, Any]]
    if jobs <= 1 or games < 2:
        it = (play_one(*t) for t in tasks)
        for line in it:
            results.append(line)
            if progress:
                progress(line)
        return results
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        chunk = max(1, min(64, games // (jobs * 8) or 1))
        for line in pool.map(_play_star, tasks, chunksize=chunk):
            results.append(line)
            if progress:
                progress(line)
    return results


def summarize(game_id: str, seed: int, results: list[dict[str, Any]],
              scenario: str | None = None, bots: list[str] | None = None) -> dict[str, Any]:
    """Counts of outcomes and winners; mean and histogram of every numeric score."""
    outcomes = Counter(r["outcome"] for r in results)
    winners = Counter(str(r["winner"]) if r["winner"] else "draw" for r in results)
    summary: dict[str, Any] = {
        "game": game_id,
        "scenario": scenario or load_game(game_id).default_scenario,
        "games": len(results),
        "seed": seed,
        "bots": bots or [],
        "outcomes": dict(sorted(outcomes.items())),
        "winners": dict(sorted(winners.items())),
        "decisions_mean": (sum(r["decisions"] for r in results) / len(results)
                           if results else 0.0),
    }
    keys = sorted({k for r in results for k in r["scores"]})
    for key in keys:
        values = [r["scores"][key] for r in results if key in r["scores"]]
        summary[f"{key}_mean"] = sum(values) / len(values)
        hist = Counter(int(v) if float(v).is_integer() else v for v in values)
        summary[f"{key}_histogram"] = {str(k): hist[k] for k in sorted(hist)}
    return summary


def write_outputs(results: list[dict[str, Any]], out: Path | None,
                  records_dir: Path | None) -> None:
    """JSONL of per-game lines; one replayable record file per game."""
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        with out.open("w", encoding="utf-8") as fh:
            for r in results:
                fh.write(json.dumps({k: v for k, v in r.items() if k != "record"},
                                    sort_keys=True) + "\n")
    if records_dir is not None:
        records_dir.mkdir(parents=True, exist_ok=True)
        for r in results:
            if "record" in r:
                path = records_dir / f"game-{r['index']:05d}.json"
                path.write_text(json.dumps(r["record"], indent=1) + "\n", encoding="utf-8")
