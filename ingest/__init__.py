"""ingest: consented exports (ChatGPT, Claude, memories, user.json) -> the canonical model.

Public API (docs/design.md): ``open_export``, ``load_memories_file``, ``load_profile``,
``load_consent``.
"""

from ingest.consent import Consent, load_consent
from ingest.export import Export, open_export
from ingest.identity import load_profile
from ingest.memories import load_memories_file

__all__ = ["Consent", "Export", "open_export", "load_consent", "load_memories_file", "load_profile"]
