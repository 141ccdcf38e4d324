"""Shape helpers: keep a value's layout (separators, grouping, case, length) while
replacing its characters with keyed random ones of the same class."""

from __future__ import annotations

import random
import string

DIGITS = string.digits
UPPER = string.ascii_uppercase
LOWER = string.ascii_lowercase
HEX_LOWER = "0123456789abcdef"
HEX_UPPER = "0123456789ABCDEF"


def char_class(c: str) -> str:
    """'d' digit, 'u' upper letter, 'l' lower letter, '' anything else (kept as is)."""
    if c.isalpha():
        return "u" if c.isupper() else "l"
    if c.isalnum():  # digits, and other numerals ("²", "¼", "Ⅻ")
        return "d"
    return ""


def random_like(template: str, rng: random.Random, *, first_digit_nonzero: bool = False) -> str:
    """Same length and layout: each ASCII digit/letter replaced by a random one of its class."""
    out = []
    seen_digit = False
    for c in template:
        k = char_class(c)
        if k == "d":
            pool = DIGITS[1:] if (first_digit_nonzero and not seen_digit) else DIGITS
            out.append(rng.choice(pool))
            seen_digit = True
        elif k == "u":
            out.append(rng.choice(UPPER))
        elif k == "l":
            out.append(rng.choice(LOWER))
        else:
            out.append(c)
    return "".join(out)


def alnum_key(value: str) -> str:
    """Normalized form of an identifier: its ASCII letters and digits, upper-cased."""
    return "".join(c for c in value if c.isalnum()).upper()


def pour(template: str, chars: str) -> str:
    """Write ``chars`` into the alphanumeric slots of ``template``, keeping its separators
    and the letter case of each slot. ``len(chars)`` must equal the number of slots."""
    it = iter(chars)
    out = []
    for c in template:
        if c.isalnum():
            n = next(it)
            out.append(n.lower() if c.islower() else n.upper() if c.isupper() else n)
        else:
            out.append(c)
    return "".join(out)


def case_style(token: str) -> str:
    """'upper', 'lower' or 'title' — the case style of a word to copy onto its surrogate."""
    letters = [c for c in token if c.isalpha()]
    if len(letters) > 1 and all(c.isupper() for c in letters):
        return "upper"
    if letters and all(c.islower() for c in letters):
        return "lower"
    return "title"


def apply_case(word: str, style: str) -> str:
    if style == "upper":
        return word.upper()
    if style == "lower":
        return word.lower()
    if word[:1].isupper():
        return word  # already in title form (keeps "McDonald", "South Rogerland")
    return " ".join("-".join(p[:1].upper() + p[1:] for p in w.split("-")) for w in word.split(" "))


def shape_alphabets(template: str, *, first_digit_nonzero: bool = False) -> list[str | None]:
    """Per character of ``template``, the alphabet ``random_like`` draws its replacement from
    (None: kept as it is)."""
    out: list[str | None] = []
    seen_digit = False
    for c in template:
        k = char_class(c)
        if k == "d":
            out.append(DIGITS[1:] if (first_digit_nonzero and not seen_digit) else DIGITS)
            seen_digit = True
        else:
            out.append(UPPER if k == "u" else LOWER if k == "l" else None)
    return out


def shape_space(template: str, alphabets: list[str | None] | None = None, *, first_digit_nonzero: bool = False):
    """Every string ``random_like(template)`` can give, as ``(size, at)``: ``at(i)`` for
    ``0 <= i < size`` is the ``i``-th in mixed radix (each once). ``alphabets``: per character,
    its own (a one-letter alphabet fixes a character), else ``shape_alphabets``."""
    alphabets = shape_alphabets(template, first_digit_nonzero=first_digit_nonzero) if alphabets is None else alphabets
    size = 1
    for a in alphabets:
        if a is not None:
            size *= len(a)

    def at(i: int) -> str:
        out = []
        for c, a in zip(reversed(template), reversed(alphabets)):
            if a is None:
                out.append(c)
            else:
                i, r = divmod(i, len(a))
                out.append(a[r])
        return "".join(reversed(out))

    return size, at
