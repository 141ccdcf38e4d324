"""Prefilter speed: every prefilter clause of our rule recognizers, asked in the order their
``analyze`` asks them (a recognizer's ``REQUIRES``, then each rule's ``requires``), over the
distinct pieces of a generated chat export; best of ``--rounds``. Prints how many rules pass
(it must not change with a speed change) and the seconds. Compare checkouts by running it under
each (``PYTHONPATH=/tmp/base python benchmarks/prefilter_speed.py``), alternating.

    python benchmarks/prefilter_speed.py --mb 1 --rounds 5
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from throughput import export_for, texts_of  # noqa: E402


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=float, default=1.0)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--root", type=Path, default=Path(tempfile.gettempdir()) / "privacy-throughput")
    a = ap.parse_args(argv)
    a.root.mkdir(parents=True, exist_ok=True)
    texts = list(dict.fromkeys(texts_of(export_for(a.mb, a.root, "chat"))))
    from privacy.detect import Detector
    from privacy.detect.chunking import pieces
    from privacy.detect.recognizers.base import RegexRecognizer

    det = Detector.get()
    s = det.settings
    segs = list(dict.fromkeys(p for t in texts if t for _, p in pieces(t, s.chunk_chars, s.chunk_overlap)))
    recs = [r for r in det.core.analyzer.registry.recognizers if isinstance(r, RegexRecognizer)]
    best, passing = float("inf"), 0
    for _ in range(a.rounds):
        t0, passing = time.perf_counter(), 0
        for x in segs:
            for r in recs:
                if r.REQUIRES is not None and not r.REQUIRES(x):
                    continue
                for rule in r.RULES:
                    if rule.requires is not None and rule.requires(x):
                        passing += 1
        best = min(best, time.perf_counter() - t0)
    print(f"{len(segs)} pieces ({sum(map(len, segs))} characters), {len(recs)} rule recognizers: "
          f"rules passing {passing}; prefilters as analyze asks them, best of {a.rounds}: {best:.3f} s")


if __name__ == "__main__":
    main()
