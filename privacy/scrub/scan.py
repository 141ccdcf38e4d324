"""The first read of an export's conversations: what is written, and the strings to detect.

``scan_records`` reads every conversations member once, through ingest's ``Export.scan``
(which also completes the counts, custom instructions and contributor ingest gives), and
decides for each record whether the scrub writes it (``records.scrub_decision``, then
ingest's duplicate rule once the scan is done). Each written record's strings
(``visitors.Collect``) are held, for detection, while the export's strings fit in
``hold_chars``; past that they are dropped and ``Scan.texts`` reads the member again
(memory stays bounded however large the export). The write (pass 3) reads it once more.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from privacy.scrub.records import scrub_decision
from privacy.scrub.visitors import Collect
from privacy.scrub.walker import record_conversation_id, rewrite, scrub_error


@dataclass
class Seen:
    """One conversation record as the first read left it."""

    index: int
    conversation: str | None  # its original conversation id
    keep: bool  # ingest's decision (a Conversation of its own)
    write: bool  # the scrub's (records.py: a record without messages is written too)
    reason: str | None
    texts: list[str] = field(default_factory=list)  # its strings, while held
    error: BaseException | None = None  # the walk failed: reported when it is detected


@dataclass
class Scan:
    """Every conversations member's records, in order, after the first read."""

    members: dict[str, list[Seen]]
    held: bool  # every written record's strings are in ``Seen.texts``

    def texts(self, exp, name: str, label: str) -> Iterator[str]:
        """The strings of the written records of member ``name``, in order (held, or read again)."""
        if self.held:
            for s in self.members.get(name, ()):
                if s.error is not None:
                    raise scrub_error(label, s.index, s.error)
                yield from s.texts
            return
        for index, raw, keep, reason in exp.iter_raw_records(name):
            if scrub_decision(exp, raw, keep, reason)[0]:
                collect = Collect()
                try:
                    rewrite(raw, collect)
                except (TypeError, ValueError, RecursionError) as exc:
                    raise scrub_error(label, index, exc) from None
                yield from collect.texts

    def release(self) -> None:
        """Detection is done: the held strings are let go."""
        for seen in self.members.values():
            for s in seen:
                s.texts = []
        self.held = False


def scan_records(exp, hold_chars: int, progress) -> Scan:
    """Read every conversations member of ``exp`` once (see the module docstring)."""
    members: dict[str, list[Seen]] = {}
    held, size = True, 0
    progress.stage("reading the conversations", None)
    for name, index, raw, keep, reason in exp.scan():
        progress.advance()
        write, why = scrub_decision(exp, raw, keep, reason)
        s = Seen(index, record_conversation_id(raw), keep, write, why)
        members.setdefault(name, []).append(s)
        if not (write and held):
            continue
        collect = Collect()
        try:
            rewrite(raw, collect)
        except (TypeError, ValueError, RecursionError) as exc:
            s.error = exc
        s.texts = collect.texts
        size += sum(map(len, collect.texts))
        if size > hold_chars:  # too large to hold: detection reads the members again
            held = False
            for seen in members.values():
                for other in seen:
                    other.texts = []
    older = exp.older_copies()
    for name, seen in members.items():
        for s in seen:
            if (name, s.index) in older:
                s.keep = s.write = False
                s.reason, s.texts, s.error = "duplicate", [], None
    return Scan(members, held)
