"""Generic text extraction from a JSON value: every non-empty string, named by its path.

Used by the ChatGPT and Claude parsers for content they do not know field by field, so
new item types keep their text; each passes the keys that never carry free text.
"""

from __future__ import annotations

from ingest.model import TextPart


def walk_strings(value, path: str, out: list[TextPart], skip: frozenset[str]) -> None:
    """Append every non-empty string under ``value`` as a ``TextPart`` named by its path
    (``a.b[2].c``), leaving out dict values whose key is in ``skip``."""
    if isinstance(value, str):
        if value.strip():
            out.append(TextPart(path, value))
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in skip:
                walk_strings(v, f"{path}.{k}" if path else str(k), out, skip)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            walk_strings(v, f"{path}[{i}]", out, skip)
