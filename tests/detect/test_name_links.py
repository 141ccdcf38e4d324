"""A link the text's own person is named in is personal: its host or path identifies them
("https://tobiadeyemi.dev" once the text names Tobi Adeyemi). A project's link or a file's name
that holds no one's name stays as written."""

from __future__ import annotations

from privacy import entities as E

from tests.detect.conftest import spans


def _found(det, text):
    return spans(text, det.analyze_text(text))


def test_a_site_made_of_the_writers_full_name_is_a_personal_link(det):
    text = "I'm Tobi Adeyemi, portfolio: https://tobiadeyemi.dev"
    assert ("https://tobiadeyemi.dev", E.URL) in _found(det, text)


def test_a_site_opening_with_the_writers_given_name_is_a_personal_link(det):
    text = "Zarek here, my site www.zarekphotography.co.uk has the prices"
    assert ("www.zarekphotography.co.uk", E.URL) in _found(det, text)


def test_a_repository_under_a_persons_login_is_replaced_whole(det):
    text = "thesis by Ngozi Okafor at github.com/ngozi-o/thesis"
    assert ("github.com/ngozi-o/thesis", E.URL) in _found(det, text)


def test_a_projects_link_that_names_no_one_in_the_text_stays(det):
    assert _found(det, "Priya says use github.com/pallets/flask") == [("Priya", E.PERSON)]


def test_a_file_named_after_a_person_is_no_link(det):
    assert ("priya.py", E.URL) not in _found(det, "Priya wrote priya.py and notes.txt")
