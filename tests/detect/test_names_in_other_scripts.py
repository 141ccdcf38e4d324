"""Names in Greek, Cyrillic, Hebrew and other scripts the English pipeline cannot read are found in
the English frames that mark a person, as Chinese, Korean or Arabic ones are."""

from privacy import entities as E
from tests.detect.conftest import found


def test_a_greek_name_after_a_relation_is_a_person(det):
    assert "Ηλέκτρα" in found(det, "can you write a birthday card for my sister Ηλέκτρα, she turns 30", E.PERSON)


def test_a_cyrillic_name_after_named_is_a_person(det):
    assert found(det, "a guy named Дмитрий keeps messaging me", E.PERSON) == ["Дмитрий"]


def test_a_hebrew_name_before_is_my_cousin_is_a_person(det):
    assert found(det, "שירה is my cousin and she is visiting", E.PERSON) == ["שירה"]


def test_a_russian_title_of_a_work_is_no_one(det):
    assert found(det, 'What is "Война и мир" by Tolstoy about, is it worth reading?', E.PERSON) == []
