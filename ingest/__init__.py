"""ingest: consented exports (ChatGPT, Claude, memories, user.json) -> the canonical model."""
