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


# a bare "is"/"was"/"it's" before the number: an age only after a person ("she is 7", "Tomasz was 34")
_BARE_IS = re.compile(r"(?i:\b(?:is|was|will be|it['’]s)[ \t]+(?:now[ \t]+|just[ \t]+|almost[ \t]+|about[ \t]+)?$)")
_PERSON_IS = re.compile(r"(?:\b(?i:he|she|they|who|son|daughter|kid|child|baby|boy|girl|brother|sister|mum|mom|dad|"
                        r"wife|husband|partner|friend|nephew|niece|grandson|granddaughter)|\b[A-Z][a-z]+)"
                        r"[ \t]+(?i:is|was|will be)[ \t]+(?:now[ \t]+|just[ \t]+|almost[ \t]+|about[ \t]+)?$")
_KIDS_AGED = re.compile(r"(?i:\b(?:a|any|for|with)[ \t]+(?:(?!(?:my|our|his|her|their|your)\b)\w+[ \t]+){0,3}"
                        r"(?:kids|children|students|pupils)[ \t]+aged[ \t]+$)")
# a thing's age: "it" is the clause's subject ("it's a New Dawn, about 5 years old", "the car? it was 12 years old")
_THING_AGED = re.compile(r"(?i:\bit(?:['’]?s|[ \t]+(?:is|was))\b)(?![^.!?\n]*\b(?i:he|she|they|who|son|daughter|kid|child|baby|boy|girl|brother|sister|mum|mom|dad|wife|husband|"
                         r"partner|friend|nephew|niece|grandson|granddaughter)\b)"
                         r"[^.!?\n]{0,40}$")
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


    def accept_rule(self, rule, text: str, start: int, end: int) -> bool:  # noqa: D102
        if _PRETEND.search(text, max(0, start - 20), start):
            return False
        if rule.name == "aged" and _BARE_IS.search(text, max(0, start - 8), start) \
                and not _PERSON_IS.search(text, max(0, start - 40), start):
            return False  # "the sum is 7", "it's 8": no one's age (but "she is 7", "Tomasz is 34")
        if rule.name == "years_old" and _THING_AGED.search(text, max(0, start - 50), start):
            return False  # "it's a New Dawn, about 5 years old": a rose's age, no one's
        if rule.name == "aged" and _KIDS_AGED.search(text, max(0, start - 40), start):
            return False  # "board games for a family with kids aged 8 and 12": anyone's
        return True
