"""SECRET: API keys, tokens and passwords → same length and character classes, with a
known prefix kept ("sk-proj-", "ghp_", "xoxb-", "AKIA") and the first letters of the body
spelling FAKE (case per slot) so nobody mistakes the surrogate for a live credential. A short
shape holds few values ("Fake#42$": 100); once a value's usual draws are all refused, its
surrogate grows by a character (``overflow``)."""

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
        return prefix + _marked(body, d.rng)

    def overflow(self, d: Draw) -> str:
        """Beyond the usual draws (a short shape with FAKE in it holds few values: "Fake#42$" has
        100): the body grows by one character of its last one's class for every
        ``OVERFLOW_GROW_DRAWS`` draws ("Fake#427$")."""
        prefix, body = split_prefix(d.norm)
        last = max((i for i, c in enumerate(body) if c.isalnum()), default=len(body) - 1)
        c = body[last] if body else "0"
        filler = "A" if c.isalpha() and c.isupper() else "a" if c.isalpha() else "0"
        grown = body[: last + 1] + filler * (1 + d.beyond // OVERFLOW_GROW_DRAWS) + body[last + 1 :]
        return prefix + _marked(grown, d.rng)


OVERFLOW_GROW_DRAWS = 25


def _marked(body: str, rng) -> str:
    """``body``'s shape, keyed random, its first letters spelling FAKE."""
    new = list(random_like(body, rng))
    k = 0
    for i, c in enumerate(body):
        if k >= len(MARK) or len(body) < 8:
            break
        if c.isalpha():
            new[i] = MARK[k].upper() if c.isupper() else MARK[k]
            k += 1
    return "".join(new)
