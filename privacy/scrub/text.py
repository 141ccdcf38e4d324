"""Scrub plain texts: detect jointly, assign surrogates, apply, report output offsets.

``TextScrubber`` is the one place where findings become surrogates. ``scrub_export``
uses it for every string of an export, and ``context_packs`` uses it for prompts,
added context, reference files and rubrics with the SAME workspace and contributor
hints, so one original gets one surrogate everywhere::

    ts = TextScrubber.for_workspace(ws, contributor=exp.contributor,
                                    custom_instructions=exp.custom_instructions)
    out = ts.scrub_texts({"prompt": prompt, "rubric": rubric})   # detected jointly
    out["prompt"].text, out["prompt"].replacements

Texts passed to one ``prepare``/``scrub_texts`` call are analysed together (names
found in one propagate to the others). Identifier tokens inside text (UUIDs, file ids)
become the same keyed pseudonyms as identifier fields.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
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


def _digest(text: str) -> bytes:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()


class TextScrubber:
    """Detect → assign → apply for plain strings, sharing one surrogate engine."""

    def __init__(self, engine, *, detector=None, hints=None, keep_entity_types=DEFAULT_KEEP_TYPES, rules=None):
        self.engine = engine
        self.rules = rules  # privacy.scrub.rules.ReviewRules | None: reviewed values kept or re-typed
        if detector is None:
            from privacy.detect import Detector

            detector = Detector.get()
        self.detector = detector
        self.hints = hints
        self.keep_entity_types = frozenset(keep_entity_types)
        # digest of a prepared text -> its findings (texts themselves are not kept)
        self._findings: dict[bytes, tuple] = {}

    @classmethod
    def for_workspace(
        cls,
        workspace,
        *,
        contributor=None,
        custom_instructions=(),
        contributor_id: str | None = None,
        engine=None,
        detector=None,
        keep_entity_types=DEFAULT_KEEP_TYPES,
        rules=None,
        study_consistent_names: bool = False,
    ) -> "TextScrubber":
        """A scrubber over ``workspace`` with the contributor's identity hints.

        ``contributor_id`` keys the date offset (default: the contributor's user id),
        so pass the same contributor as the export's to get the same shifted dates.
        ``rules``: reviewed values to keep or re-type (``privacy.scrub.rules``);
        ``study_consistent_names``: name surrogates keyed by the workspace, not per contributor.
        """
        from privacy.detect import IdentityHints
        from synth.surrogates import SurrogateEngine

        if contributor_id is None and contributor is not None:
            contributor_id = contributor.user_id
        if engine is None:
            engine = SurrogateEngine(workspace, contributor_id=contributor_id or "",
                                     study_consistent_names=study_consistent_names)
        hints = None
        if contributor is not None:
            hints = IdentityHints.from_contributor(contributor, list(custom_instructions))
        return cls(engine, detector=detector, hints=hints, keep_entity_types=keep_entity_types, rules=rules)

    # -- pass 1 ------------------------------------------------------------------
    def prepare(self, texts: Iterable[str]) -> int:
        """Analyse the distinct new ``texts`` jointly and pre-assign their surrogates.

        Returns the number of texts analysed.
        """
        seen: set[bytes] = set()
        batch: list[str] = []
        for t in texts:
            if not t:
                continue
            d = _digest(t)
            if d in self._findings or d in seen:
                continue
            seen.add(d)
            batch.append(t)
        if not batch:
            return 0
        results = self.detector.analyze_corpus(batch, hints=self.hints)
        pairs: set[tuple[str, str]] = set()
        for t, found in zip(batch, results, strict=True):
            found = tuple(found) if self.rules is None else self.rules.apply(t, found)
            self._findings[_digest(t)] = found
            for f in found:
                if f.entity_type not in self.keep_entity_types:
                    pairs.add((f.entity_type, t[f.start : f.end]))
        if pairs:
            self.engine.assign(sorted(pairs))
        return len(batch)

    # -- pass 2 ------------------------------------------------------------------
    def scrub(self, text: str) -> ScrubbedText:
        """The scrubbed ``text`` (analysed on its own if it was not prepared)."""
        if not text:
            return ScrubbedText(text)
        d = _digest(text)
        if d not in self._findings:
            self.prepare([text])
        from privacy.scrub.core import EngineTable, apply_text

        return apply_text(text, self._findings[d], EngineTable(self.engine), self.keep_entity_types)

    def scrub_texts(self, texts: Mapping[str, str]) -> dict[str, ScrubbedText]:
        """Scrub named texts, detected jointly (propagation across them)."""
        self.prepare(texts.values())
        return {name: self.scrub(t) for name, t in texts.items()}
