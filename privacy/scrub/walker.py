"""Walk one raw JSON value and rebuild it with every leaf treated by its key.

The walker knows nothing about PII: it classifies each leaf with ``keys.classify``
and hands it to a ``Visitor`` (collect texts in passes 1 and 2, rewrite them in pass 3). It
tracks the JSON path in OUTPUT terms (pseudonymized mapping keys) and the
conversation and message the leaf belongs to, for the redaction report. A visitor may
answer a text with a ``Pending`` (its scrubbed text not known yet): the walker tells it
where it stands in the new value, and ``Pending.fill`` puts the text there later.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Protocol

from ingest.errors import InputError
from privacy.scrub.keys import ID_KEYED_DICTS, PERSONAL_NUMBER_KEYS, classify

# Keys that look like schema keys pass; any other key (a name, a file name, an id)
# goes through ``Visitor.key`` (keyed pseudonym, known export names kept).
_PLAIN_KEY = re.compile(r"^[a-z_][A-Za-z0-9_]*$")
_PATH_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


@dataclass
class Where:
    """Where a leaf sits: output JSON path parts, pseudonymous conversation and message ids."""

    parts: list = field(default_factory=list)
    conversation: str | None = None
    message: str | None = None

    def path(self) -> str:
        out = ["$"]
        for p in self.parts:
            if isinstance(p, int):
                out.append(f"[{p}]")
            elif _PATH_KEY.match(p):
                out.append(f".{p}")
            else:
                out.append("[" + _quote(p) + "]")
        return "".join(out)


def _quote(s: str) -> str:
    import json

    return json.dumps(s, ensure_ascii=False)


@dataclass
class Pending:
    """A text leaf whose scrubbed text comes later (pass 3 scrubs a window of records at once):
    its original ``value``, a copy of its ``where``, and its place in the rebuilt value."""

    value: str
    where: Where
    container: dict | list | None = None
    key: str | int | None = None

    def fill(self, text: str) -> None:
        self.container[self.key] = text


class Visitor(Protocol):
    def text(self, value: str, where: Where) -> "str | Pending": ...
    def identifier(self, value: str) -> str: ...
    def timestamp(self, value): ...
    def key(self, value: str) -> str: ...


def rewrite(obj, visitor: Visitor, where: Where | None = None, key: str | None = None):
    """A new value with every leaf of ``obj`` treated by ``visitor`` according to its key."""
    where = where if where is not None else Where()
    return _walk(obj, visitor, where, key)


def _walk(obj, v: Visitor, where: Where, key: str | None):
    if isinstance(obj, dict):
        out = {}
        for k, val in obj.items():
            if key in ID_KEYED_DICTS:
                nk = v.identifier(k)
            elif _PLAIN_KEY.match(k):
                nk = k
            else:
                nk = v.key(k)
            where.parts.append(nk)
            saved = where.message
            if key in ID_KEYED_DICTS:  # a ChatGPT node: its key is the message id
                where.message = nk
            out[nk] = child = _walk(val, v, where, k)
            if type(child) is Pending:
                child.container, child.key = out, nk
            where.message = saved
            where.parts.pop()
        return out
    if isinstance(obj, list):
        out = []
        for i, val in enumerate(obj):
            where.parts.append(i)
            saved = where.message
            if key == "chat_messages" and isinstance(val, dict) and isinstance(val.get("uuid"), str):
                where.message = v.identifier(val["uuid"])  # a Claude message
            child = _walk(val, v, where, key)
            if type(child) is Pending:
                child.container, child.key = out, i
            out.append(child)
            where.message = saved
            where.parts.pop()
        return out
    if isinstance(obj, bool) or obj is None:
        return obj
    if isinstance(obj, (int, float)):
        if key in PERSONAL_NUMBER_KEYS:
            return None
        if classify(key, obj) == "timestamp":
            return v.timestamp(obj)
        return obj
    if isinstance(obj, str):
        if key in PERSONAL_NUMBER_KEYS and obj:
            return v.text(obj, where)
        kind = classify(key, obj)
        if kind == "structural":
            return obj
        if kind == "identifier":
            return v.identifier(obj)
        if kind == "timestamp":
            shifted = v.timestamp(obj)
            return shifted if shifted is not None else v.text(obj, where)
        return v.text(obj, where)
    raise TypeError(f"unexpected JSON value of type {type(obj).__name__}")


def scrub_error(label: str, index, exc: BaseException) -> InputError:
    """A value ``rewrite`` cannot walk, named by file and record, never by its content."""
    why = "nested too deeply" if isinstance(exc, RecursionError) else type(exc).__name__
    return InputError(label, f"record cannot be scrubbed ({why})", record=str(index))


def record_conversation_id(record) -> str | None:
    """The original conversation id of a raw conversation record (ChatGPT or Claude)."""
    if not isinstance(record, dict):
        return None
    for k in ("conversation_id", "id", "uuid"):
        val = record.get(k)
        if isinstance(val, str) and val:
            return val
    return None
