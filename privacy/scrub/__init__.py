"""privacy.scrub: rewrite an export with consistent surrogates and write the redaction reports.

``scrub_export`` / ``scrub_exports`` (the whole job: ``schedule.py`` over ``export.py``),
``TextScrubber`` (plain texts with the same workspace and hints, for context packs) and
``Scrubber`` (the one core both use: ``scrubber.py``) are the public API.
"""

from privacy.scrub.options import ScrubOptions, ScrubResult
from privacy.scrub.schedule import default_out_dir, scrub_export, scrub_exports
from privacy.scrub.scrubbed import Replacement, ScrubbedText
from privacy.scrub.scrubber import Scrubber
from privacy.scrub.text import TextScrubber

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
