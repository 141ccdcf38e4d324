"""``context_in_conversations``: plan where each fact goes, then write it in.

``plan_insertions`` runs on the ORIGINAL conversations and first-person facts (before
scrubbing, so a surrogate word can never link two facts): each fact is scored by
words, word vectors and sentence embeddings against every conversation of the history
(``semantic``; each name with its role, ``scoring_texts``); it goes to the best one unless
that score less ``MEDIAN_SHARE`` of its median over the history (``evidence``) stays under
``SIMILARITY_THRESHOLD`` (both calibrated on the labelled studies pooled), else it opens a
new conversation. Facts never join the history conversations they were
written into (no chaining: scores are against the history as exported); a new
conversation is a candidate for later facts through its own title and fact only, without
the names of the people the fact introduces (``topic_text``: on its topic, not by a name). The
plan holds every text to insert (the user turn in the contributor's register, the
assistant reply, a new conversation's title and opening turns), so the caller scrubs
them with the rest of the task. ``apply_plan`` then writes them into the (scrubbed)
conversations; ``insert_facts`` is both steps on unscrubbed data.

Every choice is keyed by the workspace key (``synth.keyed``): no clock, no global random.
"""

from __future__ import annotations

import re
import statistics
import uuid
from dataclasses import dataclass, replace

from ingest.model import Conversation
from synth.keyed import hmac_bytes

from context_packs.placement import (
    Slot,
    insert_messages,
    insertion_slot,
    new_conversation_time,
    slot_at,
    text_message,
)
from context_packs.titlebook import TitleBook
from context_packs.semantic import METHOD, Index, Profile, conversation_profile, roles_of, with_roles
from context_packs.voice import (
    cased,
    greeting_of,
    in_register,
    new_conversation_turns,
    new_title,
    reply_for,
    style_of,
    title_head_rate,
    title_heads,
    title_style,
)

# A fact opens a new conversation when its best similarity, less MEDIAN_SHARE of the median of its
# similarities over the history (how close the fact is to the history as a whole), stays under
# SIMILARITY_THRESHOLD. Both calibrated with the mix on the six labelled studies pooled (345 facts),
# each also left out in turn (benchmarks/insertion_mix.py, docs/benchmarks.md): the middle of the
# widest interval of thresholds with the best accuracy.
SIMILARITY_THRESHOLD = 0.242
MEDIAN_SHARE = 0.5


@dataclass(frozen=True)
class PlannedFact:
    """Where one fact goes and every text inserted for it (originals until scrubbed)."""

    fact_index: int
    fact: str  # the first-person fact
    rewrite: str  # how it was made first person: "rule", "kept: ...", "fallback: ..."
    user_text: str  # the fact as the user turn says it (register applied)
    reply: str  # the assistant's reply
    conversation_id: str  # a history conversation's id, or the new conversation's keyed id
    new_conversation: bool  # this fact opens the conversation
    joined_new: bool  # it went to a conversation an earlier fact opened
    similarity: float
    history_median: float  # the median similarity of the fact over the history's conversations
    runner_up_id: str | None
    runner_up_similarity: float | None
    slot_index: int | None  # index of the user turn in a history conversation (None: at the end)
    title: str | None = None  # a new conversation's title
    opening: tuple[tuple[str, str], ...] = ()  # a new conversation's turns after the fact's (role, text)


def _keyed_uuid(key: bytes, *parts) -> str:
    return str(uuid.UUID(bytes=hmac_bytes(key, *parts)[:16], version=4))


def _roles(facts: list[str], conversations: list[Conversation]) -> dict[str, str]:
    users = [m.text for c in conversations for m in c.messages if m.role == "user" and not m.hidden]
    return roles_of(list(facts) + users)


def scoring_texts(facts: list[str], conversations: list[Conversation]) -> list[str]:
    """Each fact as it is scored: its names followed by their roles, introduced by the task's
    facts or the contributor's own turns ("my dog Biscuit")."""
    roles = _roles(facts, conversations)
    return [with_roles(f, roles) for f in facts]


def topic_text(fact: str, roles: dict[str, str]) -> str:
    """What a new conversation opened by ``fact`` offers later facts: the fact without the people
    it names, with their roles ("My daughter Elsa turns three during the trip" -> "turns three
    during the trip"), so a later fact about Elsa (scored as "Elsa (daughter)") joins it only if
    it is on its topic."""
    for name, role in roles.items():
        fact = re.sub(rf"\b(?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir|[Aa]n?)\s+(?:[a-z]+\s+)?{re.escape(role)}\s+"
                      rf"(?:(?:named|called)\s+)?{re.escape(name)}\b(?:'s)?|\b{re.escape(name)}\b(?:'s)?", "", fact)
    return " ".join(fact.split())


