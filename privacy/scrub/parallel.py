"""Where the core's batch functions run: in this process, or in local worker processes.

Each implements ``privacy.scrub.backend.Backend``: ``imap`` maps a module-level function
over argument tuples and yields the results in submission order, keeping at most ``window``
tasks in flight so memory stays bounded however large the export. ``share(obj)`` hands a
read-only object to the tasks (Dask broadcasts it to every worker; local workers read it
once from shared memory, ``privacy.scrub.shared``; in-process it is the object itself) and
``release(handle)`` frees it once the tasks that use it are done. A task function calls
``shared.resolve`` on such an argument.

* ``InProcess`` — ``--jobs 1``: calls the function directly.
* ``LocalPool`` — ``--jobs N``: up to N worker processes, each a one-process
  ``ProcessPoolExecutor`` with the ``spawn`` start method (no fork after torch/spaCy are
  loaded, no vault connection ever inherited), started as work needs them (or early, by
  ``warm``); each worker loads the Detector once, in its initializer.
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


def init_worker(settings, pids=None, local: bool = False) -> None:
    """Worker initializer: quiet logs, say who this process is (``pids``: so ``abort`` stops
    only the pool's own processes), load the detector once for this process.

    ``local`` (a ``LocalPool`` worker): the worker ends as soon as its parent process does
    (killed, even by SIGKILL: a worker holds its own end of the task pipe, so it would wait
    for tasks for ever), and when the pool lets it go it ends without the interpreter's
    teardown (freeing the loaded detector's millions of objects took 0.5-0.8 s, waited for
    by ``close``): multiprocessing has run its exit handlers and flushed the streams by then,
    the worker holds no file or vault of its own, and the pool reads no exit code."""
    import logging

    logging.disable(logging.WARNING)
    if pids is not None:
        pids.put(os.getpid())
    if local:
        import atexit
        import multiprocessing as mp

        atexit.register(os._exit, 0)
        parent = mp.parent_process()
        if parent is not None:
            threading.Thread(target=_end_with_parent, args=(parent.sentinel,), name="privacy-parent-watch",
                             daemon=True).start()
    if settings is not None:
        from privacy.scrub.core import detector_for

        detector_for(settings)


def _end_with_parent(sentinel) -> None:
    """End this worker when its parent process is gone (its sentinel becomes ready)."""
    from multiprocessing.connection import wait

    wait([sentinel])
    os._exit(1)


# Whether a spawned worker first imports this process's main module, as multiprocessing's spawn
# does (as ``__mp_main__``, so that functions defined there unpickle). The console script sets it
# False (``privacy.cli.entrypoint``): its main module is the ``privacy`` script or ``privacy.cli``,
# which only import the command line (typer and every command's module), and a worker never
# needs anything from them; that import took 0.2-0.5 s of each worker's start, on the 2 shared
# cores, before its Detector began to load.
WORKERS_IMPORT_MAIN = True
_NO_MAIN = ("_NoMainProcess", "_NoMainContext")
_spawn_lock = threading.Lock()


def _no_main(prepare):
    """``multiprocessing.spawn.get_preparation_data`` without the main module's import."""

    def get_preparation_data(name):
        data = prepare(name)
        data.pop("init_main_from_name", None)
        data.pop("init_main_from_path", None)
        return data

    return get_preparation_data


def _define_no_main() -> None:
    """``_NoMainProcess``, a spawned process whose child does not import the main module (the
    preparation data multiprocessing sends it lack only the main module's name and path; the
    rest, ``sys.path``, the working folder, the authentication key, is as usual), and its
    context. Defined on first use (``multiprocessing.context`` imports pickle and sockets), as
    module attributes: the child unpickles its process object by this module's name."""
    from multiprocessing import context

    class _NoMainProcess(context.SpawnProcess):
        @staticmethod
        def _Popen(process_obj):
            from multiprocessing import spawn

            with _spawn_lock:
                prepare = spawn.get_preparation_data
                spawn.get_preparation_data = _no_main(prepare)
                try:
                    return context.SpawnProcess._Popen(process_obj)
                finally:
                    spawn.get_preparation_data = prepare

    class _NoMainContext(context.SpawnContext):
        Process = _NoMainProcess

    for cls in (_NoMainProcess, _NoMainContext):
        cls.__qualname__ = cls.__name__
        globals()[cls.__name__] = cls


def __getattr__(name: str):
    if name in _NO_MAIN:
        _define_no_main()
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def spawn_context():
    """The start method of every local worker: ``spawn``, without the main module's import when
    ``WORKERS_IMPORT_MAIN`` is off."""
    import multiprocessing as mp

    return mp.get_context("spawn") if WORKERS_IMPORT_MAIN else __getattr__("_NoMainContext")()


class LocalPool(InProcess):
    """``jobs`` worker processes on this machine (spawned, each with its own Detector).

    Each worker is its own one-process executor, started when work needs it: the first
    ``imap`` with at least two tasks starts one, and another joins whenever every running
    worker already has a task in flight (up to ``jobs``). A small export (one batch) runs in
    this process and never pays the worker start-up, unless ``warm`` started a worker first:
    then its model loads on another core while this process reads the export, and every
    task goes to the workers. Which worker runs a task never changes its result.
    """

    def __init__(self, jobs: int, settings=None):
        from privacy.scrub.shared import SharedBlocks

        self.workers = max(1, int(jobs))
        self.settings = settings
        self._executors: list = []  # one single-process executor per started worker
        self._inflight: list[deque] = []  # per worker: its futures handed out by ``imap``
        self._warming: list = []  # the futures of ``warm``'s start-up tasks
        self._pids = None  # a queue the workers put their process ids in (``init_worker``)
        self._lock = threading.Lock()
        self._blocks = SharedBlocks()

    @property
    def pool(self):
        """The first worker's executor (None before any worker started)."""
        return self._executors[0] if self._executors else None

    @property
    def live(self) -> int:
        """How many workers are started (0 before the first)."""
        return len(self._executors)

    def share(self, obj):
        """Once into shared memory (every worker unpickles it once), not once per task."""
        if not self._executors:
            return obj  # no workers started: the tasks run here
        ref = self._blocks.put(obj)
        return obj if ref is None else ref

    def release(self, handle) -> None:
        self._blocks.release(handle)

    @property
    def started(self) -> bool:
        return bool(self._executors)

    def start(self) -> None:
        """Have the worker processes ready (the multi-export scheduler calls it before its
        threads hand out work, so detection never runs in those threads)."""
        with self._lock:
            while len(self._executors) < self.workers:
                self._add()

    def warm(self, n: int = 1) -> None:
        """Start ``n`` workers now, each loading its Detector (``init_worker``) while this
        process goes on reading the export: the first batches find the model loaded."""
        with self._lock:
            while len(self._executors) < min(n, self.workers):
                self._warming.append(self._add().submit(os.getpid))

    def retire(self) -> None:
        """Detection is over (the run's last export is through passes 1 and 2): the workers,
        each holding its Detector (the model and its word lists: 350-400 MB each), end, and as many light ones start at once without a
        Detector, while this process assigns the surrogates: pass 3 only applies the table.
        A detection task (a string nobody detected before) still loads the Detector in the
        worker that gets it, on first use (``core.detector_for``). Results never change."""
        with self._lock:
            old, self._executors = self._executors, []
            self._inflight, self._warming = [], []
            self.settings = None
        for ex in old:
            ex.shutdown(wait=True, cancel_futures=True)
        with self._lock:
            while len(self._executors) < len(old):
                self._warming.append(self._add().submit(os.getpid))

    def _add(self):
        """One more worker (under ``_lock``)."""
        from concurrent.futures import ProcessPoolExecutor

        ctx = spawn_context()
        if self._pids is None:
            self._pids = ctx.SimpleQueue()
        ex = ProcessPoolExecutor(max_workers=1, mp_context=ctx, initializer=init_worker,
                                 initargs=(self.settings, self._pids, True))
        self._executors.append(ex)
        self._inflight.append(deque())
        return ex

    def _submit(self, fn, args):
        """Hand ``fn(*args)`` to an idle worker (the first), else to a new worker while fewer
        than ``jobs`` run, else to the worker with the fewest tasks in flight."""
        with self._lock:
            for q in self._inflight:
                while q and q[0].done():
                    q.popleft()
            idle = [i for i, q in enumerate(self._inflight) if not q]
            if idle:
                i = idle[0]
            elif len(self._executors) < self.workers:
                self._add()
                i = len(self._executors) - 1
            else:
                i = min(range(len(self._executors)), key=lambda k: len(self._inflight[k]))
            fut = self._executors[i].submit(fn, *args)
            self._inflight[i].append(fut)
            return fut

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
        if len(head) < 2 and not self._executors:
            for a in head:
                yield fn(*a)
            return
        window = window or 2 * self.workers
        pending: deque = deque()
        for a in itertools.chain(head, it):
            pending.append(self._submit(fn, a))
            if len(pending) >= window:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()

    def _take_executors(self) -> list:
        with self._lock:
            executors, self._executors = self._executors, []
            self._inflight, self._warming = [], []
        return executors

    def close(self) -> None:
        for ex in self._take_executors():
            ex.shutdown(wait=True, cancel_futures=True)
        self._blocks.close()

    def abort(self) -> None:
        """Stop now (a failure or an interrupt): the workers are terminated, not waited for."""
        procs = self._worker_processes()
        executors = self._take_executors()
        if not executors:
            self._blocks.close()
            return
        for proc in procs:
            proc.terminate()  # our own spawned workers; their results are not wanted any more
        for ex in executors:
            ex.shutdown(wait=True, cancel_futures=True)
        self._blocks.close()


_early: list[LocalPool] = []  # pools started before the command read anything (start_early)


def start_early(jobs: int, settings, n: int = 1) -> None:
    """Start ``n`` workers of a ``jobs`` pool now, each loading the Detector of ``settings``; the
    next ``make_backend`` with the same ``jobs`` and ``settings`` returns this pool
    (privacy.scrub.warmstart: the scrub command, first thing)."""
    pool = LocalPool(jobs, settings=settings)
    pool.warm(n)
    _early.append(pool)


def discard_early() -> None:
    """Stop the pools ``start_early`` made that no backend took (the command failed first)."""
    while _early:
        _early.pop().abort()


def make_backend(jobs: int | None = None, cluster: str | None = None, settings=None):
    """The backend for ``--jobs`` / ``--cluster`` (``jobs=1`` and no cluster: in-process); a pool
    ``start_early`` started for the same jobs and settings, when there is one."""
    if cluster:
        from privacy.scrub.dask_backend import DaskBackend

        return DaskBackend(cluster, settings=settings)
    jobs = default_jobs() if jobs is None else jobs
    if jobs <= 1:
        return InProcess()
    for pool in _early:
        if pool.workers == jobs and pool.settings == settings:
            _early.remove(pool)
            return pool
    return LocalPool(jobs, settings=settings)
