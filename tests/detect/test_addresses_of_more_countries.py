"""Street lines as other countries write them, and the numbers and words that only look like one."""

from privacy import entities as E
from tests.detect.conftest import found


def test_a_house_number_before_a_comma_opens_a_south_asian_or_west_african_street(det):
    assert "221, Gandhi Marg" in found(det, "mera ghar 221, Gandhi Marg pe hai, Jaipur", E.STREET_ADDRESS)
    assert "14, Nehru Nagar" in found(det, "address: 14, Nehru Nagar, Kota. send the rakhi there", E.STREET_ADDRESS)
    assert "7, Adeola Odeku Street" in found(det, "deliver to 7, Adeola Odeku Street before noon", E.STREET_ADDRESS)


def test_a_numbered_thing_or_a_price_before_a_comma_is_no_house_number(det):
    for text in ("Chapter 5, Main Road and other stories is on the syllabus",
                 "In 2019, Oxford Street was closed for the parade",
                 "on the board Mayfair is £400, Bond Street £320 and Whitechapel £60, Old Kent Road the cheapest"):
        assert not [v for v in found(det, text, E.STREET_ADDRESS) if "," in v], text


def test_an_ordinal_street_and_a_lettered_house_number_are_a_street(det):
    assert "588-B 64th Drive" in found(det, "pls send the parcel to 588-B 64th Drive, my cousin will sign", E.STREET_ADDRESS)
    assert "350 W 42nd St" in found(det, "our office moved to 350 W 42nd St last year", E.STREET_ADDRESS)


def test_a_colombian_street_keeps_its_crossing_and_door(det):
    assert "Calle 45 # 12-30" in found(det, "Envíalo a Calle 45 # 12-30, Bogotá, por favor", E.STREET_ADDRESS)
    assert "Cra. 7 No. 45-12" in found(det, "mi casa queda en la Cra. 7 No. 45-12 apto 301", E.STREET_ADDRESS)


def test_an_indonesian_street_or_alley_before_its_door_number(det):
    text = "kirim ke Jl. Kebon Jeruk Raya No. 27 RT 03/RW 05 ya kak"
    assert "Jl. Kebon Jeruk Raya No. 27 RT 03/RW 05" in found(det, text, E.STREET_ADDRESS)
    assert "Gg. Melati No. 6" in found(det, "rumah nenek di Gg. Melati No. 6, dekat masjid", E.STREET_ADDRESS)


def test_a_vietnamese_door_with_its_alley_or_ward_is_a_street(det):
    assert "45/7 Hẻm 12 Nguyễn Trãi" in found(det, "em gửi về 45/7 Hẻm 12 Nguyễn Trãi nha", E.STREET_ADDRESS)
    assert "số 12 Lê Lợi" in found(det, "nhà tôi ở số 12 Lê Lợi, Phường Bến Nghé, Quận 1", E.STREET_ADDRESS)


def test_a_number_before_capitals_without_a_vietnamese_word_is_no_street(det):
    assert not found(det, "I scored 3 Big Goals this season lol", E.STREET_ADDRESS)


def test_a_russian_or_ukrainian_street_with_its_house_and_flat(det):
    text = "Я живу на ул. Ленина, д. 5, кв. 12, приходи в субботу"
    assert "ул. Ленина, д. 5, кв. 12" in found(det, text, E.STREET_ADDRESS)
    assert "вулиця Шевченка 14" in found(det, "моя адреса: вулиця Шевченка 14, Львів", E.STREET_ADDRESS)


def test_a_lower_case_street_word_that_is_english_opens_a_street_before_a_link_word(det):
    assert "rue de Rosselet 24" in found(det, "elle habite rue de Rosselet 24 depuis mai", E.STREET_ADDRESS)
    assert not found(det, "I sent it via email 3 times", E.STREET_ADDRESS)
    assert not found(det, "we used place de la Concorde 3 times as a meeting point", E.STREET_ADDRESS)


def test_a_street_of_a_cased_script_after_a_cue_is_a_street(det):
    assert "Τζιωρτζή 59" in found(det, "I live at Τζιωρτζή 59", E.STREET_ADDRESS)


def test_a_weekday_of_another_language_and_its_day_after_a_cue_are_no_street(det):
    text = "Service at the church in Καλαμαριά on Σάββατο 8 Μαρτίου, then coffee at the house."
    assert not found(det, text, E.STREET_ADDRESS)


def test_a_span_opening_with_a_house_number_is_no_landmark(det):
    text = "The restaurant is at 0057 Avenida Forças Armadas 83"
    assert not [f for f in det.analyze_text(text) if f.entity_type == E.PUBLIC]
    assert "Avenida Forças Armadas 83" in "".join(found(det, text, E.STREET_ADDRESS))


def test_a_greek_street_with_its_word_and_number(det):
    assert "οδό Ερμού 12" in found(det, "μένω στην οδό Ερμού 12 στην Αθήνα", E.STREET_ADDRESS)
    assert "Λεωφ. Κηφισίας 44" in found(det, "η διεύθυνση: Λεωφ. Κηφισίας 44, Μαρούσι", E.STREET_ADDRESS)


def test_a_french_flat_after_its_street_is_part_of_the_address(det):
    text = "My landlord wants to raise rent 12%. I'm at 5520 av. de Gaspé, app. 204, H2T 2A1."
    assert "app. 204" in found(det, text, E.STREET_ADDRESS)
    assert not found(det, "download the app. 204 people liked it", E.STREET_ADDRESS)
