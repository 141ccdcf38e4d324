"""Keyed pseudonyms for the export's own identifiers, in the same shape.

``file-service://file-Up1oadExample0001`` → ``file-service://file-Xq4pdMkwqrBn7302``:
scheme and a known id prefix (``file-``, ``user-``, ``file_``, ``msg_``, ... see
``PREFIXES``) kept, then every character replaced by one of its class (hex stays
hex, digits stay digits, case kept), so references inside the export stay valid. A uuid
stays a uuid of the same version and variant. The pseudonym depends only on the key and
the id without its scheme, so ``sediment://file_00ab…`` and ``file_00ab…`` map alike.

An id whose shape leaves room for at least ``PERMUTED_MIN_SPACE`` values (a uuid,
``h5-83652288``: 26 x 10**9 values) is put through a keyed permutation of all the strings
of its shape (``synth.keyed.permute_digits``): injective by construction, no vault row,
a few HMACs per id. Ids with less room (``assistant-1``, ``msg-42``) go through the vault
under the internal type ``_EXPORT_ID`` (not listed by ``vault.entries()``: export ids are
not personal data), which keeps them injective and, while there is room, different from
every original; when a tiny space is full (ten ids "assistant-0".."assistant-9"), the map
becomes a permutation of it. Ids with letters outside ASCII keep the keyed draw of before
(vault when short). Known format sentinels
(``client-created-root``, ``root``, Claude's root parent ``00000000-0000-4000-8000-000000000000``) are kept; any other value is pseudonymized, so a file
stem such as ``jane-doe-resume`` never survives.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .keyed import keyed_random, permute_digits
from .providers.base import Draw, Provider, register

if TYPE_CHECKING:  # pragma: no cover
    from .surrogates import SurrogateEngine

_SCHEME = re.compile(r"^([a-z][a-z0-9+.-]*://)(.*)$", re.S)
_PREFIX = re.compile(r"^([A-Za-z]{1,16}[-_])(.+)$", re.S)
# Prefixes of ids in ChatGPT/Claude/OpenAI/Anthropic exports, kept as they are. Any other
# leading word is pseudonymized with the rest (a file stem "jane-notes" must not survive).
PREFIXES = frozenset(
    "file user org g gizmo proj project conv msg chatcmpl asst thread run call toolu "
    "msgbatch sess req att img task src doc assistant system tool client share".split()
)
_UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
# ChatGPT's root node, and Claude's root parent (the first message's ``parent_message_uuid``)
SENTINELS = frozenset({"client-created-root", "root", "00000000-0000-4000-8000-000000000000"})
_HEX = set("0123456789abcdef")
SMALL = 16  # bodies with fewer random characters than this go through the vault
PERMUTED_MIN_SPACE = 2**32  # shapes with this many strings or more are permuted, not vaulted
_DIGITS, _UPPER, _LOWER = "0123456789", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz"
_HEX_DIGITS = "0123456789abcdef"


def _split(original_id: str) -> tuple[str, str, str]:
    scheme = ""
    m = _SCHEME.match(original_id)
    if m:
        scheme, rest = m.groups()
    else:
        rest = original_id
    prefix = ""
    if not _UUID.match(rest):
        m = _PREFIX.match(rest)
        if m and m.group(1)[:-1].lower() in PREFIXES:
            prefix, rest = m.groups()
    return scheme, prefix, rest


def _body_like(body: str, rng) -> str:
    """Same shape: uuid version/variant kept, all-hex bodies stay hex, else per-class."""
    out = []
    for c, alphabet in zip(body, _alphabets(body, ascii_only=False)):
        if alphabet is None:
            out.append(c)
        else:
            h = rng.choice(alphabet)
            out.append(h.upper() if alphabet is _HEX_DIGITS and c.isupper() else h)
    return "".join(out)


def _alphabets(body: str, ascii_only: bool = True) -> list[str | None] | None:
    """Per character, the alphabet its replacement comes from (None: kept as it is): a uuid
    keeps its dashes, version and variant; an all-hex body stays hex; otherwise digits,
    upper- and lower-case letters each stay in their class. With ``ascii_only``, None when
    a letter or digit is outside ASCII (the permutation needs its index in the alphabet)."""
    if _UUID.match(body):
        return [None if c == "-" or i in (14, 19) else _HEX_DIGITS for i, c in enumerate(body)]
    low = body.lower()
    if len(body) >= 8 and all(c in _HEX for c in low) and any(c.isalpha() for c in low):
        return [_HEX_DIGITS] * len(body)
    out: list[str | None] = []
    for c in body:
        if c.isdigit():
            alphabet = _DIGITS
        elif c.isalpha():
            alphabet = _UPPER if c.isupper() else _LOWER
        else:
            out.append(None)
            continue
        if ascii_only and c not in alphabet:
            return None
        out.append(alphabet)
    return out


def _permuted(key: bytes, prefix: str, body: str, alphabets: list[str | None]) -> str:
    """``body`` through the keyed permutation of every string of its shape (case kept)."""
    slots = [i for i, a in enumerate(alphabets) if a is not None]
    shape = "".join("-" if a is None else {_DIGITS: "9", _UPPER: "A", _LOWER: "a"}.get(a, "h") for a in alphabets)
    radices = [len(alphabets[i]) for i in slots]
    digits = [alphabets[i].index(body[i].lower() if alphabets[i] is _HEX_DIGITS else body[i]) for i in slots]
    out = list(body)
    for i, d in zip(slots, permute_digits(key, f"{prefix}\x1f{shape}", radices, digits)):
        ch = alphabets[i][d]
        out[i] = ch.upper() if alphabets[i] is _HEX_DIGITS and body[i].isupper() else ch
    return "".join(out)


def _space(alphabets: list[str | None]) -> int:
    n = 1
    for a in alphabets:
        if a is not None:
            n *= len(a)
    return n


def _room(body: str) -> int:
    return sum(1 for c in body if c.isalnum())


@register
class ExportIdProvider(Provider):
    """Short export ids, kept injective through the vault (internal type)."""

    entity_type = "_EXPORT_ID"
    relax_after = 100  # "assistant-1".."assistant-9": a permutation when the space is full

    def normalize(self, original: str) -> str:
        scheme, prefix, body = _split(original)
        return prefix + body

    def draw(self, d: Draw) -> str:
        _, prefix, body = _split(d.original)
        return prefix + _body_like(body, d.rng)

    def space(self, engine, norm: str, original: str):
        """Finite: every body ``_body_like`` can give (hex stays hex, case kept)."""
        _, prefix, body = _split(original)
        alphabets = _alphabets(body, ascii_only=False)
        size = _space(alphabets)

        def at(i: int) -> str:
            out = []
            for c, a in zip(reversed(body), reversed(alphabets)):
                if a is None:
                    out.append(c)
                else:
                    i, r = divmod(i, len(a))
                    out.append(a[r].upper() if a is _HEX_DIGITS and c.isupper() else a[r])
            return prefix + "".join(reversed(out))

        return size, at


def pseudonym(engine: "SurrogateEngine", original_id: str) -> str:
    if not isinstance(original_id, str) or not original_id or original_id in SENTINELS:
        return original_id
    scheme, prefix, body = _split(original_id)
    if not body or not any(c.isalnum() for c in body):
        return original_id
    alphabets = _alphabets(body)
    if alphabets is not None and _space(alphabets) >= PERMUTED_MIN_SPACE:
        return scheme + prefix + _permuted(engine.id_key, prefix, body, alphabets)
    if _room(body) < SMALL:
        return scheme + engine.canonical("_EXPORT_ID", original_id)
    rng = keyed_random(engine.id_key, "export-id", prefix + body)
    return scheme + prefix + _body_like(body, rng)
