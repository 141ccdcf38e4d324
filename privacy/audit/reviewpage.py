"""The data steward's review page: what to check in one output, with the originals.

``review_items(out_dir, workspace)`` gathers, for a scrub output or a packs folder:

* **audit failures** — known originals found by check 1 (``L-``), with the original
  recovered from the vault by keyed hash;
* **residual** findings of check 2 (``R-``): what the detector still finds that is no
  known surrogate;
* **low-confidence** replacements (``S-``): lines of ``redaction_report.jsonl`` scored
  below the review threshold;
* a **sample** of accepted replacements (``S-``): a keyed random choice of the other
  report lines (the same workspace and output give the same sample; no clock).

Each item has the surrogate, the original (the steward holds the workspace key; that is
why the page is written mode 0600 and never beside the shared output), the context, the
recognizer and the reason it is listed. ``render_page(items, ...)`` makes one
self-contained HTML page (inline CSS and script, a ``default-src 'none'`` policy): buttons
and keys (``j``/``k`` move, ``1`` leak, ``2`` not_pii, ``3`` wrong_type, ``4`` undecided,
``s`` save) set verdicts, a form adds a value the scrubber missed (``M-``), and "save"
writes the review file (``privacy/audit/review.py``) that ``privacy scrub``, ``privacy
pack`` and ``privacy audit`` read with ``--review``: downloaded by the browser, or — with
``serve`` on 127.0.0.1 — written by this process to the review file's path.

The shareable ``report.html`` of a scrub is untouched and stays original-free.
"""

from __future__ import annotations

import html
import json
import os
import re
import secrets
import tempfile
import threading
from dataclasses import asdict, dataclass
from pathlib import Path

from ingest.errors import InputError
from privacy.scrub.atomic import write_text_atomic
from privacy.audit.files import iter_files
from privacy.audit.model import stable_id

CONTEXT = 60
DEFAULT_SAMPLE = 20
REPORT = "redaction_report.jsonl"
NEW_TYPES = ("PERSON", "LOCATION", "ORGANIZATION", "DATE_TIME", "DATE_OF_BIRTH", "EMAIL_ADDRESS", "PHONE_NUMBER",
             "STREET_ADDRESS", "POSTAL_CODE", "URL", "USERNAME", "ACCOUNT_NUMBER", "AGE", "NRP")


@dataclass
class Item:
    """One row of the review page."""

    id: str
    kind: str  # "audit failure" | "residual" | "low confidence" | "sample"
    entity_type: str
    surrogate: str = ""  # what the output holds ("" for a value left as written)
    original: str = ""  # the original (from the vault), or the residual value itself
    before: str = ""  # context around the value, as the output reads
    hit: str = ""
    after: str = ""
    recognizer: str = ""
    reason: str = ""
    where: str = ""
    keyed_hash: str = ""
    text: str = ""  # residual: the span as written (what a leak / not_pii verdict acts on)
    contributor: str = ""  # contributor tag of the output (for scope: contributor)
    verdict: str = ""  # pre-filled from an existing review file
    scope: str = "study"
    new_type: str = ""


# --- gathering -------------------------------------------------------------------


_PATH_TOKEN = re.compile(r'\[(\d+)\]|\.([A-Za-z_][A-Za-z0-9_]*)|\[("(?:[^"\\]|\\.)*")\]')


def resolve_path(obj, path: str):
    """The value at a report ``path`` (``$[0].mapping["a-b"].message.content.parts[0]``)."""
    if not path.startswith("$"):
        return None
    pos, cur = 1, obj
    while pos < len(path):
        m = _PATH_TOKEN.match(path, pos)
        if m is None:
            return None
        try:
            if m.group(1) is not None:
                cur = cur[int(m.group(1))]
            elif m.group(2) is not None:
                cur = cur[m.group(2)]
            else:
                cur = cur[json.loads(m.group(3))]
        except (KeyError, IndexError, TypeError):
            return None
        pos = m.end()
    return cur


class _Texts:
    """Field texts of output files, read once each."""

    def __init__(self, root: Path):
        self.root = root
        self._cache: dict[str, object] = {}

    def field(self, file: str, path: str) -> str | None:
        if file not in self._cache:
            p = self.root / file
            try:
                raw = p.read_text(encoding="utf-8", errors="replace")
            except OSError:
                raw = None
            if raw is not None and file.endswith(".json"):
                try:
                    self._cache[file] = ("json", json.loads(raw))
                except ValueError:
                    self._cache[file] = ("text", raw)
            else:
                self._cache[file] = ("text", raw)
        kind, data = self._cache[file]
        if data is None:
            return None
        if kind == "text":
            return data if path == "$" else None
        value = resolve_path(data, path)
        return value if isinstance(value, str) else None


