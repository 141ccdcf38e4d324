"""Candidates and findings held between passes, packed to 22 bytes each (``Packer``).

As Python objects (a tuple or a ``Finding`` with its own copies of the type, recognizer and
pass names, as unpickled from a worker) one costs 300-400 bytes, and the scrubber holds
every candidate of an export between passes 1 and 2 and every finding until the output is
written: the one part of its memory that grew with the amount of PII. The few distinct
names get small codes; positions and the score are kept exactly.
"""

from __future__ import annotations

import struct
import threading

# One candidate or finding: start, end, score, and codes of its entity type, recognizer and pass.
_SPAN = struct.Struct("<IIdHHH")


class Packer:
    """Packs span lists to bytes and back; the names' codes are this packer's own."""

    def __init__(self):
        self._code: dict[str, int] = {}
        self._names: list[str] = []
        self._lock = threading.Lock()

    def code(self, name: str) -> int:
        c = self._code.get(name)
        if c is None:
            with self._lock:
                c = self._code.get(name)
                if c is None:
                    c = len(self._names)
                    if c > 0xFFFF:
                        raise ValueError("too many distinct recognizer/type names to pack")
                    self._names.append(name)
                    self._code[name] = c
        return c

    def pack(self, spans) -> bytes:
        """Candidate tuples ``(start, end, type, score, recognizer, pass)`` or ``Finding`` objects."""
        if not spans:
            return b""
        code = self.code
        out = []
        for sp in spans:
            if isinstance(sp, tuple):
                start, end, etype, score, rec, pass_name = sp
            else:
                start, end, etype, score, rec, pass_name = (sp.start, sp.end, sp.entity_type, sp.score,
                                                            sp.recognizer, sp.pass_name)
            out.append(_SPAN.pack(start, end, score, code(etype), code(rec), code(pass_name)))
        return b"".join(out)

    def cands(self, blob: bytes) -> list[tuple]:
        names = self._names
        return [(a, b, names[t], sc, names[r], names[p]) for a, b, sc, t, r, p in _SPAN.iter_unpack(blob)]

    def findings(self, blob: bytes) -> tuple:
        from privacy.detect.finding import Finding

        names = self._names
        return tuple(Finding(a, b, names[t], sc, names[r], names[p]) for a, b, sc, t, r, p in _SPAN.iter_unpack(blob))
