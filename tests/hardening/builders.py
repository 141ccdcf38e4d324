"""Small ChatGPT-shaped exports with planted identifiers, for the hardening tests.

The contributor's identifiers are planted in ``user.json`` (so detection knows them as
identity hints) and in message text; every test then checks that none of them comes
out. Shapes follow /work/shared/fixtures/synthetic/chatgpt-2026-sharded.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import yaml

NAME = "Philippa Quennell-Marsh"
FIRST, LAST = "Philippa", "Quennell-Marsh"
EMAIL = "philippa.qm@example.org"
PHONE = "+1 415 555 0134"
FRIEND = "Bartholomew Okonkwo-Reyes"
T0 = 1_767_225_600.0

# What must never appear in an output, a log line or an error: the originals, and the
# distinctive pieces of them (a surname alone re-identifies as well as the full name).
PLANTED = (NAME, FIRST, "Quennell", EMAIL, "philippa.qm", FRIEND, "Bartholomew", "Okonkwo")
PHONE_DIGITS = "4155550134"


def record(i: int, parts: list, title: str = "Weekend plans", extra: dict | None = None) -> dict:
    """One conversation with one user message whose content parts are ``parts``."""
    root = f"{i:08d}-aaaa-4aaa-8aaa-000000000000"
    nid = f"{i:08d}-bbbb-4bbb-8bbb-000000000001"
    conv = {
        "id": f"{i:08d}-1111-4111-8111-111111111111",
        "title": title,
        "create_time": T0 + i,
        "update_time": T0 + i + 60,
        "current_node": nid,
        "is_archived": False,
        "mapping": {
            root: {"id": root, "message": None, "parent": None, "children": [nid]},
            nid: {
                "id": nid, "parent": root, "children": [],
                "message": {"id": nid, "author": {"role": "user"}, "create_time": T0 + i,
                            "content": {"content_type": "text", "parts": parts}},
            },
        },
    }
    conv.update(extra or {})
    return conv


def pii_text(i: int = 0) -> str:
    return (f"Hi, I'm {NAME}. Write to {EMAIL} or call {PHONE}. "
            f"My friend {FRIEND} is visiting on Saturday (note {i}).")


def write_export(folder: Path, records: list | None = None, *, raw: bytes | None = None, user: bool = True) -> Path:
    """A folder export: conversations.json (``records`` or ``raw`` bytes) and user.json."""
    folder.mkdir(parents=True, exist_ok=True)
    data = raw if raw is not None else json.dumps(records if records is not None else [record(0, [pii_text()])]).encode()
    (folder / "conversations.json").write_bytes(data)
    if user:
        (folder / "user.json").write_text(json.dumps(
            {"id": "user-HARDEN000000000000000000", "email": EMAIL, "name": NAME, "phone_number": PHONE}))
    return folder


def write_tasks(root: Path, n_conversations: int = 3) -> Path:
    """An export and a one-task tasks.yaml over it (prompt and added context carry PII too)."""
    write_export(root / "export", [record(i, [pii_text(i)]) for i in range(n_conversations)])
    tasks = root / "tasks.yaml"
    tasks.write_text(yaml.safe_dump({"tasks": [{
        "id": "weekend-01",
        "export": "export",
        "prompt": f"Plan the weekend for {FIRST} and {FRIEND}.",
        "additional_context": f"- {FRIEND} arrives on Saturday.\n- I live near the river.\n",
    }]}, sort_keys=False))
    return tasks


# the phone number in any layout: its digits with up to three separators between them
_PHONE_ANY = re.compile(r"\D{0,3}".join(PHONE_DIGITS))


def leaks(text: str) -> list[str]:
    """Planted originals found in ``text`` (the phone in any separator layout)."""
    found = [v for v in PLANTED if v in text]
    if _PHONE_ANY.search(text):
        found.append("phone")
    return found


def folder_text(folder: Path) -> str:
    """Every file under ``folder`` decoded (replacement characters for bad bytes), joined."""
    return "\n".join(p.read_bytes().decode("utf-8", "replace") for p in sorted(folder.rglob("*")) if p.is_file())
