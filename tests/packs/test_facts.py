"""Added context is split into facts, each said in the contributor's own voice."""

from __future__ import annotations

from context_packs.facts import split_facts, to_first_person


def test_each_bullet_and_each_sentence_is_a_fact():
    context = (
        "- I start at the hospital on Pine Street on June 3rd.\n"
        "* My budget is $2,400 a month. I have a dog named Biscuit.\n"
        "\n"
        "# Background\n"
        "Alice moved from St. Louis in 2019. She works nights.\n"
    )
    assert split_facts(context) == [
        "I start at the hospital on Pine Street on June 3rd.",
        "My budget is $2,400 a month.",
        "I have a dog named Biscuit.",
        "Alice moved from St. Louis in 2019.",
        "She works nights.",
    ]


def test_first_person_facts_are_kept_as_written():
    fact = "My budget is $2,400 a month and I have a dog named Biscuit."
    assert to_first_person(fact, ["Alice Moreno"]) == fact


def test_third_person_with_the_contributors_name_becomes_first_person():
    names = ["Alice Moreno"]
    assert to_first_person("Alice starts at the hospital on June 3rd.", names) == "I start at the hospital on June 3rd."
    assert to_first_person("Alice Moreno is allergic to cats.", names) == "I am allergic to cats."
    assert to_first_person("Alice's sister lives in Boston.", names) == "My sister lives in Boston."


def test_pronoun_subjects_become_first_person():
    assert to_first_person("She has a dog.", []) == "I have a dog."
    assert to_first_person("He studies French with his brother.", []) == "I study French with my brother."
    assert to_first_person("She also watches her niece on Fridays.", []) == "I also watch my niece on Fridays."
    assert to_first_person("They are moving in June.", []) == "I am moving in June."


def test_contributor_mentioned_as_object_becomes_me():
    assert to_first_person("The landlord called Alice twice.", ["Alice Moreno"]) == "The landlord called me twice."


def test_facts_about_other_people_are_left_alone():
    assert to_first_person("Priya Raman is a nurse.", ["Alice Moreno"]) == "Priya Raman is a nurse."
