"""One pack build per test session (the detector loads once), shared by the read-only tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .exports import write_task_tree


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """(root, tasks file, workspace, pack folder) after one ``build_packs`` of the two-contributor task file."""
    from context_packs import build_packs
    from synth.workspace import Workspace

    root = tmp_path_factory.mktemp("packs")
    tasks = write_task_tree(root)
    ws = Workspace.open(root / "ws")
    out = root / "packs"
    build_packs(tasks, out, workspace=ws)
    return root, tasks, ws, out


ALICE_ID = "user-ALICE00000000000000000"  # user.json id of Alice's export (tests/packs/exports.py)


def surrogate_of(ws, original: str, contributor_id: str = ALICE_ID) -> str:
    """The surrogate the workspace gives ``original`` as a PERSON in one contributor's data
    (names are keyed per contributor; looked up, it was assigned by the build)."""
    from synth.surrogates import SurrogateEngine

    return SurrogateEngine(ws, contributor_id=contributor_id).surrogate("PERSON", original)


def file_text(path: Path) -> str:
    """A pack file's text: a document's every text and metadata (privacy.formats), else UTF-8."""
    from privacy import formats

    data = path.read_bytes()
    units = formats.text_units(path.name, data)
    return "\n".join(units) if units is not None else data.decode("utf-8")


def all_text(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): file_text(p) for p in sorted(folder.rglob("*")) if p.is_file()}
