"""Claude conversation records (legacy zip and the 2026 split layout) -> ``Conversation``.

A record is one element of ``conversations.json`` (``uuid``, ``name``,
``chat_messages``) or one ``design_chats/<uuid>.json`` object (``title``,
``messages``). Message text comes from the ``content`` items (every string value
except timestamps and ids, so new item types are kept), falling back to ``text``;
attachments' ``extracted_content`` is text too, and files are kept as references.
When messages carry ``parent_message_uuid``, the path is walked from the last message
up its parents (cycle-guarded), like ChatGPT's ``current_node``.
"""

from __future__ import annotations

from ingest.errors import InputError
from ingest.memories import date_to_ts
from ingest.model import Attachment, Conversation, Message, TextPart
from ingest.textwalk import walk_strings

NON_TEXT = frozenset(
    {"type", "start_timestamp", "stop_timestamp", "flags", "uuid", "id", "tool_use_id", "created_at",
     "updated_at", "stop_reason", "is_error", "timestamp", "role", "file_uuid", "file_kind", "file_type",
     "file_size", "integration_name", "sender"}
)
SENDER = {"human": "user", "user": "user", "assistant": "assistant", "system": "system", "tool": "tool"}


def record_key(rec: dict) -> str | None:
    k = rec.get("uuid") or rec.get("id")
    return str(k) if k is not None else None


def is_conversation(rec) -> bool:
    return isinstance(rec, dict) and (isinstance(rec.get("chat_messages"), list) or isinstance(rec.get("messages"), list))


def _message(m: dict, label: str, index: int, files_in_scope: bool = True) -> Message:
    parts: list[TextPart] = []
    types: list[str] = []
    content = m.get("content")
    if isinstance(content, list) and content:
        for i, item in enumerate(content):
            if isinstance(item, dict):
                types.append(str(item.get("type") or "unknown"))
            walk_strings(item, f"content[{i}]", parts, NON_TEXT)
    elif isinstance(content, dict):  # design chats: {"role", "content": str|list}
        types.append(str(content.get("type") or "text"))
        walk_strings(content, "content", parts, NON_TEXT)
    elif isinstance(content, str):
        types.append("text")
        walk_strings(content, "content", parts, NON_TEXT)
    if not parts and isinstance(m.get("text"), str) and m["text"].strip():
        parts.append(TextPart("text", m["text"]))
        types = types or ["text"]
    atts: list[Attachment] = []
    for i, a in enumerate(m.get("attachments") or []):
        if not isinstance(a, dict):
            continue
        if isinstance(a.get("file_name"), str) and a["file_name"].strip():
            parts.append(TextPart(f"attachments[{i}].file_name", a["file_name"]))
        if isinstance(a.get("extracted_content"), str) and a["extracted_content"].strip():
            parts.append(TextPart(f"attachments[{i}].extracted_content", a["extracted_content"]))
        atts.append(Attachment(id=str(a.get("id") or a.get("file_name") or f"attachment-{i}"),
                               name=a.get("file_name"), kind="file", mime_type=a.get("file_type"),
                               size=a.get("file_size") if isinstance(a.get("file_size"), int) else None))
    for i, f in enumerate(m.get("files") or []):
        if isinstance(f, dict) and f.get("file_uuid"):
            if any(x.name == f.get("file_name") and x.id == x.name for x in atts):
                atts = [x for x in atts if not (x.name == f.get("file_name") and x.id == x.name)]
            kind = "image" if f.get("file_kind") == "image" else "file"
            atts.append(Attachment(id=str(f["file_uuid"]), name=f.get("file_name"), kind=kind))
    sender = m.get("sender") or m.get("role") or (content.get("role") if isinstance(content, dict) else None)
    role = SENDER.get(str(sender), "tool")
    uniq = sorted(set(types)) or ["text"]
    ct = uniq[0] if len(uniq) == 1 else "+".join(uniq)
    return Message(
        id=str(m.get("uuid") or m.get("id") or ""),
        role=role,
        content_type=ct,
        parts=tuple(parts),
        created=date_to_ts(m.get("created_at")),
        attachments=tuple(atts),
    )


def _path(msgs: list[dict]) -> list[dict]:
    if not msgs or not all(isinstance(m, dict) and m.get("parent_message_uuid") for m in msgs):
        return [m for m in msgs if isinstance(m, dict)]
    by_id = {m.get("uuid"): m for m in msgs}
    path, seen = [], set()
    node = msgs[-1]
    while node is not None and node.get("uuid") not in seen:
        seen.add(node.get("uuid"))
        path.append(node)
        node = by_id.get(node.get("parent_message_uuid"))
    path.reverse()
    return path


def parse_conversation(rec: dict, label: str, index: int) -> Conversation:
    msgs = rec.get("chat_messages")
    if msgs is None:
        msgs = rec.get("messages")
    if not isinstance(msgs, list):
        raise InputError(label, "unknown record version: chat_messages is not a list", record=str(index))
    messages = tuple(_message(m, label, index) for m in _path(msgs))
    title = rec.get("name") if isinstance(rec.get("name"), str) else rec.get("title")
    atts = tuple(a for m in messages for a in m.attachments)
    return Conversation(
        id=record_key(rec) or f"record-{index}",
        title=title if isinstance(title, str) else "",
        created=date_to_ts(rec.get("created_at")),
        updated=date_to_ts(rec.get("updated_at")),
        messages=messages,
        source="claude",
        model=rec.get("model") if isinstance(rec.get("model"), str) else None,
        attachments=atts,
    )
