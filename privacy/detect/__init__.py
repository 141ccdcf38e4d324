"""PII detection for chat histories: Presidio on the pinned spaCy pipeline, our recognizers,
the contributor's identity, propagation and an allow list.

    from privacy.detect import Detector, DetectorSettings, Finding, IdentityHints

    det = Detector.get(settings=DetectorSettings())          # loaded once per process
    hints = IdentityHints.from_contributor(exp.contributor, exp.custom_instructions)
    findings = det.analyze_corpus(texts, hints=hints)        # list[list[Finding]]

The stages of ``analyze_corpus`` (``candidates`` → ``propagator`` → ``finish``) are public
for batched runs (privacy.scrub.core); see docs/design.md.
"""

from privacy.detect.finding import Finding
from privacy.detect.identity import IdentityHints
from privacy.detect.settings import DetectorSettings

_ENGINE_NAMES = ("Candidate", "Detector", "lowercase_vocabulary")


def __getattr__(name: str):
    # The engine (Presidio, spaCy) is imported on first use: a process that only passes
    # settings and hints along (the scrub's parent, with --jobs N) never pays for it.
    if name in _ENGINE_NAMES:
        import os

        from privacy.detect.recache import import_cached

        # the engine's regular expressions are compiled once per Python, like its bytecode
        engine = import_cached("privacy.detect.engine", os.path.join(os.path.dirname(__file__), "engine.py"))
        return getattr(engine, name)
    raise AttributeError(f"module 'privacy.detect' has no attribute {name!r}")


__all__ = ["Candidate", "Detector", "DetectorSettings", "Finding", "IdentityHints", "lowercase_vocabulary"]
