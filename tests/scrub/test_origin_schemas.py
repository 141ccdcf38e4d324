"""A scrubbed fixture still reads in the tool it came from: the fields and rules each origin's
importer relies on hold for the output as they did for the input.

* ChatGPT exports (LibreChat's fixtures and the synthetic sharded export): LibreChat's importer
  (``api/server/utils/import/importers.js``) takes a JSON **array** as a ChatGPT export, and for
  each conversation reads ``title``, ``create_time`` and ``mapping``; for each node ``parent``
  (null or another node of the mapping) and ``message`` (null, or ``author.role``, ``create_time``
  and ``content`` with ``content_type`` and ``parts`` or ``text``); ``current_node`` names a node.
* The Claude split export (PDP-Connect's connector fixtures): each conversation has ``uuid``,
  ``name``, ``created_at`` and ``chat_messages``, each message ``uuid``, ``sender`` (``human`` or
  ``assistant``), ``created_at`` and ``text`` or ``content`` blocks; ``parent_message_uuid``
  names a message of the same conversation (or the root).
"""

from __future__ import annotations

import json

import pytest

from scrub_helpers import SHARDED

CHATGPT = ["chatgpt/librechat__chatgpt-tree.json", "chatgpt/librechat__chatgpt-modern-export.json", SHARDED]
ROOT_PARENT = "00000000-0000-4000-8000-000000000000"


def _conversation_files(root):
    if root.is_file():
        return [root]
    return sorted(p for p in root.rglob("conversations*.json"))


def _chatgpt_problems(data) -> list[str]:
    if not isinstance(data, list):
        return ["not an array: LibreChat would not take it for a ChatGPT export"]
    out = []
    for i, conv in enumerate(data):
        if "mapping" not in conv:
            continue  # a record without a mapping: LibreChat skips it, as it did in the input
        mapping = conv["mapping"]
        if not isinstance(conv.get("title"), (str, type(None))) or not isinstance(mapping, dict):
            out.append(f"{i}: title or mapping")
            continue
        if conv.get("create_time") is not None and not isinstance(conv["create_time"], (int, float)):
            out.append(f"{i}: create_time")
        if conv.get("current_node") is not None and conv["current_node"] not in mapping:
            out.append(f"{i}: current_node")
        for key, node in mapping.items():
            if node.get("parent") is not None and node["parent"] not in mapping:
                out.append(f"{i}/{key}: parent")
            msg = node.get("message")
            if msg is None:
                continue
            content = msg.get("content") or {}
            if not isinstance((msg.get("author") or {}).get("role"), str):
                out.append(f"{i}/{key}: author.role")
            if not isinstance(content.get("content_type"), str) or not (
                    isinstance(content.get("parts"), list) or "text" in content or content["content_type"] not in ("text", "code")):
                out.append(f"{i}/{key}: content")
    return out


@pytest.mark.parametrize("name", CHATGPT)
def test_a_scrubbed_chatgpt_export_still_reads_as_librechat_reads_one(scrubbed, name):
    src, result = scrubbed[name]
    assert [p for f in _conversation_files(src) for p in _chatgpt_problems(json.loads(f.read_text()))] == []
    outputs = _conversation_files(result.out_dir) if not src.is_file() else [result.out_dir / src.name]
    assert outputs
    for f in outputs:
        assert _chatgpt_problems(json.loads(f.read_text("utf-8-sig"))) == [], f.name


def _claude_problems(data) -> list[str]:
    out = []
    for i, conv in enumerate(data if isinstance(data, list) else [data]):
        if not all(k in conv for k in ("uuid", "name", "created_at", "chat_messages")):
            out.append(f"{i}: conversation fields")
            continue
        ids = {m.get("uuid") for m in conv["chat_messages"]} | {ROOT_PARENT, None}
        for j, m in enumerate(conv["chat_messages"]):
            if m.get("sender") not in ("human", "assistant") or "uuid" not in m or "created_at" not in m:
                out.append(f"{i}/{j}: message fields")
            if "text" not in m and not isinstance(m.get("content"), list):
                out.append(f"{i}/{j}: text or content")
            if m.get("parent_message_uuid") not in ids:
                out.append(f"{i}/{j}: parent_message_uuid")
    return out


def test_a_scrubbed_claude_split_export_still_reads_as_its_connector_reads_one(scrubbed):
    src, result = scrubbed["claude/pdp-split-export"]
    inputs = sorted(src.rglob("conversations-*/conversations.json"))
    outputs = sorted(result.out_dir.rglob("conversations-*/conversations.json"))
    assert inputs and len(outputs) == len(inputs)
    assert [p for f in inputs for p in _claude_problems(json.loads(f.read_text()))] == []
    for f in outputs:
        assert _claude_problems(json.loads(f.read_text("utf-8-sig"))) == [], f.name
