"""``build_packs``: every task of a task file, in every requested variant, atomically.

All tasks are validated and all reference files read before anything is written;
the whole output folder is built in a hidden sibling and renamed into place when
complete (``privacy.scrub.atomic.AtomicDir``), so a failure leaves nothing behind
and an existing folder is replaced only with ``force``.

Layout: ``<out>/<task id>/<variant>/`` with

==========================  ========  ===========  ================  ========================
file                        baseline  no_memories  no_added_context  context_in_conversations
==========================  ========  ===========  ================  ========================
prompt.md                   yes       yes          yes               yes
conversation_history/       yes       —            yes               yes (facts written in)
memories.md, memories.json  yes       —            yes               yes
reference_files/            yes       yes          yes               yes
additional_context.md       yes       yes          —                 —
rubric.<ext>                if given  if given     if given          if given
insertions.json             —         —            —                 yes
manifest.json               yes       yes          yes               yes
==========================  ========  ===========  ================  ========================
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from ingest.errors import InputError
from ingest.model import Conversation
from privacy.versions import versions as tool_versions

from context_packs.extract import BadReference, ExtractedReference, UnsupportedReference, extract_reference
from context_packs.insertion import MEDIAN_SHARE, METHOD, SIMILARITY_THRESHOLD, apply_plan, evidence
from context_packs.manifest import build_manifest
from context_packs.render import conversation_markdown, dump_json, iso_time, memories_markdown
from context_packs.scrubbing import ScrubbedTask, scrub_task
from context_packs.titlebook import TitleBook
from context_packs.tasks import TaskSpec, load_tasks

VARIANTS = ("baseline", "no_memories", "no_added_context", "context_in_conversations")


@dataclass(frozen=True)
class SkippedReference:
    """A reference file left out under ``skip_unsupported`` (no file name: it may carry data)."""

    task_id: str
    field: str
    reason: str


@dataclass
class PackResult:
    out_dir: Path
    tasks: list[str]
    variants: list[str]
    skipped: list[SkippedReference] = field(default_factory=list)
    files: int = 0
    insertions: int = 0
    notes: list[tuple[str, str, str]] = field(default_factory=list)  # (task id, field, note), no data


def parse_variants(variants) -> list[str]:
    """Requested variants in canonical order; unknown names are an ``InputError``."""
    if variants is None:
        return list(VARIANTS)
    if isinstance(variants, str):
        variants = [v for v in variants.split(",")]
    wanted = [v.strip() for v in variants if v.strip()]
    for v in wanted:
        if v not in VARIANTS:
            raise InputError("--variants", f"unknown variant (choose from {', '.join(VARIANTS)})")
    if not wanted:
        raise InputError("--variants", "no variant given")
    return [v for v in VARIANTS if v in wanted]


def _read_references(task: TaskSpec, tasks_file: str, skip_unsupported: bool
                     ) -> tuple[list[ExtractedReference], ExtractedReference | None, list[SkippedReference]]:
    refs: list[ExtractedReference] = []
    skipped: list[SkippedReference] = []
    for i, path in enumerate(task.reference_files):
        where = f"reference_files[{i}]"
        try:
            refs.append(extract_reference(path))
        except UnsupportedReference as exc:
            if not skip_unsupported:
                raise InputError(tasks_file, f"field '{where}': {exc} (use --skip-unsupported to leave it out)",
                                 record=f"task {task.id}") from None
            skipped.append(SkippedReference(task.id, where, str(exc)))
        except BadReference as exc:
            raise InputError(tasks_file, f"field '{where}': {exc}", record=f"task {task.id}") from None
    rubric = None
    if task.rubric is not None:
        try:
            rubric = extract_reference(task.rubric)
        except (UnsupportedReference, BadReference) as exc:
            raise InputError(tasks_file, f"field 'rubric': {exc}", record=f"task {task.id}") from None
    return refs, rubric, skipped


def _write(path: Path, content: str | bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        path.write_bytes(content)
        return
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(content)


def _conversation_stem(conv: Conversation) -> str:
    date = iso_time(conv.created)
    return f"{date[:10] if date else 'undated'}_{conv.id}"


def _write_history(folder: Path, conversations: list[Conversation]) -> dict[str, str]:
    """One transcript + one JSON per conversation; returns conversation id → transcript path."""
    files: dict[str, str] = {}
    for conv in conversations:
        stem = _conversation_stem(conv)
        _write(folder / "conversation_history" / f"{stem}.md", conversation_markdown(conv))
        _write(folder / "conversation_history" / f"{stem}.json", dump_json(conv))
        files[conv.id] = f"conversation_history/{stem}.md"
    return files


def _write_variant(folder: Path, variant: str, task: ScrubbedTask, *, key: bytes, versions: dict,
                   fingerprint: str, skipped: list[SkippedReference]) -> int:
    folder.mkdir(parents=True)
    _write(folder / "prompt.md", task.prompt.strip() + "\n")
    for name, text in task.references:
        _write(folder / "reference_files" / name, text)
    for name, content in task.rubric or ():
        _write(folder / name, content)
    if variant in ("baseline", "no_memories") and task.additional_context.strip():
        _write(folder / "additional_context.md", task.additional_context.strip() + "\n")
    if variant != "no_memories":
        _write(folder / "memories.md", memories_markdown(task.memories))
        _write(folder / "memories.json", dump_json(task.memories))
    conversations = task.conversations
    inserted = 0
    if variant == "context_in_conversations":
        conversations, records = apply_plan(task.plan, task.conversations, key=key, task_id=task.task_id)
        files = _write_history(folder, conversations)
        by_id = {c.id: c for c in conversations}
        rows = []
        for r in records:
            p = r.plan
            conv = by_id[p.conversation_id]
            position = next(i for i, m in enumerate(conv.messages) if m.id == r.user_message_id)
            rows.append({
                "fact_index": p.fact_index,
                "fact": p.user_text,
                "fact_first_person": p.fact,
                "rewrite": p.rewrite,
                "assistant_reply": p.reply,
                "conversation_id": p.conversation_id,
                "conversation_title": conv.title,
                "new_conversation": p.new_conversation,
                "joined_new_conversation": p.joined_new,
                "file": files[p.conversation_id],
                "json_file": files[p.conversation_id][: -len(".md")] + ".json",
                "position": position,
                "user_message_id": r.user_message_id,
                "assistant_message_id": r.assistant_message_id,
                "time": iso_time(r.user_time),
                "timestamp": r.user_time,
                "assistant_time": iso_time(r.assistant_time),
                "similarity": p.similarity,
                "runner_up": None if p.runner_up_id is None else {"conversation_id": p.runner_up_id,
                                                                   "similarity": p.runner_up_similarity},
                "history_median": p.history_median,
                "evidence": evidence(p.similarity, p.history_median),
                "threshold": SIMILARITY_THRESHOLD,
                "decision": f"new conversation when similarity - {MEDIAN_SHARE} * history_median < threshold",
                "reason": _reason(p),
                "method": METHOD,
            })
        _write(folder / "insertions.json", json.dumps(rows, ensure_ascii=False, indent=2, sort_keys=True) + "\n")
        inserted = len(rows)
    elif variant != "no_memories":
        _write_history(folder, conversations)
    kept_convs = [] if variant == "no_memories" else conversations
    manifest = build_manifest(
        folder,
        task_id=task.task_id,
        variant=variant,
        versions=versions,
        workspace_fingerprint=fingerprint,
        extra={
            "contributor_tag": task.contributor_tag,
            "archived_conversation_ids": task.archived_conversation_ids,
            "consent_excluded_conversation_ids": task.consent_excluded_conversation_ids,
            "skipped_reference_files": [{"field": s.field, "reason": s.reason} for s in skipped],
            "reference_file_notes": [{"field": f"reference_files[{i}]", "note": n} for i, n in task.reference_notes],
            "counts": {
                "conversations": len(kept_convs),
                "messages": sum(len(c.messages) for c in kept_convs),
                "memories": 0 if variant == "no_memories" else len(task.memories),
                "reference_files": task.reference_count,
                "facts": len(task.facts),
                "facts_inserted": inserted,
            },
        },
    )
    _write(folder / "manifest.json", json.dumps(manifest, ensure_ascii=False, indent=2, sort_keys=True) + "\n")
    return inserted


def _reason(p) -> str:
    """Why the fact went where it did, in words (no data)."""
    if p.new_conversation:
        return "no conversation's similarity, less half the history's median, reached the threshold: new conversation"
    if p.joined_new:
        return "closest to a conversation opened by an earlier fact"
    return "closest conversation of the history, its similarity less half the history's median at or above the threshold"


def build_packs(tasks_file, out_dir, *, workspace=None, variants=None, skip_unsupported: bool = False,
                force: bool = False, detector=None, review=None, jobs: int = 1, cluster: str | None = None,
                allow=(), study_consistent_names: bool = False) -> PackResult:
    """Build ``out_dir/<task id>/<variant>/`` for every task of ``tasks_file``.

    ``workspace`` is a ``synth.workspace.Workspace`` or a path (default ``./.privacy``).
    Raises ``InputError`` (nothing written) for an invalid task file, an unknown variant,
    an unsupported reference file without ``skip_unsupported``, or an existing ``out_dir``
    without ``force``. ``review``: a ``privacy audit`` review file; its ``leak`` verdicts
    become known identifiers, its ``not_pii`` verdicts (study-wide, or for the task's
    contributor) are kept as written and its ``wrong_type`` verdicts re-typed. ``allow``:
    values kept as written (``--allow`` / ``--allow-file``). ``study_consistent_names``:
    name surrogates keyed by the workspace instead of per contributor (SECURITY.md).
    ``jobs`` / ``cluster``: detection on local worker processes or a Dask scheduler
    (``privacy.scrub.parallel``); the packs are the same either way. ``detector``: a
    ``Detector`` or ``DetectorSettings`` whose settings detection uses (each process loads
    its own); the study-wide allowed values join its allow list.
    """
    from synth.workspace import Workspace

    tasks_path = Path(tasks_file)
    chosen = parse_variants(variants)
    specs = load_tasks(tasks_path)
    material = []
    for spec in specs:
        refs, rubric, skipped = _read_references(spec, str(tasks_path), skip_unsupported)
        material.append((spec, refs, rubric, skipped))

    out = Path(out_dir)
    owned = not isinstance(workspace, Workspace)
    ws = Workspace.open(workspace) if owned else workspace
    try:
        ws.check_output_dir(out)
        known: list[tuple[str, str]] = []
        decisions = None
        allow = list(allow)
        if review is not None:
            from privacy.audit.review import load_review

            decisions = load_review(review, workspace=ws)
            known = list(decisions.known_identifiers)
        # the detector's allow list: study-wide values (a contributor's own go through the rules)
        study_allow = set(allow) | set(decisions.allow_list_for(None) if decisions is not None else ())
        settings = _settings(detector, study_allow)
        from privacy.scrub.parallel import make_backend

        backend = make_backend(jobs=jobs, cluster=cluster, settings=settings)
        try:
            return _build(ws, specs, material, out, chosen, force=force, settings=settings, backend=backend,
                          known=known, allow=allow, review=decisions, study_consistent_names=study_consistent_names,
                          tasks_label=str(tasks_path))
        finally:
            backend.close()
    finally:
        if owned:
            ws.close()


def _settings(detector, study_allow: set[str]):
    """The ``DetectorSettings`` of a build: ``detector`` (a Detector or its settings; default
    settings when None) contributes its settings, the study-wide allowed values join its allow list."""
    from dataclasses import replace

    from privacy.detect import DetectorSettings

    if detector is None:
        base = DetectorSettings()
    else:
        base = detector if isinstance(detector, DetectorSettings) else detector.settings
    if not study_allow:
        return base
    return replace(base, extra_allow=tuple(sorted(set(base.extra_allow) | study_allow)))


def _build(ws, specs, material, out: Path, chosen: list[str], *, force: bool, settings, backend,
           known: list[tuple[str, str]], allow=(), review=None, study_consistent_names: bool = False,
           tasks_label: str = "tasks file") -> PackResult:
    from privacy.scrub.atomic import AtomicDir

    key = ws.subkey("context-packs/insertions")
    versions = tool_versions()
    result = PackResult(out_dir=out, tasks=[s.id for s in specs], variants=chosen)
    titles = TitleBook()  # each head word a new conversation's title adds, once in the build
    with AtomicDir(out, force=force) as tmp:
        for spec, refs, rubric, skipped in material:
            try:
                scrubbed = scrub_task(spec, refs, rubric, ws, key=key, settings=settings, backend=backend,
                                      known_identifiers=known, allow=allow,
                                      review=review, study_consistent_names=study_consistent_names,
                                      titles=titles)
            except (BadReference, UnsupportedReference) as exc:  # a document that cannot be written back
                raise InputError(tasks_label, str(exc), record=f"task {spec.id}") from None
            for variant in chosen:
                result.insertions += _write_variant(
                    tmp / spec.id / variant, variant, scrubbed, key=key, versions=versions,
                    fingerprint=ws.fingerprint, skipped=skipped,
                )
            result.skipped.extend(skipped)
            result.notes += [(spec.id, f"reference_files[{i}]", n) for i, n in scrubbed.reference_notes]
        result.files = sum(1 for p in tmp.rglob("*") if p.is_file())
    return result
