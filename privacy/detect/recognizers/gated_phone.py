"""Presidio's phone recognizer, skipped on texts that cannot hold a phone number.

Its ``phonenumbers`` matcher walks every text once per region (8 regions), parsing every
digit run it meets, and is the analyzer's largest single cost on chat corpora, where most
texts hold no phone number at all. Two gates, neither changing a result:

* fewer than seven digits in the text: no phone number has fewer than seven digits (always on);
* a prefilter (privacy.detect.recognizers.prefilter): seven digits in one chain with at most
  four characters between consecutive digits. ``phonenumbers`` builds a number only from
  such a chain: its candidate pattern is digit blocks separated by at most four punctuation
  characters (``phonenumbermatcher._PATTERN``: ``_PUNCTUATION`` is limited to ``{0,4}``), the
  optional extension aside, so the seven digits of a number lie in one chain.
"""

from __future__ import annotations

import re

from presidio_analyzer.predefined_recognizers import PhoneRecognizer

from privacy.detect.recognizers.prefilter import Requires, regex

_SEVEN_DIGITS = re.compile(r"\d(?:\D*\d){6}")
SEVEN_DIGIT_CHAIN = Requires(regex(r"\d(?:\D{0,4}\d){6}"))


class GatedPhoneRecognizer(PhoneRecognizer):
    """``PhoneRecognizer`` that returns at once when the text cannot hold a phone number."""

    def analyze(self, text, entities, nlp_artifacts=None):  # noqa: D102
        if _SEVEN_DIGITS.search(text) is None or not SEVEN_DIGIT_CHAIN(text):
            return []
        return super().analyze(text, entities, nlp_artifacts)
