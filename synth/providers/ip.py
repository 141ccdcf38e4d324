"""IP_ADDRESS: valid, same version, in documentation ranges.

IPv4 → 192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24 (RFC 5737); when those 762 host
addresses are used up, 198.18.0.0/15 (RFC 2544 benchmarking, never routed); when those
131,070 are, 240.0.0.0/4 (reserved, never routed: 268 million more).
IPv6 → 2001:db8::/32 (RFC 3849), written compressed (upper case kept).
"""

from __future__ import annotations

import ipaddress

from synth.shape import random_like, shape_space

from .base import Draw, Provider, register

DOC_V4 = ("192.0.2.", "198.51.100.", "203.0.113.")
CLASS_E = int(ipaddress.ip_address("240.0.0.0"))
CLASS_E_HOSTS = 2**28 - 2  # 240.0.0.1 .. 255.255.255.254
OVERFLOW_V4_DRAWS = 1000  # keyed draws in 240.0.0.0/4 before the ranges are walked whole


def _ip(original: str):
    try:
        return ipaddress.ip_address(original.strip())
    except ValueError:
        return None


@register
class IpProvider(Provider):
    entity_type = "IP_ADDRESS"
    how = 'same version, documentation ranges'
    example = "73.158.22.104"

    def normalize(self, original: str) -> str:
        ip = _ip(original)
        return ip.compressed if ip is not None else original.strip().lower()

    def keep(self, original: str) -> bool:
        return _ip(original) is None and super().keep(original)

    def draw(self, d: Draw) -> str:
        ip = _ip(d.original)
        r = d.rng
        if ip is None:
            return random_like(d.original.strip(), r)
        if ip.version == 4:
            if d.attempt < 400:
                return f"{r.choice(DOC_V4)}{r.randint(1, 254)}"
            return str(ipaddress.ip_address(int(ipaddress.ip_address("198.18.0.0")) + r.randint(1, 2**17 - 2)))
        base = int(ipaddress.ip_address("2001:db8::"))
        return ipaddress.ip_address(base + r.getrandbits(96)).compressed

    def overflow(self, d: Draw) -> str | None:
        """IPv4 beyond its usual draws: 240.0.0.0/4; after that (and for IPv6 and values that are
        no address) the space is walked whole."""
        ip = _ip(d.original)
        if ip is None or ip.version != 4 or d.beyond >= OVERFLOW_V4_DRAWS:
            return None
        return str(ipaddress.ip_address(CLASS_E + d.rng.randint(1, CLASS_E_HOSTS)))

    def space_key(self, norm: str) -> str | None:
        """IPv4: once its usual ranges ran out, later addresses go to 240.0.0.0/4 at once."""
        ip = _ip(norm)
        return "v4" if ip is not None and ip.version == 4 else None

    def space(self, engine, norm: str, original: str):
        """Finite: the documentation, benchmarking and reserved ranges (IPv4), 2001:db8::/32 (IPv6)."""
        ip = _ip(original)
        if ip is None:
            return shape_space(original.strip())
        if ip.version == 6:
            base = int(ipaddress.ip_address("2001:db8::"))
            return 2**96, lambda i: ipaddress.ip_address(base + i).compressed
        bench = int(ipaddress.ip_address("198.18.0.0"))
        doc = len(DOC_V4) * 254

        def at(i: int) -> str:
            if i < doc:
                return f"{DOC_V4[i // 254]}{i % 254 + 1}"
            i -= doc
            if i < 2**17 - 2:
                return str(ipaddress.ip_address(bench + 1 + i))
            return str(ipaddress.ip_address(CLASS_E + 1 + i - (2**17 - 2)))

        return doc + 2**17 - 2 + CLASS_E_HOSTS, at

    def render(self, engine, original: str, canonical: str) -> str:
        return canonical.upper() if any(c.isupper() for c in original) else canonical
