"""STREET_ADDRESS: same shape — house number, street, unit, then city/state/ZIP.

"742 Evergreen Terrace, Apt 4B, Springfield, IL 62704" →
"318 Kessler Avenue, Apt 7K, East Jamesport, IL 48213": the house number keeps its
digit count, the street becomes a Faker surname plus a suffix in the same style (full
"Avenue" or abbreviated "Ave."), the unit keeps its label, a trailing city maps like a
LOCATION, a state code is kept and a ZIP maps through POSTAL_CODE. A unit written without
a comma ("123 Main St Apt 5") and a trailing directional ("Ave NW") are kept in place;
"P.O. Box 123" keeps its label. An address that does not start with a number
("Hauptstraße 5") keeps its layout with the street words replaced and digits keyed random.
"""

from __future__ import annotations

import re

from synth.shape import apply_case, case_style, random_like

from .base import Draw, Provider, register
from .location import EXTENDED_TIER_DRAWS, NAMED_ATTEMPTS, extended_place, kind_of, name_free_word, place_like

FULL = ["Street", "Avenue", "Road", "Lane", "Drive", "Court", "Place", "Boulevard", "Way", "Terrace"]
ABBR = ["St", "Ave", "Rd", "Ln", "Dr", "Ct", "Pl", "Blvd", "Pkwy", "Ter"]
_HEAD = re.compile(r"^(?P<num>\d+[A-Za-z]?)(?P<sp>\s+)(?P<street>[^,#]+?)(?P<rest>(?:\s*[,#].*)?)$", re.S)
_UNIT = re.compile(r"^(?P<label>(?:apt|apartment|suite|ste|unit|fl|floor|room|rm|#)\.?\s*#?\s*)(?P<val>[\w-]+)$", re.I)
_STATE_ZIP = re.compile(r"^(?P<state>[A-Z]{2})(?P<sp>\s+)(?P<zip>\d{5}(?:-\d{4})?)$")
_ZIP = re.compile(r"^\d{5}(?:-\d{4})?$")


# A number of fewer digits is a house number, not a postal code (the shortest codes have 3;
# a word of a UK or Canadian code, "1AA", has letters too): as a code it would need an
# injective map of 10 or 100 values, used up after a few dozen addresses.
MIN_CODE_DIGITS = 3
_DIRECTIONAL = {"N", "S", "E", "W", "NE", "NW", "SE", "SW"}
_INLINE_UNIT = re.compile(r"(?P<pre>.*?)(?P<unit>\s+(?:apt|apartment|suite|ste|unit|fl|floor|room|rm)\.?\s*#?\s*[\w-]+)$", re.I | re.S)
_PO_BOX = re.compile(r"^(?P<label>p\.?\s*o\.?\s*box\s+)(?P<num>\w+)(?P<rest>.*)$", re.I | re.S)


def _street(d: Draw, original: str) -> str:
    """Street name (plus any unit written without a comma, and a trailing directional)."""
    m = _INLINE_UNIT.match(original)
    if m and m["pre"].strip():
        unit = m["unit"]
        lab = re.match(r"(\s+\D+?)([\w-]+)$", unit)
        new_unit = (lab.group(1) + random_like(lab.group(2), d.rng)) if lab else unit
        return _street(d, m["pre"]) + new_unit
    words = original.split()
    if len(words) > 2 and words[-1].rstrip(".").upper() in _DIRECTIONAL:
        return _street(d, " ".join(words[:-1])) + " " + words[-1]
    last = words[-1] if words else ""
    dot = "." if last.endswith(".") else ""
    core = last.rstrip(".")
    abbr = len(core) <= 4 and len(words) > 1
    suffix = d.rng.choice(ABBR if abbr else FULL) + (dot if abbr else "")
    if d.beyond >= 0:  # the usual draws were all refused: the extended space of name-free places
        name = extended_place(d.rng, d.beyond)
        d.chosen.append(name)
    elif d.attempt >= NAMED_ATTEMPTS:
        name = name_free_word(d.rng)  # the workspace's people bear Faker's names: no name words at all
    else:
        name = d.fake.last_name() if len(words) <= 2 else f"{d.fake.first_name()} {d.fake.last_name()}"
    return apply_case(f"{name} {suffix}", case_style(original)) if case_style(original) != "title" else f"{name} {suffix}"


def _grown(template: str, d: Draw) -> str:
    """``template`` with one more digit after its last for every ``EXTENDED_TIER_DRAWS`` draws
    beyond the usual ones ("P.O. Box 5" → "P.O. Box 58"): a number's space that grows."""
    extra = d.beyond // EXTENDED_TIER_DRAWS if d.beyond >= 0 else 0
    last = max((i for i, c in enumerate(template) if c.isdigit()), default=-1)
    return template if not extra or last < 0 else template[: last + 1] + "0" * extra + template[last + 1 :]


