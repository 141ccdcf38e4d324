"""Faults: SIGKILL at random points, a full disk, a read-only output folder.

After a kill -9 during `privacy scrub` or `privacy pack` the output folder is either
absent or complete and valid, the workspace vault passes SQLite's integrity check and
every entry decrypts, and a rerun completes. A full disk and a read-only output
folder fail with one line on stderr (exit 1 or 2) and leave nothing behind.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import subprocess
from pathlib import Path

import pytest

from ingest import open_export
from privacy.cli import main
from synth.workspace import Workspace

from .builders import folder_text, leaks, pii_text, record, write_export, write_tasks
from .conftest import PYTHON, REPO, child_env

N_CONVERSATIONS = 40


def _export(root: Path) -> Path:
    return write_export(root / "export", [record(i, [pii_text(i), "and some more plans " * 20]) for i in range(N_CONVERSATIONS)])


def _kill_rounds(tmp_path: Path, seed: int, rounds: int, args: list[str]) -> list[dict]:
    proc = subprocess.run(
        [PYTHON, str(REPO / "tests/hardening/forkkill.py"), str(seed), str(rounds), str(tmp_path / "out"),
         str(tmp_path / "ws"), "--", *args],
        capture_output=True, text=True, env=child_env(), timeout=600, cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    rows = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [r["exit"] for r in rows[:2]] == [0, 0], proc.stderr[-2000:]
    return rows[2:]


def assert_complete_scrub(out: Path) -> None:
    summary = json.loads((out / "summary.json").read_text())
    assert summary
    for line in (out / "redaction_report.jsonl").read_text().splitlines():
        json.loads(line)
    assert (out / "report.html").stat().st_size > 0
    assert sum(1 for _ in open_export(out).conversations()) == N_CONVERSATIONS
    assert leaks(folder_text(out)) == []


def assert_complete_packs(out: Path) -> None:
    manifests = sorted(out.rglob("manifest.json"))
    assert manifests
    for manifest in manifests:
        files = json.loads(manifest.read_text())["files"]
        on_disk = {p.relative_to(manifest.parent).as_posix() for p in manifest.parent.rglob("*")
                   if p.is_file() and p != manifest}
        assert set(files) == on_disk
        for rel, meta in files.items():
            assert hashlib.sha256((manifest.parent / rel).read_bytes()).hexdigest() == meta["sha256"]
    assert leaks(folder_text(out)) == []


def assert_vault_sound(ws_path: Path) -> None:
    import sqlite3

    db = sqlite3.connect(ws_path / "vault.sqlite")
    try:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        db.close()
    with Workspace.open(ws_path) as ws:
        entries = list(ws.vault.entries(include_internal=True))  # every original decrypts
    assert entries


def _check_rounds(rows: list[dict], complete) -> int:
    killed = 0
    for row in rows:
        assert row["vault"] in ("ok", "absent"), row
        out = Path(row["out"])
        if row["exit"] == 0:
            complete(out)
        else:
            assert row["exit"] == -9, row
            killed += 1
            assert not out.exists() or complete(out) is None
    return killed


@pytest.mark.slow
def test_kill_9_during_scrub_leaves_no_output_or_a_complete_one_and_a_sound_vault(tmp_path):
    export = _export(tmp_path)
    rows = _kill_rounds(tmp_path, seed=1, rounds=5, args=[
        "scrub", str(export), "--out", "{out}", "--workspace", str(tmp_path / "ws"), "--quiet"])
    assert _check_rounds(rows, assert_complete_scrub) >= 3  # most kills land mid-run
    assert_vault_sound(tmp_path / "ws")
    for row in rows:  # every run completes when rerun, and cleans its hidden leftovers
        out = Path(row["out"])
        assert main(["scrub", str(export), "--out", str(out), "--workspace", str(tmp_path / "ws"), "-q", "--force"]) == 0
        assert_complete_scrub(out)
    assert not list(tmp_path.glob(".out-*.partial-*"))


@pytest.mark.slow
def test_kill_9_during_pack_leaves_no_output_or_a_complete_one_and_a_sound_vault(tmp_path):
    tasks = write_tasks(tmp_path / "tree", n_conversations=12)
    rows = _kill_rounds(tmp_path, seed=2, rounds=5, args=[
        "pack", str(tasks), "--out", "{out}", "--workspace", str(tmp_path / "ws")])
    assert _check_rounds(rows, assert_complete_packs) >= 3
    assert_vault_sound(tmp_path / "ws")
    for row in rows:
        out = Path(row["out"])
        assert main(["pack", str(tasks), "--out", str(out), "--workspace", str(tmp_path / "ws"), "--force"]) == 0
        assert_complete_packs(out)
    assert not list(tmp_path.glob(".out-*.partial-*"))


# ---- full disk and read-only folders ------------------------------------------------------

@contextlib.contextmanager
def tmpfs(where: Path, size: str, readonly: bool = False):
    """A tiny tmpfs mounted at ``where`` (root only; the test is skipped otherwise)."""
    where.mkdir()
    opts = f"size={size}" + (",ro" if readonly else "")
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", opts, "tmpfs", str(where)],
                                           capture_output=True).returncode != 0:
        pytest.skip("needs root to mount a tmpfs")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=True)  # lazy: a vault may still be open


def _fails_cleanly(code: int, err: str, parent: Path) -> None:
    assert code in (1, 2), err
    assert err.count("\n") == 1 and err.startswith("privacy: ") and "Traceback" not in err
    assert not leaks(err)
    assert list(parent.iterdir()) == []  # no output, no hidden partial folder


def test_a_full_disk_during_scrub_exits_1_and_leaves_nothing(tmp_path, detector, capsys):
    export = _export(tmp_path)
    with tmpfs(tmp_path / "small", "96k") as small:
        code = main(["scrub", str(export), "--out", str(small / "out"), "--workspace", str(tmp_path / "ws"), "-q"])
        _fails_cleanly(code, capsys.readouterr().err, small)
    assert code == 1


def test_a_full_disk_during_pack_fails_cleanly_and_leaves_nothing(tmp_path, detector, capsys):
    tasks = write_tasks(tmp_path / "tree", n_conversations=12)
    with tmpfs(tmp_path / "small", "24k") as small:
        code = main(["pack", str(tasks), "--out", str(small / "packs"), "--workspace", str(tmp_path / "ws")])
        _fails_cleanly(code, capsys.readouterr().err, small)


def test_scrub_into_a_read_only_folder_fails_cleanly(tmp_path, detector, capsys):
    export = _export(tmp_path)
    with tmpfs(tmp_path / "ro", "1m", readonly=True) as ro:
        code = main(["scrub", str(export), "--out", str(ro / "out"), "--workspace", str(tmp_path / "ws"), "-q"])
        _fails_cleanly(code, capsys.readouterr().err, ro)


def test_pack_into_a_read_only_folder_fails_cleanly(tmp_path, detector, capsys):
    tasks = write_tasks(tmp_path / "tree", n_conversations=2)
    with tmpfs(tmp_path / "ro", "1m", readonly=True) as ro:
        code = main(["pack", str(tasks), "--out", str(ro / "packs"), "--workspace", str(tmp_path / "ws")])
        _fails_cleanly(code, capsys.readouterr().err, ro)


def test_a_workspace_on_a_full_disk_fails_cleanly_and_the_vault_stays_sound(tmp_path, detector, capsys):
    export = _export(tmp_path)
    with tmpfs(tmp_path / "small", "40k") as small:
        code = main(["scrub", str(export), "--out", str(tmp_path / "out"), "--workspace", str(small / "ws"), "-q"])
        err = capsys.readouterr().err
        assert code == 1 and err.count("\n") == 1 and "Traceback" not in err, err
        assert "workspace vault cannot be written (disk full)" in err
        assert not (tmp_path / "out").exists() and not list(tmp_path.glob(".out.partial-*"))
        if (small / "ws" / "vault.sqlite").exists():
            import sqlite3

            db = sqlite3.connect(small / "ws" / "vault.sqlite")
            assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            db.close()
