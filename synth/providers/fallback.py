"""Fallback for entity types without their own provider: same length and layout,
each letter/digit replaced by a keyed random ASCII one of its class (fails closed: the
original never survives). A value with no letter or digit is kept (nothing to hide)."""

from __future__ import annotations

from synth.shape import alnum_key, pour, random_like, shape_space

from .base import Draw, Provider, register


@register
class ShapeProvider(Provider):
    entity_type = "_FALLBACK"

    def normalize(self, original: str) -> str:
        key = alnum_key(original)
        return key if key else original

    def draw(self, d: Draw) -> str:
        return random_like(d.norm, d.rng)

    def space(self, engine, norm: str, original: str):
        """Finite: every value of the same shape."""
        return shape_space(norm)

    def render(self, engine, original: str, canonical: str) -> str:
        if not alnum_key(original):
            return original
        return pour(original, canonical)
