"""ORGANIZATION: a Faker company, or for institutions a surname plus the same kind word
("Stanford University" → "Kessler University", "Mercy Hospital" → "Hartley Hospital").
Case style kept."""

from __future__ import annotations

from synth.shape import case_style

from .base import Draw, Provider, register
from .location import extended_place

KINDS = (
    "University", "College", "School", "Academy", "Institute", "Hospital", "Clinic",
    "Bank", "Church", "Library", "Foundation", "Center", "Centre", "Lab", "Labs",
)


@register
class OrganizationProvider(Provider):
    entity_type = "ORGANIZATION"
    how = 'Faker company; institutions keep their kind word'
    example = "Stanford University"

    def draw(self, d: Draw) -> str:
        words = [w.strip(",.").title() for w in d.original.split()]
        kind = next((w for w in words if w in KINDS), None)
        if kind:
            if words and words[0] == kind and "Of" in words:  # "University of X"
                return f"{kind} of {d.fake.city()}"
            return f"{d.fake.last_name()} {kind}"
        return d.fake.company()

    def overflow(self, d: Draw) -> str:
        """Names from ``location.extended_place``: "Upper Millbrook University", "University of
        Ashcombe Green", "Fernhill Cross LLC"."""
        words = [w.strip(",.").title() for w in d.original.split()]
        kind = next((w for w in words if w in KINDS), None)
        place = extended_place(d.rng, d.beyond)
        if kind:
            if words and words[0] == kind and "Of" in words:
                return f"{kind} of {place}"
            return f"{place} {kind}"
        return f"{place} {d.fake.company_suffix()}"

    def space_key(self, norm: str) -> str:
        """One space per institution kind ("X University": Faker's 1,000 surnames), one for companies."""
        words = [w.strip(",.").title() for w in norm.split()]
        kind = next((w for w in words if w in KINDS), None)
        if kind is None:
            return "company"
        return f"{kind} of" if words[0] == kind and "Of" in words else kind

    def render(self, engine, original: str, canonical: str) -> str:
        st = case_style(original)
        return canonical.upper() if st == "upper" else canonical.lower() if st == "lower" else canonical
