"""Check 1 reads inside documents: an original in a DOCX, XLSX, PPTX, PDF, e-mail, calendar
or image (its text or its metadata) is found, and the same file with surrogates passes."""

from __future__ import annotations

import io

import pytest

from privacy.audit import audit_dir

from .conftest import clean_texts, write_tree


def _docx_author(name: str) -> bytes:
    import docx

    d = docx.Document()
    d.add_paragraph("Visit notes.")
    d.core_properties.author = name
    buf = io.BytesIO()
    d.save(buf)
    return buf.getvalue()


def _docx_table(name: str) -> bytes:
    import docx

    d = docx.Document()
    t = d.add_table(rows=1, cols=2)
    t.cell(0, 0).text, t.cell(0, 1).text = "Patient", name
    buf = io.BytesIO()
    d.save(buf)
    return buf.getvalue()


def _xlsx_sheet_name(name: str) -> bytes:
    import openpyxl

    wb = openpyxl.Workbook()
    wb.active.title = name
    wb.active["A1"] = "results"
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def _pptx_notes(name: str) -> bytes:
    from pptx import Presentation

    prs = Presentation()
    s = prs.slides.add_slide(prs.slide_layouts[5])
    s.shapes.title.text = "Plan"
    s.notes_slide.notes_text_frame.text = f"ask {name}"
    buf = io.BytesIO()
    prs.save(buf)
    return buf.getvalue()


def _pdf_text(name: str) -> bytes:
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, invariant=1)
    c.drawString(72, 720, f"Results for {name}")
    c.save()
    return buf.getvalue()


def _pdf_author(name: str) -> bytes:
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, invariant=1)
    c.setAuthor(name)
    c.drawString(72, 720, "Results")
    c.save()
    return buf.getvalue()


def _eml_header(name: str) -> bytes:
    return (f"From: {name} <a@example.com>\nSubject: hello\nContent-Type: text/plain; charset=utf-8\n"
            "Content-Transfer-Encoding: quoted-printable\n\nsee you=\n soon\n").encode()


def _ics_cn(name: str) -> bytes:
    return ("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:Check-up\r\n"
            f"ATTENDEE;CN={name}:mailto:a@example.com\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n").encode()


def _jpeg_artist(name: str) -> bytes:
    from PIL import Image

    exif = Image.Exif()
    exif[0x013B] = name
    buf = io.BytesIO()
    Image.new("RGB", (8, 8)).save(buf, "JPEG", exif=exif.tobytes())
    return buf.getvalue()


CASES = {
    "visit.docx": _docx_author,
    "table.docx": _docx_table,
    "labs.xlsx": _xlsx_sheet_name,
    "plan.pptx": _pptx_notes,
    "results.pdf": _pdf_text,
    "info.pdf": _pdf_author,
    "mail.eml": _eml_header,
    "visit.ics": _ics_cn,
    "photo.jpg": _jpeg_artist,
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_an_original_inside_a_document_is_found(tmp_path, known, name):
    out = write_tree(tmp_path / "out", {**clean_texts(known), name: CASES[name]("Jane Doe")})
    leaks = audit_dir(out, workspace=known.ws, residual=False).checks["leak"].findings
    assert [(f.file, f.entity_type) for f in leaks] == [(name, "PERSON")]
    assert leaks[0].locations[0].unit.startswith("text ")


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_same_document_with_the_surrogate_passes(tmp_path, known, name):
    out = write_tree(tmp_path / "out", {**clean_texts(known), name: CASES[name](known.surrogate["Jane Doe"])})
    assert audit_dir(out, workspace=known.ws, residual=False).checks["leak"].status == "pass"


def test_the_residual_scan_reads_inside_a_spreadsheet_and_a_pdf(tmp_path, known):
    import openpyxl

    wb = openpyxl.Workbook()
    wb.active["A1"] = "Forward it to robert.king@acme-corp.com please."
    buf = io.BytesIO()
    wb.save(buf)
    files = {**clean_texts(known), "sheet.xlsx": buf.getvalue(),
             "letter.pdf": _pdf_text("Write to susan.lowe@acme-corp.com today.")}
    residual = audit_dir(write_tree(tmp_path / "out", files), workspace=known.ws).checks["residual"]
    found = {(f.file, f.text) for f in residual.findings if f.entity_type == "EMAIL_ADDRESS"}
    assert found == {("sheet.xlsx", "robert.king@acme-corp.com"), ("letter.pdf", "susan.lowe@acme-corp.com")}
