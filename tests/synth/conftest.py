"""Fixtures for synth tests: fresh workspaces in temporary folders, and an engine over a
workspace with the fixed test key (see ``synth_helpers``)."""

from __future__ import annotations

import pytest

from synth.surrogates import SurrogateEngine
from synth.workspace import Workspace

from synth_helpers import make_fixed_workspace


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
