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


@pytest.mark.parametrize(("gid", "spec"), [("eaw1940", "ismcts:iterations=40"),
                                         ("sfe", "rollout:rollouts=4")])
def test_a_search_pauses_the_collector_on_the_main_thread_only(
        gid: str, spec: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cyclic garbage collector is the process's: a search pauses it on the main thread
    (the terminal, a simulation's worker), never on a worker thread, where a web server's
    bots think beside the server and each other (a code review: the server's garbage went
    uncollected while any search ran, and the first search to end turned the collector on
    under another)."""
    import gc

    from warroom.ai import make_bot
    paused: list[str] = []
    real = gc.disable
    monkeypatch.setattr(gc, "disable", lambda: (paused.append(
        threading.current_thread().name), real()))
    state = new_game(load_game(gid), seed=3)
    assert gc.isenabled()
    make_bot(spec, 1).choose(state)
    assert paused == [threading.main_thread().name] and gc.isenabled()
    paused.clear()
    worker = threading.Thread(target=lambda: make_bot(spec, 1).choose(state), name="bot-0")
    worker.start()
    worker.join()
    assert paused == [] and gc.isenabled()
