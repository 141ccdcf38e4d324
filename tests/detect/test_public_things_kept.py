"""Messages about public things come out unchanged (issue 16): a name that is also a word
qualifying a noun, and the frames that make names characters, brands or athletes; each with a
guard that a private name in a similar frame is still found."""

from privacy import entities as E
from tests.detect.conftest import spans


def found(det, text, etype=E.PERSON):
    return [v for v, t in spans(text, det.analyze_text(text)) if t == etype]


def replaced(det, text):
    """The values a scrub would replace (every finding but the kept ones)."""
    return [v for v, t in spans(text, det.analyze_text(text)) if t not in (E.PUBLIC, E.NRP)]


# --- a word-name qualifying a noun is a word ------------------------------------------------


def test_a_word_name_before_a_lower_case_noun_is_an_adjective(det):
    assert found(det, "Frank answer please: is a coding bootcamp still worth the money?") == []


def test_a_name_found_elsewhere_is_not_spread_onto_the_word_before_a_capitalised_noun(det):
    texts = ["Grace rang about the deposit, can you draft a reply?", "Why were the Grace Notes so popular in baroque music?"]
    first, second = det.analyze_corpus(texts)
    assert [texts[0][f.start:f.end] for f in first] == ["Grace"] and second == []


def test_a_word_name_after_a_common_nouns_possessive_is_part_of_a_name(det):
    assert found(det, "How is a Private Member's Bill different from a government one?") == []


def test_guard_a_word_name_before_a_verb_is_still_a_person(det):
    assert found(det, "Frank said the deposit is non-refundable, is that legal?") == ["Frank"]


def test_guard_a_word_name_before_a_persons_noun_is_still_a_person(det):
    assert "Grace" in found(det, "Grace mum picks the kids up at 5, can you remind me to text her?")


def test_guard_a_self_introduction_is_still_a_person(det):
    assert found(det, "Hi! It's Dawn from the choir, can you help me with a thank-you card?") == ["Dawn"]


# --- a match-up of public things ----------------------------------------------------------------


def test_the_sides_of_a_match_up_of_brands_are_kept_in_a_first_person_sentence(det):
    assert replaced(det, "I'm torn between Nike vs Adidas running shoes for my first marathon") == []


def test_the_sides_of_a_match_up_of_fashion_houses_are_kept(det):
    text = "Chanel vs Prada vs Versace: which one is older? it's for my marketing module"
    assert replaced(det, text) == []


def test_the_sides_of_a_match_up_of_clubs_are_kept_beside_a_first_person(det):
    assert replaced(det, "watching Liverpool vs Everton with a pint tonight, I reckon it ends level") == []


def test_two_cities_compared_as_places_to_live_are_kept(det):
    assert replaced(det, "Living in Madrid vs Munich as a nurse: which has better pay after rent?") == []


def test_a_famous_city_and_a_year_after_at_is_an_event_no_address(det):
    text = "Was Hamilton vs Verstappen at Abu Dhabi 2021 decided by the safety car?"
    assert replaced(det, text) == []


def test_guard_a_match_up_of_private_first_names_is_still_replaced(det):
    text = "Did Sigrun vs Hallveig in the club final go to extra time? I missed it."
    assert found(det, text) == ["Sigrun", "Hallveig"]


def test_guard_a_match_up_of_full_names_many_share_is_still_replaced(det):
    text = "Mark Jones vs Tom Garcia in the squash ladder, did it go to five games?"
    assert found(det, text) == ["Mark Jones", "Tom Garcia"]


def test_guard_a_postcode_after_a_town_on_an_address_is_still_found(det):
    assert E.POSTAL_CODE in [t for _, t in spans(*(lambda t: (t, det.analyze_text(t)))("Ship to 4 Pitt St, Sydney 2000 pls"))]


# --- a famous city is no notable name for a name that reads as someone's -----------------------


def test_guard_a_given_name_asked_about_beside_a_famous_city_is_still_replaced(det):
    assert found(det, "Why did Ana move to Lagos?") == ["Ana"]


def test_guard_a_private_full_name_asked_about_beside_a_famous_city_is_still_replaced(det):
    assert found(det, "Why did Tunde Okafor quit his job in London?") == ["Tunde Okafor"]


def test_a_notable_players_name_beside_a_famous_city_is_still_kept(det):
    assert replaced(det, "Why did Arsenal sell Cesc Fàbregas to Barcelona in 2011?") == []


# --- the characters and places of a story -------------------------------------------------------


def test_names_asked_about_in_a_message_with_a_storys_words_are_characters(det):
    text = "Why doesn't Aragorn just carry the ring to Mount Doom himself? Explain the in-universe logic."
    assert replaced(det, text) == []


def test_a_work_named_at_the_opening_and_a_place_of_it_are_kept(det):
    text = "In Elden Ring, where is the best place to farm runes? I've already cleared Stormveil Castle."
    assert replaced(det, text) == []


def test_guard_who_reads_or_watches_a_work_is_still_replaced(det):
    assert found(det, "Should Ifeoma read the books before watching the show? No spoilers please.") == ["Ifeoma"]


def test_guard_who_is_in_a_show_is_still_replaced(det):
    assert found(det, "Why did Chidi quit the show after season 2? No spoilers for the finale please.") == ["Chidi"]


