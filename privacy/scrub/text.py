"""Scrub plain texts with a workspace and a contributor's hints: a thin front end of ``Scrubber``.

``context_packs`` uses it for conversations, prompts, added context, reference files and
rubrics with the SAME workspace and contributor hints as ``privacy scrub``, so one
original gets one surrogate everywhere::

    ts = TextScrubber.for_workspace(ws, contributor=exp.contributor,
                                    custom_instructions=exp.custom_instructions)
    out = ts.scrub_texts({"prompt": prompt, "rubric": rubric})   # detected jointly
    out["prompt"].text, out["prompt"].replacements

Texts passed to one ``prepare``/``scrub_texts`` call are analysed together (names
found in one propagate to the others); a text never prepared is analysed on its own when
scrubbed. Identifier tokens inside text (UUIDs, file ids) become the same keyed
pseudonyms as identifier fields. Detection, surrogates and replacement are the core's
(``privacy.scrub.scrubber.Scrubber``); this class only builds one from a workspace.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from privacy.scrub.backend import Backend
from privacy.scrub.core import DetectJob
from privacy.scrub.scrubbed import DEFAULT_KEEP_TYPES, Replacement, ScrubbedText
from privacy.scrub.scrubber import CorpusStep, Scrubber

__all__ = ["DEFAULT_KEEP_TYPES", "Replacement", "ScrubbedText", "TextScrubber"]


class TextScrubber:
    """Detect → assign → apply for plain strings, sharing one surrogate engine."""

    def __init__(self, engine, *, settings=None, hints=None, keep_entity_types=DEFAULT_KEEP_TYPES, rules=None,
                 backend: Backend | None = None, corpus_step: CorpusStep | None = None):
        from privacy.detect import DetectorSettings

        self.engine = engine
        self.rules = rules  # privacy.scrub.rules.ReviewRules | None: reviewed values kept or re-typed
        self.hints = hints
        self.keep_entity_types = frozenset(keep_entity_types)
        job = DetectJob(settings if settings is not None else DetectorSettings(), hints, rules=rules)
        self.core = Scrubber(engine, job, backend=backend, keep_types=self.keep_entity_types, corpus_step=corpus_step)

    @classmethod
    def for_workspace(
        cls,
        workspace,
        *,
        contributor=None,
        custom_instructions=(),
        contributor_id: str | None = None,
        engine=None,
        settings=None,
        keep_entity_types=DEFAULT_KEEP_TYPES,
        rules=None,
        study_consistent_names: bool = False,
        backend: Backend | None = None,
        corpus_step: CorpusStep | None = None,
    ) -> "TextScrubber":
        """A scrubber over ``workspace`` with the contributor's identity hints.

        ``contributor_id`` keys the date offset (default: the contributor's user id),
        so pass the same contributor as the export's to get the same shifted dates.
        ``settings``: the ``DetectorSettings`` (each process loads its own Detector);
        ``rules``: reviewed values to keep or re-type (``privacy.scrub.rules``);
        ``study_consistent_names``: name surrogates keyed by the workspace, not per contributor;
        ``backend``: where detection runs (default: this process); ``corpus_step``: see ``Scrubber``.
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
        return cls(engine, settings=settings, hints=hints, keep_entity_types=keep_entity_types, rules=rules,
                   backend=backend, corpus_step=corpus_step)

    def prepare(self, texts: Iterable[str]) -> int:
        """Analyse the distinct new ``texts`` jointly and pre-assign their surrogates.

        Returns the number of texts analysed."""
        return self.core.add(texts)

    def scrub(self, text: str) -> ScrubbedText:
        """The scrubbed ``text`` (analysed on its own if it was not prepared)."""
        return self.core.scrub(text)

    def scrub_texts(self, texts: Mapping[str, str]) -> dict[str, ScrubbedText]:
        """Scrub named texts, detected jointly (propagation across them)."""
        self.prepare(texts.values())
        return {name: self.scrub(t) for name, t in texts.items()}
