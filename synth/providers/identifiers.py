"""Account-like identifiers: same length, grouping, case and character classes.

US_BANK_NUMBER, ACCOUNT_NUMBER (account, policy, member, case, MRN numbers),
US_PASSPORT, US_DRIVER_LICENSE and VEHICLE_PLATE keep their exact layout: each digit
becomes a keyed random digit (no leading zero where the original had none), each letter
a keyed random letter of the same case, separators stay.
"""

from __future__ import annotations

from synth.shape import alnum_key, pour, random_like, shape_space

from .base import Draw, Provider, register


class _ShapeId(Provider):
    def normalize(self, original: str) -> str:
        return alnum_key(original) or original

    def draw(self, d: Draw) -> str:
        return random_like(d.norm, d.rng, first_digit_nonzero=not d.norm.startswith("0"))

    def space(self, engine, norm: str, original: str):
        """Finite: every identifier of the same shape."""
        return shape_space(norm, first_digit_nonzero=not norm.startswith("0"))

    def render(self, engine, original: str, canonical: str) -> str:
        return pour(original, canonical)


@register
class BankNumber(_ShapeId):
    entity_type = "US_BANK_NUMBER"
    how = 'same length, grouping and character classes'
    example = "0012 3456 7890"


@register
class AccountNumber(_ShapeId):
    entity_type = "ACCOUNT_NUMBER"
    how = 'same length, grouping and character classes'
    example = "MRN-00482913"


@register
class Passport(_ShapeId):
    entity_type = "US_PASSPORT"
    how = 'same length and character classes'
    example = "A12345678"


@register
class DriverLicense(_ShapeId):
    entity_type = "US_DRIVER_LICENSE"
    how = 'same length, grouping and character classes'
    example = "D123-4567-8901"


@register
class VehiclePlate(_ShapeId):
    entity_type = "VEHICLE_PLATE"
    how = 'same length and character classes'
    example = "7ABC123"
