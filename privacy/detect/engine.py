"""The detector: Presidio on the pinned spaCy pipeline plus our recognizers, identity and
propagation passes, over a whole corpus at once.

Flow of ``analyze_corpus``: dedupe texts → chunk long ones → one ``nlp.pipe`` over the texts
that can hold entities (others get a tokenizer-only doc, so pattern recognizers still run) →
Presidio ``analyze`` per text with the precomputed ``NlpArtifacts`` → false-positive filters and
allow list → identity pass → propagation of every value found → overlaps merged into sorted,
non-overlapping ``Finding`` lists.

(Over 400 lines: the loaded core, the detector's stages and the overlap resolution share the
``Candidate`` type and the pipeline they load; recognizers, filters, kinds and the keep side live in
their own modules.)
"""

from __future__ import annotations

import bisect
import contextlib
import re
import threading
import warnings
from typing import Iterable, Sequence

import numpy
import regex as _regex

from privacy.detect.spacyimport import import_spacy

import_spacy()  # before Presidio and spacy.* below: spaCy without its command line (0.3 s)

from privacy.detect.presidioimport import import_presidio, load_predefined

import_presidio()  # before presidio_analyzer below: its predefined recognizers imported as needed (0.15 s)

from presidio_analyzer import RecognizerRegistry
from presidio_analyzer.nlp_engine import NerModelConfiguration, NlpArtifacts, SpacyNlpEngine

from spacy.attrs import IDX, LEMMA, LOWER, POS, TAG
from spacy.parts_of_speech import IDS as UPOS_IDS
from spacy.lang.en.stop_words import STOP_WORDS
from spacy.tokens import Span
from spacy.util import filter_spans, minibatch

from privacy import entities as E
from privacy.detect import filters, gazetteer, htmltext, keep, kinds, nergate, tagging
from privacy.detect.allow_list import AllowList, read_common_word_names
from privacy.detect.chunking import pieces
from privacy.detect.recase import recased
from privacy.detect.vocabulary import CALENDAR_WORDS, FILE_NAME, ROLE_ACRONYMS, is_common
from privacy.detect.finding import Finding
from privacy.detect.identity import IdentityHints, IdentityMatcher
from privacy.detect.occurrences import NO_WORD_AFTER, NO_WORD_OR_QUOTE_AFTER, word_spans
from privacy.detect.offline import OFFLINE_EXTRACT, OfflineEmailRecognizer
from privacy.detect.presidio_private import ListingAnalyzerEngine, doc_entities
from privacy.detect.propagation import Propagator, propagation_terms
from privacy.detect.recognizers import build_recognizers, person_context, prefilter
from privacy.detect.recognizers.context_enhancer import BisectContextEnhancer
from privacy.detect.recognizers.gated_phone import GatedPhoneRecognizer
from privacy.detect.settings import DetectorSettings
from privacy.detect.textnorm import fold

# spaCy labels → our entity types (Presidio's defaults; ORG and the numeric labels ignored).
NER_CONFIG = dict(
    model_to_presidio_entity_mapping={
        "PER": E.PERSON, "PERSON": E.PERSON, "NORP": E.NRP, "FAC": E.LOCATION, "LOC": E.LOCATION,
        "GPE": E.LOCATION, "ORG": E.ORGANIZATION, "DATE": E.DATE_TIME, "TIME": E.DATE_TIME,
    },
    labels_to_ignore=["ORG", "ORGANIZATION", "CARDINAL", "EVENT", "LANGUAGE", "LAW", "MONEY", "ORDINAL",
                      "PERCENT", "PRODUCT", "QUANTITY", "WORK_OF_ART"],
    low_confidence_score_multiplier=0.4,
    low_score_entity_names=[],
)
# Presidio types outside privacy.entities, mapped onto ours (None: not PII here, dropped).
TYPE_MAP = {
    "US_ITIN": E.US_SSN, "UK_NHS": E.ACCOUNT_NUMBER, "MEDICAL_LICENSE": E.ACCOUNT_NUMBER,
    "CRYPTO": E.ACCOUNT_NUMBER, "MAC_ADDRESS": E.IP_ADDRESS, "UUID": None,
}
# Which type wins when overlapping spans are merged.
# (a PUBLIC span, kept on purpose, wins over what overlaps it: privacy.detect.keep never keeps a
# span that overlaps the contributor's own identifiers)
_TYPE_RANK = {E.DATE_TIME: 0, E.NRP: 0, E.ORGANIZATION: 0, E.LOCATION: 1, E.AGE: 1, E.POSTAL_CODE: 1, E.PUBLIC: 3}
# a place found by a cue, an address or the gazetteer with a cue scores this or more (recognizers)
STRONG_PLACE = 0.85
_PASS_RANK = {"identity": 3, "pattern": 2, "ner": 1, "propagation": 1, "keep": 2}
_HAS_LETTERS = re.compile(r"[^\W\d_]{2}")
_BASE64ISH = re.compile(r"^[A-Za-z0-9+/=_\-\s]{64,}$")
# nlp.pipe runs NER alone (it has its own embedding layer). The parser is not used; the
# attribute ruler and lemmatizer cost a quarter of the pipeline (profile in docs/benchmarks.md):
# POS is set from the tagger's tag by the attribute ruler's own tag map, and the lemma Presidio's
# context enhancer reads is the lower-cased word. tok2vec + tagger run only on the tokens a filter
# or recognizer asks POS for, with a few tokens of context (privacy.detect.tagging).
NER_SKIPPED_COMPONENTS = ("tok2vec", "tagger", "parser", "attribute_ruler", "lemmatizer")


# The model's string table (776k strings, two thirds of the pipeline's load time) is not read:
# spaCy adds every string a doc uses (token texts, lower-case forms, shapes, affixes, norms) as
# it meets it, and the labels, tags and tokenizer exceptions when their components load; the
# vectors and lookup tables are keyed by hash. What the table adds is hash → string for words no
# text has used, which nothing asks for (a missing hash raises KeyError, never a silent change).
# Same docs, entities, tags and vectors (scripts/byte_identity.py).
VOCAB_EXCLUDE = ("strings",)
# Components detection never runs, not loaded with the pipeline (0.05 s of each detecting
# process): the sentence recognizer (disabled in the package; nothing here reads it) and the
# parser and lemmatizer, which only the context packs run (``_Core.parse_pipeline`` adds them).
PARSE_COMPONENTS = ("parser", "lemmatizer")
UNUSED_COMPONENTS = ("senter",)


def load_pipeline(model_name: str):
    """The pinned spaCy pipeline without the model's string table (above) and the components
    detection does not run, its tokenizer exceptions added once
    (privacy.detect.spacyimport.load_pipeline)."""
    from privacy.detect.spacyimport import load_pipeline as load

    return load(model_name, exclude=VOCAB_EXCLUDE + UNUSED_COMPONENTS + PARSE_COMPONENTS)


def needs_ner(text: str) -> bool:
    """False for texts that cannot hold a named entity: empty, numeric, base64/hex blobs."""
    if not _HAS_LETTERS.search(text):
        return False
    if _BASE64ISH.match(text) and text.count(" ") < len(text) / 40:
        return False
    return True


def _ner_config() -> NerModelConfiguration:
    return NerModelConfiguration(**NER_CONFIG)


