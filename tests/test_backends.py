"""Scale-out backends (issue 14): the same tasks give the same results in this process, on
a local process pool and on Ray (started locally with 2 CPUs), whatever the workers."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest

import warroom.sim as sim
from warroom.sim import iter_batch
from warroom.sim.backends import BackendError, _reachable, check_backend, run_tasks
from warroom.sim.tournament import iter_tournament


def _square(x: int) -> int:
    return x * x


def _slow_after_first(x: int) -> int:
    if x:
        time.sleep(120)
    return x


def _lines(**kw: Any) -> list[dict[str, Any]]:
    return list(iter_batch("eaw1940", games=12, seed=9, bots=["greedy"], **kw))


def test_local_pool_gives_the_results_of_one_process_in_order() -> None:
    assert list(run_tasks(_square, ((i,) for i in range(40)), jobs=2)) == [
        i * i for i in range(40)]
    assert _lines(jobs=1) == _lines(jobs=2)


def test_one_job_gives_each_game_the_moment_it_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    """In this process a batch plays one game, gives its line, then plays the next (it
    played tasks of up to 16 games first: a Ctrl-C during slow games kept none of them, an
    audit), and a pool's tasks hold at most 4 games."""
    played: list[int] = []
    real = sim.play_game

    def counted(*args: Any, **kw: Any) -> dict[str, Any]:
        played.append(kw["index"])
        return real(*args, **kw)

    monkeypatch.setattr(sim, "play_game", counted)
    lines = iter_batch("eaw1940", games=40, seed=9, bots=["random"], jobs=1)
    first = next(lines)
    assert first["index"] == 0 and played == [0]
    lines.close()
    assert sim.chunk_size(10_000, 2) == 4 and sim.chunk_size(20, 2) == 1


def test_a_pool_stopped_early_does_not_play_out_its_tasks() -> None:
    """A caller that stops (Ctrl-C, an error, a break) does not wait for the tasks in
    flight: the workers are ended at once (they once played out the whole window, 60 s of
    games after a Ctrl-C). Each task after the first would take two minutes."""
    results = run_tasks(_slow_after_first, ((i,) for i in range(6)), jobs=2)
    t0 = time.monotonic()
    assert next(results) == 0
    results.close()                         # as a KeyboardInterrupt in the caller does
    assert time.monotonic() - t0 < 60


def test_backend_choices_are_checked_before_work() -> None:
    with pytest.raises(BackendError, match="unknown backend 'spark'"):
        check_backend("spark", 1)
    with pytest.raises(BackendError, match="--jobs must be 1 or more"):
        check_backend("local", 0)
    with pytest.raises(BackendError, match="--address is for --backend ray"):
        check_backend("local", 1, "10.0.0.1:6379")


def test_ray_missing_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)       # as if not installed
    with pytest.raises(BackendError, match=r"pip install 'warroom\[ray\]'"):
        check_backend("ray", 2)


@pytest.fixture(scope="module")
def ray_local() -> Iterator[Any]:
    ray = pytest.importorskip(
        "ray", reason="ray is not installed (pip install 'warroom[ray]'): the Ray backend "
                      "test is skipped")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             configure_logging=False)
    yield ray
    ray.shutdown()


def test_ray_gives_the_same_results_as_the_local_pool(ray_local: Any) -> None:
    # (tasks run warroom's functions: Ray workers import them by module, as installed)
    assert _lines(backend="ray", jobs=2) == _lines(jobs=1)
    _, on_ray = iter_tournament("eaw1940", ["random", "greedy"], games=3, seed=4,
                                backend="ray", jobs=2)
    _, local = iter_tournament("eaw1940", ["random", "greedy"], games=3, seed=4, jobs=2)
    assert list(on_ray) == list(local)
    assert ray_local.is_initialized()            # a Ray the caller started is left running


def test_an_unreachable_ray_address_is_refused_at_once() -> None:
    """Ray retries an address that does not answer for minutes; a closed port is refused
    in one line before Ray starts (``auto`` is left to Ray)."""
    with pytest.raises(BackendError, match=r"cannot reach the Ray cluster at 127\.0\.0\.1:1"):
        _reachable("127.0.0.1:1")
    with pytest.raises(BackendError, match="cannot reach"):
        _reachable("ray://127.0.0.1:1")
    _reachable("auto")
