"""The audit over outputs of the real ``privacy pack`` and ``privacy scrub``.

The pack is built by ``context_packs.build_packs`` from an export made by the
project's labelled generator (``synth.labelled``); the scrub runs on the shared
ChatGPT fixture. Integrity and consistency must hold on both as built; a leak
planted after the build must be caught naming the file.
"""

from __future__ import annotations

import json
import shutil

import pytest
import yaml

from privacy.audit import audit_dir, render_json


@pytest.fixture(scope="session")
def real_pack(tmp_path_factory):
    from context_packs import build_packs
    from synth.labelled import generate
    from synth.workspace import Workspace

    root = tmp_path_factory.mktemp("audit-real-pack")
    corpus = generate(seed=3, sentences=12, controls=4)
    corpus.write_chatgpt_export(root / "export")
    (root / "tasks.yaml").write_text(yaml.safe_dump({"tasks": [{
        "id": "plan-week-01",
        "export": "export",
        "prompt": "Help me plan next week.",
        "additional_context": "- I start a pottery class on Tuesday.\n- My budget for the week is $300.",
    }]}))
    ws = Workspace.open(root / "ws")
    build_packs(root / "tasks.yaml", root / "packs", workspace=ws)
    return root, ws, corpus


def test_a_real_pack_passes_the_whole_audit(real_pack):
    """Leak check, residual scan (review items allowed, none failing), integrity, consistency."""
    root, ws, _ = real_pack
    report = audit_dir(root / "packs", workspace=ws)
    assert report.passed and report.exit_code == 0, render_json(report)
    assert report.checks["leak"].status == "pass" and report.checks["leak"].stats["searched"] > 10
    assert report.checks["integrity"].stats["variants"] == 4


def test_an_original_planted_in_a_real_pack_is_caught_naming_the_file(real_pack, tmp_path):
    root, ws, corpus = real_pack
    packs = shutil.copytree(root / "packs", tmp_path / "packs")
    before = {f.id for f in audit_dir(packs, workspace=ws, residual=False).checks["leak"].findings}
    person = next(e for e in ws.vault.entries() if e[0] == "PERSON" and " " in e[1])
    prompt = packs / "plan-week-01/no_added_context/prompt.md"
    prompt.write_text(prompt.read_text() + f"\nAsk {person[1].upper()} first.\n")
    report = audit_dir(packs, workspace=ws, residual=False)
    new = [f for f in report.checks["leak"].findings if f.id not in before]
    assert [(f.file, f.keyed_hash) for f in new] == [("plan-week-01/no_added_context/prompt.md", person[3])]
    assert {f.kind for f in report.checks["integrity"].findings} == {"manifest_hash_mismatch", "manifest_size_mismatch"}
    assert person[1].lower() not in render_json(report).lower()


def test_a_real_scrub_output_passes_integrity_and_consistency(shared_fixtures, tmp_path):
    from privacy.scrub import scrub_export
    from synth.workspace import Workspace

    ws = Workspace.open(tmp_path / "ws")
    out = tmp_path / "out"
    scrub_export(shared_fixtures / "synthetic/chatgpt-2026-sharded", out, workspace=ws)
    report = audit_dir(out, workspace=ws, residual=False)
    assert report.checks["integrity"].status == "pass", render_json(report)
    assert report.checks["integrity"].stats["archived_ids"] >= 1
    assert report.checks["consistency"].status == "pass", render_json(report)
    summary = json.loads((out / "summary.json").read_text())
    archived = summary["archived_dropped_ids"][0]
    (out / "conversations-000.json").write_text((out / "conversations-000.json").read_text().replace('"title"', f'"note": "{archived}", "title"', 1))
    again = audit_dir(out, workspace=ws, residual=False)
    assert [f.kind for f in again.checks["integrity"].findings] == ["archived_conversation_present"]


def test_the_reviewer_loop_turns_a_residual_leak_into_a_replacement_on_rebuild(real_pack, tmp_path):
    """audit -> review file (one residual marked leak, one not_pii) -> pack --review -> audit."""
    from context_packs import build_packs
    from synth.workspace import Workspace

    root = real_pack[0]
    ws = Workspace.open(tmp_path / "ws")
    build_packs(root / "tasks.yaml", tmp_path / "packs", workspace=ws)
    first = audit_dir(tmp_path / "packs", workspace=ws)
    residual = [f for f in first.checks["residual"].findings if f.entity_type in ("PERSON", "LOCATION") and f.text]
    assert len(residual) >= 2, "precondition: the generated pack has named-entity review items"
    leak, not_pii = residual[0], residual[1]
    review = tmp_path / "review.yaml"
    review.write_text(yaml.safe_dump({"reviews": [
        {"id": leak.id, "verdict": "leak", "entity_type": leak.entity_type, "text": leak.text},
        {"id": not_pii.id, "verdict": "not_pii", "entity_type": not_pii.entity_type, "text": not_pii.text},
    ]}))
    build_packs(root / "tasks.yaml", tmp_path / "packs", workspace=ws, force=True, review=review)
    second = audit_dir(tmp_path / "packs", workspace=ws, review=review)
    ids = {f.id: f for f in second.checks["residual"].findings}
    assert leak.id not in ids  # replaced everywhere on the rebuild
    assert not any(leak.text in p.read_text() for p in (tmp_path / "packs").rglob("*.md"))
    if not_pii.id in ids:  # still listed (allow-listed, left in place), marked reviewed
        assert ids[not_pii.id].verdict == "not_pii" and not ids[not_pii.id].fails
