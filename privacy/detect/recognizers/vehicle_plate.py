"""Vehicle plates in context: "license plate 7ABC123", "reg: AB12 CDE", "my car's tag is KJ-4421"."""

from __future__ import annotations

import re

from privacy.entities import VEHICLE_PLATE
from privacy.detect.recognizers.base import I, RegexRecognizer, Rule, words
from privacy.detect.recognizers.prefilter import Requires, fragments, on_folded, regex

_CUES = ("plate", "plates", "license plate", "licence plate", "number plate", "registration", "reg", "rego",
         "tag", "tags", "kennzeichen", "immatriculation", "matrícula", "targa", "kenteken", "plate number")
_CTX = re.compile(
    r"\b" + words(*_CUES)
    + r"\b(?:\s+(?:number|no|#))?\.?\s*(?:is|was|:|#|-|reads|says)?\s*[\"']?",
    I,
)
_PLATE = re.compile(r"(?<![\w-])([A-Z0-9]{1,8}(?:[- ·](?:(?=[A-Z]{0,3}\d)[A-Z0-9]{1,4}|(?-i:[A-Z]{1,4})(?![a-z]))){0,2})(?![\w-])", I)


class VehiclePlateRecognizer(RegexRecognizer):
    """Plate-shaped tokens (letters and digits, 4-10 characters) right after a plate context word."""

    ENTITY = VEHICLE_PLATE
    # accept() wants a digit (the plate's class allows only 0-9); the context word is required
    REQUIRES = Requires(regex(r"[0-9]"), fragments(*_CUES), on_folded(r"\b" + words(*_CUES) + r"\b"))
    RULES = (Rule("after_context", _PLATE, 0.75, group=1, context=_CTX, window=10),)

    def accept(self, text: str, start: int, end: int) -> bool:
        value = text[start:end]
        core = re.sub(r"[- ·]", "", value)
        return 4 <= len(core) <= 10 and any(c.isdigit() for c in core) and any(c.isalpha() for c in core)
