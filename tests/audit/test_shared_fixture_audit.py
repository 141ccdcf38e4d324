"""End to end on the real-shaped fixtures: what `privacy scrub` writes passes `privacy audit`."""

import shutil

import pytest

from privacy.cli import main


@pytest.mark.parametrize("fixture", ["synthetic/chatgpt-2026-sharded", "chatgpt/librechat__chatgpt-modern-export.json",
                                     "claude/pdp-split-export"])
def test_a_scrubbed_shared_fixture_passes_its_own_audit(shared_fixtures, tmp_path, fixture, capsys):
    src = shared_fixtures / fixture
    export = tmp_path / src.name
    (shutil.copytree if src.is_dir() else shutil.copyfile)(src, export)
    ws, out = tmp_path / "ws", tmp_path / "out"
    assert main(["scrub", str(export), "--out", str(out), "--workspace", str(ws), "--quiet"]) == 0
    assert main(["audit", str(out), "--workspace", str(ws)]) == 0, capsys.readouterr().out[-3000:]

