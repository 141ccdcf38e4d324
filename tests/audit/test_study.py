"""Issue 17's study: three contributors scrubbed into one workspace and packed.

Every ``privacy audit`` of every output passes (exit 0); the same outputs with one
original planted fail (exit 1), whatever the planted form: another case, another phone
grouping, an e-mail, a JSON escape, a file name.
"""

from __future__ import annotations

import json
import shutil

import pytest

from privacy.cli import main

from .study import DANA, DANA_EMAIL, DANA_PHONE, FRIEND, build_study


@pytest.fixture(scope="module")
def study(tmp_path_factory, shared_fixtures):
    return build_study(tmp_path_factory.mktemp("study"), shared_fixtures)


def _audit(out, ws, capsys, *extra) -> tuple[int, dict]:
    capsys.readouterr()
    rc = main(["audit", str(out), "--workspace", str(ws), "--json", *extra])
    return rc, json.loads(capsys.readouterr().out)


def _leaks(report: dict) -> list[dict]:
    return next(c for c in report["checks"] if c["name"] == "leak")["findings"]


def _originals(ws_path) -> set[tuple[str, str]]:
    from synth.workspace import Workspace

    with Workspace.open(ws_path) as ws:
        return {(t, o) for t, o, _s, _k in ws.vault.entries()}


@pytest.mark.parametrize("which", range(4), ids=["contributor-a", "contributor-b", "contributor-c", "packs"])
def test_every_output_of_a_three_contributor_study_passes_its_audit(study, which, capsys):
    rc, report = _audit(study["outputs"][which], study["ws"], capsys)
    assert (rc, report["verdict"]) == (0, "PASS"), json.dumps(report, indent=1)[:4000]


def test_the_study_vault_holds_the_originals_the_plants_use(study):
    held = {o.casefold() for _t, o in _originals(study["ws"])}
    assert {DANA.casefold(), DANA_EMAIL, DANA_PHONE.casefold(), FRIEND.casefold()} <= held


def _plant_json(out, text: str) -> None:
    """Append ``text`` (already JSON-escaped as wanted) to the first message of a conversations file."""
    conv = next(p for p in sorted(out.glob("conversations*.json")))
    raw = conv.read_text(encoding="utf-8")
    i = raw.index("[", raw.index('"parts"')) + 1
    i = raw.index('"', i) + 1
    conv.write_text(raw[:i] + text + " " + raw[i:], encoding="utf-8")


PLANTS = {
    "name in other case": lambda out: _plant_json(out, DANA.upper()),
    "phone in other grouping": lambda out: _plant_json(out, "call 312.555.7719 tonight"),
    "e-mail": lambda out: _plant_json(out, f"write to {DANA_EMAIL}"),
    "name inside a JSON escape": lambda out: _plant_json(out, "\\u004b" + FRIEND[1:]),
    "name in a file name": lambda out: (out / f"{FRIEND.lower().replace(' ', '-')}-notes.txt").write_text("notes\n"),
}


@pytest.mark.parametrize("plant", sorted(PLANTS))
def test_an_original_planted_in_its_contributors_output_fails_the_audit(study, plant, tmp_path, capsys):
    out = shutil.copytree(study["outputs"][1], tmp_path / "contributor-b.scrubbed")
    PLANTS[plant](out)
    rc, report = _audit(out, study["ws"], capsys, "--no-residual")
    assert rc == 1 and report["verdict"] == "FAIL"
    (finding,) = _leaks(report)
    assert finding["entity_type"] in ("PERSON", "PHONE_NUMBER", "EMAIL_ADDRESS")
    shown = json.dumps(report).lower()
    assert "okafor" not in shown and "adeyemi" not in shown and "7719" not in shown


def test_a_rare_original_of_one_contributor_fails_in_another_contributors_output(study, tmp_path, capsys):
    out = shutil.copytree(study["outputs"][0], tmp_path / "contributor-a.scrubbed")
    _plant_json(out, f"cc {DANA_EMAIL} and {FRIEND}")
    rc, report = _audit(out, study["ws"], capsys, "--no-residual")
    assert rc == 1
    assert sorted(f["entity_type"] for f in _leaks(report)) == ["EMAIL_ADDRESS", "PERSON"]


def test_a_first_name_alone_of_another_contributor_is_no_leak(study, tmp_path, capsys):
    # "Kelechi" is Dana's friend: written alone in contributor C's output it identifies no one
    out = shutil.copytree(study["outputs"][2], tmp_path / "contributor-c.scrubbed")
    _plant_json(out, f"ask {FRIEND.split()[0]}")
    rc, report = _audit(out, study["ws"], capsys, "--no-residual")
    assert _leaks(report) == [] and rc == 3  # nothing fails; INCOMPLETE: check 2 did not run


def test_leak_findings_are_grouped_by_original_with_a_count_and_places(study, tmp_path, capsys):
    out = shutil.copytree(study["outputs"][1], tmp_path / "contributor-b.scrubbed")
    _plant_json(out, f"{DANA_EMAIL} / {DANA_EMAIL.upper()}")
    (out / f"{DANA_EMAIL}.txt").write_text(f"{DANA_EMAIL}\n")
    rc, report = _audit(out, study["ws"], capsys, "--no-residual")
    (finding,) = _leaks(report)
    # two hits in conversations.json, one in the .txt file and one in its name: one finding
    assert finding["count"] == 4 and len(finding["files"]) == 2 and len(finding["locations"]) == 4


def test_an_original_planted_in_the_packs_folder_fails_check_one(study, tmp_path, capsys):
    packs = shutil.copytree(study["packs"], tmp_path / "packs")
    transcript = next((packs / "task-b-dinner/baseline/conversation_history").glob("*.md"))
    transcript.write_text(transcript.read_text() + f"\n{DANA.lower()} wrote this.\n")
    refs = packs / "task-c-meals/no_memories"
    (refs / f"{DANA_EMAIL}.txt").write_text("x\n")
    rc, report = _audit(packs, study["ws"], capsys, "--no-residual")
    assert rc == 1
    assert sorted(f["entity_type"] for f in _leaks(report)) == ["EMAIL_ADDRESS", "PERSON"]
