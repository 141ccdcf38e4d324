"""PII detection for chat histories: Presidio on the pinned spaCy pipeline, our recognizers,
the contributor's identity, propagation and an allow list.

    from privacy.detect import Detector, DetectorSettings, Finding, IdentityHints

    det = Detector.get(settings=DetectorSettings())          # loaded once per process
    hints = IdentityHints.from_contributor(exp.contributor, exp.custom_instructions)
    findings = det.analyze_corpus(texts, hints=hints)        # list[list[Finding]]

The stages of ``analyze_corpus`` (``candidates`` → ``propagator`` → ``finish``) are public
for batched runs (privacy.scrub.core); see docs/design.md.
"""

from privacy.detect.engine import Candidate, Detector, lowercase_vocabulary
from privacy.detect.finding import Finding
from privacy.detect.identity import IdentityHints
from privacy.detect.settings import DetectorSettings

__all__ = ["Candidate", "Detector", "DetectorSettings", "Finding", "IdentityHints", "lowercase_vocabulary"]