class _Core:
    """The loaded spaCy pipeline and Presidio analyzer (one per model per process)."""

    _lock = threading.Lock()
    _cache: dict[str, "_Core"] = {}

    def __init__(self, model_name: str):
        self.model_name = model_name
        self.nlp_engine = SpacyNlpEngine(models=[{"lang_code": "en", "model_name": model_name}],
                                         ner_model_configuration=_ner_config())
        with warnings.catch_warnings():
            # en_core_web_md 3.7.1 declares spaCy <3.8; it loads and runs unchanged on the pinned
            # 3.8 (its weights and config use no 3.8 change); the detection benchmarks measure it
            warnings.filterwarnings("ignore", message=r"\[W095\]")
            self.nlp = load_pipeline(model_name)
        self.nlp_engine.nlp = {"en": self.nlp}
        self.tag_pos = _tag_to_pos(self.nlp)
        self._tag_steps = [self.nlp.get_pipe(n) for n in ("tok2vec", "tagger") if n in self.nlp.pipe_names]
        for name in NER_SKIPPED_COMPONENTS:
            if name in self.nlp.pipe_names:
                self.nlp.disable_pipe(name)
        registry = RecognizerRegistry(supported_languages=["en"])
        # Presidio's predefined recognizers but these three, which are never imported or built
        load_predefined(registry, self.nlp_engine, ["en"], exclude=("EmailRecognizer", "UrlRecognizer", "PhoneRecognizer"))
        # Presidio reads IBANs without case ("gb96 barc …" in lower-case chat), and then its last groups
        # swallow the word after one ("… 3021 8847 antes de …") and the checksum fails: a second reader
        # in capitals only, as IBANs are printed, finds those
        iban = next(type(r) for r in registry.recognizers if r.name == "IbanRecognizer")
        registry.add_recognizer(iban(regex_flags=_regex.MULTILINE | _regex.DOTALL, name="IbanCapitalsRecognizer"))
        registry.add_recognizer(OfflineEmailRecognizer())
        registry.add_recognizer(GatedPhoneRecognizer())
        for rec in build_recognizers():
            registry.add_recognizer(rec)
        # Presidio's own pattern recognizers run only on texts that pass a cheap necessary
        # condition (recognizers/prefilter.py); the context enhancer finds tokens by bisection
        prefilter.gate_presidio(registry.recognizers)
        # (its context step lists the results in one pass: privacy.detect.presidio_private)
        self.analyzer = ListingAnalyzerEngine(registry=registry, nlp_engine=self.nlp_engine, supported_languages=["en"],
                                              context_aware_enhancer=BisectContextEnhancer())

    @classmethod
    def get(cls, model_name: str) -> "_Core":
        with cls._lock:
            if model_name not in cls._cache:
                cls._cache[model_name] = cls(model_name)
            return cls._cache[model_name]

    def parse_pipeline(self):
        """The pipeline with the parser and lemmatizer too (loaded on the first call, disabled
        like the tagger: the context packs run them by hand). Detection's results do not change:
        ``nlp.pipe`` still runs NER alone."""
        from privacy.detect.spacyimport import add_components

        with self._lock:
            add_components(self.nlp, self.model_name, PARSE_COMPONENTS)
        return self.nlp

    def artifacts(self, segments: Sequence[str], ner_flags: Sequence[bool], batch_size: int, gate: bool = True,
                  allowed: frozenset[str] = frozenset()):
        """NlpArtifacts for each segment, in order; NER only where ``ner_flags`` says so and,
        with ``gate``, only on the segment's NER windows (privacy.detect.nergate); NER reads a
        line typed in lower case with its names' capitals given back (privacy.detect.recase).

        The tokens around each person NER found are POS-tagged in batches right away (the
        name filter will ask); every doc carries a deferred tagger for the rest
        (privacy.detect.tagging)."""
        plans = [None if not flag else nergate.ner_windows(seg, allowed) if gate else [(0, len(seg))]
                 for seg, flag in zip(segments, ner_flags)]
        read = (recased(seg) for seg, plan in zip(segments, plans) if plan)  # its lines judged whole, not by window
        window_docs = self.nlp.pipe((text[a:b] for text, plan in zip(read, filter(None, plans)) for a, b in plan),
                                    batch_size=batch_size)
        ner_docs = (self._assemble(seg, plan, window_docs) for seg, plan in zip(segments, plans) if plan is not None)
        tagged = self._batch_tag(ner_docs, batch_size)
        for seg, plan in zip(segments, plans):
            doc = next(tagged) if plan is not None else self.nlp.make_doc(seg)
            yield self._artifact(doc)

    def _assemble(self, seg: str, plan: list[tuple[int, int]], window_docs):
        """The whole segment's doc, carrying the entities NER found in its windows (read
        ``recased``: a doc NER read recased gives its entities to a doc of the segment as written)."""
        if plan == [(0, len(seg))]:
            whole = next(window_docs)
            if whole.text == seg:
                return whole
            window_docs = iter([whole])
        doc = self.nlp.make_doc(seg)
        spans = []
        for a, _ in plan:
            for e in next(window_docs).ents:
                span = doc.char_span(a + e.start_char, a + e.end_char, label=e.label, alignment_mode="expand")
                if span is not None:
                    spans.append(span)
        doc.set_ents(filter_spans(spans), default="outside")
        return doc

    def _artifact(self, doc) -> "_LazyArtifacts":
        """Presidio's conversion of a spaCy Doc (its own entity mapping, ignored labels and
        scores), with token offsets and lemmas read array-wise and keywords computed only
        if a context-aware recognizer asks."""
        eng = self.nlp_engine
        _org_towns_as_places(doc)
        entities, scores = doc_entities(eng, doc)
        strings = doc.vocab.strings
        if len(doc):
            arr = doc.to_array([IDX, LEMMA]).tolist()
            indices = [a[0] for a in arr]
            lemmas = [strings[a[1]] for a in arr]
        else:
            indices, lemmas = [], []
        return _LazyArtifacts(entities=entities, tokens=doc, tokens_indices=indices, lemmas=lemmas,
                              nlp_engine=eng, language="en", scores=scores)

    def _batch_tag(self, docs, batch_size: int):
        """Tag, batch by batch, the tokens around every person NER found (the name filter
        reads them); leave a deferred tagger for the rest; set lemmas."""
        persons = {"PERSON", "PER"}
        for batch in minibatch(docs, batch_size):
            wanted = [(d, [(e.start, e.end) for e in d.ents if e.label_ in persons]) for d in batch]
            self._tag_ranges([(d, r) for d, r in wanted if r], batch_size)
            for d in batch:
                _set_lemma(d)
                tagging.defer(d, self._tag)
                yield d

    def _tag(self, doc, char_ranges: list[tuple[int, int]] | None) -> None:
        """The deferred tagger (privacy.detect.tagging): character ranges, or the whole doc."""
        if char_ranges is None:
            self._tag_ranges([(doc, [(0, len(doc))])], 1)
            return
        starts = doc.to_array(IDX).tolist()
        ranges = []
        for a, b in char_ranges:
            first = max(0, bisect.bisect_right(starts, a) - 1)
            last = max(first + 1, bisect.bisect_left(starts, b))
            ranges.append((first, min(last, len(doc))))
        self._tag_ranges([(doc, ranges)], len(ranges))

    def _tag_ranges(self, wanted, batch_size: int) -> None:
        """tok2vec + tagger over token ranges of docs (``[(doc, [(start, end), ...]), ...]``),
        each read with ``TAG_CONTEXT`` tokens of context either side; tags and POS are copied
        into the doc for the range's own tokens. Ranges already tagged are skipped."""
        jobs = []  # (doc, start, end, first, last): tag doc[start:end], keep tags of doc[first:last]
        for doc, ranges in wanted:
            done = doc.user_data.setdefault(_TAGGED_KEY, [])
            for start, end in _merged((max(0, s - TAG_CONTEXT), min(len(doc), e + TAG_CONTEXT)) for s, e in ranges):
                first = start + TAG_CONTEXT if start else 0  # a doc edge needs no context
                last = end - TAG_CONTEXT if end < len(doc) else end
                if not any(ds <= first and last <= de for ds, de in done):
                    jobs.append((doc, start, end, first, last))
                    done.append((first, last))
        if not jobs:
            return
        subs = [doc if end - start == len(doc) else doc[start:end].as_doc() for doc, start, end, _, _ in jobs]
        for step in self._tag_steps:
            subs = list(step.pipe(subs, batch_size=batch_size))
        get = self.tag_pos.get
        for (doc, start, end, first, last), sub in zip(jobs, subs):
            if sub is doc:  # the whole doc: POS array-wise
                tags = doc.to_array(TAG).tolist()
                doc.from_array([POS], numpy.fromiter((get(t, 0) for t in tags), dtype="uint64", count=len(tags)))
                continue
            for i in range(first, last):
                tagged = sub[i - start]
                doc[i].tag = tagged.tag
                doc[i].pos = get(tagged.tag, 0)


