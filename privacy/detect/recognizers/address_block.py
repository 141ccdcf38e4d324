"""The rest of an address: the lines (or comma-separated parts) that follow a street line.

An address is rarely one line: "41704 Rengaskuja 57⏎ Suite 187⏎ MARTTILA⏎ Finland 33324" or
"699 Knesebeckstraße 51, KOHLDORF, ST 22174". Anchored on a street line (the street
recognizer's shapes, or a house number, words and a number: "3560 Kalda 70") or on a unit line
("Suite 187", "Apt. 049", "PSC 2295, Box 0118"), the parts that follow are read one by one
until one is not an address part:

* a unit line ("Apt. 114", "Suite 930", "Box 0118") → STREET_ADDRESS;
* a town, optionally with a state code and a postal code ("MARTTILA", "Csömödér, ZA 89564",
  "Te Awamutu"), or after its postal code ("1200-018 Lisboa") → LOCATION for the town,
  POSTAL_CODE for the code;
* a country, optionally with a postal code ("Norway 69239") → LOCATION for the country (it
  goes with the address it closes) and POSTAL_CODE for the code;
* a state code or a postal code alone (", ST", "88088") → POSTAL_CODE for a code;
* a military address line ("FPO AE 79421") → POSTAL_CODE for its number.

Anywhere in a text: a capitalised unit ("Suite 168", "Apt. 606"), a ship or military address ("USNS Estévez", "FPO AE 34859", "PSC 2295,
Box 0118"), and a street written name first after a place word ("lives at 312 Fuente del
Gallo 47", "enter on Síp utca 17.") → STREET_ADDRESS.

The part before a unit line is the street line ("Rengaskuja 57" before "Suite 187"); the line
above a country line is a town ("Liivaküla⏎Estonia").
A part that runs on into the sentence ("Uruguay for post mail?") ends the address.
"""

from __future__ import annotations

import re

from presidio_analyzer import LocalRecognizer, RecognizerResult

from privacy.entities import LOCATION, POSTAL_CODE, STREET_ADDRESS
from privacy.detect import gazetteer as G
from privacy.detect.filters import public_places
from privacy.detect.vocabulary import MONTH_ABBREVIATIONS, MONTHS, WEEKDAYS, common_words, is_common
from privacy.detect.recognizers.street_address import StreetAddressRecognizer
from privacy.detect.recognizers import written_date

_UNIT = re.compile(r"(?i:apt|apartment|suite|ste|unit|flat|room|floor|bldg|building|p\.?\s?o\.?\s+box|box|psc|"
                   r"wohnung|whg|apto|apt[oº]|piso|planta|andar|etage|étage|top|bus|lgh|kv|dpto|depto|appartement|appt|app|"
                   r"interno|int|scala)\.?"
                   r"\s*#?\s*[A-Z0-9][\w-]{0,6}(?:,?\s+(?i:box)\s+\d{1,6})?"
                   # a floor and its side: "3rd floor", "2e étage", "3. OG links", "4º B", "2º izq"
                   r"|\d{1,2}(?:st|nd|rd|th|e|er|ème|\.|º|ª|°)?\s*(?i:floor|fl|étage|etage|og|eg|dg|stock|piso|planta|"
                   r"andar|verdieping|et|p)\.?(?:\s+(?i:links|rechts|mitte|left|right|izq(?:uierda)?|dcha|derecha|"
                   r"centro|dto|esq|front|rear|back))?"
                   r"|\d{1,2}\s*[º°ª]\s*[A-Z0-9]{0,2}(?:\s+(?i:izq(?:uierda)?|dcha|derecha|centro|esq|dto))?")
_STREET_LINE = re.compile(r"\d{1,6}[A-Za-z]?\s+(?:[^\W\d_][\w'’.\-]*\s+){1,4}\d{1,5}[A-Za-z]?\.?")
# a street closing a part: "… here they are: 41704 Rengaskuja 57", "Dalmatinova 5" (capitalised words)
_TAIL_STREET = re.compile(r"(?:\b\d{1,6}[A-Za-z]?\s+)?(?:[^\W\d_a-z][\w'’.\-]*\s+(?:(?:y|de|del|la|di|da|van|von|der)\s+)?){1,3}"
                          r"\d{1,5}[A-Za-z]?\.?$")
_MILITARY = re.compile(r"(?:FPO|APO|DPO)\s+(?:AE|AP|AA)\s+(\d{5})")
_CODE = r"(?:\d{3,6}(?:[- ]\d{2,4})?|[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2})"
_POSTAL_ONLY = re.compile(_CODE)
_STATE = re.compile(r"[A-Z]{2,3}(?:\s+(" + _CODE + r"))?")
_TOWN_WORD = r"[^\W\d_][\w'’.\-]*"
_TOWN = re.compile(r"(" + _TOWN_WORD + r"(?:\s+" + _TOWN_WORD + r"){0,3}?)(?:,?\s+[A-Z]{2,3})?(?:,?\s+(" + _CODE + r"))?")
_CODE_TOWN = re.compile(r"(\d{2,5}(?:[- ]\d{2,4})?)\s+(" + _TOWN_WORD + r"(?:\s+" + _TOWN_WORD + r"){0,3})")
_PARTICLES = frozenset("de del la le el los las di da do du van von der den am an im upon on en y sur s pri".split())
_SEP = re.compile(r"[,\n]")
_PREFIX = re.compile(r"[\s>}{|*•?#\-]*")
MAX_PARTS = 5
_COUNTRY_LINE = re.compile(r"([^\W\d_][\w'’.\- ]*?)(?:\s+\(.*\))?(?:\s+\d{3,6})?")
_CALENDAR = MONTHS | WEEKDAYS | MONTH_ABBREVIATIONS | frozenset(
    "chapter section page version level step part grade room".split())
