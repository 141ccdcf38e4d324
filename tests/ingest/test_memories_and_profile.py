"""Memories in every shape, found beside the export or given by path; profile files."""

from __future__ import annotations

import json

import pytest

from ingest import load_memories_file, load_profile, open_export
from ingest.errors import InputError

TEXTS = ["User prefers metric units.", "User is learning Rust.", "User is vegetarian."]
DAY = {"2025-03-01": 1740787200.0, "2025-04-12": 1744416000.0, "2026-01-01": 1767225600.0}


def test_backend_api_memories_json(memories_dir):
    mems = load_memories_file(memories_dir / "backend-api-memories.response.json")
    assert [m.text for m in mems] == TEXTS
    assert [m.id for m in mems] == [f"mem-000000000000000000000000{i}" for i in (1, 2, 3)]
    assert [m.created for m in mems] == [1740787200.0, 1744416000.0, 1767225606.0]


def test_copy_paste_list_one_per_line(memories_dir):
    mems = load_memories_file(memories_dir / "manage-memories-copy-paste.txt")
    assert [(m.text, m.created) for m in mems] == [(t, None) for t in TEXTS]


def test_model_set_context_snapshot(memories_dir):
    mems = load_memories_file(memories_dir / "model-set-context-snapshot.txt")
    assert [(m.text, m.created) for m in mems] == list(zip(TEXTS, DAY.values()))


def test_dated_prompt_dump(memories_dir):
    mems = load_memories_file(memories_dir / "prompt-dump-dated-lines.txt")
    assert [(m.text, m.created) for m in mems] == list(zip(TEXTS, DAY.values()))


def test_copy_paste_list_with_date_prefixes_and_bullets(tmp_path):
    f = tmp_path / "mine.txt"
    f.write_text("- [2025-03-01] Likes tea.\n\n• Owns a bike.\n* [2026-01-01T10:00:00Z] Plays chess.\n")
    assert [(m.text, m.created) for m in load_memories_file(f)] == [
        ("Likes tea.", DAY["2025-03-01"]), ("Owns a bike.", None), ("Plays chess.", DAY["2026-01-01"] + 36000),
    ]


def test_claude_memories_object(tmp_path):
    f = tmp_path / "memories.json"
    f.write_text(json.dumps({"conversations_memory": "Works nights.", "memory_files": [{"path": "a.md", "content": "Has a dog."}],
                             "project_memories": {"p1": "Project is late."}}))
    assert [(m.text, m.id, m.origin) for m in load_memories_file(f)] == [
        ("Works nights.", "conversations_memory", "claude"), ("Has a dog.", "a.md", "claude"),
        ("Project is late.", "project:p1", "claude"),
    ]


def test_memories_folder_dedupes_the_four_shapes_of_the_same_memories(memories_dir):
    exp = open_export(memories_dir)
    assert exp.stats.conversations == 0
    assert [m.text for m in exp.memories] == TEXTS
    assert exp.memories[0].id == "mem-0000000000000000000000001"  # the richest copy is kept


def test_explicit_memories_file_merges_with_traces(shared_fixtures, memories_dir, tmp_path):
    extra = tmp_path / "extra.txt"
    extra.write_text("User owns a cat.\nUser is vegetarian.\n")
    exp = open_export(shared_fixtures / "synthetic" / "chatgpt-2026-sharded", memories=[extra])
    assert [m.text for m in exp.memories] == ["User owns a cat.", "User is vegetarian.", TEXTS[0], TEXTS[1]]
    assert exp.stats.memories == 4


def test_memories_file_beside_the_export_is_found(sharded, memories_dir):
    (sharded / "memories.json").write_bytes((memories_dir / "backend-api-memories.response.json").read_bytes())
    exp = open_export(sharded)
    assert exp.member_role("memories.json") == "memories"
    assert [m.origin for m in exp.memories] == ["file", "file", "file"]


def test_memories_file_of_wrong_shape_is_an_input_error(tmp_path):
    f = tmp_path / "memories.json"
    f.write_text(json.dumps({"something": "else"}))
    with pytest.raises(InputError, match="wrong shape"):
        load_memories_file(f)


def test_profile_merges_into_the_contributor(shared_fixtures, tmp_path):
    p = tmp_path / "profile.yaml"
    p.write_text("names: [Samuel Example]\nnicknames: [Sammy]\nfamily_names: [Alex Example]\n"
                 "other_names: [Dr. Rivera]\nemails: [sam.work@example.invalid]\nphones: ['+1 555 0100']\n")
    c = open_export(shared_fixtures / "synthetic" / "chatgpt-2026-sharded", profile=p).contributor
    assert c.names == ("Samuel Example", "Sam Example")
    assert c.other_names == ("Sammy", "Alex Example", "Dr. Rivera")
    assert c.emails == ("sam.work@example.invalid", "sam@example.invalid")
    assert c.phones == ("+1 555 0100",)
    assert c.user_id == "user-EXAMPLE0000000000000000"


def test_profile_as_json(tmp_path):
    p = tmp_path / "profile.json"
    p.write_text(json.dumps({"contributor_id": "c-7", "names": ["Ana Lima"], "emails": ["ana@example.invalid"]}))
    c = load_profile(p)
    assert (c.user_id, c.names, c.emails) == ("c-7", ("Ana Lima",), ("ana@example.invalid",))


def test_profile_with_unknown_key_is_an_input_error_without_its_value(tmp_path):
    p = tmp_path / "profile.yaml"
    p.write_text("names: [Ana Lima]\nfavourite_secret: hunter2\n")
    with pytest.raises(InputError) as ei:
        load_profile(p)
    assert "favourite_secret" in str(ei.value) and "hunter2" not in str(ei.value)


def test_names_stated_in_custom_instructions_join_the_contributor(tmp_path):
    text = "Preferred name: Ana Lima\nName of my dog: Rex\nCall me Jo\n"
    rec = {"id": "c", "title": "t", "current_node": "ci", "mapping": {"ci": {"id": "ci", "parent": None, "message": {
        "id": "ci", "author": {"role": "user"}, "metadata": {},
        "content": {"content_type": "user_editable_context", "user_profile": text, "user_instructions": ""}}}}}
    f = tmp_path / "conversations.json"
    f.write_text(json.dumps([rec]))
    assert open_export(f).contributor.names == ("Ana Lima", "Jo")
