"""The settings and the result of an export scrub (``ScrubOptions``, ``ScrubResult``).

CLI flags map one to one onto ``ScrubOptions``; ``public()`` and ``detection_public`` are
what ``summary.json`` records of them (counts and switches, never a path or a value).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from privacy.scrub.scrubbed import DEFAULT_KEEP_TYPES, ScrubbedText


class NullProgress:
    """Progress sink that shows nothing (the library default)."""

    def stage(self, name: str, total: int | None = None) -> None: ...
    def advance(self, n: int = 1) -> None: ...
    def close(self) -> None: ...


@dataclass(frozen=True)
class ScrubOptions:
    """Settings of one scrub run (CLI flags map one to one)."""

    memories: tuple[str, ...] = ()  # extra memories files (--memories)
    profile: str | None = None  # contributor profile (--profile)
    consent: str | None = None  # consent record (--consent)
    review: str | None = None  # reviewer verdicts from `privacy audit` / `privacy review` (--review)
    allow: tuple[str, ...] = ()  # values kept as written (--allow, --allow-file)
    study_consistent_names: bool = False  # name surrogates keyed by the workspace (--study-consistent-names)
    force: bool = False  # replace an existing output folder
    shift_dates: bool = True  # shift timestamps by the per-contributor offset
    review_threshold: float = 0.6  # findings scored below this go to the review queue
    keep_entity_types: frozenset = DEFAULT_KEEP_TYPES
    detector: object = None  # a Detector instance (default: Detector.get())
    progress: object = None  # a progress sink (stage/advance/close); default: silent
    jobs: int = 1  # local worker processes (--jobs; 1: in this process). Never changes the output
    cluster: str | None = None  # a Dask scheduler address (--cluster); overrides jobs
    # distinct text per detection batch (tuning only: same output). 50k, not 200k: a 0.64 M-character
    # export made 4 batches, the last a fifth of the others, so one of two workers idled for most of a
    # batch; a batch's CPU time does not depend on its size (200k of text: 9.3-9.8 s as 1, 4 or 8 batches)
    batch_chars: int = 50_000

    def public(self) -> dict:
        """The options as written to summary.json (no paths: they may carry names)."""
        return {
            "extra_memories_files": len(self.memories),
            "profile": self.profile is not None,
            "consent": self.consent is not None,
            "review": self.review is not None,
            "allow_terms": len(self.allow),
            "study_consistent_names": self.study_consistent_names,
            "shift_dates": self.shift_dates,
            "review_threshold": self.review_threshold,
            "keep_entity_types": sorted(self.keep_entity_types),
        }


@dataclass
class ScrubResult:
    out_dir: Path
    summary: dict
    extra_texts: dict[str, ScrubbedText] = field(default_factory=dict)
    seconds: float = 0.0  # wall-clock time: for the terminal only, never written


def detection_public(settings) -> dict:
    """The detection settings as written to summary.json (no allow-list terms or paths)."""
    return {
        "model": settings.model_name,
        "threshold": settings.threshold,
        "ner_gate": settings.ner_gate,
        "propagate": settings.propagate,
        "custom_allow_list": settings.allow_list_path is not None,
        "extra_allow_terms": len(settings.extra_allow),
    }
