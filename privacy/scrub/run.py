"""``scrub_export`` / ``scrub_exports``: the whole scrub of exports, in three streaming passes.

Pass 1 streams every member and hands the distinct strings to scrub, batch by batch, to
``core.detect_local`` on the backend (this process, ``--jobs`` local processes or a Dask
cluster); only the candidates and what propagation needs come back. Pass 2 streams the
members again and runs ``core.detect_finish`` on the same batches with the corpus-wide
propagation spec: the final findings, kept by text digest. Then ONE ``assign`` of every
distinct (type, original) builds the plain table centrally (``core.build_table``). Pass 3
streams the members a last time and writes the scrubbed export in its own layout (texts
applied on the workers, a window of records at a time), the redaction report, the
summary and the HTML page into a temporary folder renamed into place when complete.
The parsed export is never held whole; the output is the same whatever the backend,
the number of workers or the batch size.
"""

from __future__ import annotations

import collections
import contextlib
import json
import struct
import threading
import time
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from ingest.errors import InputError
from privacy.versions import versions
from privacy.scrub import core
from privacy.scrub import html as html_report
from privacy.scrub.atomic import AtomicDir
from privacy.scrub.ids import EXPORT_FILE_NAME, ID_TOKEN, pseudonymize_identifier, pseudonymize_member_name, shift_iso
from privacy.scrub.jsonstyle import SNIFF_BYTES, sniff
from privacy.scrub.keys import documented_list
from privacy.scrub.names import name_texts, scrubbed_member_name
from privacy.scrub.records import scrub_decision
from privacy.scrub.report import (
    HTML_NAME,
    REPORT_FILES,
    REPORT_NAME,
    SUMMARY_NAME,
    Tally,
    dumps_line,
    dumps_summary,
    report_line,
    summary_dict,
)
from privacy.scrub.text import DEFAULT_KEEP_TYPES, ScrubbedText
from privacy.scrub.walker import Where, record_conversation_id, rewrite

TEXT_SUFFIXES = (".txt", ".jsonl", ".md", ".markdown", ".csv", ".tsv", ".log", ".yaml", ".yml", ".xml")
# Members never copied: renderings of conversations.json that would hold every
# conversation, archived ones included.
DROPPED_MEMBERS_REASON = "HTML rendering of the conversations (would hold archived ones too): not copied"


class NullProgress:
    """Progress sink that shows nothing (the library default)."""

    def stage(self, name: str, total: int | None = None) -> None: ...
    def advance(self, n: int = 1) -> None: ...
    def close(self) -> None: ...


@dataclass(frozen=True)
class ScrubOptions:
    """Settings of one scrub run (CLI flags map one to one)."""

    memories: tuple[str, ...] = ()  # extra memories files (--memories)
    profile: str | None = None  # contributor profile (--profile)
    consent: str | None = None  # consent record (--consent)
    review: str | None = None  # reviewer verdicts from `privacy audit` / `privacy review` (--review)
    allow: tuple[str, ...] = ()  # values kept as written (--allow, --allow-file)
    study_consistent_names: bool = False  # name surrogates keyed by the workspace (--study-consistent-names)
    force: bool = False  # replace an existing output folder
    shift_dates: bool = True  # shift timestamps by the per-contributor offset
    review_threshold: float = 0.6  # findings scored below this go to the review queue
    keep_entity_types: frozenset = DEFAULT_KEEP_TYPES
    detector: object = None  # a Detector instance (default: Detector.get())
    progress: object = None  # a progress sink (stage/advance/close); default: silent
    jobs: int = 1  # local worker processes (--jobs; 1: in this process). Never changes the output
    cluster: str | None = None  # a Dask scheduler address (--cluster); overrides jobs
    batch_chars: int = 200_000  # distinct text per detection batch (tuning only: same output)

    def public(self) -> dict:
        """The options as written to summary.json (no paths: they may carry names)."""
        return {
            "extra_memories_files": len(self.memories),
            "profile": self.profile is not None,
            "consent": self.consent is not None,
            "review": self.review is not None,
            "allow_terms": len(self.allow),
            "study_consistent_names": self.study_consistent_names,
            "shift_dates": self.shift_dates,
            "review_threshold": self.review_threshold,
            "keep_entity_types": sorted(self.keep_entity_types),
        }


@dataclass
class ScrubResult:
    out_dir: Path
    summary: dict
    extra_texts: dict[str, ScrubbedText] = field(default_factory=dict)
    seconds: float = 0.0  # wall-clock time: for the terminal only, never written


# --- member planning ----------------------------------------------------------------


@dataclass
class _Member:
    name: str  # name in the export (or "<memories:i>" for --memories files)
    out_name: str | None  # name in the output; None when not copied
    how: str  # conversations | json | text | asset | dropped
    label: str  # how errors name it
    read: object = None  # () -> bytes
    role: str = ""  # ingest's member role
    reason: str = ""  # why a dropped member is not copied


def _kind_of_bytes(data: bytes) -> str:
    if data[:8] == b"\x89PNG\r\n\x1a\n" or data[:3] == b"\xff\xd8\xff" or data[:6] in (b"GIF87a", b"GIF89a"):
        return "image"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image"
    if (data[:4] == b"RIFF" and data[8:12] == b"WAVE") or data[:3] == b"ID3" or data[:4] in (b"OggS", b"fLaC"):
        return "audio"
    return "file"


