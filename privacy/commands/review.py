"""``privacy review``: the data steward's review page for one output.

Examples::

    privacy review export.scrubbed --workspace .privacy            # writes .privacy/reviews/export.scrubbed.review.html
    privacy review packs --workspace .privacy --serve              # serves it on 127.0.0.1; "save" writes the review file
    privacy scrub export.zip --force --review .privacy/reviews/export.scrubbed.review.yaml
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from ingest.errors import InputError


def register(app: typer.Typer) -> None:
    @app.command("review")
    def review_cmd(
        out: Path = typer.Argument(..., help="A scrub output folder or a packs folder."),
        workspace: Path = typer.Option(..., "--workspace", help="Workspace folder (key and vault) the output was made with."),
        page: Optional[Path] = typer.Option(None, "--page", help="Where to write the page (default WS/reviews/<OUT>.review.html; never inside or beside OUT)."),
        review_file: Optional[Path] = typer.Option(None, "--review-file", help="The review file the page saves (default WS/reviews/<OUT>.review.yaml); its verdicts are shown."),
        sample: int = typer.Option(20, "--sample", min=0, help="Accepted replacements picked (keyed) for spot checks."),
        serve: bool = typer.Option(False, "--serve", help="Serve the page on 127.0.0.1 instead; 'save' writes the review file."),
        port: int = typer.Option(0, "--port", min=0, max=65535, help="Port for --serve (default: a free one)."),
        no_residual: bool = typer.Option(False, "--no-residual", help="Skip the audit's residual scan (faster)."),
    ) -> None:
        """Write (or serve) a page listing what to review, with originals: low-confidence and sampled
        replacements, residual findings and audit failures. Buttons and keys (j/k, 1-4) set verdicts;
        the saved review file is read by `privacy scrub`, `privacy pack` and `privacy audit` (--review).

        Example: privacy review export.scrubbed --workspace .privacy
        """
        from privacy.audit.reviewpage import ReviewServer, check_page_path, prefill, render_page, review_items, write_private
        from privacy.commands.audit import _open_workspace

        if not out.is_dir():
            raise InputError(str(out), "not a folder")
        ws = _open_workspace(workspace)
        try:
            name = out.resolve().name
            reviews = ws.path / "reviews"
            page_path = page or reviews / f"{name}.review.html"
            rf = review_file or reviews / f"{name}.review.yaml"
            check_page_path(page_path, out)
            check_page_path(rf, out)
            items = review_items(out, ws, sample=sample, residual=not no_residual)
            extra = prefill(items, rf)
            if serve:
                server = ReviewServer(
                    lambda token: render_page(items, title=name, review_file=rf.name, mode="serve", token=token, extra=extra),
                    rf, workspace=ws, port=port,
                )
                typer.echo(f"review page for {name}: {server.url}")
                typer.echo(f"  {len(items)} item(s); 'save' writes {rf}; Ctrl-C to stop")
                try:
                    server.serve_forever()
                except KeyboardInterrupt:
                    print("privacy: review server stopped", file=sys.stderr)
                finally:
                    server.close()
                return
            write_private(page_path, render_page(items, title=name, review_file=rf.name, extra=extra))
        finally:
            ws.close()
        typer.echo(f"review page for {name}: {page_path} ({len(items)} item(s); mode 0600, holds originals)")
        typer.echo(f"  'save' downloads {rf.name}; then: privacy scrub ... --review {rf.name} (or privacy pack ...)")
