"""The NER gate: NER reads only the sentences that could hold a name, place or specific date."""

from __future__ import annotations

import pytest

from privacy import entities as E
from privacy.detect import Detector, DetectorSettings, IdentityHints
from privacy.detect.nergate import ner_windows, sentences
from synth.testdata.labelled import generate


def read(text: str) -> list[str]:
    return [text[a:b] for a, b in ner_windows(text)]


def test_sentences_without_capitalised_words_are_not_read():
    text = "The cat sat on the mat. It was happy there.\n\nThis is fine. We met Anna in the park."
    assert read(text) == ["is fine. We met Anna in the park."]  # + PAD_WORDS_BEFORE words of context


def test_a_text_without_any_candidate_sentence_is_not_read_at_all():
    assert read("Here is the plan. It should work for the whole week. We can try it tomorrow.") == []


def test_a_text_written_without_capitals_is_read_whole():
    text = "met mikhail volkova at the station. he says hi"
    assert read(text) == [text]


def test_a_text_starting_lower_case_is_read_whole_even_with_some_capitals():
    text = "ok so I talked to Anna. the weather was bad. it rained all day."
    assert read(text) == [text]


def test_abbreviations_do_not_cut_a_name_off_its_context():
    text = "Hello there. I just moved to ul. Konwaliowa 48/13 and love it. The flat is small but the rent is fair."
    assert sentences(text)[1] == (13, text.index(" The flat"))
    assert "I just moved to ul. Konwaliowa 48/13 and love it." in read(text)[0]


def test_a_sentence_with_a_specific_date_is_read():
    text = "The weather was fine all week long, and we went out a lot. It started on 12 march 2019 for us."
    assert read(text) == ["a lot. It started on 12 march 2019 for us."]


def test_capitalised_common_words_are_no_evidence_but_capitalised_name_words_are():
    assert read("Note that this works. Happy to help with the rest of it, really, any time at all.") == []
    assert read("Note that this works. Rose said it would, and so it did, again and again.") != []


def test_neighbouring_candidate_sentences_form_one_window():
    text = "We were there for a long while and it was nice. Anna came. Then Bob left. The end came soon after that."
    assert read(text) == ["was nice. Anna came. Then Bob left. The end came soon"]  # + 2 words before, 4 after


def test_names_found_in_a_window_land_at_their_place_in_the_whole_text():
    det = Detector.get(DetectorSettings(ner_gate=True))
    text = ("The weather was nice and we walked for a long time along the river. " * 3
            + "Later that day Natasha Kowalczyk arrived from Berlin by train.")
    found = {(text[f.start:f.end], f.entity_type) for f in det.analyze_text(text)}
    assert ("Natasha Kowalczyk", E.PERSON) in found
    assert ("Berlin", E.LOCATION) in found


def _uncovered(corpus, findings) -> set:
    return {(i, g.start, g.end) for i, (lt, fs) in enumerate(zip(corpus.texts, findings)) for g in lt.spans
            if not any(f.start <= g.start and f.end >= g.end for f in fs)}


@pytest.mark.parametrize("seed", [7, 101])
def test_the_gate_leaks_no_labelled_pii_that_reading_everything_catches(seed):
    corpus = generate(seed=seed, sentences=400)
    hints = IdentityHints.from_contributor(corpus.contributor, corpus.custom_instructions)
    texts = [t.text for t in corpus.texts]
    on = Detector.get(DetectorSettings(ner_gate=True)).analyze_corpus(texts, hints=hints)
    off = Detector.get(DetectorSettings(ner_gate=False)).analyze_corpus(texts, hints=hints)
    assert _uncovered(corpus, on) <= _uncovered(corpus, off)


def test_code_single_letters_and_inflected_common_words_are_no_evidence():
    text = "Changed in this release. Answers raise TypeError when C is used. Everything works well now, really."
    assert read(text) == []


def test_names_with_a_capital_inside_are_found():
    det = Detector.get(DetectorSettings(ner_gate=True))
    text = "I had lunch with Ronald McDonald yesterday."
    found = {(text[f.start:f.end], f.entity_type) for f in det.analyze_text(text)}
    assert ("Ronald McDonald", E.PERSON) in found


def test_a_sentence_written_without_capitals_inside_a_capitalised_text_is_read():
    text = "Thanks for the update on all of this, really. i had a fight with ludovico yesterday and feel bad."
    assert read(text) == ["this, really. i had a fight with ludovico yesterday and feel bad."]


def test_hard_wrapped_lines_are_one_sentence():
    text = "The function returns the value\nthat was given to it. It is simple."
    assert sentences(text) == [(0, text.index(" It is")), (text.index("It is"), len(text))]


def test_the_words_before_a_window_are_read_with_it():
    text = "Please ship it to my new place, thanks a lot for the help.\nShipping address:\n02718 Taylor Village\nMcintoshbury, G4E5X1"
    assert read(text) == ["Shipping address:\n02718 Taylor Village\nMcintoshbury, G4E5X1"]


def test_dictionary_words_are_no_evidence_but_names_and_places_they_spell_are():
    assert read("Previously the Function raised Exceptions. Python handles it now, really, every time.") == []
    assert read("Previously the Function raised Exceptions. Dinner with Song tonight, we said, at eight.") != []
    assert read("Previously the Function raised Exceptions. I was in Reading all week, we said, at work.") != []


def test_words_with_digits_and_plain_acronyms_are_no_evidence_but_place_acronyms_are():
    assert read("See PEP 8 and the API notes. Use UTF-8 for P1 and C3, always, every single time.") == []
    assert read("See PEP 8 and the API notes. We moved to the UK last spring, all of us, and stayed.") != []


def test_compounds_of_common_words_module_paths_and_primes_are_no_evidence():
    assert read("User-defined functions and typing.Generic work, E.g. with G' and R' in place, every time.") == []
    assert read("User-defined functions work well. Jean-Luc wrote them, every one, last year in spring.") != []


def test_version_and_decimal_numbers_are_no_date_but_a_dotted_date_is():
    assert read("Changed in version 3.8: the value 0.5 is kept. Since 3.11.4 it works, every time.") == []
    assert read("Changed in version 3.8: the value is kept. We met on 28.01.2019 and it worked, every time.") != []
