"""Street addresses: US/UK "12 Baker Street, Apt 4B", continental "Hauptstraße 12",
"45 rue de Rivoli", "Calle Mayor 5, 3º", with optional unit/suite/flat lines; South Asian and
West African lines that open with the flat or plot ("Flat 402, Sai Krupa Apartments, 14th
Cross"); Japanese block numbers ("2-14-8 Nishiki, Naka-ku")."""

from __future__ import annotations

import re

from privacy.entities import STREET_ADDRESS
from privacy.detect import gazetteer as G
from privacy.detect.vocabulary import is_common
from privacy.detect.recognizers.base import I, RegexRecognizer, Rule, words
from privacy.detect.recognizers.postal_code import UK_POSTCODE
from privacy.detect.recognizers.runs import line_of
from privacy.detect.recognizers.prefilter import Requires, on_folded, regex, words as any_word

_SUFFIX = words(
    "street", "st", "avenue", "ave", "av", "road", "rd", "boulevard", "blvd", "lane", "ln", "drive", "dr",
    "court", "ct", "place", "pl", "way", "terrace", "terr", "circle", "cir", "highway", "hwy", "parkway",
    "pkwy", "square", "sq", "crescent", "cres", "close", "grove", "gardens", "mews", "row", "walk", "hill",
    "trail", "trl", "loop", "alley", "path", "pike", "plaza", "point", "ridge", "run", "view", "park",
    "green", "heights", "hollow", "crossing", "xing", "expressway", "route", "rte",
    # South Asian streets and quarters ("27 Tripathi Marg", "94/411, Sule Chowk", "12 Anna Salai")
    "marg", "chowk", "ganj", "gali", "salai", "nagar", "colony", "layout", "vihar",
)
def _faker_words(module: str, attr: str) -> list[str]:
    try:
        mod = __import__(f"faker.providers.address.{module}", fromlist=["Provider"])
        return [w for w in getattr(mod.Provider, attr, ()) if w and " " not in w]
    except Exception:  # pragma: no cover - faker is a pinned dependency
        return []


_SUFFIX = "(?:" + _SUFFIX + "|" + words(*sorted({w.lower() for m in ("en_US", "en_GB", "en_AU", "en_CA")
                                              for w in _faker_words(m, "street_suffixes")})) + ")"
_UNIT = (
    r"(?:,?\s*(?:" + words("apartment", "apt", "suite", "ste", "unit", "flat", "floor", "fl", "room", "rm",
                           "bldg", "building", "po box", "studio", "level", "appartamento", "piso", "puerta", "piano", "interno",
                           "scala", "escalera", "apto", "bloco", "casa", "etage", "étage", "whg", "app", "appt", "#") + r")\.?\s*#?\s*[A-Z0-9][A-Z0-9-]{0,5}\b)+"
)
_NAME_WORD = r"(?:[A-Za-zÀ-ÖØ-öø-ÿ][\w'’.-]*)"
_NUM = r"\d{1,6}(?:[-/]\d{1,4})?(?:-?[A-Za-z])?"
_DIR = r"(?:(?:[NSEW]|north|south|east|west|NE|NW|SE|SW)\.?\s+)?"
_CODE_TOKEN = re.compile(r"\b(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{2,}\b")  # capitals and digits: "SE19", "2RN"

