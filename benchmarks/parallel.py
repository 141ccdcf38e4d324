"""One process vs local worker processes vs a local Dask cluster, on the same export, in one run.

Generates a deterministic ChatGPT export with ``synth.testdata.bigexport`` (plus a labelled one
full of PII from ``synth.testdata.labelled``), then scrubs both, in one call, three ways with
fresh workspaces holding the same key:

* ``single``  — ``--jobs 1``: everything in this process;
* ``jobs=N``  — a ``LocalPool`` of N spawned worker processes;
* ``dask N``  — a ``distributed.LocalCluster`` of N single-threaded worker processes.

Workers are started and their Detector loaded BEFORE the clock starts (start-up is
reported apart), so the figures compare the scrub itself. Every run's output is checked
byte-identical to the single-process one. Ratios within one run are what to quote.

``--memory MB MB ...`` instead scrubs exports of those sizes in fresh child processes
(``--jobs 1``) and reports each child's peak RSS: flat memory as the export grows.

    python benchmarks/parallel.py --mb 1 --workers 2
    python benchmarks/parallel.py --memory 1 4
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

KEY = bytes(range(32))


def _workspace(path: Path):
    from synth.workspace import Workspace

    path.mkdir(mode=0o700, parents=True)
    (path / "key").write_text(f"privacy-workspace-key-v1\n{base64.b64encode(KEY).decode()}\n")
    os.chmod(path / "key", 0o600)
    return Workspace.open(path)


def _tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def _exports(tmp: Path, mb: float) -> list[Path]:
    from synth.testdata.bigexport import write_big_export
    from synth.testdata.labelled import generate

    big = write_big_export(tmp / "generated", mb, seed=1)
    labelled = generate(seed=11, sentences=300, controls=30).write_chatgpt_export(tmp / "labelled")
    return [Path(big), Path(labelled)]


def _scrub(exports, out: Path, backend) -> float:
    from privacy.scrub import ScrubOptions, scrub_exports

    ws = _workspace(out / "ws")
    t = time.perf_counter()
    scrub_exports(exports, [out / f"o{i}" for i in range(len(exports))], workspace=ws,
                  options=ScrubOptions(batch_chars=50_000), backend=backend)
    return time.perf_counter() - t


def compare(mb: float, workers: int) -> dict:
    from distributed import Client, LocalCluster

    from privacy.detect import DetectorSettings
    from privacy.scrub import core
    from privacy.scrub.dask_backend import DaskBackend
    from privacy.scrub.parallel import InProcess, LocalPool

    settings = DetectorSettings()
    rows: dict[str, dict] = {}
    with tempfile.TemporaryDirectory(prefix="bench-parallel-") as tmp:
        tmp = Path(tmp)
        exports = _exports(tmp, mb)
        size = sum(p.stat().st_size for e in exports for p in ([e] if e.is_file() else e.rglob("*")) if p.is_file())

        t = time.perf_counter()
        core.detector_for(settings).analyze_text("warm up with Alice in Paris")
        rows["single"] = {"startup_s": time.perf_counter() - t, "scrub_s": _scrub(exports, tmp / "single", InProcess())}

        t = time.perf_counter()
        pool = LocalPool(workers, settings=settings)
        list(pool.imap(core.detect_local, [(["Alice"], core.DetectJob(settings))] * (2 * workers)))
        startup = time.perf_counter() - t
        rows[f"jobs={workers}"] = {"startup_s": startup, "scrub_s": _scrub(exports, tmp / "pool", pool)}
        pool.close()

        t = time.perf_counter()
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                          dashboard_address=None) as cl, Client(cl) as client:
            backend = DaskBackend(client, settings=settings)  # the worker plugin loads the Detector
            startup = time.perf_counter() - t
            rows[f"dask {workers} workers"] = {"startup_s": startup, "scrub_s": _scrub(exports, tmp / "dask", backend)}

        ref = [_tree(tmp / "single" / f"o{i}") for i in range(len(exports))]
        for name, sub in ((f"jobs={workers}", "pool"), (f"dask {workers} workers", "dask")):
            rows[name]["identical"] = all(_tree(tmp / sub / f"o{i}") == ref[i] for i in range(len(exports)))
        base = rows["single"]["scrub_s"]
        for r in rows.values():
            r["speedup"] = round(base / r["scrub_s"], 2)
            r["startup_s"] = round(r["startup_s"], 1)
            r["scrub_s"] = round(r["scrub_s"], 1)
        return {"input_mb": round(size / 2**20, 2), "cpu_count": os.cpu_count(), "rows": rows}


CHILD = r"""
import json, resource, sys, base64, os
from pathlib import Path
from privacy.scrub import ScrubOptions, scrub_export
from synth.testdata.bigexport import write_big_export
from synth.workspace import Workspace
tmp, mb = Path(sys.argv[1]), float(sys.argv[2])
src = write_big_export(tmp / "export", mb, seed=1)
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
(tmp / "ws").mkdir(mode=0o700)
(tmp / "ws" / "key").write_text("privacy-workspace-key-v1\n" + base64.b64encode(bytes(32)).decode() + "\n")
os.chmod(tmp / "ws" / "key", 0o600)
res = scrub_export(src, tmp / "out", workspace=Workspace.open(tmp / "ws"), options=ScrubOptions(jobs=1))
print(json.dumps({"mb": mb, "texts_bytes": sum(p.stat().st_size for p in src.iterdir()),
                  "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
                  "seconds": round(res.seconds, 1)}))
"""


def memory(sizes: list[float]) -> list[dict]:
    rows = []
    for mb in sizes:
        with tempfile.TemporaryDirectory(prefix="bench-mem-") as tmp:
            out = subprocess.run([sys.executable, "-c", CHILD, tmp, str(mb)], capture_output=True, text=True, check=True)
            rows.append(json.loads(out.stdout.strip().splitlines()[-1]))
    return rows


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=float, default=1.0, help="size of the generated export")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--memory", type=float, nargs="+", help="peak RSS of --jobs 1 runs at these sizes instead")
    args = ap.parse_args(argv)
    if args.memory:
        print(json.dumps(memory(args.memory), indent=2))
    else:
        print(json.dumps(compare(args.mb, args.workers), indent=2))


if __name__ == "__main__":
    main()
