"""Pass 3 of an export scrub: every member written in its own layout, report lines as we go.

``Output`` is the state of the write: the scrubber (findings and table), the open report
file, the tallies and the HTML page, the pseudonyms of identifiers and the output names.
``write_conversations`` streams a conversations member a window of records at a time:
each record walked once (``visitors.Defer``: ids, dates and keys rewritten, strings left
``Pending``), the window's strings scrubbed together (ahead on the workers when there are
any), then filled in and written;
``write_json_member`` and ``write_text_member`` rewrite a side file whole. Every file is
written in the input's own JSON style (``jsonstyle``) into the run's temporary folder,
which ``atomic.AtomicDir`` renames into place when everything is written.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import IO

from privacy.scrub import html as html_report
from privacy.scrub.jsonstyle import DEFAULT, SNIFF_BYTES, sniff
from privacy.scrub.plan import Member, decode_text, load_json
from privacy.scrub.records import drop_references, scrub_decision
from privacy.scrub.report import Tally, dumps_line, report_line
from privacy.scrub.scrubbed import ScrubbedText
from privacy.scrub.scrubber import Scrubber
from privacy.scrub.visitors import Defer, Rewrite
from privacy.scrub.walker import Pending, Where, record_conversation_id, rewrite, scrub_error

PSEUDONYM_CACHE = 65_536  # identifiers whose pseudonyms are remembered (cleared when full)
APPLY_WINDOW = 256  # records whose texts are scrubbed on the workers together ...
APPLY_WINDOW_CHARS = 1_000_000  # ... or fewer, once their texts reach this many characters:
# the window's parsed records, texts and scrubbed texts are the parent's largest transient
# (256 long conversations are ~5 MB of JSON, ~50 MB as Python objects)
RECORD_DROPPED_REASON = "its one record was dropped (see records_dropped): not copied"


class Pseudonyms:
    """``engine.pseudonym_id`` with a small cache (ids recur close together: node, parent, children)."""

    def __init__(self, engine):
        self.engine = engine
        self._cache: dict[str, str] = {}

    def __call__(self, value: str) -> str:
        p = self._cache.get(value)
        if p is None:
            p = self.engine.pseudonym_id(value)
            if len(self._cache) >= PSEUDONYM_CACHE:
                self._cache.clear()
            self._cache[value] = p
        return p


class Output:
    """Pass-3 state: the scrubber, the report file, the tallies, the HTML page."""

    def __init__(self, scrubber: Scrubber, options, pseudonym: Pseudonyms, member_names: dict[str, str]):
        self.scrubber = scrubber
        self.engine = scrubber.engine
        self.options = options  # privacy.scrub.options.ScrubOptions
        self.pseudonym = pseudonym
        self.member_names = member_names  # export member name -> output name
        self.tally = Tally()
        self.html = html_report.HtmlCollector()
        self.report_fh: IO[str] | None = None
        self.line_no = 0
        self.records_dropped: list[dict] = []  # {file, index, reason} per record not written (records.py)

    def scrub(self, text: str) -> ScrubbedText:
        return self.scrubber.scrub(text)

    def record(self, file: str, where: Where, st: ScrubbedText) -> None:
        """The report lines of one scrubbed field, its tallies and its place on the HTML page."""
        path = where.path()
        marks = []
        for rep in st.replacements:
            low = rep.score < self.options.review_threshold
            line = report_line(
                rep, file=file, path=path, conversation=where.conversation, message=where.message, low_confidence=low
            )
            self.line_no += 1
            self.report_fh.write(dumps_line(line))
            self.tally.add(rep, low)
            marks.append((rep.start, rep.end, self.line_no, line))
            if low:
                self.html.add_review(self.line_no, line)
        self.tally.fields_with_replacements += 1
        group = where.conversation if where.conversation else f"file:{file}"
        self.html.add(group, html_report.ShownField(file, path, where.message, st.text, marks))


def write_text(path: Path, text: str) -> None:
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(text)


def write_json_member(m: Member, rw: Rewrite, target: Path, dropped_ids: set[str]) -> None:
    """A JSON side file, rewritten whole, less its entries about conversations dropped on purpose."""
    raw = m.take()
    style = sniff(raw[:SNIFF_BYTES])
    obj = drop_references(load_json(raw, m.label), dropped_ids)
    try:
        out = rewrite(obj, rw)
        data = style.file_text(style.dumps(out) + "\n")
        data.encode("utf-8")  # lone surrogates cannot be written
    except (TypeError, ValueError, RecursionError) as exc:
        raise scrub_error(m.label, 0, exc) from None
    write_text(target, data)


def write_text_member(m: Member, rw: Rewrite, target: Path) -> None:
    """A text side file (or a ``--memories`` text file): one string, scrubbed."""
    write_text(target, rw.text(decode_text(m.take(), m.label), Where(parts=[])))


def _kept_records(exp, m: Member, out: Output):
    """The records of a conversations member that are written (records.py), the others listed."""
    for index, raw, keep, reason in exp.iter_raw_records(m.name):
        write, reason = scrub_decision(exp, raw, keep, reason)
        if write:
            yield index, raw
        else:
            out.records_dropped.append({"file": m.out_name, "index": index, "reason": reason or "dropped"})


def _title(record) -> str | None:
    title = record.get("title") if isinstance(record.get("title"), str) else record.get("name")
    return title if isinstance(title, str) else None


def write_conversations(exp, m: Member, rw: Rewrite, out: Output, target: Path, progress, ahead: bool = False) -> bool:
    """Write one conversations member in its own layout; False when nothing is left to write
    (an ``object`` member, one record per file, whose record was dropped). ``ahead``: the
    texts of each window are scrubbed on the workers first (``Scrubber.prefetch``)."""
    with exp.source.open(m.name) as fh:
        style = sniff(fh.read(SNIFF_BYTES))  # the input's own escaping, separators and indent
    if exp.member_layout(m.name) == "object":
        kept = list(_kept_records(exp, m, out))
        if not kept:
            return False
        (index, raw), = kept
        cid = record_conversation_id(raw)
        where = Where(parts=[], conversation=out.pseudonym(cid) if cid else None)
        with out.engine.ws.vault.batch():
            try:
                rec = rewrite(raw, rw, where)
                data = style.file_text(style.dumps(rec) + "\n")
                data.encode("utf-8")
            except (TypeError, ValueError, RecursionError) as exc:
                raise scrub_error(m.label, index, exc) from None
        title = _title(rec)
        if where.conversation and title is not None:
            out.html.set_title(where.conversation, title)
        write_text(target, data)
        progress.advance()
        return True
    records = _kept_records(exp, m, out)
    defer = Defer(out)
    defer.file = rw.file
    limit = APPLY_WINDOW if ahead else 1
    with open(target, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(style.file_text("["))
        first = True
        out_index = 0
        while True:
            with out.engine.ws.vault.batch():  # new id pseudonyms: one transaction per window
                window = _walk_window(records, defer, out, out_index, limit)
                if window and ahead:
                    out.scrubber.prefetch(p.value for w in window for p in w.pending)
                _write_window(m, window, defer, out, fh, first, progress, style)
            if not window:
                break
            first = False
            out_index += len(window)
        fh.write("\n]\n" if not first else "]\n")
    out.scrubber.end_prefetch()
    return True


@dataclass
class Walked:
    """One record of a window, walked once: its new value with its strings still ``Pending``
    (or the error the walk raised, reported when the record's turn to be written comes)."""

    index: int
    conversation: str | None  # its pseudonymous id (the HTML page's group)
    record: object
    pending: list[Pending]
    error: BaseException | None = None


def _walk_window(records, defer: Defer, out: Output, out_index: int, limit: int) -> list[Walked]:
    """The next records (at most ``limit``, or fewer once their strings reach
    ``APPLY_WINDOW_CHARS``), each walked once by ``defer``."""
    window: list[Walked] = []
    chars = 0
    for index, raw in records:
        cid = record_conversation_id(raw)
        conversation = out.pseudonym(cid) if cid else None
        where = Where(parts=[out_index + len(window)], conversation=conversation)
        defer.pending = []
        try:
            window.append(Walked(index, conversation, rewrite(raw, defer, where), defer.pending))
        except (TypeError, ValueError, RecursionError) as exc:
            window.append(Walked(index, conversation, None, [], exc))
        chars += sum(len(p.value) for p in defer.pending)
        if len(window) >= limit or chars >= APPLY_WINDOW_CHARS:
            break
    defer.pending = []
    return window


def _write_window(m: Member, window: list[Walked], defer: Defer, out: Output, fh, first: bool, progress,
                  style=None) -> None:
    """The records of one window, their strings scrubbed, as items of the JSON array
    (``first``: no comma): one record per line, or indented like the input (``jsonstyle``)."""
    style = style or DEFAULT
    ind = style.indent
    for w in window:
        try:
            if w.error is not None:
                raise w.error
            defer.fill(w.pending)
            rec = w.record
            line = style.dumps(rec, one_line=not ind)
            if ind:
                line = ind + line.replace("\n", "\n" + ind)
            line.encode("utf-8")  # lone surrogates cannot be written
        except (TypeError, ValueError, RecursionError) as exc:
            raise scrub_error(m.label, w.index, exc) from None
        if w.conversation and isinstance(rec, dict):
            title = _title(rec)
            if title is not None:
                out.html.set_title(w.conversation, title)
        fh.write(("\n" if first else ",\n") + line)
        first = False
        progress.advance()
