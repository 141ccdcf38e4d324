"""``privacy version``: tool, model and dependency versions."""

from __future__ import annotations

import json

import typer

from privacy.versions import versions


def register(app: typer.Typer) -> None:
    @app.command("version")
    def version_cmd() -> None:
        """Print the versions of the tool, the spaCy pipeline, Presidio and Faker as JSON.

        Example: privacy version
        """
        typer.echo(json.dumps(versions(), indent=2))