# 12 Baker Street / 1600 N Pennsylvania Ave NW, Suite 200
_STREET_WORD = r"(?:" + _NAME_WORD + r"|\d{1,3}(?:st|nd|rd|th))"  # "64th Drive", "W 42nd St"
_US = re.compile(
    # a comma after the house number before a capital, as South Asia and West Africa write it
    # ("510, Talwar Street"; not a year's: "In 2019, Oxford Street …")
    r"\b" + _NUM + r"(?:(?<!\b19\d\d)(?<!\b20\d\d),(?=[ \t]+(?-i:[A-Z])))?\s+" + _DIR + r"(?:" + _STREET_WORD + r"\s+){0,4}" + _SUFFIX
    + r"\b\.?(?:\s+(?:NE|NW|SE|SW|N|S|E|W)\b\.?)?" + "(?:" + _UNIT + ")?",
    I,
)
# Flat 3, 22 Baker Street ... (unit first)
_UNIT_FIRST = re.compile(
    r"\b" + words("apartment", "apt", "flat", "unit", "suite", "studio", "level") + r"\.?\s*#?\s*[A-Z0-9]{1,5},?\s+(?:" + _NUM + r"\s+)?"
    + r"(?:" + _NAME_WORD + r"\s+){0,4}?" + _SUFFIX + r"\b\.?" + "(?:" + _UNIT + ")?",
    I,
)
_GERMANIC_SUFFIX = (
    r"(?:stra(?:ß|ss)e|str\.|weg|gasse|platz|allee|ring|damm|ufer|chaussee|straat|laan|gracht|plein|kade|"
    r"dijk|pad|steeg|hof|singel|dreef|markt|baan|vej|gade|gatan|vägen|gränd|torg|veien|gata|tie|katu)"
)
# Hauptstraße 12, Kerkstraat 3a, Storgatan 14
_GERMANIC = re.compile(
    r"\b[A-Za-zÀ-ÖØ-öø-ÿ][\w'-]*" + _GERMANIC_SUFFIX + r"\s+\d{1,5}[a-z]?(?:\s*[-/]\s*\d{1,4})?\b" + "(?:" + _UNIT + ")?",
    I,
)
_ROMANCE_WORDS = (
    *sorted({w.lower() for m in ("pt_BR", "es_ES", "it_IT", "fr_FR", "pl_PL", "es_MX", "pt_PT")
             for attr in ("street_prefixes", "street_suffixes")
             for w in _faker_words(m, attr) if w.lower() != "street"}),
    "rue", "avenue", "boulevard", "bd", "chemin", "allée", "impasse", "quai", "place", "calle", "avenida", "avda",
    "av.", "avd.", "avda.", "paseo", "plaza", "carrer", "via", "viale", "piazza", "corso", "vicolo", "rua", "travessa", "largo", "praça",
    "ul.", "ulica", "aleja", "al.", "pl.", "plac", "os.", "osiedle", "strada", "calea", "bulevardul", "utca", "ulitsa", "odos", "jalan", "jl.",
)
_ROMANCE = words(*_ROMANCE_WORDS)
# 45 rue de Rivoli / 45, rue de Rivoli
_LINKS = ("de", "del", "de la", "du", "des", "da", "do", "dos", "das", "di", "della", "la", "le", "l'", "d'", "van", "von")
_LINK = r"(?:(?:" + "|".join(_LINKS) + r")\s*)"
# a count after a street's number: no door ("we used place de la Concorde 3 times")
_COUNTED_AFTER = re.compile(r"[ \t]*(?:times|x|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|people|percent|%)\b", I)
# a street type that is also an English word still opens a street in lower case before a link word
# ("rue de Rosselet 24", "via della Spiga 5"), and these before a capital ("rue René Béguelin 260")
_LINK_WORDS = frozenset(w for w in _LINKS if w.isalpha()) | {"delle"}
_NAME_AFTER_LOWER = frozenset({"rue", "avenue", "boulevard", "chemin", "quai", "allée", "impasse"})
_ROMANCE_NUM_FIRST = re.compile(
    r"\b\d{1,5}(?:\s?(?:bis|ter))?,?\s+" + _ROMANCE + r"\s+" + _LINK + r"*[\w'’.-]+"
    r"(?:\s+(?-i:[A-ZÀ-Þ])[\w'’.-]*){0,3}",
    I,
)
# Calle Mayor 5, 3º B / Via Roma 10 / ul. Marszałkowska 10/12 / Rua Augusta, 200
_ROMANCE_NUM_LAST = re.compile(
    r"(?<![\w.])" + _ROMANCE + r"\s+(?:[\w'’.-]+\s+){0,4}?[\w'’.-]*[A-Za-zÀ-ÿ][\w'’.-]*,?\s+(?:n[º°o]\.?\s*)?"
    r"\d{1,5}[a-z]?(?:\s*/\s*\d{1,4})?(?:,?\s*\d{1,2}\s*[º°ª]\s*[A-Z]?)?\b" + "(?:" + _UNIT + ")?",
    I,
)
# South Asian unit-first lines: "Flat 402, Sai Krupa Apartments, 14th Cross", "No. 14, 3rd Cross
# Street", "Plot 27, Adeola Odeku Street", "3rd Floor, 21 Loop Street"
_BUILDING = words("apartments", "apartment", "apts", "residency", "residences", "towers", "tower", "enclave", "complex",
                  "society", "building", "bldg", "mansion", "mansions", "villas", "court", "house", "plaza", "arcade")
