"""``.ics`` (iCalendar, RFC 5545), line by line: the calendar stays a calendar.

Content lines are unfolded, then: text properties (``SUMMARY``, ``DESCRIPTION``,
``LOCATION``, ``COMMENT``, ``CONTACT``, ``UID``, ``X-…`` and any unknown property) have
their value scrubbed (escapes ``\\,`` ``\\;`` ``\\n`` resolved for detection and
restored); ``ORGANIZER`` / ``ATTENDEE`` have their ``CN=`` name and ``mailto:`` address
scrubbed; date and date-time values (``DTSTART``, ``DTEND``, ``DTSTAMP``, ``CREATED``,
``LAST-MODIFIED``, ``RECURRENCE-ID``, ``EXDATE``, ``RDATE``, ``DUE``, ``COMPLETED``, an
``RRULE``'s ``UNTIL``) move by the contributor's offset; structural properties
(``BEGIN``, ``VERSION``, ``RRULE``, ``STATUS``, ``TZID`` ...) are kept. Lines are folded
again at 75 octets with CRLF endings.
"""

from __future__ import annotations

import datetime as _dt
import re

from privacy.formats.base import Broken, Cursor, Document, RenderContext

DATE_PROPS = {"DTSTART", "DTEND", "DTSTAMP", "CREATED", "LAST-MODIFIED", "RECURRENCE-ID", "EXDATE", "RDATE",
              "DUE", "COMPLETED", "ACKNOWLEDGED"}
KEPT_PROPS = {"BEGIN", "END", "VERSION", "PRODID", "CALSCALE", "METHOD", "STATUS", "SEQUENCE", "TRANSP",
              "CLASS", "PRIORITY", "TZID", "TZOFFSETFROM", "TZOFFSETTO", "TZNAME", "DURATION", "ACTION",
              "TRIGGER", "REPEAT", "PERCENT-COMPLETE", "FREEBUSY", "GEO"}
PERSON_PROPS = {"ORGANIZER", "ATTENDEE"}
_DATE = re.compile(r"(?<!\d)(\d{4})(\d{2})(\d{2})(?=T\d{6}Z?|(?!\d))")
_NAME = re.compile(r"^([A-Za-z0-9-]+)")


def _unfold(text: str) -> list[str]:
    lines: list[str] = []
    for raw in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if raw[:1] in (" ", "\t") and lines:
            lines[-1] += raw[1:]
        elif raw:
            lines.append(raw)
    return lines


def _fold(line: str) -> str:
    out, cur = [], ""
    for ch in line:
        if len((cur + ch).encode("utf-8")) > (75 if not out else 74):
            out.append(cur)
            cur = ""
        cur += ch
    out.append(cur)
    return "\r\n ".join(out) + "\r\n"


def _split(line: str) -> tuple[str, str, str]:
    """(name, ';params' , value) of a content line (colons inside quoted params allowed)."""
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == ":" and not quoted:
            head, value = line[:i], line[i + 1 :]
            m = _NAME.match(head)
            if not m:
                break
            return m.group(1), head[m.end() :], value
    raise Broken("not an iCalendar file (a line without a property value)")


def _unescape(v: str) -> str:
    return re.sub(r"\\([\\;,nN])", lambda m: "\n" if m.group(1) in "nN" else m.group(1), v)


def _escape(v: str) -> str:
    return v.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


_CN = re.compile(r'(;CN=)("[^"]*"|[^;:]*)', re.IGNORECASE)


def _shift(value: str, days: int) -> str:
    def one(m: re.Match) -> str:
        try:
            d = _dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3))) + _dt.timedelta(days=days)
        except ValueError:
            return m.group(0)
        return d.strftime("%Y%m%d")

    return _DATE.sub(one, value) if days else value


def _plan(lines: list[str]):
    """Per line: (name, params, value, [(kind, text)]) with kind 'value' | 'cn' | 'mailto'."""
    out = []
    for line in lines:
        name, params, value = _split(line)
        up = name.upper()
        items = []
        if up in PERSON_PROPS:
            cn = _CN.search(params)
            if cn and cn.group(2).strip('"').strip():
                items.append(("cn", cn.group(2).strip('"')))
            addr = value[7:] if value.lower().startswith("mailto:") else value
            if addr.strip():
                items.append(("mailto", addr))
        elif up not in DATE_PROPS and up not in KEPT_PROPS and up != "RRULE" and value.strip():
            items.append(("value", _unescape(value)))
        out.append((name, params, value, items))
    return out


def read(data: bytes) -> Document:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise Broken("iCalendar file that is not UTF-8") from None
    plan = _plan(_unfold(text))
    if not plan or plan[0][0].upper() != "BEGIN":
        raise Broken("not an iCalendar file (no BEGIN:VCALENDAR)")
    segments = [t for *_x, items in plan for _k, t in items]

    def render(scrubbed: list[str], ctx: RenderContext) -> bytes:
        take = Cursor(scrubbed)
        out = []
        for name, params, value, items in plan:
            up = name.upper()
            for kind, _t in items:
                new = take()
                if kind == "cn":
                    params = _CN.sub(lambda m, n=new: m.group(1) + '"' + n.replace('"', "'") + '"', params, count=1)
                elif kind == "mailto":
                    value = (value[:7] + new) if value.lower().startswith("mailto:") else new
                else:
                    value = _escape(new)
            if up in DATE_PROPS:
                value = _shift(value, ctx.shift_days)
            elif up == "RRULE":
                value = re.sub(r"(UNTIL=)([0-9TZ]+)", lambda m: m.group(1) + _shift(m.group(2), ctx.shift_days), value)
            out.append(_fold(f"{name}{params}:{value}"))
        return "".join(out).encode("utf-8")

    return Document("ics", segments, render)
