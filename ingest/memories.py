"""Memories files in every shape people get them out in -> ``list[Memory]``.

Shapes (see docs/formats.md):

- the ``/backend-api/memories`` JSON: ``{"memories": [{"id", "content", "created_timestamp", ...}]}``
  (a bare list of such objects is accepted too);
- Claude memories: ``{"conversations_memory": str, "memory_files": [{"path", "content"}],
  "project_memories": {uuid: str}}`` (or a list of such objects, the legacy ``memories.json``);
- text: a copy-paste list (one memory per line, optional ``[date]`` prefix), a
  ``model_set_context`` snapshot (``1. [2025-03-01]. text``), a dated prompt dump
  (``[2025-03-01] - text``). Bullets (``-``, ``*``, ``•``) are stripped.
"""

from __future__ import annotations

import calendar
import os
import re
from datetime import datetime

from ingest.errors import InputError
from ingest.jsonstream import load_json
from ingest.model import Memory
from ingest.source import read_file_bytes

_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}")
_LINE = re.compile(
    r"^\s*(?:\d+[.)]\s*)?(?:[-*•]\s+)?(?:\[(?P<date>[^\]]{4,40})\]\s*\.?\s*(?:[-–—:]\s*)?)?(?P<text>.*\S)\s*$"
)


def date_to_ts(value) -> float | None:
    """``2025-03-01`` / ISO timestamps / unix numbers -> unix seconds UTC (None if unknown)."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    s = str(value).strip()
    if not _DATE.match(s):
        return None
    try:
        if len(s) == 10:
            dt = datetime.strptime(s, "%Y-%m-%d")
            return float(calendar.timegm(dt.timetuple()))
        dt = datetime.fromisoformat(s.replace("Z", "+00:00"))
        if dt.tzinfo is None:
            return float(calendar.timegm(dt.timetuple()))
        return dt.timestamp()
    except ValueError:
        return None


def memories_from_text(text: str) -> list[Memory]:
    """One memory per non-empty line; ``[date]`` prefixes and numbering are parsed off."""
    out = []
    for line in text.splitlines():
        m = _LINE.match(line)
        if not m:
            continue
        body = m.group("text").strip()
        if not body:
            continue
        out.append(Memory(text=body, created=date_to_ts(m.group("date")), origin="file"))
    return out


def _claude_obj(obj: dict) -> list[Memory]:
    out = []
    cm = obj.get("conversations_memory")
    if isinstance(cm, str) and cm.strip():
        out.append(Memory(text=cm.strip(), id="conversations_memory", origin="claude"))
    for i, f in enumerate(obj.get("memory_files") or []):
        if isinstance(f, dict) and isinstance(f.get("content"), str) and f["content"].strip():
            out.append(
                Memory(text=f["content"].strip(), id=str(f.get("path") or i), created=date_to_ts(f.get("updated_at")),
                       origin="claude")
            )
    pm = obj.get("project_memories")
    if isinstance(pm, dict):
        for k in sorted(pm):
            if isinstance(pm[k], str) and pm[k].strip():
                out.append(Memory(text=pm[k].strip(), id=f"project:{k}", origin="claude"))
    return out


def _api_item(item: dict, label: str, i: int) -> Memory:
    text = item.get("content", item.get("text", item.get("memory")))
    if not isinstance(text, str):
        raise InputError(label, "wrong shape: memory entry has no text content", record=str(i))
    created = date_to_ts(item.get("created_timestamp")) or date_to_ts(item.get("created_at")) or date_to_ts(
        item.get("updated_at")
    )
    mid = item.get("id")
    return Memory(text=text.strip(), id=str(mid) if mid is not None else None, created=created, origin="file")


def memories_from_json(obj, label: str) -> list[Memory]:
    """Any of the JSON memory shapes; ``InputError`` if it is none of them."""
    if isinstance(obj, dict) and isinstance(obj.get("memories"), list):
        return [_api_item(it, label, i) for i, it in enumerate(obj["memories"]) if isinstance(it, dict)]
    if isinstance(obj, dict) and ("conversations_memory" in obj or "memory_files" in obj or "project_memories" in obj):
        return _claude_obj(obj)
    if isinstance(obj, list):
        out: list[Memory] = []
        for i, it in enumerate(obj):
            if isinstance(it, dict) and (
                "conversations_memory" in it or "memory_files" in it or "project_memories" in it
            ):
                out.extend(_claude_obj(it))
            elif isinstance(it, dict):
                out.append(_api_item(it, label, i))
            elif isinstance(it, str):
                if it.strip():
                    out.append(Memory(text=it.strip(), origin="file"))
            else:
                raise InputError(label, "wrong shape: not a memories file", record=str(i))
        return out
    raise InputError(label, "wrong shape: not a memories file")


def parse_memories_bytes(data: bytes, label: str) -> list[Memory]:
    """Sniff JSON or text and parse. ``[2025-03-01] - text`` lines are text, not JSON."""
    stripped = data.lstrip(b"\xef\xbb\xbf \t\r\n")
    dated_text = re.match(rb"^\[[^\]\n\"{]{4,40}\]", stripped) is not None
    if stripped[:1] == b"{" or (stripped[:1] == b"[" and not dated_text):
        return memories_from_json(load_json(data, label), label)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(label, "not UTF-8 text") from None
    return memories_from_text(text)


def load_memories_file(path: str | os.PathLike) -> list[Memory]:
    """Read a memories file of any supported shape (``InputError`` on bad input)."""
    return parse_memories_bytes(read_file_bytes(path), str(path))


def dedupe(memories) -> list[Memory]:
    """Keep the first memory of each text (whitespace-normalised, case-insensitive)."""
    seen = set()
    out = []
    for m in memories:
        key = " ".join(m.text.split()).casefold()
        if key and key not in seen:
            seen.add(key)
            out.append(m)
    return out
