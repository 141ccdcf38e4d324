"""The frame of a span decides its kind, so each surrogate has the original's kind
(privacy.detect.kinds), and the keep side keeps places that are a sentence's topic.

Texts are written for these tests; each test is one behaviour."""

from __future__ import annotations

from privacy import entities as E

from tests.detect.conftest import spans


def _types(det, text):
    return spans(text, det.analyze_text(text))


def test_a_name_after_in_is_a_town(det):
    found = _types(det, "The studio celebrated its tenth year in Carlos Reyles with a street party.")
    assert ("Carlos Reyles", E.LOCATION) in found


def test_believing_in_someone_keeps_them_a_person(det):
    found = _types(det, "I really believe in Marguerite Oyelaran as our next team lead.")
    assert ("Marguerite Oyelaran", E.PERSON) in found


def test_a_name_before_a_geographical_noun_is_a_place_and_the_noun_stays(det):
    text = "Honestly the Oltenbrück bridge is the slowest part of my commute."
    found = _types(det, text)
    assert ("Oltenbrück", E.LOCATION) in found
    assert not any("bridge" in v for v, _ in found)


def test_a_name_spread_into_a_street_name_is_part_of_the_street(det):
    texts = ["Cinzia Ferraro is coming over tonight.", "The old bakery on Cinzia Ford Street closed last spring."]
    found = spans(texts[1], det.analyze_corpus(texts)[1])
    assert any(t == E.STREET_ADDRESS and "Cinzia" in v for v, t in found)
    assert not any(t == E.PERSON and "Cinzia" in v for v, t in found)


def test_a_street_in_another_language_is_a_street_not_a_person(det):
    found = _types(det, "Mail it to 312 Bécsi utca 35., Kisbarát\nthanks!")
    assert any(t == E.STREET_ADDRESS and "Bécsi" in v for v, t in found)
    assert ("Kisbarát", E.LOCATION) in found


def test_a_street_named_after_its_type_word_is_a_street(det):
    found = _types(det, "Our new flat: 14 Λεωφόρος Πανεπιστημίου, Athens")
    assert any(t == E.STREET_ADDRESS and "Πανεπιστημίου" in v for v, t in found)


def test_a_given_name_called_out_at_the_end_of_a_sentence_is_a_person(det):
    assert ("Victoria", E.PERSON) in _types(det, "Stop worrying about the exam, Victoria!")


def test_the_town_closing_an_address_stays_a_town(det):
    found = _types(det, "Ship to 46 rue Nationale, Paris")
    assert ("Paris", E.LOCATION) in found


def test_a_name_that_is_also_a_town_is_a_person_when_it_is_from_somewhere(det):
    assert ("Durham", E.PERSON) in _types(det, "Durham is from Leeds and joined our team in May.")


def test_a_name_that_is_also_a_town_coordinated_with_a_person_is_a_person(det):
    assert ("Durham", E.PERSON) in _types(det, "Back then Deguchi and Durham were precision engineers.")


def test_a_persons_cue_beats_a_towns_ending(det):
    assert ("Beaufort", E.PERSON) in _types(det, "Hi there, my name is Beaufort and I need help with a letter.")


def test_a_city_as_the_topic_of_a_sentence_is_kept(det):
    text = "Summer in Lisbon is lovely, and the Gulbenkian is worth a whole afternoon."
    found = _types(det, text)
    assert ("Lisbon", E.PUBLIC) in found
    assert not any(t not in (E.PUBLIC, E.NRP) for _, t in found)


def test_a_landmark_with_the_article_is_kept(det):
    assert all(t == E.PUBLIC for _, t in _types(det, "The Alps looked stunning from the train window."))


def test_a_building_with_the_article_in_ones_own_address_is_replaced(det):
    found = _types(det, "I live at the Willowbrook, 12 Oak Road, Evanston.")
    assert any(t == E.STREET_ADDRESS for _, t in found)
    assert ("Evanston", E.LOCATION) in found


def test_a_law_or_theorem_named_after_someone_is_kept_as_an_eponym(det):
    found = _types(det, "Can you explain Bayes' theorem and why Moore's law is slowing down?")
    assert found and all(t == E.PUBLIC for _, t in found)


def test_a_friends_number_is_no_eponym(det):
    found = _types(det, "What's Teodora's number again? I lost it.")
    assert ("Teodora", E.PERSON) in found


def test_a_dish_named_after_someone_is_kept(det):
    found = _types(det, "Can I make the beef Wellington a day ahead, and is a Caesar salad too heavy as a starter?")
    assert not any(t not in (E.PUBLIC, E.NRP) for _, t in found)


def test_a_work_by_a_notable_author_is_kept(det):
    found = _types(det, "what are the chords for Jolene by Dolly Parton?")
    assert ("Jolene", E.PUBLIC) in found


def test_a_notable_surname_alone_in_a_historical_role_is_kept(det):
    assert ("Bismarck", E.PUBLIC) in _types(det, "why did Bismarck unify Germany in the end?")


def test_a_notable_tennis_player_is_kept_but_not_a_friend_of_the_same_name(det):
    assert ("Steffi Graf", E.PUBLIC) in _types(det, "who won more grand slams, Steffi Graf or Monica Seles?")
    assert ("Steffi Graf", E.PERSON) in _types(det, "my friend Steffi Graf wants to learn tennis with me")


def test_the_unspecified_and_loopback_addresses_are_no_ones(det):
    assert _types(det, 'docker says "bind for 0.0.0.0:5432 failed" and curl 127.0.0.1 hangs') == []


def test_the_pronoun_i_is_no_initial_and_a_plural_acronym_no_name(det):
    found = _types(det, "she wrote it the same day as I Will Always Love You, and Nvidia sells GPUs")
    assert not any(t == E.PERSON for _, t in found)


