"""Common words: no evidence of a name or place, read from packaged lists kept in step with their sources."""

from __future__ import annotations

from importlib import resources

from privacy.detect import vocabulary as V


def test_the_packaged_lists_are_what_their_pinned_sources_give():
    packaged = {rel: resources.files("privacy.detect").joinpath(rel).read_text("utf-8") for rel in
                (V.DICTIONARY_FILE, V.INFLECTIONS_FILE, V.PLACE_ACRONYMS_FILE)}
    assert packaged == V.render(), "run `python -m privacy.detect.vocabulary` and commit the lists"


def test_dictionary_words_are_common_and_their_inflections_too():
    for word in ("python", "exception", "previously", "accessing", "exceptions", "changed", "dictionaries"):
        assert V.is_common(word), word


def test_given_names_and_surnames_of_any_culture_are_never_common():
    for word in ("song", "moon", "hunter", "will", "rose", "tan", "yekaterina", "fielding"):
        assert not V.is_common(word), word


def test_places_are_never_common():
    for word in ("reading", "mobile", "split", "paris", "london", "china", "chad", "georgia"):
        assert not V.is_common(word), word


def test_a_place_named_by_common_words_keeps_one_of_them_as_evidence():
    assert not V.is_common("valley")  # Happy Valley, Oregon


def test_short_acronyms_name_nothing_unless_they_name_a_place():
    assert V.is_plain_acronym("PEP") and V.is_plain_acronym("IBAN")
    for code in ("UK", "USA", "NYC", "DE", "CA"):
        assert not V.is_plain_acronym(code), code
    assert not V.is_plain_acronym("VOLKOVA")  # a name in capitals is read as a word
