"""The one scrubbing core (``privacy.scrub.scrubber.Scrubber``) and its declared interfaces."""

from __future__ import annotations

import collections

import pytest

from privacy.detect import DetectorSettings
from privacy.scrub import ScrubOptions, scrub_export
from privacy.scrub.backend import Backend
from privacy.scrub.core import DetectJob
from privacy.scrub.parallel import InProcess, LocalPool
from privacy.scrub.rules import ReviewRules
from privacy.scrub.scrubber import Scrubber
from synth.surrogates import SurrogateEngine
from synth.workspace import Workspace

SHARDED = "synthetic/chatgpt-2026-sharded"


def test_every_backend_declares_the_protocol_the_core_calls():
    assert isinstance(InProcess(), Backend)
    pool = LocalPool(2)  # not started: no process is spawned by this test
    try:
        assert isinstance(pool, Backend) and not pool.started
    finally:
        pool.close()
    pytest.importorskip("distributed")
    from privacy.scrub.dask_backend import DaskBackend

    for name in ("workers", "distributed", "started", "start", "imap", "share", "release", "close", "abort"):
        assert hasattr(DaskBackend, name), name


def _scrubber(tmp_path, **kw) -> Scrubber:
    ws = Workspace.open(tmp_path / "ws")
    return Scrubber(SurrogateEngine(ws, contributor_id="c-1"), DetectJob(DetectorSettings(), rules=kw.pop("rules", None)),
                    backend=InProcess(), **kw)


def test_texts_added_together_are_detected_jointly_and_replaced_consistently(tmp_path):
    s = _scrubber(tmp_path)
    texts = ["I met Marguerite Okonkwo-Hale in Lisbon yesterday.", "Marguerite Okonkwo-Hale says hi."]
    assert s.add(texts) == 2
    a, b = (s.scrub(t) for t in texts)
    sur = {r.surrogate for st in (a, b) for r in st.replacements if r.entity_type == "PERSON"}
    assert len(sur) == 1 and "Marguerite" not in a.text + b.text


def test_a_text_never_added_is_detected_on_its_own_fail_closed(tmp_path):
    s = _scrubber(tmp_path)
    st = s.scrub("Write to marguerite.hale@example.org today.")
    assert "marguerite.hale@example.org" not in st.text
    assert [r.entity_type for r in st.replacements] == ["EMAIL_ADDRESS"]


def test_the_review_rules_run_after_the_corpus_step(tmp_path):
    """A task's one-type step sees the whole corpus; a reviewer's verdict is still the last word."""
    seen = []

    def step(texts, findings):
        seen.append(list(texts))
        return findings

    text = "Write to marguerite.hale@example.org today."
    s = _scrubber(tmp_path, rules=ReviewRules.of(allow=["marguerite.hale@example.org"]), corpus_step=step)
    s.add([text, "Nothing here."])
    assert seen == [[text, "Nothing here."]]
    assert s.scrub(text).text == text  # kept as written: the rule ran after the step


def test_find_gives_exactly_the_detectors_findings_at_the_audits_settings():
    """The audit's residual check detects through the core (``scrubber.find``): the same
    findings as one ``analyze_corpus`` over the texts, at its settings (no propagation, no gate)."""
    from privacy.detect import Detector
    from privacy.scrub.scrubber import find

    settings = DetectorSettings(threshold=0.3, propagate=False, ner_gate=False)
    texts = ["Write to marguerite.hale@example.org today.", "I met Marguerite Okonkwo-Hale in Lisbon.",
             "Nothing here.", "Write to marguerite.hale@example.org today."]
    found = find(texts, settings)
    assert [list(f) for f in found] == Detector.get(settings).analyze_corpus(texts)
    assert found[0] and found[0] == found[3]


