"""Helpers for the parallel tests: fixed-key workspaces, the exports, tree comparison."""

from __future__ import annotations

import base64
import os
from pathlib import Path

from synth.workspace import Workspace

TEST_KEY = bytes(range(7, 39))  # a published test key: runs with it are comparable byte for byte
SHARED = [
    "chatgpt/librechat__chatgpt-tree.json",
    "claude/pdp-split-export",
    "synthetic/chatgpt-2026-sharded",
    "synthetic/chatgpt-memories",
]


def fixed_workspace(path: Path) -> Workspace:
    """A fresh workspace holding ``TEST_KEY`` (the documented key-file format)."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    kf = path / "key"
    kf.write_text(f"privacy-workspace-key-v1\n{base64.b64encode(TEST_KEY).decode()}\n")
    os.chmod(kf, 0o600)
    return Workspace.open(path)


def tree_bytes(root: Path) -> dict[str, bytes]:
    """Every file under ``root`` by relative path, with its bytes."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def assert_same_trees(a: Path, b: Path) -> None:
    ta, tb = tree_bytes(a), tree_bytes(b)
    assert sorted(ta) == sorted(tb)
    differing = [name for name in ta if ta[name] != tb[name]]
    assert differing == [], f"files differ: {differing}"


def vault_collisions(ws: Workspace) -> list[tuple[str, str]]:
    """(type, surrogate) pairs the vault gives to more than one original."""
    seen: dict[tuple[str, str], str] = {}
    clashes = []
    for etype, original, surrogate, _h in ws.vault.entries(include_internal=True):
        key = (etype, surrogate)
        if key in seen and seen[key] != original:
            clashes.append(key)
        seen[key] = original
    return clashes


def resolved_digest(obj) -> str:
    """What a worker makes of a shared argument: a digest of the object it resolves to."""
    import hashlib
    import pickle

    from privacy.scrub.shared import resolve

    return hashlib.sha256(pickle.dumps(resolve(obj))).hexdigest()
