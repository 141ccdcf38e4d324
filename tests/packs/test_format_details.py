"""Format handlers (privacy/formats/), one behaviour each: where text hides in each format
and how it is written back. Segments are replaced by hand here (no detector), so each test
shows exactly what a handler reads and writes."""

from __future__ import annotations

import copy
import email
import email.policy
import io
import zipfile

import pytest
import yaml

from privacy.formats import RenderContext, docx as docx_format, eml, ics, image, pdf, xlsx
from privacy.formats.runs import distribute


def _swap(segments: list[str], old: str, new: str) -> list[str]:
    return [s.replace(old, new) for s in segments]


def test_distribute_puts_a_replaced_name_into_the_run_where_it_started():
    runs = ["Dear ", "Ja", "ne Doe, welcome."]
    out = distribute(runs, "Dear Mary Doe, welcome.")
    assert out == ["Dear ", "Mary", " Doe, welcome."]  # the bold "Ja" run holds the whole new first name
    assert distribute(runs, "".join(runs)) == runs  # nothing changed: runs untouched


def _docx_with_tracked_deletion_and_link() -> bytes:
    import docx
    from docx.oxml.ns import qn
    from docx.opc.constants import RELATIONSHIP_TYPE as RT

    d = docx.Document()
    p = d.add_paragraph("Kept text.")
    deleted = copy.deepcopy(p.runs[0]._r)
    for t in deleted.iter(qn("w:t")):
        t.tag = qn("w:delText")
        t.text = " Removed: Jane Doe."
    wdel = p._p.makeelement(qn("w:del"), {qn("w:id"): "1", qn("w:author"): "Jane Doe", qn("w:date"): "2024-05-01T00:00:00Z"})
    wdel.append(deleted)
    p._p.append(wdel)
    rid = d.part.relate_to("mailto:jane.doe@gmail.com", RT.HYPERLINK, is_external=True)
    link = p._p.makeelement(qn("w:hyperlink"), {qn("r:id"): rid})
    run = copy.deepcopy(p.runs[0]._r)
    next(run.iter(qn("w:t"))).text = "mail"
    link.append(run)
    p._p.append(link)
    buf = io.BytesIO()
    d.save(buf)
    return buf.getvalue()


def test_docx_tracked_deletions_their_author_and_link_targets_are_text_too():
    data = _docx_with_tracked_deletion_and_link()
    doc = docx_format.read(data)
    assert any("Removed: Jane Doe." in s for s in doc.segments)
    assert "Jane Doe" in doc.segments and "mailto:jane.doe@gmail.com" in doc.segments
    out = doc.render(_swap(_swap(doc.segments, "Jane Doe", "Mary Roe"), "jane.doe", "mary.roe"), RenderContext())
    with zipfile.ZipFile(io.BytesIO(out)) as z:
        everything = b"".join(z.read(n) for n in z.namelist())
    assert b"Jane" not in everything and b"jane" not in everything
    assert b"Removed: Mary Roe." in everything and b"mailto:mary.roe@gmail.com" in everything


def test_docx_metadata_dates_move_by_the_offset_and_the_thumbnail_is_removed():
    import docx

    d = docx.Document()
    d.add_paragraph("x")
    import datetime as dt

    d.core_properties.created = dt.datetime(2024, 5, 1, 9, 0)
    buf = io.BytesIO()
    d.save(buf)
    doc = docx_format.read(buf.getvalue())
    out = doc.render(doc.segments, RenderContext(shift_days=-10))
    b = docx.Document(io.BytesIO(out))
    assert b.core_properties.created.date() == dt.date(2024, 4, 21)
    with zipfile.ZipFile(io.BytesIO(buf.getvalue())) as z:
        assert any("thumbnail" in n for n in z.namelist())  # python-docx's template has one
    with zipfile.ZipFile(io.BytesIO(out)) as z:
        assert not any("thumbnail" in n for n in z.namelist())
        assert b"thumbnail" not in z.read("_rels/.rels")