# Tokens of context read either side of a range to tag (the tagger's embedding sees 4).
TAG_CONTEXT = 8
_TAGGED_KEY = "privacy.detect.tagged_ranges"


def _org_towns_as_places(doc) -> None:
    """NER's organisations that are towns by their frame (``kinds.org_town``: "finish in Dingle")
    relabelled as places, before Presidio drops every organisation."""
    towns = [e.label_ == "ORG" and kinds.org_town(doc.text, e.start_char, e.end_char) for e in doc.ents]
    if any(towns):
        doc.ents = [Span(doc, e.start, e.end, label="GPE") if town else e for e, town in zip(doc.ents, towns)]


def _merged(ranges):
    out: list[tuple[int, int]] = []
    for s, e in sorted(ranges):
        if out and s <= out[-1][1]:
            out[-1] = (out[-1][0], max(e, out[-1][1]))
        else:
            out.append((s, e))
    return out


class _LazyArtifacts(NlpArtifacts):
    """``NlpArtifacts`` whose keyword list (stop words and punctuation filtered out of the
    lemmas) is built on first use: most texts never reach the context enhancer."""

    def __init__(self, *, entities, tokens, tokens_indices, lemmas, nlp_engine, language, scores=None):
        self.entities = entities
        self.tokens = tokens
        self.lemmas = lemmas
        self.tokens_indices = tokens_indices
        self.nlp_engine = nlp_engine
        self._language = language
        self._keywords = None
        self.scores = scores if scores else [0.85] * len(entities)

    @property
    def keywords(self):
        if self._keywords is None:
            self._keywords = self.set_keywords(self.nlp_engine, self.lemmas, self._language)
        return self._keywords

    @keywords.setter
    def keywords(self, value):
        self._keywords = value


def _tag_to_pos(nlp) -> dict[int, int]:
    """The attribute ruler's tag map (one-token ``{"TAG": t}`` → ``POS``) as hash → POS id."""
    if "attribute_ruler" not in nlp.pipe_names:
        return {}
    out: dict[int, int] = {}
    for p in nlp.get_pipe("attribute_ruler").patterns:
        pat, pos = p["patterns"], p["attrs"].get("POS")
        if pos and len(pat) == 1 and len(pat[0]) == 1 and list(pat[0][0]) == ["TAG"]:
            out[nlp.vocab.strings.add(pat[0][0]["TAG"])] = UPOS_IDS[pos]
    return out


def _set_lemma(doc):
    """Lemma = lower-cased word (what Presidio's context enhancer compares), array-wise."""
    if len(doc):
        doc.from_array([LEMMA], doc.to_array(LOWER))
    return doc


class Candidate:
    """A span one pass proposed, before overlaps are merged (picklable: stages may run in workers)."""

    __slots__ = ("start", "end", "etype", "score", "recognizer", "pass_name")

    def __init__(self, start, end, etype, score, recognizer, pass_name):
        self.start, self.end, self.etype = start, end, etype
        self.score, self.recognizer, self.pass_name = score, recognizer, pass_name

    def rank(self):
        tier = _TYPE_RANK.get(self.etype, 2)
        if self.etype == E.LOCATION and self.pass_name == "pattern" and self.score >= STRONG_PLACE:
            tier = 2  # a place by its cue or its address ("I am in Várbalog") stands against NER's "person"
        return (tier, self.end - self.start, _PASS_RANK[self.pass_name], self.score)

    def shifted(self, offset: int) -> "Candidate":
        return Candidate(self.start + offset, self.end + offset, self.etype, self.score, self.recognizer, self.pass_name)

    def as_tuple(self) -> tuple:
        return (self.start, self.end, self.etype, self.score, self.recognizer, self.pass_name)


def resolve(cands: Iterable[Candidate]) -> list[Finding]:
    """Merge overlapping candidates into non-overlapping findings, kind-safely.

    Of a group of overlapping candidates the strongest (``Candidate.rank``) wins; its span grows
    only by overlapping candidates of its own type, so a weak "street" never swallows a date
    next to it and a date never becomes part of a name. Candidates of another type that
    overlap the winner are dropped; those wholly outside its span are resolved on their own."""
    out: list[Finding] = []
    group: list[Candidate] = []
    g_end = -1

    for c in sorted(cands, key=lambda c: (c.start, -c.end)):
        if group and c.start < g_end:
            group.append(c)
            g_end = max(g_end, c.end)
        else:
            out.extend(_resolve_group(group))
            group, g_end = [c], c.end
    out.extend(_resolve_group(group))
    return out


def _resolve_group(group: list[Candidate]) -> list[Finding]:
    if not group:
        return []
    best = max(group, key=lambda c: c.rank())
    start, end = best.start, best.end
    grown = True
    while grown:
        grown = False
        for c in group:
            if c.etype == best.etype and c.start < end and start < c.end and (c.start < start or c.end > end):
                start, end = min(start, c.start), max(end, c.end)
                grown = True
    found = Finding(start, end, best.etype, round(float(best.score), 4), best.recognizer, best.pass_name)
    rest = [c for c in group if c.end <= start or c.start >= end]
    return sorted([found, *resolve(rest)], key=lambda f: f.start)


_ZONE_LOCK = threading.Lock()  # one ``Detector.strings_freed`` block at a time (spaCy's memory zones are per vocabulary)


