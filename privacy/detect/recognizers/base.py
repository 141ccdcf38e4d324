"""A small regex recognizer base: patterns, an optional capture group, optional required context.

Presidio's ``PatternRecognizer`` can only *boost* scores from context words; several of
our recognizers (account numbers, plates, postal codes) must only fire *near* a
context word, so they use this base, which Presidio runs like any other recognizer.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass

from presidio_analyzer import LocalRecognizer, RecognizerResult

from privacy.detect.recognizers.prefilter import Requires


@dataclass(frozen=True)
class Rule:
    """One regex. ``group`` selects the reported span. With ``context`` (a compiled regex),
    the value is the first accepted match of ``regex`` starting at most ``window`` characters
    after the end of a context match (so context words cannot be swallowed by the value).
    ``requires`` (privacy.detect.recognizers.prefilter): a cheap necessary condition for any
    match of this rule; the rule is skipped on texts failing it."""

    name: str
    regex: re.Pattern
    score: float
    group: int | str = 0
    context: re.Pattern | None = None
    window: int = 12
    requires: Requires | None = None


# the longest value a context rule matches (usernames, postal codes, account numbers: ≤ 40 in practice)
MAX_VALUE_CHARS = 256


class RegexRecognizer(LocalRecognizer):
    """Runs ``RULES`` over the text; subclasses set ``ENTITY`` and ``RULES`` and may
    override ``accept(text, start, end)`` to veto a match. ``REQUIRES``: a cheap necessary
    condition for any result (prefilter module); texts failing it give ``[]`` at once. A
    recognizer whose spans come from a function of its own (initials, written dates) sets
    ``ENTITY`` and overrides ``analyze`` with ``result``."""

    ENTITY: str = ""
    RULES: tuple[Rule, ...] = ()
    REQUIRES: Requires | None = None

    def __init__(self) -> None:
        super().__init__(supported_entities=[self.ENTITY], name=type(self).__name__, supported_language="en")

    def load(self) -> None:  # noqa: D102 - nothing to load
        pass

    def accept(self, text: str, start: int, end: int) -> bool:
        return True

    def accept_rule(self, rule: Rule, text: str, start: int, end: int) -> bool:
        """Per-rule veto; defaults to ``accept``."""
        return self.accept(text, start, end)

    def _spans(self, rule: Rule, text: str):
        if rule.context is None:
            for m in rule.regex.finditer(text):
                start, end = m.span(rule.group)
                if 0 <= start < end and self.accept_rule(rule, text, start, end):
                    yield start, end
            return
        last_end = -1
        for c in rule.context.finditer(text):
            pos = c.end()
            if pos < last_end:
                continue
            # a match must start within the window: search no further than that and a value's
            # length (unbounded, the search ran on to the next match however far away it was)
            for m in rule.regex.finditer(text, pos, min(len(text), pos + rule.window + MAX_VALUE_CHARS)):
                if m.start() - pos > rule.window:
                    break
                start, end = m.span(rule.group)
                if 0 <= start < end and self.accept_rule(rule, text, start, end):
                    last_end = end
                    yield start, end
                    break

    def analyze(self, text: str, entities, nlp_artifacts=None):  # noqa: D102
        results: list[RecognizerResult] = []
        if self.REQUIRES is not None and not self.REQUIRES(text):
            return results
        for rule in self.RULES:
            if rule.requires is not None and not rule.requires(text):
                continue
            results.extend(self.result(start, end, rule.score) for start, end in self._spans(rule, text))
        return results

    def result(self, start: int, end: int, score: float) -> RecognizerResult:
        """A result of this recognizer's entity type, named as its own."""
        return RecognizerResult(entity_type=self.ENTITY, start=start, end=end, score=score, recognition_metadata={
            RecognizerResult.RECOGNIZER_NAME_KEY: self.name, RecognizerResult.RECOGNIZER_IDENTIFIER_KEY: self.id})


def token_at(nlp_artifacts, offset: int):
    """The token of ``nlp_artifacts.tokens`` starting at character ``offset``, or None: a binary
    search in the artifacts' token offsets (iterating a Doc builds a Token object per token)."""
    doc = getattr(nlp_artifacts, "tokens", None)
    if doc is None:
        return None
    starts = getattr(nlp_artifacts, "tokens_indices", None)
    if starts is None or len(starts) != len(doc):
        starts = [t.idx for t in doc]
    i = bisect_left(starts, offset)
    return doc[i] if i < len(starts) and starts[i] == offset else None


def words(*alts: str) -> str:
    """A non-capturing alternation of phrases, longest first, spaces matching any whitespace."""
    alts_sorted = sorted(alts, key=len, reverse=True)
    return "(?:" + "|".join(re.escape(a).replace(r"\ ", r"\s+") for a in alts_sorted) + ")"


I = re.IGNORECASE
