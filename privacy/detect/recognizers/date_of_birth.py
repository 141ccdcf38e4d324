"""Dates of birth: a date right after "born", "DOB", "date of birth", "birthday"; a year after "born"."""

from __future__ import annotations

import re

from privacy.entities import DATE_OF_BIRTH
from privacy.detect.recognizers.base import I, RegexRecognizer, Rule, words
from privacy.detect.recognizers.prefilter import Requires, fragments, regex

_MONTH = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|"
          r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?")
DATE = (
    r"(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}"
    r"|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}"
    r"|" + _MONTH + r"\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}"
    r"|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?" + _MONTH + r",?\s+\d{4}"
    r"|" + _MONTH + r"\s+\d{1,2}(?:st|nd|rd|th)?"
    r"|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?" + _MONTH + r")"
)
_CUES = ("born on", "born", "b.", "dob", "d.o.b.", "date of birth", "birth date", "birthdate", "birthday is",
         "birthday", "birthday's", "bday", "geboren am", "né le", "née le", "nacido el", "nata il")
_CTX = re.compile(
    r"(?<!\w)(?:" + words(*_CUES)
    + r")\s*(?:is|was|on|:|-|=)?\s*(?:on\s+)?",
    I,
)


class DateOfBirthRecognizer(RegexRecognizer):
    """A date in a birth context, typed DATE_OF_BIRTH (outranks a plain DATE_TIME)."""

    ENTITY = DATE_OF_BIRTH
    # every DATE alternative has a digit; the birth context is required
    REQUIRES = Requires(regex(r"\d"), fragments(*_CUES))
    RULES = (Rule("birth_context", re.compile(r"\b" + DATE + r"\b", I), 0.9, context=_CTX, window=12),
             # a year of birth alone: "(born 1941)", "b. 1987"
             Rule("birth_year", re.compile(r"(?i:\b(?:born(?:[ \t]+in)?|b\.))[ \t]+((?:19|20)\d\d)\b"), 0.85, group=1,
                  requires=Requires(fragments("born", "b."))),)
