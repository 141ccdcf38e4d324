"""Detection quality on labelled synthetic data: ours against plain Presidio, same data, same run.

    python -m benchmarks.detection --sentences 1000 --seed 7

Generates a labelled corpus with ``synth.testdata.labelled.generate`` and runs (a) our ``Detector`` with
the contributor's identity hints and (b) plain Presidio (default recognizers, the same spaCy
pipeline, default threshold; only its e-mail validation is switched to the offline suffix
snapshot). Reports per gold entity type:

- recall: share of gold values whose every letter/digit is covered by some finding (any type);
- leak: 1 - recall, i.e. share of gold values of which some part survives replacing every
  finding span (stricter than "the whole value is still present", also reported as full-leak);
- precision: per finding type, share of findings overlapping some gold span;
- F2 (recall weighted 4x over precision).
Plus the direct-identifier leak rate, the contributor's own identifiers leaked, and the share of
PII-free control sentences left unchanged (no finding other than NRP, which scrubbing keeps). ``--json`` prints the raw figures.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter, defaultdict

from presidio_analyzer import AnalyzerEngine, RecognizerRegistry

from privacy import entities as E
from privacy.detect import Detector, DetectorSettings, IdentityHints
from privacy.detect.engine import _Core
from privacy.detect.offline import OfflineEmailRecognizer
from synth.testdata.labelled import generate


def plain_presidio(core: _Core) -> AnalyzerEngine:
    """Presidio's default recognizers on the same loaded pipeline (offline e-mail check only)."""
    registry = RecognizerRegistry(supported_languages=["en"])
    registry.load_predefined_recognizers(languages=["en"], nlp_engine=core.nlp_engine)
    registry.remove_recognizer("EmailRecognizer")
    registry.add_recognizer(OfflineEmailRecognizer())
    return AnalyzerEngine(registry=registry, nlp_engine=core.nlp_engine, supported_languages=["en"])


def run_plain(core: _Core, texts: list[str]) -> list[list[tuple[int, int, str]]]:
    analyzer = plain_presidio(core)
    out = []
    arts = core.artifacts(texts, [True] * len(texts), 64, gate=False)  # plain Presidio: NER reads everything
    for t, art in zip(texts, arts):
        out.append([(r.start, r.end, r.entity_type) for r in analyzer.analyze(text=t, language="en", nlp_artifacts=art)])
    return out


def score(corpus, findings: list[list[tuple[int, int, str]]]) -> dict:
    gold_total, gold_found, gold_full_leak = Counter(), Counter(), Counter()
    find_total, find_tp = Counter(), Counter()
    contrib_total = contrib_leaks = 0
    controls = controls_clean = 0
    for lt, fs in zip(corpus.texts, findings):
        covered = bytearray(len(lt.text))
        scrubbed = list(lt.text)
        for s, e, _t in fs:
            for i in range(s, e):
                covered[i] = 1
                scrubbed[i] = "\x00"
        scrubbed_text = "".join(scrubbed).lower()
        if lt.control:
            controls += 1
            # NRP (nationality, religious or political group) is reported but kept by scrubbing
            controls_clean += not [f for f in fs if f[2] not in ("NRP",)]
            continue
        for g in lt.spans:
            ok = all(covered[i] or not lt.text[i].isalnum() for i in range(g.start, g.end))
            gold_total[g.entity_type] += 1
            gold_found[g.entity_type] += ok
            gold_full_leak[g.entity_type] += g.value.lower() in scrubbed_text
            if g.contributor:
                contrib_total += 1
                contrib_leaks += not ok
        for s, e, t in fs:
            find_total[t] += 1
            find_tp[t] += any(s < g.end and g.start < e for g in lt.spans)
    per_type = {}
    for t in sorted(set(gold_total) | set(find_total)):
        rec = gold_found[t] / gold_total[t] if gold_total[t] else None
        prec = find_tp[t] / find_total[t] if find_total[t] else None
        f2 = (5 * prec * rec / (4 * prec + rec)) if rec is not None and prec and (4 * prec + rec) else None
        per_type[t] = {"gold": gold_total[t], "recall": rec, "leak": (1 - rec) if rec is not None else None,
                       "full_leak": gold_full_leak[t] / gold_total[t] if gold_total[t] else None,
                       "findings": find_total[t], "precision": prec, "f2": f2}
    direct = [t for t in gold_total if t in E.DIRECT_IDENTIFIERS]
    d_total = sum(gold_total[t] for t in direct)
    d_found = sum(gold_found[t] for t in direct)
    all_total, all_found = sum(gold_total.values()), sum(gold_found.values())
    return {
        "per_type": per_type,
        "direct_leak": 1 - d_found / d_total if d_total else 0.0,
        "direct_gold": d_total,
        "all_leak": 1 - all_found / all_total if all_total else 0.0,
        "precision_all": sum(find_tp.values()) / max(1, sum(find_total.values())),
        "contributor_gold": contrib_total,
        "contributor_leaks": contrib_leaks,
        "controls": controls,
        "controls_untouched": controls_clean,
    }


