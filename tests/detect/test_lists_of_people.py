"""A list of people, one a line ("- Kwame → Thorne", a Secret Santa list, a cast of players and their
characters): a name heading a line among lines that name people is a person, even a famous city's
name ("Charlotte"); a span NER ran across lines hides no name of the next line; a list of towns stays
a list of towns. Lists written in lower case ("- tobi: drinks", "mon - tobi") and tables pasted with
tabs name their people in the same cell of each line; a name in capitals beside its number is a person."""

from __future__ import annotations

from tests.detect.conftest import found


def persons(det, text: str) -> list[str]:
    return found(det, text, "PERSON")


SANTA = 'Secret Santa list:\n- Kwame → Thorne\n- Yuki Tanabe → Morwen\n- Guy → Pip\n- Charlotte ("Lottie") → Vex'
PLAYERS = ("Players and characters:\n- Kwame -> Thorin Ironfist, dwarf cleric\n- Ji-woo -> Lyra Dawnwhisper, elf ranger\n"
           "- Frank -> Mittens, tabaxi bard\n- Bex -> Grukk, half-orc barbarian\n\nLast time the party got lost.")


def test_a_famous_citys_name_heading_a_line_of_a_list_of_people_is_a_person(det):
    assert "Charlotte" in persons(det, SANTA)


def test_a_name_on_the_line_after_a_span_ner_ran_across_lines_is_found(det):
    assert "Guy" in persons(det, SANTA)


def test_an_arrow_is_no_part_of_a_name(det):
    assert not any(v.startswith("→") for v in persons(det, SANTA))


def test_players_mapped_by_an_arrow_to_their_characters_are_people(det):
    assert {"Kwame", "Ji-woo"} <= set(persons(det, PLAYERS))


def test_a_list_of_towns_stays_a_list_of_towns(det):
    text = "our route for the summer:\n- Paris (3 nights)\n- Florence (2 nights)\n- Sydney for the last week\n- Austin (conference)"
    assert persons(det, text) == []


# lists written in lower case: the cell each line gives a person


def test_word_names_in_a_lower_case_list_of_people_are_people(det):
    text = "party jobs:\n- tobi: drinks\n- sandy: cake\n- ivy: music"
    assert persons(det, text) == ["tobi", "sandy", "ivy"]


def test_names_opening_bullets_before_what_they_do_are_people(det):
    text = "plan for saturday:\n- tobi bringing drinks\n- ivy on cake duty\n- femi sorting music"
    assert persons(det, text) == ["tobi", "ivy", "femi"]


def test_names_after_a_dash_in_a_rota_are_people(det):
    assert persons(det, "rota:\nmon - tobi\ntue - ngozi\nwed - priya") == ["tobi", "ngozi", "priya"]


def test_names_before_what_they_owe_are_people(det):
    assert persons(det, "who owes what\ntobi - 12\nngozi - 8") == ["tobi", "ngozi"]


def test_a_lower_case_list_of_things_names_no_one(det):
    assert persons(det, "shopping:\n- milk: 2\n- eggs: 6\n- bread: 1") == []
    assert persons(det, "todo:\n- call the bank\n- email the landlord\n- book dentist") == []


def test_a_list_of_days_and_words_that_are_given_names_names_no_one(det):
    # "may", "holiday", "summer" are given names too; no line holds a name that is only a name
    assert persons(det, "- mon: gym\n- tue: rest\n- may: holiday") == []
    assert persons(det, "- summer: beach\n- autumn: hiking") == []


def test_a_lower_case_list_of_towns_stays_a_list_of_towns(det):
    assert persons(det, "itinerary\n- paris: 3 nights\n- rome - 2 nights") == []


def test_a_lower_case_name_signing_off_after_a_dash_is_a_person(det):
    assert persons(det, "sorry i missed it, wont happen again\n- tobi") == ["tobi"]


def test_a_lower_case_word_after_a_closing_dash_is_no_name(det):
    assert persons(det, "ok that's everything\n- done") == []


def test_a_given_name_opening_a_message_before_a_dash_is_a_person(det):
    assert persons(det, "Priya - can you take the kids on friday?") == ["Priya"]


# tables pasted with tabs, and names in capitals beside their numbers


def test_names_ending_a_tab_separated_cell_are_people(det):
    assert persons(det, "Priya\t£120\nTobi\t£0\nNgozi\t£60") == ["Priya", "Tobi", "Ngozi"]


def test_word_names_in_rows_of_a_table_of_people_are_people(det):
    text = "split for the cottage\nName\tPaid\tOwes\nPriya\t£120\t£0\nHope\t£0\t£60\nDusty\t£60\t£0\nTobi\t£10\t£0"
    assert persons(det, text) == ["Priya", "Hope", "Dusty", "Tobi"]


def test_a_tab_separated_list_of_towns_stays_a_list_of_towns(det):
    assert persons(det, "Paris\t3 nights\nRome\t2 nights\nNaples\t1 night") == []


def test_a_given_name_in_capitals_before_a_phone_number_is_a_person(det):
    assert persons(det, "emergency contact: PRIYA 07700 900 123") == ["PRIYA"]
    assert persons(det, "driver: KWAME 024 555 0192, he will call") == ["KWAME"]


def test_capitals_before_a_number_that_are_no_name_are_no_person(det):
    assert persons(det, "ring LAGOS 0803 555 1234") == []
    assert persons(det, "call NHS 111 or 0800 555 1234") == []


def test_a_given_name_in_capitals_with_its_possessive_is_a_person_without_it(det):
    assert persons(det, "I'm worried about KEMI'S grades") == ["KEMI"]


def test_an_acronym_or_a_city_in_capitals_with_a_possessive_is_no_person(det):
    assert persons(det, "what is IKEA'S return policy") == []
    assert persons(det, "is PARIS'S metro safe") == []


def test_a_given_name_alone_on_an_indented_bullet_is_a_person(det):
    assert "Priya" in persons(det, "guest list:\n   - Priya\n   - Tobi and his wife\n   - the Okafors")


def test_a_line_holding_only_a_famous_city_is_no_person(det):
    assert persons(det, "Contents\nIntroduction\nMethods\nFlorence\nResults") == []


def test_a_capitalised_word_name_in_a_bulleted_list_of_people_is_a_person(det):
    text = "jobs:\n- Hope to pick up the keys\n- Zarek to ring the council\n- Dusty to do the food"
    assert persons(det, text) == ["Hope", "Zarek", "Dusty"]


def test_a_bulleted_list_of_seasons_names_no_one(det):
    assert persons(det, "- Summer: beach\n- Autumn: hiking\n- Winter: ski") == []
