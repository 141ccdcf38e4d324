"""A study of three contributors in one workspace (issue 17): exports, scrubs, packs.

* **contributor-a** — an export of the project's labelled generator (``synth.testdata.labelled``);
* **contributor-b** (Dana) — a hand-written chat export (below): her own name, e-mail and phone, friends
  with full names, a landlord's e-mail, a JSON snippet with a name in it;
* **contributor-c** (Sam) — the shared fixture ``synthetic/chatgpt-2026-sharded``.

Everything goes through the real CLI (``privacy.cli.main``): one ``privacy scrub`` call
with the three exports, one ``privacy pack`` over a task per contributor.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import yaml

from privacy.cli import main

T0 = 1_725_000_000.0  # 2024-08-30
DAY = 86400.0

DANA = "Dana Okafor"
DANA_ID = "user-DANA0000000000000000000"
DANA_EMAIL = "dana.okafor@fastmail.com"
DANA_PHONE = "(312) 555-7719"
FRIEND = "Kelechi Adeyemi"
LANDLORD_EMAIL = "r.whitcombe@lakeshore-rentals.com"
OVER_REDACTED = "English"  # a language the detector takes for a place (an over-redaction to review)
MISSED = "kwabena"  # a friend's name in lower case the detector does not find (a leak to review)


def _conversation(cid: str, title: str, start: float, turns: list[str]) -> dict:
    mapping = {"client-created-root": {"id": "client-created-root", "message": None, "parent": None, "children": []}}
    parent = "client-created-root"
    for i, text in enumerate(turns):
        node = f"{cid[:24]}{i:012d}"
        mapping[node] = {
            "id": node,
            "message": {
                "id": node,
                "author": {"role": "user" if i % 2 == 0 else "assistant", "name": None, "metadata": {}},
                "create_time": start + 240.0 * i,
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
    return {"id": cid, "conversation_id": cid, "title": title, "create_time": start,
            "update_time": start + 240.0 * len(turns), "mapping": mapping, "current_node": parent,
            "is_archived": False, "default_model_slug": "gpt-4o"}


def write_dana_export(folder: Path) -> Path:
    """Dana's hand-written ChatGPT export (folder layout)."""
    folder.mkdir(parents=True)
    convs = [
        _conversation("8a41c2d0-1111-4000-8000-000000000001", "Email to my landlord", T0, [
            f"Hi! I'm {DANA}. Can you help me write an email to my landlord at {LANDLORD_EMAIL}? "
            "The kitchen sink has been leaking for two weeks.",
            "Of course. Here is a short, polite draft you can send today.",
            f"Please sign it with my phone number {DANA_PHONE} and my email {DANA_EMAIL}.",
            "Done: the draft now ends with your phone number and e-mail address.",
        ]),
        _conversation("8a41c2d0-1111-4000-8000-000000000002", "Birthday dinner planning", T0 + 9 * DAY, [
            f"My friend {FRIEND} turns thirty next month. I want to book a dinner for six people.",
            "A private room at a quiet restaurant works well for six. Do you have a budget?",
            f"About forty dollars a head. {FRIEND.split()[0]} loves Ethiopian food.",
            "Then look for an Ethiopian restaurant with a shared platter menu.",
        ]),
        _conversation("8a41c2d0-1111-4000-8000-000000000004", "Picnic money", T0 + 15 * DAY, [
            # "English" is no place, and "kwabena" is a name the detector leaves (both for the review loop)
            f"Answer in {OVER_REDACTED}, please. I owe {MISSED} twenty dollars since the picnic.",
            "Then pay it back this week and say thanks for the picnic.",
        ]),
        _conversation("8a41c2d0-1111-4000-8000-000000000003", "Fix my JSON config", T0 + 21 * DAY, [
            'Why does this fail to parse? {"owner": "Dana Okafor", "retries": 3,}',
            "JSON does not allow a trailing comma after the last value. Remove the comma after 3.",
        ]),
    ]
    (folder / "conversations.json").write_text(json.dumps(convs, indent=1))
    (folder / "user.json").write_text(json.dumps({"id": DANA_ID, "email": DANA_EMAIL, "name": DANA,
                                                  "phone_number": DANA_PHONE}))
    return folder


def write_exports(root: Path, shared_fixtures: Path) -> list[Path]:
    """The three exports, as folders under ``root/exports``."""
    from synth.testdata.labelled import generate

    exports = root / "exports"
    # folder names and task ids are the steward's: they must not carry a contributor's name
    gen = exports / "contributor-a"
    generate(seed=11, sentences=16, controls=4).write_chatgpt_export(gen)
    dana = write_dana_export(exports / "contributor-b")
    sam = exports / "contributor-c"
    shutil.copytree(shared_fixtures / "synthetic/chatgpt-2026-sharded", sam)
    return [gen, dana, sam]


def write_tasks(root: Path, exports: list[Path]) -> Path:
    refs = root / "refs"
    refs.mkdir()
    (refs / "kelechi-adeyemi-menu.md").write_text(f"# Menu ideas for {FRIEND}\n\n- shared platter\n- honey wine\n")
    tasks = [
        {"id": "task-a-week", "export": "exports/contributor-a", "prompt": "Help me plan next week.",
         "additional_context": "- I start a pottery class on Tuesday.\n- My budget is $300."},
        {"id": "task-b-dinner", "export": "exports/contributor-b", "prompt": "Book the birthday dinner I talked about.",
         "additional_context": f"- {FRIEND} loves Ethiopian food.\n- The dinner is for six people.",
         "reference_files": ["refs/kelechi-adeyemi-menu.md"]},
        {"id": "task-c-meals", "export": "exports/contributor-c", "prompt": "Plan my meals for the week.",
         "additional_context": "- I cook vegetarian food.\n- I like lentils."},
    ]
    path = root / "tasks.yaml"
    path.write_text(yaml.safe_dump({"tasks": tasks}, sort_keys=False))
    return path


def build_study(root: Path, shared_fixtures: Path) -> dict:
    """Scrub the three exports into one workspace and pack them; return the paths."""
    exports = write_exports(root, shared_fixtures)
    ws, scrubbed = root / "ws", root / "scrubbed"
    rc = main(["scrub", *map(str, exports), "--out", str(scrubbed), "--workspace", str(ws), "--quiet", "--jobs", "1"])
    assert rc == 0, "scrub failed"
    tasks = write_tasks(root, exports)
    rc = main(["pack", str(tasks), "--out", str(root / "packs"), "--workspace", str(ws), "--jobs", "1"])
    assert rc == 0, "pack failed"
    return {"root": root, "ws": ws, "exports": exports, "tasks": tasks, "packs": root / "packs",
            "outputs": [scrubbed / f"{e.name}.scrubbed" for e in exports] + [root / "packs"]}
