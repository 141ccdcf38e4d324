"""The reviewer loop: a small file of verdicts on audit findings and reviewed
replacements, read back by ``privacy audit``, ``privacy scrub`` and ``privacy pack``
(``--review FILE``). ``privacy review OUT --workspace WS`` writes it from a page
(``privacy.audit.reviewpage``); ``privacy audit DIR --review-template FILE`` writes one with
every audit finding and an empty verdict.

Format (YAML or JSON)::

    format: privacy-audit-review/1
    reviews:
      - id: R-3f2a9c0d1e7b        # residual finding of the audit (stable across reruns)
        verdict: leak             # leak | not_pii | wrong_type  (empty: not decided yet)
        entity_type: PERSON
        text: Kelechi             # residual findings: the span as written in the output
      - id: L-8d1c44aa9b02        # a known original found by check 1
        verdict: not_pii
        entity_type: PERSON
        keyed_hash: 5be1…         # the keyed hash, never the value
        scope: study              # not_pii: study (default) | contributor
        contributor: 9f0c…        # scope contributor: the contributor tag it applies to
      - id: S-0c1d2e3f4a5b        # a replacement the scrubber made (review page)
        verdict: wrong_type
        entity_type: PERSON
        keyed_hash: 77aa…
        new_type: DATE_TIME       # wrong_type: the type it should have had
      - id: M-5e6f7a8b9c0d        # a value the scrubber missed, typed by the reviewer
        verdict: leak
        entity_type: PERSON
        text: Kelechi

What each verdict does (the value of an ``L-`` or ``S-`` entry is recovered **from the
workspace vault by its keyed hash**: the review file never holds it):

* ``leak``: the value becomes a known identifier, found and replaced everywhere by the
  next ``scrub`` / ``pack`` (residual and missed values from ``text``, known originals
  from the vault). On a replacement (``S-``) it confirms the replacement: nothing changes;
* ``not_pii``: the value joins the detector's allow list of the next ``scrub`` / ``pack``,
  for the whole study (``scope: study``) or only the contributor whose tag is given
  (``scope: contributor``), so the next run keeps it as written; the audit stops failing
  on the finding (on every finding of that keyed hash for an ``L-`` entry);
* ``wrong_type``: the value is detected as ``new_type`` in the next run, so it gets a
  surrogate of that type (a date gets a date); the audit lists the finding as reviewed.

Once a ``leak`` verdict has been applied by scrub, the value is in the vault and the
review file holds the only clear copy of a residual value: keep review files with the
workspace, not with the output.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ingest.errors import InputError

FORMAT = "privacy-audit-review/1"
VERDICTS = ("leak", "not_pii", "wrong_type")
SCOPES = ("study", "contributor")
STUDY = "study"


@dataclass
class Review:
    """Decisions of one review file, in the forms the other commands take."""

    verdicts: dict[str, str] = field(default_factory=dict)  # finding id -> verdict
    known_identifiers: list[tuple[str, str]] = field(default_factory=list)  # (entity_type, value)
    allow_list: list[str] = field(default_factory=list)  # every not_pii value, any scope
    allowed: list[tuple[str, str]] = field(default_factory=list)  # (scope: "study" | contributor tag, value)
    retype: list[tuple[str, str]] = field(default_factory=list)  # (new entity type, value)
    unresolved: list[str] = field(default_factory=list)  # finding ids whose value could not be recovered
    not_pii_hashes: set[str] = field(default_factory=set)  # known originals reviewed as false alarms

    def allow_list_for(self, contributor_tag: str | None) -> list[str]:
        """The not_pii values that apply to one contributor's data (study-wide + theirs)."""
        return sorted({v for scope, v in self.allowed if scope == STUDY or scope == contributor_tag})

    def allows(self, text: str) -> bool:
        """Whether a value is allow-listed in any scope (the audit's view: a reviewed value)."""
        norm = " ".join(text.split()).casefold()
        return any(" ".join(v.split()).casefold() == norm for v in self.allow_list)


def _entries(data: Any, path: str) -> list[Any]:
    if isinstance(data, list):
        return data
    if isinstance(data, dict) and isinstance(data.get("reviews"), list):
        return data["reviews"]
    if isinstance(data, dict) and data.get("reviews") is None and "reviews" in data:
        return []
    raise InputError(path, "review file must hold a 'reviews' list")


