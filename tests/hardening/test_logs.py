"""No PII in logs or errors: every command at DEBUG, on PII-laden and on broken inputs.

`--log-level DEBUG` (or PRIVACY_LOG_LEVEL) logs to stderr, `--log-file` (PRIVACY_LOG_FILE)
to a 0600 file. Our loggers write counts, types and command names; any other
library's record (Presidio formats detected entities into its messages) is written as
logger name and level only. No planted original may appear on stdout, stderr or in
the log file, whatever the command and however it ends.
"""

from __future__ import annotations

import json
import logging
import stat
import warnings

import pytest

from privacy import logsetup
from privacy.cli import main

from .builders import EMAIL, NAME, PHONE, leaks, pii_text, record, write_export, write_tasks


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    root = tmp_path_factory.mktemp("logs")
    good = write_export(root / "export", [record(i, [pii_text(i)], title=NAME) for i in range(3)])
    broken = write_export(root / "broken", raw=(json.dumps([record(0, [pii_text()])])[:-40] + f' "{NAME} {EMAIL}"').encode())
    tasks = write_tasks(root / "tree")
    bad_tasks = root / "bad-tasks.yaml"
    bad_tasks.write_text(f"tasks:\n  - id: x\n    export: {NAME}.zip\n    prompt: call {PHONE}\n")
    memories = root / "memories.txt"
    memories.write_text(f"- {NAME} lives near the river\n- email {EMAIL}\n")
    return root, good, broken, tasks, bad_tasks, memories


def commands(root, good, broken, tasks, bad_tasks, memories):
    ws = str(root / "ws")
    return [
        ["version"],
        ["inspect", str(good), "--memories", str(memories)],
        ["inspect", str(broken)],
        ["scrub", str(good), "--out", str(root / "out"), "--workspace", ws, "--memories", str(memories), "--force"],
        ["scrub", str(broken), "--out", str(root / "out-broken"), "--workspace", ws],
        ["scrub", str(good), "--out", str(root / "out"), "--workspace", ws],  # refused: exists
        ["pack", str(tasks), "--out", str(root / "packs"), "--workspace", ws, "--force"],
        ["pack", str(bad_tasks), "--out", str(root / "packs-bad"), "--workspace", ws],
        ["audit", str(root / "out"), "--workspace", ws],
        ["audit", str(root / "packs"), "--workspace", ws, "--json"],
        ["review", str(root / "out"), "--workspace", ws, "--page", str(root / "ws" / "review.html")],  # the page holds originals, stdout none
        ["audit", str(good), "--workspace", ws],  # an unscrubbed export: the audit finds the leaks
        ["scrub", str(root / "missing.zip"), "--workspace", ws],
    ]


def test_every_command_at_debug_prints_and_logs_no_original(tree, detector, capsys, monkeypatch):
    root, *_ = tree
    log_file = root / "privacy.log"
    for args in commands(*tree):
        code = main(["--log-level", "DEBUG", "--log-file", str(log_file), *args])
        out, err = capsys.readouterr()
        assert "Traceback" not in err, args
        if args[:2] == ["audit", str(tree[1])]:
            # the audit of an unscrubbed export must say it leaks, by finding id and type, not by value
            assert code == 1
            assert leaks(err) == []
            continue
        assert leaks(out) == [] and leaks(err) == [], args
        if args[0] != "audit":
            assert code in (0, 2), (args, err)  # done or refused, never an internal error
    logged = log_file.read_text()
    assert leaks(logged) == []
    assert "command scrub started" in logged and "finished with exit code 2" in logged
    assert stat.S_IMODE(log_file.stat().st_mode) == 0o600


def test_errors_name_the_path_the_user_gave_and_nothing_from_inside_it(tree, capsys):
    """A path is the user's own words (documented in SECURITY.md): it is echoed as given."""
    root, *_ = tree
    missing = root / "holiday-export.zip"
    assert main(["scrub", str(missing), "--workspace", str(root / "ws")]) == 2
    assert capsys.readouterr().err == f"privacy: error: {missing}: no such file or folder\n"


def test_debug_logging_to_stderr_via_the_environment(tree, detector, capsys, monkeypatch):
    root, good, *_ = tree
    monkeypatch.setenv("PRIVACY_LOG_LEVEL", "DEBUG")
    assert main(["scrub", str(good), "--out", str(root / "out-env"), "--workspace", str(root / "ws"), "-q"]) == 0
    out, err = capsys.readouterr()
    assert "DEBUG" in err or "INFO" in err
    assert leaks(out + err) == []


def test_audit_output_of_a_leaking_folder_names_findings_without_values(tree, detector, capsys):
    root, good, *_ = tree
    assert main(["audit", str(good), "--workspace", str(root / "ws"), "--json"]) == 1
    out = capsys.readouterr().out
    assert leaks(out) == [], "the audit report must not quote the leaked originals"


def test_third_party_log_text_is_withheld(capsys):
    remove = logsetup.configure(logging.DEBUG)
    try:
        logging.getLogger("presidio-analyzer").debug(f"Returning {NAME} as PERSON")
        logging.getLogger("spacy").warning("token %s", EMAIL)
        with warnings.catch_warnings():
            warnings.simplefilter("always")
            warnings.warn(f"odd text {PHONE}")
        logging.getLogger("privacy.test").info("3 replacements of type %s", "PERSON")
    finally:
        remove()
    err = capsys.readouterr().err
    assert leaks(err) == []
    assert "presidio-analyzer: (third-party log text withheld" in err and "3 replacements of type PERSON" in err


def test_presidio_decision_process_tracer_is_off(capsys):
    logsetup.silence_third_party()
    logging.getLogger("decision_process").info(f"[id][{NAME}]")
    assert NAME not in capsys.readouterr().err


def test_an_unknown_log_level_is_a_usage_error(capsys):
    assert main(["--log-level", "LOUD", "version"]) == 2
    assert "--log-level" in capsys.readouterr().err
