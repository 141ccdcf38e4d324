"""One reference file of every supported format, each naming the contributor and two other
people in its text *and* its metadata, plus an export whose conversations name them too."""

from __future__ import annotations

import datetime as dt
import io
import json
from pathlib import Path

import yaml

from .exports import T0, _conversation

CONTRIBUTOR = "Alice Moreno"
CONTRIBUTOR_EMAIL = "alice.moreno@example.org"
FRIEND = "Priya Raman"
DOCTOR = "Daniel Okafor"
PEOPLE = (CONTRIBUTOR, FRIEND, DOCTOR)
# every piece of an original that must not survive anywhere (case-insensitive)
ORIGINAL_WORDS = ("Alice", "Moreno", "Priya", "Raman", "Daniel", "Okafor", "alice.moreno")


def write_export(folder: Path) -> Path:
    folder.mkdir(parents=True)
    convs = [
        _conversation("6650a1b2-0000-4000-8000-0000000000f1", "Preparing for my check-up", T0, [
            "Hi, I'm Alice Moreno. My doctor Daniel Okafor wants new blood tests.",
            "Happy to help you prepare for the appointment.",
            "My friend Priya Raman will drive me to the clinic.",
            "Good plan. Bring the test results with you.",
        ]),
    ]
    (folder / "conversations.json").write_text(json.dumps(convs, indent=1))
    (folder / "user.json").write_text(json.dumps(
        {"id": "user-ALICE00000000000000000", "email": CONTRIBUTOR_EMAIL, "name": CONTRIBUTOR}))
    return folder


def write_docx(path: Path) -> Path:
    import docx

    d = docx.Document()
    d.add_paragraph("Care plan for Alice Moreno")
    p = d.add_paragraph("Prepared by Dr. ")
    p.add_run("Dan").bold = True  # a name split over two runs
    p.add_run("iel Okafor with Priya Raman as the emergency contact.")
    t = d.add_table(rows=2, cols=2)
    t.cell(0, 0).text, t.cell(0, 1).text = "Patient", "Alice Moreno"
    t.cell(1, 0).text, t.cell(1, 1).text = "Contact", "Priya Raman, alice.moreno@example.org"
    sec = d.sections[0]
    sec.header.paragraphs[0].text = "Confidential: Alice Moreno"
    sec.footer.paragraphs[0].text = "Dr. Daniel Okafor, clinic notes"
    d.add_comment(d.paragraphs[0].runs, text="Ask Priya Raman to confirm", author="Daniel Okafor", initials="DO")
    cp = d.core_properties
    cp.author, cp.last_modified_by, cp.title = "Alice Moreno", "Daniel Okafor", "Care plan for Alice Moreno"
    cp.created, cp.modified = dt.datetime(2024, 5, 1, 9, 0), dt.datetime(2024, 5, 2, 9, 0)
    d.save(str(path))
    return path


def write_xlsx(path: Path) -> Path:
    import openpyxl
    from openpyxl.comments import Comment

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Alice Moreno"
    ws.append(["Test", "Value", "Ordered by"])
    ws.append(["Hemoglobin", 13.5, "Daniel Okafor"])
    ws.append(["Glucose", 92, "Daniel Okafor"])
    ws.append(["Driver", "Priya Raman", None])
    ws["B5"] = "=AVERAGE(B2:B3)"
    ws["C2"].comment = Comment("Results sent to Priya Raman", "Daniel Okafor")
    ws.oddHeader.center.text = "Lab results of Alice Moreno"
    summary = wb.create_sheet("Summary")
    summary["A1"], summary["B1"] = "Average for Alice Moreno", "='Alice Moreno'!B5"
    wb.properties.creator, wb.properties.lastModifiedBy = "Alice Moreno", "Daniel Okafor"
    wb.properties.created = wb.properties.modified = dt.datetime(2024, 5, 1, 9, 0)
    wb.save(str(path))
    return _fixed_zip(path)


def write_pptx(path: Path) -> Path:
    from pptx import Presentation
    from pptx.util import Inches

    prs = Presentation()
    s = prs.slides.add_slide(prs.slide_layouts[1])
    s.shapes.title.text = "Recovery plan for Alice Moreno"
    body = s.placeholders[1].text_frame
    body.text = "Doctor: Daniel Okafor"
    body.add_paragraph().text = "Driver: Priya Raman"
    table = s.shapes.add_table(2, 2, Inches(1), Inches(5), Inches(4), Inches(1)).table
    table.cell(0, 0).text, table.cell(0, 1).text = "Patient", "Alice Moreno"
    table.cell(1, 0).text, table.cell(1, 1).text = "E-mail", "alice.moreno@example.org"
    s.notes_slide.notes_text_frame.text = "Thank Priya Raman and Daniel Okafor"
    s2 = prs.slides.add_slide(prs.slide_layouts[5])
    s2.shapes.title.text = "Questions from Alice Moreno"
    prs.core_properties.author, prs.core_properties.last_modified_by = "Alice Moreno", "Priya Raman"
    prs.core_properties.created = prs.core_properties.modified = dt.datetime(2024, 5, 1, 9, 0)
    prs.save(str(path))
    return path


