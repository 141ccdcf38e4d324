"""Local multi-core scrubbing (``--jobs N``): the same bytes as one process, whatever the batching."""

from __future__ import annotations

from privacy.cli import main
from privacy.scrub import ScrubOptions, scrub_export, scrub_exports
from privacy.scrub.parallel import LocalPool

from parallel_helpers import assert_same_trees, fixed_workspace, vault_collisions


def test_two_worker_processes_write_byte_identical_outputs(exports, reference, tmp_path):
    _, ref_outs = reference
    ws = fixed_workspace(tmp_path / "ws")
    outs = [tmp_path / f"out{i}" for i in range(len(exports))]
    # small batches: dozens of tasks per export, handed out to two spawned workers
    with LocalPool(2) as pool:
        scrub_exports(exports, outs, workspace=ws, options=ScrubOptions(batch_chars=4000), backend=pool)
        assert pool.started
    for ref, out in zip(ref_outs, outs):
        assert_same_trees(ref, out)


def test_the_vault_never_gives_one_surrogate_to_two_originals(reference):
    from synth.workspace import Workspace

    ws_path, _ = reference
    ws = Workspace.open(ws_path)
    assert len(ws.vault) > 50
    assert vault_collisions(ws) == []


def test_many_exports_in_one_call_equal_one_export_at_a_time(exports, reference, tmp_path):
    _, ref_outs = reference
    ws = fixed_workspace(tmp_path / "ws")
    for i, src in enumerate(exports):
        scrub_export(src, tmp_path / f"one{i}", workspace=ws, options=ScrubOptions(batch_chars=1500))
    for i, ref in enumerate(ref_outs):
        assert_same_trees(ref, tmp_path / f"one{i}")


def test_cli_scrubs_several_exports_into_one_parent_folder(exports, reference, tmp_path):
    _, ref_outs = reference
    fixed_workspace(tmp_path / "ws")
    code = main(["scrub", *map(str, exports), "--out", str(tmp_path / "all"), "--workspace", str(tmp_path / "ws"),
                 "--jobs", "1", "--quiet"])
    assert code == 0
    names = sorted(p.name for p in (tmp_path / "all").iterdir())
    assert len(names) == len(exports) and all(n.endswith(".scrubbed") for n in names)
    by_name = {p.name: p for p in (tmp_path / "all").iterdir()}
    from privacy.scrub import default_out_dir

    for src, ref in zip(exports, ref_outs):
        assert_same_trees(ref, by_name[default_out_dir(src).name])


def test_cli_refuses_one_profile_for_several_exports(exports, tmp_path):
    profile = tmp_path / "profile.json"
    profile.write_text('{"names": ["Sam Example"]}')
    code = main(["scrub", str(exports[0]), str(exports[1]), "--profile", str(profile), "--out", str(tmp_path / "o"),
                 "--workspace", str(tmp_path / "ws"), "--quiet"])
    assert code == 2
    assert not (tmp_path / "o").exists()


