"""LOCATION: cities → cities, states → states, countries → countries, by shape.

A comma-separated place ("Springfield, IL", "Lyon, France") is mapped part by part:
a country name becomes another country, a US state name or two-letter code another
state (same form), anything else a city (Faker's en_US city generator). Case style kept.
"""

from __future__ import annotations

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
            out.append(lead + (apply_case(place_like(fake, core), case_style(core)) if core else core))
        return ",".join(out)

    def render(self, engine, original: str, canonical: str) -> str:
        st = case_style(original)
        return canonical.upper() if st == "upper" else canonical.lower() if st == "lower" else canonical
