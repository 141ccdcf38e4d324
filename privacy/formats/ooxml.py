"""Shared by DOCX, XLSX and PPTX: document metadata, thumbnails and deterministic zips.

* **Metadata** (``docProps/core.xml``, ``app.xml``, ``custom.xml``, ``customXml/item*.xml``):
  every text leaf is a segment (author, last modified by, title, company, manager,
  custom properties ...), except numbers, booleans and the application's own fields;
  dates (``created``, ``modified``, ``lastPrinted``, any W3CDTF value) move by the
  contributor's offset. They are read from the *input* and written over whatever the
  library saved, so a library that stamps ``modified`` with the clock changes nothing.
* **Thumbnails** (``docProps/thumbnail.*``, a picture of the first page) are removed
  with their relationship; **embedded pictures** (``word/media/``, ``ppt/media/``,
  ``xl/media/``) lose their metadata (EXIF, GPS ...) like any image (``image``).
* **The zip** is rewritten with every entry dated 1980-01-01 00:00, in the saved order,
  deflated, so the same input gives the same bytes.
"""

from __future__ import annotations

import io
import re
import zipfile

from lxml import etree

from privacy.formats import image
from privacy.formats.base import Broken, Cursor, RenderContext, shift_iso_date

FIXED_TIME = (1980, 1, 1, 0, 0, 0)
_MEDIA = re.compile(r"^(word|ppt|xl)/media/[^/]+$")
_THUMB = re.compile(r"^docProps/thumbnail\.[A-Za-z0-9]+$")
_KEEP_TAGS = {
    "Application", "AppVersion", "DocSecurity", "ScaleCrop", "LinksUpToDate", "SharedDoc",
    "HyperlinksChanged", "TotalTime", "Pages", "Words", "Characters", "CharactersWithSpaces",
    "Lines", "Paragraphs", "Slides", "Notes", "HiddenSlides", "MMClips", "PresentationFormat",
    "revision", "version", "language", "contentType",
}
_DATE_TAGS = {"created", "modified", "lastPrinted"}
_NUMBER = re.compile(r"^\s*(-?\d+(\.\d+)?|true|false)\s*$", re.IGNORECASE)
_XSI_TYPE = "{http://www.w3.org/2001/XMLSchema-instance}type"


def _is_metadata(name: str) -> bool:
    return (name.startswith("docProps/") and name.endswith(".xml")) or bool(
        re.fullmatch(r"customXml/item\d+\.xml", name))


def _local(tag) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _leaves(root):
    """(element, 'text' | 'date') for every text leaf of a metadata part, in document order."""
    for el in root.iter():
        if not isinstance(el.tag, str) or len(el) or not el.text or not el.text.strip():
            continue
        local = _local(el.tag)
        if local in _DATE_TAGS or "W3CDTF" in (el.get(_XSI_TYPE) or "") or local in ("filetime", "date"):
            yield el, "date"
        elif local in _KEEP_TAGS or _NUMBER.match(el.text):
            continue
        else:
            yield el, "text"


def _open(data: bytes) -> zipfile.ZipFile:
    try:
        return zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        raise Broken("not a readable Office file (zip)") from None


def _parse(blob: bytes):
    try:
        return etree.fromstring(blob, etree.XMLParser(resolve_entities=False, no_network=True))
    except etree.XMLSyntaxError:
        raise Broken("unreadable document metadata") from None


def metadata_segments(data: bytes) -> list[str]:
    """The metadata texts of an Office file, in a fixed order (see the module doc)."""
    out: list[str] = []
    with _open(data) as z:
        for name in sorted(n for n in z.namelist() if _is_metadata(n)):
            out += [el.text for el, what in _leaves(_parse(z.read(name))) if what == "text"]
    return out


def _rewrite_metadata(blob: bytes, take, days: int) -> bytes:
    root = _parse(blob)
    for el, what in _leaves(root):
        if what == "date":
            el.text = shift_iso_date(el.text, days) if take is not None else "1980-01-01T00:00:00Z"
        elif take is not None:
            el.text = take()
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


# the package parts that point at a thumbnail, and the attribute that holds the pointer
_THUMB_POINTER = {"_rels/.rels": "Target", "[Content_Types].xml": "PartName"}


def _drop_thumbnail_refs(name: str, blob: bytes) -> bytes:
    attr = _THUMB_POINTER.get(name)
    if attr is None:
        return blob
    root = _parse(blob)
    for el in list(root):
        if _THUMB.match((el.get(attr) or "").lstrip("/")):
            root.remove(el)
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


