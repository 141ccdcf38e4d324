"""Helpers for the scrub tests: fixture names, output files, report paths."""

from __future__ import annotations

import json
import re
from pathlib import Path

SHARDED = "synthetic/chatgpt-2026-sharded"
ALL_FIXTURES = [
    "chatgpt/librechat__chatgpt-tree.json",
    "chatgpt/librechat__chatgpt-modern-export.json",
    "claude/pdp-split-export",
    SHARDED,
    "synthetic/chatgpt-memories",
]


def output_files(out_dir: Path) -> list[Path]:
    return sorted(p for p in out_dir.rglob("*") if p.is_file())


_PATH_TOKEN = re.compile(r'\[(\d+)\]|\.([A-Za-z_][A-Za-z0-9_]*)|\[("(?:[^"\\]|\\.)*")\]')


def follow(obj, path: str):
    """The value at a report ``path`` such as ``$[0].mapping["x"].message.content.parts[0]``."""
    assert path.startswith("$")
    pos = 1
    while pos < len(path):
        m = _PATH_TOKEN.match(path, pos)
        assert m, f"bad path at {pos}"
        if m.group(1) is not None:
            obj = obj[int(m.group(1))]
        elif m.group(2) is not None:
            obj = obj[m.group(2)]
        else:
            obj = obj[json.loads(m.group(3))]
        pos = m.end()
    return obj


def report_lines(out_dir: Path) -> list[dict]:
    return [json.loads(line) for line in (out_dir / "redaction_report.jsonl").read_text().splitlines()]
