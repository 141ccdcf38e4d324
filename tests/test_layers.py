"""The architecture's layers (docs/design.md) hold: import-linter checks the contracts declared
in pyproject.toml on every test run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_no_module_imports_a_higher_layer_and_the_kernel_imports_nothing_of_ours():
    # in a child process: import-linter configures logging, which other tests check
    code = "import sys; from importlinter.cli import lint_imports; sys.exit(lint_imports(config_filename='pyproject.toml'))"
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-3000:]


def test_no_library_module_imports_the_cli_commands():
    root = ROOT
    offenders = [p.relative_to(root).as_posix() for pkg in ("ingest", "privacy", "synth", "context_packs")
                 for p in (root / pkg).rglob("*.py")
                 if not p.is_relative_to(root / "privacy" / "commands") and p.name != "cli.py"
                 and "privacy.commands" in p.read_text("utf-8")]
    assert offenders == []