class Detector:
    """PII detection over one contributor's texts. Get it with ``Detector.get(settings)``."""

    _instances: dict[DetectorSettings, "Detector"] = {}
    _lock = threading.Lock()

    def __init__(self, settings: DetectorSettings):
        self.settings = settings
        self.core = _Core.get(settings.model_name)
        self.allow = AllowList.load(settings.allow_list_path, settings.extra_allow)
        self.common_words = read_common_word_names()
        # the gazetteers and the keep side's lists, read now (every corpus needs them), not on first use
        gazetteer.load()
        keep.load()
        # single words of the allow list: no evidence for the NER gate (a name of them is dropped)
        self.gate_allowed = frozenset(t.lower() for t in self.allow.terms if t.isalpha())

    @classmethod
    def get(cls, settings: DetectorSettings | None = None) -> "Detector":
        """The detector for these settings, built once per process."""
        settings = settings or DetectorSettings()
        with cls._lock:
            if settings not in cls._instances:
                cls._instances[settings] = cls(settings)
            return cls._instances[settings]

    def spacy_strings(self) -> int:
        """How many strings spaCy holds in this process (its vocabulary's string store)."""
        return len(self.core.nlp.vocab.strings)

    @contextlib.contextmanager
    def strings_freed(self):
        """A block whose new spaCy strings, lexemes and tokenizer cache entries are freed when it
        ends (spaCy's ``Language.memory_zone``). spaCy keeps every distinct token it ever read
        (about 460 bytes each, measured): a detection worker that read a large export held
        hundreds of thousands of them, names and numbers read once (issue 20's memory). What the
        block returns must hold no spaCy object (``candidates`` returns plain spans). Results
        never depend on it: a lexeme's attributes are computed from its string, whenever it is
        made again. spaCy's zones neither nest nor run side by side: one block at a time per process."""
        with _ZONE_LOCK, self.core.nlp.memory_zone():
            yield

    def _allowed(self, text: str, start: int, end: int, etype: str) -> bool:
        """The allow list drops ``text[start:end]``: the caller's own terms always; a packaged term
        unless a relation names a person by it ("my daughter Ruby"), or it is a given name found as
        a person in company ("me and Júlia and Caio …", "Ruby (mum Mei Lin)") in a text that
        speaks of no software (not "is Julia faster than Python and R?")."""
        value = text[start:end]
        if value not in self.allow:
            return False
        if self.allow.chosen(value) or etype != E.PERSON:
            return True
        if person_context.RELATION_BEFORE.search(text, max(0, start - 40), start):
            return False
        in_company = _WITH_PEOPLE_BEFORE.search(text, max(0, start - 12), start) or _WITH_PEOPLE_AFTER.match(text, end)
        return not (in_company and " " not in value.strip() and gazetteer.is_given(value) and not _SOFTWARE.search(text))

    def _prune_ner(self, text: str, art) -> None:
        """Drop NER entities the false-positive filters or the allow list reject *before*
        Presidio deduplicates, so a pattern hit on the same span is not swallowed by them."""
        if not art.entities:
            return
        mapping = self.core.nlp_engine.ner_model_configuration.model_to_presidio_entity_mapping
        kept_e, kept_s = [], []
        for whole, sc in zip(art.entities, art.scores):
            etype = mapping.get(whole.label_, whole.label_)
            for a, b in _match_up_parts(text, whole.start_char, whole.end_char, etype):
                start, end = _trim(text, a, b, etype)
                if start < end and filters.keep(text, start, end, etype, "ner", art.tokens) \
                        and not self._allowed(text, start, end, etype):
                    ent = whole
                    if (start, end) != (whole.start_char, whole.end_char):
                        # trimmed before Presidio sees it: a span across lines ("…Road⏎Deventer") would
                        # otherwise swallow what the recognizers found inside it
                        ent = art.tokens.char_span(start, end, label=whole.label_, alignment_mode="contract") or whole
                    kept_e.append(ent)
                    kept_s.append(sc)
        art.entities, art.scores = kept_e, kept_s

    def analyze_text(self, text: str, hints: IdentityHints | None = None) -> list[Finding]:
        """Convenience: ``analyze_corpus([text])[0]`` (propagation within this one text)."""
        return self.analyze_corpus([text], hints=hints)[0]

    def analyze_corpus(self, texts: Sequence[str], hints: IdentityHints | None = None,
                       threshold: float | None = None) -> list[list[Finding]]:
        """Findings for each text (sorted, non-overlapping), with propagation across all texts.

        The three stages below, over the whole corpus at once; ``privacy.scrub.core`` runs the
        same stages batch by batch on several processes (same result)."""
        unique = list(dict.fromkeys(texts))
        cands = self.candidates(unique, hints=hints, threshold=threshold)
        prop = None
        if self.settings.propagate:
            prop = self.propagator(self.propagation_values(unique, cands), lowercase_vocabulary(unique))
        found = dict(zip(unique, self.finish(unique, cands, prop)))
        return [list(found[t]) for t in texts]

    # --- stage 1: candidates -------------------------------------------------------------

    def candidates(self, texts: Sequence[str], hints: IdentityHints | None = None,
                   threshold: float | None = None) -> list[list[Candidate]]:
        """NER (behind the NER gate), pattern recognizers and the identity pass over ``texts``:
        each text's candidate spans, overlaps not yet resolved. Depends on nothing outside ``texts``.

        A short text is one piece; a long one is cut at sentence ends (then into overlapping
        chunks); identical pieces anywhere in ``texts`` are analysed once."""
        s = self.settings
        thr = s.threshold if threshold is None else threshold
        piece_index: dict[str, int] = {}
        piece_text: list[str] = []
        occurrences: list[tuple[int, int, int]] = []  # (text index, offset, piece index)
        for ti, t in enumerate(texts):
            if not t:
                continue
            for off, piece in pieces(t, s.chunk_chars, s.chunk_overlap):
                pi = piece_index.setdefault(piece, len(piece_text))
                if pi == len(piece_text):
                    piece_text.append(piece)
                occurrences.append((ti, off, pi))
        piece_ner = [needs_ner(p) for p in piece_text]

        analyzer = self.core.analyzer
        piece_cands: list[list[Candidate]] = []
        # detection reads HTML character references decoded ("O&#39;Brien"), spans map back
        decoded = {i: htmltext.Decoded(p) for i, p in enumerate(piece_text) if htmltext.has_references(p)}
        read = [decoded[i].text if i in decoded else p for i, p in enumerate(piece_text)]
        for pi, (seg, art) in enumerate(zip(read, self.core.artifacts(read, piece_ner, s.batch_size, s.ner_gate, self.gate_allowed))):
            self._prune_ner(seg, art)
            found = []
            for r in analyzer.analyze(text=seg, language="en", nlp_artifacts=art, score_threshold=thr):
                etype = TYPE_MAP.get(r.entity_type, r.entity_type)
                if etype is None or etype not in E.ALL:
                    continue
                if r.entity_type == "UK_NHS" and "nhs" not in seg[max(0, r.start - 40):r.start].lower():
                    continue  # ten digits with a mod-11 check are a phone as often as an NHS number
                meta = r.recognition_metadata or {}
                rec = meta.get("recognizer_name", "unknown")
                pass_name = "ner" if rec == "SpacyRecognizer" else "pattern"
                start, end = _trim(seg, r.start, r.end, etype)
                if etype == E.PERSON and start < end:
                    end = keep.grown_to_notable_name(seg, start, end)  # "taylor" of "taylor swift"
                if start >= end or not filters.keep(seg, start, end, etype, pass_name, art.tokens):
                    continue
                if self._allowed(seg, start, end, etype):
                    continue
                found.append(Candidate(start, end, etype, r.score, rec, pass_name))
            if pi in decoded:
                found = [Candidate(*decoded[pi].span(c.start, c.end), c.etype, c.score, c.recognizer, c.pass_name)
                         for c in found]
            piece_cands.append(found)
        cands: list[list[Candidate]] = [[] for _ in texts]
        for ti, off, pi in occurrences:
            cands[ti].extend(c.shifted(off) for c in piece_cands[pi])

        if hints is not None and not hints.empty:
            matcher = IdentityMatcher(hints)
            for ti, t in enumerate(texts):
                for m in matcher.find(t, fold(t)):
                    cands[ti].append(Candidate(m.start, m.end, m.entity_type, 1.0, "IdentityMatcher", "identity"))
        return [_kept(t, kinds.retype(t, cs, _remade)) for t, cs in zip(texts, cands)]

    @staticmethod
    def propagation_values(texts: Sequence[str], cands: Sequence[Sequence[Candidate]]) -> set[tuple[str, str]]:
        """``(value, entity_type)`` of every span found outside the identity pass (typed after
        overlaps are merged): what propagation looks for everywhere else."""
        return {(t[f.start:f.end], f.entity_type) for t, cs in zip(texts, cands, strict=True)
                for f in resolve(cs) if f.pass_name != "identity" and not _place_as_person(t[f.start:f.end], f.entity_type)}

    # --- stages 2 and 3: propagation, resolution ----------------------------------------------

    def propagator(self, values: Iterable[tuple[str, str]], vocabulary: Iterable[str]) -> Propagator:
        """The propagation automaton for a corpus's values; ``vocabulary`` (the corpus's
        lower-case words) joins the packaged common-word names."""
        return Propagator(sorted(values), self.common_words | frozenset(vocabulary))

    def propagation_terms(self, values: Iterable[tuple[str, str]], vocabulary: Iterable[str]) -> list[tuple[str, int]]:
        """What ``propagator`` would look for, as ``(term, integer)`` pairs: an automaton of any
        of them (``Propagator.of_terms``) finds what ``propagator``'s finds of those terms."""
        return propagation_terms(sorted(values), self.common_words | frozenset(vocabulary))

    def finish(self, texts: Sequence[str], cands: Sequence[Sequence[Candidate]],
               prop: Propagator | None) -> list[list[Finding]]:
        """Propagation of the corpus's values into ``texts``, then overlaps merged: the final findings."""
        out: list[list[Finding]] = []
        for t, cs in zip(texts, cands, strict=True):
            cl = list(cs)
            if prop is not None and not prop.empty:
                spread = [Candidate(a, b, etype, 0.85, "Propagator", "propagation") for a, b, etype in prop.find(t, fold(t))]
                spread = kinds.retype(t, spread, _remade)
                spread = [c for c in spread if c.etype != E.PERSON or not filters.word_name_as_word(t, c.start, c.end)]
                # a name replaced anywhere in the corpus is replaced everywhere: one kept here on
                # purpose ("Harry" in a Harry Potter question) yields to a private person's name,
                # and to a town's; a city of 500,000+ named as a topic stays ("Summer in Paris is
                # lovely" though the contributor lives in Paris: half a million people hide one)
                names = [(c.start, c.end) for c in spread if c.etype == E.PERSON
                         or (c.etype == E.LOCATION and not gazetteer.is_famous_place(t[c.start:c.end]))]
                # (but a part of a name of several words kept whole stays kept: "Mary" replaced elsewhere
                # leaves "Mary Seacole" kept, the whole name being no one's "Mary")
                whole = [c for c in cl if c.etype == E.PUBLIC and " " in t[c.start:c.end].strip()]
                inside = [(a, b) for a, b in names if any(w.start <= a and b <= w.end and (a, b) != (w.start, w.end) for w in whole)]
                names = [n for n in names if n not in inside]
                spread = [c for c in spread if (c.start, c.end) not in inside]
                cl = [c for c in cl if c.etype != E.PUBLIC or not any(a < c.end and c.start < b for a, b in names)]
                cl.extend(spread)
            if prop is not None:
                cl.extend(_echoes(t, cl))
                cl.extend(_email_names(t, cl))
                cl.extend(_name_links(t, cl))
            cl.extend(_address_gaps(t, cl))
            out.append(resolve(cl))
        return out


