"""ORGANIZATION: a Faker company, or for institutions a surname plus the same kind word
("Stanford University" → "Kessler University", "Mercy Hospital" → "Hartley Hospital").
Case style kept."""

from __future__ import annotations

from synth.shape import case_style

from .base import Draw, Provider, register

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

    def render(self, engine, original: str, canonical: str) -> str:
        st = case_style(original)
        return canonical.upper() if st == "upper" else canonical.lower() if st == "lower" else canonical
