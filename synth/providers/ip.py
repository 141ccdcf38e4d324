"""IP_ADDRESS: valid, same version, in documentation ranges.

IPv4 → 192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24 (RFC 5737); when those 762 host
addresses are used up, 198.18.0.0/15 (RFC 2544 benchmarking, never routed).
IPv6 → 2001:db8::/32 (RFC 3849), written compressed (upper case kept).
"""

from __future__ import annotations

import ipaddress

from synth.shape import random_like

from .base import Draw, Provider, register

DOC_V4 = ("192.0.2.", "198.51.100.", "203.0.113.")


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

    def render(self, engine, original: str, canonical: str) -> str:
        return canonical.upper() if any(c.isupper() for c in original) else canonical
