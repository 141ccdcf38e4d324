"""Frames that decide person, place or street (privacy.detect.kinds) where NER's label and the name
lists disagree: lists of people and of places, a person's title or alias, the keys of a form, the
parts of an address line. Texts are written for these tests; each test is one behaviour."""

from __future__ import annotations

from privacy import entities as E

from tests.detect.conftest import spans


def _types(det, text):
    return spans(text, det.analyze_text(text))


def _kind(det, text, value):
    return {t for v, t in _types(det, text) if v == value}


# --- people ---------------------------------------------------------------------------------

def test_a_name_after_a_persons_title_is_a_person(det):
    assert _kind(det, "Table 3: Bill and Rose Hennessy, Sandy, Mrs. Vandenberg\nTable 4: Kofi, Ama", "Vandenberg") == {E.PERSON}


def test_a_list_of_people_is_read_whole_past_a_name_read_as_a_place(det):
    text = ("making invites for my son's 7th birthday party, a checklist of who ive sent it to: Isla, Mateo, Aroha, "
            "Kai Tupou, Zeynep and Rory. party is at ours, 12 Karaka Street, 2-4pm sat.")
    assert _kind(det, text, "Isla") == {E.PERSON}


def test_a_name_joined_to_a_person_past_a_bracketed_aside_is_a_person(det):
    text = "doing the taxes. dependents are Hunter (ssn 521-44-0912) and Savannah (ssn 521-44-1187). Hunter is 17."
    assert _kind(det, text, "Savannah") == {E.PERSON}


def test_a_name_with_another_name_in_brackets_is_a_person(det):
    text = "a cleaning rota for our flat, 4 of us: Oyelaran (goes by Laran), Hyun-woo, Ffion and me."
    assert _kind(det, text, "Oyelaran") == {E.PERSON}


def test_a_name_with_a_middle_initial_is_a_person(det):
    text = "??? Ruby P Wollaston\n??? Infinite Computer Solutions Limited\n??? 64691 R Família Marques 51"
    assert ("Ruby P Wollaston", E.PERSON) in _types(det, text)


# --- places ---------------------------------------------------------------------------------

def test_the_value_of_a_place_key_is_a_place(det):
    text = "Nombre: Eusebio García\nLocalidad: Dos Hermanas (Sevilla)\nTeléfono: 612 448 903"
    assert _kind(det, text, "Dos Hermanas") == {E.LOCATION}


def test_a_place_key_in_json_or_a_python_list_makes_its_values_places(det):
    text = ('my clinic list:\ndf = pd.DataFrame({\n    "email": ["ana.s@vetbem.com.br", "bruno.l@vetbem.com.br"],\n'
            '    "city": ["Campinas", "Santos", "Campinas"],\n})')
    assert E.PERSON not in _kind(det, text, "Santos")


def test_a_name_after_place_of_birth_is_no_person(det):
    found = _types(det, "Surname: TRAN\nPlace of birth: Hội An\nNationality: Vietnamese")
    assert not any(t == E.PERSON and "Hội" in v for v, t in found)


def test_a_name_after_a_neighbourhood_word_is_a_place(det):
    text = "Endereço: Rua Doutor Cesário Mota Júnior, 381, bairro Vila Buarque, São Paulo"
    assert _kind(det, text, "Vila Buarque") == {E.LOCATION}


def test_names_listed_with_a_place_are_places(det):
    text = "We closed October at 1,840 active merchants across Kilimani, Westlands and Eastleigh, up 22% month on month."
    found = _types(det, text)
    assert ("Westlands", E.LOCATION) in found and ("Eastleigh", E.LOCATION) in found


# --- addresses ------------------------------------------------------------------------------

def test_a_town_after_a_street_before_a_full_stop_is_a_town(det):
    text = "please complain to the council about the pothole outside my house, 61 Beech Grove, Kirkstall. my tyre burst."
    assert _kind(det, text, "Kirkstall") == {E.LOCATION}


def test_a_town_after_a_street_before_the_sentence_goes_on_is_a_town(det):
    text = "Hi Gary,\nThe boiler at Flat 2, 19 Clarendon Road, Leamington Spa has been broken since Monday."
    assert _kind(det, text, "Leamington Spa") == {E.LOCATION}


