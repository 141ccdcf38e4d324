"""Speed of the audit's known-original leak check on a large generated corpus.

Builds, under a scratch folder (default /tmp/privacy-audit-bench, never in the repo):

* a real workspace whose vault holds ``--originals`` originals (person names,
  e-mails, phone numbers, street addresses, drawn with a seeded ``Faker``) and a
  surrogate for each, written through ``Vault.put`` with the engine's keyed hashes;
* an output-like folder of ``--mb`` MB: ChatGPT-shaped JSON conversation files,
  Markdown transcripts, JSONL and CSV, whose text mixes filler words with the
  surrogates, plus ``--plant`` originals planted in varied forms (upper case, other
  phone grouping, possessive) at known files.

Then runs ``audit_dir(DIR, workspace=ws, residual=False)`` and reports: time to build
the matcher, time of the whole leak check, MB/s, the planted originals found (all of
them must be), and, as the anchor measured in the same run, the throughput of the
naive approach (every original searched one by one with ``str.find`` over the
lower-cased text) on a sample of the same files, and the ratio.

Run:  python benchmarks/audit_leak.py [--mb 100] [--originals 10000] [--plant 50] [--dir /tmp/...]
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from faker import Faker  # noqa: E402

from privacy.audit import audit_dir  # noqa: E402
from privacy.audit.files import iter_files, read_file_text  # noqa: E402
from privacy.audit.run import build_matcher  # noqa: E402
from synth.surrogates import SurrogateEngine  # noqa: E402
from synth.workspace import Workspace  # noqa: E402

WORDS = ("the a plan garden budget recipe lentil train ticket weekend project deadline meeting notes draft "
         "python function error stack deploy review chapter novel paint watercolor hike weather metric coffee "
         "morning report summary list idea question answer reason because maybe later today tomorrow kitchen "
         "window bicycle library museum concert invoice spreadsheet chart figure table paragraph").split()


def make_values(fake: Faker, n: int) -> list[tuple[str, str]]:
    kinds = [("PERSON", 0.6), ("EMAIL_ADDRESS", 0.2), ("PHONE_NUMBER", 0.15), ("STREET_ADDRESS", 0.05)]
    out: set[tuple[str, str]] = set()
    for et, share in kinds:
        want = int(n * share)
        got = 0
        while got < want:
            v = {"PERSON": fake.name, "EMAIL_ADDRESS": fake.email, "PHONE_NUMBER": lambda: fake.numerify("(###) ###-####"),
                 "STREET_ADDRESS": fake.street_address}[et]()
            if (et, v) not in out:
                out.add((et, v))
                got += 1
    return sorted(out)


def build_workspace(root: Path, n: int, seed: int):
    ws = Workspace.open(root / "ws")
    eng = SurrogateEngine(ws, contributor_id="bench")
    fake_o, fake_s = Faker("en_US"), Faker("en_US")
    fake_o.seed_instance(seed)
    fake_s.seed_instance(seed + 1)
    originals = make_values(fake_o, int(n * 1.1) + 10)
    surrogates = make_values(fake_s, int(n * 1.1) + 10)
    taken = {v for _, v in originals}
    pairs = []
    ws.vault.begin()
    for (et, orig), (_et2, sur) in zip(originals, surrogates):
        if sur in taken or len(pairs) >= n:
            continue
        ws.vault.put(et, eng.keyed_hash(et, orig), orig, sur)
        pairs.append((et, orig, sur))
    ws.vault.commit()
    return ws, pairs


def plant_forms(et: str, orig: str) -> str:
    if et == "PHONE_NUMBER":
        d = "".join(c for c in orig if c.isdigit())
        return f"+1 {d[:3]}.{d[3:6]}.{d[6:]}"
    if et == "PERSON":
        return orig.upper() + "'s"
    return orig.swapcase() if et == "EMAIL_ADDRESS" else orig


def write_corpus(out: Path, pairs, mb: int, plant: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    surs = [s for _, _, s in pairs]
    planted_files: list[str] = []
    planted = rng.sample(pairs, plant)
    target = mb * 1_000_000
    written = 0
    i = 0
    out.mkdir(parents=True)
    while written < target:
        def para(n=60):
            return " ".join(rng.choice(surs) if rng.random() < 0.04 else rng.choice(WORDS) for _ in range(n))
        kind = i % 4
        if i < plant:
            et, orig, _ = planted[i]
            extra = f" note: {plant_forms(et, orig)} again."
            planted_files.append(None)  # filled below
        else:
            extra = ""
        if kind == 0:
            rel = f"conversations/conv-{i:05d}.json"
            msgs = {f"m{j}": {"message": {"author": {"role": "user"}, "content": {"parts": [para() + (extra if j == 3 else "")]}}}
                    for j in range(40)}
            text = json.dumps({"title": para(5), "mapping": msgs}, indent=1)
        elif kind == 1:
            rel = f"transcripts/conv-{i:05d}.md"
            text = "\n\n".join(f"## User\n\n{para()}" for _ in range(40)) + extra + "\n"
        elif kind == 2:
            rel = f"memories/mem-{i:05d}.jsonl"
            text = "".join(json.dumps({"text": para(30)}) + "\n" for _ in range(80)) + json.dumps({"text": extra}) + "\n"
        else:
            rel = f"tables/t-{i:05d}.csv"
            text = "".join(f"{rng.choice(surs)},{para(8)}\n" for _ in range(200)) + f"x,{extra}\n"
        p = out / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
        written += len(text.encode())
        if i < plant:
            planted_files[i] = rel
        i += 1
    return planted_files


def naive_mb_per_s(out: Path, pairs, sample_mb: float) -> float:
    texts, size = [], 0
    for rel, p in iter_files(out):
        t = read_file_text(rel, p).text.lower()
        texts.append(t)
        size += len(t)
        if size >= sample_mb * 1_000_000:
            break
    needles = [o.lower() for _, o, _ in pairs]
    t0 = time.perf_counter()
    hits = 0
    for t in texts:
        for n in needles:
            if t.find(n) >= 0:
                hits += 1
    dt = time.perf_counter() - t0
    return size / 1e6 / dt


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mb", type=int, default=100)
    ap.add_argument("--originals", type=int, default=10000)
    ap.add_argument("--plant", type=int, default=50)
    ap.add_argument("--naive-sample-mb", type=float, default=2.0)
    ap.add_argument("--dir", type=Path, default=Path("/tmp/privacy-audit-bench"))
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    if args.dir.exists():
        shutil.rmtree(args.dir)
    args.dir.mkdir(parents=True)
    t0 = time.perf_counter()
    ws, pairs = build_workspace(args.dir, args.originals, args.seed)
    planted = write_corpus(args.dir / "out", pairs, args.mb, args.plant, args.seed)
    size = sum(p.stat().st_size for _, p in iter_files(args.dir / "out"))
    t_gen = time.perf_counter() - t0

    t0 = time.perf_counter()
    matcher, _ = build_matcher(ws)
    t_matcher = time.perf_counter() - t0
    t0 = time.perf_counter()
    report = audit_dir(args.dir / "out", workspace=ws, residual=False)
    t_audit = time.perf_counter() - t0
    found = {f.file for f in report.checks["leak"].findings}
    missed = [r for r in planted if r not in found]
    naive = naive_mb_per_s(args.dir / "out", pairs, args.naive_sample_mb)
    ours = size / 1e6 / t_audit
    result = {
        "corpus_mb": round(size / 1e6, 1),
        "files": report.files_scanned,
        "originals_in_vault": len(pairs),
        "originals_searched": matcher.stats["searched"],
        "generate_s": round(t_gen, 1),
        "matcher_build_s": round(t_matcher, 2),
        "leak_check_s": round(t_audit, 1),
        "leak_check_mb_per_s": round(ours, 1),
        "naive_find_mb_per_s": round(naive, 3),
        "speedup_vs_naive": round(ours / naive, 1),
        "planted": len(planted),
        "planted_found": len(planted) - len(missed),
        "leak_findings": len(report.checks["leak"].findings),
    }
    print(json.dumps(result, indent=2))
    ws.close()


if __name__ == "__main__":
    main()
