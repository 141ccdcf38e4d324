"""PHONE_NUMBER: same punctuation, grouping, country code and length, fictional ranges.

The national significant number (country code and trunk prefix removed) is the key, so
"+1 (212) 555-7788" and "212.555.7788" share one surrogate, each written in its own
layout. Ranges used:

* North America (+1, or 10 digits): ``NXX-555-01XX``, the range reserved for fiction.
* UK (+44): Ofcom's drama ranges — mobiles ``07700 900xxx``, London ``020 7946 0xxx``,
  other numbers ``01632 960xxx``.
* Australia (+61): ACMA's fictional landline range ``0d 5550 xxxx``.
* Other countries have no reserved range we can rely on: the digits are keyed random with
  the same length and the country code kept (documented limitation).
When a fictional range is used up (more numbers than it holds), keyed random digits
of the same shape are used.
"""

from __future__ import annotations

import phonenumbers

from .base import Draw, Provider, register


def _parse(original: str) -> tuple[str, str]:
    """(country code or '', national significant number digits)."""
    s = original.strip()
    digits = "".join(c for c in s if c.isdigit())
    intl = s.startswith("+") or s.startswith("00")
    if intl:
        body = digits[2:] if s.startswith("00") else digits
        try:
            num = phonenumbers.parse("+" + body, None)
            cc = str(num.country_code)
            nsn = body[len(cc):]
            return cc, nsn
        except phonenumbers.NumberParseException:
            return "", digits
    if len(digits) == 11 and digits[0] == "1":
        return "1", digits[1:]
    if len(digits) == 10 and digits[0] in "23456789":
        return "1", digits
    if digits.startswith("0") and not digits.startswith("00"):
        return "", digits[1:]
    return "", digits


@register
class PhoneProvider(Provider):
    entity_type = "PHONE_NUMBER"
    how = 'same layout and country code, fictional range'
    example = "+1 (212) 555-7788"

    def normalize(self, original: str) -> str:
        cc, nsn = _parse(original)
        return nsn if nsn else original.strip()

    def draw(self, d: Draw) -> str:
        cc, nsn = _parse(d.original)
        r = d.rng
        n = len(nsn)
        fictional = d.attempt < 600
        if cc == "1" and n == 10 and fictional:
            while True:
                area = f"{r.randint(2, 9)}{r.randint(0, 8)}{r.randint(0, 9)}"
                if area[1:] != "11":
                    break
            return f"{area}55501{r.randint(0, 99):02d}"  # NXX-555-01XX
        if cc == "44" and n == 10 and fictional:
            tail = f"{r.randint(0, 999):03d}"
            if nsn.startswith("7"):
                return "7700900" + tail
            if nsn.startswith("20"):
                return "2079460" + tail
            return "1632960" + tail
        if cc == "61" and n == 9 and fictional:
            lead = nsn[0] if nsn[0] in "2378" else "2"
            return f"{lead}5550{r.randint(0, 9999):04d}"
        first = str(r.randint(1, 9)) if nsn[:1] != "0" else "0"
        return first + "".join(str(r.randint(0, 9)) for _ in range(n - 1))

    def space(self, engine, norm: str, original: str):
        """Finite: every number of the same length (the fictional ranges are among them)."""
        cc, nsn = _parse(original)
        n = len(nsn)
        if n == 0:
            return None
        first = "0" if nsn[:1] == "0" else "123456789"
        rest = 10 ** (n - 1)
        return len(first) * rest, lambda i: first[i // rest] + (f"{i % rest:0{n - 1}d}" if n > 1 else "")

    def render(self, engine, original: str, canonical: str) -> str:
        """Write the surrogate NSN into the last digit slots, keeping cc/trunk digits."""
        slots = [i for i, c in enumerate(original) if c.isdigit()]
        out = list(original)
        for i, digit in zip(slots[len(slots) - len(canonical):], canonical):
            out[i] = digit
        return "".join(out)
