"""``open_export``: one contributor's export (ChatGPT or Claude) as the canonical model.

``Export.conversations()`` streams kept conversations one at a time; archived,
duplicate (older copy of a conversation id), mapping-less and out-of-consent records
are dropped and counted in ``Export.stats``. ``iter_raw_records`` applies exactly the
same decision to raw records for ``privacy scrub``. Memories come from memories
files beside the export, explicit ``memories=[...]`` paths and traces inside kept
conversations; custom instructions from the conversations; the contributor from
``user.json`` / ``users.json``, a profile file and the custom instructions.

``scan()`` reads every conversations member ONCE for all of that (``conversations()``
reads twice: a duplicate pre-pass, then the parse). The export's bytes are read through
two seams only: ``jsonstream.iter_records`` streams a whole conversations member (one call,
one read: ``_records``) and ``ExportSource.read_bytes`` a whole side file; the rest are
sniffs of a member's first bytes (tests count the reads through these two).

(Over 400 lines: ``Export`` holds every read of one export because they share one decision, what
is kept and what is dropped and counted; splitting it would spread that decision over files. The
format parsers live in their own modules.)
"""

from __future__ import annotations

import copy
import os
import re
import sys
from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath
from typing import Iterator

from ingest import chatgpt, claude
from ingest.consent import Consent, check_not_withdrawn, load_consent
from ingest.errors import InputError
from ingest.identity import contributor_from_chatgpt_user, contributor_from_claude_users, load_profile, merge
from ingest.jsonstream import iter_records, load_json
from ingest.memories import dedupe, load_memories_file, parse_memories_bytes
from ingest.model import Contributor, Conversation, CustomInstructions, IngestStats, Memory

SUPPORTED_CLAUDE_MANIFEST = {"1.0", "1"}
_SHARD = re.compile(r"^conversations(?:-\d+)?\.json$", re.I)
_MEMORY_NAME = re.compile(r"(memor|model[-_]set[-_]context)", re.I)
_ASSET_EXT = {".dat", ".png", ".jpg", ".jpeg", ".webp", ".gif", ".wav", ".mp3", ".m4a", ".ogg", ".webm",
              ".mp4", ".pdf", ".docx", ".heic", ".bin"}
_NAME_LINE = re.compile(
    r"(?im)^\s*(?:(?:preferred |full )?name\s*:|my name is\b|call me\b)\s*([^\n,.;:]{2,60}?)\s*\.?$"
)


def _natural(name: str):
    """Sort key putting ``conversations-1000.json`` after ``conversations-999.json``."""
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", name)]


def _base(name: str) -> str:
    return PurePosixPath(name).name


