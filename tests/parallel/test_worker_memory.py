"""What a detection worker keeps does not grow with the export (issue 20's memory), and results stay the same.

* the automaton holds one integer per term, no Python object;
* past ``core.KEPT_STRINGS``, a batch's new spaCy strings are freed after it (``Detector.strings_freed``),
  with the same candidates;
* a pass-2 batch is handed only the propagation terms it can hold, and finds what every term finds.
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


def test_a_batch_frees_its_spacy_strings_and_finds_the_same(monkeypatch):
    monkeypatch.setattr(core, "KEPT_STRINGS", 0)  # past the strings kept for good
    det = Detector.get()
    nlp = det.core.nlp
    job = core.DetectJob(DetectorSettings())
    core.detect_local(["Warm-up: Ada Lovelace wrote to Charles Babbage."], job)  # a process's first batch keeps them
    texts = [f"Ask Zorvath{i} Quellmire{i} at zq{i}@example.org about flat {i}B, Dunmarrow Road." for i in range(40)]
    n = len(nlp.vocab.strings)
    freed = core.detect_local(texts, job)
    assert len(nlp.vocab.strings) == n
    kept = det.candidates(texts)  # outside any block: its strings stay
    assert len(nlp.vocab.strings) > n
    assert freed.cands == [[c.as_tuple() for c in cs] for cs in kept]


def test_a_batch_given_only_its_terms_finds_what_every_term_finds():
    from privacy.detect.propagation import Propagator
    from privacy.detect.term_index import TermIndex

    det = Detector.get()
    texts = _texts() + ["May said hi to Will. Contact g.hopper@example.org or +44 20 7946 0958, ref #A-17."]
    cands = det.candidates(texts)
    values = det.propagation_values(texts, cands) | {("+44 20 7946 0958", "PHONE_NUMBER"), ("Grace Hopper", "PERSON")}
    from privacy.detect import lowercase_vocabulary

    vocab = lowercase_vocabulary(texts)
    whole = det.propagator(values, vocab)
    terms = det.propagation_terms(values, vocab)
    index = TermIndex(terms)
    assert index.size == len(terms) == len(whole.automaton) > 50
    found = 0
    for batch in [texts[i:i + 7] for i in range(0, len(texts), 7)] + [[t] for t in texts]:
        part = Propagator.of_terms(index.for_texts(batch))
        assert len(part.automaton) < len(terms)
        for t in batch:
            assert part.find(t) == whole.find(t)
            found += len(part.find(t))
    assert found > 30


def test_a_term_is_given_to_a_batch_only_when_its_words_are_words_there():
    from privacy.detect.term_index import TermIndex

    index = TermIndex([("grace hopper", 1), ("grace", 2), ("a.b@example.org", 3), ("+++", 4), ("hopper_x", 5)])
    assert index.for_texts(["Ask GRACE about it"]) == (("+++", 4), ("grace", 2))
    assert index.for_texts(["Grace Hopperton wrote"]) == (("+++", 4), ("grace", 2))
    assert index.for_texts(["mail A.B@Example.org, Hopper and Grace"]) == (
        ("+++", 4), ("a.b@example.org", 3), ("grace", 2), ("grace hopper", 1))
    assert index.for_texts(["hopper_x"]) == (("+++", 4), ("hopper_x", 5))


class _Recording:
    """An in-process backend that keeps the arguments of every pass-2 task."""

    workers, distributed, started = 1, False, False

    def __init__(self):
        self.finish_args = []

    def imap(self, fn, args, window=None):
        for a in args:
            if fn is core.detect_finish:
                self.finish_args.append(a[3])
            yield fn(*a)

    def share(self, obj):
        return obj

    def release(self, handle):
        pass


def test_pass_two_tasks_carry_only_their_batch_terms():
    from privacy.scrub.scrubber import Scrubber

    texts = _texts()
    rec = _Recording()
    s = Scrubber(None, core.DetectJob(DetectorSettings()), backend=rec, keep_types=frozenset(), batch_chars=500)
    s.detect(lambda: texts)
    reference = Detector.get().analyze_corpus(texts)
    assert [list(s.findings_of(t)) for t in texts] == reference
    assert len(rec.finish_args) > 3
    assert all(isinstance(a, core.BatchTerms) for a in rec.finish_args)
    everything = Detector.get().propagation_terms(*_spec_of(texts))
    assert all(len(a.terms) < len(everything) for a in rec.finish_args)


def _spec_of(texts):
    from privacy.detect import lowercase_vocabulary

    det = Detector.get()
    return det.propagation_values(texts, det.candidates(texts)), lowercase_vocabulary(texts)