def load_review(path: str | Path, workspace=None) -> Review:
    """Read a review file. ``workspace`` (a ``synth.workspace.Workspace``) is needed to
    recover the value of a known-original finding marked ``leak``; without it such
    entries are listed in ``unresolved``."""
    p = Path(path)
    try:
        raw = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        raise InputError(str(p), "cannot read the review file") from None
    try:
        data = json.loads(raw) if p.suffix.lower() == ".json" else yaml.safe_load(raw)
    except (json.JSONDecodeError, yaml.YAMLError):
        raise InputError(str(p), "review file is not valid YAML/JSON") from None
    if data is None:
        return Review()
    entries = _entries(data, str(p))
    out = Review()
    # keyed hash -> [(entry index, verdict, entity type, scope, new type)] to recover from the vault
    wanted: dict[str, list[tuple[int, str, str | None, str, str | None]]] = {}
    for i, e in enumerate(entries):
        if not isinstance(e, dict) or not isinstance(e.get("id"), str):
            raise InputError(str(p), "each review needs an 'id'", record=str(i))
        verdict = e.get("verdict")
        if verdict in (None, ""):
            continue
        if verdict not in VERDICTS:
            raise InputError(str(p), "verdict must be 'leak', 'not_pii' or 'wrong_type'", record=str(i))
        fid = e["id"]
        out.verdicts[fid] = verdict
        text = e.get("text")
        et = e.get("entity_type") if isinstance(e.get("entity_type"), str) else None
        scope = _scope(e, str(p), i)
        new_type = e.get("new_type")
        if verdict == "wrong_type" and not (isinstance(new_type, str) and new_type.strip()):
            raise InputError(str(p), "a wrong_type verdict needs a 'new_type'", record=str(i))
        new_type = new_type.strip() if isinstance(new_type, str) else None
        kh = e.get("keyed_hash")
        if isinstance(text, str) and text.strip() and fid[:2] in ("R-", "M-"):
            _decide(out, verdict, et, scope, new_type, text)
        elif isinstance(kh, str) and kh and fid[:2] in ("L-", "S-"):
            if verdict == "not_pii":
                out.not_pii_hashes.add(kh)  # the audit stops failing on that original
            if verdict == "leak" and fid.startswith("S-"):
                continue  # a replacement confirmed: nothing to change
            wanted.setdefault(kh, []).append((i, verdict, et, scope, new_type))
        elif verdict in ("leak", "wrong_type") or fid[:2] in ("R-", "M-"):
            out.unresolved.append(fid)
    if wanted:
        found: set[str] = set()
        if workspace is not None:
            for entity_type, original, _surrogate, kh in workspace.vault.entries():
                if kh not in wanted or kh in found:
                    continue
                for _i, verdict, et, scope, new_type in wanted[kh]:
                    if et is None or entity_type == et or entity_type.split(".")[0] == et:
                        found.add(kh)
                        _decide(out, verdict, entity_type.split(".")[0], scope, new_type, original)
        for kh, rows in sorted(wanted.items()):
            if kh not in found:
                for i, verdict, *_ in rows:
                    fid = entries[i]["id"]
                    if verdict != "not_pii" or not fid.startswith("L-"):
                        out.unresolved.append(fid)
    out.allowed = sorted(set(out.allowed))
    out.allow_list = sorted({v for _s, v in out.allowed})
    out.known_identifiers = sorted(set(out.known_identifiers))
    out.retype = sorted(set(out.retype))
    out.unresolved = sorted(set(out.unresolved))
    return out


def _scope(e: dict, path: str, i: int) -> str:
    scope = e.get("scope") or STUDY
    if scope not in SCOPES:
        raise InputError(path, "scope must be 'study' or 'contributor'", record=str(i))
    if scope == STUDY:
        return STUDY
    tag = e.get("contributor")
    if not (isinstance(tag, str) and tag):
        raise InputError(path, "scope 'contributor' needs the 'contributor' tag", record=str(i))
    return tag


def _decide(out: Review, verdict: str, entity_type: str | None, scope: str, new_type: str | None, value: str) -> None:
    if verdict == "leak":
        out.known_identifiers.append((str(entity_type or "PERSON"), value))
    elif verdict == "not_pii":
        out.allowed.append((scope, value))
    elif new_type:
        out.retype.append((new_type, value))


def review_template(findings) -> str:
    """A review file listing every finding with an empty verdict (YAML)."""
    rows = []
    for f in findings:
        row: dict[str, Any] = {"id": f.id, "verdict": f.verdict or "", "check": f.check, "kind": f.kind}
        if f.entity_type:
            row["entity_type"] = f.entity_type
        if f.keyed_hash:
            row["keyed_hash"] = f.keyed_hash
        if f.text is not None:
            row["text"] = f.text
        if f.score is not None:
            row["score"] = f.score
        row["about"] = f.message
        rows.append(row)
    header = (
        "# privacy audit review file: set each verdict to 'leak', 'not_pii' or 'wrong_type' (with new_type),\n"
        "# or leave it empty if undecided.\n"
        "# Then: privacy scrub ... --review THIS_FILE / privacy pack ... --review THIS_FILE,\n"
        "# and privacy audit DIR --review THIS_FILE. Keep this file with the workspace.\n"
    )
    return header + yaml.safe_dump({"format": FORMAT, "reviews": rows}, sort_keys=False, allow_unicode=True)
