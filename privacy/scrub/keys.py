"""Which JSON keys are structural, which hold identifiers and which hold timestamps.

``privacy scrub`` scrubs every string of an export *except* the values of the short
list of structural keys below (roles, content types, statuses, enums). Identifier
keys get keyed pseudonyms (so references such as ``parent``/``children``/``current_node``
stay valid) and timestamp keys are shifted by the per-contributor date offset.
Any key not listed here, including keys no export has today, is scrubbed as free
text: unknown data is never passed through.
"""

from __future__ import annotations

import re
from typing import Literal

Kind = Literal["structural", "identifier", "timestamp", "text"]

# Values that are enums or protocol words, never personal. Kept verbatim.
STRUCTURAL_KEYS: frozenset[str] = frozenset(
    {
        "role",  # author.role: user | assistant | system | tool
        "sender",  # Claude: human | assistant
        "content_type",  # text | code | multimodal_text | thoughts ...
        "status",  # finished_successfully | in_progress ...
        "channel",  # final | commentary
        "recipient",  # all | browser | bio | dalle.text2im (tool names)
        "type",  # finish_details.type, citation and content-reference types
        "ref_type",
        "citation_format_type",
        "language",  # code language
        "format",  # audio format
        "mime_type",
        "mimeType",
        "file_type",
        "library_file_category",
        "category",  # Claude split-export categories
        "rating",  # thumbsUp | thumbsDown
        "direction",  # audio in | out
        "memory_scope",
        "reasoning_status",
        "thinking_effort",
        "timestamp_",  # "absolute"
        "voice",
        "model_slug",
        "default_model_slug",
        "model",
        "version",
        "command",  # browsing tool command name
    }
)

# Values that are identifiers: replaced whole by ``engine.pseudonym_id``.
IDENTIFIER_KEYS: frozenset[str] = frozenset(
    {
        "id",
        "uuid",
        "parent",
        "children",
        "current_node",
        "asset_pointer",
        "conversation_id",
        "message_id",
        "user_id",
        "file_id",
        "gizmo_id",
    }
)
# ... and any key ending with one of these suffixes (``origination_thread_id``,
# ``parent_message_uuid``, ``account_uuid``, ``request_id`` ...).
IDENTIFIER_SUFFIXES: tuple[str, ...] = ("_id", "_uuid", "_ids", "_uuids")

# Numbers (unix seconds) or ISO-8601 strings: shifted by the per-contributor offset.
TIMESTAMP_KEYS: frozenset[str] = frozenset(
    {
        "create_time",
        "update_time",
        "created_at",
        "updated_at",
        "created_timestamp",
        "updated_timestamp",
        "start_timestamp",
        "stop_timestamp",
        "timestamp",
        "expiry_datetime",
        "deleted_at",
        "last_used_at",
    }
)

# Numbers that identify the person: replaced by ``null`` (the field stays, its value goes).
PERSONAL_NUMBER_KEYS: frozenset[str] = frozenset({"birth_year", "phone_number", "age"})

# Dicts whose KEYS are identifiers (ChatGPT ``mapping``: node id -> node).
ID_KEYED_DICTS: frozenset[str] = frozenset({"mapping"})

_ENUM_VALUE = re.compile(r"^[\w.:/+-]{1,64}$")  # user, multimodal_text, dalle.text2im, image/png, gpt-4o
_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$")


def classify(key: str | None, value: object) -> Kind:
    """How the string or number ``value`` found under ``key`` is treated."""
    if key is None:
        return "text"
    if key in STRUCTURAL_KEYS:
        # kept only when enum-shaped: a sentence or an e-mail under "role" is text like any other
        if isinstance(value, str) and not _ENUM_VALUE.match(value):
            return "text"
        return "structural"
    if key in TIMESTAMP_KEYS:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return "timestamp"
        if isinstance(value, str) and _ISO.match(value):
            return "timestamp"
        return "text"
    if key in IDENTIFIER_KEYS or key.endswith(IDENTIFIER_SUFFIXES):
        return "identifier"
    return "text"


def documented_list() -> dict[str, list[str]]:
    """The lists above, for the README and the summary."""
    return {
        "structural": sorted(STRUCTURAL_KEYS),
        "identifier": sorted(IDENTIFIER_KEYS) + [f"*{s}" for s in IDENTIFIER_SUFFIXES],
        "timestamp": sorted(TIMESTAMP_KEYS),
        "personal_number": sorted(PERSONAL_NUMBER_KEYS),
        "id_keyed_dicts": sorted(ID_KEYED_DICTS),
    }
