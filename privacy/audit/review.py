"""The reviewer loop: a small file of verdicts on audit findings, read back by
``privacy audit``, ``privacy scrub`` and ``privacy pack`` (``--review FILE``).

Format (YAML or JSON; ``privacy audit DIR --review-template FILE`` writes one with
every finding and an empty verdict)::

    format: privacy-audit-review/1
    reviews:
      - id: R-3f2a9c0d1e7b        # the finding id from the audit report (stable across reruns)
        verdict: leak             # leak | not_pii  (empty or absent: not decided yet)
        entity_type: PET_NAME     # copied from the report
        text: Biscuit             # residual findings: the span as written in the output
      - id: L-8d1c44aa9b02
        verdict: leak
        entity_type: PERSON
        keyed_hash: 5be1…         # known-original findings: the keyed hash, never the value

What each verdict does:

* residual finding, ``leak``: ``text`` becomes a known identifier (entity type as
  given): scrub and pack replace it everywhere next time. The value comes from the
  span in the audited *output*, which is why the report may show it: the scrubber
  did not recognise it, so it is not in the vault, and the check-1 matcher masks
  every vault original before anything is written;
* residual finding, ``not_pii``: ``text`` joins the detector's allow list, and the
  next audit lists the finding as reviewed and does not fail on it;
* known-original finding, ``leak``: the original is recovered **from the workspace
  vault by its keyed hash** (the report and the review file never hold it) and
  added to the known identifiers; needs the same workspace;
* known-original finding, ``not_pii``: a false alarm (the vault holds a value the
  detector once took for PII, such as a heading "Scope", or the original was matched
  in an unrelated use). The audit stops failing on every finding of that keyed hash
  (with ``keyed_hash`` given; else on that finding id). Nothing is allow-listed: the
  value is in the vault, and allow-listing is the detector owner's call.

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
VERDICTS = ("leak", "not_pii")


@dataclass
class Review:
    """Decisions of one review file, in the forms the other commands take."""

    verdicts: dict[str, str] = field(default_factory=dict)  # finding id -> verdict
    known_identifiers: list[tuple[str, str]] = field(default_factory=list)  # (entity_type, value)
    allow_list: list[str] = field(default_factory=list)
    unresolved: list[str] = field(default_factory=list)  # finding ids whose value could not be recovered
    not_pii_hashes: set[str] = field(default_factory=set)  # known originals reviewed as false alarms


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
    wanted_hashes: dict[str, tuple[str, str | None]] = {}  # keyed hash -> (finding id, entity type)
    for i, e in enumerate(entries):
        if not isinstance(e, dict) or not isinstance(e.get("id"), str):
            raise InputError(str(p), "each review needs an 'id'", record=str(i))
        verdict = e.get("verdict")
        if verdict in (None, ""):
            continue
        if verdict not in VERDICTS:
            raise InputError(str(p), "verdict must be 'leak' or 'not_pii'", record=str(i))
        fid = e["id"]
        out.verdicts[fid] = verdict
        text = e.get("text")
        et = e.get("entity_type")
        if fid.startswith("R-"):
            if not isinstance(text, str) or not text.strip():
                out.unresolved.append(fid)
            elif verdict == "leak":
                out.known_identifiers.append((str(et or "PERSON"), text))
            else:
                out.allow_list.append(text)
        elif fid.startswith("L-"):
            kh = e.get("keyed_hash")
            if not (isinstance(kh, str) and kh):
                if verdict == "leak":
                    out.unresolved.append(fid)
            elif verdict == "leak":
                wanted_hashes[kh] = (fid, et if isinstance(et, str) else None)
            else:
                out.not_pii_hashes.add(kh)
    if wanted_hashes:
        found: set[str] = set()
        if workspace is not None:
            for entity_type, original, _surrogate, kh in workspace.vault.entries():
                if kh in wanted_hashes and kh not in found:
                    fid, et = wanted_hashes[kh]
                    if et is None or entity_type == et or entity_type.split(".")[0] == et:
                        found.add(kh)
                        out.known_identifiers.append((entity_type.split(".")[0], original))
        out.unresolved += sorted(wanted_hashes[k][0] for k in wanted_hashes if k not in found)
    out.allow_list = sorted(set(out.allow_list))
    out.known_identifiers = sorted(set(out.known_identifiers))
    return out


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
        "# privacy audit review file: set each verdict to 'leak' or 'not_pii' (leave empty if undecided).\n"
        "# Then: privacy scrub ... --review THIS_FILE / privacy pack ... --review THIS_FILE,\n"
        "# and privacy audit DIR --review THIS_FILE. Keep this file with the workspace.\n"
    )
    return header + yaml.safe_dump({"format": FORMAT, "reviews": rows}, sort_keys=False, allow_unicode=True)