# a military or ship address: "USNS Estévez⏎FPO AE 34859", "PSC 2295, Box 0118⏎APO AP 58231"
_SHIP = re.compile(r"\b(?:USS|USNS|USNV|USCGC|HMS|HMCS)[ \t]+[A-ZÀ-Þ][\w'’.\-]*(?:[ \t]+[A-ZÀ-Þ][\w'’.\-]*)?")
_MILITARY_LINE = re.compile(r"\b(?:FPO|APO|DPO)[ \t]+(?:AE|AP|AA)[ \t]+\d{5}\b")
_INLINE_UNIT = re.compile(r"\b(?:Apt|Apartment|Suite|Ste|Unit|Flat)\.?[ \t]*#?[ \t]*\d{1,5}[A-Z]?\b")
_BOX_LINE = re.compile(r"\b(?:PSC|Unit|CMR)[ \t]+\d{3,5},?[ \t]+Box[ \t]+\d{3,5}\b")
# "Street Number" after a place word: "lives at 312 Fuente del Gallo 47", "enter on Síp utca 17."
_CUED_STREET = re.compile(r"(?i:\b(?:at|on|of|to|address(?:[ \t]+is)?:?|is)[ \t]+)((?:\d{1,6}[ \t]+)?[A-ZÀ-ÞΑ-ΩΆ-ΏА-ЯЁІЇЄҐ][\w'’\-]*\.?"
                          r"(?:[ \t]+[\w'’\-]+\.?){0,3}[ \t]+\d{1,5}[a-z]?(?:-\d{1,5})?\.?)(?![\w.]\d)(?=[\s,.;:!?]|$)")


