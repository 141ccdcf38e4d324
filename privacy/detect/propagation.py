"""Propagation: a value found once is found everywhere else in the same contributor's data.

Whole-word and case-/accent-insensitive (Aho-Corasick over folded text). A person's full name
also propagates its parts (first name alone, surname alone). Guard: a single-word value that is
also a common word or a stop word ("Will", "May", "Bill", "Rose") is only propagated where it is
capitalised, and at the start of a sentence only as a person before a person's verb or possessive
("Grace is great", "Will said", never "May is the best month"); inside a longer matched name it
always is.
"""

from __future__ import annotations

import re

import ahocorasick
from spacy.lang.en.stop_words import STOP_WORDS

from privacy.detect.filters import public_places
from privacy.detect.gazetteer import english_zipf
from privacy.detect.recognizers.runs import STAMP_SUFFIX
from privacy.detect.textnorm import fold, whole_word
from privacy.detect.vocabulary import MONTHS, SEASONS
from privacy.entities import (
    ACCOUNT_NUMBER, CREDIT_CARD, EMAIL_ADDRESS, IBAN_CODE, IP_ADDRESS, LOCATION, PERSON, PHONE_NUMBER, POSTAL_CODE, SECRET,
    STREET_ADDRESS, URL, US_BANK_NUMBER, US_DRIVER_LICENSE, US_PASSPORT, US_SSN, USERNAME, VEHICLE_PLATE,
)

PROPAGATED_TYPES = frozenset({
    PERSON, LOCATION, EMAIL_ADDRESS, USERNAME, STREET_ADDRESS, ACCOUNT_NUMBER, SECRET, US_SSN, CREDIT_CARD,
    IBAN_CODE, US_BANK_NUMBER, US_PASSPORT, US_DRIVER_LICENSE, IP_ADDRESS, VEHICLE_PLATE, URL, PHONE_NUMBER,
})
# a postal code too long or too mixed to be a number of something else ("20621130", "SW1A 1AA") spreads
# like the rest; "2018" or "75001" found once as one does not
_DISTINCT_POSTCODE = re.compile(r"\d{6,}|\d{5}-\d{3,4}|(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{2,4} ?[A-Za-z\d]{3}")
_PARTICLES = frozenset("van von der den de del della da di du le la al el bin ibn ben dos das mac st jr sr".split())
_SENTENCE_END = ".!?\n:;\"'“‘([{*-#>|"
# what follows a person opening a sentence ("Grace is great", "Will said", "Summer's dad", a speaker's
# "Jordan (7:02 AM):", a task list's "- Hope presenting her dashboard"): a name
# that is also a word spreads there too; a month or season never does ("May is the best month")
_PERSON_NEXT = re.compile(r"(?:['’]s\b|[ \t]+(?:is|was|has|had|said|says|told|asked|texted|called|emailed|replied|"
                          r"wants|wanted|needs|needed|thinks|thought|will|would|can|could|just|and I|and me|forgot|"
                          r"isn't|wasn't|doesn't|didn't|won't|can't|hasn't|hadn't|[a-z]{3,}ing[ \t]+(?:her|his|their|the|a))\b|"
                          + STAMP_SUFFIX + r":(?!/))")
_CALENDAR = MONTHS | SEASONS | {"fall"}
# a word this frequent in English ("day", "will", "mark") spreads only where capitalised, even into a text
# typed all in lower case, where the corpus's own vocabulary says nothing
_EVERYDAY_ZIPF = 5.0
# a term's value in the automaton is one integer, not a Python object: its length, its type's index
# in _TYPES, whether the common-word guard holds and whether the term is a month or a season. A tuple
# and the term's own string per term were ~30% of a propagator's memory (issue 20: each detection
# worker holds one, and it grows with the export's values)
_TYPES = tuple(sorted(PROPAGATED_TYPES | {POSTAL_CODE}))
_TYPE_BITS = 5
assert len(_TYPES) <= 1 << _TYPE_BITS
_TYPE_INDEX = {t: i for i, t in enumerate(_TYPES)}
_TYPE_MASK = (1 << _TYPE_BITS) - 1


