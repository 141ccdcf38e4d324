"""Check 4: one keyed hash, one surrogate, across redaction reports and pack variants."""

from __future__ import annotations

import json

from privacy.audit import audit_dir

from .conftest import clean_pack, refresh_manifest, write_tree


def _line(h: str, surrogate: str, entity_type: str = "PERSON") -> str:
    return json.dumps({"entity_type": entity_type, "surrogate": surrogate, "original_hash": h, "score": 0.85}) + "\n"


def _consistency(path, known=None):
    return audit_dir(path, workspace=known.ws if known else None, residual=False).checks["consistency"]


def test_one_hash_with_two_surrogates_across_reports_fails(tmp_path):
    out = write_tree(tmp_path / "out", {
        "a/redaction_report.jsonl": _line("h1", "Maria Lopez") + _line("h2", "Tom Ng"),
        "b/redaction_report.jsonl": _line("h1", "Maria Lopes"),
    })
    check = _consistency(out)
    (f,) = check.findings
    assert f.kind == "one_original_two_surrogates" and f.keyed_hash == "h1" and f.count == 2
    assert "a/redaction_report.jsonl" in f.message and "b/redaction_report.jsonl" in f.message


def test_case_possessive_and_phone_grouping_are_the_same_surrogate(tmp_path):
    out = write_tree(tmp_path / "out", {
        "redaction_report.jsonl": _line("h1", "Maria Lopez") + _line("h1", "MARIA LOPEZ's")
        + _line("p1", "(555) 010-0123", "PHONE_NUMBER") + _line("p1", "555.010.0123", "PHONE_NUMBER"),
    })
    assert _consistency(out).status == "pass"


def test_a_name_read_as_initials_may_have_initials_beside_its_name_surrogate_but_each_form_is_one(tmp_path):
    # the scrubber writes "DAN" (two or three capitals) as initials ("FSO") and "Dan" as a name
    # ("Frans"): one keyed hash, two forms, no inconsistency (issue 17 study, seed 11)
    out = write_tree(tmp_path / "out", {
        "redaction_report.jsonl": _line("h1", "Frans") + _line("h1", "FSO") + _line("h1", "Frans")
        + _line("h2", "Ola") + _line("h2", "BCF") + _line("h2", "XYZ")
        + _line("h3", "Ida") + _line("h3", "Eva"),
    })
    check = _consistency(out)
    assert sorted(f.keyed_hash for f in check.findings) == ["h2", "h3"]  # two initials; two names


def test_shifted_dates_keep_their_written_format_and_are_exempt(tmp_path):
    out = write_tree(tmp_path / "out", {
        "redaction_report.jsonl": _line("d1", "March 10th", "DATE_TIME") + _line("d1", "2024-03-10", "DATE_TIME"),
    })
    assert _consistency(out).status == "pass"


def test_a_file_that_differs_between_variants_of_one_task_fails(tmp_path, known):
    packs = clean_pack(tmp_path / "packs", known)
    folder = packs / "task-1/no_added_context"
    (folder / "reference_files/contacts.csv").write_text("name,phone\nSomeone Else,555-0100\n")
    refresh_manifest(folder)
    (f,) = _consistency(packs, known).findings
    assert f.kind == "variants_disagree" and f.file == "task-1/*/reference_files/contacts.csv"


def test_conversations_of_context_in_conversations_may_differ_by_the_inserted_facts(tmp_path, known):
    assert _consistency(clean_pack(tmp_path / "packs", known), known).status == "pass"