def test_a_name_written_with_html_character_references_is_found_and_replaced_whole(det):
    text = "<p>Thanks to D&eacute;sir&eacute;e and Siobhan O&#39;Brien for the raffle!</p>"
    found = _types(det, text)
    assert ("D&eacute;sir&eacute;e", E.PERSON) in found
    assert ("Siobhan O&#39;Brien", E.PERSON) in found


def test_lower_case_names_before_a_possessive_or_a_persons_verb_are_persons(det):
    found = _types(det, "omg just heard chidi's moving back home and saoirse and oisín want to visit")
    for name in ("chidi", "saoirse", "oisín"):
        assert (name, E.PERSON) in found, name


def test_an_unknown_lower_case_word_after_text_to_is_a_person_but_not_after_call(det):
    assert ("bongani", E.PERSON) in _types(det, "can u write a text to bongani saying sorry i missed it")
    assert _types(det, "hey idk what to do, call tmrw?") == []


def test_a_name_that_is_also_a_word_is_a_person_only_beside_a_name(det):
    assert ("grace", E.PERSON) in _types(det, "ask tobi and grace if they can come saturday")
    assert _types(det, "she handled it with grace and humour") == []


def test_the_value_of_a_persons_role_in_a_key_value_line_is_a_person(det):
    found = _types(det, "Contact number: 0131 496 0742\nPartner: Themba Mahlangu")
    assert ("Themba Mahlangu", E.PERSON) in found
    assert _types(det, "To: All Staff") == []


def test_a_quoted_nickname_after_a_name_is_a_person(det):
    assert ("Emeka", E.PERSON) in _types(det, 'my cousin Chukwuemeka ("Emeka" to everyone) wants to visit')


def test_a_country_that_is_a_given_name_is_a_person_before_a_persons_pronoun(det):
    assert ("Georgia", E.PERSON) in _types(det, "write a birthday poem for Georgia, she's turning 30")


def test_every_name_of_a_list_is_a_person_when_most_of_its_lines_are(det):
    text = "Secret Santa, pair these:\nIvy\nBill\nJade Thornton\nGosia\nTomasz\nFaith Adeyemi"
    found = _types(det, text)
    for name in ("Ivy", "Bill", "Jade Thornton", "Gosia", "Tomasz", "Faith Adeyemi"):
        assert (name, E.PERSON) in found, name


def test_a_list_of_countries_or_ingredients_is_no_list_of_names(det):
    assert _types(det, "Ingredients:\nFlour\nSugar\nEggs\nButter") == []


def test_a_city_beside_the_contributors_own_people_is_no_topic(det):
    assert ("Chengdu", E.LOCATION) in _types(det, "mention that my mum will visit them in Chengdu next month")
    assert ("Lisbon", E.LOCATION) in _types(det, "split the Lisbon trip costs for me, Aoife and Ciarán")


def test_postal_codes_of_poland_japan_and_india_are_postal_codes(det):
    for text, code in (("the flat at ul. Długa 17/4, 31-147 Kraków", "31-147"),
                       ("3-14-2 Jingumae, Shibuya-ku\nTokyo 150-0001", "150-0001"),
                       ("No. 14, 3rd Cross Street, Adyar, Chennai - 600020", "600020")):
        assert (code, E.POSTAL_CODE) in _types(det, text), code


def test_a_place_as_a_field_value_is_a_place(det):
    assert ("Oslo", E.LOCATION) in _types(det, '{"street": "Thereses gate 14B", "city": "Oslo"}')


def test_a_known_town_in_lower_case_after_a_move_is_a_place(det):
    assert ("enugu", E.LOCATION) in _types(det, "omg chidi's moving back to enugu ?? no way")
    assert _types(det, "i live in hope") == []


def test_a_given_name_in_a_message_written_in_capitals_is_a_person(det):
    text = "WRITE A CARD FOR MY DAD. SAY HE STILL BEATS MARCUS AT DOMINOES AND SIGN IT FROM ME AND JOANNE"
    found = _types(det, text)
    assert ("MARCUS", E.PERSON) in found and ("JOANNE", E.PERSON) in found
    assert not any(v in ("DAD", "DOMINOES") for v, _ in found)


def test_a_lower_case_list_of_housemates_is_a_list_of_persons(det):
    found = _types(det, "there's 4 of us: me (sasha), nacho, mimi and pepe. bins go out tuesday")
    for name in ("sasha", "nacho", "mimi", "pepe"):
        assert (name, E.PERSON) in found, name


def test_the_author_of_a_named_work_is_kept(det):
    found = _types(det, "What are the main themes of Rebecca by Daphne du Maurier?")
    assert ("Daphne du Maurier", E.PUBLIC) in found and ("Rebecca", E.PUBLIC) in found


def test_a_large_city_asked_about_is_a_topic(det):
    assert ("Barcelona", E.PUBLIC) in _types(det, "Is it too hot in August? What about Barcelona?")
    assert ("Barcelona", E.LOCATION) in _types(det, "I moved here last year. Is it hot in Barcelona?")


def test_the_age_of_anyone_is_no_ones_age(det):
    assert _types(det, "explain it in a way a 15-year-old can follow") == []
    assert ("7 years old", E.AGE) in _types(det, "my son is 7 years old")


def test_a_person_named_by_their_team_is_a_person(det):
    assert ("Florence", E.PERSON) in _types(det, "Florence from accounts keeps cc'ing me on every email")


def test_a_year_of_birth_alone_is_a_date_of_birth(det):
    assert ("1941", E.DATE_OF_BIRTH) in _types(det, "grandpa Mahmoud (born 1941) married Samira")


