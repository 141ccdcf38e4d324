"""Placement: the three parts fused by rank or by each part's best, each study left out in turn.

    python benchmarks/insertion_fusion.py

The shipped score is a linear mix of the word coverage, the md word vectors and the sentence
embeddings. The parts live on different scales per fact (a fact with one rare word has a
coverage of 0 or 1; the cosines sit between 0.1 and 0.6), so the mix may let one part decide
where another is surer. Two fusions of the same three parts, with the shipped decision
(the linear mix at the chosen conversation, less the share of its median, against a
threshold), every weight vector in steps of 0.1, chosen as ``insertion_mix.py`` chooses:

* ``rank``: reciprocal rank fusion, sum of w_k / (10 + rank of the conversation by part k);
* ``relative``: each part divided by its best over the history for that fact, then mixed;
* ``override D`` (``--fusions "override 0.05"``): the shipped ranking, unless the sentence
  part's own first choice leads its second by at least D: then that one.
"""

from __future__ import annotations

import itertools
import statistics
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from insertion_mix import SHARES, STUDIES, accuracy, best_threshold, parts  # noqa: E402


def ranks(m: np.ndarray) -> np.ndarray:
    order = np.argsort(-m, axis=1, kind="stable")
    r = np.empty_like(order)
    for k in range(m.shape[0]):
        r[k, order[k]] = np.arange(m.shape[1])
    return r


def decide(rows, w, share, fusion):
    out = []
    for m, ids, h in rows:
        lin = w @ m
        if fusion == "rank":
            fused = w @ (1.0 / (10.0 + ranks(m)))
        elif fusion == "relative":
            top = m.max(axis=1, keepdims=True)
            fused = w @ np.divide(m, top, out=np.zeros_like(m), where=top > 0)
        else:
            fused = lin
        b = int(np.argmax(fused))
        if fusion.startswith("override"):
            # the sentence part's own first choice wins when its margin over its second is at least delta
            delta = float(fusion.split()[1])
            order = np.argsort(-m[2], kind="stable")
            if len(order) > 1 and m[2][order[0]] - m[2][order[1]] >= delta:
                b = int(order[0])
        out.append((float(lin[b]) - share * float(statistics.median(lin)), ids[b] in h, not h))
    return out


def main() -> int:
    data = {s: parts(ROOT / "benchmarks" / "data" / f"insertion_{s}.yaml") for s in STUDIES}
    mixes = [np.array(c) / 10 for c in itertools.product(range(11), repeat=3) if sum(c) == 10]
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fusions", default="linear (shipped),rank,relative")
    for fusion in ap.parse_args().fusions.split(","):
        results = []
        for w in mixes:
            for share in SHARES:
                d = {s: decide(data[s], w, share, fusion) for s in STUDIES}
                loso = {}
                for test in STUDIES:
                    th, train_acc = best_threshold([r for s in STUDIES if s != test for r in d[s]])
                    loso[test] = (train_acc, accuracy(d[test], th))
                th, pooled = best_threshold([r for s in STUDIES for r in d[s]])
                ranked = {s: sum(placed for (v, placed, new), (_, _, h) in zip(d[s], data[s]) if h) for s in STUDIES}
                results.append((pooled, th, w, share, loso, ranked))
        left = {}
        for test in STUDIES:
            top = max(r[4][test][0] for r in results)
            left[test] = statistics.mean(r[4][test][1] for r in results if r[4][test][0] == top)
        best = max(results, key=lambda r: r[0])
        print(f"{fusion}: left out " + ", ".join(f"{s} {left[s]:.1%}" for s in STUDIES)
              + f"; mean {statistics.mean(left.values()):.1%}, worst {min(left.values()):.1%}; best pooled {best[0]:.1%} "
              f"(mix {' / '.join(f'{x:.1f}' for x in best[2])}, share {best[3]}, threshold {best[1]:.3f}; homed ranked "
              "first " + ", ".join(f"{s} {best[5][s]}" for s in STUDIES) + ")", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
