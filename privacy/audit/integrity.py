"""Check 3: the output is what its manifests, summaries and variant rules say.

* no symbolic link anywhere under DIR (outputs never hold one; links are not followed);
* every ``manifest.json`` lists exactly the files beside it (and under it), each with
  the right ``sha256`` and ``size`` (no extra, no missing file);
* no pseudonymized id of a dropped archived conversation (``summary.json``
  ``archived_dropped_ids``, ``manifest.json`` ``archived_conversation_ids``) appears
  anywhere under DIR, in any file or name;
* pack variants keep their rules: ``no_memories`` has no memories and no
  conversation history; ``no_added_context`` and ``context_in_conversations`` have
  no ``additional_context.md``; every fact of ``insertions.json`` is in the
  conversation files it names (Markdown transcript and JSON, with its message id).
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import ahocorasick
import orjson

from privacy.audit.files import iter_files, iter_symlinks, read_file_text
from privacy.audit.leaks import PathMasker
from privacy.audit.model import CheckResult, Finding, Location, stable_id

MEMORY_FILES = ("memories.md", "memories.json")
HISTORY_DIR = "conversation_history"
ADDED_CONTEXT = "additional_context.md"


def _load_json(path: Path) -> Any | None:
    try:
        return orjson.loads(path.read_bytes())
    except (orjson.JSONDecodeError, OSError):
        return None


def _finding(kind: str, file: str, message: str, *detail: str) -> Finding:
    return Finding(id=stable_id("I", kind, file, *detail), check="integrity", kind=kind, message=message, file=file)


def manifest_entries(manifest: Any) -> dict[str, dict] | None:
    files = manifest.get("files") if isinstance(manifest, dict) else None
    if isinstance(files, dict):
        return {str(k): v for k, v in files.items() if isinstance(v, dict)}
    if isinstance(files, list):
        return {str(e["path"]): e for e in files if isinstance(e, dict) and "path" in e}
    return None


def is_files_manifest(path: Path) -> bool:
    """Ours (a pack variant's, or any with a sha256 'files' table), not an export's own
    ``manifest.json`` (the Claude split export has one, which scrub keeps)."""
    obj = _load_json(path)
    if not isinstance(obj, dict):
        return False
    if "variant" in obj and "task_id" in obj:
        return True
    entries = manifest_entries(obj)
    return bool(entries) and all("sha256" in e for e in entries.values())


def check_manifest(root: Path, rel: str, masker: PathMasker) -> list[Finding]:
    """One ``manifest.json`` against the files of its folder."""
    mpath = root / rel
    folder = mpath.parent
    mrel = masker.path(rel)
    obj = _load_json(mpath)
    entries = manifest_entries(obj)
    if entries is None:
        return [_finding("manifest_unreadable", mrel, f"{mrel} is a pack manifest without a readable 'files' table")]
    base = folder.relative_to(root).as_posix()
    prefix = "" if base == "." else base + "/"
    present = {r for r, _ in iter_files(folder) if r != "manifest.json"}
    out = []
    for r in sorted(set(entries) - present):
        out.append(_finding("manifest_missing_file", masker.path(prefix + r), f"{masker.path(prefix + r)} is listed in {mrel} but absent", r))
    for r in sorted(present - set(entries)):
        out.append(_finding("manifest_extra_file", masker.path(prefix + r), f"{masker.path(prefix + r)} is not listed in {mrel}", r))
    for r in sorted(present & set(entries)):
        data = (folder / r).read_bytes()
        want = entries[r]
        shown = masker.path(prefix + r)
        if want.get("size") != len(data):
            out.append(_finding("manifest_size_mismatch", shown, f"{shown}: size {len(data)} differs from the manifest ({want.get('size')})", r))
        if want.get("sha256") != hashlib.sha256(data).hexdigest():
            out.append(_finding("manifest_hash_mismatch", shown, f"{shown}: sha256 differs from {mrel} (file changed after the build)", r))
    return out


def archived_ids(root: Path, rels: list[str]) -> set[str]:
    ids: set[str] = set()
    for rel in rels:
        name = rel.rsplit("/", 1)[-1]
        if name not in ("summary.json", "manifest.json"):
            continue
        obj = _load_json(root / rel)
        if not isinstance(obj, dict):
            continue
        for key in ("archived_dropped_ids", "archived_conversation_ids"):
            vals = obj.get(key)
            if isinstance(vals, list):
                ids.update(v for v in vals if isinstance(v, str) and len(v) >= 6)
    return ids


def check_archived(root: Path, rels: list[str], ids: set[str], masker: PathMasker) -> list[Finding]:
    """No archived conversation id anywhere (except the lists that declare them)."""
    if not ids:
        return []
    auto = ahocorasick.Automaton()
    for i in ids:
        auto.add_word(i.lower(), i)
    auto.make_automaton()
    declared = {"archived_dropped_ids", "archived_conversation_ids"}
    out = []
    for rel in rels:
        shown = masker.path(rel)
        for end, ident in auto.iter(rel.lower()):
            out.append(_finding("archived_id_in_name", shown, f"an archived conversation id is part of the name {shown}", ident))
        name = rel.rsplit("/", 1)[-1]
        if name in ("summary.json", "manifest.json"):
            obj = _load_json(root / rel)
            if isinstance(obj, dict):
                obj = {k: v for k, v in obj.items() if k not in declared}
                text = orjson.dumps(obj).decode("utf-8", "replace")
            else:
                text = read_file_text(rel, root / rel).text
        else:
            text = read_file_text(rel, root / rel).text
        found = sorted({ident for _, ident in auto.iter(text.lower())})
        for ident in found:
            out.append(
                _finding(
                    "archived_conversation_present",
                    shown,
                    f"{shown} contains the (pseudonymized) id of an archived conversation that must have been dropped",
                    ident,
                )
            )
            out[-1].locations.append(Location(file=shown, unit="pseudonymized id", context=ident))
    return out


def variant_dirs(root: Path, rels: list[str]) -> list[tuple[str, str]]:
    """(relative folder, variant name) of every pack variant folder (has manifest.json with 'variant')."""
    out = []
    for rel in rels:
        if rel.rsplit("/", 1)[-1] != "manifest.json":
            continue
        obj = _load_json(root / rel)
        if isinstance(obj, dict) and isinstance(obj.get("variant"), str):
            folder = rel.rsplit("/", 1)[0] if "/" in rel else "."
            out.append((folder, obj["variant"]))
    return out


def check_variant(root: Path, folder: str, variant: str, masker: PathMasker) -> list[Finding]:
    d = root / folder if folder != "." else root
    shown = masker.path(folder)
    out = []
    if variant == "no_memories":
        for f in MEMORY_FILES:
            if (d / f).exists():
                out.append(_finding("variant_has_memories", f"{shown}/{f}", f"{shown}: variant no_memories holds {f}"))
        hist = d / HISTORY_DIR
        if hist.is_dir() and any(hist.iterdir()):
            out.append(_finding("variant_has_history", f"{shown}/{HISTORY_DIR}", f"{shown}: variant no_memories holds conversation history"))
    if variant in ("no_added_context", "context_in_conversations") and (d / ADDED_CONTEXT).exists():
        out.append(_finding("variant_has_added_context", f"{shown}/{ADDED_CONTEXT}", f"{shown}: variant {variant} holds {ADDED_CONTEXT}"))
    if variant == "context_in_conversations":
        out += check_insertions(d, shown, masker)
    return out


def check_insertions(d: Path, shown: str, masker: PathMasker) -> list[Finding]:
    path = d / "insertions.json"
    rows = _load_json(path) if path.exists() else None
    if not isinstance(rows, list):
        return [_finding("insertions_missing", f"{shown}/insertions.json", f"{shown}: context_in_conversations has no readable insertions.json")]
    out = []
    for i, row in enumerate(rows):
        if not isinstance(row, dict) or not isinstance(row.get("fact"), str):
            out.append(_finding("insertion_unreadable", f"{shown}/insertions.json", f"{shown}/insertions.json: entry {i} has no fact", str(i)))
            continue
        fact = " ".join(row["fact"].split())
        for key in ("file", "json_file"):
            target = row.get(key)
            if not isinstance(target, str):
                continue
            tp = d / target
            where = f"{shown}/{masker.path(target)}"
            if not tp.is_file():
                out.append(_finding("insertion_file_missing", where, f"{shown}/insertions.json entry {i}: {key} is missing", str(i), key))
                continue
            ft = read_file_text(target, tp)
            text = " ".join(ft.text.replace("\x00", " ").split())
            if fact not in text:
                out.append(_finding("insertion_fact_absent", where, f"{where}: fact {i} of insertions.json is not where it says", str(i), key))
            mid = row.get("user_message_id")
            if key == "json_file" and isinstance(mid, str) and mid not in ft.text:
                out.append(_finding("insertion_message_absent", where, f"{where}: message id of fact {i} is absent", str(i)))
    return out


def integrity_check(root: Path, rels: list[str], masker: PathMasker) -> CheckResult:
    findings: list[Finding] = []
    for link in iter_symlinks(root):
        shown = masker.path(link)
        findings.append(_finding("symlink", shown, f"{shown} is a symbolic link (outputs never hold links; it was not followed)"))
    manifests = [r for r in rels if r.rsplit("/", 1)[-1] == "manifest.json" and is_files_manifest(root / r)]
    for rel in manifests:
        findings += check_manifest(root, rel, masker)
    ids = archived_ids(root, rels)
    findings += check_archived(root, rels, ids, masker)
    variants = variant_dirs(root, rels)
    for folder, variant in variants:
        findings += check_variant(root, folder, variant, masker)
    res = CheckResult("integrity", "fail" if findings else "pass", findings)
    res.stats = {"manifests": len(manifests), "archived_ids": len(ids), "variants": len(variants)}
    if not manifests:
        res.notes.append("no file manifest under DIR (a scrub output has none; packs have one per variant)")
    return res
