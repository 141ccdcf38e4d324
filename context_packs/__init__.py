"""context_packs: per-task packs (conversation dump, memories, references, context) and ablations.

``build_packs(tasks_file, out_dir, workspace=ws, variants=[...])`` is the library entry
point behind ``privacy pack``; see ``context_packs/builder.py`` for the layout.
"""

from context_packs.builder import VARIANTS, PackResult, SkippedReference, build_packs

__all__ = ["VARIANTS", "PackResult", "SkippedReference", "build_packs"]