def _rest(d: Draw, rest: str) -> str:
    out = []
    for part in re.split(r"(,)", rest):
        if part == ",":
            out.append(part)
            continue
        lead = part[: len(part) - len(part.lstrip())]
        core = part.strip()
        if not core:
            out.append(part)
            continue
        m = _STATE_ZIP.match(core)
        if m:
            new = m["state"] + m["sp"] + d.engine.surrogate("POSTAL_CODE", m["zip"])
        elif _ZIP.match(core):
            new = d.engine.surrogate("POSTAL_CODE", core)
        elif _UNIT.match(core):
            u = _UNIT.match(core)
            new = u["label"] + random_like(u["val"], d.rng)
        elif kind_of(core) in ("state_abbr", "state", "country"):
            new = core  # state or country alone: kept (not identifying)
        elif any(c.isdigit() for c in core):  # "10115 Berlin": code words and place words
            words = re.split(r"(\s+)", core)
            place = " ".join(w for w in words if w.strip() and not any(c.isdigit() for c in w))
            new_place = apply_case(place_like(d.fake, place, d), case_style(place)) if place else ""
            new_words, placed = [], False
            for w in words:
                if not w.strip():
                    new_words.append(w)
                elif w.isdigit() and len(w) < MIN_CODE_DIGITS:  # a house number ("Plac Korczaka 84")
                    new_words.append(random_like(w, d.rng, first_digit_nonzero=True))
                elif any(c.isdigit() for c in w):  # "10115", "SW1A", "1AA"
                    new_words.append(d.engine.surrogate("POSTAL_CODE", w))
                elif not placed:
                    new_words.append(new_place)
                    placed = True
            new = re.sub(r"\s+$", "", "".join(new_words))
        else:
            new = apply_case(place_like(d.fake, core, d), case_style(core))
        out.append(lead + new)
    return "".join(out)


@register
class AddressProvider(Provider):
    entity_type = "STREET_ADDRESS"
    avoid_words = ("PERSON.FIRST", "PERSON.LAST")
    how = 'number, street, unit, city, state, ZIP by shape'
    example = "742 Evergreen Terrace, Apt 4B, Springfield, IL 62704"

    def draw(self, d: Draw) -> str:
        s = d.original.strip()
        box = _PO_BOX.match(s)
        if box:
            return box["label"] + random_like(_grown(box["num"], d), d.rng, first_digit_nonzero=True) + _rest(d, box["rest"])
        m = _HEAD.match(s)
        if m:
            num = random_like(m["num"], d.rng, first_digit_nonzero=True)
            rest = m["rest"]
            lead_hash = ""
            if rest.lstrip().startswith("#"):
                lead_hash = rest[: len(rest) - len(rest.lstrip())]
                rest = rest.lstrip()
                val, _, tail = rest[1:].partition(",")
                rest = lead_hash + "#" + random_like(val, d.rng) + ("," + _rest(d, tail) if _ else "")
            else:
                rest = _rest(d, rest)
            return f"{num}{m['sp']}{_street(d, m['street'])}{rest}"
        head, comma, tail = s.partition(",")
        words = re.split(r"(\s+)", head)
        if d.beyond >= 0 and not any(c.isalpha() for c in head):  # only numbers to draw: more of them
            i = next((k for k, w in enumerate(words) if any(c.isdigit() for c in w)), None)
            if i is not None:
                words[i] = _grown(words[i], d)
        new = []
        replaced = False
        for w in words:
            if w.strip() and any(c.isalpha() for c in w) and not replaced:
                if d.beyond >= 0:
                    word = extended_place(d.rng, d.beyond)
                    d.chosen.append(word)
                else:
                    word = d.fake.last_name() if d.attempt < NAMED_ATTEMPTS else name_free_word(d.rng)
                new.append(word + ("straße" if w.lower().endswith(("straße", "strasse")) else ""))
                replaced = True
            elif w.strip() and any(c.isalpha() for c in w):
                new.append("")
            else:
                new.append(random_like(w, d.rng, first_digit_nonzero=True) if w.strip() else w)
        head_new = re.sub(r"\s{2,}", " ", "".join(new)).strip()
        return head_new + (comma + _rest(d, tail) if comma else "")

    def overflow(self, d: Draw) -> str:
        """The same layout with street and town names from ``location.extended_place`` (only
        they are checked for the workspace's names: a kept state or a postal code's surrogate is
        the same in every draw) and box numbers that grow."""
        return self.draw(d)