def test_a_town_after_a_further_numbered_part_of_the_address_is_a_town(det):
    text = "Patient: R. Iyer\nAddress: Flat 12B, Shanti Kunj, 4th Cross Road, Malleswaram, Bengaluru 560003"
    assert _kind(det, text, "Malleswaram") == {E.LOCATION}


def test_the_parts_after_a_street_numbered_with_a_slash_are_street_and_towns(det):
    text = "Date of birth: 17 Feb 1995\nCurrent address: 45/2 Nguyễn Duy Hiệu, Cẩm Châu, Quảng Nam\nSponsor: Herr Obermeier"
    found = _types(det, text)
    assert any(t == E.STREET_ADDRESS and "Nguyễn Duy Hiệu" in v for v, t in found)
    assert ("Cẩm Châu", E.LOCATION) in found


def test_a_vietnamese_lane_number_opens_a_street(det):
    text = "ship to:\nQuách Tuệ Mẫn\nSố 27 ngõ 158 Nguyễn Khánh Toàn, Cầu Giấy, Hà Nội\nSĐT: 0912 746 385"
    found = _types(det, text)
    assert any(t == E.STREET_ADDRESS and "Nguyễn Khánh Toàn" in v for v, t in found)
    assert ("Cầu Giấy", E.LOCATION) in found


def test_a_span_ending_in_street_is_a_street_and_the_town_after_it_a_town(det):
    text = "Last seen Sunday evening near the rugby grounds on Kowhai Street, Te Awamutu.\nPlease call us any time."
    found = _types(det, text)
    assert ("Kowhai Street", E.STREET_ADDRESS) in found and ("Te Awamutu", E.LOCATION) in found


def test_a_landmark_road_after_the_is_no_street(det):
    found = _types(det, "Tell me about the history of the Silk Road.")
    assert not any(t == E.STREET_ADDRESS for _, t in found)


def test_a_name_before_street_in_lower_case_and_its_number_is_a_street(det):
    text = "we're staying at her parents' place on Trần Cao Vân street, number 61. What should I bring?"
    assert any(t == E.STREET_ADDRESS and "number 61" in v for v, t in _types(det, text))


def test_a_cyrillic_street_word_makes_a_street_with_its_number(det):
    text = "I'll forward it to вул. Шевченка, 23, кв. 7, Львів 79005 next week"
    assert any(t == E.STREET_ADDRESS and "Шевченка, 23" in v for v, t in _types(det, text))


def test_a_welsh_street_word_read_as_a_name_takes_the_street_after_it(det):
    text = "A customer, Gareth Hughes of 8 Heol y Nant, Pontypridd CF37 2RT, has owed me since June."
    found = _types(det, text)
    assert any(t == E.STREET_ADDRESS and "Heol y Nant" in v for v, t in found)
    assert not any(t == E.PERSON and "Heol" in v for v, t in found)


def test_a_numbered_street_in_quotes_is_a_street(det):
    text = '{\n  "address": {\n    "street": "23 Lý Tự Trọng",\n    "district": "Quận 1"\n  }\n}'
    assert not any(t == E.PERSON and "Lý" in v for v, t in _types(det, text))


# --- places by their preposition, names that are no names ------------------------------------

def test_a_name_after_in_written_in_capitals_is_a_place(det):
    text = "PLEASE HELP MY BROTHER IS STUCK IN DOHA ON A LAYOVER AND THE AIRLINE WONT ANSWER"
    assert _kind(det, text, "DOHA") == {E.LOCATION}


def test_a_name_after_portuguese_em_is_a_place(det):
    text = "minha prima Thaís vai casar com o Vinícius em Pirenópolis and i have to give a speech"
    assert _kind(det, text, "Pirenópolis") == {E.LOCATION}


def test_a_toponyms_first_word_joins_the_place_after_in(det):
    text = "venue is in San Miguel de Allende so some of the groom's side are flying in early"
    assert ("San Miguel de Allende", E.LOCATION) in _types(det, text)


def test_a_compass_word_before_a_given_name_makes_a_town(det):
    text = "A festival that invites songwriters from around the world to North Christina to share their songs."
    assert ("North Christina", E.LOCATION) in _types(det, text)


