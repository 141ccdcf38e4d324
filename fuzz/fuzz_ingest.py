"""Coverage-guided fuzz target (atheris/libFuzzer) for ingest and, optionally, scrub.

Each input is one export: bytes starting with ``PK`` are written as ``export.zip``,
anything else as ``conversations.json`` beside a fixed ``user.json``. Ingest must read
it or raise ``InputError``; any other exception is a crash (libFuzzer saves the input
as ``crash-<sha1>``). With ``FUZZ_SCRUB=1`` every input that ingest accepts is also
scrubbed (slower: about 5 inputs a second) and the output is checked for the planted
contributor e-mail.

Run for a fixed budget (from the repo root)::

    mkdir -p /tmp/fuzz-work fuzz/crashes
    python fuzz/fuzz_ingest.py /tmp/fuzz-work fuzz/corpus -max_total_time=120 -rss_limit_mb=2048 \\
        -timeout=20 -artifact_prefix=fuzz/crashes/
    FUZZ_SCRUB=1 python fuzz/fuzz_ingest.py /tmp/fuzz-work fuzz/corpus -max_total_time=300 -artifact_prefix=fuzz/crashes/

The first folder collects the inputs libFuzzer finds interesting; fuzz/corpus (the seeds
kept in git) is only read.

Replay one input (e.g. a crash) without fuzzing: ``python fuzz/fuzz_ingest.py fuzz/crashes/crash-...``.
Found crashers become regression tests in tests/hardening/test_crashers.py.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

import atheris

with atheris.instrument_imports(include=["ingest", "privacy.scrub"]):
    from ingest import open_export  # noqa: F401 (imported here so that atheris instruments ingest)
    from ingest.errors import InputError

# The full read is shared with the hypothesis fuzz tests (tests/hardening/fuzzing.py).
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from hardening.fuzzing import read_everything  # noqa: E402

EMAIL = "philippa.qm@example.org"
USER = json.dumps({"id": "user-FUZZ0000000000000000000", "email": EMAIL, "name": "Philippa Quennell-Marsh"})
SCRUB = os.environ.get("FUZZ_SCRUB") == "1"
WORK = Path(tempfile.mkdtemp(prefix="privacy-fuzz-"))
_workspace = None


def scrub(path: Path) -> None:
    global _workspace
    from privacy.scrub import ScrubOptions, scrub_export
    from synth.workspace import Workspace

    if _workspace is None:
        _workspace = Workspace.open(WORK / "ws")
    out = WORK / "out"
    shutil.rmtree(out, ignore_errors=True)
    scrub_export(path, out, workspace=_workspace, options=ScrubOptions())
    for p in out.rglob("*"):
        if p.is_file() and EMAIL.encode() in p.read_bytes():
            raise AssertionError("planted e-mail in the scrubbed output")


def TestOneInput(data: bytes) -> None:  # noqa: N802 (libFuzzer's name)
    folder = WORK / "export"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    if data.startswith(b"PK"):
        path = folder / "export.zip"
        path.write_bytes(data)
    else:
        path = folder
        (folder / "conversations.json").write_bytes(data)
        (folder / "user.json").write_text(USER)
    try:
        read_everything(path)
    except InputError:
        return
    if SCRUB:
        try:
            scrub(path)
        except InputError:
            return


def main() -> None:
    atheris.Setup(sys.argv, TestOneInput)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
