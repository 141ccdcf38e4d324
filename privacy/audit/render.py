"""The audit report as JSON (machines), text (terminal) and one self-contained HTML page.

The HTML page has no external request of any kind (inline CSS and a few lines of
inline script for the filter), so an auditor can open it offline. Every value is
HTML-escaped; the page shows only what the report holds (no originals).
"""

from __future__ import annotations

import html
import json

from privacy.audit.model import CHECK_TITLES, AuditReport, Finding


def render_json(report: AuditReport) -> str:
    return json.dumps(report.to_dict(), ensure_ascii=False, indent=2) + "\n"


def render_text(report: AuditReport) -> str:
    lines = [f"privacy audit of {report.root}: {report.verdict}"]
    for reason in report.headline_reasons():
        lines.append(f"  not a pass: {reason}")
    lines.append(f"  {report.files_scanned} files, {report.bytes_scanned:,} bytes scanned")
    for check in report.checks.values():
        lines.append(f"{CHECK_TITLES[check.name]}: {check.status.upper()}  ({len(check.failing)} failing, {len(check.findings)} listed)")
        for note in check.notes:
            lines.append(f"    note: {note}")
        for f in check.findings[:50]:
            mark = "FAIL" if f.fails else ("reviewed" if f.verdict else "review")
            lines.append(f"  [{mark}] {f.id} {f.message}")
            if f.text is not None:
                lines.append(f"      value in output: {f.text!r}")
            for loc in f.locations[:2]:
                where = f"{loc.file} {loc.unit}" + (f" @{loc.start}" if loc.start is not None else "")
                lines.append(f"      at {where}")
                if loc.context:
                    lines.append(f"         {loc.context}")
        if len(check.findings) > 50:
            lines.append(f"  ... {len(check.findings) - 50} more (see --json or --html)")
    return "\n".join(lines) + "\n"


_CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:2rem;color:#1b1f24;background:#fafbfc}
h1{font-size:1.5rem} h2{font-size:1.15rem;margin-top:2rem}
.verdict{display:inline-block;padding:.3rem .8rem;border-radius:.4rem;font-weight:700;color:#fff}
.pass{background:#1f883d}.fail{background:#cf222e}.review{background:#bf8700}.skipped,.incomplete{background:#6e7781}
table{border-collapse:collapse;width:100%;margin:.5rem 0;background:#fff}
th,td{border:1px solid #d0d7de;padding:.35rem .5rem;text-align:left;vertical-align:top;font-size:.9rem}
th{background:#f6f8fa} code{font-size:.85rem} .ctx{font-family:ui-monospace,monospace;white-space:pre-wrap;color:#57606a}
.status{font-size:.75rem;padding:.1rem .4rem;border-radius:.3rem;color:#fff}
.note{color:#57606a;font-size:.9rem} #filter{margin:.5rem 0}
"""

_JS = """
document.getElementById('filter').addEventListener('change', function (e) {
  var v = e.target.value;
  document.querySelectorAll('tr.finding').forEach(function (tr) {
    tr.style.display = (v === 'all' || tr.dataset.state === v) ? '' : 'none';
  });
});
"""


def _e(s: object) -> str:
    return html.escape(str(s), quote=True)


def _row(f: Finding) -> str:
    state = "fail" if f.fails else "review"
    locs = "".join(
        f"<div><code>{_e(loc.file)}</code> {_e(loc.unit)}"
        + (f" @{loc.start}" if loc.start is not None else "")
        + (f"<div class='ctx'>{_e(loc.context)}</div>" if loc.context else "")
        + "</div>"
        for loc in f.locations
    )
    extra = ""
    if f.keyed_hash:
        extra += f"<div>keyed hash <code>{_e(f.keyed_hash[:16])}…</code></div>"
    if f.text is not None:
        extra += f"<div>value in output: <code>{_e(f.text)}</code></div>"
    if f.verdict:
        extra += f"<div>review verdict: <b>{_e(f.verdict)}</b></div>"
    return (
        f"<tr class='finding' data-state='{state}' data-check='{_e(f.check)}' id='{_e(f.id)}'>"
        f"<td><code>{_e(f.id)}</code></td><td><span class='status {state}'>{state}</span></td>"
        f"<td>{_e(f.entity_type or '')}</td><td>{'' if f.score is None else f'{f.score:.2f}'}</td>"
        f"<td>{_e(f.message)}{extra}</td><td>{locs}</td></tr>"
    )


def render_html(report: AuditReport) -> str:
    verdict = report.verdict.lower()
    parts = [
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>",
        "<meta http-equiv='Content-Security-Policy' content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'\">",
        f"<title>privacy audit: {_e(report.root)}</title><style>{_CSS}</style></head><body>",
        f"<h1>privacy audit of <code>{_e(report.root)}</code> <span id='verdict' class='verdict {verdict}'>{verdict.upper()}</span></h1>",
        "".join(f"<p class='note not-run'>not a pass: {_e(r)}</p>" for r in report.headline_reasons()),
        f"<p class='note'>{report.files_scanned} files, {report.bytes_scanned:,} bytes scanned"
        + (f"; workspace fingerprint <code>{_e(report.workspace_fingerprint)}</code>" if report.workspace_fingerprint else "; no workspace")
        + "</p>",
        "<table id='summary'><tr><th>check</th><th>status</th><th>failing</th><th>listed</th></tr>",
    ]
    for c in report.checks.values():
        parts.append(
            f"<tr data-check='{c.name}'><td>{_e(CHECK_TITLES[c.name])}</td><td><span class='status {c.status}'>{c.status}</span></td>"
            f"<td>{len(c.failing)}</td><td>{len(c.findings)}</td></tr>"
        )
    parts.append("</table>")
    parts.append(
        "<label>show <select id='filter'><option value='all'>all findings</option>"
        "<option value='fail'>failing only</option><option value='review'>for review only</option></select></label>"
    )
    for c in report.checks.values():
        parts.append(f"<h2 id='check-{c.name}'>{_e(CHECK_TITLES[c.name])}: {c.status}</h2>")
        for note in c.notes:
            parts.append(f"<p class='note'>{_e(note)}</p>")
        if c.findings:
            parts.append("<table><tr><th>id</th><th>state</th><th>type</th><th>score</th><th>finding</th><th>where</th></tr>")
            parts.extend(_row(f) for f in c.findings)
            parts.append("</table>")
    parts.append(f"<script>{_JS}</script></body></html>\n")
    return "".join(parts)
