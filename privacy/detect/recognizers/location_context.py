"""Places where someone lives, moves or works, by their cue: "I live in Port Rachel",
"relocating to Dokkum", "grew up in Ostrów Wielkopolski", and the city line of an address
("…\\nLake Markberg, 67418"). The small NER model misses unfamiliar place names."""

from __future__ import annotations

import re
from functools import lru_cache

from privacy.entities import LOCATION
from privacy.detect import gazetteer as G
from privacy.detect.filters import public_places
from privacy.detect.recognizers.base import RegexRecognizer, Rule, words
from privacy.detect.recognizers.postal_code import year_before_unknown_place
from privacy.detect.vocabulary import is_common, is_word_form
from spacy.lang.en.stop_words import STOP_WORDS
from privacy.detect.recognizers.prefilter import Requires, fragments, on_folded, regex

_UPPER = "A-ZÀ-ÖØ-ÞĀĂĄĆČĎĐĒĘĚĞİŁŃŇŌŐŒŘŚŞŠŢȚȘŤŪŮŰŹŻŽΑ-ΩΆ-ΏА-ЯЁ"
_TOKEN = r"[" + _UPPER + r"][^\W\d_]*(?:['’-][^\W\d_]+)*"
_LINK = r"(?:(?:de|del|di|da|do|du|la|le|sur|am|an|im|upon|on|en|y)[ -])"
_PLACE = r"(" + _TOKEN + r"(?:[ -]" + _LINK + r"?" + _TOKEN + r"){0,3})"
_NUMBER_BEFORE = re.compile(r"(\d{4})[ \t]+$")
_CUES = ("live in", "lives in", "living in", "lived in", "moved to", "moving to", "move to", "relocating to",
         "relocate to", "relocated to", "based in", "grew up in", "born in", "raised in", "work in", "working in",
         "works in", "commute to", "commuting to", "neighborhood in", "apartment in", "flat in", "house in",
         "home in", "hometown", "hometown is", "city of", "town of", "village of", "outskirts of",
         "the party is at", "visiting", "moved here from", "moved from", "moving from", "moved back to",
         "originally from", "moving back to", "going back to", "flying back to", "heading back to", "flew to", "flying to", "fly to", "flew in from", "drove to", "driving to", "returned to",
         "arrived at", "arrived in", "i am in", "i'm in", "im in", "we are in", "we're in", "currently in", "staying in",
         "where:", "location:", "city:", "town:", "hometown:", "place of birth:", "birthplace:", "home city",
         "home town", "native town", "university of", "grew up near", "born near", "lives near", "live near",
         "living near", "lived near")
_CUE = words(*_CUES)
_DIGIT = Requires(regex(r"\d"))  # both address rules need a postcode-like digit
_CUED = re.compile(r"(?i:\b" + _CUE + r")\s+" + _PLACE)
# a city closing an address: "<street line>, City 12345" / "\nCity, 12345" / ", 12345 City"
# (digits that run on into more digits are a phone number, no postal code: "Amber Osei 07722 148329")
_ADDRESS_CITY = re.compile(r"(?:,[ \t]*|\n)" + _PLACE + r",?[ \t]+(?=\d{4,5}\b(?![ \t]?\d)|\d{2}-\d{3}\b|[A-Z]{1,2}\d)")
# "… in Uralaane 68712": a town after "in", with its postal code after it
_IN_CITY_ZIP = re.compile(r"\b(?i:in|at|near|from)[ \t]+" + _PLACE + r"[ \t]+(?=\d{4,5}\b(?![ \t]?\d))")
_ZIP_THEN_CITY = re.compile(r"(?:\b\d{5}|\b\d{4}|\b\d{2}-\d{3}|\b[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})[ \t]+" + _PLACE + r"(?=[.,;!?\s]|$)")
_TRAILING_TIME = re.compile(r"(?:[ -](?:on|in|at|am|an|im|en|y|la|le))?[ -](?:Monday|Tuesday|Wednesday|Thursday|Friday|"
                            r"Saturday|Sunday|January|February|March|April|May|June|July|August|September|"
                            r"October|November|December|Morning|Evening|Night|Today|Tomorrow)\b.*")
# words a place never ends with (stop words and chat words: "Please", "Thanks", "Then")
_TAIL_WORDS = frozenset(STOP_WORDS) | frozenset("please thanks thank cheers hi hello hey ok okay sorry yes no "
                                                 "then now today tomorrow yesterday".split())
