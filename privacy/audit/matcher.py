"""Many known values searched at once, with Aho–Corasick, over normalised views.

``KnownValueMatcher`` takes vault entries ``(entity_type, original, surrogate,
keyed_hash)`` and finds every original in a text in one pass per view (see
``views.py``). The rules, also documented in ``privacy/audit/README.md``:

* **Case and whitespace**: matching is case-insensitive and whitespace runs count as
  one space, so ``"JANE\\n doe"`` is a hit for ``"Jane Doe"``.
* **Word boundary**: a hit must not be glued to a letter or digit on either side, so
  ``"Ann"`` does not hit inside ``"Annual"`` or ``"Joanne"``. Punctuation, ``_`` and
  the possessive ``'s`` are boundaries: ``"Ann's"`` and ``"ann_notes.md"`` are hits.
* **Digits in any grouping**: every original is matched in the digit view, where the
  separators ``" ().-/"`` between two digits are gone, so phones, cards, SSNs,
  account numbers and IBANs match in any grouping. An original with fewer than six digits
  (a postcode, a short code) hits only with its digits grouped as written: "11936" is not in
  "1193 6 Mcdowell Court", "KUH-7514" is in "kuh 7514". A phone number is also matched by its
  national number, and such a hit may follow a ``+NN`` / ``00NN`` country code or a
  ``1`` / ``0`` trunk prefix glued on its left.
* **Codes**: an original mixing letters and digits (plates, postcodes, passport
  numbers) also matches with each letter/digit boundary written as nothing, a space
  or a hyphen ("KUH-7514", "KUH 7514", "kuh7514").
* **Too short to search**: originals under 3 characters, and purely numeric
  originals with fewer than 5 digits (years, ages, house numbers), are not searched
  (they would hit every page number); the report counts them.
* **Common words are never leaks**: an original made only of common words is not
  searched (counted as ``skipped_common``): words of ``privacy.detect.vocabulary``
  (``is_common``), spaCy's stop words and Faker's frequent English words that are no
  English name word ("tell", "orchestra"), the export schemas' protocol words (``user``,
  ``assistant``, ``system``, ``tool``, ``human``, ``model``) and the tool's own wording
  (entity type names such as ``EMAIL_ADDRESS``, the check titles, web words such as
  ``email``, ``https``, ``www``, data literals such as ``nan``, contact-block labels such as
  ``fax``), and public places (countries, continents: ``privacy.detect.filters.public_places``,
  no identifier). A detector false positive that entered the vault
  ("email" as a PERSON) then never turns an ordinary "What's your email?" into a leak.
* **Names that are words**: a one-word original that is an English name word and also a
  common English word (``vocabulary.name_words()`` and the words above: "Will", "May",
  "Mark", "Hope", "White") is not searched on its own either (``skipped_common``): "the White
  Stripes" or "Will you…" are no leak; so is a one-word name that detection's gazetteers know
  as a town of 15,000+ people ("Santander": "Grupo Financiero Santander" is no leak of a Mr
  Santander). The full names it is part of are searched ("Will
  Turner"), and the residual scan still lists a lone name for review.
* **Words as written** (``words.py``): a one-word original of 4+ letters that is a word web2
  writes in lower case, or an inflection of one ("Gold", "said", "bridge", "Fields"), is a hit
  only where it is not all lower case: "the seventh gold disc", "he said:", "fields_with_replacements"
  are the word; "Love is very reliable", "GOLD" still hit. A one-word PERSON original that web2
  writes only capitalised and no name table holds ("Greenlander", "Esperanto"), and an original
  naming the people of a country ("Greenlander", "Italian": ``people_of_a_public_place``, a
  nationality the scrubber keeps), are not searched (``skipped_common``).
* **Inside a public name**: a one-word person original that is a word of a longer public name
  around it — a country or a place of 15,000+ people ("United Kingdom", "Santa Clara"), a
  notable person's full name (vicary's ``full`` tier: "Hans Enoksen"), or a saint's name after
  a saint's title ("Dusino San Michele", "Saint Paul") — is that name there, not the person
  (``inside_place_name``). A multi-word original is searched as ever.
* **Owners** (study workspaces): each original carries the tags of the contributors whose
  data held it (the vault's ``uses``); ``find(view, owners=...)`` counts an original only
  when it is one of those owners' or *rare* — a multi-word person name, an e-mail, a
  phone, a street address, a secret, or anything with 6+ digits. An original with no
  recorded owner (an older vault) counts everywhere.
* **Ambiguous**: an original whose normalised form equals some surrogate of the
  vault cannot be told from that surrogate; it is counted and not searched.
* **Inside a surrogate**: a hit lying inside a longer occurrence of a known surrogate
  is not a leak (the original "example" inside the surrogate "maria@example.com").
* Not searched by default: ``NRP`` (kept by the scrubber on purpose), ``DATE_TIME``
  (dates are shifted, not replaced: a shifted date may equal another real one) and
  ``EXPORT_ID`` (the export's own record ids, not personal data; their pseudonyms are
  the scrubber's and ingest's tests).

(Over 400 lines: the rules that decide whether a hit is a leak and the matcher that applies them
are read together by an auditor asking why a hit counts; ``privacy/audit/README.md`` lists the
same rules.)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

import ahocorasick

from privacy.audit.views import View, compact_value, digit_view_text, normalise_value
from privacy.audit.words import lower_case_word, proper_word

DEFAULT_SKIP_TYPES = frozenset({"NRP", "PUBLIC", "DATE_TIME", "EXPORT_ID"})

# The protocol words export schemas write in lower case (author roles, Claude senders): a
# contributor called "Synthetic User" must not make every ``"role": "user"`` a leak.
SCHEMA_WORDS = frozenset({"user", "assistant", "system", "tool", "human", "model"})
# Words the tool writes itself (reports, transcripts) and web words no person is called by.
_WEB_WORDS = frozenset({
    "email", "e-mail", "emails", "mail", "http", "https", "www", "com", "org", "net", "html", "json", "jsonl",
    "yaml", "csv", "pdf", "docx", "txt", "url", "urls", "api", "untitled", "surrogate", "surrogates",
    "original", "originals", "recognizer", "redaction", "replacement", "replacements", "review", "verdict",
    "finding", "findings", "residual", "leak", "leaks", "audit", "low", "confidence", "score",
    # data literals of exports, spreadsheets and code; labels of contact blocks
    "nan", "null", "none", "undefined", "true", "false", "n/a", "fax", "tel", "mobile", "cell",
})


@lru_cache(maxsize=1)
def tool_words() -> frozenset[str]:
    """Words of the tool's own wording: entity type names, check titles, web words."""
    import privacy.entities as entities
    from privacy.audit.model import CHECK_TITLES

    words = set(_WEB_WORDS) | SCHEMA_WORDS
    for name in dir(entities):
        value = getattr(entities, name)
        if name.isupper() and isinstance(value, str):
            words.update(value.lower().split("_"))
    for title in CHECK_TITLES.values():
        words.update(w.lower() for w in re.findall(r"[A-Za-z]+", title))
    return frozenset(words)


