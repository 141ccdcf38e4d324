"""Word classes come from WordNet's lists in the md pipeline, not from the word's slot."""

from __future__ import annotations

from context_packs.wordclass import is_noun, is_verb


def test_a_noun_that_is_no_verb_is_told_apart_from_one_that_is_both():
    assert is_noun("appendix") and not is_verb("appendix")
    assert is_noun("work") and is_verb("work")


def test_an_inflected_form_is_read_by_its_lemma():
    assert is_verb("fasts") and is_noun("tonsils") and not is_verb("tonsils")
