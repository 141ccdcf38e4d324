"""A scrubbed export is the input export again: same file names, same layout, same shape.

Every shared fixture is scrubbed once (conftest ``scrubbed``) and compared with its input
file by file: names (less pseudonymized ids), object-or-array layout, the JSON tree (same
keys in the same order, same nesting, same types), and the records, which are the input's
less exactly those ``summary.json`` lists in ``records_dropped`` (privacy/scrub/records.py).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ingest import open_export
from privacy.scrub import ScrubOptions, scrub_export
from privacy.scrub.ids import ID_TOKEN, replace_id_tokens
from privacy.scrub.keys import ID_KEYED_DICTS, PERSONAL_NUMBER_KEYS

from synth.surrogates import SurrogateEngine

from scrub_helpers import ALL_FIXTURES, SHARDED, output_files

REPORTS = {"redaction_report.jsonl", "summary.json", "report.html"}
ASSET_SUFFIXES = (".dat", ".png", ".jpg", ".jpeg", ".webp", ".wav", ".pdf")


def _rel_files(root: Path) -> list[str]:
    if root.is_file():
        return [root.name]
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())


def _without_ids(name: str) -> str:
    return ID_TOKEN.sub("<id>", name)


def _input_file(src: Path, rel: str) -> Path:
    return src if src.is_file() else src / rel


def _pairs(src: Path, out: Path, ws) -> list[tuple[Path, Path]]:
    """(input file, output file) for every copied member: the input name, ids pseudonymized."""
    eng = SurrogateEngine(ws, contributor_id="")
    pairs = []
    for rel in _rel_files(src):
        if rel.endswith(ASSET_SUFFIXES):
            continue
        pairs.append((_input_file(src, rel), out / replace_id_tokens(rel, eng.pseudonym_id)))
    return pairs


@pytest.mark.parametrize("name", ALL_FIXTURES)
def test_every_output_file_keeps_its_input_name_less_pseudonymized_ids(scrubbed, name):
    src, result = scrubbed[name]
    written = {_without_ids(r) for r in _rel_files(result.out_dir)} - REPORTS
    expected = {_without_ids(r) for r in _rel_files(src) if not r.endswith(ASSET_SUFFIXES)}
    assert written == expected


def test_a_single_conversations_file_keeps_its_own_name(scrubbed):
    src, result = scrubbed["chatgpt/librechat__chatgpt-modern-export.json"]
    assert (result.out_dir / "librechat__chatgpt-modern-export.json").is_file()
    assert not (result.out_dir / "conversations.json").exists()


def test_a_one_record_file_stays_an_object(scrubbed):
    src, result = scrubbed["claude/pdp-split-export"]
    (design,) = list((result.out_dir / "design_chats-000" / "design_chats").glob("*.json"))
    obj = json.loads(design.read_text(encoding="utf-8"))
    assert isinstance(obj, dict) and "messages" in obj


def _same_shape(a, b, path: str = "$", parent_key: str = "") -> None:
    """The same JSON tree: keys in the same order (only id-keyed dicts' keys renamed),
    the same list lengths, the same types (personal numbers may become null)."""
    if isinstance(a, dict):
        assert isinstance(b, dict) and len(a) == len(b), path
        for (ka, va), (kb, vb) in zip(a.items(), b.items(), strict=True):
            assert ka == kb or parent_key in ID_KEYED_DICTS or ID_TOKEN.search(ka), f"{path}: key renamed"
            _same_shape(va, vb, f"{path}.{ka}", ka)
    elif isinstance(a, list):
        assert isinstance(b, list) and len(a) == len(b), f"{path}: {len(a)} != {len(b)}"
        for i, (va, vb) in enumerate(zip(a, b)):
            _same_shape(va, vb, f"{path}[{i}]", parent_key)
    elif isinstance(a, bool) or a is None:
        assert type(b) is type(a), path
    elif isinstance(a, (int, float)):
        assert isinstance(b, (int, float)) or (b is None and parent_key in PERSONAL_NUMBER_KEYS), path
    else:
        assert isinstance(b, str), path


def _less_dropped(obj, rel_out: str, summary: dict):
    """The input's records less those summary.json lists as dropped from that file."""
    gone = {d["index"] for d in summary["records_dropped"] if d["file"] == rel_out}
    if not gone or not isinstance(obj, list):
        return obj
    return [r for i, r in enumerate(obj) if i not in gone]


@pytest.mark.parametrize("name", ALL_FIXTURES)
def test_every_json_file_keeps_its_layout_keys_in_order_nesting_and_types(scrubbed, scrub_ws, name):
    src, result = scrubbed[name]
    manifest_files = {"export_manifest.json"}  # lists only the files written (tested apart)
    checked = 0
    for inp, out in _pairs(src, result.out_dir, scrub_ws):
        if not inp.name.endswith(".json") or inp.name in manifest_files:
            continue
        rel_out = out.relative_to(result.out_dir).as_posix()
        before = _less_dropped(json.loads(inp.read_text(encoding="utf-8")), rel_out, result.summary)
        after = json.loads(out.read_text(encoding="utf-8"))
        _same_shape(before, after)
        checked += 1
    assert checked


def test_records_without_a_mapping_are_kept_with_their_text_scrubbed(scrubbed):
    for name in ("chatgpt/librechat__chatgpt-modern-export.json", SHARDED):
        src, result = scrubbed[name]
        with open_export(src) as before, open_export(result.out_dir) as after:
            list(before.conversations()), list(after.conversations())
            assert before.stats.skipped == after.stats.skipped >= 1
        assert all(d["reason"] != "skipped:no_mapping" for d in result.summary["records_dropped"])


def test_dropped_records_are_listed_by_file_index_and_reason(scrubbed):
    src, result = scrubbed[SHARDED]
    assert result.summary["records_dropped"] == [
        {"file": "conversations-001.json", "index": 0, "reason": "archived"}
    ]
    assert result.summary["conversations"]["archived_dropped"] == 1


@pytest.mark.parametrize("name", ALL_FIXTURES)
def test_ingest_counts_of_the_output_equal_the_inputs_less_what_was_dropped(scrubbed, name):
    src, result = scrubbed[name]
    with open_export(src) as before, open_export(result.out_dir) as after:
        a = [len(c.messages) for c in before.conversations()]
        b = [len(c.messages) for c in after.conversations()]
        assert sorted(a) == sorted(b)
        s1, s2 = before.stats, after.stats
        assert (s2.archived_dropped, s2.skipped) == (0, s1.skipped)
        assert len(after.memories) == len(before.memories)
        assert len(after.custom_instructions) == len(before.custom_instructions)


def test_an_archived_one_record_file_is_not_written_and_is_listed(scrub_ws, tmp_path):
    src = tmp_path / "export" / "design_chats"
    src.mkdir(parents=True)
    (tmp_path / "export" / "users.json").write_text(json.dumps([{"uuid": "u-1", "full_name": "Ada Stone"}]))
    (src / "6a000000-0000-8000-8000-00000000000b.json").write_text(json.dumps({
        "uuid": "6a000000-0000-8000-8000-00000000000b", "title": "old", "is_archived": True,
        "messages": [{"uuid": "m1", "sender": "human", "content": {"content": "hi"}}],
    }))
    result = scrub_export(tmp_path / "export", tmp_path / "out", workspace=scrub_ws, options=ScrubOptions())
    assert not list((tmp_path / "out").rglob("design_chats/*.json"))
    assert [d["reason"] for d in result.summary["records_dropped"]] == ["archived"]
    assert len(result.summary["members_dropped"]) == 1


def test_a_file_name_holding_a_persons_name_comes_out_with_the_surrogate(scrub_ws, tmp_path):
    record = {
        "id": "6a000000-0000-8000-8000-00000000000c", "title": "Notes for Priya Raman", "create_time": 1700000000.0,
        "current_node": "b", "mapping": {
            "a": {"id": "a", "message": None, "parent": None, "children": ["b"]},
            "b": {"id": "b", "parent": "a", "children": [], "message": {
                "id": "b", "author": {"role": "user"}, "create_time": 1700000000.0,
                "content": {"content_type": "text", "parts": ["Priya Raman called me about the lease."]}}},
        },
    }
    src = tmp_path / "priya-raman-export.json"
    src.write_text(json.dumps([record]), encoding="utf-8")
    scrub_export(src, tmp_path / "out", workspace=scrub_ws, options=ScrubOptions())
    (written,) = [p for p in output_files(tmp_path / "out") if p.name not in REPORTS]
    assert written.name.endswith("-export.json") and "priya" not in written.name.lower()
    title = json.loads(written.read_text())[0]["title"]
    assert written.name[: -len("-export.json")].replace("-", " ") == title[len("Notes for "):].lower()  # case kept


@pytest.mark.parametrize("name", ALL_FIXTURES)
def test_every_json_file_is_written_in_its_inputs_style(scrubbed, scrub_ws, name):
    """Same byte-order mark, escaping, separators and indent (privacy/scrub/jsonstyle.py)."""
    from privacy.scrub.jsonstyle import SNIFF_BYTES, sniff

    src, result = scrubbed[name]
    for inp, out in _pairs(src, result.out_dir, scrub_ws):
        if inp.name.endswith(".json"):
            assert sniff(out.read_bytes()[:SNIFF_BYTES]) == sniff(inp.read_bytes()[:SNIFF_BYTES]), inp.name


def test_an_indented_conversations_file_comes_out_indented_the_same_way(scrubbed):
    src, result = scrubbed["claude/pdp-split-export"]
    before = (src / "conversations-000" / "conversations.json").read_text(encoding="utf-8")
    after = (result.out_dir / "conversations-000" / "conversations.json").read_text(encoding="utf-8")
    assert before.startswith("[\n\t{\n\t\t\"") and after.startswith("[\n\t{\n\t\t\"")
    assert after == json.dumps(json.loads(after), indent="\t", ensure_ascii=False) + "\n"  # exactly that layout
