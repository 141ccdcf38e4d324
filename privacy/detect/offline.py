"""Keep Presidio offline: its EmailRecognizer must never fetch the public suffix list.

Presidio's ``EmailRecognizer.validate_result`` calls ``tldextract.extract``, whose
default extractor downloads the public suffix list on first use. We replace it with
an extractor bound to the snapshot bundled inside the pinned ``tldextract`` wheel
(no URLs, no disk cache), so email validation makes no network call.
"""

from __future__ import annotations

import tldextract
from presidio_analyzer.predefined_recognizers import EmailRecognizer

OFFLINE_EXTRACT = tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None, fallback_to_snapshot=True)


class OfflineEmailRecognizer(EmailRecognizer):
    """Presidio's email recognizer, validating domains against the bundled suffix snapshot."""

    def validate_result(self, pattern_text: str) -> bool:  # noqa: D102
        return OFFLINE_EXTRACT(pattern_text).fqdn != ""
