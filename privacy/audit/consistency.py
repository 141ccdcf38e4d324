"""Check 4: one original, one surrogate, across every report and every variant.

* Every ``redaction_report.jsonl`` under DIR is read: a keyed hash of an original
  (``original_hash``, or ``keyed_hash``) must map to one surrogate. Surrogates are
  compared case-insensitively, with whitespace runs and a possessive ``'s`` ignored,
  since the scrubber keeps the case style and the possessive of each occurrence;
  values with six or more digits are compared by their letters and digits only
  (a phone keeps each occurrence's grouping).
  Date types are exempt: a shifted date keeps each occurrence's written format.
  A person name of two or three capitals read as initials ("DAN", "JFK") gets initials letter
  for letter (``synth.names``), while the same letters written as a word ("Dan") get a name:
  one keyed hash may hold one surrogate of each form, and each form must be one surrogate.
* Pack variants of one task: a file present in several variants (prompt, reference
  files, memories, rubric, conversations outside ``context_in_conversations``) must be
  byte-identical in each, or one original was given two surrogates somewhere.
"""

from __future__ import annotations

import hashlib
import re
from collections import defaultdict
from pathlib import Path

import orjson

from privacy.audit.leaks import PathMasker
from privacy.audit.model import CheckResult, Finding, stable_id

REPORT_NAME = "redaction_report.jsonl"
EXEMPT_TYPES = frozenset({"DATE_TIME", "DATE_OF_BIRTH", "AGE"})
_POSSESSIVE = re.compile(r"['’]s$")


_INITIALS = re.compile(r"[A-Z]{2,3}")


def surrogate_form(entity_type: str, surrogate: str) -> str:
    """"initials" for a person surrogate of two or three capitals (the scrubber's initials for
    "DAN", "JFK"), else "" (a name, a number, an address)."""
    return "initials" if str(entity_type).startswith("PERSON") and _INITIALS.fullmatch(surrogate.strip()) else ""


def norm_surrogate(s: str) -> str:
    """Case, whitespace and possessive ignored; digit-bearing values by letters and digits only."""
    n = _POSSESSIVE.sub("", " ".join(s.split()).casefold())
    if sum(c.isdigit() for c in n) >= 6:  # phones, cards, IBANs keep each occurrence's grouping
        n = "".join(c for c in n if c.isalnum())
    return n


def read_reports(root: Path, rels: list[str]) -> tuple[dict[str, dict[str, set[str]]], dict[str, str], int]:
    """keyed hash -> normalised surrogate -> files; keyed hash -> entity type; lines read."""
    seen: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    types: dict[str, str] = {}
    lines = 0
    for rel in rels:
        if rel.rsplit("/", 1)[-1] != REPORT_NAME:
            continue
        with open(root / rel, "rb") as fh:
            for line in fh:
                if not line.strip():
                    continue
                try:
                    row = orjson.loads(line)
                except orjson.JSONDecodeError:
                    continue
                h = row.get("original_hash") or row.get("keyed_hash")
                sur = row.get("surrogate")
                et = row.get("entity_type")
                if not isinstance(h, str) or not isinstance(sur, str) or et in EXEMPT_TYPES:
                    continue
                lines += 1
                form = surrogate_form(str(et), sur)
                seen[h][f"{form}\x1f{norm_surrogate(sur)}" if form else norm_surrogate(sur)].add(rel)
                types.setdefault(h, str(et))
    return seen, types, lines


def report_surrogates(root: Path, rels: list[str]) -> set[str]:
    """Every surrogate written by the scrubber under DIR (for the residual scan)."""
    seen, _, _ = read_reports(root, rels)
    return {s.rsplit("\x1f", 1)[-1] for by in seen.values() for s in by}


def consistency_check(root: Path, rels: list[str], masker: PathMasker) -> CheckResult:
    findings: list[Finding] = []
    seen, types, lines = read_reports(root, rels)
    for h in sorted(seen):
        sur = seen[h]
        forms: dict[str, int] = defaultdict(int)
        for key in sur:
            forms[key.split("\x1f")[0] if "\x1f" in key else ""] += 1
        if max(forms.values()) > 1:
            files = sorted({masker.path(f) for fs in sur.values() for f in fs})
            findings.append(
                Finding(
                    id=stable_id("C", "surrogates", h),
                    check="consistency",
                    kind="one_original_two_surrogates",
                    message=f"one {types.get(h)} original (keyed hash {h[:12]}…) has {len(sur)} different surrogates in {', '.join(files)}",
                    file=files[0],
                    entity_type=types.get(h),
                    keyed_hash=h,
                    count=len(sur),
                )
            )
    findings += variant_agreement(root, rels, masker)
    res = CheckResult("consistency", "fail" if findings else "pass", findings)
    res.stats = {"report_lines": lines, "keyed_hashes": len(seen)}
    if not lines:
        res.notes.append("no redaction_report.jsonl under DIR: surrogates compared across pack variants only")
    return res


def variant_agreement(root: Path, rels: list[str], masker: PathMasker) -> list[Finding]:
    """Files shared by several variants of one task must be identical."""
    variants: dict[str, dict[str, str]] = {}  # task folder -> variant folder -> variant name
    for rel in rels:
        parts = rel.split("/")
        if parts[-1] != "manifest.json" or len(parts) < 2:
            continue
        try:
            obj = orjson.loads((root / rel).read_bytes())
        except (orjson.JSONDecodeError, OSError):
            continue
        if isinstance(obj, dict) and isinstance(obj.get("variant"), str):
            task = "/".join(parts[:-2])
            variants.setdefault(task, {})["/".join(parts[:-1])] = obj["variant"]
    out = []
    for task, vdirs in sorted(variants.items()):
        by_file: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
        for vdir, vname in sorted(vdirs.items()):
            for rel in rels:
                if not rel.startswith(vdir + "/"):
                    continue
                inner = rel[len(vdir) + 1 :]
                if inner in ("manifest.json", "insertions.json"):
                    continue
                if vname == "context_in_conversations" and inner.startswith("conversation_history/"):
                    continue
                digest = hashlib.sha256((root / rel).read_bytes()).hexdigest()
                by_file[inner][digest].append(vname)
        for inner in sorted(by_file):
            if len(by_file[inner]) > 1:
                shown = masker.path(f"{task}/*/{inner}" if task else f"*/{inner}")
                names = sorted(v for vs in by_file[inner].values() for v in vs)
                out.append(
                    Finding(
                        id=stable_id("C", "variants", task, inner),
                        check="consistency",
                        kind="variants_disagree",
                        message=f"{shown} differs between variants {', '.join(names)}",
                        file=shown,
                    )
                )
    return out
