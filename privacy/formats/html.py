"""``.html`` / ``.htm``: kept as HTML, only the text changed, markup byte for byte.

Segments, in document order: the text of each block (the texts between tags, joined
across inline tags such as ``<b>``, ``<a>``, ``<span>``, so "<b>Jane</b> Doe" is read as one
name, and written back piece by piece with ``runs.distribute``; entities decoded for
detection, re-encoded only where the text changed), comment bodies, ``<script>`` bodies, and the
values of every attribute except structural ones (``class``, ``id``, ``style``, ``type``,
sizes ...): so ``alt``, ``title``, ``href="mailto:…"``, ``<meta name="author" content="…">``
are scrubbed. ``<style>`` bodies are kept. Inline pictures (``src="data:image/…;base64,…"``)
lose their metadata like any image.
"""

from __future__ import annotations

import html
import re

from privacy.formats.base import Broken, Cursor, Document, RenderContext
from privacy.formats.runs import distribute

_TOKEN = re.compile(
    r"<!--(?P<comment>.*?)-->|<(?P<raw>script|style)\b(?P<rawattrs>[^>]*)>(?P<body>.*?)</(?P=raw)\s*>"
    r"|<!\[CDATA\[.*?\]\]>|<![^>]*>|<\?[^>]*>|<(?P<tag>/?[A-Za-z][^>]*)>",
    re.S | re.I,
)
_ATTR = re.compile(r"""(?P<pre>\s+)(?P<name>[^\s=/>"']+)(?P<eq>\s*=\s*)(?:"(?P<dq>[^"]*)"|'(?P<sq>[^']*)'|(?P<bare>[^\s"'=<>`]+))""")
INLINE = frozenset("a abbr b bdi bdo cite code data dfn em font i kbd mark q s samp small span strong sub sup time u var wbr".split())
_TAG_NAME = re.compile(r"^/?\s*([A-Za-z][A-Za-z0-9-]*)")
_DATA_IMAGE = re.compile(r"^\s*data:image/[\w.+-]+;base64,", re.IGNORECASE)
KEEP_ATTRS = frozenset("""
class id style type rel charset lang dir width height colspan rowspan align valign border cellpadding
cellspacing name http-equiv method target role media sizes crossorigin integrity async defer xmlns version
scope headers for tabindex hidden disabled checked selected bgcolor color face size span start reversed
nowrap loading decoding referrerpolicy enctype autocomplete maxlength minlength step min max pattern
""".split())


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise Broken("HTML that is not UTF-8") from None


def _pieces(text: str):
    """('keep', raw) and ('text'|'code'|'attr', raw, decoded, quote) pieces, in order."""
    pos = 0
    for m in _TOKEN.finditer(text):
        if m.start() > pos:
            raw = text[pos : m.start()]
            yield ("text", raw, html.unescape(raw), None)
        if m.group("comment") is not None:
            yield ("break", "", None, None)
            yield ("keep", "<!--", None, None)
            yield ("code", m.group("comment"), m.group("comment"), None)
            yield ("keep", "-->", None, None)
        elif m.group("raw") is not None:
            yield ("break", "", None, None)
            body_start = m.start("body")
            yield from _tag(text[m.start() : body_start])
            kind = "code" if m.group("raw").lower() == "script" else "keep"
            yield (kind, m.group("body"), m.group("body"), None)
            yield ("keep", text[m.end("body") : m.end()], None, None)
        elif m.group("tag") is not None:
            name = _TAG_NAME.match(m.group("tag"))
            if name is None or name.group(1).lower() not in INLINE:
                yield ("break", "", None, None)
            yield from _tag(m.group(0))
        else:
            yield ("keep", m.group(0), None, None)
        pos = m.end()
    if pos < len(text):
        raw = text[pos:]
        yield ("text", raw, html.unescape(raw), None)


def _tag(raw: str):
    pos = 0
    for a in _ATTR.finditer(raw):
        name = a.group("name").lower()
        if name in KEEP_ATTRS or name.startswith("on"):
            continue
        vstart = next(a.start(g) for g in ("dq", "sq", "bare") if a.group(g) is not None)
        value = a.group("dq") if a.group("dq") is not None else a.group("sq") if a.group("sq") is not None else a.group("bare")
        quote = '"' if a.group("dq") is not None else "'" if a.group("sq") is not None else '"'
        yield ("keep", raw[pos:vstart], None, None)
        if _DATA_IMAGE.match(value):
            yield ("image", value, None, quote)  # an inline picture: metadata removed, not text
        else:
            yield ("attr", value, html.unescape(value), quote)
        pos = vstart + len(value)
    yield ("keep", raw[pos:], None, None)


def _clean_data_image(uri: str, ctx: RenderContext) -> str:
    """A ``data:image/…;base64,`` picture with its metadata removed (``image``)."""
    import base64
    import binascii

    from privacy.formats import image

    head, _, b64 = uri.partition(",")
    try:
        data = base64.b64decode(b64.strip(), validate=False)
        clean = image.read(data).render([], ctx)
    except (binascii.Error, ValueError, Broken):
        raise Broken("an inline picture that cannot be read") from None
    return head + "," + base64.b64encode(clean).decode("ascii")


def _groups(pieces):
    """Units of text: a block's text pieces together, every other scrubbed piece alone."""
    groups, current = [], []
    for i, (kind, _raw, decoded, _q) in enumerate(pieces):
        if kind == "text":
            current.append(i)
            continue
        if kind in ("break", "code", "attr") and current:
            groups.append(current)
            current = []
        if kind in ("code", "attr"):
            groups.append([i])
    if current:
        groups.append(current)
    return [g for g in groups if "".join(pieces[i][2] for i in g).strip()]


def read(data: bytes) -> Document:
    text = _decode(data)
    pieces = list(_pieces(text))
    groups = _groups(pieces)
    segments = ["".join(pieces[i][2] for i in g) for g in groups]

    def render(scrubbed: list[str], ctx: RenderContext) -> bytes:
        take = Cursor(scrubbed)
        new_of: dict[int, str] = {}
        for g in groups:
            for i, piece in zip(g, distribute([pieces[i][2] for i in g], take()), strict=True):
                new_of[i] = piece
        out = []
        for i, (kind, raw, decoded, quote) in enumerate(pieces):
            if kind == "image":
                out.append(_clean_data_image(raw, ctx))
                continue
            new = new_of.get(i, decoded)
            if i not in new_of or new == decoded:
                out.append(raw)
            elif kind == "text":
                out.append(html.escape(new, quote=False))
            elif kind == "attr":
                out.append(html.escape(new, quote=True))
            else:
                out.append(new)
        return "".join(out).encode("utf-8")

    return Document("html", segments, render)
