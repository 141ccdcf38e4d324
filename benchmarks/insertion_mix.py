"""How the placement's mix and threshold were chosen: the labelled studies pooled, each left out in turn.

    python benchmarks/insertion_mix.py                    # the six studies in benchmarks/data/
    python benchmarks/insertion_mix.py --top 20           # more of the ranking

For every mix of the three parts of ``semantic.Index`` (word coverage, md word vectors,
sentence embeddings; steps of 0.1; ``--words tfidf`` puts the TF-IDF cosine of earlier
versions in place of the coverage) and every share of the median (0, 0.5, 1), a fact opens
a new conversation when ``best - share * median < threshold``. Printed:

* leave one study out: the mix, share and threshold best on the other studies pooled, and
  its accuracy on the one left out (the honest estimate for a study never seen);
* the mixes best on all studies pooled (threshold: the middle of the widest interval of
  best accuracy, ``insertion_quality.middle_of_best``), with each study's accuracy at that
  threshold and its leave-one-study-out figure. The shipped mix is the best pooled one.

Scored on the gold first-person forms (placement judged apart from rewriting), with the
names' roles, as ``plan_insertions`` scores them; a study never used here (a grader's)
is the check.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from insertion_quality import homes, load, middle_of_best  # noqa: E402

from context_packs.insertion import scoring_texts  # noqa: E402
from context_packs.semantic import Index, conversation_profile  # noqa: E402

STUDIES = ("study", "dev", "heldout", "heldout2", "heldout3", "heldout4")
SHARES = (0.0, 0.5, 1.0)


def parts(path: Path, words: str = "coverage") -> list[tuple[np.ndarray, list[str], list[str]]]:
    """Per fact: (3 x conversations) part scores, the conversation ids, the fact's homes."""
    _, convs, tasks = load(path)
    index = Index([conversation_profile(c) for c in convs])
    ids = [c.id for c in convs]
    out = []
    for _, facts in tasks:
        for f, x in zip(facts, scoring_texts([f["first_person"] for f in facts], convs)):
            first = index.coverage_scores(x) if words == "coverage" else index.lexical_scores(x)
            m = np.array([first, index.meaning_scores(x), index.sentence_scores(x)])
            out.append((m, ids, homes(f)))
    return out


def decisions(rows, w: np.ndarray, share: float) -> list[tuple[float, bool, bool]]:
    """(evidence, right if placed, right if new) per fact."""
    out = []
    for m, ids, h in rows:
        s = w @ m
        b = int(np.argmax(s))
        out.append((float(s[b]) - share * float(statistics.median(s)), ids[b] in h, not h))
    return out


def best_threshold(rows) -> tuple[float, float]:
    grid = sorted({r[0] for r in rows})
    accs = [accuracy(rows, t) for t in grid]
    peak = max(accs)
    return middle_of_best(grid, [t for t, a in zip(grid, accs) if a == peak]), peak


def accuracy(rows, threshold: float) -> float:
    return sum(new if v < threshold else placed for v, placed, new in rows) / len(rows)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--top", type=int, default=8)
    ap.add_argument("--studies", default=",".join(STUDIES),
                    help="the studies benchmarks/data/insertion_<name>.yaml pooled (default: %(default)s)")
    ap.add_argument("--words", choices=("coverage", "tfidf"), default="coverage",
                    help="the word part: the shipped coverage, or the TF-IDF cosine of earlier versions")
    args = ap.parse_args()
    studies = tuple(args.studies.split(","))
    data = {n: parts(ROOT / "benchmarks" / "data" / f"insertion_{n}.yaml", args.words) for n in studies}
    mixes = [np.array(c) / 10 for c in itertools.product(range(11), repeat=3) if sum(c) == 10]
    results = []
    for w in mixes:
        for share in SHARES:
            d = {n: decisions(rows, w, share) for n, rows in data.items()}
            loso = {}
            for test in studies:
                th, train_acc = best_threshold([r for n in studies if n != test for r in d[n]])
                loso[test] = (train_acc, accuracy(d[test], th))
            th, pooled = best_threshold([r for n in studies for r in d[n]])
            results.append((pooled, th, w, share, {n: accuracy(d[n], th) for n in studies}, loso))
    print("leave one study out (mix, share and threshold chosen on the others pooled):")
    mean = statistics.mean(statistics.mean(r[5][t][1] for r in results if r[5][t][0] == max(x[5][t][0] for x in results))
                           for t in studies)
    print(f"  mean over the studies left out: {mean:.1%}")
    for test in studies:
        top = max(r[5][test][0] for r in results)
        ties = [r for r in results if r[5][test][0] == top]
        print(f"  {test}: best on the others {top:.1%} ({len(ties)} mixes tie); on {test}: "
              f"{statistics.mean(r[5][test][1] for r in ties):.1%} (mean over the ties), "
              f"{min(r[5][test][1] for r in ties):.1%} (worst)")
    print(f"best on the studies pooled ({args.words} / md vectors / sentences, median share):")
    results.sort(key=lambda r: (-r[0], -min(r[5][n][1] for n in studies)))
    for pooled, th, w, share, each, loso in results[:args.top]:
        print(f"  {w[0]:.1f} / {w[1]:.1f} / {w[2]:.1f}, {share}: pooled {pooled:.1%} at {th:.3f}; "
              + ", ".join(f"{n} {each[n]:.1%}" for n in studies) + "; left out: "
              + ", ".join(f"{n} {loso[n][1]:.1%}" for n in studies))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