class Export:
    """A parsed export. Build it with ``open_export``; see docs/design.md for the interface."""

    def __init__(self, path, memories=None, consent=None, profile=None):
        from ingest.source import ExportSource

        self.path = Path(path)
        self.consent: Consent | None = _as_consent(consent)
        if self.consent is not None:
            check_not_withdrawn(self.consent, str(consent) if not isinstance(consent, Consent) else "consent record")
        self._profile = load_profile(profile) if profile is not None else None
        if (self.consent is not None and self._profile is not None and self._profile.user_id
                and self._profile.user_id != self.consent.contributor_id):
            raise InputError(str(profile), "profile and consent record name different contributors")
        self._extra_memories: list[Memory] = []
        for mp in memories or []:
            self._extra_memories.extend(load_memories_file(mp))
        self.source = ExportSource(path)
        self._roles: dict[str, str] = {}
        self.format = self._detect()
        self._conv_members = sorted(
            (n for n in self.source.members() if self._roles.get(n) == "conversations"), key=_natural
        )
        self._winners: dict[str, tuple[str, int]] | None = None
        self._older: set[tuple[str, int]] | None = None  # older copies, known after scan()
        self._scanned = False
        self._stats = IngestStats()
        self._memories: list[Memory] = []
        self._cis: list[CustomInstructions] = []
        self._contributor: Contributor | None = None

    # -- layout -------------------------------------------------------------------
    def _sniff(self, name: str, n: int = 65536) -> bytes:
        with self.source.open(name) as fh:
            return fh.read(n)

    def _detect(self) -> str:
        members = self.source.members()
        src = self.source
        names = {m: _base(m).lower() for m in members}
        fmt = None
        for man_name in sorted((m for m in members if names[m] == "manifest.json"), key=len)[:1]:
            man = load_json(src.read_bytes(man_name), src.member_label(man_name))
            if isinstance(man, dict) and isinstance(man.get("data_files"), list):
                ver = str(man.get("version", "1.0"))
                if ver not in SUPPORTED_CLAUDE_MANIFEST:
                    raise InputError(src.member_label(man_name), f"unknown export version {ver!r}")
                fmt = "claude"
        if fmt is None and any(b == "users.json" for b in names.values()):
            fmt = "claude"
        if fmt is None and any(b == "user.json" for b in names.values()):
            fmt = "chatgpt"
        for m in members:
            b = names[m]
            role = self._role_by_name(m, b)
            if role is None and b.endswith(".json") and b != "manifest.json":
                head = self._sniff(m, 4096).lstrip(b"\xef\xbb\xbf \t\r\n")
                if head[:1] == b"[" and b'"mapping"' in self._sniff(m):
                    role = "conversations"
                elif head[:1] in (b"[", b"{") and b'"chat_messages"' in self._sniff(m):
                    role = "conversations"
                elif head[:1] == b"{" and (b'"memories"' in head or b'"conversations_memory"' in head):
                    role = "memories"
                elif head[:1] == b"{" and b'"mapping"' in self._sniff(m):
                    role = "conversations"
            if role is None and src.kind == "file" and b.endswith((".txt", ".md")):
                role = "memories"
            self._roles[m] = role or ("asset" if PurePosixPath(b).suffix in _ASSET_EXT else "side")
        convs = [m for m in members if self._roles[m] == "conversations"]
        if not convs:
            # a folder of memories only: plain-text files there are memories lists
            for m in members:
                if self._roles[m] == "side" and names[m].endswith((".txt", ".md")):
                    self._roles[m] = "memories"
        if fmt is None and convs:
            head = self._sniff(convs[0])
            fmt = "claude" if (b'"chat_messages"' in head or (b'"uuid"' in head and b'"mapping"' not in head)) else "chatgpt"
        if fmt is None and any(r == "memories" for r in self._roles.values()):
            fmt = "chatgpt"
        if fmt is None:
            raise InputError(self.source.label, "wrong shape: no conversations, memories or user file found")
        if src.kind == "file" and not convs and self._roles.get(members[0]) != "memories":
            raise InputError(self.source.label, "wrong shape: not a conversations or memories file")
        return fmt

    def _role_by_name(self, name: str, base: str) -> str | None:
        parts = PurePosixPath(name).parts
        if base in ("manifest.json", "export_manifest.json"):
            return "manifest"
        if base in ("user.json", "users.json"):
            return "user"
        if _SHARD.match(base):
            return "conversations"
        if len(parts) >= 2 and parts[-2] == "design_chats" and base.endswith(".json"):
            return "conversations"
        if base == "projects.json" or (len(parts) >= 2 and parts[-2] == "projects" and base.endswith(".json")):
            return "projects"
        if base == "memories.json" or (len(parts) >= 2 and parts[-2] == "memories" and base.endswith(".json")):
            return "memories"
        if base.endswith((".json", ".txt", ".md")) and _MEMORY_NAME.search(base):
            return "memories"
        if base.endswith((".html", ".htm")):
            return "html"
        return None

    def member_role(self, name: str) -> str:
        """``conversations`` | ``user`` | ``memories`` | ``projects`` | ``asset`` | ``manifest`` | ``html`` | ``side``."""
        if name not in self._roles:
            raise InputError(self.source.label, "no such member in the export", record=name)
        return self._roles[name]

    def member_layout(self, name: str) -> str:
        """``array`` (a list of records) or ``object`` (one record, e.g. Claude ``design_chats/<uuid>.json``).

        ``iter_raw_records`` yields one record for an ``object`` member; a rewriter keeps
        the shape by writing that record back as an object, not a one-element list.
        """
        from ingest.jsonstream import first_char

        with self.source.open(name) as fh:
            c, _ = first_char(fh)
        return "object" if c == b"{" else "array"

    def member_excluded(self, name: str) -> str | None:
        """Why a whole member is out of consent scope (``None`` if in scope)."""
        role = self.member_role(name)
        if self.consent is None:
            return None
        if role == "memories" and not self.consent.allows("memories"):
            return "consent:scope"
        if role in ("asset", "projects") and not self.consent.allows("files"):
            return "consent:scope"
        if role in ("conversations", "html") and not self.consent.allows("conversations"):
            return "consent:scope"
        return None

    # -- records ------------------------------------------------------------------
    def _records(self, name: str):
        label = self.source.member_label(name)
        with self.source.open(name) as fh:
            for idx, rec in iter_records(fh, label, reopen=lambda: self.source.open(name)):
                if idx == 0 and isinstance(rec, dict) and self._is_wrapper(rec, name):
                    raise InputError(label, "wrong shape: a JSON object that is not a conversation record")
                yield idx, rec

    def _is_wrapper(self, rec: dict, name: str) -> bool:
        """A lone object that is not itself a conversation (e.g. ``{"conversations": [...]}``)."""
        if self.format == "chatgpt":
            looks = "mapping" in rec or "current_node" in rec or "conversation_id" in rec
        else:
            looks = claude.is_conversation(rec) or "uuid" in rec
        return not looks and self.member_layout(name) == "object"

    def _key(self, rec: dict) -> str | None:
        return chatgpt.record_key(rec) if self.format == "chatgpt" else claude.record_key(rec)

    def _compute_winners(self) -> dict[str, tuple[str, int]]:
        """Duplicated conversation ids -> (member, index) of the newest copy.

        One streaming pre-pass over every conversations member remembers, per id, the
        newest copy (``update_time``; on a tie the later shard / later record wins).
        Memory grows with the number of conversations, not with their size.
        """
        if self._winners is not None:
            return self._winners
        best: dict[str, tuple[float, int, int, str]] = {}
        dups: set[str] = set()
        for order, name in enumerate(self._conv_members):
            try:
                for idx, rec in self._records(name):
                    if not isinstance(rec, dict):
                        continue
                    k = self._key(rec)
                    if k is None:
                        continue
                    cand = (_updated(rec, self.format), order, idx, name)
                    old = best.get(k)
                    if old is not None:
                        dups.add(k)
                        if cand[:3] < old[:3]:
                            continue
                    best[k] = cand
            except InputError:
                continue  # the main pass reports the error at its record
        self._winners = {k: (best[k][3], best[k][2]) for k in dups}
        return self._winners

    def _decide(self, name: str, idx: int, rec) -> tuple[bool, str | None]:
        """The one rule for every record: (keep, reason)."""
        self._check_object(name, idx, rec)
        winners = self._compute_winners()
        k = self._key(rec)
        if k in winners and winners[k] != (name, idx):
            return False, "duplicate"
        return self._own_decision(rec)

    def _check_object(self, name: str, idx: int, rec) -> None:
        if not isinstance(rec, dict):
            raise InputError(self.source.member_label(name), "wrong shape: conversation record is not an object",
                             record=str(idx))

    def _own_decision(self, rec: dict) -> tuple[bool, str | None]:
        """The rule for one record on its own (everything but the duplicate rule)."""
        k = self._key(rec)
        if self.format == "chatgpt":
            if "mapping" not in rec or rec.get("mapping") is None:
                return False, "skipped:no_mapping"
            if rec.get("is_archived") is True:
                return False, "archived"
            title = rec.get("title") if isinstance(rec.get("title"), str) else None
            created = chatgpt._num(rec.get("create_time"))
            updated = chatgpt._num(rec.get("update_time"))
        else:
            if not claude.is_conversation(rec):
                return False, "skipped:no_messages"
            if rec.get("is_archived") is True:
                return False, "archived"
            title = rec.get("name") if isinstance(rec.get("name"), str) else rec.get("title")
            from ingest.memories import date_to_ts

            created = date_to_ts(rec.get("created_at"))
            updated = date_to_ts(rec.get("updated_at"))
        if self.consent is not None:
            why = self.consent.exclusion_reason(k, title if isinstance(title, str) else None, created, updated)
            if why is not None:
                return False, f"consent:{why}"
        return True, None

    def iter_raw_records(self, name: str) -> Iterator[tuple[int, dict, bool, str | None]]:
        """For a conversations member: ``(index, raw_dict, keep, reason)`` one record at a time.

        Kept records have out-of-scope parts (custom instructions, memory traces,
        file references) blanked in place when the consent record excludes them.
        """
        if self.member_role(name) != "conversations":
            raise InputError(self.source.member_label(name), "not a conversations member")
        for idx, rec in self._records(name):
            keep, reason = self._decide(name, idx, rec)
            if keep:
                rec = self._prune_raw(rec)
            yield idx, rec, keep, reason

    # -- conversations ------------------------------------------------------------
    def conversations(self) -> Iterator[Conversation]:
        """Kept conversations, one at a time, in member order (shards sorted by name)."""
        stats = IngestStats(consent_record=self.consent is not None)
        cis: list[CustomInstructions] = []
        traces: list[Memory] = []
        for name in self._conv_members:
            label = self.source.member_label(name)
            for idx, rec in self._records(name):
                keep, reason = self._decide(name, idx, rec)
                if not keep:
                    _count_drop(stats, reason)
                    continue
                conv, c_cis, c_mems = self._parse(rec, label, idx)
                cis.extend(c_cis)
                traces.extend(c_mems)
                _Counts.of(conv).add_to(stats)
                yield conv
        self._finish(stats, cis, traces)

    def _parse(self, rec: dict, label: str, idx: int) -> tuple[Conversation, list, list]:
        """A kept record as (conversation, custom instructions, memory traces), consent scope applied."""
        if self.format == "chatgpt":
            parsed = chatgpt.parse_conversation(rec, label, idx)
            conv, c_cis, c_mems = parsed.conversation, parsed.custom_instructions, parsed.memories
        else:
            conv, c_cis, c_mems = claude.parse_conversation(rec, label, idx), [], []
        return self._apply_scope(conv), list(c_cis), list(c_mems)

    def scan(self) -> Iterator[tuple[str, int, object, bool, str | None]]:
        """ONE read of every conversations member (the duplicate pre-pass and the parse of
        ``conversations()`` together): ``(member, index, raw, keep, reason)`` for each record,
        as ``iter_raw_records`` gives them, except that the older copy of a duplicated
        conversation id is not known yet: ``older_copies()`` says which they were once the
        scan is done. Then ``stats``, ``memories``, ``custom_instructions`` and
        ``contributor`` are complete without another read, and ``iter_raw_records`` reads a
        member once, with no pre-pass."""
        stats = IngestStats(consent_record=self.consent is not None)
        best: dict[str, tuple[float, int, int, str]] = {}
        dups: set[str] = set()
        seen: list[tuple] = []  # per record: key, member, index, reason, parsed (or its error, or None)
        for order, name in enumerate(self._conv_members):
            label = self.source.member_label(name)
            for idx, rec in self._records(name):
                self._check_object(name, idx, rec)
                k = self._key(rec)
                if k is not None:
                    cand = (_updated(rec, self.format), order, idx, name)
                    old = best.get(k)
                    if old is not None:
                        dups.add(k)
                    if old is None or cand[:3] >= old[:3]:
                        best[k] = cand
                keep, reason = self._own_decision(rec)
                parsed: tuple | InputError | None = None
                if keep:
                    try:
                        conv, c_cis, c_mems = self._parse(rec, label, idx)
                        parsed = (_Counts.of(conv), c_cis, c_mems)  # counts only: the export is never held
                    except InputError as exc:  # an older copy is dropped unread: raised only if kept
                        parsed = exc
                seen.append((k, name, idx, reason, parsed))
                yield name, idx, (self._prune_raw(rec) if keep else rec), keep, reason
        self._winners = {k: (best[k][3], best[k][2]) for k in dups}
        cis: list[CustomInstructions] = []
        traces: list[Memory] = []
        self._older = set()
        for k, name, idx, reason, parsed in seen:
            if k in self._winners and self._winners[k] != (name, idx):
                self._older.add((name, idx))
                _count_drop(stats, "duplicate")
            elif parsed is None:
                _count_drop(stats, reason)
            elif isinstance(parsed, InputError):
                raise parsed
            else:
                cis.extend(parsed[1])
                traces.extend(parsed[2])
                parsed[0].add_to(stats)
        self._finish(stats, cis, traces)

    def older_copies(self) -> frozenset[tuple[str, int]]:
        """``(member, index)`` of every record ``scan`` gave that is an older copy of a
        conversation id (dropped as ``duplicate``); only after a complete ``scan``."""
        if self._older is None:
            raise RuntimeError("older_copies() before a complete scan()")
        return frozenset(self._older)

    def _apply_scope(self, conv: Conversation) -> Conversation:
        c = self.consent
        if c is None:
            return conv
        drop_kinds = set()
        if not c.allows("custom_instructions"):
            drop_kinds.add("custom_instructions")
        if not c.allows("memories"):
            drop_kinds.add("memory_trace")
        msgs = [m for m in conv.messages if m.kind not in drop_kinds]
        if not c.allows("files"):
            msgs = [
                replace(m, attachments=(), parts=tuple(p for p in m.parts if not p.field.startswith(("metadata.attachments", "attachments["))))
                for m in msgs
            ]
            return replace(conv, messages=tuple(msgs), attachments=())
        return replace(conv, messages=tuple(msgs))

    def _prune_raw(self, rec: dict) -> dict:
        c = self.consent
        if c is None or all(c.allows(x) for x in ("custom_instructions", "memories", "files")):
            return rec
        rec = copy.deepcopy(rec)
        if self.format == "claude":
            if not c.allows("files"):
                for m in rec.get("chat_messages") or []:
                    if isinstance(m, dict):
                        m["attachments"] = []
                        m["files"] = []
            return rec
        for node in (rec.get("mapping") or {}).values():
            msg = node.get("message") if isinstance(node, dict) else None
            if not isinstance(msg, dict) or not isinstance(msg.get("content"), dict):
                continue
            content = msg["content"]
            meta = msg.get("metadata") if isinstance(msg.get("metadata"), dict) else {}
            ct = content.get("content_type")
            is_ci = ct == "user_editable_context" or (
                isinstance(meta.get("user_context_message_data"), dict) and meta.get("is_user_system_message")
            )
            is_mem = ct == "model_editable_context" or (
                str(msg.get("recipient")).split(".")[0] == "bio" and (msg.get("author") or {}).get("role") == "assistant"
            )
            if (is_ci and not c.allows("custom_instructions")) or (is_mem and not c.allows("memories")):
                msg["content"] = _blank(content)
                meta.pop("user_context_message_data", None)
            if not c.allows("files"):
                meta.pop("attachments", None)
                if isinstance(content.get("parts"), list):
                    content["parts"] = [p for p in content["parts"] if not (isinstance(p, dict) and "asset_pointer" in p)]
        return rec

    def _finish(self, stats: IngestStats, cis, traces) -> None:
        c = self.consent
        mems: list[Memory] = []
        if c is None or c.allows("memories"):
            mems = list(self._side_memories()) + list(self._extra_memories) + traces
            if c is not None:
                before = len(mems)
                mems = [m for m in mems if c.in_range(m.created)]
                if before - len(mems):
                    stats.exclusion_reasons["memories:date_range"] += before - len(mems)
        mems = dedupe(mems)
        uniq_cis: list[CustomInstructions] = []
        if c is None or c.allows("custom_instructions"):
            for ci in cis:
                if ci not in uniq_cis:
                    uniq_cis.append(ci)
        stats.memories = len(mems)
        stats.custom_instructions = len(uniq_cis)
        self._memories, self._cis, self._stats = mems, uniq_cis, stats
        self._scanned = True

    def _side_memories(self) -> list[Memory]:
        out: list[Memory] = []
        for name in self.source.members():
            if self._roles.get(name) == "memories":
                out.extend(parse_memories_bytes(self.source.read_bytes(name), self.source.member_label(name)))
        return out

    def _ensure_scanned(self) -> None:
        if not self._scanned:
            for _ in self.scan():
                pass

    # -- summary properties -------------------------------------------------------
    @property
    def stats(self) -> IngestStats:
        """Counts (a full streaming pass runs first if none completed yet)."""
        self._ensure_scanned()
        return self._stats

    @property
    def memories(self) -> list[Memory]:
        self._ensure_scanned()
        return self._memories

    @property
    def custom_instructions(self) -> list[CustomInstructions]:
        self._ensure_scanned()
        return self._cis

    @property
    def contributor(self) -> Contributor:
        """Identifiers from user.json/users.json, the custom instructions and the profile file."""
        if self._contributor is None:
            found: list[Contributor] = []
            for name in self.source.members():
                if self._roles.get(name) == "user":
                    obj = load_json(self.source.read_bytes(name), self.source.member_label(name))
                    label = self.source.member_label(name)
                    if _base(name).lower() == "users.json":
                        found.append(contributor_from_claude_users(obj, label))
                    else:
                        found.append(contributor_from_chatgpt_user(obj, label))
            ci_names = []
            for ci in self.custom_instructions:
                ci_names.extend(m.strip() for m in _NAME_LINE.findall(ci.about_user))
            found.append(Contributor(names=tuple(ci_names)))
            self._contributor = merge(self._profile, *found)
        return self._contributor

    def summary(self) -> dict:
        """``stats.as_dict()`` plus format and consent facts, for ``privacy inspect --json``."""
        d = {"format": self.format}
        d.update(self.stats.as_dict())
        d["consent_record"] = self.consent is not None
        return d

    def close(self) -> None:
        self.source.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _updated(rec: dict, fmt: str) -> float:
    if fmt == "chatgpt":
        u = rec.get("update_time")
        if isinstance(u, (int, float)) and not isinstance(u, bool):
            return float(u)
        return float("-inf")
    from ingest.memories import date_to_ts

    u = date_to_ts(rec.get("updated_at"))
    return u if u is not None else float("-inf")


