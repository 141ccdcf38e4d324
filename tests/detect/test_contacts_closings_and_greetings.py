"""Names and towns by the contact data beside them and by how letters and chats open and close:
a name before its phone number, a town in a contact line, a card holder's name, a kiss or a
thanks before a closing name, a greeting that addresses a lower-case name, a thanked name; and
the words those frames must leave alone."""

from privacy import entities as E
from tests.detect.conftest import found


def test_a_name_right_before_a_phone_number_is_a_person(det):
    assert found(det, "Party at ours from 7, RSVP to Yael 054-555-0192 by Thursday.", E.PERSON) == ["Yael"]


def test_a_phone_label_before_the_number_is_no_person(det):
    assert found(det, "Mobile 07700 900311, office hours only", E.PERSON) == []


def test_a_town_in_a_contact_line_beside_a_phone_is_a_place(det):
    text = "Chinonso Eze\nWolverhampton | 07700 900552 | c.eze@example.com\n\nDear Hiring Manager,"
    assert "Wolverhampton" in found(det, text, E.LOCATION)


def test_a_word_in_a_contact_line_is_no_place(det):
    text = "Chinonso Eze\nLogistics | 07700 900552 | c.eze@example.com"
    assert "Logistics" not in found(det, text, E.LOCATION)


def test_the_name_on_a_card_is_a_person_in_capitals_with_an_initial(det):
    text = "I typed 4539 1488 0343 6467 exp 11/27 into a dodgy site, name on card T OKONJO. what now"
    assert found(det, text, E.PERSON) == ["T OKONJO"]


def test_a_card_brand_after_the_holder_key_is_no_person(det):
    assert found(det, "which name on card VISA or the bank's name goes in the form?", E.PERSON) == []


def test_a_name_after_a_kiss_closing_a_message_is_a_person(det):
    assert found(det, "can you send the deposit today pls, ta x Wren", E.PERSON) == ["Wren"]


def test_a_lower_case_name_addressed_by_a_greeting_in_a_line_with_capitals_is_a_person(det):
    text = '"hey kayode, are you still coming on Saturday? Mummy says bring rice"'
    assert "kayode" in found(det, text, E.PERSON)


def test_a_thanked_name_in_lower_case_is_a_person_though_it_is_a_word(det):
    text = "Dawn: cake money due friday!!\nMei Ling: thank u dawn ❤️"
    assert found(det, text, E.PERSON) == ["Dawn", "Mei Ling", "dawn"]


def test_thanks_before_an_ordinary_word_names_no_one(det):
    assert found(det, "thank you god for fridays", E.PERSON) == []


def test_a_word_name_told_something_in_lower_case_is_a_person(det):
    assert found(det, "how do i tell hope i cant make her hen do", E.PERSON) == ["hope"]


def test_a_large_town_in_lower_case_after_a_journeys_to_is_a_place(det):
    assert found(det, "are you coming to kumasi for the funeral or not", E.LOCATION) == ["kumasi"]


def test_a_word_after_a_journeys_to_is_no_place(det):
    assert found(det, "we are going to reading festival again this year", E.LOCATION) == []


def test_a_persons_span_ends_before_a_phone_number_in_a_table(det):
    text = "Name\tMobile\tEmergency contact\nTane Rewi\t021 555 0134\tMere Rewi 027 555 8812"
    assert "Mere Rewi" in found(det, text, E.PERSON)
    assert "027 555 8812" in found(det, text, E.PHONE_NUMBER)


def test_a_name_before_a_possessive_occasion_is_a_person(det):
    text = '"hi all, just a reminder the money for Ade\'s hen do is due by friday!!"'
    assert "Ade" in found(det, text, E.PERSON)


def test_a_name_closing_a_letter_after_thanks_is_a_person_after_an_address(det):
    text = "Please update my address to 14 Rosebery Crescent, Edinburgh EH12 5JY. Thanks, Morag"
    assert "Morag" in found(det, text, E.PERSON)


def test_a_hyphenated_town_with_its_linking_word_is_a_place(det):
    text = "your appointment at Castle Medical Practice, Stratford-upon-Avon is on Tue 15 Apr at 09:40."
    assert "Stratford-upon-Avon" in found(det, text, E.LOCATION)


def test_a_name_no_english_text_uses_before_a_possessive_occasion_is_a_person(det):
    assert "Dayo" in found(det, "Ife: 12th works, can we make it Dayo's bday dinner", E.PERSON)


def test_a_holiday_named_for_someone_is_no_persons_occasion(det):
    assert found(det, "is Mother's day before Father's day in the UK?", E.PERSON) == []


def test_a_family_by_its_surname_in_the_plural_beside_its_address_is_a_person(det):
    text = '"the Pereiras at 41 Birch Lane have had a skip parked on the verge"'
    assert "Pereiras" in found(det, text, E.PERSON)


def test_a_name_before_a_wards_code_is_a_person(det):
    text = "I'm on lates and need to swap. Mercy from 4C said she'll take it if I do her monday."
    assert "Mercy" in found(det, text, E.PERSON)


def test_a_codes_from_phrase_names_no_one(det):
    assert found(det, "Upgrade from 5G to the router from B12 please", E.PERSON) == []


def test_a_given_name_alone_on_the_last_line_under_a_closed_quote_is_a_person(det):
    text = "a new year card for my host family:\n「本当にありがとうございました。」\nImogen"
    assert "Imogen" in found(det, text, E.PERSON)


def test_a_closing_word_alone_on_the_last_line_is_no_person(det):
    assert found(det, "Can you check this?\nThe meeting moved to Friday.\nThanks", E.PERSON) == []


def test_a_name_no_list_knows_on_the_line_after_thanks_is_a_person(det):
    text = "Hi team, the report is attached. Let me know if anything is missing.\n\nThanks,\nOyinkansola"
    assert found(det, text, E.PERSON) == ["Oyinkansola"]


def test_a_department_after_thanks_is_no_one(det):
    assert found(det, "Please update the rota by Friday.\nThanks,\nManagement", E.PERSON) == []


def test_an_occasion_of_someones_in_lower_case_names_them(det):
    assert "tolu" in found(det, "my flight to lagos for tolu's wedding got cancelled, what do i tell her", E.PERSON)


def test_an_occasion_of_someones_in_capitals_names_them(det):
    assert "TOLU" in found(det, "MY FLIGHT TO LAGOS FOR TOLU'S WEDDING GOT CANCELLED", E.PERSON)


def test_an_occasion_of_a_relation_names_no_one(det):
    assert found(det, "WHAT DO I WEAR TO MY FRIEND'S WEDDING", E.PERSON) == []
    assert found(det, "my mother's funeral is on friday, can you help with the reading", E.PERSON) == []


def test_a_relation_after_a_relations_possessive_is_no_name(det):
    assert found(det, "My dad's doctor mentioned both and I got confused.", E.PERSON) == []


def test_a_name_after_a_relations_possessive_relation_is_a_person(det):
    assert "Ngozi" in found(det, "My dad's doctor Ngozi mentioned both and I got confused.", E.PERSON)


def test_a_weekday_after_a_cue_in_lower_case_is_no_name(det):
    assert found(det, "he wants to meet saturday in hebden bridge. is it weird he asked for my number", E.PERSON) == []


def test_a_dashed_given_name_closing_a_quoted_note_signs_it(det):
    text = ("can you make this note nicer: 'These are labelled for a reason. Please stop. - Mar'\n"
            "my housemates keep eating my food")
    assert "Mar" in found(det, text, E.PERSON)
    assert not found(det, 'the sign said "No parking. - Management"', E.PERSON)
