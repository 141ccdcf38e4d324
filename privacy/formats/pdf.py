"""``.pdf``: rebuilt, never overlaid: a new PDF with the same pages and text positions.

Read with pdfplumber (MIT; positions, font sizes and names of every character, on
pdfminer.six): each page's text lines are one segment (lines joined by newlines, so
detection reads the page as a whole; the pieces of a line separated by a wide gap, such
as table columns, are joined by two spaces and each drawn back at its own position), and the document info (author, title, subject,
keywords, creator) is one segment per field. Written with reportlab (BSD) in
*invariant* mode (no clock, no random id): each page at its size, each line at its
position and size in the standard font closest to the original (Helvetica, Times or
Courier, bold and italic kept) and its colour (grey or RGB), ruling lines
and boxes redrawn, nothing else. The original's content streams, fonts, images and
metadata are never copied, so no original string can survive in the file. Characters
Helvetica cannot show (outside Windows-1252) are written as ``?`` in the PDF; the
``.txt`` beside it holds the exact scrubbed text. PyMuPDF (AGPL) is not used.

A page that is an image without a text layer (a scan: no text, or an image over half
the page with fewer than 40 characters) is refused: OCR is not included. Pictures in a
PDF with text, links, form fields and other annotations are left out of the rebuilt
file (the pack notes it).
"""

from __future__ import annotations

import io

from privacy.formats.base import Broken, Document, RenderContext, Unsupported
from privacy.formats.runs import distribute

INFO_FIELDS = ("Author", "Title", "Subject", "Keywords", "Creator")
SCAN_CHARS = 40  # a page mostly covered by an image with fewer characters than this is a scan
IMAGES_NOTE = "the PDF's images are not carried into the rebuilt PDF (text and ruling lines only)"
ANNOTS_NOTE = "the PDF's links, form fields and other annotations are not carried into the rebuilt PDF"


CHUNK_GAP = 1.2  # a horizontal gap wider than this many font sizes starts a new chunk (a table column)
SPACE_GAP = 0.2  # a gap wider than this many font sizes between two glyphs is a space
CHUNK_SEP = "  "  # how chunks of one line are joined in its text (detection and the .txt)


_FAMILIES = (("courier", "Courier"), ("mono", "Courier"), ("times", "Times"), ("serif", "Times"),
             ("georgia", "Times"), ("garamond", "Times"), ("cambria", "Times"))
_STANDARD = {("Helvetica", False, False): "Helvetica", ("Helvetica", True, False): "Helvetica-Bold",
             ("Helvetica", False, True): "Helvetica-Oblique", ("Helvetica", True, True): "Helvetica-BoldOblique",
             ("Times", False, False): "Times-Roman", ("Times", True, False): "Times-Bold",
             ("Times", False, True): "Times-Italic", ("Times", True, True): "Times-BoldItalic",
             ("Courier", False, False): "Courier", ("Courier", True, False): "Courier-Bold",
             ("Courier", False, True): "Courier-Oblique", ("Courier", True, True): "Courier-BoldOblique"}


def _font(fontname: str) -> str:
    """The standard PDF font closest to an embedded one (``ABCDEF+Georgia-BoldItalic``)."""
    low = fontname.lower().split("+")[-1]
    family = next((f for key, f in _FAMILIES if key in low and "sans" not in low), "Helvetica")
    return _STANDARD[(family, "bold" in low or "black" in low or "heavy" in low,
                      "italic" in low or "oblique" in low)]


def _colour(value) -> tuple[float, ...] | None:
    """A grey (1 value) or RGB (3 values) fill colour in 0..1; anything else: black."""
    if isinstance(value, (int, float)):
        value = (value,)
    if isinstance(value, (tuple, list)) and len(value) in (1, 3) and all(
            isinstance(v, (int, float)) and 0 <= v <= 1 for v in value):
        return tuple(float(v) for v in value)
    return None


