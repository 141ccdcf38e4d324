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


# One clause object per distinct clause (``_interned``), each remembering its answer for the last
# text it was asked about: the same clause written for several rules or recognizers (``regex(r"\d")``
# for four recognizers, a rule's cue pattern repeated for its lower-case twin) is evaluated once per
# text. Recognizers ask about one text after another; the check is by identity (safe across threads).
_CLAUSES: dict = {}


def _interned(key, make):
    clause = _CLAUSES.get(key)
    if clause is None:
        clause = _CLAUSES.setdefault(key, make())
    return clause


class _Words:
    __slots__ = ("lits", "fold", "last")

    def __init__(self, lits: tuple[str, ...], fold: bool):
        self.lits, self.fold = lits, fold
        self.last = (None, False)

    def __call__(self, text: str) -> bool:
        last = self.last
        if last[0] is text:
            return last[1]
        hay = folded(text) if self.fold else text
        found = False
        for w in self.lits:
            if w in hay:
                found = True
                break
        self.last = (text, found)
        return found

    def __repr__(self) -> str:
        return f"{'words' if self.fold else 'cased'}{self.lits!r}"


def words(*lits: str) -> Clause:
    """One of these ASCII literals occurs, case-insensitively (as ``re.IGNORECASE`` matches)."""
    for w in lits:
        if not w or not w.isascii():
            raise ValueError(f"words() takes non-empty ASCII literals (use fragments() or regex()): {w!r}")
    lits = _minimal(w.lower() for w in lits)
    return _interned(("words", lits), lambda: _Words(lits, True))


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
    lits = _minimal(lits)
    return _interned(("cased", lits), lambda: _Words(lits, False))


class _Regex:
    __slots__ = ("compiled", "search", "last")

    def __init__(self, pattern):
        self.compiled = pattern
        # a clause asks only whether there is a match: ``re`` patterns search with their
        # alternatives factored (``existence_pattern``)
        self.search = (re.compile(existence_pattern(pattern.pattern, pattern.flags), pattern.flags)
                       if type(pattern) is re.Pattern else pattern).search
        self.last = (None, False)

    def __call__(self, text: str) -> bool:
        last = self.last
        if last[0] is text:
            return last[1]
        found = self.search(text) is not None
        self.last = (text, found)
        return found

    def __repr__(self) -> str:
        return f"regex({self.compiled.pattern!r})"


def regex(pattern, flags: int = 0) -> Clause:
    """A pattern finds a match: a compiled pattern (``re`` or ``regex``), or a string
    compiled with ``re`` and ``flags``."""
    if isinstance(pattern, str):
        pattern = re.compile(pattern, flags)
    return _interned(("regex", type(pattern), pattern.pattern, pattern.flags), lambda: _Regex(pattern))


class _OnFolded:
    __slots__ = ("search", "pattern", "last")

    def __init__(self, pattern: str):
        self.pattern = pattern
        self.search = re.compile(existence_pattern(pattern, 0)).search
        self.last = (None, False)

    def __call__(self, text: str) -> bool:
        last = self.last
        if last[0] is text:
            return last[1]
        found = self.search(folded(text)) is not None
        self.last = (text, found)
        return found

    def __repr__(self) -> str:
        return f"on_folded({self.pattern!r})"


def on_folded(pattern: str) -> Clause:
    """A lower-case pattern (no IGNORECASE) searched in ``folded(text)``: true exactly when
    the same pattern with ``re.IGNORECASE`` finds a match in ``text``."""
    return _interned(("on_folded", pattern), lambda: _OnFolded(pattern))


# --- searching for existence: alternatives factored ------------------------------------------
#
# Python's ``re`` tries an alternation's alternatives one after the other at every position of
# the text: a cue list of 60 phrases costs 60 tries per character. A clause only asks whether
# there is a match anywhere, and the set of strings an alternation matches does not depend on
# the order of its alternatives, nor on writing ``XA|XB`` as ``X(?:A|B)``. So the alternatives of
# the pattern's top-level alternation (or of one top-level ``(?:…|…)`` group) are put in a trie
# of their atoms (an escape, a class, a group, a character, each with its quantifier): the
# same matches, each first atom tried once. A pattern this reader does not follow (verbose,
# backreferences, conditionals, fewer than ``MIN_ALTERNATIVES`` alternatives that do not share
# their first atom) is searched as written. tests/detect/test_prefilter_factoring.py compares
# both, position by position, on texts made of each pattern's pieces, and on the corpora.

