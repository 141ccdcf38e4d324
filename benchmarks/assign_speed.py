"""Speed of the central surrogate assign as the number of new values grows.

``privacy scrub`` assigns every distinct (type, original) pair of an export in one serial
``SurrogateEngine.assign`` (``privacy.scrub.core.build_table``) between detection and writing:
the one step that does not run on the workers. This times ``build_table`` on a fresh
workspace for growing sets of labelled PII values (``synth.testdata.labelled``: names from ~25
cultures, e-mails, addresses, places, phone numbers, …, as a heavy user's export holds them),
in a fresh process per size, and reports new values per second. ``--profile`` prints the
top functions of the largest size (cProfile, cumulative time).

    python benchmarks/assign_speed.py                       # 1000 5000 20000 values
    python benchmarks/assign_speed.py --values 5000 --profile
    python benchmarks/assign_speed.py --types PERSON --values 2000 8000 20000   # names only
    python benchmarks/assign_speed.py --types PERSON --values 2000 5000 --reject-only   # random draws only
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def pairs_for(n: int, types: frozenset[str] = frozenset()) -> list[tuple[str, str]]:
    """``n`` distinct (type, original) pairs from the labelled generator (seeds 1, 2, … until
    enough), only of ``types`` when given."""
    from synth.testdata.labelled import generate

    out: dict[tuple[str, str], None] = {}
    seed = 1
    while len(out) < n:
        corpus = generate(seed=seed, sentences=2000)
        for t in corpus.texts:
            for s in t.spans:
                if types and s.entity_type not in types:
                    continue
                out.setdefault((s.entity_type, t.text[s.start : s.end]), None)
        seed += 1
    return sorted(list(out)[:n])  # the first n in generation order: every type, as in an export


def one(n: int, profile: bool, types: frozenset[str], reject_only: bool) -> None:
    import synth.surrogates
    from privacy.scrub import core
    from synth.surrogates import SurrogateEngine

    if reject_only:  # the engine before picking among free names: draw until one is free
        synth.surrogates.CHECK_FUTILE_AFTER = synth.surrogates.MAX_ATTEMPTS + 1
    from synth.workspace import Workspace

    pairs = pairs_for(n, types)
    with tempfile.TemporaryDirectory(prefix="assign-") as tmp:
        engine = SurrogateEngine(Workspace.open(Path(tmp) / "ws"), contributor_id="bench")
        if profile:
            import cProfile
            import pstats

            prof = cProfile.Profile()
            prof.enable()
        t0 = time.perf_counter()
        core.build_table(engine, pairs, [])
        dt = time.perf_counter() - t0
        if profile:
            prof.disable()
    types = len({t for t, _ in pairs})
    print(f"| {n:,} | {types} | {dt:.1f} s | {n / dt:,.0f} | {engine.draws:,} |", flush=True)
    if profile:
        pstats.Stats(prof, stream=sys.stdout).sort_stats("cumulative").print_stats(35)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--values", type=int, nargs="*", default=[1000, 5000, 20000])
    ap.add_argument("--profile", action="store_true", help="cProfile the largest size")
    ap.add_argument("--types", nargs="*", default=[], help="only these entity types (e.g. PERSON: many "
                    "distinct names fill the surrogate name pools, the costly case)")
    ap.add_argument("--reject-only", action="store_true", help="never pick among a crowded pool's "
                    "free names: draw at random until one is free (the engine before; other surrogates "
                    "for the values that collide)")
    ap.add_argument("--one", type=int, help=argparse.SUPPRESS)  # a child: one size
    args = ap.parse_args()
    if args.one:
        one(args.one, args.profile, frozenset(args.types), args.reject_only)
        return
    print("| new values | types | build_table | values/s | candidates drawn |")
    print("| --- | --- | --- | --- | --- |", flush=True)
    for n in args.values:
        cmd = [sys.executable, __file__, "--one", str(n), "--types", *args.types] + (["--reject-only"] if args.reject_only else [])
        cmd += ["--profile"] if args.profile and n == max(args.values) else []
        subprocess.run(cmd, check=True)


if __name__ == "__main__":
    main()
