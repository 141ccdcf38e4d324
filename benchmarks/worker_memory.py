"""What grows in a detection worker as the export grows: per-worker RSS and pass 2's structures.

For each size (MB of ``synth.testdata.bigexport`` chat export under ``--root``, reused when
complete, as ``benchmarks/throughput.py`` makes them), a fresh process (``--drive``) scrubs the
export as the CLI does (``scrub_export``, its own pool of ``--jobs`` spawned workers, early start
and retirement included) into a fixed workspace (the published test key of tests/parallel), and
reports:

* **workers' RSS** (psutil, every 0.2 s): each detection worker's RSS when pass 1 ends (the
  moment the parent builds the propagation spec) and its peak, which is at the end of pass 2
  (the workers then retire: a later, light worker is not counted); the tree's peak too;
* **the propagation spec** the parent shares with the workers: values, vocabulary words, its
  pickle's bytes (what each worker unpickles and keeps);
* **what a worker built from it** before per-batch terms, rebuilt afterwards in the driver from
  the same spec: the Python memory (tracemalloc, which counts pyahocorasick's nodes too) of the
  unpickled spec and of the whole propagator (peak / kept), and the automaton's terms, its nodes
  and bytes (``Automaton.get_stats``);
* **per-batch terms** (a checkout with ``privacy.detect.term_index``): the terms each pass-2 batch
  was handed (mean / max), and the parent's index of every term (tracemalloc);
* **output**: the SHA-256 of the whole output tree (every file's path and bytes), so a run on
  another checkout shows byte identity in the same table.

The slope (MB of worker RSS per MB of export) between the sizes is printed at the end.

    python benchmarks/worker_memory.py --mb 3 10 30 --root /tmp/m20
    PYTHONPATH=/tmp/other python benchmarks/worker_memory.py --mb 3 10 --root /tmp/m20 --json /tmp/other.json
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import pickle
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script from anywhere

MB = 2**20
TEST_KEY = bytes(range(7, 39))  # the published test key of tests/parallel (scripts/byte_identity.py)
DETECTION_WORKER_MB = 200  # a worker above this holds a Detector (a light pass-3 worker stays under 100 MB)


def tree_sha256(root: Path) -> str:
    """One digest of every file's relative path and bytes, in sorted order."""
    h = hashlib.sha256()
    for p in sorted(root.rglob("*")):
        if p.is_file():
            h.update(p.relative_to(root).as_posix().encode() + b"\0")
            h.update(hashlib.sha256(p.read_bytes()).digest())
    return h.hexdigest()


class Poller(threading.Thread):
    """This process's children's RSS every 0.2 s: per process its peak, and the tree's peak."""

    def __init__(self):
        super().__init__(daemon=True)
        import psutil

        self.me = psutil.Process()
        self.peak: dict[int, int] = {}
        self.tree_peak = 0
        self.stop = threading.Event()

    def snapshot(self) -> dict[int, int]:
        import psutil

        out = {}
        for p in self.me.children(recursive=True):
            try:
                out[p.pid] = p.memory_info().rss
            except psutil.Error:
                pass
        return out

    def run(self) -> None:
        while not self.stop.is_set():
            kids = self.snapshot()
            for pid, rss in kids.items():
                self.peak[pid] = max(self.peak.get(pid, 0), rss)
            self.tree_peak = max(self.tree_peak, self.me.memory_info().rss + sum(kids.values()))
            time.sleep(0.2)


def structure_sizes(spec) -> dict:
    """Rebuild what a worker holds after pass 2 from ``spec``: its unpickled copy and the propagator."""
    import gc
    import tracemalloc

    from privacy.detect.allow_list import read_common_word_names
    from privacy.detect.propagation import Propagator

    common = read_common_word_names()
    blob = pickle.dumps(spec, protocol=pickle.HIGHEST_PROTOCOL)
    gc.collect()
    tracemalloc.start()
    copy = pickle.loads(blob)
    spec_kept = tracemalloc.get_traced_memory()[0]
    tracemalloc.reset_peak()
    base = tracemalloc.get_traced_memory()[0]
    vocab = getattr(copy, "vocab", ())
    prop = Propagator(copy.values, common | frozenset(vocab))
    kept, peak = tracemalloc.get_traced_memory()
    out = {"spec_pickle_mb": len(blob) / MB, "spec_kept_mb": spec_kept / MB,
           "prop_kept_mb": (kept - base) / MB, "prop_peak_mb": (peak - base) / MB}
    try:
        from privacy.detect.propagation import propagation_terms
        from privacy.detect.term_index import TermIndex
    except ImportError:  # a checkout before the per-batch terms
        pass
    else:
        terms = propagation_terms(copy.values, common | frozenset(vocab))
        del copy, prop
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        index = TermIndex(terms)
        out["index_mb"] = (tracemalloc.get_traced_memory()[0] - before) / MB  # the parent's, during pass 2
        del index
        prop = Propagator.of_terms(terms)
    tracemalloc.stop()
    stats = prop.automaton.get_stats()
    out.update(terms=stats["words_count"], nodes=stats["nodes_count"], automaton_mb=stats["total_size"] / MB)
    return out


