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


def test_detection_loads_the_parse_components_only_when_the_packs_ask_and_they_parse_as_a_full_load():
    """Detection's pipeline leaves out the parser, the lemmatizer and the sentence recognizer
    (privacy.detect.engine.load_pipeline); ``parse_pipeline`` adds the first two, disabled, in the
    package's order, and a parse through them equals one through a load of every component."""
    import warnings

    import spacy

    from context_packs.nlp import STEPS
    from privacy.detect.engine import _Core
    from privacy.detect.settings import DetectorSettings

    model = DetectorSettings().model_name
    core = _Core(model)  # a fresh one: the shared one may have been asked already
    assert not {"parser", "lemmatizer", "senter"} & set(core.nlp.component_names)
    enabled = list(core.nlp.pipe_names)
    nlp = core.parse_pipeline()
    assert nlp is core.nlp and core.parse_pipeline() is nlp
    assert nlp.pipe_names == enabled  # what detection runs is unchanged
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=r"\[W095\]")
        full = spacy.load(model, exclude=["senter"])
    assert nlp.component_names == full.component_names

    def parse(p, text):
        doc = p.make_doc(text)
        for name in p.component_names:
            if name in STEPS:
                doc = p.get_pipe(name)(doc)
        return [(t.text, t.tag_, t.pos_, str(t.morph), t.dep_, t.head.i, t.lemma_) for t in doc], doc.tensor.tolist()

    for text in ("Renata Alves moved to Denver and runs every day.",
                 "My brother Tom told me he would visit Paris next spring, if he could afford it.",
                 "i was wondering whether the kids' school bus leaves at 7:30 or 8 on mondays??",
                 "She keeps a snake plant on her desk; it was her mother's."):
        assert parse(nlp, text) == parse(full, text)
