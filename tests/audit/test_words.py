"""The audit's word lists (privacy/audit/words.py): which one-word originals are ordinary words."""

from __future__ import annotations

from importlib import resources

import privacy.audit.words as W


def test_the_packaged_proper_words_are_what_web2_gives():
    packaged = resources.files("privacy.audit").joinpath(W.PROPER_FILE).read_text("utf-8")
    assert packaged == W.render()[W.PROPER_FILE], "run `python -m privacy.audit.words` and commit the lists"


def test_every_word_web2_writes_in_lower_case_is_known_as_one():
    # the packaged list only adds what detection's lists leave out: together they must cover web2
    missing = sorted(w for w in W._web2() if w.islower() and len(w) >= W.MIN_LOWER_LETTERS and not W.lower_case_word(w))
    assert missing == [], f"{len(missing)} missing ({missing[:5]}): run `python -m privacy.audit.words`"


def test_inflections_of_lower_case_words_are_words_and_names_are_not():
    for word in ("gold", "said", "bridge", "novel", "fields", "novels", "studies", "baked", "loving"):
        assert W.lower_case_word(word), word
    for word in ("dana", "kwabena", "kelechi", "okafor", "adeyemi", "pekka", "hideko", "ann", "gold1"):
        assert not W.lower_case_word(word), word


def test_a_proper_word_is_one_web2_writes_only_capitalised_and_no_name_table_holds():
    assert W.proper_word("greenlander") and W.proper_word("esperanto")
    for word in ("dana", "okafor", "english", "gold", "kelechi"):
        assert not W.proper_word(word), word
