"""The engine-independent core: batched two-stage detection is the detector's corpus analysis."""

from __future__ import annotations

from privacy.detect import Detector, DetectorSettings, IdentityHints
from privacy.scrub import core


def _corpus():
    from synth.testdata.labelled import generate

    corpus = generate(seed=5, sentences=60, controls=10)
    texts = [t.text for t in corpus.texts]
    return list(dict.fromkeys(t for t in texts if t))


def _staged(texts, hints, batch):
    job = core.DetectJob(DetectorSettings(), hints)
    batches = [texts[i : i + batch] for i in range(0, len(texts), batch)]
    parts = [core.detect_local(b, job) for b in batches]
    spec = core.PropagationSpec.union(parts)
    out = []
    for b, p in zip(batches, parts):
        out.extend(core.detect_finish(b, p.cands, job, spec).findings)
    return [list(f) for f in out]


def test_batched_two_stage_detection_equals_one_corpus_analysis():
    texts = _corpus()
    hints = IdentityHints(names=("Priya Raman",), emails=("priya.raman@example.org",))
    whole = Detector.get().analyze_corpus(texts, hints=hints)
    assert any(whole)
    for batch in (7, 41):
        assert _staged(texts, hints, batch) == whole


def test_propagation_reaches_a_batch_that_never_saw_the_value():
    # "Genaro Ulloa" is found by NER in the first batch only; the second batch's bare
    # "Genaro" is found through the corpus-wide propagation spec
    texts = ["Yesterday I met Genaro Ulloa at the station in Lyon.", "Can you summarise what Genaro wrote?"]
    staged = _staged(texts, None, 1)
    whole = Detector.get().analyze_corpus(texts)
    assert staged == whole
    assert any(texts[1][f.start : f.end] == "Genaro" for f in staged[1])


def test_the_table_holds_the_engines_own_surrogates(tmp_path):
    from parallel_helpers import fixed_workspace
    from synth.surrogates import SurrogateEngine

    ws = fixed_workspace(tmp_path / "ws")
    eng = SurrogateEngine(ws, contributor_id="u1")
    pairs = {("PERSON", "Genaro Ulloa"), ("EMAIL_ADDRESS", "genaro@example.org"), ("LOCATION", "Lyon")}
    table = core.build_table(eng, pairs, {"file-ABCDEFGHIJKLMN"})
    for etype, original in pairs:
        assert table.surrogate(etype, original) == eng.surrogate(etype, original) != original
        assert table.original_hash(etype, original) == eng.keyed_hash(etype, original)
    assert table.pseudonym("file-ABCDEFGHIJKLMN") == eng.pseudonym_id("file-ABCDEFGHIJKLMN")
