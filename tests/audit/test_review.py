"""The reviewer loop: verdicts on finding ids, turned into known identifiers and allow-list terms."""

from __future__ import annotations

import pytest
import yaml

from ingest.errors import InputError
from privacy.audit import audit_dir, load_review, review_template
from privacy.audit.model import Finding

from .conftest import clean_texts, write_tree


def _write(path, rows):
    path.write_text(yaml.safe_dump({"format": "privacy-audit-review/1", "reviews": rows}))
    return path


def _leaky(tmp_path, known):
    files = clean_texts(known)
    files["notes.md"] += "Jane Doe\n"
    return write_tree(tmp_path / "out", files)


def test_a_leak_verdict_on_a_known_original_recovers_the_value_from_the_vault(tmp_path, known):
    (f,) = audit_dir(_leaky(tmp_path, known), workspace=known.ws, residual=False).checks["leak"].findings
    path = _write(tmp_path / "review.yaml", [{"id": f.id, "verdict": "leak", "entity_type": f.entity_type, "keyed_hash": f.keyed_hash}])
    review = load_review(path, workspace=known.ws)
    assert review.known_identifiers == [("PERSON", "Jane Doe")]
    assert review.unresolved == []


def test_without_the_workspace_that_value_is_unresolved(tmp_path, known):
    (f,) = audit_dir(_leaky(tmp_path, known), workspace=known.ws, residual=False).checks["leak"].findings
    path = _write(tmp_path / "review.yaml", [{"id": f.id, "verdict": "leak", "keyed_hash": f.keyed_hash}])
    review = load_review(path)
    assert review.known_identifiers == [] and review.unresolved == [f.id]


def test_residual_verdicts_become_known_identifiers_or_allow_list_terms(tmp_path):
    path = _write(tmp_path / "review.yaml", [
        {"id": "R-000000000001", "verdict": "leak", "entity_type": "PERSON", "text": "Biscuit"},
        {"id": "R-000000000002", "verdict": "not_pii", "entity_type": "PERSON", "text": "Roth IRA"},
        {"id": "R-000000000003", "verdict": "", "entity_type": "PERSON", "text": "Undecided"},
    ])
    review = load_review(path)
    assert review.known_identifiers == [("PERSON", "Biscuit")]
    assert review.allow_list == ["Roth IRA"]
    assert set(review.verdicts) == {"R-000000000001", "R-000000000002"}


def test_a_not_pii_verdict_stops_the_finding_failing_on_the_next_audit(tmp_path, known):
    out = _leaky(tmp_path, known)
    report = audit_dir(out, workspace=known.ws, residual=False)
    assert report.exit_code == 1
    (tmp_path / "review.yaml").write_text(review_template(report.findings()))
    data = yaml.safe_load((tmp_path / "review.yaml").read_text())
    data["reviews"][0]["verdict"] = "not_pii"
    (tmp_path / "review.yaml").write_text(yaml.safe_dump(data))
    again = audit_dir(out, workspace=known.ws, residual=False, review=tmp_path / "review.yaml")
    (f,) = again.checks["leak"].findings
    assert f.verdict == "not_pii" and not f.fails and not again.failed and again.verdict == "INCOMPLETE"  # check 2 off


def test_a_leak_verdict_keeps_failing_until_the_output_is_fixed(tmp_path, known):
    out = _leaky(tmp_path, known)
    (f,) = audit_dir(out, workspace=known.ws, residual=False).checks["leak"].findings
    path = _write(tmp_path / "review.yaml", [{"id": f.id, "verdict": "leak", "keyed_hash": f.keyed_hash}])
    assert audit_dir(out, workspace=known.ws, residual=False, review=path).exit_code == 1


def test_the_review_template_never_holds_a_known_original(tmp_path, known):
    report = audit_dir(_leaky(tmp_path, known), workspace=known.ws, residual=False)
    text = review_template(report.findings()).lower()
    assert "jane" not in text and "doe" not in text.replace("doesn", "")


def test_a_bad_verdict_is_a_one_line_input_error_naming_the_entry(tmp_path):
    path = _write(tmp_path / "review.yaml", [{"id": "R-1", "verdict": "maybe", "text": "Secret Name"}])
    with pytest.raises(InputError) as e:
        load_review(path)
    assert "[record 0]" in str(e.value) and "Secret Name" not in str(e.value)


def test_a_review_file_that_is_not_yaml_is_an_input_error(tmp_path):
    path = tmp_path / "review.yaml"
    path.write_text("reviews: [unclosed\n")
    with pytest.raises(InputError):
        load_review(path)


def test_the_template_lists_residual_values_for_the_reviewer():
    f = Finding(id="R-abc", check="residual", kind="residual_pii", message="m", entity_type="PERSON", text="Biscuit", score=0.85)
    row = yaml.safe_load(review_template([f]))["reviews"][0]
    assert row["text"] == "Biscuit" and row["verdict"] == "" and row["id"] == "R-abc"
