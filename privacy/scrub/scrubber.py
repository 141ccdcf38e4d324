"""The scrubbing core: add texts → detect (batched, propagated) → assign → apply.

``Scrubber`` is the ONE orchestration of the core's stages (``privacy.scrub.core``). The
export scrub (``privacy.scrub.export``), the plain-text scrubber the packs use
(``privacy.scrub.text.TextScrubber``) and every string nobody detected before (fail
closed) go through it::

    s = Scrubber(engine, DetectJob(settings, hints, rules=rules), backend=backend)
    s.detect(lambda: export_texts())   # passes 1 and 2: the callable is called twice, texts streamed
    s.assign()                         # ONE SurrogateEngine.assign, the plain lookup table
    s.scrub(text) -> ScrubbedText      # apply (a text never detected is detected alone first)
    s.add(texts)                       # detect + assign for texts held in memory (packs)
    find(texts, settings)              # findings only, nothing replaced (the audit's residual check)

Detection: pass 1 runs ``core.detect_local`` on batches of the distinct new strings (on
the backend); the union of what propagation needs becomes its terms (one task), indexed
here, and each batch of pass 2 carries only the terms it can hold; pass 2
runs ``core.detect_finish`` on the same batches (candidates kept, packed, from pass 1;
the batches kept too when they fit in ``HOLD_CHARS``, else streamed again).
Only the findings are kept, packed, by digest of their text; texts themselves are not.
A ``corpus_step(texts, findings) -> findings`` (the packs' one-type-per-original rule)
sees every text of a ``detect`` call at once: the review rules then run after it
instead of on the workers, so a reviewer's verdict is the last word either way.
"""

from __future__ import annotations

import collections
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

from privacy.scrub import core
from privacy.scrub.backend import Backend
from privacy.scrub.ids import ID_TOKEN
from privacy.scrub.packing import Packer
from privacy.scrub.parallel import InProcess
from privacy.scrub.scrubbed import DEFAULT_KEEP_TYPES, ScrubbedText

CorpusStep = Callable[[list, list], list]
# distinct characters of a corpus kept between the detection passes (a larger corpus is
# streamed again for pass 2: memory stays bounded however large the export)
HOLD_CHARS = 8_000_000


def _draining(items: list):
    """The items of ``items`` in order, each let go once handed over."""
    items.reverse()
    while items:
        yield items.pop()


