"""Names in pasted chat logs and lower-case chat, and the numbers and words that are none."""

from privacy import entities as E
from tests.detect.conftest import spans


def persons(det, text):
    return [v for v, t in spans(text, det.analyze_text(text)) if t == E.PERSON]


def test_a_lower_case_name_after_a_title_stops_before_the_verb(det):
    text = "bro my landlord mr okafor says i have to pack out by the 31st"
    assert persons(det, text) == ["okafor"]


def test_a_lower_case_given_name_after_a_relation_is_found_though_tagged_a_verb(det):
    text = "i have to pack out cos his nephew chidi is moving in next week"
    assert "chidi" in persons(det, text)


def test_every_line_of_a_speaker_with_a_time_stamp_before_the_colon_is_found(det):
    text = ("my ex sent these last night, am i overreacting??\n\n"
            "Jordan (Yesterday 11:48 PM): hey\nJordan: u still at work?\nMe: leave it with Kayla\n"
            "Jordan (Today 7:02 AM): id rather give it to u in person")
    assert persons(det, text).count("Jordan") == 3


def test_speakers_of_a_log_in_angle_brackets_are_people(det):
    text = ("is this an attack?\n\n2024-04-11 02:13:07 <marcus> anyone else getting failed ssh logins\n"
            "2024-04-11 02:13:40 <ines> yeah mine too\n2024-04-11 02:14:02 <admin> checking")
    assert persons(det, text) == ["marcus", "ines"]


def test_a_parent_named_in_a_roster_line_is_a_person(det):
    text = "carpool list\n\n1. Freya - we're in Edina, minivan\n2. Zuri - dad Malik, Richfield, sedan"
    assert "Malik" in persons(det, text)


def test_a_year_after_a_month_and_a_process_id_after_a_log_level_are_no_postal_codes(det):
    for text in ("When did the Berlin Wall fall, and why so suddenly on 9 November 1989?",
                 "log says:\n\n2024-03-14 09:12:33.104 ERROR 18236 --- [main] o.s.boot.SpringApplication"):
        assert not [v for v, t in spans(text, det.analyze_text(text)) if t == E.POSTAL_CODE]


def test_a_short_word_before_says_is_no_lower_case_name(det):
    assert persons(det, "spring boot won't start, log says the port is taken") == []


def test_a_lower_case_country_is_a_person_only_as_one(det):
    assert persons(det, "what time does the test start for india vs australia") == []


def test_a_place_where_the_writer_visits_someone_is_not_kept_as_a_topic(det):
    text = ('Translate: "Thank you for the pierogi. We hope to visit you in Zakopane again soon."')
    found = spans(text, det.analyze_text(text))
    assert ("Zakopane", E.LOCATION) in found


def test_a_name_the_writer_then_calls_their_relation_is_a_person_even_if_a_word(det):
    text = 'rewrite this:\n\n"bill you ate my leftovers AGAIN"\n\ncontext bill is my flatmate, we share a kitchen'
    assert persons(det, text) == ["bill", "bill"]
    assert persons(det, "this is my brother and that is my friend. Who is my doctor now?") == []


def test_two_given_names_doing_what_people_do_are_people_even_when_words(det):
    text = "Will and Summer are coming for dinner tonight and Summer is vegan, Will hates mushrooms."
    assert persons(det, text) == ["Will", "Summer", "Summer", "Will"]
    assert persons(det, "Summer and Autumn are my favourite seasons.") == []


def test_a_word_name_in_brackets_after_me_is_the_writer_s_own(det):
    assert persons(det, "write a savage but loving reply from me (ama), roast him a bit") == ["ama"]


def test_a_given_name_opening_a_sentence_before_its_verb_is_a_person(det):
    text = "Hi Tanvi, kids need to be in bed by 8. Arjun gets one story, Meera will try for two."
    assert "Arjun" in persons(det, text)
    text = "Aunty Bisi: 15 Olaniyi Close\nTunde: Femi is doing small chops\nAunty Bisi: Yes"
    assert "Femi" in persons(det, text)
    assert persons(det, "Hope is a good thing. Paris is lovely in May.") == []


def test_a_lower_case_given_name_before_has_or_is_is_a_person_but_a_language_is_not(det):
    assert persons(det, "can you grab the kids thursday? hunter has football till 5") == ["hunter"]
    assert persons(det, "julia is faster than python for data science right") == []


def test_a_lower_case_name_is_found_in_a_line_holding_an_email_address_or_a_time(det):
    text = "pls ask if kayode can stay late on weds. my email is femimum77@gmail.com thx"
    assert "kayode" in persons(det, text)
    assert "ngozi" in persons(det, "me and ngozi will land at 3.15, can u check the trains")


def test_a_lower_case_given_name_after_if_or_of_before_a_modal_is_a_person(det):
    assert "adaeze" in persons(det, "pls ask the teacher if adaeze can sit at the front, she cant see the board")
    assert "chidi" in persons(det, "im the mum of chidi in year 2 and he has a dentist appt")


def test_a_line_of_code_with_an_attribute_still_reads_as_code(det):
    assert persons(det, "and then df.merge(left=priya, on='id') throws, why") == []
