"""Names, places and structure that NER alone misses, and what detection keeps on purpose.

Texts are written for these tests (no template of the public benchmark); each test is one
behaviour of privacy.detect's gazetteer, structure and keep-side rules."""

from __future__ import annotations

from importlib import resources

import pytest

from privacy import entities as E
from privacy.detect import gazetteer as G

from tests.detect.conftest import spans


def _types(det, text):
    return spans(text, det.analyze_text(text))


def test_a_name_ner_labels_an_organisation_is_a_person(det):
    assert ("Dragan Petrović", E.PERSON) in _types(det, "the account name is Dragan Petrović and the sort code is 20-00-00")


def test_every_name_of_a_coordinated_list_is_a_person(det):
    text = "We're having dinner with Deborah Altman, Yiannis Papadakis and Hortense Lefebvre next week."
    found = _types(det, text)
    for name in ("Deborah Altman", "Yiannis Papadakis", "Hortense Lefebvre"):
        assert (name, E.PERSON) in found, name


def test_a_couple_sharing_a_surname_are_both_persons(det):
    found = _types(det, "The invite goes to Arash & Mina Tehrani for the housewarming.")
    assert ("Arash", E.PERSON) in found and ("Mina Tehrani", E.PERSON) in found


def test_the_speakers_of_a_pasted_chat_are_persons_even_when_unknown(det):
    text = "tidy this log please\nQuilla: are we still on for 8\nTavaris: yes, bring the speaker\nQuilla: ok"
    found = _types(det, text)
    assert ("Quilla", E.PERSON) in found and ("Tavaris", E.PERSON) in found


def test_a_role_label_of_a_pasted_chat_is_no_person(det):
    text = "Bot: What's the order number?\nUser: it's on the receipt\nBot: thanks"
    assert not [v for v, t in _types(det, text) if t == E.PERSON]


def test_a_name_in_capitals_is_a_person(det):
    assert ("SIDDHARTH MENON", E.PERSON) in _types(det, "SIDDHARTH MENON\nSenior Data Engineer")


def test_names_in_a_lower_case_list_are_persons(det):
    found = _types(det, "me, ngozi, tobi and femi went to dinner, how do I split the bill")
    assert {("ngozi", E.PERSON), ("tobi", E.PERSON), ("femi", E.PERSON)} <= set(found)


def test_a_lower_case_word_without_a_cue_is_no_name(det):
    assert _types(det, "why does this hang?") == []


def test_a_rare_surname_is_a_person_but_a_brand_is_not(det):
    found = _types(det, "I asked Raghunathan about the Kubernetes migration.")
    assert ("Raghunathan", E.PERSON) in found
    assert not [v for v, _ in found if v == "Kubernetes"]


def test_a_possessor_of_a_kid_is_a_person_even_if_the_name_is_a_word(det):
    assert ("Rive", E.PERSON) in _types(det, "It was a done deal between him and Rive's kid.")


def test_a_sign_off_after_a_dash_is_a_person(det):
    assert ("Dev", E.PERSON) in _types(det, "Thanks for the help with the cover letter!\n- Dev")


def test_an_unknown_name_after_a_move_is_a_town(det):
    assert ("Northcross", E.LOCATION) in _types(det, "We flew to Northcross on Thursday morning.")


def test_the_parts_of_an_address_block_are_replaced_part_by_part(det):
    text = "Send it to 41704 Rengaskuja 57\n Suite 187\n MARTTILA\n Finland 33324"
    found = _types(det, text)
    assert ("41704 Rengaskuja 57", E.STREET_ADDRESS) in found
    assert ("Suite 187", E.STREET_ADDRESS) in found
    assert ("MARTTILA", E.LOCATION) in found
    assert ("33324", E.POSTAL_CODE) in found


def test_a_town_on_the_line_above_a_country_is_a_place(det):
    assert ("Liivaküla", E.LOCATION) in _types(det, "Myra Reyes\n\nLiivaküla\nEstonia")


def test_a_known_town_in_capitals_is_a_place(det):
    assert ("MÄNTYHARJU", E.LOCATION) in _types(det, "Delivery to MÄNTYHARJU is delayed.")


