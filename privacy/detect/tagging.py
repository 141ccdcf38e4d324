"""Part-of-speech tags on demand.

NER has its own embedding layer in the pinned pipeline; the tagger shares another one
(``tok2vec``) with the parser. Only a few filters and cue recognizers read POS, and only
on a candidate span, so the engine runs NER alone over every text and leaves a deferred
tagger on each doc; ``pos_tagged(doc)`` runs it the first time anything asks (profile in
docs/benchmarks.md).
"""

from __future__ import annotations

from typing import Callable

_KEY = "privacy.detect.deferred_tagger"


def defer(doc, tagger: Callable) -> None:
    """Attach ``tagger(doc)`` to run the first time ``pos_tagged(doc)`` is asked."""
    doc.user_data[_KEY] = tagger


def pos_tagged(doc) -> bool:
    """Run the deferred tagger if any; True when ``doc`` now carries POS tags."""
    if doc is None:
        return False
    tagger = doc.user_data.pop(_KEY, None)
    if tagger is not None:
        tagger(doc)
    return doc.has_annotation("POS")