# what follows a person, never a word: "mason is nice tbh", "sav says", "hunter keeps lagging", "hunter if ur reading"
_PERSON_FRAME_AFTER = re.compile(r"[ \t]+(?:is[ \t]+(?:so|nice|basically|literally|lowkey|highkey|my|our|the|a|an|always|never|still|"
                                 r"coming|going|being|not|really|actually)|was[ \t]+(?:so|my|our|there|being|nice)|says|said|thinks|"
                                 r"keeps|texted|replied|told|asked|reckons|wants|likes|loves|hates|needs|lands|arrives|lives|works|prefers|doesnt|doesn['’]t|didnt|didn['’]t|hasnt|hasn['’]t|"
                                 r"if[ \t]+(?:ur|you['’]re|u)|pls|please|and[ \t]+(?:i|me)|declined|refused|agreed|arrived|"
                                 r"to[ \t]+(?:get|chase|send|call|check|book|email|follow|sort|ask|contact|arrange|organise|"
                                 r"organize|bring|pay|order|fix|update|confirm|circulate|speak|ring|draft|write))\b")
# ('"hazel declined, settled later"' after "Hazel Pritchard"; minutes' "barry to get quotes")


# a word English text uses this rarely ("capucine", "tolu") is a name again in lower case
_WORD_USE_ZIPF = 2.5


def _echoes(text: str, cands: list[Candidate]) -> list[Candidate]:
    """A name or town found in a text is the same one at its other occurrences there.

    * In lower case ("… me (sasha), nacho, mimi and pepe … nacho can't do mondays", "near wigan …
      lives in wigan"): propagation's guard for lower-case sources and for names that are also
      words ("nacho", "bill") holds across a corpus, not inside the text that names them.
    * Capitalised, a person's name also where a sentence opens ("[21:09] Yaw: … Kofi: Yaw you
      have the big boot"), which propagation leaves to words such as "Will" or "May" (a stop word or
      a month named as a person is not echoed), and in lower case unless that is a word ("Jordan:
      … what time at jordan's"; a name that is also a word only before a possessive or a person's
      verb: "her bf Mason … mason is nice tbh", "Hunter … hunter keeps lagging"; a word English
      text hardly uses is no word here: "Capucine's mum … without upsetting capucine")."""
    out = []
    for c in cands:
        value = text[c.start:c.end]
        if c.etype not in (E.PERSON, E.LOCATION) or c.pass_name == "propagation" or len(value) < 3:
            continue
        first = value.split()[0] if c.etype == E.PERSON and " " in value else ""
        if first.isalpha() and first[:1].isupper() and len(first) >= 3 and gazetteer.is_given(first):
            # a full name's given name in lower case before a person's verb: "Hazel Pritchard … 'hazel declined'"
            _add_free(out, cands, ((a, b) for a, b in word_spans(text, first.lower(), NO_WORD_OR_QUOTE_AFTER)
                                   if _PERSON_FRAME_AFTER.match(text, b)), E.PERSON)
        if c.etype == E.PERSON:
            out.extend(_name_initials(text, value, cands + out))
        lower = value.islower() and all(w.isalpha() for w in value.replace("-", " ").split())
        if not lower and not (c.etype == E.PERSON and value.isalpha() and value[0].isupper()):
            continue
        # a stop word or a month named as a person ("Will", "May", "Summer") comes back only in lower
        # case before a person's verb ("hey Summer … summer is lowkey my best friend")
        calendar = not lower and (value.lower() in STOP_WORDS or value.lower() in CALENDAR_WORDS)
        for a, b in word_spans(text, value, NO_WORD_AFTER, ignore_case=not lower):
            found = text[a:b]
            if calendar and not (found.islower() and _PERSON_FRAME_AFTER.match(text, b)):
                continue
            if found.islower() and not lower and gazetteer.english_zipf(found) >= _WORD_USE_ZIPF and (is_common(found) or (
                    gazetteer.fold_word(found) in gazetteer.word_names() and not text.startswith(("'s", "’s"), b)
                    and not _PERSON_FRAME_AFTER.match(text, b))):
                continue  # "Jordan: … at jordan's" is one person; "Rose … rose early" is a word (but "her bf
                # Mason … mason is nice tbh": the person again before a person's verb)
            if not any(x.start < b and a < x.end for x in cands + out):
                out.append(Candidate(a, b, c.etype, 0.85, "Propagator", "propagation"))
    return out


