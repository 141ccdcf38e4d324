"""Messages about public things come out unchanged (issue 16, second file): eponyms of medicine,
saints, lists of public people, an artist's manner, a story's people, titles after a work's noun,
dishes and clubs; each with a guard that a private name in a similar frame is still replaced."""

from privacy import entities as E
from tests.detect.conftest import spans


def replaced(det, text):
    """The values a scrub would replace (every finding but the kept ones)."""
    return [v for v, t in spans(text, det.analyze_text(text)) if t not in (E.PUBLIC, E.NRP)]


# --- an eponym of medicine, and the namesake asked about ----------------------------------------


def test_an_eponym_before_a_medical_noun_and_the_namesake_asked_about_are_kept(det):
    text = "The consultant thinks it's Raynaud's phenomenon. Is it serious, and who was Raynaud anyway?"
    assert replaced(det, text) == []


def test_an_eponym_asked_about_is_kept_beside_a_relation(det):
    text = "My dad was told he has Dupuytren's contracture in both hands. Who was Dupuytren?"
    assert replaced(det, text) == []


def test_guard_a_given_name_before_a_noun_anyone_may_own_is_still_replaced(det):
    assert replaced(det, "Sarah's cyst is getting bigger, what should she ask the GP?") == ["Sarah"]


def test_guard_a_weak_eponym_is_no_evidence_for_the_names_other_places(det):
    text = ("Players: Ji-woo plays the elf ranger and Kwame the cleric.\n"
            "Add a footnote about Ji-woo's cat walking across the battle map.")
    assert "Ji-woo" in replaced(det, text)


# --- a saint's title ----------------------------------------------------------------------------


def test_a_saint_named_with_the_title_is_kept(det):
    assert replaced(det, "Why is St Swithin linked to rain, and is the forty days thing true?") == []


def test_a_saint_with_a_spelled_out_title_is_kept(det):
    assert replaced(det, "Who was Saint Brendan and did he really sail to America?") == []


def test_guard_a_town_named_after_a_saint_is_still_replaced_where_someone_lives(det):
    assert "St Albans" in replaced(det, "We moved to St Albans last year, which primary schools are good?")


def test_guard_a_surname_with_st_after_a_given_name_is_still_replaced(det):
    text = "Can you write a reference for my colleague Jenny St Clair? She's applying for a nursing job."
    assert replaced(det, text) != []


# --- people listed beside a notable person --------------------------------------------------------


def test_people_listed_with_notable_presenters_are_kept(det):
    text = ("Who presented Top Gear over the years? I remember Jeremy Clarkson, Richard Hammond and James May, "
            "then Chris Evans and Matt LeBlanc. Who was the first?")
    assert replaced(det, text) == []


def test_guard_a_list_with_a_notable_namesake_in_a_personal_message_is_still_replaced(det):
    text = "Board president is Linda Kaczmarek, treasurer Mark Delaney and Tom Hrabowski. Can you draft the minutes?"
    left = replaced(det, text)
    assert "Linda Kaczmarek" in left and "Tom Hrabowski" in left


# --- an artist's manner -----------------------------------------------------------------------


def test_the_artist_of_in_the_style_of_is_kept(det):
    assert replaced(det, "a bedtime rhyme about brushing teeth for my nephew, in the style of dr seuss") == []


def test_guard_in_the_style_of_a_relation_is_still_replaced(det):
    assert "Bill" in replaced(det, "Write a toast in the style of my grandad Bill, he always rhymed everything")


# --- a story's people after "with" ----------------------------------------------------------------


def test_a_storys_people_after_with_are_kept(det):
    text = "explain chapter 3 of the great gatsby, what happens with nick and jordan at the party. no spoilers pls"
    assert replaced(det, text) == []


def test_guard_watching_with_someone_is_still_replaced(det):
    assert "Ana" in replaced(det, "Should I watch season 2 with Ana tonight or wait for spoilers to die down?")


# --- a title after a work's noun ----------------------------------------------------------------


def test_a_title_after_the_episode_is_kept_beside_a_relation(det):
    text = "my son watches Bluey every night, is the episode Keepy Uppy the first one?"
    assert replaced(det, text) == []


def test_guard_a_given_name_after_a_works_noun_beside_a_relation_is_still_replaced(det):
    assert "Ana" in replaced(det, "My sister lent me the book Ana recommended, is it good?")


# --- a dish, a club ---------------------------------------------------------------------------------


def test_a_town_before_a_dish_word_is_kept(det):
    assert replaced(det, "Are Chelsea buns and Bath buns the same dough? Which is older?") == []


