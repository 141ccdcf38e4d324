"""``privacy scrub``: scrub exports into ``<name>.scrubbed/`` folders with their redaction reports.

One export: ``--out`` is its output folder. Several exports: ``--out`` is a parent folder
and each export goes to ``<out>/<name>.scrubbed/`` (without ``--out``: beside each input).
``--jobs N`` local worker processes (default: every core), ``--cluster ADDRESS`` a
running Dask scheduler; the output is the same either way.
"""

from __future__ import annotations

import errno
import sys
from pathlib import Path
from typing import Optional

import typer


def register(app: typer.Typer) -> None:
    @app.command("scrub")
    def scrub_cmd(
        export: list[Path] = typer.Argument(..., help="ChatGPT or Claude exports: zip, folder or conversations JSON file (one or more)."),
        out: Optional[Path] = typer.Option(None, "--out", help="Output folder (default: <name>.scrubbed beside the input); with several exports, the parent folder of their <name>.scrubbed folders."),
        workspace: Optional[Path] = typer.Option(None, "--workspace", help="Workspace folder (key and vault; default ./.privacy)."),
        memories: list[Path] = typer.Option([], "--memories", help="An extra memories file (repeatable)."),
        profile: Optional[Path] = typer.Option(None, "--profile", help="Contributor profile: known names and nicknames."),
        consent: Optional[Path] = typer.Option(None, "--consent", help="Consent record: what may be used."),
        review: Optional[Path] = typer.Option(None, "--review", help="Reviewer verdicts (`privacy review` / `privacy audit`): leaks to replace, not_pii values to keep, wrong types to fix."),
        allow: list[str] = typer.Option([], "--allow", help="A value that is not personal data: kept as written (repeatable)."),
        allow_file: list[Path] = typer.Option([], "--allow-file", help="A file of such values, one a line, # comments (repeatable)."),
        study_consistent_names: bool = typer.Option(False, "--study-consistent-names", help="Name surrogates shared by every contributor of the workspace (default: per contributor; see SECURITY.md)."),
        force: bool = typer.Option(False, "--force", help="Replace an existing output folder."),
        quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bars and no summary."),
        no_date_shift: bool = typer.Option(False, "--no-date-shift", help="Keep timestamps (default: shift them by the per-contributor offset)."),
        no_ner_gate: bool = typer.Option(False, "--no-ner-gate", help="NER reads every sentence (default: only sentences that could hold a name, place or date; slower without)."),
        jobs: Optional[int] = typer.Option(None, "--jobs", "-j", min=1, help="Local worker processes (default: every core; 1: in this process)."),
        cluster: Optional[str] = typer.Option(None, "--cluster", help="Address of a running Dask scheduler (tcp://host:8786); needs the dask extra of this package."),
    ) -> None:
        """Scrub an export: every PII value replaced by its consistent surrogate.

        Writes the export in its own layout (archived conversations and binary assets
        removed) plus redaction_report.jsonl, summary.json and report.html.
        Exit codes: 0 done, 2 bad input or usage, 1 internal failure.

        Examples:
          privacy scrub export.zip --workspace ~/.privacy
          privacy scrub a.zip b.zip c.zip --out scrubbed/ --jobs 4
          privacy scrub a.zip b.zip --out scrubbed/ --cluster tcp://10.0.0.5:8786
          privacy scrub export.zip --force --review review.yaml --allow smtplib
        """
        from privacy.scrub import warmstart

        # first thing, before anything is imported or read: the detection workers start loading
        # their model now (when the run will use them), on the other cores
        warmstart.start_early(export, jobs, cluster, ner_gate=not no_ner_gate)
        try:
            _scrub(export, out, workspace, memories, profile, consent, review, allow, allow_file,
                   study_consistent_names, force, quiet, no_date_shift, no_ner_gate, jobs, cluster)
        finally:
            if "privacy.scrub.parallel" in sys.modules:
                sys.modules["privacy.scrub.parallel"].discard_early()  # a pool no scrub took (it failed first)


def _scrub(export, out, workspace, memories, profile, consent, review, allow, allow_file, study_consistent_names,
           force, quiet, no_date_shift, no_ner_gate, jobs, cluster) -> None:
    """The scrub command's body (``scrub_cmd`` above: its options, in order)."""
    from ingest.errors import InputError
    from privacy.detect import DetectorSettings
    from privacy.scrub import ScrubOptions, scrub_exports
    from privacy.scrub.parallel import default_jobs
    from privacy.scrub.progress import RichProgress, summary_lines
    from privacy.scrub.rules import read_allow_file
    from synth.workspace import Workspace

    if len(export) > 1 and (memories or profile or consent):
        raise InputError("--memories/--profile/--consent", "belong to one contributor: scrub that export on its own")
    allowed = tuple(dict.fromkeys([*allow, *(v for f in allow_file for v in read_allow_file(f))]))
    outs = _out_dirs(export, out)
    if len(export) > 1 and out is not None:
        out.mkdir(parents=True, exist_ok=True)
    show_progress = not quiet and sys.stderr.isatty()
    progress = RichProgress() if show_progress else None
    ws = None
    try:
        ws = Workspace.open(workspace) if workspace is not None else Workspace.open()
        options = ScrubOptions(
            memories=tuple(str(m) for m in memories),
            profile=str(profile) if profile else None,
            consent=str(consent) if consent else None,
            review=str(review) if review else None,
            allow=allowed,
            study_consistent_names=study_consistent_names,
            force=force,
            shift_dates=not no_date_shift,
            progress=progress,
            jobs=default_jobs() if jobs is None else jobs,
            cluster=cluster,
            detector=DetectorSettings(ner_gate=False) if no_ner_gate else None,
        )
        results = scrub_exports(export, outs, workspace=ws, options=options)
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
    finally:
        if ws is not None:
            ws.close()  # the vault committed and closed here, not by the interpreter's teardown
    if not quiet:
        for result in results:
            for line in summary_lines(result.summary, result.seconds, result.out_dir):
                typer.echo(line)


def _out_dirs(exports: list[Path], out: Path | None) -> list[Path | None]:
    """One export: ``out`` itself. Several: ``<out>/<name>.scrubbed`` (or beside each input)."""
    from ingest.errors import InputError
    from privacy.scrub import default_out_dir

    if len(exports) == 1:
        return [out]
    dirs = [default_out_dir(e) if out is None else out / default_out_dir(e).name for e in exports]
    seen: set = set()
    for e, d in zip(exports, dirs):
        key = str(Path(d).resolve())
        if key in seen:
            raise InputError(str(e), "two exports would be written to the same output folder (rename one)")
        seen.add(key)
    return dirs