@lru_cache(maxsize=1)
def _english_words() -> frozenset[str]:
    """spaCy's stop words and Faker's frequent English words (before names are taken out)."""
    from faker.providers.lorem.en_US import Provider as Lorem
    from spacy.lang.en.stop_words import STOP_WORDS

    return frozenset(w.lower() for w in (*STOP_WORDS, *Lorem.word_list))


@lru_cache(maxsize=1 << 16)
def common_word(word: str) -> bool:
    """``word`` (lower case) is never an identifier on its own: see the module docstring."""
    from privacy.detect.vocabulary import is_common, name_words

    if word in tool_words() or is_common(word):
        return True
    return word in _english_words() and word not in name_words()


@lru_cache(maxsize=1 << 16)
def name_that_is_a_word(word: str) -> bool:
    """An English name word that is also a common word ("will", "may", "mark", "hope"), or a
    name that is also a town of 15,000+ people by detection's gazetteers ("santander",
    "florence": Banco Santander is no leak of a Mr Santander)."""
    from privacy.detect import gazetteer
    from privacy.detect.vocabulary import name_words

    if word in name_words() and (word in _english_words() or word in _common_word_names()):
        return True
    folded = gazetteer.fold_word(word)
    return folded in gazetteer.place_words() and (gazetteer.is_given(folded) or gazetteer.is_surname(folded))


@lru_cache(maxsize=1)
def _common_word_names() -> frozenset[str]:
    from privacy.detect.allow_list import read_common_word_names

    return read_common_word_names()


_WORDS = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*", re.UNICODE)


@lru_cache(maxsize=1)
def _public_places() -> frozenset[str]:
    from privacy.detect.filters import public_places

    return frozenset(public_places())


def public_place(norm: str) -> bool:
    """A country, continent or celestial body (detection's public places): a place everyone
    shares, no identifier ("Netherlands", "the United States")."""
    places = _public_places()
    bare = re.sub(r"^the ", "", norm)
    return norm in places or bare in places or f"the {bare}" in places