_ORDINAL_PART = r"\d{1,3}(?:st|nd|rd|th)\s+" + words("cross", "main", "block", "sector", "phase", "stage", "floor", "lane",
                                                      "street", "road", "avenue", "cross road", "main road")
_PLOT = re.compile(
    r"\b(?:" + words("flat", "flat no", "door no", "house no", "h.no", "plot", "plot no", "no", "shop no", "villa")
    + r"\.?\s*#?\s*[A-Z0-9][A-Z0-9/-]{0,5}|\d{1,2}(?:st|nd|rd|th)\s+floor),\s+"
    r"(?:(?!(?:[\w'’-]+\s+){0,3}" + _SUFFIX + r"\b\.?,)"  # a building's name (not a street: "Plot 9, Ajose Adeogun Street, Victoria Island")
    r"(?-i:[A-Z][\w'’-]*)(?:\s+(?-i:[A-Z][\w'’-]*)){0,3},\s+(?=(?:" + _NAME_WORD + r"\s+){1,4}" + _SUFFIX + r"\b))?"
    r"(?:(?:" + _NAME_WORD + r"\s+){0,4}(?:" + _BUILDING + r"|" + _SUFFIX + r")\b\.?|"
    + _ORDINAL_PART + r"\b(?:\s+" + _SUFFIX + r"\b\.?)?|"
    + _NUM + r"\s+(?:" + _NAME_WORD + r"\s+){0,4}" + _SUFFIX + r"\b\.?)"
    r"(?:,\s+" + _ORDINAL_PART + r"\b)?",
    I,
)
# a British house in a named close, the street type left out: "3 The Paddocks, Yate BS37 4FG", "12 The
# Maltings, Ely" (a town the gazetteer knows or a postcode must follow: not "top 3 The Office, Friends")
_THE_NAMED = re.compile(r"(?<![\w.,-])\d{1,4}[A-Za-z]?\s+The\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?(?=,[ \t]*(?P<after>[A-Z][\w'’-]+"
                        r"(?:[ \t]+[A-Z][\w'’-]+)?|[A-Z]{1,2}\d))")
# Japanese block numbers before the district and a ward or city: "2-14-8 Nishiki, Naka-ku"
_JAPANESE = re.compile(r"\b\d{1,2}-\d{1,3}(?:-\d{1,3})?\s+[A-ZŌŪ][\w'’ōū]+(?=,\s*[A-ZŌŪ][\w'’ōū]+-(?:ku|shi|cho|machi|gun)\b)")
# Turkish streets: the name, the street type, the door number and the flat ("Hükümet Caddesi No: 12 D: 3",
# "Atatürk Blv. No: 45/7", "Gül Sokak No.8 Kat 2")
_TURKISH = re.compile(r"(?<![\w'’-])(?:[A-ZÇĞİÖŞÜ][\wçğıöşü'’-]*\s+){1,3}(?:Caddesi|Cad\.|Cd\.|Sokak|Sokağı|Sok\.|Sk\.|"
                      r"Bulvarı|Blv\.)\s*,?\s*No\s*[:.]?\s*\d{1,4}[A-Z]?(?:/\d{1,3})?"
                      r"(?:\s*,?\s*(?:D|Daire|Kat)\s*[:.]?\s*\d{1,3})*")
# Colombian streets: the street's number, "#" and the crossing's and the door's ("Calle 31 # 59-10 Sur",
# "Cra. 7 No. 45-12", "Transversal 5B # 8-81")
_COLOMBIAN = re.compile(r"\b(?i:calle|cl|carrera|cra|kra|kr|cr|transversal|tv|diagonal|dg|diag|avenida|av|ak|ac)\.?"
                        r"(?:[ \t]+(?i:calle|carrera))?[ \t]+\d{1,3}[ \t]?[A-Za-zª°º]{0,3}(?:[ \t]+(?i:bis))?[ \t]*"
                        r"(?:#|(?i:no|n[°º])\.?)[ \t]*\d{1,3}[ \t]?[A-Za-z]{0,2}[ \t]*-[ \t]*\d{1,3}"
                        r"(?:[ \t]+(?i:sur|norte|este|oeste)\b)?")
