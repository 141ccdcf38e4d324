"""cProfile of ``Detector.analyze_corpus`` on the texts of a generated export (issue 8 profile).

Generates a ``synth.bigexport`` export of ``--mb`` MB under /tmp (reused when present),
collects the strings detection is given (message content leaves plus titles, as in
benchmarks/throughput.py), warms the detector up, profiles one ``analyze_corpus`` call in
this process and prints the top functions by cumulative time.

    python benchmarks/profile_detect.py --mb 1
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from throughput import export_for, texts_of  # noqa: E402


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=float, default=1.0)
    ap.add_argument("--top", type=int, default=45)
    ap.add_argument("--root", type=Path, default=Path(tempfile.gettempdir()) / "privacy-throughput")
    a = ap.parse_args(argv)
    a.root.mkdir(parents=True, exist_ok=True)
    texts = texts_of(export_for(a.mb, a.root))
    print(f"{len(texts)} strings, {len(set(texts))} distinct, {sum(map(len, texts))} characters")
    from privacy.detect import Detector

    det = Detector.get()
    det.analyze_corpus(["warm up with Alice in Paris"])
    prof = cProfile.Profile()
    t0 = time.perf_counter()
    prof.enable()
    found = det.analyze_corpus(texts)
    prof.disable()
    print(f"analyze_corpus: {time.perf_counter() - t0:.1f} s, {sum(map(len, found))} findings")
    pstats.Stats(prof).sort_stats("cumulative").print_stats(a.top)


if __name__ == "__main__":
    main()
