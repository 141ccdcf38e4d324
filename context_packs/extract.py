"""Reference files: their text, split into pieces to scrub, and how to write it back.

Text formats are handled here: plain text and Markdown (kept as text), CSV/TSV (cell
by cell, written back as CSV), JSON and YAML (string values and keys, written back in
the same format). Documents come out in their own format through ``privacy.formats``
(one module per format: DOCX, XLSX, PPTX, PDF rebuilt with a ``.txt`` beside it, HTML,
EML, ICS, images with their metadata removed). Anything else (audio, archives, other
office formats) raises ``UnsupportedReference``, and so does a scanned page (OCR is
not included); a broken supported file raises ``BadReference``. The builder turns
either into an ``InputError`` (an unsupported file only unless ``--skip-unsupported``).
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import yaml

from privacy import formats
from privacy.formats import Broken, RenderContext, Unsupported

TEXT_SUFFIXES = {".txt", ".md", ".markdown", ".text"}
STRUCTURED_SUFFIXES = {".json", ".yaml", ".yml"}
DOCUMENT_SUFFIXES = set(formats.HANDLERS)
SUPPORTED_SUFFIXES = TEXT_SUFFIXES | STRUCTURED_SUFFIXES | DOCUMENT_SUFFIXES | {".csv", ".tsv"}

# Magic numbers of binaries we refuse even under a text extension (images go to their handler).
_BINARY_MAGIC = (
    (b"RIFF", "RIFF media (WAV/AVI)"),
    (b"ID3", "MP3 audio"),
    (b"OggS", "Ogg media"),
    (b"fLaC", "FLAC audio"),
    (b"\x1f\x8b", "gzip archive"),
)

# A reference file whose kind we cannot turn into scrubbable text (message carries no data).
UnsupportedReference = Unsupported
# A supported reference file that is broken (invalid JSON, unreadable); never skipped.
BadReference = Broken


@dataclass
class ExtractedReference:
    """A reference file's text pieces, and how to render them once scrubbed.

    ``render(segments, ctx)`` returns the file's new content (text, or bytes for a
    document) from (scrubbed) segments in the same order; ``companion(segments)`` is the
    text of a ``<name>.txt`` written beside it (PDF). ``notes`` are one-line remarks
    for the user and the manifest (an image's pixels are not read).
    """

    source_name: str
    kind: str
    segments: list[str]
    render: Callable[[list[str], RenderContext], str | bytes]
    companion: Callable[[list[str]], str] | None = None
    notes: list[str] = field(default_factory=list)

    def output_name(self, scrubbed_name: str) -> str:
        return scrubbed_name

    def outputs(self, scrubbed_name: str, segments: list[str], ctx: RenderContext) -> list[tuple[str, str | bytes]]:
        """(file name, content) of every file this reference becomes."""
        out = [(scrubbed_name, self.render(segments, ctx))]
        if self.companion is not None:
            out.append((scrubbed_name + ".txt", self.companion(segments)))
        return out


def _decode(data: bytes, path: Path) -> str:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise UnsupportedReference("not UTF-8 text") from None
    if "\x00" in text:
        raise UnsupportedReference("binary content")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _whole_text(name: str, kind: str, text: str) -> ExtractedReference:
    return ExtractedReference(name, kind, [text], lambda segs, _ctx=None: segs[0])


def _csv_reference(name: str, text: str, delimiter: str) -> ExtractedReference:
    rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    flat = [cell for row in rows for cell in row]

    def render(segs: list[str], _ctx=None) -> str:
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


def _structured_reference(name: str, kind: str, obj: Any, raw: bytes = b"") -> ExtractedReference:
    segments: list[str] = []
    _collect_strings(obj, segments)

    def render(segs: list[str], _ctx=None) -> str:
        new = _rebuild(obj, iter(segs))
        if kind == "json":  # in the file's own style (indent, separators, escaping)
            from privacy.scrub.jsonstyle import SNIFF_BYTES, sniff

            style = sniff(raw[:SNIFF_BYTES])
            return style.file_text(style.dumps(new) + "\n")
        return yaml.safe_dump(new, sort_keys=False, allow_unicode=True, width=1000)

    return ExtractedReference(name, kind, segments, render)


def extract_reference(path: Path) -> ExtractedReference:
    """Read one reference file; raise ``UnsupportedReference`` for kinds we do not handle."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise BadReference(f"unreadable ({type(exc).__name__})") from None
    name = path.name
    doc = formats.read_document(name, data)
    if doc is not None:
        return ExtractedReference(name, doc.kind, doc.segments, doc.render, doc.companion, list(doc.notes))
    for magic, what in _BINARY_MAGIC:
        if data.startswith(magic):
            raise UnsupportedReference(f"unsupported file type ({what})")
    suffix = path.suffix.lower()
    if suffix not in SUPPORTED_SUFFIXES:
        raise UnsupportedReference(f"unsupported file type ({suffix or 'no extension'})")
    return _keep_endings(_text_reference(name, suffix, _decode(data, path), data), data)


def _keep_endings(ref: ExtractedReference, data: bytes) -> ExtractedReference:
    """Written back with the input's line endings (CRLF or LF) and byte-order mark."""
    crlf, bom = b"\r\n" in data, data.startswith(b"\xef\xbb\xbf")
    if not (crlf or bom):
        return ref
    inner = ref.render

    def render(segs: list[str], ctx=None) -> str:
        out = inner(segs, ctx)
        out = out.lstrip("\ufeff")
        return ("\ufeff" if bom else "") + (out.replace("\n", "\r\n") if crlf else out)

    ref.render = render
    return ref


def _text_reference(name: str, suffix: str, text: str, data: bytes) -> ExtractedReference:
    if suffix in (".csv", ".tsv"):
        return _csv_reference(name, text, "," if suffix == ".csv" else "\t")
    if suffix == ".json":
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as exc:
            raise BadReference(f"invalid JSON at line {exc.lineno} column {exc.colno}") from None
        return _structured_reference(name, "json", obj, data)
    if suffix in (".yaml", ".yml"):
        try:
            obj = yaml.safe_load(text)
        except yaml.YAMLError:
            raise BadReference("invalid YAML") from None
        return _structured_reference(name, "yaml", obj)
    return _whole_text(name, "markdown" if suffix in (".md", ".markdown") else "text", text)
