"""Added context → facts, and each fact as something the contributor would say.

Splitting: every bullet or numbered line is a fact, and so is every sentence of a
paragraph (a bullet holding two sentences gives two facts). Sentence ends are
``.``, ``!`` or ``?`` followed by a space and a capital/digit, except after a
short list of abbreviations (``Dr.``, ``St.``, ``e.g.`` ...).

Rewriting (``to_first_person``): ``context_packs.firstperson`` on spaCy's parse. It runs
on the original text, before scrubbing, with the contributor's names from the export and
profile, so scrubbing then gives every remaining name its usual surrogate.
"""

from __future__ import annotations

import re

_BULLET = re.compile(r"^\s*(?:[-*+•‣◦]|\d{1,3}[.)])\s+")
_ABBREV = {
    "dr", "mr", "mrs", "ms", "prof", "st", "ave", "rd", "blvd", "no", "vs", "etc", "e.g", "i.e",
    "jr", "sr", "inc", "ltd", "co", "apt", "ste", "mt", "ft", "approx", "jan", "feb", "mar", "apr",
    "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "a.m", "p.m", "u.s",
}
_SENT_END = re.compile(r"[.!?][\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9])")

def split_facts(context: str) -> list[str]:
    """The facts of an added-context block, in order, whitespace-normalized."""
    facts: list[str] = []
    paragraph: list[str] = []

    def flush() -> None:
        if paragraph:
            facts.extend(_sentences(" ".join(paragraph)))
            paragraph.clear()

    for raw in context.splitlines():
        line = raw.strip()
        if not line:
            flush()
            continue
        if _BULLET.match(raw):
            flush()
            facts.extend(_sentences(_BULLET.sub("", raw, count=1)))
        elif line.startswith("#"):
            flush()  # a heading is not a fact
        else:
            paragraph.append(line)
    flush()
    return [f for f in facts if any(ch.isalnum() for ch in f)]


def _sentences(text: str) -> list[str]:
    text = " ".join(text.split())
    out: list[str] = []
    start = 0
    for m in _SENT_END.finditer(text):
        before = text[start : m.start() + 1]
        last_word = before.rstrip(".!?\"')]").rsplit(" ", 1)[-1].lower().rstrip(".")
        if text[m.start()] == "." and (last_word in _ABBREV or (len(last_word) == 1 and last_word.isalpha())):
            continue
        out.append(text[start : m.end()].strip())
        start = m.end()
    tail = text[start:].strip()
    if tail:
        out.append(tail)
    return out


def to_first_person(fact: str, names: list[str] | tuple[str, ...] = ()) -> str:
    """The fact as the contributor would say it (``firstperson.rewrite_first_person``)."""
    from context_packs.firstperson import rewrite_first_person

    return rewrite_first_person(fact, names).text
