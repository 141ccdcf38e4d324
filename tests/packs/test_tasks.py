"""Task files: validation errors name the task and the field and never a value."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from context_packs.tasks import load_tasks
from ingest.errors import InputError


def _task_file(tmp_path: Path, tasks, name: str = "tasks.yaml") -> Path:
    (tmp_path / "exports").mkdir(exist_ok=True)
    (tmp_path / "exports" / "alice.json").write_text("[]")
    (tmp_path / "refs").mkdir(exist_ok=True)
    (tmp_path / "refs" / "budget.csv").write_text("item,amount\nrent,2400\n")
    path = tmp_path / name
    path.write_text(json.dumps({"tasks": tasks}))
    return path


def _good(**over):
    task = {"id": "move-01", "export": "exports/alice.json", "prompt": "Find me a flat.",
            "additional_context": "- I have a dog.", "reference_files": ["refs/budget.csv"]}
    task.update(over)
    return task


def test_valid_task_file_resolves_paths_relative_to_it(tmp_path):
    [spec] = load_tasks(_task_file(tmp_path, [_good()]))
    assert spec.id == "move-01"
    assert spec.export == tmp_path / "exports" / "alice.json"
    assert spec.reference_files == (tmp_path / "refs" / "budget.csv",)
    assert spec.memories == () and spec.rubric is None


def test_json_task_file_is_read_like_yaml(tmp_path):
    [spec] = load_tasks(_task_file(tmp_path, [_good()], name="tasks.json"))
    assert spec.prompt == "Find me a flat."


def test_unknown_key_names_task_and_key(tmp_path):
    with pytest.raises(InputError) as err:
        load_tasks(_task_file(tmp_path, [_good(secret_note="Alice Moreno")]))
    assert "task move-01" in str(err.value) and "secret_note" in str(err.value) and "unknown key" in str(err.value)
    assert "Alice" not in str(err.value)


def test_missing_reference_file_names_task_and_list_index(tmp_path):
    with pytest.raises(InputError) as err:
        load_tasks(_task_file(tmp_path, [_good(reference_files=["refs/budget.csv", "refs/alice-offer.pdf"])]))
    msg = str(err.value)
    assert "task move-01" in msg and "reference_files[1]" in msg and "not found" in msg
    assert "alice" not in msg.split("]", 1)[1].lower().replace("task move-01", "")


def test_duplicate_ids_are_refused(tmp_path):
    with pytest.raises(InputError) as err:
        load_tasks(_task_file(tmp_path, [_good(), _good()]))
    assert "task move-01" in str(err.value) and "'id'" in str(err.value) and "duplicate" in str(err.value)


def test_missing_required_field_names_it(tmp_path):
    task = _good()
    del task["prompt"]
    with pytest.raises(InputError) as err:
        load_tasks(_task_file(tmp_path, [task]))
    assert "task move-01" in str(err.value) and "'prompt'" in str(err.value)


def test_task_without_usable_id_is_named_by_position(tmp_path):
    with pytest.raises(InputError) as err:
        load_tasks(_task_file(tmp_path, [_good(), _good(id="../escape")]))
    assert "task #2" in str(err.value) and "'id'" in str(err.value)


def test_wrong_type_is_an_error_not_a_coercion(tmp_path):
    with pytest.raises(InputError) as err:
        load_tasks(_task_file(tmp_path, [_good(reference_files="refs/budget.csv")]))
    assert "'reference_files'" in str(err.value) and "must be a list" in str(err.value)


def test_top_level_must_hold_tasks(tmp_path):
    path = tmp_path / "tasks.yaml"
    path.write_text("jobs: []\n")
    with pytest.raises(InputError) as err:
        load_tasks(path)
    assert "'tasks'" in str(err.value) and "missing" in str(err.value)
