"""The documented matching rules of the leak check (privacy/audit/README.md), one each.

The matcher takes vault-shaped entries ``(entity_type, original, surrogate, keyed_hash)``.
"""

from __future__ import annotations

from privacy.audit.matcher import KnownValueMatcher
from privacy.audit.views import View


def _hits(entries, text):
    m = KnownValueMatcher(entries)
    return [(text[h.start : h.end], h.keyed_hash) for h in m.find(View(text))]


def test_originals_too_short_to_search_are_counted_not_searched():
    m = KnownValueMatcher([("PERSON", "Al", "Ed", "h1"), ("AGE", "34", "35", "h2"), ("PERSON", "Alba Ruiz", "Eva Sol", "h3")])
    assert m.stats["skipped_short"] == 2 and m.stats["searched"] == 1
    assert m.find(View("Al is 34, Alba Ruiz is not")) != []
    assert [h.keyed_hash for h in m.find(View("Al is 34"))] == []


def test_a_name_that_is_a_common_word_is_no_leak_alone_but_its_full_name_is():
    entries = [("PERSON.FIRST", "Will", "Omar", "h1"), ("PERSON.LAST", "White", "Ruiz", "h2"),
               ("PERSON", "Will White", "Omar Ruiz", "h3")]
    assert _hits(entries, "I will call. Will you? The White Stripes.") == []
    assert _hits(entries, "WILL WHITE called.") == [("WILL WHITE", "h3")]


def test_an_original_inside_a_longer_surrogate_is_not_a_hit():
    entries = [("PERSON", "Christof", "Alena", "h1"), ("EMAIL_ADDRESS", "sam@mail.org", "christof@example.com", "h2")]
    assert _hits(entries, "write to christof@example.com") == []
    assert _hits(entries, "ask Christof below") == [("Christof", "h1")]


def test_an_original_made_only_of_common_words_is_never_a_leak():
    # detector false positives that entered a vault (issue 17): "email" and "https" as names,
    # "orchestra", "I'd" as a place, "Tell" from a misread "Tell Kelechi", "Synthetic User"
    entries = [("PERSON", "email", "Ruth", "h1"), ("PERSON.FIRST", "https", "Omar", "h2"), ("PERSON", "orchestra", "Ivo", "h3"),
               ("LOCATION", "I'd", "Lyon", "h4"), ("PERSON", "Tell", "Bo", "h5"), ("PERSON", "Synthetic User", "Al Bo", "h6")]
    m = KnownValueMatcher(entries)
    assert m.stats["skipped_common"] == 6 and m.empty
    assert m.find(View("What's your email? Tell me at https://x, I'd say. EMAIL_ADDRESS, ## User ·")) == []


def test_a_vault_original_counts_in_its_own_contributors_output_and_rare_ones_everywhere():
    entries = [("PERSON.FIRST", "Priya", "Ruth", "h1"), ("PERSON", "Priya Raman", "Ruth Kay", "h2"),
               ("EMAIL_ADDRESS", "priya@mail.org", "ruth@example.com", "h3")]
    owners = {(t, h): frozenset({"alice"}) for t, _o, _s, h in entries}
    m = KnownValueMatcher(entries, owners=owners)
    text = "Priya wrote; Priya Raman; priya@mail.org"
    assert [h.keyed_hash for h in m.find(View(text), frozenset({"alice"}))] == ["h1", "h2", "h3"]
    assert [h.keyed_hash for h in m.find(View(text), frozenset({"bob"}))] == ["h2", "h3"]


def test_an_original_equal_to_a_surrogate_is_ambiguous_and_not_searched():
    m = KnownValueMatcher([("PERSON", "Maria", "Jane", "h1"), ("PERSON", "Jane", "Ruth", "h2")])
    assert m.stats["skipped_ambiguous"] == 1
    assert m.find(View("Jane and Maria")) and all(h.keyed_hash == "h1" for h in m.find(View("Jane and Maria")))


def test_types_kept_on_purpose_are_not_searched():
    m = KnownValueMatcher([("NRP", "Catholic", "Catholic", "h1"), ("DATE_TIME", "March 3rd", "March 9th", "h2")])
    assert m.stats["skipped_type"] == 2 and m.empty


def test_the_possessive_and_punctuation_are_boundaries_letters_and_digits_are_not():
    entries = [("PERSON", "Ann", "Bea", "h1")]
    assert _hits(entries, "Ann's (Ann) ann_x") == [("Ann", "h1"), ("Ann", "h1"), ("ann", "h1")]
    assert _hits(entries, "Annual Joanne Ann2") == []


def test_a_phone_may_follow_a_country_code_or_trunk_prefix_but_not_other_digits():
    entries = [("PHONE_NUMBER", "020 7946 0958", "020 7946 0000", "h1")]
    assert len(_hits(entries, "+44 20 7946 0958")) == 1
    assert len(_hits(entries, "0044 20 7946 0958")) == 1
    assert _hits(entries, "99 20 7946 0958 1") == []


def test_a_country_or_a_contact_label_in_the_vault_is_never_a_leak():
    entries = [("LOCATION", "Netherlands", "Kuwait", "h1"), ("PERSON", "Fax", "Tanner", "h2"), ("LOCATION", "nan", "Lyon", "h3")]
    m = KnownValueMatcher(entries)
    assert m.empty and m.find(View("I'm originally from Netherlands. Fax: 555, state: nan")) == []


