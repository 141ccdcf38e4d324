"""Which members of an export are written, how, and under which name (``plan_members``).

Every file of the export becomes a ``Member``: conversations (rewritten record by record),
JSON or text side files (rewritten whole), ``sniff`` (text or binary, decided when read),
assets (binary: listed in the summary, never copied) or dropped (an HTML rendering of all
conversations, or a member out of consent scope). ``--memories`` files join as members
``<memories:i>``. The output names are final only once detection is done
(``export.ExportJob``: a name in a file name is replaced like any other).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ingest.errors import InputError
from privacy.scrub.ids import pseudonymize_member_name
from privacy.scrub.options import ScrubOptions
from privacy.scrub.report import REPORT_FILES

TEXT_SUFFIXES = (".txt", ".jsonl", ".md", ".markdown", ".csv", ".tsv", ".log", ".yaml", ".yml", ".xml")
# Members never copied: renderings of conversations.json that would hold every
# conversation, archived ones included.
DROPPED_MEMBERS_REASON = "HTML rendering of the conversations (would hold archived ones too): not copied"


HOLD_BYTES = 16 * 2**20  # a side file up to this size is read once for detection and kept for the write


@dataclass
class Member:
    name: str  # name in the export (or "<memories:i>" for --memories files)
    out_name: str | None  # name in the output; None when not copied
    how: str  # conversations | json | text | asset | dropped
    label: str  # how errors name it
    read: Callable[[], bytes] | None = None
    role: str = ""  # ingest's member role
    reason: str = ""  # why a dropped member is not copied
    _held: bytes | None = field(default=None, repr=False)

    def data(self) -> bytes:
        """The member's bytes for detection: read once, kept for the write when small."""
        if self._held is None:
            data = self.read()
            self._held = data if len(data) <= HOLD_BYTES else None
            return data
        return self._held

    def take(self) -> bytes:
        """The member's bytes for the write (its last use): the kept ones, else read again."""
        data, self._held = self._held, None
        return data if data is not None else self.read()


def kind_of_bytes(data: bytes) -> str:
    if data[:8] == b"\x89PNG\r\n\x1a\n" or data[:3] == b"\xff\xd8\xff" or data[:6] in (b"GIF87a", b"GIF89a"):
        return "image"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image"
    if (data[:4] == b"RIFF" and data[8:12] == b"WAVE") or data[:3] == b"ID3" or data[:4] in (b"OggS", b"fLaC"):
        return "audio"
    return "file"


def looks_text(data: bytes) -> bool:
    if b"\x00" in data[:4096]:
        return False
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def plan_members(exp, pseudonym, options: ScrubOptions) -> list[Member]:
    src = exp.source
    plan: list[Member] = []
    for name in src.members():
        role = exp.member_role(name)
        label = src.member_label(name)
        reader = (lambda n=name: src.read_bytes(n))
        if role == "asset":
            plan.append(Member(name, None, "asset", label, reader, role))
            continue
        excluded = exp.member_excluded(name)
        if role == "html" or excluded:
            why = f"out of consent scope ({excluded})" if excluded else DROPPED_MEMBERS_REASON
            plan.append(Member(name, None, "dropped", label, reader, role, why))
            continue
        out_name = pseudonymize_member_name(name, pseudonym)  # final name: ExportJob.final_names, after detection
        if role == "conversations":
            plan.append(Member(name, out_name, "conversations", label, reader, role))
        elif name.lower().endswith(".json"):
            plan.append(Member(name, out_name, "json", label, reader, role))
        elif name.lower().endswith(TEXT_SUFFIXES):
            plan.append(Member(name, out_name, "text", label, reader, role))
        else:
            plan.append(Member(name, out_name, "sniff", label, reader, role))
    for i, path in enumerate(options.memories):
        p = Path(path)
        ext = p.suffix.lower() if p.suffix.lower() in (".json", ".txt", ".md") else ".txt"
        plan.append(
            Member(
                f"<memories:{i}>",
                f"extra_memories/memories-{i + 1:03d}{ext}",
                "json" if ext == ".json" else "text",
                str(p),
                (lambda p=p: read_file(p)),
                "memories",
            )
        )
    return plan


def read_file(p: Path) -> bytes:
    try:
        return p.read_bytes()
    except OSError as exc:
        raise InputError(str(p), f"cannot read ({exc.strerror or type(exc).__name__})") from None


def load_json(data: bytes, label: str):
    from ingest.jsonstream import load_json

    return load_json(data, label)


def decode_text(data: bytes, label: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(label, "not valid UTF-8 text", record=f"byte {exc.start}") from None


def is_export_manifest(m: Member) -> bool:
    return m.role == "manifest" and m.name.rsplit("/", 1)[-1] == "export_manifest.json"


def check_out_names(plan: list[Member]) -> None:
    seen: dict[str, str] = {}
    for m in plan:
        if m.out_name is None:
            continue
        if m.out_name in REPORT_FILES:
            raise InputError(m.label, "export member name collides with a report file")
        if m.out_name in seen:
            raise InputError(m.label, "two export members map to the same output name")
        seen[m.out_name] = m.name
