"""Keyed pseudonyms for the export's own identifiers, in the same shape.

``file-service://file-Up1oadExample0001`` → ``file-service://file-Xq4pdMkwqrBn7302``:
scheme and a known id prefix (``file-``, ``user-``, ``file_``, ``msg_``, ... see
``PREFIXES``) kept, then every character replaced by one of its class (hex stays
hex, digits stay digits, case kept), so references inside the export stay valid. A uuid
stays a uuid of the same version and variant. The pseudonym depends only on the key and
the id without its scheme, so ``sediment://file_00ab…`` and ``file_00ab…`` map alike.

Ids with little room (fewer than 16 random characters, e.g. ``assistant-1``) go through
the vault under the internal type ``_EXPORT_ID`` (not listed by ``vault.entries()``:
export ids are not personal data) so they stay injective; longer ones are
a pure keyed function (a collision is astronomically unlikely). When a tiny space is
full (ten ids "assistant-0".."assistant-9"), the map becomes a permutation of it. Known format sentinels
(``client-created-root``, ``root``) are kept; any other value is pseudonymized, so a file
stem such as ``jane-doe-resume`` never survives.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .keyed import keyed_random
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
SENTINELS = frozenset({"client-created-root", "root"})
_HEX = set("0123456789abcdef")
SMALL = 16  # bodies with fewer random characters than this go through the vault


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
    if _UUID.match(body):
        out = []
        for i, c in enumerate(body):
            if c == "-" or i in (14, 19):
                out.append(c)  # version nibble and variant nibble keep the uuid valid
            else:
                h = rng.choice("0123456789abcdef")
                out.append(h.upper() if c.isupper() else h)
        return "".join(out)
    low = body.lower()
    if len(body) >= 8 and all(c in _HEX for c in low) and any(c.isalpha() for c in low):
        out = []
        for c in body:
            h = rng.choice("0123456789abcdef")
            out.append(h.upper() if c.isupper() else h)
        return "".join(out)
    out = []
    for c in body:
        if c.isdigit():
            out.append(rng.choice("0123456789"))
        elif c.isalpha() and c.isupper():
            out.append(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
        elif c.isalpha():
            out.append(rng.choice("abcdefghijklmnopqrstuvwxyz"))
        else:
            out.append(c)
    return "".join(out)


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


def pseudonym(engine: "SurrogateEngine", original_id: str) -> str:
    if not isinstance(original_id, str) or not original_id or original_id in SENTINELS:
        return original_id
    scheme, prefix, body = _split(original_id)
    if not body or not any(c.isalnum() for c in body):
        return original_id
    if _room(body) < SMALL:
        return scheme + engine.canonical("_EXPORT_ID", original_id)
    rng = keyed_random(engine._id_key, "export-id", prefix + body)
    return scheme + prefix + _body_like(body, rng)
