"""Two small ChatGPT-shaped exports (folder layout) with planted PII, and a task file over them.

The conversation shape follows /work/shared/fixtures/synthetic/chatgpt-2026-sharded:
``mapping`` nodes with ``parent``/``children``, ``current_node``, ``is_archived``.
"""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from .docs_fixtures import write_docx, write_pdf

M4A_BYTES = b"\x00\x00\x00\x20ftypM4A \x00\x00\x00\x00M4A mp42isom" + bytes(16)  # an audio file

T0 = 1_717_000_000.0  # 2024-05-29
DAY = 86400.0

ALICE = "Alice Moreno"
ALICE_EMAIL = "alice.moreno@example.org"
FRIEND = "Priya Raman"  # appears in a conversation, a reference file and the added context
MARCUS = "Marcus Bell"


def _conversation(cid: str, title: str, start: float, turns: list[str], archived: bool = False) -> dict:
    mapping = {"client-created-root": {"id": "client-created-root", "message": None, "parent": None, "children": []}}
    parent = "client-created-root"
    for i, text in enumerate(turns):
        node = f"{cid[:19]}9{cid[20:-4]}{i:04d}"  # uuid-shaped, unique per message
        mapping[node] = {
            "id": node,
            "message": {
                "id": node,
                "author": {"role": "user" if i % 2 == 0 else "assistant", "name": None, "metadata": {}},
                "create_time": start + 300.0 * i,
                "content": {"content_type": "text", "parts": [text]},
                "status": "finished_successfully",
                "metadata": {},
                "recipient": "all",
            },
            "parent": parent,
            "children": [],
        }
        mapping[parent]["children"].append(node)
        parent = node
    return {
        "id": cid,
        "conversation_id": cid,
        "title": title,
        "create_time": start,
        "update_time": start + 300.0 * len(turns),
        "mapping": mapping,
        "current_node": parent,
        "is_archived": archived,
        "default_model_slug": "gpt-4o",
    }


def write_alice_export(folder: Path) -> Path:
    folder.mkdir(parents=True)
    convs = [
        _conversation("6650a1b2-0000-4000-8000-000000000001", "Apartment hunting near downtown", T0, [
            "Hi, I'm Alice Moreno. I need a two-bedroom apartment to rent near downtown.",
            "Happy to help! What monthly rent budget and which neighborhoods?",
            "My friend Priya Raman says the rent near the river park is reasonable.",
            "Apartments near the river park are a good idea. Let's compare rent and commute.",
        ]),
        _conversation("6650a1b2-0000-4000-8000-000000000002", "Leash training my puppy", T0 + 12 * DAY, [
            "My puppy keeps pulling on the leash during walks. Any dog training tips?",
            "Use short training sessions, reward the dog when the leash is loose.",
            "She also barks at other dogs in the park.",
            "Barking at dogs is common; reward calm behaviour and keep distance.",
        ]),
        _conversation("6650a1b2-0000-4000-8000-000000000003", "Sourdough starter feeding", T0 + 40 * DAY, [
            "How often should I feed my sourdough starter?",
            "Feed the starter flour and water once a day at room temperature.",
        ]),
        _conversation("6650a1b2-0000-4000-8000-000000000004", "Old tax question", T0 - 30 * DAY, [
            "Archived question about my 2023 taxes, email me at alice.moreno@example.org",
            "Sure.",
        ], archived=True),
    ]
    (folder / "conversations.json").write_text(json.dumps(convs, indent=1))
    (folder / "user.json").write_text(json.dumps({"id": "user-ALICE00000000000000000", "email": ALICE_EMAIL, "name": ALICE}))
    return folder


def write_marcus_export(folder: Path) -> Path:
    folder.mkdir(parents=True)
    convs = [
        _conversation("7750b2c3-0000-4000-8000-000000000001", "Marathon training plan", T0 + 3 * DAY, [
            "I'm Marcus Bell and I want a sixteen week marathon training plan.",
            "Great goal! Start with three easy runs a week and one long run.",
        ]),
        _conversation("7750b2c3-0000-4000-8000-000000000002", "Quarterly estimated taxes", T0 + 20 * DAY, [
            "How do quarterly estimated taxes work for freelancers?",
            "You pay estimated tax four times a year based on expected income.",
        ]),
    ]
    (folder / "conversations.json").write_text(json.dumps(convs, indent=1))
    (folder / "user.json").write_text(json.dumps({"id": "user-MARCUS0000000000000000", "email": "marcus.bell@example.net", "name": MARCUS}))
    return folder


ALICE_CONTEXT = (
    "- Alice starts at the hospital on Pine Street on June 3rd.\n"
    "- She has a dog named Biscuit who pulls on the leash.\n"
    "- My rent budget for the apartment is $2,400 a month.\n"
    "- Priya Raman will help me move.\n"
    "- I am learning to play the cello.\n"
)


def write_task_tree(root: Path, *, with_unsupported: bool = False, extra_alice: dict | None = None) -> Path:
    """exports/, refs/ and tasks.yaml with two tasks for two contributors; returns the task file."""
    write_alice_export(root / "exports" / "alice")
    write_marcus_export(root / "exports" / "marcus")
    mem = root / "exports" / "alice-memories.json"
    mem.write_text(json.dumps({"memories": [
        {"id": "mem-alice-0001", "content": "Alice Moreno is moving for a new job.", "created_timestamp": T0 + 5 * DAY},
        {"id": "mem-alice-0002", "content": "Has a dog.", "created_timestamp": T0 + 13 * DAY},
    ]}))
    (root / "exports" / "alice-profile.yaml").write_text(yaml.safe_dump({"version": 1, "other_names": [FRIEND]}))
    refs = root / "refs"
    refs.mkdir()
    (refs / "priya-raman-notes.md").write_text("# Notes\n\nPriya Raman has a van for the move.\n")
    (refs / "budget.csv").write_text("item,amount,note\nrent,2400,deposit to Priya Raman\nmovers,300,\n")
    write_pdf(refs / "offer-letter.pdf", ["Dear Alice Moreno,", "You start on June 3rd at 7am on Pine Street."])
    write_docx(refs / "plan.docx", ["Training plan for Marcus Bell", "Week 1: three easy runs."])
    (refs / "rubric.yaml").write_text(yaml.safe_dump({"criteria": ["Respects the budget", "Mentions Biscuit the dog"]}))
    if with_unsupported:
        (refs / "voice-memo.m4a").write_bytes(M4A_BYTES)
    alice = {
        "id": "move-apartment-01",
        "export": "exports/alice",
        "memories": "exports/alice-memories.json",
        "profile": "exports/alice-profile.yaml",
        "prompt": "Find me a two-bedroom apartment near my new job. Ask Priya Raman if needed.",
        "additional_context": ALICE_CONTEXT,
        "reference_files": ["refs/offer-letter.pdf", "refs/budget.csv", "refs/priya-raman-notes.md"] + (["refs/voice-memo.m4a"] if with_unsupported else []),
        "rubric": "refs/rubric.yaml",
    }
    alice.update(extra_alice or {})
    marcus = {
        "id": "marathon-02",
        "export": "exports/marcus",
        "prompt": "Adjust my marathon plan for a knee injury.",
        "additional_context": "Marcus runs 30 miles a week. He lives in Denver.",
        "reference_files": ["refs/plan.docx"],
    }
    tasks = root / "tasks.yaml"
    tasks.write_text(yaml.safe_dump({"tasks": [alice, marcus]}, sort_keys=False))
    return tasks
