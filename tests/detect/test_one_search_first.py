"""Checks that run one cheap search before many (issue 20, session 16) answer as the many do."""

import random
import re

from privacy.detect.recognizers import lowercase_name, name_list, prefilter
from synth.testdata.labelled import generate

from tests.detect.test_prefilter_factoring import _strings
from tests.detect.test_prefilters import RULE_EXAMPLES, _fixture_texts

FRAMES = lowercase_name._WORD_NAME_FRAMES


def _frame_texts(rng: random.Random, n: int) -> list[str]:
    """Texts made of the frames' own words and phrases, cut anywhere, in lower case as the frames read them."""
    return [t.lower() for frame in FRAMES for t in _strings(frame.pattern, rng, n)]


def test_the_frames_share_one_search_that_finds_a_match_where_one_of_them_does():
    clause = prefilter.any_pattern(*FRAMES)
    for text in _frame_texts(random.Random(16), 300):
        assert clause(text) == any(f.search(text) for f in FRAMES), text


def test_one_search_for_the_frames_answers_as_they_do_on_the_corpora(shared_fixtures):
    clause = prefilter.any_pattern(*FRAMES)
    texts = [lt.text for seed, n in ((7, 600), (11, 300)) for lt in generate(seed=seed, sentences=n).texts]
    texts += _fixture_texts(shared_fixtures) + [t for examples in RULE_EXAMPLES.values() for t in examples]
    found = 0
    for text in dict.fromkeys(texts):
        read = text.lower() if len(text.lower()) == len(text) else text
        expected = any(f.search(read) for f in FRAMES)
        assert clause(read) == expected, text[:80]
        found += expected
    assert found  # the corpora hold frames


def test_one_search_keeps_each_patterns_flags_to_itself():
    clause = prefilter.any_pattern(re.compile(r"^hey", re.M), re.compile(r"ABC"), re.compile(r"qx|zq"))
    assert clause("so\nhey you") and clause("ABC") and clause("zq")
    assert not clause("so hey you") and not clause("abc")
    folded = prefilter.any_pattern(re.compile(r"abc", re.I), re.compile(r"q"))
    assert folded("xABCx") and not folded("Q")


def test_the_word_name_frames_are_searched_once_together():
    assert lowercase_name._ANY_FRAME.clauses[0].search.__self__.pattern.startswith(r"(?:(?<![\w'’-])(?:")


def _slow_code_line(line: str) -> bool:
    return name_list._CODE_LINE.search(name_list._NOT_CODE.sub(" ", line)) is not None


_LINE_PIECES = ("see", "f(x)", "x = 1", "a.b", "3.15", "v3.11.4", "ama@mail.co.uk", "bo.k+1@x.io", "https://x.io/a?b=1",
                "www.site.com/p;q", "site.com", "(", ")", "[", "]", "{", "}", ";", "=", "<", ">", "`", "$", "\\", "://",
                ".", "@", "me (sasha)", "WWW.X.COM=", "http://a", "x.uk", "1.2", "é(")


def test_a_code_line_is_told_as_reading_it_without_addresses_tells_it():
    rng = random.Random(16)
    for _ in range(20000):
        line = "".join(rng.choice(_LINE_PIECES) + rng.choice(("", " ", "  ", ",")) for _ in range(rng.randint(1, 7)))
        assert name_list._code_line(line) == _slow_code_line(line), line


def test_the_corpora_lines_are_told_code_as_before(shared_fixtures):
    texts = [lt.text for lt in generate(seed=7, sentences=600).texts] + _fixture_texts(shared_fixtures)
    lines = [line for text in texts for line in text.split("\n") if line]
    assert all(name_list._code_line(line) == _slow_code_line(line) for line in lines)
    assert any(name_list._code_line(line) for line in lines) and not all(name_list._code_line(line) for line in lines)


def _name_like_asking_foreign_first(word: str, capitals: bool) -> bool:
    """``recase._name_like`` as written first: the foreign-word check before the name checks."""
    from privacy.detect import gazetteer as G
    from privacy.detect.filters import lower_name_word
    from privacy.detect.recase import CAPITALS_NAME_ZIPF, PLACE_ZIPF, _listed
    from privacy.detect.vocabulary import foreign_stop_words, is_common

    if len(word) < G.MIN_NAME_LETTERS or word in foreign_stop_words() or G.foreign_word(word):
        return False
    if capitals and (G.is_given(word) or G.is_surname(word) or G.is_place(word)) \
            and not is_common(word) and G.english_zipf(G.fold_word(word)) < CAPITALS_NAME_ZIPF:
        return True
    return (_listed(word) and lower_name_word(word)) or (G.is_place(word) and not is_common(word)
                                                         and G.english_zipf(G.fold_word(word)) < PLACE_ZIPF)


def test_a_word_is_name_like_as_when_the_foreign_check_came_first(shared_fixtures):
    from privacy.detect import recase

    texts = [lt.text for lt in generate(seed=7, sentences=600).texts] + _fixture_texts(shared_fixtures)
    words = {m.group() for text in texts for m in recase._WORD.finditer(text.lower())}
    words |= {"don't", "o'rourke", "al-masri", "kerry-ann", "gusta", "chcę", "pero", "ibadan", "tunji", "x-ray"}
    for word in sorted(words):
        for capitals in (False, True):
            w = recase._POSSESSIVE.sub("", word)
            assert bool(recase._name_like.__wrapped__(w, capitals)) == bool(_name_like_asking_foreign_first(w, capitals)), w


def test_recasing_lines_with_apostrophes_imports_no_wordfreq():
    import subprocess
    import sys

    code = ("import sys; from privacy.detect.recase import recased; "
            "recased(\"hey im tunji, don't worry it's fine\\ni can't make it, x-ray at 4\"); print('wordfreq' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
