"""Verdicts change the next run: ``--allow``/``--allow-file``, ``not_pii`` (study or one
contributor), ``wrong_type``, through ``privacy scrub`` and ``privacy pack`` (the CLI)."""

from __future__ import annotations

import json
import shutil

import pytest
import yaml

from privacy.cli import main

from .study import DANA_ID, OVER_REDACTED, write_dana_export

KEPT = f"Answer in {OVER_REDACTED}, please."


@pytest.fixture
def dana(tmp_path):
    return write_dana_export(tmp_path / "contributor-b"), tmp_path / "ws"


def _scrub(export, ws, out, *extra) -> str:
    assert main(["scrub", str(export), "--out", str(out), "--workspace", str(ws), "--quiet", "--jobs", "1", "--force", *extra]) == 0
    return (out / "conversations.json").read_text()


def _over(ws_path):
    from synth.workspace import Workspace

    with Workspace.open(ws_path) as ws:
        return next((t, k) for t, o, _s, k in ws.vault.entries() if o == OVER_REDACTED)


def test_an_over_redaction_is_replaced_without_a_verdict(dana, tmp_path):
    export, ws = dana
    assert KEPT not in _scrub(export, ws, tmp_path / "out")  # the precondition of the tests below


def test_allow_keeps_a_value_as_written_in_the_next_scrub(dana, tmp_path):
    export, ws = dana
    assert KEPT in _scrub(export, ws, tmp_path / "out", "--allow", OVER_REDACTED)


def test_allow_file_keeps_its_values_in_a_pack(dana, tmp_path):
    export, ws = dana
    allow = tmp_path / "allow.txt"
    allow.write_text(f"# languages are no places\n{OVER_REDACTED}\n\n")
    tasks = tmp_path / "tasks.yaml"
    tasks.write_text(yaml.safe_dump({"tasks": [{"id": "task-b", "export": export.name, "prompt": "Plan the dinner."}]}))
    assert main(["pack", str(tasks), "--out", str(tmp_path / "packs"), "--workspace", str(ws), "--jobs", "1",
                 "--allow-file", str(allow)]) == 0
    history = "\n".join(p.read_text() for p in (tmp_path / "packs").rglob("*.md"))
    assert KEPT in history


def test_an_unreadable_allow_file_is_one_line_and_exit_two(dana, tmp_path, capsys):
    export, ws = dana
    rc = main(["scrub", str(export), "--out", str(tmp_path / "out"), "--workspace", str(ws), "--quiet",
               "--allow-file", str(tmp_path / "missing.txt")])
    err = capsys.readouterr().err
    assert rc == 2 and err.count("\n") == 1 and "cannot read the allow file" in err
    assert not (tmp_path / "out").exists()


def _review(path, **entry):
    path.write_text(yaml.safe_dump({"format": "privacy-audit-review/1", "reviews": [entry]}))
    return path


def test_wrong_type_gives_the_value_a_surrogate_of_the_right_type(dana, tmp_path):
    export, ws = dana
    out = tmp_path / "out"
    _scrub(export, ws, out)
    etype, kh = _over(ws)
    review = _review(tmp_path / "r.yaml", id="S-1", verdict="wrong_type", entity_type=etype, keyed_hash=kh,
                     new_type="ORGANIZATION")
    _scrub(export, ws, out, "--review", str(review))
    lines = [json.loads(x) for x in (out / "redaction_report.jsonl").read_text().splitlines()]
    assert etype != "ORGANIZATION" and "ORGANIZATION" in {x["entity_type"] for x in lines}
    assert all(x["original_hash"] != kh for x in lines)  # no longer replaced as the wrong type


def test_not_pii_for_one_contributor_keeps_the_value_only_in_their_data(dana, tmp_path):
    export, ws = dana
    other = shutil.copytree(export, tmp_path / "contributor-e")
    user = json.loads((other / "user.json").read_text())
    (other / "user.json").write_text(json.dumps({**user, "id": "user-EVE00000000000000000000", "name": "Eve Marsh"}))
    _scrub(export, ws, tmp_path / "b")
    etype, kh = _over(ws)
    from synth.workspace import Workspace

    with Workspace.open(ws) as w:
        tag = w.contributor_tag(DANA_ID)
    review = _review(tmp_path / "r.yaml", id="S-1", verdict="not_pii", entity_type=etype, keyed_hash=kh,
                     scope="contributor", contributor=tag)
    assert KEPT in _scrub(export, ws, tmp_path / "b", "--review", str(review))
    assert KEPT not in _scrub(other, ws, tmp_path / "e", "--review", str(review))


def test_a_contributor_scope_without_its_tag_is_refused(dana, tmp_path, capsys):
    export, ws = dana
    review = _review(tmp_path / "r.yaml", id="S-1", verdict="not_pii", keyed_hash="ab", scope="contributor")
    rc = main(["scrub", str(export), "--out", str(tmp_path / "out"), "--workspace", str(ws), "--quiet", "--review", str(review)])
    assert rc == 2 and "needs the 'contributor' tag" in capsys.readouterr().err


def test_a_rerun_with_the_same_review_file_is_byte_identical(dana, tmp_path):
    export, ws = dana
    review = _review(tmp_path / "r.yaml", id="M-1", verdict="leak", entity_type="PERSON", text="kwabena")
    out1, out2 = tmp_path / "one", tmp_path / "two"
    _scrub(export, ws, out1, "--review", str(review))
    _scrub(export, ws, out2, "--review", str(review))
    for name in ("conversations.json", "redaction_report.jsonl", "summary.json", "report.html"):
        assert (out1 / name).read_bytes() == (out2 / name).read_bytes(), name


def _friend_surrogates(tmp_path, *flags) -> tuple[str, str]:
    """The surrogate of the friend both contributors write about, in each one's output."""
    a = write_dana_export(tmp_path / "contributor-b")
    b = shutil.copytree(a, tmp_path / "contributor-e")
    (b / "user.json").write_text(json.dumps({"id": "user-EVE00000000000000000000", "name": "Eve Marsh"}))
    ws = tmp_path / "ws"
    out = []
    for export in (a, b):
        _scrub(export, ws, tmp_path / f"{export.name}.scrubbed", *flags)
        text = (tmp_path / f"{export.name}.scrubbed" / "conversations.json").read_text()
        out.append(text.split("My friend ", 1)[1].split(" turns", 1)[0])
    return out[0], out[1]


def test_a_friend_of_two_contributors_gets_a_surrogate_per_contributor(tmp_path):
    mine, theirs = _friend_surrogates(tmp_path)
    assert mine != theirs


def test_study_consistent_names_give_the_friend_one_surrogate_across_the_study(tmp_path):
    mine, theirs = _friend_surrogates(tmp_path, "--study-consistent-names")
    assert mine == theirs


def test_a_workspace_refuses_the_other_name_keying(dana, tmp_path, capsys):
    export, ws = dana
    _scrub(export, ws, tmp_path / "out")
    rc = main(["scrub", str(export), "--out", str(tmp_path / "out2"), "--workspace", str(ws), "--quiet",
               "--study-consistent-names"])
    err = capsys.readouterr().err
    assert rc == 2 and err.count("\n") == 1 and "keys person names by contributor" in err
