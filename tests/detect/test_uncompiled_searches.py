"""Searches that no longer compile a pattern per word (issue 20) find what the patterns found."""

import importlib
import random
import re
import sys

from privacy.detect import keep
from privacy.detect.occurrences import NO_WORD_AFTER, NO_WORD_OR_QUOTE_AFTER, word_spans
from privacy.detect.vocabulary import foreign_stop_words

# characters where the patterns' edges differ: apostrophes, hyphens, an underscore, digits, letters
# that re.I folds onto ASCII ones ('ſ' for 's', the Kelvin sign for 'k'), 'İ', spaces and line breaks
_ALPHABET = "aAkKsSnN ſ\u212aİı'’-_1 \n\t(;{:"
_KEYWORDS = ("class", "def", "new", "fn", "func", "function", "import", "module")


def _texts(rng, n=3000):
    for _ in range(n):
        words = [rng.choice(("Ana", "ana", "Kas", "kas", "San", "sask", "Nas", "NAS", "Ana-ana", "ana ana"))
                 for _ in range(rng.randint(1, 6))]
        noise = ["".join(rng.choice(_ALPHABET) for _ in range(rng.randint(0, 3))) for _ in words]
        keys = [rng.choice(_KEYWORDS) + rng.choice(("", " ", "  ", "\t")) if rng.random() < 0.3 else "" for _ in words]
        yield "".join(k + w + x for k, w, x in zip(keys, words, noise)), rng.choice(words)


def test_word_spans_are_the_per_word_patterns_matches():
    rng = random.Random(20)
    for text, word in _texts(rng):
        for after, tail in ((NO_WORD_AFTER, r"(?![\w-])"), (NO_WORD_OR_QUOTE_AFTER, r"(?![\w'’-])")):
            for flags in (0, re.I):
                expected = [m.span() for m in re.finditer(r"(?<![\w'’-])" + re.escape(word) + tail, text, flags)]
                assert list(word_spans(text, word, after, ignore_case=bool(flags))) == expected, (text, word, flags)


def test_a_declared_name_is_found_as_the_full_pattern_finds_it():
    rng = random.Random(21)
    for text, word in _texts(rng):
        for value in (word, word.capitalize(), "Ana", "Nas", "NAS"):
            v = re.escape(value)
            pattern = r"(?m)(?:^|[ \t(;{])" + keep._CODE_DECLARED + v + r"\b(?![ \t]+[a-z])|\b" + v + r"::\w"
            expected = " " not in value and value[:1].isupper() and re.search(pattern, text) is not None
            assert keep._declared_in_code(text, value) == expected, (text, value)
    assert keep._declared_in_code("def new Foo():", "Foo")
    assert keep._declared_in_code("x = Sidekiq::Client", "Sidekiq")


def test_the_foreign_stop_words_are_spacys_lists_without_importing_the_language_packages():
    expected = frozenset().union(*(importlib.import_module(f"spacy.lang.{lang}.stop_words").STOP_WORDS
                                   for lang in ("es", "pt", "it", "pl", "tl", "fr", "de")))
    assert foreign_stop_words() == expected


def test_reading_the_foreign_stop_words_imports_no_language_package():
    import subprocess

    code = ("import sys; from privacy.detect.vocabulary import foreign_stop_words; foreign_stop_words(); "
            "print(any(m.startswith(('spacy.lang.fr', 'spacy.lang.de', 'spacy.lang.es')) for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_a_plain_words_foreign_frequency_is_wordfreqs():
    """The packaged list answers for words of lower-case Latin letters, accented too, exactly as wordfreq does."""
    from wordfreq import get_frequency_dict, zipf_frequency

    from privacy.detect import gazetteer as G

    def by_wordfreq(word):
        named = G.is_given(word) or G.is_surname(word) or G.is_place(word)
        return any(zipf_frequency(word, lang, wordlist="small") >= G.FOREIGN_WORD_ZIPF
                   and (lang not in G.NAME_HEAVY_LANGUAGES or not named
                        or zipf_frequency(word, lang, wordlist="small") >= G.NAME_HEAVY_WORD_ZIPF)
                   for lang in G.FOREIGN_LANGUAGES)

    rng = random.Random(22)
    plain = {w for lang in ("en", *G.FOREIGN_LANGUAGES) for w in get_frequency_dict(lang, "small")
             if G.FOREIGN_LIST_WORD.fullmatch(w)}
    words = sorted(plain) + ["".join(rng.choice("aeiouklmnrstäößąęłñçğ") for _ in range(rng.randint(3, 8))) for _ in range(3000)]
    for word in words:
        assert G.foreign_word.__wrapped__(word) == by_wordfreq(word), word
    assert G.foreign_word("gusta") and G.foreign_word("chcę") and not G.foreign_word("ligaya")


def test_initials_and_address_parts_are_found_as_their_patterns_found_them():
    from privacy.detect import engine

    rng = random.Random(23)
    for text, word in _texts(rng):
        text = text.replace("a", ".").replace("N", "@") if rng.random() < 0.3 else text
        for value, flags, before, after, spans in (
                (word.upper()[:2], 0, r"(?<![\w'’.-])", r"(?![\w-]|\.\w)",
                 lambda v: engine.word_spans(text, v, engine._NO_INITIALS_AFTER, before=engine._NO_INITIALS_BEFORE)),
                (word.lower()[:3], re.I, r"(?<![\w@.'’-])", r"(?![\w@-]|\.\w)",
                 lambda v: engine.word_spans(text, v, engine._NO_ADDRESS_AFTER, ignore_case=True, before=engine._NO_ADDRESS_BEFORE))):
            expected = [m.span() for m in re.finditer(before + re.escape(value) + after, text, flags)]
            assert list(spans(value)) == expected, (text, value)


def test_a_filipino_word_is_foreign_but_a_filipino_town_or_name_below_the_function_words_frequency_is_not():
    from privacy.detect import gazetteer as G

    assert G.foreign_word("kailangan") and G.foreign_word("naman") and G.foreign_word("yung")  # "yung" is a name too
    assert not G.foreign_word("iloilo") and not G.foreign_word("ligaya")
