"""The pack-level criteria of issue 18 on the labelled studies: one surrogate per original, determinism.

    python benchmarks/insertion_pack.py                                  # the six studies
    python benchmarks/insertion_pack.py --study benchmarks/data/insertion_dev.yaml --show

Each study (``insertion_quality.py``'s format) is written out as a ChatGPT-shaped export of
its contributor, and a task file with one task per study task whose ``additional_context``
is the task's facts in the third person, one bullet each (as a contributor's added context
reads). ``build_packs`` then builds every variant in a fresh workspace, and:

* **one original, one surrogate**: for every original the workspace's vault replaced
  (person, place, organization, each whole value, not its component maps), the distinct
  surrogates of it that stand in one task's files (all variants together); an original
  with two or more in a task counts once for that task. ``--show`` lists each such
  original's surrogates by type (and the original: fictional study data);
* **ordinary words replaced**: originals written all in lower case in the study (no
  capital anywhere in them) that the vault replaced, for reading (the issue's "orange juice"
  → "norma estes"); not a criterion;
* **determinism**: the same build again in the same workspace gives byte-identical packs;
  a second workspace (another key) gives other inserted wording for the same facts.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
import uuid
from collections import defaultdict
from datetime import datetime
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

STUDIES = ("study", "dev", "heldout", "heldout2", "heldout3", "heldout4")
NAME_TYPES = ("PERSON", "LOCATION", "ORGANIZATION")


def _export_conversation(cid: str, title: str, start: float, turns: list[str]) -> dict:
    mapping = {"client-created-root": {"id": "client-created-root", "message": None, "parent": None, "children": []}}
    parent = "client-created-root"
    for i, text in enumerate(turns):
        node = str(uuid.uuid5(uuid.NAMESPACE_URL, f"{cid}/{i}"))
        mapping[node] = {
            "id": node,
            "message": {"id": node, "author": {"role": "user" if i % 2 == 0 else "assistant", "name": None,
                                               "metadata": {}},
                        "create_time": start + 420.0 * i, "content": {"content_type": "text", "parts": [text]},
                        "status": "finished_successfully", "metadata": {}, "recipient": "all"},
            "parent": parent, "children": []}
        mapping[parent]["children"].append(node)
        parent = node
    return {"id": cid, "conversation_id": cid, "title": title, "create_time": start,
            "update_time": start + 420.0 * len(turns), "mapping": mapping, "current_node": parent,
            "is_archived": False, "default_model_slug": "gpt-4o"}


def write_study_tree(study: Path, root: Path) -> tuple[Path, dict]:
    """exports/<contributor>/, its profile and tasks.yaml for ``study``; returns the task file and the study."""
    doc = yaml.safe_load(study.read_text(encoding="utf-8"))
    names = list(doc["contributor"]["names"])
    export = root / "exports" / "contributor"
    export.mkdir(parents=True)
    convs = []
    for c in doc["conversations"]:
        start = datetime.fromisoformat(c["created"].replace("Z", "+00:00")).timestamp()
        cid = str(uuid.uuid5(uuid.NAMESPACE_URL, f"{study.name}/{c['id']}"))
        convs.append(_export_conversation(cid, c["title"], start, c["turns"]))
    (export / "conversations.json").write_text(json.dumps(convs, indent=1), encoding="utf-8")
    (export / "user.json").write_text(json.dumps({"id": "user-" + uuid.uuid5(uuid.NAMESPACE_URL, study.name).hex[:24],
                                                  "email": "contributor@example.org", "name": names[0]}))
    profile = root / "exports" / "profile.yaml"
    profile.write_text(yaml.safe_dump({"version": 1, "other_names": names[1:]}))
    tasks = [{"id": t["id"], "export": "exports/contributor", "profile": "exports/profile.yaml",
              "prompt": f"Help me with this: {t['id'].replace('-', ' ')}.",
              "additional_context": "".join(f"- {f['fact']}\n" for f in t["facts"])}
             for t in doc["tasks"]]
    path = root / "tasks.yaml"
    path.write_text(yaml.safe_dump({"tasks": tasks}, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path, doc


def pack_text(folder: Path) -> str:
    from privacy import formats

    out = []
    for p in sorted(folder.rglob("*")):
        if p.is_file():
            data = p.read_bytes()
            units = formats.text_units(p.name, data)
            out.append("\n".join(units) if units is not None else data.decode("utf-8", "replace"))
    return "\n".join(out)


def tree_bytes(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def two_surrogates(ws, out: Path, task_ids: list[str]) -> tuple[list, list]:
    """For each task: (task, original, {surrogate: type}) for each original (case and a possessive
    ignored, as ``privacy audit``'s consistency check compares) with two or more surrogates in the
    task's files (all variants); and (task, original, surrogate) for each original that stands as
    written in the task's files beside its surrogate (replaced in one place, kept in another)."""
    from privacy.audit.consistency import norm_surrogate

    by_original: dict[str, dict[str, tuple[str, str]]] = defaultdict(dict)
    written: dict[str, set[str]] = defaultdict(set)
    for entity_type, original, surrogate, _hash in ws.vault.entries():
        base = entity_type.split(".")[0]
        if "." not in entity_type and base in NAME_TYPES and norm_surrogate(surrogate) != norm_surrogate(original):
            by_original[norm_surrogate(original)][norm_surrogate(surrogate)] = (surrogate, entity_type)
            written[norm_surrogate(original)].add(original)
    twice, beside = [], []
    for task in task_ids:
        text = pack_text(out / task)
        for original, surrogates in sorted(by_original.items()):
            present = {s: t for s, t in surrogates.values()
                       if re.search(rf"(?<!\w){re.escape(s)}(?!\w)", text, re.I)}
            if len(present) > 1:
                twice.append((task, original, present))
            if present:
                for w in sorted(written[original]):
                    if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text):
                        beside.append((task, w, sorted(present)))
    return twice, beside


