"""The ChatGPT fixtures under ../shared/fixtures, with counts worked out by reading them."""

from __future__ import annotations

from ingest import open_export


def test_tree_fixture_walks_seven_of_twelve_nodes_from_current_node(shared_fixtures):
    exp = open_export(shared_fixtures / "chatgpt" / "librechat__chatgpt-tree.json")
    [conv] = list(exp.conversations())
    assert [m.id[:8] for m in conv.messages] == [
        "d38605d2", "aaa297ba", "bda8a275", "aaa236a3", "db88eddf", "aaa20127", "f63b8e17",
    ]
    assert conv.messages[0].role == "system" and conv.messages[0].hidden
    assert exp.stats.as_dict()["messages"] == 7


def test_tree_fixture_keeps_the_interrupted_reply_off_the_path_out(shared_fixtures):
    exp = open_export(shared_fixtures / "chatgpt" / "librechat__chatgpt-tree.json")
    [conv] = list(exp.conversations())
    assert "Once upon a time" not in "".join(m.text for m in conv.messages)
    assert conv.messages[-1].text.endswith("make up everything!")


def test_modern_export_skips_the_record_without_mapping(shared_fixtures):
    exp = open_export(shared_fixtures / "chatgpt" / "librechat__chatgpt-modern-export.json")
    titles = [c.title for c in exp.conversations()]
    assert titles == ["Deploying the staging cluster", "Weeknight pasta"]
    s = exp.stats
    assert (s.conversations, s.skipped, s.archived_dropped, s.messages) == (2, 1, 0, 7)
    assert dict(s.content_types) == {"text": 6, "user_editable_context": 1}


def test_modern_export_recognises_hidden_user_editable_context(shared_fixtures):
    exp = open_export(shared_fixtures / "chatgpt" / "librechat__chatgpt-modern-export.json")
    first = next(iter(exp.conversations()))
    ctx = first.messages[0]
    assert ctx.kind == "custom_instructions" and ctx.hidden
    assert [(c.about_user, c.about_model, c.origin) for c in exp.custom_instructions] == [
        ("The user is an SRE.", "Answer concisely.", "user_editable_context")
    ]


def test_model_comes_from_default_model_slug(shared_fixtures):
    exp = open_export(shared_fixtures / "chatgpt" / "librechat__chatgpt-modern-export.json")
    assert [c.model for c in exp.conversations()] == ["gpt-5-thinking", "gpt-5"]


def test_chatgpt_folder_of_single_files_counts_both(shared_fixtures):
    s = open_export(shared_fixtures / "chatgpt").summary()
    assert (s["conversations"], s["skipped"], s["messages"]) == (3, 1, 14)


def test_sharded_export_counts(shared_fixtures):
    s = open_export(shared_fixtures / "synthetic" / "chatgpt-2026-sharded").summary()
    assert s["format"] == "chatgpt"
    assert (s["conversations"], s["archived_dropped"], s["skipped"]) == (3, 1, 1)
    assert (s["messages"], s["memories"], s["custom_instructions"], s["attachments"]) == (27, 3, 2, 4)
    assert s["content_types"] == {
        "code": 2, "execution_output": 1, "model_editable_context": 1, "multimodal_text": 4,
        "reasoning_recap": 2, "sonic_webpage": 1, "text": 13, "thoughts": 2, "user_editable_context": 1,
    }
    assert s["consent_record"] is False


def test_archived_conversation_is_dropped(shared_fixtures):
    exp = open_export(shared_fixtures / "synthetic" / "chatgpt-2026-sharded")
    ids = [c.id for c in exp.conversations()]
    assert "6a000000-0000-8000-8000-00000000000c" not in ids
    assert ids == [
        "6a000000-0000-8000-8000-00000000000a",
        "6a000000-0000-8000-8000-00000000000b",
        "6a000000-0000-8000-8000-00000000000e",
    ]


def test_slim_nodes_without_children_follow_parent_from_current_node(shared_fixtures):
    exp = open_export(shared_fixtures / "synthetic" / "chatgpt-2026-sharded")
    slim = [c for c in exp.conversations() if c.title == "Project brief"][0]
    assert [m.id for m in slim.messages] == ["b-u1", "b-th", "b-rr", "b-a1-alt", "b-u2", "b-a2"]


