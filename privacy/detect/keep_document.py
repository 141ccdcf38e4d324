"""The keep side for a pasted public document: a bio, a cast list, a reading list, a timeline, a line-up.

A message that opens with a request about a text pasted below it ("Format this as a table:",
"Can you sort this reading list by publication year?", "Make this into a shorter bio for a match
programme:") and whose pasted text is about public things keeps the names, places and dates of
that text (reason ``public_document``). The pasted text is about public things when

* nothing in the message ties it to the contributor's life: no contact data or account numbers
  (a street named without a house number is a place of the text, kept with it: "Abbey Road"), no
  greeting, sign-off or relation of "my", "our" or "your" in the pasted text (privacy.detect.keep
  ``_TIES``; a third person's "her husband" and a bio's "met", "married" are the text's own, and
  the request line may say "our choir's programme");
* it names two notable things or more: a notable person's full name many people do not share
  ("Malala Yousafzai", "Marlon Brando"; also after a line-up's role code: "CB Sergio Ramos"), a
  notable work ("Vito Corleone", "Elizabeth Bennet"), a landmark or structure ("Burj Khalifa"),
  or a span the keep side already kept for a strong reason (a public figure, a team, an event),
  at least one of them no city (famous cities alone prove nothing: anyone's trip names them);
* and they outnumber the names in it that read as someone's: a name that opens with a given
  name and is none of the above, nor a word of one of them ("Armstrong" after "Neil Armstrong"),
  nor a place or a ruler with a regnal number ("Henry VII").

Then every person, place and date span of the pasted text is kept, except a full name that reads
as someone's (a private person's full name cannot be told from a character's: in a cast list "Rick
Blaine" is replaced, "Humphrey Bogart" kept; sealed sets showed private full names kept beside
notable ones), one after "my" or "our"
("my grandfather Tom Baker"), one after a private person's honorific or a surname alone ("Dr
Brandvold thanked …", "Okafor organised the coach": counted as someone's too) or one written in
capitals (a resume's header); a date of birth only right
after a kept name ("Robert Lewandowski (born 21 August 1988)"); and a place of the request line in a
sentence without a first person or a home ("Turn this into a 3-day Rome plan").

A private pasted text (wedding tables, meeting minutes, an e-mail to a landlord, a family tree)
names no notable person, or fewer than the people it lists, and keeps nothing: "Format this as a
table: 2014 – Malala Yousafzai and Kailash Satyarthi …" is kept; "Format this as a table: Jan –
Beloved (host: Sarah Jenkins), Feb – …" is not when the hosts are as many as the authors.
"""

from __future__ import annotations

import re

from privacy import entities as E
from privacy.detect import gazetteer as G
from privacy.detect import keep as K

# the first line asks about a text pasted below it: "Format this as a table:", "Is this cast list accurate …?"
_REQUEST = re.compile(r"\A[ \t]*(?P<line>[^\n]{3,300})\n(?:[ \t]*\n)*")
_POINTS_BELOW = re.compile(r"(?i:\b(?:this|these|the following|below|here)\b|:[ \t]*$)")
_POSITION = r"[A-Z]{2,3}"  # a line-up's position code: "CB", "GK", "RB"
# a line-up's role code or a title before a name: "CB Sergio Ramos", "GK Keylor Navas", "Crown Prince Mohammed bin
# Salman", "Captain William Hobson"
_ROLE_CODE = re.compile(r"^(?:" + _POSITION + r"|(?:Crown[ \t]+)?Prince|Princess|King|Queen|Sir|Dame|Lord|Lady|Captain|Capt\.?|"
                        r"General|Admiral|President|Senator|Dr\.?|Professor|Prof\.?)[ \t]+(?=[A-ZÀ-Þ])")
