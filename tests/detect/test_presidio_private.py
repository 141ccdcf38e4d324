"""Presidio's private calls are made in one place (privacy/detect/presidio_private.py): pinned here."""

from __future__ import annotations

from importlib.metadata import version

from privacy.detect import Detector
from privacy.detect.presidio_private import PINNED_PRESIDIO, doc_entities


def test_the_pinned_presidio_is_the_installed_one():
    assert version("presidio-analyzer") == PINNED_PRESIDIO  # a new Presidio: check doc_entities again


def test_doc_entities_is_what_presidios_public_processing_gives():
    eng = Detector.get().core.nlp_engine
    text = "Marguerite Okonkwo flew from Lisbon to Oslo on 3 May 2021 with Acme Corp."
    public = eng.process_text(text, "en")
    entities, scores = doc_entities(eng, eng.nlp["en"](text))
    assert [(e.start_char, e.end_char, e.label_) for e in entities] == [
        (e.start_char, e.end_char, e.label_) for e in public.entities
    ]
    assert scores == public.scores
    assert entities  # the sentence has entities: the comparison is not vacuous


def test_the_context_enhancers_copy_gives_what_deepcopy_gives():
    """The copy Presidio's lemma enhancer makes of a text's results (privacy.detect.recognizers.
    context_enhancer.copy_results instead of copy.deepcopy): same results, scores and explanations
    after enhancement, the input results untouched, shared objects still shared."""
    import copy

    from presidio_analyzer import AnalyzerEngine
    from presidio_analyzer.context_aware_enhancers import lemma_context_aware_enhancer as mod

    from privacy.detect.engine import Detector
    from privacy.detect.recognizers.context_enhancer import copy_results

    assert mod.copy.deepcopy is copy_results
    core = Detector.get().core
    analyzer: AnalyzerEngine = core.analyzer
    text = ("My phone number is 212-555-0199 and my zip code is 10013, call me at +44 20 7946 0958. "
            "My bank account number is 123456789012, routing 021000021, passport 912803456.")
    raw, art = _raw_results(core, text)
    raw.append(raw[0])  # one result listed twice: its copies stay one object
    before = [(r.score, dict(r.recognition_metadata), vars(r.analysis_explanation).copy() if r.analysis_explanation else None) for r in raw]

    def run(copier):
        mod.copy.deepcopy = copier
        try:
            out = core.analyzer.context_aware_enhancer.enhance_using_context(
                text, raw, art, analyzer.registry.recognizers, ["phone"])
        finally:
            mod.copy.deepcopy = copy_results
        return out

    def seen(results):
        return [(r.entity_type, r.start, r.end, r.score, r.recognition_metadata,
                 vars(r.analysis_explanation) if r.analysis_explanation else None) for r in results]

    fast, slow = run(copy_results), run(copy.deepcopy)
    assert seen(fast) == seen(slow)
    assert any(f.score > r.score for f, r in zip(fast, raw))  # context words raised some scores
    assert [(r.score, dict(r.recognition_metadata), vars(r.analysis_explanation).copy() if r.analysis_explanation else None) for r in raw] == before  # input untouched
    assert fast[-1] is fast[0]


def _raw_results(core, text):
    """Every recognizer's results for ``text``, named as ``AnalyzerEngine.analyze`` names them."""
    art = next(core.artifacts([text], [True], 8))
    raw = []
    for rec in core.analyzer.registry.recognizers:
        found = rec.analyze(text=text, entities=rec.supported_entities, nlp_artifacts=art) or []
        for r in found:
            r.recognition_metadata = r.recognition_metadata or {}
            r.recognition_metadata.setdefault("recognizer_identifier", rec.id)
            r.recognition_metadata.setdefault("recognizer_name", rec.name)
        raw += found
    return raw, art


def test_the_one_pass_context_step_lists_and_enhances_as_presidios_step():
    from privacy.detect.presidio_private import presidio_context_step

    core = Detector.get().core
    recs = core.analyzer.registry.recognizers
    text = ("Call Ngozi Adeyemi on 212-555-0199 or ngozi.a@example.org; my zip code is 10013 and "
            "my bank account number is 123456789012. Priya and Tomasz met her in Lisbon on 3 May 2021.")
    raw, art = _raw_results(core, text)
    raw = raw[::-1]  # not already in the recognizers' order

    def seen(results):
        return [(r.entity_type, r.start, r.end, r.score, r.recognition_metadata["recognizer_name"]) for r in results]

    fast = core.analyzer._enhance_using_context(text, raw, art, recs, None)
    slow = presidio_context_step(core.analyzer, text, raw, art, recs)
    assert seen(fast) == seen(slow)
    assert len({r.recognition_metadata["recognizer_name"] for r in raw}) >= 5  # several recognizers: the order is tested


def test_results_are_listed_recognizer_by_recognizer():
    from types import SimpleNamespace

    from privacy.detect.presidio_private import by_recognizer

    a, b, c = (SimpleNamespace(id=n) for n in "abc")
    found = [SimpleNamespace(recognition_metadata={"recognizer_identifier": n}, n=i) for i, n in enumerate("bazab")]
    assert [r.n for r in by_recognizer(found, [a, b, c, a])] == [1, 3, 0, 4, 1, 3]  # "z" is no one's


def test_no_recognizer_of_the_detector_enhances_by_context_itself():
    """(one would send every text through Presidio's own step again: right, but slower)"""
    from presidio_analyzer import EntityRecognizer

    recs = Detector.get().core.analyzer.registry.recognizers
    assert all(type(r).enhance_using_context is EntityRecognizer.enhance_using_context for r in recs)
