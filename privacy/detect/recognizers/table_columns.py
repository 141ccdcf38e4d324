"""The cells of a pasted table, typed by their column's header.

A CSV, TSV, semicolon or pipe table with a header row says what each cell holds:
"name,phone,city,pin⏎Gurleen Bhullar,+91 99150 62837,Ludhiana,141001". A cell under a header
that names personal data is that data, whatever its shape and whether any other recognizer
knows the town or the number format:

* ``name``, ``full name``, ``first name``, ``surname``, ``contact``, ``guest``, ``tenant`` … → PERSON;
* ``phone``, ``mobile``, ``tel``, ``whatsapp`` … → PHONE_NUMBER; ``email`` → EMAIL_ADDRESS;
* ``address``, ``street`` → STREET_ADDRESS; ``city``, ``town``, ``village``, ``suburb`` → LOCATION;
* ``zip``, ``postcode``, ``pin``, ``plz`` → POSTAL_CODE; ``dob``, ``birthday`` → DATE_OF_BIRTH.

A table is a header line of 2+ cells, every cell a short label (letters, spaces, ``_``, ``-``, ``#``),
with a header above that heads no other kind of table ("phone", "email", "surname") or two that
may ("name" and "city", not "product,name,price" or "city,population"), followed by rows with
the same number of cells (a quoted cell may hold the delimiter). It ends at the first line that
is not such a row. Empty cells and placeholders ("n/a", "-", "none") are no value; a PERSON or LOCATION
cell must hold a letter, a phone cell seven digits, an e-mail cell an "@".
"""

from __future__ import annotations

import re

from presidio_analyzer import LocalRecognizer, RecognizerResult

from privacy.entities import (DATE_OF_BIRTH, EMAIL_ADDRESS, LOCATION, PERSON, PHONE_NUMBER, POSTAL_CODE,
                              STREET_ADDRESS)

_HEADERS = {
    PERSON: ("name", "names", "full name", "fullname", "full_name", "first name", "firstname", "first_name", "first",
             "given name", "last name", "lastname", "last_name", "last", "surname", "family name", "contact",
             "contact name", "customer", "customer name", "client", "client name", "guest", "guest name", "tenant",
             "attendee", "member", "member name", "employee", "employee name", "student", "student name", "patient",
             "patient name", "parent", "guardian", "emergency contact", "owner", "recipient", "player", "participant"),
    PHONE_NUMBER: ("phone", "phone number", "phone_number", "phone no", "mobile", "mobile number", "cell", "cell phone",
                   "tel", "telephone", "whatsapp", "contact number", "number", "ph"),
    EMAIL_ADDRESS: ("email", "e-mail", "email address", "email_address", "mail"),
    STREET_ADDRESS: ("address", "street", "street address", "address line 1", "address1", "address_1", "addr",
                     "home address", "mailing address"),
    LOCATION: ("city", "town", "village", "suburb", "locality", "hometown", "home town", "city/town"),
    POSTAL_CODE: ("zip", "zip code", "zipcode", "postcode", "post code", "postal code", "postal_code", "pin",
                  "pincode", "pin code", "plz", "cap", "cep"),
    DATE_OF_BIRTH: ("dob", "d.o.b", "d.o.b.", "date of birth", "birthday", "birth date", "birthdate", "date_of_birth"),
}
_TYPE_OF = {h: etype for etype, heads in _HEADERS.items() for h in heads}
# headers that also head other tables ("product,name,price", "city,population", "pin,colour"):
# a table of them alone says nothing; two of them, or one beside a header of its own, do
_WEAK = frozenset({"name", "names", "first", "last", "number", "cell", "ph", "pin", "cap", "mail", "contact", "member",
                   "owner", "player", "participant", "recipient", "parent", "client", "customer", "student", "patient",
                   "guest", "employee", "attendee"} | set(_HEADERS[LOCATION]))
_DELIMITERS = (",", "\t", ";", "|")
_LABEL = re.compile(r"[A-Za-z][A-Za-z _#./-]{0,24}")
_PLACEHOLDER = frozenset({"", "-", "--", "n/a", "na", "none", "null", "nil", "?", "tbd", "unknown"})
_LETTER = re.compile(r"[^\W\d_]")
_DIGIT = re.compile(r"\d")
_SCORE = 0.8
_PLACE_SCORE = 0.85  # a town by its column's header stands against NER's "person" (engine.STRONG_PLACE)


