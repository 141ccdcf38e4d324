"""SECRET: API keys, tokens and passwords → same length and character classes, with a
known prefix kept ("sk-proj-", "ghp_", "xoxb-", "AKIA") and the first letters of the body
spelling FAKE (case per slot) so nobody mistakes the surrogate for a live credential."""

from __future__ import annotations

import re

from synth.shape import random_like

from .base import Draw, Provider, register

_PREFIX = re.compile(r"^(?:AKIA|ASIA|(?:[A-Za-z]{2,8}[-_]){1,2})")
MARK = "fake"


def split_prefix(s: str) -> tuple[str, str]:
    m = _PREFIX.match(s)
    if m and len(s) - m.end() >= 8:
        return s[: m.end()], s[m.end():]
    return "", s


@register
class SecretProvider(Provider):
    entity_type = "SECRET"
    how = 'prefix kept, same length/charset, spells FAKE'
    example = "sk-proj-4fJ9xQ2mLp8RtZ1vBn7K"

    def normalize(self, original: str) -> str:
        return original.strip()

    def draw(self, d: Draw) -> str:
        prefix, body = split_prefix(d.norm)
        new = list(random_like(body, d.rng))
        k = 0
        for i, c in enumerate(body):
            if k >= len(MARK) or len(body) < 8:
                break
            if c.isalpha():
                new[i] = MARK[k].upper() if c.isupper() else MARK[k]
                k += 1
        return prefix + "".join(new)
