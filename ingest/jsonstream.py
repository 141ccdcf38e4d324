"""Stream JSON records one at a time, and turn parse failures into data-free errors.

``iter_array`` walks a top-level JSON array with ijson (C backend), so a 300 MB
``conversations.json`` never sits in memory whole. A top-level object is yielded as
one record. Parser messages are never forwarded (they quote the input); errors carry
the member name and a byte position instead.
"""

from __future__ import annotations

import json
import re
from typing import IO, Iterator

import ijson
import orjson

from ingest.errors import InputError

EXACT_POSITION_LIMIT = 64 * 1024**2  # re-parse small files to report the exact byte offset
# ijson's C backend hands out every event of a read buffer with its full path prefix, so
# memory grows with the square of the nesting depth (30 000 levels: 2 GB). Real exports
# nest about a dozen levels; deeper input is refused before the parser sees it.
MAX_DEPTH = 4096
LONG_STRING_BUFFER = 256 * 1024**2  # at most this much of one string is handed to the parser at once

_KEEP = b'"[]{}'
_DROP = bytes(b for b in range(256) if b not in _KEEP)
_SKELETON_STRINGS = re.compile(rb'"[^"]*"')


class DepthGuard:
    """Tracks the bracket depth of a JSON byte stream chunk by chunk (strings skipped).

    Cheap (C-speed byte operations only): escaped backslashes and quotes are deleted,
    every byte but quotes and brackets is dropped, the strings of that small skeleton
    removed, and the brackets counted; only a chunk that could cross the limit is
    walked bracket by bracket.
    """

    def __init__(self, label: str, limit: int = MAX_DEPTH):
        self.label = label
        self.limit = limit
        self.depth = 0
        self.in_string = False
        self.carry = b""  # a trailing backslash whose escaped byte is in the next chunk
        self.offset = 0

    def feed(self, chunk: bytes) -> None:
        start = self.offset
        self.offset += len(chunk)
        data = self.carry + chunk if self.carry else chunk
        run = len(data) - len(data.rstrip(b"\\"))
        if run % 2:
            data, self.carry = data[:-1], b"\\"
        else:
            self.carry = b""
        skeleton = data.replace(b"\\\\", b"").replace(b'\\"', b"").translate(None, _DROP)
        if self.in_string:
            skeleton = b'"' + skeleton
        # '""' is an empty string or the seam of two strings: dropping it keeps the structure
        skeleton = _SKELETON_STRINGS.sub(b"", skeleton.replace(b'""', b""))
        quote = skeleton.find(b'"')
        self.in_string = quote >= 0  # a string runs past the end of this chunk
        if self.in_string:
            skeleton = skeleton[:quote]
        opens = skeleton.count(b"[") + skeleton.count(b"{")
        if self.depth + opens > self.limit:
            for b in skeleton:
                self.depth += 1 if b in b"[{" else -1
                if self.depth > self.limit:
                    raise InputError(self.label, f"JSON nested deeper than {self.limit} levels (after byte {start})")
        else:
            self.depth += opens - skeleton.count(b"]") - skeleton.count(b"}")


class _CountingReader:
    """Wraps a binary stream and counts bytes handed to the parser."""

    def __init__(self, fh: IO[bytes], guard: "DepthGuard | None" = None):
        self.fh = fh
        self.consumed = 0
        self.first = b""
        self.guard = guard

    def read(self, n: int = -1) -> bytes:
        data = self.fh.read(n)
        if self.guard is not None:
            self.guard.feed(data)
            if self.guard.in_string and n > 0 and data:
                data = self._rest_of_string(data, n)
        if not self.first and data:
            self.first = data[:64]
        self.consumed += len(data)
        return data

    def _rest_of_string(self, data: bytes, n: int) -> bytes:
        """Hand a long string to the parser in one buffer: ijson's C backend copies a
        string cut by a buffer boundary again at every boundary (a 20 MB string took
        3 s in 64 KB buffers, 0.2 s in one). The extra reads stop right after the string
        ends, so a buffer never holds more than ``n`` bytes of other JSON."""
        buf = bytearray(data)
        while self.guard.in_string and len(buf) < LONG_STRING_BUFFER:
            more = self.fh.read(n)
            if not more:
                break
            self.guard.feed(more)
            buf += more
        return bytes(buf)


