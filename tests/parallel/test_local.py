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