def lowercase_replaced(ws, doc: dict) -> list[tuple[str, str, str]]:
    """(type, original, surrogate) for replaced originals with no capital letter that the study writes in lower case."""
    study_text = json.dumps(doc, ensure_ascii=False)
    out = []
    for entity_type, original, surrogate, _hash in ws.vault.entries():
        if "." in entity_type or entity_type.split(".")[0] not in NAME_TYPES or original == surrogate:
            continue
        if original == original.lower() and any(c.isalpha() for c in original) and \
                re.search(rf"(?<!\w){re.escape(original)}(?!\w)", study_text):
            out.append((entity_type, original, surrogate))
    return sorted(out)


def run(study: Path, show: bool, determinism: bool) -> dict:
    from context_packs import build_packs
    from synth.workspace import Workspace

    with tempfile.TemporaryDirectory(prefix="insertion-pack-") as tmp:
        root = Path(tmp)
        tasks_file, doc = write_study_tree(study, root)
        task_ids = [t["id"] for t in doc["tasks"]]
        ws = Workspace.open(root / "ws")
        t0 = time.perf_counter()
        build_packs(tasks_file, root / "packs", workspace=ws)
        took = time.perf_counter() - t0
        twice, beside = two_surrogates(ws, root / "packs", task_ids)
        lower = lowercase_replaced(ws, doc)
        row = {"study": study.name, "tasks": len(task_ids), "originals_two_surrogates": len(twice),
               "originals_beside_surrogate": len(beside),
               "lowercase_replaced": len(lower), "build_s": round(took, 1)}
        if determinism:
            build_packs(tasks_file, root / "again", workspace=ws)
            row["same_key_identical"] = tree_bytes(root / "packs") == tree_bytes(root / "again")
            other = Workspace.open(root / "ws2")
            build_packs(tasks_file, root / "other", workspace=other)
            a = [json.loads((root / "packs" / t / "context_in_conversations" / "insertions.json").read_text())
                 for t in task_ids]
            b = [json.loads((root / "other" / t / "context_in_conversations" / "insertions.json").read_text())
                 for t in task_ids]
            replies_a = [r.get("assistant_reply") for rows in a for r in rows]
            replies_b = [r.get("assistant_reply") for rows in b for r in rows]
            row["other_key_replies_differ"] = sum(x != y for x, y in zip(replies_a, replies_b))
            row["insertions"] = len(replies_a)
            other.close()
        ws.close()
    print(f"{row['study']}: originals with two surrogates in one task's pack: {row['originals_two_surrogates']}; "
          f"originals kept beside their surrogate: {row['originals_beside_surrogate']}; "
          f"lower-case originals replaced: {row['lowercase_replaced']}; build {row['build_s']} s"
          + (f"; same key byte-identical: {row['same_key_identical']}; another key: {row['other_key_replies_differ']}"
             f"/{row['insertions']} replies differ" if determinism else ""))
    if show:
        for task, original, present in twice:
            print(f"  [{task}] {original!r}: " + ", ".join(f"{s!r} ({t})" for s, t in sorted(present.items())))
        for task, original, present in beside:
            print(f"  [{task}] kept as written beside its surrogate: {original!r} ({', '.join(present)})")
        for t, o, s in lower:
            print(f"  lower-case replaced: {o!r} -> {s!r} ({t})")
    return row


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--study", type=Path, action="append")
    ap.add_argument("--show", action="store_true")
    ap.add_argument("--no-determinism", action="store_true", help="one build per study (no rebuild, no second key)")
    args = ap.parse_args()
    studies = args.study or [ROOT / f"benchmarks/data/insertion_{s}.yaml" for s in STUDIES]
    rows = [run(s, args.show, not args.no_determinism) for s in studies]
    print(f"total: originals with two surrogates {sum(r['originals_two_surrogates'] for r in rows)}, kept beside "
          f"their surrogate {sum(r['originals_beside_surrogate'] for r in rows)} over "
          f"{sum(r['tasks'] for r in rows)} tasks")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
