"""Placement: more semantic parts measured beside the shipped three, each study left out in turn.

    python benchmarks/insertion_parts.py                 # every candidate part, the six studies

Each candidate part is a fourth column next to ``insertion_mix.parts``' three (word coverage,
md word vectors, sentence embeddings); every mix of the four in steps of 0.1 and every median
share (0, 0.5, 1) is scored as ``insertion_mix.py`` scores three: leave one study out (mix,
share and threshold chosen on the other five pooled, mean over the mixes that tie there), and
the studies pooled. A part is kept only if the left-out mean and the worst left-out study both
improve on the shipped three. The candidates, all offline, from the pinned packages:

* ``md-passage``: the md word vectors read per passage (title, each turn, each sentence of a
  turn, as the sentence encoder reads them): the IDF-weighted soft alignment of the fact's
  words with the passage's words (cos^3, the same word in another inflection exact), the
  conversation's best passage;
* ``chunks``: the sentence encoder on the fact's noun phrases (spaCy's noun chunks holding a
  content word, and the fact itself), the best cosine of any of them with any passage;
* ``user-passages``: the sentence part over the user's passages only (title and user turns).

First, the calibration of the shipped decision (``--calibration``: that alone): per study,
the threshold chosen on the other five, the study's own best, the ceiling of a perfect
decision on the shipped ranking, and how well the evidence separates the two kinds of fact.
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

from insertion_mix import SHARES, STUDIES, accuracy, best_threshold, decisions  # noqa: E402
from insertion_quality import homes, load  # noqa: E402

from context_packs import sentences  # noqa: E402
from context_packs.insertion import scoring_texts  # noqa: E402
from context_packs.nlp import parse  # noqa: E402
from context_packs.semantic import SHARPEN, Index, content_words, conversation_profile, forms_of, passages  # noqa: E402


def md_passage(index: Index, fact: str, conv_passages: list[list[str]]) -> list[float]:
    words = content_words(fact)
    if not words:
        return [0.0] * len(conv_passages)
    fv = np.array([v for _, v in words])
    fw = np.array([index.idf(w) for w, _ in words])
    fforms = [forms_of(w) for w, _ in words]
    out = []
    for ps in conv_passages:
        best = 0.0
        for p in ps:
            pw = content_words(p)
            if not pw:
                continue
            pv = np.array([v for _, v in pw])
            sims = np.clip(fv @ pv.T, 0.0, 1.0)
            for r, forms in enumerate(fforms):
                for c, (w, _) in enumerate(pw):
                    if forms & forms_of(w):
                        sims[r, c] = 1.0
            best = max(best, float(fw @ (sims.max(1) ** SHARPEN) / fw.sum()))
        out.append(best)
    return out


def chunk_texts(fact: str) -> list[str]:
    doc = parse(fact)
    out = [fact]
    for nc in doc.noun_chunks:
        if any(not t.is_stop and t.is_alpha and t.pos_ in ("NOUN", "PROPN", "ADJ") for t in nc):
            text = " ".join(t.text for t in nc if t.tag_ not in ("PRP$", "DT"))
            if text and text not in out:
                out.append(text)
    return out


def rows_for(path: Path):
    _, convs, tasks = load(path)
    index = Index([conversation_profile(c) for c in convs])
    ids = [c.id for c in convs]
    conv_passages, user_passages = [], []
    for c in convs:
        users = [m.text for m in c.messages if m.role == "user" and not m.hidden]
        assistants = [m.text for m in c.messages if m.role == "assistant" and not m.hidden]
        conv_passages.append(passages(c.title or "", users, assistants))
        user_passages.append(passages(c.title or "", users, []))
    emb = [sentences.embed(ps) for ps in conv_passages]
    uemb = [sentences.embed(ps) for ps in user_passages]
    out = []
    for _, facts in tasks:
        for f, x in zip(facts, scoring_texts([f["first_person"] for f in facts], convs)):
            base = [index.coverage_scores(x), index.meaning_scores(x), index.sentence_scores(x)]
            cvec = sentences.embed(chunk_texts(x))
            fvec = sentences.embed([x])[0]
            extra = {
                "md-passage": md_passage(index, x, conv_passages),
                "chunks": [float(np.clip(e @ cvec.T, 0, 1).max()) if len(e) else 0.0 for e in emb],
                "user-passages": [float(np.clip(e @ fvec, 0, 1).max()) if len(e) else 0.0 for e in uemb],
            }
            out.append((base, extra, ids, homes(f)))
    return out


def evaluate(data: dict, part: str | None, step: int = 10):
    k = 3 if part is None else 4
    mixes = [np.array(c) / step for c in itertools.product(range(step + 1), repeat=k) if sum(c) == step]
    studies = list(data)
    rows = {n: [(np.array(b + ([e[part]] if part else [])), ids, h) for b, e, ids, h in data[n]] for n in studies}
    results = []
    for w in mixes:
        for share in SHARES:
            d = {n: decisions(rows[n], w, share) for n in studies}
            loso = {}
            for test in studies:
                th, train_acc = best_threshold([r for n in studies if n != test for r in d[n]])
                loso[test] = (train_acc, accuracy(d[test], th))
            th, pooled = best_threshold([r for n in studies for r in d[n]])
            results.append((pooled, th, w, share, {n: accuracy(d[n], th) for n in studies}, loso))
    left = {}
    for test in studies:
        top = max(r[5][test][0] for r in results)
        left[test] = statistics.mean(r[5][test][1] for r in results if r[5][test][0] == top)
    results.sort(key=lambda r: (-r[0], -min(r[5][n][1] for n in studies)))
    return left, results[0]


def calibration(data: dict) -> None:
    """The shipped decision's threshold: chosen on the other five studies for each one left
    out, each study's own best, the ceiling of a perfect decision on the shipped ranking, and
    how well the evidence separates the facts to place (home ranked first) from those without
    a home (AUC; homed facts whose home is not ranked first are wrong either way)."""
    from context_packs.insertion import MEDIAN_SHARE, SIMILARITY_THRESHOLD
    from context_packs.semantic import MEANING_WEIGHT, SENTENCE_WEIGHT, WORDS_WEIGHT

    w = np.array([WORDS_WEIGHT, MEANING_WEIGHT, SENTENCE_WEIGHT])
    d = {n: decisions([(np.array(b), ids, h) for b, _, ids, h in data[n]], w, MEDIAN_SHARE) for n in data}
    print(f"calibration of the shipped decision (mix {w.tolist()}, share {MEDIAN_SHARE}, threshold "
          f"{SIMILARITY_THRESHOLD}):")
    for test in data:
        th, _ = best_threshold([r for n in data if n != test for r in d[n]])
        own, own_acc = best_threshold(d[test])
        ceiling = sum(placed or new for _, placed, new in d[test]) / len(d[test])
        place = [v for v, placed, new in d[test] if placed]
        new = [v for v, placed, n in d[test] if n]
        auc = statistics.mean(float(a > b) + 0.5 * float(a == b) for a in place for b in new) if place and new else 0.0
        print(f"  {test}: threshold from the other five {th:.3f} -> {accuracy(d[test], th):.1%}; at the shipped "
              f"{accuracy(d[test], SIMILARITY_THRESHOLD):.1%}; its own best {own:.3f} -> {own_acc:.1%}; perfect "
              f"decision {ceiling:.1%}; evidence AUC (to place vs no home) {auc:.2f}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--parts", default="md-passage,chunks,user-passages")
    ap.add_argument("--calibration", action="store_true", help="only the shipped decision's threshold check")
    args = ap.parse_args()
    data = {n: rows_for(ROOT / "benchmarks" / "data" / f"insertion_{n}.yaml") for n in STUDIES}
    calibration(data)
    if args.calibration:
        return 0
    for part in [None] + args.parts.split(","):
        left, best = evaluate(data, part)
        pooled, th, w, share, each, _ = best
        print(f"{part or 'shipped three'}: left out " + ", ".join(f"{n} {left[n]:.1%}" for n in STUDIES)
              + f"; mean {statistics.mean(left.values()):.1%}, worst {min(left.values()):.1%}; best pooled "
              f"{pooled:.1%} at mix {' / '.join(f'{x:.1f}' for x in w)}, share {share}, threshold {th:.3f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
