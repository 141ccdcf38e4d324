"""What a detection worker keeps does not grow with the export (issue 20's memory), and results stay the same.

* the automaton holds one integer per term, no Python object;
* a batch's new spaCy strings are freed after it (``Detector.strings_freed``), with the same candidates.
"""

from __future__ import annotations

import ahocorasick

from privacy.detect import Detector, DetectorSettings
from privacy.detect.propagation import PROPAGATED_TYPES, Propagator, _packed, _unpacked
from privacy.detect.textnorm import fold, whole_word
from privacy.scrub import core


def _texts():
    from synth.testdata.labelled import generate

    corpus = generate(seed=11, sentences=80, controls=10)
    return list(dict.fromkeys(t.text for t in corpus.texts if t.text))


def test_the_automaton_holds_an_integer_per_term():
    prop = Propagator([("Grace Hopper", "PERSON"), ("Marseille", "LOCATION"), ("g.hopper@example.org", "EMAIL_ADDRESS")],
                      frozenset({"grace"}))
    assert prop.automaton.kind == ahocorasick.AHOCORASICK and prop.automaton.store == ahocorasick.STORE_INTS
    assert all(isinstance(v, int) for v in prop.automaton.values())


def test_a_packed_term_reads_back():
    for etype in sorted(PROPAGATED_TYPES | {"POSTAL_CODE"}):
        for term, guard in (("may", True), ("grace hopper", False), ("x" * 300, True), ("fall", False)):
            assert _unpacked(_packed(term, etype, guard)) == (len(term), etype, guard, term in ("may", "fall"))


def _find_with_tuples(values, common, text):
    """Propagator.find as it was with a (term, type, guard) tuple per term: the reference."""
    from privacy.detect import propagation as P

    old = Propagator(values, common)
    auto = ahocorasick.Automaton()
    for term in old.automaton.keys():
        length, etype, guard, _cal = _unpacked(old.automaton.get(term))
        auto.add_word(term, (term, etype, guard))
    if not len(auto):
        return []
    auto.make_automaton()
    folded, out = fold(text), []
    for end_idx, (term, etype, guard) in auto.iter(folded):
        start, end = end_idx - len(term) + 1, end_idx + 1
        if not whole_word(folded, start, end):
            continue
        if guard and (not text[start].isupper()
                      or (P._sentence_initial(text, start) and not (etype == P.PERSON and P._PERSON_NEXT.match(text, end)
                                                                   and term not in P._CALENDAR))):
            continue
        out.append((start, end, etype))
    return out


def test_the_integer_automaton_finds_what_the_tuple_one_found():
    det = Detector.get()
    texts = _texts()
    cands = det.candidates(texts)
    values = sorted(det.propagation_values(texts, cands))
    extra = [("May", "PERSON"), ("Summer", "PERSON"), ("Will", "PERSON"), ("Rose", "PERSON"), ("Paris", "LOCATION")]
    values += extra
    texts += ["May is the best month. May said so. Will said hi; will he? Summer's dad met Rose in Paris.",
              "Grace is great, Rose is here and May told me. Fall in Paris, summer in Rome."]
    prop = det.propagator(values, ())
    for t in texts:
        assert prop.find(t) == _find_with_tuples(values, det.common_words, t)
    assert sum(len(prop.find(t)) for t in texts) > 20


def test_a_batch_frees_its_spacy_strings_and_finds_the_same():
    det = Detector.get()
    nlp = det.core.nlp
    job = core.DetectJob(DetectorSettings())
    core.detect_local(["Warm-up: Ada Lovelace wrote to Charles Babbage."], job)  # a first batch keeps its strings
    texts = [f"Ask Zorvath{i} Quellmire{i} at zq{i}@example.org about flat {i}B, Dunmarrow Road." for i in range(40)]
    n = len(nlp.vocab.strings)
    freed = core.detect_local(texts, job)
    assert len(nlp.vocab.strings) == n
    kept = det.candidates(texts)  # outside any block: its strings stay
    assert len(nlp.vocab.strings) > n
    assert freed.cands == [[c.as_tuple() for c in cs] for cs in kept]
