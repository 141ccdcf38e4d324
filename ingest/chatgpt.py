"""ChatGPT conversation records (full and 2026 "slim" node shapes) -> ``Conversation``.

One record is one element of ``conversations.json`` / ``conversations-NNN.json``.
The linear path is found by walking ``parent`` from ``current_node`` (with a cycle
guard) and reversing; ``children`` is never trusted (it is absent in slim exports), it
is rebuilt from ``parent`` when ``current_node`` is missing, to pick the newest leaf.

Text is taken per content type from the fields listed in docs/formats.md; unknown
content types keep every string value as a generic text field, so nothing is dropped
silently. Custom instructions (``user_editable_context``, or the older hidden system
message carrying ``user_context_message_data``) and memory traces
(``model_editable_context``, assistant messages to recipient ``bio``) are marked by
``Message.kind`` and collected by ``parse_conversation``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ingest.errors import InputError
from ingest.model import Attachment, Conversation, CustomInstructions, Memory, Message, TextPart
from ingest.textwalk import walk_strings

# Text fields per known content type (in order). Anything else is walked generically.
KNOWN_FIELDS: dict[str, tuple[str, ...]] = {
    "text": ("parts",),
    "multimodal_text": ("parts",),
    "code": ("text",),
    "execution_output": ("text",),
    "tether_browsing_display": ("result", "summary"),
    "tether_quote": ("title", "url", "domain", "text"),
    "sonic_webpage": ("title", "url", "domain", "text", "snippet"),
    "system_error": ("name", "text"),
    "thoughts": ("thoughts",),
    "reasoning_recap": ("content",),
    "user_editable_context": ("user_profile", "user_instructions"),
    "model_editable_context": ("model_set_context", "repository", "repo_summary", "structured_context"),
}

# Keys in part dicts / unknown content that never carry free text.
NON_TEXT_KEYS = frozenset(
    {
        "content_type", "asset_pointer", "direction", "decoding_id", "format", "fovea",
        "expiry_datetime", "language", "response_format_name", "tether_id", "gen_id",
        "parent_gen_id", "edit_op", "serialization_title", "source_analysis_msg_id",
        "chunks", "finished", "type", "id",
    }
)

ROLES = {"user", "assistant", "system", "tool"}
_SNAPSHOT_LINE = re.compile(r"^\s*(?:\d+\.\s*)?(?:\[(\d{4}-\d{2}-\d{2})\]\.?\s*[-–:]?\s*)?(.*\S)\s*$")


@dataclass
class Parsed:
    """A parsed record: the conversation plus what it revealed about the contributor."""

    conversation: Conversation
    custom_instructions: list[CustomInstructions] = field(default_factory=list)
    memories: list[Memory] = field(default_factory=list)


def record_key(rec: dict) -> str | None:
    cid = rec.get("conversation_id") or rec.get("id")
    return str(cid) if cid is not None else None


def _num(v) -> float | None:
    if isinstance(v, bool):
        return None
    if isinstance(v, (int, float)):
        return float(v)
    return None


def _asset_id(pointer: str) -> str:
    # "sediment://file_..." / "file-service://file-..." -> "file_..." / "file-..."
    return pointer.split("://", 1)[-1] if isinstance(pointer, str) else str(pointer)


def _part_items(parts, out: list[TextPart], atts: list[Attachment]) -> None:
    for i, p in enumerate(parts if isinstance(parts, list) else [parts]):
        if isinstance(p, str):
            if p.strip():
                out.append(TextPart(f"parts[{i}]", p))
            continue
        if not isinstance(p, dict):
            continue
        ct = p.get("content_type")
        if "asset_pointer" in p:
            kind = "audio" if "audio" in str(ct) else ("video" if "video" in str(ct) else "image")
            atts.append(Attachment(id=_asset_id(p["asset_pointer"]), kind=kind, size=p.get("size_bytes")))
        # audio_transcription.text, dalle prompts in metadata, unknown part types
        walk_strings(p, f"parts[{i}]", out, NON_TEXT_KEYS)


def content_parts(content: dict) -> tuple[list[TextPart], list[Attachment]]:
    """Text parts and asset references of a message ``content`` dict."""
    out: list[TextPart] = []
    atts: list[Attachment] = []
    ct = content.get("content_type")
    fields = KNOWN_FIELDS.get(ct) if isinstance(ct, str) else None
    if fields is None:
        walk_strings(content, "", out, NON_TEXT_KEYS)
        return out, atts
    for f in fields:
        v = content.get(f)
        if v is None:
            continue
        if f == "parts":
            _part_items(v, out, atts)
        elif f == "thoughts" and isinstance(v, list):
            for i, t in enumerate(v):
                if isinstance(t, dict):
                    for k in ("summary", "content"):
                        s = t.get(k)
                        if isinstance(s, str) and s.strip():
                            out.append(TextPart(f"thoughts[{i}].{k}", s))
                else:
                    walk_strings(t, f"thoughts[{i}]", out, NON_TEXT_KEYS)
        else:
            walk_strings(v, f, out, NON_TEXT_KEYS)
    # computer_output and friends may carry screenshots
    return out, atts


def _strip_wrapper(text: str) -> str:
    """Custom instructions inside the ChatGPT preamble: the text between the backticks."""
    if "```" in text:
        a = text.find("```")
        b = text.rfind("```")
        if b > a:
            return text[a + 3 : b].strip()
    return text.strip()


def parse_snapshot(text: str, origin: str) -> list[Memory]:
    """``1. [2025-03-01]. text`` blocks (a model_set_context snapshot) -> memories."""
    from ingest.memories import date_to_ts

    out = []
    for line in text.splitlines():
        if not line.strip():
            continue
        m = _SNAPSHOT_LINE.match(line)
        if not m or not m.group(2):
            continue
        out.append(Memory(text=m.group(2), created=date_to_ts(m.group(1)), origin=origin))
    return out


def _node_id(value):
    """A node id is a string; anything else (a list, a number) ends the path."""
    return value if isinstance(value, str) else None


def linear_path(mapping: dict, current) -> list[dict]:
    """Nodes from the root to ``current_node`` (cycle-guarded); newest leaf if unset."""
    current = _node_id(current)
    if current not in mapping:
        # rebuild children from parent and take the newest leaf
        has_child = {_node_id(n.get("parent")) for n in mapping.values() if isinstance(n, dict)}
        leaves = [k for k, n in mapping.items() if isinstance(n, dict) and k not in has_child]

        def leaf_time(k):
            msg = mapping[k].get("message")
            msg = msg if isinstance(msg, dict) else {}
            return (_num(msg.get("create_time")) or 0.0, k)

        current = max(leaves, key=leaf_time) if leaves else None
    path = []
    seen = set()
    node_id = current
    while node_id is not None and node_id in mapping and node_id not in seen:
        seen.add(node_id)
        node = mapping[node_id]
        if not isinstance(node, dict):
            break
        path.append(node)
        node_id = _node_id(node.get("parent"))
    path.reverse()
    return path


def parse_conversation(rec: dict, label: str, index: int) -> Parsed:
    """Build a ``Conversation`` from a record that has a ``mapping``."""
    mapping = rec.get("mapping")
    if not isinstance(mapping, dict):
        raise InputError(label, "unknown record version: mapping is not an object", record=str(index))
    cid = record_key(rec) or f"record-{index}"
    messages: list[Message] = []
    cis: list[CustomInstructions] = []
    mems: list[Memory] = []
    conv_atts: list[Attachment] = []
    model = rec.get("default_model_slug") if isinstance(rec.get("default_model_slug"), str) else None
    for node in linear_path(mapping, rec.get("current_node")):
        msg = node.get("message")
        if not isinstance(msg, dict):
            continue
        content = msg.get("content")
        if not isinstance(content, dict):
            raise InputError(label, "unknown record version: message content is not an object", record=str(index))
        author = msg.get("author") if isinstance(msg.get("author"), dict) else {}
        role = author.get("role") if isinstance(author.get("role"), str) and author.get("role") in ROLES else "tool"
        ct = content.get("content_type") if isinstance(content.get("content_type"), str) else "unknown"
        meta = msg.get("metadata") if isinstance(msg.get("metadata"), dict) else {}
        parts, atts = content_parts(content)
        for ai, a in enumerate(meta.get("attachments") or []):
            if isinstance(a, dict) and a.get("id"):
                atts = [x for x in atts if x.id != a["id"]]
                atts.append(
                    Attachment(
                        id=str(a["id"]),
                        name=a.get("name") if isinstance(a.get("name"), str) else None,
                        kind="image" if str(a.get("mime_type") or a.get("mimeType") or "").startswith("image") else "file",
                        mime_type=a.get("mime_type") or a.get("mimeType"),
                        size=a.get("size") if isinstance(a.get("size"), int) else None,
                    )
                )
                if isinstance(a.get("name"), str) and a["name"].strip():
                    parts.append(TextPart(f"metadata.attachments[{ai}].name", a["name"]))
        kind = "message"
        recipient = msg.get("recipient") if isinstance(msg.get("recipient"), str) else None
        hidden = bool(meta.get("is_visually_hidden_from_conversation"))
        created = _num(msg.get("create_time"))
        ucm = meta.get("user_context_message_data")
        if ct == "user_editable_context" or (isinstance(ucm, dict) and meta.get("is_user_system_message")):
            kind = "custom_instructions"
            hidden = True
            ucm = ucm if isinstance(ucm, dict) else {}
            about_user = ucm.get("about_user_message") or _strip_wrapper(str(content.get("user_profile") or ""))
            about_model = ucm.get("about_model_message") or _strip_wrapper(str(content.get("user_instructions") or ""))
            origin = "user_editable_context" if ct == "user_editable_context" else "hidden_system_message"
            if ct != "user_editable_context":
                for k in ("about_user_message", "about_model_message"):
                    if isinstance(ucm.get(k), str) and ucm[k].strip():
                        parts.append(TextPart(f"metadata.user_context_message_data.{k}", ucm[k]))
            if str(about_user).strip() or str(about_model).strip():
                cis.append(CustomInstructions(str(about_user).strip(), str(about_model).strip(), origin))
        elif ct == "model_editable_context":
            kind = "memory_trace"
            hidden = True
            msc = content.get("model_set_context")
            if isinstance(msc, str):
                mems.extend(parse_snapshot(msc, "model_editable_context"))
        elif recipient is not None and (recipient == "bio" or recipient.startswith("bio.")) and role == "assistant":
            kind = "memory_trace"
            for p in parts:
                if p.text.strip():
                    mems.append(Memory(text=p.text.strip(), id=None, created=created, origin="bio"))
        messages.append(
            Message(
                id=str(msg.get("id") or node.get("id")),
                role=role,
                content_type=ct,
                parts=tuple(parts),
                created=created,
                kind=kind,
                recipient=recipient,
                hidden=hidden,
                attachments=tuple(atts),
            )
        )
        conv_atts.extend(atts)
        if model is None and isinstance(meta.get("model_slug"), str):
            model = meta["model_slug"]
    title = rec.get("title") if isinstance(rec.get("title"), str) else ""
    conv = Conversation(
        id=cid,
        title=title,
        created=_num(rec.get("create_time")),
        updated=_num(rec.get("update_time")),
        messages=tuple(messages),
        source="chatgpt",
        model=model,
        attachments=tuple(conv_atts),
    )
    return Parsed(conv, cis, mems)
