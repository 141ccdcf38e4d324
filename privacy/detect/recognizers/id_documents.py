"""Passport and driver's licence numbers right after their context words (Presidio's own
recognizers for these are weak, context-free patterns)."""

from __future__ import annotations

import re

from privacy.entities import US_DRIVER_LICENSE, US_PASSPORT, US_SSN
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


# another licence number of a letter or two and digits said further on: "my DL is B7720419 and the booking
# under … lists D7720419", "my wife's is K4410092" (not the cue's own "is": the first rule reads that one)
_LICENSE_IS = re.compile(r"(?i:\b(?:lists|listed|shows|showed|says|said|reads)|['’]s(?:[ \t]+is)?)[ \t]+([A-Z]{1,2}\d{5,12})(?![\w-])")


class DriverLicenseRecognizer(RegexRecognizer):
    """A driver's licence number after "driver's license", "DL", "licence no."."""

    ENTITY = US_DRIVER_LICENSE
    REQUIRES = Requires(_FOUR_DIGITS, fragments(*_LICENSE_CUES), on_folded(words(*_LICENSE_CUES)))
    RULES = (Rule("after_context", _ID, 0.8, group=1,
                  context=re.compile(words(*_LICENSE_CUES) + r"(?!\s+plates?\b)" + _TAIL, I),
                  window=12),
             Rule("said_after_context", _LICENSE_IS, 0.7, group=1,
                  context=re.compile(words(*_LICENSE_CUES) + r"(?!\s+plates?\b)", I), window=150))

    def accept(self, text: str, start: int, end: int) -> bool:
        return _has_digits(text, start, end)


_SSN_CUES = ("ssn", "social security number", "social security no", "social security", "ss#", "itin")
_SSN = re.compile(r"(?<![\w-])(\d{3}[ -]?\d{2}[ -]?\d{4})(?![\w-])")
# another one said to be someone's further on: "my SSN: 614-27-3098. My wife's is 602481175"
_SSN_IS = re.compile(r"(?i:\b(?:is|was|['’]s))[ \t]+(\d{3}[ -]?\d{2}[ -]?\d{4})(?![\w-])")


class SsnContextRecognizer(RegexRecognizer):
    """A social security number after "SSN" or "social security number", with or without
    its dashes ("SSN 078051120"; Presidio's own recognizer wants the dashed form), and one said to
    be someone's a little further on ("my SSN: 614-27-3098. My wife's is 602481175")."""

    ENTITY = US_SSN
    REQUIRES = Requires(regex(r"\d{9}|\d{3}[ -]\d{2}[ -]\d{4}"), on_folded(words(*_SSN_CUES)))
    RULES = (Rule("after_context", _SSN, 0.85, group=1, context=re.compile(words(*_SSN_CUES) + _TAIL, I), window=12),
             Rule("said_after_context", _SSN_IS, 0.7, group=1, context=re.compile(words(*_SSN_CUES), I), window=120))

    def accept(self, text: str, start: int, end: int) -> bool:
        digits = re.sub(r"\D", "", text[start:end])
        return digits[:3] not in ("000", "666") and digits[3:5] != "00" and digits[5:] != "0000"