def test_a_shouted_word_after_a_relation_is_no_name(det):
    assert not any(v == "AGAIN" for v, _ in _types(det, "ugh he cc'd my manager AGAIN on an email"))


def test_a_given_name_right_before_a_surname_joins_the_person(det):
    assert ("Esa-Pekka Kilpeläinen", E.PERSON) in _types(det, "Esa-Pekka Kilpeläinen from ONOKEN CO.LTD. called")


def test_a_clause_is_never_a_street_name(det):
    found = _types(det, "André C. Souza lives at 47869 Fortunastrasse 125, Erlen")
    assert ("André C. Souza", E.PERSON) in found
    assert not any(t == E.STREET_ADDRESS and "lives" in v for v, t in found)


def test_a_name_after_starring_is_a_person_even_when_it_is_a_city(det):
    found = _types(det, "a film directed by Hideko Chiba and starring Chiba")
    assert ("Hideko Chiba", E.PERSON) in found and ("Chiba", E.PERSON) in found


def test_the_value_of_a_by_line_is_a_person(det):
    assert ("Sigríður Ottarsdóttir", E.PERSON) in _types(det, "Directed By:    Sigríður Ottarsdóttir")


# --- a message about public things (privacy.detect.keep.topic) ----------------------------------

def test_characters_named_in_a_question_about_a_notable_work_are_kept(det):
    found = _types(det, "In the Sherlock Holmes books, why does Moriarty hate Holmes so much? Is Watson ever in danger?")
    assert {("Moriarty", E.PUBLIC), ("Holmes", E.PUBLIC), ("Watson", E.PUBLIC)} <= set(found)


def test_two_notable_players_compared_in_a_question_are_kept(det):
    found = _types(det, "Was Pelé or Maradona the better player at their peak?")
    assert ("Pelé", E.PUBLIC) in found and ("Maradona", E.PUBLIC) in found


def test_a_first_name_in_a_question_with_no_notable_name_is_replaced(det):
    assert not any(t == E.PUBLIC for _, t in _types(det, "Why is Armen so impulsive?"))


def test_a_common_notable_full_name_alone_in_a_question_is_replaced(det):
    assert ("David Brown", E.PERSON) in _types(det, "Why did David Brown cancel?")


def test_a_notable_full_name_few_people_share_alone_in_a_question_is_kept(det):
    found = _types(det, "How did Margaret Thatcher's government change the UK coal industry in the 1980s?")
    assert ("Margaret Thatcher", E.PUBLIC) in found


def test_a_thing_named_after_a_notable_person_is_no_tie_to_the_contributor(det):
    found = _types(det, "Is a Caesar salad named after Julius Caesar? Where does it actually come from?")
    assert ("Julius Caesar", E.PUBLIC) in found


def test_a_character_asked_about_with_a_notable_work_is_kept(det):
    found = _types(det, "In the Harry Potter books, why does Hermione never tell Ron about the time turner?")
    assert ("Hermione", E.PUBLIC) in found and ("Ron", E.PUBLIC) in found


def test_a_name_in_a_question_the_asker_is_part_of_is_replaced(det):
    found = _types(det, "Can you help me reply to Oisín? He asked about the rent again.")
    assert ("Oisín", E.PERSON) in found


def test_two_names_in_a_match_up_question_are_kept(det):
    found = _types(det, "Tesla vs Ferrari for a weekend car, which holds its value better over five years?")
    assert ("Ferrari", E.PERSON) not in found


def test_an_eponym_after_called_is_kept(det):
    found = _types(det, "Why is it called Parkinson's law? And when is Halley's Comet coming back?")
    assert ("Parkinson", E.PUBLIC) in found and ("Halley", E.PUBLIC) in found


def test_a_name_before_a_law_after_a_relation_stays_a_person(det):
    assert ("Ann", E.PERSON) in _types(det, "my mum Ann's law firm is hiring")


def test_a_dish_named_after_someone_is_kept(det):
    assert not any(t == E.PERSON for _, t in _types(det, "Give me a foolproof Victoria sponge recipe in grams"))


def test_a_relation_in_the_message_keeps_the_work_s_names_replaced(det):
    found = _types(det, "My son Harry asked me: in Harry Potter why does Snape protect Harry?")
    assert ("Harry", E.PERSON) in found


def test_a_person_named_outside_a_question_makes_the_message_about_people(det):
    found = _types(det, "Kofi paid for dinner and Ines paid the taxi. Should Ximena pay less for the flat in Lisbon?")
    assert ("Ximena", E.PERSON) in found


def test_a_model_year_before_a_car_is_no_postal_code_or_place(det):
    assert _types(det, "My 2015 Honda Civic makes a grinding noise when I brake.") == []


def test_a_year_like_postal_code_before_a_known_town_stays_a_postal_code(det):
    assert ("2000", E.POSTAL_CODE) in _types(det, "Rue du Seyon 4, 2000 Neuchâtel")


def test_explain_like_i_am_five_states_no_age(det):
    assert _types(det, "Explain black holes to me like I'm 5.") == []


def test_a_number_with_its_unit_after_x_is_no_username(det):
    assert _types(det, "Solve for x: 4x + 12x = 32, step by step.") == []


def test_a_diagnostic_code_is_no_place(det):
    assert not _types(det, "Engine light on with code P0420 since last week, is it the catalytic converter?")


def test_a_pasted_traceback_names_no_one(det):
    assert _types(det, 'Traceback (most recent call last):\n  File "app.py", line 3, in <module>\nKeyError: \'id\'') == []


# --- a given name a pronoun refers back to (privacy.detect.recognizers.pronoun_reference) -------

def test_a_lower_case_word_name_a_pronoun_refers_to_is_a_person(det):
    assert ("ivy", E.PERSON) in _types(det, "can you ask ivy if she still has the camping stove we lent her")


