"""What detection's start-up leaves out, and that what it builds instead is the same.

* Presidio's predefined recognizers are imported as they are asked for
  (privacy.detect.presidioimport): the detector's registry never imports ``UrlRecognizer``'s
  module, and is the registry Presidio's own loading gives less the three recognizers the
  detector replaces; plain Presidio in the same process still loads every recognizer.
* wordfreq is not imported for a word of plain letters (privacy.detect.gazetteer): the
  frequency read from its list is its ``zipf_frequency`` for every such word.
* The pipeline's tokenizer exceptions are added once (privacy.detect.spacyimport.load_pipeline):
  same config, tokenizer, strings, lexemes and docs as ``spacy.load``; catalogue reads spaCy's
  registries' entry points group by group.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

URL_MODULE = "presidio_analyzer.predefined_recognizers.generic.url_recognizer"


def _run(code: str, hashseed: str | None = None) -> str:
    env = dict(os.environ)
    if hashseed is not None:
        env["PYTHONHASHSEED"] = hashseed  # Presidio orders a recognizer's entities through a set
    out = subprocess.run([sys.executable, "-W", "ignore", "-c", code], capture_output=True, text=True,
                         timeout=600, env=env)
    assert out.returncode == 0, out.stderr[-3000:]
    return out.stdout.strip().splitlines()[-1]


LAZY = r"""
import json, sys
import privacy.detect.engine as eng
from privacy.detect import Detector
det = Detector.get()
found = det.analyze_text("Arjun and Hope met Priya Raman in Leeds on 3 May; mail priya@example.org")
print(json.dumps({"url": %r in sys.modules, "wordfreq": "wordfreq" in sys.modules,
                  "predefined": sorted(m for m in sys.modules if m.startswith("presidio_analyzer.predefined_recognizers.")),
                  "found": [f.entity_type for f in found]}))
""" % URL_MODULE


def test_detection_imports_neither_presidios_url_recognizer_nor_wordfreq():
    seen = json.loads(_run(LAZY))
    assert seen["found"], "the detector found nothing: the check below would prove nothing"
    assert not seen["url"], "UrlRecognizer's module was imported"
    assert not seen["wordfreq"], "wordfreq was imported for plain words"
    assert len(seen["predefined"]) < 50, seen["predefined"]  # every predefined module: 120+


DUMP = r"""
import json, re, sys

def dump(registry):
    out = []
    for r in registry.recognizers:
        d = {"class": type(r).__module__ + "." + type(r).__qualname__}
        for k, v in sorted(vars(r).items()):
            if isinstance(v, list) and v and hasattr(v[0], "regex"):
                v = [(p.name, p.regex, p.score) for p in v]
            d[k] = re.sub(r"0x[0-9a-f]+|_\d{6,}", "@", repr(v))  # addresses and ids only
        out.append(d)
    return out

MODE = sys.argv[1] if len(sys.argv) > 1 else "%s"
import privacy.detect.presidioimport as pi
if MODE == "eager":
    import presidio_analyzer  # before the detector: Presidio as it imports itself, every recognizer
    pi.load_predefined = lambda registry, nlp_engine, languages, exclude=(): (
        registry.load_predefined_recognizers(languages=languages, nlp_engine=nlp_engine),
        [registry.remove_recognizer(n) for n in exclude])
