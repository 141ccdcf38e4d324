"""The parts of an address line between its street and its town that no recognizer named."""

from privacy import entities as E
from tests.detect.conftest import spans


def found(det, text):
    return spans(text, det.analyze_text(text))


def test_a_locality_between_the_street_and_the_town_is_part_of_the_address(det):
    text = "we moved to 14 Admiralty Way, Lekki Phase 1, Lagos in May"
    assert ("Lekki Phase 1", E.STREET_ADDRESS) in found(det, text)
    text = "Address: Flat 12B, Shanti Kunj, 4th Cross Road, Malleswaram, Bengaluru 560003"
    assert ("4th Cross Road", E.STREET_ADDRESS) in found(det, text)


def test_a_town_in_the_gap_is_a_town_and_a_state_code_a_country_or_a_clause_are_no_street(det):
    text = "come look at it at 41872 County Road 12, Wahoo, NE 68066."
    assert ("Wahoo", E.LOCATION) in found(det, text)
    for text, word in (("Mailing Address: 4418 Mission Bell Dr, Daly City, CA 94014", "CA"),
                       ("My flat is Blk 512 Bedok North Ave 3, #08-221, Singapore 460512.", "Singapore"),
                       ("send it to 12 Main St, and then call me, in Boston", "and then call me")):
        assert not [v for v, t in found(det, text) if t == E.STREET_ADDRESS and word in v], text
