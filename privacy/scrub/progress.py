"""Progress on stderr with rich (counts and rates), and the one-screen end summary."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console


class RichProgress:
    """A progress sink for ``ScrubOptions.progress``: one line per stage with count and rate.

    rich is imported here, not with the module: ``privacy scrub --quiet`` (or with stderr not
    a terminal) imports this module for ``summary_lines`` only and never draws a bar, so it
    does not pay rich's import (40-50 ms), which came before its workers started. Nothing
    else a scrub imports loads rich (spaCy's command line, which would, is not imported)."""

    def __init__(self, console: Console | None = None):
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

        self.console = console or Console(file=sys.stderr)
        self.progress = Progress(
            SpinnerColumn(),
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[rate]}"),
            TimeElapsedColumn(),
            console=self.console,
            transient=False,
        )
        self.progress.start()
        self.task = None

    def stage(self, name: str, total: int | None = None) -> None:
        if self.task is not None:
            self.progress.update(self.task, total=self.progress.tasks[self.task].completed or 1)
        self.task = self.progress.add_task(name, total=total, rate="")

    def advance(self, n: int = 1) -> None:
        if self.task is None:
            return
        self.progress.advance(self.task, n)
        t = self.progress.tasks[self.task]
        if t.speed:
            self.progress.update(self.task, rate=f"{t.speed:,.0f}/s")

    def close(self) -> None:
        if self.task is not None:
            self.progress.update(self.task, total=self.progress.tasks[self.task].completed or 1)
        self.progress.stop()


def summary_lines(summary: dict, seconds: float, out_dir) -> list[str]:
    """The end-of-run summary: counts only, never a value."""
    c = summary["conversations"]
    r = summary["replacements"]
    lines = [
        f"scrubbed export ({summary['format']}) -> {out_dir}",
        f"  conversations kept {c['kept']}, archived dropped {c['archived_dropped']}, "
        f"skipped {c['skipped']}, excluded by consent {c['excluded_by_consent']}",
        f"  messages kept {summary['messages_kept']}, assets dropped {len(summary['assets_dropped'])}, "
        f"files written {len(summary['files'])}",
        f"  replacements {r['total']} ({r['fields_with_replacements']} fields), "
        f"low-confidence {summary['low_confidence_findings']}",
    ]
    for t, n in r["by_entity_type"].items():
        lines.append(f"    {t:<20} {n:>7}  ({r['distinct_originals_by_entity_type'].get(t, 0)} distinct)")
    lines.append(f"  workspace {summary['workspace_fingerprint']}, time {seconds:.1f}s")
    return lines