def drive(export: Path, jobs: int) -> dict:
    """One scrub of ``export`` in this process, measured (see the module's docstring)."""
    from privacy.scrub import ScrubOptions, scrub_export
    from privacy.scrub import core
    from synth.workspace import Workspace

    seen: dict = {}
    poller = Poller()
    of = core.PropagationSpec.of.__func__

    def spec_of(cls, values, vocab):
        spec = of(cls, values, vocab)
        if "spec" not in seen:  # the export's own detection (a later string alone is detected again)
            seen["spec"] = spec
            seen["values"], seen["vocab"] = len(spec.values), len(getattr(spec, "vocab", ()))
            seen["pass1_end"] = poller.snapshot()
        return spec

    core.PropagationSpec.of = classmethod(spec_of)
    given: list[int] = []  # terms handed to each pass-2 batch (a checkout with per-batch terms)
    try:
        from privacy.detect.term_index import TermIndex
    except ImportError:
        pass
    else:
        for_texts = TermIndex.for_texts

        def counted(self, texts):
            out = for_texts(self, texts)
            given.append(len(out))
            return out

        TermIndex.for_texts = counted
    with tempfile.TemporaryDirectory(prefix="wm-") as tmp:
        ws = Path(tmp) / "ws"
        ws.mkdir(mode=0o700)
        (ws / "key").write_text(f"privacy-workspace-key-v1\n{base64.b64encode(TEST_KEY).decode()}\n")
        os.chmod(ws / "key", 0o600)
        poller.start()
        t0 = time.perf_counter()
        scrub_export(export, Path(tmp) / "out", workspace=Workspace.open(ws), options=ScrubOptions(jobs=jobs))
        wall = time.perf_counter() - t0
        poller.stop.set()
        poller.join()
        digest = tree_sha256(Path(tmp) / "out")
    workers = sorted((rss for rss in poller.peak.values() if rss > DETECTION_WORKER_MB * MB), reverse=True)
    at_pass1 = sorted((rss for rss in seen.get("pass1_end", {}).values() if rss > DETECTION_WORKER_MB * MB), reverse=True)
    out = {"export": str(export), "export_mb": sum(p.stat().st_size for p in export.rglob("*") if p.is_file()) / MB,
           "wall_s": wall, "tree_peak_mb": poller.tree_peak / MB,
           "worker_peak_mb": [w / MB for w in workers], "worker_pass1_end_mb": [w / MB for w in at_pass1],
           "values": seen.get("values", 0), "vocab": seen.get("vocab", 0), "output_sha256": digest,
           "batch_terms_max": max(given, default=0), "batch_terms_mean": sum(given) / len(given) if given else 0}
    if "spec" in seen:
        out.update(structure_sizes(seen["spec"]))
    return out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=float, nargs="*", default=[3, 10, 30], help="export sizes in MB")
    ap.add_argument("--root", type=Path, default=Path(tempfile.gettempdir()) / "privacy-throughput")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", type=Path, help="also write the rows here")
    ap.add_argument("--drive", type=Path, help=argparse.SUPPRESS)  # one export, in this process
    a = ap.parse_args(argv)
    if a.drive is not None:
        print(json.dumps(drive(a.drive, a.jobs)))
        return
    from throughput import export_for

    rows = []
    print("| export MB | values | vocab | spec pickle MB | terms | automaton MB | spec kept MB | propagator kept / peak MB "
          "| terms a batch, mean / max | parent's index MB "
          "| worker RSS pass 1 end MB | worker peak MB | tree peak MB | wall s | output SHA-256 |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for mb in a.mb:
        folder = export_for(mb, a.root, "chat")
        res = subprocess.run([sys.executable, __file__, "--drive", str(folder), "--jobs", str(a.jobs)],
                             stdout=subprocess.PIPE, check=True)
        r = json.loads(res.stdout.decode().strip().splitlines()[-1])
        rows.append(r)
        print(f"| {r['export_mb']:.1f} | {r['values']:,} | {r['vocab']:,} | {r.get('spec_pickle_mb', 0):.1f} "
              f"| {r.get('terms', 0):,} | {r.get('automaton_mb', 0):.1f} | {r.get('spec_kept_mb', 0):.1f} "
              f"| {r.get('prop_kept_mb', 0):.1f} / {r.get('prop_peak_mb', 0):.1f} "
              f"| {r.get('batch_terms_mean', 0):.0f} / {r.get('batch_terms_max', 0)} | {r.get('index_mb', 0):.1f} "
              f"| {' / '.join(f'{w:.0f}' for w in r['worker_pass1_end_mb'])} "
              f"| {' / '.join(f'{w:.0f}' for w in r['worker_peak_mb'])} | {r['tree_peak_mb']:.0f} | {r['wall_s']:.0f} "
              f"| {r['output_sha256'][:12]} |", flush=True)
    if len(rows) >= 2:
        a0, a1 = rows[0], rows[-1]
        dx = a1["export_mb"] - a0["export_mb"]
        w0, w1 = max(a0["worker_peak_mb"], default=0), max(a1["worker_peak_mb"], default=0)
        print(f"slope, largest worker's peak: {(w1 - w0) / dx:.2f} MB per MB of export "
              f"({a0['export_mb']:.1f} -> {a1['export_mb']:.1f} MB); tree peak: "
              f"{(a1['tree_peak_mb'] - a0['tree_peak_mb']) / dx:.2f} MB per MB")
    if a.json:
        a.json.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
