"""Passport and driver's licence numbers right after their context words (Presidio's own
recognizers for these are weak, context-free patterns)."""

from __future__ import annotations

import re

from privacy.entities import US_DRIVER_LICENSE, US_PASSPORT
from privacy.detect.recognizers.base import I, RegexRecognizer, Rule, words
from privacy.detect.recognizers.prefilter import Requires, fragments, on_folded, regex

_TAIL = r"\b(?:\s+(?:number|no|num|nr|id|#))?\.?\s*(?:is|was|:|#|-)?\s*(?:is\s+)?"
_ID = re.compile(r"(?<![\w-])([A-Z0-9](?:[A-Z0-9]|-(?=[A-Z0-9])|(?<=\d)\s(?=\d)){4,17})(?![\w-])", I)


_PASSPORT_CUES = ("passport", "passport number", "reisepass", "passeport", "pasaporte")
_LICENSE_CUES = ("driver's license", "drivers license", "driver license", "driver's licence", "driving licence",
                 "driving license", "licence", "license", "dl", "führerschein", "permis de conduire")
# accept() wants 4+ digits (the value's class allows only 0-9 as digits)
_FOUR_DIGITS = regex(r"[0-9](?:[^0-9]*[0-9]){3}")


def _has_digits(text: str, start: int, end: int) -> bool:
    return sum(c.isdigit() for c in text[start:end]) >= 4


class PassportRecognizer(RegexRecognizer):
    """A passport number after "passport (no.)"."""

    ENTITY = US_PASSPORT
    REQUIRES = Requires(_FOUR_DIGITS, fragments(*_PASSPORT_CUES), on_folded(words(*_PASSPORT_CUES)))
    RULES = (Rule("after_context", _ID, 0.8, group=1,
                  context=re.compile(words(*_PASSPORT_CUES) + _TAIL, I),
                  window=12),)

    def accept(self, text: str, start: int, end: int) -> bool:
        return _has_digits(text, start, end)


class DriverLicenseRecognizer(RegexRecognizer):
    """A driver's licence number after "driver's license", "DL", "licence no."."""

    ENTITY = US_DRIVER_LICENSE
    REQUIRES = Requires(_FOUR_DIGITS, fragments(*_LICENSE_CUES), on_folded(words(*_LICENSE_CUES)))
    RULES = (Rule("after_context", _ID, 0.8, group=1,
                  context=re.compile(words(*_LICENSE_CUES) + r"(?!\s+plates?\b)" + _TAIL, I),
                  window=12),)

    def accept(self, text: str, start: int, end: int) -> bool:
        return _has_digits(text, start, end)