def test_xlsx_formula_literals_are_replaced_and_formulas_kept():
    import openpyxl

    wb = openpyxl.Workbook()
    wb.active["A1"] = '=CONCAT("Dear Jane Doe, ", B1)'
    buf = io.BytesIO()
    wb.save(buf)
    doc = xlsx.read(buf.getvalue())
    assert "Dear Jane Doe, " in doc.segments
    out = openpyxl.load_workbook(io.BytesIO(doc.render(_swap(doc.segments, "Jane", "Mary"), RenderContext())))
    assert out.active["A1"].value == '=CONCAT("Dear Mary Doe, ", B1)'


def test_xlsx_sheet_names_stay_valid_and_unique():
    import openpyxl

    wb = openpyxl.Workbook()
    wb.active.title = "Jane"
    wb.create_sheet("Ann")
    buf = io.BytesIO()
    wb.save(buf)
    doc = xlsx.read(buf.getvalue())
    new = ["Mary: results/2024" if s in ("Jane", "Ann") else s for s in doc.segments]
    out = openpyxl.load_workbook(io.BytesIO(doc.render(new, RenderContext())))
    assert out.sheetnames == ["Mary results2024", "Mary results2024 (2)"]


def _multipart_eml() -> bytes:
    from email.message import EmailMessage

    m = EmailMessage()
    m["From"] = "Jane Doe <jane.doe@gmail.com>"
    m["Subject"] = "Photos"
    m["Received"] = "from host (203.0.113.5)"
    m.set_content("Hi from Jane Doe")
    m.add_alternative("<p>Hi from <b>Jane</b> Doe</p>", subtype="html")
    m.add_attachment(b"\x89PNG...", maintype="image", subtype="png", filename="jane-doe.png")
    return m.as_bytes()


def test_eml_html_bodies_stay_html_and_attachments_are_removed():
    doc = eml.read(_multipart_eml())
    out = email.message_from_bytes(doc.render(_swap(doc.segments, "Jane", "Mary"), RenderContext()),
                                   policy=email.policy.default)
    assert out["Received"] is None and out["From"] == "Mary Doe <jane.doe@gmail.com>"
    html = out.get_body(("html",)).get_content()
    assert "<b>Mary</b> Doe" in html
    assert not list(out.iter_attachments()) and b"jane-doe.png" not in out.as_bytes()


def test_ics_lines_are_folded_at_75_octets_and_unfold_to_the_scrubbed_value():
    cal = b"BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDESCRIPTION:short\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    doc = ics.read(cal)
    long = "Notes about Mary Roe, " * 8
    out = doc.render([long], RenderContext()).decode()
    assert all(len(line.encode()) <= 75 for line in out.split("\r\n"))
    assert ics.read(out.encode()).segments == [long]


def test_jpeg_metadata_is_removed_losslessly():
    from PIL import Image

    exif = Image.Exif()
    exif[0x013B] = "Jane Doe"
    exif[0x8825] = {1: "N", 2: (40.0, 42.0, 46.0)}
    buf = io.BytesIO()
    Image.new("RGB", (16, 16), (1, 2, 3)).save(buf, "JPEG", exif=exif.tobytes())
    data = buf.getvalue()
    out = image.read(data).render([], RenderContext())
    assert b"Jane" not in out and not Image.open(io.BytesIO(out)).getexif()
    assert out[out.index(b"\xff\xda"):] == data[data.index(b"\xff\xda"):]  # the image data itself untouched


def _scanned_pdf(path) -> None:
    from reportlab.pdfgen import canvas
    from reportlab.lib.utils import ImageReader
    from PIL import Image

    img = io.BytesIO()
    Image.new("RGB", (200, 260), (250, 250, 250)).save(img, "PNG")
    c = canvas.Canvas(str(path), pagesize=(612, 792), invariant=1)
    c.drawImage(ImageReader(io.BytesIO(img.getvalue())), 0, 0, 612, 792)
    c.drawString(500, 20, "p. 1")  # a page number stamped on the scan
    c.save()


def test_a_scanned_pdf_is_refused_saying_ocr_is_not_included(tmp_path):
    _scanned_pdf(tmp_path / "scan.pdf")
    with pytest.raises(pdf.Unsupported, match=r"page 1 is an image .*OCR is not included"):
        pdf.read((tmp_path / "scan.pdf").read_bytes())


