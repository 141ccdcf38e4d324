"""``privacy review`` through the CLI: a private page, with originals, in the workspace."""

from __future__ import annotations

import stat

import pytest

from privacy.cli import main

from .study import DANA, DANA_EMAIL, LANDLORD_EMAIL, write_dana_export


@pytest.fixture(scope="module")
def scrubbed(tmp_path_factory):
    root = tmp_path_factory.mktemp("review")
    export = write_dana_export(root / "contributor-b")
    ws, out = root / "ws", root / "out" / "contributor-b.scrubbed"
    assert main(["scrub", str(export), "--out", str(out), "--workspace", str(ws), "--quiet", "--jobs", "1"]) == 0
    return root, ws, out


def test_the_review_page_is_written_in_the_workspace_readable_by_the_owner_only(scrubbed, capsys):
    _root, ws, out = scrubbed
    assert main(["review", str(out), "--workspace", str(ws), "--no-residual"]) == 0
    page = ws / "reviews" / "contributor-b.scrubbed.review.html"
    assert stat.S_IMODE(page.stat().st_mode) == 0o600
    assert str(page) in capsys.readouterr().out


def test_the_review_page_shows_each_replacement_with_its_original_recognizer_and_reason(scrubbed):
    _root, ws, out = scrubbed
    assert main(["review", str(out), "--workspace", str(ws), "--no-residual", "--page", str(ws / "p.html")]) == 0
    page = (ws / "p.html").read_text()
    assert DANA in page and LANDLORD_EMAIL in page  # originals, from the vault
    assert "IdentityMatcher" in page and "identity pass" in page


def test_the_review_page_is_never_written_inside_or_beside_the_output(scrubbed, capsys):
    _root, ws, out = scrubbed
    assert main(["review", str(out), "--workspace", str(ws), "--page", str(out / "review.html")]) == 2
    assert main(["review", str(out), "--workspace", str(ws), "--page", str(out.parent / "review.html")]) == 2
    assert "holds originals" in capsys.readouterr().err
    assert not (out / "review.html").exists() and not (out.parent / "review.html").exists()


def test_the_shareable_report_html_stays_original_free(scrubbed):
    _root, _ws, out = scrubbed
    report = (out / "report.html").read_text().lower()
    assert DANA.lower() not in report and DANA_EMAIL not in report and LANDLORD_EMAIL not in report


def test_review_needs_an_existing_workspace(scrubbed, tmp_path, capsys):
    _root, _ws, out = scrubbed
    assert main(["review", str(out), "--workspace", str(tmp_path / "none")]) == 2
    assert "not a workspace" in capsys.readouterr().err


def test_a_sample_of_accepted_replacements_is_keyed_and_stable(scrubbed):
    from privacy.audit.reviewpage import review_items
    from synth.workspace import Workspace

    _root, ws_path, out = scrubbed
    with Workspace.open(ws_path) as ws:
        a = [i.id for i in review_items(out, ws, sample=3, residual=False)]
        b = [i.id for i in review_items(out, ws, sample=3, residual=False)]
    assert a == b and len([i for i in a if i.startswith("S-")]) == 3


def test_on_a_packs_folder_the_page_lists_the_replacements_found_in_the_pack(scrubbed, tmp_path):
    import yaml

    from privacy.audit.reviewpage import review_items
    from synth.workspace import Workspace

    root, ws_path, _out = scrubbed
    tasks = tmp_path / "tasks.yaml"
    tasks.write_text(yaml.safe_dump({"tasks": [{"id": "task-b", "export": str(root / "contributor-b"), "prompt": "Hi."}]}))
    assert main(["pack", str(tasks), "--out", str(tmp_path / "packs"), "--workspace", str(ws_path), "--jobs", "1"]) == 0
    with Workspace.open(ws_path) as ws:
        items = review_items(tmp_path / "packs", ws, residual=False)
    assert DANA in {i.original for i in items if i.id.startswith("S-")}


def test_served_the_page_answers_on_localhost_with_its_token_and_saves_a_valid_review_file(scrubbed):
    import os
    import signal
    import subprocess
    import sys
    import urllib.error
    import urllib.request

    _root, ws, out = scrubbed
    review_file = ws / "reviews" / "served.review.yaml"
    proc = subprocess.Popen(
        [sys.executable, "-c", "import sys; from privacy.cli import main; sys.exit(main(sys.argv[1:]))",
         "review", str(out), "--workspace", str(ws), "--no-residual", "--serve", "--review-file", str(review_file)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        url = proc.stdout.readline().strip().rsplit(" ", 1)[-1]
        assert url.startswith("http://127.0.0.1:") and "token=" in url
        page = urllib.request.urlopen(url, timeout=30).read().decode()
        assert "data-mode='serve'" in page
        base, token = url.split("/?token=")
        with pytest.raises(urllib.error.HTTPError) as denied:
            urllib.request.urlopen(urllib.request.Request(f"{base}/save?token=wrong", data=b"reviews: []\n"), timeout=30)
        assert denied.value.code == 403
        with pytest.raises(urllib.error.HTTPError) as bad:
            urllib.request.urlopen(urllib.request.Request(f"{base}/save?token={token}", data=b"reviews: {oops"), timeout=30)
        assert bad.value.code == 400 and not review_file.exists()
        body = b'format: privacy-audit-review/1\nreviews:\n  - {"id": "M-1", "verdict": "leak", "entity_type": "PERSON", "text": "kwabena"}\n'
        assert urllib.request.urlopen(urllib.request.Request(f"{base}/save?token={token}", data=body), timeout=30).status == 200
        assert review_file.read_bytes() == body and stat.S_IMODE(review_file.stat().st_mode) == 0o600
    finally:
        os.kill(proc.pid, signal.SIGINT)
        proc.wait(timeout=30)


def test_a_low_confidence_replacement_is_listed_first_with_its_original_and_context(tmp_path):
    import json

    from privacy.audit.reviewpage import review_items
    from synth.surrogates import SurrogateEngine
    from synth.workspace import Workspace

    ws = Workspace.open(tmp_path / "ws")
    eng = SurrogateEngine(ws, contributor_id="c")
    sur, kh = eng.surrogate("PERSON", "Kelechi"), eng.keyed_hash("PERSON", "Kelechi")
    out = tmp_path / "out"
    out.mkdir()
    text = f"ask {sur} about it"
    (out / "notes.txt").write_text(text)
    line = {"file": "notes.txt", "path": "$", "start": 4, "end": 4 + len(sur), "entity_type": "PERSON",
            "recognizer": "LowercaseNameRecognizer", "score": 0.41, "pass": "pattern", "surrogate": sur,
            "original_hash": kh, "low_confidence": True}
    (out / "redaction_report.jsonl").write_text(json.dumps(line) + "\n")
    (item,) = [i for i in review_items(out, ws, residual=False) if i.id.startswith("S-")]
    ws.close()
    assert (item.kind, item.original, item.surrogate) == ("low confidence", "Kelechi", sur)
    assert (item.before, item.after, item.recognizer) == ("ask ", " about it", "LowercaseNameRecognizer")
    assert "below the review threshold" in item.reason


def test_the_review_command_runs_under_typers_cli_runner(scrubbed):
    from typer.testing import CliRunner

    from privacy.cli import app

    _root, ws, out = scrubbed
    result = CliRunner().invoke(app, ["review", str(out), "--workspace", str(ws), "--no-residual", "--sample", "2"])
    assert result.exit_code == 0 and "item(s); mode 0600, holds originals" in result.output
