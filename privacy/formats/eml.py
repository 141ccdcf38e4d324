"""``.eml`` (stdlib ``email``): headers and text bodies scrubbed, the message kept an e-mail.

Headers: address and subject headers (``From``, ``To``, ``Cc``, ``Bcc``, ``Reply-To``,
``Sender``, ``Subject``, ``Message-ID``, ``In-Reply-To``, ``References``, ...) are segments
(display names and addresses alike); ``Date`` moves by the contributor's offset; MIME
structure headers are kept; every other header (``Received``, ``DKIM-Signature``,
``X-…``, ``Return-Path`` ...: servers, IP addresses, tracking) is removed. Bodies: each
``text/plain`` part is a segment and each ``text/html`` part goes through the HTML
handler. Attachments are removed (their names and bytes are not checked).
"""

from __future__ import annotations

import datetime as _dt
import email
import email.policy
import email.utils

from privacy.formats import html as html_format
from privacy.formats.base import Broken, Cursor, Document, RenderContext

SCRUBBED_HEADERS = ("from", "to", "cc", "bcc", "reply-to", "sender", "subject", "message-id", "in-reply-to",
                    "references", "thread-topic", "organization", "comments", "keywords")
KEPT_HEADERS = ("mime-version", "content-type", "content-transfer-encoding", "content-disposition",
                "content-language")
DATE_HEADERS = ("date",)


def _parse(data: bytes):
    try:
        return email.message_from_bytes(data, policy=email.policy.default)
    except Exception as exc:  # the parser is lenient; anything raised means a broken file
        raise Broken(f"unreadable e-mail ({type(exc).__name__})") from None


def _walk(msg):
    """(part, kind) with kind 'plain' | 'html' | 'attachment' | 'container', depth first."""
    for part in msg.walk():
        if part.is_multipart():
            yield part, "container"
        elif part.get_content_disposition() == "attachment" or part.get_content_maintype() != "text":
            yield part, "attachment"
        elif part.get_content_subtype() == "html":
            yield part, "html"
        else:
            yield part, "plain"


def _headers(part):
    return [(k, str(v)) for k, v in part.items()]


def read(data: bytes) -> Document:
    msg = _parse(data)
    segments: list[str] = []
    for part, kind in _walk(msg):
        for k, v in _headers(part):
            if k.lower() in SCRUBBED_HEADERS and v.strip():
                segments.append(v)
        if kind == "plain":
            body = part.get_content()
            if body.strip():
                segments.append(body)
        elif kind == "html":
            segments += html_format.read(part.get_content().encode("utf-8")).segments

    def render(scrubbed: list[str], ctx: RenderContext) -> bytes:
        out = _parse(data)
        take = Cursor(scrubbed)
        for part, kind in list(_walk(out)):
            items = _headers(part)
            for k in dict.fromkeys(k for k, _ in items):
                del part[k]
            for k, v in items:  # in their original order
                low = k.lower()
                if low in KEPT_HEADERS:
                    part[k] = v
                elif low in SCRUBBED_HEADERS:
                    part[k] = take() if v.strip() else v
                elif low in DATE_HEADERS and (shifted := _shift_date(v, ctx.shift_days)):
                    part[k] = shifted
            if kind == "plain":
                body = part.get_content()
                if body.strip():
                    part.set_content(take(), subtype="plain", charset="utf-8", cte="quoted-printable")
            elif kind == "html":
                sub = html_format.read(part.get_content().encode("utf-8"))
                new = sub.render([take() for _ in sub.segments], ctx).decode("utf-8")
                part.set_content(new, subtype="html", charset="utf-8", cte="quoted-printable")
            elif kind == "attachment" and part is not out:
                part.set_content("(attachment removed by privacy pack)\n", charset="utf-8")
                del part["Content-Disposition"]
        return out.as_bytes(policy=email.policy.SMTP)

    return Document("eml", segments, render)


def _shift_date(value: str, days: int) -> str:
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return ""
    if when is None:
        return ""
    return email.utils.format_datetime(when + _dt.timedelta(days=days))