def _blank(content: dict) -> dict:
    out = {}
    for k, v in content.items():
        if k == "content_type":
            out[k] = v
        elif isinstance(v, str):
            out[k] = ""
        elif isinstance(v, list):
            out[k] = [""] if k == "parts" else []
        else:
            out[k] = None
    return out


def _intern(value):
    return sys.intern(value) if type(value) is str else value


@dataclass(frozen=True)
class _Counts:
    """What one kept conversation adds to ``IngestStats``."""

    content_types: tuple[str, ...]  # one per message
    attachments: int

    @classmethod
    def of(cls, conv: Conversation) -> "_Counts":
        return cls(tuple(_intern(m.content_type) for m in conv.messages), len(conv.attachments))

    def add_to(self, stats: IngestStats) -> None:
        stats.conversations += 1
        stats.messages += len(self.content_types)
        for ct in self.content_types:
            stats.content_types[ct] += 1
        stats.attachments += self.attachments


def _count_drop(stats: IngestStats, reason: str | None) -> None:
    if reason == "archived":
        stats.archived_dropped += 1
    elif reason == "duplicate":
        stats.duplicates_dropped += 1
    elif reason and reason.startswith("skipped"):
        stats.skipped += 1
    elif reason and reason.startswith("consent:"):
        stats.excluded_by_consent += 1
        stats.exclusion_reasons[reason.split(":", 1)[1]] += 1


def _as_consent(consent) -> Consent | None:
    if consent is None or isinstance(consent, Consent):
        return consent
    return load_consent(consent)


def open_export(path: str | os.PathLike, memories=None, consent=None, profile=None) -> Export:
    """Open a ChatGPT or Claude export (zip, folder, single file).

    ``memories``: extra memories files; ``consent``: a ``Consent`` or a path to a
    consent record (withdrawn -> ``InputError``); ``profile``: a profile file path.
    """
    return Export(path, memories=memories, consent=consent, profile=profile)
