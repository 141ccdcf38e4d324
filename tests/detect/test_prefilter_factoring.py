"""Prefilter clauses search with their alternatives factored (prefilter.existence_pattern): a
match where the pattern as written has one, and nowhere else."""

from __future__ import annotations

import random
import re

import pytest

from privacy.detect.recognizers import build_recognizers, prefilter
from privacy.detect.recognizers.base import RegexRecognizer
from synth.testdata.labelled import generate

from tests.detect.test_prefilters import RULE_EXAMPLES, _clauses, _fixture_texts


def _patterns() -> list[tuple[str, int, bool]]:
    """(pattern, flags, searched in the folded text) of every clause of our rule recognizers."""
    out = {}
    for rec in build_recognizers():
        if not isinstance(rec, RegexRecognizer):
            continue
        for req in [rec.REQUIRES] + [r.requires for r in rec.RULES]:
            for c in _clauses(req) if req is not None else ():
                if type(c).__name__ == "_OnFolded":
                    out[(c.pattern, 0, True)] = None
                elif type(c).__name__ == "_Regex" and type(c.compiled) is re.Pattern:
                    out[(c.compiled.pattern, c.compiled.flags, False)] = None
    return list(out)


PATTERNS = _patterns()
FACTORED = [p for p in PATTERNS if prefilter.existence_pattern(p[0], p[1]) != p[0]]


def test_the_long_cue_lists_are_factored():
    assert len(FACTORED) >= 10


def _positions(pattern: re.Pattern, text: str) -> list[int]:
    return [i for i in range(len(text) + 1) if pattern.match(text, i)]


def _strings(pattern: str, rng: random.Random, n: int) -> list[str]:
    """Texts made of the pattern's own pieces: its letters, its words and its phrases cut
    anywhere, so near misses and overlapping cues are common."""
    words = [w for w in re.split(r"[^\w'’.:/-]+", re.sub(r"\\[a-zA-Z]", " ", pattern)) if w]
    alphabet = sorted(set("".join(words)) | set("0123456789")) + [" ", " ", "\t", "-", ".", "'"]
    out = []
    for _ in range(n):
        parts = []
        for _ in range(rng.randint(1, 6)):
            w = rng.choice(words) if words else "a"
            k = rng.random()
            if k < 0.3:
                w = w[: rng.randint(0, len(w))]
            elif k < 0.45:
                w = w[rng.randint(0, len(w)):]
            elif k < 0.55:
                w = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 5)))
            parts.append(w + rng.choice([" ", "  ", "", "\t", ". ", "\n"]))
        text = "".join(parts)
        out.append(text.upper() if rng.random() < 0.1 else text)
    return out


@pytest.mark.parametrize("pattern,flags,fold", FACTORED, ids=lambda v: str(v)[:40] if isinstance(v, str) else None)
def test_a_factored_pattern_matches_where_the_written_one_does(pattern, flags, fold):
    written = re.compile(pattern, flags)
    factored = re.compile(prefilter.existence_pattern(pattern, flags), flags)
    rng = random.Random(pattern)
    for text in _strings(pattern, rng, 1500):
        text = prefilter.folded(text) if fold else text
        assert _positions(factored, text) == _positions(written, text), text


def test_every_clause_answers_as_the_written_pattern_on_the_corpora(shared_fixtures):
    texts = [lt.text for seed, n in ((7, 600), (11, 300)) for lt in generate(seed=seed, sentences=n).texts]
    texts += _fixture_texts(shared_fixtures)
    texts += [t for examples in RULE_EXAMPLES.values() for t in examples]
    texts = list(dict.fromkeys(texts))
    for pattern, flags, fold in FACTORED:
        written = re.compile(pattern, flags)
        factored = re.compile(prefilter.existence_pattern(pattern, flags), flags)
        for text in texts:
            hay = prefilter.folded(text) if fold else text
            assert (factored.search(hay) is None) == (written.search(hay) is None), (pattern[:60], text[:60])


@pytest.mark.parametrize("pattern", [
    r"a|b",  # too few alternatives
    r"(a)\1|b|c|d|e|f|g|h",  # a backreference
    r"(?x) a | b | c | d | e | f | g | h",  # verbose
    r"(?i)ab|ac|ad|ae|af|ag|ah|ai",  # global flags cannot move into a group
    r"\x41b|c|d|e|f|g|h|i",  # an escape of several characters
])
def test_what_the_reader_does_not_follow_is_searched_as_written(pattern):
    assert prefilter.existence_pattern(pattern) == pattern


@pytest.mark.parametrize("written,expected", [
    (r"\d{9}|\d{3}[ -]\d{2}[ -]\d{4}", r"\d(?:\d{8}|\d{2}[ -]\d{2}[ -]\d{4})"),
    (r"[0-9]{2,5}x", r"[0-9][0-9]{1,4}x"),
    (r"\w+@", r"\w\w*@"),
    (r"a{0,3}b", r"a{0,3}b"),
    (r"\d\.\d{3}|°", r"\d\.\d{3}|°"),
])
def test_a_first_class_with_a_count_is_split_off(written, expected):
    assert prefilter.existence_pattern(written) == expected
    rng = random.Random(written)
    a, b = re.compile(written), re.compile(expected)
    for _ in range(3000):
        text = "".join(rng.choice("0123456789x@ab.° -") for _ in range(rng.randint(0, 14)))
        assert _positions(a, text) == _positions(b, text), text


def test_alternatives_sharing_a_start_share_its_test():
    written = r"\b(?:mom|mother|moved\s+to|aunt|auntie|uncle|gran|grandma|granny)\b"
    got = prefilter.existence_pattern(written)
    assert got == r"\b(?:(?:mo(?:m|ther|ved\s+to)|aunt(?:ie)?|uncle|gran(?:dma|ny)?))\b"
    words = ["mom", "mother", "moved  to", "aunt", "auntie", "uncle", "gran", "grandma", "granny", "mo", "aun", "grann"]
    a, b = re.compile(got), re.compile(written)
    for w in words:
        assert bool(a.search(w)) == bool(b.search(w)), w


def test_one_clause_per_distinct_clause_and_one_answer_per_text():
    a, b = prefilter.regex(r"\d{3}"), prefilter.regex(r"\d{3}")
    assert a is b and prefilter.on_folded(r"\bzip\b") is prefilter.on_folded(r"\bzip\b")
    assert prefilter.words("Zip", "post") is prefilter.words("post", "zip")
    text = "code 123"
    assert a(text) and a(text) and not a("code 12")
