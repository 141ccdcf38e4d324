"""ChatGPT record shapes beyond the fixtures: cycles, missing current_node, unknown content, shards."""

from __future__ import annotations

import copy

from ingest import open_export

from ingest_builders import read_records, write_records


def _node(nid, parent, role="user", content=None, t=None):
    content = content or {"content_type": "text", "parts": [f"text of {nid}"]}
    return {"id": nid, "parent": parent,
            "message": {"id": nid, "author": {"role": role}, "create_time": t, "content": content, "metadata": {}}}


def _conv(mapping, current, cid="c1", **extra):
    rec = {"id": cid, "conversation_id": cid, "title": "t", "create_time": 1.0, "update_time": 2.0,
           "mapping": {n["id"]: n for n in mapping}, "current_node": current}
    rec.update(extra)
    return rec


def test_parent_cycle_stops_the_walk_instead_of_looping(tmp_path):
    nodes = [_node("a", "c"), _node("b", "a"), _node("c", "b")]
    f = write_records(tmp_path / "conversations.json", [_conv(nodes, "c")])
    [conv] = list(open_export(f).conversations())
    assert [m.id for m in conv.messages] == ["a", "b", "c"]


def test_missing_current_node_picks_the_newest_leaf_rebuilt_from_parent(tmp_path):
    nodes = [_node("root", None), _node("u", "root", t=1.0), _node("old", "u", "assistant", t=2.0),
             _node("new", "u", "assistant", t=3.0)]
    f = write_records(tmp_path / "conversations.json", [_conv(nodes, None)])
    [conv] = list(open_export(f).conversations())
    assert [m.id for m in conv.messages] == ["root", "u", "new"]


def test_unknown_content_type_is_kept_as_generic_text_fields(tmp_path):
    content = {"content_type": "hologram_v2", "caption": "a caption", "nested": {"notes": ["first", "second"]},
               "count": 3}
    f = write_records(tmp_path / "conversations.json", [_conv([_node("a", None, content=content)], "a")])
    exp = open_export(f)
    [conv] = list(exp.conversations())
    msg = conv.messages[0]
    assert msg.content_type == "hologram_v2"
    assert [(p.field, p.text) for p in msg.parts] == [
        ("caption", "a caption"), ("nested.notes[0]", "first"), ("nested.notes[1]", "second"),
    ]
    assert exp.stats.content_types["hologram_v2"] == 1


def test_unknown_part_type_inside_multimodal_text_is_kept(tmp_path):
    content = {"content_type": "multimodal_text",
               "parts": [{"content_type": "sticker_pointer", "label": "waving hand"}, "hello"]}
    f = write_records(tmp_path / "conversations.json", [_conv([_node("a", None, content=content)], "a")])
    [conv] = list(open_export(f).conversations())
    assert [p.text for p in conv.messages[0].parts] == ["waving hand", "hello"]


def test_shards_are_merged_and_the_newest_copy_of_a_conversation_wins(sharded):
    first = read_records(sharded / "conversations-000.json")
    newer = copy.deepcopy(first[0])
    newer["update_time"] = first[0]["update_time"] + 1000
    newer["title"] = "Lentil recipe (edited)"
    second = read_records(sharded / "conversations-001.json")
    write_records(sharded / "conversations-001.json", second + [newer])
    exp = open_export(sharded)
    titles = [c.title for c in exp.conversations()]
    assert titles == ["Project brief", "Watercolor", "Lentil recipe (edited)"]
    assert exp.stats.duplicates_dropped == 1 and exp.stats.conversations == 3


def test_an_older_duplicate_in_a_later_shard_loses(sharded):
    first = read_records(sharded / "conversations-000.json")
    older = copy.deepcopy(first[0])
    older["update_time"] = first[0]["update_time"] - 1000
    older["title"] = "stale copy"
    second = read_records(sharded / "conversations-001.json")
    write_records(sharded / "conversations-001.json", second + [older])
    exp = open_export(sharded)
    assert "stale copy" not in [c.title for c in exp.conversations()]
    reasons = [r for _, _, keep, r in exp.iter_raw_records("conversations-001.json") if not keep]
    assert reasons == ["archived", "skipped:no_mapping", "duplicate"]


def test_single_conversation_object_file_is_one_conversation(tmp_path):
    import json

    f = tmp_path / "one.json"
    f.write_text(json.dumps(_conv([_node("a", None)], "a")))
    assert open_export(f).stats.conversations == 1


def test_invalid_json_position_is_a_byte_offset_even_after_non_ascii_text(tmp_path):
    import pytest

    from ingest.errors import InputError

    f = tmp_path / "conversations.json"
    data = '[{"title": "café"} x]'.encode()
    f.write_bytes(data)
    with pytest.raises(InputError, match=f"invalid JSON at byte {data.index(b'x')}$"):
        list(open_export(f).conversations())


def test_a_wrapper_object_is_a_wrong_shape_not_a_skipped_record(tmp_path):
    import json

    import pytest

    from ingest.errors import InputError

    f = tmp_path / "conversations.json"
    f.write_text(json.dumps({"conversations": [_conv([_node("a", None)], "a")]}))
    with pytest.raises(InputError, match="wrong shape: a JSON object that is not a conversation record"):
        list(open_export(f).conversations())
