"""Runs of name-shaped words: the unit the gazetteer recognizers judge.

A run is a sequence of words on one line, separated by spaces or tabs only, each of them
capitalised ("Ana", "O'Donnell", "Jean-Luc"), written in capitals ("MENON"), an initial
("B", "B.") or a name particle between two of those ("van", "de", "bin"). Common words
(privacy.detect.vocabulary) end a run: "Directed By: Hektor B Bergqvist" gives the run
"Hektor B Bergqvist". The helpers say where a run sits: at the start of a sentence, alone on
its line, after a speaker-label colon.
"""

from __future__ import annotations

import re

import regex
from dataclasses import dataclass
from functools import lru_cache

from privacy.detect.vocabulary import common_words, is_common

PARTICLES = frozenset("van von der den de del della da di du le la al el bin ibn ben dos das ter ten af zu".split())
# words that make a capitalised run an organisation, a place or a thing, not a person
ORG_WORDS = frozenset("""
inc inc. incorporated corp corp. corporation co co. company companies ltd ltd. limited llc l.l.c. plc llp lp gmbh ag sa
s.a. nv bv oy ab as asa spa s.p.a. srl pty group holdings holding partners capital bank bancorp trust fund funds etf
university college school academy institute hospital clinic center centre foundation association society council
church club committee department ministry agency bureau office services service systems solutions technologies
technology tech labs laboratories pharmaceuticals pharma therapeutics energy industries international global
acquisition acquisitions enterprises ventures brands media studios records press airlines airways motors insurance
financial realty properties resources communications networks software electric railway street st avenue ave road rd
lane drive boulevard court place square park river lake mount mountain county city town village island islands
state states republic kingdom united north south east west new saint san santa los las el
mr mrs ms miss mx dr prof sir dame madam herr frau rev fr hon capt col gen sgt lt
""".split())


@dataclass(frozen=True)
class Run:
    start: int
    end: int
    words: tuple[tuple[int, int, str], ...]  # (start, end, text) of each word, particles and initials included

    @property
    def names(self) -> list[str]:
        """The words that are neither particles nor initials."""
        return [w for _, _, w in self.words if not is_initial(w) and w.lower() not in PARTICLES]

    def has_initial(self) -> bool:
        return any(is_initial(w) for _, _, w in self.words[1:-1])


def is_initial(word: str) -> bool:
    return len(word.rstrip(".")) == 1 and word[0].isupper()


# a capital after a lower-case letter is code or a brand ("SpaceX", "iPhone", "getUser"), except
# in the prefixes of names: McDonald, MacKenzie, DeShawn, LaToya, DiCaprio, VanDyke, FitzGerald
_CAMEL = regex.compile(r"(?<!^Mc)(?<!^Mac)(?<!^De)(?<!^Di)(?<!^Da)(?<!^Du)(?<!^La)(?<!^Le)(?<!^Van)(?<!^Von)(?<!^Fitz)(?<=\p{Ll})\p{Lu}")


@lru_cache(maxsize=1 << 14)  # asked for every capitalised word, three times per text
def _name_shaped(word: str) -> bool:
    w = word.rstrip(".")
    if not w or not w[0].isupper():
        return False
    if word == "I":
        return False  # the pronoun, not an initial: "as I Will Always Love You"
    if len(w) == 1:
        return True
    if len(w) > 2 and w.endswith("s") and w[:-1].isupper():
        return False  # a plural acronym: "GPUs", "APIs"
    rest = w[1:]
    if rest.isupper():
        return True
    return any(c.islower() for c in rest) and _CAMEL.search(w) is None


_INFLECTED = re.compile(r"(?:ed|ing|s|es|ly|er|ers|ies|ied|ment|ments|ness)$")


def _is_stop(word: str) -> bool:
    """An organisation word, a common word, or an inflection of one ("Changed", "Settings"); an
    unknown word that only looks like one ("Guibord") is no stop."""
    w = word.rstrip(".").lower().replace("’", "'")
    if w in ORG_WORDS:
        return True
    if len(w) < 2:
        return False
    return w in common_words() or (is_common(w) and _INFLECTED.search(w) is not None)


_CAP_WORD = regex.compile(r"(?<![\w'’\-])\p{Lu}(?:[\p{L}\p{M}]|['’\-](?=\p{L}))*\.?")
_GAP = re.compile(r"[ \t]+(?:(?:" + "|".join(sorted(PARTICLES, key=len, reverse=True)) + r")[ \t]+){0,2}")


_last_words: tuple = (None, [])


