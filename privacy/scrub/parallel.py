"""Where the core's batch functions run: in this process, or in local worker processes.

Each implements ``privacy.scrub.backend.Backend``: ``imap`` maps a module-level function
over argument tuples and yields the results in submission order, keeping at most ``window``
tasks in flight so memory stays bounded however large the export. ``share(obj)`` hands a
read-only object to the tasks (Dask broadcasts it to every worker; local workers read it
once from shared memory, ``privacy.scrub.shared``; in-process it is the object itself) and
``release(handle)`` frees it once the tasks that use it are done. A task function calls
``shared.resolve`` on such an argument.

* ``InProcess`` — ``--jobs 1``: calls the function directly.
* ``LocalPool`` — ``--jobs N``: a ``ProcessPoolExecutor`` with the ``spawn`` start
  method (no fork after torch/spaCy are loaded, no vault connection ever inherited);
  each worker loads the Detector once, in its initializer.
* ``privacy.scrub.dask_backend.DaskBackend`` — ``--cluster ADDRESS``.

``make_backend(jobs=, cluster=, settings=)`` picks one from the CLI flags.
"""

from __future__ import annotations

import itertools
import os
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator


def default_jobs() -> int:
    return os.cpu_count() or 1


class BackendBase:
    """What every backend shares: ``start`` and ``release`` do nothing, ``abort`` stops
    now (by default: close), and a ``with`` block closes it."""

    def start(self) -> None:
        """Nothing to start (local pools start their processes here)."""

    def close(self) -> None: ...

    def abort(self) -> None:
        self.close()

    def release(self, handle) -> None:
        """Free what ``share`` made (by default nothing to free)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class InProcess(BackendBase):
    """Run every task here, one after the other."""

    workers = 1
    distributed = False
    started = False

    def imap(self, fn: Callable, args: Iterable[tuple], window: int | None = None) -> Iterator:
        for a in args:
            yield fn(*a)

    def share(self, obj):
        return obj


def init_worker(settings, pids=None) -> None:
    """Worker initializer: quiet logs, say who this process is (``pids``: so ``abort`` stops
    only the pool's own processes), load the detector once for this process."""
    import logging

    logging.disable(logging.WARNING)
    if pids is not None:
        pids.put(os.getpid())
    if settings is not None:
        from privacy.scrub.core import detector_for

        detector_for(settings)


class LocalPool(InProcess):
    """``jobs`` worker processes on this machine (spawned, each with its own Detector).

    The processes start on the first ``imap`` with at least two tasks: a small export
    (one batch) runs in this process and never pays the worker start-up.
    """

    def __init__(self, jobs: int, settings=None):
        from privacy.scrub.shared import SharedBlocks

        self.workers = max(1, int(jobs))
        self.settings = settings
        self.pool = None
        self._pids = None  # a queue the workers put their process ids in (``init_worker``)
        self._lock = threading.Lock()
        self._blocks = SharedBlocks()

    def share(self, obj):
        """Once into shared memory (every worker unpickles it once), not once per task."""
        if self.pool is None:
            return obj  # no workers started: the tasks run here
        ref = self._blocks.put(obj)
        return obj if ref is None else ref

    def release(self, handle) -> None:
        self._blocks.release(handle)

    @property
    def started(self) -> bool:
        return self.pool is not None

    def start(self) -> None:
        """Start the worker processes now (the multi-export scheduler does, before its
        threads hand out work, so detection never runs in those threads)."""
        self._pool()

    def _pool(self):
        import multiprocessing as mp
        from concurrent.futures import ProcessPoolExecutor

        with self._lock:
            if self.pool is None:
                ctx = mp.get_context("spawn")
                self._pids = ctx.SimpleQueue()
                self.pool = ProcessPoolExecutor(
                    max_workers=self.workers,
                    mp_context=ctx,
                    initializer=init_worker,
                    initargs=(self.settings, self._pids),
                )
            return self.pool

    def _worker_processes(self) -> list:
        """This pool's live worker processes (by the ids they reported; public API only)."""
        import multiprocessing as mp

        pids = set()
        while self._pids is not None and not self._pids.empty():
            pids.add(self._pids.get())
        return [p for p in mp.active_children() if p.pid in pids]

    def imap(self, fn: Callable, args: Iterable[tuple], window: int | None = None) -> Iterator:
        it = iter(args)
        head = list(itertools.islice(it, 2))
        if len(head) < 2 and self.pool is None:
            for a in head:
                yield fn(*a)
            return
        pool = self._pool()
        window = window or 2 * self.workers
        pending: deque = deque()
        for a in itertools.chain(head, it):
            pending.append(pool.submit(fn, *a))
            if len(pending) >= window:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)
            self.pool = None
        self._blocks.close()

    def abort(self) -> None:
        """Stop now (a failure or an interrupt): the workers are terminated, not waited for."""
        procs = self._worker_processes()
        pool, self.pool = self.pool, None
        if pool is None:
            self._blocks.close()
            return
        for proc in procs:
            proc.terminate()  # our own spawned workers; their results are not wanted any more
        pool.shutdown(wait=True, cancel_futures=True)
        self._blocks.close()


def make_backend(jobs: int | None = None, cluster: str | None = None, settings=None):
    """The backend for ``--jobs`` / ``--cluster`` (``jobs=1`` and no cluster: in-process)."""
    if cluster:
        from privacy.scrub.dask_backend import DaskBackend

        return DaskBackend(cluster, settings=settings)
    jobs = default_jobs() if jobs is None else jobs
    if jobs <= 1:
        return InProcess()
    return LocalPool(jobs, settings=settings)
