"""LOCATION: cities → cities, states → states, countries → countries, by shape.

A comma-separated place ("Springfield, IL", "Lyon, France") is mapped part by part:
a country name becomes another country, a US state name or two-letter code another
state (same form), anything else a city (Faker's en_US city generator). Case style kept.
"""

from __future__ import annotations

import re
from functools import lru_cache

from faker.providers.address import en_US

from synth.shape import apply_case, case_style

from .base import Draw, Provider, register


@lru_cache(maxsize=1)
def _places():
    p = en_US.Provider
    countries = {c.casefold() for c in p.countries}
    states = {s.casefold() for s in p.states}
    abbr = set(p.states_abbr)
    return countries, states, abbr


def kind_of(part: str) -> str:
    countries, states, abbr = _places()
    s = part.strip()
    if s.upper() in abbr and len(s) == 2 and s.isupper():
        return "state_abbr"
    if s.casefold() in states:
        return "state"
    if s.casefold() in countries or s.casefold() in ("usa", "us", "uk", "u.s.", "u.k."):
        return "country"
    return "city"


# Faker builds towns and streets from first names and surnames ("East Jamesview", "Kyle Scott Pl"),
# which a surrogate may not hold when the workspace's people bear them (Provider.avoid_words). A
# corpus of many people (tens of thousands of names, most of Faker's lists) refuses nearly every
# one; after this many draws a town or street is named from words no one is called instead
# ("Millbrook", "Oakridge Lane").
NAMED_ATTEMPTS = 25
_PLACE_HEADS = ("Oak", "Elm", "Ash", "Birch", "Cedar", "Maple", "Willow", "Mill", "Stone", "Green", "Brook", "Fair",
                "Spring", "Red", "North", "South", "East", "West", "High", "Long", "Wood", "Thorn", "Bramble",
                "Clover", "Fox", "Deer", "Lark", "Swan", "Kings", "Church", "Chapel", "Orchard", "Meadow", "Silver",
                "Golden", "Iron", "Copper", "Salt", "Sand", "Pine", "Fern", "Heath", "Moss", "Flint", "Cherry",
                "Apple", "Beech", "Alder", "Hollow", "Glen")
_PLACE_TAILS = ("brook", "field", "wood", "ridge", "dale", "vale", "ford", "bridge", "stone", "gate", "hurst", "mere",
                "moor", "worth", "side", "view", "croft", "leigh", "wick", "crest", "hill", "well", "combe", "haven",
                "bank", "mead", "marsh", "cliff", "grove", "acre")


TINY_SPACE_RELAX_AFTER = 100


def _words_of(value: str) -> str:
    """`` word word `` of a place's name, for whole-word containment."""
    return " " + " ".join(re.findall(r"[^\W_]+", value.casefold())) + " "


def name_free_word(rng) -> str:
    """A place-like word made of two topographic words, no one's name ("Millbrook", "Ashcombe")."""
    return rng.choice(_PLACE_HEADS) + rng.choice(_PLACE_TAILS)


# The extended space of place names (towns, street names, institutions, e-mail domain words),
# drawn only once a value's usual draws were all refused (``Provider.overflow``): the 1,500
# name-free words above with a qualifier or a feature, then joined "-on-", then numbered, each
# tier far larger than the one before, so a free name always comes.
_QUALIFIERS = ("Upper", "Lower", "Great", "Little", "Old", "New", "Nether", "Far", "Middle", "Outer", "Inner", "Bishops")
_FEATURES = ("Green", "Heath", "Cross", "End", "Common", "Park", "Hill", "Springs", "Falls", "Junction", "Crossing",
             "Landing", "Harbor", "Valley", "Meadows", "Corner")
EXTENDED_TIER_DRAWS = 25  # draws of one tier of extended_place before the next, larger one


def extended_place(rng, n: int) -> str:
    """The ``n``-th draw (0, 1, 2 …) of the extended space of name-free place names:
    "Upper Millbrook" (18,000 names), "Ashcombe Green" (24,000), "Little Oakridge Cross"
    (288,000), "Millbrook-on-Ashford" (2.25 million), "Upper Fernhill-on-Saltmere Heath"
    (432 million), then the same numbered ("Ashcombe Green 7"), with numbers that grow with ``n``."""
    tier = n // EXTENDED_TIER_DRAWS
    w = name_free_word(rng)
    if tier == 0:
        return f"{rng.choice(_QUALIFIERS)} {w}"
    if tier == 1:
        return f"{w} {rng.choice(_FEATURES)}"
    if tier == 2:
        return f"{rng.choice(_QUALIFIERS)} {w} {rng.choice(_FEATURES)}"
    if tier == 3:
        return f"{w}-on-{name_free_word(rng)}"
    full = f"{rng.choice(_QUALIFIERS)} {w}-on-{name_free_word(rng)} {rng.choice(_FEATURES)}"
    return full if tier == 4 else f"{full} {rng.randint(2, 10 ** (tier - 4))}"


