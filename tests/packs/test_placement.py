"""Facts land in the topically closest conversation, between its messages in time."""

from __future__ import annotations

from ingest.model import Conversation, Message, TextPart

from context_packs.insertion import insert_facts
from context_packs.placement import SIMILARITY_THRESHOLD, best_conversation, insertion_slot, new_conversation_title

DAY = 86400.0


def conv(cid: str, title: str, start: float, turns: list[str]) -> Conversation:
    msgs = tuple(
        Message(id=f"{cid}-{i}", role="user" if i % 2 == 0 else "assistant", content_type="text",
                parts=(TextPart("parts[0]", text),), created=start + 600.0 * i)
        for i, text in enumerate(turns)
    )
    return Conversation(id=cid, title=title, created=start, updated=start + 600.0 * len(turns), messages=msgs)


HISTORY = [
    conv("c-apartment", "Apartment hunting downtown", 1_700_000_000.0, [
        "I'm looking for a two-bedroom apartment to rent downtown.",
        "Sure! What is your monthly rent budget and which neighborhoods do you like?",
        "Somewhere near a park, the rent should stay reasonable.",
        "Parks are great. Let me list apartments near parks.",
    ]),
    conv("c-dog", "Puppy training", 1_700_000_000.0 + 10 * DAY, [
        "My dog keeps pulling on the leash during walks.",
        "Try short training sessions with treats when the dog walks beside you.",
        "The dog also barks at other dogs at the park.",
        "Barking at dogs is common; reward calm behaviour.",
    ]),
    conv("c-bread", "Sourdough starter", 1_700_000_000.0 + 30 * DAY, [
        "How do I feed a sourdough starter?",
        "Feed the starter flour and water daily at equal weights.",
    ]),
]


def test_fact_goes_to_the_topically_closest_conversation():
    index, sim = best_conversation("I have a dog named Biscuit who pulls on the leash.", HISTORY)
    assert HISTORY[index].id == "c-dog" and sim >= SIMILARITY_THRESHOLD
    index, _ = best_conversation("My rent budget for the apartment is $2,400.", HISTORY)
    assert HISTORY[index].id == "c-apartment"


def test_no_conversation_passes_the_threshold_for_an_unrelated_fact():
    index, sim = best_conversation("I am learning to play the cello.", HISTORY)
    assert index is None and sim < SIMILARITY_THRESHOLD


def test_slot_follows_the_most_similar_exchange_with_times_between_neighbours():
    dog = HISTORY[1]
    slot = insertion_slot("Biscuit only pulls on the leash, the walks are fine otherwise.", dog)
    assert slot.index == 2  # after the first exchange, before "barks at other dogs"
    assert dog.messages[1].created < slot.user_time < slot.assistant_time < dog.messages[2].created


def test_slot_after_the_last_message_comes_a_minute_later():
    bread = HISTORY[2]
    slot = insertion_slot("I keep my sourdough starter in the fridge.", bread)
    assert slot.index == 2
    assert slot.user_time == bread.messages[-1].created + 60.0


def test_unplaceable_fact_starts_a_plausibly_titled_conversation_that_later_facts_can_join():
    facts = ["I am learning to play the cello.", "My cello teacher comes on Tuesdays.", "I have a dog named Biscuit."]
    convs, records = insert_facts(facts, HISTORY, key=b"k" * 32, task_id="t")
    assert records[0].new_conversation and records[1].conversation_id == records[0].conversation_id
    assert not records[1].new_conversation and records[2].conversation_id == "c-dog"
    new = next(c for c in convs if c.id == records[0].conversation_id)
    assert "Cello" in new.title
    assert [m.text for m in new.messages][0::2] == facts[:2]
    # the new conversation sits in the widest gap between existing ones (between dog and bread)
    assert HISTORY[1].created < new.created < HISTORY[2].created


def test_insertion_is_deterministic_and_keeps_every_original_message():
    facts = ["I have a dog named Biscuit.", "My rent budget is $2,400."]
    a = insert_facts(facts, HISTORY, key=b"k" * 32, task_id="t")
    b = insert_facts(facts, HISTORY, key=b"k" * 32, task_id="t")
    assert a == b
    convs, _ = a
    kept = {m.id for c in convs for m in c.messages}
    assert {m.id for c in HISTORY for m in c.messages} <= kept
    assert sum(len(c.messages) for c in convs) == sum(len(c.messages) for c in HISTORY) + 4


def test_new_conversation_title_uses_the_facts_keywords():
    assert new_conversation_title("I am learning to play the cello.", HISTORY) == "Cello notes"
    assert new_conversation_title("I start at the hospital on Pine Street.", HISTORY) == "Hospital and Pine Street"
