"""``privacy pack`` through the real CLI: exit codes, one-line errors, nothing built on error."""

from __future__ import annotations

import json

import yaml

from privacy.cli import main

from .conftest import file_text
from .exports import write_task_tree


def _run(capsys, *argv):
    code = main(["pack", *map(str, argv)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _edit_first_task(tasks_file, **changes):
    doc = yaml.safe_load(tasks_file.read_text())
    doc["tasks"][0].update(changes)
    tasks_file.write_text(yaml.safe_dump(doc, sort_keys=False))


def _assert_one_line_error(code, err, *needles):
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("privacy: error: ")
    for needle in needles:
        assert needle in lines[0]
    assert "Alice" not in lines[0] and "Priya" not in lines[0]


def test_pack_builds_the_requested_variants(tmp_path, capsys):
    tasks = write_task_tree(tmp_path)
    code, out, _ = _run(capsys, tasks, "--out", tmp_path / "packs", "--workspace", tmp_path / "ws",
                        "--variants", "baseline,context_in_conversations")
    assert code == 0 and "built 2 task(s) x 2 variant(s)" in out
    assert sorted(p.name for p in (tmp_path / "packs" / "marathon-02").iterdir()) == ["baseline", "context_in_conversations"]


def test_unknown_key_exits_2_naming_task_and_field(tmp_path, capsys):
    tasks = write_task_tree(tmp_path)
    _edit_first_task(tasks, contributor_notes="Alice likes tea")
    code, _, err = _run(capsys, tasks, "--out", tmp_path / "packs", "--workspace", tmp_path / "ws")
    _assert_one_line_error(code, err, "task move-apartment-01", "contributor_notes", "unknown key")
    assert not (tmp_path / "packs").exists()


def test_missing_file_exits_2_naming_task_and_field(tmp_path, capsys):
    tasks = write_task_tree(tmp_path)
    _edit_first_task(tasks, memories="exports/missing-memories.json")
    code, _, err = _run(capsys, tasks, "--out", tmp_path / "packs", "--workspace", tmp_path / "ws")
    _assert_one_line_error(code, err, "task move-apartment-01", "'memories'", "file not found")
    assert not (tmp_path / "packs").exists()


def test_duplicate_id_exits_2(tmp_path, capsys):
    tasks = write_task_tree(tmp_path)
    _edit_first_task(tasks, id="marathon-02")
    code, _, err = _run(capsys, tasks, "--out", tmp_path / "packs", "--workspace", tmp_path / "ws")
    _assert_one_line_error(code, err, "task marathon-02", "'id'", "duplicate")
    assert not (tmp_path / "packs").exists()


def test_missing_prompt_exits_2(tmp_path, capsys):
    tasks = write_task_tree(tmp_path)
    doc = yaml.safe_load(tasks.read_text())
    del doc["tasks"][1]["prompt"]
    tasks.write_text(yaml.safe_dump(doc))
    code, _, err = _run(capsys, tasks, "--out", tmp_path / "packs", "--workspace", tmp_path / "ws")
    _assert_one_line_error(code, err, "task marathon-02", "'prompt'", "missing")


def test_unknown_variant_exits_2(tmp_path, capsys):
    tasks = write_task_tree(tmp_path)
    code, _, err = _run(capsys, tasks, "--out", tmp_path / "packs", "--workspace", tmp_path / "ws", "--variants", "baseline,everything")
    _assert_one_line_error(code, err, "--variants", "unknown variant")


def test_unsupported_reference_is_refused_and_nothing_is_built(tmp_path, capsys):
    tasks = write_task_tree(tmp_path, with_unsupported=True)
    code, _, err = _run(capsys, tasks, "--out", tmp_path / "packs", "--workspace", tmp_path / "ws")
    _assert_one_line_error(code, err, "task move-apartment-01", "reference_files[3]", "(.m4a)", "--skip-unsupported")
    assert not (tmp_path / "packs").exists()
    assert not any(p.name.startswith(".packs") for p in tmp_path.iterdir())


def test_skip_unsupported_leaves_the_file_out_and_lists_it(tmp_path, capsys):
    tasks = write_task_tree(tmp_path, with_unsupported=True)
    code, _, err = _run(capsys, tasks, "--out", tmp_path / "packs", "--workspace", tmp_path / "ws", "--skip-unsupported",
                        "--variants", "baseline")
    assert code == 0
    assert "skipped: task move-apartment-01 reference_files[3]: unsupported file type (.m4a)" in err
    refs = sorted(p.name for p in (tmp_path / "packs" / "move-apartment-01" / "baseline" / "reference_files").iterdir())
    assert len(refs) == 4 and "budget.csv" in refs and {"offer-letter.pdf", "offer-letter.pdf.txt"} <= set(refs)
    assert not any(name.endswith(".m4a") for name in refs)
    manifest = json.loads((tmp_path / "packs" / "move-apartment-01" / "baseline" / "manifest.json").read_text())
    assert manifest["skipped_reference_files"] == [{"field": "reference_files[3]", "reason": "unsupported file type (.m4a)"}]


def test_existing_output_is_refused_without_force_and_replaced_with_it(tmp_path, capsys):
    tasks = write_task_tree(tmp_path)
    out = tmp_path / "packs"
    out.mkdir()
    (out / "old.txt").write_text("old")
    code, _, err = _run(capsys, tasks, "--out", out, "--workspace", tmp_path / "ws", "--variants", "baseline")
    _assert_one_line_error(code, err, "exists", "--force")
    assert (out / "old.txt").exists()
    code, _, _ = _run(capsys, tasks, "--out", out, "--workspace", tmp_path / "ws", "--variants", "baseline", "--force")
    assert code == 0 and not (out / "old.txt").exists() and (out / "marathon-02" / "baseline" / "prompt.md").exists()


def test_review_file_leak_verdict_replaces_a_missed_value_everywhere(tmp_path, capsys):
    tasks = write_task_tree(tmp_path)
    doc = yaml.safe_load(tasks.read_text())
    # a code word that is an ordinary word: nothing a recognizer can know is personal, even capitalised in a
    # new conversation's title ("Tangerine options"; an invented word there would read as a rare name)
    doc["tasks"][1]["prompt"] = "Bring the tangerine badge to the running club."
    doc["tasks"][1]["additional_context"] = "- My gym code word is tangerine."
    tasks.write_text(yaml.safe_dump(doc, sort_keys=False))
    args = ["--workspace", tmp_path / "ws", "--variants", "baseline,context_in_conversations"]
    assert _run(capsys, tasks, "--out", tmp_path / "before", *args)[0] == 0
    assert "tangerine" in (tmp_path / "before" / "marathon-02" / "baseline" / "prompt.md").read_text()  # missed

    review = tmp_path / "review.yaml"
    review.write_text(yaml.safe_dump({"format": "privacy-audit-review/1", "reviews": [
        {"id": "R-000000000001", "verdict": "leak", "entity_type": "PERSON", "text": "tangerine"}]}))
    code, _, _ = _run(capsys, tasks, "--out", tmp_path / "after", "--review", review, *args)
    assert code == 0
    for path in (tmp_path / "after").rglob("*"):
        if path.is_file():
            assert "tangerine" not in file_text(path).lower(), path.name
