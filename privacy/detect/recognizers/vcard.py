"""The fields of a pasted vCard (RFC 6350), typed by their property name.

A contact exported from a phone is a vCard: "FN:Eleni Papadopoulou", "TEL;TYPE=CELL:+30 694 512
8837", "ADR;TYPE=HOME:;;Odos Kolokotroni 112;Kifisia;;145 62;Greece". Each property says what
its value is, whatever its shape:

* ``FN`` and the parts of ``N`` (family; given; additional; prefix; suffix) → PERSON;
* ``TEL`` → PHONE_NUMBER; ``EMAIL`` → EMAIL_ADDRESS; ``BDAY`` → DATE_OF_BIRTH;
* ``ADR`` (post box; extended; street; locality; region; postal code; country) → STREET_ADDRESS
  for the post box, extended and street parts, LOCATION for locality and region, POSTAL_CODE for
  the code (the country names no one and is left).

A property line is read only in a text with a vCard's shape: ``BEGIN:VCARD``, or two property
lines of these names. Group prefixes ("item1.TEL") and parameters (";TYPE=HOME") are skipped; a
``tel:`` URI scheme is left out of the number.
"""

from __future__ import annotations

import re

from presidio_analyzer import LocalRecognizer, RecognizerResult

from privacy.entities import DATE_OF_BIRTH, EMAIL_ADDRESS, LOCATION, PERSON, PHONE_NUMBER, POSTAL_CODE, STREET_ADDRESS

_PROPERTY = re.compile(r"(?im)^[ \t]*(?:[a-z0-9-]+\.)?(FN|N|TEL|EMAIL|ADR|BDAY)(?:;[^:\n]*)?:(?:tel:|mailto:)?([^\n]*)$")
_ADR_TYPES = (STREET_ADDRESS, STREET_ADDRESS, STREET_ADDRESS, LOCATION, LOCATION, POSTAL_CODE, None)
_SINGLE = {"FN": PERSON, "TEL": PHONE_NUMBER, "EMAIL": EMAIL_ADDRESS, "BDAY": DATE_OF_BIRTH}
_SCORE = 0.85


class VCardRecognizer(LocalRecognizer):
    """Property values of a pasted vCard (see the module docstring)."""

    def __init__(self) -> None:
        super().__init__(supported_entities=[PERSON, PHONE_NUMBER, EMAIL_ADDRESS, STREET_ADDRESS, LOCATION, POSTAL_CODE,
                                             DATE_OF_BIRTH], name=type(self).__name__, supported_language="en")

    def load(self) -> None:  # noqa: D102 - nothing to load
        pass

    def analyze(self, text, entities, nlp_artifacts=None):  # noqa: D102
        if ":" not in text:
            return []
        lines = list(_PROPERTY.finditer(text))
        if not lines or ("BEGIN:VCARD" not in text.upper() and len(lines) < 2):
            return []
        out: list[RecognizerResult] = []
        for m in lines:
            name, start = m.group(1).upper(), m.start(2)
            if name in _SINGLE:
                out.extend(self._value(_SINGLE[name], text, start, m.end(2)))
                continue
            types = (PERSON,) * 5 if name == "N" else _ADR_TYPES
            pos = start
            for etype, part in zip(types, m.group(2).split(";")):
                if etype is not None:
                    out.extend(self._value(etype, text, pos, pos + len(part)))
                pos += len(part) + 1
        return out

    def _value(self, etype: str, text: str, start: int, end: int) -> list[RecognizerResult]:
        while start < end and text[start] in " \t,":
            start += 1
        while end > start and text[end - 1] in " \t,\r":
            end -= 1
        if start >= end or not re.search(r"\w", text[start:end]):
            return []
        return [RecognizerResult(etype, start, end, _SCORE, recognition_metadata={
            RecognizerResult.RECOGNIZER_NAME_KEY: self.name, RecognizerResult.RECOGNIZER_IDENTIFIER_KEY: self.id})]