def test_pack_stops_with_one_line_naming_the_scanned_reference(tmp_path, capsys):
    from privacy.cli import main

    from .exports import write_task_tree

    tasks = write_task_tree(tmp_path)
    _scanned_pdf(tmp_path / "refs" / "scan.pdf")
    doc = yaml.safe_load(tasks.read_text())
    doc["tasks"][1]["reference_files"].append("refs/scan.pdf")
    tasks.write_text(yaml.safe_dump(doc, sort_keys=False))
    code = main(["pack", str(tasks), "--out", str(tmp_path / "packs"), "--workspace", str(tmp_path / "ws")])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1
    assert "task marathon-02" in err[0] and "reference_files[1]" in err[0] and "OCR is not included" in err[0]
    assert not (tmp_path / "packs").exists()


def test_a_broken_document_stops_the_pack_with_exit_2(tmp_path, capsys):
    from privacy.cli import main

    from .exports import write_task_tree

    tasks = write_task_tree(tmp_path)
    (tmp_path / "refs" / "plan.docx").write_bytes(b"PK\x03\x04 not really a document")
    code = main(["pack", str(tasks), "--out", str(tmp_path / "packs"), "--workspace", str(tmp_path / "ws"),
                 "--skip-unsupported"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and "reference_files[0]" in err[0] and "unreadable DOCX" in err[0]


def test_office_files_and_pdfs_come_out_the_same_whatever_the_clock_says(tmp_path):
    """Zip entries carry a time (2-second resolution) and openpyxl stamps ``modified``:
    two renders more than two seconds apart must still be byte-identical."""
    import time

    from privacy import formats

    from . import format_fixtures as ff

    paths = [ff.write_docx(tmp_path / "a.docx"), ff.write_xlsx(tmp_path / "a.xlsx"),
             ff.write_pptx(tmp_path / "a.pptx"), ff.write_pdf(tmp_path / "a.pdf")]
    docs = [formats.read_document(p.name, p.read_bytes()) for p in paths]
    first = [d.render(d.segments, RenderContext(shift_days=3)) for d in docs]
    time.sleep(2.1)
    again = [d.render(d.segments, RenderContext(shift_days=3)) for d in docs]
    assert first == again


def _jpeg_with_artist(name: str) -> bytes:
    from PIL import Image

    exif = Image.Exif()
    exif[0x013B] = name
    buf = io.BytesIO()
    Image.new("RGB", (16, 16), (9, 9, 9)).save(buf, "JPEG", exif=exif.tobytes())
    return buf.getvalue()


def _with_member(data: bytes, name: str, change) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as zin, zipfile.ZipFile(out, "w") as zout:
        for info in zin.infolist():
            blob = zin.read(info.filename)
            zout.writestr(info, change(blob) if info.filename == name else blob)
    return out.getvalue()


def test_the_company_in_office_app_properties_is_replaced():
    import docx

    d = docx.Document()
    d.add_paragraph("x")
    buf = io.BytesIO()
    d.save(buf)
    data = _with_member(buf.getvalue(), "docProps/app.xml",
                        lambda b: b.replace(b"</Properties>", b"<Company>Moreno Consulting</Company></Properties>"))
    doc = docx_format.read(data)
    assert "Moreno Consulting" in doc.segments
    out = doc.render(_swap(doc.segments, "Moreno", "Baker"), RenderContext())
    with zipfile.ZipFile(io.BytesIO(out)) as z:
        assert b"<Company>Baker Consulting</Company>" in z.read("docProps/app.xml")


def test_a_picture_inside_a_docx_loses_its_exif():
    import docx

    from privacy import formats

    d = docx.Document()
    d.add_picture(io.BytesIO(_jpeg_with_artist("Jane Doe")))
    buf = io.BytesIO()
    d.save(buf)
    assert "Jane Doe" in formats.text_units("a.docx", buf.getvalue())  # the audit sees it
    doc = docx_format.read(buf.getvalue())
    out = doc.render(doc.segments, RenderContext())
    with zipfile.ZipFile(io.BytesIO(out)) as z:
        media = [z.read(n) for n in z.namelist() if n.startswith("word/media/")]
    assert media and not any(b"Jane Doe" in m for m in media)
    assert "Jane Doe" not in formats.text_units("a.docx", out)


def test_an_xlsx_cell_hyperlink_target_is_replaced():
    import openpyxl

    wb = openpyxl.Workbook()
    wb.active["A1"] = "write"
    wb.active["A1"].hyperlink = "mailto:jane.doe@gmail.com"
    buf = io.BytesIO()
    wb.save(buf)
    doc = xlsx.read(buf.getvalue())
    assert "mailto:jane.doe@gmail.com" in doc.segments
    out = openpyxl.load_workbook(io.BytesIO(doc.render(_swap(doc.segments, "jane.doe", "mary.roe"), RenderContext())))
    assert out.active["A1"].hyperlink.target == "mailto:mary.roe@gmail.com"


def test_an_inline_html_picture_loses_its_exif():
    import base64

    from privacy.formats import html

    pic = base64.b64encode(_jpeg_with_artist("Jane Doe")).decode()
    doc = html.read(f'<img alt="x" src="data:image/jpeg;base64,{pic}">'.encode())
    out = doc.render(doc.segments, RenderContext()).decode()
    assert b"Jane Doe" not in base64.b64decode(out.split("base64,")[1].split('"')[0])


def test_a_pptx_chart_and_its_embedded_workbook_are_scrubbed_too():
    from pptx import Presentation
    from pptx.chart.data import CategoryChartData
    from pptx.enum.chart import XL_CHART_TYPE
    from pptx.util import Inches

    from privacy.formats import pptx as pptx_format

    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[5])
    data = CategoryChartData()
    data.categories = ["Jane Doe", "Ann Lee"]
    data.add_series("Miles of Jane Doe", (12.0, 30.0))
    slide.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, Inches(1), Inches(1), Inches(6), Inches(4), data)
    buf = io.BytesIO()
    prs.save(buf)
    doc = pptx_format.read(buf.getvalue())
    out = doc.render(_swap(doc.segments, "Jane", "Mary"), RenderContext())
    with zipfile.ZipFile(io.BytesIO(out)) as z:
        (workbook,) = [n for n in z.namelist() if n.startswith("ppt/embeddings/")]
        with zipfile.ZipFile(io.BytesIO(z.read(workbook))) as inner:
            assert not any(b"Jane" in inner.read(n) for n in inner.namelist())
        assert not any(b"Jane" in z.read(n) for n in z.namelist())
    chart = [s for s in Presentation(io.BytesIO(out)).slides[0].shapes if s.has_chart][0].chart
    assert list(chart.plots[0].categories) == ["Mary Doe", "Ann Lee"]