def _packed(term: str, etype: str, guard: bool) -> int:
    """The automaton's integer for ``term``: ``len << 7 | type << 2 | guard << 1 | calendar``."""
    return len(term) << (_TYPE_BITS + 2) | _TYPE_INDEX[etype] << 2 | bool(guard) << 1 | (term in _CALENDAR)


def _unpacked(value: int) -> tuple[int, str, bool, bool]:
    """``(length, entity_type, guard, calendar)`` of a term's integer (``_packed``)."""
    return value >> (_TYPE_BITS + 2), _TYPES[value >> 2 & _TYPE_MASK], bool(value & 2), bool(value & 1)


def _sentence_initial(text: str, start: int) -> bool:
    i = start - 1
    while i >= 0 and text[i] in " \t":
        i -= 1
    return i < 0 or text[i] in _SENTENCE_END


def propagation_terms(values, common_words: frozenset[str]) -> list[tuple[str, int]]:
    """What propagation looks for, from the (value, entity_type) pairs found in a first pass (in a
    fixed order: a term two values give takes the first's type): each folded term and its
    automaton integer (``_packed``), sorted by term."""
    terms: dict[str, tuple[str, bool]] = {}
    for value, etype in values:
        if etype not in PROPAGATED_TYPES and not (etype == POSTAL_CODE and _DISTINCT_POSTCODE.fullmatch(value.strip())):
            continue
        folded = " ".join(fold(value).split())
        candidates = [folded]
        if etype == PERSON and " " in folded:
            # the parts of a full name, but no country or particle ("Lisa Germany" spreads "lisa")
            candidates += [t for t in folded.split() if t not in _PARTICLES and t not in public_places()]
        if etype in (PERSON, LOCATION) and " " not in value.strip() and not value.strip()[:1].isupper():
            continue  # a lower-case single word is too weak a source to spread
        for t in candidates:
            t = t.strip(".,;:'\"")
            if len(t) < 3 or (t.isdigit() and len(t) < 5):
                continue
            single = " " not in t
            guard = single and (t in common_words or t in STOP_WORDS or (etype == LOCATION and len(t) < 4)
                                or english_zipf(t) >= _EVERYDAY_ZIPF)
            if t not in terms or (terms[t][1] and not guard):
                terms[t] = (etype, guard)
    return sorted((t, _packed(t, etype, guard)) for t, (etype, guard) in terms.items())


class Propagator:
    """Built from (value, entity_type) pairs found in a first pass, or from some of their
    ``propagation_terms`` (``of_terms``: those a batch can hold, privacy.detect.term_index);
    finds them in any text. Which terms were added in which order never changes what
    ``find`` returns for the terms it holds."""

    def __init__(self, values, common_words: frozenset[str]):
        self._build(propagation_terms(values, common_words))

    @classmethod
    def of_terms(cls, terms) -> "Propagator":
        """The automaton of ``(term, integer)`` pairs of ``propagation_terms``."""
        prop = cls.__new__(cls)
        prop._build(terms)
        return prop

    def _build(self, terms) -> None:
        self.automaton = ahocorasick.Automaton(ahocorasick.STORE_INTS)  # values: ``_packed``
        for t, value in terms:
            self.automaton.add_word(t, value)
        self.empty = not len(self.automaton)
        if not self.empty:
            self.automaton.make_automaton()

    def find(self, text: str, folded: str | None = None) -> list[tuple[int, int, str]]:
        if self.empty:
            return []
        folded = fold(text) if folded is None else folded
        out = []
        for end_idx, value in self.automaton.iter(folded):
            length, etype, guard, calendar = _unpacked(value)
            start, end = end_idx - length + 1, end_idx + 1
            if not whole_word(folded, start, end):
                continue
            if guard and (not text[start].isupper()
                          or (_sentence_initial(text, start) and not (etype == PERSON and _PERSON_NEXT.match(text, end)
                                                                       and not calendar))):
                continue
            out.append((start, end, etype))
        return out
