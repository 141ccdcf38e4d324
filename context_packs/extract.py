"""Reference files: their text, split into pieces to scrub, and how to write it back.

Supported: plain text and Markdown (kept as text), CSV (cell by cell, written back
as CSV), JSON and YAML (string values and keys, written back in the same format),
HTML (visible text, stdlib ``html.parser``), PDF (``pypdf``) and DOCX
(``python-docx``). PDF, DOCX and HTML become ``<name>.txt``: the original bytes
are never copied. Anything else — images included, whatever their extension —
raises ``UnsupportedReference`` (a broken supported file raises
``BadReference``); the builder turns that into an ``InputError``
unless ``--skip-unsupported`` was given.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Callable

import yaml

TEXT_SUFFIXES = {".txt", ".md", ".markdown", ".text"}
STRUCTURED_SUFFIXES = {".json", ".yaml", ".yml"}
EXTRACTED_SUFFIXES = {".pdf", ".docx", ".html", ".htm"}
SUPPORTED_SUFFIXES = TEXT_SUFFIXES | STRUCTURED_SUFFIXES | EXTRACTED_SUFFIXES | {".csv", ".tsv"}

# Magic numbers of images and other binaries we refuse even under a text extension.
_BINARY_MAGIC = (
    (b"\x89PNG\r\n\x1a\n", "PNG image"),
    (b"\xff\xd8\xff", "JPEG image"),
    (b"GIF87a", "GIF image"),
    (b"GIF89a", "GIF image"),
    (b"RIFF", "RIFF media (WebP/WAV)"),
    (b"II*\x00", "TIFF image"),
    (b"MM\x00*", "TIFF image"),
    (b"BM", "BMP image"),
)


class UnsupportedReference(Exception):
    """A reference file whose kind we cannot turn into scrubbable text (message carries no data)."""


class BadReference(Exception):
    """A supported reference file that is broken (invalid JSON, unreadable); never skipped."""


@dataclass
class ExtractedReference:
    """A reference file's text pieces, and how to render them once scrubbed.

    ``render(segments)`` returns the file's new text from (scrubbed) segments in
    the same order. ``keep_suffix`` is False when the output is ``<name>.txt``.
    """

    source_name: str
    kind: str
    segments: list[str]
    render: Callable[[list[str]], str]
    keep_suffix: bool = True

    def output_name(self, scrubbed_name: str) -> str:
        return scrubbed_name if self.keep_suffix else scrubbed_name + ".txt"


def _decode(data: bytes, path: Path) -> str:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise UnsupportedReference("not UTF-8 text") from None
    if "\x00" in text:
        raise UnsupportedReference("binary content")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _whole_text(name: str, kind: str, text: str, keep_suffix: bool = True) -> ExtractedReference:
    return ExtractedReference(name, kind, [text], lambda segs: segs[0], keep_suffix)


def _csv_reference(name: str, text: str, delimiter: str) -> ExtractedReference:
    rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    flat = [cell for row in rows for cell in row]

    def render(segs: list[str]) -> str:
        it = iter(segs)
        out = io.StringIO()
        writer = csv.writer(out, delimiter=delimiter, lineterminator="\n")
        for row in rows:
            writer.writerow([next(it) for _ in row])
        return out.getvalue()

    return ExtractedReference(name, "csv", flat, render)


def _collect_strings(obj: Any, out: list[str]) -> None:
    if isinstance(obj, str):
        out.append(obj)
    elif isinstance(obj, dict):
        for key, value in obj.items():
            out.append(str(key))
            _collect_strings(value, out)
    elif isinstance(obj, list):
        for value in obj:
            _collect_strings(value, out)


def _rebuild(obj: Any, it) -> Any:
    if isinstance(obj, str):
        return next(it)
    if isinstance(obj, dict):
        new: dict = {}
        for key, value in obj.items():
            new_key = next(it)
            new[new_key] = _rebuild(value, it)
        return new
    if isinstance(obj, list):
        return [_rebuild(v, it) for v in obj]
    return obj


def _structured_reference(name: str, kind: str, obj: Any) -> ExtractedReference:
    segments: list[str] = []
    _collect_strings(obj, segments)

    def render(segs: list[str]) -> str:
        new = _rebuild(obj, iter(segs))
        if kind == "json":
            return json.dumps(new, ensure_ascii=False, indent=2) + "\n"
        return yaml.safe_dump(new, sort_keys=False, allow_unicode=True, width=1000)

    return ExtractedReference(name, kind, segments, render)


class _HTMLText(HTMLParser):
    """Visible text of an HTML page, one line per block element."""

    _SKIP = {"script", "style", "noscript", "template", "svg"}
    _BLOCK = {
        "p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "title",
        "section", "article", "header", "footer", "table", "ul", "ol", "blockquote", "pre",
    }

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs) -> None:
        if tag in self._SKIP:
            self._skip += 1
        elif tag in self._BLOCK:
            self.parts.append("\n")
        elif tag in ("td", "th"):
            self.parts.append(" | ")

    def handle_endtag(self, tag: str) -> None:
        if tag in self._SKIP:
            self._skip = max(0, self._skip - 1)
        elif tag in self._BLOCK:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.parts.append(data)

    def text(self) -> str:
        lines = [" ".join(line.split()) for line in "".join(self.parts).split("\n")]
        out: list[str] = []
        for line in lines:
            if line or (out and out[-1]):
                out.append(line)
        return "\n".join(out).strip() + "\n"


def _html_text(text: str) -> str:
    parser = _HTMLText()
    parser.feed(text)
    parser.close()
    return parser.text()


def _pdf_text(data: bytes) -> str:
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted:
            raise UnsupportedReference("encrypted PDF")
        pages = [(page.extract_text() or "").strip() for page in reader.pages]
    except UnsupportedReference:
        raise
    except (PdfReadError, ValueError, KeyError, TypeError, OSError):
        raise UnsupportedReference("unreadable PDF") from None
    if not any(pages):
        raise UnsupportedReference("PDF without extractable text (scanned image?)")
    return "\n\n".join(p for p in pages if p) + "\n"


def _docx_text(data: bytes) -> str:
    import zipfile

    import docx
    from docx.table import Table
    from docx.text.paragraph import Paragraph

    try:
        document = docx.Document(io.BytesIO(data))
    except (zipfile.BadZipFile, KeyError, ValueError):
        raise UnsupportedReference("unreadable DOCX") from None
    lines: list[str] = []
    for child in document.element.body.iterchildren():
        tag = child.tag.rsplit("}", 1)[-1]
        if tag == "p":
            lines.append(Paragraph(child, document).text)
        elif tag == "tbl":
            for row in Table(child, document).rows:
                lines.append(" | ".join(cell.text for cell in row.cells))
    while lines and not lines[-1].strip():
        lines.pop()
    return "\n".join(lines) + "\n"


def extract_reference(path: Path) -> ExtractedReference:
    """Read one reference file; raise ``UnsupportedReference`` for kinds we do not handle."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise BadReference(f"unreadable ({type(exc).__name__})") from None
    for magic, what in _BINARY_MAGIC:
        if data.startswith(magic):
            raise UnsupportedReference(f"unsupported file type ({what})")
    suffix = path.suffix.lower()
    name = path.name
    if suffix not in SUPPORTED_SUFFIXES:
        raise UnsupportedReference(f"unsupported file type ({suffix or 'no extension'})")
    if suffix == ".pdf":
        return _whole_text(name, "pdf", _pdf_text(data), keep_suffix=False)
    if suffix == ".docx":
        return _whole_text(name, "docx", _docx_text(data), keep_suffix=False)
    text = _decode(data, path)
    if suffix in (".html", ".htm"):
        return _whole_text(name, "html", _html_text(text), keep_suffix=False)
    if suffix in (".csv", ".tsv"):
        return _csv_reference(name, text, "," if suffix == ".csv" else "\t")
    if suffix == ".json":
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as exc:
            raise BadReference(f"invalid JSON at line {exc.lineno} column {exc.colno}") from None
        return _structured_reference(name, "json", obj)
    if suffix in (".yaml", ".yml"):
        try:
            obj = yaml.safe_load(text)
        except yaml.YAMLError:
            raise BadReference("invalid YAML") from None
        return _structured_reference(name, "yaml", obj)
    return _whole_text(name, "markdown" if suffix in (".md", ".markdown") else "text", text)