class Scrubber:
    """One contributor's corpus: its findings, its table, its surrogates.

    ``engine`` (a ``SurrogateEngine``) is used only by ``assign`` and ``scrub``: ``None``
    for a scrubber that only detects (``find``)."""

    def __init__(self, engine, job: core.DetectJob, *, backend: Backend | None = None,
                 keep_types: frozenset = DEFAULT_KEEP_TYPES, batch_chars: int = 50_000,
                 corpus_step: CorpusStep | None = None):
        self.engine = engine
        self.job = job
        self.backend: Backend = backend if backend is not None else InProcess()
        self.keep_types = frozenset(keep_types)
        self.batch_chars = batch_chars
        self._step = corpus_step
        self._worker_job = replace(job, rules=None) if corpus_step is not None else job
        self.packer = Packer()
        self.findings: dict[bytes, bytes] = {}  # digest of a text -> its final findings, packed
        self.seen: set[bytes] = set()  # digest of every text detection saw
        self.table = core.Table()
        self.distinct = 0  # distinct strings detected so far
        self._pairs: set = set()  # found since the last ``assign``
        self._ids: set = set()
        self._applied: dict[str, ScrubbedText] = {}  # texts scrubbed ahead on the workers (one window)
        self._shared_table = None

    # ---- detect ------------------------------------------------------------------------
    def detect(self, texts: Callable[[], Iterable[str]], progress=None) -> int:
        """Detect the distinct strings of ``texts()`` not seen before, jointly (propagation
        across all of them). ``texts`` is called twice and must give the same strings in the
        same order (it is called once only when the corpus fits in ``HOLD_CHARS``). Returns the
        number of strings detected. ``progress``: a sink (``stage``/``advance``) told when
        pass 1 is done."""
        backend, job, packer = self.backend, self._worker_job, self.packer
        values: set = set()
        vocab: set = set()
        held: list[list | None] = []  # per batch: candidates per text, packed (only what pass 2 needs)
        kept: list[list[str]] | None = []  # the batches themselves, while they fit in HOLD_CHARS
        size = 0

        def pass1_args():
            nonlocal kept, size
            for b in core.batches(texts(), self.batch_chars, seen=set(self.seen)):
                if kept is not None:
                    size += sum(map(len, b))
                    if size <= HOLD_CHARS:
                        kept.append(b)
                    else:
                        kept = None
                yield (b, job)

        for batch in backend.imap(core.detect_local, pass1_args()):
            values |= batch.values
            vocab |= batch.vocab
            held.append([packer.pack(cs) for cs in batch.cands])
            del batch
        n = sum(len(c) for c in held)
        self.distinct += n
        if progress is not None:
            progress.stage(f"detecting in {n} distinct strings", None)
            progress.advance()
        index = self._term_index(core.PropagationSpec.of(values, vocab))
        del values, vocab
        pending: collections.deque = collections.deque()

        if kept is not None:  # a small corpus: pass 2 reads the batches kept, not the input again
            self.seen.update(core.digest(t) for b in kept for t in b)
            second = _draining(kept)
        else:
            second = core.batches(texts(), self.batch_chars, seen=self.seen)
        kept = None

        def pass2_args():
            for i, b in enumerate(second):
                cands = [packer.cands(blob) for blob in held[i]]
                held[i] = None  # handed over: free as we go
                pending.append(b)
                yield (b, cands, job, core.BatchTerms(index.for_texts(b)), self.keep_types)

        whole: tuple[list, list] = ([], [])  # every text and its findings, for the corpus step
        for done in backend.imap(core.detect_finish, pass2_args()):
            b = pending.popleft()
            if self._step is not None:
                whole[0].extend(b)
                whole[1].extend(done.findings)
                continue
            self._keep(b, done.findings)
            self._pairs |= done.pairs
            self._ids |= done.ids
        del index
        if self._step is not None and whole[0]:
            found = self._step(*whole)
            if self.job.rules is not None:
                found = [self.job.rules.apply(t, f) for t, f in zip(whole[0], found, strict=True)]
            found = [tuple(f) for f in found]
            self._keep(whole[0], found)
            pairs, ids = core.table_needs(whole[0], found, self.keep_types)
            self._pairs |= pairs
            self._ids |= ids
        return n

    def _term_index(self, spec: core.PropagationSpec):
        """The corpus's propagation terms, indexed in this process: each pass-2 batch is handed
        only the terms it can hold (``core.BatchTerms``), so no worker holds every value of the
        export. One task makes the terms where the detector is loaded (a worker, or here when
        detection runs here); no terms when detection does not propagate or found nothing."""
        from privacy.detect.term_index import TermIndex

        if not spec.values or not getattr(self.job.settings, "propagate", True):
            return TermIndex(())
        (terms,) = self.backend.imap(core.propagation_terms, [(spec, self._worker_job)])
        return TermIndex(terms)

    def _keep(self, texts: list[str], findings: list) -> None:
        for t, fs in zip(texts, findings, strict=True):
            if fs:
                self.findings[core.digest(t)] = self.packer.pack(fs)

    # ---- assign ------------------------------------------------------------------------
    def assign(self) -> None:
        """ONE ``assign`` of every (type, original) detected since the last call (fixed keyed
        order), then their entries in the plain table the workers read."""
        pairs, ids = self._pairs, self._ids
        self._pairs, self._ids = set(), set()
        core.build_table(self.engine, pairs, ids, into=self.table)
        if pairs or ids:
            self._shared_table = None  # a cluster's copy is older than the table now

    def add(self, texts: Iterable[str]) -> int:
        """``detect`` then ``assign`` for texts held in memory (detected jointly)."""
        texts = list(texts)
        n = self.detect(lambda: texts)
        self.assign()
        return n

    # ---- apply -------------------------------------------------------------------------
    def findings_of(self, text: str) -> tuple:
        blob = self.findings.get(core.digest(text))
        return self.packer.findings(blob) if blob else ()

    def needs_apply(self, text: str) -> bool:
        return bool(text) and (core.digest(text) in self.findings or bool(ID_TOKEN.search(text)))

    def scrub(self, text: str) -> ScrubbedText:
        """The scrubbed ``text``. Fail closed: a string detection never saw is detected on
        its own first (identity hints included)."""
        if not text:
            return ScrubbedText(text)
        st = self._applied.get(text)
        if st is not None:
            return st
        if core.digest(text) not in self.seen:
            self.add([text])
        return core.apply_text(text, self.findings_of(text), self.table, self.keep_types)

    def prefetch(self, texts: Iterable[str]) -> None:
        """Scrub ``texts`` ahead on the workers (one window of records): ``scrub`` then finds
        them done. The table is broadcast once on a cluster; locally each batch carries the
        entries it needs."""
        backend = self.backend
        todo = [t for t in dict.fromkeys(texts) if self.needs_apply(t)]
        self._applied = {}
        if not todo:
            return
        if backend.distributed and self._shared_table is None:
            self._shared_table = backend.share(self.table)
        # one chunk per running worker (a worker is never started only to apply)
        n = max(1, -(-len(todo) // (getattr(backend, "live", 0) or backend.workers)))
        args = []
        for i in range(0, len(todo), n):
            chunk = todo[i : i + n]
            fs = [self.findings_of(t) for t in chunk]
            table = self._shared_table if self._shared_table is not None else self.table.subset(chunk, fs)
            args.append((chunk, fs, table, self.keep_types))
        out: dict[str, ScrubbedText] = {}
        for chunk_args, res in zip(args, backend.imap(core.apply_batch, args), strict=True):
            out.update(zip(chunk_args[0], res, strict=True))
        self._applied = out

    def end_prefetch(self) -> None:
        """Forget the texts scrubbed ahead (the window is written)."""
        self._applied = {}

    def close(self) -> None:
        self._applied = {}
        self._shared_table = None


def find(texts: Sequence[str], settings, *, backend: Backend | None = None) -> list[tuple]:
    """Each text's final findings, detected jointly, nothing replaced (no surrogate engine,
    no table): the audit's residual check. ``settings``: the ``DetectorSettings``."""
    s = Scrubber(None, core.DetectJob(settings), backend=backend, keep_types=frozenset())
    s.detect(lambda: texts)
    return [s.findings_of(t) for t in texts]
