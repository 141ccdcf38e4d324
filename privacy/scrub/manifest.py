"""ChatGPT's ``export_manifest.json``: the list of files the export holds, rewritten last.

Detection sees the manifest without its ``path`` entries (file names: renamed, not
scrubbed, ``manifest_without_paths``); the written manifest lists only the files written,
under their output names and with their new sizes (``rewrite_export_manifest``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from privacy.scrub.ids import pseudonymize_member_name
from privacy.scrub.jsonstyle import SNIFF_BYTES, sniff
from privacy.scrub.plan import load_json
from privacy.scrub.walker import Where, rewrite
from privacy.scrub.writer import Output, write_text

if TYPE_CHECKING:
    from privacy.scrub.visitors import Rewrite


def manifest_without_paths(obj):
    if isinstance(obj, dict) and isinstance(obj.get("export_files"), list):
        return dict(obj, export_files=[
            {k: v for k, v in e.items() if k != "path"} if isinstance(e, dict) else e for e in obj["export_files"]
        ])
    return obj


def rewrite_export_manifest(obj, rw: Rewrite, out: Output, tmp: Path, written: list[str]):
    """ChatGPT ``export_manifest.json``: list only the files written, with their new sizes."""
    if not (isinstance(obj, dict) and isinstance(obj.get("export_files"), list)):
        return rewrite(obj, rw)
    entries = []
    for e in obj["export_files"]:
        if not (isinstance(e, dict) and isinstance(e.get("path"), str)):
            entries.append(rewrite(e, rw, Where(parts=["export_files", len(entries)])))
            continue
        new_path = out.member_names.get(e["path"]) or pseudonymize_member_name(e["path"], out.pseudonym)
        if new_path not in written:
            continue  # an asset or dropped file: not in the output
        entry = rewrite({k: v for k, v in e.items() if k != "path"}, rw, Where(parts=["export_files", len(entries)]))
        entry = {k: (new_path if k == "path" else entry[k]) for k in e}
        if isinstance(entry.get("size_bytes"), int):
            entry["size_bytes"] = (tmp / new_path).stat().st_size
        entries.append(entry)
    rest = rewrite({k: v for k, v in obj.items() if k != "export_files"}, rw)
    return {k: (entries if k == "export_files" else rest[k]) for k in obj}


def write_export_manifest(m, rw: Rewrite, out: Output, tmp: Path, written: list[str]) -> None:
    """Write the manifest member ``m`` (after every other file: it lists them with their sizes)."""
    rw.file = m.out_name
    raw = m.take()
    style = sniff(raw[:SNIFF_BYTES])
    obj = rewrite_export_manifest(load_json(raw, m.label), rw, out, tmp, written)
    write_text(tmp / m.out_name, style.file_text(style.dumps(obj) + "\n"))
