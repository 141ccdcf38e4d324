"""Names in young people's informal chat: a handle in brackets after a name, a nickname made of a
size word and a name, a name and age opening a profile and the place after them, a name found
capitalised that comes back in lower case before a person's verb, a subject with an adverb
before its verb, and a lower-case name one texts back; and the words these frames leave alone."""

from privacy import entities as E
from tests.detect.conftest import found


def test_a_handle_in_brackets_after_a_name_is_a_username(det):
    text = "our duo for the cup: Kojo (gamertag KojoSnipes) and me. he lags a lot"
    assert "KojoSnipes" in found(det, text, E.USERNAME)


def test_a_lower_case_handle_no_dictionary_knows_in_brackets_is_a_username(det):
    text = "team for ranked: Farid (faridinho7), Lin (lin_aims), Tomek and me"
    assert found(det, text, E.USERNAME) == ["faridinho7", "lin_aims"]


def test_a_role_or_an_age_in_brackets_is_no_username(det):
    assert found(det, "attendees: Hope (intern), Grant (ops), Mason (9)", E.USERNAME) == []


def test_a_nickname_made_of_a_size_word_and_a_given_name_keeps_the_name_replaced(det):
    text = "gc copy paste:\nBig Tayo: practice moved to 7am\nDeshawn: 7AM???\nBig Tayo: coach said"
    assert found(det, text, E.PERSON).count("Tayo") == 2


def test_a_name_and_age_opening_a_profile_are_a_person_and_the_cell_after_is_a_place(det):
    text = 'fix my bumble bio: "Rohan | 24 | Koramangala | will cook for u"'
    assert "Rohan" in found(det, text, E.PERSON)
    assert "Koramangala" in found(det, text, E.LOCATION)


def test_a_size_in_a_list_is_no_profiles_name(det):
    assert found(det, "Sizes | 12 | 14 | 16 in stock", E.PERSON) == []


def test_a_word_name_found_capitalised_is_the_person_again_in_lower_case_before_a_persons_verb(det):
    text = "my roommate keeps eating my food and her bf Mason stays over. mason is nice tbh its mostly her"
    assert found(det, text, E.PERSON).count("mason") == 1


def test_a_word_in_lower_case_is_no_person_when_no_one_bears_it_in_the_text(det):
    assert found(det, "summer is coming and i want a tan", E.PERSON) == []


def test_a_subject_with_an_adverb_before_its_speech_verb_is_a_person(det):
    text = "Blessing just texted from the hospital 😭 she broke her ankle at practice."
    assert "Blessing" in found(det, text, E.PERSON)


def test_a_lower_case_name_one_texts_back_is_a_person(det):
    assert "jaylen" in found(det, 'should i text jaylen back 😩 he sent "u up" at 2am', E.PERSON)


def test_a_season_named_as_a_person_is_the_person_again_in_lower_case_before_a_persons_verb(det):
    text = '"hey Summer just wondering if ur ever gonna pay me back" summer is lowkey my best friend tho'
    assert found(det, text, E.PERSON).count("summer") == 1


def test_a_season_named_as_a_person_leaves_the_season_alone(det):
    text = "Summer is coming to stay with us. summer holidays start in july"
    assert "summer" not in found(det, text, E.PERSON)


def test_a_given_name_one_introduces_oneself_by_in_passing_is_a_person(det):
    assert "ben" in found(det, "wojtek: ben mate dishes pls\n(im ben btw)", E.PERSON)


def test_a_common_word_after_im_is_no_name(det):
    assert found(det, "im done here, thanks. Explain Kubernetes like I'm five.", E.PERSON) == []


def test_the_owner_of_an_action_item_is_a_person_even_if_the_name_is_a_word(det):
    people = found(det, "Action items: Grace to confirm numbers, Will to sort the raffle", E.PERSON)
    assert "Grace" in people and "Will" in people


def test_a_tool_given_a_task_in_a_list_is_no_one(det):
    assert found(det, "tasks:\n- Python to parse the logs\n- Docker to run the tests", E.PERSON) == []


def test_a_name_as_an_official_paper_gives_it_is_a_person(det):
    assert "ignacio" in found(det, "hey im nacho (ignacio on my passport lol)", E.PERSON)


def test_a_lower_case_given_name_no_word_before_a_past_verb_or_pidgins_is_a_person(det):
    assert found(det, "yesterday ngozi bought a new phone", E.PERSON) == ["ngozi"]
    assert found(det, "chidinma say i no fit come her sister wedding for enugu", E.PERSON) == ["chidinma"]
    assert found(det, "abeg tell am say tobenna don travel", E.PERSON) == ["tobenna"]
