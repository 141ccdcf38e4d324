"""One export through the scrub: open → detect (passes 1 and 2) → assign → write (pass 3).

``ExportJob`` is the export front end of the core (``scrubber.Scrubber``): it opens the
export, plans its members (``plan``), streams every string to scrub in a fixed order
(``texts``: conversations first, then side files, member names and extra texts) for the
scrubber's two detection passes, then writes the output (``writer``) with the table the
scrubber assigned, the summary, the redaction report and the HTML page. The parsed
export is never held whole; the output is the same whatever the backend, the number of
workers or the batch size.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

from ingest.errors import InputError
from privacy.scrub import core
from privacy.scrub import scrubber as core_scrubber
from privacy.scrub import html as html_report
from privacy.scrub.backend import Backend
from privacy.scrub.ids import pseudonymize_member_name
from privacy.scrub.keys import documented_list
from privacy.scrub.manifest import manifest_without_paths, write_export_manifest
from privacy.scrub.names import name_texts, scrubbed_member_name
from privacy.scrub.options import (
    NullProgress,
    ScrubOptions,
    ScrubResult,
    detection_public,
)
from privacy.scrub.plan import (
    check_out_names,
    decode_text,
    is_export_manifest,
    kind_of_bytes,
    load_json,
    looks_text,
    plan_members,
)
from privacy.scrub.records import deliberately_dropped, drop_references
from privacy.scrub.scan import scan_records
from privacy.scrub.report import (
    HTML_NAME,
    REPORT_NAME,
    SUMMARY_NAME,
    dumps_summary,
    summary_dict,
)
from privacy.scrub.rules import apply_review
from privacy.scrub.scrubber import Scrubber
from privacy.scrub.visitors import Collect, Rewrite
from privacy.scrub.walker import Where, rewrite, scrub_error
from privacy.scrub.writer import (
    RECORD_DROPPED_REASON,
    Output,
    Pseudonyms,
    write_conversations,
    write_json_member,
    write_text,
    write_text_member,
)
from privacy.versions import versions


def default_out_dir(export_path: Path) -> Path:
    """``<name>.scrubbed`` beside the input (``export.zip`` -> ``export.scrubbed``)."""
    p = Path(export_path)
    name = p.name.rstrip("/")
    if p.is_file() and "." in name:
        name = name.rsplit(".", 1)[0]
    return p.parent / f"{name}.scrubbed"


def _settings(detector):
    """The ``DetectorSettings`` of ``options.detector`` (a Detector, its settings, or None)."""
    from privacy.detect import DetectorSettings

    if detector is None:
        return DetectorSettings()
    return detector if isinstance(detector, DetectorSettings) else detector.settings


class ExportJob:
    """One export through the passes: open → detect (passes 1, 2) → write (pass 3)."""

    def __init__(self, export_path, out_dir, workspace, options: ScrubOptions, extra_texts):
        from ingest import load_consent, open_export
        from privacy.detect import IdentityHints
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
            # the first read: records to write, their strings, ingest's counts and custom instructions
            self.scan = scan_records(exp, core_scrubber.HOLD_CHARS, self.progress)
            self.engine = SurrogateEngine(workspace, contributor_id=exp.contributor.user_id or "", shift_dates=options.shift_dates,
                                          study_consistent_names=options.study_consistent_names)
            # workers load their own Detector from these settings (never from this process)
            contributor, settings, rules = apply_review(options, workspace, self.engine.contributor_tag,
                                                        exp.contributor, _settings(options.detector))
            hints = IdentityHints.from_contributor(contributor, list(exp.custom_instructions))
            self.job = core.DetectJob(settings, hints, rules=rules)
            self.keep_types = frozenset(options.keep_entity_types)
            self.pseudonym = Pseudonyms(self.engine)
            self.plan = plan_members(exp, self.pseudonym, options)
            check_out_names(self.plan)
            self.extra = dict(extra_texts or {})
            self.dropped_orig, self.kept_conversations = self._dropped_and_kept()
            self.scrubber: Scrubber | None = None  # made by ``detect``, on the run's backend
            self.cancelled = False  # set when a sibling export failed: stop streaming
        except BaseException:
            exp.source.close()
            raise

    # ---- passes 1 and 2: the strings to scrub ----------------------------------------
    def _dropped_and_kept(self) -> tuple[dict[str, str], int]:
        """Original id -> why, of the conversations not written (duplicates aside), and how many
        conversations ingest keeps, over the members written as conversations."""
        dropped: dict[str, str] = {}
        kept = 0
        for m in self.plan:
            if m.how != "conversations":
                continue
            for s in self.scan.members.get(m.name, ()):
                kept += s.keep
                if not s.write and s.conversation is not None and s.reason != "duplicate":
                    dropped[s.conversation] = s.reason or "dropped"
        return dropped, kept

    def texts(self) -> Iterator[str]:
        """Every string to scrub, in a fixed order (conversations first, then side files,
        then member names and extra texts); side-file entries about dropped conversations left out."""
        progress, dropped_orig = self.progress, self.dropped_orig
        for m in sorted(self.plan, key=lambda m: m.how != "conversations"):
            if m.how in ("asset", "dropped"):
                continue
            progress.stage(f"reading {m.out_name}", None)
            if m.how == "conversations":
                for t in self.scan.texts(self.exp, m.name, m.label):
                    if self.cancelled:
                        raise RuntimeError("cancelled")
                    yield t
                progress.advance()
                continue
            data = m.data()
            if m.how == "sniff":
                m.how = "text" if looks_text(data) else "asset"
                if m.how == "asset":
                    continue
            collect = Collect()
            if m.how == "json":
                obj = drop_references(load_json(data, m.label), deliberately_dropped(dropped_orig))
                if is_export_manifest(m):
                    obj = manifest_without_paths(obj)  # paths are file names: renamed, not scrubbed
                try:
                    rewrite(obj, collect)
                except (TypeError, ValueError, RecursionError) as exc:
                    raise scrub_error(m.label, 0, exc) from None
            else:
                collect.text(decode_text(data, m.label), Where())
            progress.advance()
            yield from collect.texts
        for m in self.plan:  # member names: a name in a file name is replaced like any other
            if m.out_name is not None and not m.name.startswith("<"):
                yield from name_texts(m.name)
        for t in self.extra.values():
            if t:
                yield t

    def detect(self, backend: Backend) -> None:
        """Passes 1 and 2 on ``backend``: the scrubber detects every string of ``texts``."""
        self.scrubber = Scrubber(self.engine, self.job, backend=backend, keep_types=self.keep_types,
                                 batch_chars=self.options.batch_chars)
        self.scrubber.detect(self.texts, progress=self.progress)
        self.scan.release()

    # ---- pass 3: write ----------------------------------------------------------------
    def write(self, tmp: Path) -> ScrubResult:
        exp, scrubber, progress, options = self.exp, self.scrubber, self.progress, self.options
        # ingest's own count of kept conversations and messages: its first parse (the hints' custom instructions)
        stats = exp.stats
        kept_messages = stats.messages
        stats = stats.as_dict()

        progress.stage("assigning surrogates", None)
        scrubber.assign()
        progress.advance()
        out = Output(scrubber, options, self.pseudonym, self.final_names(scrubber))

        dropped_orig = self.dropped_orig
        archived_ids = sorted({out.pseudonym(c) for c, r in dropped_orig.items() if r == "archived"})
        consent_ids = sorted({out.pseudonym(c) for c, r in dropped_orig.items() if r.startswith("consent")})
        # side files lose their entries about deliberately dropped conversations
        dropped_set = deliberately_dropped(dropped_orig)
        assets: list[dict] = []
        members_dropped: list[dict] = []

        rw = Rewrite(out)
        files_written: list[str] = []
        with open(tmp / REPORT_NAME, "w", encoding="utf-8", newline="\n") as report_fh:
            out.report_fh = report_fh
            manifests = [m for m in self.plan if is_export_manifest(m)]
            for m in [m for m in self.plan if m not in manifests] + manifests:
                if m in manifests:
                    write_export_manifest(m, rw, out, tmp, files_written)
                    files_written.append(m.out_name)
                    continue
                if m.how == "asset":
                    data = m.take()
                    stem = m.name.rsplit("/", 1)[-1]
                    stem = stem.rsplit(".", 1)[0] if "." in stem else stem
                    assets.append(
                        {"id": pseudonymize_member_name(stem, out.pseudonym), "kind": kind_of_bytes(data), "size": len(data)}
                    )
                    continue
                if m.how == "dropped":
                    members_dropped.append({"name": pseudonymize_member_name(m.name, out.pseudonym), "reason": m.reason})
                    continue
                progress.stage(f"writing {m.out_name}", None)
                rw.file = m.out_name
                target = tmp / m.out_name
                target.parent.mkdir(parents=True, exist_ok=True)
                if m.how == "conversations":
                    if not write_conversations(exp, m, rw, out, target, progress, ahead=scrubber.backend.started):
                        members_dropped.append({"name": m.out_name, "reason": RECORD_DROPPED_REASON})
                        continue
                elif m.how == "json":
                    write_json_member(m, rw, target, dropped_set)
                else:
                    write_text_member(m, rw, target)
                files_written.append(m.out_name)
                progress.advance()
        out.report_fh = None
        scrubber.close()

        summary = summary_dict(
            tally=out.tally,
            export_format=exp.format,
            stats=stats,
            kept_conversations=self.kept_conversations,
            kept_messages=kept_messages,
            archived_dropped_ids=archived_ids,
            consent_excluded_ids=consent_ids,
            assets_dropped=sorted(assets, key=lambda a: a["id"]),
            members_dropped=members_dropped,
            records_dropped=out.records_dropped,
            files_written=sorted(files_written),
            versions=versions(),
            workspace_fingerprint=str(self.workspace.fingerprint),
            options={**options.public(), "detection": detection_public(self.job.settings)},
        )
        # the key lists (without the id-keyed dict names: ingest sniffs '"mapping"')
        summary["key_lists"] = {k: v for k, v in documented_list().items() if k != "id_keyed_dicts"}
        # whose output this is, keyed (the audit checks it against that contributor's originals)
        summary["contributor_tag"] = self.engine.contributor_tag
        write_text(tmp / SUMMARY_NAME, dumps_summary(summary))
        write_text(tmp / HTML_NAME, html_report.render(summary, out.html))
        progress.stage("renaming into place", None)
        extra_out = {name: scrubber.scrub(t) for name, t in self.extra.items()}
        return ScrubResult(self.out_dir, summary, extra_out, time.monotonic() - self.t0)

    def final_names(self, scrubber: Scrubber) -> dict[str, str]:
        """Every copied member keeps its name, less what detection finds in it (ids
        pseudonymized, a person's name replaced by its surrogate), now that the table is
        built. Returns export member name -> output name."""
        names: dict[str, str] = {}
        for m in self.plan:
            if m.out_name is not None and not m.name.startswith("<"):
                m.out_name = scrubbed_member_name(m.name, self.pseudonym, lambda t: scrubber.scrub(t).text)
                names[m.name] = m.out_name
        check_out_names(self.plan)
        return names

    def close(self) -> None:
        self.exp.source.close()
