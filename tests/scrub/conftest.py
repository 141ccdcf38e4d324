"""Shared scrub runs: each fixture export is scrubbed once per session (the detector loads once)."""

from __future__ import annotations

from pathlib import Path

import pytest

from privacy.scrub import ScrubOptions, scrub_export
from synth.workspace import Workspace

from scrub_helpers import ALL_FIXTURES


@pytest.fixture(scope="session")
def scrub_ws(tmp_path_factory) -> Workspace:
    return Workspace.open(tmp_path_factory.mktemp("scrub-ws") / "ws")


@pytest.fixture(scope="session")
def scrubbed(shared_fixtures, scrub_ws, tmp_path_factory):
    """name -> (input path, ScrubResult) for every shared fixture, scrubbed once."""
    out = {}
    root = tmp_path_factory.mktemp("scrubbed")
    for i, name in enumerate(ALL_FIXTURES):
        src = shared_fixtures / name
        out[name] = (src, scrub_export(src, root / f"out{i}", workspace=scrub_ws, options=ScrubOptions()))
    return out


@pytest.fixture(scope="session")
def labelled_export(tmp_path_factory):
    """A ChatGPT export made by the detection engineer's labelled generator (known PII)."""
    from synth.testdata.labelled import generate

    corpus = generate(seed=11, sentences=120, controls=15)
    folder = corpus.write_chatgpt_export(tmp_path_factory.mktemp("labelled") / "export")
    return corpus, Path(folder)
