"""Inserted turns read like the contributor and an assistant: register, replies, titles."""

from __future__ import annotations

from context_packs.voice import Style, in_register, new_title, reply_for, style_of, title_style, topic_of

KEY = b"k" * 32
CASUAL = ["i'm looking for a 2 bedroom apartment in denver", "around 2k a month, capitol hill maybe",
          "what should i do first"]
FORMAL = ["I'm looking for a two-bedroom apartment in Denver.", "Around $2,000 a month. Capitol Hill, maybe?"]


def test_a_casual_contributors_style_is_lower_case_small_i_and_no_full_stop():
    assert style_of(CASUAL) == Style(lower_start=True, lower_i=True, final_stop=False, median_words=7)


def test_a_habit_the_conversation_shows_no_evidence_of_comes_from_the_contributors_other_turns():
    assert style_of(["can you make me a plan"], fallback=style_of(CASUAL)).lower_i


def test_a_fact_in_a_casual_register_is_lower_case_with_small_i_and_no_full_stop():
    text = in_register("My budget is $2,100 and I have a dog.", style_of(CASUAL), key=KEY, label=("t", 0))
    assert text.endswith("i have a dog") and "I" not in text.split() and text == text.lower()


def test_a_fact_in_a_formal_register_keeps_its_capitals_and_full_stop():
    text = in_register("My budget is $2,100 and I have a dog.", style_of(FORMAL), key=KEY, label=("t", 0))
    assert text.endswith("I have a dog.") and text[0].isupper()


def test_a_terse_contributor_gets_no_lead_in():
    terse = Style(lower_start=True, lower_i=True, final_stop=False, median_words=4)
    assert {in_register("I have a dog.", terse, key=KEY, label=("t", i)) for i in range(10)} == {"i have a dog"}


def test_a_proper_noun_at_the_start_keeps_its_capital_in_a_casual_register():
    text = in_register("Biscuit is allergic to chicken.", Style(lower_start=True), key=b"x" * 32, label=("t", 3))
    assert "Biscuit" in text


def test_the_assistant_reply_names_the_facts_topic_addressed_to_the_contributor():
    assert topic_of("I need my new apartment to allow a dog.") == "your new apartment"
    for i in range(8):
        assert "your new apartment" in reply_for("I need my new apartment to allow a dog.", key=KEY, label=("t", i))


def test_dates_and_counted_amounts_are_not_topics():
    assert topic_of("I drink two glasses of cold brew every afternoon.") == "cold brew"


def test_replies_vary_with_the_key_and_the_fact():
    replies = {reply_for(f"I keep a {plant} on my desk.", key=KEY, label=("t", i))
               for i, plant in enumerate(["snake plant", "pothos", "cactus", "fern", "bonsai", "palm"])}
    assert len(replies) == 6


def test_a_new_conversation_title_is_made_of_the_facts_own_words_in_a_chat_title_form():
    titles = {new_title("I play the cello in a community orchestra.", n, "sentence", key=KEY, task_id="t")
              for n in range(4)}
    assert titles == {"Playing cello", "Cello in community orchestra", "Playing cello in community orchestra"}


def test_consecutive_new_conversations_take_the_title_forms_in_rotation():
    fact = "I play the cello in a community orchestra."
    titles = [new_title(fact, n, "sentence", key=KEY, task_id="t") for n in range(3)]
    assert len(set(titles)) == 3


def test_a_one_word_topic_gets_a_head_word_of_the_contributors_own_titles():
    from context_packs.voice import title_heads

    heads = title_heads(["Leash pulling tips", "Meal prep ideas", "Sourdough starter help", "Budget ideas"])
    assert heads[:3] == ("ideas", "help", "tips")
    titles = {new_title("I have tinnitus.", n, "sentence", key=KEY, task_id="t", heads=heads) for n in range(3)}
    assert titles == {"Tinnitus ideas", "Tinnitus help", "Tinnitus tips"}


def test_a_title_drops_possessives_numbers_and_other_peoples_names():
    assert new_title("My neighbor Oksana is lending me her wet tile saw.", 0, "sentence", key=KEY, task_id="t") \
        in {"Lending wet tile saw", "Wet tile saw"}
    assert "40" not in new_title("My only carry-on is a 40-liter backpack.", 0, "sentence", key=KEY, task_id="t")


