"""The NER gate: which parts of a text the NER model reads.

NER is the one expensive step of detection (profile in docs/benchmarks.md). The entity types
it contributes here are names, places, nationalities (PERSON, LOC/GPE/FAC, NORP) and specific
dates; in text written with normal capitalisation, a sentence can hold one of those only if
it has a capitalised word that is not just the sentence's first function word ("The", "This",
"I"), or a specific date (a year, a numeric date, a month with a day — the only dates the
filters keep). ``ner_windows`` cuts a text at sentence ends and line breaks and keeps the
runs of sentences that pass that test; the engine runs NER on those windows only and maps
the entities back into the whole text's doc. Pattern recognizers, the identity pass and
propagation still read every character.

A text written without capitals (its first letter is lower case, or it has no upper-case
letter at all: "met anna at the station") gives no such evidence and goes to NER whole, as
does a text whose windows cover most of it. The gate is the ``ner_gate`` detection setting
(on by default; ``privacy scrub --no-ner-gate`` turns it off). What it costs in recall and
saves in NER work is measured in docs/benchmarks.md ("The NER gate").
"""

from __future__ import annotations

import re
from functools import lru_cache

from spacy.lang.en.stop_words import STOP_WORDS

from privacy.detect.allow_list import read_common_word_names
from privacy.detect.filters import SPECIFIC_DATE

# A sentence ends at a line break, or at . ! ? … followed by white space — unless the "."
# closes an abbreviation or initial ("Dr.", "ul.", "e.g.", "U.S.", "J."): they do not cut a name off its context.
_BOUNDARY = re.compile(r"\n|(?<=[.!?…])[ \t]+")
_ABBREV = re.compile(r"(?:^|[\s(\"'“])(?:[^\W\d_]|[A-Z][a-z]{1,2}|(?:[^\W\d_]\.)+[^\W\d_]|"
                     r"ul|al|str|ave|rd|vs|approx|nr|tel|ca|dept)\.$")
_WORD = re.compile(r"[^\W\d_][\w'’.\-]*")
# Markup before a sentence's first word: quotes, bullets, headings, numbering, emphasis.
_LEAD = re.compile(r"[\s>#*_`\-+•|\"'“‘(\[]*(?:\d{1,3}[.)]\s+)?[\s*_`\"'“‘(\[]*")
_PRONOUN_I = frozenset({"I", "I'm", "I’m", "I've", "I’ve", "I'd", "I’d", "I'll", "I’ll"})
# Above this share of the text, NER reads the whole text (one doc, no assembly).
WHOLE_SHARE = 0.8


@lru_cache(maxsize=1)
def sentence_starters() -> frozenset[str]:
    """Words that, capitalised as a sentence's first word, are no evidence of a name:
    spaCy's English stop words and chat openers, minus words that are also given names."""
    chat = {"yes", "no", "thanks", "thank", "please", "sure", "great", "okay", "ok", "hi", "hello", "hey",
            "i'm", "i’m", "i've", "i’ve", "i'd", "i’d", "i'll", "i’ll"}
    return frozenset((set(STOP_WORDS) | chat) - read_common_word_names())


def is_cased(text: str) -> bool:
    """True when the writer uses capitals: some upper-case letter, and the first letter is not lower case."""
    for c in text:
        if c.isalpha():
            if c.islower():
                return False
            break
    return any(c.isupper() for c in text)


def sentences(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each sentence or line of ``text`` (boundaries excluded, empty ones dropped)."""
    out: list[tuple[int, int]] = []
    start = 0
    for m in _BOUNDARY.finditer(text):
        if m.group() != "\n" and text[m.start() - 1] == "." and _ABBREV.search(text, max(start, m.start() - 8), m.start()):
            continue
        if m.start() > start:
            out.append((start, m.start()))
        start = m.end()
    if start < len(text):
        out.append((start, len(text)))
    return out


def may_hold_entity(sentence: str) -> bool:
    """Could NER find a kept entity in this (normally capitalised) sentence?"""
    starters = sentence_starters()
    first = True
    for m in _WORD.finditer(sentence, _LEAD.match(sentence).end()):
        w = m.group()
        if w not in _PRONOUN_I and any(c.isupper() for c in w):
            if not (first and w.lower() in starters):
                return True
        first = False
    return SPECIFIC_DATE.search(sentence) is not None


def ner_windows(text: str) -> list[tuple[int, int]]:
    """The spans of ``text`` NER should read, in order and disjoint: ``[(0, len(text))]`` for a
    text read whole, ``[]`` when no sentence could hold an entity."""
    n = len(text)
    if not is_cased(text):
        return [(0, n)]
    out: list[tuple[int, int]] = []
    for a, b in sentences(text):
        if may_hold_entity(text[a:b]):
            if out and not text[out[-1][1]:a].strip():
                out[-1] = (out[-1][0], b)  # neighbouring sentences stay one window
            else:
                out.append((a, b))
    if sum(b - a for a, b in out) >= WHOLE_SHARE * n:
        return [(0, n)]
    return out
