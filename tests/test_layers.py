"""The architecture's layers (docs/design.md) hold: import-linter checks the contracts declared
in pyproject.toml on every test run."""

from __future__ import annotations

from importlinter.cli import lint_imports


def test_no_module_imports_a_higher_layer_and_the_kernel_imports_nothing_of_ours(capsys):
    assert lint_imports(config_filename="pyproject.toml") == 0, capsys.readouterr().out[-3000:]


def test_no_library_module_imports_the_cli_commands():
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    offenders = [p.relative_to(root).as_posix() for pkg in ("ingest", "privacy", "synth", "context_packs")
                 for p in (root / pkg).rglob("*.py")
                 if not p.is_relative_to(root / "privacy" / "commands") and p.name != "cli.py"
                 and "privacy.commands" in p.read_text("utf-8")]
    assert offenders == []
