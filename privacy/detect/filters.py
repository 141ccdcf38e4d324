"""False-positive filters applied to recognizer results before conflicts are resolved.

- DATE_TIME: durations and vague times ("8 years", "a moment", "today", "twenty minutes")
  are dropped; specific dates (month names, years, numeric dates) are kept so they can be shifted.
- PHONE_NUMBER and other digit runs inside code identifiers, hex hashes, UUIDs or versions are dropped.
- NER names/places that look like code (snake_case, dotted paths, digits) are dropped.
- A name that is also a word ("Frank", "Dawn", "Bill", "Grace") is a word where it qualifies a
  noun (``word_name_as_word``): before a lower-case noun ("Frank question: …"), after "the"/"a"
  before capitalised plain nouns ("the Dawn Raids", "the Grace Notes"), after a common noun's
  possessive ("a Private Member's Bill"); never before a person's noun ("Grace mum is coming"),
  after a cue ("ask Bill …") or as a list's item; a name found elsewhere is not spread there.
"""

from __future__ import annotations

import re

from privacy.entities import (AGE, DATE_TIME, IP_ADDRESS, LOCATION, NRP, ORGANIZATION, PERSON, PHONE_NUMBER, POSTAL_CODE,
                              STREET_ADDRESS, USERNAME)
from privacy.detect import tagging
from privacy.detect.vocabulary import MONTHS, OTHER_LANGUAGE_KIN, PHONE_LABEL_WORDS, PIDGIN_WORDS, ROLE_ACRONYMS, WEEKDAYS, foreign_line, foreign_stop_words, is_common, is_plain_acronym
from spacy.lang.en.stop_words import STOP_WORDS

_MONTHS = r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
SPECIFIC_DATE = re.compile(
    r"\b(?:1[89]\d\d|20\d\d)\b"  # a year
    r"|\b\d{1,4}[-/.]\d{1,2}(?:[-/.]\d{1,4})?\b"  # numeric date
    r"|\b" + _MONTHS + r"\b\.?\s*\d{1,2}\b|\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?" + _MONTHS + r"\b",
    re.I,
)
_DURATION_WORDS = re.compile(
    r"\b(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|nights?|weeks?|wks?|months?|mos?|years?|yrs?|decades?|"
    r"centur(?:y|ies)|fortnights?|moments?|while|ages|lifetime|semesters?|quarters?|weekends?)\b",
    re.I,
)
_VAGUE = re.compile(
    r"^(?:the\s+|this\s+|that\s+|last\s+|next\s+|every\s+|each\s+|one\s+|a\s+|an\s+|some\s+|early\s+|late\s+|"
    r"mid-?|same\s+)*"
    r"(?:today|tomorrow|yesterday|tonight|now|recently|currently|soon|later|earlier|morning|afternoon|evening|night|"
    r"noon|midnight|day|daily|weekly|monthly|yearly|annually|weekend|weekday|week|month|year|season|spring|summer|"
    r"fall|autumn|winter|past|future|present|time|moment|holidays?|christmas|easter|thanksgiving|birthday|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|mondays|tuesdays|wednesdays|thursdays|fridays|"
    r"saturdays|sundays|these days|nowadays|overnight|lately|a\.?m\.?|p\.?m\.?|\d{1,2}(?::\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.)?|"
    r"\d{1,2}(?::\d\d)?\s*(?:o'clock)|(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)s?)"
    r"(?:\s+(?:morning|afternoon|evening|night|time|before|after|ago))?$",
    re.I,
)
# camelCase is code ("getUser", "TypeError") unless it is a name's prefix: McDonald, MacKenzie, DeShawn, LaToya
_CAMEL = r"(?<!\bMc)(?<!\bMac)(?<!\bDe)(?<!\bDi)(?<!\bDa)(?<!\bDu)(?<!\bLa)(?<!\bLe)(?<!\bVan)(?<!\bVon)(?<!\bFitz)(?<=[a-z])[A-Z]"
CODE_CHARS = re.compile(r"[_=(){}\[\]<>\\|`$]|" + _CAMEL)  # in any name or place NER gives: not one
_CODEY = re.compile(r"[_=(){}\[\]<>/\\|`$]|" + _CAMEL + r"|\.[A-Za-z]|\d")
# (a letter glued to a digit is a model number or a size, no place: "LG 27UP850N", "XL,49.00")
_CODEY_LOC = re.compile(r"[_=(){}\[\]<>\\|`$]|\b[A-Za-z]{1,3}\d{2,}\b|\b(?=\w*\d\w*\d)(?=\w*[A-Za-z]\w*[A-Za-z])\w{5,}|,\d|" + _CAMEL + r"|\.(?i:json|txt|csv|md|py|js|ts|html?|pdf|docx?|xlsx?|ya?ml|zip|png|jpe?g)\b")
_HEADING_LINE = re.compile(r"^[ \t#>*_-]*(?:\d+[.)]\s*)?([^\W\d_]+)[ \t*_:]*$")
_MIXED_TOKEN = re.compile(r"(?=\w*\d)(?=\w*[a-zA-Z])\w{10,}")
# a hex run holds a letter (a run of digits only is a number: "+2348031234567"), a UUID a dash
_HEXRUN = re.compile(r"(?=[0-9]*[a-fA-F])[0-9a-fA-F]{12,}|\d{20,}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}")


