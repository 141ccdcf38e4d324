"""privacy.detect.spacyimport: spaCy is imported without its command line, and nothing of
the placeholder is left behind (spacy.cli and spacy.info work as usual afterwards)."""

from __future__ import annotations

import subprocess
import sys

SCRIPT = r"""
import sys
import privacy.detect.engine  # imports spaCy through privacy.detect.spacyimport
assert "spacy" in sys.modules
assert "spacy.cli" not in sys.modules and "spacy.cli.info" not in sys.modules, "spacy.cli was imported"
import spacy
assert callable(spacy.info)
import spacy.cli
from spacy.cli.info import info
assert spacy.cli.info is info and callable(spacy.cli.download)
assert spacy.info(silent=True)["spacy_version"] == spacy.__version__
print("ok")
"""


def test_detection_imports_spacy_without_its_cli_and_leaves_it_importable():
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "ok"


def test_import_spacy_is_plain_import_once_spacy_is_loaded():
    import spacy

    from privacy.detect.spacyimport import import_spacy

    assert import_spacy() is spacy
