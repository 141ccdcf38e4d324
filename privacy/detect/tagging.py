"""Part-of-speech tags on demand, only where something reads them.

NER has its own embedding layer in the pinned pipeline; the tagger shares another one
(``tok2vec``) with the parser. Only a few filters and cue recognizers read POS, and only
on a candidate span, so the engine runs NER alone over every text and leaves a deferred
tagger on each doc. ``pos_tagged(doc, start, end)`` tags the tokens of that character range
(the engine tags them with a few tokens of context either side, which gives the same tags as
tagging the whole doc: the tagger's embedding sees four tokens either side); ``pos_tagged(doc)``
tags the whole doc. Profile in docs/benchmarks.md.
"""

from __future__ import annotations

from typing import Callable, Optional

_KEY = "privacy.detect.deferred_tagger"

# tagger(doc, [(start_char, end_char), ...]) tags those ranges; tagger(doc, None) the whole doc.
Tagger = Callable[[object, Optional[list[tuple[int, int]]]], None]


def defer(doc, tagger: Tagger) -> None:
    """Attach ``tagger`` to run when ``pos_tagged`` asks for tags on ``doc``."""
    doc.user_data[_KEY] = tagger


def pos_tagged(doc, start: int | None = None, end: int | None = None) -> bool:
    """Make sure the tokens of ``doc`` overlapping ``[start, end)`` (all tokens when no range is
    given) carry POS tags; True when they do."""
    if start is None:
        return spans_pos_tagged(doc, None)
    return spans_pos_tagged(doc, [(start, start if end is None else end)])


def spans_pos_tagged(doc, spans: list[tuple[int, int]] | None) -> bool:
    """``pos_tagged`` for several character ranges of one doc at once (one tagger call)."""
    if doc is None:
        return False
    tagger = doc.user_data.get(_KEY)
    if tagger is not None:
        if spans is None:
            del doc.user_data[_KEY]
        tagger(doc, spans)
    return doc.has_annotation("POS")