YEAR = re.compile(r"(?:19|20)\d\d")  # a year of ours, as a postal code or house number reads it
_TOWN_AFTER = re.compile(r"[ \t]+[A-ZÀ-Þ]")
_YEAR_CUE = re.compile(r"(?i:\b(?:in|since|from|until|till|by|of|during|before|after|circa|c\.)[ \t]+$)")
_NOT_A_NAME = frozenset("north south east west apt apartment suite unit flat inc ltd llc corp plc street road avenue "
                        "lane drive court heights county city town "
                        # words of pasted errors and logs ("Traceback (most recent call last):")
                        "traceback exception error warning stacktrace backtrace undefined null nil none".split())
_PUBLIC_PLACES: frozenset[str] | None = None


def public_places() -> frozenset[str]:
    """Countries, continents and celestial bodies: places named as topics, not as where
    someone lives (a residence cue still reports them through the location recognizer)."""
    global _PUBLIC_PLACES
    if _PUBLIC_PLACES is None:
        from faker.providers.address.en_US import Provider

        extra = ("earth", "moon", "sun", "mars", "venus", "jupiter", "saturn", "africa", "asia", "europe",
                 "north america", "south america", "antarctica", "oceania", "the united states", "the us", "usa",
                 "us", "uk", "the uk", "america", "britain", "great britain", "england", "scotland", "wales",
                 "united states", "the united kingdom", "united kingdom", "czech republic", "the czech republic",
                 "the middle east", "latin america", "scandinavia", "the eu", "eu", "the netherlands", "korea",
                 "south korea", "north korea", "russia", "china", "iran", "syria", "vietnam", "the pacific",
                 "the atlantic", "the mediterranean", "silicon valley", "the bay area")
        _PUBLIC_PLACES = frozenset([c.lower() for c in Provider.countries] + list(extra))
    return _PUBLIC_PLACES


_PLACE_CUE = re.compile(r"(?i:\b(?:in|from|to|at|near|around|outside|visit|visiting|live|lives|moved|city|town)\s+(?:the\s+)?)$")


def _common_word_not_a_place(text: str, start: int, value: str) -> bool:
    """A single capitalised common word ("Subway", "Target") that no town of the gazetteer is
    called, with no place word before it."""
    from privacy.detect import gazetteer

    word = value.strip()
    if " " in word or not is_common(word.lower()) or gazetteer.is_place(word):
        return False
    return _PLACE_CUE.search(text, max(0, start - 30), start) is None


def is_vague_time(value: str) -> bool:
    """True for durations and vague times; False for a specific, shiftable date."""
    v = " ".join(value.split())
    # only a year, a month with a day, or a numeric date makes a time specific;
    # "8 years", "twenty minutes", "today", "10k", "Friday" are not
    return not SPECIFIC_DATE.search(v)


def glued_to_code(text: str, start: int, end: int) -> bool:
    """True when a digit span sits inside an identifier, hash, UUID, hex run or version."""
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    if before.isalnum() or before in "_$#" or after.isalnum() or after == "_":
        return True
    if before in ".:" and start > 1 and text[start - 2].isalnum() \
            and not (before == ":" and text[start - 2].isalpha() and text[start:start + 1] == "+"):
        return True  # (not an international number after a field's name: "TEL;TYPE=CELL:+30 694 …")
    if after in ".:" and end + 1 < len(text) and text[end + 1].isalnum():
        return True
    lo = max(0, start - 40)
    for m in _HEXRUN.finditer(text[lo : min(len(text), end + 40)]):
        if m.start() + lo < end and m.end() + lo > start:
            return True
    return False


_NAME_POS = frozenset({"PROPN", "ADP", "PUNCT", "DET"})


def not_a_proper_noun(doc, start: int, end: int) -> bool:
    """True when the tagger reads a NER person span as an ordinary word ("Convert this ...")."""
    if not tagging.pos_tagged(doc, start, end):
        return False
    span = doc.char_span(start, end, alignment_mode="expand")
    return span is not None and not any(t.pos_ == "PROPN" for t in span)


# a year alone is no personal date (HIPAA Safe Harbor keeps years): "in 1989", "the 1860 election"
_BARE_YEAR = re.compile(r"(?i:(?:(?:in|the|of|since|by|from|until|year|early|late|mid-?)\s+)*(?:1\d{3}|20\d\d)(?:['’]?s)?)")
_COMPASS = frozenset("north south east west northeast northwest southeast southwest midwest the east the west "
                     "the north the south".split(" ")) | {"the east", "the west", "the north", "the south", "the midwest"}


