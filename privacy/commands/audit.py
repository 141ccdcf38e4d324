"""``privacy audit``: check a scrub output or a packs folder, pass or fail.

Examples::

    privacy audit packs --workspace .privacy                 # all four checks, text summary
    privacy audit export.scrubbed --json > audit.json        # machine-readable report
    privacy audit packs --workspace .privacy --html audit.html
    privacy audit packs                                      # external auditor: checks 2-4 only
    privacy audit packs --workspace .privacy --review-template review.yaml
    privacy audit packs --workspace .privacy --review review.yaml   # reviewed findings
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from ingest.errors import InputError




def _open_workspace(path: Path):
    from synth.workspace import KEY_FILE, Workspace

    if not (path / KEY_FILE).is_file():
        raise InputError(str(path), "not a workspace (no key file); the audit never creates one")
    return Workspace.open(path)


def register(app: typer.Typer) -> None:
    @app.command("audit")
    def audit_cmd(
        dir: Path = typer.Argument(..., help="A scrub output folder or a packs folder."),
        workspace: Optional[Path] = typer.Option(None, "--workspace", help="Workspace folder (key and vault): enables check 1."),
        json_out: bool = typer.Option(False, "--json", help="Print the report as JSON on stdout."),
        html_file: Optional[Path] = typer.Option(None, "--html", help="Also write a self-contained HTML report here."),
        threshold: float = typer.Option(0.3, "--threshold", min=0.0, max=1.0, help="Detector threshold of the residual scan."),
        fail_score: float = typer.Option(0.95, "--fail-score", min=0.0, max=1.0, help="Residual findings at or above this score fail."),
        strict: bool = typer.Option(False, "--strict", help="Every unreviewed residual finding fails."),
        review: Optional[Path] = typer.Option(None, "--review", help="Review file with verdicts on earlier findings."),
        review_template: Optional[Path] = typer.Option(None, "--review-template", help="Write a review file listing every finding."),
        no_residual: bool = typer.Option(False, "--no-residual", help="Skip check 2 (the detector rerun)."),
    ) -> None:
        """Prove nothing leaked: known originals, residual PII, manifests, consistency.

        Exit code 0 PASS (every check ran, no finding fails), 1 FAIL (a finding fails), 2 bad input,
        3 INCOMPLETE (no finding fails, but a check did not run: no --workspace, --no-residual).

        Example: privacy audit packs --workspace .privacy --html audit.html
        """
        from privacy.audit import audit_dir, render_html, render_json, render_text, review_template as template
        from privacy.scrub.atomic import write_text_atomic

        if not dir.is_dir():
            raise InputError(str(dir), "not a folder")
        ws = _open_workspace(workspace) if workspace is not None else None
        try:
            report = audit_dir(
                dir,
                workspace=ws,
                threshold=threshold,
                fail_score=fail_score,
                strict=strict,
                residual=not no_residual,
                review=review,
            )
        finally:
            if ws is not None:
                ws.close()
        if html_file is not None:
            write_text_atomic(html_file, render_html(report))
        if review_template is not None:
            write_text_atomic(review_template, template(report.findings()))
        typer.echo(render_json(report) if json_out else render_text(report), nl=False)
        if report.exit_code:
            # SystemExit, not typer.Exit: click returns (not raises) Exit codes when not standalone
            raise SystemExit(report.exit_code)