def test_titles_follow_the_contributors_casing():
    assert title_style(["Apartment Hunting In Denver", "Leash Pulling Tips"]) == "title"
    assert title_style(["Apartment hunting in Denver", "Leash pulling tips"]) == "sentence"
    title = new_title("I play the cello in a community orchestra.", 1, "title", key=KEY, task_id="t")
    assert all(w[0].isupper() for w in title.split() if len(w) > 3)


def test_a_contributor_who_opens_with_a_greeting_gets_it_in_new_conversations():
    from context_packs.voice import greeting_of, new_conversation_turns

    assert greeting_of(["hey can you help me", "hey, quick one", "what is a roth ira"]) == "hey"
    assert greeting_of(["can you help me", "what is a roth ira", "hey there"]) == ""
    style = Style(lower_start=True, lower_i=True, final_stop=False, greeting="hey")
    turns = new_conversation_turns("i play the cello", "I play the cello.", style, key=KEY, label=("t", 0))
    assert turns[0][1].startswith("hey i play the cello")


def test_a_sentence_reported_as_about_me_gets_no_follow_up_lead_in():
    from context_packs.voice import Style, in_register

    for n in range(12):
        text = in_register("About me: Renata, Maya and Jess are going hiking.", Style(lower_start=True), key=b"k" * 32,
                           label=("t", n))
        assert text == "about me: Renata, Maya and Jess are going hiking."


def test_an_opening_question_after_a_comma_is_not_capitalized():
    from context_packs.voice import new_conversation_turns

    style = Style(lower_start=False, lower_i=False, final_stop=False)
    (_, first), *_ = new_conversation_turns("I play the cello", "I play the cello.", style, key=KEY, label=("t", 0))
    assert first.startswith("I play the cello, ") and first[len("I play the cello, ")].islower()


def test_a_title_reads_an_object_the_tagger_took_for_a_verb_and_a_get_passive():
    assert new_title("I am embroidering the ring pillow myself.", 0, "sentence", key=KEY, task_id="t") in \
        {"Embroidering ring pillow", "Ring pillow"}
    assert new_title("I am getting married in Krakow next June.", 0, "sentence", key=KEY, task_id="t") == \
        "Getting married in Krakow"


def test_a_short_noun_phrase_title_gets_a_head_word_only_as_often_as_the_contributors_titles_do():
    from context_packs.voice import title_head_rate

    assert title_head_rate(["Leash pulling tips", "Moving checklist", "Meal prep ideas", "Dentist anxiety"]) == 0.5
    never = {new_title("I collect vintage fountain pens.", n, "sentence", key=KEY, task_id="t", head_rate=0.0)
             for n in range(8)}
    always = {new_title("I collect vintage fountain pens.", n, "sentence", key=KEY, task_id="t", head_rate=1.0)
              for n in range(8)}
    assert never == {"Vintage fountain pens", "Collecting vintage fountain pens"}
    assert "Vintage fountain pens" not in always and any(t.startswith("Vintage fountain pens ") for t in always)


def test_a_head_word_a_title_adds_is_used_once_in_a_build_then_the_facts_words_stand_alone():
    from context_packs.titlebook import TitleBook

    book = TitleBook()  # one per pack build, shared by its tasks
    heads = ("ideas", "help")
    titles = [new_title(fact, 0, "sentence", key=KEY, task_id=task, heads=heads, book=book)
              for fact, task in (("I have tinnitus.", "a"), ("I have a pacemaker.", "b"), ("I have asthma.", "c"))]
    added = [w.lower() for t in titles for w in t.split() if w.lower() in heads]  # "Tinnitus ideas", "Help with …"
    assert sorted(added) == ["help", "ideas"] and "Asthma" in titles


def test_a_fact_with_no_noun_phrase_is_titled_by_its_main_verb():
    assert new_title("I swim.", 0, "sentence", key=KEY, task_id="t", heads=()) == "Swimming"