_NOT_PLACES = frozenset("the a an my our your his her their this that it i we you they apt apartment suite ste unit "
                        "box flat floor room building bldg level po fpo apo dpo psc".split())


# a known town written in lower case after its cue: "moving back to enugu", "we're in lagos rn"
_CUED_LOWER = re.compile(r"(?i:\b" + _CUE + r")\s+(?:back\s+)?(?:to\s+)?([a-zà-ÿ][a-zà-ÿ'’-]{2,}(?: [a-zà-ÿ][a-zà-ÿ'’-]{2,})?)")
# a known town in lower case after a preposition of place: "the clinic in ogbomoso", "my landlord in
# kitengela", "the flynn family from aughnasheelan"; the town must be no word ("in reading", "at bath")
_PREPOSITIONS = ("in", "at", "from", "near", "around", "outside", "towards", "toward")
_PREP_LOWER = re.compile(r"(?<![\w'’-])(?i:in|at|from|near|around|outside|towards?)[ \t]+(?:(?i:near|around|outside)[ \t]+)?"
                         r"([a-zà-ÿ][a-zà-ÿ'’-]{2,}(?: [a-zà-ÿ][a-zà-ÿ'’-]{2,})?)")
# a known large town in lower case after a journey's "to": "you're coming to ilorin", "we went to
# kumasi" (never a word: "going to reading", "back to bath")
_JOURNEY = ("coming", "come", "came", "going", "go", "went", "travel", "travelling", "traveling", "trip", "drive",
            "flight", "move", "moving", "moved", "headed", "heading", "back")
_JOURNEY_LOWER = re.compile(r"(?<![\w'’-])(?i:" + "|".join(_JOURNEY) + r")[ \t]+to[ \t]+([a-zà-ÿ][a-zà-ÿ'’-]{2,}(?: [a-zà-ÿ][a-zà-ÿ'’-]{2,})?)")
# a town as one cell of a contact line, beside a phone number or an e-mail address:
# "Gloucester | 07700 900418 | seun@…", "Tarnów • +48 601 555 210"
_CONTACT_CELL = re.compile(r"(?m)(?:^|(?<=[|•·][ \t]))[ \t]*(" + _TOKEN + r"(?:[ -]" + _LINK + r"?" + _TOKEN + r"){0,2})[ \t]*(?=[ \t][|•·][ \t]|$)")
_CONTACT_LINE = re.compile(r"@[\w-]+\.|\+?\(?\d[\d \t().-]{6,}\d")
# a known town after a place's preposition of another language that is no English word: "toda la
# familia va a … sa Sagada", "moramos em Pelotas", "wir ziehen nach Göppingen", "bà ở Hội An"
_FOREIGN_PREPOSITIONS = ("sa", "em", "en", "nach", "desde", "hasta", "naar")
_FOREIGN_PREP = re.compile(r"(?<![\w'’-])(?:sa|em|en|nach|à|ở|tại|desde|hasta|naar)[ \t]+" + _PLACE)
# the same in lower case: "para sa nanay ko sa iloilo", "moramos em pelotas" (a large town only, no word)
_FOREIGN_PREP_WORDS = "|".join(_FOREIGN_PREPOSITIONS)
_FOREIGN_PREP_LOWER = re.compile(r"(?<![\w'’-])(?:" + _FOREIGN_PREP_WORDS + r")[ \t]+"
                                 r"([a-zà-ÿ][a-zà-ÿ'’-]{2,}(?: [a-zà-ÿ][a-zà-ÿ'’-]{2,})?)")
# a known town before a Hindi or Urdu postposition: "hum Gujar Khan se aayenge", "Jhansi mein"
_POSTPOSITION = re.compile(_PLACE + r"[ \t]+(?:se|mein|tak|wale|waale|wali)\b")
# a local body or club named after its place: "Bramhall Neighbourhood Watch", "Marchmont Residents'
# Association", "the Bass Hill club", "Little Snoring Parish Council"
_LOCAL_BODIES = ("neighbourhood watch", "neighborhood watch", "residents", "parish council", "town council",
                 "community council", "allotment", "community centre", "community center", "village hall", "primary school",
                 "high school", "surgery", "medical centre", "medical practice", "health centre", "cricket club",
                 "football club", "rugby club", "golf club", "bowls club", "tennis club", "swimming club", "swim club", "club",
                 "scouts", "brownies", "guides", "rotary", "lions club", "food bank", "foodbank", "library", "post office",
                 "playgroup", "nursery", "leisure centre", "mosque", "gurdwara", "mandir", "temple", "synagogue", "parish")