def test_a_name_someone_travels_to_is_a_place(det):
    assert E.PERSON not in _kind(det, "Who's coming to Greenlander with me?", "Greenlander")


def test_a_name_after_a_time_and_at_is_a_meeting_place(det):
    text = "[19:02] Mark: 5s thursday 8pm at Toryglen, need 10\n[19:05] Declan: in\n[19:06] Sky: in"
    assert _kind(det, text, "Toryglen") == {E.LOCATION}


def test_a_month_after_a_days_number_is_a_date_not_a_name(det):
    text = "day-by-day plan with drive times?\n\n14 Jan leave Ballarat early\nNight 1: Mount Gambier\n19 Jan back home"
    found = _types(det, text)
    assert ("14 Jan", E.DATE_TIME) in found and not any(t == E.PERSON and "Jan" in v for v, t in found)


def test_the_letters_of_a_british_postcode_are_the_postcode(det):
    text = "Bin collections at 17 Ffordd Glyndŵr, Rhosllanerchrugog, LL14 1HT have been missed again."
    found = _types(det, text)
    assert ("LL14 1HT", E.POSTAL_CODE) in found and not any(t == E.PERSON and v == "LL" for v, t in found)


def test_city_after_a_capitalised_word_is_a_towns_name(det):
    text = "Address: Purok 3, Brgy. San Isidro, Tarlac City 2300\nShipper: Edgardo Macaraeg, Daly City, CA"
    found = _types(det, text)
    assert not any(t == E.PERSON and "City" in v for v, t in found)


# --- relatives in other languages, address blocks, possessives -------------------------------

def test_a_name_after_a_relative_in_spanish_is_a_person(det):
    text = "la maestra se llama Profa. Guadalupe Hernández. mi hijo es Santiago, va en 3°B. quiero explicarle"
    assert _kind(det, text, "Santiago") == {E.PERSON}


def test_a_span_opening_with_a_spanish_relative_is_the_persons_name(det):
    text = "can u help me write a birthday msg for mi abuela Remedios? cumple 85 el 7 de noviembre"
    found = _types(det, text)
    assert ("Remedios", E.PERSON) in found and not any(t == E.LOCATION and "Remedios" in v for v, t in found)


def test_a_town_alone_on_its_line_above_the_country_line_is_a_town(det):
    text = "??? Marianne Yevdokimova\n??? 5684 R Doutor Serrão Martins 97\n??? Apt. 470\n??? Moura\n??? Portugal 05918"
    assert _kind(det, text, "Moura") == {E.LOCATION}


def test_a_town_line_with_its_postal_code_under_a_street_line_is_a_town(det):
    text = "Ms. Lisa Douglas Apt. 606 157 Mühle 88\nSchüpbach nan 3535"
    assert _kind(det, text, "Schüpbach") == {E.LOCATION}


def test_an_unknown_word_ending_in_town_is_a_town(det):
    text = "A festival that invites songwriters from around the world to Gojislavtown to share their songs."
    assert _kind(det, text, "Gojislavtown") == {E.LOCATION}


def test_a_given_name_and_surname_with_a_possessive_is_a_person(det):
    text = "they were singing about the verses from Şuheda Lugtenburg's Cautionary Tales. Is there a recording?"
    assert ("Şuheda Lugtenburg", E.PERSON) in _types(det, text)


# --- a phone's digits, people one is with ----------------------------------------------------

def test_a_town_after_a_phone_number_in_a_table_is_no_street(det):
    text = ("here's the lookup sheet pasted:\n\nName\tEmail\tPhone\tTown\n"
            "Nguyen Thi Lan\tlan.nguyen88@yahoo.com\t0412 883 207\tCabramatta\n"
            "Hamish McTavish\thamish.mct@bigpond.com\t0438 190 562\tOrange\n")
    assert _kind(det, text, "Cabramatta") == {E.LOCATION}


def test_a_given_name_one_fights_with_is_a_person(det):
    text = "i had a huge fight with Paris last night about money. she thinks i spend too much on games"
    assert _kind(det, text, "Paris") == {E.PERSON}


