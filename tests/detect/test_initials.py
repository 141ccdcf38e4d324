"""People go by their initials in chat ("my boss RK", "AJ said", "Jonathan Park (JP)"): two or
three capitals standing out in a line written in lower case are a person in the frames only a
person fits, and the initials of a full name are that person again; capitals written for a role,
a body or a relation ("HR", "my GP", "MIL") are no one."""

from __future__ import annotations

import pytest

from privacy import entities as E
from tests.detect.conftest import found


def persons(det, text: str) -> list[str]:
    return found(det, text, "PERSON")


@pytest.mark.parametrize("text, name", [
    ("can you help me reply to my boss RK, he wants the report by friday", "RK"),
    ("AJ said the party got moved to saturday, should i still go", "AJ"),
    ("me and TJ are driving to the coast, any good stops?", "TJ"),
    ("my kuya JP is coming home next week, what should we cook", "JP"),
    ("Tell JD thanks for the lift yesterday", "JD"),
])
def test_initials_in_a_frame_only_a_person_fits_are_a_person(det, text, name):
    assert name in persons(det, text)


@pytest.mark.parametrize("text", [
    "my GP said my iron is low, what should I eat",
    "HR told me to email IT about the laptop",
    "ask HR if i can take friday off",
    "my MIL said she is coming for xmas",
])
def test_capitals_for_a_role_a_body_or_a_relation_are_no_one(det, text):
    assert persons(det, text) == []


def test_initials_in_a_shouted_line_are_words_not_initials(det):
    assert persons(det, "TELL EM THAT I SAID NO AND I MEAN IT") == []


def test_the_initials_of_a_full_name_in_the_text_are_that_person(det):
    text = "Notes: Jonathan Park (JP) and Mei Lin Ong. JP will send the deck, MLO to follow up. JP's slides need work."
    assert persons(det, text).count("JP") == 3 and "MLO" in persons(det, text)


def test_the_initials_of_a_full_name_are_never_a_role(det):
    assert "AI" not in persons(det, "I met Anna Illing yesterday, she works on AI safety.")


def test_a_verb_after_a_relation_is_no_name_and_what_follows_it_neither(det):
    assert persons(det, "my sister says tottenham will win the league lol") == []


@pytest.mark.parametrize("text, name", [
    ("can you ask RK to send me the slides before friday", "RK"),
    ("i told JP to wait outside the school gate", "JP"),
    ("im taking AJ to the dentist at 3 so i'll be late", "AJ"),
])
def test_initials_asked_told_or_taken_somewhere_are_a_person(det, text, name):
    assert name in persons(det, text)


def test_initials_in_brackets_after_who_someone_is_are_theirs(det):
    text = "my mum's carer (J.P.) gave her the 8am metformin twice today"
    assert [text[f.start:f.end] for f in det.analyze_text(text) if f.entity_type == E.PERSON] == ["J.P"]
    text = "my doctor (NHS) said to rest"
    assert not [f for f in det.analyze_text(text) if f.entity_type == E.PERSON]
