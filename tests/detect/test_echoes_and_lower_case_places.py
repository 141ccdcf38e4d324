"""A name or town found once in a message is replaced at its other occurrences there; towns,
names and logins typed in lower case; and the lower-case words that are none of them."""

from privacy import entities as E
from tests.detect.conftest import found


def test_a_large_town_in_lower_case_after_a_preposition_is_a_place(det):
    text = "quick one my gp at the surgery in rotherham gave me sertraline 50, is the nausea normal"
    assert found(det, text, E.LOCATION) == ["rotherham"]


def test_a_lower_case_town_ends_before_the_next_word(det):
    text = "my dad had a check up at the clinic in ilesa its for his blood pressure"
    assert found(det, text, E.LOCATION) == ["ilesa"]


def test_a_village_name_in_lower_case_is_no_town_after_in(det):
    # "elden" is a village of 1,000+ people; in lower case the word is the game's
    assert found(det, "how do i beat malenia in elden ring with a strength build", E.LOCATION) == []


def test_a_plural_of_a_common_word_is_no_town_though_a_town_bears_it(det):
    assert found(det, "make me a 10 week plan in miles, 4 runs a week", E.LOCATION) == []


def test_a_lower_case_town_found_once_is_replaced_where_no_cue_precedes_it(det):
    text = "the login activity says it came from near burnley. burnley is where my ex lives"
    assert found(det, text, E.LOCATION) == ["burnley", "burnley"]


def test_a_lower_case_word_no_dictionary_knows_after_a_relation_is_a_name(det):
    # (tagged a verb here: a given name would need "is" after it, a word no dictionary knows does not)
    assert found(det, "my ex zukisa is his best friend and will probably tag along lol", E.PERSON) == ["zukisa"]


def test_an_ordinary_short_word_after_a_relation_is_no_name(det):
    for text in ("Draft an email asking my landlord to fix the heating.",
                 "my teacher said its everywhere in nature, is that true"):
        assert found(det, text, E.PERSON) == [], text


def test_a_word_no_dictionary_knows_is_no_name_where_the_relation_owns_it(det):
    assert found(det, "my son's tiktok keeps crashing when he opens the camera", E.PERSON) == []


def test_a_relation_after_mi_names_the_person_as_after_my(det):
    text = "mi cousin shevaun borrow 60 thousand from me since january and now she naw answer"
    assert found(det, text, E.PERSON) == ["shevaun"]


def test_a_login_made_of_a_given_name_and_a_surname_is_a_username(det):
    text = "services:\n  billing:\n    owner: agnieszka.wrobel\n    escalation: Emeka Chukwu\n"
    assert "agnieszka.wrobel" in found(det, text, E.USERNAME)


def test_a_dotted_attribute_in_code_is_no_login(det):
    text = "def main():\n    if len(sys.argv) < 2:\n        return 1\n    counts = count_words(sys.argv[1])\n"
    assert found(det, text, E.USERNAME) == []


def test_a_speaker_whose_name_is_a_word_is_replaced_where_another_speaker_addresses_them(det):
    text = ("[21:05] Efua: not me my car's at the garage\n[21:07] Kofi: Yaw you have the big boot\n"
            "[21:09] Yaw: fine but someone owes me petrol\n[21:12] Adjoa: i'll pay yaw back")
    # ("yaw" in lower case is a word of this text, so propagation alone would not spread the name)
    assert found(det, text, E.PERSON).count("Yaw") == 2


def test_a_speaker_is_replaced_where_the_chat_writes_them_in_lower_case(det):
    text = "Zeeshan: ok i got drinks\nPaige: what time at jordan's\nJordan: after work, ring twice"
    assert {"jordan", "Jordan"} <= set(found(det, text, E.PERSON))


def test_a_name_that_is_an_everyday_word_spreads_into_no_lower_case_text(det):
    texts = ["Maybe I'll ask Day to help with the move on Saturday.",
             "sunny day real estate vs sunny day service, which one is the emo band"]
    second = det.analyze_corpus(texts)[1]
    assert not [f for f in second if f.entity_type == E.PERSON]


def test_a_name_that_is_a_rarer_word_still_spreads_into_lower_case_chat(det):
    texts = ["My friend Precious is flying in from Harare.", "can u write a text to precious about arrivals"]
    second = det.analyze_corpus(texts)[1]
    assert [texts[1][f.start:f.end] for f in second if f.entity_type == E.PERSON] == ["precious"]
