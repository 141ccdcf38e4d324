"""National phone numbers pasted with no phone word near them, and the numbers that are none."""

import pytest

from privacy import entities as E
from tests.detect.conftest import spans

BARE = ["08031234567", "0176 12345678", "98765 43210", "(11) 91234-5678", "612 34 56 78", "0712 345678",
        "0300 1234567", "06-12345678", "333 1234567"]


@pytest.mark.parametrize("number", BARE)
def test_a_national_number_next_to_a_name_is_a_phone_without_a_phone_word(det, number):
    for text in (f"reach Priya at {number} or by email", f"| Tomasz | {number} | Kraków |", f"{number} - Dad"):
        assert (number, E.PHONE_NUMBER) in spans(text, det.analyze_text(text)), text


@pytest.mark.parametrize("text", ["order 08031234567 shipped", "ISBN 0306406152", "timestamp 1712345678",
                                  "it costs 12 345 678 won", "Ms. Megan Kappel Apt. 598 35286 3928 Blanshard",
                                  "epoch 1712345678 to 1712349999", "the file has 4294967296 bytes"])
def test_identifiers_amounts_stamps_and_flat_numbers_are_no_phones(det, text):
    assert not [v for v, t in spans(text, det.analyze_text(text)) if t == E.PHONE_NUMBER]
