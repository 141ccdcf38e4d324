"""Name tables, the keyed initial-letter map, and name parsing for coherent surrogates.

Surrogate names are drawn from the first-name (by gender) and surname tables of several
Faker locales (ASCII-spelled entries only, so emails built from them stay plain), which
gives a far wider space than ``Faker.name()`` alone. First names keep their likely
gender, told by the ``gender-guesser`` table.

Coherence comes from component maps: a full name is parsed into first, middle and last
names, each mapped through its own injective map (vault types ``PERSON.FIRST`` and
``PERSON.LAST``), so "Jane Doe" → "Maria Lopez" implies "Jane" → "Maria", "Dr. Doe" →
"Dr. Lopez" and "jane.doe@…" → "maria.lopez@…". Initials stay coherent too: a keyed
permutation of the alphabet (within groups of letters with similar table sizes) fixes the
initial of every surrogate, so "J. Doe" → "M. Lopez" and "JD" → "ML".
"""

from __future__ import annotations

import importlib
import re
import string
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

LOCALES = ("en_US", "en_GB", "es_ES", "fr_FR", "de_DE", "it_IT", "nl_NL", "sv_SE", "pt_BR")
_ASCII_NAME = re.compile(r"^[A-Z][a-z]{1,13}$")

TITLES = {
    "mr", "mrs", "ms", "miss", "mx", "dr", "prof", "professor", "sir", "dame", "lady",
    "lord", "rev", "fr", "sr", "sra", "srta", "herr", "frau", "mme", "mlle", "m", "capt",
    "col", "gen", "lt", "sgt", "officer", "judge", "coach", "aunt", "uncle", "grandma",
    "grandpa", "nurse",
}
SUFFIXES = {"jr", "sr", "ii", "iii", "iv", "phd", "md", "esq", "dds", "rn"}
PARTICLES = {"van", "von", "de", "der", "den", "da", "di", "du", "la", "le", "del", "della", "dos", "das", "bin", "al", "ter", "ten", "mac"}
MALE_TITLES = {"mr", "sir", "lord", "herr", "m", "uncle", "grandpa"}
FEMALE_TITLES = {"mrs", "ms", "miss", "dame", "lady", "frau", "mme", "mlle", "sra", "srta", "aunt", "grandma"}


def fold(word: str) -> str:
    """ASCII-folded lower case (for table lookups and initials)."""
    return unicodedata.normalize("NFKD", word).encode("ascii", "ignore").decode().lower()


@lru_cache(maxsize=1)
def tables() -> dict[str, dict[str, tuple[str, ...]]]:
    """{'male'|'female'|'last': {initial letter: sorted names}} from the Faker locales."""
    pools: dict[str, set[str]] = {"male": set(), "female": set(), "last": set()}
    for loc in LOCALES:
        prov = importlib.import_module(f"faker.providers.person.{loc}").Provider
        for kind, attr in (("male", "first_names_male"), ("female", "first_names_female"), ("last", "last_names")):
            for n in getattr(prov, attr, ()) or ():
                if _ASCII_NAME.match(n):
                    pools[kind].add(n.lower())
    # a gendered pool keeps only names the gender table agrees with; the rest (listed
    # for both, or unknown/ambiguous to the table) are 'unisex', drawn only for 'any'
    det = _gender_detector()
    male = {n for n in pools["male"] if det.get_gender(n) in ("male", "mostly_male")}
    female = {n for n in pools["female"] if det.get_gender(n) in ("female", "mostly_female")}
    pools["unisex"] = (pools["male"] | pools["female"]) - male - female
    pools["male"], pools["female"] = male, female
    out: dict[str, dict[str, tuple[str, ...]]] = {}
    for kind, names in pools.items():
        by: dict[str, list[str]] = {c: [] for c in string.ascii_lowercase}
        for n in names:
            by[n[0]].append(n)
        out[kind] = {c: tuple(sorted(v)) for c, v in by.items()}
    return out


def letter_groups() -> list[list[str]]:
    """Letters grouped (5 or so) by the size of their smallest table, smallest first."""
    t = tables()
    size = {c: min(len(t["male"][c]), len(t["female"][c]), len(t["last"][c])) for c in string.ascii_lowercase}
    order = sorted(string.ascii_lowercase, key=lambda c: (size[c], c))
    groups = [order[i : i + 5] for i in range(0, 25, 5)]
    groups[-1].append(order[25])
    return groups


def initial_map(rng) -> dict[str, str]:
    """A keyed permutation of a..z within groups of similar table size, with no fixed
    letter (a keyed cycle), so a surrogate name never starts like its original."""
    m: dict[str, str] = {}
    for g in letter_groups():
        order = list(g)
        rng.shuffle(order)
        for i, c in enumerate(order):
            m[c] = order[(i + 1) % len(order)]
    return m


@lru_cache(maxsize=1)
def _gender_detector():
    return _fast_detector_class()(case_sensitive=False)


