"""The audit's result types: findings, per-check results and the whole report.

Nothing in these objects ever holds an original value from the vault: leak findings
carry the keyed hash of the original and surrounding text with every known original
masked. Residual findings carry the suspicious span *as it stands in the audited
output* (the auditor must see it to judge it; it is not a vault original, see
``privacy/audit/README.md``).
"""

from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

CheckName = Literal["leak", "residual", "integrity", "consistency"]
CHECKS: tuple[CheckName, ...] = ("leak", "residual", "integrity", "consistency")
CHECK_TITLES = {
    "leak": "1. Known-original leak check",
    "residual": "2. Residual PII scan",
    "integrity": "3. Integrity (manifests, archived conversations, variants)",
    "consistency": "4. Consistency (one keyed hash, one surrogate)",
}

Status = Literal["pass", "fail", "review", "skipped"]

# the exit code of each headline (2 is bad input, raised before any report exists)
EXIT_CODES = {"PASS": 0, "FAIL": 1, "INCOMPLETE": 3}


def stable_id(prefix: str, *parts: str) -> str:
    """A finding id that survives a rerun on the same output (no clock, no order)."""
    digest = hashlib.sha256("\x1f".join(parts).encode("utf-8")).hexdigest()
    return f"{prefix}-{digest[:12]}"


@dataclass
class Location:
    """Where a hit sits: file (relative, masked), the text unit inside it, offsets."""

    file: str
    unit: str = ""  # JSON path, "line 12", "name" (the file or folder name itself)
    start: int | None = None  # offset inside the unit
    end: int | None = None
    context: str = ""  # surrounding text, every known original masked


@dataclass
class Finding:
    """One thing the auditor must act on (or review)."""

    id: str
    check: CheckName
    kind: str  # e.g. "known_original", "residual_pii", "manifest_hash_mismatch"
    message: str  # never contains an original
    file: str = ""
    entity_type: str | None = None
    keyed_hash: str | None = None
    score: float | None = None
    text: str | None = None  # residual only: the span as written in the output
    count: int = 1
    locations: list[Location] = field(default_factory=list)
    files: list[str] = field(default_factory=list)  # leak findings: every file / name holding the original
    fails: bool = True  # counted against the audit (False: listed for review only)
    verdict: str | None = None  # from a review file: "leak" | "not_pii" | "wrong_type"

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        return {k: v for k, v in d.items() if v is not None and v != [] and v != ""}


@dataclass
class CheckResult:
    name: CheckName
    status: Status
    findings: list[Finding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    stats: dict[str, Any] = field(default_factory=dict)

    @property
    def failing(self) -> list[Finding]:
        return [f for f in self.findings if f.fails]

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": CHECK_TITLES[self.name],
            "status": self.status,
            "failing": len(self.failing),
            "listed": len(self.findings),
            "notes": list(self.notes),
            "stats": dict(self.stats),
            "findings": [f.to_dict() for f in self.findings],
        }


@dataclass
class AuditReport:
    """Result of ``audit_dir``: one ``CheckResult`` per check, and the verdict."""

    root: str  # the audited folder's name (not its absolute path)
    checks: dict[str, CheckResult]
    files_scanned: int = 0
    bytes_scanned: int = 0
    workspace_fingerprint: str | None = None
    settings: dict[str, Any] = field(default_factory=dict)

    @property
    def failed(self) -> bool:
        """At least one finding fails."""
        return any(c.failing for c in self.checks.values())

    @property
    def not_run(self) -> list[str]:
        """The checks that did not run (no workspace, --no-residual)."""
        return [n for n in CHECKS if n in self.checks and self.checks[n].status == "skipped"] + [
            n for n in CHECKS if n not in self.checks
        ]

    @property
    def complete(self) -> bool:
        return not self.not_run

    @property
    def passed(self) -> bool:
        """PASS: every check ran and no finding fails."""
        return self.complete and not self.failed

    @property
    def verdict(self) -> str:
        """The headline: PASS only when every check ran; FAIL when a finding fails;
        otherwise INCOMPLETE (the report says which check did not run, and why)."""
        return "FAIL" if self.failed else ("PASS" if self.complete else "INCOMPLETE")

    def headline_reasons(self) -> list[str]:
        out = []
        for n in self.not_run:
            c = self.checks.get(n)
            why = c.notes[0] if c is not None and c.notes else "not run"
            out.append(f"{CHECK_TITLES[n]} did not run ({why})")
        return out

    @property
    def exit_code(self) -> int:
        """The verdict for a script: 0 PASS, 1 FAIL, 3 INCOMPLETE (no finding fails, but a check
        did not run: not a pass, so no ``audit && ship`` goes on). 2 (bad input) is the CLI's."""
        return EXIT_CODES[self.verdict]

    def findings(self) -> list[Finding]:
        return [f for c in self.checks.values() for f in c.findings]

    def to_dict(self) -> dict[str, Any]:
        return {
            "audit": "privacy audit",
            "format_version": 1,
            "root": self.root,
            "passed": self.passed,
            "verdict": self.verdict,
            "not_run": self.not_run,
            "workspace_fingerprint": self.workspace_fingerprint,
            "files_scanned": self.files_scanned,
            "bytes_scanned": self.bytes_scanned,
            "settings": dict(self.settings),
            "checks": [self.checks[n].to_dict() for n in CHECKS if n in self.checks],
        }
