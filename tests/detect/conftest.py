"""One detector per test session (the spaCy pipeline loads once)."""

import pytest

from privacy.detect import Detector, DetectorSettings


@pytest.fixture(scope="session")
def det() -> Detector:
    return Detector.get(DetectorSettings())


def spans(text, findings):
    return [(text[f.start:f.end], f.entity_type) for f in findings]


def found(det, text, etype):
    """The values of ``text`` found as ``etype``, in order."""
    return [v for v, t in spans(text, det.analyze_text(text)) if t == etype]
