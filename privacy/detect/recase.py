"""What NER reads of a line typed without capitals: its names given their capitals back.

The NER model learned names from edited text, where a name is capitalised; in a line typed in lower
case ("theres big dayo, smalls and me tunji") it finds few of them. ``recased`` gives NER a copy of
such a line in which each word that may be a name is capitalised ("Dayo", "Tunji") and the pronoun
"i" is "I"; nothing else changes, and no character moves, so NER's entities fall on the same
offsets of the original text, and every rule and filter still reads the original. A word may be a
name when the filters would take it as one written in lower case (``filters.lower_name_word``: a
known given name or surname English seldom uses as a word, or a word no list knows and English hardly
uses) or it is a known place that is no common word ("ibadan", "oswestry"). A word English uses
("ivy", "summer", "cliff") stays as typed: NER decides it in lower case, as before.

Two neighbours of such a word go with it: a surname after it that English writes less often than
its everyday words ("manmohan singh": Singh alone is too frequent a word), and a given name or a
word no list knows before a surname ("precious nwosu", "ligaya dizon"), so NER reads the whole name.

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
_WORD = re.compile(r"(?<![\w'’@./:#-])[a-z][a-z'’-]*[a-z](?![\w@/-])|(?<![\w'’])i(?=[ \t'’])")
# a capital a line typed in lower case may hold: its first letter, a sentence's, the pronoun "I"
_EXPECTED_CAPITAL = re.compile(r"(?:^|[.!?…][ \t]+)[^\w]*[A-Z]|(?<![\w'’])I(?![\w])")


def recased(text: str) -> str:
    """``text`` with the name-like words of its lower-case lines capitalised (see the module
    docstring); the same string when nothing changes. Same length, same offsets."""
    out = None
    for line in _LOWER_LINE.finditer(text):
        if not _typed_lower(line.group()) or foreign_line(line.group()):
            continue
        words = list(_WORD.finditer(text, line.start(), line.end()))
        name_like = [m.group() == "i" or _name_like(m.group()) for m in words]
        for k, m in enumerate(words):
            if not name_like[k] and k and name_like[k - 1] and words[k - 1].end() + 1 == m.start() \
                    and _name_part(m.group()):
                name_like[k] = True  # a known name's surname, however often English writes it ("manmohan singh")
        for k in range(len(words) - 2, -1, -1):
            m, after = words[k], words[k + 1]
            if not name_like[k] and name_like[k + 1] and m.end() + 1 == after.start() \
                    and gazetteer.is_surname(after.group()) and _first_name(m.group()):
                name_like[k] = True  # the given name before a surname, a word too ("precious nwosu", "ligaya dizon")
        for k, m in enumerate(words):
            if name_like[k]:
                out = out or list(text)
                _capitalise(out, m.start(), m.group())
    return text if out is None else "".join(out)


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
        and gazetteer.english_zipf(gazetteer.fold_word(word)) < NAME_PART_ZIPF


def _typed_lower(line: str) -> bool:
    """No capital but where any writer puts one (the line's or a sentence's first letter, "I"):
    "hey im nacho (ignacio on my passport lol)", "Ano magandang puntahan sa cebu"; not
    "- Frank -> Mittens, tabaxi bard"."""
    return sum(map(str.isupper, line)) == len(_EXPECTED_CAPITAL.findall(line))


@lru_cache(maxsize=1 << 16)
def _name_like(word: str) -> bool:
    """A lower-case word that may be a name or a place (see the module docstring)."""
    if len(word) < gazetteer.MIN_NAME_LETTERS or word in foreign_stop_words() or gazetteer.foreign_word(word):
        return False  # a word of another language chat mixes in ("pero", "receta")
    return lower_name_word(word) or (gazetteer.is_place(word) and not is_common(word)
                                     and gazetteer.english_zipf(gazetteer.fold_word(word)) < PLACE_ZIPF)