def test_an_everyday_word_in_a_line_typed_in_capitals_is_no_town(det):
    # Wedding is a district of Berlin, but a shouted line's capitals are no evidence of a town
    found = _types(det, "MY FLIGHT FOR THE WEDDING GOT CANCELLED AND THE WEDDING IS THE 8TH. WHAT ARE MY RIGHTS")
    assert not any(etype == E.LOCATION for _, etype in found)


def test_a_town_in_capitals_on_its_own_address_line_is_still_a_place(det):
    assert ("READING", E.LOCATION) in _types(det, "MR J SMITH\n12 HIGH STREET\nREADING\nRG1 1AA")


def test_a_ship_address_is_an_address(det):
    found = _types(det, "Please return it to USNV Batukayev\nFPO AE 10008")
    assert ("USNV Batukayev", E.STREET_ADDRESS) in found and ("FPO AE 10008", E.STREET_ADDRESS) in found


def test_phone_numbers_labelled_in_a_contact_block_are_phones(det):
    text = "Eloise N Luke\n95 941836 office\nDesk: 06389599213\n551.618.0467x745 fax"
    phones = [v for v, t in _types(det, text) if t == E.PHONE_NUMBER]
    assert phones == ["95 941836", "06389599213", "551.618.0467x745"]


def test_a_bracketed_area_code_makes_a_phone_without_a_phone_word(det):
    assert ("(02) 9560 3318", E.PHONE_NUMBER) in _types(det, "Archie (nan Pat) (02) 9560 3318")


def test_a_north_american_phone_keeps_its_opening_bracket(det):
    assert ("(415) 555-0132", E.PHONE_NUMBER) in _types(det, "call me at (415) 555-0132 after six")


def test_a_bracketed_number_without_a_trunk_prefix_is_no_phone(det):
    assert not any(t == E.PHONE_NUMBER for _, t in _types(det, "see equation (3) 1234 5678 in the paper"))


def test_a_national_number_after_a_phone_word_in_another_language_is_a_phone(det):
    assert ("347 812 6650", E.PHONE_NUMBER) in _types(det, "Il mio numero è 347 812 6650.")
    assert ("512 889 340", E.PHONE_NUMBER) in _types(det, "Kontakt: Piotr, 512 889 340.")


def test_a_word_name_with_an_age_in_brackets_after_kids_is_a_person(det):
    assert ("Mason", E.PERSON) in _types(det, "the kids are Mason (9) and Ava (6)")


def test_a_lower_case_surname_after_a_title_is_a_person(det):
    found = _types(det, "bay 2 bed 4 mr abdullahi 78yo post op day 2\nwife visiting 2pm, wants to speak to dr. osei re discharge")
    assert ("abdullahi", E.PERSON) in found and ("osei", E.PERSON) in found


def test_a_lower_case_title_alone_is_no_person(det):
    assert _types(det, "the dr said rest, so ask dr. google lol") == []


def test_two_words_joined_by_a_hyphen_are_no_name(det):
    assert _types(det, "Suggest a trip. Mid-range budget, first time there.") == []


def test_a_hyphenated_given_name_with_a_lower_case_part_is_a_name(det):
    assert ("Hyun-woo", E.PERSON) in _types(det, "Drivers: Carter (Tue), Hyun-woo (Thu), me (Fri).")


def test_a_weekday_abbreviation_is_no_name(det):
    assert not any(v in ("Thu", "Tue") for v, _ in _types(det, "Drivers: Carter (Tue), Hyun-woo (Thu), me (Fri)."))


def test_a_possessive_pronoun_opening_a_sentence_is_no_person(det):
    assert _types(det, "When should I pinch out basil? Mine has gone really leggy on the windowsill.") == []


def test_an_acronym_after_name_colon_is_no_person(det):
    assert _types(det, "name: CI\non:\n  push:\n    branches: [ main ]") == []


def test_a_capitalised_heading_word_is_no_person(det):
    assert _types(det, "PROPOSAL\n\n1. EXECUTIVE SUMMARY\n2. SCOPE AND DELIVERABLES\n3. TIMELINE") == []


def test_a_ratio_with_a_zero_is_no_date(det):
    assert _types(det, "NAME      READY   STATUS\napi-7d9   0/1     CrashLoopBackOff") == []


