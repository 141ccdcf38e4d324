"""PERSON: coherent names through first-name and surname component maps.

``PERSON.FIRST`` and ``PERSON.LAST`` are injective maps of single words (stored in the
vault); a full name's surrogate is rebuilt from them on every render, so every form of a
name — full, first alone, surname alone, "Dr. Surname", possessive, initials — agrees.
Titles, suffixes, particles, punctuation and each word's case style are kept.
"""

from __future__ import annotations

import string
from functools import lru_cache

from synth import names
from synth.shape import apply_case, case_style

from .base import Draw, Provider, register

MAX_SAME_LETTER = 200  # after this many draws, widen to any initial
OVERFLOW_PART_DRAWS = 100  # draws beyond the usual ones before a name gets one more part


@lru_cache(maxsize=None)
def _pool(kind: str, letter: str) -> tuple[str, ...]:
    """The names of a kind ('male', 'female', 'any', 'last') with one initial letter, sorted."""
    t = names.tables()
    if kind == "any":
        return tuple(sorted(set(t["male"][letter]) | set(t["female"][letter]) | set(t["unisex"][letter])))
    return t[kind][letter]


@lru_cache(maxsize=None)
def _wide_pool(kind: str) -> tuple[str, ...]:
    """The names of a kind with any initial (built once: a full workspace draws from it often)."""
    return tuple(n for c in string.ascii_lowercase for n in _pool(kind, c))


class _WordMap(Provider):
    """One name word → one surrogate word with the mapped initial letter."""

    kind = "last"

    def normalize(self, original: str) -> str:
        return original.strip().casefold()

    def _kind_for(self, word: str) -> str:
        return self.kind

    def draw_pools(self, engine, norm: str) -> tuple:
        kind = self._kind_for(norm)
        wide = ((kind, "*"), _wide_pool(kind))
        letter = engine.initials.get(names.fold(norm)[:1])
        if letter and _pool(kind, letter):
            return ((0, MAX_SAME_LETTER, (kind, letter), _pool(kind, letter)),
                    (MAX_SAME_LETTER, 3 * MAX_SAME_LETTER, *wide))
        return ((0, 3 * MAX_SAME_LETTER, *wide),)  # a random initial per draw: any name of the kind

    def draw(self, d: Draw) -> str:
        fake = d.fake
        initial = names.fold(d.norm)[:1]
        letter = d.engine.initials.get(initial) or fake.random.choice(string.ascii_lowercase)
        kind = self._kind_for(d.norm)
        pool = _pool(kind, letter)
        if not pool or d.attempt >= MAX_SAME_LETTER:
            pool = _wide_pool(kind)
        if d.attempt >= 3 * MAX_SAME_LETTER:  # workspace has used most of the table
            return fake.random.choice(pool) + "-" + fake.random.choice(pool)
        return fake.random.choice(pool)

    def overflow(self, d: Draw) -> str:
        """Beyond the usual draws (the two-name space is used up): names of more parts, one more
        for every ``OVERFLOW_PART_DRAWS`` draws ("anna-maria-luisa")."""
        pool = _wide_pool(self._kind_for(d.norm)) or _wide_pool("any")
        return "-".join(d.rng.choice(pool) for _ in range(2 + 1 + d.beyond // OVERFLOW_PART_DRAWS))


@register
class FirstNameMap(_WordMap):
    entity_type = "PERSON.FIRST"
    kind = "any"
    also_avoid = ("PERSON.LAST",)

    def _kind_for(self, word: str) -> str:
        return names.gender(word)


@register
class LastNameMap(_WordMap):
    entity_type = "PERSON.LAST"
    kind = "last"
    also_avoid = ("PERSON.FIRST",)


def single_role(engine, word: str) -> str:
    """Is a lone name word a first name or a surname? Full names seen so far decide first,
    then the vault, then the name tables; unknown words count as first names."""
    f = word.casefold()
    role = engine.name_roles.get(f)
    if role:
        return role
    vault = engine.ws.vault
    # workspace-wide: a name any contributor wrote in full tells its role (never its surrogate)
    is_first = vault.has_original("PERSON.FIRST", engine.seen_hash("PERSON.FIRST", f))
    is_last = vault.has_original("PERSON.LAST", engine.seen_hash("PERSON.LAST", f))
    if is_last and not is_first:
        return "last"
    if is_first:
        return "first"
    if names.known_first_name(word):
        return "first"
    if names.known_surname(word):
        return "last"
    return "first"


def map_word(engine, word: str, role: str) -> str:
    """A name word (hyphen parts mapped separately) through the right component map."""
    etype = "PERSON.LAST" if role == "last" else "PERSON.FIRST"
    parts = word.replace("’", "'").split("-")
    out = [apply_case(engine.canonical(etype, p), case_style(p)) for p in parts]
    return "-".join(out)


def map_initial(engine, letter: str) -> str:
    f = names.fold(letter)[:1]
    m = engine.initials.get(f, f or "x")
    return m.upper() if letter.isupper() else m


def word_components(role: str, word: str) -> list[tuple[str, str]]:
    etype = "PERSON.LAST" if role == "last" else "PERSON.FIRST"
    return [(etype, p) for p in word.replace("’", "'").split("-") if p]


@register
class PersonProvider(Provider):
    entity_type = "PERSON"
    how = 'first-name and surname maps; titles, case, gender kept'
    derived = True
    example = "Dr. Jane Doe"

    def _parse(self, engine, original: str) -> names.ParsedName:
        return names.parse(original, lambda w: single_role(engine, w))

    def normalize(self, original: str) -> str:
        core, _ = names.split_possessive(original.strip())
        return " ".join(core.split()).casefold()

    def prepare(self, engine, originals: list[str]) -> None:
        for o in originals:
            parsed = names.parse(o)
            if len([p for p in parsed.pieces if p.role in ("first", "middle", "last")]) >= 2:
                for p in parsed.pieces:
                    if p.role in ("first", "middle", "last"):
                        engine.name_roles.setdefault(p.text.casefold(), "last" if p.role == "last" else "first")

    def components(self, engine, original: str):
        parsed = self._parse(engine, original)
        if len([p for p in parsed.pieces if p.role in ("first", "middle", "last")]) >= 2:
            for p in parsed.pieces:
                if p.role in ("first", "middle", "last"):
                    engine.name_roles.setdefault(p.text.casefold(), "last" if p.role == "last" else "first")
        out = []
        for p in parsed.pieces:
            if p.role in ("first", "middle", "last"):
                out.extend(word_components(p.role, p.text))
        return out

    def draw(self, d: Draw) -> str:
        return self.render(d.engine, d.original, "").casefold()

    def render(self, engine, original: str, canonical: str) -> str:
        parsed = self._parse(engine, original)
        out = []
        last_word = ""
        for p in parsed.pieces:
            if p.role in ("first", "middle", "last"):
                w = map_word(engine, p.text, p.role)
            elif p.role == "initial":
                w = map_initial(engine, p.text)
            elif p.role == "initials":
                w = "".join(map_initial(engine, c) for c in p.text)
            else:
                w = p.text
            out.append(w + p.dot)
            if p.role != "sep":
                last_word = w
        poss = parsed.possessive
        if poss and poss[0] in "'’" and len(poss) == 1 and not last_word.lower().endswith("s"):
            poss = poss + "s"  # "James'" -> "Maria's"
        return "".join(out) + poss
