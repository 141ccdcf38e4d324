"""synth.keyed.hmac_bytes: the HMAC state kept per key gives ``hmac.digest``'s bytes."""

import hashlib
import hmac
import random

from synth import keyed


def _reference(key: bytes, *parts) -> bytes:
    enc = []
    for p in parts:
        if isinstance(p, int):
            p = str(p)
        if isinstance(p, str):
            p = p.encode("utf-8")
        enc.append(p)
    return hmac.digest(key, b"\x1f".join(enc), hashlib.sha256)


def test_hmac_bytes_is_hmac_sha256_of_the_joined_parts():
    rng = random.Random(5)
    for _ in range(3_000):
        key = bytes(rng.randrange(256) for _ in range(rng.choice((1, 16, 32, 64, 65, 200))))
        parts = [rng.choice(("abc", "é\x1fß", "", rng.randrange(-10**40, 10**40), True, b"\x00\xff"))
                 for _ in range(rng.randrange(0, 6))]
        assert keyed.hmac_bytes(key, *parts) == _reference(key, *parts)


def test_many_keys_never_mix_their_states():
    keys = [bytes([i]) * 32 for i in range(keyed.KEYED_STATES * 2 + 3)]
    for _ in range(2):
        for k in keys:
            assert keyed.hmac_bytes(k, "x", 1) == _reference(k, "x", 1)
    assert len(keyed._states) <= keyed.KEYED_STATES
