"""Facts land in the conversation closest in meaning, between its messages in time."""

from __future__ import annotations

from ingest.model import Conversation, Message, TextPart

from context_packs.insertion import SIMILARITY_THRESHOLD, apply_plan, insert_facts, plan_insertions
from context_packs.placement import insertion_slot

DAY = 86400.0
KEY = b"k" * 32


def conv(cid: str, title: str, start: float, turns: list[str]) -> Conversation:
    msgs = tuple(
        Message(id=f"{cid}-{i}", role="user" if i % 2 == 0 else "assistant", content_type="text",
                parts=(TextPart("parts[0]", text),), created=start + 600.0 * i)
        for i, text in enumerate(turns)
    )
    return Conversation(id=cid, title=title, created=start, updated=start + 600.0 * len(turns), messages=msgs)


HISTORY = [
    conv("c-apartment", "Apartment hunting downtown", 1_700_000_000.0, [
        "i'm looking for a two-bedroom apartment to rent downtown",
        "Sure! What is your monthly rent budget and which neighborhoods do you like?",
        "somewhere near a park, the rent should stay reasonable",
        "Parks are great. Let me list apartments near parks.",
    ]),
    conv("c-dog", "Puppy training", 1_700_000_000.0 + 10 * DAY, [
        "my dog keeps pulling on the leash during walks",
        "Try short training sessions with treats when the dog walks beside you.",
        "he also barks at other dogs at the park",
        "Barking at dogs is common; reward calm behaviour.",
    ]),
    conv("c-bread", "Sourdough starter", 1_700_000_000.0 + 30 * DAY, [
        "how do i feed a sourdough starter",
        "Feed the starter flour and water daily at equal weights.",
    ]),
]


def plan_one(fact: str):
    (p,) = plan_insertions([fact], HISTORY, key=KEY, task_id="t")
    return p


def test_a_paraphrase_ranks_the_conversation_closest_in_meaning_first():
    # "flat", "landlord" and "costs" are not in the apartment conversation; "rent", "apartment" are
    from context_packs.semantic import Index, conversation_profile

    scores = Index([conversation_profile(c) for c in HISTORY]).scores(
        "My landlord says a flat with a second bedroom costs more.")
    assert scores[0] > 2 * max(scores[1:])


def test_a_fact_goes_to_the_conversation_closest_in_meaning():
    p = plan_one("My landlord says the rent for a flat with a second bedroom is more.")
    assert p.conversation_id == "c-apartment" and p.similarity >= SIMILARITY_THRESHOLD


def test_a_fact_that_fits_no_conversation_opens_a_new_one_and_records_the_closest():
    p = plan_one("I am allergic to penicillin.")
    assert p.new_conversation and p.similarity < SIMILARITY_THRESHOLD
    assert p.runner_up_id in {c.id for c in HISTORY}  # the closest one, below the threshold


def test_a_placed_fact_records_the_runner_up_conversation_and_its_similarity():
    p = plan_one("I have a puppy named Biscuit who pulls on the leash.")
    assert p.conversation_id == "c-dog" and p.runner_up_id in {"c-apartment", "c-bread"}
    assert p.runner_up_similarity < p.similarity


def test_facts_never_chain_through_the_conversations_they_were_written_into():
    alone = plan_one("I walk the dog in the park every evening.")
    after_another = plan_insertions(["My dog Biscuit is a beagle.", "I walk the dog in the park every evening."],
                                    HISTORY, key=KEY, task_id="t")[1]
    assert after_another.similarity == alone.similarity and after_another.conversation_id == alone.conversation_id


def test_a_later_fact_joins_a_new_conversation_only_on_its_topic():
    plan = plan_insertions(["I play the cello in an orchestra.", "My cello teacher comes on Tuesdays.",
                            "I am allergic to penicillin."], HISTORY, key=KEY, task_id="t")
    assert plan[0].new_conversation
    assert plan[1].joined_new and plan[1].conversation_id == plan[0].conversation_id
    assert plan[2].new_conversation and plan[2].conversation_id != plan[0].conversation_id


