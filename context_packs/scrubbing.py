"""Scrub everything one task needs in a single corpus, with one workspace.

The task's conversations (titles, message texts, attachment names), memories,
prompt, added context, first-person facts, reference-file text and names, and
rubric are detected *together* by one ``privacy.scrub.TextScrubber`` built from
the contributor's identity hints — the same entry point ``privacy scrub`` uses — so
one original gets one surrogate in every file of every variant (and the same one
``privacy scrub`` gives it with this workspace). Identifiers are pseudonymized and
times shifted by the contributor's keyed offset, as ``privacy scrub`` does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from ingest.model import Attachment, Conversation, Memory, TextPart
from privacy.scrub.walker import record_conversation_id

from context_packs.extract import ExtractedReference
from context_packs.facts import split_facts
from context_packs.firstperson import rewrite_facts
from context_packs.insertion import PlannedFact, plan_insertions, scrub_plan, texts_of
from context_packs.tasks import TaskSpec


@dataclass
class ScrubbedTask:
    """One task's material, scrubbed: what every variant is cut from."""

    task_id: str
    prompt: str
    additional_context: str
    facts: list[str]  # first person, scrubbed, in context order
    conversations: list[Conversation]  # sorted by (created, id)
    memories: list[Memory]
    references: list[tuple[str, str | bytes]]  # (output file name, content): every file written
    rubric: list[tuple[str, str | bytes]] | None  # the rubric's file(s)
    archived_conversation_ids: list[str]  # pseudonymized, like privacy scrub's summary
    consent_excluded_conversation_ids: list[str]
    contributor_tag: str = ""  # keyed tag of the contributor (Workspace.contributor_tag)
    reference_count: int = 0  # reference files given (a PDF writes two files: itself and its .txt)
    reference_notes: list[tuple[int, str]] = field(default_factory=list)  # (index, note): an image's pixels unread
    plan: list[PlannedFact] = field(default_factory=list)  # context_in_conversations: planned on originals, scrubbed


def _conversation_texts(conv: Conversation) -> list[str]:
    out = [conv.title]
    out += [a.name for a in conv.attachments if a.name]
    for msg in conv.messages:
        out += [p.text for p in msg.parts]
        out += [a.name for a in msg.attachments if a.name]
    return out


def _dropped_ids(exp) -> tuple[list[str], list[str]]:
    """Raw ids of conversations the export holds but ingest drops: (archived, out of consent)."""
    archived: set[str] = set()
    consent: set[str] = set()
    for name in exp.source.members():
        if exp.member_role(name) != "conversations":
            continue
        for _index, raw, keep, reason in exp.iter_raw_records(name):
            if keep or not reason or not isinstance(raw, dict):
                continue
            rid = record_conversation_id(raw)  # the id privacy scrub's summary lists
            if rid is None:
                continue
            if reason == "archived":
                archived.add(rid)
            elif reason.startswith("consent"):
                consent.add(rid)
    return sorted(archived), sorted(consent)


_NAME_SEP = re.compile(r"[-_.\s]+")
_UNSAFE_NAME = re.compile(r"[^\w.,()+ -]+")


def _spaced_stem(file_name: str) -> tuple[str, str]:
    stem, dot, ext = file_name.rpartition(".")
    if not dot or not stem:
        stem, ext = file_name, ""
    return _NAME_SEP.sub(" ", stem).strip(), ext


