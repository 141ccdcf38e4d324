"""Issue 17's study, with the public benchmark's export: does every audit pass, does every plant fail?

    python -m benchmarks.audit_study --sentences 300 --seed 7 [--keep DIR]

Three contributors in one workspace, through the real CLI (one ``privacy scrub`` call, one
``privacy pack``): **contributor-a** holds presidio-evaluator 0.3.2's template sentences
(``benchmarks.public_detection.templates``; needs ``presidio-evaluator``) in the user messages of
a ChatGPT-shaped export, ten to a conversation; **contributor-b** is the hand-written export of
``tests/audit/study.py``; **contributor-c** the shared fixture ``synthetic/chatgpt-2026-sharded``.
Then ``privacy audit --workspace`` of each scrub output and of the packs folder, and of
contributor-b's output with one original planted at a time (other case, other phone grouping,
e-mail, JSON escape, file name). An audit of contributor-a that fails on residual findings
means detection left identifiers of the benchmark in the output (the detection issue's figure).

The workspace key is derived from ``--seed`` (a study workspace, never a real one), so the
surrogates, and with them every finding, are the same on every run of one seed.
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import json
import shutil
import tempfile
import time
from contextlib import redirect_stdout
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO.parent / "shared" / "fixtures"


def _study_module():
    spec = importlib.util.spec_from_file_location("audit_study_helpers", REPO / "tests" / "audit" / "study.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def write_benchmark_export(folder: Path, sentences: int, seed: int) -> Path:
    from benchmarks.public_detection import templates

    study = _study_module()
    folder.mkdir(parents=True)
    texts = [t for t, _gold in templates(sentences, seed)]
    convs = []
    for i in range(0, len(texts), 10):
        turns = []
        for t in texts[i : i + 10]:
            turns += [t, "Noted."]
        cid = f"5b7c9d10-2222-4000-8000-{i // 10:012d}"
        convs.append(study._conversation(cid, f"Notes {i // 10 + 1}", study.T0 + i * 3600.0, turns))
    (folder / "conversations.json").write_text(json.dumps(convs, indent=1))
    (folder / "user.json").write_text(json.dumps({"id": "user-BENCH000000000000000000"}))
    return folder


def _seeded_workspace(ws: Path, seed: int) -> Path:
    """A workspace whose key is derived from the seed: the same surrogates on every run."""
    import base64
    import hashlib
    import os

    from synth.workspace import _KEY_HEADER, KEY_FILE

    ws.mkdir(mode=0o700, parents=True)
    key = hashlib.sha256(f"privacy audit study, seed {seed}".encode()).digest()
    fd = os.open(ws / KEY_FILE, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as fh:
        fh.write(f"{_KEY_HEADER}\n{base64.b64encode(key).decode()}\n")
    return ws


def _audit(out: Path, ws: Path, *extra: str) -> dict:
    from privacy.cli import main

    buf = io.StringIO()
    with redirect_stdout(buf):
        rc = main(["audit", str(out), "--workspace", str(ws), "--json", *extra])
    report = json.loads(buf.getvalue())
    checks = {c["name"]: c for c in report["checks"]}
    return {
        "exit": rc,
        "verdict": report["verdict"],
        "failing": {n: c["failing"] for n, c in checks.items()},
        "leak_failing_types": sorted({f.get("entity_type") for f in checks["leak"]["findings"] if f.get("fails")}),
        "residual_failing_types": sorted({f.get("entity_type") for f in checks["residual"]["findings"] if f.get("fails")}),
        "residual_listed": len(checks["residual"]["findings"]),
    }


def run(sentences: int, seed: int, keep: Path | None) -> dict:
    from privacy.cli import main

    study = _study_module()
    root = Path(tempfile.mkdtemp(prefix="audit-study-")) if keep is None else keep
    exports = root / "exports"
    a = write_benchmark_export(exports / "contributor-a", sentences, seed)
    b = study.write_dana_export(exports / "contributor-b")
    c = exports / "contributor-c"
    shutil.copytree(FIXTURES / "synthetic/chatgpt-2026-sharded", c)
    ws, scrubbed = _seeded_workspace(root / "ws", seed), root / "scrubbed"
    t0 = time.monotonic()
    with redirect_stdout(io.StringIO()):
        assert main(["scrub", str(a), str(b), str(c), "--out", str(scrubbed), "--workspace", str(ws), "--quiet", "--jobs", "1"]) == 0
        tasks = study.write_tasks(root, [a, b, c])
        assert main(["pack", str(tasks), "--out", str(root / "packs"), "--workspace", str(ws), "--jobs", "1"]) == 0
    built = time.monotonic() - t0
    out: dict = {"sentences": sentences, "seed": seed, "build_seconds": round(built, 1), "audits": {}, "planted": {}}
    for o in [scrubbed / f"{e.name}.scrubbed" for e in (a, b, c)] + [root / "packs"]:
        t = time.monotonic()
        out["audits"][o.name] = {**_audit(o, ws), "seconds": round(time.monotonic() - t, 1)}
    plants = {
        "name in other case": lambda p: _plant(p, study.DANA.upper()),
        "phone in other grouping": lambda p: _plant(p, "call 312.555.7719 tonight"),
        "e-mail": lambda p: _plant(p, f"write to {study.DANA_EMAIL}"),
        "name inside a JSON escape": lambda p: _plant(p, "\\u004b" + study.FRIEND[1:]),
        "name in a file name": lambda p: (p / "kelechi-adeyemi-notes.txt").write_text("notes\n"),
    }
    for name, plant in plants.items():
        copy = root / "planted" / name.replace(" ", "-") / "contributor-b.scrubbed"
        shutil.copytree(scrubbed / "contributor-b.scrubbed", copy)
        plant(copy)
        out["planted"][name] = _audit(copy, ws, "--no-residual")
    if keep is None:
        shutil.rmtree(root)
    return out


def _plant(out: Path, text: str) -> None:
    conv = out / "conversations.json"
    raw = conv.read_text(encoding="utf-8")
    i = raw.index('"', raw.index("[", raw.index('"parts"')) + 1) + 1
    conv.write_text(raw[:i] + text + " " + raw[i:], encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sentences", type=int, default=300)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--keep", type=Path, default=None, help="build the study here and keep it")
    args = ap.parse_args()
    print(json.dumps(run(args.sentences, args.seed, args.keep), indent=2))


if __name__ == "__main__":
    main()
