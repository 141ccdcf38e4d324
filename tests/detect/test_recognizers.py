"""Each recognizer finds its entity in a positive sentence and stays silent on a negative one."""

import pytest

from privacy import entities as E
from tests.detect.conftest import spans

CASES = [
    (E.STREET_ADDRESS, "Send it to 221 Baker Street, Apt 4B please.", "221 Baker Street, Apt 4B", "I walked 5 minutes down the street."),
    (E.STREET_ADDRESS, "Ich wohne in der Hauptstraße 12 seit Mai.", "Hauptstraße 12", "The main street was busy."),
    (E.POSTAL_CODE, "My zip code is 94110, which district is that?", "94110", "I have 94110 reasons."),
    (E.AGE, "I'm 34 and want to learn piano.", "34", "It took 34 minutes."),
    (E.DATE_OF_BIRTH, "I was born on March 3, 1990.", "March 3, 1990", "The meeting is about birth rates."),
    (E.USERNAME, "Follow me @jdoe_88 for updates", "jdoe_88", "@dataclass\nclass A: pass"),
    (E.URL, "My profile: https://www.linkedin.com/in/jane-doe-123", "https://www.linkedin.com/in/jane-doe-123", "Read https://docs.python.org/3/library/re.html"),
    (E.SECRET, "export OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuvwx123456", "sk-proj-abcdefghijklmnopqrstuvwx123456", "password = os.environ['PW']"),
    (E.SECRET, "the key is AKIAIOSFODNN7EXAMPLE", "AKIAIOSFODNN7EXAMPLE", "AKIA is a prefix."),
    (E.SECRET, "my wifi password is sunshine99, can you help", "sunshine99", "the name on my passport is wrong"),
    (E.SECRET, "and my token is abc123XYZ", "abc123XYZ", "Pinterest is down again and my password is incorrect"),
    (E.GPS_COORDINATES, "Meet at 40.7128, -74.0060 tomorrow.", "40.7128, -74.0060", "Python 3.11, 3.12 are fine."),
    (E.ACCOUNT_NUMBER, "My policy number is PLC-448812.", "PLC-448812", "Policy changes take 30 days."),
    (E.VEHICLE_PLATE, "license plate 7ABC123 hit my car", "7ABC123", "The plate was full of pasta."),
    (E.PHONE_NUMBER, "Call me at +44 20 7946 0958.", "+44 20 7946 0958", "Version 2024.01.15 shipped."),
    (E.CREDIT_CARD, "Card 2720 2379 8154 7246 was declined.", "2720 2379 8154 7246", "Order 1234 5678 arrived."),
    (E.PERSON, "My sister Ngozi Okafor is visiting.", "Ngozi Okafor", "My sister is visiting."),
]


@pytest.mark.parametrize("etype,positive,value,negative", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_recognizer_finds_its_entity_and_not_the_negative(det, etype, positive, value, negative):
    found = spans(positive, det.analyze_text(positive))
    assert any(v == value or value in v for v, t in found if t == etype), found
    assert not [x for x in spans(negative, det.analyze_text(negative)) if x[1] == etype]


def test_gated_phone_recognizer_skips_digit_poor_texts_and_still_finds_numbers():
    from privacy.detect.recognizers.gated_phone import GatedPhoneRecognizer

    rec = GatedPhoneRecognizer()
    assert rec.analyze("room 12 on floor 3", ["PHONE_NUMBER"], None) == []
    text = "call (212) 456-7890 today"
    assert [text[r.start:r.end] for r in rec.analyze(text, ["PHONE_NUMBER"], None)] == ["(212) 456-7890"]


def test_lower_case_names_are_found_after_a_cue_but_ordinary_words_are_not(det):
    text = "dear sarah cantu, can you ask kelechi about it?"
    found = spans(text, det.analyze_text(text))
    assert ("sarah cantu", E.PERSON) in found and ("kelechi", E.PERSON) in found
    assert det.analyze_text("dear friend, my boss said no and my sister is visiting") == []


def test_a_title_after_a_relation_cue_is_not_taken_for_the_name(det):
    text = "My teacher, Mr. DeShawn Williams, called."
    persons = [v for v, t in spans(text, det.analyze_text(text)) if t == E.PERSON]
    assert persons == ["DeShawn Williams"]


def test_a_context_rule_finds_nothing_past_its_window_in_a_long_text():
    from privacy.detect.recognizers.postal_code import PostalCodeRecognizer

    text = "please zip the folder and send it over. " * 50 + " 12345"
    assert PostalCodeRecognizer().analyze(text, ["POSTAL_CODE"]) == []
    assert {(r.start, r.end) for r in PostalCodeRecognizer().analyze("zip: 12345", ["POSTAL_CODE"])} == {(5, 10)}


def test_a_number_after_a_bare_is_is_no_age(det):
    text = "If I roll two dice, what's the probability the sum is 7 vs the probability it's 8?"
    assert not [f for f in det.analyze_text(text) if f.entity_type == "AGE"]


def test_a_persons_is_before_a_number_states_an_age(det):
    for text in ("my son is 7 and loves lego", "Tomasz is 34 and lives in Leeds"):
        assert [f for f in det.analyze_text(text) if f.entity_type == "AGE"], text


def test_kids_of_an_age_in_general_are_no_ones_age(det):
    assert not [f for f in det.analyze_text("board games for a family with kids aged 8 and 12?") if f.entity_type == "AGE"]
    assert [f for f in det.analyze_text("board games for my kids aged 8 and 12?") if f.entity_type == "AGE"]


def test_a_stack_trace_file_name_after_a_method_named_like_a_cue_is_no_username(det):
    text = ('Exception in thread "main" java.lang.NullPointerException\n'
            "    at com.shop.cart.CartController.handle(CartController.java:88)\n"
            "my username is cart_ctrl88")
    users = [v for v, t in spans(text, det.analyze_text(text)) if t == E.USERNAME]
    assert users == ["cart_ctrl88"]
