"""Check 3: manifests match the files, archived conversations are gone, variant rules hold."""

from __future__ import annotations

import json

from privacy.audit import audit_dir, render_text

from .conftest import clean_pack, refresh_manifest

ARCHIVED = "9a1b2c3d-0000-4000-8000-00000000dead"


def _integrity(path, known):
    return audit_dir(path, workspace=known.ws, residual=False).checks["integrity"]


def _kinds(check):
    return {(f.kind, f.file) for f in check.findings}


def test_a_clean_pack_passes_every_check(tmp_path, known):
    report = audit_dir(clean_pack(tmp_path / "packs", known, archived=[ARCHIVED]), workspace=known.ws, residual=False)
    assert not report.failed, render_text(report)
    assert report.checks["integrity"].stats == {"manifests": 4, "archived_ids": 1, "variants": 4}


def test_a_tampered_file_fails_the_manifest(tmp_path, known):
    packs = clean_pack(tmp_path / "packs", known)
    prompt = packs / "task-1/baseline/prompt.md"
    prompt.write_text(prompt.read_text().replace("dinner", "big lunch"))
    check = _integrity(packs, known)
    assert ("manifest_hash_mismatch", "task-1/baseline/prompt.md") in _kinds(check)
    assert ("manifest_size_mismatch", "task-1/baseline/prompt.md") in _kinds(check)


def test_a_same_size_edit_fails_on_the_hash_alone(tmp_path, known):
    packs = clean_pack(tmp_path / "packs", known)
    prompt = packs / "task-1/no_memories/prompt.md"
    prompt.write_text(prompt.read_text().replace("dinner", "supper"[:6]))
    assert _kinds(_integrity(packs, known)) == {("manifest_hash_mismatch", "task-1/no_memories/prompt.md")}


def test_an_extra_or_a_missing_file_fails_the_manifest(tmp_path, known):
    packs = clean_pack(tmp_path / "packs", known)
    (packs / "task-1/baseline/extra.txt").write_text("hello")
    (packs / "task-1/no_added_context/reference_files/contacts.csv").unlink()
    kinds = _kinds(_integrity(packs, known))
    assert ("manifest_extra_file", "task-1/baseline/extra.txt") in kinds
    assert ("manifest_missing_file", "task-1/no_added_context/reference_files/contacts.csv") in kinds


def test_an_archived_conversation_present_fails(tmp_path, known):
    packs = clean_pack(tmp_path / "packs", known, archived=[ARCHIVED])
    folder = packs / "task-1/baseline"
    (folder / f"conversation_history/{ARCHIVED}.json").write_text(json.dumps({"id": ARCHIVED, "messages": []}))
    refresh_manifest(folder)
    kinds = {f.kind for f in _integrity(packs, known).findings}
    assert kinds == {"archived_conversation_present", "archived_id_in_name"}


def test_an_archived_id_in_a_scrub_summary_is_searched_for_in_every_file(tmp_path, known):
    out = tmp_path / "out"
    out.mkdir()
    (out / "summary.json").write_text(json.dumps({"archived_dropped_ids": [ARCHIVED]}))
    (out / "conversations.json").write_text(json.dumps([{"id": ARCHIVED.upper(), "title": "old"}]))
    check = _integrity(out, known)
    assert _kinds(check) == {("archived_conversation_present", "conversations.json")}


def test_no_memories_with_memories_or_history_fails(tmp_path, known):
    packs = clean_pack(tmp_path / "packs", known)
    folder = packs / "task-1/no_memories"
    (folder / "memories.md").write_text("- likes tea\n")
    (folder / "conversation_history").mkdir()
    (folder / "conversation_history/c1.md").write_text("# chat\n")
    refresh_manifest(folder)
    kinds = {f.kind for f in _integrity(packs, known).findings}
    assert kinds == {"variant_has_memories", "variant_has_history"}


def test_added_context_in_the_ablated_variants_fails(tmp_path, known):
    packs = clean_pack(tmp_path / "packs", known)
    for v in ("no_added_context", "context_in_conversations"):
        (packs / f"task-1/{v}/additional_context.md").write_text("- a fact\n")
        refresh_manifest(packs / f"task-1/{v}")
    files = {f.file for f in _integrity(packs, known).findings if f.kind == "variant_has_added_context"}
    assert files == {"task-1/no_added_context/additional_context.md", "task-1/context_in_conversations/additional_context.md"}


def test_a_fact_missing_from_the_conversation_insertions_json_names_fails(tmp_path, known):
    packs = clean_pack(tmp_path / "packs", known)
    folder = packs / "task-1/context_in_conversations"
    md = folder / "conversation_history/c1.md"
    md.write_text(md.read_text().split("\n## User\n\nMy friend")[0])
    refresh_manifest(folder)
    (f,) = _integrity(packs, known).findings
    assert f.kind == "insertion_fact_absent" and f.file.endswith("conversation_history/c1.md")


def test_an_export_manifest_that_is_not_a_file_manifest_is_left_alone(tmp_path, known):
    out = tmp_path / "out"
    out.mkdir()
    (out / "manifest.json").write_text(json.dumps({"data_files": [{"filename": "conversations-000.zip"}]}))
    check = _integrity(out, known)
    assert check.status == "pass" and check.stats["manifests"] == 0


def test_a_symbolic_link_in_the_output_fails_and_is_not_followed(tmp_path, known):
    packs = clean_pack(tmp_path / "packs", known)
    secret = tmp_path / "elsewhere.txt"
    secret.write_text("Jane Doe\n")
    (packs / "task-1/link.txt").symlink_to(secret)
    report = audit_dir(packs, workspace=known.ws, residual=False)
    assert _kinds(report.checks["integrity"]) == {("symlink", "task-1/link.txt")}
    assert report.checks["leak"].findings == []
