"""CPU of ``Detector.analyze_corpus`` over one export's distinct pieces, checkouts alternating.

Each run is a fresh process of one checkout (its tree first on ``PYTHONPATH``): the detector is
loaded and warmed up, then one ``analyze_corpus`` over the export's pieces (as ``profile_detect``
gives them) is timed with ``process_time`` (CPU moves less than wall time on a busy machine).
Rounds alternate the checkouts; the findings' SHA-256 must be the same in every run.

    python benchmarks/detect_cpu.py /tmp/base . --export /tmp/pe2k/export --rounds 3
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

CHILD = r"""
import hashlib, json, sys, time
sys.path.insert(0, sys.argv[1] + "/benchmarks")
from pathlib import Path
from profile_detect import _pieces
from throughput import texts_of
from privacy.detect import Detector
det = Detector.get()
det.analyze_corpus(["warm up with Alice in Paris"])
segs = _pieces(det, texts_of(Path(sys.argv[2])))
c0, t0 = time.process_time(), time.perf_counter()
found = det.analyze_corpus(segs)
cpu, wall = time.process_time() - c0, time.perf_counter() - t0
digest = hashlib.sha256(repr(found).encode())  # Finding is a dataclass: every field
print(json.dumps({"cpu": cpu, "wall": wall, "pieces": len(segs), "sha": digest.hexdigest()[:16]}))
"""


def run(tree: Path, export: Path) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run([sys.executable, "-c", CHILD, str(tree), str(export)], env=env, cwd="/tmp",
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("trees", nargs="+")
    ap.add_argument("--export", type=Path, required=True)
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args()
    trees = [Path(t).resolve() for t in a.trees]
    runs: dict[Path, list[dict]] = {t: [] for t in trees}
    for r in range(a.rounds):
        for t in trees:
            runs[t].append(run(t, a.export))
            print(f"round {r + 1} {t}: {runs[t][-1]} (load {os.getloadavg()[0]:.1f})", flush=True)
    shas = {x["sha"] for rs in runs.values() for x in rs}
    first = statistics.median(x["cpu"] for x in runs[trees[0]])
    print(f"\n{runs[trees[0]][0]['pieces']} pieces; findings {'identical' if len(shas) == 1 else 'DIFFER: ' + str(shas)}")
    print("| checkout | CPU median (min–max) | CPU / first |\n| --- | --- | --- |")
    for t in trees:
        c = [x["cpu"] for x in runs[t]]
        print(f"| {t} | {statistics.median(c):.2f} s ({min(c):.2f}–{max(c):.2f}) | {statistics.median(c) / first:.3f}x |")


if __name__ == "__main__":
    main()
