"""CPU of one detection step, a base checkout's code against this tree's, in ONE process.

A change worth 1-3% of ``analyze_corpus`` is lost in the noise of whole runs on a shared machine
(``detect_cpu.py`` moves ±10% at load 4). This replays one step over an export's pieces with the
same inputs for both sides, alternating, and compares CPU (``process_time``) and the results:

* ``--recognizer MODULE:CLASS``: the recognizer's ``analyze`` on every piece, with the pieces'
  ``NlpArtifacts`` made once; the base side is the same class from ``BASE/privacy/...``, loaded
  under another module name (its imports are this tree's: only that module's own code differs);
* ``--context-step``: ``AnalyzerEngine._enhance_using_context`` (Presidio's) against the
  detector's analyzer's, on each piece's raw results.

    python benchmarks/replay_cpu.py /tmp/base --export /tmp/pe2k/export \\
        --recognizer privacy.detect.recognizers.name_list:NameListRecognizer
    python benchmarks/replay_cpu.py /tmp/base --export /tmp/pe2k/export --context-step
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from profile_detect import _pieces  # noqa: E402
from throughput import texts_of  # noqa: E402


def _base_class(base: Path, module: str, name: str):
    """``name`` from ``module``'s file in the ``base`` checkout, loaded as ``replay_base.<module>``."""
    path = base / (module.replace(".", "/") + ".py")
    spec = importlib.util.spec_from_file_location("replay_base." + module, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return getattr(mod, name)


def _seen(results) -> list:
    return [(r.entity_type, r.start, r.end, r.score) for r in results]


def _rounds(sides: dict, rounds: int) -> None:
    """Each side's callable run ``rounds`` times, alternating; CPU medians and whether results agree."""
    cpu: dict[str, list[float]] = {k: [] for k in sides}
    out: dict[str, list] = {}
    for _ in range(rounds):
        for k, run in sides.items():
            c0 = time.process_time()
            out[k] = run()
            cpu[k].append(time.process_time() - c0)
    first = next(iter(sides))
    print(f"results {'identical' if all(v == out[first] for v in out.values()) else 'DIFFER'}")
    print("| side | CPU median (min–max) | / base |\n| --- | --- | --- |")
    for k, c in cpu.items():
        print(f"| {k} | {statistics.median(c):.3f} s ({min(c):.3f}–{max(c):.3f}) | "
              f"{statistics.median(c) / statistics.median(cpu[first]):.3f}x |")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("base", type=Path, help="the base checkout")
    ap.add_argument("--export", type=Path, required=True)
    ap.add_argument("--recognizer", help="MODULE:CLASS of a recognizer to replay")
    ap.add_argument("--context-step", action="store_true", help="replay Presidio's context step")
    ap.add_argument("--rounds", type=int, default=5)
    a = ap.parse_args(argv)
    from privacy.detect import Detector

    det = Detector.get()
    det.analyze_corpus(["warm up with Alice in Paris"])
    segs = _pieces(det, texts_of(a.export))
    arts = list(det.core.artifacts(segs, [True] * len(segs), det.settings.batch_size))
    print(f"{len(segs)} pieces")
    if a.recognizer:
        module, name = a.recognizer.split(":")
        mine = getattr(importlib.import_module(module), name)()
        base = _base_class(a.base.resolve(), module, name)()
        for rec in (mine, base):
            rec.analyze(segs[0], rec.supported_entities, arts[0])  # first-use loads outside the timing
        sides = {f"base {name}": lambda: [_seen(base.analyze(s, base.supported_entities, x)) for s, x in zip(segs, arts)],
                 f"this tree's {name}": lambda: [_seen(mine.analyze(s, mine.supported_entities, x)) for s, x in zip(segs, arts)]}
        _rounds(sides, a.rounds)
    if a.context_step:
        from privacy.detect.presidio_private import presidio_context_step

        analyzer = det.core.analyzer
        recs = analyzer.registry.recognizers
        raw = []
        for seg, art in zip(segs, arts):
            found = []
            for rec in recs:
                for r in rec.analyze(text=seg, entities=rec.supported_entities, nlp_artifacts=art) or ():
                    r.recognition_metadata = r.recognition_metadata or {}
                    r.recognition_metadata.setdefault("recognizer_identifier", rec.id)
                    found.append(r)
            raw.append(found)
        sides = {"Presidio's _enhance_using_context": lambda: [_seen(presidio_context_step(analyzer, s, r, x, recs))
                                                               for s, r, x in zip(segs, raw, arts)],
                 "the detector's": lambda: [_seen(analyzer._enhance_using_context(s, r, x, recs, None))
                                            for s, r, x in zip(segs, raw, arts)]}
        _rounds(sides, a.rounds)


if __name__ == "__main__":
    main()
