"""A fact about the contributor is rewritten in their first person from spaCy's parse."""

from __future__ import annotations

from context_packs.firstperson import rewrite_first_person

NAMES = ["Renata Alves"]


def said(fact: str) -> str:
    return rewrite_first_person(fact, NAMES).text


def test_a_possessive_at_the_start_becomes_my():
    assert said("Her brother Tomás lives in Porto.") == "My brother Tomás lives in Porto."


def test_the_contributors_name_with_an_apostrophe_s_becomes_my():
    assert said("Renata's lease ends on August 31.") == "My lease ends on August 31."


def test_she_is_contracted_becomes_i_am_and_she_has_becomes_i_have():
    assert said("She's tired of her commute.") == "I'm tired of my commute."
    assert said("She's been wearing Brooks shoes for two years.") == "I've been wearing Brooks shoes for two years."


def test_isnt_after_i_stays_contracted_as_im_not():
    assert said("She isn't willing to pay more than $400 for movers.") == "I'm not willing to pay more than $400 for movers."
    assert said("She really isn't sure.") == "I really am not sure."  # no "I'm" to lean on


def test_every_coordinated_verb_agrees_with_i():
    assert said("Renata runs three times a week and swims on Sundays.") == "I run three times a week and swim on Sundays."
    assert said("She goes to bed around 1 am and wakes up at 6:30.") == "I go to bed around 1 am and wake up at 6:30."


def test_a_verb_the_parser_took_for_a_noun_still_agrees():
    assert said("Renata has flat feet and overpronates.") == "I have flat feet and overpronate."


def test_a_plural_noun_after_and_is_not_taken_for_a_verb():
    assert said("She has two dogs and cats.") == "I have two dogs and cats."


def test_other_peoples_pronouns_are_left_alone():
    assert said("Tomás wants Renata to write him a letter for his 40th birthday.") == \
        "Tomás wants me to write him a letter for his 40th birthday."


def test_the_name_as_an_object_or_mid_sentence_becomes_me_or_i():
    assert said("Her physiotherapist told Renata to cut her mileage by a third.") == \
        "My physiotherapist told me to cut my mileage by a third."
    assert said("If the race is cancelled, Renata will run the Boulder half instead.") == \
        "If the race is cancelled, I will run the Boulder half instead."


def test_an_object_pronoun_after_another_persons_subject_is_the_contributor():
    assert said("Jess asked her to give the toast, and Renata said yes.") == "Jess asked me to give the toast, and I said yes."


def test_an_object_pronoun_after_the_contributor_as_subject_is_someone_else():
    assert said("Maya lost her keys, so Renata lent her a spare.") == "Maya lost her keys, so I lent her a spare."


def test_a_reflexive_becomes_myself():
    assert said("She doesn't like herself in photos.") == "I don't like myself in photos."


def test_the_full_name_as_subject_becomes_i():
    assert said("Renata Alves is allergic to cats.") == "I am allergic to cats."


def test_an_ambiguous_subject_pronoun_is_left_as_written_and_the_rewrite_counted_as_a_fallback():
    r = rewrite_first_person("Her friend Maya is visiting and she wants to go hiking.", NAMES)
    assert r.text == "My friend Maya is visiting and she wants to go hiking."
    assert r.method.startswith("fallback")


def test_a_coordinated_subject_puts_the_other_person_first_and_i_last():
    assert said("Renata and Tomás are flying to Porto.") == "Tomás and I are flying to Porto."
    assert said("She and her sister run a bakery.") == "My sister and I run a bakery."


def test_a_plural_verb_the_parse_cannot_explain_is_reported_as_about_me_and_counted():
    # the name would be left in the third person: the sentence is reported as written, never half-rewritten
    r = rewrite_first_person("Renata, Maya and Jess are going hiking.", NAMES)
    assert r.text == "About me: Renata, Maya and Jess are going hiking."
    assert r.method == "fallback: plural verb kept; reported as 'About me:'"


