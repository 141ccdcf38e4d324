"""The engine's regular expressions read from the compile cache are the ones ``re`` compiles."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from privacy.detect import recache

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(not recache.ENABLED, reason="the cache is for Python 3.11 only")

IMPORT = ("import sys; sys.dont_write_bytecode = False; from privacy.detect import recache; "
          "recache.WRITE_AFTER_SECONDS = 0; recache.import_cached('privacy.detect.engine', sys.argv[1])")


def _fresh_cache(tmp_path: Path) -> dict:
    """Import the engine in a fresh process with the cache put under ``tmp_path`` (Python's
    ``pycache_prefix``), and read the file it wrote."""
    engine = REPO / "privacy/detect/engine.py"
    subprocess.run([sys.executable, "-X", f"pycache_prefix={tmp_path}", "-c", IMPORT, str(engine)], cwd=tmp_path,
                   env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"}, check=True, timeout=300)
    files = list(tmp_path.rglob("engine.*.re-*.marshal"))
    assert len(files) == 1
    return recache._read(str(files[0]))


def test_every_cached_pattern_equals_res_own(tmp_path):
    entries = _fresh_cache(tmp_path)
    assert len(entries) > 300  # the engine's rules, Presidio's and phonenumbers'
    for (pattern, flags), entry in entries.items():
        # Pattern equality compares flags, source and the compiled code
        assert recache._compile(pattern, entry) == re._compiler.compile(pattern, flags), pattern[:80]


PATTERN = r"(?i)\b(?P<who>Ms|Mr)\.?\s+(\w+)"


@pytest.fixture
def probe(tmp_path, monkeypatch):
    """A module compiling one pattern at import, imported through the cache."""
    mod = tmp_path / "recache_probe.py"
    mod.write_text(f"import re\nP = re.compile({PATTERN!r}, re.M)\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    monkeypatch.setattr(recache, "WRITE_AFTER_SECONDS", 0)

    def load():
        sys.modules.pop("recache_probe", None)
        re.purge()
        return recache.import_cached("recache_probe", str(mod)).P

    yield load, recache.cache_path(str(mod))
    sys.modules.pop("recache_probe", None)


def test_a_hit_gives_res_pattern(probe):
    load, path = probe
    expected = re._compiler.compile(PATTERN, re.M)
    first = load()
    entries = recache._read(path)
    assert list(entries) == [(PATTERN, re.M)]
    assert first == expected and first.groupindex == expected.groupindex
    before = os.stat(path).st_mtime_ns
    again = load()  # from the file, which is not written again
    assert again == expected and again.groupindex == expected.groupindex
    assert again.match("ms. Jones").group("who") == "ms"
    assert os.stat(path).st_mtime_ns == before


def test_a_damaged_file_or_entry_is_compiled_again(probe):
    load, path = probe
    expected = re._compiler.compile(PATTERN, re.M)
    load()
    good = recache._read(path)[(PATTERN, re.M)]
    with open(path, "rb") as fh:
        data = bytearray(fh.read())
    data[-10] ^= 0xFF  # a damaged byte: the digest no longer matches
    with open(path, "wb") as fh:
        fh.write(data)
    assert recache._read(path) == {}
    assert load() == expected
    for bad in ((good[0], b"\x00\x00", *good[2:]), (0, [1, 2, 3]), "junk"):
        recache._write(path, {(PATTERN, int(re.M)): bad})
        got = load()
        assert got == expected and got.groupindex == expected.groupindex
