"""Load: 50 small exports scrubbed back to back in one process with one workspace.

Memory must not grow run over run: resident size after run 50 is within a small bound
of resident size after run 10 (the first runs warm caches: vocabulary, vault pages).
Each export has its own contributor, e-mail and phone, like 50 different people.
"""

from __future__ import annotations

import gc
import json
import os

import pytest

from privacy.scrub import ScrubOptions, scrub_export
from synth.workspace import Workspace

from .builders import record, write_export

RUNS = 50
WARMUP = 10
BOUND_MB = 8.0
FIRST_NAMES = ["Amara", "Bogdan", "Chiara", "Dmitri", "Esther", "Farid", "Greta", "Hiroshi", "Ines", "Jonas"]
LAST_NAMES = ["Achterberg", "Bellweather", "Castellanos", "Dunmore", "Eriksdottir"]


def rss_mb() -> float:
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6


def _export(root, i: int):
    name = f"{FIRST_NAMES[i % 10]} {LAST_NAMES[i % 5]}"
    email = f"{FIRST_NAMES[i % 10].lower()}.{i}@example.org"
    texts = [f"Hi, I'm {name}. Mail {email} or call +1 415 555 {1000 + i:04d} about the trip to the coast.",
             f"{name.split()[0]} will bring the tent; ask {FIRST_NAMES[(i + 3) % 10]} for the map."]
    folder = write_export(root / f"export-{i}", [record(j, [texts[j % 2]]) for j in range(4)], user=False)
    (folder / "user.json").write_text(json.dumps({"id": f"user-LOAD{i:024d}", "email": email, "name": name}))
    return folder


@pytest.mark.slow
def test_fifty_scrubs_in_one_process_do_not_grow_memory(tmp_path, detector):
    if not os.path.exists("/proc/self/statm"):
        pytest.skip("needs /proc for the resident size")
    ws = Workspace.open(tmp_path / "ws")
    sizes = []
    for i in range(RUNS):
        result = scrub_export(_export(tmp_path, i), tmp_path / f"out-{i}", workspace=ws, options=ScrubOptions())
        assert result.summary
        gc.collect()
        sizes.append(rss_mb())
    ws.close()
    growth = sizes[-1] - sizes[WARMUP - 1]
    assert growth < BOUND_MB, f"resident size grew {growth:.1f} MB over {RUNS - WARMUP} runs: {sizes}"
