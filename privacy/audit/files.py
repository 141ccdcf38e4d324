"""Every file under the audited folder as searchable text.

Each file becomes one ``FileText``: all of its text units joined by ``"\\x00"`` into
one string (so the matchers run once per file, at C speed), the start offset of each
unit, and a way to name a unit (a JSON path, a line number) for the report.

* ``.json``: every string, keys included, after JSON decoding (escapes resolved);
* ``.jsonl``: the same, line by line;
* ``.html`` / ``.htm``: entities decoded, once the attribute values of the tags (tag and
  attribute names are markup, not text: ``lang="en"`` is no "Lang") and once the text with
  the tags removed (words split by tags);
* documents (``.docx``, ``.xlsx``, ``.pptx``, ``.pdf``, ``.eml``, ``.ics`` and images, by
  suffix or image bytes): every text ``privacy.formats`` reads in them, metadata included
  (author, sheet names, e-mail headers, EXIF), one unit each; a document that cannot be
  read is searched as bytes like any other file;
* anything else (Markdown, CSV, plain text, unknown suffixes): the text as UTF-8;
  bytes that are not UTF-8 are read as Latin-1 so ASCII originals are still found.

A file that claims to be JSON but does not parse is searched as plain text.
"""

from __future__ import annotations

import bisect
import html
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

SEP = "\x00"
_TAG = re.compile(r"<[^>]*>")
_ATTR_VALUE = re.compile(r"""=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))""")


def _attribute_values(text: str) -> str:
    """The attribute values of every tag of ``text``, one tag a line (the text between tags
    is the other view's)."""
    return "\n".join(" ".join("".join(v) for v in _ATTR_VALUE.findall(t)) for t in _TAG.findall(text))
_NAME_SEPS_RE = re.compile(r"[_\-.+]")


def iter_files(root: Path) -> Iterator[tuple[str, Path]]:
    """(relative posix path, path) of every regular file under ``root``, sorted."""
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for name in sorted(filenames):
            p = Path(dirpath) / name
            if p.is_symlink() or not p.is_file():
                continue
            yield p.relative_to(root).as_posix(), p


def iter_symlinks(root: Path) -> Iterator[str]:
    """Relative posix path of every symbolic link under ``root`` (never followed)."""
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for name in sorted(dirnames + filenames):
            p = Path(dirpath) / name
            if p.is_symlink():
                yield p.relative_to(root).as_posix()


def iter_dirs(root: Path) -> Iterator[str]:
    """Relative posix path of every folder under ``root`` (for name checks)."""
    for dirpath, dirnames, _ in os.walk(root):
        dirnames.sort()
        for d in dirnames:
            yield (Path(dirpath) / d).relative_to(root).as_posix()


def _decode(data: bytes) -> tuple[str, bool]:
    try:
        return data.decode("utf-8"), True
    except UnicodeDecodeError:
        return data.decode("latin-1"), False


def _strings(obj: Any, texts: list[str], keys: list[bool]) -> None:
    """Every string of a JSON document in document order, keys before their values
    (the fast twin of ``_walk_json``, without paths; iterative for deep nesting)."""
    stack: list[Any] = [obj]
    push, pop, add_t, add_k = stack.append, stack.pop, texts.append, keys.append
    while stack:
        node = pop()
        if isinstance(node, str):
            add_t(node)
            add_k(False)
        elif isinstance(node, dict):
            for k, v in reversed(node.items()):
                if isinstance(v, (dict, list, str)):
                    push(v)
                push(_Key(k))
        elif isinstance(node, list):
            for v in reversed(node):
                if isinstance(v, (dict, list, str)):
                    push(v)
        elif isinstance(node, _Key):
            add_t(node.k)
            add_k(True)


def _walk_json(obj: Any, path: str, out: list[tuple[str, str, bool]] | None, texts: list[str], keys: list[bool]) -> None:
    """Collect strings in document order (keys before their values), with their paths."""
    stack: list[tuple[Any, str]] = [(obj, path)]
    while stack:
        node, p = stack.pop()
        if isinstance(node, str):
            texts.append(node)
            keys.append(False)
            if out is not None:
                out.append((p, node, False))
        elif isinstance(node, dict):
            items = list(node.items())
            for k, v in reversed(items):
                child = f"{p}.{k}" if _SIMPLE_KEY.match(k) else f"{p}[{orjson.dumps(k).decode()}]"
                stack.append((v, child))
                stack.append((_Key(k), f"{child} (key)"))
        elif isinstance(node, list):
            for i in range(len(node) - 1, -1, -1):
                stack.append((node[i], f"{p}[{i}]"))
        elif isinstance(node, _Key):
            texts.append(node.k)
            keys.append(True)
            if out is not None:
                out.append((p, node.k, True))


_SIMPLE_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


@dataclass(frozen=True)
class _Key:
    k: str


