"""A date written with a month's name in another language is a date, never a postal code or a
street (privacy.detect.recognizers.written_date). Texts are written for these tests."""

from __future__ import annotations

import importlib.util

import pytest

from privacy import entities as E
from privacy.detect.packaged import read_list
from privacy.detect.recognizers import written_date

from tests.detect.conftest import spans


def _types(det, text):
    return spans(text, det.analyze_text(text))


def test_a_portuguese_date_is_a_date_not_a_postal_code(det):
    found = _types(det, "A consulta ficou marcada para 15 de março de 2024, no centro de saúde.")
    assert ("15 de março de 2024", E.DATE_TIME) in found
    assert not any(etype == E.POSTAL_CODE for _, etype in found)


def test_a_polish_date_in_the_genitive_is_a_date(det):
    found = _types(det, "Wizyta jest 12 maja 2024 w przychodni, ul. Długa 5, Kraków")
    assert ("12 maja 2024", E.DATE_TIME) in found


def test_an_abbreviated_month_after_a_weekday_makes_no_street(det):
    found = _types(det, "Schedule: Mon, 12 janv. 2024, then the review")
    assert not any(etype == E.STREET_ADDRESS for _, etype in found)


def test_a_postal_code_before_its_town_is_still_a_postal_code(det):
    assert ("75011", E.POSTAL_CODE) in _types(det, "Address: 12 rue Foch, 75011 Paris")


def test_a_number_and_a_word_that_is_no_month_make_no_date():
    assert written_date.spans("Table 12 seats 2024 guests") == ()


@pytest.mark.skipif(importlib.util.find_spec("babel") is None, reason="Babel (the [dev] extra) generates the list")
def test_the_packaged_month_names_are_babels():
    assert read_list(written_date.MONTHS_FILE) == frozenset(written_date.generate_month_names())


@pytest.mark.skipif(importlib.util.find_spec("babel") is None, reason="Babel (the [dev] extra) generates the list")
def test_the_packaged_weekday_names_are_babels():
    assert read_list(written_date.WEEKDAYS_FILE) == frozenset(written_date.generate_weekday_names())


def test_a_weekday_of_another_language_is_no_name(det):
    assert not any(t == E.PERSON for _, t in _types(det, "birthday niya sa Sabado, Hulyo 19 at super fan siya"))


def test_a_weekday_of_another_language_that_is_a_given_name_stays_a_name(det):
    assert ("Domingo", E.PERSON) in _types(det, "Domingo said he'd bring the cake on Sunday")
