"""Prefilters: cheap NECESSARY conditions checked before a recognizer's regexes run.

A ``Requires`` is a conjunction of clauses; each clause is a quick test on the text:

* ``words("cue", ...)``: one of these literals occurs, compared case-insensitively the way
  ``re.IGNORECASE`` compares them (on a folded copy of the text, made once per text and
  shared by every recognizer: ``folded``);
* ``cased("said", ...)``: one of these literals occurs as written (for case-sensitive rules);
* ``regex(r"\\d{4}")``: a compiled pattern finds a match (use the same engine and flags as
  the rule it stands for: ``re`` for ours, the ``regex`` module for Presidio's patterns);
* ``on_folded(r"\\b(?:zip|postcode)\\b")``: a pattern written in lower case, WITHOUT
  ``re.IGNORECASE``, finds a match in the folded text: the fast way to state a case-insensitive
  rule's cue words with their boundaries (Python's ``re`` is slow on case-insensitive
  alternations; on lower-case text it skips ahead by the first letters). Exact because
  folding maps each character to one character with the same ``\\w``/``\\s``/``\\d`` class,
  and every character ``re.IGNORECASE`` equates with a pattern letter folds to that letter
  (the test checks both for every code point and every letter these patterns use);
* ``any_of(clause, ...)``: one of several clauses holds.

The rule for writing one: every text on which the recognizer (or the rule) can return
anything MUST pass it. A prefilter may let through texts that give nothing (it is a
necessary condition, not a sufficient one), but never stop a text that gives something,
so results are identical with and without prefilters (tests/detect/test_prefilters.py
checks this on labelled corpora and the shared fixtures). Derive each clause from the
pattern itself: a literal every alternative contains, a digit run every match needs, a
context word a context-bound rule cannot do without.

Where they sit:

* our ``RegexRecognizer``s (privacy.detect.recognizers.base): ``REQUIRES`` on the class
  (checked first; ``[]`` at once when it fails) and ``Rule(..., requires=...)`` per rule
  (the rule is skipped when it fails);
* Presidio's predefined pattern recognizers: ``PRESIDIO`` below, applied to the loaded
  instances by ``gate_presidio(recognizers)``; each entry carries a fingerprint of the
  patterns it was written for, and a recognizer whose patterns differ (another Presidio
  version) is left ungated rather than gated wrongly; ``OfflineEmailRecognizer`` (needs "@")
  and ``GatedPhoneRecognizer`` (seven digits in one chain) check theirs in ``analyze``;
* work a recognizer can prove fruitless by its own checks, asked through ``enabled()``:
  ``LowercaseNameRecognizer`` drops candidates made only of stop words before asking for POS
  tags (it keeps only non-stop proper nouns).

``disabled()`` turns every prefilter off (for the equivalence test and the benchmark).
"""

from __future__ import annotations

import hashlib
import re
from contextlib import contextmanager
from typing import Iterable, Protocol

from presidio_analyzer import pattern_recognizer as _presidio_patterns

# Non-ASCII characters that re.IGNORECASE treats as equal to an ASCII letter. Complete:
# tests/detect/test_prefilters.py scans every code point.
_TO_ASCII = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})

_enabled = True
_last: tuple[str | None, str] = (None, "")


def folded(text: str) -> str:
    """``text`` lower-cased so that an ASCII literal matches ``re.IGNORECASE``-wise anywhere
    in ``text`` exactly when it is a substring of the result. One text is cached (every
    recognizer asks about the same text in turn); safe across threads (identity check)."""
    global _last
    last = _last
    if last[0] is text:
        return last[1]
    f = text.lower() if text.isascii() else text.translate(_TO_ASCII).lower()
    _last = (text, f)
    return f


class Clause(Protocol):
    def __call__(self, text: str) -> bool: ...


class _Words:
    __slots__ = ("lits", "fold")

    def __init__(self, lits: tuple[str, ...], fold: bool):
        self.lits, self.fold = lits, fold

    def __call__(self, text: str) -> bool:
        hay = folded(text) if self.fold else text
        for w in self.lits:
            if w in hay:
                return True
        return False

    def __repr__(self) -> str:
        return f"{'words' if self.fold else 'cased'}{self.lits!r}"


def words(*lits: str) -> Clause:
    """One of these ASCII literals occurs, case-insensitively (as ``re.IGNORECASE`` matches)."""
    for w in lits:
        if not w or not w.isascii():
            raise ValueError(f"words() takes non-empty ASCII literals (use fragments() or regex()): {w!r}")
    return _Words(_minimal(w.lower() for w in lits), True)


