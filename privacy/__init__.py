"""privacy: detection, scrubbing, reports, audit and the CLI.

Flow: ``ingest`` -> ``privacy.detect`` -> ``synth`` -> ``privacy.scrub`` (apply, report)
-> ``context_packs``. Lower layers never import higher ones; ``privacy.cli`` is the
top entry point and imports command modules lazily.
"""

__version__ = "0.1.0"
