"""Start-up and small-scrub wall time: `privacy scrub` of the sharded shared fixture, start-up
included, as a user runs it (a fresh process, a fresh workspace and output folder each run).

Each round runs every checkout once, back to back, so a noisy machine hits them alike; the
figures to quote are the medians and the ratio to the first checkout, measured in one run.
A checkout is a source tree put first on ``PYTHONPATH`` (``git worktree add --detach
/tmp/base BASE`` gives the commit to compare with); ``.`` is this one. Besides wall time,
each run's CPU time (user + system, from ``wait4``) is shown: on a busy machine it moves less.

    python benchmarks/startup.py                          # this checkout, 5 rounds
    python benchmarks/startup.py /tmp/base . --rounds 7   # base against this checkout
    python benchmarks/startup.py . --command version      # `privacy version` instead
    python benchmarks/startup.py /tmp/base . --entry script   # run as the `privacy` console script

Also prints, per checkout, what ``python -X importtime -c "import privacy.cli"`` adds up to
(the CLI's own start-up, what every command pays), and with ``--phases`` where one process's
start-up goes (import the CLI, import the detection engine, load the pipeline and Presidio, the
detector's lists, the first ``analyze_corpus`` over the fixture's strings), median per phase.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FIXTURE = Path(os.environ.get("PRIVACY_FIXTURES", "/work/shared/fixtures")) / "synthetic/chatgpt-2026-sharded"
# the console script's own code path (``privacy = privacy.cli:entrypoint``)
ENTRY = "from privacy.cli import entrypoint; entrypoint()"
# the console script itself, as pip writes it: run as a file, it is the main module, which
# multiprocessing's spawn imports again in each worker unless told not to (``--entry script``)
SCRIPT = """import re
import sys
from privacy.cli import entrypoint
if __name__ == '__main__':
    sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])
    sys.exit(entrypoint())
"""


def timed(argv: list[str], env: dict, cwd: Path) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds of the process and its children, exit code). ``cwd`` is
    outside every checkout: ``python -c`` puts the working folder first on ``sys.path``."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode("utf-8", "replace")
    proc.stderr.close()
    if proc.returncode:
        sys.exit(f"{' '.join(argv[3:])} exited {proc.returncode}: {err.strip()[-500:]}")
    return wall, usage.ru_utime + usage.ru_stime, proc.returncode


BYTECODE = [False]  # --bytecode: let the runs write and read bytecode (and the regex cache) beside the sources


def env_for(tree: Path) -> dict:
    env = dict(os.environ)
    if BYTECODE[0]:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPATH"] = str(tree) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


def import_ms(tree: Path, cwd: Path) -> float:
    """Sum of the self times ``-X importtime`` reports for ``import privacy.cli``, in ms."""
    out = subprocess.run([sys.executable, "-X", "importtime", "-c", "import privacy.cli"], env=env_for(tree),
                         cwd=cwd, capture_output=True, text=True, check=True).stderr
    return sum(int(m.group(1)) for m in re.finditer(r"import time:\s+(\d+) \|", out)) / 1000


PHASES = r"""
import glob, json, sys, time
t = [time.perf_counter()]
def lap():
    t.append(time.perf_counter())
import privacy.cli
lap()
from privacy.detect import Detector  # the scrub's own way in (privacy.scrub.core)
import privacy.detect.engine as eng
lap()
from privacy.detect.settings import DetectorSettings
eng._Core.get(DetectorSettings().model_name)
lap()
det = eng.Detector.get()
lap()
texts = []
def walk(o):
    if isinstance(o, str):
        texts.append(o)
    elif isinstance(o, dict):
        for v in o.values():
            walk(v)
    elif isinstance(o, list):
        for v in o:
            walk(v)
for f in sorted(glob.glob(sys.argv[1] + "/*.json")):
    walk(json.load(open(f, encoding="utf-8")))
