"""Refresh the final views and results of a recorded corpus, keeping its records.

    python benchmarks/refresh_corpus.py tests/corpus/2026-12 eit2 [sfe ...]

For a change made on purpose that alters what a game shows (a reworded outcome, a new view
key) but not which actions are legal: every record of the corpus file is replayed as it
stands, and its views and result are written anew. A record that no longer replays is an
error (that is a rule change, which needs its own entry in tests/test_corpus.py).
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

from warroom.core import result, view
from warroom.core.record import Record, replay
from warroom.games import load_game

STATIC_KEYS = ("map", "rearmament_chart", "reminders")
"""As in tests/test_corpus.py."""


def refresh(folder: Path, gid: str) -> None:
    path = folder / f"{gid}.json.gz"
    entries = json.loads(gzip.decompress(path.read_bytes()))
    game = load_game(gid)
    changed = 0
    for entry in entries:
        st = replay(game, Record.from_json(entry["record"]))
        views = {str(r): json.loads(json.dumps(view(st, r))) for r in (None, *game.roles)}
        for key, new_view in views.items():
            # the static keys the recording left out (tests/test_corpus.py STATIC_KEYS: the
            # board's geometry, the same in every state) stay out: with them a corpus file
            # of tk grows twentyfold
            for static in STATIC_KEYS:
                if static not in entry["views"].get(key, {}):
                    new_view.pop(static, None)
        res = result(st)
        new = res.to_json() if res else None
        changed += views != entry["views"] or new != entry["result"]
        entry["views"], entry["result"] = views, new
    path.write_bytes(gzip.compress(json.dumps(entries, separators=(",", ":")).encode(), 9,
                                   mtime=0))
    print(f"{gid}: {len(entries)} records replayed, {changed} with new views or results")


if __name__ == "__main__":
    for g in sys.argv[2:]:
        refresh(Path(sys.argv[1]), g)