def write_pdf(path: Path) -> Path:
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), pagesize=(612, 792), invariant=1)
    c.setAuthor("Alice Moreno")
    c.setTitle("Blood test results of Alice Moreno")
    c.setSubject("Ordered by Daniel Okafor")
    c.setFont("Helvetica-Bold", 16)
    c.drawString(72, 720, "Blood test results: Alice Moreno")
    c.setFont("Helvetica", 11)
    c.drawString(72, 690, "Ordered by Dr. Daniel Okafor on May 1, 2024.")
    c.drawString(72, 672, "Hemoglobin 13.5 g/dL, glucose 92 mg/dL.")
    c.line(72, 660, 540, 660)
    c.showPage()
    c.setFont("Helvetica", 11)
    c.drawString(72, 720, "Emergency contact: Priya Raman.")
    c.drawString(72, 702, "Questions: alice.moreno@example.org")
    c.showPage()
    c.save()
    return path


HTML = """<!doctype html>
<html><head><meta charset="utf-8"><meta name="author" content="Alice Moreno">
<title>Clinic visit for Alice Moreno</title><style>td { padding: 2px }</style></head>
<body><h1>Visit summary</h1>
<p class="lead">Patient <b>Alice</b> Moreno saw Dr. Daniel Okafor.</p>
<table><tr><td>Driver</td><td>Priya Raman</td></tr></table>
<a href="mailto:alice.moreno@example.org" title="Write to Alice Moreno">contact</a>
</body></html>
"""

EML = """From: Daniel Okafor <daniel.okafor@clinic.example.com>
To: Alice Moreno <alice.moreno@example.org>
Cc: Priya Raman <priya.raman@mail.example.net>
Subject: Your results, Alice Moreno
Date: Wed, 01 May 2024 10:15:00 +0000
Message-ID: <results-1@clinic.example.com>
Received: from mta.clinic.example.com (203.0.113.9) by mx.example.org
X-Mailer: ClinicMail 2.1
MIME-Version: 1.0
Content-Type: text/plain; charset="utf-8"

Dear Alice Moreno,

your results are ready. Priya Raman may collect them for you.

Dr. Daniel Okafor
"""

ICS = (
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Clinic//EN\r\nBEGIN:VEVENT\r\n"
    "UID:visit-1@clinic.example.com\r\nDTSTAMP:20240501T090000Z\r\nDTSTART:20240506T101500Z\r\n"
    "DTEND:20240506T110000Z\r\nSUMMARY:Check-up: Alice Moreno with Dr. Daniel Okafor\r\n"
    "DESCRIPTION:Priya Raman drives\\, arrive early.\\nBring results.\r\n"
    'ORGANIZER;CN="Daniel Okafor":mailto:daniel.okafor@clinic.example.com\r\n'
    "ATTENDEE;CN=Alice Moreno;ROLE=REQ-PARTICIPANT:mailto:alice.moreno@example.org\r\n"
    "END:VEVENT\r\nEND:VCALENDAR\r\n"
)


def write_jpeg(path: Path) -> Path:
    from PIL import Image

    exif = Image.Exif()
    exif[0x013B] = "Alice Moreno"  # Artist
    exif[0x010E] = "Priya Raman at the clinic"  # ImageDescription
    exif[0x8825] = {1: "N", 2: (40.0, 42.0, 46.0), 3: "W", 4: (74.0, 0.0, 21.0)}  # GPS
    Image.new("RGB", (64, 48), (180, 40, 40)).save(path, "JPEG", exif=exif.tobytes(), comment=b"Daniel Okafor")
    return path


def write_png(path: Path) -> Path:
    from PIL import Image
    from PIL.PngImagePlugin import PngInfo

    info = PngInfo()
    info.add_text("Author", "Alice Moreno")
    info.add_text("Comment", "Chart for Daniel Okafor")
    Image.new("RGB", (32, 32), (20, 90, 200)).save(path, "PNG", pnginfo=info)
    return path


def _fixed_zip(path: Path) -> Path:
    """openpyxl stamps the save time into its zip: rewrite it so the input is a fixed file."""
    import zipfile

    src = io.BytesIO(path.read_bytes())
    out = io.BytesIO()
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            zi = zipfile.ZipInfo(info.filename, date_time=(2024, 5, 1, 9, 0, 0))
            zout.writestr(zi, zin.read(info.filename))
    path.write_bytes(out.getvalue())
    return path


REFERENCE_NAMES = ("care-plan.docx", "lab-results.xlsx", "recovery.pptx", "blood-tests.pdf", "visit.html",
                   "results.eml", "check-up.ics", "photo.jpg", "chart.png")


def write_format_task(root: Path) -> Path:
    """exports/alice, refs/ with one file per format, and tasks.yaml; returns the task file."""
    write_export(root / "exports" / "alice")
    refs = root / "refs"
    refs.mkdir()
    write_docx(refs / "care-plan.docx")
    write_xlsx(refs / "lab-results.xlsx")
    write_pptx(refs / "recovery.pptx")
    write_pdf(refs / "blood-tests.pdf")
    (refs / "visit.html").write_text(HTML, encoding="utf-8")
    (refs / "results.eml").write_text(EML, encoding="utf-8")
    (refs / "check-up.ics").write_bytes(ICS.encode("utf-8"))
    write_jpeg(refs / "photo.jpg")
    write_png(refs / "chart.png")
    task = {
        "id": "check-up-01",
        "export": "exports/alice",
        "prompt": "Summarise my test results for Dr. Daniel Okafor.",
        "additional_context": "- Priya Raman drives me to appointments.\n",
        "reference_files": [f"refs/{n}" for n in REFERENCE_NAMES],
    }
    tasks = root / "tasks.yaml"
    tasks.write_text(yaml.safe_dump({"tasks": [task]}, sort_keys=False))
    return tasks