@dataclass
class FileText:
    """The searchable text of one file."""

    rel: str
    kind: str  # "json" | "jsonl" | "json-raw" | "html" | "document" | "text" | "binary"
    text: str
    starts: list[int] = field(default_factory=list)
    is_key: list[bool] = field(default_factory=list)
    size: int = 0
    _raw: bytes | None = None

    def unit_of(self, pos: int) -> int:
        return bisect.bisect_right(self.starts, pos) - 1

    def unit_text(self, i: int) -> str:
        end = self.starts[i + 1] - 1 if i + 1 < len(self.starts) else len(self.text)
        return self.text[self.starts[i] : end]

    def units(self) -> Iterator[tuple[int, str, bool]]:
        """(index, text, is_key) of every unit."""
        for i in range(len(self.starts)):
            yield i, self.unit_text(i), (self.is_key[i] if self.is_key else False)

    def describe_unit(self, i: int, offset_in_unit: int) -> str:
        """A human locator: the JSON path, or the line number in a text file."""
        if self.kind in ("json", "jsonl") and self._raw is not None:
            return _json_locator(self, i)
        if self.kind == "json-raw":
            return "raw JSON text"
        if self.kind == "html":
            label = "html (attribute values)" if i == 0 else "html (tags removed)"
            return label
        if self.kind == "document":
            return f"text {i + 1} of the document"
        t = self.unit_text(i)
        line = t.count("\n", 0, offset_in_unit) + 1
        return f"line {line}"


def _json_locator(ft: FileText, i: int) -> str:
    assert ft._raw is not None
    if ft.kind == "json":
        paths = ft.__dict__.get("_paths")
        if paths is None:  # walked once per file, only for files with a finding
            out: list[tuple[str, str, bool]] = []
            _walk_json(orjson.loads(ft._raw), "$", out, [], [])
            paths = ft.__dict__["_paths"] = [p for p, _t, _k in out]
        return paths[i] if i < len(paths) else "$"
    # jsonl: count units line by line
    seen = 0
    for lineno, line in enumerate(ft._raw.splitlines(), 1):
        if not line.strip():
            continue
        out = []
        try:
            _walk_json(orjson.loads(line), "$", out, [], [])
        except orjson.JSONDecodeError:
            out = [("$", "", False)]
        if i < seen + len(out):
            return f"line {lineno} {out[i - seen][0]}"
        seen += len(out)
    return "?"


def _join(rel: str, kind: str, texts: list[str], keys: list[bool], size: int, raw: bytes | None) -> FileText:
    starts = []
    pos = 0
    for t in texts:
        starts.append(pos)
        pos += len(t) + 1
    return FileText(rel, kind, SEP.join(texts), starts, keys, size, raw)


_JSON_STR = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')


def _unescape_literal(m: re.Match[str]) -> str:
    lit = m.group(0)
    if "\\" not in lit:
        return lit
    try:
        return '"' + orjson.loads(lit) + '"'
    except orjson.JSONDecodeError:
        return lit


def json_raw_view(text: str) -> str:
    """JSON text with its string literals unescaped in place (keys, values, structure
    and numbers all kept): the fast, one-unit view the leak check searches first."""
    if "\\" not in text:
        return text
    return _JSON_STR.sub(_unescape_literal, text)


def _document_units(name: str, suffix: str, data: bytes) -> list[str] | None:
    """The texts of an office document, PDF, e-mail, calendar or image; None for other files
    (and for HTML, which has its own two views above)."""
    from privacy import formats

    if suffix in (".html", ".htm"):
        return None
    try:
        units = formats.text_units(name, data)
    except (formats.Broken, formats.Unsupported):
        return None
    return [u for u in units if u] if units is not None else None


def read_file_text(rel: str, path: Path, *, structured: bool = True) -> FileText:
    """Read one file into its searchable text.

    ``structured=False`` (the leak check's first pass): JSON and JSONL files become one
    unit, the file text with its string literals unescaped in place; a file with a hit
    is read again structured, to name the JSON path."""
    data = path.read_bytes()
    suffix = path.suffix.lower()
    units = _document_units(path.name, suffix, data)
    if units is not None:
        return _join(rel, "document", units, [False] * len(units), len(data), None)
    if not structured and suffix in (".json", ".jsonl"):
        text, utf8 = _decode(data)
        if utf8:
            return _join(rel, "json-raw", [json_raw_view(text)], [False], len(data), None)
    if suffix == ".json":
        try:
            obj = orjson.loads(data)
        except orjson.JSONDecodeError:
            pass
        else:
            texts: list[str] = []
            keys: list[bool] = []
            _strings(obj, texts, keys)
            return _join(rel, "json", texts, keys, len(data), data)
    if suffix == ".jsonl":
        texts, keys = [], []
        ok = True
        for line in data.splitlines():
            if not line.strip():
                continue
            try:
                _strings(orjson.loads(line), texts, keys)
            except orjson.JSONDecodeError:
                ok = False
                break
        if ok:
            return _join(rel, "jsonl", texts, keys, len(data), data)
    text, utf8 = _decode(data)
    if suffix in (".html", ".htm"):
        kept = html.unescape(_attribute_values(text))
        removed = html.unescape(_TAG.sub(" ", text))
        return _join(rel, "html", [kept, removed], [False, False], len(data), None)
    return _join(rel, "text" if utf8 else "binary", [text], [False], len(data), None)
