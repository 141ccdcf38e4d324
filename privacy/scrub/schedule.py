"""``scrub_export`` / ``scrub_exports``: one backend, one workspace, exports in a fixed order.

Each export is an ``export.ExportJob``. With workers, up to ``IN_FLIGHT_EXPORTS``
exports are detected at the same time (threads here only stream texts and collect
results: every batch runs on the workers), while surrogates are assigned and outputs
written one export at a time in the given order, so the result equals scrubbing them one
after the other. Each output is built in a hidden temporary folder (``atomic.AtomicDir``)
renamed into place only when every export of the call is complete.
"""

from __future__ import annotations

import collections
import contextlib
from collections.abc import Mapping
from pathlib import Path

from ingest.errors import InputError
from privacy.scrub.atomic import AtomicDir
from privacy.scrub.backend import Backend
from privacy.scrub.export import ExportJob, _settings, default_out_dir
from privacy.scrub.options import NullProgress, ScrubOptions, ScrubResult
from privacy.scrub.warmstart import WARM_ALL_BYTES, warm_count  # noqa: F401  (WARM_ALL_BYTES: as before)
from privacy.scrub.warmstart import bytes_on_disk as _bytes_on_disk
from privacy.scrub.warmstart import idle_core as _idle_core  # here, so a caller can set it (tests)

__all__ = ["IN_FLIGHT_EXPORTS", "default_out_dir", "scrub_export", "scrub_exports"]


def scrub_export(
    export_path,
    out_dir=None,
    *,
    workspace=None,
    options: ScrubOptions | None = None,
    extra_texts: Mapping[str, str] | None = None,
    backend: Backend | None = None,
) -> ScrubResult:
    """Scrub one export into ``out_dir`` (default ``<name>.scrubbed`` beside it).

    ``workspace`` is a ``synth.workspace.Workspace`` (default: ``Workspace.open()``).
    ``extra_texts`` (name -> text) are detected jointly with the export and returned
    scrubbed in ``result.extra_texts``; they are not written to ``out_dir``.
    ``backend`` (``privacy.scrub.parallel``) runs the batches; default from
    ``options.jobs`` / ``options.cluster``. The output does not depend on it.
    Raises ``InputError`` for bad input; leaves nothing behind on any failure.
    """
    return scrub_exports([export_path], [out_dir], workspace=workspace, options=options,
                         extra_texts=[extra_texts], backend=backend)[0]


IN_FLIGHT_EXPORTS = 4  # exports whose detection runs at the same time (bounded memory)


