"""A word-name named outright is a person ("my name is mark", "everyone calls him moose", "sign it
from penny"), and a message typed in capitals is read like one in lower case ("MY DAUGHTER SKY
JUST PASSED": no test yet, the model's own spans over such words win); the same words that name no
one stay ("it's fine", "my dad will just call")."""

import pytest

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


def test_a_polish_name_given_outright_in_lower_case_is_a_person(det):
    assert "zofia" in found(det, "pomóż mi napisać sms, ma na imię zofia i jest moją sąsiadką", E.PERSON)


def test_a_spanish_relation_names_the_person_after_it(det):
    assert "rocío" in found(det, "quiero escribir a mi suegra doña rocío para su cumple, she lives far", E.PERSON)


def test_an_account_name_with_an_initial_is_one_person(det):
    assert "rowena t. garcia" in found(det, "send it by gcash, account name rowena t. garcia pls", E.PERSON)


def test_the_tagalog_person_marker_names_the_person_after_it(det):
    assert "maricel" in found(det, "excuse letter po para kay teacher, absent si maricel kasi may sakit", E.PERSON)


def test_a_foreign_stop_word_after_a_relation_is_no_one(det):
    assert found(det, "una receta de tamales como los de mi abuela pero sin manteca", E.PERSON) == []


def test_this_is_and_an_adjective_is_no_one(det):
    assert found(det, "honestly this is fine, si se puede", E.PERSON) == []


def test_a_word_name_after_her_husband_is_a_person(det):
    assert "hunter" in found(det, "my cousin and her husband hunter r coming to stay for a week", E.PERSON)


def test_a_child_dropped_at_nursery_is_a_person(det):
    assert found(det, "tmrw i drop poppy at nursery by 8 then gym", E.PERSON) == ["poppy"]


def test_an_occasion_of_a_word_name_without_its_apostrophe_names_her(det):
    assert found(det, "the venue for ivys hen do got cancelled", E.PERSON) == ["ivy"]


def test_a_friends_wedding_without_its_apostrophe_names_no_one(det):
    assert found(det, "what do i wear to my friends wedding and ones birthday", E.PERSON) == []


def test_a_name_in_a_message_in_capitals_does_not_swallow_the_words_around_it(det):
    assert found(det, "OMG MY SISTER HOPE JUST GOT ENGAGED WHAT DO I GET HER", E.PERSON) == ["HOPE"]
    assert found(det, "WHY DOES MY LANDLORD BILL KEEP TEXTING ME AT 2AM", E.PERSON) == ["BILL"]


def test_a_full_name_in_capitals_stays_whole(det):
    assert found(det, "NAME: JOHN SMITH", E.PERSON) == ["JOHN SMITH"]


def test_the_names_of_a_list_of_birthdays_are_people(det):
    names = found(det, "add these bdays to my calendar: rowan mar 4, bea jun 21, hazel sep 9", E.PERSON)
    assert {"rowan", "bea", "hazel"} <= set(names)


def test_a_list_of_days_and_dates_names_no_one(det):
    assert found(det, "schedule: mon may 3, tue may 4, wed may 5", E.PERSON) == []


@pytest.mark.parametrize("text, name", [
    ("bhai ek letter likh de, naam harjit singh sandhu, pind kotli, please", "harjit singh sandhu"),
    ("tolong bantu saya, nama saya siti rahmawati dan saya mau kirim email", "siti rahmawati"),
    ("habari, jina langu ni amani mwangi, naomba msaada na barua hii", "amani mwangi"),
])
def test_a_name_given_outright_in_other_languages_is_a_person(det, text, name):
    assert name in found(det, text, E.PERSON)
