"""CREDIT_CARD: same length, grouping and issuer class, Luhn-valid, in test ranges.

The first six digits become the issuer's well-known *test* BIN (the ones payment
processors publish for testing: Visa 411111/400000, Mastercard 555555/222300, Amex
378282, Discover 601111, JCB 353011, Diners 305693/361111, UnionPay 620000), the rest
keyed random digits, and the last digit the Luhn check digit.
"""

from __future__ import annotations

from .base import Draw, Provider, register


def luhn_ok(number: str) -> bool:
    total = 0
    for i, c in enumerate(reversed(number)):
        n = int(c)
        if i % 2 == 1:
            n *= 2
            if n > 9:
                n -= 9
        total += n
    return total % 10 == 0


def luhn_complete(partial: str) -> str:
    """``partial`` plus the check digit that makes it pass Luhn."""
    for c in "0123456789":
        if luhn_ok(partial + c):
            return partial + c
    raise AssertionError("unreachable")


def issuer(digits: str) -> str:
    p2, p4 = int(digits[:2] or 0), int(digits[:4] or 0)
    if digits[:1] == "4":
        return "visa"
    if 51 <= p2 <= 55:
        return "mastercard"
    if 2221 <= p4 <= 2720:
        return "mastercard2"
    if p2 in (34, 37):
        return "amex"
    if digits.startswith("6011") or p2 == 65 or 644 <= int(digits[:3] or 0) <= 649:
        return "discover"
    if 3528 <= p4 <= 3589:
        return "jcb"
    if p2 in (36, 38, 39) or 300 <= int(digits[:3] or 0) <= 305:
        return "diners"
    if p2 == 62:
        return "unionpay"
    return "other"


TEST_BINS = {
    "visa": "411111",
    "mastercard": "555555",
    "mastercard2": "222300",
    "amex": "378282",
    "discover": "601111",
    "jcb": "353011",
    "diners": "305693",
    "unionpay": "620000",
}


@register
class CreditCardProvider(Provider):
    entity_type = "CREDIT_CARD"
    how = 'issuer test BIN, same length and grouping, Luhn-valid'
    example = "4929 1234 5678 9012"

    def normalize(self, original: str) -> str:
        return "".join(c for c in original if c.isdigit())

    def draw(self, d: Draw) -> str:
        digits = d.norm
        n = len(digits)
        bin_ = TEST_BINS.get(issuer(digits), digits[:1] + "00000")[: max(n - 4, 1)]
        body = "".join(str(d.rng.randint(0, 9)) for _ in range(n - len(bin_) - 1))
        return luhn_complete(bin_ + body)

    def space(self, engine, norm: str, original: str):
        """Finite: every body after the test BIN (10**9 for a 16-digit card), Luhn-completed."""
        n = len(norm)
        bin_ = TEST_BINS.get(issuer(norm), norm[:1] + "00000")[: max(n - 4, 1)]
        k = max(n - len(bin_) - 1, 0)
        return 10**k, lambda i: luhn_complete(bin_ + (f"{i:0{k}d}" if k else ""))

    def render(self, engine, original: str, canonical: str) -> str:
        it = iter(canonical)
        return "".join(next(it) if c.isdigit() else c for c in original)
