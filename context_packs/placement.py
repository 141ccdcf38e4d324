"""Where a fact sits inside its conversation, and when: slots and times.

Which conversation a fact goes to is ``semantic`` + ``insertion``; this module places
it inside one. The fact goes after the user/assistant exchange most similar to it (the
same score as for conversations, ``semantic.Index``, over the conversation's exchanges),
never between a question and its answer, and its two messages get times strictly inside
the gap to the next message (one third and two thirds of the way); after the last
message they come 60 and 90 seconds later. A new conversation sits in the middle of the
widest gap between one conversation's end and the next one's start (or a day after the
last one).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ingest.model import Conversation, Message, TextPart

from context_packs.semantic import Index, Profile


def _created(conv: Conversation) -> float:
    if conv.created is not None:
        return conv.created
    times = [m.created for m in conv.messages if m.created is not None]
    return min(times) if times else float("inf")


@dataclass(frozen=True)
class Slot:
    """Where a fact goes: the index its user turn takes, and the two message times."""

    index: int
    user_time: float | None
    assistant_time: float | None


def insertion_slot(fact: str, conv: Conversation) -> Slot:
    """After the most similar exchange; times one and two thirds into the gap to the next message."""
    msgs = conv.messages
    # Candidate gaps: after each visible assistant message that is not followed by another
    # assistant/tool message (end of an exchange); fall back to the end of the conversation.
    candidates: list[int] = []
    for i, msg in enumerate(msgs):
        if msg.role == "assistant" and not msg.hidden:
            nxt = msgs[i + 1] if i + 1 < len(msgs) else None
            if nxt is None or nxt.role == "user":
                candidates.append(i + 1)
    if not candidates:
        candidates = [len(msgs)]
    # The exchange ending at each candidate (from the previous candidate, or the start), scored
    # like conversations are (semantic.Index: meaning and words, IDF over the exchanges)
    profiles = []
    prev = 0
    for cut in candidates:
        part = [m for m in msgs[prev:cut] if not m.hidden]
        profiles.append(Profile.of("", [m.text for m in part if m.role == "user"],
                                   [m.text for m in part if m.role != "user"]))
        prev = cut
    scores = Index(profiles).scores(fact)
    best_cut, best_sim = candidates[-1], -1.0
    for cut, sim in zip(candidates, scores):
        if sim > best_sim + 1e-12:
            best_cut, best_sim = cut, sim
    return slot_at(conv, best_cut)


def slot_at(conv: Conversation, cut: int) -> Slot:
    """The slot before message ``cut``: times strictly inside its gap (one and two thirds), a
    minute after the last message, or a minute before the first."""
    msgs = conv.messages
    before = _time_before(msgs, cut, conv)
    after = _time_after(msgs, cut)
    if before is None and after is None:
        return Slot(cut, None, None)
    if after is None:
        return Slot(cut, before + 60.0, before + 90.0)
    if before is None:
        return Slot(cut, after - 90.0, after - 60.0)
    gap = max(after - before, 0.0)
    return Slot(cut, before + gap / 3.0, before + 2.0 * gap / 3.0)


def _time_before(msgs, cut: int, conv: Conversation) -> float | None:
    for m in reversed(msgs[:cut]):
        if m.created is not None:
            return m.created
    return conv.created


def _time_after(msgs, cut: int) -> float | None:
    for m in msgs[cut:]:
        if m.created is not None:
            return m.created
    return None


def new_conversation_time(conversations: list[Conversation]) -> float | None:
    """Middle of the widest gap between one conversation's end and the next one's start.

    With fewer than two dated conversations, or no gap of at least two hours, a day
    after the last conversation ends.
    """
    dated = sorted((c for c in conversations if _created(c) != float("inf")), key=lambda c: (_created(c), c.id))
    if not dated:
        return None
    ends = [max(_created(c), c.updated or _created(c)) for c in dated]
    gaps = [(_created(dated[i + 1]) - max(ends[: i + 1]), i) for i in range(len(dated) - 1)]
    if gaps:
        width, i = max(gaps, key=lambda g: (g[0], -g[1]))
        if width >= 7200:
            return max(ends[: i + 1]) + width / 2.0
    return max(ends) + 86400.0


def insert_messages(conv: Conversation, slot: Slot, user: Message, assistant: Message) -> Conversation:
    msgs = list(conv.messages)
    msgs[slot.index : slot.index] = [user, assistant]
    updated = conv.updated
    if assistant.created is not None and (updated is None or assistant.created > updated):
        updated = assistant.created
    return replace(conv, messages=tuple(msgs), updated=updated)


def text_message(msg_id: str, role: str, text: str, created: float | None) -> Message:
    return Message(id=msg_id, role=role, content_type="text", parts=(TextPart("parts[0]", text),), created=created)
