"""The redaction report (one JSON line per replacement) and the run summary.

Both are deterministic: no wall-clock time, keys in a fixed order, and only
pseudonymous ids, surrogates and keyed hashes, never an original value.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import IO

from privacy.scrub.scrubbed import Replacement

REPORT_NAME = "redaction_report.jsonl"
SUMMARY_NAME = "summary.json"
HTML_NAME = "report.html"
REPORT_FILES = (REPORT_NAME, SUMMARY_NAME, HTML_NAME)


def report_line(
    rep: Replacement, *, file: str, path: str, conversation: str | None, message: str | None, low_confidence: bool
) -> dict:
    """One line of ``redaction_report.jsonl`` (fields documented in the README)."""
    return {
        "file": file,
        "conversation_id": conversation,
        "message_id": message,
        "path": path,
        "start": rep.start,
        "end": rep.end,
        "entity_type": rep.entity_type,
        "recognizer": rep.recognizer,
        "score": rep.score,
        "pass": rep.pass_name,
        "surrogate": rep.surrogate,
        "original_hash": rep.original_hash,
        "low_confidence": low_confidence,
    }


def dumps_line(obj: dict) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n"


@dataclass
class Tally:
    """Counts gathered while writing, turned into ``summary.json``."""

    by_type: Counter = field(default_factory=Counter)
    by_recognizer: Counter = field(default_factory=Counter)
    by_pass: Counter = field(default_factory=Counter)
    distinct: dict = field(default_factory=dict)  # entity type -> set of keyed hashes
    low_confidence: int = 0
    replacements: int = 0
    fields_with_replacements: int = 0
    strings_scrubbed: int = 0

    def add(self, rep: Replacement, low: bool) -> None:
        self.replacements += 1
        self.by_type[rep.entity_type] += 1
        self.by_recognizer[rep.recognizer] += 1
        self.by_pass[rep.pass_name] += 1
        # a kept span has no keyed hash; its value (public, left in the text) tells them apart
        self.distinct.setdefault(rep.entity_type, set()).add(rep.original_hash or rep.surrogate)
        if low:
            self.low_confidence += 1


def write_report_line(fh: IO[str], line: dict) -> None:
    fh.write(dumps_line(line))


def summary_dict(
    *,
    tally: Tally,
    export_format: str,
    stats: dict,
    kept_conversations: int,
    kept_messages: int,
    archived_dropped_ids: list[str],
    consent_excluded_ids: list[str],
    assets_dropped: list[dict],
    members_dropped: list[dict],
    records_dropped: list[dict] = (),
    files_written: list[str],
    versions: dict,
    workspace_fingerprint: str,
    options: dict,
) -> dict:
    """``summary.json``: counts, versions and the ids an auditor checks."""
    return {
        "format": export_format,
        "conversations": {
            "kept": kept_conversations,
            "archived_dropped": stats.get("archived_dropped", 0),
            "skipped": stats.get("skipped", 0),
            "excluded_by_consent": stats.get("excluded_by_consent", 0),
            "duplicates_dropped": stats.get("duplicates_dropped", 0),
        },
        "consent_record": bool(stats.get("consent_record", False)),
        "messages_kept": kept_messages,
        "memory_entries": stats.get("memories", 0),  # (not "memories": ingest sniffs that key)
        "custom_instructions": stats.get("custom_instructions", 0),
        "replacements": {
            "total": tally.replacements,
            "by_entity_type": dict(sorted(tally.by_type.items())),
            "distinct_originals_by_entity_type": {k: len(v) for k, v in sorted(tally.distinct.items())},
            "by_recognizer": dict(sorted(tally.by_recognizer.items())),
            "by_pass": dict(sorted(tally.by_pass.items())),
            "fields_with_replacements": tally.fields_with_replacements,
            "strings_scrubbed": tally.strings_scrubbed,
        },
        "low_confidence_findings": tally.low_confidence,
        "assets_dropped": assets_dropped,
        "members_dropped": members_dropped,
        "records_dropped": list(records_dropped),
        "archived_dropped_ids": archived_dropped_ids,
        "consent_excluded_ids": consent_excluded_ids,
        "files": files_written,
        "options": options,
        "versions": versions,
        "workspace_fingerprint": workspace_fingerprint,
    }


def dumps_summary(summary: dict) -> str:
    return json.dumps(summary, ensure_ascii=False, indent=2) + "\n"