def place_like(fake, part: str, d: Draw | None = None) -> str:
    """A place of the same kind as ``part`` (a town, state, state code or country); in a draw
    beyond the usual ones (``d``) a town comes from ``extended_place`` (and is listed in
    ``d.chosen``), a state or country from those that are no name of the workspace."""
    k = kind_of(part)
    if d is not None and d.beyond >= 0:
        if k == "city":
            town = extended_place(d.rng, d.beyond)
            d.chosen.append(town)
            return town
        values = list(_finite_values(k))
        d.rng.shuffle(values)  # the first that is no one's name (every one is: the original's own)
        pick = next((v for v in values if not d.engine.bears_avoided_word("LOCATION", v)), part)
        if pick != part:
            d.chosen.append(pick)
        return pick
    if k == "state_abbr":
        return fake.random.choice(en_US.Provider.states_abbr)
    if k == "state":
        return fake.state()
    if k == "country":
        return fake.country()
    return fake.city()


def _finite_values(kind: str) -> tuple[str, ...]:
    """Every state code, state or country Faker draws (what ``place_like`` picks from)."""
    p = en_US.Provider
    return {"state_abbr": p.states_abbr, "state": p.states, "country": tuple(dict.fromkeys(p.countries))}[kind]


@register
class LocationProvider(Provider):
    entity_type = "LOCATION"
    avoid_words = ("PERSON.FIRST", "PERSON.LAST")
    how = 'city → city, state → state, country → country'
    example = "Springfield, IL"

    def draw(self, d: Draw) -> str:
        fake = d.fake
        parts = d.original.strip().split(",")
        out = []
        for part in parts:
            lead = part[: len(part) - len(part.lstrip())]
            core = part.strip()
            town = name_free_word(d.rng) if d.attempt >= NAMED_ATTEMPTS and kind_of(core) == "city" else None
            out.append(lead + (apply_case(town or place_like(fake, core), case_style(core)) if core else core))
        return ",".join(out)

    def distinct(self, norm: str, cand: str) -> bool:
        """Neither the original nor the candidate holds the other as whole words: "Netherlands
        Antilles" would write a real "Netherlands" back, "Guinea" would hide in "Papua New Guinea"."""
        a, b = _words_of(norm), _words_of(self.normalize(cand))
        return a != b and a not in b and b not in a

    def overflow(self, d: Draw) -> str | None:
        """Towns from ``extended_place``; a value of states, state codes and countries only is
        finite (``space``)."""
        parts = d.original.strip().split(",")
        if not any(p.strip() and kind_of(p.strip()) == "city" for p in parts):
            return None
        out = []
        for part in parts:
            lead = part[: len(part) - len(part.lstrip())]
            core = part.strip()
            out.append(lead + (apply_case(place_like(d.fake, core, d), case_style(core)) if core else core))
        return ",".join(out)

    def space(self, engine, norm: str, original: str):
        """States, state codes and countries: every combination of the parts' kinds."""
        parts = original.strip().split(",")
        slots = []
        for part in parts:
            core = part.strip()
            lead = part[: len(part) - len(part.lstrip())]
            if core and kind_of(core) == "city":
                return None
            slots.append((lead, core, [apply_case(v, case_style(core)) for v in _finite_values(kind_of(core))] if core else [core]))
        size = 1
        for _, _, vals in slots:
            size *= len(vals)

        def at(i: int) -> str:
            out = []
            for lead, _, vals in reversed(slots):
                i, r = divmod(i, len(vals))
                out.append(lead + vals[r])
            return ",".join(reversed(out))

        return size, at

    def space_key(self, norm: str) -> str | None:
        """The kinds of the parts: once the towns ran out, every value with a town draws from
        the extended space at once."""
        kinds = [kind_of(p.strip().upper() if len(p.strip()) == 2 else p) for p in norm.split(",") if p.strip()]
        return ",".join(kinds) if "city" in kinds else None

    def relax_for(self, norm: str) -> int | None:
        """States, their codes and countries are a few hundred values at most: once a corpus has
        used them up, the map becomes a permutation of them (as ``relax_after`` allows for tiny
        spaces); towns never relax."""
        parts = [kind_of(p.strip().upper() if len(p.strip()) == 2 else p) for p in norm.split(",") if p.strip()]
        return TINY_SPACE_RELAX_AFTER if parts and all(k != "city" for k in parts) else None

    def render(self, engine, original: str, canonical: str) -> str:
        st = case_style(original)
        return canonical.upper() if st == "upper" else canonical.lower() if st == "lower" else canonical
