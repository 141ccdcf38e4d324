"""Which propagation terms a batch of texts can hold: those whose words are all words of the batch.

Propagation keeps a term's occurrence only where it stands whole (``textnorm.whole_word`` on the
folded text: no letter, digit or underscore glued to either end). A run of word characters of
the term (``\\w+``, the same characters ``whole_word`` reads) then stands whole in the text too:
inside the term it is bounded by the term's own non-word characters, at the term's ends by the
text's. So a term whose words are not all words of a text is never found in it, and an automaton
of the terms ``TermIndex.for_texts`` gives finds in those texts exactly what the automaton of
every term finds. A term without any word character is always given.

The scrub's parent indexes the corpus's terms once and hands each pass-2 batch its own few
(``privacy.scrub.scrubber``): a detection worker then never holds every value of the export, which
grew with it (issue 20's memory). This module imports nothing of the detection engine.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from privacy.detect.textnorm import fold

_WORD = re.compile(r"\w+")  # str.isalnum() or "_", as textnorm.is_word_char


class TermIndex:
    """``(term, value)`` pairs (``propagation.Propagator.terms``), each filed under its longest word."""

    def __init__(self, terms: Iterable[tuple[str, int]]):
        self._by_word: dict[str, list[tuple[str, int]]] = {}
        self._wordless: list[tuple[str, int]] = []
        self.size = 0
        for term, value in terms:
            self.size += 1
            words = _WORD.findall(term)
            if not words:
                self._wordless.append((term, value))
                continue
            self._by_word.setdefault(max(words, key=len), []).append((term, value))

    def for_texts(self, texts: Sequence[str]) -> tuple[tuple[str, int], ...]:
        """The terms that can stand whole in some text of ``texts``, sorted."""
        words: set[str] = set()
        for t in texts:
            words.update(_WORD.findall(fold(t)))
        out = list(self._wordless)
        by_word = self._by_word
        for w in words:  # the batch's few thousand words, not the corpus's terms
            filed = by_word.get(w)
            if filed:
                out.extend(p for p in filed if all(x in words for x in _WORD.findall(p[0])))
        return tuple(sorted(out))