def _chunks(chars) -> list[tuple[str, float, float, float, bool]]:
    """A line's glyphs as chunks (text, x0, bottom, size, (font, colour)): words close together form
    one chunk, a wide gap (a table column, a tab stop) starts another, so each is drawn
    back at its own position."""
    chunks, cur, prev = [], [], None
    for c in chars:
        if prev is not None and c["x0"] - prev["x1"] > CHUNK_GAP * max(prev["size"], 1.0) and cur:
            chunks.append(cur)
            cur = []
        cur.append(c)
        prev = c
    if cur:
        chunks.append(cur)
    out = []
    for ch in chunks:
        text, last = "", None
        for c in ch:
            if last is not None and c["x0"] - last["x1"] > SPACE_GAP * max(last["size"], 1.0) and not text.endswith(" "):
                text += " "
            text += c["text"]
            last = c
        text = " ".join(text.split())
        glyphs = [c for c in ch if c["text"].strip()]
        if not text or not glyphs:
            continue
        size = sorted(c["size"] for c in glyphs)[len(glyphs) // 2]
        style = (_font(glyphs[len(glyphs) // 2].get("fontname") or ""), _colour(glyphs[0].get("non_stroking_color")))
        out.append((text, float(glyphs[0]["x0"]), float(max(c["bottom"] for c in glyphs)), float(size), style))
    return out


def _pages(data: bytes):
    """[(width, height, lines, rules)]: lines = [(text, [(chunk, x0, baseline_from_bottom, size, style)])]."""
    import pdfplumber
    from pdfminer.pdfparser import PDFSyntaxError

    try:
        pdf = pdfplumber.open(io.BytesIO(data))
    except (PDFSyntaxError, ValueError, KeyError, TypeError, OSError):
        raise Broken("unreadable PDF") from None
    except Exception as exc:  # pdfminer's own exceptions (encrypted, broken xref ...)
        raise Unsupported(f"unreadable or encrypted PDF ({type(exc).__name__})") from None
    out = []
    has_images = has_annots = False
    with pdf:
        for n, page in enumerate(pdf.pages, 1):
            lines = []
            for ln in page.extract_text_lines(return_chars=True, strip=True):
                chunks = [(t, x, page.height - bottom + size * 0.2, size, style)
                          for t, x, bottom, size, style in _chunks(ln["chars"])]
                if chunks:
                    lines.append((CHUNK_SEP.join(c[0] for c in chunks), chunks))
            covered = sum(abs((i["x1"] - i["x0"]) * (i["bottom"] - i["top"])) for i in page.images)
            nchars = sum(len(t.replace(" ", "")) for t, _c in lines)
            if page.images and (not lines or (covered > 0.5 * page.width * page.height and nchars < SCAN_CHARS)):
                raise Unsupported(f"page {n} is an image with no text layer (a scan?); OCR is not included")
            has_images = has_images or bool(page.images)
            has_annots = has_annots or bool(page.annots)
            rules = [(float(o["x0"]), float(page.height - o["bottom"]), float(o["x1"]), float(page.height - o["top"]),
                      float(o.get("linewidth") or 0.5))
                     for o in list(page.rects) + list(page.lines) if o.get("stroke", True)]
            out.append((float(page.width), float(page.height), lines, rules))
    if not any(p[2] for p in out):
        raise Unsupported("PDF without extractable text (a scan?); OCR is not included")
    return out, has_images, has_annots


def _info(data: bytes) -> list[str]:
    from pypdf import PdfReader

    try:
        meta = PdfReader(io.BytesIO(data)).metadata or {}
    except Exception:  # already read by pdfplumber: a broken info dictionary is just left out
        return [""] * len(INFO_FIELDS)
    return [str(meta.get(f"/{f}") or "") for f in INFO_FIELDS]


def _latin(text: str) -> str:
    return text.encode("cp1252", "replace").decode("cp1252")


def read(data: bytes) -> Document:
    pages, has_images, has_annots = _pages(data)
    info = _info(data)
    segments = ["\n".join(t for t, _c in lines) for _w, _h, lines, _r in pages] + info
    npages = len(pages)

    def page_lines(i: int, new: str) -> list[str]:
        old = [t for t, _c in pages[i][2]]
        if new.count("\n") == len(old) - 1:
            return new.split("\n")
        pieces = [t + "\n" for t in old[:-1]] + [old[-1]]
        return [p.rstrip("\n") for p in distribute(pieces, new)]

    def render(scrubbed: list[str], ctx: RenderContext) -> bytes:
        from reportlab.pdfgen import canvas

        if len(scrubbed) != len(segments):
            raise Broken("segment count changed between reading and writing")
        buf = io.BytesIO()
        c = canvas.Canvas(buf, invariant=1, pageCompression=1)
        meta = dict(zip(INFO_FIELDS, scrubbed[npages:]))
        c.setAuthor(meta["Author"])
        c.setTitle(meta["Title"])
        c.setSubject(meta["Subject"])
        c.setKeywords(meta["Keywords"])
        c.setCreator(meta["Creator"])
        for i, (w, h, lines, rules) in enumerate(pages):
            c.setPageSize((w, h))
            for x0, y0, x1, y1, lw in rules:
                c.setLineWidth(lw)
                if abs(y1 - y0) < 0.01 or abs(x1 - x0) < 0.01:
                    c.line(x0, y0, x1, y1)
                else:
                    c.rect(x0, y0, x1 - x0, y1 - y0, stroke=1, fill=0)
            for (_t, chunks), text in zip(lines, page_lines(i, scrubbed[i]), strict=True):
                pieces = [ch[0] + CHUNK_SEP for ch in chunks[:-1]] + [chunks[-1][0]]
                for (_ct, x, y, size, (font, colour)), piece in zip(chunks, distribute(pieces, text), strict=True):
                    piece = piece.strip()
                    if piece:
                        c.setFont(font, size)
                        if colour is None or len(colour) == 1:
                            c.setFillGray(colour[0] if colour else 0.0)
                        else:
                            c.setFillColorRGB(*colour)
                        c.drawString(x, y, _latin(piece))
            c.showPage()
        c.save()
        return buf.getvalue()

    def companion(scrubbed: list[str]) -> str:
        return "\n\n".join(p for p in scrubbed[:npages] if p) + "\n"

    notes = ([IMAGES_NOTE] if has_images else []) + ([ANNOTS_NOTE] if has_annots else [])
    return Document("pdf", segments, render, companion, notes)