def _looks_text(data: bytes) -> bool:
    if b"\x00" in data[:4096]:
        return False
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _plan(exp, pseudonym, options: ScrubOptions) -> list[_Member]:
    src = exp.source
    plan: list[_Member] = []
    for name in src.members():
        role = exp.member_role(name)
        label = src.member_label(name)
        reader = (lambda n=name: src.read_bytes(n))
        if role == "asset":
            plan.append(_Member(name, None, "asset", label, reader, role))
            continue
        excluded = exp.member_excluded(name)
        if role == "html" or excluded:
            why = f"out of consent scope ({excluded})" if excluded else DROPPED_MEMBERS_REASON
            plan.append(_Member(name, None, "dropped", label, reader, role, why))
            continue
        out_name = pseudonymize_member_name(name, pseudonym)  # final name: _final_names, after detection
        if role == "conversations":
            plan.append(_Member(name, out_name, "conversations", label, reader, role))
        elif name.lower().endswith(".json"):
            plan.append(_Member(name, out_name, "json", label, reader, role))
        elif name.lower().endswith(TEXT_SUFFIXES):
            plan.append(_Member(name, out_name, "text", label, reader, role))
        else:
            plan.append(_Member(name, out_name, "sniff", label, reader, role))
    for i, path in enumerate(options.memories):
        p = Path(path)
        ext = p.suffix.lower() if p.suffix.lower() in (".json", ".txt", ".md") else ".txt"
        plan.append(
            _Member(
                f"<memories:{i}>",
                f"extra_memories/memories-{i + 1:03d}{ext}",
                "json" if ext == ".json" else "text",
                str(p),
                (lambda p=p: _read_file(p)),
                "memories",
            )
        )
    return plan


def _read_file(p: Path) -> bytes:
    try:
        return p.read_bytes()
    except OSError as exc:
        raise InputError(str(p), f"cannot read ({exc.strerror or type(exc).__name__})") from None


def _load_json(data: bytes, label: str):
    from ingest.jsonstream import load_json

    return load_json(data, label)