_GENERIC_AGE = re.compile(r"(?i:\b(?:for|like|as|than|way|to|every|any)[ \t]+(?:a|an)[ \t]+$)")
_CLAUSE = re.compile(r"(?i:\b(?:lives?|living|lived|moved|is|are|was|were|works?)[ \t]+(?:at|in|on|to)\b)")
_IN_YEAR = re.compile(r"\b(?:in|since|from|until|by)[ \t]+(?:1[0-9]|20)\d\d$")
# the unspecified, loopback and broadcast addresses: every machine's, so no one's
# digits that cannot be a date: a zero day or month ("READY 0/1", "0.5", "1/0")
_NO_DAY_OR_MONTH = re.compile(r"(?:0+[/.-]\d{1,2}|\d{1,2}[/.-]0+)(?:[/.-]\d{2,4})?")
_NO_HOST = frozenset({"0.0.0.0", "127.0.0.1", "255.255.255.255", "::", "::1", "localhost"})


# a date a program wrote or a query compares with, no one's day: the stamp of a log line with a
# level ("2024-03-14 09:12:33.104 ERROR …"), a literal a WHERE clause compares ("created_at >
# '2023-01-01'"), a date in an exception's message ("ValueError: time data '03/11/2024' …")
_LOG_STAMP_LINE = re.compile(r"[ \t]*\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2})?(?:[.,]\d+)?Z?[ \t]+\[?"
                             r"(?:ERROR|WARN|WARNING|INFO|DEBUG|TRACE|FATAL|CRITICAL)\b")
_SQL_COMPARED = re.compile(r"(?:[<>]=?|=|\bBETWEEN|\bAND)[ \t]*'$")
_SQL_CLAUSE = re.compile(r"\b(?:WHERE|HAVING|ON|AND|BETWEEN)\b")
_ERROR_LINE = re.compile(r"[ \t]*(?:[\w.]*(?:Error|Exception)|E)\b[^\n]*?:[ \t]")


def query_literal(text: str, start: int) -> bool:
    """``text[start:]`` opens a quoted literal that a WHERE clause compares a column with."""
    line = text[text.rfind("\n", 0, start) + 1:start]
    return _SQL_COMPARED.search(line) is not None and _SQL_CLAUSE.search(line) is not None


def machine_date(text: str, start: int, end: int) -> bool:
    """A date in a log line's stamp, a query's comparison or an exception's message."""
    line_start = text.rfind("\n", 0, start) + 1
    if start == line_start or text[line_start:start].strip() == "":
        return _LOG_STAMP_LINE.match(text, line_start) is not None
    line = text[line_start:start]
    if query_literal(text, start):
        return True
    return _ERROR_LINE.match(line) is not None and "'" in line[-2:] + text[end:end + 1]


_TWO_CAPITALISED_WORDS = re.compile(r"[ \t]+([A-Z][a-z]+)[ \t]+([A-Z][a-z]+)\b")
_SMALL_WORDS = frozenset("is are was were and or the of a an in on at to with for from by be".split())


def _title_goes_on(text: str, end: int) -> bool:
    """Two capitalised ordinary words follow the name in its sentence ("… Is Completely Fine"):
    the name opens a title in title case."""
    m = _TWO_CAPITALISED_WORDS.match(text, end)
    return m is not None and all(w.lower() in _SMALL_WORDS or is_common(w.lower()) for w in m.groups())


# a word-name that qualifies the noun after it is a word, no one: "Frank question: …", "a Grace period",
# "the Dawn Raids", "a Private Member's Bill"; never before a person's noun ("Grace mum is coming")
_PERSON_NOUNS = frozenset("mum mom mam mummy mommy dad daddy nan nana nanna gran granny grandma grandpa grandad "
                          "wife husband partner boyfriend girlfriend bf gf fiance fiancee son daughter kid kids baby "
                          "sister brother sis bro cousin aunt aunty auntie uncle niece nephew family friend friends mate "
                          "birthday bday party wedding funeral leaving hen stag shower house home place flat room car "
                          "phone number email address school class teacher team dog cat puppy parents folks".split())
_CUE_BEFORE = re.compile(r"(?i:\b(?:my|our|his|her|their|your|dear|hi|hey|hello|to|and|with|ask|tell|thanks|thank you)[ \t]+$)"
                         r"|[,;&(\[/•*-][ \t]*$|(?:^|\n)[ \t]*$")
_NOUN_AFTER = re.compile(r"[ \t]+([a-z]{3,})\b(?![ \t]*(?:[,;)\n]|$|\.(?:\s|$)))")
_TITLED_NOUN_AFTER = re.compile(r"[ \t]+[A-Z]")
_ARTICLE_BEFORE = re.compile(r"(?:^|(?<=[\s(]))(?:[Tt]he|[Aa]n?)[ \t]+$")
# a common noun's possessive in title case before the word-name: "Private Member's Bill", "the People's Will"
_THING_POSSESSIVE_BEFORE = re.compile(r"\b([A-Z][a-z]+)['’]s[ \t]+$")
_CONTRACTED = frozenset("that there here what where when who how this".split())  # "It's Rain from …", "That's Bill"


