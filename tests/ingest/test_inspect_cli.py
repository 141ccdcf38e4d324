"""``privacy inspect`` through the real CLI: counts for people and as JSON, and every bad input."""

from __future__ import annotations

import json
import zipfile

import pytest

from privacy.cli import main

CANARY = "Zanzibar-Canary-7781"  # text inside bad inputs that must never reach an error line


def _inspect_json(capsys, *args):
    assert main(["inspect", *map(str, args), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize(
    "rel, expected",
    [
        ("chatgpt/librechat__chatgpt-tree.json",
         {"conversations": 1, "archived_dropped": 0, "skipped": 0, "messages": 7, "memories": 0,
          "custom_instructions": 0, "attachments": 0, "content_types": {"text": 7}}),
        ("chatgpt/librechat__chatgpt-modern-export.json",
         {"conversations": 2, "archived_dropped": 0, "skipped": 1, "messages": 7, "memories": 0,
          "custom_instructions": 1, "attachments": 0, "content_types": {"text": 6, "user_editable_context": 1}}),
        ("synthetic/chatgpt-2026-sharded",
         {"conversations": 3, "archived_dropped": 1, "skipped": 1, "messages": 27, "memories": 3,
          "custom_instructions": 2, "attachments": 4}),
        ("synthetic/chatgpt-memories",
         {"conversations": 0, "archived_dropped": 0, "skipped": 0, "messages": 0, "memories": 3,
          "custom_instructions": 0, "attachments": 0, "content_types": {}}),
        ("claude/pdp-split-export",
         {"conversations": 3, "archived_dropped": 0, "skipped": 0, "messages": 4, "memories": 2,
          "custom_instructions": 0, "attachments": 1, "content_types": {"text": 4}}),
    ],
)
def test_inspect_json_counts_on_every_fixture(capsys, shared_fixtures, rel, expected):
    data = _inspect_json(capsys, shared_fixtures / rel)
    assert {k: data[k] for k in expected} == expected
    assert data["consent_record"] is False and data["excluded_by_consent"] == 0


def test_inspect_readable_output_names_the_counts(capsys, shared_fixtures):
    assert main(["inspect", str(shared_fixtures / "synthetic" / "chatgpt-2026-sharded")]) == 0
    out = capsys.readouterr().out
    assert "conversations kept:     3" in out
    assert "archived (dropped):     1" in out
    assert "skipped records:        1" in out
    assert "consent record:         none given" in out
    assert "sonic_webpage" in out
    assert "vegetarian" not in out  # counts only, never text


def test_inspect_with_memories_and_consent(capsys, shared_fixtures, tmp_path):
    consent = tmp_path / "consent.yaml"
    consent.write_text("contributor_id: c-1\ndate: 2026-02-01\nexclude:\n  titles: ['Water*']\n")
    extra = tmp_path / "more.txt"
    extra.write_text("User owns a cat.\n")
    data = _inspect_json(capsys, shared_fixtures / "synthetic" / "chatgpt-2026-sharded",
                         "--memories", extra, "--consent", consent)
    assert (data["conversations"], data["excluded_by_consent"], data["memories"]) == (2, 1, 4)
    assert data["exclusion_reasons"] == {"excluded_title": 1}
    assert data["consent_record"] is True
    assert main(["inspect", str(shared_fixtures / "synthetic" / "chatgpt-2026-sharded"), "--consent",
                 str(consent)]) == 0
    assert "excluded by consent:    1" in capsys.readouterr().out


# -- bad input: exit 2, one line, no traceback, no content ------------------------


def _conv_text(text):
    return {"id": "c1", "title": "t", "create_time": 1.0, "update_time": 1.0, "current_node": "n",
            "mapping": {"n": {"id": "n", "parent": None, "message": {
                "id": "n", "author": {"role": "user"}, "content": {"content_type": "text", "parts": [text]}}}}}


def _bad_inputs(tmp_path, shared_fixtures):
    """name -> (argv after 'inspect', expected fragment of the error line)."""
    good = json.dumps([_conv_text(f"hello {CANARY}"), _conv_text(f"bye {CANARY}")]).encode()
    (tmp_path / "truncated.json").write_bytes(good[: len(good) // 2])
    cut = good.index(b"}, {") + 1
    (tmp_path / "invalid.json").write_bytes(good[:cut] + b" " + CANARY.encode() + good[cut + 1:])
    (tmp_path / "scalar.json").write_text(json.dumps(CANARY))
    (tmp_path / "conversations.json").write_text("[1, 2, 3]")
    (tmp_path / "object.json").write_text(json.dumps({"note": CANARY}))
    (tmp_path / "garbage.zip").write_bytes(b"PK\x03\x04" + CANARY.encode() * 10)
    with zipfile.ZipFile(tmp_path / "escape.zip", "w") as zf:
        zf.writestr("conversations.json", "[]")
        zf.writestr("../../outside.json", CANARY)
    bad_version = _conv_text(CANARY)
    bad_version["mapping"] = [CANARY]
    (tmp_path / "version.json").write_text(json.dumps([bad_version]))
    claude = tmp_path / "claude9"
    claude.mkdir()
    (claude / "manifest.json").write_text(json.dumps({"data_files": [], "version": "9.0"}))
    consent = tmp_path / "withdrawn.yaml"
    consent.write_text(f"contributor_id: c-1\ndate: 2026-01-01\nwithdrawn: true\n# {CANARY}\n")
    bad_consent = tmp_path / "bad-consent.yaml"
    bad_consent.write_text(f"contributor_id: c-1\ndate: 2026-01-01\nscope: [{CANARY}]\n")
    sharded = str(shared_fixtures / "synthetic" / "chatgpt-2026-sharded")
    return {
        "missing path": ([str(tmp_path / "nope.zip")], "no such file or folder"),
        "unreadable zip": ([str(tmp_path / "garbage.zip")], "not a readable zip file"),
        "truncated json": ([str(tmp_path / "truncated.json")], "truncated JSON at byte"),
        "invalid json": ([str(tmp_path / "invalid.json")], f"invalid JSON at byte {cut + 1}"),
        "scalar json": ([str(tmp_path / "scalar.json")], "wrong shape"),
        "array of numbers": ([str(tmp_path / "conversations.json")], "[record 0]: wrong shape"),
        "object of wrong shape": ([str(tmp_path / "object.json")], "wrong shape"),
        "zip entry escapes": ([str(tmp_path / "escape.zip")], "escapes the export folder"),
        "unknown record version": ([str(tmp_path / "version.json")], "[record 0]: unknown record version"),
        "unknown export version": ([str(claude)], "unknown export version"),
        "missing memories file": ([sharded, "--memories", str(tmp_path / "none.txt")], "no such file"),
        "withdrawn consent": ([sharded, "--consent", str(consent)], "consent withdrawn"),
        "invalid consent": ([sharded, "--consent", str(bad_consent)], "invalid consent record (scope.0"),
    }


CASES = ["missing path", "unreadable zip", "truncated json", "invalid json", "scalar json", "array of numbers",
         "object of wrong shape", "zip entry escapes", "unknown record version", "unknown export version",
         "missing memories file", "withdrawn consent", "invalid consent"]


@pytest.mark.parametrize("case", CASES)
def test_bad_input_is_one_line_exit_2_without_content(capsys, tmp_path, shared_fixtures, case):
    argv, fragment = _bad_inputs(tmp_path, shared_fixtures)[case]
    assert main(["inspect", *argv]) == 2
    captured = capsys.readouterr()
    err = captured.err
    assert err.count("\n") == 1 and err.startswith("privacy: error: ")
    assert fragment in err
    assert "Traceback" not in err and CANARY not in err and CANARY not in captured.out
    assert captured.out == ""


def test_records_stream_before_a_truncation_is_found(tmp_path):
    from ingest import open_export
    from ingest.errors import InputError

    recs = [_conv_text(f"message {i}") | {"id": f"c{i}"} for i in range(50)]
    data = json.dumps(recs).encode()
    f = tmp_path / "conversations.json"
    f.write_bytes(data[: int(len(data) * 0.9)])
    exp = open_export(f)
    seen = []
    with pytest.raises(InputError, match="truncated JSON"):
        for idx, raw, keep, reason in exp.iter_raw_records("conversations.json"):
            seen.append(idx)
    assert 30 < len(seen) < 50
