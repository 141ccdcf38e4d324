"""The stages of the scrub core: detect a batch, build the table centrally, apply a batch.

Module-level functions, so any backend can run them; ``privacy.scrub.scrubber.Scrubber``
is the one place that calls them in order. Every way of running a scrub (one process,
``--jobs N`` local processes, a Dask cluster) runs the same functions, so the output is
the same whatever runs them:

1. ``detect_local(texts, job)`` (workers) — NER, patterns and the identity pass for one
   batch of distinct texts. Returns each text's candidates (kept: the second stage never
   re-runs NER) and the batch's share of what propagation needs (values found, the
   corpus's lower-case vocabulary). Nothing here depends on the other batches.
2. ``PropagationSpec.union(parts)`` (central) — the union of every batch's values and
   vocabulary, sorted: the same whatever the batching. ``propagation_terms(spec, job)`` (one
   task) makes them the terms propagation looks for, which the scrubber indexes centrally
   (``privacy.detect.term_index.TermIndex``) and hands out batch by batch (``BatchTerms``).
3. ``detect_finish(texts, candidates, job, spec)`` (workers) — propagation of every value
   of the corpus into the batch (``spec``: the whole spec, or the batch's ``BatchTerms``: the
   same findings), overlaps resolved: the final ``Finding`` lists, plus the (type, original)
   pairs and identifier tokens the batch needs.
4. ``build_table(engine, pairs, ids)`` (central) — ONE ``SurrogateEngine.assign`` over the
   union of pairs (fixed keyed order, so collision re-draws never depend on batching),
   then a plain ``Table`` of dicts: surrogate and keyed hash per pair, pseudonym per
   identifier token. Workers only read this table (broadcast); they never open the vault
   or hold the workspace key.
5. ``apply_text(text, findings, table, keep)`` (workers or central) — the scrubbed text
   and its replacements located in the output.

Stages 1 and 3 are ``Detector.candidates`` and ``Detector.finish`` (the stages of
``Detector.analyze_corpus``, split where the corpus-wide union is needed); tests/parallel
checks that batching them gives exactly ``analyze_corpus`` over the whole corpus.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import threading
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from privacy.entities import PUBLIC
from privacy.scrub.apply import Span, apply_spans, resolve_overlaps
from privacy.scrub.ids import id_spans
from privacy.scrub.scrubbed import Replacement, ScrubbedText
from privacy.scrub.shared import resolve

# A candidate as it travels between stages: (start, end, entity_type, score, recognizer, pass_name)
Cand = tuple


def digest(text: str) -> bytes:
    """Key of a distinct text (the texts themselves are not kept between passes)."""
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()


def batches(texts: Iterable[str], max_chars: int, max_texts: int = 5000,
            seen: set | None = None) -> Iterator[list[str]]:
    """Distinct non-empty texts in first-seen order, cut into batches (deterministic).
    ``seen`` (filled with the digest of every text) lets the caller keep it."""
    seen = set() if seen is None else seen
    batch: list[str] = []
    size = 0
    for t in texts:
        if not t:
            continue
        d = digest(t)
        if d in seen:
            continue
        seen.add(d)
        batch.append(t)
        size += len(t)
        if size >= max_chars or len(batch) >= max_texts:
            yield batch
            batch, size = [], 0
    if batch:
        yield batch


@dataclass(frozen=True)
class DetectJob:
    """What a worker needs to detect for one export: settings and identity hints (small, picklable)."""

    settings: object  # privacy.detect.DetectorSettings
    hints: object = None  # privacy.detect.IdentityHints | None
    threshold: float | None = None
    rules: object = None  # privacy.scrub.rules.ReviewRules | None: reviewed values kept or re-typed


_LOADED: set = set()  # settings whose Detector this process has loaded
# spaCy strings a detecting process keeps for good (about 460 bytes each with their lexemes: ~23 MB):
# the words of its first batches, the ones most batches share. Past them each batch's new strings
# are freed after it (``Detector.strings_freed``): freeing them from the first batch on re-made
# every shared word's lexeme in each batch, +7% of detection's CPU (3 MB of chat, 2 rounds)
KEPT_STRINGS = 50_000
_FIRST_BATCH = [True]  # emptied by the process's first ``detect_local``


def detector_for(settings):
    """The process's Detector for ``settings`` (loaded once per process / worker).

    The load (spaCy, Presidio and our recognizers imported, the pipeline, the word lists: 300,000
    names and 200,000 words in sets) runs with the cyclic garbage collector paused, and what it
    built is then frozen (``gc.freeze``): collections during the load took 0.3-0.5 s of a small
    scrub, most of it full collections walking those sets, which later collections would walk
    again and again. The load leaves no cyclic garbage to collect (0 objects, measured), and a
    collector that was off stays off. Results never depend on it (scripts/byte_identity.py;
    tests/scrub/test_collector_pause.py)."""
    if settings in _LOADED:
        from privacy.detect import Detector

        return Detector.get(settings)
    with _collector_paused():
        from privacy.detect import Detector  # the detection stack's imports are most of the load

        det = Detector.get(settings)
    _LOADED.add(settings)
    return det


@contextlib.contextmanager
def _collector_paused():
    """No automatic collection inside (the first threshold at 0: srsly's msgpack loads call
    ``gc.enable()`` whatever the state was, so ``gc.disable`` would not hold through a pipeline
    load); then what was built is frozen (``gc.freeze``), never walked by a collection again.
    The collector is left as it was found: a collector that was off stays off (srsly's
    ``gc.enable`` undone) and nothing is frozen then."""
    enabled, thresholds = gc.isenabled(), gc.get_threshold()
    gc.set_threshold(0, *thresholds[1:])
    try:
        yield
    finally:
        if enabled:
            gc.freeze()
            gc.enable()
        else:
            gc.disable()
        gc.set_threshold(*thresholds)


# --- stage 1: local detection --------------------------------------------------------


@dataclass
class LocalBatch:
    """Result of ``detect_local`` for one batch."""

    cands: list[list[Cand]]  # per text, in batch order
    values: set  # {(value, entity_type)} found outside the identity pass
    vocab: set  # lower-case words of normally-cased texts (propagation's common words)


def detect_local(texts: Sequence[str], job: DetectJob) -> LocalBatch:
    """NER + pattern recognizers + identity for ``texts`` (distinct, non-empty)."""
    det = detector_for(job.settings)  # first: the detection stack's imports run in its paused load
    from privacy.detect import lowercase_vocabulary

    if _FIRST_BATCH:
        # the process's first batch reads the lists detection loads on first use (the NER gate's
        # 200,000 dictionary words, the public-suffix trie): collector paused as for the load
        # (its cyclic garbage: 23 kB of exception frames on the sharded fixture)
        _FIRST_BATCH.clear()
        with _collector_paused():
            cands = det.candidates(texts, hints=job.hints, threshold=job.threshold)
    elif det.spacy_strings() < KEPT_STRINGS:
        cands = det.candidates(texts, hints=job.hints, threshold=job.threshold)
    else:
        # past the strings kept for good, a batch's new spaCy strings are freed after it: a
        # worker's memory does not grow with the distinct words of the export (same candidates:
        # ``Detector.strings_freed``)
        with det.strings_freed():
            cands = det.candidates(texts, hints=job.hints, threshold=job.threshold)
    propagate = det.settings.propagate
    values = det.propagation_values(texts, cands) if propagate else set()
    vocab = set(lowercase_vocabulary(texts)) if propagate else set()
    return LocalBatch([[c.as_tuple() for c in cs] for cs in cands], values, vocab)


# --- stage 2: the corpus-wide propagation input -------------------------------------------


@dataclass(frozen=True)
class PropagationSpec:
    """Every value found in the corpus and its lower-case vocabulary, in a fixed order."""

    values: tuple = ()
    vocab: tuple = ()
    token: str = ""  # digest of the content: workers cache the built automaton by it

    @classmethod
    def union(cls, parts: Iterable[LocalBatch]) -> "PropagationSpec":
        values: set = set()
        vocab: set = set()
        for p in parts:
            values |= p.values
            vocab |= p.vocab
        return cls.of(values, vocab)

    @classmethod
    def of(cls, values: set, vocab: set) -> "PropagationSpec":
        v = tuple(sorted(values))
        w = tuple(sorted(vocab))
        h = hashlib.blake2b(digest_size=16)
        for value, etype in v:
            h.update(value.encode("utf-8", "surrogatepass") + b"\x00" + etype.encode() + b"\x01")
        h.update(b"\x02")
        for word in w:
            h.update(word.encode("utf-8", "surrogatepass") + b"\x00")
        return cls(v, w, h.hexdigest())


_prop_lock = threading.Lock()
_prop_cache: dict[tuple, object] = {}


def _propagator(det, spec: PropagationSpec):
    key = (det.settings, spec.token)
    with _prop_lock:
        p = _prop_cache.get(key)
        if p is None:
            _prop_cache.clear()  # one export's automaton at a time per process
            p = det.propagator(spec.values, spec.vocab)
            _prop_cache[key] = p
        return p


def propagation_terms(spec: PropagationSpec, job: DetectJob) -> list[tuple[str, int]]:
    """The terms propagation looks for in the corpus of ``spec`` (``Detector.propagation_terms``):
    one task, where the detector is loaded, so the scrub's parent never loads it."""
    return detector_for(job.settings).propagation_terms(spec.values, spec.vocab)