def test_a_club_named_by_a_prefix_and_a_town_is_kept(det):
    assert replaced(det, "is modric at real madrid still the best midfielder") == []


def test_guard_a_town_one_moves_to_is_still_replaced(det):
    assert replaced(det, "we moved to Leamington Spa in june, any good running clubs?") != []


# --- storms' names, competitions, a story asked about -------------------------------------------


def test_storm_names_listed_after_the_word_are_kept(det):
    assert replaced(det, "Which hurricane names were retired after 2017, like Harvey, Irma and Maria?") == []


def test_guard_a_name_after_like_in_a_message_that_mentions_a_storm_is_still_replaced(det):
    assert "Maria" in replaced(det, "Lily is coming for the storm weekend like Maria did, can you plan meals?")


def test_a_competition_named_like_a_place_is_kept(det):
    assert replaced(det, "Explain the scoring in the Davis Cup, my son asked and I had no idea.") == []


def test_guard_a_town_before_a_leagues_name_is_still_replaced(det):
    assert "Rotherham" in replaced(det, "My son plays in the Rotherham League on Saturdays, what boots should he get?")


def test_the_people_of_a_story_asked_about_are_kept(det):
    assert replaced(det, "What is the story of Cain and Abel really about? Is it about jealousy?") == []


def test_guard_a_story_written_about_a_child_is_still_replaced(det):
    assert "Lily" in replaced(det, "Can you write the story of Lily and the dragon for bedtime? She's 5.")


# --- the last word of a notable title, a town asked about its weather ---------------------------------


def test_the_last_word_of_a_notable_title_is_kept(det):
    assert replaced(det, "just finished breaking bad, should i watch better call saul next or el camino") == []


def test_guard_a_greeting_that_reads_like_a_title_is_still_replaced(det):
    assert "John" in replaced(det, "Dear John, thanks for the lovely evening, the kids loved it")


def test_a_city_asked_about_its_weather_without_a_question_mark_is_kept(det):
    assert replaced(det, "will it snow in seoul in february, when does it usually start") == []


def test_guard_a_city_someone_lives_in_is_still_replaced_in_a_weather_question(det):
    assert "seoul" in replaced(det, "my sister lives in seoul, will it snow there in february")


# --- a place's nickname -------------------------------------------------------------------------


def test_a_places_nickname_after_called_the_is_kept(det):
    assert replaced(det, "Why is Detroit called the Motor City? Is it still true?") == []


def test_guard_a_house_name_where_someone_stays_is_still_replaced(det):
    assert "Old Rectory" in replaced(det, "We're staying at the Old Rectory in Rye, can you write a thank-you note?")


# --- a ruler's title ----------------------------------------------------------------------------


def test_a_ruler_named_with_the_title_is_kept(det):
    assert replaced(det, "Why did King Harold lose at Hastings so quickly?") == []


def test_guard_a_hospital_named_after_a_saint_is_no_saint(det):
    text = "Our appointment is at St Mary's Hospital on Friday, can you remind me what to bring?"
    assert all(t != E.PUBLIC for _, t in spans(text, det.analyze_text(text)))


def test_guard_prince_as_a_given_name_is_still_replaced(det):
    assert "Prince Adeyemi" in replaced(det, "My colleague Prince Adeyemi wants a reference for his visa, can you draft one?")


# --- a kept person's epithet --------------------------------------------------------------------


def test_the_place_of_a_kept_persons_epithet_is_kept(det):
    assert replaced(det, "My daughter has a project on Saint Bede of Jarrow, can you help her?") == []


def test_guard_a_place_after_a_private_person_and_of_is_still_replaced(det):
    assert "Jarrow" in replaced(det, "Can you write to my cousin Bede of Jarrow about the reunion?")


# --- holiday closures, a city's games -------------------------------------------------------------


def test_holiday_closure_dates_are_kept(det):
    assert replaced(det, "Make this shop notice friendlier: We are closed 25–26 December and 1 January.") == []


def test_guard_a_birthday_on_a_holiday_is_still_replaced(det):
    assert replaced(det, "My birthday is 1 January and the office is closed, can you plan a party?") != []


def test_a_famous_city_before_a_year_is_the_games_it_held(det):
    assert replaced(det, "Make a poster of the gold medal winners of Beijing 2008 for our classroom wall.") == []


def test_guard_a_famous_city_someone_lived_in_is_still_replaced(det):
    assert "Tokyo" in replaced(det, "We lived in Tokyo 2015 to 2019, can you help with my CV?")