# endings that make a people's name of a country's ("Greenland" -> "Greenlander", "Kenya" ->
# "Kenyan", "Italy" -> "Italian", "China" -> "Chinese"), and what the stem may have lost
_DEMONYM_ENDINGS = ("ers", "er", "ians", "ian", "ans", "an", "ese", "ish", "ic", "is", "i")
_STEM_ENDINGS = ("", "a", "ia", "y", "e")


def people_of_a_public_place(word: str) -> bool:
    """``word`` (lower case, one word) is the name of the people of a country or continent
    ("greenlander", "kenyan", "italian"), and no given name or surname of detection's
    gazetteers: a nationality, which the scrubber keeps (``NRP``), identifies no one."""
    from privacy.detect import gazetteer

    if not word.isalpha() or gazetteer.is_given(word) or gazetteer.is_surname(word):
        return False
    places = _public_places()
    for end in _DEMONYM_ENDINGS:
        if word.endswith(end) and len(word) - len(end) >= 3:
            stem = word[: -len(end)]
            if any(stem + tail in places for tail in _STEM_ENDINGS):
                return True
    return False


def only_common_words(norm: str) -> bool:
    """Every word of the normalised original is a common word (and it has one at least), or
    the original is a public place."""
    if any(c.isdigit() for c in norm) or "@" in norm:
        return False
    if public_place(norm) or people_of_a_public_place(norm):
        return True
    tokens = [re.sub(r"['’]s$", "", t.strip(".,;:!?()[]{}\"'“”‘’*_`")) for t in norm.split()]
    tokens = [t for t in tokens if t]
    return bool(tokens) and all(_common_token(t) for t in tokens)


def _common_token(token: str) -> bool:
    """A whitespace token is common as a whole ("e-mail") or by each of its parts ("follow-up")."""
    if common_word(token):
        return True
    parts = [p for p in re.split(r"[-‐/]", token) if p]
    return len(parts) > 1 and all(len(p) == 1 or common_word(p) for p in parts)


# the titles of a saint, which make a given name after them a saint's: "San Michele", "Saint Paul"
SAINT_TITLES = frozenset({"san", "santa", "santo", "sao", "saint", "sainte", "st", "ste", "sankt", "sveti", "sveta", "sant"})
_PLACE_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*\.?", re.UNICODE)
MAX_PLACE_WINDOW = 4  # words of a place name around a lone name ("Dusino San Michele", "United Kingdom")


@lru_cache(maxsize=1)
def _multi_word_places() -> frozenset[str]:
    """Multi-word public names, folded: places of 15,000+ people (detection's gazetteer), public
    places (countries, continents) and the full names of Wikidata's notable people (vicary's
    ``full`` tier, which detection's keep side reads too)."""
    from privacy.detect import gazetteer

    names = {p for p in gazetteer.major_places() if " " in p} | {p for p in _public_places() if " " in p}
    names |= {" ".join(gazetteer.fold_word(n).replace("’", "'").split()) for n in gazetteer.vicary_tiers().get("full", ())}
    return frozenset(n for n in names if " " in n)