def test_a_given_name_with_a_relative_in_brackets_is_a_person(det):
    text = "Carpool list:\nHunter (dad Sione) 0423 918 204\nBrooks (nan Pat) 0431 007 562"
    assert ("Brooks", E.PERSON) in _types(det, text)


def test_a_roster_line_after_a_couple_line_is_a_person(det):
    text = "roster:\nSione and Losa - sausage sizzle 9-12\nFaith - on the till all day\nTavita Leiataua - setup at 7"
    assert ("Faith", E.PERSON) in _types(det, text)


def test_a_lower_case_given_name_after_my_relation_and_before_a_pause_is_a_person(det):
    assert ("grace", E.PERSON) in _types(det, "my sister grace, who is 12, loves it")
    assert ("jess", E.PERSON) in _types(det, 'for my flatmate jess: "hi, noticed the bins"')


def test_a_word_after_my_relation_that_goes_on_is_no_person(det):
    assert _types(det, "my sister rose early today") == []


def test_a_name_after_an_article_is_a_product_not_a_person(det):
    assert not any(t == E.PERSON for _, t in _types(det, "Should I buy a Dyson or a Shark vacuum for a house with two dogs?"))


def test_a_relation_names_a_person_though_the_name_is_allow_listed(det):
    assert ("Ruby", E.PERSON) in _types(det, "my daughter Ruby starts school on monday")


def test_an_allow_listed_language_without_a_relation_is_kept(det):
    assert _types(det, "how do I install Ruby on Windows?") == []


def test_a_national_number_a_few_words_after_its_phone_word_is_a_phone(det):
    found = _types(det, "whatsapp isnt delivering messages to 98765 43210, its my mum's number")
    assert ("98765 43210", E.PHONE_NUMBER) in found


def test_a_lower_case_name_before_and_in_a_list_of_names_is_a_person(det):
    found = _types(det, "a name for a group chat with my uni friends, its me, kat, bex and jonno")
    assert ("bex", E.PERSON) in found


def test_lower_case_words_listed_before_and_are_no_persons(det):
    assert _types(det, "we need eggs, milk, bread and butter") == []


def test_an_unseparated_international_number_is_a_phone(det):
    assert ("+2348031234567", E.PHONE_NUMBER) in _types(det, "text me on +2348031234567 when you land")


def test_an_undashed_ssn_after_its_cue_is_an_ssn(det):
    assert ("078051120", E.US_SSN) in _types(det, "My SSN is 078051120 if the form needs it")


def test_a_second_ssn_said_to_be_someones_after_the_cue_is_an_ssn(det):
    text = "I'm not sure I typed my SSN right: 614-27-3098. My wife Marta's is 602481175. Should we file jointly?"
    assert ("602481175", E.US_SSN) in _types(det, text)


def test_a_number_after_the_ssn_that_is_said_to_be_something_else_is_no_ssn(det):
    assert ("602481175", E.US_SSN) not in _types(det, "My SSN is 614273098 and my order number is 602481175.")


def test_a_twelve_digit_card_after_a_card_word_is_a_card(det):
    assert ("676272529097", E.CREDIT_CARD) in _types(det, "card 676272529097 was charged twice")


def test_a_number_in_a_cards_printed_groups_after_a_card_word_is_a_card_even_if_its_checksum_fails(det):
    assert ("5412 7700 3318 9066", E.CREDIT_CARD) in _types(det, "my debit card 5412 7700 3318 9066 was charged twice")
    assert ("3714 496353 98432", E.CREDIT_CARD) in _types(det, "the amex 3714 496353 98432 got declined")


def test_a_spanish_avenue_abbreviated_av_is_a_street(det):
    assert ("Av. de los Descubrimientos 42, 3º", E.STREET_ADDRESS) in _types(det, "Dirección: Av. de los Descubrimientos 42, 3º\nSevilla")


def test_a_turkish_street_with_its_door_and_flat_is_a_street(det):
    found = _types(det, "Kargo adresi: Mehmet Öz, Bağdat Caddesi No: 214 D: 9, Kadıköy / İstanbul")
    assert ("Bağdat Caddesi No: 214 D: 9", E.STREET_ADDRESS) in found