def _contributor_tags(root: Path, rels: list[str]) -> dict[str, str]:
    """folder (relative) -> contributor tag, from summary.json / pack manifest.json."""
    out = {}
    for rel in rels:
        if rel.rsplit("/", 1)[-1] not in ("summary.json", "manifest.json"):
            continue
        try:
            data = json.loads((root / rel).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(data, dict) and isinstance(data.get("contributor_tag"), str):
            out[rel.rsplit("/", 1)[0] if "/" in rel else ""] = data["contributor_tag"]
    return out


def _tag_of(tags: dict[str, str], rel: str) -> str:
    parts = rel.split("/")
    for i in range(len(parts) - 1, -1, -1):
        folder = "/".join(parts[:i])
        if folder in tags:
            return tags[folder]
    return ""


def review_items(out_dir, workspace, *, sample: int = DEFAULT_SAMPLE, audit=None, residual: bool = True) -> list[Item]:
    """Everything to review in ``out_dir`` (see the module docstring), in page order:
    audit failures, residual findings, low-confidence replacements, the sample."""
    from synth.keyed import hmac_bytes

    from privacy.audit.run import audit_dir

    root = Path(out_dir)
    if not root.is_dir():
        raise InputError(str(out_dir), "not a folder")
    rels = [r for r, _ in iter_files(root)]
    tags = _contributor_tags(root, rels)
    originals: dict[tuple[str, str], str] = {}
    by_hash: dict[str, tuple[str, str]] = {}
    for et, original, _sur, kh in workspace.vault.entries():
        originals[(et, kh)] = original
        by_hash.setdefault(kh, (et, original))
    report = audit if audit is not None else audit_dir(root, workspace=workspace, residual=residual)

    items: list[Item] = []
    for f in report.checks["leak"].findings:
        loc = f.locations[0] if f.locations else None
        items.append(Item(
            id=f.id, kind="audit failure", entity_type=f.entity_type or "", original=by_hash.get(f.keyed_hash or "", ("", ""))[1],
            before=loc.context if loc else "", recognizer="leak check (check 1)", reason=f.message,
            where=f"{loc.file} {loc.unit}" if loc else f.file, keyed_hash=f.keyed_hash or "",
            contributor=_tag_of(tags, f.file),
        ))
    for f in report.checks["residual"].findings:
        loc = f.locations[0] if f.locations else None
        before, hit, after = "", f.text or "", ""
        if loc and "⟦" in loc.context and "⟧" in loc.context:
            before, rest = loc.context.split("⟦", 1)
            hit, after = rest.split("⟧", 1)
        items.append(Item(
            id=f.id, kind="residual" + (" (fails)" if f.fails else ""), entity_type=f.entity_type or "",
            original=f.text or "", before=before, hit=hit, after=after, recognizer=f.message.split("(", 1)[-1].split(",")[0],
            reason=f.message, where=f"{loc.file} {loc.unit}" if loc else f.file, text=f.text or "",
            contributor=_tag_of(tags, f.file),
        ))

    texts = _Texts(root)
    low: list[Item] = []
    rest: list[tuple[bytes, Item]] = []
    seen: set[str] = set()
    key = workspace.subkey("review-sample")
    for rel in rels:
        if rel.rsplit("/", 1)[-1] != REPORT:
            continue
        base = rel.rsplit("/", 1)[0] + "/" if "/" in rel else ""
        tag = _tag_of(tags, rel)
        with open(root / rel, encoding="utf-8") as fh:
            for line in fh:
                try:
                    r = json.loads(line)
                except ValueError:
                    continue
                et, kh = r.get("entity_type") or "", r.get("original_hash") or ""
                iid = stable_id("S", et, kh)
                if iid in seen:
                    continue
                field = texts.field(base + (r.get("file") or ""), r.get("path") or "$")
                s, e = int(r.get("start") or 0), int(r.get("end") or 0)
                before = after = ""
                if field is not None and 0 <= s <= e <= len(field):
                    before, after = field[max(0, s - CONTEXT):s], field[e:e + CONTEXT]
                original = originals.get((et, kh)) or (
                    "(shifted date: not in the vault)" if et in ("DATE_TIME", "DATE_OF_BIRTH") else "(not in this workspace)")
                score = r.get("score")
                item = Item(
                    id=iid, kind="low confidence" if r.get("low_confidence") else "sample", entity_type=et,
                    surrogate=r.get("surrogate") or "", original=original, before=before, hit=r.get("surrogate") or "",
                    after=after, recognizer=r.get("recognizer") or "",
                    reason=(f"score {score:.2f}" if isinstance(score, (int, float)) else "") + f", {r.get('pass')} pass"
                    + (" (below the review threshold)" if r.get("low_confidence") else ""),
                    where=f"{base}{r.get('file')} {r.get('path')}", keyed_hash=kh, contributor=tag,
                )
                seen.add(iid)
                if r.get("low_confidence"):
                    low.append(item)
                else:
                    rest.append((hmac_bytes(key, iid), item))
    for iid, item in _pack_replacements(root, rels, tags, workspace, seen):
        rest.append((hmac_bytes(key, iid), item))
    rest.sort(key=lambda x: x[0])
    picked = sorted((it for _k, it in rest[:sample]), key=lambda it: it.where)
    return items + low + picked


_PACK_TEXT = (".md", ".txt")


def _pack_replacements(root: Path, rels: list[str], tags: dict[str, str], workspace, seen: set[str]):
    """Replacements in pack variants (they carry no redaction report): the surrogates of the
    variant's contributor found in its text files, each with the original it stands for."""
    from privacy.audit.matcher import KnownValueMatcher
    from privacy.audit.views import View

    reported = {r.rsplit("/", 1)[0] if "/" in r else "" for r in rels if r.rsplit("/", 1)[-1] == REPORT}
    folders = sorted((f for f in tags if f not in reported and (root / f / "manifest.json").is_file()),
                     key=lambda f: (not f.endswith("/baseline"), f))
    if not folders:
        return
    uses = workspace.vault.uses()
    entries = list(workspace.vault.entries())
    matchers: dict[str, KnownValueMatcher] = {}
    originals = {(et, kh): o for et, o, _s, kh in entries}
    for folder in folders:
        tag = tags[folder]
        if tag not in matchers:
            mine = [(et, sur, "", kh) for et, _o, sur, kh in entries
                    if sur and "." not in et and (uses.get((et, kh)) is None or tag in uses[(et, kh)])]
            matchers[tag] = KnownValueMatcher(mine)
        m = matchers[tag]
        for rel in rels:
            if not rel.startswith(folder + "/") or not rel.endswith(_PACK_TEXT):
                continue
            text = (root / rel).read_text(encoding="utf-8", errors="replace")
            for h in m.find(View(text)):
                iid = stable_id("S", h.entity_type, h.keyed_hash)
                if iid in seen:
                    continue
                seen.add(iid)
                line = text.count("\n", 0, h.start) + 1
                yield iid, Item(
                    id=iid, kind="sample", entity_type=h.entity_type, surrogate=text[h.start:h.end],
                    original=originals.get((h.entity_type, h.keyed_hash), ""), before=text[max(0, h.start - CONTEXT):h.start],
                    hit=text[h.start:h.end], after=text[h.end:h.end + CONTEXT], recognizer="(pack: no redaction report)",
                    reason="a surrogate of this contributor found in the pack", where=f"{rel} line {line}",
                    keyed_hash=h.keyed_hash, contributor=tag,
                )


def prefill(items: list[Item], review_path: Path | None) -> list[dict]:
    """Verdicts already in a review file: set on the items they name; the file's other
    entries (missed values added earlier) are returned to be kept on save."""
    if review_path is None or not Path(review_path).is_file():
        return []
    import yaml

    try:
        data = yaml.safe_load(Path(review_path).read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError):
        raise InputError(str(review_path), "review file is not valid YAML/JSON") from None
    rows = data.get("reviews", []) if isinstance(data, dict) else data
    by_id = {it.id: it for it in items}
    extra = []
    for row in rows or []:
        if not isinstance(row, dict) or not isinstance(row.get("id"), str):
            continue
        it = by_id.get(row["id"])
        if it is None:
            if row.get("verdict"):
                extra.append(row)
            continue
        it.verdict = row.get("verdict") or ""
        it.scope = row.get("scope") or "study"
        it.new_type = row.get("new_type") or ""
    return extra


# --- the page --------------------------------------------------------------------

_CSS = """
body{font-family:system-ui,sans-serif;margin:1.5rem;color:#1b1f24;background:#fafbfc}
h1{font-size:1.3rem} .note{color:#57606a;font-size:.9rem}
table{border-collapse:collapse;width:100%;background:#fff} th,td{border:1px solid #d0d7de;padding:.3rem .45rem;vertical-align:top;font-size:.88rem;text-align:left}
th{background:#f6f8fa} tr.item.current{outline:3px solid #0969da;outline-offset:-3px}
tr.item[data-verdict=leak]{background:#ffebe9} tr.item[data-verdict=not_pii]{background:#dafbe1} tr.item[data-verdict=wrong_type]{background:#fff8c5}
.ctx{font-family:ui-monospace,monospace;white-space:pre-wrap} mark{background:#ffd8b5} code{font-size:.85rem}
.orig{font-weight:700;color:#82071e} button{margin:.1rem} #status{font-weight:700;margin-left:1rem}
"""

_JS = r"""
(function () {
  var rows = Array.prototype.slice.call(document.querySelectorAll('tr.item'));
  var cur = rows.length ? 0 : -1;
  var extra = JSON.parse(document.getElementById('extra').textContent);
  var page = document.body.dataset;
  function focus(i) {
    if (!rows.length) return;
    cur = Math.max(0, Math.min(rows.length - 1, i));
    rows.forEach(function (r, k) { r.classList.toggle('current', k === cur); });
    rows[cur].scrollIntoView({block: 'nearest'});
  }
  function setVerdict(row, v) {
    row.dataset.verdict = v;
    row.querySelector('.verdict').textContent = v || 'undecided';
    count();
  }
  function count() {
    var n = rows.filter(function (r) { return r.dataset.verdict; }).length + extra.length;
    document.getElementById('decided').textContent = n;
  }
  rows.forEach(function (row, k) {
    row.addEventListener('click', function () { focus(k); });
    row.querySelectorAll('button[data-v]').forEach(function (b) {
      b.addEventListener('click', function (e) { e.stopPropagation(); focus(k); setVerdict(row, b.dataset.v); });
    });
  });
  var VERDICTS = {'1': 'leak', '2': 'not_pii', '3': 'wrong_type', '4': ''};
  document.addEventListener('keydown', function (e) {
    var t = e.target.tagName;
    if (t === 'INPUT' || t === 'SELECT' || t === 'TEXTAREA' || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'j') { focus(cur + 1); e.preventDefault(); }
    else if (e.key === 'k') { focus(cur - 1); e.preventDefault(); }
    else if (e.key in VERDICTS && cur >= 0) { setVerdict(rows[cur], VERDICTS[e.key]); e.preventDefault(); }
    else if (e.key === 's') { save(); e.preventDefault(); }
  });
  function fnv(s) {  // a stable id for a value typed in by the reviewer (64-bit FNV-1a, hex)
    var h1 = 0x811c9dc5, h2 = 0xcbf29ce4;
    for (var i = 0; i < s.length; i++) {
      var c = s.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0; h2 = Math.imul(h2 ^ (c * 31 + 7), 0x01000193) >>> 0;
    }
    return ('00000000' + h1.toString(16)).slice(-8) + ('0000' + h2.toString(16)).slice(-4);
  }
  document.getElementById('add-missed').addEventListener('click', function () {
    var text = document.getElementById('missed-text').value.trim();
    var type = document.getElementById('missed-type').value;
    if (!text) return;
    extra.push({id: 'M-' + fnv(type + '\u001f' + text.toLowerCase()), verdict: 'leak', entity_type: type, text: text});
    var li = document.createElement('li'); li.textContent = type + ': ' + text;
    document.getElementById('missed-list').appendChild(li);
    document.getElementById('missed-text').value = '';
    count();
  });
  function entries() {
    var out = [];
    rows.forEach(function (r) {
      var v = r.dataset.verdict;
      if (!v) return;
      var e = {id: r.dataset.id, verdict: v, entity_type: r.dataset.type};
      if (r.dataset.hash) e.keyed_hash = r.dataset.hash;
      if (r.dataset.text) e.text = r.dataset.text;
      if (v === 'not_pii') {
        var scope = r.querySelector('select.scope').value;
        e.scope = scope;
        if (scope === 'contributor') e.contributor = r.dataset.contributor;
      }
      if (v === 'wrong_type') e.new_type = r.querySelector('select.newtype').value;
      out.push(e);
    });
    return out.concat(extra);
  }
  function yaml() {
    var lines = ['# privacy review file, written by the review page of `privacy review`.',
                 '# Keep it with the workspace: it may hold values as written in the output.',
                 'format: privacy-audit-review/1', 'reviews:'];
    entries().forEach(function (e) { lines.push('  - ' + JSON.stringify(e)); });
    if (lines.length === 4) lines[3] = 'reviews: []';
    return lines.join('\n') + '\n';
  }
  function status(s) { document.getElementById('status').textContent = s; }
  function save() {
    var body = yaml();
    if (page.mode === 'serve') {
      fetch('save?token=' + encodeURIComponent(page.token), {method: 'POST', body: body,
            headers: {'Content-Type': 'text/plain; charset=utf-8'}})
        .then(function (r) { status(r.ok ? 'saved' : 'not saved (' + r.status + ')'); })
        .catch(function () { status('not saved'); });
    } else {
      var a = document.createElement('a');
      a.href = URL.createObjectURL(new Blob([body], {type: 'text/yaml'}));
      a.download = page.file; document.body.appendChild(a); a.click(); a.remove();
      status('downloaded ' + page.file);
    }
  }
  document.getElementById('save').addEventListener('click', save);
  rows.forEach(function (r) { if (r.dataset.verdict) setVerdict(r, r.dataset.verdict); });
  focus(0); count();
})();
"""


def _e(s: object) -> str:
    return html.escape(str(s), quote=True)


def _script_json(obj) -> str:
    return json.dumps(obj, ensure_ascii=False).replace("</", "<\\/")


def _row(it: Item) -> str:
    types = "".join(f"<option{' selected' if t == (it.new_type or 'DATE_TIME') else ''}>{t}</option>" for t in NEW_TYPES)
    scope = ("<option value='study'>study</option>"
             + (f"<option value='contributor'{' selected' if it.scope == 'contributor' else ''}>this contributor</option>"
                if it.contributor else ""))
    ctx = f"<span class='ctx'>{_e(it.before)}<mark>{_e(it.hit or it.surrogate or it.text)}</mark>{_e(it.after)}</span>"
    return (
        f"<tr class='item' data-id='{_e(it.id)}' data-type='{_e(it.entity_type)}' data-hash='{_e(it.keyed_hash)}'"
        f" data-text='{_e(it.text)}' data-contributor='{_e(it.contributor)}' data-verdict='{_e(it.verdict)}'>"
        f"<td>{_e(it.kind)}<br><code>{_e(it.id)}</code></td><td>{_e(it.entity_type)}</td>"
        f"<td><code>{_e(it.surrogate) if it.surrogate else '(left as written)'}</code></td>"
        f"<td class='orig'>{_e(it.original)}</td><td>{ctx}<div class='note'>{_e(it.where)}</div></td>"
        f"<td>{_e(it.recognizer)}<div class='note'>{_e(it.reason)}</div></td>"
        f"<td><span class='verdict'>{_e(it.verdict or 'undecided')}</span><br>"
        "<button data-v='leak' title='1'>1 leak</button><button data-v='not_pii' title='2'>2 not PII</button>"
        "<button data-v='wrong_type' title='3'>3 wrong type</button><button data-v='' title='4'>4 undecided</button><br>"
        f"scope <select class='scope'>{scope}</select> new type <select class='newtype'>{types}</select></td></tr>"
    )


def render_page(items: list[Item], *, title: str, review_file: str = "review.yaml", mode: str = "file",
                token: str = "", extra: list[dict] = ()) -> str:
    """The review page. ``mode``: "file" (save downloads the review file) or "serve" (save
    posts it to this process, see ``serve``)."""
    connect = "'self'" if mode == "serve" else "'none'"
    types = "".join(f"<option>{t}</option>" for t in NEW_TYPES)
    parts = [
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>",
        "<meta http-equiv='Content-Security-Policy' content=\"default-src 'none'; style-src 'unsafe-inline'; "
        f"script-src 'unsafe-inline'; connect-src {connect}; img-src 'none'\">",
        f"<title>privacy review: {_e(title)}</title><style>{_CSS}</style></head>",
        f"<body data-mode='{_e(mode)}' data-token='{_e(token)}' data-file='{_e(review_file)}'>",
        f"<h1>Review of <code>{_e(title)}</code> — {len(items)} item(s), <span id='decided'>0</span> decided"
        "<span id='status'></span></h1>",
        "<p class='note'>This page shows <b>originals</b>: it is for the data steward only (written mode 0600, "
        "never beside the shared output). Keys: <b>j</b>/<b>k</b> next/previous, <b>1</b> leak, <b>2</b> not PII, "
        "<b>3</b> wrong type, <b>4</b> undecided, <b>s</b> save. Then rerun <code>privacy scrub … --review FILE</code> "
        "or <code>privacy pack … --review FILE</code>.</p>",
        f"<p><button id='save'>save {_e(review_file)}</button></p>",
        "<table id='items'><tr><th>why listed</th><th>type</th><th>surrogate</th><th>original</th><th>context</th>"
        "<th>recognizer / reason</th><th>verdict</th></tr>",
    ]
    parts.extend(_row(it) for it in items)
    parts.append("</table>")
    if not items:
        parts.append("<p id='empty'>Nothing to review.</p>")
    parts.append(
        "<h2>A value the scrubber missed</h2><p class='note'>Type it as it is written in the output; it is replaced "
        "everywhere in the next run (verdict leak).</p>"
        f"<p><input id='missed-text' size='40'> <select id='missed-type'>{types}</select> "
        "<button id='add-missed'>add</button></p><ul id='missed-list'>"
        + "".join(f"<li>{_e(r.get('entity_type'))}: {_e(r.get('text'))}</li>" for r in extra)
        + "</ul>"
    )
    parts.append(f"<script type='application/json' id='extra'>{_script_json(list(extra))}</script>")
    parts.append(f"<script>{_JS}</script></body></html>\n")
    return "".join(parts)


# --- writing and serving -----------------------------------------------------------


def check_page_path(page: Path, out_dir: Path) -> None:
    """The page holds originals: never inside the output, never beside it."""
    page, out = Path(page).resolve(), Path(out_dir).resolve()
    if page == out or out in page.parents:
        raise InputError(str(page), "the review page holds originals: not inside the output folder")
    if page.parent == out.parent:
        raise InputError(str(page), "the review page holds originals: not beside the output folder (use the workspace)")


def write_private(path: Path, text: str) -> None:
    """Write ``text`` atomically, readable by the owner only (0600, in a 0700 folder if made)."""
    write_text_atomic(path, text, dir_mode=0o700)


class ReviewServer:
    """The page served on 127.0.0.1; POST ``/save?token=…`` writes the review file (0600)
    once it parses as one. ``url`` holds the token; ``close()`` stops it."""

    def __init__(self, page_for_token, review_path: Path, workspace=None, port: int = 0):
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
        from urllib.parse import parse_qs, urlsplit

        from privacy.audit.review import load_review

        token = secrets.token_urlsafe(24)
        page = page_for_token(token).encode("utf-8")
        review_path = Path(review_path)
        self.saves = 0
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # no request lines on the terminal
                pass

            def _send(self, code: int, body: bytes, ctype: str = "text/plain; charset=utf-8"):
                self.send_response(code)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self):
                u = urlsplit(self.path)
                if u.path == "/" and parse_qs(u.query).get("token", [""])[0] == token:
                    self._send(200, page, "text/html; charset=utf-8")
                else:
                    self._send(404, b"not found")

            def do_POST(self):
                u = urlsplit(self.path)
                if u.path != "/save" or parse_qs(u.query).get("token", [""])[0] != token:
                    self._send(403, b"forbidden")
                    return
                n = int(self.headers.get("Content-Length") or 0)
                if n > 50_000_000:
                    self._send(413, b"too large")
                    return
                body = self.rfile.read(n).decode("utf-8", errors="strict")
                fd, tmp = tempfile.mkstemp(prefix=".review-check.", dir=review_path.parent)
                try:
                    with os.fdopen(fd, "w", encoding="utf-8") as fh:
                        fh.write(body)
                    load_review(tmp, workspace=workspace)  # refuse what scrub/pack could not read
                except InputError:
                    self._send(400, b"not a review file")
                    return
                finally:
                    Path(tmp).unlink(missing_ok=True)
                write_private(review_path, body)
                outer.saves += 1
                self._send(200, b"saved")

        review_path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        self._httpd = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.url = f"http://127.0.0.1:{self._httpd.server_address[1]}/?token={token}"
        self._thread: threading.Thread | None = None

    def start(self) -> "ReviewServer":
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)
        self._thread.start()
        return self

    def serve_forever(self) -> None:
        self._httpd.serve_forever()

    def close(self) -> None:
        self._httpd.shutdown() if self._thread is not None else None
        self._httpd.server_close()


def items_as_dicts(items: list[Item]) -> list[dict]:
    return [asdict(it) for it in items]
