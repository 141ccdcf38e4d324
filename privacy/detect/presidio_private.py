"""The one place Presidio's private API is called (presidio-analyzer pinned; the test
tests/detect/test_presidio_private.py checks the call still gives what Presidio's public
``SpacyNlpEngine.process_text`` gives).

The detector runs spaCy itself (NER behind the gate, on only the sentences that need it)
and hands Presidio ready ``NlpArtifacts``; Presidio's own conversion of a Doc's entities
(its label mapping, ignored labels, scores, low-score filter) exists only as the private
steps of ``SpacyNlpEngine._doc_to_nlp_artifact``.
"""

from __future__ import annotations

PINNED_PRESIDIO = "2.2.366"  # the presidio-analyzer these private steps are checked against


def doc_entities(nlp_engine, doc) -> tuple[list, list[float]]:
    """Presidio's entities and scores of a spaCy ``doc`` (``nlp_engine``: a ``SpacyNlpEngine``)."""
    entities = nlp_engine._get_entities(doc)
    scores = nlp_engine._get_scores_for_entities(doc)
    return nlp_engine._get_updated_entities(entities, scores)
