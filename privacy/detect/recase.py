"""What NER reads of a line typed without capitals, or all in capitals: its names given their capitals back.

The NER model learned names from edited text, where a name is capitalised; in a line typed in lower
case ("me and kwame drove to ambleside") it finds few of them. ``recased`` gives NER a copy of
such a line in which each word that may be a name is capitalised ("Kwame", "Ambleside") and the pronoun
"i" is "I"; nothing else changes, and no character moves, so NER's entities fall on the same
offsets of the original text, and every rule and filter still reads the original. A word may be a
name when the lists know it and the filters would take it as one written in lower case
(``filters.lower_name_word``: a known given name or surname English seldom uses as a word) or it is a
known place that is no common word ("ibadan", "oswestry"). A word no list knows stays as typed
(``_listed``): capitalised, a product's name reads as a person ("chatgpt"). A word English uses
("ivy", "summer", "cliff") stays as typed: NER decides it in lower case, as before.

Two neighbours of such a word go with it: a surname after it that English writes less often than
its everyday words ("manmohan singh": Singh alone is too frequent a word) or that no list knows
("ligaya dizon"), and a given name or a
word no list knows before a surname ("precious nwosu", "ligaya dizon"), so NER reads the whole name.

A line typed in capitals ("MY FLIGHT TO LAGOS FOR TOLU'S WEDDING") tells NER as little: NER reads it in
lower case, a sentence's first letter in capitals, with the same words capitalised and, as no capital
is left to tell it, also the known names and places English writes less often than its everyday words
("Lagos", "Godwin"; ``typed_upper``, ``_name_like``).

A line counts as typed in lower case when it has no capital but where any writer puts one: its first
letter, a sentence's, the pronoun "I" (``_typed_lower``). A line in another language
(``vocabulary.foreign_line``) is read as typed: the English model reads no names in it, capitals or
not ("necesito una receta de tamales" became "Receta", "Tamales" persons).
"""

from __future__ import annotations

import re
from functools import lru_cache

from privacy.detect import gazetteer
from privacy.detect.filters import lower_name_word, unknown_word
from privacy.detect.vocabulary import foreign_line, foreign_stop_words, is_common

NAME_PART_ZIPF = 5.0  # "smith" 4.9, "jones" 4.7; "brown" 5.0, "date" 5.2
PLACE_ZIPF = 3.0  # as filters.lower_name_word bounds a name: "ibadan" 0, "oswestry" 0; not "reading", "bath"
_LOWER_LINE = re.compile(r"[^\n]+")
_ANY_WORD = re.compile(r"[^\W\d_]{2,}")
_SENTENCE_START = re.compile(r"(?:^|[.!?…][ \t]+)[^\w]*\w")
UPPER_WORDS = 3  # words in capitals a line needs to count as typed in capitals ("OMG MY DAUGHTER SKY")
UPPER_SHARE = 0.8
CAPITALS_NAME_ZIPF = 4.5  # "lagos" 3.6, "godwin" 2.9; not "may" 6.0, "will" 6.3, "grace" 4.6
_POSSESSIVE = re.compile(r"['’]s$")
_WORD = re.compile(r"(?<![\w'’@./:#-])[a-z][a-z'’-]*[a-z](?![\w@/-])|(?<![\w'’])i(?=[ \t'’])")
# a capital a line typed in lower case may hold: its first letter, a sentence's, the pronoun "I"
_EXPECTED_CAPITAL = re.compile(r"(?:^|[.!?…][ \t]+)[^\w]*[A-Z]|(?<![\w'’])I(?![\w])")


def recased(text: str) -> str:
    """``text`` with the name-like words of its lower-case lines capitalised, and its lines in
    capitals in lower case but for them (see the module docstring); the same string when nothing
    changes. Same length, same offsets."""
    parts, last = [], 0
    for line in _LOWER_LINE.finditer(text):
        new = _recased_line(line.group())
        if new is not None:
            parts += [text[last:line.start()], new]
            last = line.end()
    return "".join(parts) + text[last:] if parts else text


