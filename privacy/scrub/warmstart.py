"""When a fresh ``privacy scrub`` starts detection workers early, and starting them first thing.

A worker spends about two seconds loading its Detector (spaCy, Presidio, the lists) before it
can detect anything. ``privacy.scrub.schedule`` starts workers before the export is read, so
that load runs on another core while this process reads the export and the surrogates' name
tables. ``start_early`` goes further: the scrub command calls it before it imports the
scrubber, opens the workspace or reads the export, and the backend the scrub then makes
(``parallel.make_backend``) is that pool, already loading. This module imports nothing heavy.
Where detection runs never changes the output.
"""

from __future__ import annotations

import os
from pathlib import Path

WARM_ALL_BYTES = 2_000_000  # an export this large on disk has several batches: every worker starts at once


def bytes_on_disk(path: Path) -> int:
    """Size of an export file, or of the files in an export folder (0 when unreadable)."""
    try:
        if path.is_dir():
            return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())
        return path.stat().st_size
    except OSError:
        return 0


def idle_core() -> bool:
    """True when a core is free for a worker beside this process: mostly free over the last
    minute (load average below cores - 0.5) and free now (``others_running``: no more than
    cores - 2 other tasks runnable, this process taking one core and the worker another).
    On 2 cores the sharded fixture took 0.94x the in-place time at load 1.0-1.1 (one scrub after
    another) and 1.01-1.04x at load 3.5-5, with 0.2-0.3 s more CPU; with one other program busy
    on a core (load 1.3-1.6, which the load average alone took for a free core) the worker took
    1.09-1.17x the in-place time (issue 20, 2026-12-04)."""
    cores = os.cpu_count() or 1
    try:
        if os.getloadavg()[0] >= cores - 0.5:
            return False
    except OSError:
        return False
    others = others_running()
    return others is None or others <= cores - 2


def others_running(samples: int = 5, interval: float = 0.001) -> int | None:
    """How many tasks besides this one are runnable now (Linux's ``/proc/loadavg``, its fourth
    field: runnable/all, this process included), or None where that is not known. The fewest of
    ``samples`` reads ``interval`` seconds apart: a program busy on a core is runnable at every
    read, a task that wakes for a moment (a shell, a kernel thread: one read in five on an idle
    machine) is not. The load average is a minute's mean: it cannot tell a program busy now from
    the scrubs that ran one after another before this one."""
    import time

    fewest = None
    for i in range(samples):
        if i:
            time.sleep(interval)
        try:
            with open("/proc/loadavg", encoding="ascii") as fh:
                runnable = int(fh.read().split()[3].split("/")[0])
        except (OSError, ValueError, IndexError):
            return None
        fewest = runnable if fewest is None else min(fewest, runnable)
    return max(0, fewest - 1)


def warm_count(export_paths, workers: int, idle=None) -> int:
    """How many local workers to start before anything is read: every one for a large export
    (or several exports), one for a small export when a core is mostly free, else none (a small
    export on a busy machine is detected in place: a worker would only add CPU)."""
    if workers <= 1:
        return 0
    if len(export_paths) > 1 or sum(bytes_on_disk(Path(p)) for p in export_paths) >= WARM_ALL_BYTES:
        return workers
    return 1 if (idle or idle_core)() else 0


def start_early(export_paths, jobs: int | None, cluster: str | None, ner_gate: bool = True) -> None:
    """The scrub command's first step: start the local workers ``warm_count`` asks for, each
    loading the Detector of the run's settings (``DetectorSettings()``, or without the NER gate),
    and leave the pool for ``parallel.make_backend``. Nothing for a cluster or ``--jobs 1``."""
    if cluster:
        return
    jobs = jobs if jobs is not None else (os.cpu_count() or 1)
    n = warm_count(export_paths, jobs)
    if n:
        from privacy.detect.settings import DetectorSettings
        from privacy.scrub import parallel

        parallel.start_early(jobs, DetectorSettings() if ner_gate else DetectorSettings(ner_gate=False), n)