def plan_insertions(facts: list[str], conversations: list[Conversation], *, key: bytes, task_id: str,
                    rewrites: list[str] | None = None, titles: TitleBook | None = None) -> list[PlannedFact]:
    """The plan for ``facts`` (first person, original) over the ORIGINAL ``conversations``.
    ``titles``: the head words the build's earlier new conversations added (``titlebook``)."""
    titles = titles if titles is not None else TitleBook()
    index = Index([conversation_profile(c) for c in conversations])
    ids = [c.id for c in conversations]
    by_id = {c.id: c for c in conversations}
    all_user = [m.text for c in conversations for m in c.messages if m.role == "user" and not m.hidden]
    openers = [next((m.text for m in c.messages if m.role == "user" and not m.hidden), "") for c in conversations]
    overall_style = replace(style_of(all_user), greeting=greeting_of([o for o in openers if o]))
    case = title_style([c.title for c in conversations if c.title])
    heads = title_heads([c.title for c in conversations if c.title])
    head_rate = title_head_rate([c.title for c in conversations if c.title])
    new_ids: dict[str, str] = {}  # new conversation id -> opening fact
    plan: list[PlannedFact] = []
    roles = _roles(facts, conversations)
    scored = [with_roles(f, roles) for f in facts]
    for i, fact in enumerate(facts):
        label = (task_id, i, fact)
        scores = index.scores(scored[i])
        order = sorted(range(len(scores)), key=lambda j: (-scores[j], j))
        best = order[0] if order else None
        best_sim = scores[best] if best is not None else 0.0
        median = round(statistics.median(scores[:len(ids)]), 4) if ids else 0.0
        fits = best is not None and evidence(best_sim, median) >= SIMILARITY_THRESHOLD
        runner = order[1] if len(order) > 1 else None
        runner_id = (ids + list(new_ids))[runner] if runner is not None else None
        runner_sim = scores[runner] if runner is not None else None
        reply = reply_for(fact, key=key, label=label)
        rewrite = rewrites[i] if rewrites is not None else "given"
        if fits and best < len(ids):
            conv = by_id[ids[best]]
            style = style_of([m.text for m in conv.messages if m.role == "user" and not m.hidden], overall_style)
            user_text = in_register(fact, style, key=key, label=label)
            slot = insertion_slot(fact, conv)
            plan.append(PlannedFact(i, fact, rewrite, user_text, reply, conv.id, False, False, round(best_sim, 4), median,
                                    runner_id, None if runner_sim is None else round(runner_sim, 4), slot.index))
        elif fits:
            conv_id = list(new_ids)[best - len(ids)]
            user_text = in_register(fact, overall_style, key=key, label=label)
            plan.append(PlannedFact(i, fact, rewrite, user_text, reply, conv_id, False, True, round(best_sim, 4), median,
                                    runner_id, None if runner_sim is None else round(runner_sim, 4), None))
        else:
            conv_id = _keyed_uuid(key, "conversation", task_id, i, fact)
            turns = new_conversation_turns(_without_lead(fact, overall_style), fact, overall_style, key=key,
                                           label=label)
            title = new_title(fact, len(new_ids), case, key=key, task_id=task_id, heads=heads, head_rate=head_rate,
                              book=titles)
            new_ids[conv_id] = fact
            index.add(Profile.of(title, [topic_text(fact, roles)]))
            first_user, first_reply = turns[0][1], turns[1][1]
            # the runner-up of a new conversation is the closest history conversation (below the threshold)
            closest = next((j for j in order if j < len(ids)), None)
            plan.append(PlannedFact(i, fact, rewrite, first_user, first_reply, conv_id, True, False,
                                    round(best_sim, 4), median, None if closest is None else ids[closest],
                                    None if closest is None else round(scores[closest], 4), None, title,
                                    tuple(turns[2:])))
    return plan


def evidence(similarity: float, history_median: float) -> float:
    """What the threshold is compared with: the best similarity less a share of the fact's median
    similarity over the history (a fact close to everything, "I work from home", is close to
    nothing in particular)."""
    return round(similarity - MEDIAN_SHARE * history_median, 4)


def _without_lead(fact: str, style) -> str:
    """The fact in the contributor's casing, without a follow-up lead-in (it opens a conversation)."""
    text = cased(fact.strip(), style)
    if style.final_stop and text[-1:] not in ".!?":
        text += "."
    return text


