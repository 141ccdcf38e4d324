"""Initials by their slot (privacy.detect.recognizers.initials): a person's verb, a cue, a task in
notes or a people key make them a person; an article or a role's capitals make them no one.
(tests/detect/test_initials.py covers the frames of the lower-case name rules.) Texts are written
for these tests."""

from __future__ import annotations

from privacy import entities as E

from tests.detect.conftest import spans


def _people(det, text):
    return {value for value, etype in spans(text, det.analyze_text(text)) if etype == E.PERSON}


def test_initials_before_a_persons_verb_are_a_person(det):
    assert "NS" in _people(det, "GH thinks we should move the launch, NS disagrees and i just want a decision")


def test_initials_after_me_and_are_a_person_even_if_they_are_a_country_code(det):
    assert "TJ" in _people(det, "me and TJ are doing the food for saturday, can u give me a shopping list")


def test_initials_given_a_task_in_notes_are_a_person(det):
    assert "KB" in _people(det, "turn these into action items pls: KB to chase the caterers. budget still unclear")


def test_initials_listed_after_a_people_key_are_all_persons(det):
    people = _people(det, "tidy up the minutes\npresent: RM, SL, AO and me\nsummer fair moved, SL to sort the raffle")
    assert {"RM", "SL", "AO"} <= people


def test_an_acronym_after_an_article_is_no_person(det):
    assert not _people(det, "can u explain what an API is like im 10")


def test_a_list_of_file_formats_is_no_one(det):
    assert not _people(det, "format options are PDF, CSV or XLSX. the PDF to word thing keeps breaking")


def test_capitals_in_a_shouted_line_are_not_read_as_initials(det):
    from privacy.detect.recognizers.initials import initials

    assert initials("WHY DOES SHE ALWAYS CANCEL ON ME, TELL HER NO") == []


def test_ners_person_on_initials_in_a_lower_case_line_stands(det):
    assert "SJ" in _people(det, "dinner at mine tonight with SJ and PR. quick pasta ideas that arent boring?")


def test_ners_person_on_an_acronym_after_an_article_is_dropped(det):
    assert not _people(det, "why does the SMTP relay reject mail from the new server")


def test_initials_in_a_list_of_attendees_in_a_line_of_any_case_are_a_person(det):
    text = "attendees: S. Raghunathan, Thulasi, JK, Marisol\n- Thulasi to chase the renewal\n- JK + Marisol to tidy the board"
    found = [v for v, etype in spans(text, det.analyze_text(text)) if etype == E.PERSON]
    assert found.count("JK") == 2


def test_a_roles_capitals_in_a_list_of_attendees_are_no_ones_initials():
    from privacy.detect.recognizers.initials import initials

    text = "Present: Dr Okafor, HR, Thulasi, KB"
    assert [text[a:b] for a, b in initials(text)] == ["KB"]