def inside_place_name(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` (a person's name) is the words of a longer public name around it: a
    country or a place of 15,000+ people whose name holds it ("United Kingdom", "Santa Clara"), a
    notable person's full name ("Hans Enoksen", kept by detection as a public figure), or a
    saint's name after a saint's title ("Dusino San Michele", "Saint Paul"). Only the words on
    the same line, separated by single spaces or hyphens, are read."""
    from privacy.detect.gazetteer import fold_word

    own = [fold_word(w.rstrip(".")) for w in _PLACE_WORD.findall(text, start, end)]
    if not own:
        return False
    before: list[str] = []
    i = start
    while len(before) < MAX_PLACE_WINDOW - 1:
        j = i - 1  # one space or hyphen, then a word ending there
        if j <= 0 or text[j] not in " -" or text[j - 1] in " -":
            break
        k = j
        while k > 0 and (text[k - 1].isalpha() or text[k - 1] in ".'’"):
            k -= 1
        if _PLACE_WORD.fullmatch(text, k, j) is None:
            break
        before.insert(0, fold_word(text[k:j].rstrip(".")))
        i = k
    if before and before[-1] in SAINT_TITLES:
        return True
    after: list[str] = []
    i = end
    while len(after) < MAX_PLACE_WINDOW - 1:
        if i >= len(text) - 1 or text[i] not in " -":
            break
        m = _PLACE_WORD.match(text, i + 1)
        if m is None:
            break
        after.append(fold_word(m.group(0).rstrip(".")))
        i = m.end()
    places = _multi_word_places()
    for a in range(len(before) + 1):
        for b in range(len(after) + 1):
            if a + b == 0 or a + b > MAX_PLACE_WINDOW - 1:
                continue
            if " ".join(before[len(before) - a :] + own + after[:b]) in places:
                return True
    return False


RARE_TYPES = frozenset({"EMAIL_ADDRESS", "PHONE_NUMBER", "STREET_ADDRESS", "SECRET"})


def is_rare(entity_type: str, norm: str) -> bool:
    """An original that identifies one person wherever it appears: checked in every
    contributor's output of a study (a multi-word person name, an e-mail, a phone, a street
    address, a secret, or anything with 6 or more digits)."""
    base = entity_type.split(".")[0]
    if base in RARE_TYPES or sum(c.isdigit() for c in norm) >= 6:
        return True
    # words as written apart: "e-mail" or "Jean-Luc" is one word, "Jean Luc" two
    return entity_type == "PERSON" and sum(1 for t in norm.split() if _WORDS.search(t)) >= 2
MIN_CHARS = 3
MIN_NUMERIC_DIGITS = 5
DIGIT_VIEW_MIN_DIGITS = 6

_DIGIT_RUN = re.compile(r"\d+")
_NUMERIC_ONLY = re.compile(r"^[\d\s().\-/+]+$")
_PREFIX_OK = re.compile(r"(?:^|[^0-9a-z])(?:\+\d{1,3}|00\d{1,3}|1|0)$")
_NAME_SEPS = re.compile(r"[_\-.+]")


@dataclass(frozen=True)
class Known:
    entity_type: str
    keyed_hash: str
    common_word: bool = False  # an ordinary lower-case word ("gold"): only a hit when not all lower case
    owners: frozenset[str] | None = None  # contributor tags whose data held it (None: unknown)
    rare: bool = False  # checked in every contributor's output
    lone_name: bool = False  # a one-word person name: no hit inside a longer place name ("United Kingdom")
    digit_runs: tuple[str, ...] = ()  # under 6 digits: a hit must group them as the original does

    def counts_for(self, owners: frozenset[str] | None) -> bool:
        return owners is None or self.rare or self.owners is None or bool(self.owners & owners)


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


_CODE = re.compile(r"^(?=.{4,12}$)[a-z0-9]+(?:[ \-][a-z0-9]+){0,2}$")
_LETTER_DIGIT = re.compile(r"(?<=[a-z])[ \-]?(?=\d)|(?<=\d)[ \-]?(?=[a-z])")


def _code_variants(compact: str) -> set[str]:
    """A code mixing letters and digits (plate, postcode, passport) with each
    letter/digit boundary written as nothing, a space or a hyphen: "kuh-7514" also
    reads "kuh7514" and "kuh 7514" (at most three boundaries)."""
    if not _CODE.match(compact) or not any(c.isdigit() for c in compact) or not any(c.isalpha() for c in compact):
        return set()
    parts = _LETTER_DIGIT.split(compact)
    if not 2 <= len(parts) <= 4:
        return set()
    out = {""}
    for i, part in enumerate(parts):
        out = {o + part for o in out} if i == 0 else {o + sep + part for o in out for sep in ("", " ", "-")}
    return out - {compact}


class KnownValueMatcher:
    """Finds every checkable original of the vault in a text, in one automaton pass.

    Every pattern is stored in its digit-view form (``compact_value``: for a value
    without digit groups this is just the word-view form), so one Aho–Corasick pass
    over the digit view finds names, e-mails and numbers in any grouping at once."""

    def __init__(
        self,
        entries: Iterable[tuple[str, str, str, str]],
        *,
        skip_types: frozenset[str] = DEFAULT_SKIP_TYPES,
        owners: dict[tuple[str, str], frozenset[str]] | None = None,
    ):
        """``owners``: (entity type, keyed hash) -> contributor tags (``Vault.uses()``)."""
        owners = owners or {}
        patterns: dict[str, set[Known]] = {}
        phone_patterns: set[str] = set()
        surrogates: set[str] = set()
        self.stats = {"vault_entries": 0, "searched": 0, "skipped_type": 0, "skipped_short": 0, "skipped_ambiguous": 0,
                      "skipped_common": 0}
        pending: list[tuple[str, str, str]] = []
        for entity_type, original, surrogate, keyed_hash in entries:
            self.stats["vault_entries"] += 1
            if surrogate:
                surrogates.add(compact_value(surrogate))
            if entity_type in skip_types:
                self.stats["skipped_type"] += 1
                continue
            pending.append((entity_type, original, keyed_hash))
        for entity_type, original, keyed_hash in pending:
            norm = normalise_value(original)
            compact = digit_view_text(norm)
            n_digits = sum(c.isdigit() for c in norm)
            if len(norm) < MIN_CHARS or (_NUMERIC_ONLY.match(norm) and n_digits < MIN_NUMERIC_DIGITS):
                self.stats["skipped_short"] += 1
                continue
            if compact in surrogates:
                self.stats["skipped_ambiguous"] += 1
                continue
            bare = re.sub(r"['’]s$", "", norm)
            one_word = " " not in bare
            if only_common_words(norm) or (one_word and name_that_is_a_word(bare)) or (
                one_word and entity_type.startswith("PERSON") and proper_word(bare)
            ):
                self.stats["skipped_common"] += 1
                continue
            self.stats["searched"] += 1
            known = Known(entity_type, keyed_hash, one_word and lower_case_word(bare),
                          owners.get((entity_type, keyed_hash)), is_rare(entity_type, norm),
                          one_word and entity_type.startswith("PERSON"),
                          tuple(_DIGIT_RUN.findall(norm)) if 0 < n_digits < DIGIT_VIEW_MIN_DIGITS else ())
            forms = {compact} | _code_variants(compact)
            if entity_type == "PHONE_NUMBER" and n_digits >= DIGIT_VIEW_MIN_DIGITS:
                forms |= _phone_variants(original)
                phone_patterns |= forms
            for form in forms:
                patterns.setdefault(form, set()).add(known)
        self.has_originals = bool(patterns)
        self._auto = _automaton(patterns, phone_patterns) if patterns else None
        # originals found inside a surrogate ("example" in "maria@example.com"): at a hit,
        # the text around it is compared with each such surrogate (no surrogate scan)
        self._containers: dict[str, list[tuple[str, int]]] = {}
        if self._auto is not None:
            for sur in sorted(surrogates):
                for end, (plen, _knowns, phone) in self._auto.iter(sur):
                    start = end - plen + 1
                    if plen < len(sur) and _bounded(sur, start, end + 1, allow_prefix=phone):
                        self._containers.setdefault(sur[start : end + 1], []).append((sur, start))

    @property
    def empty(self) -> bool:
        return not self.has_originals

    def find(self, view: View, owners: frozenset[str] | None = None) -> list[Hit]:
        """Every hit in the view's text, longest first where hits overlap. ``owners``: the
        contributor tags of the output the text belongs to (None: every original counts).

        Hits are first collected in view coordinates (the common case, no original at
        all, returns before any offset is mapped back to the text)."""
        if self._auto is None:
            return []
        raw = self._scan(self._auto, view.digits)
        if not raw:
            return []
        hits: list[Hit] = []
        for start, end, knowns in raw:
            s, e = view.span_from_digits(start, end)
            lower_only = view.text[s:e].islower()
            in_place: bool | None = None  # computed once, for a lone name only
            for k in knowns:
                if k.common_word and lower_only:
                    continue  # "the seventh gold disc", "said:", "to bridge cultures": the word
                if not k.counts_for(owners):
                    continue
                if k.digit_runs and tuple(_DIGIT_RUN.findall(view.text[s:e])) != k.digit_runs:
                    continue  # "1193 6" (a house number beside a surrogate one) is no postcode "11936"
                if k.lone_name:
                    if in_place is None:
                        in_place = inside_place_name(view.text, s, e)
                    if in_place:
                        continue  # "United Kingdom", "San Michele": the place, not the person
                hits.append(Hit(s, e, k.entity_type, k.keyed_hash))
        return _outermost(hits)

    def _scan(self, automaton, t: str):
        """Original hits of one view, in its coordinates, minus those inside a surrogate."""
        found: list[tuple[int, int, tuple[Known, ...]]] = []
        containers = self._containers
        for end, (plen, knowns, phone) in automaton.iter(t):
            start = end - plen + 1
            if not _bounded(t, start, end + 1, allow_prefix=phone):
                continue
            around = containers.get(t[start : end + 1])
            if around and any(t.startswith(sur, start - off) for sur, off in around if start >= off):
                continue
            found.append((start, end + 1, knowns))
        return found

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
        ordered = tuple(sorted(knowns, key=lambda k: (k.entity_type, k.keyed_hash)))
        a.add_word(pat, (len(pat), ordered, pat in phones))
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
