"""Keep Presidio offline: its EmailRecognizer must never fetch the public suffix list.

Presidio's ``EmailRecognizer.validate_result`` calls ``tldextract.extract``, whose
default extractor downloads the public suffix list on first use. We replace it with
an extractor bound to the snapshot bundled inside the pinned ``tldextract`` wheel
(no URLs, no disk cache), so email validation makes no network call. Texts without an "@"
(which its one pattern needs) are not searched at all (a prefilter, see
privacy.detect.recognizers.prefilter).
"""

from __future__ import annotations

import tldextract
from presidio_analyzer.predefined_recognizers import EmailRecognizer

from privacy.detect.recognizers.prefilter import Requires, cased

OFFLINE_EXTRACT = tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None, fallback_to_snapshot=True)


_AT = Requires(cased("@"))


class OfflineEmailRecognizer(EmailRecognizer):
    """Presidio's email recognizer, validating domains against the bundled suffix snapshot."""

    def analyze(self, text, entities, nlp_artifacts=None, *args, **kwargs):  # noqa: D102
        if not _AT(text):
            return []
        return super().analyze(text, entities, nlp_artifacts, *args, **kwargs)

    def validate_result(self, pattern_text: str) -> bool:  # noqa: D102
        return OFFLINE_EXTRACT(pattern_text).fqdn != ""