def scrub_exports(
    export_paths,
    out_dirs=None,
    *,
    workspace=None,
    options: ScrubOptions | None = None,
    extra_texts=None,
    backend: Backend | None = None,
) -> list[ScrubResult]:
    """Scrub several exports in one workspace, one backend for all of them.

    With workers, up to ``IN_FLIGHT_EXPORTS`` exports are detected at the same time (their
    batches keep the workers busy together; detection of one export never depends on
    another), while surrogates are assigned and outputs written one export at a time in
    the given order, so the result equals scrubbing them one after the other in that
    order. One call is one unit: on any failure no output folder of the call is left.
    """
    from concurrent.futures import ThreadPoolExecutor

    from synth.workspace import Workspace

    options = options or ScrubOptions()
    export_paths = list(export_paths)
    out_dirs = list(out_dirs) if out_dirs is not None else [None] * len(export_paths)
    extra_texts = list(extra_texts) if extra_texts is not None else [None] * len(export_paths)
    if not (len(export_paths) == len(out_dirs) == len(extra_texts)):
        raise ValueError("export_paths, out_dirs and extra_texts differ in length")
    if workspace is None:
        workspace = Workspace.open()
    for path, out in zip(export_paths, out_dirs):  # fail fast, before any work
        target = Path(out) if out is not None else default_out_dir(Path(path))
        if target.exists() and not options.force:
            raise InputError(str(target), "output folder exists (use --force to replace it)")
    own = backend is None
    opened: list[ExportJob] = []
    progress = options.progress or NullProgress()
    try:
        with contextlib.ExitStack() as stack:
            todo = iter(zip(export_paths, out_dirs, extra_texts))

            def open_next():
                path, out, extra = next(todo)
                job = ExportJob(path, out, workspace, options, extra)
                opened.append(job)
                return job, stack.enter_context(AtomicDir(job.out_dir, force=options.force))

            warmed = None
            if own:
                from privacy.scrub.parallel import make_backend

                # made before the first export is read: a fresh process starts its workers
                # now, so their models load while this process reads the export
                backend = make_backend(jobs=options.jobs, cluster=options.cluster, settings=_settings(options.detector))
                warmed = _warm_start(backend, export_paths)
            first = open_next()
            results: list[ScrubResult] = []
            if len(export_paths) == 1 or backend.workers <= 1:
                job, tmp = first
                while True:
                    job.detect(backend)
                    if own and len(export_paths) == 1:
                        _retire_if_large(backend, export_paths)
                    if warmed is not None:
                        warmed.join()  # the surrogates' name tables, read while the workers detected
                        warmed = None
                    results.append(job.write(tmp))
                    job.close()
                    try:
                        job, tmp = open_next()
                    except StopIteration:
                        break
            else:
                backend.start()  # detection in worker processes only, never in these threads
                tp = ThreadPoolExecutor(max_workers=IN_FLIGHT_EXPORTS)
                pending = collections.deque([(first, tp.submit(first[0].detect, backend))])
                opened_all = False
                try:
                    while pending:
                        while len(pending) < IN_FLIGHT_EXPORTS and not opened_all:
                            try:
                                nxt = open_next()
                            except StopIteration:
                                opened_all = True
                                break
                            pending.append((nxt, tp.submit(nxt[0].detect, backend)))
                        (job, tmp), fut = pending.popleft()
                        fut.result()
                        if own and opened_all and not pending:
                            _retire_if_large(backend, export_paths)  # the last export is detected
                        if warmed is not None:
                            warmed.join()
                            warmed = None
                        results.append(job.write(tmp))
                        job.close()
                except BaseException:
                    for (job, _tmp), _fut in pending:
                        job.cancelled = True  # their text streams stop at the next string
                    raise
                finally:
                    tp.shutdown(wait=True, cancel_futures=True)
            progress.close()
            return results
    except BaseException:
        if own and backend is not None:
            backend.abort()  # do not wait for batches nobody will read
            backend = None
        raise
    finally:
        for j in opened:
            j.close()
        if own and backend is not None:
            backend.close()


RETIRE_BYTES = 8_000_000  # exports this large in all: the detection workers end after the last detection


def _retire_if_large(backend, export_paths) -> None:
    """After the run's last detection, local workers that hold a Detector end and light ones
    start (``LocalPool.retire``), when the exports are large: pass 3's peak memory is then this
    process and two small workers, not two models that grew with the export (at 100 MB of chat:
    408 MB each, and the process tree's peak came at the end of pass 3). The light workers start
    during the assign, while a core is free. A small export keeps its workers: respawning costs
    0.2-0.3 s of CPU a worker and its workers hold little."""
    retire = getattr(backend, "retire", None)
    if retire is not None and backend.started and sum(_bytes_on_disk(Path(p)) for p in export_paths) >= RETIRE_BYTES:
        retire()


def _warm_start(backend, export_paths):
    """Start local workers before anything is read, when this process has no model loaded
    (a fresh ``privacy scrub``): their models load on the other cores while this process
    reads the export; every worker for a large export (or several exports), one for a small
    export when a core is mostly free. A process that has the model loaded already (a library
    caller, the tests) keeps running a one-batch export in place, at no start-up cost.
    Meanwhile a thread here reads the surrogates' name tables (what the first assign reads).
    Returns that thread, or None. Where detection runs never changes the output."""
    import sys
    import threading

    warm = getattr(backend, "warm", None)
    engine = sys.modules.get("privacy.detect.engine")
    if warm is None or backend.workers <= 1 or (engine is not None and engine._Core._cache):
        return None
    # every worker for a large export (they start on the first batches anyway: earlier costs
    # nothing); none for a small export on a busy machine, which runs in place: a worker would only
    # add CPU (0.2-0.3 s measured: a second interpreter, the modules both processes import, the
    # results pickled). A pool the command started first thing (warmstart.start_early) is warm already.
    n = max(warm_count(export_paths, backend.workers, idle=_idle_core), 1 if getattr(backend, "live", 0) else 0)
    if not n:
        return None
    warm(n)
    from synth.names import tables

    t = threading.Thread(target=tables, name="privacy-warm-names", daemon=True)
    t.start()
    return t