def test_a_given_name_before_a_negated_verb_of_a_person_is_a_person(det):
    text = "his name's Chase. i want to say yes but only if Brooklyn doesnt come with him. dont make me sound bitter"
    assert _kind(det, text, "Brooklyn") == {E.PERSON}


def test_an_estonian_tee_with_its_number_is_a_street(det):
    text = "Alex Souza\n\n8525 Männimetsa tee 69\n Apt. 925\n Tiskre\n Estonia 48470"
    assert any(t == E.STREET_ADDRESS and "Männimetsa tee 69" in v for v, t in _types(det, text))


def test_a_town_after_an_italian_preposition_in_a_quoted_letter_is_a_place_alone(det):
    text = 'translate this from my nonna: "Cara Giulia, ti scrivo da Caltanissetta. Nonno Pino sta meglio."'
    assert ("Caltanissetta", E.LOCATION) in spans(text, det.analyze_text(text))
    assert not any("scrivo" in v for v, _ in spans(text, det.analyze_text(text)))


def test_a_town_with_a_turkish_case_suffix_is_a_place_without_the_sentence_around_it(det):
    text = "Doğum günü mesajı yazar mısın? Biz Bursa'da yaşıyoruz ama o şimdi Eindhoven'da çalışıyor."
    found = spans(text, det.analyze_text(text))
    assert ("Eindhoven", E.LOCATION) in found
    assert not any("çalışıyor" in v for v, _ in found)


def test_a_town_before_a_hindi_postposition_is_a_place(det):
    text = "Beta Arjun ka function 17 March ko hai, Jhansi mein. sab aa rahe hain"
    assert ("Jhansi", E.LOCATION) in spans(text, det.analyze_text(text))


def test_a_lower_case_address_ner_read_whole_is_not_cut(det):
    text = "its my nan Maureen Tilley 01422 884 031, she lives at 22b mill lane hebden bridge"
    assert any("mill lane" in v for v, _ in spans(text, det.analyze_text(text)))


def test_a_known_town_after_a_tagalog_or_portuguese_preposition_is_a_place(det):
    text = "Jhun: sino sasama sa Sagada sa april 18?\nMylene: go ako!"
    assert ("Sagada", E.LOCATION) in spans(text, det.analyze_text(text))


def test_a_word_after_a_foreign_preposition_is_no_place(det):
    assert not [v for v, t in spans("we want en route tips", det.analyze_text("we want en route tips")) if t == E.LOCATION]


def test_a_known_town_one_comes_from_is_a_place(det):
    assert _kind(det, "Nguyễn Thị Lan is coming from Đà Nẵng to stay with us for a week", "Đà Nẵng") == {E.LOCATION}


def test_a_town_of_two_words_one_is_driven_from_is_a_place(det):
    assert _kind(det, "kez's mum is driving us from Chapel Allerton at 6am on thursday", "Chapel Allerton") == {E.LOCATION}


def test_a_month_after_a_days_ordinal_and_of_is_a_date(det):
    assert _kind(det, "we met in coogee on the 5th of january so maybe recreate that", "the 5th of january") == {E.DATE_TIME}


def test_a_weekday_before_a_time_is_a_date(det):
    assert _kind(det, "sure, moving it to thu 2pm. I'll be dialing in", "thu 2pm") == {E.DATE_TIME}


def test_a_message_from_a_given_name_is_from_a_person(det):
    assert _kind(det, "I got a message from Florence about the rota", "Florence") == {E.PERSON}


def test_a_given_name_that_is_a_town_after_ones_relation_is_a_person_in_capitals_too(det):
    assert _kind(det, "MY EX BRANDON KEEPS MAKING NEW ACCOUNTS TO MESSAGE ME", "BRANDON") == {E.PERSON}


def test_a_known_town_ner_reads_as_an_organisation_where_a_trip_ends_is_a_place(det):
    text = "we drive to Ennis to see my gran for a few days, and finish in Dingle. We have two kids under 8."
    assert _kind(det, text, "Dingle") == {E.LOCATION}


def test_an_organisation_that_is_no_town_stays_no_place(det):
    assert _kind(det, "I bought some shares in Apple last year, should I sell", "Apple") == set()
