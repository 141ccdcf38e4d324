"""Keyed randomness: every surrogate draw is seeded from an HMAC of the workspace key.

Nothing here touches the global ``random`` module or Python's ``hash()``. A draw is a
private ``random.Random`` instance (and, when a provider wants Faker, a Faker instance
re-seeded with ``seed_instance``) seeded from ``HMAC(seed_key, parts...)``, so the same key
gives the same draw in any process and any order, and a different key a different one.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import random

_SEP = b"\x1f"


KEYED_STATES = 64  # keys whose HMAC state is kept (a workspace has a handful of subkeys)
_states: dict[bytes, hmac.HMAC] = {}


def _keyed_state(key: bytes) -> hmac.HMAC:
    """The HMAC of ``key`` with nothing hashed yet, made once per key: a copy of it hashes
    one message (the same digest as ``hmac.digest``, without setting the key up again)."""
    h = _states.get(key)
    if h is None:
        if len(_states) >= KEYED_STATES:
            _states.clear()
        h = _states[key] = hmac.new(key, digestmod=hashlib.sha256)
    return h


def hmac_bytes(key: bytes, *parts: str | bytes | int) -> bytes:
    """HMAC-SHA256 of the parts, joined with an unambiguous separator."""
    enc = []
    for p in parts:
        if isinstance(p, str):
            p = p.encode("utf-8")
        elif isinstance(p, int):
            p = str(p).encode("utf-8")
        enc.append(p)
    h = _keyed_state(key).copy()
    h.update(_SEP.join(enc))
    return h.digest()


def hmac_int(key: bytes, *parts: str | bytes | int) -> int:
    """The HMAC as a non-negative integer (256 bits)."""
    return int.from_bytes(hmac_bytes(key, *parts), "big")


def keyed_random(key: bytes, *parts: str | bytes | int) -> random.Random:
    """A fresh private ``random.Random`` seeded from the HMAC of the parts."""
    return random.Random(hmac_int(key, *parts))


FEISTEL_ROUNDS = 10


def permute_digits(key: bytes, tweak: str, radices: list[int], digits: list[int]) -> list[int]:
    """A keyed permutation of mixed-radix digit strings (``0 <= digits[i] < radices[i]``).

    The positions are split in two halves read as numbers ``a`` (of ``A`` values) and
    ``b`` (of ``B``); ``FEISTEL_ROUNDS`` rounds of an unbalanced Feistel network add an
    HMAC of one half to the other, modulo its size. Each round can be undone, so the whole
    is a bijection of the ``A * B`` strings of these radices: two different inputs never
    give the same output, with no table to consult. ``tweak`` picks an independent
    permutation (one per id prefix and shape)."""
    if len(digits) != len(radices) or len(digits) < 2:
        raise ValueError("need at least two digits, one per radix")
    k = len(digits) // 2
    left, right = radices[:k], radices[k:]

    def number(ds, rs) -> int:
        n = 0
        for d, r in zip(ds, rs):
            n = n * r + d
        return n

    def unnumber(n: int, rs) -> list[int]:
        out = []
        for r in reversed(rs):
            n, d = divmod(n, r)
            out.append(d)
        return out[::-1]

    size_a, size_b = math.prod(left), math.prod(right)
    a, b = number(digits[:k], left), number(digits[k:], right)
    for rnd in range(FEISTEL_ROUNDS):
        if rnd % 2 == 0:
            a = (a + hmac_int(key, "feistel", tweak, rnd, b)) % size_a
        else:
            b = (b + hmac_int(key, "feistel", tweak, rnd, a)) % size_b
    return unnumber(a, left) + unnumber(b, right)