def test_a_word_name_that_spent_her_morning_is_a_person(det):
    assert ("Joy", E.PERSON) in _types(det, "Joy spent her whole weekend fixing the fence, what should I get her?")


def test_a_word_name_in_a_text_to_someone_is_a_person(det):
    assert ("dawn", E.PERSON) in _types(det, "write a text to dawn asking if she can swap shifts on friday")


def test_a_word_after_a_subject_pronoun_is_a_verb_not_a_name(det):
    assert _types(det, "He rose when she came in and the room went quiet.") == []


def test_a_word_after_an_article_is_no_name(det):
    assert _types(det, "Water the rose when she gets home, the soil dries fast.") == []


# --- street lines that open with the flat or plot, and Japanese block numbers -------------------

def test_a_flat_in_a_named_building_on_a_numbered_cross_is_one_street_line(det):
    found = _types(det, "Deliver to Flat 118, Lakshmi Nivas Apartments, 7th Cross, Jayanagar, Bengaluru 560041")
    assert ("Flat 118, Lakshmi Nivas Apartments, 7th Cross", E.STREET_ADDRESS) in found


def test_a_floor_before_the_street_is_part_of_the_street_line(det):
    found = _types(det, "Our office moved: 4th Floor, 88 Bree Street, Cape Town, 8001")
    assert ("4th Floor, 88 Bree Street", E.STREET_ADDRESS) in found


def test_a_plot_number_opens_a_west_african_street_line_and_the_district_after_stays_a_place(det):
    found = _types(det, "send it to Plot 9, Ajose Adeogun Street, Victoria Island, Lagos please")
    assert ("Plot 9, Ajose Adeogun Street", E.STREET_ADDRESS) in found
    assert ("Victoria Island", E.LOCATION) in found


def test_japanese_block_numbers_before_a_ward_are_a_street_line(det):
    found = _types(det, "The label says: Sato Hiroshi, 3-5-12 Sakae, Naka-ku, Nagoya 460-0008")
    assert ("3-5-12 Sakae", E.STREET_ADDRESS) in found


def test_no_then_a_number_and_a_comma_opens_no_street(det):
    assert _types(det, "No, 3 things matter here: speed, cost and trust.") == []


def test_characters_in_a_request_to_write_about_a_novel_are_kept(det):
    found = _types(det, "Write an essay on how Jane Eyre and Mr. Rochester change over the course of the novel.")
    assert ("Rochester", E.PUBLIC) in found


def test_a_notable_surname_before_film_in_a_question_is_kept(det):
    found = _types(det, "Why do people say the Kubrick film of The Shining misrepresents the book?")
    assert ("Kubrick", E.PUBLIC) in found


def test_a_request_to_explain_something_to_a_private_person_keeps_them_replaced(det):
    assert ("Kofi", E.PERSON) in _types(det, "Explain to Kofi why the rent went up this year.")


def test_a_word_name_opening_a_sentence_with_family_after_it_is_a_person(det):
    found = _types(det, "The stand opens at ten. Autumn's dad is bringing the lemons.")
    assert ("Autumn", E.PERSON) in found


def test_a_season_opening_a_sentence_with_no_family_after_it_is_no_person(det):
    assert _types(det, "Autumn's colours are the best part of the year.") == []


def test_an_english_word_ending_in_ring_before_a_year_is_no_street(det):
    assert not any(t == E.STREET_ADDRESS for _, t in _types(det, "During 1977, the firm doubled its staff."))


def test_a_germanic_street_before_its_number_is_still_a_street(det):
    assert ("Storgatan 14", E.STREET_ADDRESS) in _types(det, "Skicka till Storgatan 14, 111 23 Stockholm")


def test_a_year_after_in_is_no_postal_code(det):
    assert _types(det, "The bakery later became part of Hovis Ltd. in 1987.") == []


def test_a_large_city_as_ones_own_destination_in_a_question_is_kept(det):
    found = _types(det, "We're going to Madrid for three days in May. Is it worth a day trip to Toledo?")
    assert ("Madrid", E.PUBLIC) in found


def test_a_large_city_one_works_in_is_replaced(det):
    assert ("Madrid", E.LOCATION) in _types(det, "I work in Madrid, is the metro strike still on?")


def test_a_large_city_one_is_moving_to_is_replaced(det):
    assert ("Madrid", E.LOCATION) in _types(det, "We're moving to Madrid in May. Is it expensive?")


# --- a word-name the tagger reads as a proper noun (name_list "proper_noun") --------------------

def test_coordinated_word_names_covering_shifts_are_people(det):
    found = _types(det, "Blessing and Precious are covering my shifts next week.")
    assert ("Blessing", E.PERSON) in found and ("Precious", E.PERSON) in found


def test_a_word_name_before_the_noun_it_qualifies_is_no_person(det):
    assert _types(det, "I usually buy Amber ale at the shop") == []


def test_the_end_of_a_route_between_towns_is_no_person(det):
    assert not any(t == E.PERSON for _, t in _types(det, "is the train from Hanoi to Hue worth it for two days"))


def test_a_word_name_opening_a_sentence_before_a_persons_verb_is_a_person(det):
    assert ("Chase", E.PERSON) in _types(det, "Chase forgot the tickets again, can you check the box office?")


def test_a_season_opening_a_sentence_before_began_is_no_person(det):
    assert _types(det, "Summer began early this year.") == []


def test_a_word_name_found_once_spreads_to_a_sentence_it_opens_before_a_persons_verb(det):
    texts = ["my manager is Grace and she's actually nice", "Grace is off today. Grace period for the invoice ends Friday."]
    second = det.analyze_corpus(texts)[1]
    found = [(texts[1][f.start:f.end], f.start, f.entity_type) for f in second]
    assert found == [("Grace", 0, E.PERSON)]


