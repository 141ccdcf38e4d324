"""Check 2: the detector rerun at a lower threshold; what is not a known surrogate is listed."""

from __future__ import annotations

from privacy.audit import audit_dir, render_text

from .conftest import clean_texts, write_tree

STRANGER_EMAIL = "robert.king@acme-corp.com"


def _residual(report):
    return report.checks["residual"]


def test_surrogates_of_a_clean_output_are_not_listed(tmp_path, known, detector):
    out = write_tree(tmp_path / "out", clean_texts(known))
    report = audit_dir(out, workspace=known.ws, detector=detector)
    texts = {f.text for f in _residual(report).findings}
    for surrogate in known.surrogate.values():
        assert surrogate not in texts
    assert "people.csv" not in {f.file for f in _residual(report).findings}
    assert not report.failed, render_text(report)


def test_an_unknown_email_is_listed_and_fails_at_its_near_certain_score(tmp_path, known, detector):
    out = write_tree(tmp_path / "out", {**clean_texts(known), "more.md": f"Forward it to {STRANGER_EMAIL} please.\n"})
    report = audit_dir(out, workspace=known.ws, detector=detector)
    (f,) = [f for f in _residual(report).findings if f.entity_type == "EMAIL_ADDRESS"]
    assert f.text == STRANGER_EMAIL and f.score >= 0.95 and f.fails and f.file == "more.md"
    assert report.exit_code == 1


def test_findings_are_ranked_by_score(tmp_path, known, detector):
    out = write_tree(tmp_path / "out", {
        **clean_texts(known),
        "more.md": f"Forward it to {STRANGER_EMAIL}. My colleague Bartholomew Quigley-Smythe from Ohio agrees.\n",
    })
    scores = [f.score for f in _residual(audit_dir(out, workspace=known.ws, detector=detector)).findings]
    assert len(scores) >= 2 and scores == sorted(scores, reverse=True)


def test_without_workspace_or_reports_residual_findings_are_listed_not_failed(tmp_path, known, detector):
    out = write_tree(tmp_path / "out", {"more.md": f"Forward it to {STRANGER_EMAIL} please.\n"})
    report = audit_dir(out, workspace=None, detector=detector)
    res = _residual(report)
    assert res.status == "review" and res.findings and not res.failing
    assert any("cannot be told from originals" in n for n in res.notes)
    assert report.exit_code == 0


def test_strict_makes_every_residual_finding_fail(tmp_path, known, detector):
    out = write_tree(tmp_path / "out", {"more.md": "My colleague Bartholomew Quigley-Smythe agrees.\n"})
    report = audit_dir(out, workspace=known.ws, detector=detector, strict=True)
    assert _residual(report).findings and all(f.fails for f in _residual(report).findings)
    assert report.exit_code == 1


def test_a_known_original_is_left_to_check_one_and_never_shown_as_residual_text(tmp_path, known, detector):
    out = write_tree(tmp_path / "out", {**clean_texts(known), "more.md": "Please email jane.doe@gmail.com today.\n"})
    report = audit_dir(out, workspace=known.ws, detector=detector)
    assert all("jane" not in (f.text or "").lower() for f in _residual(report).findings)
    assert [f.entity_type for f in report.checks["leak"].findings] == ["EMAIL_ADDRESS"]
