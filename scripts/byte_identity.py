"""Byte-identity harness for refactors: same workspace key + same inputs -> same bytes.

``record DIR`` makes the inputs once (``DIR/inputs``: generated exports and pack task
trees, frozen there so later runs read exactly the same files) and the reference outputs
(``DIR/out``); ``check DIR`` runs every case again into a temporary folder and compares
file by file, byte for byte, with ``DIR/out``. Exit code 0: identical; 1: a difference
(the files are named, never their content: the outputs are synthetic, but keep the habit).

Cases, each in a fresh workspace holding the published test key:

* ``scrub-j1/<export>``  — ``scrub_export`` in this process (``--jobs 1``);
* ``scrub-j2/<export>``  — a fresh local pool of two workers per export (as the CLI runs it),
  small batches so they really run;
* ``scrub-dask/<export>`` — a ``distributed.LocalCluster`` of two single-threaded workers
  (``--no-cluster`` skips it);
* ``scrub-multi/`` — every export in one ``scrub_exports`` call, one workspace, one pool of two
  workers (``privacy scrub A B C --jobs 2``);
* ``scrub-options/`` — the sharded fixture with ``--memories``, a profile and ``--allow``;
* ``pack-j1/<tree>``, ``pack-j2/<tree>`` — ``build_packs`` of two task trees.

``scrub-j2`` and ``scrub-dask`` must also equal ``scrub-j1``, and ``pack-j2`` ``pack-j1``: both
actions check that too.

    python scripts/byte_identity.py record /tmp/ref-19 [--pe /tmp/pe-7/export]
    python scripts/byte_identity.py check /tmp/ref-19
    PYTHONPATH=/tmp/other-tree python scripts/byte_identity.py check /tmp/ref-19   # another checkout

In a checkout others change at the same time, record the reference from a clean tree of
the base commit (``git worktree add --detach /tmp/base BASE``, ``PYTHONPATH=/tmp/base``)
and check a second worktree of BASE with only your changed files copied in: a difference
is then yours, never a colleague's uncommitted edit.
"""

from __future__ import annotations

import argparse
import base64
import os
import shutil
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
FIXTURES = Path(os.environ.get("PRIVACY_FIXTURES", "/work/shared/fixtures"))
SHARED = [
    "chatgpt/librechat__chatgpt-tree.json",
    "chatgpt/librechat__chatgpt-modern-export.json",
    "claude/pdp-split-export",
    "synthetic/chatgpt-2026-sharded",
    "synthetic/chatgpt-memories",
]
TEST_KEY = bytes(range(7, 39))  # the published test key of tests/parallel
SMALL_BATCH = 3_000  # characters per detection batch in the pooled cases: several batches, real workers


def fixed_workspace(path: Path):
    from synth.workspace import Workspace

    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    kf = path / "key"
    kf.write_text(f"privacy-workspace-key-v1\n{base64.b64encode(TEST_KEY).decode()}\n")
    os.chmod(kf, 0o600)
    return Workspace.open(path)


def make_inputs(root: Path, pe: Path | None) -> None:
    """Generated inputs, written once and then only read."""
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))  # tests.packs helpers
    from synth.testdata.labelled import generate
    from tests.packs.exports import write_task_tree
    from tests.packs.format_fixtures import write_format_task

    root.mkdir(parents=True)
    generate(seed=23, sentences=60, controls=8).write_chatgpt_export(root / "labelled")
    if pe is not None:
        shutil.copytree(pe, root / "pe-7")
    write_task_tree(root / "packs-two")
    write_format_task(root / "packs-formats")
    (root / "profile.yaml").write_text(
        "version: 1\nnames: [Samuel Example]\nnicknames: [Sammy]\nother_names: [Dr. Rivera]\n"
        "emails: [sam.work@example.invalid]\nphones: [\"+1 555 0100\"]\n"
    )


def exports(inputs: Path) -> dict[str, Path]:
    out = {p.replace("/", "__"): FIXTURES / p for p in SHARED}
    out["labelled"] = inputs / "labelled"
    if (inputs / "pe-7").exists():
        out["pe-7"] = inputs / "pe-7"
    return out


