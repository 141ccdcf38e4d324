"""A worker the console script starts does not import the script (its main module) again."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

SCRIPT = textwrap.dedent("""
    import os, sys
    with open(sys.argv[1], "a") as fh:  # a line per process that imports this main module
        fh.write(f"{os.getpid()}\\n")
    from privacy.scrub import parallel

    if __name__ == "__main__":
        parallel.WORKERS_IMPORT_MAIN = sys.argv[2] == "import"
        pool = parallel.LocalPool(1)
        pool.warm(1)
        child = pool._warming[0].result(timeout=120)  # the worker's pid, after its initializer ran
        pool.close()
        print(child)
""")


def _imports(tmp_path: Path, mode: str) -> tuple[list[str], str]:
    script = tmp_path / "main_script.py"
    script.write_text(SCRIPT, encoding="utf-8")
    marks = tmp_path / f"marks-{mode}"
    out = subprocess.run([sys.executable, str(script), str(marks), mode], cwd=tmp_path, capture_output=True, text=True,
                         env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"}, timeout=180, check=True)
    return marks.read_text().split(), out.stdout.strip()


def test_workers_skip_the_main_module_when_told(tmp_path):
    lines, child = _imports(tmp_path, "skip")
    assert len(lines) == 1 and child and child != lines[0]  # the parent only; the worker ran


def test_workers_import_the_main_module_by_default(tmp_path):
    lines, child = _imports(tmp_path, "import")
    assert len(lines) == 2 and lines[1] == child  # multiprocessing's spawn, as usual
