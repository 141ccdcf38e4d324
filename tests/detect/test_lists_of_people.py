"""A list of people, one a line ("- Kwame → Thorne", a Secret Santa list, a cast of players and their
characters): a name heading a line among lines that name people is a person, even a famous city's
name ("Charlotte"); a span NER ran across lines hides no name of the next line; a list of towns stays
a list of towns."""

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