def test_a_later_fact_does_not_join_a_new_conversation_by_the_name_of_a_person_it_introduced():
    from context_packs.insertion import topic_text

    # a new conversation offers later facts its topic, not the names of the people in its fact
    assert topic_text("My daughter Elsa turns three during the trip.", {"Elsa": "daughter"}) == \
        "turns three during the trip."
    for later in ("Ivo is learning to drive.", "Ivo turns sixteen in May."):
        plan = plan_insertions(["My nephew Ivo plays the cello in an orchestra.", later], HISTORY, key=KEY, task_id="t")
        assert plan[0].new_conversation and not plan[1].joined_new


def test_a_new_conversation_is_a_titled_exchange_of_two_to_four_turns_in_the_widest_gap():
    convs, records = insert_facts(["I play the cello in an orchestra."], HISTORY, key=KEY, task_id="t")
    new = next(c for c in convs if c.id == records[0].conversation_id)
    assert "cello" in new.title.lower() and " and " not in new.title
    assert len(new.messages) in (2, 4) and [m.role for m in new.messages][:2] == ["user", "assistant"]
    assert "cello" in new.messages[0].text
    assert HISTORY[1].created < new.created < HISTORY[2].created  # the widest gap: between dog and bread


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


def test_two_facts_in_one_conversation_keep_every_original_message_in_time_order():
    facts = ["My dog Biscuit is a beagle.", "Biscuit barks at squirrels too."]
    convs, _ = insert_facts(facts, HISTORY, key=KEY, task_id="t")
    dog = next(c for c in convs if c.id == "c-dog")
    assert [m.id for m in dog.messages if m.id.startswith("c-dog")] == [m.id for m in HISTORY[1].messages]
    times = [m.created for m in dog.messages]
    assert times == sorted(times) and len(dog.messages) == len(HISTORY[1].messages) + 4


def test_insertion_is_deterministic_under_the_key_and_worded_differently_under_another():
    facts = ["My dog Biscuit is a beagle.", "My rent budget is $2,400.", "I play the cello in an orchestra."]
    a = insert_facts(facts, HISTORY, key=KEY, task_id="t")
    assert a == insert_facts(facts, HISTORY, key=KEY, task_id="t")
    b = insert_facts(facts, HISTORY, key=b"z" * 32, task_id="t")
    assert [r.user_message_id for r in a[1]] != [r.user_message_id for r in b[1]]
    assert [r.plan.conversation_id for r in a[1][:2]] == [r.plan.conversation_id for r in b[1][:2]]


def test_the_plan_is_applied_to_other_copies_of_the_conversations_by_id():
    plan = plan_insertions(["My dog Biscuit is a beagle."], HISTORY, key=KEY, task_id="t")
    shifted = [Conversation(id=c.id, title=c.title.upper(), created=c.created + DAY, updated=c.updated + DAY,
                            messages=tuple(Message(id=m.id, role=m.role, content_type="text", parts=m.parts,
                                                   created=m.created + DAY) for m in c.messages)) for c in HISTORY]
    convs, (rec,) = apply_plan(plan, shifted, key=KEY, task_id="t")
    assert rec.plan.conversation_id == "c-dog" and rec.user_time > shifted[1].created


def test_a_word_in_another_inflection_counts_as_the_same_word():
    from context_packs.semantic import Index, Profile, forms_of

    assert forms_of("grading") & forms_of("grade") and forms_of("snoring") & forms_of("snores")
    index = Index([Profile.of("Grading lab reports", []), Profile.of("Weekend plans", [])])
    # both fact words are matched exactly (soft alignment 1.0); the topic cosine is the rest
    assert index.meaning_scores("I grade reports on Sundays.")[0] > 0.8


def test_a_title_case_title_matches_a_lower_case_fact_word_exactly():
    from context_packs.semantic import content_words

    (_, title_vec), = content_words("Dog")
    (_, fact_vec), = content_words("dog")
    assert float(title_vec @ fact_vec) > 0.999


