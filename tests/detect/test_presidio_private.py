"""Presidio's private calls are made in one place (privacy/detect/presidio_private.py): pinned here."""

from __future__ import annotations

from importlib.metadata import version

from privacy.detect import Detector
from privacy.detect.presidio_private import PINNED_PRESIDIO, doc_entities


def test_the_pinned_presidio_is_the_installed_one():
    assert version("presidio-analyzer") == PINNED_PRESIDIO  # a new Presidio: check doc_entities again


def test_doc_entities_is_what_presidios_public_processing_gives():
    eng = Detector.get().core.nlp_engine
    text = "Marguerite Okonkwo flew from Lisbon to Oslo on 3 May 2021 with Acme Corp."
    public = eng.process_text(text, "en")
    entities, scores = doc_entities(eng, eng.nlp["en"](text))
    assert [(e.start_char, e.end_char, e.label_) for e in entities] == [
        (e.start_char, e.end_char, e.label_) for e in public.entities
    ]
    assert scores == public.scores
    assert entities  # the sentence has entities: the comparison is not vacuous
