"""Helpers for synth tests: a workspace with a fixed, published test key (for pinned
known-value checks and deterministic property tests)."""

from __future__ import annotations

import base64
import os

from synth.workspace import Workspace

TEST_KEY = bytes(range(32))


def make_fixed_workspace(path, key: bytes = TEST_KEY) -> Workspace:
    """A workspace whose key file holds ``key`` (the documented key-file format)."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    kf = path / "key"
    kf.write_text(f"privacy-workspace-key-v1\n{base64.b64encode(key).decode()}\n")
    os.chmod(kf, 0o600)
    return Workspace.open(path)