def test_a_name_is_scored_with_the_role_a_text_introduces_it_with():
    from context_packs.semantic import roles_of, with_roles

    roles = roles_of(["My dog Biscuit is a beagle.", "I met a guy named Leo.", "I drive a Honda Civic."])
    assert roles == {"Biscuit": "dog", "Leo": "guy"}
    assert with_roles("Biscuit is allergic to chicken.", roles) == "Biscuit is allergic to chicken. (dog)"
    assert with_roles("My dog Biscuit pulls.", roles) == "My dog Biscuit pulls."


def test_a_fact_about_a_named_pet_goes_where_the_pet_was_discussed():
    plan = plan_insertions(["My dog Biscuit is a beagle.", "Biscuit barks at other dogs in the park."], HISTORY,
                           key=KEY, task_id="t")
    assert plan[1].conversation_id == "c-dog"


def test_a_new_conversations_runner_up_is_the_closest_history_conversation():
    # the penicillin fact is also scored against the cello conversation the first fact opened; its
    # runner-up is still a conversation of the history, never that one
    plan = plan_insertions(["I play the cello in an orchestra.", "I am allergic to penicillin."], HISTORY,
                           key=KEY, task_id="t")
    assert all(p.new_conversation for p in plan)
    for p in plan:
        assert p.runner_up_id in {c.id for c in HISTORY} and p.runner_up_similarity is not None


def test_a_fact_reported_as_about_me_is_inserted_as_written_without_a_lead_in():
    text = "About me: Renata, Maya and Jess are going hiking in the park with the dog."
    (p,) = plan_insertions([text], HISTORY, key=KEY, task_id="t",
                           rewrites=["fallback: plural verb kept; reported as 'About me:'"])
    assert p.user_text.lower().startswith("about me: renata, maya and jess")
    assert p.rewrite.startswith("fallback")


def test_a_profile_holds_each_distinct_word_once_with_the_weights_of_its_occurrences_summed():
    from context_packs.semantic import ASSISTANT_WEIGHT, TITLE_WEIGHT, USER_WEIGHT, Index, Profile

    p = Profile.of("Dog food", ["my dog hates dog food", "the dog again"], ["dog food brands"])
    assert p.words.count("dog") == 1
    assert p.weights[p.words.index("dog")] == TITLE_WEIGHT + 3 * USER_WEIGHT + ASSISTANT_WEIGHT
    index = Index([p, Profile.of("Tax forms", ["which tax form do I need"])])
    # the soft alignment's columns are distinct words of each profile, rows of one shared vocabulary
    assert len(index._columns) == len(p.words) + len(index.profiles[1].words)
    assert index._vocab_matrix.shape[0] == len({k for q in index.profiles for k in q.keys})


def test_word_coverage_is_the_share_of_the_facts_words_a_conversation_holds_whatever_its_length():
    from context_packs.semantic import Index, Profile

    other = ["what is a good pasta recipe for a crowd", "how long should i boil the sauce", "and a dessert?",
             "which wine goes with it", "can i freeze the leftovers"]
    long = Profile.of("Dinner party", other + ["the pharmacist said penicillin is fine with wine"])
    short = Profile.of("Pharmacy", ["is penicillin safe"])
    neither = Profile.of("Bike repair", ["my chain keeps slipping"])
    long_score, short_score, none = Index([long, short, neither]).coverage_scores("I am allergic to penicillin.")
    # "allergic" is in none of them, "penicillin" in two: each holds the same share of the fact
    assert long_score == short_score and 0 < long_score < 1 and none == 0.0


def test_a_fact_word_counts_as_held_in_another_inflection():
    from context_packs.semantic import Index, Profile

    held, = Index([Profile.of("Marking", ["i am grading lab reports all weekend"])]).coverage_scores(
        "I grade reports.")
    assert held == 1.0


def test_the_method_written_into_every_packs_insertions_names_no_example_person():
    import re

    from context_packs.insertion import METHOD

    # a name in it ("Biscuit (dog)") stands in every pack, where a contributor's own dog may have it
    assert not re.search(r"\b[A-Z][a-z]+ \((?:dog|cat|friend|sister|brother|daughter|son)\)", METHOD)
