"""cProfile of ``Detector.analyze_corpus`` on the texts of a generated export (issue 8 profile),
and the Presidio side of detection with and without prefilters.

Default: generates a ``synth.testdata.bigexport`` export of ``--mb`` MB in ``--style`` under /tmp
(reused when present), collects the strings detection is given (message content leaves plus
titles, as in benchmarks/throughput.py), warms the detector up, profiles one
``analyze_corpus`` call in this process and prints the top functions by cumulative time.

``--presidio``: the Presidio side only (``AnalyzerEngine.analyze`` per distinct piece, as
``analyze_corpus`` calls it), on the export's texts plus ``--labelled N`` sentences of
``synth.testdata.labelled.generate(seed=7)``. The spaCy artifacts are computed once (not timed); then
the same pieces go through ``analyze`` with every prefilter off and on
(privacy.detect.recognizers.prefilter; Presidio's predefined recognizers are gated here as
``gate_presidio`` does it, unless the engine did; "on" also uses ``BisectContextEnhancer``
unless the engine does), alternating off/on block by block (50 pieces) so load changes hit
both alike, best of ``--rounds`` per block; results checked identical. Prints the total and a per-recognizer table (each recognizer's ``analyze`` timed
alone the same way).

    python benchmarks/profile_detect.py --mb 1
    python benchmarks/profile_detect.py --mb 1 --presidio
    python benchmarks/profile_detect.py --mb 1 --presidio --style salad
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
    ap.add_argument("--style", choices=("chat", "salad"), default="chat", help="synth.testdata.bigexport text style")
    ap.add_argument("--presidio", action="store_true", help="time the Presidio side with and without prefilters")
    ap.add_argument("--labelled", type=int, default=1000, help="--presidio: labelled sentences added (seed 7)")
    ap.add_argument("--rounds", type=int, default=3, help="--presidio: timed rounds per setting (best kept)")
    a = ap.parse_args(argv)
    a.root.mkdir(parents=True, exist_ok=True)
    texts = texts_of(export_for(a.mb, a.root, a.style))
    print(f"{len(texts)} strings, {len(set(texts))} distinct, {sum(map(len, texts))} characters")
    from privacy.detect import Detector

    det = Detector.get()
    det.analyze_corpus(["warm up with Alice in Paris"])
    if a.presidio:
        presidio_side(det, texts, a.labelled, a.rounds)
        return
    prof = cProfile.Profile()
    t0 = time.perf_counter()
    prof.enable()
    found = det.analyze_corpus(texts)
    prof.disable()
    print(f"analyze_corpus: {time.perf_counter() - t0:.1f} s, {sum(map(len, found))} findings")
    pstats.Stats(prof).sort_stats("cumulative").print_stats(a.top)


def _pieces(det, texts):
    from privacy.detect.chunking import pieces

    s = det.settings
    out: dict[str, None] = {}
    for t in dict.fromkeys(texts):
        if t:
            for _, p in pieces(t, s.chunk_chars, s.chunk_overlap):
                out.setdefault(p)
    return list(out)


def presidio_side(det, texts, labelled: int, rounds: int) -> None:
    from privacy.detect.engine import needs_ner
    from privacy.detect.recognizers import prefilter
    from privacy.detect.recognizers.context_enhancer import BisectContextEnhancer
    from synth.testdata.labelled import generate

    if labelled:
        texts = texts + [lt.text for lt in generate(seed=7, sentences=labelled).texts]
    segs = _pieces(det, texts)
    print(f"with {labelled} labelled sentences: {len(segs)} distinct pieces, {sum(map(len, segs))} characters")
    t0 = time.perf_counter()
    arts = list(det.core.artifacts(segs, [needs_ner(p) for p in segs], det.settings.batch_size))
    for seg, art in zip(segs, arts):
        det._prune_ner(seg, art)
    print(f"spaCy artifacts (not timed below): {time.perf_counter() - t0:.1f} s")
    analyzer = det.core.analyzer
    recs = analyzer.registry.recognizers
    if not any("analyze" in vars(r) for r in recs):  # engine has not gated them: do it here
        print("gated here:", ", ".join(prefilter.gate_presidio(recs)))
    thr = det.settings.threshold
    entities = analyzer.get_supported_entities(language="en")
    # "on" also swaps in the bisect context enhancer (unless the engine already uses it)
    enhancers = {"off": analyzer.context_aware_enhancer, "on": analyzer.context_aware_enhancer}
    if not isinstance(analyzer.context_aware_enhancer, BisectContextEnhancer):
        enhancers["on"] = BisectContextEnhancer()
        print("context enhancer swapped here for the 'on' runs: BisectContextEnhancer")
    items = list(zip(segs, arts))
    blocks = [items[i:i + 50] for i in range(0, len(items), 50)]

    def analyze(block):
        return [[(r.start, r.end, r.entity_type, r.score) for r in
                 analyzer.analyze(text=seg, language="en", nlp_artifacts=art, score_threshold=thr)]
                for seg, art in block]

    def one(rec):
        return lambda block: [rec.analyze(seg, entities, art) for seg, art in block]

    def timed(fn):
        """Best-of-``rounds`` time of ``fn`` with prefilters off and on, block by block
        (off and on alternate on each block of 50 pieces, so load changes hit both alike)."""
        best = {"off": [float("inf")] * len(blocks), "on": [float("inf")] * len(blocks)}
        out = {}
        for _ in range(rounds):
            for i, block in enumerate(blocks):
                for mode in ("off", "on"):
                    analyzer.context_aware_enhancer = enhancers[mode]
                    t0 = time.perf_counter()
                    if mode == "off":
                        with prefilter.disabled():
                            got = fn(block)
                    else:
                        got = fn(block)
                    best[mode][i] = min(best[mode][i], time.perf_counter() - t0)
                    out.setdefault(mode, {})[i] = got
        return sum(best["off"]), sum(best["on"]), out

    with prefilter.disabled():
        reference = [r for block in blocks for r in analyze(block)]  # warm-up: deferred tagging, keywords
    off, on, out = timed(analyze)
    analyzer.context_aware_enhancer = enhancers["off"]
    for mode in ("off", "on"):
        assert [r for i in range(len(blocks)) for r in out[mode][i]] == reference, "prefilters changed a result"
    print(f"results identical with and without prefilters ({sum(map(len, reference))} results)")
    rows = []
    for rec in recs:
        r_off, r_on, _ = timed(one(rec))
        rows.append((rec.name, r_off, r_on))
    rows.sort(key=lambda r: -r[1])
    sum_off, sum_on = sum(r[1] for r in rows), sum(r[2] for r in rows)
    print(f"\n| recognizer | prefilters off (s) | on (s) |\n| --- | --- | --- |")
    for name, r_off, r_on in rows:
        print(f"| {name} | {r_off:.3f} | {r_on:.3f} |")
    print(f"| all recognizers, summed | {sum_off:.2f} | {sum_on:.2f} |")
    print(f"| the rest (analyze total - recognizers timed alone; 'on': bisect context enhancer) "
          f"| {off - sum_off:.2f} | {on - sum_on:.2f} |")
    print(f"| **`analyze` total** | **{off:.2f}** | **{on:.2f}** ({off / on:.2f}x) |")


if __name__ == "__main__":
    main()
