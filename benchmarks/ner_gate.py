"""What the NER gate saves and what it costs (privacy.detect.nergate).

For each corpus, in ONE run, the detector with the gate on and with it off (``ner_gate``
setting; everything else equal) over the same distinct texts:

* **NER reads**: characters given to NER (gate on) as a share of the characters NER would read
  with the gate off (texts that cannot hold an entity at all are skipped either way);
* **time**: ``Detector.analyze_corpus`` wall time, gate on / gate off (same process, warm);
* **findings**: final findings (after filters, identity and propagation) whose span only the
  gate-off run covers (**lost**) or only the gate-on run covers (**new**), and for labelled
  corpora the gold PII spans left uncovered by each (**leaked**).

Corpora: the labelled generator (``synth.testdata.labelled``, PII at known spans, user-style chat incl.
all-lower-case messages), the texts of every JSON file in ``../shared/fixtures`` (real-shaped
exports), CPython's own documentation (``pydoc_data.topics``: real English technical prose,
like long assistant answers) cut at blank lines into paragraphs, and the message texts of a
``synth.testdata.bigexport`` chat-style export (labelled PII user turns, Markdown answers). Times are
the faster of two alternating runs per setting.

    python benchmarks/ner_gate.py                    # labelled seeds 7 and 101, fixtures, pydoc
    python benchmarks/ner_gate.py --sentences 300    # quicker
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from privacy.detect import Detector, DetectorSettings  # noqa: E402
from privacy.detect.engine import needs_ner  # noqa: E402
from privacy.detect.nergate import ner_windows  # noqa: E402


def labelled(seed: int, sentences: int):
    from privacy.detect import IdentityHints
    from synth.testdata.labelled import generate

    c = generate(seed=seed, sentences=sentences)
    hints = IdentityHints.from_contributor(c.contributor, c.custom_instructions)
    return [t.text for t in c.texts], [t.spans for t in c.texts], hints


def fixture_texts(root: Path) -> list[str]:
    from ingest.textwalk import walk_strings

    parts: list = []
    for f in sorted(root.rglob("*.json")):
        try:
            walk_strings(json.loads(f.read_bytes()), "", parts, frozenset())
        except ValueError:
            continue
    return [p.text for p in parts]


def pydoc_paragraphs() -> list[str]:
    import pydoc_data.topics as topics

    return [p for _, v in sorted(topics.topics.items()) for p in v.split("\n\n") if p.strip()]


def chat_texts(mb: float) -> list[str]:
    """The message texts of a ``synth.testdata.bigexport`` chat-style export (a heavy user's mix)."""
    import tempfile

    sys.path.insert(0, str(REPO / "benchmarks"))
    from throughput import texts_of

    from synth.testdata.bigexport import write_big_export

    folder = Path(tempfile.gettempdir()) / "privacy-throughput" / f"chat-{mb:g}mb"
    if not (folder / "conversations.json").exists():
        write_big_export(folder, mb, style="chat")
    return texts_of(folder)


def uncovered(findings, others) -> list:
    """Findings whose span no finding of ``others`` covers (a different recognizer or type
    on the same span is not a loss: the value is replaced either way)."""
    return [f for f in findings if not any(o.start <= f.start and o.end >= f.end for o in others)]


def leaked(texts, gold, findings) -> int:
    n = 0
    for t, spans, fs in zip(texts, gold, findings):
        for g in spans:
            if not any(f.start <= g.start and f.end >= g.end for f in fs):
                n += 1
    return n


def run(name: str, texts: list[str], gold=None, hints=None, show: bool = False) -> None:
    if gold is not None:
        first = {}
        for t, g in zip(texts, gold):
            first.setdefault(t, g)
        texts, gold = list(first), list(first.values())
    texts = list(dict.fromkeys(texts))
    on = Detector.get(DetectorSettings(ner_gate=True))
    off = Detector.get(DetectorSettings(ner_gate=False))
    whole = sum(len(t) for t in texts if needs_ner(t))
    read = sum(b - a for t in texts if needs_ner(t) for a, b in ner_windows(t))
    times = {"off": float("inf"), "on": float("inf")}
    found = {}
    for _ in range(2):  # alternate, keep the faster of two runs each (the machine is shared)
        for label, det in (("off", off), ("on", on)):
            t0 = time.perf_counter()
            found[label] = det.analyze_corpus(texts, hints=hints)
            times[label] = min(times[label], time.perf_counter() - t0)
    lost = [(t, f) for t, a, b in zip(texts, found["on"], found["off"]) for f in uncovered(b, a)]
    new = sum(len(uncovered(a, b)) for a, b in zip(found["on"], found["off"]))
    total = sum(len(f) for f in found["off"])
    if show:
        for t, f in lost:
            print(f"   lost {f.entity_type} {t[f.start:f.end]!r} in {t[max(0, f.start - 60):f.end + 40]!r}")
    lost = len(lost)
    leak = ""
    if gold is not None:
        n_gold = sum(len(s) for s in gold)
        leak = f" | {leaked(texts, gold, found['off'])} / {leaked(texts, gold, found['on'])} of {n_gold}"
    else:
        leak = " | —"
    print(f"| {name} | {len(texts)} texts, {sum(map(len, texts)) / 1e3:.0f} K chars | {read / max(whole, 1):.0%} "
          f"| {times['on'] / times['off']:.2f}x ({times['on']:.1f} s / {times['off']:.1f} s) "
          f"| {lost} lost, {new} new of {total}{leak} |", flush=True)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sentences", type=int, default=1000)
    ap.add_argument("--seeds", type=int, nargs="*", default=[7, 101])
    ap.add_argument("--show", action="store_true", help="print each lost finding (synthetic corpora only)")
    ap.add_argument("--chat-mb", type=float, default=1.0, help="size of the synth.testdata.bigexport chat-style export")
    ap.add_argument("--fixtures", type=Path, default=REPO.parent / "shared" / "fixtures")
    a = ap.parse_args(argv)
    Detector.get(DetectorSettings(ner_gate=True)).analyze_corpus(["warm up with Alice in Paris"])
    Detector.get(DetectorSettings(ner_gate=False)).analyze_corpus(["warm up with Alice in Paris"])
    print("| corpus | size | NER reads (on / off) | time on / off | findings on vs off | gold leaked off / on |")
    print("| --- | --- | --- | --- | --- | --- |")
    for seed in a.seeds:
        texts, gold, hints = labelled(seed, a.sentences)
        run(f"labelled seed {seed}", texts, gold, hints, a.show)
    if a.fixtures.is_dir():
        run("shared fixtures", fixture_texts(a.fixtures))
    run("pydoc prose", pydoc_paragraphs(), show=a.show)
    run(f"chat export ({a.chat_mb:g} MB)", chat_texts(a.chat_mb), show=a.show)


if __name__ == "__main__":
    main()