# gender-guesser's sex codes, as its Detector._eat_name_line reads them
_SEX = {"M": "male", "1M": "mostly_male", "?M": "mostly_male", "F": "female", "1F": "mostly_female",
        "?F": "mostly_female", "?": "andy"}


def _fast_detector_class():
    """gender-guesser's ``Detector`` with a faster ``_parse`` (0.13 s, not 0.45 s: the file is
    read at once, not through a codecs stream line by line, and the common line is parsed
    inline). The same ``names`` table, key order included (tests/synth/test_synth_names.py);
    a line with a ``+`` or an unknown code goes through the package's own ``_eat_name_line``."""
    import gender_guesser.detector as gd

    class FastDetector(gd.Detector):
        def _parse(self, filename):
            self.names = names = {}
            with open(filename, "rb") as fh:
                lines = fh.read().decode("utf-8").splitlines()  # the codecs reader's line breaks
            lower = not self.case_sensitive
            for line in lines:
                line = line.strip()
                if line[0] in "#=":
                    continue
                parts = line.split()
                sex = _SEX.get(parts[0])
                name = parts[1].lower() if lower else parts[1]
                if sex is None or "+" in name:
                    self._eat_name_line(line)
                    continue
                entry = names.get(name)
                if entry is None:
                    names[name] = entry = {}
                entry[sex] = line[30:-1]

    return FastDetector


@lru_cache(maxsize=65536)
def gender(first_name: str) -> str:
    """'male', 'female' or 'any' — the likely gender of a first name."""
    g = _gender_detector().get_gender(first_name)
    if g in ("male", "mostly_male"):
        return "male"
    if g in ("female", "mostly_female"):
        return "female"
    return "any"


def known_first_name(word: str) -> bool:
    return _gender_detector().get_gender(word) != "unknown"


@lru_cache(maxsize=1)
def _surname_set() -> frozenset[str]:
    return frozenset(n for v in tables()["last"].values() for n in v)


def known_surname(word: str) -> bool:
    return fold(word) in _surname_set()


# ---- parsing --------------------------------------------------------------------------

_TOKEN = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*\.?", re.UNICODE)
_POSSESSIVE = re.compile(r"(?:['’]s|(?<=s)['’])$", re.I)


@dataclass
class Piece:
    text: str  # as written (without a trailing dot for words)
    role: str  # 'sep' | 'title' | 'suffix' | 'particle' | 'first' | 'middle' | 'last' | 'initial'
    dot: str = ""


@dataclass
class ParsedName:
    pieces: list[Piece]
    possessive: str  # "'s", "’s", "'" or ""

    def words(self, role: str) -> list[str]:
        return [p.text for p in self.pieces if p.role == role]


def split_possessive(text: str) -> tuple[str, str]:
    m = _POSSESSIVE.search(text)
    if not m:
        return text, ""
    return text[: m.start()], m.group(0)


def parse(text: str, single_role=None) -> ParsedName:
    """Split a person name into roles. ``single_role(word)`` decides a lone word's role."""
    core, poss = split_possessive(text.strip())
    pieces: list[Piece] = []
    pos = 0
    for m in _TOKEN.finditer(core):
        if m.start() > pos:
            pieces.append(Piece(core[pos : m.start()], "sep"))
        w = m.group(0)
        dot = "." if w.endswith(".") else ""
        w = w[:-1] if dot else w
        f = fold(w)
        if f in TITLES and (dot or len(pieces) == 0) and f not in ("m",):
            role = "title"
        elif f in SUFFIXES and any(p.role not in ("sep", "title") for p in pieces):
            role = "suffix"
        elif f in PARTICLES and w.islower() and pieces:
            role = "particle"
        elif len(w) == 1:
            role = "initial"
        else:
            role = "name"
        pieces.append(Piece(w, role, dot))
        pos = m.end()
    if pos < len(core):
        pieces.append(Piece(core[pos:], "sep"))
    names = [p for p in pieces if p.role in ("name", "initial")]
    has_title = any(p.role == "title" for p in pieces)
    comma_form = any(p.role == "sep" and "," in p.text for p in pieces) and len(names) >= 2 and names[0].role == "name"
    full = [p for p in names if p.role == "name"]
    if comma_form:  # "Doe, Jane"
        names[0].role = "last"
        for p in names[1:]:
            if p.role == "name":
                p.role = "first" if p is names[1] else "middle"
    elif len(names) == 1:
        p = names[0]
        if p.role == "name":
            if len(p.text) in (2, 3) and p.text.isupper() and not has_title:
                p.role = "initials"
            elif has_title:
                p.role = "last"
            else:
                p.role = single_role(p.text) if single_role else "first"
    elif names:
        if names[-1].role == "name":
            names[-1].role = "last"
        if names[0].role == "name":
            names[0].role = "first"
        for p in names[1:-1]:
            if p.role == "name":
                p.role = "middle"
    del full
    return ParsedName(pieces, poss)
