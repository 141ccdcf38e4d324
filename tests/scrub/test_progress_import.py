"""``privacy scrub --quiet`` never draws a progress bar, so its start-up does not import rich."""

from __future__ import annotations

import subprocess
import sys

CODE = """
import sys
import privacy.cli
from privacy.scrub.progress import summary_lines
loaded = sorted(m for m in sys.modules if m == "rich" or m.startswith("rich."))
assert not loaded, loaded
from privacy.scrub.progress import RichProgress
import io
from rich.console import Console
RichProgress(Console(file=io.StringIO())).close()
"""


def test_the_progress_module_imports_rich_only_when_a_bar_is_drawn():
    proc = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
