"""Added context → facts, and each fact as something the contributor would say.

Splitting: every bullet or numbered line is a fact, and so is every sentence of a
paragraph (a bullet holding two sentences gives two facts). Sentence ends are
``.``, ``!`` or ``?`` followed by a space and a capital/digit, except after a
short list of abbreviations (``Dr.``, ``St.``, ``e.g.`` ...).

Rewriting: a fact already in the first person is kept as is. A fact in the third
person about the contributor — starting with one of their names or with
``He``/``She``/``They`` — is turned into the first person: the subject becomes
``I`` and its verb loses the third-person ``-s`` (``starts`` → ``start``, ``has``
→ ``have``, ``is`` → ``am``), ``Alice's``/``her``/``his`` before a noun become
``my``, other mentions of the contributor become ``me``. This runs on the
original text, before scrubbing, with the contributor's names from the export
and profile, so scrubbing then gives every remaining name its usual surrogate.
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

_FIRST_PERSON_STRICT = re.compile(r"\b(?:I|I'm|I've|I'd|I'll)\b|\b(?:me|my|mine|myself)\b")

_IRREGULAR = {"is": "am", "has": "have", "does": "do", "goes": "go", "was": "was", "isn't": "am not",
              "hasn't": "haven't", "doesn't": "don't", "wasn't": "wasn't"}
_NO_CHANGE = {"will", "would", "can", "could", "should", "shall", "may", "might", "must", "also",
              "always", "never", "often", "usually", "still", "just", "now", "already", "recently",
              "really", "only", "currently", "sometimes"}
_NOT_NOUN_AFTER_HER = {"and", "or", "but", "to", "for", "with", "about", "at", "in", "on", "from",
                       "that", "if", "when", "a", "an", "the", "so", "as", "by", "of", "too"}


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


def _first_person_verb(word: str) -> str:
    low = word.lower()
    if low in _IRREGULAR:
        return _IRREGULAR[low]
    if low in _NO_CHANGE or not low.isalpha() or not low.endswith("s") or low.endswith("ss"):
        return word
    if low.endswith("ies") and len(low) > 4:
        return word[:-3] + "y"
    if re.search(r"(?:ss|sh|ch|x|z|o)es$", low):
        return word[:-2]
    return word[:-1]


def _name_patterns(names: list[str]) -> list[str]:
    """Full names first, then their first names (longest first), regex-escaped."""
    out: set[str] = set()
    for name in names:
        name = " ".join(name.split())
        if not name:
            continue
        out.add(name)
        first = name.split(" ")[0]
        if len(first) > 1:
            out.add(first)
    return [re.escape(n) for n in sorted(out, key=lambda n: (-len(n), n))]


def to_first_person(fact: str, names: list[str] | tuple[str, ...] = ()) -> str:
    """The fact as the contributor would say it (see the module docstring for the rules)."""
    text = fact.strip()
    if _FIRST_PERSON_STRICT.search(text):
        return text
    pats = _name_patterns(list(names))
    name_re = "(?:" + "|".join(pats) + ")" if pats else None
    subject = None
    if name_re:
        subject = re.match(rf"^(?:{name_re})(?='s\b|\b)", text)
    pronoun = re.match(r"^(?:She|He|They)\b", text)
    if not subject and not pronoun:
        if name_re and re.search(rf"\b{name_re}\b", text):
            return _replace_mentions(text, name_re)
        return text
    head = (subject or pronoun).group(0)
    rest = text[len(head) :]
    if rest.startswith("'s "):
        # "Alice's budget is ..." -> "My budget is ..."
        return _fix_pronouns("My" + rest[2:], name_re)
    if pronoun and head == "They":
        rest = re.sub(r"^ are\b", " am", re.sub(r"^ were\b", " was", rest))
    m = re.match(r"^(\s+)([A-Za-z']+)", rest)
    if m and head != "They":
        verb = m.group(2)
        new_verb = _first_person_verb(verb)
        if new_verb == verb and verb.lower() in _NO_CHANGE:
            # "She also has ..." -> conjugate the next word too
            m2 = re.match(r"^(\s+[A-Za-z']+)(\s+)([A-Za-z']+)", rest)
            if m2:
                rest = m2.group(1) + m2.group(2) + _first_person_verb(m2.group(3)) + rest[m2.end() :]
        else:
            rest = m.group(1) + new_verb + rest[m.end() :]
    if head == "They" and re.match(r"^\s+(?:is|has)\b", rest):
        rest = re.sub(r"^(\s+)(is|has)\b", lambda mm: mm.group(1) + _IRREGULAR[mm.group(2)], rest)
    return _fix_pronouns("I" + rest, name_re)


def _fix_pronouns(text: str, name_re: str | None) -> str:
    """Later mentions of the contributor (pronouns, names) in a first-person sentence."""

    def her(m: re.Match) -> str:
        nxt = m.group(2)
        return ("my" if nxt and nxt.lower() not in _NOT_NOUN_AFTER_HER else "me") + m.group(1)

    text = re.sub(r"\bher\b(\s+(\w+)|[^\w]|$)", lambda m: her(m), text)
    text = re.sub(r"\bhis\b", "my", text)
    text = re.sub(r"\btheir\b", "my", text)
    text = re.sub(r"\b(?:him|them)\b", "me", text)
    text = re.sub(r"\b(?:herself|himself|themselves|themself)\b", "myself", text)
    text = re.sub(r"\b(?:she|he)\b", "I", text)
    if name_re:
        text = _replace_mentions(text, name_re)
    return text


def _replace_mentions(text: str, name_re: str) -> str:
    text = re.sub(rf"\b{name_re}'s\b", "my", text)
    return re.sub(rf"\b{name_re}\b", "me", text)
