"""A text says who its people are in ways no name list holds: an e-mail address made of a
name, a relation of someone else's ("will's ex rocky"), two people a plural relation names, a
lower-case name NER reads that English hardly uses; and where they live, in a named close with
no street type ("3 The Paddocks, Yate") or a building named before its road."""

from __future__ import annotations

import pytest

from tests.detect.conftest import found as found_as


def found(det, text: str, etype: str = "PERSON") -> list[str]:
    return found_as(det, text, etype)


def test_a_name_an_email_address_is_made_of_is_that_person_where_the_text_writes_it(det):
    text = 'why does this give KeyError?\n\nusers = {"tomasz": "tomasz.kr@wp.pl", "ola": "ola.nowak@o2.pl"}\nprint(users["Tomasz"])'
    assert found(det, text) == ["tomasz", "ola", "Tomasz"]


def test_a_word_an_email_address_is_made_of_is_no_one(det):
    assert found(det, "send it to info@acme.com and cc sales, thanks") == []


def test_the_relation_of_someone_else_names_a_person(det):
    assert "rocky" in found(det, "problem is will's ex rocky is going to be there")


def test_a_plural_relation_names_both_people(det):
    assert found(det, "so my friends hope and will are finally getting married") == ["hope", "will"]


def test_a_lower_case_name_ner_reads_that_english_hardly_uses_is_a_person(det):
    assert "ligaya dizon" in found(det, "teacher niya si maam ligaya dizon grade 5 section sampaguita")


def test_frequent_words_of_another_language_are_no_lower_case_name(det):
    assert found(det, "czy warto jechać do krakowa w grudniu? chcę zobaczyć wawel i jarmark na rynku") == []


def test_a_house_in_a_named_close_before_a_town_is_a_street_address(det):
    text = "moving from 8 Elm Close, Thornbury BS35 1UL to 3 The Paddocks, Yate BS37 4FG on 12 may"
    assert "3 The Paddocks" in found(det, text, "STREET_ADDRESS")


def test_a_numbered_title_in_a_list_is_no_street_address(det):
    assert found(det, "my top 3 The Office, Friends and Community", "STREET_ADDRESS") == []


def test_a_flat_in_a_named_building_before_its_road_is_one_street_address(det):
    text = "address is Flat B-704, Kumar Palms, Kondhwa Road, pin 411048. will it arrive"
    assert "Flat B-704, Kumar Palms, Kondhwa Road" in found(det, text, "STREET_ADDRESS")


def test_a_line_in_another_language_gives_no_english_cue_to_a_lower_case_name(det):
    text = "¿cuál es mejor para un fin de semana, barcelona o madrid? me gusta el arte y comer bien, no tanto la playa"
    assert found(det, text) == []


def test_the_word_of_a_match_up_is_no_part_of_a_place(det):
    text = "wizkid or burna boy, who get better albums abeg. made in lagos vs african giant, no fighting"
    assert not any(v.endswith("vs") for v in found(det, text, "LOCATION"))


def test_a_family_named_by_its_surname_is_a_person_whatever_ner_calls_it(det):
    text = "Planning a family reunion for the Okonkwo side and need help with a WhatsApp message"
    assert found(det, text) == ["Okonkwo"]


def test_a_faith_before_a_family_noun_is_no_one(det):
    assert found(det, "we're a Catholic family but not very strict") == []


def test_a_lower_case_surname_after_a_particle_is_judged_by_its_parts(det):
    text = "wedding speech pls, arabic mixed in, inshallah not too cringe. groom is hamza al-masri and they met at uni"
    assert "hamza al-masri" in found(det, text)


@pytest.mark.parametrize("text", [
    "my mum's Irish side are all coming for christmas",
    "my dads Nigerian family wants a big wedding",
])
def test_a_demonym_before_a_family_noun_after_a_relation_is_no_one(det, text):
    assert found(det, text) == []


@pytest.mark.parametrize("text, name", [
    ("tita marites is messaging my mom for money AGAIN. shes in tagaytay", "marites"),
    ("my uncle gurp said hi", "gurp"),
])
def test_a_name_no_list_knows_after_a_family_title_is_a_person(det, text, name):
    assert name in found(det, text)


def test_a_word_after_a_family_title_is_no_one(det):
    assert found(det, "my nana sandwich is the best") == []


def test_a_notable_surname_in_lower_case_is_no_name_no_list_knows(det):
    text = "hendrix or clapton, who was the better guitarist, and dont say it depends"
    assert found(det, text, "PERSON") == [] and found(det, text, "LOCATION") == []