MIN_ALTERNATIVES = 8  # below this, the factored search was no faster (Python 3.11's re)
_QUANTIFIER = re.compile(r"(?:[*+?]|\{\d*(?:,\d*)?\})[?+]?")


def _class_end(s: str, i: int) -> int:
    """The index after the character class that starts at ``s[i] == "["`` (-1: unterminated)."""
    j = i + 1
    if j < len(s) and s[j] == "^":
        j += 1
    if j < len(s) and s[j] == "]":
        j += 1
    while j < len(s) and s[j] != "]":
        j += 2 if s[j] == "\\" else 1
    return j + 1 if j < len(s) else -1


def _alternatives(s: str) -> list[list[str]] | None:
    """``s`` split at its top-level ``|`` into alternatives, each a list of atoms; None for
    what this reader does not follow."""
    alts: list[list[str]] = []
    cur: list[str] = []
    i, n = 0, len(s)
    while i < n:
        c = s[i]
        if c == "|":
            alts.append(cur)
            cur = []
            i += 1
            continue
        if c == "\\":
            if i + 1 >= n or s[i + 1].isdigit() or s[i + 1] in "gkxuUN":
                return None  # backreferences and escapes of varying length
            j = i + 2
        elif c == "[":
            j = _class_end(s, i)
            if j < 0:
                return None
        elif c == "(":
            if s.startswith("(?P=", i) or s.startswith("(?(", i) or s.startswith("(?#", i):
                return None
            depth, j = 0, i
            while j < n:
                if s[j] == "\\":
                    j += 2
                    continue
                if s[j] == "[":
                    j = _class_end(s, j)
                    if j < 0:
                        return None
                    continue
                depth += {"(": 1, ")": -1}.get(s[j], 0)
                j += 1
                if depth == 0:
                    break
            if depth:
                return None
        elif c in ")*+?{":
            return None
        else:
            j = i + 1
        m = _QUANTIFIER.match(s, j)
        if m:
            j = m.end()
        cur.append(s[i:j])
        i = j
    alts.append(cur)
    return alts


def _trie(alts: list[list[str]]) -> str:
    root: dict = {}
    for atoms in alts:
        node = root
        for atom in atoms:
            node = node.setdefault(atom, {})
        node[None] = {}

    def emit(node: dict) -> str:
        parts = [atom + emit(child) for atom, child in node.items() if atom is not None]
        if not parts:
            return ""
        if len(parts) == 1 and None not in node:
            return parts[0]
        return "(?:" + "|".join(parts) + ")" + ("?" if None in node else "")

    return emit(root)


_ONE_CHARACTER = re.compile(r"\\[dDwWsS]|\[(?:[^\]\\]|\\.)+\]|[^\\\[\](){}|*+?.^$]")
_AT_LEAST_ONE = re.compile(r"\{(\d+)(?:(,)(\d*))?\}|\+")


def _split_first(atoms: list[str]) -> list[str]:
    """A first atom matching one character with a quantifier of at least one (``\\d{4}``,
    ``[a-z]+``) written as that character and the rest (``\\d\\d{3}``, ``[a-z][a-z]*``): the
    same strings, and a pattern that starts with one character class lets ``re`` skip to the
    positions where it can start (``\\d{9}|\\d{3}[ -]…`` searched 4x faster as
    ``\\d(?:\\d{8}|\\d{2}[ -]…)``)."""
    if not atoms:
        return atoms
    m = _ONE_CHARACTER.match(atoms[0])
    q = _AT_LEAST_ONE.fullmatch(atoms[0], m.end()) if m else None
    if q is None:
        return atoms
    one = atoms[0][: m.end()]
    if q.group(0) == "+":
        rest = one + "*"
    else:
        low = int(q.group(1))
        if low < 1:
            return atoms
        if q.group(2) is None:
            rest = one + "{%d}" % (low - 1) if low > 1 else ""
        elif q.group(3):
            if int(q.group(3)) < low:
                return atoms
            rest = one + "{%d,%d}" % (low - 1, int(q.group(3)) - 1)
        else:
            rest = one + "{%d,}" % (low - 1)
    return [one] + ([rest] if rest else []) + atoms[1:]


