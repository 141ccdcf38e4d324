"""Many known values searched at once, with Aho–Corasick, over normalised views.

``KnownValueMatcher`` takes vault entries ``(entity_type, original, surrogate,
keyed_hash)`` and finds every original in a text in one pass per view (see
``views.py``). The rules, also documented in ``privacy/audit/README.md``:

* **Case and whitespace**: matching is case-insensitive and whitespace runs count as
  one space, so ``"JANE\\n doe"`` is a hit for ``"Jane Doe"``.
* **Word boundary**: a hit must not be glued to a letter or digit on either side, so
  ``"Ann"`` does not hit inside ``"Annual"`` or ``"Joanne"``. Punctuation, ``_`` and
  the possessive ``'s`` are boundaries: ``"Ann's"`` and ``"ann_notes.md"`` are hits.
* **Digits in any grouping**: an original with six or more digits (phones, cards,
  SSNs, account numbers, IBANs) is matched in the digit view, where the separators
  ``" ().-/"`` between digits are gone. A phone number is also matched by its
  national number, and such a hit may follow a ``+NN`` / ``00NN`` country code or a
  ``1`` / ``0`` trunk prefix glued on its left.
* **Too short to search**: originals under 3 characters, and purely numeric
  originals with fewer than 5 digits (years, ages, house numbers), are not searched
  (they would hit every page number); the report counts them.
* **Common words**: a one-word original that is an English stop word or one of the
  detector's given-names-that-are-words (``privacy/detect/data/common_word_names.txt``:
  "Will", "May", "Mark") is only a hit when it is not written all in lower case.
* **Ambiguous**: an original whose normalised form equals some surrogate of the
  vault cannot be told from that surrogate; it is counted and not searched.
* **Inside a surrogate**: a hit lying inside a longer occurrence of a known surrogate
  is not a leak (the original "example" inside the surrogate "maria@example.com").
* Not searched by default: ``NRP`` (kept by the scrubber on purpose), ``DATE_TIME``
  (dates are shifted, not replaced: a shifted date may equal another real one) and
  ``EXPORT_ID`` (the export's own record ids, not personal data; their pseudonyms are
  the scrubber's and ingest's tests).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import ahocorasick
from spacy.lang.en.stop_words import STOP_WORDS

from privacy.audit.views import View, compact_value, normalise_value

DEFAULT_SKIP_TYPES = frozenset({"NRP", "DATE_TIME", "EXPORT_ID"})
_COMMON_NAMES_FILE = Path(__file__).resolve().parents[1] / "detect" / "data" / "common_word_names.txt"


def _common_words() -> frozenset[str]:
    words = set(STOP_WORDS)
    if _COMMON_NAMES_FILE.is_file():
        for line in _COMMON_NAMES_FILE.read_text(encoding="utf-8").splitlines():
            line = line.split("#", 1)[0].strip().lower()
            if line:
                words.add(line)
    return frozenset(words)


COMMON_WORDS = _common_words()
MIN_CHARS = 3
MIN_NUMERIC_DIGITS = 5
DIGIT_VIEW_MIN_DIGITS = 6

_NUMERIC_ONLY = re.compile(r"^[\d\s().\-/+]+$")
_PREFIX_OK = re.compile(r"(?:^|[^0-9a-z])(?:\+\d{1,3}|00\d{1,3}|1|0)$")
_NAME_SEPS = re.compile(r"[_\-.+]")


@dataclass(frozen=True)
class Known:
    entity_type: str
    keyed_hash: str
    common_word: bool = False
    surrogate: bool = False  # a known surrogate: its span shields the originals inside it


@dataclass(frozen=True)
class Hit:
    """A known original found at ``[start, end)`` of the original text."""

    start: int
    end: int
    entity_type: str
    keyed_hash: str

    def label(self) -> str:
        return f"[{self.entity_type}#{self.keyed_hash[:8]}]"


def _phone_variants(value: str) -> set[str]:
    """Extra digit-view forms of a phone number: national number, E.164 digits."""
    out: set[str] = set()
    try:
        import phonenumbers

        region = None if value.strip().startswith("+") else "US"
        num = phonenumbers.parse(value, region)
    except Exception:  # not a parseable phone number: only the value itself is searched
        return out
    national = str(num.national_number)
    if len(national) >= DIGIT_VIEW_MIN_DIGITS:
        out.add(national)
        out.add(f"{num.country_code}{national}")
    return out


class KnownValueMatcher:
    """Finds every checkable original of the vault in a text, in two automaton passes."""

    def __init__(
        self,
        entries: Iterable[tuple[str, str, str, str]],
        *,
        skip_types: frozenset[str] = DEFAULT_SKIP_TYPES,
    ):
        words: dict[str, set[Known]] = {}
        digits: dict[str, set[Known]] = {}
        phone_patterns: set[str] = set()
        surrogates: set[str] = set()
        self.stats = {"vault_entries": 0, "searched": 0, "skipped_type": 0, "skipped_short": 0, "skipped_ambiguous": 0}
        pending: list[tuple[str, str, str]] = []
        for entity_type, original, surrogate, keyed_hash in entries:
            self.stats["vault_entries"] += 1
            if surrogate:
                surrogates.add(normalise_value(surrogate))
                surrogates.add(compact_value(surrogate))
            if entity_type in skip_types:
                self.stats["skipped_type"] += 1
                continue
            pending.append((entity_type, original, keyed_hash))
        for entity_type, original, keyed_hash in pending:
            norm = normalise_value(original)
            n_digits = sum(c.isdigit() for c in norm)
            if len(norm) < MIN_CHARS or (_NUMERIC_ONLY.match(norm) and n_digits < MIN_NUMERIC_DIGITS):
                self.stats["skipped_short"] += 1
                continue
            if norm in surrogates or compact_value(original) in surrogates:
                self.stats["skipped_ambiguous"] += 1
                continue
            self.stats["searched"] += 1
            if n_digits >= DIGIT_VIEW_MIN_DIGITS:
                forms = {compact_value(original)}
                if entity_type == "PHONE_NUMBER":
                    forms |= _phone_variants(original)
                    phone_patterns |= forms
                for form in forms:
                    digits.setdefault(form, set()).add(Known(entity_type, keyed_hash))
            else:
                common = " " not in norm and norm in COMMON_WORDS
                words.setdefault(norm, set()).add(Known(entity_type, keyed_hash, common))
        self.has_originals = bool(words or digits)
        for sur in sorted(surrogates):
            if len(sur) < MIN_CHARS:
                continue
            target = digits if sum(c.isdigit() for c in sur) >= DIGIT_VIEW_MIN_DIGITS else words
            target.setdefault(sur, set()).add(Known("SURROGATE", "", surrogate=True))
        self._words = _automaton(words) if self.has_originals else None
        self._digits = _automaton(digits, phone_patterns) if self.has_originals else None

    @property
    def empty(self) -> bool:
        return not self.has_originals

    def find(self, view: View) -> list[Hit]:
        """Every hit in the view's text, longest first where hits overlap."""
        hits: list[Hit] = []
        shields: list[tuple[int, int]] = []
        if self._words is not None:
            w = view.words
            for end, (plen, knowns, _) in self._words.iter(w):
                start = end - plen + 1
                if not _bounded(w, start, end + 1):
                    continue
                s, e = view.span_from_words(start, end + 1)
                lower_only = view.text[s:e].islower()
                for k in knowns:
                    if k.surrogate:
                        shields.append((s, e))
                        continue
                    if k.common_word and lower_only:
                        continue
                    hits.append(Hit(s, e, k.entity_type, k.keyed_hash))
        if self._digits is not None:
            d = view.digits
            for end, (plen, knowns, phone) in self._digits.iter(d):
                start = end - plen + 1
                if not _bounded(d, start, end + 1, allow_prefix=phone):
                    continue
                s, e = view.span_from_digits(start, end + 1)
                for k in knowns:
                    if k.surrogate:
                        shields.append((s, e))
                        continue
                    hits.append(Hit(s, e, k.entity_type, k.keyed_hash))
        if shields and hits:
            hits = [h for h in hits if not _shielded(h, shields)]
        return _outermost(hits)

    def mask(self, text: str, *, name: bool = False) -> str:
        """``text`` with every known original replaced by ``[TYPE#hash8]``."""
        if self.empty or not text:
            return text
        hits = self.find(View(text))
        if name:  # file names: "jane_doe-notes" must read as words
            hits = _outermost(hits + self.find(View(_NAME_SEPS.sub(" ", text))))
        return apply_mask(text, hits)


