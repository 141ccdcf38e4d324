"""Put a scrubbed paragraph back into its runs, so formatting stays where it was.

A paragraph's text is the concatenation of its runs (Word ``w:t``, PowerPoint ``a:t``
...); detection reads the whole paragraph. ``distribute(pieces, new_text)`` returns one
new text per run whose concatenation is exactly ``new_text``: unchanged characters stay
in their run, and a replaced stretch (a name split over two runs by a spelling mark)
goes whole into the run where it started. The two texts are compared word by word
(``difflib`` over word, space and punctuation tokens), so surrogate and original never
share letters by accident.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

_TOKEN = re.compile(r"\w+|\s+|[^\w\s]")


def _tokens(text: str) -> tuple[list[str], list[int]]:
    toks = _TOKEN.findall(text)
    starts, pos = [], 0
    for t in toks:
        starts.append(pos)
        pos += len(t)
    return toks, starts + [pos]


def distribute(pieces: list[str], new_text: str) -> list[str]:
    old = "".join(pieces)
    if old == new_text:
        return list(pieces)
    if len(pieces) == 1:
        return [new_text]
    owner: list[int] = []
    for i, p in enumerate(pieces):
        owner += [i] * len(p)
    out = [""] * len(pieces)
    a_toks, a_at = _tokens(old)
    b_toks, b_at = _tokens(new_text)
    # word by word, so a replaced name goes whole into one run ("Dan|iel Okafor" -> "Kirk| Vendrell")
    sm = SequenceMatcher(None, a_toks, b_toks, autojunk=False)
    for op, i0, i1, j0, j1 in sm.get_opcodes():
        a0, a1, b0, b1 = a_at[i0], a_at[i1], b_at[j0], b_at[j1]
        if op == "equal":
            for k in range(a1 - a0):
                out[owner[a0 + k]] += new_text[b0 + k]
            continue
        if a0 < a1:
            run = owner[a0]
        elif a0 > 0:
            run = owner[a0 - 1]
        else:
            run = owner[0] if owner else 0
        out[run] += new_text[b0:b1]
    return out
