"""Names the US and Faker lists miss and names NER finds in chat typed without capitals: given
names of notable people from every country count as given names, NER's lower-case person in a
lower-case line is kept when its words can only be names, a name before a phone number is found
after a verb or a label, and a person's span stops where contact data begins."""

from privacy import entities as E
from privacy.detect import gazetteer as G
from privacy.detect.engine import _trim
from tests.detect.conftest import found


def test_given_names_of_notable_people_from_everywhere_are_given_names():
    assert all(G.is_given(n) for n in ("thabo", "lindiwe", "nkechi", "tendai", "efua", "sipho"))


def test_titles_and_english_words_opening_notable_names_are_no_given_names():
    assert not any(G.is_given(w) for w in ("pope", "grand", "infante"))


def test_a_southern_african_name_typed_in_lower_case_is_a_person(det):
    assert found(det, "me and tendai are driving down on friday, what snacks should we bring", E.PERSON) == ["tendai"]


def test_a_west_african_name_picked_up_from_the_airport_is_a_person(det):
    assert found(det, "omw to pick up nkechi from the airport, her flight lands at 6", E.PERSON) == ["nkechi"]


def test_a_lower_case_work_and_its_maker_name_no_one(det):
    assert found(det, "what is jolene by dolly parton actually about", E.PERSON) == []


def test_a_name_after_a_verb_before_a_phone_number_is_a_person(det):
    assert found(det, "Meet at 7? Contact Marguerite 07700 900123 if late", E.PERSON) == ["Marguerite"]


def test_a_label_before_a_phone_number_is_no_person(det):
    assert found(det, "Call Mobile 07700 900123 for help", E.PERSON) == []


def test_a_persons_span_ends_where_contact_data_begins():
    text = "Priya Raghunathan <priya.r@lumenfold.io>"
    assert text[slice(*_trim(text, 0, len(text), E.PERSON))] == "Priya Raghunathan"
    text = "Tali 052-555-1234"
    assert text[slice(*_trim(text, 0, len(text), E.PERSON))] == "Tali"


def test_a_word_no_list_knows_as_a_name_keeps_its_number():
    text = "Windows 11"
    assert _trim(text, 0, len(text), E.PERSON) == (0, len(text))


def test_an_iban_followed_by_a_short_word_is_found(det):
    text = "la fianza a esta cuenta ES98 2085 4471 3903 3021 8847 antes de ver el piso"
    assert found(det, text, E.IBAN_CODE) == ["ES98 2085 4471 3903 3021 8847"]


def test_an_iban_in_lower_case_is_still_found(det):
    assert found(det, "iban gb96 barc 2031 5478 1029 64", E.IBAN_CODE) == ["gb96 barc 2031 5478 1029 64"]


def test_an_ip_address_after_the_word_account_is_an_ip_address(det):
    text = "someone logged into my account from 102.89.34.117 last night"
    assert found(det, text, E.IP_ADDRESS) == ["102.89.34.117"]
    assert found(det, text, E.ACCOUNT_NUMBER) == []


def test_a_given_name_replaced_in_one_message_leaves_a_public_name_of_two_words_kept(det):
    texts = ["my aunt Mary is visiting on Sunday",
             "My grandson is doing a school project comparing Florence Nightingale and Mary Seacole. "
             "Who did more for nursing in the Crimean War?"]
    found_ = det.analyze_corpus(texts)
    second = texts[1]
    assert "Mary" in [texts[0][f.start:f.end] for f in found_[0] if f.entity_type == E.PERSON]
    assert not any(second[f.start:f.end] == "Mary" and f.entity_type == E.PERSON for f in found_[1])


def test_a_language_in_lower_case_is_no_one(det):
    text = '"blessing in disguise" meaning?? my english teacher used it and i nodded'
    assert found(det, text, E.PERSON) == []


def test_a_stop_word_of_another_language_opening_its_sentence_is_no_one(det):
    text = "Chi era Padre Pio? Mia nonna ci andava ogni anno."
    assert "Mia" not in found(det, text, E.PERSON)


def test_mia_before_english_words_is_a_person(det):
    assert "Mia" in found(det, "my daughter Mia was born on 3 August", E.PERSON)