@dataclass(frozen=True)
class BatchTerms:
    """The propagation terms one batch can hold (``TermIndex.for_texts``): what a worker needs
    of the corpus's values for that batch, in place of the whole spec. A worker builds their
    small automaton per batch and keeps nothing of the corpus, so its memory does not grow with
    the export (issue 20); the findings are the same (privacy.detect.term_index)."""

    terms: tuple = ()  # ((term, integer), ...) of ``Detector.propagation_terms``, sorted


# --- stage 3: finish detection ------------------------------------------------------


@dataclass
class FinishedBatch:
    """Result of ``detect_finish``: final findings per text and what the table needs."""

    findings: list[tuple]  # per text: tuple of Finding
    pairs: set  # {(entity_type, original)} to assign (kept types excluded)
    ids: set  # identifier tokens embedded in the texts


def detect_finish(texts: Sequence[str], cands: Sequence[Sequence[Cand]], job: DetectJob,
                  spec: PropagationSpec | BatchTerms, keep_types: frozenset = frozenset()) -> FinishedBatch:
    """Propagation of the corpus's values into ``texts``, overlaps resolved. ``spec``: the
    corpus's ``PropagationSpec`` (its automaton built once per process, a shared spec handed
    over once: ``Backend.share``), or the batch's own ``BatchTerms``."""
    from privacy.detect import Candidate

    det = detector_for(job.settings)
    prop = None
    if det.settings.propagate:
        if isinstance(spec, BatchTerms):
            from privacy.detect.propagation import Propagator

            prop = Propagator.of_terms(spec.terms)
        else:
            prop = _propagator(det, resolve(spec))
    findings = det.finish(texts, [[Candidate(*c) for c in cs] for cs in cands], prop)
    if job.rules is not None:
        findings = [job.rules.apply(t, found) for t, found in zip(texts, findings)]
    out = [tuple(found) for found in findings]
    pairs, ids = table_needs(texts, out, keep_types)
    return FinishedBatch(out, pairs, ids)


