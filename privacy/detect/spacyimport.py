"""Import spaCy without its command line.

``spacy/__init__.py`` imports ``spacy.cli.info`` only to re-export ``spacy.info``; that pulls in
the whole ``spacy.cli`` package (typer apps, weasel, requests, httpx, jinja2, a YAML file
parsed at import): about 0.3 s of every ``privacy`` start-up that runs detection, for a
command line nothing here calls. ``import_spacy`` imports spaCy with a placeholder for
``spacy.cli.info`` that lives in ``sys.modules`` only while spaCy's ``__init__`` runs; the one
name taken from it, ``spacy.info``, is a forwarder that imports the real ``spacy.cli.info`` on
first call. Afterwards nothing is left in place: ``import spacy.cli`` (or any of its modules)
imports the real package, as usual. spaCy's pipelines, vocabularies and results do not
depend on it (scripts/byte_identity.py; tests/detect/test_spacyimport.py).
"""

from __future__ import annotations

import sys
import types

_INFO = "spacy.cli.info"


def _info(*args, **kwargs):
    """``spacy.info``, imported when first called (spacy.cli.info.info)."""
    import importlib

    return importlib.import_module(_INFO).info(*args, **kwargs)


def import_spacy() -> types.ModuleType:
    """``import spacy``, without importing ``spacy.cli`` (above). A no-op once spaCy is imported."""
    if "spacy" in sys.modules or _INFO in sys.modules:
        import spacy

        return spacy
    placeholder = types.ModuleType(_INFO, "placeholder while spaCy's __init__ runs (privacy.detect.spacyimport)")
    placeholder.info = _info
    sys.modules[_INFO] = placeholder
    try:
        import spacy
    finally:
        if sys.modules.get(_INFO) is placeholder:
            del sys.modules[_INFO]
    return spacy
