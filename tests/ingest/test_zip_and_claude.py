"""Zips built in tmp_path from the shared fixtures, zip safety, and both Claude layouts."""

from __future__ import annotations

import json
import stat
import zipfile

import pytest

from ingest import open_export
from ingest.errors import InputError

from ingest_builders import zip_folder


def test_chatgpt_zip_gives_the_same_counts_as_the_folder(shared_fixtures, tmp_path):
    folder = shared_fixtures / "synthetic" / "chatgpt-2026-sharded"
    z = zip_folder(folder, tmp_path / "export.zip")
    assert open_export(z).summary() == open_export(folder).summary()


def test_zip_member_names_and_bytes_are_readable(shared_fixtures, tmp_path):
    folder = shared_fixtures / "synthetic" / "chatgpt-2026-sharded"
    exp = open_export(zip_folder(folder, tmp_path / "export.zip"))
    assert exp.source.members() == sorted(p.name for p in folder.iterdir())
    assert exp.source.read_bytes("user.json") == (folder / "user.json").read_bytes()
    assert exp.source.member_label("user.json").endswith("export.zip:user.json")


def _zip_with(tmp_path, name, data=b"[]", info=None):
    z = tmp_path / "bad.zip"
    with zipfile.ZipFile(z, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("conversations.json", b"[]")
        zf.writestr(info or name, data)
    return z


@pytest.mark.parametrize("name", ["../escape.json", "/etc/escape.json", "a/../../escape.json", "C:/escape.json"])
def test_zip_entry_escaping_the_folder_is_refused(tmp_path, name):
    with pytest.raises(InputError, match="escapes the export folder"):
        open_export(_zip_with(tmp_path, name))


def test_zip_symlink_entry_is_refused(tmp_path):
    info = zipfile.ZipInfo("link.json")
    info.create_system = 3
    info.external_attr = (stat.S_IFLNK | 0o777) << 16
    with pytest.raises(InputError, match="symbolic link"):
        open_export(_zip_with(tmp_path, None, b"/etc/passwd", info=info))


def test_zip_bomb_by_ratio_is_refused(tmp_path):
    with pytest.raises(InputError, match="compression ratio"):
        open_export(_zip_with(tmp_path, "big.json", b"0" * (20 * 1024 * 1024)))


def test_zip_bomb_by_total_size_is_refused(tmp_path, monkeypatch):
    import ingest.source

    monkeypatch.setattr(ingest.source, "MAX_TOTAL_UNCOMPRESSED", 1000)
    with pytest.raises(InputError, match="expands beyond 1000 bytes"):
        open_export(_zip_with(tmp_path, "side.json", b"[" + b"1," * 1000 + b"1]"))


def test_folder_with_a_symlink_is_refused(tmp_path):
    (tmp_path / "conversations.json").write_text("[]")
    (tmp_path / "user.json").symlink_to("/etc/hostname")
    with pytest.raises(InputError, match="symbolic link"):
        open_export(tmp_path)


# -- Claude -----------------------------------------------------------------------


def test_claude_split_folder_counts(claude_split):
    exp = open_export(claude_split)
    s = exp.summary()
    assert s["format"] == "claude"
    assert (s["conversations"], s["messages"], s["memories"], s["attachments"], s["skipped"]) == (3, 4, 2, 1, 0)
    assert [c.title for c in exp.conversations()] == [
        "Synthetic conversation one", "Synthetic conversation two", "Synthetic design chat",
    ]


def test_claude_messages_roles_and_attachment_text(claude_split):
    convs = list(open_export(claude_split).conversations())
    assert [(m.role, m.text) for m in convs[0].messages] == [
        ("user", "Synthetic message 1."), ("assistant", "Synthetic message 2."),
    ]
    msg = convs[1].messages[0]
    assert [p.field for p in msg.parts] == ["content[0].text", "attachments[0].file_name",
                                            "attachments[0].extracted_content"]
    assert [(a.id, a.name) for a in msg.attachments] == [("00000000-0000-4000-8000-0000000000f1", "notes.txt")]


def test_claude_contributor_and_memories(claude_split):
    exp = open_export(claude_split)
    c = exp.contributor
    assert (c.user_id, c.names, c.emails, c.phones) == (
        "00000000-0000-4000-8000-0000000000aa", ("Synthetic User",), ("synthetic@example.invalid",), ())
    assert [(m.text, m.origin) for m in exp.memories] == [("Synthetic memory.", "claude"), ("Synthetic.", "claude")]


def test_claude_project_documents_are_reachable_as_members(claude_split):
    exp = open_export(claude_split)
    projects = [m for m in exp.source.members() if exp.member_role(m) == "projects"]
    assert len(projects) == 2
    doc = json.loads(exp.source.read_bytes(projects[0]))
    assert doc["docs"][0]["content"] == "Synthetic document."


def _category_zips(claude_split, root):
    """The split layout as Claude ships it: ``manifest.json`` beside one zip per category folder."""
    root.mkdir()
    (root / "manifest.json").write_bytes((claude_split / "manifest.json").read_bytes())
    for d in claude_split.iterdir():
        if d.is_dir():
            zip_folder(d, root / f"{d.name}.zip")
    return root


def test_claude_split_layout_with_category_zips(claude_split, tmp_path):
    root = _category_zips(claude_split, tmp_path / "split")
    exp = open_export(root)
    assert exp.source.members() == open_export(claude_split).source.members()
    assert exp.summary() == open_export(claude_split).summary()


def test_claude_split_category_zips_inside_one_outer_zip(claude_split, tmp_path):
    root = _category_zips(claude_split, tmp_path / "split")
    outer = zip_folder(root, tmp_path / "claude-export.zip")
    assert open_export(outer).summary() == open_export(claude_split).summary()


def test_claude_legacy_single_zip(claude_split, tmp_path):
    legacy = tmp_path / "legacy"
    legacy.mkdir()
    (legacy / "conversations.json").write_bytes((claude_split / "conversations-000" / "conversations.json").read_bytes())
    (legacy / "users.json").write_bytes((claude_split / "light_metadata-000" / "users.json").read_bytes())
    projects = [json.loads(p.read_text()) for p in sorted((claude_split / "projects-000" / "projects").iterdir())]
    (legacy / "projects.json").write_text(json.dumps(projects))
    mem = json.loads(next((claude_split / "memories-000" / "memories").iterdir()).read_text())
    mem["project_memories"] = {"00000000-0000-4000-8000-0000000000d1": "Project memory."}
    (legacy / "memories.json").write_text(json.dumps([mem]))
    exp = open_export(zip_folder(legacy, tmp_path / "claude.zip"))
    s = exp.summary()
    assert s["format"] == "claude"
    assert (s["conversations"], s["messages"], s["memories"], s["attachments"]) == (2, 3, 3, 1)
    assert {m: exp.member_role(m) for m in exp.source.members()} == {
        "conversations.json": "conversations", "memories.json": "memories",
        "projects.json": "projects", "users.json": "user",
    }


def test_claude_branching_messages_follow_parent_uuids(tmp_path):
    root = "00000000-0000-4000-8000-000000000000"

    def msg(uid, parent, sender, text):
        return {"uuid": uid, "sender": sender, "text": text, "content": [{"type": "text", "text": text}],
                "parent_message_uuid": parent, "created_at": "2026-01-02T03:04:05Z"}

    conv = {"uuid": "c", "name": "n", "created_at": "2026-01-02T03:04:05Z", "chat_messages": [
        msg("1", root, "human", "q"), msg("2", "1", "assistant", "first answer"),
        msg("3", "1", "assistant", "regenerated answer")]}
    (tmp_path / "conversations.json").write_text(json.dumps([conv]))
    (tmp_path / "users.json").write_text("[]")
    [c] = list(open_export(tmp_path).conversations())
    assert [m.text for m in c.messages] == ["q", "regenerated answer"]


def test_design_chat_members_are_single_objects_and_say_so(claude_split):
    exp = open_export(claude_split)
    layouts = {m: exp.member_layout(m) for m in exp.source.members() if exp.member_role(m) == "conversations"}
    assert layouts == {
        "conversations-000/conversations.json": "array",
        "design_chats-000/design_chats/00000000-0000-4000-8000-0000000000b1.json": "object",
    }
    [(idx, raw, keep, reason)] = list(exp.iter_raw_records(
        "design_chats-000/design_chats/00000000-0000-4000-8000-0000000000b1.json"))
    assert (idx, raw["title"], keep, reason) == (0, "Synthetic design chat", True, None)


def test_claude_split_zips_under_a_top_level_folder_of_the_outer_zip(claude_split, tmp_path):
    root = _category_zips(claude_split, tmp_path / "split")
    exp = open_export(zip_folder(root, tmp_path / "claude-export.zip", prefix="data-2026/"))
    assert "data-2026/conversations-000/conversations.json" in exp.source.members()
    assert exp.summary() == open_export(claude_split).summary()