def test_a_month_name_found_as_a_person_never_spreads_to_a_sentence_it_opens(det):
    texts = ["I had coffee with May and her sister yesterday", "May is the best month for the garden."]
    assert det.analyze_corpus(texts)[1] == []


# --- consistency across a corpus, what the audit checks --------------------------------------

def test_a_name_kept_in_a_question_is_replaced_where_it_is_a_private_persons_elsewhere(det):
    texts = ["my son Holmes starts school on Monday", "In the Sherlock Holmes books, why does Moriarty hate Holmes?"]
    second = det.analyze_corpus(texts)[1]
    assert ("Holmes", E.PERSON) in [(texts[1][f.start:f.end], f.entity_type) for f in second]


def test_a_long_postal_code_found_once_is_found_everywhere(det):
    texts = ["meu CEP: 20621130, obrigada", "the form still shows 20621130 under delivery"]
    second = det.analyze_corpus(texts)[1]
    assert [(texts[1][f.start:f.end], f.entity_type) for f in second] == [("20621130", E.POSTAL_CODE)]


def test_a_given_name_before_an_initial_and_surname_joins_them_even_after_from(det):
    found = _types(det, "they were singing the verses from Mirsade J. Črešnjovnjak's book")
    assert ("Mirsade J. Črešnjovnjak", E.PERSON) in found


def test_a_district_letter_after_a_town_is_no_regnal_number(det):
    found = _types(det, "The Princess Royal arrived at København V this morning.")
    assert not any(t == E.PUBLIC for _, t in found)


def test_a_large_city_named_as_a_topic_stays_though_the_contributor_lives_there(det):
    texts = ["I live in Paris with my wife Ines.", "Summer in Paris is lovely, and the Louvre is worth a whole day."]
    second = det.analyze_corpus(texts)[1]
    assert ("Paris", E.PUBLIC) in [(texts[1][f.start:f.end], f.entity_type) for f in second]


def test_a_town_named_as_a_topic_is_replaced_where_the_contributor_lives_there(det):
    texts = ["I live in Ludlow with my wife Ines.", "Summer in Ludlow is lovely, is the castle worth a whole day?"]
    second = det.analyze_corpus(texts)[1]
    assert ("Ludlow", E.LOCATION) in [(texts[1][f.start:f.end], f.entity_type) for f in second]


def test_a_known_town_after_its_postal_code_is_a_place_whatever_its_words_look_like(det):
    found = _types(det, "the courier has 22290-240 Rio de Janeiro as the delivery town")
    assert ("Rio de Janeiro", E.LOCATION) in found


def test_a_country_named_with_a_verb_is_no_person_and_its_last_word_does_not_spread(det):
    texts = ["United Kingdom was super fun to visit!", "We moved here from United Kingdom"]
    found = [spans(t, fs) for t, fs in zip(texts, det.analyze_corpus(texts))]
    assert not any(t == E.PERSON for f in found for _, t in f)


def test_a_given_name_owning_a_pet_or_a_test_is_no_eponym(det):
    assert ("Sarah", E.PERSON) in _types(det, "Sarah's cat is sick again, what should I do")
    assert ("Priya", E.PERSON) in _types(det, "Can Priya's test be moved?")


def test_a_notable_surname_owning_a_cat_or_a_triangle_is_an_eponym(det):
    assert ("Schrödinger", E.PUBLIC) in _types(det, "Explain Schrödinger's cat simply")
    assert ("Pascal", E.PUBLIC) in _types(det, "What is Pascal's triangle?")


def test_an_eponym_after_with_is_kept(det):
    found = _types(det, "Does Parkinson's law have anything to do with Parkinson's disease?")
    assert [t for v, t in found if v == "Parkinson"] == [E.PUBLIC, E.PUBLIC]


def test_a_law_school_is_no_eponym(det):
    assert ("Ann", E.PERSON) in _types(det, "dinner with Ann's law school friends tonight")


def test_a_public_figure_in_a_question_about_a_vote_is_kept(det):
    found = _types(det, "How does the Electoral College work, and why did Al Gore lose in 2000 despite winning the popular vote?")
    assert ("Al Gore", E.PUBLIC) in found


def test_a_request_to_rank_a_notable_director_s_films_keeps_the_director(det):
    found = _types(det, "Rank the Christopher Nolan films from least to most confusing, with one line each on why.")
    assert ("Christopher Nolan", E.PUBLIC) in found


def test_a_large_city_visited_for_work_is_a_topic_and_the_month_no_place(det):
    found = _types(det, "Going to Sydney for work in March, what's the weather like and do I need a jacket?")
    assert found == [("Sydney", E.PUBLIC)]


def test_renting_a_car_in_a_large_city_is_no_home_there(det):
    found = _types(det, "What should I know before renting a car in Dublin? I've never driven on the left.")
    assert ("Dublin", E.PUBLIC) in found


def test_renting_in_a_large_city_is_a_home_there(det):
    assert ("Dublin", E.LOCATION) in _types(det, "we are renting in Dublin now, is it expensive?")


def test_new_york_without_city_is_a_large_city(det):
    found = _types(det, "first time in new york, 3 days, what are the must sees? we're on a budget")
    assert ("new york", E.PUBLIC) in found


def test_a_first_name_asked_about_with_plural_work_words_and_a_title_is_kept(det):
    found = _types(det, "Why did Taylor leave Big Machine Records and re-record her albums?")
    assert ("Taylor", E.PUBLIC) in found