def _decode_text(data: bytes, label: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(label, "not valid UTF-8 text", record=f"byte {exc.start}") from None


# --- visitors -----------------------------------------------------------------------


class _Collect:
    """Passes 1 and 2: list the strings to scrub of one value (in walk order)."""

    def __init__(self):
        self.texts: list[str] = []

    def text(self, value: str, where: Where) -> str:
        if value and not EXPORT_FILE_NAME.match(value):
            self.texts.append(value)
        return value

    def identifier(self, value: str) -> str:
        return value

    def timestamp(self, value):
        return value if not isinstance(value, str) else (value if shift_iso(value, lambda t: t) else None)

    def key(self, value: str) -> str:
        return value


class _Rewrite:
    """Pass 3: scrub strings, pseudonymize identifiers, shift timestamps, write report lines."""

    def __init__(self, run: "_Run"):
        self.run = run
        self.file = ""

    def text(self, value: str, where: Where) -> str:
        run = self.run
        if EXPORT_FILE_NAME.match(value):
            return value  # the name of an export file ("conversations-000.json"): structural
        run.tally.strings_scrubbed += 1
        st = run.scrub(value)
        if st.replacements:
            run.record(self.file, where, st)
        return st.text

    def identifier(self, value: str) -> str:
        return pseudonymize_identifier(value, self.run.pseudonym)

    def timestamp(self, value):
        if not self.run.options.shift_dates:
            return value if not isinstance(value, str) or shift_iso(value, lambda t: t) else None
        if isinstance(value, str):
            return shift_iso(value, self.run.engine.shift_timestamp)
        shifted = self.run.engine.shift_timestamp(float(value))
        return int(round(shifted)) if isinstance(value, int) else shifted

    def key(self, value: str) -> str:
        return pseudonymize_member_name(value, self.run.pseudonym)


# --- compact candidates and findings ------------------------------------------------

# One candidate or finding: start, end, score, and codes of its entity type, recognizer and pass.
_SPAN = struct.Struct("<IIdHHH")


class _Packer:
    """Candidates and findings held between passes, packed to 22 bytes each.

    As Python objects (a tuple or a ``Finding`` with its own copies of the type, recognizer
    and pass names, as unpickled from a worker) one costs 300-400 bytes, and the parent holds
    every candidate of the export between passes 1 and 2 and every finding until the output
    is written: the one part of its memory that grew with the amount of PII. The few distinct
    names get small codes; positions and the score are kept exactly."""

    def __init__(self):
        self._code: dict[str, int] = {}
        self._names: list[str] = []
        self._lock = threading.Lock()

    def code(self, name: str) -> int:
        c = self._code.get(name)
        if c is None:
            with self._lock:
                c = self._code.get(name)
                if c is None:
                    c = len(self._names)
                    if c > 0xFFFF:
                        raise ValueError("too many distinct recognizer/type names to pack")
                    self._names.append(name)
                    self._code[name] = c
        return c

    def pack(self, spans) -> bytes:
        """Candidate tuples ``(start, end, type, score, recognizer, pass)`` or ``Finding`` objects."""
        if not spans:
            return b""
        code = self.code
        out = []
        for sp in spans:
            if isinstance(sp, tuple):
                start, end, etype, score, rec, pass_name = sp
            else:
                start, end, etype, score, rec, pass_name = (sp.start, sp.end, sp.entity_type, sp.score,
                                                            sp.recognizer, sp.pass_name)
            out.append(_SPAN.pack(start, end, score, code(etype), code(rec), code(pass_name)))
        return b"".join(out)

    def cands(self, blob: bytes) -> list[tuple]:
        names = self._names
        return [(a, b, names[t], sc, names[r], names[p]) for a, b, sc, t, r, p in _SPAN.iter_unpack(blob)]

    def findings(self, blob: bytes) -> tuple:
        from privacy.detect.finding import Finding

        names = self._names
        return tuple(Finding(a, b, names[t], sc, names[r], names[p]) for a, b, sc, t, r, p in _SPAN.iter_unpack(blob))


# --- the run ------------------------------------------------------------------------

PSEUDONYM_CACHE = 65_536  # identifiers whose pseudonyms are remembered (cleared when full)


class _Run:
    """Pass-3 state: the table, the report file, the tallies, the HTML page."""

    def __init__(self, exp, engine, options: ScrubOptions, keep_types: frozenset):
        self.exp = exp
        self.engine = engine
        self.options = options
        self.keep_types = keep_types
        self.tally = Tally()
        self.html = html_report.HtmlCollector()
        self.report_fh: IO[str] | None = None
        self.line_no = 0
        self._pseudo_cache: dict[str, str] = {}
        self.packer = _Packer()
        self.findings: dict[bytes, bytes] = {}  # digest of a text -> its final findings, packed
        self.seen: set[bytes] = set()  # digest of every text detection saw
        self.table = None  # core.Table, built once detection is complete
        self.job = None  # core.DetectJob of the export (for strings detection never saw)
        self.applied: dict[str, ScrubbedText] = {}  # texts scrubbed ahead by the backend (one window)
        self.member_names: dict[str, str] = {}  # export member name -> output name
        self.records_dropped: list[dict] = []  # {file, index, reason} per record not written (records.py)

    def pseudonym(self, value: str) -> str:
        p = self._pseudo_cache.get(value)
        if p is None:
            p = self.engine.pseudonym_id(value)
            if len(self._pseudo_cache) >= PSEUDONYM_CACHE:
                self._pseudo_cache.clear()  # ids recur close together (node, parent, children): a small cache does
            self._pseudo_cache[value] = p
        return p

    def findings_of(self, text: str) -> tuple:
        blob = self.findings.get(core.digest(text))
        return self.packer.findings(blob) if blob else ()

    def needs_apply(self, text: str) -> bool:
        return bool(text) and (core.digest(text) in self.findings or bool(ID_TOKEN.search(text)))

    def scrub(self, text: str) -> ScrubbedText:
        st = self.applied.get(text)
        if st is None:
            if text and core.digest(text) not in self.seen:
                return self._unseen(text)
            st = core.apply_text(text, self.findings_of(text), self.table, self.keep_types)
        return st

    def _unseen(self, text: str) -> ScrubbedText:
        """Fail closed: a string the detection passes did not see is analysed on its own
        here (identity hints included) and scrubbed with the engine directly."""
        job = self.job
        local = core.detect_local([text], job)
        fin = core.detect_finish([text], local.cands, job, core.PropagationSpec.union([local]), self.keep_types)
        if fin.pairs:
            self.engine.assign(sorted(fin.pairs))
        return core.apply_text(text, fin.findings[0], core.EngineTable(self.engine), self.keep_types)

    def record(self, file: str, where: Where, st: ScrubbedText) -> None:
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


def _references(obj, ids: set[str]) -> bool:
    if isinstance(obj, str):
        return obj in ids or (bool(ID_TOKEN.search(obj)) and any(m.group(1) in ids for m in ID_TOKEN.finditer(obj)))
    if isinstance(obj, dict):
        return any(_references(v, ids) for v in obj.values())
    if isinstance(obj, list):
        return any(_references(v, ids) for v in obj)
    return False


def _drop_references(obj, ids: set[str]):
    """Side files: remove list entries that refer to a dropped conversation."""
    if not ids:
        return obj
    if isinstance(obj, list):
        return [_drop_references(v, ids) for v in obj if not (isinstance(v, dict) and _references(v, ids))]
    if isinstance(obj, dict):
        return {k: _drop_references(v, ids) for k, v in obj.items()}
    return obj


def _deliberately_dropped(dropped: dict[str, str]) -> set[str]:
    """Original ids of conversations dropped as archived or out of consent."""
    return {c for c, r in dropped.items() if r == "archived" or r.startswith("consent")}


def _scrub_error(label: str, index, exc: BaseException) -> InputError:
    why = "nested too deeply" if isinstance(exc, RecursionError) else type(exc).__name__
    return InputError(label, f"record cannot be scrubbed ({why})", record=str(index))


class _ExportJob:
    """One export through the passes: open → detect (passes 1, 2) → write (pass 3)."""

    def __init__(self, export_path, out_dir, workspace, options: ScrubOptions, extra_texts):
        from ingest import load_consent, open_export
        from privacy.detect import DetectorSettings, IdentityHints
        from synth.surrogates import SurrogateEngine

        self.t0 = time.monotonic()
        self.options = options
        self.progress = options.progress or NullProgress()
        export_path = Path(export_path)
        out_dir = Path(out_dir) if out_dir is not None else default_out_dir(export_path)
        if out_dir.resolve() == export_path.resolve() or export_path.resolve() in out_dir.resolve().parents:
            raise InputError(str(out_dir), "output folder must not be the export or inside it")
        if out_dir.exists() and not options.force:
            raise InputError(str(out_dir), "output folder exists (use --force to replace it)")
        workspace.check_output_dir(out_dir)
        self.out_dir, self.workspace = out_dir, workspace
        consent = load_consent(options.consent) if options.consent else None
        self.exp = exp = open_export(export_path, memories=list(options.memories), consent=consent, profile=options.profile)
        try:
            self.engine = SurrogateEngine(workspace, contributor_id=exp.contributor.user_id or "", shift_dates=options.shift_dates,
                                          study_consistent_names=options.study_consistent_names)
            contributor, detector = exp.contributor, options.detector
            contributor, detector, rules = _apply_review(options, workspace, self.engine.contributor_tag, contributor, detector)
            # workers load their own Detector from these settings (never from this process)
            if detector is None:
                settings = DetectorSettings()
            else:
                settings = detector if isinstance(detector, DetectorSettings) else detector.settings
            hints = IdentityHints.from_contributor(contributor, list(exp.custom_instructions))
            self.job = core.DetectJob(settings, hints, rules=rules)
            self.keep_types = frozenset(options.keep_entity_types)
            self.run = _Run(exp, self.engine, options, self.keep_types)
            self.run.job = self.job
            self.plan = _plan(exp, self.run.pseudonym, options)
            _check_out_names(plan := self.plan)
            self.extra = dict(extra_texts or {})
            self.dropped_orig: dict[str, str] = {}
            self.kept_conversations = 0
            self.distinct = 0
            self.cancelled = False  # set when a sibling export failed: stop streaming
            del plan
        except BaseException:
            exp.source.close()
            raise

    # ---- passes 1 and 2: the strings to scrub ----------------------------------------
    def texts(self) -> Iterator[str]:
        """Every string to scrub, in a fixed order (conversations first, then side files,
        then extra texts); side-file entries about dropped conversations left out."""
        exp, progress = self.exp, self.progress
        self.dropped_orig = dropped_orig = {}
        self.kept_conversations = 0
        for m in sorted(self.plan, key=lambda m: m.how != "conversations"):
            if m.how in ("asset", "dropped"):
                continue
            progress.stage(f"reading {m.out_name}", None)
            if m.how == "conversations":
                for index, raw, keep, reason in exp.iter_raw_records(m.name):
                    progress.advance()
                    write, reason = scrub_decision(exp, raw, keep, reason)
                    if not write:
                        cid = record_conversation_id(raw)
                        if cid is not None and reason != "duplicate":
                            dropped_orig[cid] = reason or "dropped"
                        continue
                    self.kept_conversations += keep
                    if self.cancelled:
                        raise RuntimeError("cancelled")
                    collect = _Collect()
                    try:
                        rewrite(raw, collect)
                    except (TypeError, ValueError, RecursionError) as exc:
                        raise _scrub_error(m.label, index, exc) from None
                    yield from collect.texts
                continue
            data = m.read()
            if m.how == "sniff":
                m.how = "text" if _looks_text(data) else "asset"
                if m.how == "asset":
                    continue
            collect = _Collect()
            if m.how == "json":
                obj = _drop_references(_load_json(data, m.label), _deliberately_dropped(dropped_orig))
                if _is_export_manifest(m):
                    obj = _manifest_without_paths(obj)  # paths are file names: renamed, not scrubbed
                try:
                    rewrite(obj, collect)
                except (TypeError, ValueError, RecursionError) as exc:
                    raise _scrub_error(m.label, 0, exc) from None
            else:
                collect.text(_decode_text(data, m.label), Where())
            progress.advance()
            yield from collect.texts
        for m in self.plan:  # member names: a name in a file name is replaced like any other
            if m.out_name is not None and not m.name.startswith("<"):
                yield from name_texts(m.name)
        for t in self.extra.values():
            if t:
                yield t

    def detect(self, backend) -> None:
        """Pass 1: local detection of each batch of distinct texts on the backend (NER,
        patterns, identity); central union of what propagation needs; pass 2: the same
        batches again for propagation and the final findings (candidates kept from pass 1,
        so NER never runs twice)."""
        job, keep = self.job, self.keep_types
        max_chars = self.options.batch_chars
        progress = self.progress
        values: set = set()
        vocab: set = set()
        packer = self.run.packer
        held: list[list] = []  # per batch: candidates per text, packed (only what pass 2 needs)
        for batch in backend.imap(core.detect_local, ((b, job) for b in core.batches(self.texts(), max_chars))):
            values |= batch.values
            vocab |= batch.vocab
            held.append([packer.pack(cs) for cs in batch.cands])
            del batch
        self.distinct = sum(len(c) for c in held)
        progress.stage(f"detecting in {self.distinct} distinct strings", None)
        progress.advance()
        spec = core.PropagationSpec.of(values, vocab)
        del values, vocab
        shared_spec = backend.share(spec)
        findings = self.run.findings
        pairs: set = set()
        ids: set = set()
        pending_texts: list[list[str]] = []

        def pass2_args():
            for i, b in enumerate(core.batches(self.texts(), max_chars, seen=self.run.seen)):
                cands = [packer.cands(blob) for blob in held[i]]
                held[i] = None  # handed over: free as we go
                pending_texts.append(b)
                yield (b, cands, job, shared_spec, keep)

        try:
            for done in backend.imap(core.detect_finish, pass2_args()):
                b = pending_texts.pop(0)
                for t, fs in zip(b, done.findings, strict=True):
                    if fs:
                        findings[core.digest(t)] = packer.pack(fs)
                pairs |= done.pairs
                ids |= done.ids
        finally:
            backend.release(shared_spec)
        self.pairs, self.ids = pairs, ids
        del shared_spec

    # ---- pass 3: write ----------------------------------------------------------------
    def write(self, backend, tmp: Path) -> ScrubResult:
        exp, run, progress, options = self.exp, self.run, self.progress, self.options
        # ingest's own count of kept conversations and messages (and its stats)
        kept_messages = 0
        for conv in exp.conversations():
            kept_messages += len(conv.messages)
        stats = exp.stats.as_dict()

        progress.stage("assigning surrogates", None)
        run.table = core.build_table(self.engine, self.pairs, self.ids)
        del self.pairs, self.ids
        progress.advance()
        self._final_names()
        ahead = _ApplyAhead(backend, run) if backend.started else None

        dropped_orig = self.dropped_orig
        archived_ids = sorted({run.pseudonym(c) for c, r in dropped_orig.items() if r == "archived"})
        consent_ids = sorted({run.pseudonym(c) for c, r in dropped_orig.items() if r.startswith("consent")})
        # side files lose their entries about deliberately dropped conversations
        dropped_set = _deliberately_dropped(dropped_orig)
        assets: list[dict] = []
        members_dropped: list[dict] = []

        rw = _Rewrite(run)
        files_written: list[str] = []
        with open(tmp / REPORT_NAME, "w", encoding="utf-8", newline="\n") as report_fh:
            run.report_fh = report_fh
            manifests = [m for m in self.plan if _is_export_manifest(m)]
            for m in [m for m in self.plan if m not in manifests] + manifests:
                if m in manifests:
                    rw.file = m.out_name
                    raw = m.read()
                    style = sniff(raw[:SNIFF_BYTES])
                    out = _rewrite_export_manifest(_load_json(raw, m.label), rw, run, tmp, files_written)
                    _write_text(tmp / m.out_name, style.file_text(style.dumps(out) + "\n"))
                    files_written.append(m.out_name)
                    continue
                if m.how == "asset":
                    data = m.read()
                    stem = m.name.rsplit("/", 1)[-1]
                    stem = stem.rsplit(".", 1)[0] if "." in stem else stem
                    assets.append(
                        {"id": pseudonymize_member_name(stem, run.pseudonym), "kind": _kind_of_bytes(data), "size": len(data)}
                    )
                    continue
                if m.how == "dropped":
                    members_dropped.append({"name": pseudonymize_member_name(m.name, run.pseudonym), "reason": m.reason})
                    continue
                progress.stage(f"writing {m.out_name}", None)
                rw.file = m.out_name
                target = tmp / m.out_name
                target.parent.mkdir(parents=True, exist_ok=True)
                if m.how == "conversations":
                    if not _write_conversations(exp, m, rw, run, target, progress, ahead):
                        members_dropped.append({"name": m.out_name, "reason": RECORD_DROPPED_REASON})
                        continue
                elif m.how == "json":
                    raw = m.read()
                    style = sniff(raw[:SNIFF_BYTES])
                    obj = _drop_references(_load_json(raw, m.label), dropped_set)
                    try:
                        out = rewrite(obj, rw)
                        data = style.file_text(style.dumps(out) + "\n")
                        data.encode("utf-8")  # lone surrogates cannot be written
                    except (TypeError, ValueError, RecursionError) as exc:
                        raise _scrub_error(m.label, 0, exc) from None
                    _write_text(target, data)
                else:
                    text = _decode_text(m.read(), m.label)
                    where = Where(parts=[])
                    _write_text(target, rw.text(text, where))
                files_written.append(m.out_name)
                progress.advance()
        run.report_fh = None
        if ahead is not None:
            ahead.close()

        summary = summary_dict(
            tally=run.tally,
            export_format=exp.format,
            stats=stats,
            kept_conversations=self.kept_conversations,
            kept_messages=kept_messages,
            archived_dropped_ids=archived_ids,
            consent_excluded_ids=consent_ids,
            assets_dropped=sorted(assets, key=lambda a: a["id"]),
            members_dropped=members_dropped,
            records_dropped=run.records_dropped,
            files_written=sorted(files_written),
            versions=versions(),
            workspace_fingerprint=str(self.workspace.fingerprint),
            options={**options.public(), "detection": _detection_public(self.job.settings)},
        )
        # the key lists (without the id-keyed dict names: ingest sniffs '"mapping"')
        summary["key_lists"] = {k: v for k, v in documented_list().items() if k != "id_keyed_dicts"}
        # whose output this is, keyed (the audit checks it against that contributor's originals)
        summary["contributor_tag"] = self.engine.contributor_tag
        _write_text(tmp / SUMMARY_NAME, dumps_summary(summary))
        _write_text(tmp / HTML_NAME, html_report.render(summary, run.html))
        progress.stage("renaming into place", None)
        extra_out = {name: run.scrub(t) for name, t in self.extra.items()}
        return ScrubResult(self.out_dir, summary, extra_out, time.monotonic() - self.t0)

    def _final_names(self) -> None:
        """Every copied member keeps its name, less what detection finds in it (ids
        pseudonymized, a person's name replaced by its surrogate), now that the table is built."""
        run = self.run
        for m in self.plan:
            if m.out_name is not None and not m.name.startswith("<"):
                m.out_name = scrubbed_member_name(m.name, run.pseudonym, lambda t: run.scrub(t).text)
                run.member_names[m.name] = m.out_name
        _check_out_names(self.plan)

    def close(self) -> None:
        self.exp.source.close()


class _ApplyAhead:
    """Pass 3 on the workers: the texts of a window of records are scrubbed there with the
    table (broadcast once on Dask; locally each batch carries the entries it needs)."""

    def __init__(self, backend, run: _Run):
        self.backend, self.run = backend, run
        self.shared = backend.share(run.table) if backend.distributed else None

    def prefetch(self, texts: Iterable[str]) -> None:
        run = self.run
        todo = [t for t in dict.fromkeys(texts) if run.needs_apply(t)]
        run.applied = {}
        if not todo:
            return
        n = max(1, -(-len(todo) // self.backend.workers))
        args = []
        for i in range(0, len(todo), n):
            chunk = todo[i : i + n]
            fs = [run.findings_of(t) for t in chunk]
            table = self.shared if self.shared is not None else run.table.subset(chunk, fs)
            args.append((chunk, fs, table, run.keep_types))
        out: dict[str, ScrubbedText] = {}
        for chunk_args, res in zip(args, self.backend.imap(core.apply_batch, args), strict=True):
            out.update(zip(chunk_args[0], res, strict=True))
        run.applied = out

    def close(self) -> None:
        self.run.applied = {}
        self.shared = None


def scrub_export(
    export_path,
    out_dir=None,
    *,
    workspace=None,
    options: ScrubOptions | None = None,
    extra_texts: Mapping[str, str] | None = None,
    backend=None,
) -> ScrubResult:
    """Scrub one export into ``out_dir`` (default ``<name>.scrubbed`` beside it).

    ``workspace`` is a ``synth.workspace.Workspace`` (default: ``Workspace.open()``).
    ``extra_texts`` (name -> text) are detected jointly with the export and returned
    scrubbed in ``result.extra_texts``; they are not written to ``out_dir``.
    ``backend`` (``privacy.scrub.parallel``) runs the batches; default from
    ``options.jobs`` / ``options.cluster``. The output does not depend on it.
    Raises ``InputError`` for bad input; leaves nothing behind on any failure.
    """
    return scrub_exports([export_path], [out_dir], workspace=workspace, options=options,
                         extra_texts=[extra_texts], backend=backend)[0]


IN_FLIGHT_EXPORTS = 4  # exports whose detection runs at the same time (bounded memory)


def scrub_exports(
    export_paths,
    out_dirs=None,
    *,
    workspace=None,
    options: ScrubOptions | None = None,
    extra_texts=None,
    backend=None,
) -> list[ScrubResult]:
    """Scrub several exports in one workspace, one backend for all of them.

    With workers, up to ``IN_FLIGHT_EXPORTS`` exports are detected at the same time (their
    batches keep the workers busy together; detection of one export never depends on
    another), while surrogates are assigned and outputs written one export at a time in
    the given order, so the result equals scrubbing them one after the other in that
    order. One call is one unit: on any failure no output folder of the call is left.
    """
    from concurrent.futures import ThreadPoolExecutor

    from synth.workspace import Workspace

    options = options or ScrubOptions()
    export_paths = list(export_paths)
    out_dirs = list(out_dirs) if out_dirs is not None else [None] * len(export_paths)
    extra_texts = list(extra_texts) if extra_texts is not None else [None] * len(export_paths)
    if not (len(export_paths) == len(out_dirs) == len(extra_texts)):
        raise ValueError("export_paths, out_dirs and extra_texts differ in length")
    if workspace is None:
        workspace = Workspace.open()
    for path, out in zip(export_paths, out_dirs):  # fail fast, before any work
        target = Path(out) if out is not None else default_out_dir(Path(path))
        if target.exists() and not options.force:
            raise InputError(str(target), "output folder exists (use --force to replace it)")
    own = backend is None
    opened: list[_ExportJob] = []
    progress = options.progress or NullProgress()
    try:
        with contextlib.ExitStack() as stack:
            todo = iter(zip(export_paths, out_dirs, extra_texts))

            def open_next():
                path, out, extra = next(todo)
                job = _ExportJob(path, out, workspace, options, extra)
                opened.append(job)
                return job, stack.enter_context(AtomicDir(job.out_dir, force=options.force))

            first = open_next()
            if own:
                from privacy.scrub.parallel import make_backend

                backend = make_backend(jobs=options.jobs, cluster=options.cluster, settings=first[0].job.settings)
            results: list[ScrubResult] = []
            if len(export_paths) == 1 or backend.workers <= 1:
                job, tmp = first
                while True:
                    job.detect(backend)
                    results.append(job.write(backend, tmp))
                    job.close()
                    try:
                        job, tmp = open_next()
                    except StopIteration:
                        break
            else:
                if hasattr(backend, "_ensure"):
                    backend._ensure()  # detection in worker processes only, never in these threads
                tp = ThreadPoolExecutor(max_workers=IN_FLIGHT_EXPORTS)
                pending = collections.deque([(first, tp.submit(first[0].detect, backend))])
                try:
                    while pending:
                        while len(pending) < IN_FLIGHT_EXPORTS:
                            try:
                                nxt = open_next()
                            except StopIteration:
                                break
                            pending.append((nxt, tp.submit(nxt[0].detect, backend)))
                        (job, tmp), fut = pending.popleft()
                        fut.result()
                        results.append(job.write(backend, tmp))
                        job.close()
                except BaseException:
                    for (job, _tmp), _fut in pending:
                        job.cancelled = True  # their text streams stop at the next string
                    raise
                finally:
                    tp.shutdown(wait=True, cancel_futures=True)
            progress.close()
            return results
    except BaseException:
        if own and backend is not None:
            backend.abort()  # do not wait for batches nobody will read
            backend = None
        raise
    finally:
        for j in opened:
            j.close()
        if own and backend is not None:
            backend.close()


def _is_export_manifest(m: _Member) -> bool:
    return m.role == "manifest" and m.name.rsplit("/", 1)[-1] == "export_manifest.json"


def _manifest_without_paths(obj):
    if isinstance(obj, dict) and isinstance(obj.get("export_files"), list):
        return dict(obj, export_files=[
            {k: v for k, v in e.items() if k != "path"} if isinstance(e, dict) else e for e in obj["export_files"]
        ])
    return obj


def _rewrite_export_manifest(obj, rw: "_Rewrite", run: "_Run", tmp: Path, written: list[str]):
    """ChatGPT ``export_manifest.json``: list only the files written, with their new sizes."""
    if not (isinstance(obj, dict) and isinstance(obj.get("export_files"), list)):
        return rewrite(obj, rw)
    entries = []
    for e in obj["export_files"]:
        if not (isinstance(e, dict) and isinstance(e.get("path"), str)):
            entries.append(rewrite(e, rw, Where(parts=["export_files", len(entries)])))
            continue
        new_path = run.member_names.get(e["path"]) or pseudonymize_member_name(e["path"], run.pseudonym)
        if new_path not in written:
            continue  # an asset or dropped file: not in the output
        out = rewrite({k: v for k, v in e.items() if k != "path"}, rw, Where(parts=["export_files", len(entries)]))
        out = {k: (new_path if k == "path" else out[k]) for k in e}
        if isinstance(out.get("size_bytes"), int):
            out["size_bytes"] = (tmp / new_path).stat().st_size
        entries.append(out)
    rest = rewrite({k: v for k, v in obj.items() if k != "export_files"}, rw)
    return {k: (entries if k == "export_files" else rest[k]) for k in obj}


def _detection_public(settings) -> dict:
    """The detection settings as written to summary.json (no allow-list terms or paths)."""
    return {
        "model": settings.model_name,
        "threshold": settings.threshold,
        "ner_gate": settings.ner_gate,
        "propagate": settings.propagate,
        "custom_allow_list": settings.allow_list_path is not None,
        "extra_allow_terms": len(settings.extra_allow),
    }


def _apply_review(options: ScrubOptions, workspace, contributor_tag: str, contributor, detector):
    """Reviewer verdicts and ``--allow`` values: ``leak`` values become known identifiers,
    ``not_pii`` values (study-wide, or this contributor's) and ``--allow`` values are kept
    as written, ``wrong_type`` values re-typed. Returns (contributor, detector, rules)."""
    from dataclasses import replace

    from privacy.detect import DetectorSettings
    from privacy.scrub.rules import ReviewRules

    allow = list(options.allow)
    retype: list[tuple[str, str]] = []
    if options.review:
        from privacy.audit.review import load_review

        rev = load_review(options.review, workspace=workspace)
        add: dict[str, list[str]] = {"names": [], "emails": [], "phones": [], "other_names": []}
        slot = {"PERSON": "names", "EMAIL_ADDRESS": "emails", "PHONE_NUMBER": "phones"}
        for etype, value in rev.known_identifiers:
            add[slot.get(etype, "other_names")].append(value)
        contributor = replace(
            contributor, **{k: tuple(dict.fromkeys(tuple(getattr(contributor, k)) + tuple(v))) for k, v in add.items()}
        )
        allow += rev.allow_list_for(contributor_tag)
        retype = list(rev.retype)
    if allow:  # settings only: the Detector is loaded where detection runs
        base = DetectorSettings() if detector is None else getattr(detector, "settings", detector)
        detector = replace(base, extra_allow=tuple(sorted(set(base.extra_allow) | set(allow))))
    return contributor, detector, ReviewRules.of(allow, retype)


def _check_out_names(plan: list[_Member]) -> None:
    seen: dict[str, str] = {}
    for m in plan:
        if m.out_name is None:
            continue
        if m.out_name in REPORT_FILES:
            raise InputError(m.label, "export member name collides with a report file")
        if m.out_name in seen:
            raise InputError(m.label, "two export members map to the same output name")
        seen[m.out_name] = m.name


APPLY_WINDOW = 256  # records whose texts are scrubbed on the workers together ...
APPLY_WINDOW_CHARS = 1_000_000  # ... or fewer, once their texts reach this many characters:
# the window's parsed records, texts and scrubbed texts are the parent's largest transient
# (256 long conversations are ~5 MB of JSON, ~50 MB as Python objects)


RECORD_DROPPED_REASON = "its one record was dropped (see records_dropped): not copied"


def _kept_records(exp, m: _Member, run: _Run):
    """The records of a conversations member that are written (records.py), the others listed."""
    for index, raw, keep, reason in exp.iter_raw_records(m.name):
        write, reason = scrub_decision(exp, raw, keep, reason)
        if write:
            yield index, raw
        else:
            run.records_dropped.append({"file": m.out_name, "index": index, "reason": reason or "dropped"})


def _write_conversations(exp, m: _Member, rw: _Rewrite, run: _Run, target: Path, progress, ahead=None) -> bool:
    """Write one conversations member in its own layout; False when nothing is left to write
    (an ``object`` member, one record per file, whose record was dropped)."""
    with exp.source.open(m.name) as fh:
        style = sniff(fh.read(SNIFF_BYTES))  # the input's own escaping, separators and indent
    if exp.member_layout(m.name) == "object":
        kept = list(_kept_records(exp, m, run))
        if not kept:
            return False
        (index, raw), = kept
        cid = record_conversation_id(raw)
        where = Where(parts=[], conversation=run.pseudonym(cid) if cid else None)
        with run.engine.ws.vault.batch():
            try:
                out = rewrite(raw, rw, where)
                data = style.file_text(style.dumps(out) + "\n")
                data.encode("utf-8")
            except (TypeError, ValueError, RecursionError) as exc:
                raise _scrub_error(m.label, index, exc) from None
        title = out.get("title") if isinstance(out.get("title"), str) else out.get("name")
        if where.conversation and isinstance(title, str):
            run.html.set_title(where.conversation, title)
        _write_text(target, data)
        progress.advance()
        return True
    records = _kept_records(exp, m, run)
    with open(target, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(style.file_text("["))
        first = True
        out_index = 0
        while True:
            window: list = []
            collect = _Collect() if ahead is not None else None
            chars = 0
            for index, raw in records:
                window.append((index, raw))
                if collect is None:
                    break
                n = len(collect.texts)
                try:
                    rewrite(raw, collect)
                except (TypeError, ValueError, RecursionError):
                    pass  # reported with its record below
                chars += sum(len(t) for t in collect.texts[n:])
                if len(window) >= APPLY_WINDOW or chars >= APPLY_WINDOW_CHARS:
                    break
            if not window:
                break
            if collect is not None:
                ahead.prefetch(collect.texts)
                del collect
            with run.engine.ws.vault.batch():  # new id pseudonyms: one transaction per window
                _write_window(m, window, rw, run, fh, first, out_index, progress, style)
            first = first and not window
            out_index += len(window)
        fh.write("\n]\n" if not first else "]\n")
    run.applied = {}
    return True


def _write_window(m: _Member, window: list, rw: _Rewrite, run: _Run, fh, first: bool, out_index: int, progress,
                  style=None) -> None:
    """The records of one window, scrubbed, as items of the JSON array (``first``: no comma):
    one record per line, or indented like the input (``jsonstyle``)."""
    from privacy.scrub.jsonstyle import DEFAULT

    style = style or DEFAULT
    ind = style.indent
    for index, raw in window:
        cid = record_conversation_id(raw)
        where = Where(parts=[out_index], conversation=run.pseudonym(cid) if cid else None)
        try:
            out = rewrite(raw, rw, where)
            line = style.dumps(out, one_line=not ind)
            if ind:
                line = ind + line.replace("\n", "\n" + ind)
            line.encode("utf-8")  # lone surrogates cannot be written
        except (TypeError, ValueError, RecursionError) as exc:
            raise _scrub_error(m.label, index, exc) from None
        out_index += 1
        if where.conversation and isinstance(out, dict):
            title = out.get("title") if isinstance(out.get("title"), str) else out.get("name")
            if isinstance(title, str):
                run.html.set_title(where.conversation, title)
        fh.write(("\n" if first else ",\n") + line)
        first = False
        progress.advance()


def _write_text(path: Path, text: str) -> None:
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(text)


def default_out_dir(export_path: Path) -> Path:
    """``<name>.scrubbed`` beside the input (``export.zip`` -> ``export.scrubbed``)."""
    p = Path(export_path)
    name = p.name.rstrip("/")
    if p.is_file() and "." in name:
        name = name.rsplit(".", 1)[0]
    return p.parent / f"{name}.scrubbed"
