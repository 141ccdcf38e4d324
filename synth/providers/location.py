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



def place_like(fake, part: str) -> str:
    k = kind_of(part)
    if k == "state_abbr":
        return fake.random.choice(en_US.Provider.states_abbr)
    if k == "state":
        return fake.state()
    if k == "country":
        return fake.country()
    return fake.city()


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

    def relax_for(self, norm: str) -> int | None:
        """States, their codes and countries are a few hundred values at most: once a corpus has
        used them up, the map becomes a permutation of them (as ``relax_after`` allows for tiny
        spaces); towns never relax."""
        parts = [kind_of(p.strip().upper() if len(p.strip()) == 2 else p) for p in norm.split(",") if p.strip()]
        return TINY_SPACE_RELAX_AFTER if parts and all(k != "city" for k in parts) else None

    def render(self, engine, original: str, canonical: str) -> str:
        st = case_style(original)
        return canonical.upper() if st == "upper" else canonical.lower() if st == "lower" else canonical