def table_needs(texts: Sequence[str], findings: Sequence[Sequence], keep_types: frozenset = frozenset()) -> tuple[set, set]:
    """What the table must hold for ``texts``: the (type, original) pairs to assign (kept
    types excluded) and the identifier tokens embedded in them."""
    pairs: set = set()
    ids: set = set()
    for t, found in zip(texts, findings, strict=True):
        for f in found:
            if f.entity_type not in keep_types:
                pairs.add((f.entity_type, t[f.start : f.end]))
        for a, b in id_spans(t):
            ids.add(t[a:b])
    return pairs, ids


# --- stage 4: the table, built centrally -------------------------------------------------


@dataclass
class Table:
    """Everything apply needs, as plain dicts: no vault, no key."""

    surrogates: dict = field(default_factory=dict)  # (type, original) -> surrogate
    hashes: dict = field(default_factory=dict)  # (type, original) -> keyed hash of the original
    ids: dict = field(default_factory=dict)  # identifier token -> pseudonym

    def surrogate(self, etype: str, original: str) -> str:
        return self.surrogates[(etype, original)]

    def original_hash(self, etype: str, original: str) -> str:
        return self.hashes[(etype, original)]

    def pseudonym(self, token: str) -> str:
        return self.ids[token]

    def subset(self, texts: Sequence[str], findings: Sequence[Sequence]) -> "Table":
        """Only the entries ``texts`` need (what a worker gets when nothing is broadcast)."""
        sub = Table()
        for t, fs in zip(texts, findings):
            for f in fs:
                k = (f.entity_type, t[f.start : f.end])
                if k in self.surrogates:
                    sub.surrogates[k] = self.surrogates[k]
                    sub.hashes[k] = self.hashes[k]
            for a, b in id_spans(t):
                sub.ids[t[a:b]] = self.ids[t[a:b]]
        return sub


