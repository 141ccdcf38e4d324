"""What every format handler gives: a ``Document`` (its text pieces and how to write it back).

A handler reads a file's bytes into a ``Document``: ``segments`` are every text of the
file in a fixed order — content and metadata alike (an author, a sheet name, an e-mail
header) — and ``render(scrubbed, ctx)`` returns the file's new bytes, in its own format,
from the same pieces scrubbed. ``companion`` (PDF only) is a ``.txt`` written beside it.
``ctx.shift_days`` moves dates that are not free text (metadata, calendar fields) by
the contributor's offset. Errors carry no data: ``Unsupported`` (a kind of file we do not
handle, a scanned page) and ``Broken`` (a supported file that cannot be read).
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Callable
from dataclasses import dataclass, field


class Unsupported(Exception):
    """A file we cannot turn into scrubbable text (the message names no value)."""


class Broken(Exception):
    """A supported file that is damaged or unreadable (the message names no value)."""


@dataclass(frozen=True)
class RenderContext:
    """What a render needs beyond the scrubbed segments."""

    shift_days: int = 0


@dataclass
class Document:
    kind: str
    segments: list[str]
    render: Callable[[list[str], RenderContext], bytes]
    companion: Callable[[list[str]], str] | None = None
    notes: list[str] = field(default_factory=list)  # one-line notes for the user (no data)


_ISO = re.compile(r"^(\d{4})-(\d{2})-(\d{2})")


def shift_iso_date(value: str, days: int) -> str:
    """``2024-03-03T10:00:00Z`` moved by ``days``; the rest kept byte for byte (not a date: unchanged)."""
    m = _ISO.match(value)
    if not m or not days:
        return value
    try:
        d = _dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3))) + _dt.timedelta(days=days)
    except ValueError:
        return value
    return d.isoformat() + value[10:]


class Cursor:
    """Hands scrubbed segments back in reading order (``next()``); checks that all were used."""

    def __init__(self, segments: list[str]):
        self._it = iter(segments)
        self.n = len(segments)

    def __call__(self) -> str:
        try:
            return next(self._it)
        except StopIteration:
            raise Broken("segment count changed between reading and writing") from None
