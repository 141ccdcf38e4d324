"""Placement: a conversation close to everything (a hub) taken down, each study left out in turn.

    python benchmarks/insertion_hubs.py

Some conversations are close to many facts that are not theirs (a long one about health is
near every fact with a body part in it). As in cross-domain similarity local scaling (CSLS),
each conversation's score for a fact is lowered by ``beta`` times its hubness: the mean of
its ``k`` highest scores for the other conversations' first user turns (taken as stand-in
facts: what that history itself asks about), each of the three parts apart. ``beta`` (0,
0.25, 0.5, 1) and ``k`` (3, 5, 10) are chosen with the mix, share and threshold on the
other studies pooled, as ``insertion_mix.py`` chooses them, and scored on the one left out.
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

from insertion_mix import SHARES, STUDIES, accuracy, best_threshold, decisions  # noqa: E402
from insertion_quality import homes, load  # noqa: E402

from context_packs.insertion import scoring_texts  # noqa: E402
from context_packs.semantic import Index, conversation_profile  # noqa: E402

BETAS = (0.0, 0.25, 0.5, 1.0)
KS = (3, 5, 10)


def parts3(index: Index, x: str) -> np.ndarray:
    return np.array([index.coverage_scores(x), index.meaning_scores(x), index.sentence_scores(x)])


def rows_for(path: Path):
    _, convs, tasks = load(path)
    index = Index([conversation_profile(c) for c in convs])
    ids = [c.id for c in convs]
    n = len(convs)
    q = np.zeros((n, 3, n))
    for j, c in enumerate(convs):
        first = next((m.text for m in c.messages if m.role == "user"), c.title or "")
        q[j] = parts3(index, first[:300])
    hub = {}
    for k in KS:
        h = np.zeros((3, n))
        for c in range(n):
            others = np.delete(q[:, :, c], c, axis=0)  # (n-1) x 3
            h[:, c] = np.sort(others, axis=0)[-k:].mean(0)
        hub[k] = h
    out = []
    for _, facts in tasks:
        for f, x in zip(facts, scoring_texts([f["first_person"] for f in facts], convs)):
            out.append((parts3(index, x), ids, homes(f)))
    return out, hub


def main() -> int:
    data = {s: rows_for(ROOT / "benchmarks" / "data" / f"insertion_{s}.yaml") for s in STUDIES}
    mixes = [np.array(c) / 10 for c in itertools.product(range(11), repeat=3) if sum(c) == 10]
    results = []
    for beta in BETAS:
        for k in (KS if beta else KS[:1]):
            rows = {s: [(m - beta * data[s][1][k], ids, h) for m, ids, h in data[s][0]] for s in STUDIES}
            for w in mixes:
                for share in SHARES:
                    d = {s: decisions(rows[s], w, share) for s in STUDIES}
                    loso = {}
                    for test in STUDIES:
                        th, train_acc = best_threshold([r for s in STUDIES if s != test for r in d[s]])
                        loso[test] = (train_acc, accuracy(d[test], th))
                    th, pooled = best_threshold([r for s in STUDIES for r in d[s]])
                    ranked = {s: sum(ids[int(np.argmax(w @ m))] in h for m, ids, h in rows[s] if h) for s in STUDIES}
                    results.append((pooled, th, w, share, beta, k, loso, ranked))
    for label, pick in (("beta and k free", lambda r: True), ("no hub correction", lambda r: r[4] == 0.0)):
        sub = [r for r in results if pick(r)]
        left = {}
        for test in STUDIES:
            top = max(r[6][test][0] for r in sub)
            left[test] = statistics.mean(r[6][test][1] for r in sub if r[6][test][0] == top)
        print(f"{label}: left out " + ", ".join(f"{s} {left[s]:.1%}" for s in STUDIES)
              + f"; mean {statistics.mean(left.values()):.1%}, worst {min(left.values()):.1%}")
    for beta in BETAS:
        for k in (KS if beta else KS[:1]):
            sub = [r for r in results if r[4] == beta and r[5] == k]
            best = max(sub, key=lambda r: r[0])
            print(f"  beta {beta}, k {k}: best pooled {best[0]:.1%} (mix {' / '.join(f'{x:.1f}' for x in best[2])}, "
                  f"share {best[3]}, threshold {best[1]:.3f}); homed ranked first " + ", ".join(
                      f"{s} {best[7][s]}" for s in STUDIES))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
