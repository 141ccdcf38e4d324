"""ingest: consented exports (ChatGPT, Claude, memories, user.json) -> the canonical model.

Public API (docs/design.md): ``open_export``, ``load_memories_file``, ``load_profile``,
``load_consent``.
"""

from __future__ import annotations

import importlib

# public name -> the module that defines it; imported on first use (PEP 562), so what needs only
# ``ingest.errors`` (the CLI, every command's start-up) does not import pydantic and YAML for it
_PUBLIC = {
    "Consent": "ingest.consent", "load_consent": "ingest.consent",
    "Export": "ingest.export", "open_export": "ingest.export",
    "load_profile": "ingest.identity",
    "load_memories_file": "ingest.memories",
}

__all__ = ["Consent", "Export", "open_export", "load_consent", "load_memories_file", "load_profile"]


def __getattr__(name: str):
    if name in _PUBLIC:
        value = getattr(importlib.import_module(_PUBLIC[name]), name)
    elif not name.startswith("__"):
        try:  # a submodule, as after the eager imports this package once made (``ingest.export``)
            value = importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{name}":
                raise
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value
