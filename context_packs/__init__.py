"""context_packs: per-task packs (conversation dump, memories, references, context) and ablations."""