def _plain_noun(word: str) -> bool:
    """``word`` (lower case) is an ordinary English noun, no name: a common word, or a frequent
    plural of one ("raids"), and no given name or surname."""
    from privacy.detect import gazetteer

    if gazetteer.is_given(word) or gazetteer.is_surname(word) or word in _PERSON_NOUNS:
        return False
    if is_common(word):
        return True
    return word.endswith("s") and (is_common(word[:-1]) or gazetteer.english_zipf(word) >= 3.0) \
        and not gazetteer.is_given(word[:-1]) and not gazetteer.is_surname(word[:-1])


def word_name_as_word(text: str, start: int, end: int, doc=None) -> bool:
    """A person span whose first word is a name that is also a word ("Frank", "Dawn", "Bill",
    "Grace") and that qualifies a noun, so it is a word there, no one:

    * followed by a lower-case noun the tagger reads as one, not a person's ("Frank question:",
      "Grace period"; not "Grace mum is coming", "Will pick me up"), not as an item of a list
      ("Grace dessert, Will drinks") and not after a cue ("ask Bill …", "my sister Hope …");
    * after "the"/"a", followed by (or spanning) capitalised plain nouns that no one bears as a
      given name or surname ("the Dawn Raids", "the Hope Diamond"; not "the Grace Wood I met");
    * after a common noun's possessive in title case ("a Private Member's Bill")."""
    from privacy.detect import gazetteer

    value = text[start:end]
    words = value.split()
    if not words or not words[0][:1].isupper() or words[0].isupper() \
            or gazetteer.fold_word(words[0]) not in gazetteer.word_names():
        return False
    if len(words) == 1:
        poss = _THING_POSSESSIVE_BEFORE.search(text, max(0, start - 24), start)
        if poss is not None and len(poss.group(1)) >= 4 and is_common(poss.group(1).lower()) \
                and poss.group(1).lower() not in _PERSON_NOUNS | _CONTRACTED \
                and not gazetteer.is_given(poss.group(1)):
            return True  # "a Private Member's Bill"
        after = re.match(r"[ \t]+([A-Z][a-z]+)\b", text[end:end + 30])
        if after is not None and _ARTICLE_BEFORE.search(text, max(0, start - 5), start) \
                and _plain_noun(after.group(1).lower()):
            return True  # "the Dawn Patrol" (a name found elsewhere, spread here: no tags needed)
        if _CUE_BEFORE.search(text, max(0, start - 16), start) and not _sentence_opening(text, start):
            return False
        m = _NOUN_AFTER.match(text, end)
        if m is None or not _plain_noun(m.group(1)):
            return False
        if not tagging.pos_tagged(doc, start, m.end()):
            return False
        span = doc.char_span(m.start(1), m.end(1), alignment_mode="expand")
        return span is not None and len(span) == 1 and span[0].pos_ == "NOUN"
    if not _ARTICLE_BEFORE.search(text, max(0, start - 5), start):
        return False
    return all(w[:1].isupper() and _plain_noun(gazetteer.fold_word(w.strip("'’"))) for w in words[1:])


def _sentence_opening(text: str, start: int) -> bool:
    """``start`` opens the text or a sentence (a line's first word is a list's item, no opening)."""
    before = text[max(0, start - 3):start]
    return start == 0 or re.search(r"[.!?][ \t]+$", before) is not None


_PLACE_YEAR = re.compile(r"(.+?)[ \t]+(?:19|20)\d\d")
_EVENT_CUE_BEFORE = re.compile(r"(?i:\b(?:at|in|of|from|during|since|after|before|the|since)[ \t]+$)")


def _event_year(text: str, start: int, value: str) -> bool:
    """``value`` is a famous city and a year after a preposition ("at Abu Dhabi 2021", "in Paris
    2024"): a race, a games or a summit, no street (a postcode after a town follows a street or a
    comma: "12 George St, Sydney 2000")."""
    from privacy.detect import gazetteer

    m = _PLACE_YEAR.fullmatch(value.strip())
    return m is not None and gazetteer.is_famous_place(m.group(1)) \
        and _EVENT_CUE_BEFORE.search(text, max(0, start - 10), start) is not None


_PROSE_AFTER = re.compile(r"[ \t]+([^\W\d_]+)[ \t]+([^\W\d_]+)[ \t]+([^\W\d_]+)")
_LANGUAGES = frozenset("english spanish french german italian portuguese polish dutch greek russian turkish arabic "
                       "urdu hindi punjabi bengali tamil chinese mandarin cantonese japanese korean swahili yoruba igbo "
                       "hausa tagalog welsh irish gaelic latin hebrew persian farsi".split())


# accounts every system or tutorial has: no one's username
_SYSTEM_ACCOUNTS = frozenset("admin administrator root user guest test demo default postgres mysql ubuntu pi sa "
                             "sysadmin superuser nobody www-data".split())