# a line-up's position code opening a name or right before it ("RB Dani Alves", "GK Víctor Valdés")
_LINEUP_CODE = re.compile(_POSITION + r"[ \t]+(?=[A-ZÀ-Þ])")
_LINEUP_CODE_BEFORE = re.compile(r"(?:^|[\s,;(])" + _POSITION + r"[ \t]+$")
# a first person's cue right before a span ("my grandfather Tom Baker"): a third person's ("her husband
# Pierre Curie", "his career with Znicz Pruszków") is the pasted text's own
_OWN_BEFORE = re.compile(r"(?i:\b(?:my|our)[ \t]+(?:[\w'’-]+[ \t]+){0,2}$)")
_BIRTH_BEFORE = re.compile(r"[ \t]*[(,][ \t]*(?i:born|b\.)[ \t]*$")
STRONG_KEPT = frozenset({"public_figure", "work", "team", "named_thing", "landmark_or_region", "topic", "eponym",
                         "saint", "case_name", "place_as_topic", "match_up", "dish"})
_KEPT_TYPES = (E.PERSON, E.LOCATION, E.DATE_TIME, E.AGE)


def _document(text: str) -> int | None:
    """Where the pasted text begins: after a first line that points at it ("this", "these", "the
    following", "below" or a closing colon), when a text follows; else None."""
    m = _REQUEST.match(text)
    if m is None or not _POINTS_BELOW.search(m.group("line")) or m.end() >= len(text):
        return None
    return m.end()


def _value(text: str, start: int, end: int) -> str:
    """The folded name, without a line-up's role code ("CB Sergio Ramos" → "sergio ramos")."""
    raw = text[start:end]
    code = _ROLE_CODE.match(raw)
    value = K._norm(raw[code.end():] if code and " " in raw[code.end():] else raw)
    return value[4:] if value.startswith("the ") else value


def _notable(value: str, tiers: dict[str, frozenset[str]]) -> bool:
    """A notable person's full name many do not share, a notable work of two words or more, or a
    landmark, structure or region that is no populated place."""
    if " " not in value:
        return False
    return (value in tiers.get("full", ()) and not K._many_share(value)) or value in tiers.get("title", ()) \
        or (value in tiers.get("place", ()) and value not in G.places())


# a private person's honorific right before (or opening) a name: "Dr Brandvold", "Mrs Adeyemi's class"
_HONORIFIC_BEFORE = re.compile(r"(?:\b(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Professor|Coach|Nurse|Sister|Father|Rev|Revd|Cllr)\.?[ \t]+)$")


def _someones(text: str, start: int, end: int, anchors: set[str], tiers: dict[str, frozenset[str]]) -> str | None:
    """Whether a name reads as someone's: ``"marked"`` after a private person's honorific ("Dr
    Brandvold") or as a surname alone ("Okafor organised the coach"), ``"given"`` when it opens with a
    given name; None for a notable name, a word of a notable name of the text ("Armstrong",
    "Elizabeth"), a place or a ruler with a number."""
    value = _value(text, start, end)
    words = value.split()
    if not words or value in anchors:
        return None
    if _LINEUP_CODE.match(text, start, end) or _LINEUP_CODE_BEFORE.search(text, max(0, start - 5), start):
        return None  # a player of a line-up of notable players: "RB Dani Alves, CB Gerard Piqué, …"
    honorific = _HONORIFIC_BEFORE.search(text, max(0, start - 12), start) is not None \
        or _HONORIFIC_BEFORE.search(text[start:end].split(" ", 1)[0] + " ") is not None
    marked = honorific or (len(words) == 1 and G.is_surname(value) and not G.is_given(value))
    if not (G.is_given(words[0]) or marked):
        return None
    if len(words) == 1 and any(value in a.split() for a in anchors):
        return None
    if G.is_place(value) or G.is_famous_place(value) or K._REGNAL.search(" " + value.upper()):
        return None
    if any(value in tiers.get(t, ()) for t in ("full", "title", "short")):
        return None
    return "marked" if marked else "given"


