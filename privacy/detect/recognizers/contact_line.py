"""Contact lines: a name and its phone number alone on a line, a name before its e-mail address.

"Gwladys Tchoumba +237 6 77 41 20 93⏎Yerlan Bekmuratov 8 (701) 455-12-38⏎Inti Huamanchumo +51
984 203 617": a line made of two to four capitalised words and a run of digit groups (8 to 15
digits, spaces, dots, hyphens, brackets, an optional "+") is a person and their number, whatever
the country's number format or whether NER knows the name. A separator may stand between them
(":", ",", "-", "–"). The words must not be ordinary words unless they are given names or
surnames, so "Customer Service 0800 123 4567" or "Office Line 020 7946 0000" are no person.

A mail header's display name, in any case, is the person whose address follows it in angle
brackets: "from: wren halloway <wren.h@fastmail.com>", "Cc: Ngozi Eze <ngozi@…>" (by the same
guard, not "Customer Service <help@…>").
"""

from __future__ import annotations

import regex
from presidio_analyzer import LocalRecognizer, RecognizerResult

from privacy.entities import PERSON, PHONE_NUMBER
from privacy.detect import gazetteer as G
from privacy.detect.vocabulary import is_common

_WORD = r"\p{Lu}[\p{L}\p{M}'’.\-]*"
_LINE = regex.compile(r"(?m)^[ \t>*•-]*(?P<name>" + _WORD + r"(?:[ \t]+" + _WORD + r"){1,3})[ \t]*[:,–—-]?[ \t]*"
                      r"(?P<phone>\+?\(?\d[\d \t().\-]{6,22}\d)[ \t]*$")
_DIGIT = regex.compile(r"\d")
_DISPLAY_NAME = regex.compile(r"(?:^|(?<=[:,;]))[ \t]*[\"']?(?P<name>\p{L}[\p{L}\p{M}'’.\-]*(?:[ \t]+\p{L}[\p{L}\p{M}'’.\-]*){0,3})"
                              r"[\"']?[ \t]*<[^<>@\s]+@[^<>\s]+>", regex.M)
_SCORE = 0.7


def _name_like(value: str) -> bool:
    words = value.split()
    return all(G.is_given(w) or G.is_surname(w) or not is_common(w.lower().strip(".'’")) for w in words) \
        and any(len(w.strip(".")) > 1 for w in words)


class ContactLineRecognizer(LocalRecognizer):
    """A name and a phone number alone on a line (see the module docstring)."""

    def __init__(self) -> None:
        super().__init__(supported_entities=[PERSON, PHONE_NUMBER], name=type(self).__name__, supported_language="en")

    def load(self) -> None:  # noqa: D102 - nothing to load
        pass

    def analyze(self, text, entities, nlp_artifacts=None):  # noqa: D102
        out = []
        if "<" in text and "@" in text:
            for m in _DISPLAY_NAME.finditer(text):
                if _name_like(m.group("name")) and not all(is_common(w.lower().strip(".")) for w in m.group("name").split()):
                    out.append(self._result(PERSON, m.start("name"), m.end("name")))
        if len(_DIGIT.findall(text)) < 8:
            return out
        for m in _LINE.finditer(text):
            digits = len(_DIGIT.findall(m.group("phone")))
            if not 8 <= digits <= 15 or not _name_like(m.group("name")):
                continue
            for group, etype in (("name", PERSON), ("phone", PHONE_NUMBER)):
                out.append(self._result(etype, m.start(group), m.end(group)))
        return out

    def _result(self, etype: str, start: int, end: int) -> RecognizerResult:
        return RecognizerResult(etype, start, end, _SCORE, recognition_metadata={
            RecognizerResult.RECOGNIZER_NAME_KEY: self.name, RecognizerResult.RECOGNIZER_IDENTIFIER_KEY: self.id})