def test_an_english_word_that_is_a_foreign_street_type_opens_no_street(det):
    found = _types(det, "my new place is Calle Mayor 14, 28013 Madrid and we sent it via email 3 times")
    assert ("Calle Mayor 14", E.STREET_ADDRESS) in found
    assert not [v for v, t in found if t == E.STREET_ADDRESS and v.startswith(("place", "via"))]


def test_an_irish_eircode_is_a_postal_code(det):
    found = _types(det, "please post it to 4 Harbour View, Kinsale, Co. Cork P17 KX62 by friday")
    assert ("P17 KX62", E.POSTAL_CODE) in found


def test_a_model_code_and_a_year_are_no_eircode(det):
    assert not [v for v, t in _types(det, "is the T14 2024 model better than the X1 carbon") if t == E.POSTAL_CODE]


def test_a_date_is_never_swallowed_by_a_street_or_a_name(det):
    found = _types(det, "The Berlin Wall fell on November 9, 1989. The review on 2026-01-20 went well.")
    assert ("2026-01-20", E.DATE_TIME) in found
    assert not [v for v, t in found if t in (E.STREET_ADDRESS, E.PERSON)]


def test_a_year_alone_is_no_personal_date(det):
    found = _types(det, "How did Abraham Lincoln win the 1860 election? The lease began on March 3, 2021.")
    assert [v for v, t in found if t == E.DATE_TIME] == ["March 3, 2021"]


def test_a_public_figure_in_a_public_role_is_kept_with_its_reason(det):
    found = det.analyze_text("Jerome Powell said the Fed would keep rates where they are.")
    assert [(f.entity_type, f.recognizer, f.pass_name) for f in found] == [(E.PUBLIC, "Keep:public_figure", "keep")]


def test_a_personal_cue_makes_a_famous_name_a_person(det):
    assert ("Jerome Powell", E.PERSON) in _types(det, "My neighbour Jerome Powell said the Fed party is on Friday.")


def test_a_city_named_as_a_topic_is_kept_but_where_someone_lives_is_not(det):
    assert _types(det, "What's the best time of year to visit Tokyo?") == [("Tokyo", E.PUBLIC)]
    assert ("Tokyo", E.LOCATION) in _types(det, "I moved to Tokyo last year for work.")


def test_code_and_brands_are_untouched(det):
    text = 'import smtplib\nserver = smtplib.SMTP("smtp.gmail.com", 587)\nI ate at Chipotle and used Acrobat.'
    assert _types(det, text) == []


def test_the_packaged_gazetteers_are_what_their_pinned_sources_give():
    packaged = {rel: resources.files("privacy.detect").joinpath(rel).read_text("utf-8") for rel in G.render()}
    assert packaged == G.render(), "run `python -m privacy.detect.gazetteer` and commit the lists"


def test_the_pii_free_controls_stay_unchanged(det):
    from benchmarks.public_detection import KEPT, read_blocks

    controls = read_blocks("controls.txt")
    changed = [c for c, fs in zip(controls, det.analyze_corpus(controls)) if any(f.entity_type not in KEPT for f in fs)]
    assert len(changed) <= len(controls) * 0.03, changed


def test_an_ordinary_word_ner_calls_a_place_is_none_unless_a_place_word_comes_before(det):
    assert _types(det, "Is Chipotle healthier than Subway if I get a bowl?") == []
    assert ("Reading", E.LOCATION) in _types(det, "I moved to Reading last year.")


def test_a_surname_that_is_also_a_town_still_ends_a_full_name(det):
    assert ("Hiroshi Tanabe", E.PERSON) in _types(det, "I have a call with Hiroshi Tanabe tomorrow.")


def test_a_country_is_no_given_name(det):
    assert _types(det, "Who won the Tour de France in 2019?") == []


def test_ones_own_trip_to_a_town_is_no_topic(det):
    assert ("Sibiu", E.LOCATION) in _types(det, "Make a packing list for my trip with Ioana to Sibiu.")


def test_an_unknown_word_with_a_towns_ending_is_a_place_not_a_person(det):
    found = _types(det, "We met up with Ana, then drove on past Quellenhausen and Marbleport.")
    assert ("Quellenhausen", E.LOCATION) in found and not [v for v, t in found if t == E.PERSON and v != "Ana"]


