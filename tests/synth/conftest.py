"""Fixtures for synth tests: fresh workspaces in temporary folders, and a workspace with
a fixed, published test key (for pinned known-value checks)."""

from __future__ import annotations

import base64
import os

import pytest

from synth.surrogates import SurrogateEngine
from synth.workspace import Workspace

TEST_KEY = bytes(range(32))


def make_fixed_workspace(path, key: bytes = TEST_KEY) -> Workspace:
    """A workspace whose key file holds ``key`` (the documented key-file format)."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    kf = path / "key"
    kf.write_text(f"privacy-workspace-key-v1\n{base64.b64encode(key).decode()}\n")
    os.chmod(kf, 0o600)
    return Workspace.open(path)


@pytest.fixture()
def ws(tmp_path):
    w = Workspace.open(tmp_path / "ws")
    yield w
    w.close()


@pytest.fixture()
def engine(ws):
    return SurrogateEngine(ws, contributor_id="contributor-1")


@pytest.fixture()
def fixed_engine(tmp_path):
    w = make_fixed_workspace(tmp_path / "fixed")
    yield SurrogateEngine(w, contributor_id="contributor-1")
    w.close()