_LOCAL_BODY_WORDS = r"(?i:" + "|".join(re.escape(b) for b in sorted(_LOCAL_BODIES, key=len, reverse=True)) + r")"
_LOCAL_BODY = re.compile(_PLACE + r"[ \t]+" + _LOCAL_BODY_WORDS + r"\b")
# privacy.detect.kinds: NER's span took the body, or its first word ("Cheadle Hulme Neighbourhood" of "… Watch")
LOCAL_BODY_END = re.compile(r"[ \t]+(?:" + _LOCAL_BODY_WORDS + r"|(?i:" + "|".join(sorted({b.split()[0] for b in _LOCAL_BODIES if " " in b}))
                            + r"))['’]?$")
# a place as the value of a field, in the languages forms come in: '"city": "Oslo"', "town: Keswick",
# "hometown = 'Enugu'", '"cidade": "Pelotas"', "Wohnort: Göppingen", '"district": "Quận 1"'
_FIELD_KEYS = ("city", "town", "locality", "hometown", "birthplace", "place_of_birth", "neighbourhood", "neighborhood",
               "suburb", "village", "district", "cidade", "ciudad", "ville", "stadt", "wohnort", "ort", "città", "citta",
               "miasto", "miejscowość", "miejscowosc", "localidad", "localidade", "municipio", "município", "comune",
               "plaats", "woonplaats", "kommune", "kaupunki", "bairro", "barrio", "quartier", "naturalidade")
_FIELD = re.compile(r"(?<![\w-])[\"']?(?i:" + "|".join(sorted(_FIELD_KEYS, key=len, reverse=True)) + r")"
                    r"[\"']?[ \t]*[:=][ \t]*[\"']?(" + _PLACE + r"(?:[ \t]\d{1,3}\b)?)[\"']?")  # "Quận 1", "Sector 15"


# a town's name that English text uses this often is read as the word when written in lower case
# ("reading", "bath", "nice", "deal": Zipf 4.4-5.4), unless a city of 1,000,000+ whose name is no
# such frequent word ("lagos" 3.6, "leeds" 4.0, "manchester" 4.5; not "sale" 5.0, Salé)
LOWER_TOWN_MAX_ZIPF = 4.0
LOWER_FAMOUS_TOWN_MAX_ZIPF = 4.9


@lru_cache(maxsize=16384)
def _rare_as_word(value: str) -> bool:
    zipf = G.english_zipf(G.fold_word(value))
    return zipf < LOWER_TOWN_MAX_ZIPF or (G.is_famous_place(value) and zipf < LOWER_FAMOUS_TOWN_MAX_ZIPF)


