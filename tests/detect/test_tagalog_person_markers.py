"""Taglish chat: the person markers "si", "ni", "kay" name who follows them, in lower case too, while
Tagalog's words of kin, its particles and the words of a Spanish "si" or "ni" name no one."""

from privacy import entities as E
from tests.detect.conftest import spans


def persons(det, text):
    return [v for v, t in spans(text, det.analyze_text(text)) if t == E.PERSON]


def test_a_name_no_list_knows_after_si_is_a_person(det):
    assert persons(det, "si ligaya dizon yung teacher niya sa grade 5, mabait daw") == ["ligaya dizon"]


def test_names_after_ni_and_si_in_one_line_are_both_found(det):
    text = "tinext ako ni marites kanina, sabi niya sasama daw si jhunjhun sa outing"
    assert persons(det, text) == ["marites", "jhunjhun"]


def test_a_title_of_respect_between_marker_and_name_is_no_part_of_the_name(det):
    assert persons(det, "sabi ni maam lorna santiago bukas na daw yung exam") == ["lorna santiago"]
    assert "domeng" in persons(det, "kay mang domeng ko binili yung lechon")


def test_words_of_kin_and_particles_after_a_marker_name_no_one(det):
    assert persons(det, "si mama yung nag luto, si kuya naman yung nag hugas") == []
    assert persons(det, "si baby yung bunso namin, si boss naman yung tatay") == []


def test_a_spanish_si_or_ni_before_words_of_spanish_names_no_one(det):
    assert persons(det, "si puedes, dime si tienes tiempo mañana") == []
    assert persons(det, "ni idea de lo que dice, ni modo") == []


def test_a_marker_in_an_english_line_is_no_cue(det):
    assert persons(det, "the si unit for force is the newton, named after isaac newton") == []
