"""Words as a bag: the tokens and TF-IDF cosine the placement's lexical half uses.

Tokens are lower-cased runs of letters/digits of two or more characters, minus an
English stop-word list, with a light plural fold (``dogs`` → ``dog``). Term weight is
``(1 + ln tf) * idf`` with smoothed ``idf = ln((1 + N) / (1 + df)) + 1``.
"""

from __future__ import annotations

import math
import re
from collections import Counter

STOP_WORDS = frozenset(
    """a about above after again against all also am an and any are aren as at be because been before being
    below between both but by can cannot could couldn did didn do does doesn doing don down during each
    few for from further get got had hadn has hasn have haven having he her here hers herself him himself
    his how i if in into is isn it its itself just let ll me might more most much must my myself need no
    nor not now of off on once only or other ought our ours ourselves out over own re same shall she
    should shouldn so some such than that the their theirs them themselves then there these they this
    those through to too under until up us ve very was wasn we were weren what when where which while who
    whom why will with won would wouldn you your yours yourself yourselves thanks thank please okay ok
    yes sure hi hello really like want know think going one two also well can could would get make
    day days week weeks month months year years time today tomorrow yesterday every always never usually
    often sometimes still already new old good lot many thing things something anything way""".split()
)

_TOKEN = re.compile(r"[a-z0-9][a-z0-9']*[a-z0-9]|[a-z0-9]{2,}")


def tokens(text: str) -> list[str]:
    out = []
    for tok in _TOKEN.findall(text.lower()):
        tok = tok.replace("'", "")
        if tok.endswith("s") and len(tok) > 3 and not tok.endswith("ss"):
            tok = tok[:-1]
        if len(tok) >= 2 and tok not in STOP_WORDS:
            out.append(tok)
    return out


class TfIdf:
    """Smoothed IDF over a fixed set of documents; cosine between bags of tokens."""

    def __init__(self, documents: list[list[str]]):
        self.n = len(documents)
        self.df: Counter = Counter()
        for doc in documents:
            self.df.update(set(doc))

    def vector(self, doc: list[str]) -> dict[str, float]:
        tf = Counter(doc)
        return {t: (1 + math.log(c)) * (math.log((1 + self.n) / (1 + self.df[t])) + 1) for t, c in tf.items()}

    @staticmethod
    def cosine(a: dict[str, float], b: dict[str, float]) -> float:
        if not a or not b:
            return 0.0
        if len(a) > len(b):
            a, b = b, a
        dot = sum(w * b.get(t, 0.0) for t, w in a.items())
        na = math.sqrt(sum(w * w for w in a.values()))
        nb = math.sqrt(sum(w * w for w in b.values()))
        return dot / (na * nb) if na and nb else 0.0
