"""``.docx`` (python-docx): every text replaced in place, layout and styles kept.

Slots, part by part in name order (body, headers, footers, comments, footnotes,
endnotes, the people list): each paragraph's runs (tables, text boxes and content
controls included; tracked deletions ``w:delText`` too, since they are still in the
file), field codes, every ``author`` attribute (comments, tracked changes, the people
list, whose ``userId`` e-mails too; a comment's ``w:initials`` are recomputed from its
new author), image alt text, document variables, and the targets of every part's
external relationships (``mailto:`` links, an attached template's path with a user
name in it). Charts and SmartArt (their text, cached labels and workbook references)
and embedded Office files (a chart's workbook: read with their own handler,
recursively) too; an embedded OLE object or an EMF/WMF/SVG drawing is refused. Then
the metadata and the zip (``ooxml``).
"""

from __future__ import annotations

import io
import zipfile

from privacy.formats import ooxml
from privacy.formats.base import Broken, Document, RenderContext
from privacy.formats.wordml import (attribute_slots, drawing_or_embedded_slots, external_link_slots,
                                     node_slots, paragraph_slots, xml_of)

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
WP = "{http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing}"
_TEXT_PARTS = ("document.main+xml", ".header+xml", ".footer+xml", ".comments+xml", ".footnotes+xml",
               ".endnotes+xml", "commentsExtended+xml", ".people+xml")
W15 = "{http://schemas.microsoft.com/office/word/2012/wordml}"


def _open(data: bytes):
    import docx

    try:
        return docx.Document(io.BytesIO(data))
    except (zipfile.BadZipFile, KeyError, ValueError):
        raise Broken("unreadable DOCX") from None
    except Exception as exc:  # python-docx raises its own PackageNotFoundError and friends
        raise Broken(f"unreadable DOCX ({type(exc).__name__})") from None


def _slots(document, ctx_box: list | None = None):
    slots, saves = [], []
    ctx_box = ctx_box if ctx_box is not None else [None]
    every = sorted(document.part.package.iter_parts(), key=lambda p: str(p.partname))
    for part in every:
        if part.content_type.endswith(_TEXT_PARTS):
            root, save = xml_of(part)
            saves.append(save)
            slots += paragraph_slots(root, f"{W}p", {f"{W}t", f"{W}delText"})
            slots += node_slots(root, [f"{W}instrText"])
            slots += attribute_slots(root, [f"{W}author", f"{W15}author", f"{W15}userId"])
            for el in root.iter(f"{WP}docPr"):
                slots += attribute_slots(el, ["descr", "title"])
        elif part.content_type.endswith(".settings+xml"):  # document variables (w:docVar) can hold names
            root, save = xml_of(part)
            saves.append(save)
            for el in root.iter(f"{W}docVar"):
                slots += attribute_slots(el, [f"{W}val"])
        else:
            slots += drawing_or_embedded_slots(part, saves, ctx_box)
        slots += external_link_slots(part)
    return slots, saves


def _fix_initials(document) -> None:
    for part in document.part.package.iter_parts():
        if part.content_type.endswith(".comments+xml"):
            root, save = xml_of(part)
            for c in root.iter(f"{W}comment"):
                if c.get(f"{W}initials") is not None:
                    c.set(f"{W}initials", "".join(w[0] for w in (c.get(f"{W}author") or "").split())[:4])
            save()


def read(data: bytes, *, check_pictures: bool = True) -> Document:
    """``check_pictures=False`` (the audit): no OCR of embedded pictures, no notes about them."""
    document = _open(data)
    slots, _ = _slots(document)
    ooxml.check_media(data)
    notes = ooxml.picture_notes(data) if check_pictures else []
    meta = ooxml.metadata_segments(data)
    segments = [text for text, _put in slots] + meta

    def render(scrubbed: list[str], ctx: RenderContext) -> bytes:
        return ooxml.rewrite(data, _open, _slots, _fix_initials, meta, scrubbed, ctx)

    return Document("docx", segments, render, notes=notes)


def text_units(data: bytes) -> list[str]:
    return read(data).segments
