"""Keyed randomness: every surrogate draw is seeded from an HMAC of the workspace key.

Nothing here touches the global ``random`` module or Python's ``hash()``. A draw is a
private ``random.Random`` instance (and, when a provider wants Faker, a Faker instance
re-seeded with ``seed_instance``) seeded from ``HMAC(seed_key, parts...)``, so the same key
gives the same draw in any process and any order, and a different key a different one.
"""

from __future__ import annotations

import hashlib
import hmac
import random

_SEP = b"\x1f"


def hmac_bytes(key: bytes, *parts: str | bytes | int) -> bytes:
    """HMAC-SHA256 of the parts, joined with an unambiguous separator."""
    enc = []
    for p in parts:
        if isinstance(p, int):
            p = str(p)
        if isinstance(p, str):
            p = p.encode("utf-8")
        enc.append(p)
    return hmac.digest(key, _SEP.join(enc), hashlib.sha256)


def hmac_int(key: bytes, *parts: str | bytes | int) -> int:
    """The HMAC as a non-negative integer (256 bits)."""
    return int.from_bytes(hmac_bytes(key, *parts), "big")


def keyed_random(key: bytes, *parts: str | bytes | int) -> random.Random:
    """A fresh private ``random.Random`` seeded from the HMAC of the parts."""
    return random.Random(hmac_int(key, *parts))