def scrub_task(task: TaskSpec, references: list[ExtractedReference], rubric: ExtractedReference | None,
               workspace, *, key: bytes = b"", settings=None, backend=None,
               known_identifiers: list[tuple[str, str]] = (), allow: list[str] = (), review=None,
               study_consistent_names: bool = False, titles=None) -> ScrubbedTask:
    """Open the task's export, scrub all of its material in one corpus, return it.

    ``settings``: the ``DetectorSettings`` (default ones when None); ``backend``: where
    detection runs (``privacy.scrub.backend.Backend``; default this process);
    ``allow``: values kept as written (``--allow``); ``review``: a loaded
    ``privacy.audit.review.Review`` whose ``not_pii`` values for this contributor (or the
    study) are kept and ``wrong_type`` values re-typed."""
    from ingest import load_consent, open_export
    from privacy.scrub.rules import with_known_identifiers
    from privacy.scrub.text import TextScrubber

    with open_export(
        task.export,
        memories=[str(p) for p in task.memories],
        consent=load_consent(str(task.consent)) if task.consent else None,
        profile=str(task.profile) if task.profile else None,
    ) as exp:
        conversations = list(exp.conversations())
        memories = list(exp.memories)
        contributor = with_known_identifiers(exp.contributor, list(known_identifiers))
        custom_instructions = list(exp.custom_instructions or [])
        archived, out_of_consent = _dropped_ids(exp)

    names = list(contributor.names) if contributor is not None else []
    rewrites = rewrite_facts(split_facts(task.additional_context), names)
    raw_facts = [r.text for r in rewrites]
    # where each fact goes is decided on the originals: a surrogate word never links two facts
    plan = plan_insertions(raw_facts, conversations, key=key, task_id=task.id,
                           rewrites=[r.method for r in rewrites], titles=titles) if raw_facts else []
    name_stems = [_spaced_stem(r.source_name)[0] for r in references]

    corpus: list[str] = [task.prompt, task.additional_context, *raw_facts, *texts_of(plan), *name_stems]
    for conv in conversations:
        corpus += _conversation_texts(conv)
    corpus += [m.text for m in memories]
    for ref in references + ([rubric] if rubric else []):
        corpus += ref.segments

    from privacy.scrub.rules import ReviewRules

    tag = workspace.contributor_tag(contributor.user_id if contributor is not None else "")
    kept = list(allow) + (review.allow_list_for(tag) if review is not None else [])
    from context_packs.onetype import one_type

    ts = TextScrubber.for_workspace(
        workspace,
        contributor=contributor,
        custom_instructions=custom_instructions,
        settings=settings,
        backend=backend,
        corpus_step=one_type,  # one type per original across the task, before the review rules
        rules=ReviewRules.of(kept, review.retype if review is not None else ()),
        study_consistent_names=study_consistent_names,
    )
    ts.prepare(corpus)
    eng = ts.engine

    def s(text: str) -> str:
        return ts.scrub(text).text if text else text

    def t(ts_value: float | None) -> float | None:
        return None if ts_value is None else eng.shift_timestamp(ts_value)

    def att(a: Attachment) -> Attachment:
        return replace(a, id=eng.pseudonym_id(a.id) if a.id else a.id, name=s(a.name) if a.name else a.name)

    out_convs = []
    for conv in conversations:
        msgs = tuple(
            replace(
                m,
                id=eng.pseudonym_id(m.id) if m.id else m.id,
                parts=tuple(TextPart(p.field, s(p.text)) for p in m.parts),
                created=t(m.created),
                attachments=tuple(att(a) for a in m.attachments),
            )
            for m in conv.messages
        )
        out_convs.append(
            replace(
                conv,
                id=eng.pseudonym_id(conv.id),
                title=s(conv.title),
                created=t(conv.created),
                updated=t(conv.updated),
                messages=msgs,
                attachments=tuple(att(a) for a in conv.attachments),
            )
        )
    out_convs.sort(key=lambda c: (c.created if c.created is not None else float("inf"), c.id))

    out_mems = [
        replace(m, text=s(m.text), id=eng.pseudonym_id(m.id) if m.id else m.id, created=t(m.created))
        for m in memories
    ]

    from privacy.formats import RenderContext

    ctx = RenderContext(shift_days=eng.date_offset_days)
    out_refs: list[tuple[str, str | bytes]] = []
    used: set[str] = set()
    for index, (ref, spaced) in enumerate(zip(references, name_stems)):
        name = ref.output_name(_scrubbed_file_name(ref.source_name, spaced, s))
        stem, dot, ext = name.rpartition(".")
        n = 2
        while name.lower() in used:  # two references whose output names collide
            name = f"{stem}-{n}.{ext}" if dot else f"{name}-{n}"
            n += 1
        used.add(name.lower())
        out_refs += _outputs(ref, name, [s(x) for x in ref.segments], ctx, f"reference_files[{index}]")
    out_rubric = None
    if rubric is not None:
        suffix = Path(rubric.source_name).suffix.lower()
        out_rubric = _outputs(rubric, "rubric" + suffix, [s(x) for x in rubric.segments], ctx, "rubric")

    return ScrubbedTask(
        task_id=task.id,
        prompt=s(task.prompt),
        additional_context=s(task.additional_context),
        facts=[s(f) for f in raw_facts],
        conversations=out_convs,
        memories=out_mems,
        references=out_refs,
        rubric=out_rubric,
        archived_conversation_ids=sorted(eng.pseudonym_id(i) for i in archived),
        consent_excluded_conversation_ids=sorted(eng.pseudonym_id(i) for i in out_of_consent),
        contributor_tag=eng.contributor_tag,
        reference_count=len(references),
        reference_notes=[(i, n) for i, r in enumerate(references) for n in r.notes],
        plan=scrub_plan(plan, s, eng.pseudonym_id, {c.id for c in conversations}),
    )


def _outputs(ref: ExtractedReference, name: str, segments: list[str], ctx, where: str):
    """The files a reference becomes; a document that cannot be written back names its field."""
    from privacy.formats import Broken, Unsupported

    try:
        return ref.outputs(name, segments, ctx)
    except (Broken, Unsupported) as exc:
        raise type(exc)(f"field '{where}': {exc}") from None


def _scrubbed_file_name(name: str, spaced: str, scrub) -> str:
    """The file name with any personal value in it replaced; unchanged names stay as they are."""
    stem, dot, ext = name.rpartition(".")
    if not dot or not stem:
        ext = ""
    new = scrub(spaced) if spaced else spaced
    if new == spaced:
        return name
    new_stem = _UNSAFE_NAME.sub("", "-".join(new.split())).strip(".") or "reference"
    return new_stem + (f".{ext}" if ext else "")
