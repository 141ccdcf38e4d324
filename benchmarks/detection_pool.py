"""Pooled development figures of our detector, and what moved since a saved baseline.

    python -m benchmarks.detection_pool save /tmp/base.json    # at the commit before a change
    python -m benchmarks.detection_pool diff /tmp/base.json    # after it: the figures, then + / - lines

Over every labelled set and control set of ``benchmarks.public_detection`` that is not sealed
(``HELD_OUT``): direct identifiers left, towns left (LOCATION, not a direct identifier), and
control messages changed. ``diff`` prints each leak or changed control that is new (+) or gone (-),
so a change is judged by what it costs as well as what it gains (a new leak of a private name
weighs more than a control fixed). Sealed sets are never read here. Same scorer as
``benchmarks.public_detection`` (``masked``, ``leaked``; short digit runs do not count).
"""

from __future__ import annotations

import json
import sys
from collections import Counter

from benchmarks import public_detection as P
from privacy.detect import Detector, DetectorSettings


def pooled(det: Detector) -> dict:
    """Leaks (``set TYPE 'value' | context``) and changed controls (``set | opening``) over the
    development sets, with the totals of direct identifiers and towns."""
    leaks, changed, totals = [], [], Counter()
    for name, f in P.CHAT_SETS.items():
        if name in P.HELD_OUT or not (P.DATA / f).exists():
            continue
        corpus = P.labelled_chat(f)
        for (text, gold), spans in zip(corpus, P.ours([t for t, _ in corpus], det)):
            out = P.masked(text, spans)
            for typ, value, a, b in gold:
                if value.replace(" ", "").isdigit() and len(value) < 6:
                    continue
                if typ in P.DIRECT or typ == "LOCATION":
                    totals["direct" if typ in P.DIRECT else "towns"] += 1
                    if P.leaked(typ, value, out):
                        leaks.append(f"{name} {typ} {value!r} | {text[max(0, a - 30):b + 20]!r}")
    for name, f in P.CONTROL_SETS.items():
        if name in P.HELD_OUT or not (P.DATA / f).exists():
            continue
        controls = P.read_blocks(f)
        for text, spans in zip(controls, P.ours(controls, det)):
            if any(t not in P.KEPT for _, _, t in spans):
                changed.append(f"{name} | {text[:70]!r}")
    return {"leaks": leaks, "changed": changed, "totals": dict(totals)}


def summary(d: dict) -> str:
    direct = sum(1 for line in d["leaks"] if " LOCATION " not in line)
    return (f"dev direct left {direct}/{d['totals'].get('direct', 0)}, towns left {len(d['leaks']) - direct}/"
            f"{d['totals'].get('towns', 0)}, controls changed {len(d['changed'])}")


def main(argv: list[str]) -> None:
    if len(argv) != 2 or argv[0] not in ("save", "diff"):
        sys.exit("usage: python -m benchmarks.detection_pool save|diff BASELINE.json")
    d = pooled(Detector.get(DetectorSettings()))
    print(summary(d))
    if argv[0] == "save":
        with open(argv[1], "w", encoding="utf-8") as fh:
            json.dump(d, fh)
        return
    with open(argv[1], encoding="utf-8") as fh:
        base = json.load(fh)
    print("baseline:", summary(base))
    for key in ("leaks", "changed"):
        for line, n in sorted((Counter(d[key]) - Counter(base[key])).items()):
            print("  +", key, line, n)
        for line, n in sorted((Counter(base[key]) - Counter(d[key])).items()):
            print("  -", key, line, n)


if __name__ == "__main__":
    main(sys.argv[1:])
