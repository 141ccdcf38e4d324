"""GPS coordinates: decimal "40.7128, -74.0060" (with optional N/S/E/W) and
degree-minute-second "40°42'46\"N 74°0'22\"W"."""

from __future__ import annotations

import re

from privacy.entities import GPS_COORDINATES
from privacy.detect.recognizers.base import I, RegexRecognizer, Rule
from privacy.detect.recognizers.prefilter import Requires, regex

_DEC = re.compile(
    r"(?<![\w.])[-+]?(?:[1-8]?\d|90)\.\d{3,8}\s*°?\s*[NS]?\s*[,;/]?\s+[-+]?(?:1[0-7]\d|[1-9]?\d|180)\.\d{3,8}\s*°?\s*[EW]?(?![\w.])"
    r"|(?<![\w.])[-+]?(?:[1-8]?\d|90)\.\d{3,8},[-+]?(?:1[0-7]\d|[1-9]?\d|180)\.\d{3,8}(?![\w.])",
    I,
)
_DMS = re.compile(
    r"\b\d{1,2}\s*°\s*\d{1,2}\s*['′]\s*(?:\d{1,2}(?:\.\d+)?\s*[\"″]\s*)?[NS]\s*,?\s*"
    r"\d{1,3}\s*°\s*\d{1,2}\s*['′]\s*(?:\d{1,2}(?:\.\d+)?\s*[\"″]\s*)?[EW]\b",
    I,
)
_CTX = re.compile(r"(?:\bgps\b|\bcoord|\blat|\blong|\blocation|\bpin\b|\bmaps?\b|\bgeo)", I)


class GpsRecognizer(RegexRecognizer):
    """Latitude/longitude pairs."""

    ENTITY = GPS_COORDINATES
    # a decimal latitude has a digit, a point and 3+ digits; a DMS one a degree sign
    REQUIRES = Requires(regex(r"\d\.\d{3}|°"))
    RULES = (
        Rule("decimal_in_context", _DEC, 0.85, context=_CTX, window=60, requires=Requires(regex(r"\d\.\d{3}"))),
        Rule("decimal", _DEC, 0.6, requires=Requires(regex(r"\d\.\d{3}"))),
        Rule("dms", _DMS, 0.9, requires=Requires(regex("°"))),
    )
