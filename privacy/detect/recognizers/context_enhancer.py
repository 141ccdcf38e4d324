"""Presidio's lemma context enhancer, finding a match's token by binary search.

``AnalyzerEngine`` runs ``LemmaContextAwareEnhancer`` on every result of every text. To read
the words before a match it looks for the match's token with a linear walk over the Doc,
which builds a spaCy ``Token`` object per token: a third of the enhancer's time on chat text.
``BisectContextEnhancer`` finds the same token by binary search over the token end offsets
(read array-wise once per Doc); everything else is Presidio's.

The enhancer starts with ``copy.deepcopy`` of a text's results, so that it can change them: the
copy walked every result's explanation and metadata through deepcopy's memo machinery (2% of a
dense scrub). What it changes is a result's ``score``, attributes of its
``analysis_explanation`` and keys of its ``recognition_metadata`` dict, nothing deeper, so
``copy_results`` copies exactly those objects (each once: what the results share stays shared,
as with deepcopy) and keeps their scalar values. It stands in for ``copy.deepcopy`` inside
Presidio's enhancer module only, with the pinned Presidio.

Use: ``AnalyzerEngine(..., context_aware_enhancer=BisectContextEnhancer())`` (same defaults).
"""

from __future__ import annotations

import copy
import types
from bisect import bisect_right
from typing import List

from presidio_analyzer.context_aware_enhancers import LemmaContextAwareEnhancer
from presidio_analyzer.context_aware_enhancers import lemma_context_aware_enhancer as _lemma_module
from spacy.attrs import LENGTH
from spacy.tokens import Doc

_last: tuple[object, list[int]] = (None, [])


def _token_ends(tokens, tokens_indices: List[int]) -> list[int]:
    """End offset of each token (one Doc cached: its results are enhanced one after another)."""
    global _last
    last = _last
    if last[0] is tokens and len(last[1]) == len(tokens_indices):
        return last[1]
    if isinstance(tokens, Doc):
        lengths = tokens.to_array(LENGTH).tolist() if len(tokens) else []
    else:
        lengths = [len(t) for t in tokens]
    ends = [i + n for i, n in zip(tokens_indices, lengths)]
    _last = (tokens, ends)
    return ends


class BisectContextEnhancer(LemmaContextAwareEnhancer):
    """``LemmaContextAwareEnhancer`` with a binary search for the match's token."""

    @staticmethod
    def _find_index_of_match_token(word: str, start: int, tokens, tokens_indices: List[int]) -> int:
        # Presidio's walk stops at the first token with ``index == start`` or
        # ``start < index + len(token)``; the first implies the second (a token has a length),
        # and token ends ascend, so that is the first token ending after ``start``.
        ends = _token_ends(tokens, tokens_indices)
        i = bisect_right(ends, start)
        if i >= len(ends):
            raise ValueError("Did not find word '" + word + "' in the list of tokens although it is expected to be found")
        return i


def copy_results(results: list) -> list:
    """``copy.deepcopy(results)`` as the enhancer needs it: each result, its explanation and its
    metadata dict copied (once each: objects shared between results stay shared), their values
    (strings, numbers, flags) kept."""
    memo: dict[int, object] = {}

    def once(obj, make):
        if obj is None:
            return None
        c = memo.get(id(obj))
        if c is None:
            c = memo[id(obj)] = make(obj)
        return c

    out = []
    for r in results:
        c = memo.get(id(r))
        if c is None:
            c = memo[id(r)] = copy.copy(r)
            c.analysis_explanation = once(r.analysis_explanation, copy.copy)
            c.recognition_metadata = once(r.recognition_metadata, dict)
        out.append(c)
    return out


def _install() -> None:
    """Presidio's enhancer module reads ``copy.deepcopy`` once, for the results it changes (the
    pinned version's code, checked by tests/detect/test_presidio_private.py)."""
    names = LemmaContextAwareEnhancer.enhance_using_context.__code__.co_names
    if _lemma_module.copy is copy and "deepcopy" in names:
        _lemma_module.copy = types.SimpleNamespace(deepcopy=copy_results)


_install()
