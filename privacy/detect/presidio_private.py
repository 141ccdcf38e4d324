"""The one place Presidio's private API is called (presidio-analyzer pinned; the test
tests/detect/test_presidio_private.py checks the call still gives what Presidio's public
``SpacyNlpEngine.process_text`` gives).

The detector runs spaCy itself (NER behind the gate, on only the sentences that need it)
and hands Presidio ready ``NlpArtifacts``; Presidio's own conversion of a Doc's entities
(its label mapping, ignored labels, scores, low-score filter) exists only as the private
steps of ``SpacyNlpEngine._doc_to_nlp_artifact``. ``ListingAnalyzerEngine`` stands in for
one private step of ``AnalyzerEngine.analyze`` (below).
"""

from __future__ import annotations

from privacy.detect.presidioimport import import_presidio
from privacy.detect.spacyimport import import_spacy

import_spacy()  # as the engine imports them (privacy.detect.engine): spaCy without its command line,
import_presidio()  # Presidio's predefined recognizers imported as needed

from presidio_analyzer import AnalyzerEngine, EntityRecognizer, RecognizerResult  # noqa: E402

PINNED_PRESIDIO = "2.2.366"  # the presidio-analyzer these private steps are checked against


def doc_entities(nlp_engine, doc) -> tuple[list, list[float]]:
    """Presidio's entities and scores of a spaCy ``doc`` (``nlp_engine``: a ``SpacyNlpEngine``)."""
    entities = nlp_engine._get_entities(doc)
    scores = nlp_engine._get_scores_for_entities(doc)
    return nlp_engine._get_updated_entities(entities, scores)


class ListingAnalyzerEngine(AnalyzerEngine):
    """``AnalyzerEngine`` whose context step lists a text's results recognizer by recognizer at once.

    Presidio's ``_enhance_using_context`` hands each recognizer its own results (and everyone
    else's, filtered out of the whole list again for each of the 45 recognizers) and keeps what
    ``enhance_using_context`` returns; ``EntityRecognizer``'s own returns them as given. So while
    no recognizer has one of its own, that step only lists the results in the recognizers' order
    (each one's in the order found) before the context enhancer reads them: done here in one
    pass. Otherwise Presidio's step runs."""

    def _enhance_using_context(self, text, raw_results, nlp_artifacts, recognizers, context=None):
        if any(type(r).enhance_using_context is not EntityRecognizer.enhance_using_context for r in recognizers):
            return super()._enhance_using_context(text, raw_results, nlp_artifacts, recognizers, context)
        return self.context_aware_enhancer.enhance_using_context(
            text=text, raw_results=by_recognizer(raw_results, recognizers), nlp_artifacts=nlp_artifacts,
            recognizers=recognizers, context=context)


def presidio_context_step(analyzer: AnalyzerEngine, text: str, results: list, nlp_artifacts, recognizers: list) -> list:
    """Presidio's own context step (``AnalyzerEngine._enhance_using_context``, what
    ``ListingAnalyzerEngine`` stands in for) on ``analyzer``: for the tests and benchmarks that compare the two."""
    return AnalyzerEngine._enhance_using_context(analyzer, text, results, nlp_artifacts, recognizers, None)


def by_recognizer(results: list, recognizers: list) -> list:
    """``results`` listed recognizer by recognizer, in the order of ``recognizers`` (each one's in
    their order; a recognizer listed twice lists them twice; a result of none of them is left out)."""
    found: dict[str, list] = {}
    for r in results:
        found.setdefault(r.recognition_metadata[RecognizerResult.RECOGNIZER_IDENTIFIER_KEY], []).append(r)
    return [r for rec in recognizers for r in found.get(rec.id, ())]
