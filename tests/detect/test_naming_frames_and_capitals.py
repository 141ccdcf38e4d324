"""A word-name named outright is a person ("my name is mark", "everyone calls him moose", "sign it
from penny"), and a message typed in capitals is read like one in lower case ("MY DAUGHTER SKY
JUST PASSED": no test yet, the model's own spans over such words win); the same words that name no
one stay ("it's fine", "my dad will just call")."""

from privacy import entities as E
from tests.detect.conftest import found


def test_a_word_name_after_my_name_is_is_a_person(det):
    assert found(det, "how do they even know my name is hope 😳 is it a scam", E.PERSON) == ["hope"]


def test_a_nickname_someone_is_called_is_a_person(det):
    assert "bear" in found(det, "his name is marcus but everyone calls him bear lol", E.PERSON)


def test_a_word_name_one_signs_from_is_a_person(det):
    assert "penny" in found(det, "write a cute bday msg for my bf, sign it from penny obvs", E.PERSON)


def test_a_voice_note_naming_its_speaker_from_a_place_is_a_person(det):
    assert "rusty" in found(det, 'transcribe: "hi um its rusty from the garage about the van"', E.PERSON)


def test_a_word_name_after_a_relation_before_what_they_did_is_a_person(det):
    assert found(det, "omg my sister hope just got engaged what do i get her", E.PERSON) == ["hope"]


def test_an_adjective_after_its_is_no_one(det):
    assert found(det, "I walk loads and it's fine. the tent is fine when it's windy", E.PERSON) == []


def test_will_after_a_relation_is_a_verb(det):
    assert found(det, "my dad will just call the council tomorrow about the bins", E.PERSON) == []