def test_a_fresh_command_starts_its_worker_before_reading_and_writes_the_same_bytes(exports, reference, tmp_path):
    """`privacy scrub --jobs 2` in a new process (no model loaded there), a core free: a worker is
    started before the export is read and detects even a one-batch export; same bytes as one process."""
    import subprocess
    import sys

    _, ref_outs = reference
    fixed_workspace(tmp_path / "ws").close()
    out = tmp_path / "out"
    code = ("import privacy.scrub.schedule as s, privacy.scrub.parallel as p\n"
            "warm = p.LocalPool.warm\n"
            "def spy(self, n=1):\n"
            "    print('WARMED', n, flush=True)\n"
            "    return warm(self, n)\n"
            "p.LocalPool.warm = spy\n"
            "s._idle_core = lambda: True  # as on a quiet machine\n"
            "from privacy.cli import entrypoint\n"
            "entrypoint()\n")
    proc = subprocess.run([sys.executable, "-c", code, "scrub", str(exports[0]), "--out", str(out),
                           "--workspace", str(tmp_path / "ws"), "--quiet", "--jobs", "2"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "WARMED 1" in proc.stdout  # a small export: one worker, started early
    assert_same_trees(ref_outs[0], out)


EARLY = ("import sys\n"
         "import privacy.scrub.warmstart as w, privacy.scrub.parallel as p\n"
         "warm = p.LocalPool.warm\n"
         "def spy(self, n=1):\n"
         "    late = [m for m in ('privacy.scrub.export', 'synth.workspace', 'ingest.export') if m in sys.modules]\n"
         "    print('WARMED', n, 'after', late or 'nothing', flush=True)\n"
         "    return warm(self, n)\n"
         "p.LocalPool.warm = spy\n"
         "w.idle_core = lambda: True  # as on a quiet machine\n"
         "from privacy.cli import entrypoint\n"
         "entrypoint()\n")


def test_the_scrub_command_starts_its_worker_before_reading_anything_and_writes_the_same_bytes(exports, reference, tmp_path):
    """`privacy scrub` starts its worker first thing (privacy.scrub.warmstart), before the scrubber,
    the workspace or the export are even imported; the scrub takes that pool and writes the same bytes."""
    import subprocess
    import sys

    _, ref_outs = reference
    fixed_workspace(tmp_path / "ws").close()
    out = tmp_path / "out"
    proc = subprocess.run([sys.executable, "-c", EARLY, "scrub", str(exports[0]), "--out", str(out),
                           "--workspace", str(tmp_path / "ws"), "--quiet", "--jobs", "2"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.splitlines()[0] == "WARMED 1 after nothing", proc.stdout
    assert_same_trees(ref_outs[0], out)
    # a command that fails after the early start stops that worker and exits as before
    again = subprocess.run([sys.executable, "-c", EARLY, "scrub", str(exports[0]), "--out", str(out),
                            "--workspace", str(tmp_path / "ws"), "--quiet", "--jobs", "2"],
                           capture_output=True, text=True, timeout=120)
    assert again.returncode == 2 and "output folder exists" in again.stderr, again.stderr[-2000:]
    assert_same_trees(ref_outs[0], out)


def test_large_exports_retire_the_detection_workers_and_write_the_same_bytes(exports, reference, tmp_path, monkeypatch):
    """After the last detection of a large run, the workers holding a Detector end and light ones
    apply pass 3 (``LocalPool.retire``): one export and several, the same bytes as one process."""
    import privacy.scrub.schedule as schedule

    _, ref_outs = reference
    retired = []
    real = LocalPool.retire

    def spy(self):
        real(self)
        retired.append((self.live, self.settings))

    monkeypatch.setattr(LocalPool, "retire", spy)
    monkeypatch.setattr(schedule, "RETIRE_BYTES", 0)  # every export counts as large
    ws = fixed_workspace(tmp_path / "ws")
    scrub_export(exports[-1], tmp_path / "one", workspace=ws, options=ScrubOptions(jobs=2, batch_chars=4000))
    assert retired == [(2, None)]  # as many light workers, no Detector settings
    assert_same_trees(ref_outs[-1], tmp_path / "one")
    ws = fixed_workspace(tmp_path / "ws2")
    outs = [tmp_path / f"many{i}" for i in range(len(exports))]
    scrub_exports(exports, outs, workspace=ws, options=ScrubOptions(jobs=2, batch_chars=500))
    assert len(retired) == 2  # once, before the last export is written
    for ref, out in zip(ref_outs, outs):
        assert_same_trees(ref, out)


def test_a_small_export_starts_a_worker_only_when_a_core_is_free_now(monkeypatch, tmp_path):
    """The load average alone took a core busy with another program (load 1.3-1.6 on 2 cores) for
    a free one; a worker beside this process needs a core nobody runs on at this moment."""
    import os

    from privacy.scrub import warmstart as w

    small = tmp_path / "export.json"
    small.write_text("[]")
    cores = 2
    monkeypatch.setattr(os, "cpu_count", lambda: cores)
    monkeypatch.setattr(os, "getloadavg", lambda: (1.2, 1.2, 1.2))
    for others, free in ((0, True), (1, False), (3, False), (None, True)):
        monkeypatch.setattr(w, "others_running", lambda o=others: o)
        assert w.idle_core() is free
        assert w.warm_count([small], 2) == (1 if free else 0)
    monkeypatch.setattr(os, "getloadavg", lambda: (1.6, 1.2, 1.2))  # busy over the last minute
    monkeypatch.setattr(w, "others_running", lambda: 0)
    assert not w.idle_core()


def test_the_tasks_running_now_are_read_from_the_kernel_when_it_says():
    from privacy.scrub.warmstart import others_running

    n = others_running()
    assert n is None or n >= 0
    assert others_running(samples=1) is None or others_running(samples=1) >= 0
