"""The scrub building blocks on their own: keys, identifiers, offsets, walker, atomic output."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ingest.errors import InputError
from privacy.scrub.apply import Span, apply_spans, resolve_overlaps
from privacy.scrub.atomic import AtomicDir
from privacy.scrub.ids import pseudonymize_identifier, pseudonymize_member_name, shift_timestamp_text
from privacy.scrub.keys import classify
from privacy.scrub.walker import Where, rewrite


def fake_pseudonym(value: str) -> str:
    # a reversible-looking but obviously different id, enough for shape tests
    return "P" + str(len(value)) + "x" * 4


class Marking:
    """A visitor that marks each treatment, to see which leaves went where."""

    def __init__(self):
        self.paths = []

    def text(self, value, where):
        self.paths.append((where.path(), where.conversation, where.message))
        return f"T({value})"

    def identifier(self, value):
        return f"I({value})"

    def timestamp(self, value):
        return ("S", value)

    def key(self, value):
        return f"K({value})"


def test_structural_keys_are_kept_and_unknown_keys_are_text():
    assert classify("role", "user") == "structural"
    assert classify("content_type", "text") == "structural"
    assert classify("brand_new_key", "Alice") == "text"
    assert classify(None, "Alice") == "text"


def test_identifier_keys_include_suffixes():
    assert classify("parent", "abc") == "identifier"
    assert classify("origination_thread_id", "abc") == "identifier"
    assert classify("parent_message_uuid", "abc") == "identifier"


def test_timestamp_keys_only_when_the_value_is_a_timestamp():
    assert classify("create_time", 1767225600.0) == "timestamp"
    assert classify("created_at", "2026-01-01T00:01:00.000000Z") == "timestamp"
    assert classify("created_at", "last tuesday at Bob's") == "text"


def test_walker_treats_each_leaf_by_its_key_and_keeps_structure():
    rec = {
        "title": "Call Alice",
        "create_time": 5.0,
        "current_node": "n2",
        "mapping": {
            "n1": {"id": "n1", "parent": None, "children": ["n2"], "message": None},
            "n2": {"id": "n2", "parent": "n1", "message": {"author": {"role": "user"},
                   "content": {"content_type": "text", "parts": ["hi Alice"]}}},
        },
        "flag": True,
        "count": 3,
    }
    v = Marking()
    out = rewrite(rec, v, Where(conversation="C"))
    assert out["title"] == "T(Call Alice)"
    assert out["create_time"] == ("S", 5.0)
    assert out["current_node"] == "I(n2)"
    assert set(out["mapping"]) == {"I(n1)", "I(n2)"}
    node = out["mapping"]["I(n2)"]
    assert node["parent"] == "I(n1)" and node["message"]["author"]["role"] == "user"
    assert node["message"]["content"]["parts"] == ["T(hi Alice)"]
    assert out["mapping"]["I(n1)"]["children"] == ["I(n2)"]
    assert out["flag"] is True and out["count"] == 3
    assert ('$.mapping["I(n2)"].message.content.parts[0]', "C", "I(n2)") in v.paths


def test_walker_nulls_personal_numbers():
    assert rewrite({"birth_year": 1990}, Marking()) == {"birth_year": None}


def test_walker_pseudonymizes_non_plain_dict_keys():
    out = rewrite({"file-Up1oadExample0001.dat": "photo.png"}, Marking())
    assert out == {"K(file-Up1oadExample0001.dat)": "T(photo.png)"}


def test_offsets_point_into_the_output_text():
    text = "Call Alice at 555-0100 or Bob."
    spans = [Span(5, 10, "Marguerite", "p"), Span(14, 22, "+1 202 555 0199", "ph"), Span(26, 29, "Al", "b")]
    out, applied = apply_spans(text, spans)
    assert out == "Call Marguerite at +1 202 555 0199 or Al."
    for a in applied:
        assert out[a.start : a.end] == a.replacement


def test_overlapping_secondary_spans_are_dropped():
    ids = [Span(0, 5, "ID")]
    pii = [Span(3, 8, "X"), Span(9, 10, "Y")]
    assert [(s.start, s.replacement) for s in resolve_overlaps(ids, pii)] == [(0, "ID"), (9, "Y")]


def test_identifier_with_scheme_keeps_the_scheme():
    assert pseudonymize_identifier("sediment://file_00000000aaaa61f6", fake_pseudonym).startswith("sediment://P")


def test_member_names_keep_known_names_and_hide_ids_and_others():
    assert pseudonymize_member_name("conversations-000.json", fake_pseudonym) == "conversations-000.json"
    uuid = "00000000-0000-4000-8000-0000000000d1"
    assert pseudonymize_member_name(f"projects-000/projects/{uuid}.json", fake_pseudonym) == (
        "projects-000/projects/P36xxxx.json"
    )
    hidden = pseudonymize_member_name("john-smith-notes.txt", fake_pseudonym)
    assert "john" not in hidden and hidden.endswith(".txt")


def test_iso_timestamps_shift_and_keep_their_shape():
    day = 86400.0
    assert shift_timestamp_text("2026-01-01T00:01:00.000000Z", lambda t: t + day) == "2026-01-02T00:01:00.000000Z"
    assert shift_timestamp_text("2025-03-01T00:00:00.000000+00:00", lambda t: t - day) == "2025-02-28T00:00:00.000000+00:00"
    assert shift_timestamp_text("2026-01-02", lambda t: t + 2 * day) == "2026-01-04"
    assert shift_timestamp_text("not a date", lambda t: t) is None


def test_atomic_dir_appears_only_when_complete(tmp_path: Path):
    target = tmp_path / "out"
    with pytest.raises(RuntimeError):
        with AtomicDir(target) as tmp:
            (tmp / "half.json").write_text("[")
            raise RuntimeError("boom")
    assert not target.exists() and list(tmp_path.iterdir()) == []
    with AtomicDir(target) as tmp:
        (tmp / "done.json").write_text("[]")
    assert (target / "done.json").read_text() == "[]"


def test_atomic_dir_refuses_an_existing_target_unless_forced(tmp_path: Path):
    target = tmp_path / "out"
    target.mkdir()
    (target / "old").write_text("x")
    with pytest.raises(InputError):
        with AtomicDir(target):
            pass
    with AtomicDir(target, force=True) as tmp:
        (tmp / "new").write_text("y")
    assert sorted(os.listdir(target)) == ["new"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def test_export_file_names_are_recognised_only_as_whole_values():
    from privacy.scrub.ids import EXPORT_FILE_NAME

    assert EXPORT_FILE_NAME.match("conversations-000.json") and EXPORT_FILE_NAME.match("light_metadata-000.zip")
    assert not EXPORT_FILE_NAME.match("conversations-000.json was sent to Bob")
    assert not EXPORT_FILE_NAME.match("bob-smith.zip")


def test_keys_that_do_not_look_like_schema_keys_are_pseudonymized():
    out = rewrite({"John": 1, "mimeType": "image/png", "_private": 2}, Marking())
    assert out == {"K(John)": 1, "mimeType": "image/png", "_private": 2}


def test_long_fields_are_shown_as_excerpts_keeping_every_mark():
    from privacy.scrub.html import MAX_TEXT, ShownField, _render_text

    text = "x" * MAX_TEXT + " Ada " + "y" * MAX_TEXT + " Bo"
    a = text.index("Ada")
    b = text.index("Bo")
    line = {"entity_type": "PERSON", "recognizer": "r", "score": 0.9, "pass": "ner", "original_hash": "h" * 32}
    html = _render_text(ShownField("f", "$", None, text, [(a, a + 3, 1, line), (b, b + 2, 2, line)]))
    assert html.count("<mark") == 2 and ">Ada</mark>" in html and ">Bo</mark>" in html
    assert len(html) < 4000