def test_a_docx_with_an_emf_drawing_is_refused_because_its_text_is_not_read():
    import docx

    d = docx.Document()
    d.add_paragraph("x")
    buf = io.BytesIO()
    d.save(buf)
    emf = b"\x01\x00\x00\x00" + bytes(36) + b" EMF" + bytes(64)
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(buf.getvalue())) as zin, zipfile.ZipFile(out, "w") as zout:
        for info in zin.infolist():
            zout.writestr(info, zin.read(info.filename))
        zout.writestr("word/media/image1.emf", emf)
    from privacy.formats import Unsupported

    with pytest.raises(Unsupported, match="EMF drawing"):
        docx_format.read(out.getvalue())


def test_pdf_table_columns_are_drawn_back_at_their_own_positions():
    import pdfplumber
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, invariant=1)
    c.setFont("Helvetica", 11)
    for x, text in ((72, "Hemoglobin"), (250, "13.5 g/dL"), (400, "Jane Doe")):
        c.drawString(x, 700, text)
    c.save()
    doc = pdf.read(buf.getvalue())
    assert doc.segments[0] == "Hemoglobin  13.5 g/dL  Jane Doe"
    out = doc.render(_swap(doc.segments, "Jane Doe", "Mary Roe"), RenderContext())
    with pdfplumber.open(io.BytesIO(out)) as p:
        words = {w["text"]: round(w["x0"]) for w in p.pages[0].extract_words()}
    assert (words["Hemoglobin"], words["13.5"], words["Mary"]) == (72, 250, 400)


