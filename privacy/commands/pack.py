"""``privacy pack``: per-task context packs in four ablation variants."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer


def register(app: typer.Typer) -> None:
    @app.command("pack")
    def pack_cmd(
        tasks_file: Path = typer.Argument(..., help="YAML or JSON task file (paths inside are relative to it)."),
        out: Path = typer.Option(..., "--out", "-o", help="Output folder (built atomically)."),
        workspace: Optional[Path] = typer.Option(
            None, "--workspace", "-w", help="Workspace folder with the key and vault (default ./.privacy)."
        ),
        variants: str = typer.Option(
            "baseline,no_memories,no_added_context,context_in_conversations",
            "--variants",
            help="Comma-separated variants to build.",
        ),
        skip_unsupported: bool = typer.Option(
            False, "--skip-unsupported", help="Leave out reference files of unsupported kinds (listed) instead of failing."
        ),
        force: bool = typer.Option(False, "--force", help="Replace an existing output folder."),
        review: Optional[Path] = typer.Option(
            None, "--review", help="Review file (`privacy review` / `privacy audit`): leaks replaced, not_pii kept, wrong types fixed."
        ),
        allow: list[str] = typer.Option([], "--allow", help="A value that is not personal data: kept as written (repeatable)."),
        allow_file: list[Path] = typer.Option([], "--allow-file", help="A file of such values, one a line, # comments (repeatable)."),
        study_consistent_names: bool = typer.Option(
            False, "--study-consistent-names", help="Name surrogates shared by every contributor of the workspace (default: per contributor; see SECURITY.md)."
        ),
        jobs: Optional[int] = typer.Option(None, "--jobs", "-j", min=1, help="Local worker processes for detection (default: every core; 1: in this process)."),
        cluster: Optional[str] = typer.Option(None, "--cluster", help="Address of a running Dask scheduler (needs the dask extra of this package)."),
    ) -> None:
        """Build DIR/<task id>/<variant>/ for every task: scrubbed history, memories, references, context.

        Examples:
          privacy pack tasks.yaml --out packs
          privacy pack tasks.yaml --out packs --variants baseline,context_in_conversations
          privacy pack tasks.yaml --out packs --workspace ~/.privacy-study --skip-unsupported --force
          privacy pack tasks.yaml --out packs --review review.yaml --force
          privacy pack tasks.yaml --out packs --cluster tcp://10.0.0.5:8786
        """
        from context_packs import build_packs
        from privacy.scrub.parallel import default_jobs
        from privacy.scrub.rules import read_allow_file

        allowed = list(dict.fromkeys([*allow, *(v for f in allow_file for v in read_allow_file(f))]))
        result = build_packs(
            tasks_file, out, workspace=workspace, variants=variants, skip_unsupported=skip_unsupported, force=force,
            review=review, jobs=default_jobs() if jobs is None else jobs, cluster=cluster,
            allow=allowed, study_consistent_names=study_consistent_names,
        )
        for s in result.skipped:
            typer.echo(f"skipped: task {s.task_id} {s.field}: {s.reason}", err=True)
        for task_id, where, note in result.notes:
            typer.echo(f"note: task {task_id} {where}: {note}", err=True)
        typer.echo(
            f"built {len(result.tasks)} task(s) x {len(result.variants)} variant(s) in {result.out_dir} "
            f"({result.files} files, {result.insertions} facts written into conversations, "
            f"{len(result.skipped)} reference file(s) skipped)"
        )