def _clean_picture(blob: bytes, ctx: RenderContext) -> bytes:
    """An embedded picture without its metadata (other media, such as EMF or video, as they are)."""
    from privacy.formats import is_image

    if not is_image(blob):
        return blob
    return image.read(blob).render([], ctx)


def _vector_kind(blob: bytes) -> str | None:
    if blob[:4] == b"\x01\x00\x00\x00" and blob[40:44] == b" EMF":
        return "EMF"
    if blob[:4] in (b"\xd7\xcd\xc6\x9a", b"\x01\x00\x09\x00", b"\x02\x00\x09\x00"):
        return "WMF"
    head = blob[:512].lstrip().lower()
    if head.startswith(b"<svg") or (head.startswith(b"<?xml") and b"<svg" in head):
        return "SVG"
    return None


def check_media(data: bytes) -> None:
    """Refuse a file whose embedded pictures are drawings that can hold text (EMF, WMF, SVG:
    their text is not read here)."""
    from privacy.formats.base import Unsupported

    with _open(data) as z:
        for name in sorted(n for n in z.namelist() if _MEDIA.match(n)):
            kind = _vector_kind(z.read(name))
            if kind:
                raise Unsupported(f"an embedded {kind} drawing (it can hold text that is not read): not handled")


PICTURES_NOTE = "pictures inside are not checked for text (OCR is not included); their metadata removed"


def picture_notes(data: bytes) -> list[str]:
    """With OCR (``ocr``): refuse a file whose embedded pictures hold text; without it, a
    note that they were not checked (none when there are no pictures)."""
    import io as _io

    from PIL import Image

    from privacy.formats import is_image, ocr
    from privacy.formats.base import Unsupported

    with _open(data) as z:
        pictures = [z.read(n) for n in sorted(z.namelist()) if _MEDIA.match(n)]
    pictures = [p for p in pictures if is_image(p)]
    if not pictures:
        return []
    if not ocr.available():
        return [PICTURES_NOTE]
    for blob in pictures:
        words = ocr.word_count(Image.open(_io.BytesIO(blob)))
        if words >= ocr.MIN_WORDS:
            raise Unsupported(f"an embedded picture with text (OCR read {words} words): not handled")
    return []


def media_texts(data: bytes) -> list[str]:
    """The metadata texts of every embedded picture (what the audit searches)."""
    from privacy.formats import is_image

    out: list[str] = []
    with _open(data) as z:
        for name in sorted(n for n in z.namelist() if _MEDIA.match(n)):
            blob = z.read(name)
            if is_image(blob):
                out += image.metadata_texts(blob)
    return out


def finish(saved: bytes, original: bytes, metadata: list[str], ctx: RenderContext) -> bytes:
    """The library's saved file with the input's metadata scrubbed in, thumbnails removed,
    and every zip entry at a fixed time (byte-identical rebuilds)."""
    it = iter(metadata)

    def take() -> str:
        try:
            return next(it)
        except StopIteration:
            raise Broken("metadata changed between reading and writing") from None

    with _open(original) as zin:
        meta_in = {n: zin.read(n) for n in sorted(zin.namelist()) if _is_metadata(n)}
    scrubbed = {n: _rewrite_metadata(b, take, ctx.shift_days) for n, b in meta_in.items()}
    out = io.BytesIO()
    with _open(saved) as zs, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zs.infolist():
            name = info.filename
            if _THUMB.match(name):
                continue
            if name in scrubbed:
                blob = scrubbed[name]
            elif _is_metadata(name):
                blob = _rewrite_metadata(zs.read(name), None, 0)  # made by the library: clock removed
            elif _MEDIA.match(name):
                blob = _clean_picture(zs.read(name), ctx)
            else:
                blob = _drop_thumbnail_refs(name, zs.read(name))
            zi = zipfile.ZipInfo(name, date_time=FIXED_TIME)
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o600 << 16
            zi.create_system = 0
            zout.writestr(zi, blob)
    return out.getvalue()


def rewrite(data: bytes, open_doc, slots_of, fix_initials, meta: list[str], scrubbed: list[str],
            ctx: RenderContext) -> bytes:
    """Write ``scrubbed`` back into a fresh copy of a DOCX or PPTX (its reader ``open_doc``, its
    text slots ``slots_of``), fix the comment authors' initials, then the package metadata."""
    doc = open_doc(data)
    slots, saves = slots_of(doc, [ctx])
    if len(slots) + len(meta) != len(scrubbed):
        raise Broken("segment count changed between reading and writing")
    take = Cursor(scrubbed)
    for _text, put in slots:
        put(take())
    for save in saves:
        save()
    fix_initials(doc)
    buf = io.BytesIO()
    doc.save(buf)
    return finish(buf.getvalue(), data, scrubbed[len(slots):], ctx)
