"""Where batch work runs: in this process, on a local process pool, or on a Ray cluster.

Every backend runs the same tasks (a module-level function and its arguments, plain data in
and out) and yields their results **in task order**, so a batch gives the same output
whatever the backend and the number of workers. Tasks are handed out a few at a time (a
window of ``4 × workers``), so a huge batch never builds its task list in memory and a
caller can stream results to disk as they arrive.

- ``local`` (the default): :class:`concurrent.futures.ProcessPoolExecutor` with ``jobs``
  processes; ``jobs == 1`` runs in this process. Workers start from a fresh server
  process (``forkserver``, else ``spawn``), never as forks of the caller: a caller that
  has loaded a network (``net:MODEL`` bots are built once to check their specs, training
  holds PyTorch) has PyTorch's thread pools running, and a forked child of such a process
  hangs on its first PyTorch call (``warroom simulate --jobs 2 --bots net:...`` did).
- ``ray``: each task is a ``ray.remote`` task; Ray schedules them on its workers (Ray is the
  distributed engine, nothing here schedules). ``address`` joins a running cluster
  (``ray start --head`` on the head node; every node needs the same warroom installed);
  without it Ray starts a local instance with ``jobs`` CPUs. Ray is an optional extra:
  ``pip install 'warroom[ray]'``.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import signal
import socket
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

from warroom.core.errors import WarroomError

BACKENDS = ("local", "ray")

R = TypeVar("R")


class BackendError(WarroomError):
    """A backend cannot run: unknown, not installed, or its cluster is unreachable."""


def check_backend(backend: str, jobs: int, address: str | None = None) -> None:
    """Refuse a bad backend choice before any work starts."""
    if backend not in BACKENDS:
        raise BackendError(f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}")
    if jobs < 1:
        raise BackendError("--jobs must be 1 or more")
    if address is not None and backend != "ray":
        raise BackendError("--address is for --backend ray (the address of a Ray cluster)")
    if backend == "ray":
        _import_ray()
        if address:
            # before any work, so that a refused run has changed nothing (a --fresh run
            # had deleted the earlier run's files, then found the cluster down: a learning
            # audit)
            _reachable(address)


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise BackendError("the ray backend needs Ray: pip install 'warroom[ray]' "
                           "(or pip install 'ray>=2.9')") from None
    return ray


def process_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes started from a clean server process, not forked
    from this one (see the module's note on PyTorch); tasks must be module-level functions
    with plain-data arguments, as every backend requires."""
    methods = multiprocessing.get_all_start_methods()
    method = "forkserver" if "forkserver" in methods else "spawn"
    return ProcessPoolExecutor(max_workers=workers,
                               mp_context=multiprocessing.get_context(method),
                               initializer=_end_with_parent)


def _end_with_parent() -> None:
    """In a worker (Linux): end when the process that started it ends, so a batch killed
    outright leaves no worker playing on alone (prctl PR_SET_PDEATHSIG)."""
    if sys.platform != "linux":
        return
    try:
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(1, int(signal.SIGTERM))      # 1: PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def run_tasks(fn: Callable[..., R], tasks: Iterable[tuple[Any, ...]], *, jobs: int = 1,
              backend: str = "local", address: str | None = None,
              max_tasks: int | None = None) -> Iterator[R]:
    """``fn(*task)`` for every task, yielded in task order. ``max_tasks`` (when known)
    caps the number of processes started."""
    check_backend(backend, jobs, address)
    if backend == "ray":
        yield from _run_ray(fn, tasks, jobs, address)
        return
    workers = jobs if max_tasks is None else min(jobs, max_tasks)
    if workers <= 1:
        for task in tasks:
            yield fn(*task)
        return
    pool = process_pool(workers)
    try:
        yield from _windowed(lambda t: pool.submit(fn, *t), lambda f: f.result(),
                             tasks, workers * 4)
    except BaseException:
        # Ctrl-C, an error, or a caller that stops early: the tasks in flight are not
        # wanted, so the workers stop now instead of playing out the window
        stop_pool(pool)
        raise
    finally:
        pool.shutdown(wait=True)


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Drop a pool's queued tasks and end its workers at once (their results are not
    wanted); :meth:`~ProcessPoolExecutor.shutdown` then returns without waiting."""
    # the workers, taken before shutdown forgets them
    procs = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in procs:
        if proc.is_alive():
            proc.terminate()
    for proc in procs:
        proc.join(timeout=5)


def _windowed(submit: Callable[[tuple[Any, ...]], Any], get: Callable[[Any], R],
              tasks: Iterable[tuple[Any, ...]], window: int) -> Iterator[R]:
    """Keep ``window`` tasks in flight; yield results in submission order."""
    it = iter(tasks)
    pending: deque[Any] = deque()
    for task in it:
        pending.append(submit(task))
        if len(pending) >= window:
            break
    while pending:
        out = get(pending.popleft())
        for task in it:
            pending.append(submit(task))
            break
        yield out


def _reachable(address: str, timeout: float = 5.0) -> None:
    """A cluster address ``HOST:PORT`` (or ``ray://HOST:PORT``) answers a connection within
    ``timeout`` seconds (Ray itself retries an unreachable address for minutes); ``auto``
    and other forms are left to Ray."""
    hostport = address.removeprefix("ray://")
    host, sep, port = hostport.rpartition(":")
    if not sep or not port.isdigit() or not host:
        return
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except (OSError, ValueError) as exc:
        raise BackendError(f"cannot reach the Ray cluster at {address}: "
                           f"{getattr(exc, 'strerror', None) or exc} (is `ray start --head` "
                           "running there, and the port open?)") from None


def _run_ray(fn: Callable[..., R], tasks: Iterable[tuple[Any, ...]], jobs: int,
             address: str | None) -> Iterator[R]:
    ray = _import_ray()
    started = False
    if not ray.is_initialized():
        # (an --address was found reachable by check_backend, which run_tasks calls first)
        try:
            if address:
                ray.init(address=address, log_to_driver=False)
            else:
                ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False)
        except Exception as exc:  # ConnectionError, RuntimeError...: one clear line
            where = f"the Ray cluster at {address}" if address else "a local Ray instance"
            raise BackendError(f"cannot start {where}: {str(exc).splitlines()[0][:200]}"
                               ) from exc
        started = True
    try:
        remote = ray.remote(fn)
        window = max(2, int(ray.cluster_resources().get("CPU", jobs))) * 4
        yield from _windowed(lambda t: remote.remote(*t), lambda ref: ray.get(ref), tasks,
                             window)
    finally:
        if started:
            ray.shutdown()

