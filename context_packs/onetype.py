"""One original, one type, one surrogate across every text of a task.

Detection can type the same string differently in two texts ("Johan" a PERSON in a
conversation, a LOCATION in the added context); the surrogate engine keys surrogates by
(type, original), so that string would get two surrogates in one pack. ``OneType`` wraps
the detector a task is scrubbed with: after detection of the whole corpus, every
finding of a name-like type (person, place, organization) whose text was found under
another name-like type too takes the type found most often for it (ties: PERSON, then
LOCATION, then ORGANIZATION). A string kept as ``PUBLIC`` in one text ("Porto" as a
topic) and found as a name-like type in another is replaced in both (fail closed: an
original never sits in one file while its surrogate stands in another). The same holds for
a part: a string kept as ``PUBLIC`` ("Mount Sanitas") that stands in another text with only a
name inside it found ("Sanitas" as a person) has that name replaced inside it everywhere
("Mount Cord" in every file), with the type and surrogate it has elsewhere; a public string
holding a name found only on its own elsewhere ("Karin Fossum", "my daughter Karin") stays.
Everything else is unchanged.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

NAME_TYPES = ("PERSON", "LOCATION", "ORGANIZATION")
KEPT_TYPE = "PUBLIC"


class OneType:
    """A detector whose ``analyze_corpus`` gives each name-like original a single type."""

    def __init__(self, detector):
        self._detector = detector

    def __getattr__(self, name):
        return getattr(self._detector, name)

    def analyze_corpus(self, texts, hints=None):
        texts = list(texts)
        return one_type(texts, self._detector.analyze_corpus(texts, hints=hints))


def one_type(texts: list[str], results: list) -> list:
    """The findings of ``texts`` (``results``, one list per text) with each name-like original
    of the whole corpus given one type: the scrubbing core's corpus step for a task."""
    counts: dict[str, Counter] = {}
    for text, found in zip(texts, results):
        for f in found:
            if f.entity_type in NAME_TYPES:
                counts.setdefault(text[f.start : f.end], Counter())[f.entity_type] += 1
    kept = {text[f.start : f.end] for text, found in zip(texts, results) for f in found if f.entity_type == KEPT_TYPE}
    chosen = {value: min(c, key=lambda t: (-c[t], NAME_TYPES.index(t))) for value, c in counts.items()
              if len(c) > 1 or value in kept}
    if not chosen:
        return _split_public(texts, results)
    out = []
    for text, found in zip(texts, results):
        fixed = []
        for f in found:
            want = chosen.get(text[f.start : f.end]) if f.entity_type in NAME_TYPES + (KEPT_TYPE,) else None
            fixed.append(replace(f, entity_type=want) if want and want != f.entity_type else f)
        out.append(fixed)
    return _split_public(texts, out)


def _split_public(texts: list[str], results: list) -> list:
    """``results`` with each ``PUBLIC`` string that holds a name-like finding of another text
    where that text writes the whole string ("Sanitas" found inside "Mount Sanitas") replaced,
    in every text, by that finding's type over the name's place inside it."""
    public = {text[f.start : f.end] for text, found in zip(texts, results) for f in found if f.entity_type == KEPT_TYPE}
    if not public:
        return results
    values = {text[f.start : f.end] for text, found in zip(texts, results) for f in found
              if f.entity_type in NAME_TYPES}
    holders = {v: [p for p in public if p != v and v in p and re.search(rf"(?<!\w){re.escape(v)}(?!\w)", p)]
               for v in values}
    split: dict[str, tuple[str, object]] = {}  # public string -> (the name inside it, its finding)
    for text, found in zip(texts, results):
        for f in found:
            if f.entity_type not in NAME_TYPES:
                continue
            value = text[f.start : f.end]
            for p in holders[value]:
                if p not in split and any(m.start() <= f.start and f.end <= m.end()
                                          for m in re.finditer(re.escape(p), text)):
                    split[p] = (value, f)
    if not split:
        return results
    out = []
    for text, found in zip(texts, results):
        fixed = []
        for f in found:
            p = text[f.start : f.end]
            if f.entity_type == KEPT_TYPE and p in split:
                value, named = split[p]
                fixed += [replace(named, start=f.start + m.start(), end=f.start + m.end())
                          for m in re.finditer(rf"(?<!\w){re.escape(value)}(?!\w)", p)]
            else:
                fixed.append(f)
        out.append(fixed)
    return out
