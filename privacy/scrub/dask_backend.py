"""Run the scrub core's batch functions on a Dask cluster (``privacy scrub --cluster ADDRESS``).

Nothing home-made: a ``distributed.Client`` submits the same module-level core functions
the local paths call; Dask schedules them, retries a task whose worker died, and moves
data. A ``WorkerPlugin`` loads the Detector once per worker process when it joins (and
again in a worker the nanny restarts). Read-only objects the tasks share (the
propagation spec, the surrogate table) are broadcast as the result of one task that
every worker fetches once (``share``).

Workers need the project installed (same version) and the pinned spaCy model; they never
get the workspace key or the vault — only detected spans and the plain lookup table.
Run worker processes single-threaded (``dask worker ADDRESS --nthreads 1 --nworkers N``):
each process holds one spaCy pipeline, and one pipeline per thread would not be shared safely.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator

from privacy.scrub.parallel import BackendBase, init_worker

try:
    from distributed.diagnostics.plugin import WorkerPlugin
except ImportError:  # the [dask] extra is not installed
    WorkerPlugin = object


class LoadDetector(WorkerPlugin):
    """Load the Detector for ``settings`` in every worker process, once."""

    name = "privacy-load-detector"

    def __init__(self, settings):
        self.settings = settings

    def setup(self, worker) -> None:
        init_worker(self.settings)


def _identity(obj):
    return obj


class DaskBackend(BackendBase):
    """A client of a running Dask scheduler at ``address`` (``tcp://host:8786``).

    ``abort`` closes the client: its tasks are released, the cluster keeps running."""

    distributed = True
    started = True

    def __init__(self, address, settings=None, *, retries: int = 3):
        try:
            from distributed import Client
        except ImportError:
            from ingest.errors import InputError

            raise InputError("--cluster", "Dask is not installed (pip install 'privacy[dask]')") from None
        if isinstance(address, Client):
            self.client = address
        else:
            try:
                self.client = Client(address, set_as_default=False, timeout="20s")
            except (OSError, TimeoutError, ValueError):
                from ingest.errors import InputError

                raise InputError("--cluster", "cannot reach a Dask scheduler at that address") from None
        self._own = self.client is not address
        self.retries = retries
        if settings is not None:
            self.client.register_plugin(LoadDetector(settings))

    @property
    def workers(self) -> int:
        return max(1, len(self.client.scheduler_info().get("workers", {})))

    def imap(self, fn: Callable, args: Iterable[tuple], window: int | None = None) -> Iterator:
        window = window or 3 * self.workers
        pending: deque = deque()
        for a in args:
            pending.append(self.client.submit(fn, *a, pure=False, retries=self.retries))
            if len(pending) >= window:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()

    def share(self, obj):
        """One task whose result is ``obj``: every worker fetches it once (from a peer)
        and keeps it while the run holds the future; if its holder dies the scheduler
        recomputes it from the task. (``Client.scatter`` data is not recoverable and a
        broadcast scatter can hang while a killed worker is being replaced:
        dask/distributed#3149.)"""
        return self.client.submit(_identity, obj, pure=False, retries=self.retries)

    def close(self) -> None:
        if self._own:
            self.client.close()