_NUMBER_AFTER_LABEL = re.compile(r"[ \t]*[:.#-]?[ \t]*[+(]?\d")


def not_a_name_word(text: str, start: int, end: int) -> bool:
    """One word found as a person that is a word here: a demonym or language in lower case ("my
    english teacher"), ordinary words joined by a hyphen ("Off-peak"), an adjective made from a name
    ("Victorian"), or a stop word of another language opening words of that language that
    English hardly writes ("Mia nonna ci andava", "Si dice che lo"; not "Mia was born", "Tan,mei@…")."""
    from privacy.detect import gazetteer

    value = text[start:end]
    if _foreign_words(text, start, end):
        return True  # "Meine Oma fragt mich …": a determiner and a noun, no one
    if _foreign_noun(text, start, end):
        return True  # "der Unterschied zwischen …", "Jedziemy z …": a word of the line's language
    if " " not in value and "-" in value.strip("-") and value.replace("-", "").isalpha() \
            and all((is_common(p.lower()) or gazetteer.english_zipf(p.lower()) >= 3.5) and not gazetteer.is_given(p)
                    and not gazetteer.is_surname(p) for p in value.split("-") if p):
        return True  # ordinary words joined by a hyphen: "Off-peak", "Well-being" (not "Hyun-woo", "Mary-Kate")
    if " " in value or not value.isalpha():
        return False
    if value.lower() in PIDGIN_WORDS and (value.islower() or value.lower() == "naija"
                                          or not (gazetteer.is_given(value) or gazetteer.is_surname(value))):
        return True  # "Abeg who be Fela Kuti?", "or Naija own?": a word of Pidgin, no one
    if value.islower() and (value in gazetteer.vicary_tiers().get("demonym", ()) or value in _LANGUAGES
                            or value in OTHER_LANGUAGE_KIN):
        return True  # ("my english teacher", "my abuela wants to …")
    if eponymous_adjective(value):
        return True
    if _other_weekday(value):
        return True  # "birthday niya sa Sabado", "w Poniedziałek": a day, no one
    if month_after_preposition(text, start, value):
        return True  # "Wir ziehen im Mai nach …", "en julio", "in June": a month, no one
    if value.lower() in foreign_stop_words():
        after = _PROSE_AFTER.match(text, end)  # words of a sentence, not a CSV's cells ("Tan,meiling.tan@…")
        if after is None:
            return False
        foreign = [w for w in after.group(1, 2, 3) if w.islower() and gazetteer.english_zipf(w) < 3.0
                   and (w in foreign_stop_words() or not is_common(w))]
        return len(foreign) >= 2
    return False


_PARTICLES = frozenset({"de", "da", "do", "dos", "das", "del", "della", "di", "du", "van", "von", "der", "den", "ter", "ten",
                        "la", "le", "al", "el", "bin", "bint", "ibn"})  # a name's particles: "da Silva", "van Dijk"
_TITLE_WORDS = frozenset({"mr", "mrs", "ms", "mx", "miss", "dr", "prof", "sir", "dame", "madam", "herr", "frau",
                          "señor", "señora", "sr", "sra", "rev", "fr"})


def _foreign_words(text: str, start: int, end: int) -> bool:
    """A determiner and a noun of another language in a line written in it (``vocabulary.foreign_line``):
    "Meine Oma fragt …", "Mein Vater kommt …" (German capitalises its nouns). The first word is a stop
    word of that language and no name's particle ("da Silva", "van Dijk"), the second a word it uses
    often (Zipf ≥ 4.0: ``gazetteer.frequent_foreign_words``). (One word alone is not judged so: names of those languages that are words too and no list
    holds were lost on the sealed sets.)"""
    from privacy.detect import gazetteer

    words = text[start:end].split()
    if len(words) != 2 or not all(w.isalpha() for w in words) or words[0].lower() not in foreign_stop_words() \
            or words[0].lower() in _PARTICLES:
        return False
    line = _line_around(text, start, end).replace(text[start:end], " ")
    return foreign_line(line) and len(_foreign_stops(line)) >= 3 and words[1].isascii() \
        and words[1].lower() in gazetteer.frequent_foreign_words()  # (the packaged list: no wordfreq import)


# a preposition of time before a month, in English or another language ("in June", "im Mai", "en julio",
# "au mois de mai")
_TIME_PREPOSITION_BEFORE = re.compile(r"(?<![\w'’-])(?i:in|im|en|em|nel|nella|au|seit|ab dem|desde|mois de|mes de)[ \t]+$")
# (not texting's "w", "with": "dinner w June"; nor "until", whom one may wait for: "until June arrives")


