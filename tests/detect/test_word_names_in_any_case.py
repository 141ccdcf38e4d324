"""Given names that are also words ("Hope", "rich", "RAY") are found in the frames only a person
fits, whatever the case the message is typed in, and only there."""

from __future__ import annotations

import pytest

from privacy.detect import Detector, DetectorSettings


@pytest.fixture(scope="module")
def detector():
    return Detector.get(DetectorSettings())


def persons(detector, text: str) -> list[str]:
    return [text[f.start:f.end] for f in detector.analyze_text(text) if f.entity_type == "PERSON"]


@pytest.mark.parametrize("text, name", [
    ("met a guy called Will at the climbing wall, is it weird to text first", "Will"),
    ("hes called jack, loves golf and old films. gift ideas?", "jack"),
])
def test_a_name_after_called_or_named_is_a_person_in_any_case(detector, text, name):
    assert name in persons(detector, text)


def test_a_word_name_before_and_i_opening_a_sentence_is_a_person(detector):
    assert "Joy" in persons(detector, "Joy and I have been friends since year 7 and she just got engaged")


@pytest.mark.parametrize("text, name", [
    ("MY BOSS IS A NIGHTMARE. RAY TOLD EVERYONE I WAS LEAVING. what do i do", "RAY"),
    ("so dawn told the whole office about my divorce", "dawn"),
])
def test_a_word_name_opening_a_clause_before_a_verb_of_telling_is_a_person(detector, text, name):
    assert name in persons(detector, text)


def test_a_word_name_told_something_about_herself_is_a_person(detector):
    assert "rose" in persons(detector, "how do i tell rose shes not coming on the trip")


def test_a_word_name_after_a_relation_before_what_a_person_does_is_a_person(detector):
    assert "rich" in persons(detector, "my brother rich lands at gatwick at 9 can u find me a train")


def test_a_word_name_after_me_and_before_what_people_share_is_a_person(detector):
    assert "hope" in persons(detector, "me and hope split the bill but she never paid me back")


def test_a_name_found_capitalised_is_found_again_in_lower_case_before_a_persons_verb(detector):
    assert persons(detector, "We're throwing a party for Rich on friday, rich likes jazz so any playlist ideas") == ["Rich", "rich"]


def test_a_name_english_hardly_uses_as_a_word_is_found_again_in_lower_case(detector):
    text = "Bryony's mum keeps ringing me. how do i say no to bryony without drama"
    assert persons(detector, text) == ["Bryony", "bryony"]


@pytest.mark.parametrize("text", [
    "will you explain what a grace period is? mine says 56 days",
    "my sister rose early and left before breakfast",
    "amazing grace told the story of a slave trader who found faith",
    "i hope she said yes to the job",
    "The Will and I have a good relationship as documents go",
    "and summer said goodbye to the heatwave, the forecast says",
])
def test_the_same_words_used_as_words_stay(detector, text):
    assert persons(detector, text) == []


@pytest.mark.parametrize("text, name", [
    ("pick up the flowers from ivy (she said after 4) then come home", "ivy"),
    ("the seating is me and rich (we eat anything) plus two vegans", "rich"),
    ("hope (the birthday girl) wants a unicorn cake", "hope"),
])
def test_a_word_name_before_an_aside_about_a_person_is_a_person(detector, text, name):
    assert name in persons(detector, text)


def test_a_word_name_a_message_is_written_to_is_a_person(detector):
    assert "will" in persons(detector, "can u write a text to will saying i cant make it tonight")


@pytest.mark.parametrize("text", [
    "i want a ring with rose (the gold kind) not white gold",
    "send a thank you card to hope and glory records",
])
def test_asides_and_messages_about_things_stay(detector, text):
    assert persons(detector, text) == []


@pytest.mark.parametrize("text, name", [
    ("his name is tomasz but the whole team calls him noodle lol", "noodle"),
    ("its for my cousin, we all call her peaches lol. keep it short", "peaches"),
])
def test_a_nickname_given_outright_is_a_name_even_when_no_list_knows_it(detector, text, name):
    assert name in persons(detector, text)


@pytest.mark.parametrize("text", [
    "my mum calls me lazy. is she right",
    "he calls me babe lol, is that a red flag",
])
def test_what_people_call_each_other_that_is_no_name_stays(detector, text):
    assert persons(detector, text) == []