def test_the_cells_of_a_pasted_table_are_typed_by_their_header(det):
    text = ("dedupe these rows please\nname,mobile,town,postcode\n"
            "Oluwaseun Adeyemi-Briggs,0802 555 0143,Abeokuta,110101\nTuyet Lam,0912 44 55 66,Hoi Lac,560000")
    found = _types(det, text)
    for value, etype in (("Oluwaseun Adeyemi-Briggs", E.PERSON), ("0802 555 0143", E.PHONE_NUMBER),
                         ("Abeokuta", E.LOCATION), ("110101", E.POSTAL_CODE), ("Hoi Lac", E.LOCATION),
                         ("Tuyet Lam", E.PERSON)):
        assert (value, etype) in found, value


def test_a_table_whose_only_personal_header_heads_other_tables_too_is_left_alone(det):
    text = "product,name,price\nWidget,Blue Lagoon,9.99\nGadget,Silver Arrow,4.50"
    assert not [f for f in det.analyze_text(text) if f.entity_type == E.PERSON]


def test_a_name_and_a_number_alone_on_a_line_are_a_contact(det):
    text = "make these contacts\nAizhan Serikbayeva 8 (727) 311-45-09\nTeodoro Quispe Mamani +51 912 004 331"
    found = _types(det, text)
    assert ("Aizhan Serikbayeva", E.PERSON) in found and ("8 (727) 311-45-09", E.PHONE_NUMBER) in found
    assert ("Teodoro Quispe Mamani", E.PERSON) in found


def test_a_service_line_with_a_number_is_no_person(det):
    found = _types(det, "numbers to keep\nCustomer Service 0800 123 4567")
    assert not [v for v, t in found if t == E.PERSON]


def test_a_name_ner_reads_as_a_group_is_a_person_unless_it_names_a_group(det):
    found = _types(det, "Hope: bringing Kavish too if thats ok, he only eats Hindu vegetarian food")
    assert ("Kavish", E.PERSON) in found
    assert ("Hindu", E.PERSON) not in found


def test_a_writer_introducing_themselves_is_a_person(det):
    assert ("Rain", E.PERSON) in _types(det, "Hi! It's Rain from the climbing gym, could you help me word a message?")


def test_a_name_alone_on_the_last_line_of_a_letter_is_its_signature(det):
    text = "Please proofread:\n\nI am writing to confirm the handover of the keys on Friday.\n\nSigrún"
    assert ("Sigrún", E.PERSON) in _types(det, text)
    assert not _types(det, "Please proofread:\n\nThe keys are under the mat.\n\nThanks")


def test_a_middle_name_makes_a_full_name_rarer():
    assert G.shared_full_name("David Brown")
    assert not G.shared_full_name("Frank Lloyd Wright")


def test_a_full_name_no_us_share_knows_is_shared_when_other_locales_list_both_parts():
    assert G.shared_full_name("Enrico Rossi")
    assert not G.shared_full_name("Usain Bolt")


def test_speakers_after_a_chat_exports_time_stamps_are_persons(det):
    text = "who is in?\n[18:40] Maeve: in\n[18:41] Sky: in but late\n[18:45] Bram: out this week"
    found = _types(det, text)
    assert ("Sky", E.PERSON) in found and ("Bram", E.PERSON) in found


def test_the_names_heading_a_timetables_lines_are_persons(det):
    text = "my tutoring week:\nMon 4:00 Tobiah – GCSE maths\nMon 5:30 Lily Zhang – A level physics\nTue 6:00 Holly – 11+ prep"
    found = _types(det, text)
    for name in ("Tobiah", "Lily Zhang", "Holly"):
        assert (name, E.PERSON) in found, name


def test_a_lower_case_given_name_a_relation_names_is_a_person(det):
    assert ("hope", E.PERSON) in _types(det, "hey so my neighbour hope keeps blocking my drive with her van")
    assert ("miles", E.PERSON) in _types(det, "wat do i get my bf miles for our anniversary?? he likes climbing")


def test_a_lower_case_verb_after_a_relation_is_no_name(det):
    assert not [v for v, t in _types(det, "my sister rose early and left for work") if t == E.PERSON]