def test_a_fallback_that_leaves_no_third_person_mention_is_not_reported():
    r = rewrite_first_person("Her friend Maya is visiting and she wants to go hiking.", NAMES)
    assert not r.text.startswith("About me:") and r.method == "fallback: ambiguous subject pronoun kept"


def test_a_verb_takes_the_first_person_by_the_spelling_of_its_ending_not_the_lemmatizer():
    # spaCy's lemmatizer gives "rid" and "hop"; "focuses" is focus + es, "uses" use + s
    assert said("She rides her bike and hopes to race.") == "I ride my bike and hope to race."
    assert said("She focuses on pacing and uses a watch.") == "I focus on pacing and use a watch."
    assert said("She carries an inhaler and watches her diet.") == "I carry an inhaler and watch my diet."


def test_a_capitalized_verb_inside_a_title_is_not_made_to_agree():
    assert rewrite_first_person("He listens to The Rest Is History on his drive.", ["Marcus Lindqvist"]).text == \
        "I listen to The Rest Is History on my drive."


def test_a_capitalized_word_with_digits_is_no_other_person_owning_the_pronoun():
    assert rewrite_first_person("Marcus's A1C was 6.1 at his last checkup.", ["Marcus Lindqvist"]).text == \
        "My A1C was 6.1 at my last checkup."


def test_a_name_the_parser_misreads_as_a_noun_compound_is_still_the_subject():
    assert rewrite_first_person("Daniel cycles to work and takes the train home.", ["Daniel Okafor"]).text == \
        "I cycle to work and take the train home."


def test_a_subject_pronoun_under_another_persons_verb_is_theirs():
    r = rewrite_first_person("Emeka told Daniel that he would visit in June.", ["Daniel Okafor"])
    assert r.text == "Emeka told me that he would visit in June." and r.method.startswith("fallback")


def test_a_fact_about_someone_else_is_kept_and_says_so():
    r = rewrite_first_person("Priya Raman is a nurse.", NAMES)
    assert r.text == "Priya Raman is a nurse." and r.method == "kept: not about the contributor"


def test_a_plural_they_for_a_he_or_she_contributor_is_their_household_we():
    r = rewrite_first_person("They booked a ryokan in Hakone.", ["Marcus Lindqvist"])
    assert r.text == "We booked a ryokan in Hakone." and r.method == "rule"
    assert "plural they -> we (household)" in r.rules


def test_a_household_they_in_a_subordinate_clause_becomes_we_beside_i():
    r = rewrite_first_person("Marcus hopes to run a 5K in every city they visit.", ["Marcus Lindqvist"])
    assert r.text == "I hope to run a 5K in every city we visit."


def test_a_household_their_and_a_contraction_become_our_and_weve():
    assert rewrite_first_person("They've sold their old car.", ["Marcus Lindqvist"]).text == "We've sold our old car."


def test_a_they_after_a_plural_it_can_refer_to_stays_theirs():
    assert rewrite_first_person("His parents say they will visit.", ["Marcus Lindqvist"]).text == \
        "My parents say they will visit."
    assert rewrite_first_person("He buys apples when they are in season.", ["Marcus Lindqvist"]).text == \
        "I buy apples when they are in season."


def test_a_plural_noun_naming_times_is_not_what_a_household_they_stands_for():
    assert rewrite_first_person("On weekends they hike in the hills.", ["Marcus Lindqvist"]).text == \
        "On weekends we hike in the hills."
    assert rewrite_first_person("Most evenings they eat on the balcony.", ["Marcus Lindqvist"]).text == \
        "Most evenings we eat on the balcony."


def test_them_as_an_object_is_never_its_own_verbs_plural_subject():
    assert rewrite_first_person("His in-laws visit them every Easter.", ["Marcus Lindqvist"]).text == \
        "My in-laws visit us every Easter."
    assert rewrite_first_person("The landlords gave them notice.", ["Marcus Lindqvist"]).text == \
        "The landlords gave us notice."
    # a possessive can be the subject's own, and a "they" of another clause stays theirs
    assert rewrite_first_person("His kids love their new school.", ["Marcus Lindqvist"]).text == \
        "My kids love their new school."
    assert rewrite_first_person("His brothers think they can fix it themselves.", ["Marcus Lindqvist"]).text == \
        "My brothers think they can fix it themselves."


