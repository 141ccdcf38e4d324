"""HTML character references decoded before detection, with offsets mapped back.

A pasted web page or an exported e-mail writes names as ``O&#39;Brien`` or
``D&eacute;sir&eacute;e``. Detection reads the decoded text ("O'Brien", "Désirée"); every
finding is mapped back to the original, so a span covers the whole reference (``&eacute;``)
and the replacement leaves no half of one behind.
"""

from __future__ import annotations

import html
import re

_REF = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")


def has_references(text: str) -> bool:
    return "&" in text and _REF.search(text) is not None


class Decoded:
    """``text`` decoded; ``span(start, end)`` maps a span of the decoded text to the original."""

    __slots__ = ("text", "_start", "_end")

    def __init__(self, original: str) -> None:
        out: list[str] = []
        starts: list[int] = []
        ends: list[int] = []
        pos = 0
        for m in _REF.finditer(original):
            decoded = html.unescape(m.group())
            if decoded == m.group():
                continue  # an unknown name ("&foo;") stays as written
            for i in range(pos, m.start()):
                out.append(original[i])
                starts.append(i)
                ends.append(i + 1)
            for c in decoded:
                out.append(c)
                starts.append(m.start())
                ends.append(m.end())
            pos = m.end()
        for i in range(pos, len(original)):
            out.append(original[i])
            starts.append(i)
            ends.append(i + 1)
        self.text = "".join(out)
        self._start, self._end = starts, ends

    def span(self, start: int, end: int) -> tuple[int, int]:
        return self._start[start], self._end[end - 1]
