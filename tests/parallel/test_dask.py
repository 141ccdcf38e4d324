"""Scrubbing on a real Dask cluster (scheduler and two worker processes on loopback).

The same core functions run on the workers; the output must be byte-identical to the
one-process reference, and a worker killed mid-run must not change it.
"""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest

from parallel_helpers import assert_same_trees, fixed_workspace, vault_collisions
from privacy.cli import main
from privacy.scrub import ScrubOptions, default_out_dir, scrub_exports

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def cluster():
    """A LocalCluster of two single-threaded worker processes (nannies restart killed ones)."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cl, distributed.Client(cl) as client:
        yield cl, client


def test_cluster_run_through_the_cli_is_byte_identical_to_the_local_run(exports, reference, cluster, tmp_path):
    cl, _ = cluster
    _, ref_outs = reference
    fixed_workspace(tmp_path / "ws")
    code = main(["scrub", *map(str, exports), "--out", str(tmp_path / "all"), "--workspace", str(tmp_path / "ws"),
                 "--cluster", cl.scheduler_address, "--quiet"])
    assert code == 0
    for src, ref in zip(exports, ref_outs):
        assert_same_trees(ref, tmp_path / "all" / default_out_dir(src).name)


def test_a_worker_killed_mid_run_is_survived_with_identical_output(exports, reference, cluster, tmp_path):
    from privacy.detect import DetectorSettings
    from privacy.scrub.dask_backend import DaskBackend

    _, client = cluster
    _, ref_outs = reference
    ws = fixed_workspace(tmp_path / "ws")
    outs = [tmp_path / f"out{i}" for i in range(len(exports))]
    backend = DaskBackend(client, settings=DetectorSettings())
    failure: list[BaseException] = []

    def run():
        try:  # small batches: many tasks, so the kill lands while work is in flight
            scrub_exports(exports, outs, workspace=ws, options=ScrubOptions(batch_chars=1500), backend=backend)
        except BaseException as exc:  # reported below
            failure.append(exc)

    worker = threading.Thread(target=run)
    worker.start()
    victim = None
    deadline = time.monotonic() + 60
    while victim is None and time.monotonic() < deadline and worker.is_alive():
        busy = [addr for addr, keys in client.processing().items() if keys]
        if busy:
            victim = client.run(os.getpid, workers=[busy[0]])[busy[0]]
            os.kill(victim, signal.SIGKILL)
        else:
            time.sleep(0.05)
    worker.join(timeout=300)
    assert victim is not None, "no task was ever seen running"
    assert not worker.is_alive() and failure == []
    for ref, out in zip(ref_outs, outs):
        assert_same_trees(ref, out)
    assert vault_collisions(ws) == []


def test_packs_built_on_the_cluster_are_byte_identical_to_a_local_build(cluster, tmp_path):
    from context_packs import build_packs
    from tests.packs.exports import write_task_tree

    cl, _ = cluster
    tasks = write_task_tree(tmp_path / "tasks")
    build_packs(tasks, tmp_path / "local", workspace=fixed_workspace(tmp_path / "ws-local"), jobs=1)
    fixed_workspace(tmp_path / "ws-cluster")
    code = main(["pack", str(tasks), "--out", str(tmp_path / "cluster"), "--workspace", str(tmp_path / "ws-cluster"),
                 "--cluster", cl.scheduler_address])
    assert code == 0
    assert_same_trees(tmp_path / "local", tmp_path / "cluster")
