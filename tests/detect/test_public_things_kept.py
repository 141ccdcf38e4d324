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
