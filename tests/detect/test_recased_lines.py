"""NER reads a line typed in lower case with its names' capitals given back (privacy.detect.recase):
the model learned names capitalised, so "me kwame" and "finish in ambleside" are a name and a place
it finds only as "Kwame" and "Ambleside". A word no list knows stays as typed ("chatgpt"). Nothing moves, the rules read the text as typed, and a
line written with capitals, or in another language, is read as it stands."""

from __future__ import annotations

import pytest

from privacy.detect.recase import recased
from tests.detect.conftest import found


def test_a_known_name_in_a_lower_case_line_gets_its_capital():
    assert recased("me and kwame went to the market") == "me and Kwame went to the market"


def test_the_pronoun_i_gets_its_capital():
    assert recased("i think i saw it") == "I think I saw it"


def test_recasing_moves_no_character():
    text = "theres big dayo, spud and me tunji\nwe grew up in ibadan"
    assert len(recased(text)) == len(text)


def test_a_word_english_uses_stays_as_typed():
    assert recased("she waited with ivy in the car all summer") == "she waited with ivy in the car all summer"


def test_a_line_written_with_capitals_is_read_as_it_stands():
    assert recased("- Frank -> Mittens, tabaxi bard") == "- Frank -> Mittens, tabaxi bard"


def test_a_line_in_another_language_is_read_as_it_stands():
    text = "necesito una receta de tamales de rajas con queso como los de mi abuela"
    assert recased(text) == text


def test_only_the_lower_case_lines_of_a_text_are_recased():
    text = "Dear Ms Adeyemi,\nme and kwame will come"
    assert recased(text) == "Dear Ms Adeyemi,\nme and Kwame will come"


def test_a_surname_after_a_known_name_goes_with_it():
    assert recased("what was manmohan singh known for") == "what was Manmohan Singh known for"


def test_a_given_name_that_is_a_word_goes_with_the_surname_after_it():
    assert recased("um its precious nwosu calling") == "um its Precious Nwosu calling"


@pytest.mark.parametrize("text, value, etype", [
        ("can you help me plan a trip, we want to see the lakes and finish in ambleside", "ambleside", "LOCATION"),
])
def test_a_name_typed_in_lower_case_is_found_as_ner_reads_it_recased(det, text, value, etype):
    assert value in found(det, text, etype)


def test_a_found_name_keeps_the_case_it_was_typed_in(det):
    text = "me and kwame are driving up to ambleside on friday"
    values = found(det, text, "PERSON") + found(det, text, "LOCATION")
    assert "ambleside" in values and all(v.islower() for v in values)


def test_a_line_typed_in_capitals_is_read_in_lower_case_but_for_its_names():
    assert recased("MY LANDLORD MR OKONKWO HAS NOT FIXED THE BOILER") == "My landlord mr Okonkwo has not fixed the boiler"


def test_in_a_line_in_capitals_a_known_name_english_writes_less_often_than_its_words_gets_its_capital():
    assert recased("CONGRATS MESSAGE FOR BLESSING AND GODWIN") == "Congrats message for Blessing and Godwin"


def test_a_name_before_a_possessive_gets_its_capital():
    assert recased("we are going to kwame's wedding") == "we are going to Kwame's wedding"


def test_a_line_with_a_few_words_in_capitals_is_no_line_in_capitals():
    assert recased("i NEED help with my cv") == "i NEED help with my cv"


def test_a_word_no_list_knows_stays_as_typed():
    assert recased("can chatgpt help me with my essay") == "can chatgpt help me with my essay"


def test_a_product_named_in_a_lower_case_line_is_no_one(det):
    assert found(det, "can chatgpt help me with my essay or should i use grammarly", "PERSON") == []