def test_a_first_name_asked_about_with_a_work_word_but_no_title_is_replaced(det):
    found = _types(det, "Why did Kofi leave the band right after the album came out? Everyone was shocked.")
    assert ("Kofi", E.PERSON) in found


def test_a_name_the_message_goes_on_about_is_replaced_though_a_work_is_named(det):
    found = _types(det, "Is Maelle too young for the Harry Potter books? She is six.")
    assert ("Maelle", E.PERSON) in found


def test_a_notable_name_few_share_after_with_is_kept_in_a_question_about_public_things(det):
    found = _types(det, "Tell me about Frida Kahlo's relationship with Diego Rivera.")
    assert ("Diego Rivera", E.PUBLIC) in found


def test_called_before_an_article_is_no_naming(det):
    assert ("Elvis", E.PUBLIC) in _types(det, "Why is Elvis called the King of Rock and Roll?")


def test_a_given_name_that_is_a_city_with_her_family_is_a_person(det):
    assert ("Sydney", E.PERSON) in _types(det, "I had lunch with Sydney and her mum yesterday")


def test_a_given_name_that_is_a_city_coordinated_with_a_person_is_a_person(det):
    assert ("Austin", E.PERSON) in _types(det, "the note was signed by Austin and Paloma")


def test_a_city_after_to_coordinated_with_a_person_stays_a_place(det):
    assert ("Austin", E.LOCATION) in _types(det, "we drove to Austin and Paloma met us there")


def test_a_given_name_ner_took_for_a_place_no_town_is_called_is_a_person(det):
    found = _types(det, "Can you split the costs? Car rental paid by Sinéad, petrol by me.")
    assert ("Sinéad", E.PERSON) in found


def test_a_country_ner_took_for_a_place_stays_no_person(det):
    texts = ["Poland was super fun to visit!", "The orchestra tours Poland every spring."]
    assert not any(f.entity_type == E.PERSON for fs in det.analyze_corpus(texts) for f in fs)


def test_an_unknown_name_after_across_is_a_place(det):
    found = _types(det, "We closed October at 1,840 active merchants across Kilimani, up 22% month on month.")
    assert ("Kilimani", E.LOCATION) in found


def test_a_named_bay_is_a_place_not_a_person(det):
    text = "Plan a 10 day trip through Vietnam from Hanoi to Hue, with Ha Long Bay and Hoi An."
    found = spans(text, det.analyze_text(text))
    assert ("Ha Long Bay", E.PERSON) not in found and ("Hanoi", E.PUBLIC) in found


def test_a_country_moving_its_capital_is_no_one_living_there(det):
    text = "Why did Brazil move its capital from Rio de Janeiro to Brasília? Did it work?"
    found = det.analyze_text(text)
    assert not [f for f in found if f.entity_type == E.LOCATION], spans(text, found)


def test_a_town_on_an_address_line_is_never_a_topic(det):
    text = "Logistics Coordinator\n3 Ikorodu Road, Yaba, Lagos\n0803 555 0101\n\nCan you tighten this header?"
    assert ("Lagos", E.LOCATION) in spans(text, det.analyze_text(text))


def test_a_rare_notable_full_name_asked_about_is_kept_without_a_topic_word(det):
    text = "Who would win a sprint, Usain Bolt at his peak or a greyhound?"
    assert ("Usain Bolt", E.PUBLIC) in spans(text, det.analyze_text(text))


def test_a_notable_full_name_many_people_bear_is_not_kept_without_a_topic_word(det):
    text = "Have you heard Enrico Rossi speak yet?"
    assert ("Enrico Rossi", E.PUBLIC) not in spans(text, det.analyze_text(text))


def test_a_quoted_title_in_a_question_about_a_work_is_kept(det):
    text = 'Who wrote "Jolene" and what is the story behind the song?'
    assert ("Jolene", E.PUBLIC) in spans(text, det.analyze_text(text))


def test_a_quoted_name_after_a_relation_is_a_person(det):
    text = 'my daughter "Jolene" loves that song, what does it mean?'
    assert ("Jolene", E.PERSON) in spans(text, det.analyze_text(text))


def test_a_capital_that_was_moved_is_no_residence(det):
    text = "What is the capital of Australia and why was it moved from Melbourne?"
    assert not [f for f in det.analyze_text(text) if f.entity_type == E.LOCATION]


def test_the_sunset_in_a_city_is_a_topic(det):
    text = "What time does the sun set in Bergen in January?"
    assert ("Bergen", E.PUBLIC) in spans(text, det.analyze_text(text))


def test_a_town_after_its_postal_code_stays_a_town(det):
    text = "Ship to: ul. Marszałkowska 10, 00-590 Warszawa"
    found = spans(text, det.analyze_text(text))
    assert ("Warszawa", E.LOCATION) in found and ("00-590", E.POSTAL_CODE) in found


def test_the_town_after_a_postal_code_closes_an_address_line(det):
    text = "claim form\nMe: Thomas Reinholt, Rua do Alecrim 48, 3º Esq, 1200-018 Lisboa\nDamage: rear bumper"
    assert ("Lisboa", E.LOCATION) in spans(text, det.analyze_text(text))


def test_a_name_in_capitals_is_never_kept_as_a_public_figure(det):
    text = ("can you check my resume header? the english is too formal\n\nLILY ZHANG\n"
            "Seoul | 010-4821-0000 | lily.zhang@example.com\nSenior physics teacher")
    assert ("LILY ZHANG", E.PUBLIC) not in spans(text, det.analyze_text(text))


def test_characters_asked_about_in_a_named_work_are_kept(det):
    text = "In The Lord of the Rings, why doesn't Gandalf just get the eagles to fly Frodo to Mordor?"
    found = spans(text, det.analyze_text(text))
    assert ("Gandalf", E.PUBLIC) in found and ("Frodo", E.PUBLIC) in found