def test_a_title_takes_a_grammatical_shape_the_build_has_not_used_while_the_fact_offers_one():
    from context_packs.titlebook import TitleBook
    from context_packs.voice import title_shape

    book = TitleBook()  # one per pack build: "Knitting scarf" and "Playing cello" read as one template
    facts = ["I am knitting a scarf for my nephew.", "I play the cello in a community orchestra.",
             "I collect vintage fountain pens at flea markets.", "I swim laps at the indoor pool."]
    titles = [new_title(fact, 0, "sentence", key=KEY, task_id=f"t{n}", book=book) for n, fact in enumerate(facts)]
    shapes = [title_shape(t) for t in titles]
    assert len(set(shapes)) == len(shapes), list(zip(titles, shapes))


def test_a_titles_grammatical_shape_counts_a_run_of_nouns_once_and_keeps_function_words():
    from context_packs.voice import title_shape

    assert title_shape("Playing cello") == title_shape("Knitting wool scarf") == "Ving N"
    assert title_shape("Tinnitus in left ear") == "N in A N"
    assert title_shape("Allergic to latex") == "A to N"


def test_a_head_word_goes_before_a_plural_topic_when_the_build_has_used_the_shape_with_it_after():
    from context_packs.titlebook import TitleBook
    from context_packs.voice import title_shape

    book = TitleBook()  # "Braces ideas", "Shingles help": one shape; "Help with shingles" is another
    titles = [new_title(fact, 0, "sentence", key=KEY, task_id=task, heads=("ideas", "help"), book=book)
              for fact, task in (("I have braces.", "a"), ("I have shingles.", "b"))]
    assert len({title_shape(t) for t in titles}) == 2, titles
    assert all(len(t.split()) >= 2 for t in titles)


def test_a_head_word_goes_before_a_singular_topic_only_with_the_my_the_fact_gives_it():
    from context_packs.titlebook import TitleBook

    def second_title(fact: str) -> str:
        book = TitleBook()  # "Tinnitus help" takes the shape of a topic with its head word after it
        new_title("I have tinnitus.", 0, "sentence", key=KEY, task_id="a", heads=("ideas", "help"), book=book)
        return new_title(fact, 0, "sentence", key=KEY, task_id="b", heads=("ideas", "help"), book=book)

    assert second_title("My pacemaker beeps at night.") == "Ideas for my pacemaker"
    assert second_title("I have a pacemaker.") == "Pacemaker ideas"  # not "Ideas for pacemaker", no article


def test_a_title_says_doing_something_alone_only_of_what_the_contributor_does():
    # "Dying of stroke" for a father's death, "Bearing in Lycksele" for "I was born", "Calling on
    # tablet" for a granddaughter's calls: a gerund alone reads as the writer's own doing
    for fact in ("My father died of a stroke.", "I was born in Lycksele.",
                 "My granddaughter Ida calls me every Sunday on the tablet."):
        titles = {new_title(fact, n, "sentence", key=KEY, task_id="t") for n in range(4)}
        assert not any(t.split()[0].endswith("ing") for t in titles), (fact, titles)
    assert "Playing cello" in {new_title("I play the cello in a community orchestra.", n, "sentence", key=KEY,
                                         task_id="t") for n in range(4)}


def test_another_doer_goes_before_the_gerund_and_a_named_one_never():
    assert new_title("My father died of a stroke.", 0, "sentence", key=KEY, task_id="t") == "Father dying of stroke"
    titles = {new_title("Karin asked me to give a short speech.", n, "sentence", key=KEY, task_id="t")
              for n in range(4)}
    assert not any("Karin" in t or "asking" in t.lower() for t in titles), titles


def test_a_named_doer_is_titled_by_the_role_the_fact_gives_them():
    assert new_title("My great-grandfather Anders emigrated to Duluth in 1888.", 0, "sentence", key=KEY,
                     task_id="t") == "Great-grandfather emigrating to Duluth"


def test_the_contributor_in_a_passive_of_be_is_titled_by_the_participle():
    assert new_title("I was born in Lycksele.", 0, "sentence", key=KEY, task_id="t") == "Born in Lycksele"