def first_char(fh: IO[bytes]) -> tuple[bytes, bytes]:
    """Read until the first non-whitespace byte; return (that byte, everything read)."""
    buf = b""
    while True:
        chunk = fh.read(1)
        if not chunk:
            return b"", buf
        buf += chunk
        if chunk == b"\xef" and len(buf) == 1:  # UTF-8 BOM
            fh.read(2)
            buf = b""
            continue
        if chunk not in b" \t\r\n":
            return chunk, buf


class _Prepend:
    def __init__(self, head: bytes, fh: IO[bytes]):
        self.head = head
        self.fh = fh

    def read(self, n: int = -1) -> bytes:
        if self.head:
            if n < 0:
                out, self.head = self.head + self.fh.read(), b""
                return out
            out, self.head = self.head[:n], self.head[n:]
            if len(out) < n:
                out += self.fh.read(n - len(out))
            return out
        return self.fh.read(n)


def _parse_error(label: str, reader: _CountingReader, exc: Exception, reopen) -> InputError:
    msg = str(exc)
    truncated = "premature EOF" in msg or "Incomplete" in type(exc).__name__ and "EOF" in msg
    reason = "truncated JSON" if truncated else "invalid JSON"
    pos = None
    if reopen is not None:
        try:
            with reopen() as fh:
                data = fh.read(EXACT_POSITION_LIMIT + 1)
            if len(data) <= EXACT_POSITION_LIMIT:
                try:
                    json.loads(data)
                except json.JSONDecodeError as jexc:
                    pos = _byte_offset(jexc.doc, jexc.pos)
                except (UnicodeDecodeError, ValueError):
                    pos = None
        except (OSError, InputError):
            pos = None
    if pos is not None:
        return InputError(label, f"{reason} at byte {pos}")
    return InputError(label, f"{reason} near byte {reader.consumed}")


def iter_records(fh: IO[bytes], label: str, reopen=None) -> Iterator[tuple[int, object]]:
    """Yield ``(index, record)`` for each element of a top-level array (or the one object).

    ``reopen`` (a callable returning a fresh stream) lets small files report the exact
    byte offset of a syntax error. Empty input and scalars raise ``InputError``.
    """
    c, head = first_char(fh)
    if c == b"":
        raise InputError(label, "empty file, expected JSON")
    if c == b"{":
        data = head + fh.read()
        try:
            obj = orjson.loads(data)
        except orjson.JSONDecodeError as exc:
            raise _error_from_orjson(label, exc, data) from None
        yield 0, obj
        return
    if c != b"[":
        raise InputError(label, "wrong shape: expected a JSON array or object")
    reader = _CountingReader(_Prepend(head, fh), DepthGuard(label))
    it = ijson.items(reader, "item", use_float=True)
    index = 0
    while True:
        try:
            rec = next(it)
        except StopIteration:
            return
        except (ijson.JSONError, ijson.common.IncompleteJSONError, UnicodeDecodeError, ValueError) as exc:
            raise _parse_error(label, reader, exc, reopen) from None
        except InputError as exc:  # the depth guard, inside the parser's read
            raise InputError(exc.file, exc.reason, record=str(index)) from None
        yield index, rec
        index += 1


def _byte_offset(doc, pos: int) -> int:
    """json reports character offsets; errors name byte offsets."""
    if isinstance(doc, str):
        return len(doc[:pos].encode("utf-8", "surrogatepass"))
    return pos


def _error_from_orjson(label: str, exc: orjson.JSONDecodeError, data: bytes) -> InputError:
    pos = getattr(exc, "pos", None)
    if pos is not None:
        pos = _byte_offset(getattr(exc, "doc", None), pos)
    truncated = pos is not None and pos >= len(data.rstrip())
    reason = "truncated JSON" if truncated else "invalid JSON"
    return InputError(label, f"{reason} at byte {pos}" if pos is not None else reason)


def load_json(data: bytes, label: str) -> object:
    """Parse a whole (small) JSON document, raising a data-free ``InputError``."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    if not data.strip():
        raise InputError(label, "empty file, expected JSON")
    try:
        return orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        raise _error_from_orjson(label, exc, data) from None
