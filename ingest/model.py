"""The canonical, typed model every later stage reads: one contributor's export.

Parsers in ``ingest/`` turn each export shape (ChatGPT, Claude, memories files,
``user.json``) into these dataclasses; nothing above ``ingest/`` ever looks at a
vendor format again except ``privacy scrub``, which rewrites the raw files in
place-shape and asks ``ingest`` which records to keep.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Literal

Role = Literal["user", "assistant", "system", "tool"]
MessageKind = Literal["message", "custom_instructions", "memory_trace"]
Source = Literal["chatgpt", "claude", "memories_file"]


@dataclass(frozen=True)
class Contributor:
    """The contributor's own identifiers, found everywhere by the detection stage."""

    user_id: str | None = None
    names: tuple[str, ...] = ()
    emails: tuple[str, ...] = ()
    phones: tuple[str, ...] = ()
    # nicknames, family members' names and other known identifiers (from a profile file)
    other_names: tuple[str, ...] = ()


@dataclass(frozen=True)
class TextPart:
    """One piece of text inside a message, with the field it came from.

    ``field`` names where in the content the text sat (``parts[0]``,
    ``text``, ``result``, ``thoughts[1].content`` ...), so unknown content types
    are kept as generic text fields rather than dropped.
    """

    field: str
    text: str


@dataclass(frozen=True)
class Attachment:
    """A file, image or audio referenced by a message or a conversation (never its bytes)."""

    id: str
    name: str | None = None
    kind: str = "file"  # image | audio | file
    mime_type: str | None = None
    size: int | None = None


@dataclass(frozen=True)
class Message:
    """One message on the conversation's linear path (oldest first)."""

    id: str
    role: Role
    content_type: str
    parts: tuple[TextPart, ...]
    created: float | None = None  # unix seconds, UTC
    kind: MessageKind = "message"
    recipient: str | None = None
    hidden: bool = False
    attachments: tuple[Attachment, ...] = ()

    @property
    def text(self) -> str:
        """All text of the message, parts joined by blank lines."""
        return "\n\n".join(p.text for p in self.parts if p.text)


@dataclass(frozen=True)
class Conversation:
    """A kept conversation: title, dates and the linear message path."""

    id: str
    title: str
    created: float | None
    updated: float | None
    messages: tuple[Message, ...]
    source: Source = "chatgpt"
    model: str | None = None
    attachments: tuple[Attachment, ...] = ()


@dataclass(frozen=True)
class Memory:
    """One memory entry, from a memories file or a trace inside conversations."""

    text: str
    id: str | None = None
    created: float | None = None
    origin: str = "file"  # file | model_editable_context | bio | claude


@dataclass(frozen=True)
class CustomInstructions:
    """What the contributor told the assistant about themselves and how to answer."""

    about_user: str = ""
    about_model: str = ""
    origin: str = "user_editable_context"  # or "hidden_system_message"


@dataclass
class IngestStats:
    """Counts that every summary reports."""

    conversations: int = 0  # kept
    archived_dropped: int = 0
    skipped: int = 0  # records without mapping / unreadable shape, counted not fatal
    excluded_by_consent: int = 0
    duplicates_dropped: int = 0  # older copies of a conversation id (shards), newest update_time kept
    messages: int = 0
    memories: int = 0
    custom_instructions: int = 0
    attachments: int = 0
    content_types: Counter = field(default_factory=Counter)
    exclusion_reasons: Counter = field(default_factory=Counter)
    consent_record: bool = False

    def as_dict(self) -> dict:
        return {
            "conversations": self.conversations,
            "archived_dropped": self.archived_dropped,
            "skipped": self.skipped,
            "excluded_by_consent": self.excluded_by_consent,
            "duplicates_dropped": self.duplicates_dropped,
            "messages": self.messages,
            "memories": self.memories,
            "custom_instructions": self.custom_instructions,
            "attachments": self.attachments,
            "content_types": dict(sorted(self.content_types.items())),
            "exclusion_reasons": dict(sorted(self.exclusion_reasons.items())),
            "consent_record": self.consent_record,
        }