def test_a_they_after_a_coordination_holding_the_contributor_is_we():
    assert rewrite_first_person("He and his wife sold their house.", ["Marcus Lindqvist"]).text == \
        "My wife and I sold our house."


def test_a_they_after_another_persons_name_is_not_guessed_to_be_the_household():
    assert rewrite_first_person("Chioma wants Daniel to plan their anniversary dinner.", ["Daniel Okafor"]).text == \
        "Chioma wants me to plan their anniversary dinner."


def test_a_contracted_s_before_a_participle_of_a_state_of_mind_is_is_unless_an_object_follows():
    assert said("She's subscribed to three streaming services.") == "I'm subscribed to three streaming services."
    assert said("She's fed up with her commute.") == "I'm fed up with my commute."
    assert said("She's fed the neighbour's cat all week.") == "I've fed the neighbour's cat all week."


def test_a_contracted_s_before_an_adverb_and_a_participle_is_has():
    assert said("She's never been to a music festival.") == "I've never been to a music festival."
    assert said("She's just started a pottery class.") == "I've just started a pottery class."


def test_a_contracted_s_before_a_participle_of_a_state_is_is():
    assert said("She's based in Leeds.") == "I'm based in Leeds."
    assert said("She's supposed to rest.") == "I'm supposed to rest."


def test_the_tasks_other_facts_give_the_pronouns_of_a_name_the_guesser_does_not_know():
    from context_packs.firstperson import rewrite_facts

    facts = ["She manages a small bakery.", "Ngozi runs the bakery with her sister Ada."]
    assert [r.text for r in rewrite_facts(facts, ["Ngozi Eze"])] == [
        "I manage a small bakery.", "I run the bakery with my sister Ada."]


def test_a_contributor_who_uses_they_is_i_and_their_verbs_singular():
    from context_packs.firstperson import rewrite_facts

    facts = ["They use they/them pronouns.", "They're a graphic designer.", "They were a swimmer.",
             "Oluwaseun's landlord wants them to sign a lease."]
    assert [r.text for r in rewrite_facts(facts, ["Oluwaseun Bakare"])] == [
        "I use they/them pronouns.", "I'm a graphic designer.", "I was a swimmer.",
        "My landlord wants me to sign a lease."]


def test_three_coordinated_verbs_all_agree_even_when_the_middle_one_is_parsed_as_a_noun():
    assert rewrite_first_person("He washes, irons and folds his shirts.", ["Femi Adeyemi"]).text == \
        "I wash, iron and fold my shirts."


def test_the_contributors_name_with_s_and_no_noun_after_it_is_mine():
    assert said("The blue bike is Renata's.") == "The blue bike is mine."


def test_a_subject_pronoun_that_may_be_either_person_after_the_contributor_as_object_is_reported_as_about_me():
    r = rewrite_first_person("His neighbour Bola lends him tools and he returns the favour.", ["Femi Adeyemi"])
    assert r.text == "About me: His neighbour Bola lends him tools and he returns the favour."
    assert r.method.startswith("fallback: ambiguous subject pronoun kept")


def test_the_contributors_name_with_s_before_what_cannot_be_owned_is_is_or_has():
    assert said("Renata's a nurse on a cardiac ward.") == "I'm a nurse on a cardiac ward."
    assert said("Renata's been vegan since 2021.") == "I've been vegan since 2021."
    assert said("Renata's learning to play the saxophone.") == "I'm learning to play the saxophone."
    assert said("Renata's old car broke down.") == "My old car broke down."


def test_her_after_let_or_make_before_a_bare_infinitive_is_the_object():
    assert said("Her manager lets her work from home on Fridays.") == "My manager lets me work from home on Fridays."
    assert said("Her boss lets her car stay in the lot.") == "My boss lets my car stay in the lot."


