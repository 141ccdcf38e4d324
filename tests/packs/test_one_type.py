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


def _finding(text: str, value: str, entity_type: str, pass_name: str = "ner"):
    from privacy.detect.finding import Finding

    start = text.index(value)
    kept = entity_type == "PUBLIC"
    return Finding(start, start + len(value), entity_type, 0.85, "test", "keep" if kept else pass_name)


def _spans(texts, results) -> list[set[tuple[str, str]]]:
    return [{(t[f.start:f.end], f.entity_type) for f in found} for t, found in zip(texts, results)]


def test_a_public_name_whose_part_is_replaced_where_the_same_name_stands_is_replaced_in_that_part_everywhere():
    from context_packs.onetype import one_type

    # the added context's "Mount Sanitas" had only "Sanitas" found as a person; the history keeps
    # "Mount Sanitas" as a public place: "Mount Cord" in one file, "Mount Sanitas" in the next
    texts = ["- She takes Biscuit hiking on Mount Sanitas most Saturdays.", "Mount Sanitas allows leashed dogs."]
    results = [[_finding(texts[0], "Biscuit", "PERSON"), _finding(texts[0], "Sanitas", "PERSON")],
               [_finding(texts[1], "Mount Sanitas", "PUBLIC")]]
    assert _spans(texts, one_type(texts, results))[1] == {("Sanitas", "PERSON")}


def test_a_public_name_holding_a_replaced_name_found_only_on_its_own_elsewhere_stays_public():
    from context_packs.onetype import one_type

    texts = ["My daughter Karin and her two children will stay with me.", "Try Karin Fossum from Norway."]
    results = [[_finding(texts[0], "Karin", "PERSON")], [_finding(texts[1], "Karin Fossum", "PUBLIC")]]
    assert _spans(texts, one_type(texts, results))[1] == {("Karin Fossum", "PUBLIC")}