# Indonesian and Malay streets and alleys before the door number ("Jl. Sudirman No. 5", "Gg. Waringin No. 6",
# "Jalan Kebon Jeruk Raya No. 27 RT 03/RW 05")
_INDONESIAN = re.compile(r"\b(?i:jl|jln|jalan|gg|gang|lorong|lrg)\.?[ \t]+(?:[A-Z][\w'’.-]*[ \t]+){1,4}?"
                         r"(?i:no)\.?[ \t]*\d{1,4}[A-Za-z]?"
                         r"(?:,?[ \t]*(?i:rt)\.?[ \t]*\d{1,3}(?:[ \t]*/[ \t]*(?:(?i:rw)\.?[ \t]*)?\d{1,3})?)?")
# Vietnamese: the door (with its alleys), the street's word, the street ("Số 29/244 phố Trần Phú",
# "86/369 Ngõ 30 đường Hoàng Văn Thụ", "45 Lê Lợi, Phường Bến Nghé"): a Vietnamese word must say so
_VI_NAME = r"(?:[A-ZĐÀ-ỸÂÊÔƠƯĂ][\wà-ỹđ]*)"
_VIETNAMESE = re.compile(
    r"(?:\b(?:Số|số)[ \t]+)?(?<![\w/])\d{1,4}(?:/\d{1,4}){0,3}[A-Z]?[ \t]+"
    r"(?:(?:Ngõ|ngõ|Ngách|ngách|Hẻm|hẻm|Kiệt|kiệt)[ \t]+\d{1,4}[A-Z]?[ \t]+)?"
    r"(?:(?P<word>đường|Đường|phố|Phố)[ \t]+)?" + _VI_NAME + r"(?:[ \t]+" + _VI_NAME + r"){1,3}"
    r"(?:(?=(?P<after>,[ \t]*(?:Phường|phường|P\.|Quận|quận|Q\.|Xã|xã|Thị trấn|TP\.?|Thành phố|Huyện|huyện)))|)")
# Russian and Ukrainian streets: the street's word, its name and the house ("ул. Кирова, д. 7/2",
# "вулиця Лазурна, буд. 4 кв. 5", "пр. Красина, д. 7/8 к. 25")
_CYRILLIC = re.compile(
    r"(?<![\w.])(?i:ул|улица|пр|пр-т|просп|проспект|пер|переулок|ш|шоссе|шосе|алл|аллея|наб|набережная|пл|площадь|"
    r"б-р|бульвар|вул|вулиця|бульв|пров|провулок|узвіз|сквер|тупик|проезд|мкр|мікрорайон|майдан)\.?[ \t]+"
    r"(?:[А-ЯЁІЇЄҐа-яёіїєґ0-9'’-]+[ \t]+){0,3}?[А-ЯЁІЇЄҐа-яёіїєґ0-9'’-]*[А-ЯЁІЇЄҐа-яёіїєґ],?[ \t]+"
    r"(?:(?i:д|дом|буд|будинок)\.?[ \t]*)?\d{1,4}(?:[ \t]?[а-яієї])?(?:/\d{1,4})?"
    r"(?:,?[ \t]*(?i:стр|к|корп|кв|корпус|строение)\.?[ \t]*\d{1,4})*(?![\w])")
# Greek streets: the street's word, its name and the number ("οδός Ερμού 12", "πλατεία Καραισκάκη 262", "Λεωφ.
# Κηφισίας 44", "Πλ. Δασκίου 346-468")
_GREEK = re.compile(r"(?<![\w.])(?i:οδός|οδό|οδού|οδ|λεωφόρος|λεωφόρο|λεωφόρου|λεωφ|πλατεία|πλατείας|πλ|πάροδος|παρ)\.?[ \t]+[Α-ΩΆ-Ώ][\wά-ώ'’-]*"
                    r"(?:[ \t]+[Α-ΩΆ-Ώ][\wά-ώ'’-]*){0,2}[ \t]+\d{1,4}(?:[ \t]?-[ \t]?\d{1,4})?(?!\w)")
# PO Box 1234
_PO_BOX = re.compile(r"\bP\.?\s?O\.?\s+Box\s+\d{1,7}\b", I)


# every street shape, read again on a line cut at its break: the line alone must still be a street
_LINE_RULES = (_US, _UNIT_FIRST, _GERMANIC, _ROMANCE_NUM_FIRST, _ROMANCE_NUM_LAST, _PO_BOX, _PLOT, _JAPANESE, _TURKISH, _THE_NAMED,
               _COLOMBIAN, _INDONESIAN, _VIETNAMESE, _CYRILLIC, _GREEK)