det.analyze_corpus(list(dict.fromkeys(x for x in texts if x.strip())))
lap()
print(json.dumps([b - a for a, b in zip(t, t[1:])]))
"""
PHASE_NAMES = ("import privacy.cli", "import privacy.detect.engine", "pipeline + Presidio (_Core)",
               "detector lists (Detector.get)", "first analyze_corpus (fixture strings)")


def phases(tree: Path, fixture: Path, cwd: Path) -> list[float]:
    import json

    out = subprocess.run([sys.executable, "-c", PHASES, str(fixture)], env=env_for(tree), cwd=cwd,
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("trees", nargs="*", default=["."], help="checkouts to compare (default: this one)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--fixture", type=Path, default=FIXTURE)
    ap.add_argument("--command", choices=("scrub", "version", "help"), default="scrub")
    ap.add_argument("--phases", action="store_true", help="also time the start-up phases in one process")
    ap.add_argument("--entry", choices=("c", "script"), default="c",
                    help="run `python -c ENTRY` (default, as in earlier sessions) or a copy of the `privacy` "
                         "console script as a file (what a user runs: it is the main module)")
    ap.add_argument("--bytecode", action="store_true",
                    help="run without PYTHONDONTWRITEBYTECODE (as a user's Python runs: bytecode and the engine's "
                         "regex cache written beside the sources once, by a first run of each checkout that is "
                         "not timed, then read)")
    args = ap.parse_args()
    BYTECODE[0] = args.bytecode
    trees = [Path(t).resolve() for t in args.trees]
    scratch = Path(tempfile.mkdtemp(prefix="startup-"))
    if args.entry == "script":
        (scratch / "privacy").write_text(SCRIPT, encoding="utf-8")
        entry = [str(scratch / "privacy")]
    else:
        entry = ["-c", ENTRY]
    walls: dict[Path, list[float]] = {t: [] for t in trees}
    cpus: dict[Path, list[float]] = {t: [] for t in trees}
    try:
        if args.bytecode and args.command == "scrub":
            for i, tree in enumerate(trees):  # not timed: writes the bytecode and the caches
                run = scratch / f"warm-t{i}"
                timed([sys.executable, *entry, "scrub", str(args.fixture), "--out", str(run / "out"), "--workspace",
                       str(run / "ws"), "--quiet", "--jobs", "1"], env_for(tree), scratch)
                shutil.rmtree(run, ignore_errors=True)
        for r in range(args.rounds):
            for i, tree in enumerate(trees):
                run = scratch / f"r{r}-t{i}"
                if args.command == "scrub":
                    cmd = ["scrub", str(args.fixture), "--out", str(run / "out"), "--workspace", str(run / "ws"), "--quiet"]
                else:
                    cmd = ["version"] if args.command == "version" else ["--help"]
                wall, cpu, _ = timed([sys.executable, *entry, *cmd], env_for(tree), scratch)
                walls[tree].append(wall)
                cpus[tree].append(cpu)
                shutil.rmtree(run, ignore_errors=True)
        load = os.getloadavg()[0]
        first = statistics.median(walls[trees[0]])
        print(f"`privacy {args.command}`{' ' + str(args.fixture) if args.command == 'scrub' else ''}: "
              f"{args.rounds} rounds, entry {args.entry}{', bytecode written' if args.bytecode else ''}, "
              f"load average {load:.1f} at the end")
        print("| checkout | wall median (min–max) | CPU median | wall / first | `import privacy.cli` (importtime sum) |")
        print("| --- | --- | --- | --- | --- |")
        for tree in trees:
            w, c = walls[tree], cpus[tree]
            print(f"| {tree} | {statistics.median(w):.2f} s ({min(w):.2f}–{max(w):.2f}) | {statistics.median(c):.2f} s "
                  f"| {statistics.median(w) / first:.2f}x | {import_ms(tree, scratch):.0f} ms |")
        if args.phases:
            runs = {t: [] for t in trees}
            for _ in range(args.rounds):
                for tree in trees:
                    runs[tree].append(phases(tree, args.fixture, scratch))
            print()
            print("| phase | " + " | ".join(t.name for t in trees) + " |")
            print("| --- |" + " --- |" * len(trees))
            for i, name in enumerate(PHASE_NAMES):
                cells = [f"{statistics.median(r[i] for r in runs[t]):.2f} s" for t in trees]
                print(f"| {name} | " + " | ".join(cells) + " |")
            totals = [f"{statistics.median(sum(r) for r in runs[t]):.2f} s" for t in trees]
            print("| total | " + " | ".join(totals) + " |")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
