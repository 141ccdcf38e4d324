"""Cut texts longer than spaCy should see at once into overlapping chunks at whitespace.

With an overlap of ``overlap`` characters, any entity shorter than about half the overlap
lies whole inside at least one chunk; partial hits at a chunk edge are merged with the whole
one when findings are resolved.
"""

from __future__ import annotations

import re

_SENTENCE_END = re.compile(r"(?<=[.!?])[ \t]+(?=[A-Z\"'(\[])|\n[ \t]*\n")


def chunks(text: str, size: int, overlap: int) -> list[tuple[int, str]]:
    """``[(offset, chunk), ...]`` covering ``text``; a single chunk when it is short enough."""
    if len(text) <= size:
        return [(0, text)]
    out: list[tuple[int, str]] = []
    start = 0
    n = len(text)
    while start < n:
        end = min(n, start + size)
        if end < n:
            cut = text.rfind(" ", end - overlap // 2, end)
            if cut == -1:
                cut = max(text.rfind("\n", end - overlap // 2, end), -1)
            if cut > start:
                end = cut
        out.append((start, text[start:end]))
        if end >= n:
            break
        nxt = end - overlap
        sp = text.find(" ", nxt, end)
        start = sp + 1 if sp != -1 and sp + 1 > out[-1][0] else max(nxt, out[-1][0] + 1)
    return out


def pieces(text: str, size: int, overlap: int) -> list[tuple[int, str]]:
    """Pieces of a long text for analysis: cut at sentence ends and blank lines (so repeated
    sentences of a huge pasted text are analysed once), any piece still longer than ``size``
    cut into overlapping chunks. A text up to ``size`` characters is one piece."""
    if len(text) <= size:
        return [(0, text)]
    out: list[tuple[int, str]] = []
    start = 0
    bounds = [m.end() for m in _SENTENCE_END.finditer(text)] + [len(text)]
    for end in bounds:
        if end <= start:
            continue
        piece = text[start:end]
        if len(piece) > size:
            out.extend((start + off, chunk) for off, chunk in chunks(piece, size, overlap))
        else:
            out.append((start, piece))
        start = end
    return out
