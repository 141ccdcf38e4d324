"""``audit_dir``: run the four checks over a scrub output or a packs folder.

The audit only reads DIR and the workspace; it writes nothing (the CLI writes the
HTML report where asked). Before returning, every data-derived string of the report
(files, JSON paths, contexts, messages, residual values) is passed through the
known-original matcher once more and searched again: if an original were still there
the audit raises instead of showing it.
"""

from __future__ import annotations

import re
from pathlib import Path

from ingest.errors import InputError
from privacy.audit.consistency import consistency_check, report_surrogates
from privacy.audit.files import iter_files, read_file_text
from privacy.audit.integrity import integrity_check
from privacy.audit.leaks import PathMasker, file_findings, group, leak_check_names, owner_map, summarise
from privacy.audit.matcher import DEFAULT_SKIP_TYPES, KnownValueMatcher
from privacy.audit.model import AuditReport, CheckResult, Finding
from privacy.audit.residual import DEFAULT_FAIL_SCORE, DEFAULT_THRESHOLD, Find, KnownSurrogates, residual_check
from privacy.audit.review import Review, load_review
from privacy.audit.views import View


class AuditLeakError(RuntimeError):
    """The audit's own report would have contained an original (never expected)."""


def build_matcher(workspace, skip_types=DEFAULT_SKIP_TYPES) -> tuple[KnownValueMatcher, KnownSurrogates]:
    surrogates = KnownSurrogates()
    entries = list(workspace.vault.entries())
    for _et, _orig, sur, _kh in entries:
        if sur:
            surrogates.add(sur)
    surrogates.sources.append("workspace vault")
    uses = workspace.vault.uses() if hasattr(workspace.vault, "uses") else {}
    return KnownValueMatcher(entries, skip_types=skip_types, owners=uses), surrogates


def audit_dir(
    path: str | Path,
    workspace=None,
    *,
    threshold: float = DEFAULT_THRESHOLD,
    fail_score: float = DEFAULT_FAIL_SCORE,
    strict: bool = False,
    residual: bool = True,
    review: Review | str | Path | None = None,
    find: Find | None = None,
    skip_types: frozenset[str] = DEFAULT_SKIP_TYPES,
) -> AuditReport:
    """Audit the folder ``path``. ``workspace``: a ``synth.workspace.Workspace`` (or
    None: check 1 is skipped). ``review``: a review file (or loaded ``Review``) whose
    verdicts are applied to the findings. ``residual=False`` skips check 2 (noted); ``find``
    replaces its detection (``residual.Find``; default: the scrubbing core)."""
    root = Path(path)
    if not root.is_dir():
        raise InputError(str(path), "not a folder")
    if review is not None and not isinstance(review, Review):
        review = load_review(review, workspace=workspace)

    matcher: KnownValueMatcher | None = None
    surrogates = KnownSurrogates()
    if workspace is not None:
        matcher, surrogates = build_matcher(workspace, skip_types)
    masker = PathMasker(matcher)
    rels = [r for r, _ in iter_files(root)]
    owners_of = owner_map(root, rels)

    # check 1: content and names, each against its own contributor's originals (+ rare ones)
    checks: dict[str, CheckResult] = {}
    leak_findings: list[Finding] = []
    total_bytes = 0
    for rel, p in iter_files(root):
        if matcher is not None and not matcher.empty:
            ft = read_file_text(rel, p, structured=False)
            leak_findings += file_findings(ft, matcher, masker, p, owners=owners_of(rel))
            total_bytes += ft.size
        else:
            total_bytes += p.stat().st_size
    if matcher is not None:
        leak_findings += leak_check_names(root, rels, matcher, masker, owners_of)
    checks["leak"] = summarise(group(leak_findings), matcher)

    # check 2
    reported = report_surrogates(root, rels)
    if reported:
        for s in reported:
            surrogates.add(s)
        surrogates.sources.append("redaction reports")
    if residual:
        checks["residual"] = residual_check(
            root, rels, masker, matcher, surrogates, threshold=threshold, fail_score=fail_score, strict=strict, find=find
        )
    else:
        checks["residual"] = CheckResult("residual", "skipped", notes=["skipped on request (--no-residual)"])

    # checks 3 and 4
    checks["integrity"] = integrity_check(root, rels, masker)
    checks["consistency"] = consistency_check(root, rels, masker)

    report = AuditReport(
        root=masker.component(root.resolve().name),  # the folder's own name may carry an original
        checks=checks,
        files_scanned=len(rels),
        bytes_scanned=total_bytes,
        workspace_fingerprint=getattr(workspace, "fingerprint", None),
        settings={"threshold": threshold, "fail_score": fail_score, "strict": strict, "residual": residual},
    )
    if review is not None:
        apply_review(report, review)
    if matcher is not None:
        _self_check(report, matcher)
    return report


def apply_review(report: AuditReport, review: Review) -> None:
    """Mark findings with their verdict; ``not_pii`` findings stop failing."""
    for check in report.checks.values():
        for f in check.findings:
            v = review.verdicts.get(f.id)
            if v is None and f.check == "leak" and f.keyed_hash in review.not_pii_hashes:
                v = "not_pii"
            if v is None and f.check == "residual" and f.text and review.allows(f.text):
                v = "not_pii"
            if v is None:
                continue
            f.verdict = v
            if v in ("not_pii", "wrong_type"):
                f.fails = False
        if check.status == "fail" and not check.failing:
            check.status = "review"
    report.settings["review_verdicts"] = len(review.verdicts)


_LABEL = re.compile(r"\[[A-Z_.]+#[0-9a-f]{8}\]")


def _self_check(report: AuditReport, matcher: KnownValueMatcher) -> None:
    """Mask every data-derived string once more, then prove none holds an original.

    The report's fixed wording (check titles, notes) is not data and is not searched:
    a vault holding a detector false positive such as "Budget" must not stop the audit."""
    data: list[str] = []
    for f in report.findings():
        f.message = matcher.mask(f.message)
        f.file = matcher.mask(f.file)
        data += [f.message, f.file, f.text or ""]
        for loc in f.locations:
            loc.context = matcher.mask(loc.context)
            loc.unit = matcher.mask(loc.unit)
            loc.file = matcher.mask(loc.file)
            data += [loc.context, loc.unit, loc.file]
    data.append(report.root)
    joined = _LABEL.sub(" ", "\x00".join(data))
    if matcher.find(View(joined)):
        raise AuditLeakError("the audit report would contain a known original; nothing was written")
