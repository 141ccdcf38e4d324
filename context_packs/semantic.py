"""Similarity between a fact and a conversation: by words, md word vectors and sentence embeddings.

A text's content words are its alphabetic tokens with a vector (the lower-case word's: in
the md vectors "Dog" and "dog" are only 0.53 alike, and a Title Case title would match
nothing exactly), minus stop words and time words (months, weekdays, "week" ...: a date
is not a topic). The similarity of a fact and a conversation is the sum of three parts:

* ``WORDS_WEIGHT`` (0.5) times the word coverage (``coverage_scores``): the share of the
  fact's content words the conversation (title, user and assistant turns) holds in some
  inflection (``forms_of``: "grading" / "grade", "snoring" / "snore", by spaCy's rule
  lemmatizer as verb and as noun, no parse), each word weighted by its smoothed IDF over
  the history's conversations. A rare word both share ("penicillin", "COBRA") weighs most,
  and a long conversation is not pushed down for everything else it says;
* ``MEANING_WEIGHT`` (0.1) times the md word vectors' score, the mean of two cosines of
  unit word vectors over the conversation's content words of its title (weight 2), user
  turns (1) and assistant turns (0.5), each also weighted by its IDF: each fact word's best
  cosine with any of the conversation's words, cubed, IDF-weighted mean (a word in another
  inflection counts as exact); and the cosine of the two IDF-weighted mean vectors;
* ``SENTENCE_WEIGHT`` (0.4) times the best cosine of the fact's sentence embedding with
  one of the conversation's passages (``sentences``: USE multilingual v3; ``passages``: the
  title, the turns of both sides, each sentence of a turn), so a conversation is as close
  as its closest passage: a paraphrase ("flat", "landlord" for an apartment conversation)
  said once in a long turn, or only in the title or the assistant's answer, counts in full.

The mix, the median share and the threshold were chosen on the six labelled studies
pooled, each also left out in turn (``benchmarks/insertion_mix.py``; docs/benchmarks.md has
the figures). The TF-IDF cosine of earlier versions (``lexical_scores``) is kept for that
comparison only.

A fact is scored with the role of each name in it (``roles_of`` / ``with_roles``): a name
the task's texts introduce as "my dog Biscuit" or "a guy named Leo" is scored as
"Biscuit (dog)", so "Biscuit is allergic to chicken" finds the dog-food conversation.

Of spaCy, only the tokenizer, the lemmatizer's rules and the vectors are used (no parse);
the sentence encoder reads at most ``MAX_PASSAGES`` (64) passages of each conversation, of
every conversation in a history of up to ``FULL_EMBED`` (200); in a longer one, of each
fact's ``CANDIDATES`` (32) closest conversations by the other two parts and an even
``SAMPLE`` (64) of the history, whose median stands in for the others' (embedded once per
process, so once per pack build: ``sentences``). The rule for "no conversation fits: open a
new one" is in ``insertion``.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from functools import lru_cache

import numpy as np

from context_packs import sentences
from context_packs.lexical import tokens
from context_packs.nlp import pipeline

# the mix: chosen on the six labelled studies pooled, each left out in turn (docs/benchmarks.md)
WORDS_WEIGHT, MEANING_WEIGHT, SENTENCE_WEIGHT = 0.5, 0.1, 0.4
METHOD = (f"{WORDS_WEIGHT} * word coverage (idf-weighted share of the fact's content words the conversation holds "
          f"in some inflection) + {MEANING_WEIGHT} * md-word-vectors (0.5 * idf-weighted soft alignment, cos^3, another "
          "inflection exact + 0.5 * cosine of idf-weighted means; title x2, user turns x1, assistant turns x0.5) + "
          f"{SENTENCE_WEIGHT} * sentence embeddings (USE multilingual v3: the best cosine of the fact with the title, a "
          "turn or a sentence of a turn, the user's or the assistant's); names scored with the role the context gives "
          "them ('<name> (dog)'); time words and stop words left out; on the originals")
TITLE_WEIGHT, USER_WEIGHT, ASSISTANT_WEIGHT = 2.0, 1.0, 0.5
SHARPEN = 3
MAX_CHARS = 4000  # of one message: the topic is in its opening, and a long paste costs time
MAX_TURNS = 16  # user turns, and assistant turns, of one conversation embedded whole (each cut to sentences.MAX_CHARS)
SPLIT_CHARS = 3000  # of one turn, split into sentences that are embedded one by one
MAX_PASSAGES = 64  # texts of one conversation embedded: title, turns, sentences (``passages``)
# A history of up to FULL_EMBED conversations has every conversation's turns embedded. A longer one
# embeds, per fact, only the CANDIDATES conversations closest by words and word vectors, plus an
# even SAMPLE of the history whose sentence scores stand in for the rest (their median): the fact's
# median over the history stays an estimate of the same thing, at a cost that does not grow with it.
FULL_EMBED, CANDIDATES, SAMPLE = 200, 32, 64

TIME_WORDS = frozenset(
    """january february march april may june july august september october november december
    monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays fridays
    saturdays sundays week weeks weekly month months monthly year years day days daily today tomorrow
    yesterday morning mornings evening evenings night nights tonight last next fall spring summer winter
    autumn am pm""".split()
)


def content_words(text: str) -> list[tuple[str, np.ndarray]]:
    """(lower-cased word, unit vector) of each content word of ``text``."""
    return [(low, _unit(low, orth)) for low, orth in content_keys(text)]


def content_keys(text: str) -> list[tuple[str, str]]:
    """(lower-cased word, the form whose vector it takes: the lower-case word's, else the word as
    written) of each content word of ``text`` that has a vector: the key of its unit vector
    (``_unit``), so a profile holds words, not vectors, and one word one key."""
    nlp = pipeline()
    out = []
    for tok in nlp.make_doc(text[:MAX_CHARS]):
        low = tok.lower_
        if len(low) < 2 or not tok.is_alpha or tok.is_stop or low in TIME_WORDS:
            continue
        if _unit(low, low) is not None:
            out.append((low, low))  # the lower-case word's vector ("Dog" in a title is "dog")
        elif _unit(low, tok.orth_) is not None:
            out.append((low, tok.orth_))
    return out


_UNIT: dict[tuple[str, str], np.ndarray | None] = {}


def _unit(low: str, orth: str) -> np.ndarray | None:
    """The unit vector of the lower-case word ("Kitchen" in a title is "kitchen"), else of the word
    as written; cached per word (a long history repeats its words)."""
    key = (low, orth)
    if key not in _UNIT:
        vectors = pipeline().vocab.vectors
        vec = None
        for form in (low, orth):
            row = vectors.find(key=form)
            if row >= 0:
                vec = np.asarray(vectors.data[row], dtype=np.float32)
                break
        norm = float(np.linalg.norm(vec)) if vec is not None else 0.0
        _UNIT[key] = vec / norm if norm else None
        if len(_UNIT) > 500_000:
            _UNIT.clear()
    return _UNIT[key]


_ROLE = re.compile(
    r"\b(?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir|[Aa]n?)\s+(?:[a-z]+\s+)?(?!(?:named|called)\b)([a-z]{3,})\s+(?:(?:named|called)\s+)?"
    r"([A-Z][a-z\u00C0-\u024F]+)\b(?!\s+[A-Z])")
_NOT_ROLES = frozenset({"new", "old", "own", "last", "next", "first", "favorite", "favourite"})


def roles_of(texts: list[str]) -> dict[str, str]:
    """Name -> the common noun a text introduces it with ("my dog Biscuit", "a guy named Leo",
    "my best friend Jess" -> friend); the first introduction wins. A capitalized word that is
    a time word ("my flight Tuesday") or begins a longer name ("my Honda Civic") is no name."""
    out: dict[str, str] = {}
    for text in texts:
        for m in _ROLE.finditer(text or ""):
            role, name = m.group(1), m.group(2)
            if role in _NOT_ROLES or role in TIME_WORDS or name.lower() in TIME_WORDS or name in out:
                continue
            out[name] = role
    return out


def with_roles(fact: str, roles: dict[str, str]) -> str:
    """The fact as it is scored: each name in it followed by its role, unless the role is there."""
    extra = [role for name, role in roles.items()
             if re.search(rf"\b{re.escape(name)}\b", fact) and not re.search(rf"\b{re.escape(role)}\b", fact, re.I)]
    return f"{fact} ({' '.join(dict.fromkeys(extra))})" if extra else fact




@lru_cache(maxsize=65536)
def forms_of(word: str) -> frozenset[str]:
    """The word and its lemmas read as a verb and as a noun (spaCy's rule lemmatizer, no
    parse): two words share a form when one inflects the other ("grading" / "grades",
    "installed" / "installing", "snore" / "snoring")."""
    nlp = pipeline()
    lemmatizer = nlp.get_pipe("lemmatizer")
    out = {word}
    for pos in ("VERB", "NOUN"):
        doc = nlp.make_doc(word)
        if len(doc) != 1:
            continue
        doc[0].pos_ = pos
        out.update(x.lower() for x in lemmatizer.rule_lemmatize(doc[0]))
    return frozenset(out)


class Profile:
    """A conversation's weighted content words: each distinct word once, with the sum of the
    weights of its occurrences (its vector is looked up by its key, never stored per
    occurrence: a long history's profiles hold words, not 300-d rows)."""

    def __init__(self, weighted: list[tuple[str, tuple[str, str], float]], bag: list[str] = (),
                 passages: list[str] = ()):
        self.bag = list(bag)  # the lexical tokens
        self.passages = [t for t in passages if t and t.strip()]  # what the sentence encoder reads (``passages``)
        summed: dict[tuple[str, str], float] = {}
        for _, key, weight in weighted:
            summed[key] = summed.get(key, 0.0) + weight
        self.keys = list(summed)  # (lower-case word, as written): the vector's key
        self.words = [low for low, _ in self.keys]
        self.weights = np.array(list(summed.values()), dtype=np.float64)

    @classmethod
    def of(cls, title: str, user_turns: list[str], assistant_turns: list[str] = ()) -> "Profile":
        weighted = [(k[0], k, TITLE_WEIGHT) for k in content_keys(title or "")]
        for text in user_turns:
            weighted += [(k[0], k, USER_WEIGHT) for k in content_keys(text)]
        bag = tokens(title or "") * 2
        for text in assistant_turns:
            weighted += [(k[0], k, ASSISTANT_WEIGHT) for k in content_keys(text)]
        for text in list(user_turns) + list(assistant_turns):
            bag += tokens(text[:MAX_CHARS])
        return cls(weighted, bag, passages(title, user_turns, assistant_turns))


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")


def sentences_of(text: str) -> list[str]:
    """The sentences of the first ``SPLIT_CHARS`` of a turn (split after . ! ? and at line
    breaks), those of more than 8 characters."""
    return [s.strip() for s in _SENTENCE_END.split(text[:SPLIT_CHARS]) if len(s.strip()) > 8]


def passages(title: str, user_turns: list[str], assistant_turns: list[str] = ()) -> list[str]:
    """What the sentence encoder reads of a conversation, each text once: its title, its first
    ``MAX_TURNS`` user and assistant turns whole (their opening: ``sentences.MAX_CHARS``), then
    each sentence of every turn, the user's first; at most ``MAX_PASSAGES``. A fact is as close
    to the conversation as to the closest of them: a topic said once in a long turn, or only
    in the assistant's answer or the title, still counts in full."""
    users, assistants = list(user_turns), list(assistant_turns)
    texts = [title or ""] + users[:MAX_TURNS] + assistants[:MAX_TURNS]
    texts += [s for t in users + assistants for s in sentences_of(t)]
    return list(dict.fromkeys(t.strip() for t in texts if t and t.strip()))[:MAX_PASSAGES]


def conversation_profile(conv) -> Profile:
    """The ``Profile`` of an ``ingest.model.Conversation`` (hidden messages left out)."""
    users = [m.text for m in conv.messages if m.role == "user" and not m.hidden]
    assistants = [m.text for m in conv.messages if m.role == "assistant" and not m.hidden]
    return Profile.of(conv.title or "", users, assistants)


class Index:
    """Scores of a fact against a list of profiles (IDF over the profiles it was built with).

    Everything that does not depend on the fact is computed once: one vocabulary matrix of
    the distinct word vectors of all profiles (a fact's soft alignment is one product with
    it, then each profile's columns, its distinct words, by row number: nothing per word
    occurrence, so a history of 3,600 conversations costs about 135 MB, not 2.3 GB), each
    profile's weighted mean vector, and its TF-IDF weights and norm."""

    def __init__(self, profiles: list[Profile]):
        self.profiles: list[Profile] = []
        self.df: Counter = Counter()
        for p in profiles:
            self.df.update(set(p.words))
        self.n = len(profiles)
        self._vocab: dict[tuple[str, str], int] = {}  # a word's key -> its row in the vocabulary
        self._vocab_rows: list[np.ndarray] = []  # the unit vectors, one per distinct key of the index
        self._rows: list[np.ndarray] = []  # per profile: the vocabulary rows of its distinct words
        self._means: list[np.ndarray | None] = []  # per profile: unit idf-weighted mean vector
        self.lexical_docs: list[list[str]] = []
        self._word_cols: dict[str, list[int]] = {}  # word -> its columns in the stacked vectors
        self._forms: dict[str, set[str]] = {}  # a form ("grade") -> the words that have it
        self._indexed = 0  # profiles already in those two
        self._passages: list[np.ndarray | None] = [None] * len(profiles)  # per profile: its passages' embeddings
        self._form_profiles: dict[str, set[int]] = {}  # a form ("grade") -> the profiles with a word of that form
        self._history = len(profiles)  # the exported conversations (new ones are added after them)
        self._sample = sorted({round(k * (len(profiles) - 1) / (SAMPLE - 1)) for k in range(SAMPLE)}) \
            if len(profiles) > FULL_EMBED else list(range(len(profiles)))
        for p in profiles:
            self._add(p)
        self._embed(range(len(profiles)) if len(profiles) <= FULL_EMBED else self._sample)
        self._stack()
        self._lexical_ready = False  # TF-IDF is built on first use (``lexical_scores``: the benchmarks' comparison)

    def idf(self, word: str) -> float:
        return math.log((1 + self.n) / (1 + self.df[word])) + 1.0

    def _embed(self, which) -> None:
        """The sentence embeddings of the passages of the profiles ``which`` not embedded yet, in one batch."""
        todo = [i for i in which if self._passages[i] is None]
        rows = sentences.embed([t for i in todo for t in self.profiles[i].passages])
        k = 0
        for i in todo:
            n = len(self.profiles[i].passages)
            self._passages[i] = rows[k:k + n]
            k += n

    def _add(self, p: Profile) -> None:
        for w in p.words:
            for form in forms_of(w):
                self._form_profiles.setdefault(form, set()).add(len(self.profiles))
        self.profiles.append(p)
        self.lexical_docs.append(p.bag)
        if not p.words:
            self._rows.append(np.zeros(0, dtype=np.int64))
            self._means.append(None)
            return
        rows = []
        for key in p.keys:
            row = self._vocab.get(key)
            if row is None:
                row = self._vocab[key] = len(self._vocab_rows)
                self._vocab_rows.append(_unit(*key))
            rows.append(row)
        rows = np.array(rows, dtype=np.int64)
        vecs = np.array([self._vocab_rows[r] for r in rows])
        cw = p.weights * np.array([self.idf(w) for w in p.words])
        mean = (cw[:, None] * vecs).sum(0)
        norm = float(np.linalg.norm(mean))
        self._rows.append(rows)
        self._means.append(mean / norm if norm else None)

    def _stack(self) -> None:
        sizes = [len(r) for r in self._rows]
        self._nonempty = [i for i, n in enumerate(sizes) if n]
        self._starts = np.cumsum([0] + [sizes[i] for i in self._nonempty])[:-1]
        # each column of a fact's soft alignment is one distinct word of one profile: its vocabulary row
        self._columns = np.concatenate([self._rows[i] for i in self._nonempty]) if self._nonempty else None
        self._vocab_matrix = np.array(self._vocab_rows, dtype=np.float32) if self._vocab_rows else None
        self._mean_rows = np.array([self._means[i] if self._means[i] is not None else np.zeros(300)
                                    for i in range(len(self._means))]) if self._means else None
        # the columns of each word and the words of each form: built once, extended by ``add``
        col = sum(len(self._rows[i]) for i in self._nonempty if i < self._indexed)
        for i in self._nonempty:
            if i < self._indexed:
                continue
            for w in self.profiles[i].words:
                cols = self._word_cols.get(w)
                if cols is None:
                    cols = self._word_cols[w] = []
                    for k in forms_of(w):
                        self._forms.setdefault(k, set()).add(w)
                cols.append(col)
                col += 1
        self._indexed = len(self.profiles)

    def _lexical(self) -> None:
        """TF-IDF of every document with the fact counted as one more document (n = N + 1):
        the weights of words the fact does not hold, and each document's squared norm."""
        self._ldf: Counter = Counter()
        for d in self.lexical_docs:
            self._ldf.update(set(d))
        self._ln = len(self.lexical_docs) + 1
        self._ltf = [Counter(d) for d in self.lexical_docs]
        self._lw = [{t: (1 + math.log(c)) * self._lidf(t, 0) for t, c in tf.items()} for tf in self._ltf]
        self._lnorm2 = [sum(w * w for w in vec.values()) for vec in self._lw]

    def _lidf(self, term: str, extra: int) -> float:
        return math.log((1 + self._ln) / (1 + self._ldf[term] + extra)) + 1.0

    def add(self, profile: Profile) -> None:
        """A new conversation joins the candidates (the meaning IDF stays that of the history)."""
        self._passages.append(None)
        self._add(profile)
        self._embed([len(self.profiles) - 1])
        self._stack()
        self._lexical_ready = False

    def scores(self, fact: str) -> list[float]:
        words, meaning = self.coverage_scores(fact), self.meaning_scores(fact)
        candidates = None
        if self._history > FULL_EMBED:  # a long history: the fact's closest conversations by the other parts
            cheap = [WORDS_WEIGHT * x + MEANING_WEIGHT * m for x, m in zip(words, meaning)]
            candidates = sorted(range(len(cheap)), key=lambda i: (-cheap[i], i))[:CANDIDATES]
        parts = zip(words, meaning, self.sentence_scores(fact, candidates))
        return [round(WORDS_WEIGHT * x + MEANING_WEIGHT * m + SENTENCE_WEIGHT * e, 6) for x, m, e in parts]

    def coverage_scores(self, fact: str) -> list[float]:
        """Per profile, the share of the fact's content words it holds in some form ("grading" /
        "grade", ``forms_of``), each word weighted by its smoothed IDF over the history's
        conversations: how much of what the fact says the conversation already talks about. Not
        divided by the conversation's length (a TF-IDF cosine is), so a long conversation that
        holds the fact's rare words is not pushed down by everything else it says."""
        out = np.zeros(len(self.profiles))
        words = list(dict.fromkeys(w for w, _ in content_keys(fact)))
        total = 0.0
        for w in words:
            hits = set().union(*(self._form_profiles.get(f, ()) for f in forms_of(w)))
            weight = math.log((1 + self._history) / (1 + sum(1 for i in hits if i < self._history))) + 1.0
            total += weight
            if hits:
                out[sorted(hits)] += weight
        return [float(x) for x in (out / total if total else out)]

    def sentence_scores(self, fact: str, candidates: list[int] | None = None) -> list[float]:
        """Per profile, the best cosine of the fact's sentence embedding with one of its passages
        (title, turns, sentences: ``passages``; 0 without any): a long conversation is as close as
        its closest passage, not diluted. In a history longer than ``FULL_EMBED``, only
        ``candidates``, the even sample and the new conversations are embedded; every other
        conversation gets the sample's median."""
        if candidates is not None or any(t is None for t in self._passages):
            self._embed(list(candidates or ()) + self._sample + list(range(self._history, len(self.profiles))))
        vec = sentences.embed([fact])[0]
        got = [None if rows is None else float(np.clip(rows @ vec, 0.0, 1.0).max()) if len(rows) else 0.0
               for rows in self._passages]
        if any(g is None for g in got):
            fill = float(np.median([got[i] for i in self._sample]))
            got = [fill if g is None else g for g in got]
        return got

    def lexical_scores(self, fact: str) -> list[float]:
        """TF-IDF cosine of the fact and each document, the fact counted in the IDF (the word part
        before ``coverage_scores``; kept for the benchmarks' comparison, not in ``scores``)."""
        if not self._lexical_ready:
            self._lexical()
            self._lexical_ready = True
        ftf = Counter(tokens(fact))
        if not ftf:
            return [0.0] * len(self.lexical_docs)
        fvec = {t: (1 + math.log(c)) * self._lidf(t, 1) for t, c in ftf.items()}
        fnorm = math.sqrt(sum(w * w for w in fvec.values()))
        out = []
        for tf, weights, norm2 in zip(self._ltf, self._lw, self._lnorm2):
            dot = 0.0
            for t, fw in fvec.items():
                c = tf.get(t)
                if c:
                    w_new = (1 + math.log(c)) * self._lidf(t, 1)
                    norm2 += w_new * w_new - weights[t] * weights[t]
                    dot += fw * w_new
            out.append(dot / (fnorm * math.sqrt(norm2)) if dot and norm2 > 0 else 0.0)
        return out

    def meaning_scores(self, fact: str) -> list[float]:
        words = content_words(fact)
        out = [0.0] * len(self.profiles)
        if not words or self._columns is None:
            return out
        fv = np.array([v for _, v in words])
        fw = np.array([self.idf(w) for w, _ in words])
        fmean = (fw[:, None] * fv).sum(0)
        fnorm = float(np.linalg.norm(fmean))
        sims = np.clip(fv @ self._vocab_matrix.T, 0.0, 1.0)[:, self._columns]  # fact word x profile word
        for row, (w, _) in enumerate(words):
            same = sorted({x for k in forms_of(w) for x in self._forms.get(k, ())})
            if same:
                cols = [c for x in same for c in self._word_cols[x]]
                sims[row, cols] = 1.0  # the same word in another form: "grading" / "grade"
        best = np.maximum.reduceat(sims, self._starts, axis=1)  # each fact word's best match per profile
        soft = (fw @ (best ** SHARPEN)) / fw.sum()
        overall = (self._mean_rows @ fmean) / fnorm if fnorm else np.zeros(len(self.profiles))
        for j, i in enumerate(self._nonempty):
            out[i] = 0.5 * float(soft[j]) + 0.5 * float(overall[i])
        return out
