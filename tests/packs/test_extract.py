"""Reference files: text comes out of every supported kind; other kinds are refused."""

from __future__ import annotations

import json

import pytest
import yaml

from context_packs.extract import BadReference, UnsupportedReference, extract_reference
from privacy.formats import RenderContext

from .docs_fixtures import PNG_BYTES, write_docx, write_pdf


def _identity(ref):
    return ref.render(list(ref.segments), RenderContext())


def test_pdf_is_rebuilt_as_a_pdf_with_its_text_beside_it(tmp_path):
    ref = extract_reference(write_pdf(tmp_path / "offer-letter.pdf", ["Dear Alice Moreno,", "Your salary is $95,000."]))
    (pdf_name, pdf), (txt_name, text) = ref.outputs("offer-letter.pdf", list(ref.segments), RenderContext())
    assert (pdf_name, txt_name) == ("offer-letter.pdf", "offer-letter.pdf.txt")
    assert pdf.startswith(b"%PDF-") and "Dear Alice Moreno," in text and "$95,000" in text


def test_docx_paragraphs_and_tables_are_segments(tmp_path):
    path = write_docx(tmp_path / "notes.docx", ["Moving checklist", "Call Priya Raman"], [["Item", "Cost"], ["Van", "$120"]])
    segments = extract_reference(path).segments
    assert segments[:2] == ["Moving checklist", "Call Priya Raman"]
    assert {"Van", "$120"} <= set(segments)


def test_html_stays_html_with_its_visible_text_and_scripts_as_segments(tmp_path):
    path = tmp_path / "listing.html"
    page = ("<html><head><title>Listing</title><script>var x='Alice';</script></head>"
            "<body><h1>2BR on Pine St</h1><p>Contact <b>Priya</b> at 555-0100.</p></body></html>")
    path.write_text(page)
    ref = extract_reference(path)
    assert "2BR on Pine St" in ref.segments and "Contact Priya at 555-0100." in ref.segments
    assert "var x='Alice';" in ref.segments  # scripts are scrubbed too
    assert _identity(ref).decode() == page and ref.outputs("listing.html", ref.segments, RenderContext())[0][0] == "listing.html"


def test_csv_is_scrubbed_cell_by_cell_and_stays_csv(tmp_path):
    path = tmp_path / "budget.csv"
    path.write_text('item,amount,note\nrent,2400,"paid to Priya Raman, landlord"\n')
    ref = extract_reference(path)
    assert "paid to Priya Raman, landlord" in ref.segments
    out = ref.render([s.replace("Priya Raman", "Dana Holt") for s in ref.segments])
    assert out == 'item,amount,note\nrent,2400,"paid to Dana Holt, landlord"\n'
    assert ref.output_name("budget.csv") == "budget.csv"


def test_json_strings_and_keys_are_segments_and_structure_is_kept(tmp_path):
    path = tmp_path / "contacts.json"
    path.write_text(json.dumps({"landlord": {"name": "Priya Raman", "deposit": 2400}, "Alice": ["dog"]}))
    ref = extract_reference(path)
    assert "Priya Raman" in ref.segments and "Alice" in ref.segments
    out = json.loads(ref.render([s.replace("Alice", "Jane") for s in ref.segments]))
    assert out == {"landlord": {"name": "Priya Raman", "deposit": 2400}, "Jane": ["dog"]}


def test_yaml_round_trips(tmp_path):
    path = tmp_path / "rubric.yaml"
    path.write_text("criteria:\n  - mentions the dog\n  - stays under budget\n")
    assert yaml.safe_load(_identity(extract_reference(path))) == {"criteria": ["mentions the dog", "stays under budget"]}


def test_an_image_is_handled_as_an_image_whatever_its_extension(tmp_path):
    (tmp_path / "photo.png").write_bytes(PNG_BYTES)
    (tmp_path / "photo.txt").write_bytes(PNG_BYTES)
    for name in ("photo.png", "photo.txt"):
        ref = extract_reference(tmp_path / name)
        assert ref.kind == "image" and ref.segments == []
        assert any("metadata removed" in n for n in ref.notes)


def test_unknown_extension_is_refused(tmp_path):
    (tmp_path / "letter.odt").write_bytes(b"PK\x03\x04whatever")
    with pytest.raises(UnsupportedReference, match=r"\.odt"):
        extract_reference(tmp_path / "letter.odt")


def test_a_broken_spreadsheet_is_an_error_not_a_skip(tmp_path):
    (tmp_path / "sheet.xlsx").write_bytes(b"PK\x03\x04whatever")
    with pytest.raises(BadReference, match="unreadable XLSX"):
        extract_reference(tmp_path / "sheet.xlsx")


def test_pdf_without_text_is_refused(tmp_path):
    with pytest.raises(UnsupportedReference, match="without extractable text.*OCR is not included"):
        extract_reference(write_pdf(tmp_path / "scan.pdf", []))


def test_broken_json_is_an_error_not_a_skip(tmp_path):
    (tmp_path / "bad.json").write_text("{not json")
    with pytest.raises(BadReference, match="invalid JSON at line 1"):
        extract_reference(tmp_path / "bad.json")


def test_a_json_reference_is_written_back_in_its_own_style(tmp_path):
    path = tmp_path / "schedule.json"
    path.write_text('{"days":["Mon","Tue"],"coach":"Ann"}')  # compact, no indent
    assert _identity(extract_reference(path)) == '{"days":["Mon","Tue"],"coach":"Ann"}\n'
    path.write_text('{\n\t"coach": "Ann"\n}\n')
    assert _identity(extract_reference(path)) == '{\n\t"coach": "Ann"\n}\n'


def test_text_references_keep_their_line_endings_and_byte_order_mark(tmp_path):
    path = tmp_path / "budget.csv"
    path.write_bytes(b"\xef\xbb\xbfitem,amount\r\nrent,2400\r\n")
    assert _identity(extract_reference(path)).encode("utf-8") == b"\xef\xbb\xbfitem,amount\r\nrent,2400\r\n"
    note = tmp_path / "note.md"
    note.write_bytes(b"# Move\n\nCall Ann.\n")
    assert _identity(extract_reference(note)) == "# Move\n\nCall Ann.\n"
