"""One original gets one type, so one surrogate, across every text of a task."""

from __future__ import annotations

from context_packs.onetype import OneType

TEXTS = [
    "- Renata's brother Johan is visiting from Porto.\n- Maya will help with the move.",
    "My brother Johan is visiting from Porto.",
]


def types_of(value: str, results) -> set[str]:
    return {f.entity_type for text, found in zip(TEXTS, results) for f in found if text[f.start:f.end] == value}


def test_a_place_kept_in_one_text_and_replaced_in_another_is_replaced_in_both():
    from privacy.detect import Detector

    results = OneType(Detector.get()).analyze_corpus(TEXTS)
    porto = types_of("Porto", results)
    assert len(porto) == 1 and porto != {"PUBLIC"}


def test_every_name_like_original_has_one_type_in_the_corpus():
    from privacy.detect import Detector

    results = OneType(Detector.get()).analyze_corpus(TEXTS)
    for value in ("Johan", "Maya", "Porto"):
        assert len(types_of(value, results)) <= 1, value