def _minimal(lits) -> tuple[str, ...]:
    """Drop literals containing another one (found whenever the shorter one is)."""
    uniq = sorted(set(lits), key=lambda w: (len(w), w))
    keep: list[str] = []
    for w in uniq:
        if not any(k in w for k in keep):
            keep.append(w)
    return tuple(keep)


def cased(*lits: str) -> Clause:
    """One of these literals occurs exactly as written."""
    if not all(lits):
        raise ValueError("cased() takes non-empty literals")
    return _Words(_minimal(lits), False)


class _Regex:
    __slots__ = ("search",)

    def __init__(self, pattern):
        self.search = pattern.search

    def __call__(self, text: str) -> bool:
        return self.search(text) is not None

    def __repr__(self) -> str:
        return f"regex({self.search.__self__.pattern!r})"


def regex(pattern, flags: int = 0) -> Clause:
    """A pattern finds a match: a compiled pattern (``re`` or ``regex``), or a string
    compiled with ``re`` and ``flags``."""
    return _Regex(re.compile(pattern, flags) if isinstance(pattern, str) else pattern)


class _OnFolded:
    __slots__ = ("search", "pattern")

    def __init__(self, pattern: str):
        self.pattern = pattern
        self.search = re.compile(pattern).search

    def __call__(self, text: str) -> bool:
        return self.search(folded(text)) is not None

    def __repr__(self) -> str:
        return f"on_folded({self.pattern!r})"


def on_folded(pattern: str) -> Clause:
    """A lower-case pattern (no IGNORECASE) searched in ``folded(text)``: true exactly when
    the same pattern with ``re.IGNORECASE`` finds a match in ``text``."""
    return _OnFolded(pattern)


class _AnyOf:
    __slots__ = ("clauses",)

    def __init__(self, clauses):
        self.clauses = clauses

    def __call__(self, text: str) -> bool:
        for c in self.clauses:
            if c(text):
                return True
        return False

    def __repr__(self) -> str:
        return f"any_of{self.clauses!r}"


def any_of(*clauses: Clause) -> Clause:
    return _AnyOf(clauses)


def fragments(*phrases: str) -> Clause:
    """``words()`` for a list of cue phrases as given to ``base.words`` (spaces match any
    whitespace there): the longest ASCII run of each phrase, which any match must contain."""
    out = []
    for p in phrases:
        runs = [r for tok in p.split() for r in re.split(r"[^\x00-\x7f]+", tok) if r]
        if not runs:
            raise ValueError(f"no ASCII fragment in {p!r}")
        out.append(max(runs, key=len))
    return words(*out)


class Requires:
    """All clauses hold (checked in order: put the cheapest, most selective first)."""

    __slots__ = ("clauses",)

    def __init__(self, *clauses: Clause):
        self.clauses = clauses

    def __call__(self, text: str) -> bool:
        if not _enabled:
            return True
        for c in self.clauses:
            if not c(text):
                return False
        return True

    def __repr__(self) -> str:
        return f"Requires{self.clauses!r}"


def enabled() -> bool:
    """False inside ``disabled()``: a recognizer skipping other provably fruitless work (e.g.
    candidates that cannot survive its own checks) asks this too."""
    return _enabled


@contextmanager
def disabled():
    """Run every recognizer without its prefilters (equivalence tests, benchmarks)."""
    global _enabled
    before, _enabled = _enabled, False
    try:
        yield
    finally:
        _enabled = before


# --- Presidio's predefined recognizers ------------------------------------------------------

def fingerprint(recognizer) -> str:
    """Short hash of a pattern recognizer's regexes and flags (what a prefilter was derived from)."""
    pats = getattr(recognizer, "patterns", None) or ()
    src = "\n".join(p.regex for p in pats) + f"\n{getattr(recognizer, 'global_regex_flags', None)!r}"
    return hashlib.sha256(src.encode()).hexdigest()[:12]