def test_a_notable_mononym_asked_about_is_kept(det):
    text = "Who was Cleopatra and how did she die?"
    assert ("Cleopatra", E.PUBLIC) in spans(text, det.analyze_text(text))


def test_someones_uncle_is_never_a_public_figure(det):
    text = "at the assembly Uncle Reggie Walker talks about growing up near the river, then the choir sings"
    assert not [f for f in det.analyze_text(text) if f.entity_type == E.PUBLIC]


def test_the_town_of_ones_own_business_is_no_topic(det):
    text = "I run a small catering business in Petaling Jaya. Can you write a thank you message?"
    assert ("Petaling Jaya", E.LOCATION) in spans(text, det.analyze_text(text))


def test_the_town_of_a_wedding_is_no_topic(det):
    text = "he's marrying Summer next saturday in Leamington Spa. which stories should go in the speech?"
    assert ("Leamington Spa", E.LOCATION) in spans(text, det.analyze_text(text))


def test_a_place_in_a_historic_event_is_a_topic(det):
    text = "What were the main causes of the Chernobyl disaster, and what is Pripyat like now?"
    found = spans(text, det.analyze_text(text))
    assert ("Chernobyl", E.PUBLIC) in found and ("Pripyat", E.PUBLIC) in found


def test_a_band_named_without_its_article_is_a_notable_work(det):
    text = "Why is the Abbey Road zebra crossing so famous? Is it the same crossing as on the Beatles album cover?"
    assert ("Beatles", E.PUBLIC) in spans(text, det.analyze_text(text))


def test_a_name_before_its_own_birthday_is_never_a_topic(det):
    text = "Rank these for Bartek's birthday playlist: Queen, ABBA, the Beatles."
    assert ("Bartek", E.PUBLIC) not in spans(text, det.analyze_text(text))


def test_towns_named_like_people_in_a_journey_are_places(det):
    text = "Florence or Siena for a day trip from Rome by train? Or is Florence too much for one day"
    found = spans(text, det.analyze_text(text))
    assert not [v for v, t in found if t == E.PERSON], found


def test_a_friend_named_like_a_town_visiting_from_another_stays_a_person(det):
    text = "my friend Florence is visiting from Rome next week, what should we do?"
    assert ("Florence", E.PERSON) in spans(text, det.analyze_text(text))


def test_a_day_trip_with_someone_named_like_a_town_keeps_them_replaced(det):
    text = "day trip with Florence tomorrow from Leeds, any ideas?"
    assert ("Florence", E.PUBLIC) not in spans(text, det.analyze_text(text))


def test_a_relatives_title_makes_a_person(det):
    text = "table 1: Chiamaka & Obinna, Aunty Nkechi, Uncle Femi"
    assert ("Uncle Femi", E.PERSON) in spans(text, det.analyze_text(text))


def test_a_given_name_that_is_also_a_title_with_the_is_no_notable_anchor(det):
    text = 'Mark shouted at Chelsea: "What are you doing here?"'
    assert not [f for f in det.analyze_text(text) if f.entity_type == E.PUBLIC]


def test_the_town_of_a_wedding_with_a_hotel_nearby_is_no_topic(det):
    text = ("best man speech for my mate Rocky. he's marrying Summer next saturday in Leamington Spa. "
            "stories: the time he locked himself out of the hotel in Magaluf")
    assert ("Leamington Spa", E.PUBLIC) not in spans(text, det.analyze_text(text))


def test_a_title_in_a_viewers_frame_is_a_work(det):
    for text, name in (("Is Frasier worth watching from season 1 or should I skip ahead?", "Frasier"),
                       ("What's the plot of the film Amélie, and why is it considered so French?", "Amélie")):
        assert (name, E.PUBLIC) in spans(text, det.analyze_text(text)), text


def test_a_person_worth_something_else_stays_a_person(det):
    assert ("Kofi", E.PERSON) in spans("Is Kofi worth hiring?", det.analyze_text("Is Kofi worth hiring?"))


def test_a_known_town_after_a_comma_on_a_contact_line_is_a_town(det):
    found = _types(det, "Piano lessons for beginners by Meenakshi Iyer, Nowy Targ, contact 512 889 340")
    assert ("Nowy Targ", E.LOCATION) in found
    assert ("Meenakshi Iyer", E.PERSON) in found


def test_a_town_one_goes_home_to_is_a_town(det):
    found = _types(det, "He needs a perching stool before he goes home to Wymondham on Friday.")
    assert ("Wymondham", E.LOCATION) in found


def test_a_known_town_a_village_is_called_is_a_town(det):
    found = _types(det, "My great-grandmother came from a shtetl called Kolbuszowa and sailed in 1905.")
    assert ("Kolbuszowa", E.LOCATION) in found


def test_a_given_name_after_a_comma_on_a_line_with_a_number_stays_a_person(det):
    found = _types(det, "Lunch on the 14th with Priya, Ahmed and Tomasz at 1pm")
    assert ("Ahmed", E.PERSON) in found


def test_a_given_name_one_tells_with_a_clause_after_is_a_person_not_a_town(det):
    assert ("Leon", E.PERSON) in _types(det, "omg she was so embarrassed. also should i tell Leon or will she kill me")


def test_a_given_name_that_saw_someone_is_a_person_not_a_town(det):
    assert ("Paris", E.PERSON) in _types(det, "we went out on friday and Paris saw them with her own eyes")


def test_a_town_one_flies_to_is_no_person(det):
    assert not any(etype == E.PERSON for _, etype in _types(det, "we fly to Leon on monday for the fair"))


