"""Large ChatGPT-shaped exports for memory benchmarks: fast, deterministic, no real data.

``write_big_export(folder, target_mb)`` writes ``conversations.json`` (or shards
``conversations-NNN.json`` of ``per_shard`` conversations) plus ``user.json`` until the
conversation bytes reach about ``target_mb`` MB. The content is the same for the same
arguments: choices come from a ``random.Random`` seeded with ``seed`` (never the global
generator). Every 50th conversation is archived and every 97th has no ``mapping``, so
``privacy inspect`` has something to drop and skip; the mix of content types (text,
code, execution output, multimodal with image pointers, thoughts) follows real exports.

Command line::

    python -m synth.bigexport /tmp/big-100 --mb 100 [--shards 100] [--zip]
"""

from __future__ import annotations

import argparse
import random
import zipfile
from pathlib import Path

import orjson

_WORDS = (
    "the a plan garden budget recipe lentil train ticket weekend project deadline meeting notes draft "
    "python function error stack deploy review chapter novel paint watercolor hike weather metric "
    "coffee morning report summary list idea question answer reason because maybe later today tomorrow "
    "kitchen window bicycle library museum concert invoice spreadsheet chart figure table paragraph"
).split()

EXPORT_TIME = 1767225600.0  # 2026-01-01


def _sentence(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(_WORDS) for _ in range(n)).capitalize() + "."


def _node(mid, parent, role, content, t, **extra):
    msg = {
        "id": mid,
        "author": {"role": role, "name": None, "metadata": {}},
        "create_time": t,
        "update_time": None,
        "content": content,
        "status": "finished_successfully",
        "end_turn": role == "assistant",
        "weight": 1.0,
        "metadata": extra.pop("metadata", {}),
        "recipient": extra.pop("recipient", "all"),
        "channel": None,
    }
    return {"id": mid, "message": msg, "parent": parent, "children": []}


def conversation(rng: random.Random, i: int) -> dict:
    """One full-shape conversation record (about 5-40 KB)."""
    cid = f"{i:08x}-0000-4000-8000-{rng.getrandbits(48):012x}"
    t0 = EXPORT_TIME - 86400 * 365 + i * 600.0
    mapping = {"client-created-root": {"id": "client-created-root", "message": None, "parent": None, "children": []}}
    parent = "client-created-root"
    turns = rng.randint(2, 12)
    t = t0
    for k in range(turns):
        t += 5
        uid = f"u{k}-{cid[:8]}"
        if rng.random() < 0.1:
            content = {"content_type": "multimodal_text", "parts": [
                {"content_type": "image_asset_pointer", "asset_pointer": f"sediment://file_{rng.getrandbits(64):016x}",
                 "size_bytes": 70, "width": 1, "height": 1, "metadata": {"sanitized": True}},
                _sentence(rng, rng.randint(5, 40))]}
        else:
            content = {"content_type": "text", "parts": [_sentence(rng, rng.randint(5, 80))]}
        mapping[uid] = _node(uid, parent, "user", content, t)
        mapping[parent]["children"].append(uid)
        parent = uid
        if rng.random() < 0.2:
            tid = f"th{k}-{cid[:8]}"
            mapping[tid] = _node(tid, parent, "assistant", {"content_type": "thoughts", "thoughts": [
                {"summary": _sentence(rng, 4), "content": _sentence(rng, 40), "chunks": [], "finished": True}],
                "source_analysis_msg_id": tid}, t + 1)
            mapping[parent]["children"].append(tid)
            parent = tid
        if rng.random() < 0.15:
            cdid = f"c{k}-{cid[:8]}"
            mapping[cdid] = _node(cdid, parent, "assistant", {"content_type": "code", "language": "python",
                                                              "text": f"print({rng.randint(1, 999)})"}, t + 2,
                                  recipient="python")
            mapping[parent]["children"].append(cdid)
            parent = cdid
            eid = f"e{k}-{cid[:8]}"
            mapping[eid] = _node(eid, parent, "tool", {"content_type": "execution_output", "text": str(rng.randint(1, 999))},
                                 t + 3)
            mapping[parent]["children"].append(eid)
            parent = eid
        aid = f"a{k}-{cid[:8]}"
        mapping[aid] = _node(aid, parent, "assistant",
                             {"content_type": "text", "parts": [" ".join(_sentence(rng, 12) for _ in range(rng.randint(2, 30)))]},
                             t + 4, metadata={"model_slug": "gpt-5", "finish_details": {"type": "stop"}})
        mapping[parent]["children"].append(aid)
        parent = aid
    rec = {
        "title": _sentence(rng, 3)[:-1],
        "create_time": t0,
        "update_time": t + 4,
        "mapping": mapping,
        "moderation_results": [],
        "current_node": parent,
        "conversation_id": cid,
        "is_archived": i % 50 == 49,
        "default_model_slug": "gpt-5",
        "id": cid,
    }
    if i % 97 == 96:
        del rec["mapping"]
    return rec


def write_big_export(folder: str | Path, target_mb: float, seed: int = 1, shards: int | None = None,
                     as_zip: bool = False) -> Path:
    """Write the export; returns the folder (or the zip when ``as_zip``)."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    target = int(target_mb * 1024 * 1024)
    written = 0
    i = 0
    shard = 0
    files: list[Path] = []

    def open_shard():
        name = "conversations.json" if shards is None else f"conversations-{len(files):03d}.json"
        p = folder / name
        files.append(p)
        fh = open(p, "wb")
        fh.write(b"[")
        return fh

    fh = open_shard()
    in_shard = 0
    while written < target:
        data = orjson.dumps(conversation(rng, i))
        if shards is not None and in_shard >= shards:
            fh.write(b"]")
            fh.close()
            fh = open_shard()
            in_shard = 0
        fh.write((b"" if in_shard == 0 else b",") + data)
        written += len(data) + 1
        in_shard += 1
        i += 1
    fh.write(b"]")
    fh.close()
    (folder / "user.json").write_bytes(orjson.dumps({"id": "user-BENCH0000", "email": "bench@example.invalid",
                                                      "phone_number": None}))
    if not as_zip:
        return folder
    zpath = folder.with_suffix(".zip")
    with zipfile.ZipFile(zpath, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as zf:
        for p in sorted(folder.iterdir()):
            zf.write(p, p.name)
    return zpath


def expected_counts(n_records: int) -> dict:
    """Kept / archived / skipped for the first ``n_records`` records (the generator's rule)."""
    skipped = sum(1 for i in range(n_records) if i % 97 == 96)
    archived = sum(1 for i in range(n_records) if i % 97 != 96 and i % 50 == 49)
    return {"conversations": n_records - skipped - archived, "archived_dropped": archived, "skipped": skipped}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folder")
    ap.add_argument("--mb", type=float, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--shards", type=int, default=None, help="conversations per shard (default: one file)")
    ap.add_argument("--zip", action="store_true")
    a = ap.parse_args(argv)
    print(write_big_export(a.folder, a.mb, seed=a.seed, shards=a.shards, as_zip=a.zip))


if __name__ == "__main__":
    main()
