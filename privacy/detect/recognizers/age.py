"""Ages: "I'm 34", "34 years old", "a 7-year-old", "aged 52", "turned 40", "age: 61"."""

from __future__ import annotations

import re

from privacy.entities import AGE
from privacy.detect.recognizers.base import I, RegexRecognizer, Rule
from privacy.detect.recognizers.prefilter import Requires, on_folded, regex

_N = r"(?:1[01]\d|[1-9]?\d)"
_YEARS_OLD = re.compile(r"\b(" + _N + r")(?:\s*|-)(?:years?|yrs?|yo)(?:\s*|-)old\b|\b(" + _N + r")\s*(?:yo|y/o|y\.o\.)\b", I)
_AGED_CUE = r"\b(?:aged|age[d:]?|turn(?:ed|ing|s)|i'?m|i am|he'?s|she'?s|they'?re|is|was|will be)\s+(?:now\s+|just\s+|almost\s+|about\s+)?"
_AGED = re.compile(_AGED_CUE + r"(" + _N + r")\b(?!\s*(?:%|percent|minutes?|mins?|hours?|days?|weeks?|months?|times?|am|pm|a\.m|p\.m|:|\.\d|/|,\d|dollars?|usd|eur|euros?|pounds?|kg|lbs?|km|miles?|feet|ft|cm|items?|of\b|out\b|points?|steps?))", I)
_AGED_CTX = re.compile(r"(?:\bage|\bold|\byears|\bbirthday|\bturn|\bkid|\bson|\bdaughter|\bmom|\bdad|\bi'?m|\bi am|\bchild|\bbaby)", I)


_PRETEND = re.compile(r"(?i:\b(?:like|as if|as though|pretend)[ \t]+(?:i'?m|i am|you'?re|you are|he'?s|she'?s)[ \t]+$)")


class AgeRecognizer(RegexRecognizer):
    """A person's age stated in years ("explain it like I'm 5" states none)."""

    ENTITY = AGE
    REQUIRES = Requires(regex(r"\d"))  # both rules need the number (_N)
    RULES = (
        # the number, "-" or spaces, then a "y" (years/yrs/yo/y.o.)
        Rule("years_old", _YEARS_OLD, 0.7, requires=Requires(on_folded(r"\d(?:\s*|-)y"))),
        # the cue and the number, on lower-cased text (the rule is case-insensitive)
        Rule("aged", _AGED, 0.6, group=1, requires=Requires(on_folded(_AGED_CUE + r"\d"))),
    )


    def accept(self, text: str, start: int, end: int) -> bool:  # noqa: D102
        return not _PRETEND.search(text, max(0, start - 20), start)
