"""What scrubbing gives back: a scrubbed text and its replacements (offsets in the output).

The result types of the core (``privacy.scrub.core.apply_text``), of ``Scrubber.scrub`` and
of ``TextScrubber``; this module imports only the kernel, so every module of the layer can use them.
"""

from __future__ import annotations

from dataclasses import dataclass

from privacy.entities import NRP, PUBLIC

# Entity types reported by detection but kept in the text by default (see entities.py).
DEFAULT_KEEP_TYPES: frozenset[str] = frozenset({NRP, PUBLIC})


@dataclass(frozen=True)
class Replacement:
    """One replacement, located in the OUTPUT text (``text[start:end] == surrogate``)."""

    start: int
    end: int
    entity_type: str
    recognizer: str
    score: float
    pass_name: str
    surrogate: str
    original_hash: str


@dataclass(frozen=True)
class ScrubbedText:
    text: str
    replacements: tuple[Replacement, ...] = ()
