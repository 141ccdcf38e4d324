"""The interface between the scrubbing core and where its batch functions run.

``Scrubber`` (``privacy.scrub.scrubber``) and the export scheduler call exactly these
members; ``privacy.scrub.parallel.InProcess`` (``--jobs 1``), ``parallel.LocalPool``
(``--jobs N``) and ``privacy.scrub.dask_backend.DaskBackend`` (``--cluster``) provide
them. The output never depends on which one runs the batches.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Protocol, runtime_checkable


@runtime_checkable
class Backend(Protocol):
    """Maps module-level functions over argument tuples, results in submission order."""

    @property
    def workers(self) -> int:
        """How many tasks run at the same time (1: in this process)."""

    @property
    def distributed(self) -> bool:
        """True when tasks run on other machines: shared objects are broadcast, not copied per task."""

    @property
    def started(self) -> bool:
        """True once tasks run elsewhere than this process (worker processes started or a cluster)."""

    def start(self) -> None:
        """Start the workers now (before threads hand them work), if they are not running yet."""

    def imap(self, fn: Callable, args: Iterable[tuple], window: int | None = None) -> Iterator:
        """``fn(*a)`` for each ``a``, yielded in order, at most ``window`` tasks in flight."""

    def share(self, obj) -> object:
        """A handle for a read-only object the tasks use (``privacy.scrub.shared.resolve`` reads it)."""

    def release(self, handle) -> None:
        """Free what ``share`` made, once the tasks that use it are done."""

    def close(self) -> None:
        """Wait for the tasks and stop the workers this backend started."""

    def abort(self) -> None:
        """Stop now (a failure or an interrupt): results nobody will read are not waited for."""