def _picture_with_text(text: str):
    from PIL import Image, ImageDraw, ImageFont

    img = Image.new("RGB", (640, 160), "white")
    ImageDraw.Draw(img).text((20, 50), text, fill="black", font=ImageFont.load_default(size=40))
    buf = io.BytesIO()
    img.save(buf, "PNG")
    return buf.getvalue()


needs_ocr = pytest.mark.skipif(not __import__("privacy.formats.ocr", fromlist=["x"]).available(),
                               reason="the [ocr] extra (pytesseract and Debian's tesseract-ocr) is not installed")


@needs_ocr
def test_with_ocr_an_image_with_text_is_refused():
    from privacy.formats import Unsupported

    with pytest.raises(Unsupported, match=r"an image with text \(OCR read \d+ words\)"):
        image.read(_picture_with_text("Dear Jane Doe, your results"))


@needs_ocr
def test_with_ocr_an_image_without_text_is_packed_with_a_note_that_it_was_checked():
    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (200, 120), (180, 40, 40)).save(buf, "PNG")
    assert image.read(buf.getvalue()).notes == [image.OCR_NOTE]


@needs_ocr
def test_with_ocr_a_docx_holding_a_picture_with_text_is_refused():
    import docx

    from privacy.formats import Unsupported

    d = docx.Document()
    d.add_picture(io.BytesIO(_picture_with_text("Dear Jane Doe, your results")))
    buf = io.BytesIO()
    d.save(buf)
    with pytest.raises(Unsupported, match="embedded picture with text"):
        docx_format.read(buf.getvalue())
    assert docx_format.read(buf.getvalue(), check_pictures=False).segments is not None  # the audit still reads it


def test_without_ocr_an_image_is_packed_with_a_note_that_its_pixels_were_not_read(monkeypatch):
    from privacy.formats import ocr

    monkeypatch.setattr(ocr, "available", lambda: False)  # as on a machine without the [ocr] extra
    assert image.read(_picture_with_text("Dear Jane Doe")).notes == [image.PIXELS_NOTE]


@pytest.mark.parametrize("name", ["care-plan.docx", "lab-results.xlsx", "recovery.pptx", "blood-tests.pdf",
                                  "results.eml", "photo.jpg"])
def test_a_damaged_document_is_a_one_line_error_that_quotes_nothing_from_it(tmp_path, name, caplog):
    import logging

    from privacy import formats

    from . import format_fixtures as ff

    ff.write_format_task(tmp_path)
    data = (tmp_path / "refs" / name).read_bytes()
    damaged = data[: len(data) // 2] + b"Jane Doe " * 20
    caplog.set_level(logging.DEBUG)
    try:
        doc = formats.read_document(name, damaged)
        if doc is not None:
            doc.render(doc.segments, RenderContext())
    except (formats.Broken, formats.Unsupported) as exc:
        assert "Jane" not in str(exc) and "\n" not in str(exc)
    assert "Jane" not in caplog.text


def test_pdf_font_family_bold_italic_and_colour_are_kept():
    import pdfplumber
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, invariant=1)
    c.setFont("Times-BoldItalic", 14)
    c.setFillColorRGB(0.8, 0.1, 0.1)
    c.drawString(72, 720, "Dear Jane Doe")
    c.setFont("Courier", 10)
    c.setFillGray(0.4)
    c.drawString(72, 700, "ID 12345")
    c.save()
    doc = pdf.read(buf.getvalue())
    with pdfplumber.open(io.BytesIO(doc.render(doc.segments, RenderContext()))) as p:
        styles = {(ch["fontname"], tuple(ch["non_stroking_color"])) for ch in p.pages[0].chars}
    assert styles == {("Times-BoldItalic", (0.8, 0.1, 0.1)), ("Courier", (0.4,))}
