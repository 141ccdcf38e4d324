"""privacy.scrub: rewrite an export with consistent surrogates and write the redaction reports.

``scrub_export`` (the whole job, see ``run.py``) and ``TextScrubber`` (plain texts with
the same workspace and hints, for context packs) are the public API.
"""

from privacy.scrub.run import ScrubOptions, ScrubResult, default_out_dir, scrub_export, scrub_exports
from privacy.scrub.text import Replacement, ScrubbedText, TextScrubber

__all__ = [
    "ScrubOptions",
    "ScrubResult",
    "scrub_export",
    "scrub_exports",
    "default_out_dir",
    "TextScrubber",
    "ScrubbedText",
    "Replacement",
]