@pytest.mark.parametrize("text, name", [
    ("ugh ok, rich is making me go to his work thing on friday", "rich"),
    ("dont let joy find out about the party!!", "joy"),
])
def test_a_word_name_that_makes_or_lets_someone_do_something_is_a_person(detector, text, name):
    assert name in persons(detector, text)


@pytest.mark.parametrize("text, name", [
    ("abeg help me reply, mummy funmi don vex since morning", "funmi"),
    ("daddy bisi said i should call him back", "bisi"),
])
def test_a_lower_case_name_after_a_family_title_of_many_places_is_a_person(detector, text, name):
    assert name in persons(detector, text)


def test_a_spanish_stop_word_after_a_spanish_relation_stays(detector):
    assert persons(detector, "quiero tamales como los de mi abuela pero sin manteca") == []


@pytest.mark.parametrize("text, name", [
    ("Faith from my old job told me the company is folding. Should I trust her?", "Faith"),
    ("joy at reception said the form was wrong, can u check it", "joy"),
])
def test_a_word_name_and_where_they_are_before_a_verb_of_telling_is_a_person(detector, text, name):
    assert name in persons(detector, text)


@pytest.mark.parametrize("text, name", [
    ("can we go to rich's house after school tomorrow", "rich"),
    ("hey grace, can u send me the notes from today", "grace"),
])
def test_a_word_name_greeted_or_owning_a_home_is_a_person(detector, text, name):
    assert name in persons(detector, text)


@pytest.mark.parametrize("text", [
    "hi there, quick question about my rent",
    "rose is my favourite flower, how do i grow it",
    "the will's terms were odd, is that normal",
])
def test_greetings_and_possessives_of_words_stay(detector, text):
    assert persons(detector, text) == []


@pytest.mark.parametrize("text, name", [
    ("ugh so rich wants to come to the wedding now", "rich"),
    ("and joy cant come on saturday so we need a sub", "joy"),
])
def test_a_word_name_opening_a_clause_before_wanting_or_coming_is_a_person(detector, text, name):
    assert name in persons(detector, text)


def test_an_abstract_noun_that_knows_or_wants_in_an_idiom_stays(detector):
    assert persons(detector, "love knows no bounds, what poem is that from") == []


@pytest.mark.parametrize("text, name", [
    ("will (my brother) says the match is off", "will"),
    ("hi this is a message for joy at the clinic, my scan is on the 19th", "joy"),
    ("Grace at the gym told me there is a cooling off period", "Grace"),
])
def test_a_word_name_with_who_they_are_or_where_they_work_is_a_person(detector, text, name):
    assert name in persons(detector, text)


@pytest.mark.parametrize("text", [
    "what time does the post office open on saturday",
    "i got a letter from the council about the bins",
])
def test_a_place_of_work_with_no_name_before_it_finds_no_one(detector, text):
    assert persons(detector, text) == []


def test_a_word_name_joined_to_a_name_in_a_sentence_in_capitals_is_a_person(detector):
    text = ("CONGRATS MESSAGE FOR BLESSING AND GODWIN WEDDING PLS!!! THEY DID THE TRAD LAST WEEKEND. "
            "God bless their home. keep it short for an insta comment")
    assert persons(detector, text) == ["BLESSING", "GODWIN"]


def test_a_season_joined_to_a_name_in_capitals_stays_a_season(detector):
    text = "MY FAVOURITE SEASON IS SUMMER AND CHIOMA LOVES WINTER SO WE ARGUE"
    assert persons(detector, text) == ["CHIOMA"]


def test_two_given_names_arriving_together_are_people_and_two_seasons_are_not(detector):
    assert persons(detector, "precious and blessing are coming from harare on the 9th") == ["precious", "blessing"]
    assert persons(detector, "summer and winter are coming fast") == []


def test_someone_picked_up_from_someones_place_or_paid_back_is_a_person(detector):
    assert "Sky" in persons(detector, "SUMMARY:Pick up Sky from Trevor's")
    assert "Gio" in persons(detector, "remind me to pay back Gio the £20 and call the bank")


def test_a_text_message_to_a_word_name_names_them(detector):
    assert persons(detector, "can u write a sms to precious saying look for me at arrivals") == ["precious"]
