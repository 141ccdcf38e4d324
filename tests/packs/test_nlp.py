"""The packs read facts with detection's own copy of the md pipeline (one copy per process)."""

from __future__ import annotations


def test_the_packs_use_the_pipeline_detection_loaded_not_a_second_copy():
    from privacy.detect import Detector, DetectorSettings

    from context_packs.nlp import pipeline

    assert pipeline() is Detector.get(DetectorSettings()).core.nlp


def test_a_parse_has_tags_dependencies_and_lemmas_but_no_entities():
    from context_packs.nlp import parse

    doc = parse("Renata Alves moved to Denver and runs every day.")
    assert [t.dep_ for t in doc][:3] == ["compound", "nsubj", "ROOT"]
    assert doc[5].lemma_ == "and" and doc[6].tag_ == "VBZ" and doc[6].lemma_ == "run"
    assert doc.ents == ()


def test_parsing_for_the_packs_leaves_detections_components_as_it_set_them():
    from context_packs.nlp import parse, pipeline

    before = list(pipeline().pipe_names)
    parse("She keeps a snake plant on her desk.")
    assert pipeline().pipe_names == before
