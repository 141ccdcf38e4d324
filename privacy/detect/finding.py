"""The one result type of detection: a typed span with its provenance."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

PassName = Literal["ner", "pattern", "identity", "propagation", "keep"]


@dataclass(frozen=True, order=True)
class Finding:
    """A detected PII span ``text[start:end]``.

    ``recognizer`` names the recognizer that produced it and ``pass_name`` the
    detection pass (``"ner"``, ``"pattern"``, ``"identity"``, ``"propagation"``, or ``"keep"`` for a
    ``PUBLIC`` span kept on purpose, privacy.detect.keep).
    Ordering is by position first, so ``sorted(findings)`` reads left to right.
    """

    start: int
    end: int
    entity_type: str
    score: float
    recognizer: str
    pass_name: str

    def __post_init__(self) -> None:
        if not (0 <= self.start < self.end):
            raise ValueError("Finding span must satisfy 0 <= start < end")