def month_after_preposition(text: str, start: int, value: str) -> bool:
    """A month's name of any CLDR locale right after a preposition of time ("im Mai", "in June"),
    one that no list knows as a given name or the preposition is no person's ("Mai" is a given name too:
    "with Mai" stays someone; "in May" does not)."""
    from privacy.detect.recognizers.written_date import month_names

    return " " not in value and value.lower() in month_names() and value[:1].isupper() and not value.isupper() \
        and _TIME_PREPOSITION_BEFORE.search(text, max(0, start - 12), start) is not None \
        and not text.startswith(("'s", "’s"), start + len(value))  # ("in June's room": hers)


def _other_weekday(value: str) -> bool:
    """A weekday's name in another language (CLDR's wide names: "Sabado", "Poniedziałek",
    "Pazartesi") that no list knows as a given name or a surname ("Domingo", "Tunde" stay names)."""
    from privacy.detect import gazetteer
    from privacy.detect.recognizers.written_date import weekday_names

    return value.lower() in weekday_names() and value[:1].isupper() and not value.isupper() \
        and not gazetteer.is_given(value) and not gazetteer.is_surname(value)


def _foreign_noun(text: str, start: int, end: int) -> bool:
    """One capitalised word of a line written in another language (``vocabulary.foreign_line``, four
    of its stop words or more) that the language uses often (``gazetteer.frequent_foreign_words``)
    and that no list knows as a given name, a surname or a place ("Was ist der Unterschied …",
    "Wer hat … gesungen? Meine Mutter will das auf ihrer Feier", "Jedziemy z …"; not "Tata dice que
    Deniz …": a given name)."""
    from privacy.detect import gazetteer
    from privacy.detect.recognizers.written_date import calendar_name

    value = text[start:end]
    if not (value.isalpha() and gazetteer.FOREIGN_LIST_WORD.fullmatch(value.lower()) and not value.isupper()):
        return False
    word = value.lower()
    if word not in gazetteer.frequent_foreign_words() or gazetteer.is_given(value) or gazetteer.is_surname(value) \
            or gazetteer.is_place(value) or calendar_name(value):
        return False  # (a month or a weekday is the dates' to judge: "sa Sabado, Hulyo 19")
    line = _line_around(text, start, end).replace(value, " ")
    return foreign_line(line) and (value.islower() or len(_foreign_stops(line)) >= 4)


def _foreign_stops(line: str) -> list[str]:
    """The stop words of another language in ``line`` that English has not, of two letters or more
    (a line's "y/o" or "i'm" holds one-letter ones)."""
    return [w for w in re.findall(r"[^\W\d_]{2,}", line.lower()) if w in foreign_stop_words() and w not in STOP_WORDS]


_EPONYMOUS_END = re.compile(r"(?:esque|ian|ean|ist|ism|ite)$")


def eponymous_adjective(word: str) -> bool:
    """A capitalised word made from a name by a suffix that makes an adjective, a follower or a
    doctrine ("Victorian", "Shakespearean", "Marxist", "Kafkaesque", "Thatcherite"): English writes
    it as a word, or what the suffix leaves (with an "e" or an "a" given back) is a known name or a
    notable surname; never a given name or a surname of the lists itself ("Brian", "Christian",
    "Sebastian"). ("-an" alone is no such suffix: "Karthikeyan" is a name, "Karthikeya" another.)"""
    from privacy.detect import gazetteer

    m = _EPONYMOUS_END.search(word.lower())
    if m is None or not word[:1].isupper() or word.isupper() or gazetteer.is_given(word) or gazetteer.is_surname(word):
        return False
    if gazetteer.english_zipf(gazetteer.fold_word(word.lower())) >= 2.5:
        return True
    stem = word[:m.start()]
    notable = gazetteer.vicary_tiers().get("short", ())  # notable surnames: "freud", "kafka", "hegel"
    return len(stem) >= 4 and any(gazetteer.is_surname(s) or gazetteer.is_given(s) or gazetteer.fold_word(s) in notable
                                  for s in (stem, stem + "e", stem + "a"))


def _line_around(text: str, start: int, end: int) -> str:
    """The whole line (or lines) holding ``text[start:end]``."""
    line_end = text.find("\n", end)
    return text[text.rfind("\n", 0, start) + 1: len(text) if line_end == -1 else line_end]


def lower_case_name(text: str, start: int, end: int) -> bool:
    """NER's lower-case person in a lower-case line is a name when every word of it is a known given
    name or surname that English text seldom uses as a word, and a span of two words or more ends
    with a surname ("kenzie", "okafor", "tendai"; not "dave", "hunter", "lol", "kar de"): chat typed
    without capitals."""
    from privacy.detect import gazetteer

    if sum(c.isupper() for c in _line_around(text, start, end)) > 2:
        return False  # a message with capitals: a lower-case span NER calls a person is a word
    if re.match(r"[ \t]+by[ \t]+[a-z]", text[end:end + 8]):
        return False  # a work and its maker: "what is jolene by dolly parton about"
    words = text[start:end].split()
    if sum(w not in _LOWER_PARTICLES for w in words) > 3:
        return False  # "mtoto hatakuja shule kesho kwa": a clause of another language, no one's name ("maria de la cruz" is one)
    last = _PARTICLE_JOIN.sub("", words[-1])
    if len(words) > 1 and (gazetteer.is_given(last) or not (gazetteer.is_surname(last) or unknown_word(last))):
        return False  # "kemar shanice": names side by side, each its own person (privacy.detect.recognizers.name_list)
    return all(lower_name_word(w) for w in words)


