"""PII-free messages that name holidays, languages, myths, treaties, products one buys, notable
surnames and towns in code: kept whole, while the private person of the same frame is replaced."""

import pytest

from privacy import entities as E


def replaced(det, text):
    """(text, type) of every span a scrub would replace."""
    return [(text[f.start:f.end], f.entity_type) for f in det.analyze_text(text)
            if f.entity_type not in (E.PUBLIC, E.NRP)]


def test_a_day_and_month_that_is_the_date_of_a_holiday_the_message_names_is_that_holiday(det):
    text = "We're doing a Halloween party at school, do kids in Ireland dress up on 31 October too?"
    assert replaced(det, text) == []


def test_a_holiday_date_that_is_also_a_birth_is_replaced(det):
    text = "My son was born on Christmas Day, 25 December, so his birthday always gets forgotten. Any ideas?"
    assert ("25 December", E.DATE_TIME) in replaced(det, text)


def test_a_name_with_a_public_figure_kept_before_it_is_no_one_the_asker_dines_with(det):
    text = "Did Steven Spielberg ever work with John Williams on a film that flopped?"
    assert replaced(det, text) == []


def test_a_name_after_with_and_a_relation_is_still_a_person(det):
    text = "Did Steven Spielberg ever have dinner with my uncle Kofi Mensah?"
    assert ("Kofi Mensah", E.PERSON) in replaced(det, text)


@pytest.mark.parametrize("text", [
    "The menu comes in English and Tagalog, which one is better for my grandma?",
    "Will you explain when to say 'lift' and when 'elevator' in Canadian English?",
])
def test_a_language_listed_with_another_or_after_a_demonym_is_no_place(det, text):
    assert replaced(det, text) == []


@pytest.mark.parametrize("text", [
    "Can you retell the legend of Tristan for a school assembly? we have ten minutes",
    "Why was the Treaty of Nanking so unequal? We covered it in class today",
])
def test_the_figure_of_a_legend_and_the_place_of_a_treaty_are_kept(det, text):
    assert replaced(det, text) == []


def test_a_work_asked_about_is_kept_but_a_given_name_the_text_goes_on_about_is_not(det):
    assert replaced(det, "what is Eleanor Rigby about? the lyrics confuse me") == []
    assert ("Yaw", E.PERSON) in replaced(det, "what is Yaw about? he keeps asking for money")


def test_products_one_buys_are_no_people(det):
    assert replaced(det, "thinking of ordering a Sonos Era or a Bose Soundlink for the kitchen, which is louder?") == []
    assert ("Ngozi Okafor", E.PERSON) in replaced(det, "I bought a Roomba from Ngozi Okafor last week, any good?")


def test_a_notable_surname_alone_asked_about_is_kept_but_a_private_one_is_not(det):
    assert replaced(det, "Was Kasparov or Karpov the stronger player in 1985?") == []
    found = replaced(det, "Was Okonkwo or Adeyemi the better choice for captain? I could not decide")
    assert ("Okonkwo", E.PERSON) in found and ("Adeyemi", E.PERSON) in found


def test_an_age_asked_about_in_a_message_about_public_people_is_kept(det):
    assert replaced(det, "Ronaldo or Messi, who had more goals before turning 30?") == []
    assert ("30", E.AGE) in replaced(det, "my nephew is 30 and still lives at home, is that normal?")


def test_towns_listed_as_data_in_code_are_code_at_each_of_their_places(det):
    text = 'for town in ["Austin", "Denver", "Boston"]:\n    print(weather[town])\nKeyError: \'Austin\''
    assert replaced(det, text) == []


def test_given_names_listed_as_data_in_code_are_still_people(det):
    text = 'users = ["Austin", "Priya", "Kofi"]\nfor u in users: greet(u)'
    found = replaced(det, text)
    assert ("Austin", E.PERSON) in found and ("Kofi", E.PERSON) in found


def test_a_request_to_make_a_list_or_a_table_asks_about_the_names_in_it(det):
    text = "Who did Monet paint with at Argenteuil? make a table, include Renoir and Sisley"
    assert replaced(det, text) == []


def test_a_determiner_and_a_noun_of_another_language_are_no_name(det):
    text = "Wie hieß nochmal der Schauspieler aus Kommissar Rex? Mein Vater kommt nicht drauf."
    assert ("Mein Vater", E.PERSON) not in replaced(det, text)


def test_a_capitalised_word_of_a_line_in_another_language_is_no_name(det):
    text = ("Was ist eigentlich der Unterschied zwischen Muskelkater und Zerrung? Meine Oma fragt mich das "
            "ständig, weil sie es im Fernsehen gehört hat.")
    found = replaced(det, text)
    assert ("Unterschied", E.PERSON) not in found and ("Fernsehen", E.PERSON) not in found


def test_a_given_name_in_a_line_in_another_language_stays_a_name(det):
    text = "Meine Tochter Nacht und ich fahren morgen zu Lena, sie wohnt jetzt in der Nähe von uns."
    assert ("Lena", E.PERSON) in replaced(det, text)


