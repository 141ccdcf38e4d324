"""Builders for ingest tests: exports assembled in tmp_path from the shared fixtures."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest


@pytest.fixture
def sharded(shared_fixtures, tmp_path) -> Path:
    """A writable copy of synthetic/chatgpt-2026-sharded."""
    dst = tmp_path / "sharded"
    shutil.copytree(shared_fixtures / "synthetic" / "chatgpt-2026-sharded", dst)
    dst.chmod(0o755)
    for p in dst.rglob("*"):
        p.chmod(0o755 if p.is_dir() else 0o644)
    return dst


@pytest.fixture
def claude_split(shared_fixtures) -> Path:
    return shared_fixtures / "claude" / "pdp-split-export"


@pytest.fixture
def memories_dir(shared_fixtures) -> Path:
    return shared_fixtures / "synthetic" / "chatgpt-memories"