class AddressBlockRecognizer(LocalRecognizer):
    """Unit, town and postal-code parts following a street line (see the module docstring)."""

    def __init__(self, streets: StreetAddressRecognizer | None = None) -> None:
        super().__init__(supported_entities=[STREET_ADDRESS, LOCATION, POSTAL_CODE], name=type(self).__name__,
                         supported_language="en")
        # the registry's street recognizer, whose analysis of the same text it reuses
        self._streets = streets if streets is not None else StreetAddressRecognizer()

    def load(self) -> None:  # noqa: D102
        pass

    def analyze(self, text, entities, nlp_artifacts=None):  # noqa: D102
        out: list[RecognizerResult] = []
        if not any(map(str.isdigit, text)):
            if "\n" in text:
                out.extend(self._town_above_country(text, self._parts(text)))
            return out
        for m in _SHIP.finditer(text):
            out.append(self._result(STREET_ADDRESS, m.start(), m.end(), 0.65))
        for rx in (_MILITARY_LINE, _BOX_LINE, _INLINE_UNIT):
            for m in rx.finditer(text):
                out.append(self._result(STREET_ADDRESS, m.start(), m.end(), 0.65))
        for m in _CUED_STREET.finditer(text):
            words = m.group(1).split()
            names = [w for w in words if not w[0].isdigit()]
            if names and not all(is_common(w.lower().strip(".")) for w in names) \
                    and not any(w.lower().strip(".") in _CALENDAR or written_date.calendar_name(w) for w in names) \
                    and not is_common(names[-1].lower().strip(".")):  # "Matilda okay for a 7": no street before 7
                out.append(self._result(STREET_ADDRESS, m.start(1), m.end(1), 0.6))
        if "\n" not in text and "," not in text:
            return out
        parts = self._parts(text)
        anchors = set(self._streets.street_ends(text))
        out.extend(self._town_above_country(text, parts))
        for i, (a, b) in enumerate(parts):
            seg = text[a:b]
            if _UNIT.fullmatch(seg):
                out.append(self._result(STREET_ADDRESS, a, b, 0.7))
                if i > 0:
                    pa, pb = parts[i - 1]
                    tail = _TAIL_STREET.search(text, pa, pb)
                    if tail and tail.end() == pb:
                        out.append(self._result(STREET_ADDRESS, tail.start(), pb, 0.65))
                out.extend(self._following(text, parts, i + 1))
            elif any(a < e <= b for e in anchors):
                out.extend(self._following(text, parts, i + 1))
            else:
                tail = _TAIL_STREET.search(text, a, b)
                if tail and tail.end() == b and tail.group()[:1].isdigit() and i + 1 < len(parts):
                    nxt = list(self._following(text, parts, i + 1))
                    if nxt:  # a number-words-number street only with address parts after it
                        out.append(self._result(STREET_ADDRESS, tail.start(), b, 0.6))
                        out.extend(nxt)
        dates = written_date.spans(text)  # "Mon 12 Jan 2024, …": a date's number and words are no street
        return [r for r in out if not any(a < r.end and r.start < b for a, b in dates)] if dates else out

    @staticmethod
    def _parts(text: str) -> list[tuple[int, int]]:
        """(start, end) of each comma- or line-separated part, quote markers and spaces stripped."""
        out = []
        pos = 0
        for m in list(_SEP.finditer(text)) + [None]:
            end = m.start() if m else len(text)
            a = pos + _PREFIX.match(text, pos, end).end() - pos if pos < end else pos
            b = end
            while b > a and text[b - 1] in " \t":
                b -= 1
            out.append((a, b))
            pos = m.end() if m else len(text)
        return out

    def _following(self, text: str, parts, i: int):
        blank = 0
        for a, b in parts[i:i + MAX_PARTS + 1]:
            seg = text[a:b]
            if not seg:
                blank += 1
                if blank > 1:
                    return
                continue
            found = self._part(text, a, b)
            if found is None:
                return
            yield from found

    def _town_above_country(self, text: str, parts) -> list[RecognizerResult]:
        """"Liivaküla⏎Estonia": a town on the line right above a country line."""
        out = []
        for i in range(1, len(parts)):
            a, b = parts[i]
            pa, pb = parts[i - 1]
            if self._is_country(text[a:b]) and text[pb:a].count("\n") == 1 and not self._is_country(text[pa:pb]):
                town = self._part(text, pa, pb)
                if town and all(r.entity_type == LOCATION for r in town):
                    out.extend(town)
        return out

    @staticmethod
    def _is_country(seg: str) -> bool:
        m = _COUNTRY_LINE.fullmatch(seg)
        return m is not None and " ".join(m.group(1).lower().split()) in public_places()

    def _part(self, text: str, a: int, b: int) -> list[RecognizerResult] | None:
        seg = text[a:b]
        if _UNIT.fullmatch(seg):
            return [self._result(STREET_ADDRESS, a, b, 0.7)]
        m = _MILITARY.fullmatch(seg)
        if m:
            return [self._result(POSTAL_CODE, a + m.start(1), a + m.end(1), 0.6)]
        if _POSTAL_ONLY.fullmatch(seg):
            return [self._result(POSTAL_CODE, a, b, 0.6)]
        m = _STATE.fullmatch(seg)
        if m:
            return [self._result(POSTAL_CODE, a + m.start(1), a + m.end(1), 0.6)] if m.group(1) else []
        c = _COUNTRY_LINE.fullmatch(seg)
        if c is not None and " ".join(c.group(1).lower().split()) in public_places():
            code = re.search(r"\d{3,6}$", seg)
            return [self._result(LOCATION, a + c.start(1), a + c.end(1), 0.85),
                    *([self._result(POSTAL_CODE, a + code.start(), a + code.end(), 0.6)] if code else [])]
        m = _CODE_TOWN.fullmatch(seg)
        if m:  # "1200-018 Lisboa", "75011 Paris", "00-950 Warszawa": the code before the town
            town = self._part(text, a + m.start(2), b)
            if town and all(r.entity_type == LOCATION for r in town):
                return [self._result(POSTAL_CODE, a + m.start(1), a + m.end(1), 0.6), *town]
            return None
        m = _TOWN.fullmatch(seg)
        if not m:
            return None
        town = m.group(1)
        words = town.split()
        if len(words) >= 2 and G.is_given(words[0]) and G.is_surname(words[-1]):
            return None  # a person's name line ("Alexander Møller"), not a town
        folded = " ".join(w.lower() for w in words)
        code = [self._result(POSTAL_CODE, a + m.start(2), a + m.end(2), 0.6)] if m.group(2) else []
        bare = re.sub(r"\s*\(.*\)$", "", folded)
        if folded in public_places() or bare in public_places():
            # the country line of an address goes with the address (country → another country):
            # alone a country names no one, next to a street it narrows the street down
            return [self._result(LOCATION, a + m.start(1), a + m.start(1) + len(re.sub(r"\s*\(.*\)$", "", town)), 0.6), *code]
        cased = any(c.isupper() for c in text[max(0, a - 200):b + 200])
        for w in words:
            lw = w.lower().strip(".")
            if lw in _PARTICLES:
                continue
            if cased and not w[:1].isupper():
                return None  # a lower-case word in cased text: the sentence goes on
            if lw in common_words() and not w.isupper() and len(words) == 1:
                return None
        return [self._result(LOCATION, a + m.start(1), a + m.end(1), 0.85), *code]

    def _result(self, etype: str, start: int, end: int, score: float) -> RecognizerResult:
        return RecognizerResult(entity_type=etype, start=start, end=end, score=score,
                                recognition_metadata={RecognizerResult.RECOGNIZER_NAME_KEY: self.name,
                                                      RecognizerResult.RECOGNIZER_IDENTIFIER_KEY: self.id})