def _split(line: str, delimiter: str) -> list[tuple[int, int]]:
    """The (start, end) of each cell's value in ``line``: quotes and padding left out, a quoted
    cell may hold the delimiter; a pipe table's outer bars open and close no cell."""
    lo, hi = 0, len(line)
    if delimiter == "|":
        stripped = line.strip()
        if stripped.startswith("|"):
            lo = line.index("|") + 1
        if stripped.endswith("|") and line.rindex("|") >= lo:
            hi = line.rindex("|")
    spans: list[tuple[int, int]] = []
    start, quoted = lo, False
    for pos in range(lo, hi + 1):
        ch = line[pos] if pos < hi else delimiter
        if ch == '"':
            quoted = not quoted
        elif ch == delimiter and not quoted:
            a, b = start, pos
            while a < b and line[a] in ' \t"':
                a += 1
            while b > a and line[b - 1] in ' \t"':
                b -= 1
            spans.append((a, b))
            start = pos + 1
    return spans


def _header(line: str) -> tuple[str, list[str | None]] | None:
    """The delimiter and each column's type, when ``line`` is a header naming personal data."""
    for delimiter in _DELIMITERS:
        if delimiter not in line:
            continue
        cells = [line[a:b] for a, b in _split(line, delimiter)]
        if len(cells) < 2 or not all(_LABEL.fullmatch(c) for c in cells):
            continue
        heads = [c.lower().rstrip(".:") for c in cells]
        types = [_TYPE_OF.get(h) for h in heads]
        weak = sum(1 for h, t in zip(heads, types) if t is not None and h in _WEAK)
        if sum(t is not None for t in types) > weak or weak >= 2:
            return delimiter, types
    return None


def _valid(etype: str, value: str) -> bool:
    if value.lower() in _PLACEHOLDER:
        return False
    if etype in (PERSON, LOCATION, STREET_ADDRESS):
        return _LETTER.search(value) is not None
    if etype == PHONE_NUMBER:
        return len(_DIGIT.findall(value)) >= 7
    if etype == EMAIL_ADDRESS:
        return "@" in value
    return _DIGIT.search(value) is not None or etype == DATE_OF_BIRTH and _LETTER.search(value) is not None


class TableColumnRecognizer(LocalRecognizer):
    """Cells of a delimited table under a header that names personal data (see the module docstring)."""

    def __init__(self) -> None:
        super().__init__(supported_entities=list(_HEADERS), name=type(self).__name__, supported_language="en")

    def load(self) -> None:  # noqa: D102 - nothing to load
        pass

    def analyze(self, text, entities, nlp_artifacts=None):  # noqa: D102
        if "\n" not in text or not any(d in text for d in _DELIMITERS):
            return []
        out: list[RecognizerResult] = []
        lines = text.split("\n")
        offsets = [0]
        for line in lines:
            offsets.append(offsets[-1] + len(line) + 1)
        i = 0
        while i < len(lines):
            head = _header(lines[i])
            if head is None:
                i += 1
                continue
            delimiter, types = head
            i += 1
            while i < len(lines) and lines[i].strip():
                out.extend(self._row(lines[i], offsets[i], delimiter, types))
                if len(_split(lines[i], delimiter)) != len(types):
                    break
                i += 1
        return out

    def _row(self, line: str, offset: int, delimiter: str, types: list[str | None]) -> list[RecognizerResult]:
        cells = _split(line, delimiter)
        if len(cells) != len(types):
            return []
        return [RecognizerResult(etype, offset + a, offset + b, _PLACE_SCORE if etype == LOCATION else _SCORE,
                                 recognition_metadata={RecognizerResult.RECOGNIZER_NAME_KEY: self.name,
                                                       RecognizerResult.RECOGNIZER_IDENTIFIER_KEY: self.id})
                for (a, b), etype in zip(cells, types) if etype is not None and _valid(etype, line[a:b])]
