"""Import spaCy without its command line.

``spacy/__init__.py`` imports ``spacy.cli.info`` only to re-export ``spacy.info``; that pulls in
the whole ``spacy.cli`` package (typer apps, weasel, requests, httpx, jinja2, a YAML file
parsed at import): about 0.3 s of every ``privacy`` start-up that runs detection, for a
command line nothing here calls. ``import_spacy`` imports spaCy with a placeholder for
``spacy.cli.info`` that lives in ``sys.modules`` only while spaCy's ``__init__`` runs; the one
name taken from it, ``spacy.info``, is a forwarder that imports the real ``spacy.cli.info`` on
first call. Afterwards nothing is left in place: ``import spacy.cli`` (or any of its modules)
imports the real package, as usual. spaCy's pipelines, vocabularies and results do not
depend on it (scripts/byte_identity.py; tests/detect/test_spacyimport.py).
"""

from __future__ import annotations

import sys
import types

_INFO = "spacy.cli.info"


def _info(*args, **kwargs):
    """``spacy.info``, imported when first called (spacy.cli.info.info)."""
    import importlib

    return importlib.import_module(_INFO).info(*args, **kwargs)


def import_spacy() -> types.ModuleType:
    """``import spacy``, without importing ``spacy.cli`` (above). A no-op once spaCy is imported."""
    if "spacy" in sys.modules or _INFO in sys.modules:
        import spacy

        return spacy
    placeholder = types.ModuleType(_INFO, "placeholder while spaCy's __init__ runs (privacy.detect.spacyimport)")
    placeholder.info = _info
    sys.modules[_INFO] = placeholder
    try:
        import spacy
    finally:
        if sys.modules.get(_INFO) is placeholder:
            del sys.modules[_INFO]
    _group_entry_points()
    return spacy


def _group_entry_points() -> None:
    """catalogue (spaCy's registries) keeps the entry points of every installed package as
    Python 3.11's deprecated ``SelectableGroups`` and asks it ``select(group=...)`` on each
    registry lookup, which flattens and filters all of them again: 139 lookups for one pipeline
    load. Given the plain ``{group: EntryPoints}`` mapping instead, catalogue reads the group
    directly (its own ``dict`` branch): the same entry points in the same order."""
    import catalogue

    eps = catalogue.AVAILABLE_ENTRY_POINTS
    if type(eps).__name__ == "SelectableGroups" and isinstance(eps, dict):
        catalogue.AVAILABLE_ENTRY_POINTS = {group: eps.select(group=group) for group in sorted(eps.groups)}


# ---- loading a pipeline -------------------------------------------------------------------

# spaCy's own tokenizer factory builds the tokenizer with the language's default exceptions
# (2,700 special cases for English), and ``from_disk`` then resets them and adds the pipeline's
# own: every load added them twice (0.1-0.15 s). This factory makes the same Tokenizer with no
# rules or patterns; ``Tokenizer.from_disk`` sets every one of them from the pipeline's file
# (prefixes, suffixes, infixes, token and URL matches, exceptions, the heuristics flag), so the
# loaded tokenizer, the vocabulary's strings and its lexemes are the same (tests/detect/test_startup_paths.py).
PLAIN_TOKENIZER = {"@tokenizers": "spacy.Tokenizer.v1"}
RULELESS_TOKENIZER = "privacy.ruleless_tokenizer.v1"


def _register_ruleless() -> None:
    import spacy
    from spacy.tokenizer import Tokenizer

    if RULELESS_TOKENIZER in spacy.registry.tokenizers:
        return

    @spacy.registry.tokenizers(RULELESS_TOKENIZER)
    def ruleless_tokenizer():
        def make(nlp):
            return Tokenizer(nlp.vocab)

        return make


def load_pipeline(model_name: str, exclude=()):
    """``spacy.load(model_name, exclude=exclude)`` for a pipeline whose tokenizer is spaCy's plain
    ``spacy.Tokenizer.v1`` (the pinned one), with its exceptions added once (above). The pipeline's
    config names the plain tokenizer afterwards, as a plain load gives it."""
    import spacy
    from spacy.tokenizer import Tokenizer

    _register_ruleless()
    nlp = spacy.load(model_name, exclude=list(exclude), config={"nlp": {"tokenizer": {"@tokenizers": RULELESS_TOKENIZER}}})
    if type(nlp.tokenizer) is not Tokenizer or not nlp.tokenizer.rules:
        return spacy.load(model_name, exclude=list(exclude))  # not a pipeline with a plain tokenizer file
    nlp._config["nlp"]["tokenizer"] = dict(PLAIN_TOKENIZER)
    return nlp


def add_components(nlp, model_name: str, names) -> None:
    """Add to ``nlp`` (loaded by ``load_pipeline`` with some components excluded) the pipeline's
    components ``names`` it lacks, loaded from the same package: each at its place in the
    package's order, disabled (``nlp.pipe`` and ``nlp(text)`` leave it out; ``nlp.get_pipe(name)``
    runs it by hand), sharing ``nlp``'s vocabulary. The same weights and settings as in a load of
    every component; a component that listens to ``tok2vec`` (the parser) reads the tensor
    ``tok2vec`` leaves on a doc, as it does in a full pipeline (tests/packs/test_nlp.py).

    The components come from a second, partial load of the package (``spacy.load`` with the
    others excluded, the vocabulary and tokenizer not read): ``tok2vec`` is loaded there too,
    because the parser's settings name its width, and dropped with that load."""
    import warnings
    from pathlib import Path

    import spacy
    from spacy.util import load_config

    missing = [n for n in names if n not in nlp.component_names]
    if not missing:
        return
    order = load_config(Path(nlp.path) / "config.cfg", interpolate=False)["nlp"]["pipeline"]
    unwanted = [c for c in order if c not in missing and c != "tok2vec"]
    _register_ruleless()
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=r"\[W095\]")  # the model's version note, as in the first load
        source = spacy.load(model_name, vocab=nlp.vocab, exclude=[*unwanted, "vocab", "tokenizer"],
                            config={"nlp": {"tokenizer": {"@tokenizers": RULELESS_TOKENIZER}}})
    for name in sorted(missing, key=order.index):
        before = [c for c in order[: order.index(name)] if c in nlp.component_names]
        nlp.add_pipe(name, source=source, **({"after": before[-1]} if before else {"first": True}))
        nlp.disable_pipe(name)
