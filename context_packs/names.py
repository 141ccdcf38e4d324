"""Where a fact names the contributor, and a parse that reads those names as names.

``name_token_spans`` finds the contributor's names in a parsed fact (in its text, so a name
the tokenizer splits, "Mary-Jane" or "O'Brien", is found whole): a full name, its first name alone, and a title before the surname or the full name ("Ms Okafor", "Dr. Grace
Okafor"; titles: :data:`TITLES`, with or without the full stop). A surname alone is no
mention: "the Okafors" or "Okafor's brother" may be another person of the family; nor is a
name inside quotes, a title ("a food blog called 'Priya Eats London'").

``role_parse`` is the parse a name's role is read from. spaCy's md parser reads a first
name that is also an English word by the word: "Sam thinks Will works too much" gets
"Will" as a modal, "Hope is a translator" may get a noun. When a name token of the fact is
not tagged a proper noun, the fact is parsed again with a stand-in first name the parser
knows (:data:`STAND_INS`, one token, so token indexes are the same) and the roles are read
from that parse; the text stays the fact's own.
"""

from __future__ import annotations

import re

from context_packs.nlp import parse

TITLES = frozenset({"Ms", "Mr", "Mrs", "Miss", "Mx", "Dr", "Prof"})
STAND_INS = {"fem": "Maria", "masc": "Daniel", "they": "Alex", None: "Alex"}
_PROPER = ("NNP", "NNPS")
# a quoted stretch: an opening quote at a word's start, a closing one at a word's end ("a blog
# called 'Priya Eats London'"); an apostrophe inside a word ("Priya's") opens nothing
_QUOTED = re.compile(r"(?<!\w)([\"“‘'])(?=\S)[^\"“”‘’]*?(?<=\S)([\"”’'])(?!\w)")


def _variants(names: list[str]) -> set[tuple[str, ...]]:
    out: set[tuple[str, ...]] = set()
    for name in names:
        parts = tuple(name.split())
        if not parts:
            continue
        out.add(parts)
        if len(parts[0]) > 1:
            out.add(parts[:1])
        for title in TITLES:
            for form in (title, title + "."):
                out.add((form, *parts))
                if len(parts) > 1:
                    out.add((form, parts[-1]))
    return out


def name_token_spans(doc, names: list[str]) -> list[tuple[int, int]]:
    """Token spans [a, b) of the contributor's names in ``doc``, longest forms first, no overlaps.
    Found in the text, not token by token, so a name the tokenizer splits ("Mary-Jane" is three
    tokens) is found whole; a match must start and end on token edges."""
    starts = {t.idx: t.i for t in doc}
    ends = {t.idx + len(t): t.i + 1 for t in doc}
    spans: list[tuple[int, int]] = []
    taken: set[int] = set()
    for q in _QUOTED.finditer(doc.text):  # a name inside a quoted title is part of the title
        taken |= {t.i for t in doc if q.start() <= t.idx < q.end()}
    for parts in sorted(_variants(names), key=lambda p: (-len(p), p)):
        pattern = r"(?<![\w-])" + r"\s+".join(re.escape(p) for p in parts) + r"(?![\w-])"
        for m in re.finditer(pattern, doc.text):
            a, b = starts.get(m.start()), ends.get(m.end())
            if a is None or b is None or taken & set(range(a, b)):
                continue
            spans.append((a, b))
            taken |= set(range(a, b))
    return sorted(spans)


def role_parse(doc, spans: list[tuple[int, int]], family: str | None):
    """``doc``, or its text parsed again with a stand-in name for each name token the parser
    did not tag a proper noun (same tokens, same indexes; else ``doc`` itself)."""
    odd = [k for a, b in spans for k in range(a, b) if doc[k].tag_ not in _PROPER and doc[k].text[:1].isupper()
           and doc[k].text.rstrip(".") not in TITLES]
    if not odd:
        return doc
    stand_in = STAND_INS.get(family, "Alex")
    text = "".join((stand_in if t.i in odd else t.text) + t.whitespace_ for t in doc)
    again = parse(text)
    return again if len(again) == len(doc) else doc