def test_guard_a_name_in_a_sentence_with_the_asker_in_a_game_is_still_replaced(det):
    assert found(det, "In Minecraft, why does Olumide keep breaking my builds?") == ["Olumide"]


def test_guard_a_venue_opening_a_message_makes_no_story(det):
    assert found(det, "In Riverside Mall, where can Ana park overnight?") == ["Ana"]


# --- a popular given name is no public mononym; a kind of thing, then one of them -----------------


def test_guard_a_popular_given_name_asked_about_alone_is_still_replaced(det):
    assert found(det, "Why did Liam quit the band?") == ["Liam"]


def test_guard_a_match_up_of_popular_given_names_is_still_replaced(det):
    assert found(det, "Liam vs Oliver in the chess final, who won?") == ["Liam", "Oliver"]


def test_guard_hyphenated_given_names_are_no_public_words(det):
    assert found(det, "Hyun-woo vs Min-jun in the chess final, who won?") == ["Hyun-woo", "Min-jun"]


def test_a_name_after_a_kind_of_thing_and_like_is_a_brand(det):
    assert replaced(det, "Would a budget airline like Ryanair let me take a guitar on board?") == []


def test_guard_a_name_after_a_kind_of_person_and_like_is_still_a_person(det):
    assert found(det, "I need a friend like Ana who listens, how do I find one?") == ["Ana"]


# --- who reads, takes part or is told something is someone -------------------------------------


def test_guard_a_given_name_that_hates_a_notable_work_is_its_reader(det):
    assert found(det, "Why does Luna hate the Harry Potter books?") == ["Luna"]


def test_guard_a_given_name_that_leaves_a_band_after_a_tour_is_someone(det):
    assert found(det, "Why did Ezra leave the band right after the tour?") == ["Ezra"]


def test_guard_a_name_told_something_is_someone_though_a_town_bears_it(det):
    assert found(det, "Can you explain to Leon why the essay needs sources?") == ["Leon"]


def test_guard_a_town_named_like_a_person_who_enjoys_something_is_someone(det):
    assert replaced(det, "Did Savannah enjoy the Taylor Swift concert?") != []


def test_guard_a_given_name_right_about_a_notable_work_is_someone(det):
    assert found(det, "Was Logan right about the Star Wars prequels?") == ["Logan"]


def test_a_notable_figure_who_thinks_is_still_kept(det):
    assert replaced(det, "Was Napoleon right to invade Russia in 1812?") == []


# --- a relation speaking about a public person ties nothing --------------------------------------


def test_a_notable_full_name_few_share_is_kept_beside_a_relation_asking_about_it(det):
    assert replaced(det, "My daughter keeps asking why Tim Henman never won Wimbledon.") == []


def test_guard_a_private_full_name_beside_a_relation_is_still_replaced(det):
    assert found(det, "My son keeps asking why Tunde Bakare was given out in his match.") == ["Tunde Bakare"]


def test_guard_a_notable_name_right_after_a_relation_is_someones(det):
    assert found(det, "my friend Joe Root keeps texting me, what should I say?") == ["Joe Root"]


# --- an alternative between public things, asked about ------------------------------------------


def test_an_alternative_between_two_brands_and_their_models_is_kept(det):
    assert replaced(det, "Nike Vaporfly or Adidas Adizero for a first half marathon?") == []


def test_guard_an_alternative_between_two_given_names_is_still_replaced(det):
    assert found(det, "Should Mia or Zoe give the toast at the wedding?") == ["Mia", "Zoe"]


def test_guard_an_alternative_between_two_unknown_names_is_still_replaced(det):
    assert found(det, "Who is taller, Okafor or Adeyemi?") == ["Okafor", "Adeyemi"]


# --- a thing's frame keeps no one in a list, a street, a family or a match ------------------------


def test_guard_a_name_in_a_list_of_dishes_is_no_dish(det):
    assert "Hope" in found(det, "Potluck plan: Grace brings dessert, Hope salad, Will drinks. Who is missing?")


def test_guard_a_colour_kept_beside_a_name_asked_about_anchors_no_one(det):
    assert found(det, "Can you ask Rose what colour the napkins are? Ruby green or Hunter green?") == ["Rose"]


def test_guard_one_name_after_the_in_our_street_is_someone(det):
    assert found(det, "Who is the Adeyemi in our street?") == ["Adeyemi"]


def test_guard_a_name_before_family_is_a_household_no_landmark(det):
    assert found(det, "Tell me about the Nkemelu family history, my grandma was one.") == ["Nkemelu"]


def test_guard_a_given_name_side_of_a_local_match_is_someone(det):
    assert "Hope" in found(det, "What time does the Hope vs Grace netball match start?")


# --- a tool doing what a program does, in a text about code ----------------------------------------


def test_a_tool_that_warns_in_a_text_about_code_is_kept(det):
    text = "My Rust function called `parse_row` has eight arguments and Clippy warns about it. Should I use a struct?"
    assert replaced(det, text) == []


def test_guard_a_colleague_who_says_the_build_fails_is_still_replaced(det):
    assert found(det, "Olumide says the build fails on main, the config looks fine to me") == ["Olumide"]