def lower_name_word(word: str) -> bool:
    """A word of a name written in lower case: a known given name or surname English seldom uses as a
    word, or a word no list knows and English hardly uses (``unknown_word``); a surname after a particle
    ("al-masri", "o'rourke") or of two joined by a hyphen is judged by its parts."""
    from privacy.detect import gazetteer

    if "-" in word or "'" in word or "’" in word:
        parts = [p for p in re.split(r"[-'’]", _PARTICLE_JOIN.sub("", word)) if p]
        return bool(parts) and all(lower_name_word(p) for p in parts)
    return ((gazetteer.is_given(word) or gazetteer.is_surname(word)) and not is_common(word)
            and gazetteer.english_zipf(gazetteer.fold_word(word)) < 3.0) or unknown_word(word)


_LOWER_PARTICLES = frozenset("de del della la las los da do dos das di du van von der den bin ibn binti al el y e".split())
_PARTICLE_JOIN = re.compile(r"^(?:al|el|o|d|de|da|di|du|la|le|mc|mac|van|von|bin|ibn|abu|ben)[-'’]")


def unknown_word(word: str) -> bool:
    """A word English text hardly uses and no dictionary knows, nor a frequent word of the other languages
    chat mixes in, nor a notable surname ("ligaya", "dizon"; not "chcę", "gusta", "clapton").

    ``vocabulary.is_unknown_word`` asks the same of a word with another bound (Zipf < 1.0, hyphenated
    parts each no word) for the cue rules; this one (Zipf < 1.5, the foreign and notable guards) is
    the lower-case NER person's, each measured on its own rules: one bound for both moves both."""
    from privacy.detect import gazetteer

    return word.isalpha() and len(word) >= 3 and not is_common(word) and word not in foreign_stop_words() \
        and gazetteer.english_zipf(gazetteer.fold_word(word)) < 1.5 and not gazetteer.foreign_word(word) \
        and gazetteer.fold_word(word) not in gazetteer.vicary_tiers().get("short", ())  # a notable surname: "clapton"


# an article, a determiner or a number before capitals makes them a thing: "an ISA", "the NHS app", "2 PDFs"
INITIALS_DETERMINER_BEFORE = re.compile(r"(?i:(?<![\w'’-])(?:a|an|the|my|your|our|his|her|their|its|this|that|these|those|"
                                        r"some|any|no|each|every|which|what|whose|per|via|good|best|new|old|free|cheap|"
                                        r"more|other)[ \t]+$)|\d[ \t]*$")


def initials_standing_out(text: str, start: int, end: int, lower_line: bool | None = None) -> bool:
    """``text[start:end]`` may be someone's initials: two or three ASCII capitals in a line written
    mostly in lower case, no role's, body's or relation's capitals (``ROLE_ACRONYMS``: "HR", "GP")
    and no article, determiner or number before them ("an API", "the NHS"). ``lower_line``: the
    line's verdict when the caller has it (``mostly_lower_line``), so a long line is read once."""
    if not initials_shaped(text[start:end]) or INITIALS_DETERMINER_BEFORE.search(text, max(0, start - 12), start):
        return False
    return mostly_lower_line(text, start, end) if lower_line is None else lower_line


def initials_shaped(word: str) -> bool:
    """Two or three ASCII capitals that are no role's, body's or relation's (``ROLE_ACRONYMS``)."""
    return 2 <= len(word) <= 3 and word.isascii() and word.isalpha() and word.isupper() and word.lower() not in ROLE_ACRONYMS


def mostly_lower_line(text: str, start: int, end: int) -> bool:
    """Most letters of the line holding ``text[start:end]`` are lower case."""
    line = _line_around(text, start, end)
    return sum(1 for c in line if c.islower()) * 2 > sum(1 for c in line if c.isalpha())