def test_every_content_type_yields_its_text(shared_fixtures):
    exp = open_export(shared_fixtures / "synthetic" / "chatgpt-2026-sharded")
    convs = {c.title: c for c in exp.conversations()}
    by_id = {m.id: m for c in convs.values() for m in c.messages}
    assert by_id["a-th"].text.startswith("Searching for a quick lentil recipe")
    assert "200/4" == by_id["a-code"].text
    assert by_id["a-exec"].text == "50.0"
    assert "Red lentil dal in 25 minutes" in by_id["a-page"].text
    assert by_id["a-rr"].text == "Thought for 12s"
    assert "shopping list photo" in by_id["a-u2"].text
    dalle = by_id["e-dalle"]
    assert "watercolor painting" in dalle.text  # the DALL-E prompt inside the image pointer metadata


def test_memory_traces_are_recognised(shared_fixtures):
    exp = open_export(shared_fixtures / "synthetic" / "chatgpt-2026-sharded")
    lentil = next(iter(exp.conversations()))
    kinds = {m.id: m.kind for m in lentil.messages}
    assert kinds["a-mec"] == "memory_trace" and kinds["a-bio"] == "memory_trace"
    assert [(m.text, m.origin) for m in exp.memories] == [
        ("User prefers metric units.", "model_editable_context"),
        ("User is learning Rust.", "model_editable_context"),
        ("User is vegetarian.", "bio"),
    ]


def test_custom_instructions_in_both_shapes(shared_fixtures):
    exp = open_export(shared_fixtures / "synthetic" / "chatgpt-2026-sharded")
    assert [(c.about_user, c.about_model, c.origin) for c in exp.custom_instructions] == [
        ("Preferred name: Sam Example\nRole: Backend developer", "Be concise. Use metric units.",
         "user_editable_context"),
        ("I live in Berlin.", "Answer in English.", "hidden_system_message"),
    ]


def test_older_hidden_system_message_carries_its_text_for_scrubbing(shared_fixtures):
    exp = open_export(shared_fixtures / "synthetic" / "chatgpt-2026-sharded")
    watercolor = [c for c in exp.conversations() if c.title == "Watercolor"][0]
    ci = watercolor.messages[0]
    assert ci.kind == "custom_instructions" and "I live in Berlin." in ci.text


def test_attachments_are_references_with_names(shared_fixtures):
    exp = open_export(shared_fixtures / "synthetic" / "chatgpt-2026-sharded")
    atts = [a for c in exp.conversations() for a in c.attachments]
    assert [(a.id, a.name, a.kind) for a in atts] == [
        ("file_00000000aaaa61f6a542dbb6fe344fbf", "list.png", "image"),
        ("file_00000000bbbb61f6a542dbb6fe344fbf", None, "image"),
        ("file-Up1oadExample0001", "photo.png", "image"),
        ("file-Da11eExample00001", None, "image"),
    ]


def test_contributor_from_user_json_and_custom_instructions(shared_fixtures):
    c = open_export(shared_fixtures / "synthetic" / "chatgpt-2026-sharded").contributor
    assert c.user_id == "user-EXAMPLE0000000000000000"
    assert c.emails == ("sam@example.invalid",)
    assert c.names == ("Sam Example",)
    assert c.phones == ()


def test_member_roles_of_the_sharded_export(shared_fixtures):
    exp = open_export(shared_fixtures / "synthetic" / "chatgpt-2026-sharded")
    roles = {m: exp.member_role(m) for m in exp.source.members()}
    assert roles == {
        "conversation_asset_file_names.json": "side",
        "conversations-000.json": "conversations",
        "conversations-001.json": "conversations",
        "export_manifest.json": "manifest",
        "file-Da11eExample00001.dat": "asset",
        "file-Up1oadExample0001.dat": "asset",
        "file_00000000aaaa61f6a542dbb6fe344fbf.dat": "asset",
        "library_files.json": "side",
        "message_feedback.json": "side",
        "shared_conversations.json": "side",
        "user.json": "user",
    }


def test_raw_records_carry_the_same_keep_decision(shared_fixtures):
    exp = open_export(shared_fixtures / "synthetic" / "chatgpt-2026-sharded")
    rows = [(name, i, keep, reason) for name in ("conversations-000.json", "conversations-001.json")
            for i, raw, keep, reason in exp.iter_raw_records(name)]
    assert rows == [
        ("conversations-000.json", 0, True, None),
        ("conversations-000.json", 1, True, None),
        ("conversations-001.json", 0, False, "archived"),
        ("conversations-001.json", 1, False, "skipped:no_mapping"),
        ("conversations-001.json", 2, True, None),
    ]


def test_conversations_can_be_streamed_twice_with_the_same_result(shared_fixtures):
    exp = open_export(shared_fixtures / "synthetic" / "chatgpt-2026-sharded")
    assert list(exp.conversations()) == list(exp.conversations())