# name -> (fingerprint of the patterns, necessary pattern). The pattern is compiled the way
# Presidio compiles its patterns: with the module ``pattern_recognizer`` uses (``regex``) and the
# recognizer's own flags (I|M|S), so ``\d``, ``[A-Z]`` and case mean the same in both.
PRESIDIO: dict[str, tuple[str, str]] = {
    # (4\d{3}|5[0-5]\d{2}|6\d{3}|1\d{3}|3\d{3}) [- ]? \d{3,4} ...
    "CreditCardRecognizer": ("47a73b0b942f", r"\d{4}[- ]?\d{3}"),
    # \b[0-9]{8,17}\b
    "UsBankRecognizer": ("a830671c7264", r"[0-9]{8}"),
    # each alternative: a letter next to a digit (the "A-Z]{2}" typo: "]" then a digit) or 6+ digits
    "UsLicenseRecognizer": ("eef65ad93212", r"[A-Z][0-9]|[0-9][A-Z]|\][0-9]|[0-9]{6}"),
    # \b9\d{2}... in every pattern
    "UsItinRecognizer": ("ec0315c6949a", r"9\d{2}"),
    # [0-9]{9} / [A-Z][0-9]{8}
    "UsPassportRecognizer": ("81497e9ca395", r"[0-9]{8}"),
    # 5-4, 3-6, 3-2-4, 9 digits, 3[- .]2[- .]4: three digits, an optional separator, two digits
    "UsSsnRecognizer": ("ea1d91e5b9fb", r"[0-9]{3}[- .]?[0-9]{2}"),
    # [0-9]{3}[- ]?[0-9]{3}[- ]?[0-9]{4}
    "NhsRecognizer": ("76426b303e70", r"[0-9]{3}[- ]?[0-9]{3}"),
    # (bc1|[13])[a-zA-HJ-NP-Z0-9]{25,59}: "bc1" ends in 1
    "CryptoRecognizer": ("710a6881e880", r"[13][a-zA-HJ-NP-Z0-9]{25}"),
    # every date pattern has a digit next to a - / . separator (MMM-yyyy: "-" then a digit)
    "DateRecognizer": ("da16c9e812fc", r"\d[-/.]|-\d"),
    # [A-Z]{2}[0-9]{2}(?:[ -]?[A-Z0-9]{4}){2,6}...
    "IbanRecognizer": ("4f3560479ab6", r"[A-Z]{2}[0-9]{2}"),
    # the same patterns read in capitals only (privacy.detect.engine adds it)
    "IbanCapitalsRecognizer": ("5408878bd378", r"[A-Z]{2}[0-9]{2}"),
    # IPv4 needs digit.digit; every IPv6 form (and the mapped/embedded IPv4) has "::" or a hex
    # digit before a colon
    "IpRecognizer": ("0744a4ca5881", r"[0-9A-F]:|::|[0-9]\.[0-9]"),
    # ...\d{7} in both alternatives
    "MedicalLicenseRecognizer": ("367e5f31d338", r"\d{7}"),
    # hh[:-]hh... / hhhh.hhhh.hhhh
    "MacAddressRecognizer": ("bdb1568c134a", r"[0-9A-F]{2}[:-][0-9A-F]{2}[:-]|[0-9A-F]{4}\.[0-9A-F]{4}\."),
    # hhhhhhhh-hhhh-hhhh-hhhh-hhhhhhhhhhhh
    "UuidRecognizer": ("2c739d73466b", r"-[0-9A-F]{4}-[0-9A-F]{4}-"),
}


def presidio_requires(recognizer) -> Requires | None:
    """The prefilter for one loaded Presidio recognizer, or None when there is none or its
    patterns are not the ones the prefilter was written for."""
    entry = PRESIDIO.get(recognizer.name)
    if entry is None or fingerprint(recognizer) != entry[0]:
        return None
    flags = getattr(recognizer, "global_regex_flags", None) or 0
    return Requires(regex(_presidio_patterns.re.compile(entry[1], flags)))


def gate(recognizer, requires: Requires) -> None:
    """Make ``recognizer.analyze`` return ``[]`` at once on texts failing ``requires``."""
    inner = recognizer.analyze

    def analyze(text, entities, nlp_artifacts=None, *args, **kwargs):
        if not requires(text):
            return []
        return inner(text, entities, nlp_artifacts, *args, **kwargs)

    recognizer.analyze = analyze


def gate_presidio(recognizers: Iterable) -> list[str]:
    """Gate each of Presidio's predefined recognizers we have a prefilter for; returns the
    names gated (others, e.g. ``SpacyRecognizer`` or changed patterns, run as before)."""
    done = []
    for rec in recognizers:
        req = presidio_requires(rec)
        if req is not None:
            gate(rec, req)
            done.append(rec.name)
    return done
