"""The large-export generator used by benchmarks/ingest_memory.py, checked small."""

from __future__ import annotations

from ingest import open_export
from synth.testdata.bigexport import expected_counts, write_big_export


def _records(exp):
    return sum(1 for name in exp.source.members() if exp.member_role(name) == "conversations"
               for _ in exp.iter_raw_records(name))


def test_generated_export_counts_match_the_generator_rule(tmp_path):
    exp = open_export(write_big_export(tmp_path / "big", 0.5))
    n = _records(exp)
    s = exp.summary()
    assert n > 20
    assert {k: s[k] for k in ("conversations", "archived_dropped", "skipped")} == expected_counts(n)


def test_generated_sharded_zip_reads_like_the_single_file(tmp_path):
    single = open_export(write_big_export(tmp_path / "one", 0.3)).summary()
    zipped = open_export(write_big_export(tmp_path / "shards", 0.3, shards=7, as_zip=True)).summary()
    assert zipped == single


def test_generator_is_deterministic(tmp_path):
    a = write_big_export(tmp_path / "a", 0.2) / "conversations.json"
    b = write_big_export(tmp_path / "b", 0.2) / "conversations.json"
    assert a.read_bytes() == b.read_bytes()
