"""privacy.scrub: rewrite an export with consistent surrogates and write the redaction reports.

``scrub_export`` / ``scrub_exports`` (the whole job: ``schedule.py`` over ``export.py``),
``TextScrubber`` (plain texts with the same workspace and hints, for context packs) and
``Scrubber`` (the one core both use: ``scrubber.py``) are the public API.

The names are imported on first use: a detection worker imports ``privacy.scrub.core``
and ``privacy.scrub.parallel`` only, never the export's readers and writers (0.08 s).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

__all__ = [
    "ScrubOptions",
    "ScrubResult",
    "scrub_export",
    "scrub_exports",
    "default_out_dir",
    "TextScrubber",
    "Scrubber",
    "ScrubbedText",
    "Replacement",
]

_WHERE = {
    "ScrubOptions": "privacy.scrub.options",
    "ScrubResult": "privacy.scrub.options",
    "scrub_export": "privacy.scrub.schedule",
    "scrub_exports": "privacy.scrub.schedule",
    "default_out_dir": "privacy.scrub.schedule",
    "TextScrubber": "privacy.scrub.text",
    "Scrubber": "privacy.scrub.scrubber",
    "ScrubbedText": "privacy.scrub.scrubbed",
    "Replacement": "privacy.scrub.scrubbed",
}

if TYPE_CHECKING:
    from privacy.scrub.options import ScrubOptions, ScrubResult
    from privacy.scrub.schedule import default_out_dir, scrub_export, scrub_exports
    from privacy.scrub.scrubbed import Replacement, ScrubbedText
    from privacy.scrub.scrubber import Scrubber
    from privacy.scrub.text import TextScrubber


def __getattr__(name: str):
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module 'privacy.scrub' has no attribute {name!r}")
    value = getattr(importlib.import_module(where), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