def test_a_particle_and_a_surname_in_another_language_stay_a_name(det):
    text = "Meu pai conhece o senhor da Silva, que mora perto de nós e vem jantar amanhã"
    assert ("Silva", E.PERSON) in replaced(det, text)


def test_a_relatives_word_in_the_familys_language_is_no_name(det):
    assert replaced(det, "my nonna's recipe for ragu, can you make it vegetarian") == []
    assert ("abuela", E.PERSON) not in replaced(det, "ok so my abuela wants to watch Encanto AGAIN")


def test_a_name_opening_with_a_word_of_another_language_in_an_english_line_is_a_name(det):
    # "durante" is a Spanish stop word, "pinto" a Portuguese word; "y/o" and "i'm" make no line Spanish
    text = "I'm Durante Pinto, originally from Reykjavík, and i'm 67 y/o."
    assert ("Durante Pinto", E.PERSON) in replaced(det, text)


def test_words_of_pidgin_are_no_names(det):
    text = "Abeg who be Fela Kuti? My pikin watch documentary for school and now e dey ask me question"
    assert not any(v in ("Abeg", "pikin") for v, _ in replaced(det, text))
    text = "Abeg which one sweet pass, the jollof wey Ghana people dey cook or Naija own?"
    assert replaced(det, text) == []


def test_a_surname_that_is_also_a_word_of_pidgin_stays_a_name_in_capitals(det):
    text = "Please forward this to Mr Sapa Adeyemi in accounts"
    assert any("Sapa" in v for v, t in replaced(det, text) if t == E.PERSON)


def test_a_notable_full_name_in_lower_case_is_judged_whole(det):
    assert replaced(det, "why do people call taylor swift fans swifties lol, who started that") == []


def test_a_lower_case_notable_name_named_as_a_friend_is_a_person(det):
    assert ("taylor swift", E.PERSON) in replaced(det, "my friend taylor swift is coming over tonight")


def test_a_notable_name_after_compared_to_is_asked_about_not_a_recipient(det):
    assert replaced(det, "HOW MANY BALLON D'ORS HAS MESSI WON NOW COMPARED TO RONALDO") == []


def test_a_name_after_a_poems_for_is_still_a_recipient(det):
    assert ("Ronaldo", E.PERSON) in replaced(det, "write a poem for Ronaldo, he turns 9 tomorrow")


def test_a_word_of_pidgin_is_no_place(det):
    text = "Abeg explain wetin be inflation like say I be five years old. Everything for market don cost pass last year."
    assert replaced(det, text) == []


def test_a_notable_name_spelt_with_a_hyphen_is_the_notable_name(det):
    assert replaced(det, "Why do people say Marie-Antoinette never said let them eat cake?") == []


def test_a_hyphenated_given_name_of_someone_known_stays_a_person(det):
    assert ("Mary-Kate", E.PERSON) in replaced(det, "My cousin Mary-Kate is moving in with us next week.")


def test_a_noun_another_language_uses_less_often_is_no_name_in_its_line(det):
    text = "Was ist der Unterschied zwischen Grundgesetz und Verfassung? Und warum heißt es nicht Verfassung?"
    assert not [v for v, t in replaced(det, text) if t == E.PERSON]


def test_a_noun_of_the_lines_language_is_no_place(det):
    text = "Wir ziehen im Mai nach Gütersloh um, meine Schwester wohnt in Bielefeld."
    assert "Schwester" not in [v for v, t in replaced(det, text) if t == E.LOCATION]


def test_an_accented_word_the_lines_language_uses_often_is_no_name(det):
    text = "¿Cuántos goles marcó Messi en el Mundial de Qatar? Mi papá dice que siempre fueron más."
    assert "Cuántos" not in [v for v, t in replaced(det, text) if t == E.PERSON]


def test_a_lower_case_word_the_lines_language_uses_often_is_no_name(det):
    text = "ano ba ang pinakamagandang beach sa Palawan? ayaw namin ng masyadong crowded ngayong summer"
    assert "ayaw" not in [v for v, t in replaced(det, text)]


def test_a_town_of_a_language_whose_word_list_holds_towns_stays_a_place(det):
    # wordfreq's Filipino list counts "iloilo" among its frequent words; the foreign list leaves it out
    text = "padala ko yung pera sa nanay ko sa iloilo bukas, pwede ba sa gcash?"
    assert ("iloilo", E.LOCATION) in replaced(det, text)


def test_a_month_of_another_language_after_a_preposition_of_time_is_no_name(det):
    text = "Wir ziehen im Mai nach Gütersloh um, meine Schwester wohnt in Bielefeld."
    assert "Mai" not in [v for v, t in replaced(det, text) if t == E.PERSON]
    text = "I'm meeting with Mai tomorrow about the flat"
    assert "Mai" in [v for v, t in replaced(det, text) if t == E.PERSON]