def public_document(text: str, spans: list[tuple[int, int, str]], reasons: list[str | None]) -> list[str | None]:
    """``reasons`` with ``"public_document"`` for the person, place and date spans of a pasted
    public text (the module's docstring says when a pasted text is public)."""
    begin = _document(text)
    if begin is None or not any(etype in (E.PERSON, E.LOCATION) and a >= begin for a, _, etype in spans):
        return reasons
    if any(etype in K.PRIVATE_TYPES and not _street_name(text, a, b, etype) for a, b, etype in spans):
        return reasons
    if _tied_body(text, begin):
        return reasons
    tiers = K._tiers()
    anchors: set[str] = set()
    cities: set[str] = set()
    for (a, b, etype), why in zip(spans, reasons):
        if a < begin or etype not in (E.PERSON, E.LOCATION):
            continue
        value = _value(text, a, b)
        if (why is not None and why in STRONG_KEPT) or _notable(value, tiers):
            (cities if G.is_famous_place(value) else anchors).add(value)
        elif etype == E.LOCATION and G.is_famous_place(value):
            cities.add(value)
    for m in K._CAPITALISED_RUN.finditer(text, begin):  # a title or a notable name no span holds: "Twelfth Night"
        for v in K._sub_runs(K._norm(m.group())):
            if v in tiers.get("title", ()) or (v in tiers.get("full", ()) and not K._many_share(v)):
                anchors.add(v)
    anchors = {v for v in anchors if not any(v != w and f" {v} " in f" {w} " for w in anchors)}  # "corleone" of
    # "vito corleone" counts once
    if not anchors or len(anchors | cities) < 2:
        return reasons
    someones = {(a, b): _someones(text, a, b, anchors, tiers) for a, b, etype in spans if a >= begin and etype == E.PERSON}
    private = {_value(text, a, b) for (a, b, etype), why in zip(spans, reasons)
               if why is None and someones.get((a, b)) is not None}
    if len(anchors) <= len(private):
        return reasons
    out = list(reasons)
    kept_ends = []
    for i, (a, b, etype) in enumerate(spans):
        if out[i] is not None:
            continue
        if a < begin:  # the request line's place: "Turn this into a 3-day Rome plan", "… the final in Cardiff"
            if etype == E.LOCATION and not K._FIRST_PERSON.search(K._sentence(text, a, b)) \
                    and not K._LIVES_THERE.search(K._sentence(text, a, b)) and not text[a:b].isupper():
                out[i] = "public_document"
            continue
        who = someones.get((a, b))
        if (etype in _KEPT_TYPES or _street_name(text, a, b, etype)) and not text[a:b].isupper() \
                and not _OWN_BEFORE.search(text, max(0, a - 40), a) \
                and not (who == "marked" or (who == "given" and " " in text[a:b].strip())):
            # (a private person's honorific, a surname alone or a full name that reads as someone's stays
            # someone's: "Dr Brandvold", "Okafor", "Ngozi Adeyemi-Hart")
            out[i] = "public_document"
    for i, (a, b, etype) in enumerate(spans):
        if out[i] is not None and etype == E.PERSON:
            kept_ends.append(b)
    for i, (a, b, etype) in enumerate(spans):
        if a >= begin and out[i] is None and etype == E.DATE_OF_BIRTH \
                and any(e <= a and _BIRTH_BEFORE.fullmatch(text, e, a) for e in kept_ends):
            out[i] = "public_document"  # "Robert Lewandowski (born 21 August 1988)": a public figure's birth date
    return out


def _street_name(text: str, start: int, end: int, etype: str) -> bool:
    """A street named without a house number ("Pudding Lane", "Piazza Navona"): a place of the text, no
    one's address."""
    return etype == E.STREET_ADDRESS and not any(c.isdigit() for c in text[start:end])


_BIO_WORDS = re.compile(r"(?i:named|called|met|married|divorced|hired|fired)\b")


def _tied_body(text: str, begin: int) -> bool:
    """A tie to the contributor's life in the pasted text (privacy.detect.keep ``_TIES``): a greeting,
    a sign-off, a relation of "my", "our" or "your"; a third person's ("her husband", "his son") is
    the text's own, and so are a bio's "married", "met", "named after" ("Antony Blinken met …")."""
    for m in K._TIES.finditer(text, begin):
        words = m.group().strip().lower().split()
        if not words or words[0] in ("his", "her", "their") or _BIO_WORDS.match(words[0]):
            continue
        return True
    return False
