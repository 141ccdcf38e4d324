"""Names and places in family, care and community messages: a full name's given name back in lower
case before a person's verb, a name with their partner after it, the name on a rota's day, a trade
and the person who does it, a local body named after its place, a town before a Hindi or Urdu
postposition; and the words these frames leave alone."""

from privacy import entities as E
from tests.detect.conftest import found


def test_a_full_names_given_name_in_lower_case_before_a_persons_verb_is_the_person(det):
    text = 'Dad is at Oakhurst, Ivy Cartwright, room 9. the log just says "ivy declined, settled later" most nights.'
    assert "ivy" in found(det, text, E.PERSON)


def test_a_minutes_action_for_a_member_in_lower_case_is_the_person(det):
    text = "present: Clive Ormerod (chair), Honor Gallagher (sec)\n1. fence down again, clive to get quotes"
    assert "clive" in found(det, text, E.PERSON)


def test_a_name_with_their_partner_after_it_is_a_person(det):
    assert "Grace" in found(det, "Cousins so far: Grace and her husband, the twins and their kids", E.PERSON)


def test_the_name_on_a_rotas_day_is_a_person(det):
    text = "Mon – me\nWed – Patience (teen sitter, £8/hr)\nSat – Closed"
    assert found(det, text, E.PERSON) == ["Patience"]


def test_a_trade_and_the_lower_case_name_after_it_are_a_person(det):
    text = "write a text to the hairdresser shona to move my appt. the plumber said it's the valve"
    assert found(det, text, E.PERSON) == ["shona"]


def test_a_local_body_named_after_its_place_gives_the_place(det):
    text = "Please lock your cars. If you have footage, reply to this email. Keith, Cheadle Hulme Neighbourhood Watch"
    assert "Cheadle Hulme" in found(det, text, E.LOCATION)


def test_a_famous_citys_institution_is_no_private_place(det):
    assert "London" not in found(det, "Is the London Library open to non-members?", E.LOCATION)


def test_a_town_before_a_hindi_postposition_is_a_place(det):
    text = "Mera number 0300 4172958 hai, hum Gujar Khan se aayenge."
    assert "Gujar Khan" in found(det, text, E.LOCATION)


def test_a_friend_named_storm_earlier_in_a_sentence_makes_no_town_a_storm(det):
    text = "road trip!!! me, Jess, Tama and Storm leaving Te Awamutu on jan 4 driving up to the coast"
    assert "Te Awamutu" in found(det, text, E.LOCATION)


def test_a_storms_name_right_after_storm_is_kept(det):
    assert found(det, "How much damage did Storm Babet do in Scotland?", E.PERSON) == []


def test_a_town_of_the_contributors_own_memory_is_no_topic(det):
    text = "help me write an apology, mention the time we got lost in Gatlinburg on the 8th grade trip"
    assert "Gatlinburg" in found(det, text, E.LOCATION)


def test_a_town_asked_about_as_a_destination_is_still_kept(det):
    assert found(det, "Is Gatlinburg worth a day trip from Nashville in October?", E.LOCATION) == []


def test_a_capitalised_given_name_after_a_family_title_in_lower_case_is_a_person(det):
    assert "Dot" in found(det, "Jade wants to mention that nanna Dot met the Queen once", E.PERSON)


def test_a_family_title_written_with_its_capital_makes_no_person_of_a_brand_or_a_figure(det):
    assert not found(det, "we always had Granny Smith apples in the fruit bowl", E.PERSON)
    assert not found(det, "is Father Christmas real? my son asks", E.PERSON)
