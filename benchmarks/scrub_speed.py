"""How the time of `privacy scrub` splits between detection and the scrub itself.

Generates deterministic ChatGPT exports with ``synth.testdata.bigexport`` under /tmp, scrubs each
in a fresh child process (fresh workspace) and reports: wall time, the share spent
inside detection (the scrub core's two detection stages, timed by wrappers), the rest (walking,
surrogates, writing, reports), and the child's peak RSS. Ratios within one run are
what to quote; the machine is shared.

    python benchmarks/scrub_speed.py --mb 0.5 1
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHILD = r"""
import json, resource, sys, time
from privacy.detect import Detector
from privacy.scrub import ScrubOptions, scrub_export
from synth.workspace import Workspace

src, out, ws_path = sys.argv[1:4]
det = Detector.get()
det.analyze_corpus(["warm up with Alice in Paris"])

from privacy.scrub import core

class Timed:  # the two detection stages of the scrub core, timed (in this process: --jobs 1)
    spent = 0.0
    @staticmethod
    def wrap(fn):
        def timed(*a, **k):
            t = time.perf_counter()
            try:
                return fn(*a, **k)
            finally:
                Timed.spent += time.perf_counter() - t
        return timed

core.detect_local = Timed.wrap(core.detect_local)
core.detect_finish = Timed.wrap(core.detect_finish)

t0 = time.perf_counter()
res = scrub_export(src, out, workspace=Workspace.open(ws_path), options=ScrubOptions(jobs=1))
total = time.perf_counter() - t0
print(json.dumps({"total_s": total, "detect_s": Timed.spent, "kept": res.summary["conversations"]["kept"],
                  "messages": res.summary["messages_kept"], "replacements": res.summary["replacements"]["total"],
                  "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=float, nargs="+", default=[0.5, 1.0])
    args = ap.parse_args(argv)
    from synth.testdata.bigexport import write_big_export

    rows = []
    with tempfile.TemporaryDirectory(prefix="scrub-speed-") as tmp:
        for mb in args.mb:
            src = Path(tmp) / f"export-{mb}"
            write_big_export(src, mb)
            size = sum(p.stat().st_size for p in src.rglob("*") if p.is_file()) / 1e6
            proc = subprocess.run([sys.executable, "-c", CHILD, str(src), str(Path(tmp) / f"out-{mb}"),
                                   str(Path(tmp) / f"ws-{mb}")], capture_output=True, text=True, check=True)
            r = json.loads(proc.stdout.strip().splitlines()[-1])
            r["input_mb"] = round(size, 2)
            rows.append(r)
    print("| input | conversations / messages | replacements | wall | in detection | scrub's own work | peak RSS |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        own = r["total_s"] - r["detect_s"]
        print(f"| {r['input_mb']} MB | {r['kept']} / {r['messages']} | {r['replacements']} | {r['total_s']:.1f} s "
              f"| {100 * r['detect_s'] / r['total_s']:.0f}% | {100 * own / r['total_s']:.0f}% ({own:.1f} s) "
              f"| {r['peak_rss_mb']:.0f} MB |")


if __name__ == "__main__":
    main()
