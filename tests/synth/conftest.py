"""Fixtures for synth tests: fresh workspaces in temporary folders."""

from __future__ import annotations

import pytest

from synth.surrogates import SurrogateEngine
from synth.workspace import Workspace


@pytest.fixture()
def ws(tmp_path):
    w = Workspace.open(tmp_path / "ws")
    yield w
    w.close()


@pytest.fixture()
def engine(ws):
    return SurrogateEngine(ws, contributor_id="contributor-1")
