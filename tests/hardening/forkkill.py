"""Kill -9 server for test_faults.py: load the detector once, then fork real CLI runs and SIGKILL them.

Usage (the test runs it as a subprocess)::

    python tests/hardening/forkkill.py SEED ROUNDS OUT_PREFIX WORKSPACE -- privacy-args... {out} ...

Each round forks a child that runs ``privacy.cli.main(args)`` with ``{out}`` replaced by
``OUT_PREFIX-<round>``, sleeps a seeded random delay between 0 and 0.9x the duration
of the shorter of two uninterrupted calibration runs, and sends SIGKILL. After each kill it checks the
workspace vault with ``PRAGMA integrity_check``. Prints one JSON object per round.
Forking after the detector is loaded keeps each round fast; the children are real
processes killed by a real SIGKILL.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import sys
import time


def run_child(args: list[str]) -> int:
    pid = os.fork()
    if pid == 0:  # the child: one CLI run, then exit without running the parent's cleanup
        code = 1
        try:
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            from privacy.cli import main

            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            code = main(args)
        finally:
            os._exit(code)
    return pid


def integrity(vault: str) -> str:
    if not os.path.exists(vault):
        return "absent"
    db = sqlite3.connect(f"file:{vault}?mode=ro", uri=True)
    try:
        return db.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        db.close()


def main() -> None:
    seed, rounds, out_prefix, workspace = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
    template = sys.argv[sys.argv.index("--") + 1:]
    from privacy.detect import Detector

    Detector.get()
    import privacy.cli  # noqa: F401  (imported before forking, like the detector)

    rng = random.Random(seed)
    durations = []
    for name in ("calibration", "calibration-again"):  # the second run finds the vault filled, like the rounds
        t0 = time.monotonic()
        pid = run_child([a.replace("{out}", f"{out_prefix}-{name}") for a in template])
        _, status = os.waitpid(pid, 0)
        durations.append(time.monotonic() - t0)
        print(json.dumps({"round": name, "exit": os.waitstatus_to_exitcode(status), "seconds": durations[-1]}), flush=True)
    # the shorter calibration run: a run slowed by a loaded machine would put the kills past the end
    # of the faster rounds after it (CI: two of five rounds finished before their kill)
    duration = min(durations)
    for r in range(rounds):
        delay = rng.uniform(0.0, 0.9 * duration)  # within the run, even when a loaded machine speeds up later rounds
        pid = run_child([a.replace("{out}", f"{out_prefix}-{r}") for a in template])
        time.sleep(delay)
        killed = True
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            killed = False
        _, status = os.waitpid(pid, 0)
        print(json.dumps({"round": r, "delay": round(delay, 3), "killed": killed,
                          "exit": os.waitstatus_to_exitcode(status), "out": f"{out_prefix}-{r}",
                          "vault": integrity(os.path.join(workspace, "vault.sqlite"))}), flush=True)


if __name__ == "__main__":
    main()
