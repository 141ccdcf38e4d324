"""Check 1: every original of the vault searched for in every file and name under DIR.

Findings are grouped per original: one finding per keyed hash, with the number of
hits, the files (and file or folder names) they are in, where they sit (JSON path or
line, offset) and the surrounding text with every known original masked. The original
itself never enters the report.

In a study workspace every file is checked against the originals of the contributor
whose output it is (``owners``: the ``contributor_tag`` of the nearest ``summary.json``
or pack ``manifest.json`` above it) and the rare originals of everyone else.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from privacy.audit.files import _NAME_SEPS_RE, SEP, FileText, iter_dirs, read_file_text
from privacy.audit.matcher import Hit, KnownValueMatcher, _outermost, apply_mask
from privacy.audit.model import CheckResult, Finding, Location, stable_id
from privacy.audit.views import View

CONTEXT_CHARS = 40
MAX_LOCATIONS = 5  # per file
MAX_GROUP_LOCATIONS = 10  # per original, over every file


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


def file_findings(ft: FileText, matcher: KnownValueMatcher, masker: PathMasker, path: Path | None = None,
                  owners: frozenset[str] | None = None) -> list[Finding]:
    """Leak findings for the content of one file (one per original; ``group`` merges files).

    A JSON file read raw (one unit) that has a hit is read again structured, so the
    findings name JSON paths; a hit only the raw text has (in a number, say) is
    reported on the raw text."""
    hits = matcher.find(View(ft.text), owners)
    if not hits:
        return []
    if ft.kind == "json-raw" and path is not None:
        structured = read_file_text(ft.rel, path, structured=True)
        s_hits = matcher.find(View(structured.text), owners)
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


def name_findings(rel: str, matcher: KnownValueMatcher, masker: PathMasker, *, is_dir: bool,
                  owners: frozenset[str] | None = None) -> list[Finding]:
    """Leak findings for the last component of a file or folder name."""
    parts = rel.split("/")
    name = parts[-1]
    masked = masker.component(name)
    if masked == name:
        return []
    masked_rel = masker.path(rel)
    hits = _outermost(matcher.find(View(name), owners) + matcher.find(View(_NAME_SEPS_RE.sub(" ", name)), owners))
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


def leak_check_names(root: Path, rels: list[str], matcher: KnownValueMatcher, masker: PathMasker,
                     owners_of=lambda rel: None) -> list[Finding]:
    out: list[Finding] = []
    for d in iter_dirs(root):
        out += name_findings(d, matcher, masker, is_dir=True, owners=owners_of(d))
    for rel in rels:
        out += name_findings(rel, matcher, masker, is_dir=False, owners=owners_of(rel))
    return out


def group(findings: list[Finding]) -> list[Finding]:
    """One finding per original (keyed hash): the hits of every file and name, counted,
    with the files listed and the first places kept."""
    by_hash: dict[str, list[Finding]] = defaultdict(list)
    for f in findings:
        by_hash[f.keyed_hash or ""].append(f)
    out = []
    for keyed_hash in sorted(by_hash):
        parts = by_hash[keyed_hash]
        files = list(dict.fromkeys(f.file for f in parts))
        count = sum(f.count for f in parts)
        locs = [loc for f in parts for loc in f.locations][:MAX_GROUP_LOCATIONS]
        kinds = {f.kind for f in parts}
        kind = "known_original" if "known_original" in kinds else "known_original_in_name"
        et = parts[0].entity_type
        shown = ", ".join(files[:5]) + (f" and {len(files) - 5} more" if len(files) > 5 else "")
        out.append(
            Finding(
                id=stable_id("L", "leak", keyed_hash),
                check="leak",
                kind=kind,
                message=f"a known {et} original appears {count} time(s) in {len(files)} place(s): {shown}",
                file=files[0],
                files=files,
                entity_type=et,
                keyed_hash=keyed_hash,
                count=count,
                locations=locs,
            )
        )
    return out


def owner_map(root: Path, rels: list[str]):
    """``owners_of(rel)``: the contributor tags a file or folder under ``root`` belongs to.

    A folder holding a ``summary.json`` (scrub output) or a pack ``manifest.json`` with a
    ``contributor_tag`` belongs to that contributor, and so does everything below it; a
    folder above such outputs belongs to every contributor below it. Anything else: None
    (every original counts)."""
    import json

    tagged: dict[str, str] = {}
    for rel in rels:
        base = rel.rsplit("/", 1)[-1]
        if base not in ("summary.json", "manifest.json"):
            continue
        try:
            data = json.loads((root / rel).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        tag = data.get("contributor_tag") if isinstance(data, dict) else None
        if isinstance(tag, str) and tag:
            tagged[rel.rsplit("/", 1)[0] if "/" in rel else ""] = tag

    def of_file(rel: str) -> str | None:
        parts = rel.split("/")
        for i in range(len(parts) - 1, -1, -1):
            folder = "/".join(parts[:i])
            if folder in tagged:
                return tagged[folder]
        return None

    file_owner = {rel: of_file(rel) for rel in rels}
    cache: dict[str, frozenset[str] | None] = {}

    def owners_of(rel: str) -> frozenset[str] | None:
        if rel in cache:
            return cache[rel]
        if rel in file_owner:
            tag = file_owner[rel]
            res = frozenset({tag}) if tag else None
        else:  # a folder: every file below it must have an owner
            below = [t for r, t in file_owner.items() if r.startswith(rel + "/")]
            res = frozenset(below) if below and all(below) else None
        cache[rel] = res
        return res

    return owners_of


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
    if st.get("skipped_common"):
        res.notes.append(f"{st['skipped_common']} original(s) made only of common words, schema words or the tool's own wording; never leaks, not searched")
    if st["skipped_type"]:
        res.notes.append(f"{st['skipped_type']} original(s) of types kept on purpose (NRP) not searched")
    return res
