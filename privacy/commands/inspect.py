"""``privacy inspect``: what an export holds, counted, before anything is changed.

Reads nothing but counts: conversations kept, archived dropped, skipped records,
messages, memories, custom instructions, content types, attachments, and what the
consent record excluded. Never prints message text.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import List, Optional

import typer


def inspect_summary(export: Path, memories: list[Path] | None = None, consent: Path | None = None,
                    profile: Path | None = None) -> dict:
    """The ``--json`` object: ``Export.summary()`` after one streaming pass."""
    from ingest import open_export

    with open_export(export, memories=memories or [], consent=consent, profile=profile) as exp:
        return exp.summary()


def render(summary: dict, export: str) -> str:
    """A few readable lines for a person."""
    s = summary
    lines = [
        f"{export}: {s['format']} export",
        f"  conversations kept:     {s['conversations']}",
        f"  archived (dropped):     {s['archived_dropped']}",
        f"  skipped records:        {s['skipped']}" + ("  (no mapping / no messages)" if s["skipped"] else ""),
    ]
    if s.get("duplicates_dropped"):
        lines.append(f"  older duplicates:       {s['duplicates_dropped']}")
    lines += [
        f"  messages:               {s['messages']}",
        f"  memories:               {s['memories']}",
        f"  custom instructions:    {s['custom_instructions']}",
        f"  attachments:            {s['attachments']}",
    ]
    if s["content_types"]:
        lines.append("  content types:")
        for k, v in sorted(s["content_types"].items(), key=lambda kv: (-kv[1], kv[0])):
            lines.append(f"    {k:<28}{v}")
    if s["consent_record"]:
        lines.append(f"  excluded by consent:    {s['excluded_by_consent']}")
        for k, v in sorted(s["exclusion_reasons"].items()):
            lines.append(f"    {k:<28}{v}")
    else:
        lines.append("  consent record:         none given (the whole export is in scope)")
    return "\n".join(lines)


def register(app: typer.Typer) -> None:
    @app.command("inspect")
    def inspect_cmd(
        export: Path = typer.Argument(..., help="export zip, folder, conversations.json or shard"),
        memories: Optional[List[Path]] = typer.Option(None, "--memories", help="a memories file (repeatable)"),
        consent: Optional[Path] = typer.Option(None, "--consent", help="the contributor's consent record"),
        profile: Optional[Path] = typer.Option(None, "--profile", help="a profile file (names, emails, phones)"),
        as_json: bool = typer.Option(False, "--json", help="print one JSON object"),
    ) -> None:
        """Count what an export holds, without changing anything.

        Examples:
          privacy inspect export.zip
          privacy inspect conversations.json --memories memories.txt --json
          privacy inspect export/ --consent consent.yaml
        """
        summary = inspect_summary(export, memories=memories, consent=consent, profile=profile)
        if as_json:
            typer.echo(json.dumps(summary, sort_keys=True))
        else:
            typer.echo(render(summary, str(export)))
