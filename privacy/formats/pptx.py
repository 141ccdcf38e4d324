"""``.pptx`` (python-pptx): every text replaced in place, slides, layout and styles kept.

Slots, part by part in name order (slides, notes, layouts, masters, comments): each
paragraph's runs (``a:t`` under ``a:p``: text boxes, placeholders, tables, grouped
shapes, modern comments), legacy comment texts, comment authors' names, initials and
user ids (legacy initials recomputed from the new name), shape alt text (``descr``,
``title``) and the targets of every part's external relationships. Charts and SmartArt
(their text, cached labels and workbook references) and embedded Office files (a
chart's workbook: read with their own handler, recursively) too; an embedded OLE object
or an EMF/WMF/SVG drawing is refused. Then the metadata and the zip (``ooxml``).
"""

from __future__ import annotations

import io
import zipfile

from privacy.formats import ooxml
from privacy.formats.base import Broken, Document, RenderContext
from privacy.formats.wordml import (attribute_slots, drawing_or_embedded_slots, external_link_slots,
                                     node_slots, paragraph_slots, xml_of)

A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
P = "{http://schemas.openxmlformats.org/presentationml/2006/main}"
_TEXT_PARTS = (".slide+xml", ".notesSlide+xml", ".slideLayout+xml", ".slideMaster+xml", ".comments+xml",
               ".commentAuthors+xml", ".notesMaster+xml", ".handoutMaster+xml", ".authors+xml")
P188 = "{http://schemas.microsoft.com/office/powerpoint/2018/8/main}"  # modern comments and their authors


def _open(data: bytes):
    import pptx

    try:
        return pptx.Presentation(io.BytesIO(data))
    except (zipfile.BadZipFile, KeyError, ValueError):
        raise Broken("unreadable PPTX") from None
    except Exception as exc:  # python-pptx's PackageNotFoundError and friends
        raise Broken(f"unreadable PPTX ({type(exc).__name__})") from None


def _slots(prs, ctx_box: list | None = None):
    slots, saves = [], []
    ctx_box = ctx_box if ctx_box is not None else [None]
    every = sorted(prs.part.package.iter_parts(), key=lambda p: str(p.partname))
    for part in every:
        if part.content_type.endswith(_TEXT_PARTS):
            root, save = xml_of(part)
            saves.append(save)
            slots += paragraph_slots(root, f"{A}p", {f"{A}t"})
            slots += node_slots(root, [f"{P}text"])
            for el in root.iter(f"{P}cmAuthor", f"{P188}author"):
                slots += attribute_slots(el, ["name", "initials", "userId"])
            for el in root.iter(f"{P}cNvPr"):
                slots += attribute_slots(el, ["descr", "title"])
        else:
            slots += drawing_or_embedded_slots(part, saves, ctx_box)
        slots += external_link_slots(part)
    return slots, saves


def _fix_initials(prs) -> None:
    for part in prs.part.package.iter_parts():
        if part.content_type.endswith(".commentAuthors+xml"):
            root, save = xml_of(part)
            for a in root.iter(f"{P}cmAuthor"):
                a.set("initials", "".join(w[0] for w in (a.get("name") or "").split())[:4])
            save()


def read(data: bytes, *, check_pictures: bool = True) -> Document:
    """``check_pictures=False`` (the audit): no OCR of embedded pictures, no notes about them."""
    slots, _ = _slots(_open(data))
    ooxml.check_media(data)
    notes = ooxml.picture_notes(data) if check_pictures else []
    meta = ooxml.metadata_segments(data)

    def render(scrubbed: list[str], ctx: RenderContext) -> bytes:
        return ooxml.rewrite(data, _open, _slots, _fix_initials, meta, scrubbed, ctx)

    return Document("pptx", [t for t, _ in slots] + meta, render, notes=notes)
