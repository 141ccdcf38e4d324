"""POSTAL_CODE: same shape (digits stay digits, letters letters, spaces and dashes kept),
keyed random: "62704" → "48213", "62704-1234" → "30571-8820", "SW1A 1AA" → "KD3R 7BX"."""

from __future__ import annotations

from synth.shape import alnum_key, pour, random_like, shape_space

from .base import Draw, Provider, register


@register
class PostalProvider(Provider):
    entity_type = "POSTAL_CODE"
    how = 'same shape'
    example = "62704-1234"

    def normalize(self, original: str) -> str:
        return alnum_key(original) or original

    def draw(self, d: Draw) -> str:
        return random_like(d.norm, d.rng)

    def space(self, engine, norm: str, original: str):
        """Finite: every code of the same shape (100,000 five-digit codes)."""
        return shape_space(norm)

    def render(self, engine, original: str, canonical: str) -> str:
        return pour(original, canonical)
