"""The NER gate: which parts of a text the NER model reads.

NER is the one expensive step of detection (profile in docs/benchmarks.md). The entity types
it contributes here are names, places, nationalities (PERSON, LOC/GPE/FAC, NORP) and specific
dates; in text written with normal capitalisation, a sentence can hold one of those only if
it has a capitalised word that is not just the sentence's first function word ("The", "This",
"I"), or a specific date (a year, a numeric date, a month with a day — the only dates the
filters keep). Common words are no evidence wherever they stand ("The", "Note", "Happy",
"Python", "Previously": privacy.detect.vocabulary — stop words, frequent English words and
the words a dictionary gives in lower case only, minus every given name, surname and place
word we know: "Will", "Rose", "Song", "Reading" stay evidence); a sentence's first word
is no evidence either when the same text also writes it in lower case. Nor is code
("TypeError", "SMTP_USER", "typing.Generic": the filters drop any name or place containing
it), a word with a digit ("P1", "UTF-8"), a short acronym that names no place ("PEP", "API";
"UK" and "NYC" are evidence), "E.g", a single letter (with a prime: "G'"), an inflection of a
common word ("Changed", "Functions"), a compound of common words ("User-defined"), or a word
of the allow list. A version or decimal number ("3.8", "3.11.4") is no date. ``ner_windows`` cuts a text at sentence ends and line breaks and keeps the
runs of sentences that pass that test; the engine runs NER on those windows only and maps
the entities back into the whole text's doc. Pattern recognizers, the identity pass and
propagation still read every character.

A text written without capitals (its first letter is lower case, or it has no upper-case
letter at all: "met anna at the station") gives no such evidence and goes to NER whole, as
does a text whose windows cover most of it; so does a prose sentence that starts with three
lower-case words inside a capitalised text ("i had a fight with ludovico"). The gate is the ``ner_gate`` detection setting
(on by default; ``privacy scrub --no-ner-gate`` turns it off). What it costs in recall and
saves in NER work is measured in docs/benchmarks.md ("The NER gate").
"""

from __future__ import annotations

import re

from privacy.detect.filters import CODE_CHARS, SPECIFIC_DATE
from privacy.detect.vocabulary import is_common, is_plain_acronym, name_words

# A sentence ends at a line break (unless the next line goes on in lower case: hard-wrapped
# text), or at . ! ? … followed by white space — unless the "."
# closes an abbreviation or initial ("Dr.", "ul.", "e.g.", "U.S.", "J."): they do not cut a name off its context.
_BOUNDARY = re.compile(r"\n(?![ \t]*[a-z])|(?<=[.!?…])[ \t]+")
_ABBREV = re.compile(r"(?:^|[\s(\"'“])(?:[^\W\d_]|[A-Z][a-z]{1,2}|(?:[^\W\d_]\.)+[^\W\d_]|"
                     r"ul|al|str|ave|rd|vs|approx|nr|tel|ca|dept)\.$")
_WORD = re.compile(r"[^\W\d_][\w'’.\-]*")
# Markup before a sentence's first word: quotes, bullets, headings, numbering, emphasis.
_LEAD = re.compile(r"[\s>#*_`\-+•|\"'“‘(\[]*(?:\d{1,3}[.)]\s+)?[\s*_`\"'“‘(\[]*")
_POSSESSIVE = re.compile(r"['’]s$")
_LOWER_WORD = re.compile(r"(?<![\w'’-])[a-z]{2,}(?![\w'’-])")
# A prose sentence written without capitals: three lower-case words first, no code around.
_UNCASED_SENTENCE = re.compile(r"[a-z][a-z'’]*,?[ \t]+[a-z][a-z'’]*,?[ \t]+[a-z][a-z'’]*(?![^\n]*[=(){};<>\[\]`])")
_PRONOUN_I = frozenset({"I", "I'm", "I’m", "I've", "I’ve", "I'd", "I’d", "I'll", "I’ll"})
# Words of context NER reads after and before each window.
PAD_WORDS = 4
PAD_WORDS_BEFORE = 2
_SPACE = re.compile(r"\s+")
_DIGIT = re.compile(r"\d")
_MODULE_PATH = re.compile(r"[a-z][a-z0-9_]+\.\w")  # "typing.Generic", "collections.abc.Sequence"
_LATIN_ABBREV = re.compile(r"[A-Za-z]\.[a-z]$")  # "E.g", "I.e", "C.f" (full stop stripped)
_DOTTED_NUMBER = re.compile(r"\d+(?:\.\d+)+$")
# Above this share of the text, NER reads the whole text (one doc, no assembly).
WHOLE_SHARE = 0.8


