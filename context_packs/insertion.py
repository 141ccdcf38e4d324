"""``context_in_conversations``: write each added-context fact into the history.

Each fact becomes a user turn (already first person, scrubbed) followed by a short
assistant acknowledgement, placed by ``placement`` (closest conversation, or a new
one). Message and conversation ids of inserted turns are uuid-shaped and derived
from the workspace's keyed HMAC, like every other choice here: no clock, no global
randomness. The returned records are what ``insertions.json`` holds.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from ingest.model import Conversation
from synth.keyed import hmac_bytes, hmac_int

from context_packs.placement import (
    METHOD,
    SIMILARITY_THRESHOLD,
    Slot,
    best_conversation,
    insert_messages,
    insertion_slot,
    new_conversation_time,
    new_conversation_title,
    text_message,
)

REPLIES = (
    "Got it, thanks for letting me know. I'll keep that in mind.",
    "Thanks for sharing that. Good to know!",
    "Noted. That's helpful context for later.",
    "Understood. I'll remember that.",
    "Thanks, that's useful to know. I'll factor it in.",
)


@dataclass(frozen=True)
class Insertion:
    fact_index: int
    fact: str
    reply: str
    conversation_id: str
    new_conversation: bool
    similarity: float
    user_message_id: str
    assistant_message_id: str
    user_time: float | None
    assistant_time: float | None


def _keyed_uuid(key: bytes, *parts: str | int) -> str:
    return str(uuid.UUID(bytes=hmac_bytes(key, *parts)[:16], version=4))


def insert_facts(facts: list[str], conversations: list[Conversation], *, key: bytes, task_id: str
                 ) -> tuple[list[Conversation], list[Insertion]]:
    """The conversations with every fact written in, and where each went (in fact order)."""
    convs = list(conversations)
    records: list[Insertion] = []
    for i, fact in enumerate(facts):
        reply = REPLIES[hmac_int(key, "reply", task_id, i, fact) % len(REPLIES)]
        user_id = _keyed_uuid(key, "user-msg", task_id, i, fact)
        asst_id = _keyed_uuid(key, "assistant-msg", task_id, i, fact)
        target, sim = best_conversation(fact, convs)
        if target is None:
            start = new_conversation_time(convs)
            conv_id = _keyed_uuid(key, "conversation", task_id, i, fact)
            conv = Conversation(
                id=conv_id,
                title=new_conversation_title(fact, convs),
                created=start,
                updated=None if start is None else start + 30.0,
                messages=(),
                source=convs[0].source if convs else "chatgpt",
                model=None,
            )
            slot = Slot(0, start, None if start is None else start + 30.0)
            convs.append(conv)
            target, new = len(convs) - 1, True
        else:
            slot = insertion_slot(fact, convs[target])
            new = False
        user = text_message(user_id, "user", fact, slot.user_time)
        asst = text_message(asst_id, "assistant", reply, slot.assistant_time)
        convs[target] = insert_messages(convs[target], slot, user, asst)
        records.append(
            Insertion(i, fact, reply, convs[target].id, new, round(sim, 4), user_id, asst_id,
                      slot.user_time, slot.assistant_time)
        )
    convs.sort(key=lambda c: (c.created if c.created is not None else float("inf"), c.id))
    return convs, records


__all__ = ["Insertion", "insert_facts", "METHOD", "SIMILARITY_THRESHOLD", "REPLIES"]
