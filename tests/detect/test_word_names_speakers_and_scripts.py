"""Given names that are also words, speakers of pasted chats, and names in other scripts."""

import pytest

from privacy import entities as E
from privacy.detect import Detector, DetectorSettings


@pytest.fixture(scope="module")
def det():
    return Detector.get(DetectorSettings())


def persons(det, text):
    return [text[f.start:f.end] for f in det.analyze_text(text) if f.entity_type == E.PERSON]


def test_a_lower_case_speaker_in_angle_brackets_whose_name_is_a_word_is_a_person(det):
    text = "<jess> anyone free saturday\n<marco> yeah after 2\n<jess> cool"
    assert {"jess", "marco"} <= set(persons(det, text))


def test_a_role_in_angle_brackets_is_no_one(det):
    text = "<admin> server restarts at 2\n<bot> ok\n<admin> done"
    assert persons(det, text) == []


@pytest.mark.parametrize("text, name", [
    ("- ask rich re the gazebo\n- book the hall", "rich"),
    ("me and hope went to the market this morning", "hope"),
    ("need to sort grace's outfit before sunday", "grace"),
    ("ok so my new boss is literally called rich lol", "rich"),
    ("nana june is knitting a cardigan for the baby", "june"),
    ("can you help me write a leaving card for will? he's moving to Perth", "will"),
    ("the cat is limping again and dom is away till friday", "dom"),
])
def test_a_given_name_that_is_a_word_in_a_person_frame_is_a_person(det, text, name):
    assert name in persons(det, text)


def test_a_season_in_a_person_frame_is_no_one(det):
    assert persons(det, "the nights are drawing in and summer is coming to an end") == []


def test_a_lower_case_name_in_a_capitalised_line_with_a_cue_and_a_verb_is_a_person(det):
    text = "How do I get from Cork to Bantry? Visiting my granny for her 90th and ciarán cant drive me"
    assert "ciarán" in persons(det, text)


def test_a_kin_word_before_a_verb_names_no_one(det):
    assert persons(det, "mum will be late tonight so start without her") == []


@pytest.mark.parametrize("text, name", [
    ("my grandma's name is 陈美玲 (Chen Meiling) and i'm making her a photo book", "陈美玲"),
    ("준호 is my boyfriend, is my dad being nice or not", "준호"),
    ("my bf 민준's mum turns 60 next week", "민준"),
    ("translate: 「佐藤さん、ありがとうございました」", "佐藤"),
    ('my aunt wrote "يا ليلى، تعالي بكرة" what does it mean', "ليلى"),
    ("translate pls: 「李明辉，周六记得来吃饭」", "李明辉"),
    ('my mausi wrote "अनीता बेटा, अमित की शादी दिसंबर में है" what do i reply', "अनीता"),
    ('my mausi wrote "अनीता बेटा, अमित की शादी दिसंबर में है" what do i reply', "अमित"),
])
def test_a_name_in_another_script_in_a_person_frame_is_a_person(det, text, name):
    assert name in persons(det, text)


def test_polite_words_of_japanese_and_korean_are_no_names(det):
    assert persons(det, "「皆さま、お客様、어머님, 선생님」 what do these mean") == []


def test_a_role_key_after_a_sentence_names_a_person(det):
    text = "Burst pipe on 3 May, water through the ceiling. Witness: Bongani Ndlovu (neighbour). Photos attached."
    assert "Bongani Ndlovu" in persons(det, text)


def test_a_role_key_of_a_form_names_a_person(det):
    text = "Summarise these notes:\n\nNew hire: Zanele Mokoena\nBuddy: A. B. Ferreira\nDesk: 3rd floor"
    assert "Zanele Mokoena" in persons(det, text)


def test_a_word_name_found_as_a_person_spreads_to_a_task_line(det):
    text = ("weekly sync\nattendees: Chidinma Eze, Hope (intern), Grant\n- deploys still slow\n"
            "- Hope presenting her dashboard next time")
    assert persons(det, text).count("Hope") == 2


def test_every_name_of_a_list_after_a_people_key_is_a_person_words_too(det):
    text = "Apologies: Will, Hope and Rose\nAgenda: roof repairs"
    assert {"Will", "Hope", "Rose"} <= set(persons(det, text))


def test_a_list_after_a_people_key_of_no_names_names_no_one(det):
    assert persons(det, "Team: Sales\nPresent: all staff\nApologies: none") == []


@pytest.mark.parametrize("text, name", [
    ("sunday school: sis marcia and bro delroy\nushers: deacon clarke", "marcia"),
    ("dulha side: tariq uncle and naila aunty, venue is the lawn", "tariq"),
])
def test_a_lower_case_name_after_or_before_a_kin_or_church_title_is_a_person(det, text, name):
    assert name in persons(det, text)


def test_lower_case_names_side_by_side_in_a_list_are_people(det):
    text = "church rota\nushers kemar shanice and deacon clarke\nflowers: the youth group"
    assert {"kemar", "shanice"} <= set(persons(det, text))


@pytest.mark.parametrize("text, name", [
    ("flowers this week: mother ivy beckford", "ivy"),
    ("me hope and rich split all the bills three ways", "rich"),
    ("can she bring her new man kwame to my 30th?", "kwame"),
])
def test_a_name_after_a_title_or_beside_me_is_a_person(det, text, name):
    assert name in " ".join(persons(det, text)).split()


def test_the_short_name_before_a_full_name_in_brackets_is_a_person(det):
    text = "I'll bring her in after lunch. Thanks,\n- Bex (Rebecca Thorne) 07811 556 209"
    assert "Bex" in persons(det, text)


def test_a_product_before_its_model_in_brackets_is_no_person(det):
    assert persons(det, "Best laptop (Dell XPS 13) for a student on a budget?") == []


def test_a_partner_opening_the_sentence_and_a_name_after_me_and_are_people(det):
    text = "Ravi & Jas bring the kids. Marcus & Deja and me & Sam are there all 4 nights. Fair split?"
    assert {"Marcus", "Sam"} <= set(persons(det, text))


def test_a_month_after_me_and_is_no_one(det):
    assert persons(det, "it rained between me and May, then the weather was fine") == []


def test_a_name_in_capitals_after_a_name_key_is_a_person(det):
    text = "Visa form, section 1\nSurname: NGUYEN\nGiven names: THI LAN\nNationality: Vietnamese"
    assert {"NGUYEN", "THI LAN"} <= set(persons(det, text))


def test_a_word_in_capitals_after_a_name_key_is_no_one(det):
    assert persons(det, "Project form\nName: TBD\nOwner: NONE") == []


def test_a_korean_full_name_before_an_elders_title_and_one_said_as_oneself_are_persons(det):
    text = '번역해 주세요: "안녕하세요, 저는 최순자 어르신의 딸 이민지입니다. 다음 주에 찾아뵙겠습니다"'
    found = persons(det, text)
    assert "최순자" in found and "이민지" in found


def test_a_korean_word_that_opens_with_a_surname_is_no_name(det):
    text = "여기는 박물관입니다. 이번주 토요일에 만나요"
    assert persons(det, text) == []