def test_a_capitalised_word_name_right_after_a_relation_is_a_person(det):
    assert ("Will", E.PERSON) in _types(det, "is it weird to invite my ex Will to my 30th?")


def test_a_short_line_in_capitals_holding_only_names_is_persons(det):
    text = "seating plan draft:\nTABLE 3\nHALVARD & SIGNE\nAUNTY PRIYA\nOKONJO, TEMITOPE"
    found = _types(det, text)
    for name in ("HALVARD", "SIGNE", "PRIYA", "OKONJO", "TEMITOPE"):
        assert (name, E.PERSON) in found, name


def test_headings_and_towns_in_capitals_are_no_names(det):
    found = _types(det, "EXPERIENCE\nSKILLS\nROSE GARDEN\nLONDON, PARIS")
    assert not [v for v, t in found if t == E.PERSON]


def test_speaker_labels_in_lower_case_are_persons_in_a_pasted_chat(det):
    text = "summarise this thread pls\nkwame asante: deploy is blocked again\npriya: on it\nnote: ignore the bot"
    found = _types(det, text)
    assert ("kwame asante", E.PERSON) in found and ("priya", E.PERSON) in found
    assert ("note", E.PERSON) not in found


def test_a_speaker_label_of_words_no_list_knows_is_a_person_in_a_chat(det):
    text = "12/03/2024, 19:05 - Oona: ok\n12/03/2024, 19:06 - Tapiwa Moyo: fine, see you there"
    assert ("Tapiwa Moyo", E.PERSON) in _types(det, text)


def test_a_mail_headers_display_name_is_a_person_in_any_case(det):
    text = "from: wren halloway <wren.h@fastmail.com>\nto: Customer Service <help@shop.example>"
    found = _types(det, text)
    assert ("wren halloway", E.PERSON) in found
    assert not [v for v, t in found if t == E.PERSON and "Service" in v]


def test_a_weekday_listed_between_names_is_no_person(det):
    found = _types(det, "make a chart of our chore rota: Monday - Saoirse, Tuesday - Bartholomew, Wednesday - Juniper")
    assert ("Bartholomew", E.PERSON) in found
    assert not [v for v, t in found if t == E.PERSON and v in ("Tuesday", "Wednesday")]


def test_a_form_field_after_a_name_is_no_part_of_it(det):
    found = _types(det, "Prescription: Amoxicillin 500mg\nPatient: Ifeoma Chukwu  DOB 04/07/1989")
    assert ("Ifeoma Chukwu", E.PERSON) in found


def test_a_timetable_keeps_its_names_across_lines_without_one(det):
    text = ("make a timetable of this please\nMon 4:00 Tobiah – maths\nTue 4:30 the twins, their dad pays\n"
            "Wed 6:00 Zsófia Kertész – IELTS\nThu 5:30 free?\nSat 10:00 Holly – GCSE maths")
    found = _types(det, text)
    assert ("Holly", E.PERSON) in found and ("Tobiah", E.PERSON) in found


def test_a_name_that_is_also_a_word_before_an_age_is_a_person(det):
    assert ("Sam", E.PERSON) in _types(det, 'rewrite my bio: "Sam, 34, Brighton. dog dad to a greyhound"')


def test_an_allow_listed_language_named_like_a_person_is_a_person_outside_software(det):
    assert ("Júlia", E.PERSON) in _types(det, "me and Júlia and Caio want to drive from Florianópolis to Bari")


def test_an_allow_listed_language_stays_allowed_in_a_text_about_software(det):
    assert not _types(det, "is Julia faster than Python for numerical code?")


def test_the_fields_of_a_pasted_vcard_are_typed_by_their_property(det):
    text = ("turn this into a csv row\nBEGIN:VCARD\nVERSION:3.0\nN:Papadakis;Ioanna;;;\nFN:Ioanna Papadakis\n"
            "TEL;TYPE=CELL:+30 694 000 1234\nADR;TYPE=HOME:;;Odos Ermou 12;Marousi;;151 24;Greece\nEND:VCARD")
    found = _types(det, text)
    for value, etype in (("+30 694 000 1234", E.PHONE_NUMBER), ("Odos Ermou 12", E.STREET_ADDRESS),
                         ("Marousi", E.LOCATION), ("151 24", E.POSTAL_CODE)):
        assert (value, etype) in found, value
    assert not [v for v, t in found if t == E.PERSON and v in ("BEGIN", "TEL", "FN", "VERSION")]


