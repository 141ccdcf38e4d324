"""``.xlsx`` (openpyxl): cell values, sheet names, comments, headers and footers.

Every string cell (not a formula) is a segment; formulas are kept as written, except
their string literals (``=CONCAT("Dear ", A1)``: each ``"…"`` is a segment, replaced in
place) and references to a renamed sheet (``='Jane Doe'!B2`` follows the sheet). Sheet
names are scrubbed (at most 31 characters, ``[]:*?/\\`` removed, kept unique), and so
are cell hyperlinks (``mailto:`` targets, tooltips), cell comments and their authors,
headers and footers, and the metadata
(``ooxml``). Numbers, dates in cells, styles, widths and merged cells are kept.
openpyxl does not keep charts or images: they are not in the output.
"""

from __future__ import annotations

import io
import re
import zipfile

from privacy.formats import ooxml
from privacy.formats.base import Broken, Cursor, Document, RenderContext

_BAD_SHEET = re.compile(r"[\[\]:*?/\\]")
_LITERAL = re.compile(r'"((?:[^"]|"")*)"')


def _literal_slots(cell):
    """One slot per string literal of a formula (``""`` inside it is a quote)."""
    formula = cell.value
    found = [m for m in _LITERAL.finditer(formula) if m.group(1).strip()]
    if not found:
        return []
    new_texts: dict[int, str] = {}

    def put_for(i: int):
        def put(new: str) -> None:
            new_texts[i] = new
            if len(new_texts) == len(found):
                out, pos = [], 0
                for k, m in enumerate(found):
                    out += [formula[pos : m.start()], '"' + new_texts[k].replace('"', '""') + '"']
                    pos = m.end()
                cell.value = "".join(out) + formula[pos:]

        return put

    return [(m.group(1).replace('""', '"'), put_for(i)) for i, m in enumerate(found)]


def _open(data: bytes):
    import openpyxl

    try:
        return openpyxl.load_workbook(io.BytesIO(data), rich_text=False, keep_links=False)
    except (zipfile.BadZipFile, KeyError, ValueError, TypeError, OSError):
        raise Broken("unreadable XLSX") from None
    except Exception as exc:  # openpyxl's InvalidFileException and friends
        raise Broken(f"unreadable XLSX ({type(exc).__name__})") from None


def _header_footers(ws):
    for hf in (ws.oddHeader, ws.oddFooter, ws.evenHeader, ws.evenFooter, ws.firstHeader, ws.firstFooter):
        for part in (hf.left, hf.center, hf.right):
            yield part


def _slots(wb):
    """(text, put) for every text of the workbook, sheet by sheet, row by row."""
    slots = []
    for ws in wb.worksheets:
        slots.append((ws.title, lambda new, ws=ws: setattr(ws, "_new_title", new)))
        for row in ws.iter_rows():
            for cell in row:
                v = cell.value
                if isinstance(v, str) and cell.data_type != "f" and v.strip():
                    slots.append((v, lambda new, c=cell: setattr(c, "value", new)))
                elif isinstance(v, str) and cell.data_type == "f":
                    slots += _literal_slots(cell)
                link = cell.hyperlink
                if link is not None:
                    for attr in ("target", "display", "tooltip", "location"):
                        v = getattr(link, attr, None)
                        if isinstance(v, str) and v.strip():
                            slots.append((v, lambda new, link=link, attr=attr: setattr(link, attr, new)))
                if cell.comment is not None:
                    com = cell.comment
                    if com.text and com.text.strip():
                        slots.append((com.text, lambda new, com=com: setattr(com, "text", new)))
                    if com.author and com.author.strip():
                        slots.append((com.author, lambda new, com=com: setattr(com, "author", new)))
        for part in _header_footers(ws):
            if part.text and part.text.strip():
                slots.append((part.text, lambda new, part=part: setattr(part, "text", new)))
    return slots


def _sheet_title(new: str, used: set[str]) -> str:
    base = _BAD_SHEET.sub("", new).strip().strip("'")[:31] or "Sheet"
    title, n = base, 2
    while title.lower() in used:
        suffix = f" ({n})"
        title, n = base[: 31 - len(suffix)] + suffix, n + 1
    used.add(title.lower())
    return title


def _quoted(title: str) -> str:
    return "'" + title.replace("'", "''") + "'"


def _retitle(wb) -> None:
    """Apply the new sheet names and point formulas at them."""
    used: set[str] = set()
    renames: list[tuple[str, str]] = []
    for ws in wb.worksheets:
        new = _sheet_title(getattr(ws, "_new_title", ws.title), used)
        if new != ws.title:
            renames.append((ws.title, new))
            ws.title = new
    if not renames:
        return
    pats = [(re.compile(r"(?:'" + re.escape(old.replace("'", "''")) + r"'|(?<![\w.'])" + re.escape(old) + r")!"),
             _quoted(new) + "!") for old, new in renames]
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if cell.data_type == "f" and isinstance(cell.value, str):
                    v = cell.value
                    for pat, repl in pats:
                        v = pat.sub(lambda _m, r=repl: r, v)
                    cell.value = v


def read(data: bytes) -> Document:
    slots = _slots(_open(data))
    meta = ooxml.metadata_segments(data)

    def render(scrubbed: list[str], ctx: RenderContext) -> bytes:
        wb = _open(data)
        slots2 = _slots(wb)
        if len(slots2) + len(meta) != len(scrubbed):
            raise Broken("segment count changed between reading and writing")
        take = Cursor(scrubbed)
        for _text, put in slots2:
            put(take())
        _retitle(wb)
        buf = io.BytesIO()
        wb.save(buf)
        return ooxml.finish(buf.getvalue(), data, scrubbed[len(slots2):], ctx)

    return Document("xlsx", [t for t, _ in slots] + meta, render)