def test_the_contributor_named_after_other_subjects_is_i_and_the_verb_stays_plural():
    assert said("Owen and Renata are flying to Porto.") == "Owen and I are flying to Porto."
    assert said("Owen, Maya and Renata are going hiking.") == "Owen, Maya and I are going hiking."


def test_a_possessor_coordinated_with_another_person_is_reported_as_written():
    r = rewrite_first_person("Owen and Renata's flat is in Leeds.", NAMES)
    assert r.text == "About me: Owen and Renata's flat is in Leeds."


def test_a_title_before_the_surname_or_the_full_name_is_the_contributor():
    assert rewrite_first_person("Ms Okafor's shifts rotate every four weeks.", ["Grace Okafor"]).text == \
        "My shifts rotate every four weeks."
    assert rewrite_first_person("The clinic rang Dr. Grace Okafor twice.", ["Grace Okafor"]).text == \
        "The clinic rang me twice."


def test_a_surname_alone_is_no_mention_of_the_contributor():
    assert rewrite_first_person("Okafor's brother lives in Enugu.", ["Grace Okafor"]).text == \
        "Okafor's brother lives in Enugu."


def test_a_first_name_that_is_also_a_word_keeps_its_role_as_subject():
    # the parser reads "Will" as a modal here; the role comes from a parse with a stand-in name
    assert rewrite_first_person("Sam thinks Will works too much.", ["Will Hartley"], "masc").text == \
        "Sam thinks I work too much."


def test_a_coordinated_subject_whose_verb_the_parser_lost_still_puts_the_other_person_first():
    # spaCy reads "share" as a noun here; the other conjunct ends where "they" + the rest parses
    assert rewrite_first_person("He and his ex-wife share custody of their son.", ["James Whitaker"]).text == \
        "My ex-wife and I share custody of our son."


def test_the_other_conjunct_ends_where_they_and_the_rest_of_the_sentence_parse():
    from context_packs.coordination import conjunct_end
    from context_packs.nlp import parse

    assert conjunct_end(parse("He and."), 0) is None
    assert conjunct_end(parse("He and his ex-wife share custody."), 0) == 6
    assert rewrite_first_person("She and her mother-in-law both knit scarves.", NAMES).text == \
        "My mother-in-law and I both knit scarves."


def test_a_coordinated_subject_that_cannot_be_split_is_reported_as_written_not_half_rewritten():
    got = rewrite_first_person("He and Tom.", ["James Whitaker"])
    assert got.text == "About me: He and Tom." and got.method.startswith("fallback")


def test_a_name_the_tokenizer_splits_is_found_whole():
    assert rewrite_first_person("Mary-Jane's sister Beth emigrated to Perth.", ["Mary-Jane Collins"]).text == \
        "My sister Beth emigrated to Perth."
    assert rewrite_first_person("Her mum sends Mary-Jane a care package.", ["Mary-Jane Collins"]).text == \
        "My mum sends me a care package."


def test_his_with_no_noun_after_it_is_mine():
    assert rewrite_first_person("The silver scooter in the garage is his.", ["Arjun Mehta"]).text == \
        "The silver scooter in the garage is mine."


def test_a_possessive_in_a_clause_about_a_relative_of_the_same_gender_is_theirs():
    assert rewrite_first_person("Siobhan's daughter is expecting her first baby.", ["Siobhan O'Brien"]).text == \
        "My daughter is expecting her first baby."


def test_a_possessive_beside_the_contributor_as_object_or_controlled_by_them_stays_the_contributors():
    assert said("Her mother drove her to her appointment.") == "My mother drove me to my appointment."
    assert said("Her mum wants her to sell her car.") == "My mum wants me to sell my car."


def test_a_they_contributor_named_after_another_subject_is_i():
    facts = ["Robin uses they/them pronouns.", "Kit and Robin are adopting a rabbit."]
    from context_packs.firstperson import rewrite_facts

    assert rewrite_facts(facts, ["Robin Akers"])[1].text == "Kit and I are adopting a rabbit."


