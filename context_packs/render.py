"""Readable renderings of (already scrubbed) canonical data: transcripts, memories, JSON.

A conversation becomes a Markdown transcript (title, dates, one section per
visible message) plus the JSON of the canonical ``Conversation``. Hidden messages
(system prompts, custom-instruction carriers) stay in the JSON and are left out
of the transcript. All output is deterministic: keys sorted, UTC dates, ``\\n``
line ends.
"""

from __future__ import annotations

import dataclasses
import json
from datetime import datetime, timezone
from typing import Any, Iterable

from ingest.model import Conversation, Memory

_ROLE_LABEL = {"user": "User", "assistant": "Assistant", "system": "System", "tool": "Tool"}


def format_time(ts: float | None) -> str:
    """``2024-05-01 10:00:00 UTC``, or ``unknown`` when the export carried no time."""
    if ts is None:
        return "unknown"
    return datetime.fromtimestamp(ts, tz=timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")


def iso_time(ts: float | None) -> str | None:
    if ts is None:
        return None
    return datetime.fromtimestamp(ts, tz=timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def to_jsonable(obj: Any) -> Any:
    """Dataclasses → dicts (tuples → lists), recursively."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: to_jsonable(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, (list, tuple)):
        return [to_jsonable(v) for v in obj]
    if isinstance(obj, dict):
        return {str(k): to_jsonable(v) for k, v in obj.items()}
    return obj


def dump_json(obj: Any) -> str:
    """Stable JSON text: sorted keys, two-space indent, UTF-8 characters kept, final newline."""
    return json.dumps(to_jsonable(obj), ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def conversation_markdown(conv: Conversation) -> str:
    """A readable transcript: title, id, dates, model, then each visible message."""
    lines = [f"# {conv.title or 'Untitled conversation'}", ""]
    lines.append(f"- Conversation id: `{conv.id}`")
    lines.append(f"- Created: {format_time(conv.created)}")
    lines.append(f"- Updated: {format_time(conv.updated)}")
    if conv.model:
        lines.append(f"- Model: {conv.model}")
    lines.append(f"- Source: {conv.source}")
    for att in conv.attachments:
        lines.append(f"- Attachment: {att.name or att.id} ({att.kind})")
    for msg in conv.messages:
        if msg.hidden:
            continue
        label = _ROLE_LABEL.get(msg.role, msg.role.title())
        if msg.recipient and msg.recipient != "all":
            label += f" → {msg.recipient}"
        lines += ["", f"## {label} · {format_time(msg.created)}", ""]
        body = msg.text.strip()
        if msg.content_type not in ("text", "multimodal_text") and body:
            body = f"_[{msg.content_type}]_\n\n{body}"
        lines.append(body if body else "_(no text)_")
        for att in msg.attachments:
            lines += ["", f"_[{att.kind}: {att.name or att.id}]_"]
    return "\n".join(lines).rstrip() + "\n"


def memories_markdown(memories: Iterable[Memory]) -> str:
    """One bullet per memory, with its date where known."""
    items = list(memories)
    lines = ["# Memories", ""]
    if not items:
        lines.append("_(none)_")
    for mem in items:
        text = " ".join(mem.text.split())
        when = f" _(saved {format_time(mem.created)})_" if mem.created is not None else ""
        lines.append(f"- {text}{when}")
    return "\n".join(lines) + "\n"


def text_section(title: str, body: str) -> str:
    """``# title`` followed by the body, with a single final newline."""
    return f"# {title}\n\n{body.strip()}\n"
