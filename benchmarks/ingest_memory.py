"""Peak memory of ``privacy inspect`` as a ChatGPT export grows from ~10 to ~300 MB.

Generates deterministic exports with ``synth.testdata.bigexport`` under a scratch folder
(default /tmp/privacy-ingest-bench, never inside the repo), runs ``privacy inspect
--json`` on each as a subprocess and reads that child's peak RSS (``os.wait4`` ->
``ru_maxrss``). For comparison it also measures a plain ``json.load`` of the same
file (what a non-streaming parser would hold) on the sizes given by ``--baseline``.

With ``--zip`` each export is also zipped and ``privacy inspect`` is measured on the zip.

Run:  python benchmarks/ingest_memory.py [--sizes 10 100 300] [--baseline 10 100] [--zip] [--style chat] [--dir /tmp/...]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from synth.testdata.bigexport import write_big_export  # noqa: E402


def run_measured(cmd: list[str]) -> tuple[int, float, bytes]:
    """Run ``cmd``; return (peak RSS in KiB of that child, seconds, stdout)."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=REPO)
    out = proc.stdout.read()
    proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    dt = time.perf_counter() - t0
    if proc.returncode != 0:
        raise SystemExit(f"command failed ({proc.returncode}): {' '.join(cmd)}")
    return usage.ru_maxrss, dt, out


def ensure_export(base: Path, mb: int, style: str = "salad") -> Path:
    folder = base / (f"chatgpt-{mb}mb" if style == "salad" else f"chatgpt-{style}-{mb}mb")
    marker = folder / ".complete"
    if not marker.exists():
        write_big_export(folder, mb, seed=1, style=style)
        marker.write_text("ok")
    return folder


def ensure_zip(folder: Path) -> Path:
    import zipfile

    zpath = folder.with_suffix(".zip")
    if not zpath.exists():
        tmp = zpath.with_suffix(".zip.part")
        with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as zf:
            for p in sorted(folder.iterdir()):
                if p.is_file() and not p.name.startswith("."):
                    zf.write(p, p.name)
        tmp.rename(zpath)
    return zpath


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description="peak RSS of privacy inspect vs export size")
    ap.add_argument("--sizes", type=int, nargs="+", default=[10, 100, 300])
    ap.add_argument("--baseline", type=int, nargs="*", default=[10, 100])
    ap.add_argument("--dir", default="/tmp/privacy-ingest-bench")
    ap.add_argument("--zip", action="store_true", help="also measure inspect on a zip of each export")
    ap.add_argument("--style", choices=("salad", "chat"), default="salad",
                    help="synth.testdata.bigexport text style (default salad: the figures in docs/benchmarks.md)")
    a = ap.parse_args(argv)
    base = Path(a.dir)
    base.mkdir(parents=True, exist_ok=True)
    rows = []
    for mb in a.sizes:
        folder = ensure_export(base, mb, a.style)
        size = (folder / "conversations.json").stat().st_size
        rss, dt, out = run_measured([sys.executable, "-m", "privacy.cli", "inspect", str(folder), "--json"])
        summary = json.loads(out)
        row = {"target_mb": mb, "file_mb": round(size / 2**20, 1), "conversations": summary["conversations"],
               "messages": summary["messages"], "inspect_peak_rss_mb": round(rss / 1024, 1),
               "inspect_seconds": round(dt, 1)}
        if mb in a.baseline:
            brss, bdt, _ = run_measured([sys.executable, "-c",
                                         "import json,sys; json.load(open(sys.argv[1],'rb'))",
                                         str(folder / "conversations.json")])
            row["json_load_peak_rss_mb"] = round(brss / 1024, 1)
        if a.zip:
            zpath = ensure_zip(folder)
            zrss, zdt, zout = run_measured([sys.executable, "-m", "privacy.cli", "inspect", str(zpath), "--json"])
            assert json.loads(zout) == summary, "zip and folder disagree"
            row["zip_mb"] = round(zpath.stat().st_size / 2**20, 1)
            row["inspect_zip_peak_rss_mb"] = round(zrss / 1024, 1)
        rows.append(row)
        print(json.dumps(row), flush=True)
    first = rows[0]
    for r in rows[1:]:
        print(f"{first['file_mb']} MB -> {r['file_mb']} MB ({r['file_mb'] / first['file_mb']:.0f}x bigger): "
              f"peak RSS x{r['inspect_peak_rss_mb'] / first['inspect_peak_rss_mb']:.2f}")


if __name__ == "__main__":
    main()
