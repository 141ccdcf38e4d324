"""IBAN_CODE: same country and length, valid ISO 13616 mod-97 check digits.

The BBAN keeps its layout (digits stay digits, letters letters), drawn keyed at random;
the check digits are then computed so the result passes the IBAN checksum. Spacing and
case of the original are kept.
"""

from __future__ import annotations

from synth.shape import random_like, shape_space

from .base import Draw, Provider, register


def _numeric(s: str) -> int:
    return int("".join(str(int(c, 36)) for c in s))


def iban_valid(iban: str) -> bool:
    s = "".join(iban.split()).upper()
    return len(s) > 4 and s[:2].isalpha() and _numeric(s[4:] + s[:4]) % 97 == 1


def with_check_digits(country: str, bban: str) -> str:
    check = 98 - _numeric(bban + country + "00") % 97
    return f"{country}{check:02d}{bban}"


@register
class IbanProvider(Provider):
    entity_type = "IBAN_CODE"
    how = 'same country, length and layout, valid mod-97'
    example = "DE89 3704 0044 0532 0130 00"

    def normalize(self, original: str) -> str:
        return "".join(c for c in original if c.isalnum()).upper()

    def draw(self, d: Draw) -> str:
        country = d.norm[:2] if d.norm[:2].isalpha() else "DE"
        bban = random_like(d.norm[4:], d.rng)
        return with_check_digits(country, bban)

    def space(self, engine, norm: str, original: str):
        """Finite: every BBAN of the same layout, with its check digits."""
        country = norm[:2] if norm[:2].isalpha() else "DE"
        size, at = shape_space(norm[4:])
        return size, lambda i: with_check_digits(country, at(i))

    def render(self, engine, original: str, canonical: str) -> str:
        it = iter(canonical)
        return "".join((next(it) if c.isupper() or c.isdigit() else next(it).lower()) if c.isalnum() else c for c in original)
