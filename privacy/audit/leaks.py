"""Check 1: every original of the vault searched for in every file and name under DIR.

Findings are grouped per (original, file): the keyed hash of the original, its
entity type, where it sits (JSON path or line, offset) and the surrounding text with
every known original masked. The original itself never enters the report.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from privacy.audit.files import _NAME_SEPS_RE, SEP, FileText, iter_dirs, read_file_text
from privacy.audit.matcher import Hit, KnownValueMatcher, _outermost, apply_mask
from privacy.audit.model import CheckResult, Finding, Location, stable_id
from privacy.audit.views import View

CONTEXT_CHARS = 40
MAX_LOCATIONS = 5


class PathMasker:
    """Masks known originals in relative paths, one component at a time (cached)."""

    def __init__(self, matcher: KnownValueMatcher | None):
        self.matcher = matcher
        self._cache: dict[str, str] = {}

    def component(self, name: str) -> str:
        if self.matcher is None:
            return name
        if name not in self._cache:
            self._cache[name] = self.matcher.mask(name, name=True)
        return self._cache[name]

    def path(self, rel: str) -> str:
        return "/".join(self.component(c) for c in rel.split("/"))

    def text(self, text: str) -> str:
        return text if self.matcher is None else self.matcher.mask(text)


def context(ft: FileText, hit: Hit, all_hits: list[Hit]) -> str:
    """Text around a hit, within its unit, with every hit in the window masked."""
    u = ft.unit_of(hit.start)
    u_start = ft.starts[u]
    u_end = ft.starts[u + 1] - 1 if u + 1 < len(ft.starts) else len(ft.text)
    ws, we = max(u_start, hit.start - CONTEXT_CHARS), min(u_end, hit.end + CONTEXT_CHARS)
    near = [h for h in all_hits if h.end > ws and h.start < we]
    window = apply_mask(ft.text[ws:we], near, offset=ws)
    window = window.replace(SEP, " ").replace("\r", " ").replace("\n", "⏎")
    return ("…" if ws > u_start else "") + window + ("…" if we < u_end else "")


def file_findings(ft: FileText, matcher: KnownValueMatcher, masker: PathMasker, path: Path | None = None) -> list[Finding]:
    """Leak findings for the content of one file.

    A JSON file read raw (one unit) that has a hit is read again structured, so the
    findings name JSON paths; a hit only the raw text has (in a number, say) is
    reported on the raw text."""
    hits = matcher.find(View(ft.text))
    if not hits:
        return []
    if ft.kind == "json-raw" and path is not None:
        structured = read_file_text(ft.rel, path, structured=True)
        s_hits = matcher.find(View(structured.text))
        if s_hits:
            ft, hits = structured, s_hits
    masked_file = masker.path(ft.rel)
    by_hash: dict[str, list[Hit]] = defaultdict(list)
    for h in hits:
        by_hash[h.keyed_hash].append(h)
    out = []
    for keyed_hash in sorted(by_hash):
        group = by_hash[keyed_hash]
        locs = []
        for h in group[:MAX_LOCATIONS]:
            u = ft.unit_of(h.start)
            off = h.start - ft.starts[u]
            locs.append(
                Location(
                    file=masked_file,
                    unit=masker.text(ft.describe_unit(u, off)),
                    start=off,
                    end=off + (h.end - h.start),
                    context=context(ft, h, hits),
                )
            )
        et = group[0].entity_type
        out.append(
            Finding(
                id=stable_id("L", "leak", keyed_hash, masked_file),
                check="leak",
                kind="known_original",
                message=f"a known {et} original appears {len(group)} time(s) in {masked_file}",
                file=masked_file,
                entity_type=et,
                keyed_hash=keyed_hash,
                count=len(group),
                locations=locs,
            )
        )
    return out


def name_findings(rel: str, matcher: KnownValueMatcher, masker: PathMasker, *, is_dir: bool) -> list[Finding]:
    """Leak findings for the last component of a file or folder name."""
    parts = rel.split("/")
    name = parts[-1]
    masked = masker.component(name)
    if masked == name:
        return []
    masked_rel = masker.path(rel)
    hits = _outermost(matcher.find(View(name)) + matcher.find(View(_NAME_SEPS_RE.sub(" ", name))))
    out = []
    for keyed_hash in sorted({h.keyed_hash for h in hits}):
        h = next(x for x in hits if x.keyed_hash == keyed_hash)
        kind = "folder" if is_dir else "file"
        out.append(
            Finding(
                id=stable_id("L", "leak-name", keyed_hash, masked_rel),
                check="leak",
                kind="known_original_in_name",
                message=f"a known {h.entity_type} original is part of the {kind} name {masked_rel}",
                file=masked_rel,
                entity_type=h.entity_type,
                keyed_hash=keyed_hash,
                locations=[Location(file=masked_rel, unit="name", start=h.start, end=h.end, context=masked)],
            )
        )
    return out


def leak_check_names(root: Path, rels: list[str], matcher: KnownValueMatcher, masker: PathMasker) -> list[Finding]:
    out: list[Finding] = []
    for d in iter_dirs(root):
        out += name_findings(d, matcher, masker, is_dir=True)
    for rel in rels:
        out += name_findings(rel, matcher, masker, is_dir=False)
    return out


def summarise(findings: list[Finding], matcher: KnownValueMatcher | None) -> CheckResult:
    if matcher is None:
        return CheckResult(
            "leak",
            "skipped",
            notes=["skipped: no workspace given (--workspace DIR); the known originals live only in its vault"],
        )
    res = CheckResult("leak", "fail" if any(f.fails for f in findings) else "pass", findings, stats=dict(matcher.stats))
    st = matcher.stats
    if st["skipped_short"]:
        res.notes.append(f"{st['skipped_short']} original(s) too short to search (under 3 characters, or under 5 digits)")
    if st["skipped_ambiguous"]:
        res.notes.append(f"{st['skipped_ambiguous']} original(s) equal a surrogate once normalised; not searched")
    if st["skipped_type"]:
        res.notes.append(f"{st['skipped_type']} original(s) of types kept on purpose (NRP) not searched")
    return res
