"""Consent records are applied inside ingest: out of scope never leaves it, and it is counted."""

from __future__ import annotations

import json

import pytest
import yaml

from ingest import load_consent, open_export
from ingest.errors import InputError

A = "6a000000-0000-8000-8000-00000000000a"  # Lentil recipe (2026-01-01)
B = "6a000000-0000-8000-8000-00000000000b"  # Project brief (2026-01-02)
E = "6a000000-0000-8000-8000-00000000000e"  # Watercolor (2023-10-15)


def _consent(tmp_path, **fields):
    rec = {"contributor_id": "c-001", "date": "2026-02-01"}
    rec.update(fields)
    p = tmp_path / "consent.yaml"
    p.write_text(yaml.safe_dump(rec))
    return p


@pytest.fixture
def export(shared_fixtures):
    return shared_fixtures / "synthetic" / "chatgpt-2026-sharded"


def test_no_record_means_everything_in_scope_and_says_so(export):
    s = open_export(export).summary()
    assert s["consent_record"] is False and s["excluded_by_consent"] == 0


def test_full_scope_record_changes_nothing_but_the_flag(export, tmp_path):
    s = open_export(export, consent=_consent(tmp_path)).summary()
    assert s["consent_record"] is True
    assert (s["conversations"], s["messages"], s["memories"]) == (3, 27, 3)


def test_conversation_excluded_by_id(export, tmp_path):
    exp = open_export(export, consent=_consent(tmp_path, exclude={"ids": [B]}))
    assert [c.id for c in exp.conversations()] == [A, E]
    assert exp.stats.excluded_by_consent == 1 and dict(exp.stats.exclusion_reasons) == {"excluded_id": 1}
    decisions = [(keep, r) for _, raw, keep, r in exp.iter_raw_records("conversations-000.json")]
    assert decisions == [(True, None), (False, "consent:excluded_id")]


def test_conversation_excluded_by_title_glob_case_insensitive(export, tmp_path):
    exp = open_export(export, consent=_consent(tmp_path, exclude={"titles": ["*BRIEF*"]}))
    assert [c.title for c in exp.conversations()] == ["Lentil recipe", "Watercolor"]
    assert dict(exp.stats.exclusion_reasons) == {"excluded_title": 1}


def test_conversation_excluded_by_title_regex(export, tmp_path):
    exp = open_export(export, consent=_consent(tmp_path, exclude={"titles": ["re:^Water"]}))
    assert [c.title for c in exp.conversations()] == ["Lentil recipe", "Project brief"]


def test_date_range_drops_conversations_and_memories_outside_it(export, tmp_path):
    exp = open_export(export, consent=_consent(tmp_path, date_range={"start": "2026-01-01"}))
    assert [c.id for c in exp.conversations()] == [A, B]
    assert dict(exp.stats.exclusion_reasons) == {"date_range": 1, "memories:date_range": 2}
    assert [m.text for m in exp.memories] == ["User is vegetarian."]


def test_date_range_end_includes_the_whole_day(export, tmp_path):
    exp = open_export(export, consent=_consent(tmp_path, date_range={"end": "2026-01-01"}))
    assert [c.id for c in exp.conversations()] == [A, E]


def test_scope_without_memories_removes_traces_everywhere(export, tmp_path):
    exp = open_export(export, consent=_consent(tmp_path, scope=["conversations", "custom_instructions", "files"]))
    convs = list(exp.conversations())
    assert exp.memories == [] and exp.stats.memories == 0
    assert not any(m.kind == "memory_trace" for c in convs for m in c.messages)
    assert exp.stats.messages == 25
    raw = next(r for _, r, keep, _ in exp.iter_raw_records("conversations-000.json"))
    assert raw["mapping"]["a-mec"]["message"]["content"]["model_set_context"] == ""
    assert raw["mapping"]["a-bio"]["message"]["content"]["parts"] == [""]


def test_scope_without_custom_instructions_removes_them_everywhere(export, tmp_path):
    exp = open_export(export, consent=_consent(tmp_path, scope=["conversations", "memories", "files"]))
    convs = list(exp.conversations())
    assert exp.custom_instructions == []
    assert not any(m.kind == "custom_instructions" for c in convs for m in c.messages)
    assert exp.contributor.names == ()
    raws = [r for _, r, keep, _ in exp.iter_raw_records("conversations-001.json") if keep]
    assert "user_context_message_data" not in raws[0]["mapping"]["e-ci"]["message"]["metadata"]


def test_scope_without_files_drops_attachment_references(export, tmp_path):
    exp = open_export(export, consent=_consent(tmp_path, scope=["conversations", "memories", "custom_instructions"]))
    assert sum(len(c.attachments) for c in exp.conversations()) == 0
    assert exp.member_excluded("file-Up1oadExample0001.dat") == "consent:scope"
    raw = next(r for _, r, keep, _ in exp.iter_raw_records("conversations-000.json"))
    parts = raw["mapping"]["a-u2"]["message"]["content"]["parts"]
    assert all(isinstance(p, str) for p in parts)


def test_scope_without_conversations_keeps_only_memories_files(export, memories_dir, tmp_path):
    exp = open_export(export, consent=_consent(tmp_path, scope=["memories"]),
                      memories=[memories_dir / "manage-memories-copy-paste.txt"])
    assert list(exp.conversations()) == []
    assert exp.stats.excluded_by_consent == 3 and dict(exp.stats.exclusion_reasons) == {"scope": 3}
    assert exp.stats.memories == 3


def test_withdrawn_consent_refuses_the_export(export, tmp_path):
    with pytest.raises(InputError, match="consent withdrawn"):
        open_export(export, consent=_consent(tmp_path, withdrawn=True))


def test_consent_as_json_is_accepted(tmp_path):
    p = tmp_path / "consent.json"
    p.write_text(json.dumps({"contributor_id": "c-9", "date": "2026-01-05", "scope": ["conversations"],
                             "exclude": {"ids": ["x"], "titles": ["re:(?i)health"]}}))
    c = load_consent(p)
    assert c.scope == ["conversations"] and c.exclude.titles == ["re:(?i)health"]


@pytest.mark.parametrize(
    "fields, where",
    [
        ({"scope": ["photos"]}, "scope"),
        ({"contributor_id": None}, "contributor_id"),
        ({"exclude": {"titles": ["re:("]}}, "exclude.titles"),
        ({"date_range": {"start": "2026-02-01", "end": "2026-01-01"}}, "date_range"),
        ({"version": 2}, "version"),
    ],
)
def test_invalid_consent_record_names_the_field(tmp_path, fields, where):
    with pytest.raises(InputError) as ei:
        load_consent(_consent(tmp_path, **fields))
    assert where in str(ei.value)


def test_profile_and_consent_for_different_contributors_are_refused(export, tmp_path):
    profile = tmp_path / "profile.yaml"
    profile.write_text("contributor_id: c-999\nnames: [Someone Else]\n")
    with pytest.raises(InputError, match="different contributors"):
        open_export(export, consent=_consent(tmp_path), profile=profile)
