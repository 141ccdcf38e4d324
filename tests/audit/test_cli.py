"""``privacy audit`` through the real CLI: exit codes, JSON, HTML, review files."""

from __future__ import annotations

import json
import re

import yaml

from privacy.cli import main

from .conftest import clean_pack, clean_texts, write_tree


def test_a_clean_pack_exits_three_and_is_no_pass_while_a_check_did_not_run(tmp_path, known, capsys):
    packs = clean_pack(tmp_path / "packs", known)
    assert main(["audit", str(packs), "--workspace", str(known.ws.path), "--no-residual"]) == 3
    out = capsys.readouterr().out
    assert out.startswith("privacy audit of packs: INCOMPLETE\n")
    assert "not a pass: 2. Residual PII scan did not run" in out


def test_a_leak_exits_one_and_prints_no_original(tmp_path, known, capsys):
    files = clean_texts(known)
    files["notes.md"] += "Jane Doe at 415 555 2671\n"
    out = write_tree(tmp_path / "out", files)
    assert main(["audit", str(out), "--workspace", str(known.ws.path), "--no-residual"]) == 1
    captured = capsys.readouterr()
    text = (captured.out + captured.err).lower()
    assert "notes.md" in text and "jane" not in text and "555 2671" not in text


def test_json_output_is_one_object_with_the_verdict_and_every_check(tmp_path, known, capsys):
    out = write_tree(tmp_path / "out", clean_texts(known))
    assert main(["audit", str(out), "--workspace", str(known.ws.path), "--no-residual", "--json"]) == 3
    data = json.loads(capsys.readouterr().out)
    assert (data["passed"], data["verdict"], data["not_run"]) == (False, "INCOMPLETE", ["residual"])
    assert [c["name"] for c in data["checks"]] == ["leak", "residual", "integrity", "consistency"]


def test_without_workspace_the_report_says_check_one_was_skipped(tmp_path, known, capsys):
    out = write_tree(tmp_path / "out", clean_texts(known))
    assert main(["audit", str(out), "--no-residual", "--json"]) == 3
    leak = json.loads(capsys.readouterr().out)["checks"][0]
    assert leak["status"] == "skipped" and "no workspace" in leak["notes"][0]


def test_a_missing_folder_or_workspace_is_bad_input(tmp_path, known, capsys):
    assert main(["audit", str(tmp_path / "nope")]) == 2
    out = write_tree(tmp_path / "out", clean_texts(known))
    assert main(["audit", str(out), "--workspace", str(tmp_path / "no-ws")]) == 2
    assert not (tmp_path / "no-ws").exists()
    assert "privacy: error:" in capsys.readouterr().err


def test_html_and_review_template_are_written_and_the_review_is_read_back(tmp_path, known, capsys):
    files = clean_texts(known)
    files["notes.md"] += "Jane Doe\n"
    out = write_tree(tmp_path / "out", files)
    html, review = tmp_path / "audit.html", tmp_path / "review.yaml"
    args = ["audit", str(out), "--workspace", str(known.ws.path), "--no-residual"]
    assert main(args + ["--html", str(html), "--review-template", str(review)]) == 1
    # the original as a word, not its letters inside a surrogate ("Janette": the fixture's key is random)
    assert html.read_text().startswith("<!DOCTYPE html>") and not re.search(r"(?<!\w)jane(?!\w)", html.read_text().lower())
    data = yaml.safe_load(review.read_text())
    for row in data["reviews"]:
        row["verdict"] = "not_pii"
    review.write_text(yaml.safe_dump(data))
    assert main(args + ["--review", str(review)]) == 3  # reviewed: nothing fails; check 2 did not run


def test_the_exit_code_is_the_headline_through_the_cli_runner(tmp_path, known, capsys):
    """0 PASS, 1 FAIL, 3 INCOMPLETE, 2 bad input (``privacy.cli.main``, the console script's
    runner): a script that runs ``privacy audit ... && ship`` never ships an audit whose
    headline says a check did not run."""
    clean = write_tree(tmp_path / "clean", clean_texts(known))
    files = clean_texts(known)
    files["notes.md"] += "Jane Doe\n"
    leaky = write_tree(tmp_path / "leaky", files)
    ws = str(known.ws.path)
    cases = {
        "PASS": ["audit", str(clean), "--workspace", ws],
        "INCOMPLETE (no workspace)": ["audit", str(clean)],
        "INCOMPLETE (--no-residual)": ["audit", str(clean), "--workspace", ws, "--no-residual"],
        "FAIL": ["audit", str(leaky), "--workspace", ws],
        "FAIL while incomplete": ["audit", str(leaky), "--workspace", ws, "--no-residual"],
        "bad input": ["audit", str(tmp_path / "nope")],
    }
    got = {}
    for name, args in cases.items():
        capsys.readouterr()
        rc = main(args)
        headline = (capsys.readouterr().out.splitlines() or [""])[0]
        got[name] = (rc, headline.rsplit(": ", 1)[-1] if headline.startswith("privacy audit of") else "")
    assert got == {
        "PASS": (0, "PASS"),
        "INCOMPLETE (no workspace)": (3, "INCOMPLETE"),
        "INCOMPLETE (--no-residual)": (3, "INCOMPLETE"),
        "FAIL": (1, "FAIL"),
        "FAIL while incomplete": (1, "FAIL"),
        "bad input": (2, ""),
    }