def _cap_words(text: str) -> list[tuple[int, int, str]]:
    """``(start, end, word)`` of each ``_CAP_WORD`` match in ``text``. The last text's are kept:
    the name and place recognizers ask for the runs of the same text three times in turn (an
    identity check, safe across threads)."""
    global _last_words
    last = _last_words
    if last[0] is text:
        return last[1]
    found = [(m.start(), m.end(), m.group()) for m in _CAP_WORD.finditer(text)]
    _last_words = (text, found)
    return found


def find_runs(text: str, max_words: int = 5, stop=None) -> list[Run]:
    """Every maximal run of name-shaped words in ``text``; ``stop(word)`` (default: a common
    or organisation word) ends a run. Only capitalised words are visited (a regex finds
    them), so the cost follows the capitalised words, not the text."""
    stop = _is_stop if stop is None else stop
    runs: list[Run] = []
    cur: list[tuple[int, int, str]] = []
    for start, end, word in _cap_words(text):
        if word.endswith(".") and len(word) > 2:  # a full stop after a word ends it (not after an initial)
            word, end = word[:-1], end - 1
        if word.endswith(("'s", "’s")) and len(word) > 3:  # a possessive ends a run and is no part of it
            word, end = word[:-2], end - 2
        if not _name_shaped(word) or stop(word):
            if cur:
                runs.append(Run(cur[0][0], cur[-1][1], tuple(cur[:max_words])))
                cur = []
            continue
        if cur:
            gap = text[cur[-1][1]:start]
            if _GAP.fullmatch(gap) is None:
                runs.append(Run(cur[0][0], cur[-1][1], tuple(cur[:max_words])))
                cur = []
        cur.append((start, end, word))
    if cur:
        runs.append(Run(cur[0][0], cur[-1][1], tuple(cur[:max_words])))
    return runs


_SENTENCE_END = re.compile(r"(?:^|[.!?:;…\n\"“(\[]|^\W+)[\s>\-*•#|}{\"“'‘(\[]*$")


def sentence_initial(text: str, start: int) -> bool:
    """True when nothing but a sentence end, a line start or a bullet precedes ``start``."""
    before = text[max(0, start - 12):start]
    if start <= 12 and not before.strip(" \t>-*•#|}{\"“'‘([\n"):
        return True
    return bool(_SENTENCE_END.search(before))


def line_of(text: str, start: int, end: int) -> tuple[int, int]:
    a = text.rfind("\n", 0, start) + 1
    b = text.find("\n", end)
    return a, len(text) if b == -1 else b


_QUOTE_PREFIX = re.compile(r"^[ \t>}{|*•\-#]*")
# a timetable line's day and time before its name: "Mon 4:00 Arjun – maths" (both optional)
TIMETABLE_PREFIX = r"(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]{0,6}\.?[ \t]+)?(?:\d{1,2}[:.]\d{2}(?:[ \t]*[ap]m)?[ \t]+)?"
# a chat export's time stamp before a speaker: "[19:05] Sky:", "12/03/2024, 19:05 - Sky:", "7:41 PM Sky:"
_TIME = r"\d{1,2}[:.]\d{2}(?::\d{2})?(?:[ \t]*[AaPp]\.?[Mm]\.?)?"
STAMP_PREFIX = (r"[ \t>}{|*•\-#]*(?:\[[^\]\n]{1,30}\][ \t]*|(?:\d{1,4}[/.-]\d{1,2}[/.-]\d{2,4},?[ \t]+)?" + _TIME
                + r"[ \t]*[-–:]?[ \t]+)?")
_SPEAKER_PREFIX = re.compile(STAMP_PREFIX)
# a stamp between a speaker's name and the colon: "Jordan (Yesterday 11:48 PM): hey"
STAMP_SUFFIX = r"(?:[ \t]*\([^()\n]{1,30}\))?"
_SPEAKER_COLON = re.compile(STAMP_SUFFIX + r":(?!/)")


def alone_on_line(text: str, start: int, end: int) -> bool:
    """The run is the whole line, apart from quote markers, bullets and a trailing comma."""
    a, b = line_of(text, start, end)
    head = text[a:start]
    tail = text[end:b]
    return _QUOTE_PREFIX.fullmatch(head) is not None and tail.strip(" \t,;") == ""


def speaker_label(text: str, start: int, end: int) -> bool:
    """``Name:`` opening a line (a pasted chat, a script), after a time stamp or not, with one in
    brackets before the colon or not: "Joy: see you at 8", "[19:05] Joy: in", "Joy (7:02 AM): in"."""
    a, _ = line_of(text, start, end)
    return _SPEAKER_PREFIX.fullmatch(text[a:start]) is not None and _SPEAKER_COLON.match(text, end) is not None
