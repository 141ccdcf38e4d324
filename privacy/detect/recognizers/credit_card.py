"""Card numbers by the Luhn checksum: 13-19 digits, grouped or not (Presidio's own pattern
misses newer ranges such as Mastercard 2-series)."""

from __future__ import annotations

import re

from privacy.entities import CREDIT_CARD
from privacy.detect.recognizers.base import RegexRecognizer, Rule
from privacy.detect.recognizers.prefilter import Requires, regex, words as any_word

_CARD = re.compile(r"(?<![\w-])(?:\d{4}[ -]?){3}\d{1,7}(?![\w-])|(?<![\w-])\d{4}[ -]?\d{6}[ -]?\d{5}(?![\w-])")


_SHORT_CARD = re.compile(r"(?<![\w-])(?:\d[ -]?){11,18}\d(?![\w-])")
_CARD_WORDS = ("card", "cc", "credit", "debit", "visa", "mastercard", "maestro", "amex", "discover")
_CARD_WORD = re.compile(r"(?i:\b(?:" + "|".join(_CARD_WORDS) + r")\b(?:[ \t]+(?:number|no\.?|#))?[ \t:#]*)")


# a card's printed shape, 4-4-4-4 or Amex's 4-6-5: right after a card word it is a card number even when
# its checksum fails ("card is 4929 1038 5567 2201", mistyped or made up, is still someone's card)
_PRINTED_CARD = re.compile(r"[2-6]\d{3}([ -])\d{4}\1\d{4}\1\d{4}|3\d{3}([ -])\d{6}\2\d{5}")


def luhn_ok(digits: str) -> bool:
    total = 0
    for i, c in enumerate(reversed(digits)):
        d = int(c)
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


class LuhnCardRecognizer(RegexRecognizer):
    """Luhn-valid 13-19 digit numbers starting like a card (2-6); after a card word, also a number
    in a card's printed groups whose checksum fails."""

    ENTITY = CREDIT_CARD
    REQUIRES = Requires(regex(r"\d{4}[ -]?\d{4}"))  # both alternatives start so
    RULES = (
        Rule("luhn", _CARD, 0.7),
        # 12-19 digits right after a card word ("card 676272529097": Maestro runs from 12 digits)
        Rule("luhn_after_card_word", _SHORT_CARD, 0.7, context=_CARD_WORD, window=12,
             requires=Requires(any_word(*_CARD_WORDS))),
    )

    def accept_rule(self, rule: Rule, text: str, start: int, end: int) -> bool:
        digits = re.sub(r"\D", "", text[start:end])
        if rule.name == "luhn_after_card_word":
            return 12 <= len(digits) <= 19 and (luhn_ok(digits) or _PRINTED_CARD.fullmatch(text, start, end) is not None) \
                and len(set(digits)) > 2
        return 13 <= len(digits) <= 19 and digits[0] in "23456" and luhn_ok(digits) and len(set(digits)) > 2