def test_a_coordinated_subject_with_a_named_relative_in_apposition_puts_them_first():
    assert said("She and her girlfriend Inês rent a flat in Alfama.") == "My girlfriend Inês and I rent a flat in Alfama."


def test_a_fact_whose_only_pronoun_may_be_either_person_is_reported_as_written():
    got = rewrite_first_person("Beth thinks she should sell the house.", ["Mary-Jane Collins"], "fem")
    assert got.text == "About me: Beth thinks she should sell the house." and got.method.startswith("fallback")


def test_her_before_a_word_that_cannot_be_a_verb_is_a_possessive():
    assert said("She had her appendix out when she was nineteen.") == "I had my appendix out when I was nineteen."
    assert said("Her boss made her cry.") == "My boss made me cry."


def test_a_present_verb_the_parser_tagged_as_an_adverb_still_agrees():
    assert said("She fasts during Ramadan and finds the afternoons hardest.") == \
        "I fast during Ramadan and find the afternoons hardest."


def test_a_name_the_parser_compounds_with_its_verb_inside_a_clause_is_the_subject():
    assert rewrite_first_person("The pharmacy where Leila works is closing.", ["Leila Haddad"]).text == \
        "The pharmacy where I work is closing."


def test_their_of_the_contributor_and_their_named_partner_is_our():
    assert rewrite_first_person("Her husband Karim takes their son to school.", ["Leila Haddad"], "fem").text == \
        "My husband Karim takes our son to school."
    # another person who is not the partner keeps "their"
    assert rewrite_first_person("Her friend Karim takes their son to school.", ["Leila Haddad"], "fem").text == \
        "My friend Karim takes their son to school."


def test_her_after_be_before_an_adjective_and_a_noun_is_a_possessive():
    assert said("Saturdays are her only day off.") == "Saturdays are my only day off."
    assert said("The news made her happy.") == "The news made me happy."


def test_a_possessive_after_a_named_object_in_a_phrase_of_the_verb_is_that_persons():
    assert said("She drives Shira to her lessons on Tuesdays.") == "I drive Shira to her lessons on Tuesdays."
    assert said("She gave Zoe her old phone.") == "I gave Zoe my old phone."
    assert rewrite_first_person("He hopes to visit Lagos with his kids.", ["Femi Adeyemi"]).text == \
        "I hope to visit Lagos with my kids."


def test_a_possessive_of_a_named_person_the_parser_made_a_second_subject_is_theirs():
    assert said("Her best friend Noa is pregnant with her second child.") == \
        "My best friend Noa is pregnant with her second child."


def test_a_they_contributors_they_after_a_plural_subject_is_those_people():
    from context_packs.firstperson import rewrite_facts

    facts = ["Sasha uses they/them pronouns.", "Sasha's roommates are both nurses, and they work nights."]
    assert rewrite_facts(facts, ["Sasha Ivanova"])[1].text == "My roommates are both nurses, and they work nights."


def test_the_contributors_name_inside_a_quoted_title_stays_as_written():
    assert rewrite_first_person("Priya runs a food blog called 'Priya Eats London'.", ["Priya Sharma"]).text == \
        "I run a food blog called 'Priya Eats London'."
    assert said("Renata's dog's name is 'Biscuit'.") == "My dog's name is 'Biscuit'."


def test_a_mention_after_an_and_that_joins_two_clauses_gets_its_own_verb_agreement():
    assert said("She finished the course and she runs every day.") == "I finished the course and I run every day."
    assert said("Her sister lives in Leeds and she visits her monthly.") == "My sister lives in Leeds and I visit her monthly."
    assert said("Marc and Renata are renovating the kitchen.") == "Marc and I are renovating the kitchen."


def test_an_object_pronoun_is_someone_else_only_when_the_contributor_is_its_clauses_subject():
    assert said("She asked Maya to drive her to the airport.") == "I asked Maya to drive me to the airport."
    assert said("She splits the costs between her and her sister.") == "I split the costs between me and my sister."
