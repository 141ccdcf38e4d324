"""Regressions: every input that once crashed or exhausted ingest, now refused with exit 2.

Found by the fuzz tests in this folder (hypothesis) and by probing zip damage by hand;
each was an internal error (traceback class in the CLI) or an out-of-memory kill.
"""

from __future__ import annotations

import json
import random
import resource
import struct
import subprocess
import zipfile
from pathlib import Path

import pytest

from ingest.errors import InputError
from ingest.jsonstream import MAX_DEPTH, DepthGuard
from privacy.cli import main

from .builders import record, write_export
from .conftest import PYTHON, child_env
from .fuzzing import read_everything


def _zip(path: Path, data: bytes) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("conversations.json", data)
    return path


def _patch(path: Path, edits: list[tuple[bytes, int, str, int]]) -> Path:
    """Overwrite header fields: (signature, offset in the header, struct format, value)."""
    b = bytearray(path.read_bytes())
    for sig, off, fmt, value in edits:
        i = b.find(sig)
        struct.pack_into(fmt, b, i + off, value)
    path.write_bytes(bytes(b))
    return path


CONV = json.dumps([record(i, ["hello there, plans for the weekend"]) for i in range(30)]).encode()


CRASHERS = sorted((Path(__file__).parent / "crashers").iterdir())


@pytest.mark.parametrize("crasher", CRASHERS, ids=[p.name for p in CRASHERS])
def test_inputs_the_atheris_target_crashed_on_are_now_bad_input(tmp_path, crasher):
    """Saved libFuzzer crash inputs (tests/hardening/crashers/), replayed as exports."""
    target = tmp_path / crasher.name
    target.write_bytes(crasher.read_bytes())
    with pytest.raises(InputError):
        read_everything(target)


def test_a_zip_entry_with_a_bad_crc_is_bad_input(tmp_path, capsys):
    # was: zipfile.BadZipFile raised while streaming the member -> internal error
    path = _patch(_zip(tmp_path / "export.zip", CONV), [(b"PK\x03\x04", 14, "<I", 12345), (b"PK\x01\x02", 16, "<I", 12345)])
    with pytest.raises(InputError, match="cannot read"):
        read_everything(path)
    assert main(["inspect", str(path)]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_a_zip_entry_whose_header_understates_its_size_is_bad_input(tmp_path):
    path = _patch(_zip(tmp_path / "export.zip", CONV + b" " * 100_000),
                  [(b"PK\x03\x04", 22, "<I", 50), (b"PK\x01\x02", 24, "<I", 50)])
    with pytest.raises(InputError, match="cannot read"):
        read_everything(path)


def test_corrupt_deflate_data_is_bad_input(tmp_path):
    # was: zlib.error from the decompressor -> internal error
    path = _zip(tmp_path / "export.zip", CONV)
    b = bytearray(path.read_bytes())
    start = b.find(b"PK\x03\x04") + 30 + len("conversations.json") + 10
    b[start:start + 20] = b"\xff" * 20
    path.write_bytes(bytes(b))
    with pytest.raises(InputError, match="corrupt compressed data|cannot read"):
        read_everything(path)


def test_deep_nesting_is_refused_in_bounded_memory(tmp_path):
    """was: 30 000 nested arrays took 2 GB (ijson keeps a path prefix per event); 100 000 got the
    process OOM-killed. Now refused past MAX_DEPTH levels; the child runs under a 1.5 GB cap."""
    depth = 100_000
    write_export(tmp_path / "export", raw=('[{"title": "t", "extra": ' + "[" * depth + "]" * depth + "}]").encode())
    cap = 1536 * 1024**2

    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))

    proc = subprocess.run([PYTHON, "-m", "privacy.cli", "inspect", str(tmp_path / "export")], capture_output=True,
                          text=True, env=child_env(), preexec_fn=limit, timeout=120)
    assert proc.returncode == 2, proc.stderr
    assert f"nested deeper than {MAX_DEPTH} levels" in proc.stderr and "Traceback" not in proc.stderr


def _reference_max_depth(data: bytes) -> int:
    depth = best = 0
    in_string = escaped = False
    for c in data:
        if in_string:
            if escaped:
                escaped = False
            elif c == 0x5C:
                escaped = True
            elif c == 0x22:
                in_string = False
        elif c == 0x22:
            in_string = True
        elif c in b"[{":
            depth += 1
            best = max(best, depth)
        elif c in b"]}":
            depth -= 1
    return best


def test_the_depth_guard_agrees_with_a_byte_by_byte_parser_on_any_chunking():
    """Brackets, quotes and backslashes inside strings never count, however chunks are cut."""
    rng = random.Random(7)
    pieces = ["x", '"', "\\", "[", "]", "{", "}", "\\\\", '\\"', "ab"]
    for _ in range(500):
        words = ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 12))) for _ in range(rng.randint(0, 4))]
        data = json.dumps({"a": words, "b": [[words]] * rng.randint(0, 3)}).encode()
        deepest = _reference_max_depth(data)
        for limit, allowed in ((deepest, True), (deepest - 1, False)):
            guard = DepthGuard("x", limit=limit)
            try:
                i = 0
                while i < len(data):
                    n = rng.randint(1, 7)
                    guard.feed(data[i:i + n])
                    i += n
                ok = True
            except InputError:
                ok = False
            assert ok is allowed, data
            if ok:
                assert guard.depth == 0 and not guard.in_string


def test_the_atheris_target_replays_its_seed_corpus_without_a_crash():
    """fuzz/fuzz_ingest.py runs every seed once (libFuzzer -runs=0) and exits 0."""
    pytest.importorskip("atheris")
    from .conftest import REPO

    proc = subprocess.run([PYTHON, str(REPO / "fuzz/fuzz_ingest.py"), "-runs=0", str(REPO / "fuzz/corpus")],
                          capture_output=True, text=True, env=child_env(), timeout=300, cwd=REPO)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Done" in proc.stderr or "INITED" in proc.stderr
