"""What detection keeps on purpose is reported with its reason, and left in the text."""

from __future__ import annotations

import json

from privacy.scrub import ScrubOptions, scrub_export
from synth.workspace import Workspace


def _export(tmp_path, text):
    conv = {"title": "t", "create_time": 1700000000.0, "id": "c-1", "conversation_id": "c-1", "current_node": "m-1",
            "mapping": {"m-1": {"id": "m-1", "parent": None, "children": [], "message": {
                "id": "m-1", "author": {"role": "user"}, "create_time": 1700000000.0,
                "content": {"content_type": "text", "parts": [text]}}}}}
    path = tmp_path / "conversations.json"
    path.write_text(json.dumps([conv]))
    return path


def test_a_kept_public_figure_stays_in_the_text_and_its_reason_is_in_the_report(tmp_path):
    text = "Jerome Powell said the Fed would keep rates. My sister Ana Lima agrees."
    with Workspace.open(tmp_path / "ws") as ws:
        result = scrub_export(_export(tmp_path, text), tmp_path / "out", workspace=ws, options=ScrubOptions())
    out = json.loads((result.out_dir / "conversations.json").read_text())
    written = out[0]["mapping"][next(iter(out[0]["mapping"]))]["message"]["content"]["parts"][0]
    assert written.startswith("Jerome Powell said the Fed") and "Ana Lima" not in written
    rows = [json.loads(line) for line in (result.out_dir / "redaction_report.jsonl").read_text().splitlines()]
    kept = [r for r in rows if r["pass"] == "keep"]
    assert [(r["entity_type"], r["recognizer"], r["surrogate"], r["original_hash"]) for r in kept] == [
        ("PUBLIC", "Keep:public_figure", "Jerome Powell", "")]
    assert result.summary["replacements"]["by_recognizer"]["Keep:public_figure"] == 1
