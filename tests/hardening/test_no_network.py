"""`privacy scrub`, `pack` and `audit` need no network: they run with sockets blocked.

A child process runs all three commands with a sitecustomize guard (tests/hardening/
netguard/) that makes every socket connection and name lookup fail and records the
attempt; the commands must succeed and the record must hold no attempt. When the
machine allows it (root, util-linux), the same child runs inside ``unshare -n``: a
network namespace with no interface but loopback-down, as documented in SECURITY.md.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from .builders import folder_text, leaks, write_export, write_tasks
from .conftest import PYTHON, REPO, child_env

DRIVER = """
import sys
from privacy.cli import main
ex, out, tasks, packs, ws = sys.argv[1:6]
codes = [main(["scrub", ex, "--out", out, "--workspace", ws, "-q"]),
         main(["pack", tasks, "--out", packs, "--workspace", ws]),
         main(["audit", out, "--workspace", ws, "--json"]),
         main(["audit", packs, "--workspace", ws, "--json"])]
print("CODES", *codes, file=sys.stderr)
"""


def _unshare_works() -> bool:
    return (os.geteuid() == 0 and shutil.which("unshare") is not None
            and subprocess.run(["unshare", "-n", "true"], capture_output=True).returncode == 0)


def test_scrub_pack_and_audit_work_with_the_network_blocked_and_try_no_connection(tmp_path):
    export = write_export(tmp_path / "export")
    tasks = write_tasks(tmp_path / "tree")
    log = tmp_path / "net.log"
    cmd = [PYTHON, "-c", DRIVER, str(export), str(tmp_path / "out"), str(tasks), str(tmp_path / "packs"),
           str(tmp_path / "ws")]
    if _unshare_works():
        cmd = ["unshare", "-n", *cmd]
    env = child_env(PYTHONPATH=str(REPO / "tests/hardening/netguard"), PRIVACY_NETGUARD_LOG=str(log))
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=600, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    codes = proc.stderr.split("CODES", 1)[1].split()
    assert codes[:2] == ["0", "0"], proc.stderr[-2000:]  # scrub and pack succeed
    assert codes[2] in ("0", "1") and codes[3] in ("0", "1")  # the audits ran (1: a finding, not a failure)
    # the guard was live in every process (the command's and the detection workers it starts) and saw no attempt
    lines = log.read_text().splitlines()
    assert lines and set(lines) == {"guard-installed"}
    assert leaks(folder_text(tmp_path / "out")) == [] and leaks(folder_text(tmp_path / "packs")) == []


def test_the_guard_really_blocks_and_records(tmp_path):
    log = tmp_path / "net.log"
    env = child_env(PYTHONPATH=str(REPO / "tests/hardening/netguard"), PRIVACY_NETGUARD_LOG=str(log))
    code = "import socket\ntry:\n    socket.create_connection(('192.0.2.1', 80), timeout=1)\nexcept OSError:\n    print('blocked')"
    proc = subprocess.run([PYTHON, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert proc.stdout.strip() == "blocked"
    assert log.read_text().splitlines() == ["guard-installed", "create_connection"]
