"""Keep the part of kept games that a rules change left standing: each game's prefix up to
the first decision at which today's rules reach another position than the rules it was
played under.

    python benchmarks/salvage_games.py GAME --commit C FILE [FILE ...] --out PREFIXES
        [--loose KEY ...]

A rules fix can make a kept teacher game (minutes of a core each) stop replaying;
``benchmarks/prune_games.py`` then drops it whole. But the game's first decisions are often
untouched by the fix: the same position, the same menu, the teacher's search of it as good
as ever. This replays each game of FILE twice, under the code of commit C (where it must
replay whole to its recorded result: the commit it was played or last replayed at) and
under today's, and compares at every decision with a choice the two states' data (every
key but the log's: ``log``, ``barrier``) and the legal actions' keys. The decisions before
the first difference are written to PREFIXES as a prefix of the game
(:data:`warroom.sim.train.PREFIX`); ``warroom train --games PREFIXES`` trains on them, each
position's value target being the result the whole game had under C's rules. A game that
still replays whole today is left out (keep it as it is), as is one whose first decision
already differs.

``--loose KEY`` lets a data key differ in the game's opening decisions while every other
key agrees, up to the first decision where it agrees too; from there it must agree like
the rest. It is for bookkeeping that changed shape without changing play (eit2's set-up:
the start of a turn became a frame of its own on ``stack``, and ``ar`` reads 0 before the
first round; give ``--loose stack --loose ar``).

The code of C is checked out into a temporary git worktree of this repository and run in a
subprocess (``--fingerprint``, which needs only ``load_game``, ``new_game``,
``legal_actions`` and ``apply``, as old as the core protocol).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from warroom.core.protocol import apply, legal_actions, new_game
from warroom.games import load_game

REPO = Path(__file__).resolve().parents[1]
IGNORED = ("log", "barrier")
"""Data keys never compared: the log's words and length change with any rewording."""


def _digest(value: Any) -> str:
    return hashlib.sha1(json.dumps(value, sort_keys=True).encode()).hexdigest()[:16]


def _lines(path: Path) -> list[dict[str, Any]]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:
        return [json.loads(t) for t in fh if t.strip()]


def fingerprints(game_id: str, line: dict[str, Any]) -> dict[str, Any]:
    """The game of a kept-games line replayed by its moves under the code this runs: at
    each decision with a choice, a digest of each data key and of the legal actions' keys
    (``@legal``); ``whole`` says whether every move fitted and the game ended with them."""
    game = load_game(game_id)
    state = new_game(game, line["scenario"], int(line["seed"]))
    moves = line["moves"]
    fps: list[dict[str, str]] = []
    while state.active is not None:
        legal = legal_actions(state)
        if len(legal) == 1:
            apply(state, legal[0])
            continue
        if len(fps) == len(moves):
            break
        fp = {k: _digest(v) for k, v in state.data.items() if k not in IGNORED}
        fp["@legal"] = _digest(sorted(a.key for a in legal))
        fps.append(fp)
        by_key = {a.key: a for a in legal}
        if moves[len(fps) - 1][0] not in by_key:
            break
        apply(state, by_key[moves[len(fps) - 1][0]])
    whole = state.active is None and len(fps) == len(moves)
    return {"fps": fps, "whole": whole}


def first_difference(old: list[dict[str, str]], new: list[dict[str, str]],
                     loose: tuple[str, ...] = ()) -> tuple[int, list[str]]:
    """The index of the first decision whose fingerprints differ (the length of the
    shorter list if none does) and the keys that differ there; ``loose`` keys may differ
    in an opening stretch where all the others agree (see the module's ``--loose``)."""
    opening = bool(loose)
    for i, (a, b) in enumerate(zip(old, new, strict=False)):
        diff = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
        if opening and set(diff) <= set(loose):
            opening = bool(diff)
            continue
        opening = False
        if diff:
            return i, diff
    return min(len(old), len(new)), []


def _fingerprint_main(game_id: str, files: list[Path]) -> int:
    for path in files:
        for i, line in enumerate(_lines(path)):
            print(json.dumps({"file": str(path), "i": i, **fingerprints(game_id, line)}))
    return 0


def _old_fingerprints(game_id: str, commit: str, files: list[Path]
                      ) -> dict[tuple[str, int], dict[str, Any]]:
    """Every game's fingerprints under the code of ``commit`` (a temporary worktree)."""
    with tempfile.TemporaryDirectory(prefix="warroom-salvage-") as tmp:
        tree = Path(tmp) / "tree"
        subprocess.run(["git", "-C", str(REPO), "worktree", "add", "-q", "--detach",
                        str(tree), commit], check=True)
        try:
            env = {**os.environ, "PYTHONPATH": str(tree / "src")}
            out = subprocess.run(
                [sys.executable, str(Path(__file__).resolve()), "--fingerprint", game_id,
                 *map(str, files)],
                env=env, cwd=tmp, check=True, capture_output=True, text=True).stdout
        finally:
            subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force",
                            str(tree)], check=False)
    found = [json.loads(t) for t in out.splitlines() if t.strip()]
    return {(x["file"], x["i"]): x for x in found}


def main(argv: list[str] | None = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    if argv[:1] == ["--fingerprint"]:
        return _fingerprint_main(argv[1], [Path(p) for p in argv[2:]])
    # today's code only (the fingerprints of the old run import no more than the protocol)
    from warroom.core.errors import ContentError
    from warroom.sim.train import PREFIX, open_games, replay_game

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--commit", required=True,
                    help="the commit under whose rules the games replay whole")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--loose", action="append", default=[],
                    help="a data key that may differ in the opening (repeatable)")
    args = ap.parse_args(argv)
    files = [p.resolve() for p in args.files]
    commit = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", args.commit],
                            check=True, capture_output=True, text=True).stdout.strip()
    old = _old_fingerprints(args.game, commit, files)
    game = load_game(args.game)
    kept: list[str] = []
    positions = total = 0
    for path in files:
        for i, line in enumerate(_lines(path)):
            where = f"{path.name} line {i + 1}"
            total += len(line["moves"])
            if not old[(str(path), i)]["whole"]:
                print(f"{where}: does not replay whole at {commit}; left out")
                continue
            try:
                replay_game(game, line, where)
            except ContentError:
                pass
            else:
                print(f"{where}: replays whole today; left out (keep it as it is)")
                continue
            new = fingerprints(args.game, line)
            k, keys = first_difference(old[(str(path), i)]["fps"], new["fps"],
                                       tuple(args.loose))
            # every decision alike, the end not (a result changed, or today's rules end the
            # game sooner): a prefix stops before the last decision both reach (a review: the
            # run died here and wrote nothing)
            k = min(k, len(line["moves"]) - 1, len(new["fps"]) - 1)
            if k <= 0:
                print(f"{where}: differs at its first decision ({', '.join(keys)}); "
                      "left out")
                continue
            prefix = {**line, "moves": line["moves"][:k],
                      PREFIX: {"of": len(line["moves"]), "commit": commit}}
            try:
                replay_game(game, prefix, where)    # it must load as it will be read
            except ContentError as exc:
                print(f"{where}: its prefix does not load ({exc}); left out")
                continue
            kept.append(json.dumps(prefix, separators=(",", ":")) + "\n")
            positions += k
            print(f"{where}: {k} of {len(line['moves'])} decisions kept (then "
                  f"{', '.join(keys) or 'the end of the shorter replay'} differ)")
    with open_games(args.out, "w") as fh:
        fh.writelines(kept)
    print(f"{args.out}: {len(kept)} prefixes, {positions} of the {total} decisions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