def texts_of(plan: list[PlannedFact]) -> list[str]:
    """Every text the plan inserts (to be scrubbed with the task)."""
    out: list[str] = []
    for p in plan:
        out += [p.user_text, p.reply]
        if p.title:
            out.append(p.title)
        out += [t for _, t in p.opening]
    return out


def scrub_plan(plan: list[PlannedFact], scrub, conversation_id, history_ids: set[str]) -> list[PlannedFact]:
    """The plan with its texts scrubbed and history conversation ids pseudonymized."""

    def cid(value: str | None) -> str | None:
        return conversation_id(value) if value in history_ids else value

    return [replace(p, fact=scrub(p.fact), user_text=scrub(p.user_text), reply=scrub(p.reply),
                    conversation_id=cid(p.conversation_id), runner_up_id=cid(p.runner_up_id),
                    title=scrub(p.title) if p.title else p.title,
                    opening=tuple((r, scrub(t)) for r, t in p.opening)) for p in plan]


@dataclass(frozen=True)
class Insertion:
    """What ``insertions.json`` says about one fact."""

    plan: PlannedFact
    user_message_id: str
    assistant_message_id: str
    user_time: float | None
    assistant_time: float | None

    @property
    def conversation_id(self) -> str:
        return self.plan.conversation_id


def apply_plan(plan: list[PlannedFact], conversations: list[Conversation], *, key: bytes, task_id: str
               ) -> tuple[list[Conversation], list[Insertion]]:
    """The conversations with every planned fact written in (sorted by time, then id)."""
    convs = {c.id: c for c in conversations}
    order = list(convs)
    records: list[Insertion] = []
    # the planned slot indexes refer to the conversation as exported: insert from the back
    placed: dict[str, list[int]] = {}
    for p in plan:
        label = (task_id, p.fact_index, p.fact)
        user_id = _keyed_uuid(key, "user-msg", *label)
        asst_id = _keyed_uuid(key, "assistant-msg", *label)
        if p.new_conversation:
            start = new_conversation_time(list(convs.values()))
            turns = [("user", p.user_text), ("assistant", p.reply), *p.opening]
            msgs = []
            for n, (role, text) in enumerate(turns):
                mid = user_id if n == 0 else asst_id if n == 1 else _keyed_uuid(key, "opening-msg", *label, n)
                msgs.append(text_message(mid, role, text, None if start is None else start + 45.0 * n))
            end = None if start is None else start + 45.0 * (len(turns) - 1)
            convs[p.conversation_id] = Conversation(
                id=p.conversation_id, title=p.title or "", created=start, updated=end, messages=tuple(msgs),
                source=conversations[0].source if conversations else "chatgpt", model=None)
            order.append(p.conversation_id)
            records.append(Insertion(p, user_id, asst_id, start, None if start is None else start + 45.0))
            continue
        conv = convs[p.conversation_id]
        if p.slot_index is None:
            slot = insertion_slot(p.fact, conv) if not p.joined_new else _end_slot(conv)
        else:
            earlier = placed.setdefault(conv.id, [])
            slot = slot_at(conv, p.slot_index + 2 * sum(1 for x in earlier if x <= p.slot_index))
            earlier.append(p.slot_index)
        user = text_message(user_id, "user", p.user_text, slot.user_time)
        asst = text_message(asst_id, "assistant", p.reply, slot.assistant_time)
        convs[conv.id] = insert_messages(conv, slot, user, asst)
        records.append(Insertion(p, user_id, asst_id, slot.user_time, slot.assistant_time))
    out = sorted(convs.values(), key=lambda c: (c.created if c.created is not None else float("inf"), c.id))
    return out, records


def _end_slot(conv: Conversation) -> Slot:
    last = max((m.created for m in conv.messages if m.created is not None), default=conv.created)
    return Slot(len(conv.messages), None if last is None else last + 60.0, None if last is None else last + 90.0)


def insert_facts(facts: list[str], conversations: list[Conversation], *, key: bytes, task_id: str
                 ) -> tuple[list[Conversation], list[Insertion]]:
    """Plan and apply on the given (unscrubbed) conversations."""
    plan = plan_insertions(facts, conversations, key=key, task_id=task_id)
    return apply_plan(plan, conversations, key=key, task_id=task_id)


__all__ = ["Insertion", "PlannedFact", "apply_plan", "insert_facts", "plan_insertions", "scrub_plan", "texts_of",
           "evidence", "METHOD", "MEDIAN_SHARE", "SIMILARITY_THRESHOLD"]
