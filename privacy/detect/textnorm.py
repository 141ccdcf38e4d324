"""Length-preserving case and accent folding, so matches map back to original offsets."""

from __future__ import annotations

import unicodedata
from functools import lru_cache


@lru_cache(maxsize=4096)
def _fold_char(c: str) -> str:
    low = c.lower()
    if len(low) != 1:
        low = c
    base = unicodedata.normalize("NFKD", low)[:1] or low
    if base in "\u2019\u2018\u02bc":
        return "'"
    return base if len(base) == 1 else low


def fold(text: str) -> str:
    """Lower-case and strip accents, one output character per input character."""
    if text.isascii():
        return text.lower()
    return "".join(_fold_char(c) for c in text)


def is_word_char(c: str) -> bool:
    return c.isalnum() or c == "_"


def whole_word(text: str, start: int, end: int) -> bool:
    """True when ``text[start:end]`` is not glued to a letter, digit or underscore."""
    if start > 0 and is_word_char(text[start - 1]):
        return False
    if end < len(text) and is_word_char(text[end]):
        return False
    return True
