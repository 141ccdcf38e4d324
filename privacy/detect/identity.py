"""The contributor's own identifiers, found everywhere in any case and format.

``IdentityHints`` collects names, e-mails and phones from the ``Contributor`` (user.json and
profile), custom instructions ("my name is …", e-mails and phones typed there) and any extra
names. ``IdentityMatcher`` finds them in text: full names and each name part (first name alone,
possessives), case- and accent-insensitive; usernames built from the name (``priya.raman``,
``praman``); e-mail addresses and their local part; phone numbers whatever the grouping.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

import ahocorasick
import phonenumbers

from privacy.detect.allow_list import read_common_word_names
from privacy.detect.textnorm import fold
from privacy.entities import EMAIL_ADDRESS, PERSON, PHONE_NUMBER, USERNAME

_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_PHONE = re.compile(r"\+?\d[\d\s().-]{6,20}\d")
_CI_NAME = re.compile(
    r"\b(?i:my name is|my name's|i am|i'm|call me|i go by|name:)[ \t]+([A-ZÀ-Ý][\w'’-]+(?:[ \t]+[A-ZÀ-Ý][\w'’-]+){0,2})"  # one line: a name never spans a line break
)
_PARTICLES = frozenset("van von der den de del della da di du le la al el bin ibn ben dos das mac st jr sr ii iii".split())
_GENERIC_LOCAL = frozenset("info admin contact hello mail email support office team noreply no-reply me".split())
_NOT_NAME = frozenset(
    "a an the and or but not just so very really also here there from in on at to for with working looking trying "
    "going a developer engineer student teacher doctor nurse writer designer manager parent mom dad based living "
    "interested new currently".split()
)


@dataclass(frozen=True)
class IdentityHints:
    """Known identifiers of one contributor (and people they named in their profile)."""

    names: tuple[str, ...] = ()
    emails: tuple[str, ...] = ()
    phones: tuple[str, ...] = ()
    other_names: tuple[str, ...] = ()

    @classmethod
    def from_contributor(cls, contributor=None, custom_instructions: Iterable = (), extra_names: Iterable[str] = ()) -> "IdentityHints":
        """Collect from an ``ingest.model.Contributor`` and ``CustomInstructions`` (duck-typed)."""
        names = list(getattr(contributor, "names", ()) or ())
        emails = list(getattr(contributor, "emails", ()) or ())
        phones = list(getattr(contributor, "phones", ()) or ())
        others = list(getattr(contributor, "other_names", ()) or ())
        for ci in custom_instructions or ():
            for text in (getattr(ci, "about_user", "") or "", getattr(ci, "about_model", "") or ""):
                for m in _CI_NAME.finditer(text):
                    cand = m.group(1).split()
                    while cand and fold(cand[-1]) in _NOT_NAME:
                        cand.pop()
                    if cand and fold(cand[0]) not in _NOT_NAME:
                        names.append(" ".join(cand))
                emails.extend(_EMAIL.findall(text))
                phones.extend(p for p in _PHONE.findall(text) if sum(c.isdigit() for c in p) >= 7)
        others.extend(extra_names)

        def uniq(xs):
            return tuple(dict.fromkeys(x.strip() for x in xs if x and x.strip()))

        return cls(uniq(names), uniq(emails), uniq(phones), uniq(others))

    def merged(self, other: "IdentityHints") -> "IdentityHints":
        return IdentityHints(
            tuple(dict.fromkeys(self.names + other.names)),
            tuple(dict.fromkeys(self.emails + other.emails)),
            tuple(dict.fromkeys(self.phones + other.phones)),
            tuple(dict.fromkeys(self.other_names + other.other_names)),
        )

    @property
    def empty(self) -> bool:
        return not (self.names or self.emails or self.phones or self.other_names)


def _phone_regex(raw: str) -> re.Pattern | None:
    digits = re.sub(r"\D", "", raw)
    if len(digits) < 7:
        return None
    national, cc = digits, None
    try:
        num = phonenumbers.parse(raw if raw.strip().startswith("+") else raw, None if raw.strip().startswith("+") else "US")
        national, cc = str(num.national_number), str(num.country_code)
    except phonenumbers.NumberParseException:
        pass
    sep = r"[\s().\-/]{0,3}"
    body = sep.join(national)
    prefix = r"(?:(?:\+|00)?\s*" + cc + sep + r")?" if cc else ""
    return re.compile(r"(?<![\d(])\(?" + prefix + r"(?:\(?0\)?" + sep + r")?" + body + r"(?!\d)")


@dataclass(frozen=True)
class IdentityMatch:
    start: int
    end: int
    entity_type: str


def _not_glued_to_a_letter(text: str, start: int, end: int) -> bool:
    """A known identifier ends at anything but a letter: ``_Name_`` (Markdown), ``Name_2``, ``1Name``."""
    if start > 0 and text[start - 1].isalpha():
        return False
    return not (end < len(text) and text[end].isalpha())


class IdentityMatcher:
    """Finds the hinted identifiers in text."""

    def __init__(self, hints: IdentityHints):
        self.common = read_common_word_names()
        self.automaton = ahocorasick.Automaton()
        terms: dict[str, tuple[str, bool]] = {}

        def add(term: str, etype: str, guard: bool = False) -> None:
            t = " ".join(fold(term).split())
            if len(t) < 2:
                return
            if t not in terms or (terms[t][0] == USERNAME and etype == PERSON):
                terms[t] = (etype, guard)

        for full in (*hints.names, *hints.other_names):
            parts = [p.strip(".,") for p in full.split()]
            add(full, PERSON)
            tokens = [p for p in parts if fold(p) not in _PARTICLES and len(p) >= 2]
            for p in tokens:
                add(p, PERSON, guard=fold(p) in self.common)
            if len(tokens) >= 2:
                first, last = fold(tokens[0]), fold(tokens[-1])
                for u in (first + last, first + "." + last, first + "_" + last, first[0] + last, first + last[0],
                          last + first, first + "-" + last):
                    if len(u) >= 5:
                        add(u, USERNAME)
        for email in hints.emails:
            add(email, EMAIL_ADDRESS)
            local = fold(email.split("@", 1)[0])
            if len(local) >= 4 and local not in _GENERIC_LOCAL:
                add(local, USERNAME)
        for term, (etype, guard) in terms.items():
            self.automaton.add_word(term, (term, etype, guard))
        self.has_terms = bool(terms)
        if self.has_terms:
            self.automaton.make_automaton()
        self.phone_patterns = [p for p in (_phone_regex(x) for x in hints.phones) if p is not None]

    def find(self, text: str, folded: str | None = None) -> list[IdentityMatch]:
        out: list[IdentityMatch] = []
        if self.has_terms:
            folded = fold(text) if folded is None else folded
            for end_idx, (term, etype, guard) in self.automaton.iter(folded):
                start, end = end_idx - len(term) + 1, end_idx + 1
                if not _not_glued_to_a_letter(folded, start, end):
                    continue
                if guard and not text[start].isupper():
                    continue
                out.append(IdentityMatch(start, end, etype))
        for pat in self.phone_patterns:
            for m in pat.finditer(text):
                out.append(IdentityMatch(m.start(), m.end(), PHONE_NUMBER))
        return out
