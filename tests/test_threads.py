"""A web server plays many games on many threads in one process: nothing in warroom may be
shared between states. For every game, 8 games on 8 threads (random play, one seed each),
3 times over, must end exactly as the same games played one after another."""

from __future__ import annotations

import threading

import pytest

from warroom.ai.bots import RandomBot
from warroom.core import apply, new_game
from warroom.games import game_ids, load_game


def _play(gid: str, seed: int) -> str:
    game = load_game(gid)
    state = new_game(game, None, seed)
    bot = RandomBot(seed)
    while state.active is not None:
        apply(state, bot.choose(state))
    return state.dumps()


@pytest.mark.parametrize("gid", game_ids())
def test_games_on_threads_match_sequential_play(gid: str) -> None:
    seeds = list(range(100, 108))
    sequential = {s: _play(gid, s) for s in seeds}
    for _ in range(3):
        threaded: dict[int, str] = {}
        errors: list[BaseException] = []

        def run(seed: int, out: dict[int, str] = threaded,
                errs: list[BaseException] = errors) -> None:
            try:
                out[seed] = _play(gid, seed)
            except BaseException as exc:
                errs.append(exc)

        threads = [threading.Thread(target=run, args=(s,)) for s in seeds]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert not errors, errors
        assert threaded == sequential