def test_a_hyphenated_word_is_one_word_common_and_not_a_rare_full_name():
    entries = [("PERSON", "e-mail", "Ruth", "h1"), ("PERSON", "Jean-Luc", "Omar", "h2")]
    m = KnownValueMatcher(entries, owners={("PERSON", "h2"): frozenset({"alice"})})
    assert m.stats["skipped_common"] == 1
    assert m.find(View("your e-mail, Jean-Luc"), frozenset({"bob"})) == []  # one word of alice's: not rare


def test_a_one_word_original_that_is_a_lower_case_word_is_only_a_hit_when_written_capitalised():
    # detector false positives of the issue-17 study: "Gold" of "Gold Bullion Securities", "said" of
    # "said Lasse", "bridge" of "Larnaka bridge", "Fields" (a surname) beside the report's "fields"
    entries = [("PERSON", "Gold", "Ivo", "h1"), ("PERSON", "Said", "Manu", "h2"), ("PERSON.LAST", "bridge", "Requena", "h3"),
               ("PERSON", "Fields", "Kolen", "h4"), ("PERSON", "Love", "Gilles", "h5")]
    text = "the seventh gold disc; he said: no; to bridge cultures; fields_with_replacements; what's not to love?"
    assert _hits(entries, text) == []
    # written as a name is written, it is one: "Love is very reliable" left a given name in the output
    assert _hits(entries, "Love is very reliable. Ask Said. GOLD") == [("Love", "h5"), ("Said", "h2"), ("GOLD", "h1")]


def test_a_lower_case_name_that_is_no_word_is_still_a_hit_in_any_case():
    entries = [("PERSON", "Kwabena", "Ivo", "h1"), ("PERSON.FIRST", "Dana", "Ruth", "h2")]
    assert _hits(entries, "i owe kwabena, ask dana") == [("kwabena", "h1"), ("dana", "h2")]


def test_a_lone_name_inside_a_longer_place_name_is_the_place():
    # "Kingdom" and "Michele" as PERSON originals (study): "United Kingdom", "Dusino San Michele"
    entries = [("PERSON", "Kingdom", "Pepito", "h1"), ("PERSON", "Michele", "Catrin", "h2"), ("PERSON", "Clara", "Ines", "h3")]
    assert _hits(entries, "We moved here from United Kingdom. ??? Dusino San Michele. Santa Clara, CA") == []
    # the name beside other words is the name; and so is a place around a multi-word original
    assert _hits(entries, "Michele Jenkins Dr; I met Michele San Diego; Clara said") == [
        ("Michele", "h2"), ("Michele", "h2"), ("Clara", "h3")]
    assert _hits([("PERSON", "Clara Ruiz", "Ines Sol", "h4")], "Santa Clara Ruiz") == [("Clara Ruiz", "h4")]


def test_a_person_original_that_is_a_proper_word_or_a_people_is_no_name():
    # "Greenlander" (web2 writes it only capitalised; Greenland's people) entered the vault as a
    # PERSON and as a LOCATION; "Esperanto" is a language. A given name web2 also lists ("Dana") is searched
    entries = [("PERSON", "Greenlander", "Baldur", "h1"), ("LOCATION", "Greenlander", "Sarashire", "h2"),
               ("PERSON", "Esperanto", "Ivo", "h3"), ("PERSON.FIRST", "Dana", "Ruth", "h4"), ("LOCATION", "Italian", "Oslo", "h5")]
    m = KnownValueMatcher(entries)
    assert m.stats["skipped_common"] == 4
    assert [h.keyed_hash for h in m.find(View("travelling to Greenlander in Esperanto with Dana, an Italian"))] == ["h4"]


def test_a_lone_given_name_inside_a_notable_persons_full_name_is_that_person():
    # detection keeps "Hans Enoksen" (a former premier of Greenland) as a public figure; another
    # contributor's-data "Hans" is no leak there, while the full name as an original still is
    entries = [("PERSON.FIRST", "Hans", "Grant", "h1"), ("PERSON", "Hans Enoksen", "Ivo Sol", "h2")]
    assert _hits(entries[:1], "a mandolin coda (not by Hans Enoksen). Hans called.") == [("Hans", "h1")]
    assert _hits(entries, "(not by Hans Enoksen)") == [("Hans Enoksen", "h2")]


def test_a_number_under_six_digits_hits_only_grouped_as_written():
    # "1193 9 Huntly Street" scrubbed to "1193 6 Mcdowell Court": the kept "1193" and the surrogate
    # "6" spell no postcode "11936"; a 6+ digit number hits in any grouping, a code at its letters
    entries = [("POSTAL_CODE", "11936", "20289", "h1"), ("US_SSN", "123-45-6789", "x", "h2"), ("VEHICLE_PLATE", "KUH-7514", "x", "h3")]
    assert _hits(entries, "1193 6 Mcdowell Court, 11-936") == []
    assert _hits(entries, "zip 11936; 123 45 6789; kuh 7514") == [("11936", "h1"), ("123 45 6789", "h2"), ("kuh 7514", "h3")]
