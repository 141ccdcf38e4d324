"""Read-only objects handed to local worker processes once, through shared memory.

``SharedBlocks.put(obj)`` pickles ``obj`` ONCE into a shared-memory block and returns a
small ``SharedRef``; a task argument that is a ref is turned back into the object in the
worker by ``resolve``, which unpickles the block the first time a process meets it and
keeps the object for the next tasks. Without it every pass-2 task carried its own pickled
copy of the propagation spec — every value found in the export — so the parent pickled and
each worker unpickled it once per batch: a cost that grew with the square of the export
(~1,000 batches of a spec that is itself ~10 MB at 300 MB). Since then each pass-2 batch carries
only the propagation terms it can hold (``core.BatchTerms``): the scrubber shares no spec now,
and ``LocalPool.share`` keeps these blocks for a caller with one large object for every worker.

The block lives in RAM (``/dev/shm`` on Linux, created mode 0600, never on disk) and is
unlinked by ``release`` once the pass is over, by ``close`` when the pool closes, and by
multiprocessing's resource tracker if the process dies. When the shared-memory file system
has no room for it, ``put`` returns None and the caller passes the object itself, as before.
"""

from __future__ import annotations

import collections
import hashlib
import os
import pickle
import threading
from dataclasses import dataclass

SHM_DIR = "/dev/shm"
RESOLVED_KEPT = 4  # objects a worker keeps resolved (several exports may be in flight)


@dataclass(frozen=True)
class SharedRef:
    """Where a shared object is: the block's name, the length of its pickle and its digest
    (what a worker keeps the object by: a name can be reused once a block is unlinked)."""

    name: str
    size: int
    digest: str = ""


def _room_for(size: int) -> bool:
    """Whether the shared-memory file system can hold ``size`` more bytes (with a margin:
    a full tmpfs makes writes to the mapped block fail with SIGBUS, not with an error)."""
    try:
        st = os.statvfs(SHM_DIR)
    except OSError:
        return True  # no such file system to check (POSIX shm elsewhere is plain memory)
    return st.f_bavail * st.f_frsize >= 2 * size + (16 << 20)


class SharedBlocks:
    """The blocks one pool has shared (created and unlinked by the parent only)."""

    def __init__(self):
        self._blocks: dict = {}
        self._lock = threading.Lock()

    def put(self, obj) -> SharedRef | None:
        from multiprocessing.shared_memory import SharedMemory

        data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
        if not _room_for(len(data)):
            return None
        shm = SharedMemory(create=True, size=max(1, len(data)))
        shm.buf[: len(data)] = data
        with self._lock:
            self._blocks[shm.name] = shm
        return SharedRef(shm.name, len(data), hashlib.blake2b(data, digest_size=16).hexdigest())

    def release(self, ref) -> None:
        """Unlink the block of ``ref`` (anything else: nothing to do)."""
        if isinstance(ref, SharedRef):
            self._unlink(ref.name)

    def _unlink(self, name: str) -> None:
        with self._lock:
            shm = self._blocks.pop(name, None)
        if shm is not None:
            shm.close()
            shm.unlink()

    def __len__(self) -> int:
        return len(self._blocks)

    def close(self) -> None:
        with self._lock:
            names = list(self._blocks)
        for name in names:
            self._unlink(name)


_resolved: collections.OrderedDict = collections.OrderedDict()
_resolved_lock = threading.Lock()


def resolve(obj):
    """``obj`` itself, or the object a ``SharedRef`` points to (unpickled once per process)."""
    if not isinstance(obj, SharedRef):
        return obj
    key = (obj.name, obj.digest)
    with _resolved_lock:
        if key in _resolved:
            _resolved.move_to_end(key)
            return _resolved[key]
    from multiprocessing.shared_memory import SharedMemory

    shm = SharedMemory(name=obj.name)
    try:
        with shm.buf[: obj.size] as view:
            value = pickle.loads(view)
    finally:
        shm.close()
    with _resolved_lock:
        _resolved[key] = value
        while len(_resolved) > RESOLVED_KEPT:
            _resolved.popitem(last=False)
    return value
