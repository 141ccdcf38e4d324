"""Apply replacements to one text and report their offsets in the OUTPUT text."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Span:
    """A replacement: planned in the input text (``text[start:end]`` is replaced), or, as
    ``apply_spans`` gives it back, where it sits in the output (``out[start:end] == replacement``)."""

    start: int
    end: int
    replacement: str
    meta: object = None  # what the report needs (a Finding's details) or None for identifiers


def resolve_overlaps(primary: list[Span], secondary: list[Span]) -> list[Span]:
    """Merge two span lists; a secondary span overlapping any primary span is dropped."""
    kept = list(primary)
    for s in secondary:
        if not any(s.start < p.end and p.start < s.end for p in primary):
            kept.append(s)
    kept.sort(key=lambda s: (s.start, s.end))
    out: list[Span] = []
    for s in kept:  # defensive: never let two spans overlap
        if out and s.start < out[-1].end:
            continue
        out.append(s)
    return out


def apply_spans(text: str, spans: list[Span]) -> tuple[str, list[Span]]:
    """Replace ``spans`` (sorted, non-overlapping) in ``text``.

    Returns the output text and every span again, located where its replacement sits in it.
    """
    pieces: list[str] = []
    applied: list[Span] = []
    pos = 0
    out_len = 0
    for s in spans:
        if s.start < pos or s.end > len(text) or s.start > s.end:
            raise ValueError("spans overlap or fall outside the text")
        gap = text[pos : s.start]
        pieces.append(gap)
        out_len += len(gap)
        pieces.append(s.replacement)
        applied.append(Span(out_len, out_len + len(s.replacement), s.replacement, s.meta))
        out_len += len(s.replacement)
        pos = s.end
    pieces.append(text[pos:])
    return "".join(pieces), applied
