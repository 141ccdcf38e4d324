"""``manifest.json`` of a variant folder: who built it with what, and every file's hash.

``files`` maps each file's POSIX path relative to the variant folder (every file
except ``manifest.json`` itself, ``insertions.json`` included) to its ``sha256``
and ``size`` in bytes. No build time is recorded, so rebuilds are byte-identical.
"""

from __future__ import annotations

import hashlib
from pathlib import Path


def file_entries(folder: Path) -> dict[str, dict]:
    """``{relpath: {"sha256": hex, "size": n}}`` for every file under ``folder`` but the manifest."""
    out: dict[str, dict] = {}
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        rel = path.relative_to(folder).as_posix()
        if rel == "manifest.json":
            continue
        data = path.read_bytes()
        out[rel] = {"sha256": hashlib.sha256(data).hexdigest(), "size": len(data)}
    return out


def build_manifest(folder: Path, *, task_id: str, variant: str, versions: dict, workspace_fingerprint: str,
                   extra: dict | None = None) -> dict:
    manifest = {
        "task_id": task_id,
        "variant": variant,
        "tool": "privacy",
        "versions": dict(sorted(versions.items())),
        "workspace_fingerprint": workspace_fingerprint,
    }
    manifest.update(extra or {})
    manifest["files"] = file_entries(folder)
    return manifest
