"""What the person names a detector leaves in the sealed sets look like, in counts only.

    python -m benchmarks.sealed_features                      # every sealed labelled set
    python -m benchmarks.sealed_features chat_holdout20       # one set (sealed or not)
    python -m benchmarks.sealed_features --controls           # what changes the sealed controls
    python -m benchmarks.sealed_features --streets            # the street addresses left

A sealed set (``public_detection.HELD_OUT``) may be measured but never read. This prints, for the
PERSON values left in it (the scorer of ``benchmarks.public_detection``: ``masked``, ``leaked``),
how many are in lower case, in capitals or capitalised, how many words they have, whether the
gazetteers know them, whether they are initials (two or three capitals in a line written in lower
case), and what NER said at their place: counts, never a value or a word of the text. Session 15
chose its work from these counts (docs/benchmarks.md, "Detection after session 15").
"""

from __future__ import annotations

import re
import sys
from collections import Counter

from benchmarks import public_detection as P
from privacy.detect import Detector, DetectorSettings
from privacy.detect import gazetteer as G

_INITIALS = re.compile(r"[A-Z]{2,3}")


def _case(value: str) -> str:
    return "lower" if value == value.lower() else "capitals" if value == value.upper() else "capitalised"


def _line(text: str, start: int, end: int) -> str:
    line_end = text.find("\n", end)
    return text[text.rfind("\n", 0, start) + 1: len(text) if line_end == -1 else line_end]


def features(det: Detector, names: list[str]) -> Counter:
    """Counts of the features of every PERSON value left in ``names``' labelled sets."""
    counts: Counter = Counter()
    for name in names:
        corpus = P.labelled_chat(P.CHAT_SETS[name])
        texts = [t for t, _ in corpus]
        for (text, gold), spans in zip(corpus, P.ours(texts, det)):
            out = P.masked(text, spans)
            ents = None
            for typ, value, a, b in gold:
                if typ != "PERSON" or not P.leaked(typ, value, out):
                    continue
                first = value.split()[0]
                letters = [c for c in _line(text, a, b) if c.isalpha()]
                counts["left"] += 1
                counts[f"case: {_case(value)}"] += 1
                counts[f"words: {min(len(value.split()), 3)}"] += 1
                counts["a known given name" if G.is_given(first) else "no known given name"] += 1
                counts["a given name that is also a word" if G.fold_word(first) in G.word_names() else "no word-name"] += 1
                if _INITIALS.fullmatch(value) and sum(c.islower() for c in letters) * 2 > len(letters):
                    counts["initials in a lower-case line"] += 1
                covered = [t for x, y, t in spans if x < b and y > a]
                counts["this occurrence: " + ("masked, another one left" if any(t not in P.KEPT for t in covered)
                                              else "kept on purpose" if covered else "no span")] += 1
                if ents is None:
                    ents = [(e.start_char, e.end_char, e.label_) for e in det.core.nlp(text).ents]
                labels = sorted({lab for x, y, lab in ents if x < b and y > a})
                counts["NER there: " + ("/".join(labels) or "nothing")] += 1
    return counts


def _span_class(value: str) -> str:
    words = value.split()
    first, last = words[0].strip(".,'’"), words[-1].strip(".,'’")
    lists = [what for what, known in (("given", G.is_given(first)), ("surname", G.is_surname(last)),
                                      ("place", G.is_place(value)), ("word", G.fold_word(first) in G.word_names()))
             if known]
    return f"{min(len(words), 3)} words, {_case(value)}, known as {'+'.join(lists) or 'nothing'}"


def control_features(det: Detector, names: list[str]) -> Counter:
    """Counts of what changes the clean messages of ``names``' control sets: per replaced span its
    type, recognizer, pass, shape and the lists that know it, and NER's label there."""
    counts: Counter = Counter()
    for name in names:
        controls = P.read_blocks(P.CONTROL_SETS[name])
        for text, findings in zip(controls, det.analyze_corpus(controls)):
            changing = [f for f in findings if f.entity_type not in P.KEPT]
            counts["changed"] += bool(changing)
            ents = [(e.start_char, e.end_char, e.label_) for e in det.core.nlp(text).ents] if changing else []
            for f in changing:
                value = text[f.start:f.end]
                labels = sorted({lab for x, y, lab in ents if x < f.end and y > f.start})
                counts[f"{f.entity_type} by {f.recognizer} ({f.pass_name})"] += 1
                if any(c.isalpha() for c in value):
                    counts[f"  {f.entity_type}: {_span_class(value)}"] += 1
                counts[f"  {f.entity_type}: NER there {'/'.join(labels) or 'nothing'}"] += 1
    return counts


def _part_class(part: str) -> str:
    words = part.split()
    digits = "digits" if any(c.isdigit() for c in part) else "no digit"
    return f"{min(len(words), 4)} words, {digits}, {_case(part)}"


def street_features(det: Detector, names: list[str]) -> Counter:
    """Counts of the parts of every STREET_ADDRESS value left in ``names``' labelled sets (the
    scorer leaks an address when one of its parts of 8+ characters stands whole): per part left,
    its place in the address, its shape and what covers it."""
    counts: Counter = Counter()
    for name in names:
        corpus = P.labelled_chat(P.CHAT_SETS[name])
        for (text, gold), spans in zip(corpus, P.ours([t for t, _ in corpus], det)):
            out = P.masked(text, spans)
            for typ, value, a, b in gold:
                if typ != "STREET_ADDRESS" or not P.leaked(typ, value, out):
                    continue
                counts["left"] += 1
                parts = [p.strip() for p in re.split(r"[\n,]+", value)]
                counts[f"address: {min(len(parts), 4)} parts, {'on lines' if chr(10) in value else 'in one line'}"] += 1
                offset = a
                for i, part in enumerate(parts):
                    at = text.find(part, offset, b) if part else -1
                    if at >= 0:
                        offset = at + len(part)
                    if len(part) < 8 or not re.search(r"[A-Za-z]", part) or not P._word_in(part, out):
                        continue
                    where = "first" if i == 0 else "last" if i == len(parts) - 1 else "middle"
                    counts[f"  part left: {where}, {_part_class(part)}"] += 1
                    if at >= 0:
                        covered = sorted({t for x, y, t in spans if x < at + len(part) and y > at})
                        counts[f"  part left, spans over it: {'/'.join(covered) or 'none'}"] += 1
                covered = sorted({t for x, y, t in spans if x < b and y > a})
                counts[f"address spans: {'/'.join(covered) or 'none'}"] += 1
    return counts


# mode flag -> (what it counts, the sets it reads when none is named, the count that heads the output)
_MODES = {
    "--streets": (street_features, P.CHAT_SETS, "STREET_ADDRESS values left in", "left"),
    "--controls": (control_features, P.CONTROL_SETS, "controls changed in", "changed"),
    None: (features, P.CHAT_SETS, "PERSON values left in", "left"),
}


def main(argv: list[str]) -> None:
    mode = argv[0] if argv[:1] and argv[0] in _MODES else None
    names = argv[1:] if mode else argv
    count, sets, head, total = _MODES[mode]
    names = names or [n for n in sets if n in P.HELD_OUT]
    counts = count(Detector.get(DetectorSettings()), names)
    print(f"{head} {', '.join(names)}: {counts.pop(total, 0)}")
    for key, n in sorted(counts.items()):
        print(f"  {key}: {n}")


if __name__ == "__main__":
    main(sys.argv[1:])
