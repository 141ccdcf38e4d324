"""A known town typed in lower case after "i'm in"/"im in" is a place, even when its spelling looks
like an inflection ("leeds"); an ordinary word there stays a word."""

from privacy import entities as E
from tests.detect.conftest import found


def test_a_town_after_im_in_typed_without_an_apostrophe_is_a_place(det):
    assert found(det, "someone logged in from abroad and im in leeds so wtf", E.LOCATION) == ["leeds"]


def test_a_word_after_im_in_is_no_place(det):
    assert found(det, "im in trouble with my landlord again", E.LOCATION) == []


def test_a_small_town_english_hardly_writes_after_a_cue_of_home_is_a_place(det):
    assert found(det, "we live in ashby and love it, any good pubs?", E.LOCATION) == ["ashby"]


def test_a_word_after_a_cue_of_home_is_no_place(det):
    assert found(det, "i grew up in poverty tbh and it still shapes how i spend", E.LOCATION) == []
