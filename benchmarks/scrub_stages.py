"""Wall time of each stage of one `privacy scrub` run: detection (pass 1), propagation
(pass 2), the central surrogate assign, and writing (pass 3).

Scrubs the generated chat export of ``--mb`` MB (``synth.testdata.bigexport``, the one
benchmarks/throughput.py uses, under ``--root``; generated when missing) through the library
API with ``--jobs`` workers and a fresh workspace, and times the stages the run reports to
its progress sink. Pass 1 includes starting the workers and loading their models. Shares
within one run are what to quote (shared, noisy machine).

    python benchmarks/scrub_stages.py --mb 10
    python benchmarks/scrub_stages.py --mb 2 --jobs 1
    python benchmarks/scrub_stages.py --export /tmp/pe8k/export   # an existing export (dense text)
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script from anywhere


class StageClock:
    """A progress sink that adds up wall time per stage, in the order the stages come."""

    NAMES = {"reading": "pass 1 (detection)", "detecting": "pass 2 (propagation)",
             "assigning": "assign (central)", "writing": "pass 3 (writing)", "renaming": "finishing"}

    def __init__(self):
        self.t0 = self.since = time.perf_counter()
        self.current: str | None = None
        self.seconds: dict[str, float] = {}

    def stage(self, name: str, total=None) -> None:
        # "reading <member>" is pass 1, then pass 2 after "detecting in N distinct strings"
        word = name.split(" ", 1)[0]
        key = self.NAMES.get(word, word)
        if word == "reading" and self.current in ("pass 2 (propagation)",):
            key = self.current
        self._switch(key)

    def _switch(self, key: str | None) -> None:
        now = time.perf_counter()
        if self.current is not None:
            self.seconds[self.current] = self.seconds.get(self.current, 0.0) + now - self.since
        self.current, self.since = key, now

    def advance(self, n: int = 1) -> None: ...

    def close(self) -> None:
        self._switch(None)


def main() -> None:
    from benchmarks.throughput import export_for
    from privacy.scrub import ScrubOptions, scrub_export
    from synth.workspace import Workspace

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mb", type=float, default=10)
    ap.add_argument("--jobs", type=int, default=None, help="worker processes (default: every core)")
    ap.add_argument("--root", type=Path, default=Path(tempfile.gettempdir()) / "privacy-throughput")
    ap.add_argument("--style", default="chat")
    ap.add_argument("--export", type=Path, default=None, help="scrub this existing export instead of --mb")
    args = ap.parse_args()
    from privacy.scrub.parallel import default_jobs

    jobs = args.jobs or default_jobs()
    folder = args.export or export_for(args.mb, args.root, args.style)
    clock = StageClock()
    with tempfile.TemporaryDirectory(prefix="stages-") as tmp:
        scrub_export(folder, Path(tmp) / "out", workspace=Workspace.open(Path(tmp) / "ws"),
                     options=ScrubOptions(jobs=jobs, progress=clock))
    total = time.perf_counter() - clock.t0
    print(f"{folder.name}, --jobs {jobs}: {total:.1f} s")
    print("| stage | seconds | share |")
    print("| --- | --- | --- |")
    for key, sec in clock.seconds.items():
        print(f"| {key} | {sec:.1f} | {sec / total:.0%} |")


if __name__ == "__main__":
    main()