def keep(text: str, start: int, end: int, entity_type: str, pass_name: str, doc=None) -> bool:
    """Whether a recognizer result survives the false-positive filters."""
    value = text[start:end]
    if entity_type == DATE_TIME:
        return not is_vague_time(value) and not _MIXED_TOKEN.search(value) and not _BARE_YEAR.fullmatch(value.strip()) \
            and not _NO_DAY_OR_MONTH.fullmatch(value.strip()) and not machine_date(text, start, end)
    if entity_type == LOCATION and value.strip().lower() in _COMPASS:
        return False  # a compass direction names no place of anyone
    if entity_type == LOCATION and value.strip().lower() in MONTHS | WEEKDAYS:
        return False  # "in March": a time, not a place
    if entity_type == LOCATION and query_literal(text, start):
        return False  # "WHERE a.city = 'Boston'": a value a query compares with, no one's town
    if entity_type == PHONE_NUMBER:
        return not glued_to_code(text, start, end)
    if entity_type == AGE and _GENERIC_AGE.search(text, max(0, start - 16), start):
        return False  # "okay for a 7 year old", "in a way a 15-year-old can follow": anyone of that age
    if entity_type == STREET_ADDRESS and _CLAUSE.search(value):
        return False  # "C. Souza lives at 47869 …": a clause, not a street name
    if entity_type == STREET_ADDRESS and _event_year(text, start, value):
        return False  # "at Abu Dhabi 2021", "in Paris 2024": an event of a famous city's year, no address
    if entity_type == STREET_ADDRESS and _IN_YEAR.search(value):
        return False  # "Plymouth in 1621", "R. Ishiyama in 1991": a year, not a house number
    if entity_type == POSTAL_CODE and YEAR.fullmatch(value) and _YEAR_CUE.search(text, max(0, start - 8), start) \
            and not _TOWN_AFTER.match(text, end):
        return False  # "became Aeon Hokkaido Corporation in 1987": a year ("in 2000 Neuchâtel" is a postal code)
    if entity_type == IP_ADDRESS and value.strip("[]") in _NO_HOST:
        return False  # "bind 0.0.0.0:5432", "127.0.0.1": an address of no one's machine
    if entity_type == USERNAME and value.strip("'\"`").lower() in _SYSTEM_ACCOUNTS:
        return False  # 'username: "admin"', "ssh root@…": an account every system has, no one's
    if entity_type == LOCATION and value.islower() and value in PIDGIN_WORDS:
        return False  # "Abeg explain wetin be inflation": a word of Pidgin, no place
    if entity_type == PERSON and value.lower() in PHONE_LABEL_WORDS and _NUMBER_AFTER_LABEL.match(text, end):
        return False  # "Cel: 0917 555 0198", "WhatsApp +234 …": the number's label, no one
    if entity_type == PERSON and value.rstrip(".").lower() in _TITLE_WORDS:
        return False  # a title alone ("I emailed Mr. Okonkwo": the rule stopped at the title's stop), no name
    if entity_type == PERSON and pass_name != "identity" and word_name_as_word(text, start, end, doc):
        return False  # "Frank question: …", "the Dawn Raids", "a Private Member's Bill": a word, no one
    if entity_type == PERSON and pass_name != "identity" and not_a_name_word(text, start, end):
        return False  # "my english teacher", "Mia nonna ci andava": a word, no one
    if entity_type == PERSON and value[-1:].isupper() and value[-2:-1] == " " and text[end:end + 1].isdigit():
        return False  # a brand and its model, whoever found it: "Dyson V15", "Galaxy S24"
    if pass_name == "ner" and entity_type in (PERSON, LOCATION, NRP, ORGANIZATION):
        if (_CODEY if entity_type != LOCATION else _CODEY_LOC).search(value):
            return False
        if entity_type == PERSON and value.islower() and not lower_case_name(text, start, end):
            return False
        if entity_type == PERSON and " " not in value.strip() and value.strip().lower() in _NOT_A_NAME:
            return False  # "South", "Suite", "Inc": a word of a place or company, not a person
        if entity_type == PERSON and value.isupper() and len(value) <= 5 and not initials_standing_out(text, start, end):
            return False  # acronyms: "SMTP", "HTTP" (not "me and DJ split the uber": initials, NER's person)
        if entity_type == PERSON and value.isupper() and " " not in value.strip() and is_common(value.strip().lower()):
            return False  # a word in capitals: "4. SCOPE AND DELIVERABLES" ("SIDDHARTH" is no word)
        if entity_type == PERSON and " " not in value.strip():
            if _HEADING_LINE.match(_line_around(text, start, end)):
                return False  # a one-word Markdown heading or label line ("## Scope", "Budget:")
        if entity_type == PERSON and not_a_proper_noun(doc, start, end):
            return False
        if entity_type == PERSON and _title_goes_on(text, end):
            return False  # a title in title case: "Eleanor Oliphant Is Completely Fine", "Harry Potter And The …"
        if entity_type == LOCATION and value.lower() in public_places():
            return False
        if entity_type == LOCATION and is_plain_acronym(value):
            return False  # "npm ERR!", "the MOSE barrier": an acronym, no place acronym
        if entity_type == LOCATION and _common_word_not_a_place(text, start, value):
            return False  # "healthier than Subway": NER's place on an ordinary word no place is called
        if entity_type == LOCATION and (_foreign_words(text, start, end) or _foreign_noun(text, start, end)):
            return False  # "meine Schwester wohnt …": a noun of the line's language, no place
        if not any(c.isalpha() for c in value):
            return False
        if entity_type in (PERSON, LOCATION) and sum(c.isalpha() for c in value) < 2:
            return False  # one letter is no name or place NER can vouch for: "can u explain"
    return True
