"""A task with one reference file of every supported format packs into files of the same
formats, which open in their own libraries with the same structure, hold the surrogates the
conversations hold, keep no original in their text or metadata, and rebuild byte for byte."""

from __future__ import annotations

import email
import email.policy
import io
import json
import re
import zipfile
from pathlib import Path

import pytest

from privacy import formats

from .conftest import surrogate_of
from .format_fixtures import CONTRIBUTOR_EMAIL, ORIGINAL_WORDS, PEOPLE, REFERENCE_NAMES, write_format_task

TASK = "check-up-01"


@pytest.fixture(scope="module")
def packed(tmp_path_factory):
    """(refs folder, pack reference_files folder, conversations text, workspace, second build's folder)."""
    from context_packs import build_packs
    from synth.workspace import Workspace

    root = tmp_path_factory.mktemp("formats")
    tasks = write_format_task(root)
    ws = Workspace.open(root / "ws")
    build_packs(tasks, root / "packs", workspace=ws, variants=["baseline"])
    build_packs(tasks, root / "again", workspace=ws, variants=["baseline"])
    base = root / "packs" / TASK / "baseline"
    history = "\n".join(p.read_text() for p in sorted((base / "conversation_history").glob("*.json")))
    return root / "refs", base / "reference_files", history, ws, root / "again" / TASK / "baseline"


def _out(packed, name: str) -> Path:
    return packed[1] / name


def test_every_reference_keeps_its_name_and_format_and_the_pdf_gets_a_txt_beside_it(packed):
    names = sorted(p.name for p in packed[1].iterdir())
    assert names == sorted([*REFERENCE_NAMES, "blood-tests.pdf.txt"])


def test_docx_opens_with_the_same_paragraphs_tables_header_footer_and_comment(packed):
    import docx

    a, b = docx.Document(str(packed[0] / "care-plan.docx")), docx.Document(str(_out(packed, "care-plan.docx")))
    assert len(b.paragraphs) == len(a.paragraphs)
    assert [len(t.rows) * len(t.columns) for t in b.tables] == [len(t.rows) * len(t.columns) for t in a.tables]
    assert [len(p.runs) for p in b.paragraphs] == [len(p.runs) for p in a.paragraphs]  # styles stay with their runs
    assert b.paragraphs[1].runs[1].bold
    assert b.sections[0].header.paragraphs[0].text.startswith("Confidential: ")
    assert len(list(b.comments)) == 1


def test_xlsx_opens_with_the_same_sheets_cells_and_formulas(packed):
    import openpyxl

    a = openpyxl.load_workbook(packed[0] / "lab-results.xlsx")
    b = openpyxl.load_workbook(_out(packed, "lab-results.xlsx"))
    assert len(b.sheetnames) == len(a.sheetnames) and b.sheetnames[1] == "Summary"
    for wa, wb in zip(a.worksheets, b.worksheets):
        assert (wb.max_row, wb.max_column) == (wa.max_row, wa.max_column)
        assert sum(c.value is not None for r in wb.iter_rows() for c in r) == sum(
            c.value is not None for r in wa.iter_rows() for c in r)
    first = b.worksheets[0]
    assert first["B2"].value == 13.5 and first["B5"].value == "=AVERAGE(B2:B3)"
    # the formula follows its renamed sheet
    assert b["Summary"]["B1"].value == f"='{first.title}'!B5"


def test_pptx_opens_with_the_same_slides_shapes_and_notes(packed):
    from pptx import Presentation

    a, b = Presentation(str(packed[0] / "recovery.pptx")), Presentation(str(_out(packed, "recovery.pptx")))
    assert len(b.slides) == len(a.slides)
    assert [len(s.shapes) for s in b.slides] == [len(s.shapes) for s in a.slides]
    assert b.slides[0].notes_slide.notes_text_frame.text.startswith("Thank ")


def test_pdf_is_rebuilt_with_the_same_pages_sizes_and_line_positions(packed):
    import pdfplumber

    with pdfplumber.open(packed[0] / "blood-tests.pdf") as a, pdfplumber.open(_out(packed, "blood-tests.pdf")) as b:
        assert len(b.pages) == len(a.pages) == 2
        for pa, pb in zip(a.pages, b.pages):
            assert (pb.width, pb.height) == (pa.width, pa.height)
            la, lb = pa.extract_text_lines(), pb.extract_text_lines()
            assert len(lb) == len(la)
            for x, y in zip(la, lb):
                assert abs(x["x0"] - y["x0"]) < 1 and abs(x["top"] - y["top"]) < 2
        assert len(b.pages[0].lines) == 1  # the ruling line is redrawn
    txt = _out(packed, "blood-tests.pdf.txt").read_text()
    assert txt.startswith("Blood test results: ")


def test_html_keeps_its_markup_only_the_text_changes(packed):
    tags = re.compile(r"<[^>]*>")
    a, b = (packed[0] / "visit.html").read_text(), _out(packed, "visit.html").read_text()
    names = lambda html: [re.sub(r'"[^"]*"', '""', t) for t in tags.findall(html)]  # noqa: E731
    assert names(b) == names(a)


def test_eml_parses_keeps_its_headers_less_trace_headers_and_shifts_its_date(packed, tmp_path):
    a = email.message_from_bytes((packed[0] / "results.eml").read_bytes(), policy=email.policy.default)
    b = email.message_from_bytes(_out(packed, "results.eml").read_bytes(), policy=email.policy.default)
    assert b["Received"] is None and b["X-Mailer"] is None
    assert [k for k in b.keys() if k.lower().startswith(("from", "to", "cc", "subject", "date"))] == \
        ["From", "To", "Cc", "Subject", "Date"]
    shift = (b["Date"].datetime - a["Date"].datetime).days
    assert shift != 0 and shift == _offset_days(packed)


