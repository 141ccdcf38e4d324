"""Read-only objects (the propagation spec) reach local workers once, through shared memory."""

from __future__ import annotations

import hashlib
import pickle
from multiprocessing.shared_memory import SharedMemory

import pytest

from privacy.scrub import shared
from privacy.scrub.parallel import LocalPool
from privacy.scrub.shared import SharedRef

from parallel_helpers import resolved_digest

SPEC = (tuple((f"Name {i}", "PERSON") for i in range(5000)), tuple(f"word{i}" for i in range(5000)))


def _digest(obj) -> str:
    return hashlib.sha256(pickle.dumps(obj)).hexdigest()


@pytest.fixture(scope="module")
def pool():
    with LocalPool(2) as p:
        p.start()
        yield p


def test_a_shared_object_travels_as_a_small_reference(pool):
    ref = pool.share(SPEC)
    try:
        assert isinstance(ref, SharedRef)
        assert len(pickle.dumps(ref)) < 200 < len(pickle.dumps(SPEC))
    finally:
        pool.release(ref)


def test_every_worker_reads_back_the_whole_object(pool):
    ref = pool.share(SPEC)
    try:
        got = list(pool.imap(resolved_digest, [(ref,)] * 6))
    finally:
        pool.release(ref)
    assert got == [_digest(SPEC)] * 6


def test_a_released_block_is_gone_from_shared_memory(pool):
    ref = pool.share(SPEC)
    pool.release(ref)
    assert len(pool._blocks) == 0
    with pytest.raises(FileNotFoundError):
        SharedMemory(name=ref.name)


def test_closing_the_pool_frees_blocks_never_released(tmp_path):
    with LocalPool(2) as p:
        p.start()
        ref = p.share(SPEC)
    with pytest.raises(FileNotFoundError):
        SharedMemory(name=ref.name)


def test_without_room_in_shared_memory_the_object_itself_is_passed(pool, monkeypatch):
    monkeypatch.setattr(shared, "_room_for", lambda size: False)
    assert pool.share(SPEC) is SPEC


def test_anything_but_a_reference_resolves_to_itself():
    assert shared.resolve(SPEC) is SPEC


def test_a_pooled_scrub_leaves_no_shared_block_behind(exports, tmp_path):
    from privacy.scrub import ScrubOptions, scrub_export

    from parallel_helpers import fixed_workspace

    with LocalPool(2) as p:
        scrub_export(exports[-1], tmp_path / "out", workspace=fixed_workspace(tmp_path / "ws"),
                     options=ScrubOptions(batch_chars=4000), backend=p)
        assert p.started
        assert len(p._blocks) == 0
