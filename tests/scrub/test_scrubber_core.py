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


def test_a_scrub_reads_each_conversations_member_a_fixed_number_of_times(shared_fixtures, tmp_path, monkeypatch):
    """Ingest's duplicate pre-pass and its parse (custom instructions: the identity hints),
    detection passes 1 and 2, the write: five walks of each conversations member. The
    counts come from ingest's first parse (no sixth walk to count messages)."""
    from ingest.export import Export

    walks: collections.Counter = collections.Counter()
    records = Export._records

    def counted(self, name):
        walks[name] += 1
        return records(self, name)

    monkeypatch.setattr(Export, "_records", counted)
    result = scrub_export(shared_fixtures / SHARDED, tmp_path / "out", workspace=Workspace.open(tmp_path / "ws"),
                          options=ScrubOptions())
    assert walks and set(walks.values()) == {5}, walks
    assert result.summary["messages_kept"] == 27
