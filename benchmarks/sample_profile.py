"""Sampling profile of ``Detector.analyze_corpus`` on a generated export (py-spy is not installed here).

A thread reads the main thread's stack every ``--every`` ms (``sys._current_frames``) while
``analyze_corpus`` runs over the export's distinct pieces, as ``profile_detect.py`` gives them;
prints each function's share of the samples, cumulative (on the stack) and self (the innermost
Python frame: time in C called from it, a regex search or spaCy's Cython, counts there). The GIL
switch interval is set to 50 µs so a sample is not held back by code that keeps the GIL (``re``)
while code that releases it (the ``regex`` module, numpy) is sampled on time; without that,
``regex``-module calls and the model look ~3x larger than they are. Unlike cProfile, the cost of a
Python call is not inflated (cProfile's overhead put ``fold_word`` at 3% of a run it costs 0.6% of).
Prints function names only, never text.

    python benchmarks/sample_profile.py --mb 1
    python benchmarks/sample_profile.py --export /tmp/pe2k/export    # any export folder (the dense one)
"""

from __future__ import annotations

import argparse
import collections
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from profile_detect import _pieces  # noqa: E402
from throughput import export_for, texts_of  # noqa: E402


def _key(frame) -> str:
    code = frame.f_code
    fn = code.co_filename
    fn = fn.split("/privacy/")[-1] if "/privacy/" in fn else fn.split("site-packages/")[-1]
    return f"{fn}:{code.co_firstlineno}({code.co_name})"


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=float, default=1.0)
    ap.add_argument("--root", type=Path, default=Path(tempfile.gettempdir()) / "privacy-throughput")
    ap.add_argument("--style", choices=("chat", "salad"), default="chat")
    ap.add_argument("--export", type=Path, help="profile this export folder instead of a generated one")
    ap.add_argument("--every", type=float, default=2.0, help="milliseconds between samples")
    ap.add_argument("--top", type=int, default=60)
    a = ap.parse_args(argv)
    a.root.mkdir(parents=True, exist_ok=True)
    from privacy.detect import Detector

    det = Detector.get()
    det.analyze_corpus(["warm up with Alice in Paris"])
    segs = _pieces(det, texts_of(a.export or export_for(a.mb, a.root, a.style)))
    print(f"{len(segs)} distinct pieces, {sum(map(len, segs))} characters")
    sys.setswitchinterval(5e-5)
    main_id = threading.get_ident()
    cum: collections.Counter = collections.Counter()
    own: collections.Counter = collections.Counter()
    count = [0]
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            time.sleep(a.every / 1000)
            frame = sys._current_frames().get(main_id)
            if frame is None:
                continue
            count[0] += 1
            own[_key(frame)] += 1
            seen = set()
            while frame is not None:
                k = _key(frame)
                if k not in seen:
                    cum[k] += 1
                    seen.add(k)
                frame = frame.f_back

    th = threading.Thread(target=sample, daemon=True)
    th.start()
    t0 = time.perf_counter()
    det.analyze_corpus(segs)
    elapsed = time.perf_counter() - t0
    done.set()
    th.join()
    n = max(count[0], 1)
    print(f"analyze_corpus: {elapsed:.1f} s, {count[0]} samples")
    print("\n| cumulative | self | function |\n| --- | --- | --- |")
    for k, v in cum.most_common(a.top):
        print(f"| {100 * v / n:.1f}% | {100 * own[k] / n:.1f}% | `{k}` |")


if __name__ == "__main__":
    main()
