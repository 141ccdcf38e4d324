"""Secrets: the workspace key and vault are private, refused when exposed, never echoed.

The workspace folder is created 0700, the key file and the vault 0600 (with the SQLite
WAL side files), whatever the umask. A key file that group or others can read is
refused (exit 2, one line). Outputs, reports, logs and terminal output carry the key's
fingerprint, never the key: its raw bytes, hex and base64 forms are searched for.
"""

from __future__ import annotations

import base64
import os
import stat
from pathlib import Path

import pytest

from privacy.cli import main
from synth.workspace import Workspace

from .builders import write_export, write_tasks


def _mode(p: Path) -> int:
    return stat.S_IMODE(p.stat().st_mode)


@pytest.fixture
def open_umask():
    old = os.umask(0)  # the most permissive umask: modes must come from the tool, not the shell
    try:
        yield
    finally:
        os.umask(old)


def test_workspace_folder_key_and_vault_are_private_even_with_umask_0(tmp_path, detector, open_umask):
    ws = tmp_path / "deep" / "ws"
    assert main(["scrub", str(write_export(tmp_path / "export")), "--out", str(tmp_path / "out"),
                 "--workspace", str(ws), "-q"]) == 0
    assert _mode(ws) == 0o700
    assert _mode(ws / "key") == 0o600
    assert _mode(ws / "vault.sqlite") == 0o600
    for side in ("vault.sqlite-wal", "vault.sqlite-shm"):
        if (ws / side).exists():
            assert _mode(ws / side) & 0o077 == 0, side


@pytest.mark.parametrize("mode", [0o644, 0o640, 0o604, 0o660])
def test_a_key_readable_by_group_or_others_is_refused(tmp_path, capsys, mode):
    Workspace.open(tmp_path / "ws").close()
    os.chmod(tmp_path / "ws" / "key", mode)
    code = main(["scrub", str(write_export(tmp_path / "export")), "--out", str(tmp_path / "out"),
                 "--workspace", str(tmp_path / "ws")])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "readable by group or others" in err
    assert not (tmp_path / "out").exists()


def _key_forms(ws: Path) -> list[bytes]:
    b64 = (ws / "key").read_text().split()[1]
    raw = base64.b64decode(b64)
    forms = [raw, raw.hex().encode(), raw.hex().upper().encode(), b64.encode(), b64.rstrip("=").encode(),
             base64.urlsafe_b64encode(raw).rstrip(b"="), base64.b32encode(raw).rstrip(b"=")]
    with Workspace.open(ws) as w:  # derived secrets must not leak either
        for label in ("vault-cipher", "keyed-hash", "surrogate-seed", "date-offset", "export-id", "fingerprint"):
            sub = w.subkey(label)
            forms += [sub, sub.hex().encode(), base64.b64encode(sub).rstrip(b"=")]
    return forms


def test_the_key_never_appears_in_outputs_reports_logs_or_the_terminal(tmp_path, detector, capfdbinary):
    ws = tmp_path / "ws"
    log = tmp_path / "privacy.log"
    export = write_export(tmp_path / "export")
    tasks = write_tasks(tmp_path / "tree")
    runs = [
        ["scrub", str(export), "--out", str(tmp_path / "out"), "--workspace", str(ws)],
        ["pack", str(tasks), "--out", str(tmp_path / "packs"), "--workspace", str(ws)],
        ["audit", str(tmp_path / "out"), "--workspace", str(ws), "--json", "--html", str(tmp_path / "audit.html")],
        ["audit", str(tmp_path / "packs"), "--workspace", str(ws), "--review-template", str(tmp_path / "review.yaml")],
    ]
    for args in runs:
        main(["--log-level", "DEBUG", "--log-file", str(log), *args])
    captured = capfdbinary.readouterr()
    blobs = {"stdout": captured.out, "stderr": captured.err}
    for p in sorted(tmp_path.rglob("*")):
        if p.is_file() and ws not in p.parents:
            blobs[str(p.relative_to(tmp_path))] = p.read_bytes()
    assert "out/summary.json" in blobs and "audit.html" in blobs and "privacy.log" in blobs
    for form in _key_forms(ws):
        hits = [name for name, blob in blobs.items() if form in blob]
        assert hits == [], f"a form of the workspace key appears in {hits}"
    with Workspace.open(ws) as w:
        fingerprint = w.fingerprint.encode()
    assert any(fingerprint in blob for blob in blobs.values())  # reports name the workspace by fingerprint
