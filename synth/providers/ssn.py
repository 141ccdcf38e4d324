"""US_SSN: same format, in a range that can never be issued.

Area 900–999 is never assigned as an SSN, and group 01–49 under a 9xx area is outside
the ITIN groups (50–65, 70–88, 90–92, 94–99), so the surrogate is neither a valid SSN nor
an ITIN. Separators ("123-45-6789", "123 45 6789", "123456789") are kept.
"""

from __future__ import annotations

from synth.shape import random_like, shape_space

from .base import Draw, Provider, register


@register
class SsnProvider(Provider):
    entity_type = "US_SSN"
    how = 'same format, area 9xx group 01–49 (never issued)'
    example = "123-45-6789"

    def normalize(self, original: str) -> str:
        return "".join(c for c in original if c.isdigit())

    def draw(self, d: Draw) -> str:
        if len(d.norm) != 9:
            return random_like(d.norm, d.rng)
        r = d.rng
        return f"{r.randint(900, 999)}{r.randint(1, 49):02d}{r.randint(1, 9999):04d}"

    def space(self, engine, norm: str, original: str):
        """Finite: areas 900-999, groups 01-49, serials 0001-9999 (48,995,100 numbers)."""
        if len(norm) != 9:
            return shape_space(norm)

        def at(i: int) -> str:
            i, serial = divmod(i, 9999)
            area, group = divmod(i, 49)
            return f"{900 + area}{group + 1:02d}{serial + 1:04d}"

        return 100 * 49 * 9999, at

    def render(self, engine, original: str, canonical: str) -> str:
        it = iter(canonical)
        return "".join(next(it) if c.isdigit() else c for c in original)