def test_a_mention_of_a_display_name_in_a_chat_is_a_person(det):
    text = "[19:02] Mum: @Tobi can you bring the chairs\n[19:03] Tobi: ok"
    assert ("Tobi", E.PERSON) in _types(det, text) and ("Tobi", E.USERNAME) not in _types(det, text)


def test_a_handle_shaped_like_a_login_stays_a_username(det):
    assert _types(det, "follow me @jdoe_88") == [("jdoe_88", E.USERNAME)]


def test_a_country_one_lives_in_is_no_ones_town(det):
    # like a US state under HIPAA's Safe Harbor: too large to point at anyone, and the task needs it
    assert _types(det, "I live in Canada now, do I still file a US tax return?") == []
    assert _types(det, "I'm in England and want the 1921 census") == []


def test_a_town_one_lives_in_is_still_a_town(det):
    assert ("Leeds", E.LOCATION) in _types(det, "I live in Leeds now")


_CONSIGNEE = "Recipient: Marites Dela Cruz\nBrgy. Tisa, Cebu City\nCel: 0917 555 0198"


def test_a_town_and_the_city_after_it_are_one_place(det):
    assert ("Cebu City", E.LOCATION) in _types(det, _CONSIGNEE)


def test_a_name_after_a_barangay_is_a_place(det):
    assert ("Tisa", E.LOCATION) in _types(det, _CONSIGNEE)


def test_a_phone_numbers_label_is_no_person(det):
    assert not any(value == "Cel" for value, _ in _types(det, _CONSIGNEE))


def test_a_month_of_another_language_beside_its_day_is_a_date(det):
    found = _types(det, "birthday niya sa Sabado, Hulyo 19 at super fan siya ng SEVENTEEN")
    assert ("Hulyo 19", E.DATE_TIME) in found


def test_a_month_name_that_is_a_given_name_with_no_day_stays_a_person(det):
    assert ("Hulyo", E.PERSON) not in _types(det, "Hulyo 19")  # (the date)
    assert any(t == E.PERSON for v, t in _types(det, "My sister April said she'd call me back tonight.") if v == "April")


def test_a_large_town_in_lower_case_after_a_preposition_of_another_language_is_a_place(det):
    text = "paano mag send ng pera from uk to gcash? para sa nanay ko sa iloilo, gcash number niya 0918 552 7301"
    assert ("iloilo", E.LOCATION) in _types(det, text)


def test_a_word_after_a_preposition_of_another_language_is_no_place(det):
    assert _types(det, "vivo en casa con mi madre en la ciudad") == []


def test_an_event_named_after_its_town_is_no_person(det):
    text = "Round 6 – Miami Grand Prix, Miami International Autodrome, 5 May\nRound 8 – Monaco Grand Prix, Circuit de Monaco, 26 May"
    assert not any(t == E.PERSON for _, t in _types(det, "Can you check this F1 calendar excerpt?\n\n" + text))


def test_a_given_name_and_a_surname_that_is_an_events_word_stay_a_person(det):
    assert ("Jordan Masters", E.PERSON) in _types(det, "I'm meeting Jordan Masters for coffee on Friday to talk about the job.")


def test_a_town_under_its_columns_header_is_a_place_though_ner_reads_a_person(det):
    text = "id,name,email,phone,town\n101,Björn Sæther,bjorn.saether@proton.me,312.555.0193,Oak Park\n"
    assert [(text[f.start:f.end], f.entity_type) for f in det.analyze_text(text) if "Park" in text[f.start:f.end]] \
        == [("Oak Park", E.LOCATION)]


def test_a_word_after_polish_in_is_a_place_however_inflected(det):
    text = "Mama ma wizytę u kardiologa 12 maja o 9:30 w Wadowicach. Klucze zostawię u sąsiadki."
    assert ("Wadowicach", E.LOCATION) in [(text[f.start:f.end], f.entity_type) for f in det.analyze_text(text)]


def test_a_weekday_after_polish_in_is_no_place(det):
    text = "Spotkanie w Poniedziałek, potem obiad we Wrocławiu."
    assert "Poniedziałek" not in [text[f.start:f.end] for f in det.analyze_text(text) if f.entity_type == E.LOCATION]


def test_a_nickname_in_plain_letters_is_a_person_and_a_login_shaped_one_a_username(det):
    text = "My Thai friend's nickname is Ploy but her real name is Pimchanok"
    assert ("Ploy", E.PERSON) in [(text[f.start:f.end], f.entity_type) for f in det.analyze_text(text)]
    text = "my discord nickname is xXPloyXx lol"
    assert ("xXPloyXx", E.USERNAME) in [(text[f.start:f.end], f.entity_type) for f in det.analyze_text(text)]


def test_the_age_of_a_thing_the_clause_calls_it_is_no_ones_age(det):
    text = "can i prune a climbing rose in august? it's a New Dawn, about 5 years old"
    assert not [f for f in det.analyze_text(text) if f.entity_type == E.AGE]
    text = "it's for my nephew who is 12 years old"
    assert [text[f.start:f.end] for f in det.analyze_text(text) if f.entity_type == E.AGE] == ["12 years old"]


def test_a_known_town_after_swahilis_we_live_is_a_place_and_a_clause_no_person(det):
    text = "mtoto hatakuja shule kesho kwa sababu ana homa. tunaishi Kisumu. she can call me on 0722 394 118"
    found = [(text[f.start:f.end], f.entity_type) for f in det.analyze_text(text)]
    assert ("Kisumu", E.LOCATION) in found
    assert not [v for v, t in found if t == E.PERSON]


def test_english_we_before_a_family_makes_no_place(det):
    text = "so we Okafors are hosting christmas this year"
    assert ("Okafors", E.PERSON) in [(text[f.start:f.end], f.entity_type) for f in det.analyze_text(text)]
