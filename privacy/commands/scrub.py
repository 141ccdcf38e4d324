"""``privacy scrub``: scrub one export into ``<name>.scrubbed/`` with its redaction reports."""

from __future__ import annotations

import errno
import sys
from pathlib import Path
from typing import Optional

import typer


def register(app: typer.Typer) -> None:
    @app.command("scrub")
    def scrub_cmd(
        export: list[Path] = typer.Argument(..., help="A ChatGPT or Claude export: zip, folder or conversations JSON file."),
        out: Optional[Path] = typer.Option(None, "--out", help="Output folder (default: <name>.scrubbed beside the input)."),
        workspace: Optional[Path] = typer.Option(None, "--workspace", help="Workspace folder (key and vault; default ./.privacy)."),
        memories: list[Path] = typer.Option([], "--memories", help="An extra memories file (repeatable)."),
        profile: Optional[Path] = typer.Option(None, "--profile", help="Contributor profile: known names and nicknames."),
        consent: Optional[Path] = typer.Option(None, "--consent", help="Consent record: what may be used."),
        review: Optional[Path] = typer.Option(None, "--review", help="Reviewer verdicts from `privacy audit`: leaks to replace, false alarms to allow."),
        force: bool = typer.Option(False, "--force", help="Replace an existing output folder."),
        quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bars and no summary."),
        no_date_shift: bool = typer.Option(False, "--no-date-shift", help="Keep timestamps (default: shift them by the per-contributor offset)."),
    ) -> None:
        """Scrub an export: every PII value replaced by its consistent surrogate.

        Writes the export in its own layout (archived conversations and binary assets
        removed) plus redaction_report.jsonl, summary.json and report.html.
        Exit codes: 0 done, 2 bad input or usage, 1 internal failure.

        Example: privacy scrub export.zip --workspace ~/.privacy
        """
        from ingest.errors import InputError
        from privacy.scrub import ScrubOptions, scrub_export
        from privacy.scrub.progress import RichProgress, summary_lines
        from synth.workspace import Workspace

        if len(export) != 1:
            raise InputError(str(export[1]) if len(export) > 1 else "-", "scrub takes one export for now")
        show_progress = not quiet and sys.stderr.isatty()
        progress = RichProgress() if show_progress else None
        try:
            ws = Workspace.open(workspace) if workspace is not None else Workspace.open()
            options = ScrubOptions(
                memories=tuple(str(m) for m in memories),
                profile=str(profile) if profile else None,
                consent=str(consent) if consent else None,
                review=str(review) if review else None,
                force=force,
                shift_dates=not no_date_shift,
                progress=progress,
            )
            result = scrub_export(export[0], out, workspace=ws, options=options)
        except KeyboardInterrupt:
            # SIGINT / SIGTERM: the partial folder is already gone. (SystemExit, not
            # typer.Exit: typer returns Exit codes as values in non-standalone mode.)
            if progress is not None:
                progress.close()
            print("privacy: interrupted; no output was written", file=sys.stderr)
            raise SystemExit(130) from None
        except OSError as exc:
            if progress is not None:
                progress.close()
            reason = "no space left on device" if exc.errno == errno.ENOSPC else f"{type(exc).__name__} (errno {exc.errno})"
            print(f"privacy: error: {reason}; no output was written", file=sys.stderr)
            raise SystemExit(1) from None
        except BaseException:
            if progress is not None:
                progress.close()
            raise
        if not quiet:
            for line in summary_lines(result.summary, result.seconds, result.out_dir):
                typer.echo(line)
