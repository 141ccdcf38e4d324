"""Our detector alone on chosen labelled sets, controls and template seeds: the quick loop used to
develop detection (plain Presidio and the full table: ``benchmarks.public_detection``).

    python -m benchmarks.detection_sets                       # every set that is not sealed
    python -m benchmarks.detection_sets chat_holdout19 controls_holdout19 templates:7

Per labelled set: direct identifiers left, wrong-kind surrogates and leaks by type, then (for a set
that is not sealed) the leaked values and the wrong kinds; per control set: messages unchanged and
(not sealed) the first 70 characters of each changed one. Sealed sets (``HELD_OUT``) print figures
only. Same scorer as ``benchmarks.public_detection`` (``score``, ``controls_unchanged``).
"""

from __future__ import annotations

import sys

from benchmarks import public_detection as P
from privacy.detect import Detector, DetectorSettings


def main(argv: list[str] | None = None) -> None:
    names = argv if argv else [n for n in list(P.CHAT_SETS) + list(P.CONTROL_SETS) if n not in P.HELD_OUT]
    det = Detector.get(DetectorSettings())
    for name in names:
        if name.startswith("templates:"):
            corpus = P.templates(2000, int(name.split(":")[1]))
        elif name in P.CHAT_SETS and (P.DATA / P.CHAT_SETS[name]).exists():
            corpus = P.labelled_chat(P.CHAT_SETS[name])
        elif name in P.CONTROL_SETS and (P.DATA / P.CONTROL_SETS[name]).exists():
            controls = P.read_blocks(P.CONTROL_SETS[name])
            r = P.controls_unchanged(controls, P.ours(controls, det))
            print(f"{name:18} unchanged {r['unchanged']}")
            if name not in P.HELD_OUT:
                for text in r["changed"]:
                    print("     changed:", text)
            continue
        else:
            print(f"{name}: no such set", file=sys.stderr)
            continue
        r = P.score(corpus, P.ours([t for t, _ in corpus], det))
        print(f"{name:18} left {r['direct_leaked']}/{r['direct_total']} ({100 * r['direct_leak_rate']:.2f}%) "
              f"wrong {r['wrong_kind']} {r['leak_by_type']}")
        if name not in P.HELD_OUT:
            print("    ", r["examples"], r["wrong_kind_by_type"])


if __name__ == "__main__":
    main(sys.argv[1:])
