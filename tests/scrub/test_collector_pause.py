"""The detector loads, and reads its first batch, with the cyclic garbage collector paused; what it
built is then frozen, and the collector is left as it was (privacy.scrub.core.detector_for)."""

from __future__ import annotations

import json
import subprocess
import sys

CODE = r"""
import gc, json, sys
collections = []
gc.callbacks.append(lambda phase, info: phase == "start" and collections.append(info["generation"]))
if sys.argv[1] == "off":
    gc.disable()
before = gc.get_threshold()
from privacy.detect.settings import DetectorSettings
from privacy.scrub import core
job = core.DetectJob(DetectorSettings())
collections.clear()
batch = core.detect_local(["Priya Raman moved to Leeds.", "mail priya@example.org"], job)
during = len(collections)
again = core.detect_local(["Priya Raman moved to Leeds.", "mail priya@example.org"], job)
print(json.dumps({"frozen": gc.get_freeze_count(), "enabled": gc.isenabled(), "same": gc.get_threshold() == before,
                  "collections": during, "found": [c[2] for cs in batch.cands for c in cs] == [c[2] for cs in again.cands for c in cs]}))
"""


def _run(mode: str) -> dict:
    out = subprocess.run([sys.executable, "-W", "ignore", "-c", CODE, mode], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_the_detector_loads_without_collections_and_is_frozen_afterwards():
    got = _run("on")
    assert got["found"] and got["enabled"] and got["same"]
    assert got["collections"] == 0  # none while spaCy, Presidio and the lists load (0.3-0.5 s of them before)
    assert got["frozen"] > 50_000  # the loaded detector: never walked by a collection again


def test_a_collector_the_caller_turned_off_stays_off_and_nothing_is_frozen():
    got = _run("off")
    assert got["found"] and not got["enabled"] and got["same"]
    assert got["frozen"] == 0