_LOCAL_PART = re.compile(r"[A-Za-z]+")
# a word of its own, not a piece of an address, a domain or a dotted name ("priya.n@", "ola.pl")
_NO_ADDRESS_BEFORE = re.compile(r"(?<![\w@.'’-])")
_NO_ADDRESS_AFTER = re.compile(r"(?![\w@-]|\.\w)")


def _email_names(text: str, cands: list[Candidate]) -> list[Candidate]:
    """A name an e-mail address of the text is made of, where the text writes it as a word:
    ``{"tomasz": "tomasz.kr@wp.pl", "ola": "ola.nowak@o2.pl"}``, "email Priya (priya.n@…)": a
    known given name or surname of three letters or more that is no common word ("info", "sales")."""
    parts = set()
    for c in cands:
        if c.etype == E.EMAIL_ADDRESS:
            local = text[c.start:c.end].split("@")[0]
            parts.update(p.lower() for p in _LOCAL_PART.findall(local)
                         if len(p) >= 3 and (gazetteer.is_given(p) or gazetteer.is_surname(p)) and not is_common(p.lower()))
    out: list[Candidate] = []
    for part in parts:
        _add_free(out, cands, word_spans(text, part, _NO_ADDRESS_AFTER, ignore_case=True, before=_NO_ADDRESS_BEFORE), E.PERSON)
    return out


# a web address or a bare domain: "https://tobiadeyemi.dev", "www.zarekphotography.co.uk", "github.com/ngozi-o/thesis"
_LINK = re.compile(r"(?<![\w@.-])(?:https?://)?(?:www\.)?(?:[a-z0-9][a-z0-9-]*\.)+[a-z]{2,12}(?:/[^\s<>\"'`)\]]*)?(?![\w@-])", re.I)


def _name_links(text: str, cands: list[Candidate]) -> list[Candidate]:
    """A link the text's own person is named in: the host or a path of "https://tobiadeyemi.dev",
    "www.zarekphotography.co.uk", "github.com/ngozi-o/thesis" once the text names Tobi Adeyemi, Zarek
    or Ngozi. The link is a URL (a link's host or path that holds a person's name identifies them);
    the name must be a given name or surname of four letters or more that is no common word, found
    as a person elsewhere in the text, and the link's own words must start with it, run it with
    the person's other name ("tobiadeyemi"), or hold it as a word ("ngozi-o")."""
    if "." not in text:
        return []
    names: set[str] = set()
    fulls: set[str] = set()
    for c in cands:
        if c.etype == E.PERSON:
            words = [w.lower() for w in _LOCAL_PART.findall(text[c.start:c.end])]
            names.update(w for w in words if len(w) >= 4 and not is_common(w)
                         and (gazetteer.is_given(w) or gazetteer.is_surname(w) or not gazetteer.english_zipf(w)))
            if len(words) >= 2:
                fulls.add("".join(words))
    if not names and not fulls:
        return []
    out: list[Candidate] = []
    for m in _LINK.finditer(text):
        link = m.group().lower()
        rest = link.split("://", 1)[-1]
        host = rest.split("/", 1)[0]
        if not link.startswith(("http://", "https://", "www.")) and (FILE_NAME.fullmatch(host) or not OFFLINE_EXTRACT(host).suffix):
            continue  # no web address: "notes.txt", "priya.py"
        pieces = re.split(r"[./]", rest)
        hit = any(p.startswith(n) or p in fulls for p in pieces for n in names | fulls) or any(
            w in names for p in pieces for w in _LOCAL_PART.findall(p) if w != p)
        if hit and not any(c.start <= m.start() and m.end() <= c.end for c in cands):
            out.append(Candidate(m.start(), m.end(), E.URL, 0.9, "Propagator", "propagation"))  # (over a name inside it)
    return out


def _add_free(out: list[Candidate], cands: list[Candidate], spans, etype: str) -> None:
    """Each of ``spans`` that overlaps nothing found yet (``cands`` and ``out``) joins ``out`` as a
    propagated ``etype``."""
    for a, b in spans:
        if not any(x.start < b and a < x.end for x in cands + out):
            out.append(Candidate(a, b, etype, 0.85, "Propagator", "propagation"))


_NAME_WORD = re.compile(r"[A-Z][a-z][\w'’-]*")
# initials written as a word: no word, apostrophe, dot or hyphen before; no word or hyphen, or dotted word, after
_NO_INITIALS_BEFORE = re.compile(r"(?<![\w'’.-])")
_NO_INITIALS_AFTER = re.compile(r"(?![\w-]|\.\w)")


def _name_initials(text: str, value: str, cands: list[Candidate]) -> list[Candidate]:
    """The initials of a full name found in ``text``, where the text writes them as a word in
    capitals: "Jonathan Park (JP) … JP's deck", "Mei Lin Ong … MLO to follow up" (also the first
    and last words' alone, "MO"); never capitals written for a role or a body ("Anna Illing …
    AI", "Hana Rashid … HR": ``ROLE_ACRONYMS``)."""
    words = value.split()
    if not 2 <= len(words) <= 3 or not all(_NAME_WORD.fullmatch(w) for w in words):
        return []
    out = []
    for letters in {"".join(w[0] for w in words), words[0][0] + words[-1][0]}:
        if letters.lower() in ROLE_ACRONYMS:
            continue
        _add_free(out, cands, word_spans(text, letters, _NO_INITIALS_AFTER, before=_NO_INITIALS_BEFORE), E.PERSON)
    return out


_ADDRESS_PART = re.compile(r"[^,;\n]+?(?=[ \t]+[-–][ \t]+|[,;]|$)|(?<=[-–])[^,;\n]+?(?=[,;]|$)")
_ADDRESS_CLAUSE_WORD = re.compile(r"(?<![\w'’-])(?!(?:de|da|do|dos|das|del|la|le|of|the|van|von|di|du|bis|ter)\b)[a-zà-ÿ]{2,}")


_STATE_CODE = re.compile(r"[A-Z]{2,3}")
_ADDRESS_NUMBER = re.compile(r"#?\d[\d /-]*")