def existence_pattern(pattern: str, flags: int = 0) -> str:
    """A pattern with a match in exactly the texts where ``pattern`` has one (above); ``pattern``
    itself when it has no alternation to factor or is not understood."""
    if flags & re.VERBOSE or "(?x" in pattern:
        return pattern
    top = _alternatives(pattern)
    if top is None or not all(top):
        return pattern
    top = [_split_first(atoms) for atoms in top]
    if len(top) > 1:
        # many alternatives, or alternatives that all start with the same atom
        out = _trie(top) if len(top) >= MIN_ALTERNATIVES or len({a[0] for a in top}) == 1 else pattern
    else:
        atoms = list(top[0])
        for k, atom in enumerate(atoms):
            if atom.startswith("(?:") and atom.endswith(")"):
                inner = _alternatives(atom[3:-1])
                if inner is not None and len(inner) >= MIN_ALTERNATIVES and all(inner):
                    atoms[k] = "(?:" + _trie(inner) + ")"
                    break
        out = "".join(atoms)
    if out == pattern:
        return pattern
    try:
        re.compile(out, flags)
    except re.error:
        return pattern
    return out


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


_SCOPED_FLAGS = ((re.IGNORECASE, "i"), (re.MULTILINE, "m"), (re.DOTALL, "s"), (re.VERBOSE, "x"), (re.ASCII, "a"))


def any_pattern(*patterns: re.Pattern) -> Clause:
    """One of these ``re`` patterns finds a match: one search of their alternation (a text has a
    match of ``A|B`` exactly when ``A`` or ``B`` has one), factored like any clause
    (``existence_pattern``), so a look-behind or cue the patterns open with is tried once per
    position, not once per pattern. A pattern with flags is searched inside a group of its own flags."""
    return regex("|".join(_alternative(p) for p in patterns))


def _alternative(pattern: re.Pattern) -> str:
    """``pattern`` as one alternative of an alternation: as written when it is one sequence
    (so its first atoms can be shared), else grouped; its flags scoped to it."""
    flags = pattern.flags & ~re.UNICODE
    letters = "".join(letter for flag, letter in _SCOPED_FLAGS if flags & flag)
    if flags & ~sum(flag for flag, _ in _SCOPED_FLAGS):
        raise ValueError(f"any_pattern() cannot scope the flags of {pattern.pattern!r}")
    if letters:
        return f"(?{letters}:{pattern.pattern})"
    top = _alternatives(pattern.pattern)
    return pattern.pattern if top is not None and len(top) == 1 else f"(?:{pattern.pattern})"


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
    # IPv4: four octets of one to three digits 0-9, so a digit, ".", 1-3 digits, ".", 1-3 digits, ".", a
    # digit; every other form (IPv6, mapped, embedded, unspecified) has "::" except the full eight
    # groups and the six groups before an embedded IPv4, which have hex, ":", 1-4 hex, ":"
    "IpRecognizer": ("0744a4ca5881", r"[0-9]\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]|::|[0-9A-F]:[0-9A-F]{1,4}:"),
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
    clause = regex(_presidio_patterns.re.compile(entry[1], flags))
    if recognizer.name in _ASCII_DIGIT_FIRST:
        return Requires(regex(r"[0-9]"), clause)
    return Requires(clause)


# Entries of ``PRESIDIO`` whose every match holds an ASCII digit ("[0-9]", a literal "9", "[13]";
# under ``regex``'s IGNORECASE these match only 0-9: tests/detect/test_prefilters.py checks every
# code point). ``re`` scans for a digit first, once per text for all of them: the ``regex`` module
# searches a case-insensitive class about 30 times slower, and chat text often has no digit. Not
# the ``\d`` entries: ``regex``'s ``\d`` knows digits Python's ``re`` does not (U+10D40 …).
_ASCII_DIGIT_FIRST = frozenset({"UsBankRecognizer", "UsLicenseRecognizer", "UsItinRecognizer", "UsPassportRecognizer",
                                "UsSsnRecognizer", "NhsRecognizer", "CryptoRecognizer", "IbanRecognizer",
                                "IbanCapitalsRecognizer"})


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
