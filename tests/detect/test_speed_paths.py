"""The fast paths of detection (issue 8) keep what the slow paths gave: POS tags exist
whenever something reads them, and lemmas are there for Presidio's context words."""

from privacy.detect import tagging


def _doc(det, text):
    return next(det.core.artifacts([text], [True], 8))


def test_a_text_without_a_person_is_tagged_only_when_asked(det):
    art = _doc(det, "The garden budget for the weekend is in the spreadsheet.")
    assert not art.tokens.has_annotation("TAG")
    assert tagging.pos_tagged(art.tokens)
    assert [t.pos_ for t in art.tokens][:2] == ["DET", "NOUN"]


def test_a_text_with_a_person_is_tagged_in_the_batch(det):
    art = _doc(det, "Yesterday Margaret Okafor sent me the invoice.")
    assert art.tokens.has_annotation("TAG")
    assert {t.text: t.pos_ for t in art.tokens}["Okafor"] == "PROPN"


def test_lemmas_are_the_lower_cased_words(det):
    art = _doc(det, "Call my Phone tomorrow")
    assert art.lemmas == ["call", "my", "phone", "tomorrow"]


def test_a_lower_case_name_before_a_speech_verb_is_found_with_pos_from_the_tag_map(det):
    text = "yesterday maria said the plan was fine."
    found = [(text[f.start:f.end], f.entity_type) for f in det.analyze_text(text)]
    assert ("maria", "PERSON") in found


def test_a_range_is_tagged_as_the_whole_doc_would_tag_it(det):
    text = ("The library opened late on Monday, so Priya Raman walked to the old market instead. "
            "She bought bread, olives and a small map of the harbour before the rain started. ") * 3
    ranged, whole = _doc(det, text).tokens, _doc(det, text).tokens
    assert tagging.pos_tagged(whole)
    for word in ("walked", "olives", "harbour"):
        start = text.index(word, 100)
        assert tagging.pos_tagged(ranged, start, start + len(word))
        tok = next(t for t in ranged if t.idx == start)
        assert (tok.tag_, tok.pos_) == (whole[tok.i].tag_, whole[tok.i].pos_) != ("", "")
    assert ranged[-2].text == "started" and ranged[-2].pos_ == ""  # far from any asked-for range: untagged