def _address_gaps(text: str, cands: list[Candidate]) -> list[Candidate]:
    """The parts of an address line between its street and the town or postal code that closes
    it, which no recognizer named: a locality, a district, a road of a block ("14 Admiralty Way,
    Lekki Phase 1, Lagos", "Flat 12B, Shanti Kunj, 4th Cross Road, Malleswaram, Bengaluru"), a
    town when the gazetteer knows it. A part is a few words with a capital or a number; a clause
    in lower case, a country, a state code or a measure is none."""
    out: list[Candidate] = []
    for street in (c for c in cands if c.etype == E.STREET_ADDRESS):
        line_end = text.find("\n", street.end)
        line_end = len(text) if line_end == -1 else line_end
        closers = [c.start for c in cands if c.etype in (E.LOCATION, E.POSTAL_CODE) and street.end <= c.start < line_end]
        if not closers:
            continue
        lo, hi = street.end, max(closers)
        for m in _ADDRESS_PART.finditer(text, lo, hi):
            a, b = m.start(), m.end()
            while a < b and text[a] in " \t,;-–":
                a += 1
            while b > a and text[b - 1] in " \t,;-–":
                b -= 1
            part = text[a:b]
            if not part or len(part) > 40 or not any(ch.isalnum() for ch in part) or _ADDRESS_CLAUSE_WORD.search(part) \
                    or any(x.start < b and a < x.end for x in cands + out) or part.lower() in filters.public_places() \
                    or _STATE_CODE.fullmatch(part) or not (_ADDRESS_NUMBER.fullmatch(part) or any(ch.isupper() for ch in part)):
                continue  # no country ("…, #05-67, Singapore 560123"), no state code ("Daly City, CA 94014"),
                # no measure ("Gdańsk, 48 m2, 2 pokoje")
            etype = E.LOCATION if gazetteer.is_place(part) and not any(ch.isdigit() for ch in part) else E.STREET_ADDRESS
            out.append(Candidate(a, b, etype, 0.6, "AddressGap", "pattern"))  # a town: "…, County Road 12, Wahoo, NE"
    return out


def _place_as_person(value: str, etype: str) -> bool:
    """A "person" that is a country or a known town ("South Africa was super fun"): not spread."""
    if etype != E.PERSON:
        return False
    v = " ".join(value.lower().split())
    return v in filters.public_places() or (gazetteer.is_place(value) and not gazetteer.is_given(value.split()[0]))


def _remade(start: int, end: int, etype: str, like: Candidate) -> Candidate:
    """``like`` retyped by its frame (privacy.detect.kinds); a place so found stands as one by a cue."""
    if etype == E.LOCATION:
        return Candidate(start, end, etype, max(like.score, STRONG_PLACE), like.recognizer, "pattern")
    return Candidate(start, end, etype, like.score, like.recognizer, like.pass_name)