def _reads(monkeypatch) -> collections.Counter:
    """Reads of each member of an export, through the two seams ingest reads an export by
    (``ingest/export.py``): ``jsonstream.iter_records`` (one call streams and parses a whole
    conversations member) and ``ExportSource.read_bytes`` (a whole side file). Sniffing a
    member's first bytes (its role, layout, JSON style) is not a read."""
    import ingest.export
    from ingest.source import ExportSource

    reads: collections.Counter = collections.Counter()
    iter_records, read_bytes = ingest.export.iter_records, ExportSource.read_bytes

    def counted_records(fh, label, reopen=None):
        reads[label.rsplit("/", 1)[-1].rsplit(":", 1)[-1]] += 1
        return iter_records(fh, label, reopen=reopen)

    def counted_bytes(self, name):
        reads[name] += 1
        return read_bytes(self, name)

    monkeypatch.setattr(ingest.export, "iter_records", counted_records)
    monkeypatch.setattr(ExportSource, "read_bytes", counted_bytes)
    return reads


def test_a_scrub_reads_the_export_at_most_twice(shared_fixtures, tmp_path, monkeypatch):
    """Once to plan and detect (ingest's ``Export.scan``: duplicates, counts, custom
    instructions, and the strings to detect, held), once to write; side files once to
    detect and once to write, or once by ingest (user.json, memories, the manifest) when
    that is all the scrub needs of them. Before: four reads of each conversations member."""
    reads = _reads(monkeypatch)
    result = scrub_export(shared_fixtures / SHARDED, tmp_path / "out", workspace=Workspace.open(tmp_path / "ws"),
                          options=ScrubOptions())
    assert reads["conversations-000.json"] == reads["conversations-001.json"] == 2, reads
    assert max(reads.values()) <= 2, reads
    assert result.summary["messages_kept"] == 27  # the counts come from the first read


def test_pass_three_walks_each_record_once(shared_fixtures, tmp_path, monkeypatch):
    import json

    from privacy.scrub import writer

    walked: list = []
    rewrite = writer.rewrite

    def counted(obj, visitor, where=None, key=None):
        walked.append(obj)
        return rewrite(obj, visitor, where, key)

    monkeypatch.setattr(writer, "rewrite", counted)
    out = tmp_path / "out"
    scrub_export(shared_fixtures / SHARDED, out, workspace=Workspace.open(tmp_path / "ws"), options=ScrubOptions())
    written = sum(len(json.loads((out / n).read_text())) for n in ("conversations-000.json", "conversations-001.json"))
    records = [o for o in walked if isinstance(o, dict) and ("mapping" in o or "conversation_id" in o)]
    assert len(records) == written and len({id(o) for o in records}) == written


def test_a_corpus_too_large_to_keep_is_read_again_with_the_same_output(shared_fixtures, tmp_path, monkeypatch):
    """Past ``HOLD_CHARS`` the strings are not held: detection reads the conversations again
    for each of its two passes (memory stays bounded), four reads in all, same output."""
    from privacy.scrub import scrubber

    ws = tmp_path / "ws"
    kept = scrub_export(shared_fixtures / SHARDED, tmp_path / "kept", workspace=Workspace.open(ws), options=ScrubOptions())
    monkeypatch.setattr(scrubber, "HOLD_CHARS", 100)
    reads = _reads(monkeypatch)
    streamed = scrub_export(shared_fixtures / SHARDED, tmp_path / "streamed", workspace=Workspace.open(ws),
                            options=ScrubOptions())
    assert reads["conversations-000.json"] == reads["conversations-001.json"] == 4, reads

    def tree(root):
        return {p.relative_to(root): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}

    assert kept.summary == streamed.summary
    assert tree(tmp_path / "kept") == tree(tmp_path / "streamed")


def test_abort_stops_the_pools_own_workers_now(tmp_path):
    """A failure or an interrupt: the running batches are not waited for (the workers that
    reported their process ids are terminated), and no worker is left."""
    import multiprocessing as mp
    import os
    import time

    pool = LocalPool(2)
    pids = list(pool.imap(os.getpid, [()] * 4))  # the workers are up and have reported
    assert pids and os.getpid() not in pids
    pool.pool.submit(time.sleep, 60)  # a batch that would run for a minute
    time.sleep(0.5)
    t0 = time.monotonic()
    pool.abort()
    assert time.monotonic() - t0 < 20
    assert not {p.pid for p in mp.active_children()} & set(pids)