def _fmt(x):
    return "  -  " if x is None else f"{x:5.3f}"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sentences", type=int, default=1000)
    ap.add_argument("--controls", type=int, default=None)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    corpus = generate(seed=args.seed, sentences=args.sentences, controls=args.controls)
    texts = [t.text for t in corpus.texts]
    det = Detector.get(DetectorSettings())
    hints = IdentityHints.from_contributor(corpus.contributor, corpus.custom_instructions)
    t0 = time.perf_counter()
    ours_f = det.analyze_corpus(texts, hints=hints)
    t_ours = time.perf_counter() - t0
    t0 = time.perf_counter()
    plain_f = run_plain(det.core, texts)
    t_plain = time.perf_counter() - t0
    ours = score(corpus, [[(f.start, f.end, f.entity_type) for f in fs] for fs in ours_f])
    plain = score(corpus, plain_f)
    result = {"seed": args.seed, "sentences": args.sentences, "texts": len(texts), "ours": ours, "plain": plain,
              "time_ratio_ours_over_plain": t_ours / t_plain if t_plain else None}
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"seed={args.seed} PII texts={len(corpus.pii_texts)} controls={len(corpus.controls)}")
    print(f"{'type':18} {'gold':>5} | {'ours: recall':>12} {'prec':>5} {'F2':>5} {'leak':>5} {'full':>5} | "
          f"{'plain: recall':>13} {'prec':>5} {'F2':>5} {'leak':>5}")
    for t in sorted(set(ours["per_type"]) | set(plain["per_type"])):
        o = ours["per_type"].get(t, {})
        p = plain["per_type"].get(t, {})
        print(f"{t:18} {o.get('gold', p.get('gold', 0)):5d} | {_fmt(o.get('recall')):>12} {_fmt(o.get('precision'))} "
              f"{_fmt(o.get('f2'))} {_fmt(o.get('leak'))} {_fmt(o.get('full_leak'))} | {_fmt(p.get('recall')):>13} "
              f"{_fmt(p.get('precision'))} {_fmt(p.get('f2'))} {_fmt(p.get('leak'))}")
    print(f"direct identifiers leaked: ours {ours['direct_leak']:.2%}  plain {plain['direct_leak']:.2%}  (of {ours['direct_gold']})")
    print(f"all PII leaked:            ours {ours['all_leak']:.2%}  plain {plain['all_leak']:.2%}")
    print(f"precision (all findings):  ours {ours['precision_all']:.3f}  plain {plain['precision_all']:.3f}")
    print(f"contributor identifiers leaked: ours {ours['contributor_leaks']}/{ours['contributor_gold']}  "
          f"plain {plain['contributor_leaks']}/{plain['contributor_gold']}")
    print(f"control sentences untouched: ours {ours['controls_untouched']}/{ours['controls']}  "
          f"plain {plain['controls_untouched']}/{plain['controls']}")
    print(f"time ours/plain: {result['time_ratio_ours_over_plain']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