def _same_sentence(text: str, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """No sentence end or line break between the two spans."""
    lo, hi = (a[1], b[0]) if a[0] < b[0] else (b[1], a[0])
    return lo <= hi and re.search(r"[.!?](?:\s|$)|\n", text[lo:hi]) is None


def _same_line(text: str, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """No line break between the two spans."""
    lo, hi = (a[1], b[0]) if a[0] < b[0] else (b[1], a[0])
    return lo <= hi and "\n" not in text[lo:hi]


def _kept(text: str, cands: list[Candidate]) -> list[Candidate]:
    """Person and place candidates the keep side keeps (privacy.detect.keep) become ``PUBLIC``
    candidates of the same span, with the reason as recognizer; never over an identity span."""
    identity = [(c.start, c.end) for c in cands if c.pass_name == "identity"]
    reasons = [keep.reason(text, c.start, c.end, c.etype) if c.etype in (E.PERSON, E.LOCATION) else None for c in cands]
    reasons = keep.topic(text, [(c.start, c.end, c.etype) for c in cands], reasons)
    if not any(reasons):
        return list(cands)
    kept = [(c.start, c.end) for c, why in zip(cands, reasons) if why is not None]
    persons = [(c.start, c.end) for c in cands if c.etype == E.PERSON and not _place_as_person(text[c.start:c.end], c.etype)
               and not any(a < c.end and c.start < b for a, b in kept)]
    out = []
    contact = [(c.start, c.end) for c, why in zip(cands, reasons) if c.etype in keep.PRIVATE_TYPES and why is None]
    # (a street kept with a pasted public text, "Piazza Navona", makes its line no one's contact line)
    for c, why in zip(cands, reasons):
        if why is not None and c.pass_name != "identity" and not any(a < c.end and c.start < b for a, b in identity):
            if c.etype == E.LOCATION and any(_same_line(text, (a, b), (c.start, c.end)) for a, b in contact):
                why = None  # "3 Ikorodu Road, Yaba, Lagos": the town of an address or contact line is its own
            elif c.etype == E.LOCATION and any(_same_sentence(text, (a, b), (c.start, c.end)) for a, b in persons):
                why = keep.reason(text, c.start, c.end, c.etype, near_person=True)  # a private person's place
            if why is not None:
                c = Candidate(c.start, c.end, E.PUBLIC, c.score, f"Keep:{why}", "keep")
        out.append(c)
    return out


_LOWER_WORD = re.compile(r"(?<![\w'’-])[a-z]{3,}(?![\w'’-])")


def lowercase_vocabulary(texts: Sequence[str]) -> frozenset[str]:
    """Words written in lower case inside normally-cased texts that are words somewhere: ordinary
    words of this corpus ("spring", "rose"), which propagation treats like common-word names. A
    word no list knows as a word ("wiremu loves rugby" after "my kids Wiremu and Aroha") is the
    name written in lower case, and spreads like one."""
    vocab: set[str] = set()
    for t in texts:
        if any(c.isupper() for c in t):
            vocab.update(_LOWER_WORD.findall(t))
    return frozenset(w for w in vocab if is_common(w) or gazetteer.fold_word(w) in gazetteer.word_names())


# a text about software: a packaged allow-list term that is also a given name is the software there
_SOFTWARE = re.compile(r"(?i:\b(?:code|coding|coder|programm\w*|language|librar(?:y|ies)|framework|package|install\w*|"
                       r"compil\w*|syntax|scripts?|scripting|function|developers?|api|backend|frontend|runtime|version|"
                       r"gems?|notebook|repl|ide|github|stack ?overflow|python|java|javascript|rust|golang|typescript|"
                       r"sql|vs ?code|regex|array|string|loop|bug|error|exception|deploy\w*|server)\b)|[`{}=]|\w\(")
_WITH_PEOPLE_BEFORE = re.compile(r"(?i:\b(?:me|and|with)[ \t]+$|&[ \t]*$)")
_WITH_PEOPLE_AFTER = re.compile(r"[ \t]+(?:and|&)[ \t]+[A-ZÀ-Þ]|[ \t]*\((?i:mum|mom|dad|nan|my|her|his|age)\b|,[ \t]*\d{1,2}[ \t]*,")
# a unit, company or form-field word ending a name ("Lisa Douglas Apt. 606", "Ifeoma Chukwu  DOB 04/07/…")
_TRAILING_UNIT = re.compile(r"[ \t]+(?:Apt|Apartment|Suite|Ste|Unit|Flat|Inc|Ltd|LLC|Corp|PLC|DOB|D\.O\.B|SSN|NHS|MRN|NI|"
                            r"Tel|Ph|Mob|Email|E-mail|Phone|Age)\.?$")
# a name of capitalised words, then a token of contact data (digits, an e-mail, a bracket)
_NAME_THEN_DATA = re.compile(r"([A-Z][^\W\d_]*(?:['’.-][^\W\d_]+)*(?:[ \t]+[A-Z][^\W\d_]*(?:['’.-][^\W\d_]+)*){0,3})"
                             r"[ \t]+(?:[<(\[]|\+?\d)")
# a title or a relative's word opening a person's span: not the name, and never replaced by one
_LEADING_TITLE = re.compile(r"(?i:(?:mr|mrs|ms|mx|miss|dr|prof|professor|sir|dame|madam|aunt|aunty|auntie|uncle|cousin|"
                            r"neighbou?r|grandma|grandpa|granny|grandad|mum|mom|dad|coach|pastor|rev|reverend|father|"
                            r"imam|rabbi|herr|frau|señor|señora|sr|sra)\.?[ \t]+)(?=[A-ZÀ-Þ][\w'’-])")  # (not "Uncle T": a nickname)
_LEADING_OF = re.compile(r"(?:de|da|di|du|del|della|van|von)[ \t]+([A-Z][\w'’-]+)")  # (lower case: a particle opens no name)
_LEADING = re.compile(r"^(?:the|a|an|my|our|his|her|their|dear|hi|hey|hello|lol|omg|ok|okay|so|btw|ugh|haha|yeah)\s+", re.I)


_VERSUS = re.compile(r"[ \t]+(?:vs\.?|versus|v\.)[ \t]+")


def _match_up_parts(text: str, start: int, end: int, etype: str) -> list[tuple[int, int]]:
    """The sides of a match-up NER read as one name ("Gandalf vs Dumbledore"): each its own span."""
    if etype not in (E.PERSON, E.LOCATION):
        return [(start, end)]
    parts, pos = [], start
    for m in _VERSUS.finditer(text, start, end):
        parts.append((pos, m.start()))
        pos = m.end()
    return parts + [(pos, end)]


_KIN_WORDS = frozenset("my our mum mom mam dad sister brother son daughter wife husband partner aunt aunty auntie uncle "
                       "cousin nan nana gran granny grandma grandpa niece nephew friend landlord landlady boss ex bf gf "
                       "boyfriend girlfriend neighbour neighbor teacher".split())


def _caps_name(text: str, start: int, end: int) -> tuple[int, int]:
    """The name inside a span in capitals: kin words before it ("SISTER HOPE") and, after it, the
    frequent English words that are no surname (and no given name English seldom writes) are cut
    ("HOPE JUST GOT" is "HOPE", "GODWIN WEDDING PLS" is "GODWIN"; "JOHN SMITH", "SIDDHARTH MENON" stay)."""
    words = list(re.finditer(r"\S+", text[start:end]))
    folded = [w.group().strip(".,'’!?").lower() for w in words]
    first = 0
    while first < len(words) - 1 and folded[first] in _KIN_WORDS:
        first += 1
    last = first
    for k in range(first + 1, len(words)):
        z = gazetteer.english_zipf(folded[k])
        if z >= 4.0 and not gazetteer.is_surname(folded[k]) and (not gazetteer.is_given(folded[k]) or z >= 5.5):
            break
        last = k
    return start + words[first].start(), start + words[last].end()


def _trim(text: str, start: int, end: int, etype: str) -> tuple[int, int]:
    """Trim surrounding punctuation, possessive "'s" and leading articles/greetings off names."""
    while start < end and text[start] in " \t\n\"'“”‘’([{<*_`,.:;→⇒":
        start += 1
    while end > start and text[end - 1] in " \t\n\"'“”‘’)]}>*_`,:;":
        end -= 1
    if start > 0 and text[start - 1] == "(" and text.count(")", start, end) > text.count("(", start, end):
        start -= 1  # the bracket's pair is inside: "(415) 555-0132", not "415) 555-0132"
    if etype in (E.PERSON, E.LOCATION, E.NRP, E.ORGANIZATION):
        nl = text.find("\n", start, end)
        if nl != -1:  # a name does not run across a line break ("Sam Example\nRole")
            end = nl
            while end > start and text[end - 1] in " \t":
                end -= 1
        if text[start:end].endswith(("'s", "’s")):
            end -= 2
        if etype == E.PERSON:  # "Tali 052-555-1234", "Priya Rao <priya@…": contact data ends a name
            m = _NAME_THEN_DATA.match(text, start, end)
            if m is not None and (gazetteer.is_given(m.group(1).split()[0]) or gazetteer.is_surname(m.group(1).split()[-1])):
                end = m.end(1)  # (a known name only: "Room 101", "Galaxy 5" are no one)
        if etype == E.PERSON and text[start:end].isupper() and " " in text[start:end]:
            start, end = _caps_name(text, start, end)  # "BILL KEEP TEXTING": the name, not the shout's verbs
        if etype == E.PERSON:  # "Lisa Douglas Apt. 606": a unit or field word ends a name
            m = _TRAILING_UNIT.search(text, start, end)
            if m is not None and m.end() == end and m.start() > start:
                end = m.start()
        m = _LEADING.match(text[start:end])
        if m and m.end() < end - start:
            start += m.end()
        m = _LEADING_TITLE.match(text, start, end)
        if etype == E.PERSON and m is not None and m.end() < end:
            start = m.end()  # "Aunt Mary", "Mr Okonkwo", "my Cousin Tobi": the name; the title stays as written
        m = _LEADING_OF.match(text, start, end)
        if etype == E.PERSON and m is not None and gazetteer.is_given(m.group(1)):
            start = m.start(1)  # "la literatura de Gabriel García Márquez": "de" is "of" before a given name
        m = _LEADING_VERB.match(text, start, end)
        if m is not None and _memory_verb(text, start, m.group(1)):
            start = m.end()  # "Rereads Ursula K. Le Guin's books": a memory's sentence has no subject, its verb opens it
        m = _TRAILING_VS.search(text, start, end)
        if m is not None and m.start() > start:
            end = m.start()  # "made in lagos vs african giant": the match-up's word is no part of a name
        while end > start and text[end - 1] in ".,?!":
            end -= 1  # (a question's mark closes no name: "Fairuz vs Umm Kulthum?")
    return start, end


_TRAILING_VS = re.compile(r"[ \t]+(?:vs|v|versus)\.?$", re.I)
_LEADING_VERB = re.compile(r"([A-Z][a-z]+s)[ \t]+(?=[A-Z])")
_SENTENCE_OPENING = re.compile(r"(?:^|[.!?;]\s+|\n[ \t]*(?:[-*•][ \t]+)?)$")


def _memory_verb(text: str, start: int, word: str) -> bool:
    """A verb of the third person opening a sentence with no subject, as the assistant's memories of a
    contributor are written ("Rereads …", "Supports …", "Loves …"): a common word that is a common
    word without its "s", at a line's or a sentence's start."""
    low = word.lower()
    return is_common(low) and (is_common(low[:-1]) or (low.endswith("es") and is_common(low[:-2]))) \
        and not gazetteer.is_given(word) and _SENTENCE_OPENING.search(text, max(0, start - 4), start) is not None
