"""``report.html``: one self-contained page for auditors (inline CSS and JS, no requests).

It shows the totals with a bar chart per entity type, every scrubbed field that had
replacements (grouped by pseudonymous conversation) with each surrogate highlighted
by type and its details on hover, a filter by entity type, and a review queue of
low-confidence findings. Every ``<mark>`` carries ``data-line``: its line number in
``redaction_report.jsonl``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

# Fields shown at most (the JSONL report always has every replacement).
MAX_FIELDS = 5000

_PALETTE = [
    "#f4a3a3", "#a3c9f4", "#b5e3a1", "#f4d9a3", "#d3b1f0", "#a3efe6", "#f0b1d8", "#d6d6a3",
    "#c4c4f7", "#f7c4a8", "#9fd8c0", "#e8b3b3", "#b3d1e8", "#e0e09f", "#c9a3f4", "#a3f4b5",
]


@dataclass
class ShownField:
    file: str
    path: str
    message: str | None
    text: str
    marks: list  # (start, end, line_no, report_line_dict)


@dataclass
class ConversationView:
    conversation: str
    title: str = ""
    fields: list = field(default_factory=list)


class HtmlCollector:
    """Gathers the fields to show while the export is written."""

    def __init__(self, max_fields: int = MAX_FIELDS):
        self.max_fields = max_fields
        self.shown = 0
        self.truncated = False
        self.groups: dict[str, ConversationView] = {}
        self.review: list[tuple[int, dict]] = []

    def add(self, group: str, field_: ShownField) -> None:
        if self.shown >= self.max_fields:
            self.truncated = True
            return
        self.shown += 1
        self.groups.setdefault(group, ConversationView(group)).fields.append(field_)

    def set_title(self, group: str, title: str) -> None:
        if group in self.groups:
            self.groups[group].title = title

    def add_review(self, line_no: int, line: dict) -> None:
        if len(self.review) < self.max_fields:
            self.review.append((line_no, line))


def _tip(line_no: int, r: dict) -> str:
    return (
        f"{r['entity_type']} | recognizer {r['recognizer']} | score {r['score']} | pass {r['pass']}"
        f" | line {line_no} | hash {r['original_hash'][:16]}"
    )


# Longer texts are shown as excerpts around their replacements (every mark kept).
MAX_TEXT = 20_000
CONTEXT = 300


def _windows(f: ShownField) -> list[tuple[int, int]]:
    if len(f.text) <= MAX_TEXT:
        return [(0, len(f.text))]
    wins: list[list[int]] = []
    for start, end, *_ in f.marks:
        a, b = max(0, start - CONTEXT), min(len(f.text), end + CONTEXT)
        if wins and a <= wins[-1][1]:
            wins[-1][1] = max(wins[-1][1], b)
        else:
            wins.append([a, b])
    return [(a, b) for a, b in wins]


def _render_text(f: ShownField) -> str:
    parts = []
    wins = _windows(f)
    for i, (a, b) in enumerate(wins):
        marks = [m for m in f.marks if a <= m[0] and m[1] <= b]
        body = _render_span(f.text, a, b, marks)
        lead = "… " if a > 0 else ""
        tail = " …" if b < len(f.text) else ""
        parts.append(lead + body + tail)
    return "\n".join(parts)


def _render_span(text: str, a: int, b: int, marks: list) -> str:
    out = []
    pos = a
    for start, end, line_no, r in marks:
        out.append(escape(text[pos:start]))
        low = " low" if r.get("low_confidence") else ""
        out.append(
            f'<mark id="r{line_no}" class="m{low}" data-type="{escape(r["entity_type"])}" '
            f'data-line="{line_no}" title="{escape(_tip(line_no, r))}">{escape(text[start:end])}</mark>'
        )
        pos = end
    out.append(escape(text[pos:b]))
    return "".join(out)


def render(summary: dict, collector: HtmlCollector) -> str:
    """The whole page as a string (deterministic)."""
    reps = summary["replacements"]
    by_type: dict = reps["by_entity_type"]
    types = sorted(by_type)
    colour = {t: _PALETTE[i % len(_PALETTE)] for i, t in enumerate(types)}
    top = max(by_type.values(), default=1)
    conv = summary["conversations"]

    css_types = "\n".join(
        f'mark[data-type="{escape(t)}"]{{background:{c}}} .sw-{i}{{background:{c}}}'
        for i, (t, c) in enumerate(colour.items())
    )
    bars = "\n".join(
        f'<div class="bar-row"><span class="bar-label">{escape(t)}</span>'
        f'<span class="bar sw-{i}" style="width:{max(1, round(300 * by_type[t] / top))}px"></span>'
        f'<span class="bar-n">{by_type[t]}</span></div>'
        for i, t in enumerate(types)
    )
    options = "".join(f'<option value="{escape(t)}">{escape(t)} ({by_type[t]})</option>' for t in types)

    sections = []
    for gid in sorted(collector.groups):
        g = collector.groups[gid]
        items = []
        for f in g.fields:
            ftypes = " ".join(sorted({r["entity_type"] for *_, r in f.marks}))
            msg = f" · message {escape(f.message)}" if f.message else ""
            items.append(
                f'<div class="field" data-types="{escape(ftypes)}"><div class="where">{escape(f.file)} '
                f"<code>{escape(f.path)}</code>{msg}</div><pre>{_render_text(f)}</pre></div>"
            )
        label = "conversation" if not gid.startswith("file:") else "file"
        name = gid if label == "conversation" else gid[5:]
        title = f" — {escape(g.title)}" if g.title else ""
        sections.append(
            f'<section class="conv"><h3>{label} <code>{escape(name)}</code>{title}</h3>{"".join(items)}</section>'
        )
    if collector.truncated:
        sections.append(
            f'<p class="note">Only the first {collector.max_fields} fields with replacements are shown; '
            "redaction_report.jsonl lists every replacement.</p>"
        )

    review_rows = "".join(
        f'<tr data-type="{escape(r["entity_type"])}"><td><a href="#r{n}">{n}</a></td><td>{escape(r["entity_type"])}</td>'
        f'<td>{escape(r["surrogate"])}</td><td>{r["score"]}</td><td>{escape(r["recognizer"])}</td>'
        f'<td>{escape(r["conversation_id"] or "")}</td><td><code>{escape(r["path"])}</code></td></tr>'
        for n, r in collector.review
    )

    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>Redaction report</title>
<style>
body{{font:14px/1.45 system-ui,sans-serif;margin:1.5em;color:#222;max-width:1100px}}
h1{{font-size:1.5em}} h2{{font-size:1.2em;margin-top:1.5em;border-bottom:1px solid #ddd}} h3{{font-size:1em}}
.totals td,.totals th,.queue td,.queue th{{padding:2px 10px;text-align:left;border-bottom:1px solid #eee}}
.bar-row{{display:flex;align-items:center;gap:8px;margin:2px 0}} .bar-label{{width:170px;font-family:monospace}}
.bar{{display:inline-block;height:14px;border-radius:2px}} .bar-n{{color:#555}}
pre{{white-space:pre-wrap;word-break:break-word;background:#fafafa;border:1px solid #eee;padding:6px;margin:4px 0 10px}}
.where{{color:#666;font-size:12px}} mark{{padding:0 1px;border-radius:2px;cursor:help}}
mark.low{{outline:2px dashed #c00}} mark.off{{background:none!important;outline:none}}
.hidden{{display:none}} .note{{color:#a00}} code{{font-size:12px}} .help{{color:#555;font-size:13px}}
{css_types}
</style></head><body>
<h1>Redaction report</h1>
<p>Format <b>{escape(summary["format"])}</b> · workspace key fingerprint <code>{escape(summary["workspace_fingerprint"])}</code>
 · tool {escape(summary["versions"].get("privacy", ""))}</p>
<table class="totals">
<tr><th>conversations kept</th><td id="n-kept">{conv["kept"]}</td></tr>
<tr><th>archived dropped</th><td>{conv["archived_dropped"]}</td></tr>
<tr><th>skipped</th><td>{conv["skipped"]}</td></tr>
<tr><th>excluded by consent</th><td>{conv["excluded_by_consent"]}</td></tr>
<tr><th>messages kept</th><td>{summary["messages_kept"]}</td></tr>
<tr><th>assets dropped</th><td>{len(summary["assets_dropped"])}</td></tr>
<tr><th>replacements</th><td id="n-replacements">{reps["total"]}</td></tr>
<tr><th>low-confidence findings</th><td>{summary["low_confidence_findings"]}</td></tr>
</table>
<h2>Replacements per entity type</h2>
<div id="chart">{bars or "<p>No replacements.</p>"}</div>
<h2>Review queue (low confidence)</h2>
<p class="help">Findings scored below {escape(str(summary["options"].get("review_threshold", "")))}: check that each is personal data (outlined in the text below).</p>
{('<table class="queue"><tr><th>line</th><th>type</th><th>surrogate</th><th>score</th><th>recognizer</th><th>conversation</th><th>path</th></tr>' + review_rows + '</table>') if review_rows else '<p id="queue-empty">No low-confidence findings.</p>'}
<h2>Scrubbed fields</h2>
<p class="help">Every replacement is highlighted by type; hover for recognizer, score, pass, report line and keyed hash.</p>
<p><label>Entity type <select id="type-filter"><option value="">all</option>{options}</select></label>
 <span id="shown-count"></span></p>
<div id="fields">{"".join(sections)}</div>
<script>
(function(){{
  var sel=document.getElementById('type-filter');
  function apply(){{
    var t=sel.value, shown=0;
    document.querySelectorAll('mark.m').forEach(function(m){{
      var on=!t||m.dataset.type===t; m.classList.toggle('off',!on);
    }});
    document.querySelectorAll('.field').forEach(function(f){{
      var has=!t||(' '+f.dataset.types+' ').indexOf(' '+t+' ')>=0;
      f.classList.toggle('hidden',!has);
      if(has){{shown+=f.querySelectorAll(t?'mark.m[data-type="'+t+'"]':'mark.m').length;}}
    }});
    document.querySelectorAll('section.conv').forEach(function(s){{
      s.classList.toggle('hidden',!s.querySelector('.field:not(.hidden)'));
    }});
    document.querySelectorAll('.queue tr[data-type]').forEach(function(r){{
      r.classList.toggle('hidden',!!t&&r.dataset.type!==t);
    }});
    document.getElementById('shown-count').textContent=shown+' highlighted';
  }}
  sel.addEventListener('change',apply); apply();
}})();
</script>
</body></html>
"""