# a street type that is also an everyday English word ("place", "via", "plaza") opens a street only
# with its capital
_ENGLISH_WORD_ZIPF = 3.0


# a word that numbers something other than a house, before "5, …"
_LISTED_BEFORE = re.compile(r"(?i:\b(?:chapter|ch|page|p|pp|part|step|level|season|episode|ep|book|volume|vol|grade|"
                            r"class|year|week|day|act|scene|verse|psalm|line|item|no|number|table|figure|fig|section|"
                            r"sec|article|art|rule|question|q|round|stage|track|disc|issue)\.?[ \t]*$|\d[ \t]*,?[ \t]*$|\d[.,]$|"
                            r"[£$€¥₹¢][ \t]*$)")  # a price before the comma: "£60, Whitechapel Road" on a board


class StreetAddressRecognizer(RegexRecognizer):
    """Street lines in US, UK, continental European, Latin American and Turkish shapes."""

    ENTITY = STREET_ADDRESS
    # every rule needs a house number or box number (a digit)
    REQUIRES = Requires(regex(r"\d"))
    RULES = (
        # the number, an optional letter, then whitespace (_NUM \s+)
        Rule("us_uk", _US, 0.75, requires=Requires(regex(r"\d(?:-?[A-Za-z])?,?\s", I))),
        Rule("unit_first", _UNIT_FIRST, 0.8,
             requires=Requires(any_word("apartment", "apt", "flat", "unit", "suite", "studio", "level"))),
        # the suffix, whitespace, then the number
        Rule("germanic", _GERMANIC, 0.7, requires=Requires(regex(r"\s\d"), on_folded(_GERMANIC_SUFFIX + r"\s+\d"))),
        # (the street words include "av", "c." and "r.": too common for literal checks)
        # the number, an optional bis/ter, an optional comma, then whitespace
        Rule("romance_num_first", _ROMANCE_NUM_FIRST, 0.7,
             requires=Requires(regex(r"\d(?:\s?(?:bis|ter))?,?\s", I))),
        # whitespace or "nº"/"n°"/"no." right before the number
        Rule("romance_num_last", _ROMANCE_NUM_LAST, 0.7,
             requires=Requires(regex(r"(?:\s|n[º°o]\.?)\d", I), on_folded(r"(?<![\w.])" + _ROMANCE + r"\s"))),
        Rule("po_box", _PO_BOX, 0.7, requires=Requires(any_word("box"))),
        Rule("plot_first", _PLOT, 0.75, requires=Requires(regex(r"\d[A-Za-z0-9/-]{0,5}(?:\s+floor)?,\s", I))),
        Rule("turkish", _TURKISH, 0.75, requires=Requires(regex(r"No\s*[:.]?\s*\d"))),
        Rule("the_named", _THE_NAMED, 0.7, requires=Requires(regex(r"\d\s+The\s"))),
        Rule("colombian", _COLOMBIAN, 0.75, requires=Requires(regex(r"\d[ \t]?[A-Za-z]{0,2}[ \t]*-[ \t]*\d"))),
        Rule("indonesian", _INDONESIAN, 0.75, requires=Requires(regex(r"(?i:no)\.?[ \t]*\d"),
                                                                 any_word("jl", "jln", "jalan", "gg", "gang", "lorong", "lrg"))),
        Rule("vietnamese", _VIETNAMESE, 0.7, requires=Requires(regex(r"\d[ \t]"), regex(
            r"(?i:số|ngõ|ngách|hẻm|kiệt|đường|phố|phường|quận|xã|thị trấn|huyện)|\b[PQ]\.|\bTP\b"))),
        Rule("greek", _GREEK, 0.75, requires=Requires(regex(r"[α-ωά-ώ][ \t.]+[Α-ΩΆ-Ώ]", I))),
        Rule("cyrillic", _CYRILLIC, 0.75, requires=Requires(regex(r"[а-яёієїґ][ \t.,]*\d", I))),
        Rule("japanese", _JAPANESE, 0.75, requires=Requires(regex(r"\d-\d"), on_folded(r"-(?:ku|shi|cho|machi|gun)\b"))),
    )

    _NOT_AFTER_NUMBER = re.compile(r"^\d[\d,.]*\s+(?:" + r"|".join(
        ["minutes?", "hours?", "days?", "weeks?", "months?", "years?", "times?", "steps?", "points?", "percent",
         "people", "of", "and", "or", "to", "in", "on", "at", "more", "less", "lines?", "items?"]) + r")\b")

    def accept_rule(self, rule: Rule, text: str, start: int, end: int) -> bool:  # noqa: D102
        if rule.name == "germanic":
            word = text[start:end].split()[0].lower()
            if is_common(word) or G.fold_word(word) in G.word_names():
                return False  # "During 1977", "Spring 2020": an English word ending in "ring"
        if rule.name == "the_named":
            after = _THE_NAMED.match(text, start).group("after")
            rest = text[end:line_of(text, start, end)[1]]
            if not (G.is_place(after) or UK_POSTCODE.search(rest)):
                return False  # "my top 3 The Office, Friends and …": a list, no address
        if rule.name == "us_uk" and re.match(r"[^,\s]+,", text[start:end]) \
                and _LISTED_BEFORE.search(text, max(0, start - 20), start):
            return False  # "Chapter 5, Main Road and other stories": a numbered thing, then a title
        if rule.name == "vietnamese":
            m = _VIETNAMESE.match(text, start)
            if not (m.group("word") or m.group("after") or not text[start].isdigit()
                    or re.search(r"(?i:ngõ|ngách|hẻm|kiệt)", text[start:end])):
                return False  # "3 Big Ideas": a number and capitals, no Vietnamese street
        if rule.name == "romance_num_last":
            if re.search(r",\s*\d{5}$", text[start:end]):
                return False  # "12 rue Foch, 75011 Paris": the number after the comma is the postal code
            if _COUNTED_AFTER.match(text, end):
                return False  # "we used place de la Concorde 3 times": a count, no door
            word, *rest = text[start:end].split()
            nxt = rest[0] if rest else ""
            if word.islower() and G.english_zipf(word) >= _ENGLISH_WORD_ZIPF \
                    and not (nxt.lower() in _LINK_WORDS or (word in _NAME_AFTER_LOWER and nxt[:1].isupper())):
                return False  # "my new place is Calle Mayor 14", "sent via email 3 times": English, no street type
                # ("rue de Rosselet 24", "avenue de Mayor 89", "rue René Béguelin 260" are streets)
        return self.accept(text, start, end)

    def accept(self, text: str, start: int, end: int) -> bool:
        value = text[start:end]
        if self._NOT_AFTER_NUMBER.match(value):
            return False
        if start > 0 and text[start - 1] in "-/.:" and start > 1 and text[start - 2].isdigit():
            return False  # the middle of a date or a version ("2026-01-20 went well")
        # a street is written with a capital somewhere ("12 baker street" only in text without capitals;
        # a postcode's capitals are no capitals of words: "27 mowbray rd SE19 2RN")
        a, b = text.rfind("\n", 0, start) + 1, text.find("\n", end)
        line = _CODE_TOKEN.sub("", text[a: len(text) if b == -1 else b])
        return any(c.isupper() for c in value) or not any(c.isupper() for c in line)

    _pending: tuple[str | None, list] = (None, [])

    def street_ends(self, text: str) -> tuple[int, ...]:
        """Where the street lines of ``text`` end. The analysis is kept for this same text (the
        address-block recognizer asks first; the analyzer then asks this recognizer): one pass."""
        if self._pending[0] is not text:
            self._pending = (text, self._analyze(text, None, None))
        return tuple(r.end for r in self._pending[1])

    def analyze(self, text, entities, nlp_artifacts=None):  # noqa: D102
        if self._pending[0] is text:
            out = self._pending[1]
            self._pending = (None, [])
            return out
        return self._analyze(text, entities, nlp_artifacts)

    def _analyze(self, text, entities, nlp_artifacts=None):
        out = []
        for r in super().analyze(text, entities, nlp_artifacts):
            nl = text.find("\n", r.start, r.end)
            if nl != -1:  # an address line ends at the line break
                r.end = nl
                if not re.search(r"\d", text[r.start : r.end]) or r.end - r.start < 5:
                    continue
                if not any(rx.search(text, r.start, r.end) for rx in _LINE_RULES):
                    continue  # the street word was on the next line: "Autodrome, 5 May⏎Round 7" is a date
            out.append(r)
        return out
