"""Audit test fixtures: a real workspace whose vault holds known originals, and helpers
that write scrub-like and pack-like output folders from the workspace's own surrogates.

The folders are written directly (the surrogates come from the real ``SurrogateEngine``
and manifests from ``context_packs.manifest``), so each test plants exactly one fault.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ORIGINALS = [
    ("PERSON", "Jane Doe"),
    ("PERSON", "Ann"),
    ("EMAIL_ADDRESS", "jane.doe@gmail.com"),
    ("PHONE_NUMBER", "(415) 555-2671"),
    ("STREET_ADDRESS", "742 Evergreen Terrace"),
    ("VEHICLE_PLATE", "KUH-7514"),
]


class Known:
    """The workspace and the surrogates of ``ORIGINALS`` (surrogate[original])."""

    def __init__(self, root: Path):
        from synth.surrogates import SurrogateEngine
        from synth.workspace import Workspace

        self.ws = Workspace.open(root / "ws")
        eng = SurrogateEngine(self.ws, contributor_id="contributor-1")
        eng.assign(ORIGINALS)
        self.surrogate = {o: eng.surrogate(t, o) for t, o in ORIGINALS}
        self.hash = {o: eng.keyed_hash(t, o) for t, o in ORIGINALS}
        self.ws.vault.commit()

    def originals(self) -> list[str]:
        return [o for _t, o in ORIGINALS]


@pytest.fixture
def known(tmp_path) -> Known:
    return Known(tmp_path)


def clean_texts(k: Known) -> dict[str, str]:
    """A scrub-like output: Markdown, JSON, JSONL, CSV, HTML, all surrogates."""
    s = k.surrogate
    conv = {
        "title": f"Notes about {s['Jane Doe']}",
        "mapping": {"m1": {"message": {"content": {"parts": [f"Call {s['(415) 555-2671']} or mail {s['jane.doe@gmail.com']}."]}}}},
    }
    return {
        "notes.md": f"# Visit\n\n{s['Jane Doe']}'s house at {s['742 Evergreen Terrace']}. {s['Ann']} joins. Annual review.\n",
        "conversations.json": json.dumps(conv, indent=2),
        "memories.jsonl": json.dumps({"text": f"Friend of {s['Ann']}"}) + "\n",
        "people.csv": f"name,phone,plate\n{s['Jane Doe']},{s['(415) 555-2671']},{s['KUH-7514']}\n",
        "page.html": f"<p>Hello <b>{s['Jane Doe']}</b> &amp; friends</p>",
    }


def write_tree(root: Path, files: dict[str, str | bytes]) -> Path:
    for rel, content in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            p.write_bytes(content)
        else:
            p.write_text(content, encoding="utf-8")
    return root


def write_variant(folder: Path, variant: str, files: dict[str, str], *, task_id: str = "task-1", archived=()) -> Path:
    """A pack variant folder with its real manifest (``context_packs.manifest``)."""
    from context_packs.manifest import build_manifest

    write_tree(folder, files)
    manifest = build_manifest(
        folder,
        task_id=task_id,
        variant=variant,
        versions={"privacy": "test"},
        workspace_fingerprint="0" * 16,
        extra={"archived_conversation_ids": list(archived)},
    )
    (folder / "manifest.json").write_text(json.dumps(manifest, indent=2, sort_keys=True), encoding="utf-8")
    return folder


def clean_pack(root: Path, k: Known, *, archived=()) -> Path:
    """Four variants of one task, all surrogates, manifests correct."""
    s = k.surrogate
    conv_md = f"# Dinner\n\n## User\n\nI met {s['Jane Doe']} yesterday.\n"
    conv_json = json.dumps({"id": "c0ffee00-0000-4000-8000-000000000001", "messages": [{"text": f"I met {s['Jane Doe']} yesterday."}]})
    fact = f"My friend {s['Ann']} lives at {s['742 Evergreen Terrace']}."
    base = {
        "prompt.md": "Plan a dinner for my friends.\n",
        "memories.md": f"- Close to {s['Ann']}\n",
        "memories.json": json.dumps([{"text": f"Close to {s['Ann']}"}]),
        "additional_context.md": f"- {fact}\n",
        "conversation_history/c1.md": conv_md,
        "conversation_history/c1.json": conv_json,
        "reference_files/contacts.csv": f"name,phone\n{s['Jane Doe']},{s['(415) 555-2671']}\n",
    }
    task = root / "task-1"
    write_variant(task / "baseline", "baseline", base, archived=archived)
    nm = {k2: v for k2, v in base.items() if not k2.startswith(("memories", "conversation_history"))}
    write_variant(task / "no_memories", "no_memories", nm, archived=archived)
    nac = {k2: v for k2, v in base.items() if k2 != "additional_context.md"}
    write_variant(task / "no_added_context", "no_added_context", nac, archived=archived)
    cic = dict(nac)
    cic["conversation_history/c1.md"] = conv_md + f"\n## User\n\n{fact}\n"
    cic["conversation_history/c1.json"] = json.dumps(
        {"id": "c0ffee00-0000-4000-8000-000000000001", "messages": [{"text": f"I met {s['Jane Doe']} yesterday."}, {"id": "f-1", "text": fact}]}
    )
    cic["insertions.json"] = json.dumps(
        [{"fact": fact, "file": "conversation_history/c1.md", "json_file": "conversation_history/c1.json", "user_message_id": "f-1", "position": 1}]
    )
    write_variant(task / "context_in_conversations", "context_in_conversations", cic, archived=archived)
    return root


def refresh_manifest(variant_folder: Path) -> None:
    """Rewrite a variant's manifest after an edit (a planted leak that the manifest agrees with)."""
    m = json.loads((variant_folder / "manifest.json").read_text())
    from context_packs.manifest import file_entries

    m["files"] = file_entries(variant_folder)
    (variant_folder / "manifest.json").write_text(json.dumps(m, indent=2, sort_keys=True), encoding="utf-8")
