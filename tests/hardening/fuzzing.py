"""Shared pieces of the fuzz tests and the atheris target: JSON strategies, seeds, a full read.

``read_everything(path)`` drives ingest the way ``privacy scrub`` does (every member's
raw records, the canonical conversations, memories, the summary) and returns normally or
raises ``InputError``; anything else is a bug.
"""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import strategies as st

from .builders import pii_text, record

SCHEMA_KEYS = [
    "mapping", "message", "content", "parts", "author", "role", "title", "create_time", "update_time",
    "current_node", "id", "children", "parent", "content_type", "is_archived", "metadata", "attachments",
    "chat_messages", "text", "sender", "uuid", "name", "created_at", "memories", "conversation_id",
    "recipient", "user_editable_context", "about_user_message", "files", "type",
]
# zero-width, bidi controls, a BOM, homoglyphs (Cyrillic/Greek look-alikes), a lone surrogate, emoji
ODD_CHARS = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u202e", "\u202d", "\u200e", "\u200f",
             "\u2066", "\u2069", "а", "е", "о", "р", "с", "Α", "ο", "\ud800", "\udfff", "😀", "\x00", "\r", "\u2028"]

json_leaf = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True, allow_infinity=True)
             | st.text(max_size=40) | st.sampled_from(ODD_CHARS) | st.sampled_from(SCHEMA_KEYS))
json_key = st.sampled_from(SCHEMA_KEYS) | st.text(max_size=10)
json_any = st.recursive(
    json_leaf,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(json_key, inner, max_size=5),
    max_leaves=25,
)


def claude_seed() -> dict:
    return {
        "uuid": "00000000-0000-4000-8000-0000000000c1", "name": "Weekend", "summary": "",
        "created_at": "2026-01-02T03:04:05.000000Z", "updated_at": "2026-01-02T03:04:05.000000Z",
        "account": {"uuid": "00000000-0000-4000-8000-0000000000aa"},
        "chat_messages": [{
            "uuid": "00000000-0000-4000-8000-000000000001", "text": pii_text(),
            "content": [{"type": "text", "text": pii_text()}], "sender": "human",
            "created_at": "2026-01-02T03:04:05.000000Z", "attachments": [], "files": [],
            "parent_message_uuid": "00000000-0000-4000-8000-000000000000",
        }],
    }


def seeds() -> list:
    """Valid documents the mutation tests start from: ChatGPT and Claude conversations, memories."""
    return [
        [record(0, [pii_text(0)]), record(1, [pii_text(1), {"content_type": "image_asset_pointer"}])],
        [claude_seed()],
        {"memories": [{"id": "m1", "content": pii_text()}]},
    ]


@st.composite
def mutated(draw, doc=None):
    """A valid seed with one node somewhere inside replaced by arbitrary JSON."""
    doc = json.loads(json.dumps(doc if doc is not None else draw(st.sampled_from(seeds()))))
    node, parent, key = doc, None, None
    for _ in range(draw(st.integers(0, 8))):
        if isinstance(node, dict) and node:
            k = draw(st.sampled_from(sorted(node)))
        elif isinstance(node, list) and node:
            k = draw(st.integers(0, len(node) - 1))
        else:
            break
        parent, key, node = node, k, node[k]
    replacement = draw(json_any)
    if parent is None:
        return replacement
    parent[key] = replacement
    return doc


def read_everything(path: Path) -> None:
    """Everything ``scrub`` asks of ingest, on one export; InputError or nothing."""
    from ingest import open_export

    exp = open_export(path)
    for name in exp.source.members():
        if exp.member_role(name) == "conversations" and not exp.member_excluded(name):
            for _ in exp.iter_raw_records(name):
                pass
    for conv in exp.conversations():
        for msg in conv.messages:
            _ = [p for p in msg.parts]
    _ = exp.memories, exp.custom_instructions, exp.contributor
    exp.summary()