def apply_mask(text: str, hits: list[Hit], offset: int = 0) -> str:
    """Replace the hit spans (shifted by ``offset``) in ``text`` by their labels."""
    out = []
    pos = 0
    for h in sorted(hits, key=lambda h: h.start):
        s, e = max(h.start - offset, 0), min(h.end - offset, len(text))
        if e <= pos or s >= len(text):
            continue
        s = max(s, pos)
        out.append(text[pos:s])
        out.append(h.label())
        pos = e
    out.append(text[pos:])
    return "".join(out)


def _automaton(patterns: dict[str, set[Known]], phones: set[str] = frozenset()):  # type: ignore[assignment]
    if not patterns:
        return None
    a = ahocorasick.Automaton()
    for pat, knowns in patterns.items():
        a.add_word(pat, (len(pat), tuple(sorted(knowns, key=lambda k: (k.entity_type, k.keyed_hash))), pat in phones))
    a.make_automaton()
    return a


def _bounded(t: str, start: int, end: int, allow_prefix: bool = False) -> bool:
    """No letter or digit glued to the hit (a phone may follow a country code)."""
    if t[start].isalnum() and start > 0 and t[start - 1].isalnum():
        if not (allow_prefix and _PREFIX_OK.search(t, max(0, start - 6), start)):
            return False
    if t[end - 1].isalnum() and end < len(t) and t[end].isalnum():
        return False
    return True


def _shielded(h: Hit, shields: list[tuple[int, int]]) -> bool:
    """The hit lies inside a strictly longer surrogate occurrence."""
    return any(s <= h.start and h.end <= e and (e - s) > (h.end - h.start) for s, e in shields)


def _outermost(hits: list[Hit]) -> list[Hit]:
    """Drop hits inside a longer hit; one hit per span (the plainest entity type:
    ``PERSON`` over its component map ``PERSON.FIRST``)."""
    hits.sort(key=lambda h: (h.start, -(h.end - h.start), h.entity_type.count("."), len(h.entity_type), h.keyed_hash))
    out: list[Hit] = []
    reach = -1
    for h in hits:
        if h.end <= reach:
            continue  # same span as the kept hit, or inside it
        out.append(h)
        reach = h.end
    return out