def build_table(engine, pairs: Iterable[tuple[str, str]], ids: Iterable[str], into: Table | None = None) -> Table:
    """ONE ``assign`` over every distinct pair (sorted), then the plain lookup table
    (``into``: these entries added to a table built before)."""
    pairs = sorted(set(pairs))
    if pairs:
        engine.assign(pairs)
    t = Table() if into is None else into
    for etype, original in pairs:
        t.surrogates[(etype, original)] = engine.surrogate(etype, original)
        t.hashes[(etype, original)] = engine.keyed_hash(etype, original)
    for token in sorted(set(ids)):
        t.ids[token] = engine.pseudonym_id(token)
    return t


# --- stage 5: apply --------------------------------------------------------------------


def apply_text(text: str, findings: Sequence, table: Table, keep_types: frozenset = frozenset()) -> ScrubbedText:
    """The scrubbed text and its replacements (offsets in the output text)."""
    if not text:
        return ScrubbedText(text)
    ids = [Span(a, b, table.pseudonym(text[a:b])) for a, b in id_spans(text)]
    pii = [
        Span(f.start, f.end, table.surrogate(f.entity_type, text[f.start : f.end]), (f, text[f.start : f.end]))
        for f in findings
        if f.entity_type not in keep_types
    ]
    # what detection keeps on purpose with a reason (PUBLIC: a public figure, a place named as a
    # topic) is written as it is and reported, so the report says why it stayed: never silence
    pii += [Span(f.start, f.end, text[f.start:f.end], (f, text[f.start:f.end]))
            for f in findings if f.entity_type == PUBLIC and f.entity_type in keep_types]
    if not ids and not pii:
        return ScrubbedText(text)
    out, applied = apply_spans(text, resolve_overlaps(ids, pii))
    reps = []
    for a in applied:
        if a.meta is None:
            continue
        f, original = a.meta
        reps.append(
            Replacement(
                start=a.start,
                end=a.end,
                entity_type=f.entity_type,
                recognizer=f.recognizer,
                score=round(float(f.score), 4),
                pass_name=f.pass_name,
                surrogate=a.replacement,
                # a kept span has no surrogate and joins nothing: no keyed hash of it is made
                original_hash="" if f.entity_type == PUBLIC else table.original_hash(f.entity_type, original),
            )
        )
    return ScrubbedText(out, tuple(reps))


def apply_batch(texts: Sequence[str], findings: Sequence[Sequence], table, keep_types: frozenset = frozenset()) -> list:
    """``apply_text`` over a batch (what a worker runs in pass 3)."""
    return [apply_text(t, fs, table, keep_types) for t, fs in zip(texts, findings, strict=True)]
