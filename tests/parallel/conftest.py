"""The exports of the parallel tests, and their reference scrub (one process, default batches)."""

from __future__ import annotations

from pathlib import Path

import pytest

from parallel_helpers import SHARED, fixed_workspace
from privacy.scrub import ScrubOptions, scrub_exports


@pytest.fixture(scope="session")
def exports(shared_fixtures, tmp_path_factory) -> list[Path]:
    """Several exports: shared fixtures, a labelled one full of PII, a generated one of many texts."""
    from synth.testdata.bigexport import write_big_export
    from synth.testdata.labelled import generate

    root = tmp_path_factory.mktemp("exports")
    labelled = generate(seed=23, sentences=60, controls=8).write_chatgpt_export(root / "labelled")
    big = write_big_export(root / "generated", 0.12, seed=3)
    return [shared_fixtures / n for n in SHARED] + [Path(labelled), Path(big)]


@pytest.fixture(scope="session")
def reference(exports, tmp_path_factory) -> tuple[Path, list[Path]]:
    """The exports scrubbed one after the other in this process (``--jobs 1``), fresh fixed-key workspace."""
    root = tmp_path_factory.mktemp("reference")
    ws = fixed_workspace(root / "ws")
    outs = [root / f"out{i}" for i in range(len(exports))]
    scrub_exports(exports, outs, workspace=ws, options=ScrubOptions(jobs=1))
    return root / "ws", outs