def is_cased(text: str) -> bool:
    """True when the writer uses capitals: some upper-case letter, and the first letter is not lower case."""
    for c in text:
        if c.isalpha():
            if c.islower():
                return False
            break
    return any(map(str.isupper, text))


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


def may_hold_entity(sentence: str, local_words: frozenset[str] = frozenset(),
                    allowed: frozenset[str] = frozenset()) -> bool:
    """Could NER find a kept entity in this (normally capitalised) sentence? ``local_words``:
    words the same text writes in lower case, no evidence of a name as its first word either;
    ``allowed``: lower-cased single words of the allow list (a name or place made of them is dropped)."""
    names = name_words()
    lead = _LEAD.match(sentence).end()
    if _UNCASED_SENTENCE.match(sentence, lead):
        return True  # written without capitals: no evidence either way ("i met ludovico there")
    first = True
    for m in _WORD.finditer(sentence, lead):
        if _is_evidence(m.group(), first, local_words, allowed, names):
            return True
        first = False
    return any(_is_date(d.group()) for d in SPECIFIC_DATE.finditer(sentence))


def _is_evidence(word: str, first: bool, local_words, allowed, names) -> bool:
    """A capitalised word that may be (part of) a name or place: see the module docstring."""
    w = word.rstrip(".'’")  # a sentence's full stop, a prime ("G'")
    if len(w) < 2 or w in _PRONOUN_I or not any(map(str.isupper, w)):
        return False
    if CODE_CHARS.search(w) or _DIGIT.search(w) or _MODULE_PATH.match(w) or _LATIN_ABBREV.match(w) or is_plain_acronym(w):
        return False
    base = _POSSESSIVE.sub("", w).lower()
    if base in allowed or (first and base in local_words and base not in names):
        return False
    # a compound is common when each part is ("User-defined"; "Jean-Luc", "Al-Hassan" are not)
    return not all(is_common(part) for part in base.split("-") if part)


def _is_date(match: str) -> bool:
    """A specific date, not a version or decimal number: a match made of digits and dots
    counts only as day.month.year ("28.01.2019"), not "3.8", "3.11.4" or "14.0.0"."""
    if not _DOTTED_NUMBER.match(match):
        return True
    parts = match.split(".")
    return len(parts) == 3 and 1 <= int(parts[0]) <= 31 and 1 <= int(parts[1]) <= 12 and len(parts[2]) in (2, 4)


def ner_windows(text: str, allowed: frozenset[str] = frozenset()) -> list[tuple[int, int]]:
    """The spans of ``text`` NER should read, in order and disjoint: ``[(0, len(text))]`` for a
    text read whole, ``[]`` when no sentence could hold an entity. ``allowed``: see ``may_hold_entity``."""
    n = len(text)
    if not is_cased(text):
        return [(0, n)]
    local = frozenset(_LOWER_WORD.findall(text))
    out: list[tuple[int, int]] = []
    for a, b in sentences(text):
        if may_hold_entity(text[a:b], local, allowed):
            if out and not text[out[-1][1]:a].strip():
                out[-1] = (out[-1][0], b)  # neighbouring sentences stay one window
            else:
                out.append((a, b))
    out = _padded(text, out)
    if sum(b - a for a, b in out) >= WHOLE_SHARE * n:
        return [(0, n)]
    return out


def _padded(text: str, windows: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Each window widened by ``PAD_WORDS`` words of the text after it (the NER model looks
    ahead before ending an entity) and ``PAD_WORDS_BEFORE`` words before it (a heading such as
    "Shipping address:" decides whether the next line's "Mcintoshbury" is a place),
    overlapping windows merged."""
    out: list[tuple[int, int]] = []
    for a, b in windows:
        cuts = [m.start() for m in _SPACE.finditer(text, b, min(len(text), b + 12 * PAD_WORDS))]
        if len(cuts) > PAD_WORDS:
            b = cuts[PAD_WORDS]
        elif len(text) - b < 12 * PAD_WORDS:
            b = len(text)
        lo = max(0, a - 12 * PAD_WORDS_BEFORE)
        starts = [m.end() for m in _SPACE.finditer(text, lo, a) if m.end() < a]
        if len(starts) >= PAD_WORDS_BEFORE:
            a = starts[-PAD_WORDS_BEFORE]
        elif lo == 0:
            a = 0
        elif starts:
            a = starts[0]
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(b, out[-1][1]))
        else:
            out.append((a, b))
    return out
