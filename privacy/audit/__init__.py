"""``privacy audit``: prove that a scrub output or a packs folder leaks nothing.

Four checks (``docs`` in ``privacy/audit/README.md``):

1. known-original leak check (needs the workspace): every vault original searched
   for in every file and name, with Aho–Corasick over normalised views;
2. residual scan: the detector rerun at a lower threshold, unknown PII-like values
   listed for review;
3. integrity: manifests, archived conversations, pack variant rules;
4. consistency: one keyed hash, one surrogate.

``audit_dir(path, workspace=None, ...) -> AuditReport``; ``load_review(path)`` for
the reviewer loop; ``render_json`` / ``render_text`` / ``render_html`` for reports.
"""

from privacy.audit.model import AuditReport, CheckResult, Finding, Location
from privacy.audit.render import render_html, render_json, render_text
from privacy.audit.review import Review, load_review, review_template
from privacy.audit.run import audit_dir

__all__ = [
    "AuditReport",
    "CheckResult",
    "Finding",
    "Location",
    "Review",
    "audit_dir",
    "load_review",
    "render_html",
    "render_json",
    "render_text",
    "review_template",
]