def run_all(inputs: Path, out: Path, cluster: bool) -> None:
    from context_packs import build_packs
    from privacy.scrub import ScrubOptions, scrub_export, scrub_exports
    from privacy.scrub.parallel import InProcess, LocalPool

    out.mkdir(parents=True)
    ws_root = Path(tempfile.mkdtemp(prefix="ws-", dir=out.parent))
    n = 0

    def ws():
        nonlocal n
        n += 1
        return fixed_workspace(ws_root / f"ws{n}")

    ex = exports(inputs)
    small = ScrubOptions(batch_chars=SMALL_BATCH)
    backends = [("scrub-j1", InProcess(), ScrubOptions()), ("scrub-j2", LocalPool(2), small)]
    cl = client = None
    if cluster:
        import distributed

        from privacy.scrub.dask_backend import DaskBackend

        cl = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                      dashboard_address=None)
        client = distributed.Client(cl)
        backends.append(("scrub-dask", DaskBackend(client), small))
    try:
        for case, backend, options in backends:
            for name, path in ex.items():
                print(f"  {case}/{name}", flush=True)
                if case == "scrub-j2":  # a fresh pool per export, as the CLI runs it
                    with LocalPool(2) as pool:
                        scrub_export(path, out / case / name, workspace=ws(), options=options, backend=pool)
                    continue
                scrub_export(path, out / case / name, workspace=ws(), options=options, backend=backend)
        print("  scrub-multi", flush=True)
        names = list(ex)
        scrub_exports([ex[k] for k in names], [out / "scrub-multi" / k for k in names], workspace=ws(),
                      options=small, backend=backends[1][1])
        print("  scrub-options", flush=True)
        mems = sorted((FIXTURES / "synthetic/chatgpt-memories").iterdir())
        opts = ScrubOptions(memories=tuple(str(p) for p in mems), profile=str(inputs / "profile.yaml"),
                            allow=("Python", "Kyoto"))
        scrub_export(FIXTURES / "synthetic/chatgpt-2026-sharded", out / "scrub-options", workspace=ws(), options=opts,
                     backend=backends[0][1])
        for tree in ("packs-two", "packs-formats"):
            for case, jobs in (("pack-j1", 1), ("pack-j2", 2)):
                print(f"  {case}/{tree}", flush=True)
                build_packs(inputs / tree / "tasks.yaml", out / case / tree, workspace=ws(), jobs=jobs)
    finally:
        for _case, backend, _o in backends:
            backend.close()
        if client is not None:
            client.close()
            cl.close()
        shutil.rmtree(ws_root, ignore_errors=True)


def tree_bytes(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def compare(a: Path, b: Path, label: str) -> list[str]:
    ta, tb = tree_bytes(a), tree_bytes(b)
    problems = [f"{label}: only in reference: {k}" for k in sorted(ta.keys() - tb.keys())]
    problems += [f"{label}: only in new run: {k}" for k in sorted(tb.keys() - ta.keys())]
    problems += [f"{label}: differs: {k}" for k in sorted(ta.keys() & tb.keys()) if ta[k] != tb[k]]
    return problems


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("action", choices=("record", "check"))
    ap.add_argument("dir", type=Path)
    ap.add_argument("--pe", type=Path, help="a labelled export of /work/shared/bench/make_export.py (record only)")
    ap.add_argument("--no-cluster", action="store_true", help="skip the Dask cases")
    args = ap.parse_args(argv)
    import privacy

    print(f"code: {Path(privacy.__file__).parent.parent}", flush=True)
    inputs, ref = args.dir / "inputs", args.dir / "out"
    if args.action == "record":
        if ref.exists():
            sys.exit(f"{ref} exists")
        if not inputs.exists():  # kept when there: a new reference over the same inputs
            make_inputs(inputs, args.pe)
        run_all(inputs, ref, cluster=not args.no_cluster)
        target = ref
    else:
        target = Path(tempfile.mkdtemp(prefix="check-", dir=args.dir)) / "out"
        run_all(inputs, target, cluster=not args.no_cluster)
    problems = []
    if args.action == "check":
        problems += compare(ref, target, "reference")
    j1 = target / "scrub-j1"
    for case in ("scrub-j2", "scrub-dask"):
        if (target / case).exists():
            problems += compare(j1, target / case, f"{case} vs scrub-j1")
    problems += compare(target / "pack-j1", target / "pack-j2", "pack-j2 vs pack-j1")
    for p in problems:
        print(p)
    n = len(tree_bytes(target))
    print(f"{'IDENTICAL' if not problems else 'DIFFERENT'}: {n} files compared ({target})")
    if args.action == "check" and not problems:
        shutil.rmtree(target.parent)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