def test_lower_case_names_in_chat_frames_are_persons(det):
    for text, name in (("can u help me write a bday msg for my aunty ngozi shes turning 60", "ngozi"),
                       ("ok so halvard and me are splitting the rent, he pays 60%", "halvard"),
                       ("reminder: pick up zuri from nursery at 3", "zuri"),
                       ("my flatmate (oisín) keeps eating my food", "oisín")):
        assert (name, E.PERSON) in _types(det, text), text


def test_a_chat_filler_word_is_no_part_of_a_name(det):
    found = _types(det, "lol dakota said no to the trip again")
    assert ("dakota", E.PERSON) in found and not [v for v, _ in found if v.startswith("lol")]


def test_a_name_found_in_lower_case_is_found_at_its_other_lower_case_occurrences_in_the_text(det):
    text = "chore rota for our flat pls: me (sasha), nacho, mimi and pepe. nacho can't do mondays bc of night shifts"
    found = [f for f in det.analyze_text(text) if f.entity_type == E.PERSON and text[f.start:f.end] == "nacho"]
    assert len(found) == 2


def test_a_lower_case_given_name_from_a_department_is_a_person(det):
    assert ("bill", E.PERSON) in _types(det, "ugh bill from IT cc'd my manager AGAIN on that email")
    assert not _types(det, "the bill from accounts is wrong")


def test_a_month_name_coordinated_with_people_is_a_person(det):
    found = _types(det, "we're inviting Tobiah, April and Marguerite Oyelaran to the barbecue")
    assert ("April", E.PERSON) in found


def test_a_group_word_no_list_knows_before_a_noun_stays_a_group(det):
    for text in ("Compare Norse and Celtic mythology for my essay outline", "Were the Mayan and Aztec calendars the same?",
                 "What are the main Slavic languages and how close are they?"):
        assert not [v for v, t in _types(det, text) if t == E.PERSON], text


def test_two_english_words_run_together_are_no_name(det):
    for text in ("Is the Kindle Paperwhite waterproof enough to read in the bath?",
                 "We're doing a road trip and Fallingwater is a must."):
        assert not [v for v, t in _types(det, text) if t == E.PERSON], text
    assert ("Ingrid Silverthorne", E.PERSON) in _types(det, "met Ingrid Silverthorne at the gym")


def test_a_letter_of_its_own_folds_like_an_accented_one():
    assert G.fold_word("Đà Nẵng") == "da nang" and G.fold_word("Đorđe") == "dorde"


def test_a_town_written_with_its_own_letters_is_a_known_place():
    assert G.is_place("Đà Nẵng") and G.is_given("Đorđe")


def test_one_letter_is_no_place_or_person(det):
    text = "can u explain the monty hall problem like im 5"
    assert [t for _, t in spans(text, det.analyze_text(text)) if t in (E.PERSON, E.LOCATION)] == []


def test_a_questions_mark_is_no_part_of_a_name(det):
    text = "who sang it first, Fairuz or Umm Kulthum? my aunt Leila says Fairuz"
    assert not any(v.endswith("?") for v, _ in spans(text, det.analyze_text(text)))


@pytest.mark.parametrize("text, unit", [
    ("the party is at Lindenallee 23, 3. OG links, 04315 Leipzig", "3. OG links"),
    ("the flat is at Via Roma 15, 3rd floor, Milano", "3rd floor"),
    ("Adresse: Bahnhofstraße 7, Wohnung 5, 80335 München", "Wohnung 5"),
])
def test_a_floor_or_a_flat_after_a_street_in_another_language_is_part_of_the_address(det, text, unit):
    found = _types(det, text)
    assert any(etype == E.STREET_ADDRESS and unit in value for value, etype in found)


def test_a_floor_mentioned_outside_an_address_is_no_address(det):
    assert not any(etype == E.STREET_ADDRESS for _, etype in _types(det, "we finished 3rd, the 2nd floor was closed"))


