"""Postal codes in context: after "zip"/"postcode", after a US state or a city, and strong
UK/Canadian/Dutch shapes."""

from __future__ import annotations

import re

from privacy.entities import POSTAL_CODE
from privacy.detect import gazetteer as G
from privacy.detect.filters import YEAR
from privacy.detect.recognizers.base import I, RegexRecognizer, Rule, words
from privacy.detect.recognizers.prefilter import Requires, fragments, on_folded, regex
from privacy.detect.vocabulary import MONTH_ABBREVIATIONS, MONTHS, WEEKDAYS
from privacy.detect.recognizers import written_date

_CUES = ("zip", "zip code", "zipcode", "postal code", "postcode", "post code", "plz", "cep", "pin code", "code postal",
         "código postal", "cap")
_CTX = re.compile(r"\b" + words(*_CUES) + r"\b[\s:#-]*(?:is\s+)?", I)
_GENERIC = re.compile(r"\b(?:\d{5}(?:-\d{3,4})?|\d{2}-\d{3}|\d{8}|\d{3}-\d{3}|\d{4}\s?[A-Z]{2}|\d{4,6}|[A-Z]\d[A-Z]\s?\d[A-Z]\d|"
                      r"[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2})\b", I)
_STATES = ("AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND "
           "OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC").split()
_US_STATE_ZIP = re.compile(r"\b(?:" + "|".join(_STATES) + r")\.?\s+(\d{5}(?:-\d{4})?)\b")
UK_POSTCODE = re.compile(r"\b(?:GIR 0AA|[A-PR-UWYZ][A-HK-Y]?\d[A-Z\d]?\s?\d[ABD-HJLNP-UW-Z]{2})\b")
# Ireland's Eircode: a routing key and a unique identifier mixing letters and digits ("H91 X2F4", "D02 AF30")
_IE = re.compile(r"\b(?:[AC-FHKNPRTV-Y]\d{2}|D6W)\s?(?=[0-9AC-FHKNPRTV-Y]{0,3}[AC-FHKNPRTV-Y])(?=[0-9AC-FHKNPRTV-Y]{0,3}\d)"
                 r"[0-9AC-FHKNPRTV-Y]{4}\b")
_CA = re.compile(r"\b[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\s?\d[ABCEGHJ-NPRSTV-Z]\d\b")
_WORDS_AFTER = re.compile(r"[ \t]+([^\W\d_][\w'’-]*(?:[ \t][A-ZÀ-Þ][\w'’-]*)?)")


def year_before_unknown_place(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` is a year and the words after it are no town a gazetteer knows:
    "2018 Toyota Corolla" is a model year (though Toyota is a town), "2000 Neuchâtel" and "8000
    Aarhus C" are postal codes."""
    if not YEAR.fullmatch(text[start:end]):
        return False
    m = _WORDS_AFTER.match(text, end)
    if m is None:
        return True
    words = m.group(1).split()
    return not (G.is_place(" ".join(words)) or ((len(words) == 1 or len(words[1]) <= 2) and G.is_place(words[0])))


# ", 75001 Paris" / "10115 Berlin" after a comma or line start (continental order)
_EU_BEFORE_CITY = re.compile(r"(?:,\s*|^)(?:[A-Z]{1,2}-)?(\d{4,5}|\d{2}-\d{3})\s+[A-ZÀ-ÝĄĆĘŁŃÓŚŹŻ][a-zà-ÿąćęłńóśźż]+", re.M)
# "Springfield, IL 62704" handled by _US_STATE_ZIP; "London SW1A 1AA" by UK_POSTCODE
# "…, Springfield 62704" / "…\nLake Markberg, 67418" closing an address
# (Japan's NNN-NNNN and India's six digits too: "Tokyo 150-0001", "BENGALURU 560038")
_AFTER_CITY = re.compile(r"(?<=[^\W\d_]),?[ \t]+(?:[-–][ \t]+)?(\d{5}(?:-\d{3,4})?|\d{2}-\d{3}|\d{3}-\d{4}|\d{4}|\d{6}|\d{8})(?![\w-])")
_ADDRESSY = re.compile(r"\b\d{1,5}[A-Za-z]?(?:/\d+)?,?\s+(?-i:[A-ZÀ-Þ])|\b\d{1,5},[ \t]|\b(?:address|ship|deliver|moved|live|mail|street|road|"
                       r"avenue|lane|cross|block|flat|apt|sector|nagar|marg)\b", re.I)
_NL = re.compile(r"\b[1-9]\d{3}\s?(?!SA|SD|SS)[A-Z]{2}\b")
_WORD_BEFORE = re.compile(r"([^\W\d_]+)\.?,?[ \t]+(?:[-–][ \t]+)?$")
_DATE_WORDS = MONTHS | WEEKDAYS | MONTH_ABBREVIATIONS
_LOG_LEVELS = frozenset({"ERROR", "WARN", "WARNING", "INFO", "DEBUG", "TRACE", "FATAL", "CRITICAL", "PID"})


class PostalCodeRecognizer(RegexRecognizer):
    """ZIP and postcodes: context-bound for bare digits, shape-bound for UK/CA/NL."""

    ENTITY = POSTAL_CODE
    REQUIRES = Requires(regex(r"\d"))  # every rule's pattern has a digit
    RULES = (
        Rule("after_context", _GENERIC, 0.8, context=_CTX, window=10, requires=Requires(fragments(*_CUES), on_folded(r"\b" + words(*_CUES) + r"\b"))),
        Rule("us_state_zip", _US_STATE_ZIP, 0.75, group=1, requires=Requires(regex(r"[A-Z]{2}\.?\s+\d{5}"))),
        Rule("uk", UK_POSTCODE, 0.6),
        Rule("canada", _CA, 0.6),
        Rule("ireland", _IE, 0.6, requires=Requires(regex(r"[A-Z]\d{2}|D6W"))),
        Rule("eu_before_city", _EU_BEFORE_CITY, 0.55, group=1, requires=Requires(regex(r"\d{4}|\d{2}-\d{3}"))),
        Rule("after_city_in_address", _AFTER_CITY, 0.6, group=1, requires=Requires(regex(r"\d{2}"))),
        Rule("nl", _NL, 0.5, context=re.compile(r",\s*|\b(?:postcode|address|adres)\b", I), window=3,
             requires=Requires(regex(r"[1-9]\d{3}\s?[A-Z]{2}"))),  # _NL without its assertions
    )

    def accept_rule(self, rule, text: str, start: int, end: int) -> bool:
        if any(a <= start and end <= b for a, b in written_date.spans(text)):
            return False  # the year of a written date: "15 de março de 2024", "12 maja 2024"
        if rule.name == "eu_before_city":
            return not year_before_unknown_place(text, start, end)
        if rule.name != "after_city_in_address":
            return True
        before = text[max(0, start - 120) : start]
        word = _WORD_BEFORE.search(before)
        if word is not None and (word.group(1).lower() in _DATE_WORDS or word.group(1) in _LOG_LEVELS):
            return False  # "on 9 November 1989": a year; "ERROR 18236 ---": a process id in a log line
        value = text[start:end]
        if (value.isdigit() and len(value) in (4, 5, 6, 8) or len(value) == 8 and value[3] == "-") \
                and not _ADDRESSY.search(before):
            # a bare number after a word is a postal code only inside an address
            return bool(_CTX.search(before[-25:]))
        return True
