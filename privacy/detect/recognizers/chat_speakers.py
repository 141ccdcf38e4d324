"""The speakers of a pasted group chat, by the chat's structure rather than by name lists.

A text is a pasted chat when four lines or more open with a speaker label ("gaz: lads subs are a
fiver", "[19:05] rose: girls the venue …", "baba sikiru: good morning neighbours"), from two
speakers or more, one of whom speaks twice or more. Every label of such a chat names a person,
whatever the case and whether or not a list knows the name: nicknames ("robbo", "bebeng"),
word-names ("rose", "dawn", "pearl"), names of any country. Titles before the name stay
("baba", "mrs", "tita": the name is replaced, not the title), and so does what follows the
name in the label ("tolu flat 2").

Labels that are no one are left: roles and log levels ("user", "assistant", "error", "note",
"q"), a word general English uses (Zipf 3+) that is no given name ("update", "reminder", "run"), keys of
words joined by hyphens ("runs-on"), labels with digits, and indented lines (a document's keys).
"""

from __future__ import annotations

from collections import Counter

import regex
from presidio_analyzer import LocalRecognizer, RecognizerResult

from privacy.entities import PERSON
from privacy.detect import gazetteer as G
from privacy.detect.recognizers.runs import STAMP_PREFIX, STAMP_SUFFIX
from privacy.detect.vocabulary import is_common

_WORD = r"\p{L}[\p{L}\p{M}'’.\-]*"
_LABEL_LINE = regex.compile(r"(?m)^" + STAMP_PREFIX + r"(?P<label>" + _WORD + r"(?:[ \t](?:" + _WORD + r"|\d{1,3})){0,2})"
                            + STAMP_SUFFIX + r"[ \t]*:(?![/\d])[ \t]*\S")  # (not a time: "London Euston 07:00")
# what may stand before a name in a label: titles and kin words of many places
_TITLES = frozenset("mr mrs ms miss dr engr prof sir madam mama baba papa mummy daddy aunty auntie aunt uncle "
                    "tita tito kuya ate lola lolo nana nan gran granny grandma grandpa bro sis cousin big lil little "
                    "pastor deacon elder coach oga alhaji alhaja chief".split())
# labels of roles, logs and forms, never a speaker's name
_ROLES = frozenset("me you user assistant chatgpt gpt ai bot system admin mod moderator host guest customer agent "
                   "support q a question answer note notes edit update error warning info debug fatal tip tl tldr ps "
                   "subject re from to cc date time todo done step pros cons summary".split())
MIN_LINES = 4


def _name_part(label: str) -> tuple[int, int] | None:
    """The name's span inside a label: titles before it and a room, flat or number after it are left out."""
    words = list(regex.finditer(r"\S+", label))
    i = 0
    while i < len(words) - 1 and words[i].group().lower().strip(".") in _TITLES:
        i += 1
    name = [words[i]]
    if i + 1 < len(words) and not any(c.isdigit() for c in words[i + 1].group()) \
            and not is_common(words[i + 1].group().lower()) and words[i + 1].group().lower() not in _ROLES:
        name.append(words[i + 1])  # "kwame asante"; not "tolu flat", "sikiru 2"
    first = name[0].group().lower()
    if first in _ROLES or first in _TITLES or len(first) < 2 or any(c.isdigit() for c in first):
        return None
    if is_common(first) and not G.is_given(first) and G.english_zipf(G.fold_word(first)) >= 3.0:
        return None  # "update:", "reminder:", "run:" are no one ("rose:", "dawn:" are; "tolu:", a word
        # of a dictionary English text hardly uses, is a name)
    if "-" in first and not all(G.is_given(p) for p in first.split("-") if p):
        return None  # a key: "runs-on:", "node-version:" ("kerry-ann:" is someone)
    return name[0].start(), name[-1].end()


class ChatSpeakerRecognizer(LocalRecognizer):
    """Speaker labels of a pasted chat (see the module docstring)."""

    SCORE = 0.6

    def __init__(self) -> None:
        super().__init__(supported_entities=[PERSON], name=type(self).__name__, supported_language="en")

    def load(self) -> None:  # noqa: D102 - nothing to load
        pass

    def analyze(self, text, entities, nlp_artifacts=None):  # noqa: D102
        if ":" not in text or text.count("\n") < MIN_LINES - 1:
            return []
        # a speaker's line opens at the margin: an indented "key:" is a document's (YAML, code)
        lines = [m for m in _LABEL_LINE.finditer(text) if m.group()[:1] not in " \t"]
        if len(lines) < MIN_LINES:
            return []
        counts = Counter(m.group("label").lower() for m in lines)
        if len(counts) < 2 or max(counts.values()) < 2:
            return []
        out = []
        for m in lines:
            part = _name_part(m.group("label"))
            if part is not None:
                start = m.start("label")
                out.append(RecognizerResult(PERSON, start + part[0], start + part[1], self.SCORE,
                                            recognition_metadata={"recognizer_name": self.name,
                                                                  "recognizer_identifier": self.id}))
        return out