@pytest.mark.parametrize("word", ["Victorian", "Shakespearean", "Marxist", "Kafkaesque", "Freudian"])
def test_an_adjective_made_from_a_name_is_no_person(det, word):
    text = f"Eponymous adjectives keep their capitals: {word}, for one, and a few others."
    assert not any(etype == E.PERSON for _, etype in _types(det, text))


@pytest.mark.parametrize("name", ["Brian", "Sebastian", "Karthikeyan"])
def test_a_given_name_with_an_adjectives_ending_is_a_person(det, name):
    assert (name, E.PERSON) in _types(det, f"The best man at the wedding was {name}, who flew in from Leeds.")


def test_ordinary_words_joined_by_a_hyphen_are_no_person(det):
    found = _types(det, "Operator: Avanti West Coast. Off-peak tickets valid on all trains.")
    assert not any(etype == E.PERSON for _, etype in found)


def test_a_hyphenated_given_name_is_still_a_person(det):
    people = {v for v, etype in _types(det, "Hyun-woo and Mary-Kate are coming, so is Smith-Jones") if etype == E.PERSON}
    assert {"Hyun-woo", "Mary-Kate", "Smith-Jones"} <= people


def test_a_town_after_a_great_fire_of_is_an_event_no_ones_town(det):
    found = _types(det, "Turn this into a quiz:\n1666 – Great Fire of London destroys much of the city")
    assert not any(etype in (E.LOCATION, E.PERSON) for _, etype in found)


def test_a_lower_case_street_before_a_postcode_in_capitals_is_an_address(det):
    found = _types(det, "me and jo split the rent at flat 4, 27 mowbray rd SE19 2RN, its £1450")
    assert any(etype == E.STREET_ADDRESS and "27 mowbray rd" in value for value, etype in found)


def test_a_name_before_a_time_is_a_person_not_a_street_before_its_number(det):
    text = "Meeting With Tobi Adeyemi 9 am"
    assert ("Tobi Adeyemi", "PERSON") in spans(text, det.analyze_text(text))
    text = "Call Priya Nair 10:30 tomorrow"
    assert ("Priya Nair", "PERSON") in spans(text, det.analyze_text(text))


def test_a_street_before_its_number_stays_a_street(det):
    text = "lives at Kirkegata 12"
    assert spans(text, det.analyze_text(text)) == [("Kirkegata 12", "STREET_ADDRESS")]


def test_a_preposition_before_a_given_name_is_no_part_of_the_name(det):
    text = "el cumpleaños de Lucía Fernández es el sábado"
    assert ("Lucía Fernández", "PERSON") in spans(text, det.analyze_text(text))


def test_a_particle_inside_a_name_stays_in_it(det):
    text = "Mr de Souza called about the boiler"
    assert any(v.endswith("de Souza") for v, t in spans(text, det.analyze_text(text)) if t == "PERSON")


def test_a_title_before_a_name_is_no_part_of_it(det):
    for text, name in (("I emailed Mr Okonkwo today", "Okonkwo"), ("I saw Aunt Mary yesterday", "Mary"),
                       ("My Neighbour Dave is loud", "Dave")):
        assert spans(text, det.analyze_text(text)) == [(name, "PERSON")]


def test_a_title_alone_is_never_a_name(det):
    text = "I emailed Mr. Okonkwo today"
    assert spans(text, det.analyze_text(text)) == [("Okonkwo", "PERSON")]


def test_a_relation_written_in_title_case_inside_a_title_names_no_one(det):
    text = "Which Studio Ghibli film should I show my kids first, My Neighbor Totoro or Kiki's Delivery Service?"
    assert ("Totoro", "PERSON") not in spans(text, det.analyze_text(text))


def test_a_second_licence_number_a_document_lists_after_the_cue_is_a_licence(det):
    text = "my DL is B7720419 and the booking under Marcus Okonkwo-Reyes lists D7720419. my flight lands at 6"
    assert [v for v, t in spans(text, det.analyze_text(text)) if t == E.US_DRIVER_LICENSE] == ["B7720419", "D7720419"]
    text = "my licence expired. the form says A1 and my flight is BA2490123"
    assert "BA2490123" not in [v for v, t in spans(text, det.analyze_text(text)) if t == E.US_DRIVER_LICENSE]
