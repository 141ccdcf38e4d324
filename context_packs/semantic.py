"""Similarity between a fact and a conversation: by meaning (md word vectors) and by words.

A text's content words are its alphabetic tokens with a vector, minus stop words and
time words (months, weekdays, "week" ...: a date is not a topic). A conversation is the
content words of its title (weight 2), its user turns (1) and its assistant turns (0.5),
each also weighted by its smoothed IDF over the task's conversations (so a word every
conversation has counts little). The meaning score of a fact against a conversation
is the mean of two cosines of unit word vectors:

* soft alignment: each fact word's best cosine with any of the conversation's words,
  cubed (a near-exact match counts far more than a loose one), IDF-weighted mean;
* the cosine of the two IDF-weighted mean vectors (the overall topic).

The similarity is ``MEANING_WEIGHT`` times that plus the rest times the TF-IDF cosine of
the same texts (``lexical``; title twice): equal halves, a choice made before the study
was scored, not a fit to it (docs/benchmarks.md has every mix measured). A paraphrase
("flat", "landlord" for an apartment conversation) is found by the first half; a rare
word both share ("penicillin", "COBRA") weighs in the second.

Only the tokenizer and the vectors are used (no parse), so a long history stays cheap.
The threshold for "no conversation fits: open a new one" is calibrated on the labelled
study (benchmarks/insertion_quality.py; docs/benchmarks.md).
"""

from __future__ import annotations

import math
from collections import Counter

import numpy as np

from context_packs.lexical import TfIdf, tokens
from context_packs.nlp import pipeline

METHOD = ("0.5 * md-word-vectors (0.5 * idf-weighted soft alignment, cos^3 + 0.5 * cosine of idf-weighted means) "
          "+ 0.5 * tfidf-cosine; title x2, user turns x1, assistant turns x0.5 (tfidf: x1); "
          "time words and stop words left out; on the originals")
MEANING_WEIGHT = 0.5
TITLE_WEIGHT, USER_WEIGHT, ASSISTANT_WEIGHT = 2.0, 1.0, 0.5
SHARPEN = 3
MAX_CHARS = 4000  # of one message: the topic is in its opening, and a long paste costs time

TIME_WORDS = frozenset(
    """january february march april may june july august september october november december
    monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays fridays
    saturdays sundays week weeks weekly month months monthly year years day days daily today tomorrow
    yesterday morning mornings evening evenings night nights tonight last next fall spring summer winter
    autumn am pm""".split()
)


def content_words(text: str) -> list[tuple[str, np.ndarray]]:
    """(lower-cased word, unit vector) of each content word of ``text``."""
    nlp = pipeline()
    out = []
    for tok in nlp.make_doc(text[:MAX_CHARS]):
        low = tok.lower_
        if len(low) < 2 or not tok.is_alpha or tok.is_stop or low in TIME_WORDS or not tok.has_vector:
            continue
        vec = tok.vector
        norm = float(np.linalg.norm(vec))
        if norm:
            out.append((low, vec / norm))
    return out


class Profile:
    """A conversation's weighted content words."""

    def __init__(self, weighted: list[tuple[str, np.ndarray, float]], bag: list[str] = ()):
        self.bag = list(bag)  # the lexical tokens
        self.words = [w for w, _, _ in weighted]
        self.vectors = np.array([v for _, v, _ in weighted]) if weighted else np.zeros((0, 300), dtype=np.float32)
        self.weights = np.array([x for _, _, x in weighted], dtype=np.float64)

    @classmethod
    def of(cls, title: str, user_turns: list[str], assistant_turns: list[str] = ()) -> "Profile":
        weighted = [(w, v, TITLE_WEIGHT) for w, v in content_words(title or "")]
        for text in user_turns:
            weighted += [(w, v, USER_WEIGHT) for w, v in content_words(text)]
        bag = tokens(title or "") * 2
        for text in assistant_turns:
            weighted += [(w, v, ASSISTANT_WEIGHT) for w, v in content_words(text)]
        for text in list(user_turns) + list(assistant_turns):
            bag += tokens(text[:MAX_CHARS])
        return cls(weighted, bag)


def conversation_profile(conv) -> Profile:
    """The ``Profile`` of an ``ingest.model.Conversation`` (hidden messages left out)."""
    users = [m.text for m in conv.messages if m.role == "user" and not m.hidden]
    assistants = [m.text for m in conv.messages if m.role == "assistant" and not m.hidden]
    return Profile.of(conv.title or "", users, assistants)


class Index:
    """Scores of a fact against a fixed list of profiles (IDF over those profiles)."""

    def __init__(self, profiles: list[Profile]):
        self.profiles = list(profiles)
        self.df: Counter = Counter()
        for p in self.profiles:
            self.df.update(set(p.words))
        self.n = len(self.profiles)
        self.lexical_docs = [p.bag for p in self.profiles]

    def idf(self, word: str) -> float:
        return math.log((1 + self.n) / (1 + self.df[word])) + 1.0

    def add(self, profile: Profile) -> None:
        """A new conversation joins the candidates (the IDF stays that of the history)."""
        self.profiles.append(profile)
        self.lexical_docs.append(profile.bag)

    def scores(self, fact: str) -> list[float]:
        meaning = self.meaning_scores(fact)
        lexical = self.lexical_scores(fact)
        return [round(MEANING_WEIGHT * m + (1 - MEANING_WEIGHT) * x, 6) for m, x in zip(meaning, lexical)]

    def lexical_scores(self, fact: str) -> list[float]:
        bag = tokens(fact)
        model = TfIdf(self.lexical_docs + [bag])
        fv = model.vector(bag)
        return [model.cosine(fv, model.vector(d)) for d in self.lexical_docs]

    def meaning_scores(self, fact: str) -> list[float]:
        words = content_words(fact)
        if not words:
            return [0.0] * len(self.profiles)
        fv = np.array([v for _, v in words])
        fw = np.array([self.idf(w) for w, _ in words])
        fmean = (fw[:, None] * fv).sum(0)
        out = []
        for p in self.profiles:
            if not len(p.words):
                out.append(0.0)
                continue
            sims = np.clip(fv @ p.vectors.T, 0.0, 1.0)
            soft = float((sims.max(1) ** SHARPEN) @ fw / fw.sum())
            cw = p.weights * np.array([self.idf(w) for w in p.words])
            cmean = (cw[:, None] * p.vectors).sum(0)
            denom = float(np.linalg.norm(fmean) * np.linalg.norm(cmean))
            overall = float(fmean @ cmean) / denom if denom else 0.0
            out.append(0.5 * soft + 0.5 * overall)
        return out
