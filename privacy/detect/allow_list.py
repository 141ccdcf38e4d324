"""The allow list: values detection never reports (public figures, brands, product and
model names, programming terms). A packaged default, replaceable and extendable."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from privacy.detect.textnorm import fold

_STRIP = " \t\n.,;:!?\"'()[]{}<>*_`"


def _read_terms(text: str) -> list[str]:
    out = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip() if not line.lstrip().startswith(("C#", "F#")) else line.strip()
        if line:
            out.append(line)
    return out


def default_terms() -> list[str]:
    """The packaged default list (privacy/detect/data/allow_list.txt)."""
    return _read_terms(resources.files("privacy.detect").joinpath("data/allow_list.txt").read_text("utf-8"))


def read_common_word_names() -> frozenset[str]:
    """Given names that are also common words (packaged data/common_word_names.txt)."""
    text = resources.files("privacy.detect").joinpath("data/common_word_names.txt").read_text("utf-8")
    return frozenset(fold(t) for t in _read_terms(text))


@dataclass(frozen=True)
class AllowList:
    """Case- and accent-insensitive set of whole values; a possessive "'s" is ignored."""

    terms: frozenset[str]
    extra: frozenset[str] = frozenset()  # the caller's own terms (``extra_allow``): never overridden

    @classmethod
    def load(cls, path: Path | None = None, extra: tuple[str, ...] = ()) -> "AllowList":
        terms = _read_terms(Path(path).read_text("utf-8")) if path is not None else default_terms()
        return cls(frozenset(cls.normalize(t) for t in [*terms, *extra]), frozenset(cls.normalize(t) for t in extra))

    def chosen(self, value: str) -> bool:
        """``value`` is one of the caller's own terms, which no cue overrides."""
        return self.normalize(value) in self.extra

    @staticmethod
    def normalize(value: str) -> str:
        v = fold(value).strip(_STRIP)
        if v.endswith("'s"):
            v = v[:-2]
        return " ".join(v.split())

    def __contains__(self, value: str) -> bool:
        return self.normalize(value) in self.terms
