"""The first person across clauses (issue 18, session of 2026-12-02): a negative contraction, the
person told before a clause, a verb after a question clause, a hyphenated verb after a
coordinated subject, a "he" said to another man, and the household "they" beside one person."""

from __future__ import annotations

from context_packs.firstperson import rewrite_facts, rewrite_first_person

SHE = ["Leonie Fischer"]
HE = ["Tomasz Wójcik"]


def said(fact: str, names=SHE, family=None) -> str:
    return rewrite_first_person(fact, names, family).text


def test_a_negative_contraction_of_be_after_i_is_im_not():
    assert said("She isn't a morning person.") == "I'm not a morning person."
    assert said("They aren't keen on spicy food.", ["Robin Achterberg"], "they") == "I'm not keen on spicy food."
    assert said("She is not a fan of horror films.") == "I am not a fan of horror films."  # written out: kept


def test_her_the_parser_hangs_as_a_possessive_before_an_unknown_noun_is_my():
    assert said("She keeps her levain in a jar.") == "I keep my levain in a jar."


def test_her_before_a_clause_after_a_verb_of_telling_is_the_person_told():
    assert said("The breeder told her Pixel would stay small.") == "The breeder told me Pixel would stay small."
    assert said("Her coach told her team the session was cancelled.") == \
        "My coach told my team the session was cancelled."  # the clause has its own subject: her team


def test_a_verb_after_a_question_clause_closed_by_its_copula_agrees_with_i():
    assert said("He forgot what the password was and needs to reset it.", HE, "masc") == \
        "I forgot what the password was and need to reset it."
    assert said("She can't remember when her last tetanus shot was and worries about it.") == \
        "I can't remember when my last tetanus shot was and worry about it."


def test_a_hyphenated_verb_after_a_coordinated_subject_keeps_the_other_person_first():
    assert said("He and his cousin co-own a food truck.", HE, "masc") == "My cousin and I co-own a food truck."
    assert said("She and her partner house-sit for neighbours in the summer.") == \
        "My partner and I house-sit for neighbours in the summer."


def test_a_he_under_the_contributors_verb_of_telling_another_man_is_his_with_a_modal_else_reported():
    assert said("Tomasz told Piotr he should get his knee checked.", HE, "masc") == "I told Piotr he should get his knee checked."
    assert said("He told Piotr he could stay with him.", HE, "masc") == "I told Piotr he could stay with me."
    assert said("Tomasz told Piotr he was leaving the company.", HE, "masc") == \
        "About me: Tomasz told Piotr he was leaving the company."


def test_they_after_the_one_person_the_contributor_did_something_with_is_we():
    assert said("She met Nils at university and they married in 2019.") == "I met Nils at university and we married in 2019."
    assert said("He proposed to Ewa in Lisbon, where they first met.", HE, "masc") == "I proposed to Ewa in Lisbon, where we first met."


def test_them_for_a_companion_the_task_coordinates_with_the_contributor_is_us():
    facts = ["He and Ewa are renovating a flat in Gdańsk.", "Ewa's parents are flying in to spend Easter with them.",
             "Ewa's brother is staying with them until June.", "Ewa's parents want him to visit them in Kraków."]
    got = [r.text for r in rewrite_facts(facts, HE)]
    assert got == ["Ewa and I are renovating a flat in Gdańsk.", "Ewa's parents are flying in to spend Easter with us.",
                   "Ewa's brother is staying with us until June.",
                   "Ewa's parents want me to visit them in Kraków."]  # "him" visits: "them" can be the parents
    # without the coordinating fact, Ewa may have a household of her own
    assert said("Ewa's brother is staying with them until June.", HE, "masc") == "Ewa's brother is staying with them until June."


def test_their_parent_after_a_named_sibling_is_our():
    assert said("Her brother Jonas visits their grandmother every Saturday.") == \
        "My brother Jonas visits our grandmother every Saturday."
    assert said("Her parents sold their house in Kiel.") == "My parents sold their house in Kiel."