def test_ics_keeps_every_property_and_moves_its_dates_by_the_contributor_offset(packed):
    def props(text: str) -> list[str]:
        return [ln.split(":")[0].split(";")[0] for ln in text.replace("\r\n ", "").split("\r\n") if ln]

    a, b = (packed[0] / "check-up.ics").read_text(), _out(packed, "check-up.ics").read_text()
    assert props(b) == props(a)
    start = re.search(r"DTSTART:(\d{8})", b).group(1)
    import datetime as dt

    moved = (dt.datetime.strptime(start, "%Y%m%d") - dt.datetime(2024, 5, 6)).days
    assert moved == _offset_days(packed) != 0


def _offset_days(packed) -> int:
    from synth.surrogates import SurrogateEngine

    from .conftest import ALICE_ID

    return SurrogateEngine(packed[3], contributor_id=ALICE_ID).date_offset_days


def test_images_keep_their_pixels_and_lose_every_metadata_block(packed):
    from PIL import Image

    for name in ("photo.jpg", "chart.png"):
        a, b = Image.open(packed[0] / name), Image.open(_out(packed, name))
        assert b.size == a.size and b.format == a.format
        assert not b.getexif() and not {k for k in b.info if k not in ("dpi", "jfif", "jfif_version", "jfif_unit",
                                                                           "jfif_density")}
        assert formats.text_units(name, _out(packed, name).read_bytes()) == []


@pytest.mark.parametrize("person", PEOPLE)
def test_each_person_has_the_conversations_surrogate_in_every_document(packed, person):
    from .conftest import ALICE_ID

    surrogate = surrogate_of(packed[3], person, ALICE_ID)
    assert surrogate != person and surrogate in packed[2]
    for name in REFERENCE_NAMES:
        if name.endswith((".jpg", ".png")):
            continue
        text = "\n".join(formats.text_units(name, _out(packed, name).read_bytes()))
        assert surrogate in text, name


def _every_string(path: Path) -> bytes:
    """Every byte a reader could find: a zip's members inflated, a PDF's objects and
    streams decompressed (pypdf), anything else as it is."""
    data = path.read_bytes()
    if data[:4] == b"PK\x03\x04":
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            return b"\n".join(z.read(n) + n.encode() for n in z.namelist())
    if data[:5] == b"%PDF-":
        from pypdf import PdfReader
        from pypdf.generic import IndirectObject, StreamObject

        reader = PdfReader(io.BytesIO(data))
        out = [data, str(reader.metadata).encode("utf-8", "replace")]
        numbers = sorted({n for gen in reader.xref.values() for n in gen} | set(reader.xref_objStm))
        assert numbers
        for num in numbers:
            obj = reader.get_object(IndirectObject(num, 0, reader))
            if obj is None:
                continue
            out.append(repr(obj).encode("utf-8", "replace"))
            if isinstance(obj, StreamObject):
                out.append(obj.get_data())
        for page in reader.pages:
            out.append(page.extract_text().encode("utf-8"))
        return b"\n".join(out)
    return data


@pytest.mark.parametrize("name", [*REFERENCE_NAMES, "blood-tests.pdf.txt"])
def test_no_original_is_left_in_the_text_the_metadata_or_any_byte(packed, name):
    # as words: a surrogate drawn under the fixture's random workspace key may hold an original
    # inside a longer name ("Danielle" for someone else), which is no leak of "Daniel"
    blob = _every_string(_out(packed, name)).lower()
    for word in ORIGINAL_WORDS + (CONTRIBUTOR_EMAIL,):
        assert not re.search(rb"(?<![a-z\x80-\xff])" + re.escape(word.lower().encode()) + rb"(?![a-z\x80-\xff])", blob), word
    units = formats.text_units(name, _out(packed, name).read_bytes()) or []
    for word in ORIGINAL_WORDS:
        assert not any(re.search(r"(?<!\w)" + re.escape(word.lower()) + r"(?!\w)", u.lower()) for u in units), word


def test_the_originals_are_really_in_the_inputs(packed):
    """The check above can fail: the same scan finds the originals in every input."""
    for name in REFERENCE_NAMES:
        blob = _every_string(packed[0] / name).lower()
        assert any(w.lower().encode() in blob for w in ORIGINAL_WORDS), name


def test_a_rebuild_with_the_same_workspace_is_byte_identical(packed):
    first = packed[1].parent
    again = packed[4]
    files = sorted(p.relative_to(first).as_posix() for p in first.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(again).as_posix() for p in again.rglob("*") if p.is_file())
    for rel in files:
        assert (first / rel).read_bytes() == (again / rel).read_bytes(), rel


def test_office_zips_carry_no_clock(packed):
    for name in ("care-plan.docx", "lab-results.xlsx", "recovery.pptx"):
        with zipfile.ZipFile(_out(packed, name)) as z:
            assert {i.date_time for i in z.infolist()} == {(1980, 1, 1, 0, 0, 0)}
            assert not any(n.startswith("docProps/thumbnail") for n in z.namelist())


def test_the_manifest_notes_how_the_images_pixels_were_checked(packed):
    from privacy.formats import image, ocr

    manifest = json.loads((packed[1].parent / "manifest.json").read_text())
    notes = manifest["reference_file_notes"]
    assert [n["field"] for n in notes] == ["reference_files[7]", "reference_files[8]"]
    expected = image.OCR_NOTE if ocr.available() else image.PIXELS_NOTE
    assert all(n["note"] == expected for n in notes)
    assert manifest["counts"]["reference_files"] == len(REFERENCE_NAMES)