def _recased_line(line: str) -> str | None:
    """One line recased, or None when it is read as it stands."""
    capitals = typed_upper(line)
    if capitals:
        line = _sentence_case(line)
    elif not _typed_lower(line):
        return None
    if foreign_line(line):
        return None
    words = list(_WORD.finditer(line))
    name_like = [m.group() == "i" or _name_like(_POSSESSIVE.sub("", m.group()), capitals) for m in words]
    for k, m in enumerate(words):
        if not name_like[k] and k and name_like[k - 1] and words[k - 1].end() + 1 == m.start() \
                and (_name_part(m.group()) or unknown_word(m.group())):
            name_like[k] = True  # a known name's surname, however often English writes it ("manmohan singh"), or one
            # no list knows ("ligaya dizon")
    for k in range(len(words) - 2, -1, -1):
        m, after = words[k], words[k + 1]
        if not name_like[k] and name_like[k + 1] and m.end() + 1 == after.start() \
                and gazetteer.is_surname(after.group()) and _first_name(m.group()):
            name_like[k] = True  # the given name before a surname, a word too ("precious nwosu", "ligaya dizon")
    chars = list(line)
    for k, m in enumerate(words):
        if name_like[k]:
            _capitalise(chars, m.start(), _POSSESSIVE.sub("", m.group()))
    return "".join(chars)


def typed_upper(line: str) -> bool:
    """A line typed in capitals: ``UPPER_WORDS`` words or more, all in capitals but a few."""
    words = _ANY_WORD.findall(line)
    upper = sum(1 for w in words if w.isupper())
    return upper >= UPPER_WORDS and upper >= UPPER_SHARE * len(words)


def _sentence_case(line: str) -> str:
    """The line in lower case (letter by letter: none may change its length), a sentence's first
    letter in capitals."""
    chars = [c.lower() if len(c.lower()) == 1 else c for c in line]
    for m in _SENTENCE_START.finditer(line):
        chars[m.end() - 1] = line[m.end() - 1]
    return "".join(chars)


def _capitalise(chars: list[str], start: int, word: str) -> None:
    """The word's first letter and each after a hyphen or an apostrophe in capitals ("Kerry-Ann", "O'Rourke")."""
    chars[start] = word[0].upper()
    for j, c in enumerate(word[:-1]):
        if c in "-'’":
            chars[start + j + 1] = word[j + 1].upper()


def _first_name(word: str) -> bool:
    """A given name of the lists, a word of English too ("precious"), or a word no list knows ("ligaya")."""
    return len(word) >= gazetteer.MIN_NAME_LETTERS and (gazetteer.is_given(word) or unknown_word(word))


def _name_part(word: str) -> bool:
    """A given name or surname of the lists that English writes less often than its everyday words
    ("singh", "smith"; not "date", "young")."""
    return len(word) >= gazetteer.MIN_NAME_LETTERS and (gazetteer.is_given(word) or gazetteer.is_surname(word)) \
        and _zipf(word) < NAME_PART_ZIPF


def _zipf(word: str) -> float:
    """How often English writes the word (``gazetteer.english_zipf``, accents off)."""
    return gazetteer.english_zipf(gazetteer.fold_word(word))


def _typed_lower(line: str) -> bool:
    """No capital but where any writer puts one (the line's or a sentence's first letter, "I"):
    "hey im nacho (ignacio on my passport lol)", "Ano magandang puntahan sa cebu"; not
    "- Frank -> Mittens, tabaxi bard"."""
    return sum(map(str.isupper, line)) == len(_EXPECTED_CAPITAL.findall(line))


def _listed(word: str) -> bool:
    """A given name, surname or place of the lists (judged by its parts when hyphenated or after a
    particle: "al-masri"). A word no list knows stays as typed: capitalised, a product's name reads as
    a person to NER ("librechat", "chatgpt" became "Librechat Chatgpt", a person)."""
    parts = [p for p in re.split(r"[-'’]", word) if len(p) >= 2] or [word]
    return all(gazetteer.is_given(p) or gazetteer.is_surname(p) or gazetteer.is_place(p) for p in parts)


@lru_cache(maxsize=1 << 16)
def _name_like(word: str, capitals: bool = False) -> bool:
    """A lower-case word that may be a name or a place (see the module docstring); in a line typed
    in capitals, where NER sees no capital at all, also a known name or place English writes less often
    than its everyday words ("GODWIN", "LAGOS"; not "MAY", "WILL")."""
    if len(word) < gazetteer.MIN_NAME_LETTERS or word in foreign_stop_words():
        return False  # a word of another language chat mixes in ("pero", "receta"; and below)
    if capitals and (gazetteer.is_given(word) or gazetteer.is_surname(word) or gazetteer.is_place(word)) \
            and not is_common(word) and _zipf(word) < CAPITALS_NAME_ZIPF:
        named = True
    elif _listed(word) and lower_name_word(word):
        named = True
    else:
        named = gazetteer.is_place(word) and not is_common(word) and _zipf(word) < PLACE_ZIPF
    # asked last, of the few name-like words: a word with an apostrophe or a hyphen ("don't") has wordfreq
    # imported to answer (0.4-0.9 s a process)
    return named and not gazetteer.foreign_word(word)