class LocationContextRecognizer(RegexRecognizer):
    """Place names after a residence/move cue, or closing an address."""

    ENTITY = LOCATION
    RULES = (
        Rule("cued", _CUED, 0.9, group=1, requires=Requires(fragments(*_CUES), on_folded(r"\b" + _CUE + r"\s"))),
        Rule("address_city", _ADDRESS_CITY, 0.55, group=1, requires=_DIGIT),
        Rule("zip_then_city", _ZIP_THEN_CITY, 0.55, group=1, requires=_DIGIT),
        Rule("in_city_zip", _IN_CITY_ZIP, 0.55, group=1, requires=_DIGIT),
        Rule("field", _FIELD, 0.85, group=1, requires=Requires(regex(r"[:=]"), fragments(*_FIELD_KEYS))),
        Rule("prep_lower", _PREP_LOWER, 0.85, group=1, requires=Requires(fragments(*_PREPOSITIONS))),
        Rule("postposition", _POSTPOSITION, 0.7, group=1, requires=Requires(on_folded(r"[ \t](?:se|mein|tak|wale|waale|wali)\b"))),
        Rule("local_body", _LOCAL_BODY, 0.7, group=1, requires=Requires(fragments(*_LOCAL_BODIES))),
        Rule("foreign_prep", _FOREIGN_PREP, 0.7, group=1, requires=Requires(regex(r"(?<![\w'’-])(?:sa|em|en|nach|à|ở|tại|desde|hasta|naar)[ \t]+[^\W\d_]"))),
        Rule("foreign_prep_lower", _FOREIGN_PREP_LOWER, 0.7, group=1,
             requires=Requires(regex(r"(?<![\w'’-])(?:" + _FOREIGN_PREP_WORDS + r")[ \t]+[a-zà-ÿ]"))),
        Rule("journey_lower", _JOURNEY_LOWER, 0.85, group=1, requires=Requires(fragments(*_JOURNEY), on_folded(r"[ \t]to[ \t]"))),
        Rule("contact_cell", _CONTACT_CELL, 0.7, group=1, requires=Requires(regex(r"[ \t][|•·][ \t]"))),
        Rule("cued_lower", _CUED_LOWER, 0.85, group=1, requires=Requires(fragments(*_CUES), on_folded(r"\b" + _CUE + r"\s"))),
    )

    def accept(self, text: str, start: int, end: int) -> bool:
        value = text[start:end]  # a country is no one's town, even where one lives: "I'm in England", "I live in Canada"
        return value.split()[0].lower().rstrip(".") not in _NOT_PLACES and " ".join(value.lower().split()) not in public_places()

    def accept_rule(self, rule: Rule, text: str, start: int, end: int) -> bool:  # noqa: D102
        if rule.name in ("postposition", "local_body"):  # a known town, no famous city ("London Library") or given name
            value = text[start:end]
            return G.is_town(value) and not G.is_famous_place(value) \
                and not is_common(value.lower()) and value.split()[0].lower() not in _NOT_PLACES
        if rule.name == "foreign_prep":  # a town the gazetteer knows, no given name alone: "sa Sagada", "em Pelotas"
            value = text[start:end]
            return G.is_town(value) and not is_common(value.lower())
        if rule.name == "contact_cell":  # a cell of a line that holds a phone or an e-mail, and a known town
            line_start = text.rfind("\n", 0, start) + 1
            line_end = text.find("\n", end)
            line = text[line_start:line_end if line_end >= 0 else len(text)]
            value = text[start:end]
            return (line.count("|") + line.count("•") + line.count("·") >= 1 and _CONTACT_LINE.search(line) is not None
                    and G.is_place(value) and not is_common(value.lower()) and not G.is_given(value.split()[0]))
        if rule.name == "foreign_prep_lower" and G.fold_word(text[start:end].split()[0]) in G.frequent_foreign_words():
            return False  # "en casa", "sa bahay": a word of that language
        if rule.name in ("cued_lower", "prep_lower", "journey_lower", "foreign_prep_lower"):
            value = text[start:end]
            if " " in value and not G.is_place(value):
                value = value.split()[0]  # "enugu rn": the town alone
            # one lower-case word is a town only if a large one (15,000+): a village's name is
            # too often a word or a title's ("in elden ring")
            # (after a cue of where someone lives or goes, a town of 1,000+ people that English hardly writes: "we live in ashby")
            known = G.is_place(value) if " " in value or (rule.name == "cued_lower" and _rare_as_word(value)) \
                else G.fold_word(value) in G.major_places()
            if rule.name != "cued_lower" and " " not in value and not _rare_as_word(value):
                return False  # "going to reading festival", "items in sale": in lower case, the word
            # (after a strong cue, an inflection's look is no word if English hardly writes it: "i'm in leeds")
            word_form = is_word_form(value) and not (rule.name == "cued_lower" and " " not in value and _rare_as_word(value))
            return (known and not is_common(value) and not word_form and value not in _TAIL_WORDS
                    and G.fold_word(value) not in G.word_names())  # "i live in hope"
        if rule.name == "zip_then_city":
            number = _NUMBER_BEFORE.search(text, max(0, start - 12), start)
            if number and year_before_unknown_place(text, number.start(1), number.end(1)):
                return False  # "2018 Toyota Corolla": a model year, no postal code
        return super().accept_rule(rule, text, start, end)

    def analyze(self, text, entities, nlp_artifacts=None):  # noqa: D102
        out = []
        for r in super().analyze(text, entities, nlp_artifacts):
            # a place does not run on into a day or month ("Loški Potok on Friday")
            m = _TRAILING_TIME.search(text, r.start, r.end)
            if m is not None and m.end() == r.end and m.start() > r.start:
                r.end = m.start()
            # nor into an ordinary word ("from United States Please send …", "1976 Please")
            words = list(re.finditer(r"\S+", text[r.start:r.end]))
            while words and words[-1].group().lower().strip(".,;:!?") in _TAIL_WORDS:
                words.pop()
            if not words:
                continue
            r.end = r.start + words[-1].end()
            value = text[r.start:r.end]
            if value.islower() and " " in value and not G.is_place(value):
                r.end = r.start + len(value.split()[0])  # "in ogbomoso its": the town alone
            out.append(r)
        return out
