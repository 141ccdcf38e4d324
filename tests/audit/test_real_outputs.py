"""The audit over outputs of the real ``privacy pack`` and ``privacy scrub``.

The pack is built by ``context_packs.build_packs`` from an export made by the
project's labelled generator (``synth.testdata.labelled``); the scrub runs on the shared
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
    from synth.testdata.labelled import generate
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


def test_the_reviewer_loop_replaces_a_missed_value_and_keeps_a_reviewed_replacement_on_rebuild(tmp_path):
    """review file (a missed name marked leak, an over-redaction marked not_pii) -> pack --review -> audit."""
    from context_packs import build_packs
    from privacy.audit.model import stable_id
    from synth.workspace import Workspace

    from .study import MISSED, OVER_REDACTED, write_dana_export

    write_dana_export(tmp_path / "contributor-b")
    tasks = tmp_path / "tasks.yaml"
    tasks.write_text(yaml.safe_dump({"tasks": [{"id": "task-b", "export": "contributor-b", "prompt": "Plan the dinner."}]}))
    ws = Workspace.open(tmp_path / "ws")
    build_packs(tasks, tmp_path / "packs", workspace=ws)
    text = "\n".join(p.read_text() for p in (tmp_path / "packs").rglob("*.md"))
    assert MISSED in text and f"Answer in {OVER_REDACTED}" not in text, "precondition: one name missed, one word over-redacted"
    over = next(e for e in ws.vault.entries() if e[1] == OVER_REDACTED)
    review = tmp_path / "review.yaml"
    review.write_text(yaml.safe_dump({"reviews": [
        {"id": stable_id("M", "PERSON", MISSED), "verdict": "leak", "entity_type": "PERSON", "text": MISSED},
        {"id": stable_id("S", over[0], over[3]), "verdict": "not_pii", "entity_type": over[0], "keyed_hash": over[3]},
    ]}))
    build_packs(tasks, tmp_path / "packs", workspace=ws, force=True, review=review)
    again = "\n".join(p.read_text() for p in (tmp_path / "packs").rglob("*.md"))
    assert MISSED not in again.lower()  # replaced everywhere on the rebuild
    assert f"Answer in {OVER_REDACTED}, please." in again  # kept as written
    report = audit_dir(tmp_path / "packs", workspace=ws, review=review)
    assert report.exit_code == 0, render_json(report)
