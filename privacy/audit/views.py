"""Normalised text views for the leak check, and the way back to original offsets.

The leak check does not search the raw text: it searches two *views* of it, built
with a handful of C-speed string operations so hundreds of MB take seconds:

* the **word view**: lower-cased, every run of whitespace collapsed to one space
  (``"Jane\\n  DOE"`` reads ``"jane doe"``);
* the **digit view**: the word view with the separators between two digits removed
  (``" ().-/"``, one to three of them), so ``"(555) 123-4567"``, ``"555.123.4567"``
  and ``"+1 555 123 4567"`` all read as one run of digits.

Originals are normalised by the same functions, so a hit in a view is a hit in the
text. ``View.to_original(pos)`` maps a view offset back to the original text; the
mapping is computed lazily, only for texts that have a hit.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

_WS_RUN = re.compile("  +")  # runs of spaces, after every whitespace char became a space
_WS_ONE = re.compile(r"[^\S ]")  # a single non-space whitespace char (\n, \t, ...)
_DIGIT_SEP = re.compile(r"(\d)[ ().\-/]{1,3}(?=\d)")  # the digit is kept, the separators go


def lower_same_length(text: str) -> str:
    """``str.lower`` that never changes the length (a few characters lower to two)."""
    low = text.lower()
    if len(low) == len(text):
        return low
    return "".join(c.lower() if len(c.lower()) == 1 else c for c in text)


def spaces_only(text: str) -> str:
    """Every whitespace character replaced by a space (same length)."""
    if text.isascii():  # C-speed path: the only ASCII whitespace besides " "
        return text.replace("\n", " ").replace("\t", " ").replace("\r", " ").replace("\x0b", " ").replace("\x0c", " ")
    return _WS_ONE.sub(" ", text)


def word_view_text(text: str) -> str:
    """Lower-case, whitespace runs collapsed to a single space."""
    return _WS_RUN.sub(" ", spaces_only(lower_same_length(text)))


def digit_view_text(word_text: str) -> str:
    """The word view with separators between digits removed."""
    return _DIGIT_SEP.sub(r"\1", word_text)


def normalise_value(value: str) -> str:
    """How an original is written in the word view (leading/trailing space dropped)."""
    return word_view_text(value).strip()


def compact_value(value: str) -> str:
    """How an original is written in the digit view."""
    return digit_view_text(normalise_value(value))


@dataclass
class _Shifts:
    """Offsets where a view dropped characters: view position -> cumulative shift."""

    positions: list[int] = field(default_factory=list)
    shifts: list[int] = field(default_factory=list)

    @classmethod
    def from_removals(cls, source: str, pattern: re.Pattern[str], kept: int) -> "_Shifts":
        """Each match of ``pattern`` in ``source`` is replaced by ``kept`` characters."""
        out = cls()
        total = 0
        for m in pattern.finditer(source):
            removed = (m.end() - m.start()) - kept
            # first view position after the match
            view_after = m.end() - total - removed
            total += removed
            out.positions.append(view_after)
            out.shifts.append(total)
        return out

    def map(self, view_pos: int) -> int:
        i = bisect.bisect_right(self.positions, view_pos) - 1
        return view_pos + (self.shifts[i] if i >= 0 else 0)


class View:
    """One text with its word and digit views and a lazy offset map back to the text."""

    __slots__ = ("text", "words", "_digits", "_ws", "_ds")

    def __init__(self, text: str):
        self.text = text
        self.words = word_view_text(text)
        self._digits: str | None = None
        self._ws: _Shifts | None = None
        self._ds: _Shifts | None = None

    @property
    def digits(self) -> str:
        if self._digits is None:
            self._digits = digit_view_text(self.words)
        return self._digits

    def _word_to_text(self, pos: int) -> int:
        if self._ws is None:
            self._ws = _Shifts.from_removals(spaces_only(self.text), _WS_RUN, kept=1)
        return self._ws.map(pos)

    def _digit_to_word(self, pos: int) -> int:
        if self._ds is None:
            self._ds = _Shifts.from_removals(self.words, _DIGIT_SEP, kept=1)
        return self._ds.map(pos)

    def span_from_words(self, start: int, end: int) -> tuple[int, int]:
        """Original-text span of the word-view span ``[start, end)``."""
        return self._word_to_text(start), self._word_to_text(end - 1) + 1

    def span_from_digits(self, start: int, end: int) -> tuple[int, int]:
        """Original-text span of the digit-view span ``[start, end)``."""
        ws = self._digit_to_word(start)
        we = self._digit_to_word(end - 1) + 1
        return self.span_from_words(ws, we)