import privacy.detect.engine as eng
from privacy.detect.settings import DetectorSettings
core = eng._Core.get(DetectorSettings().model_name)
mine = dump(core.analyzer.registry)
from presidio_analyzer import RecognizerRegistry
plain = RecognizerRegistry(supported_languages=["en"])
plain.load_predefined_recognizers(languages=["en"], nlp_engine=core.nlp_engine)
print(json.dumps({"detector": mine, "plain": dump(plain)}))
"""


@pytest.mark.parametrize("hashseed", ["0", "1"])
def test_the_detectors_registry_is_presidios_less_the_three_it_replaces(hashseed):
    lazy = json.loads(_run(DUMP % "lazy", hashseed))
    eager = json.loads(_run(DUMP % "eager", hashseed))
    assert [d["class"] for d in lazy["detector"]] == [d["class"] for d in eager["detector"]]
    assert lazy["detector"] == eager["detector"]
    assert len(lazy["plain"]) >= 15 and lazy["plain"] == eager["plain"]  # plain Presidio is unchanged


def test_zipf_from_the_list_is_wordfreqs_for_every_plain_word():
    import wordfreq

    from privacy.detect import gazetteer as G

    assert G._small_english() == wordfreq.get_frequency_dict("en", "small")
    words = set(G._small_english()) | G.word_names() | G.given_names() | G.surnames() | {"zzqxv", "nokia", "zeus"}
    plain = sorted(w for w in words if G._PLAIN_WORD.fullmatch(w))
    assert len(plain) > 50_000
    wrong = [w for w in plain if G._zipf_small_english(w) != wordfreq.zipf_frequency(w, "en", wordlist="small")]
    assert not wrong, wrong[:20]
    for other in ("o'brien", "zoë", "Ferguson", "rock-n-roll", "b2b", ""):  # wordfreq's own answer
        assert G._zipf_small_english(other) == wordfreq.zipf_frequency(other, "en", wordlist="small")


PIPELINE = r"""
import json, hashlib, sys
import spacy
from privacy.detect.spacyimport import load_pipeline, import_spacy
from privacy.detect.settings import DEFAULT_MODEL
import_spacy()
a = spacy.load(DEFAULT_MODEL, exclude=["strings"])
b = load_pipeline(DEFAULT_MODEL, exclude=("strings",))
texts = [t for t in open(sys.argv[1], encoding="utf-8").read().split("\n\n") if t.strip()][:200]
def state(nlp):
    docs = [[(t.text, t.norm_, t.shape_, t.lemma_, t.tag_, t.ent_type_, t.ent_iob_) for t in d] for d in nlp.pipe(texts)]
    return {"config": nlp.config.to_str(), "tokenizer": nlp.tokenizer.to_bytes(exclude=["vocab"]).hex(),
            "strings": sorted(nlp.vocab.strings), "lexemes": sorted(l.orth_ for l in nlp.vocab), "docs": docs}
print(json.dumps(state(a) == state(b)))
"""


def test_the_pipeline_loaded_with_its_exceptions_once_is_spacys_own():
    readme = os.path.join(os.path.dirname(__file__), "..", "..", "README.md")
    assert json.loads(_run(PIPELINE.replace("sys.argv[1]", repr(os.path.abspath(readme)))))


def test_catalogue_reads_each_group_directly_and_gets_the_same_entry_points():
    import importlib.metadata as md

    import catalogue

    from privacy.detect.spacyimport import import_spacy

    import_spacy()
    eps = catalogue.AVAILABLE_ENTRY_POINTS
    assert type(eps) is dict, type(eps)  # catalogue's dict branch: no select() over every entry point
    every = md.entry_points()
    assert set(eps) == set(every.groups)
    for group, got in eps.items():
        assert list(got) == list(every.select(group=group))


def test_a_packaged_list_read_at_once_holds_the_lines_it_held_line_by_line():
    from importlib import resources

    from privacy.detect.packaged import _entries

    def line_by_line(text):
        return frozenset(w for w in text.splitlines() if w and not w.startswith("#"))

    texts = ["", "#", "#\n", "# a\n# b\nx\ny\n", "# a\x85b\nx\n", "x\n\ny\n#z\n", "# h\nx\r\ny\x85#z\n",
             "#a\n#b", "a\nb", "\n\n", "# h\n\nx\n", "x#y\nz\n", "# h\r\nx\r\n"]
    folder = resources.files("privacy.detect").joinpath("data")
    texts += [f.read_text("utf-8") for f in folder.iterdir() if f.name.endswith(".txt")]
    assert len(texts) > 20
    for text in texts:
        assert _entries(text) == line_by_line(text), repr(text[:60])
