"""How an input JSON file was written, so its scrubbed copy is written the same way.

Sniffed from the first 64 KiB: a UTF-8 byte-order mark, ``\\uXXXX`` escapes in a pure-ASCII
file (``ensure_ascii``), compact separators (``","`` / ``":"``) or spaced ones, and the
indent (two spaces, four, a tab) or none. ``dumps`` writes a value in that style; a
conversations array keeps one record per line whatever the input's indent (it is
streamed record by record), in the input's separators and escaping.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

SNIFF_BYTES = 65_536
_INDENT = re.compile(rb"[\[{,]\r?\n([ \t]+)[\"\[{\w-]")
_COLON = re.compile(rb'"\s*:( ?)')
_COMMA = re.compile(rb'(?:"|\d|true|false|null|[\]}]),( ?)[\s]*(?:"|\d|-|t|f|n|\[|\{)')


@dataclass(frozen=True)
class JsonStyle:
    bom: bool = False
    ensure_ascii: bool = False
    separators: tuple[str, str] = (", ", ": ")
    indent: str | None = "  "

    def dumps(self, obj, *, one_line: bool = False) -> str:
        indent = None if one_line else self.indent
        seps = self.separators if indent is None else (self.separators[0].rstrip(), self.separators[1])
        return json.dumps(obj, ensure_ascii=self.ensure_ascii, indent=indent, separators=seps)

    def file_text(self, body: str) -> str:
        return ("\ufeff" if self.bom else "") + body


DEFAULT = JsonStyle()


def sniff(head: bytes) -> JsonStyle:
    """The style of a JSON file from its first bytes (``DEFAULT`` where nothing tells)."""
    bom = head.startswith(b"\xef\xbb\xbf")
    body = head[3:] if bom else head
    ascii_only = all(b < 0x80 for b in body)
    ensure_ascii = ascii_only and b"\\u" in body
    m = _INDENT.search(body)
    indent = m.group(1).decode() if m else None
    colon = _COLON.search(body)
    comma = None if indent else _COMMA.search(body)
    sep_colon = ": " if colon is None or colon.group(1) else ":"
    sep_comma = ", " if comma is None or comma.group(1) else ","
    if colon is None and comma is None and indent is None:
        return JsonStyle(bom=bom, ensure_ascii=ensure_ascii)
    return JsonStyle(bom=bom, ensure_ascii=ensure_ascii, separators=(sep_comma, sep_colon), indent=indent)
