"""Reference-file formats: read every text of a file, write the file back in its own format.

One module per format, each with ``read(data) -> Document`` (``base.py``): DOCX, XLSX,
PPTX, PDF, HTML, EML, ICS and images. ``HANDLERS`` maps a file suffix to its reader,
as Presidio's recognizer registry maps an entity to its recognizers; ``read_document``
picks by suffix (an image is recognised by its bytes whatever its name). This package
imports nothing else from the project: ``context_packs`` writes packs with it and
``privacy.audit`` reads the same texts back (``text_units``).
"""

from __future__ import annotations

import dataclasses
import logging
import warnings
from collections.abc import Callable

from privacy.formats import docx, eml, html, ics, image, pdf, pptx, xlsx
from privacy.formats.base import Broken, Document, RenderContext, Unsupported

# The parsers' own log lines quote the file's bytes (pypdf: "Invalid Elementary Object
# starting with b'…'"): none of it may reach a log, so their loggers are silenced.
QUIET_LOGGERS = ("pypdf", "pdfminer", "pdfplumber", "PIL", "openpyxl", "docx", "pptx", "fontTools")
for _name in QUIET_LOGGERS:
    logging.getLogger(_name).setLevel(logging.CRITICAL + 1)

HANDLERS: dict[str, Callable[[bytes], Document]] = {
    ".docx": docx.read,
    ".xlsx": xlsx.read,
    ".pptx": pptx.read,
    ".pdf": pdf.read,
    ".html": html.read,
    ".htm": html.read,
    ".eml": eml.read,
    ".ics": ics.read,
    **{s: image.read for s in (".jpg", ".jpeg", ".png", ".gif", ".webp", ".tif", ".tiff", ".bmp")},
}

# Magic numbers that say "image" whatever the file is called.
IMAGE_MAGIC = (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"GIF87a", b"GIF89a", b"II*\x00", b"MM\x00*")


def is_image(data: bytes) -> bool:
    return data.startswith(IMAGE_MAGIC) or (data[:4] == b"RIFF" and data[8:12] == b"WEBP") or (
        data[:2] == b"BM" and len(data) > 26 and int.from_bytes(data[2:6], "little") == len(data))


def handler_for(name: str, data: bytes) -> Callable[[bytes], Document] | None:
    """The reader for a file, or None when it is not one of these formats."""
    if is_image(data):
        return image.read
    suffix = "." + name.rsplit(".", 1)[-1].lower() if "." in name else ""
    return HANDLERS.get(suffix)


def _guarded(kind: str, fn):
    """Any other exception a parser raises on a damaged file becomes ``Broken`` (no data)."""

    def call(*args, **kwargs):
        try:
            with warnings.catch_warnings():  # parser warnings ("Corrupt EXIF data ...") may quote the file
                warnings.simplefilter("ignore")
                return fn(*args, **kwargs)
        except (Broken, Unsupported, MemoryError, RecursionError):
            raise
        except Exception as exc:
            raise Broken(f"unreadable {kind} ({type(exc).__name__})") from None

    return call


def read_document(name: str, data: bytes) -> Document | None:
    """The file as a ``Document``; None when its format is not handled here. A damaged file
    raises ``Broken`` (also when writing it back fails), one we do not handle ``Unsupported``."""
    h = handler_for(name, data)
    if h is None:
        return None
    kind = h.__module__.rsplit(".", 1)[-1].upper()
    doc = _guarded(kind, h)(data)
    return dataclasses.replace(doc, render=_guarded(kind, doc.render))


def text_units(name: str, data: bytes) -> list[str] | None:
    """Every text of the file, metadata included (what the audit searches); None when the
    format is not handled here. A file that cannot be read gives ``Broken``/``Unsupported``."""
    h = handler_for(name, data)
    if h is None:
        return None
    if h is image.read:
        return image.metadata_texts(data)
    read = _guarded(h.__module__.rsplit(".", 1)[-1].upper(), h)
    units = (read(data, check_pictures=False) if h in (docx.read, pptx.read) else read(data)).segments
    if h in (docx.read, xlsx.read, pptx.read):
        from privacy.formats import ooxml

        units += ooxml.media_texts(data)
    return units


__all__ = ["HANDLERS", "Broken", "Document", "RenderContext", "Unsupported", "handler_for", "read_document",
           "text_units"]
