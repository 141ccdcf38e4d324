"""Put a scrubbed paragraph back into its runs, so formatting stays where it was.

A paragraph's text is the concatenation of its runs (Word ``w:t``, PowerPoint ``a:t``
...); detection reads the whole paragraph. ``distribute(pieces, new_text)`` returns one
new text per run whose concatenation is exactly ``new_text``: unchanged characters stay
in their run, and a replaced stretch (a name split over two runs by a spelling mark)
goes whole into the run where it started.
"""

from __future__ import annotations

from difflib import SequenceMatcher


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
    sm = SequenceMatcher(None, old, new_text, autojunk=False)
    for op, a0, a1, b0, b1 in sm.get_opcodes():
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
