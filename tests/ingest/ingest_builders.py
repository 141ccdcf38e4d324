"""Helpers for ingest tests: build exports in tmp_path from the shared fixtures."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path


def zip_folder(folder: Path, target: Path, prefix: str = "") -> Path:
    """Zip every file of ``folder`` (names relative to it, optionally under ``prefix``)."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for p in sorted(folder.rglob("*")):
            if p.is_file():
                zf.write(p, prefix + p.relative_to(folder).as_posix())
    return target


def read_records(path: Path) -> list:
    return json.loads(path.read_text(encoding="utf-8"))


def write_records(path: Path, records) -> Path:
    path.write_text(json.dumps(records), encoding="utf-8")
    return path
