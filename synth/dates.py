"""Date shifting that keeps the written format.

Every date is moved by the contributor's keyed offset in whole days, so intervals and
ordering between dates are kept and times of day never change. Recognised forms, each
written back in its own style (zero padding, month spelling and case, ordinal suffix,
two- or four-digit year):

* ISO ``2024-03-03`` (also ``2024/03/03``, and the date part of ISO datetimes)
* numeric ``03/03/2024``, ``3/3/24`` (month first, unless the first field is over 12 or
  the separator is a dot: ``03.03.2024`` is day first)
* month names ``March 3rd``, ``Mar 3``, ``March 3, 2024``, ``3 March 2024``,
  ``3rd of March``, ``Mar. 3``, with an optional weekday (``Monday, March 3``) which is
  moved by the same number of days
* ``March 2024`` (anchored mid-month) and a lone year ``2019`` (anchored mid-year)
* a lone weekday (``Monday``) moves by the offset modulo 7.

Dates without a year are computed in the leap year 2000 (so ``Feb 29`` exists).
Text that holds no recognised date is returned unchanged (relative phrases such as
"yesterday" carry no calendar date).
"""

from __future__ import annotations

import calendar
import datetime as dt
import re

MONTHS = [calendar.month_name[i] for i in range(1, 13)]
_ABBR = {m[:3].lower(): i + 1 for i, m in enumerate(MONTHS)}
_FULL = {m.lower(): i + 1 for i, m in enumerate(MONTHS)}
_FULL["sept"] = 9
WEEKDAYS = [calendar.day_name[i] for i in range(7)]
_WD = {d.lower(): i for i, d in enumerate(WEEKDAYS)}
_WD.update({d[:3].lower(): i for i, d in enumerate(WEEKDAYS)})
REF_YEAR = 2000

_MONTH_RE = r"(?P<mon>(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?)"
_WD_RE = r"(?P<wd>(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|sday|nesday|rsday|urday)?\.?,?\s+)?"
_DAY_RE = r"(?P<day>[0-3]?\d)(?P<ord>st|nd|rd|th)?"
_YEAR_RE = r"(?P<year>\d{4}|'\d{2})"

PATTERNS = [
    ("iso", re.compile(r"(?<!\d)(?P<y>\d{4})(?P<s>[-/])(?P<m>\d{1,2})(?P=s)(?P<d>\d{1,2})(?!\d)")),
    ("num", re.compile(r"(?<![\d./-])(?P<a>\d{1,2})(?P<s>[/.-])(?P<b>\d{1,2})(?P=s)(?P<y>\d{4}|\d{2})(?![\d])")),
    ("md", re.compile(_WD_RE + _MONTH_RE + r"\s+" + _DAY_RE + r"(?:(?P<ysep>,?\s+)" + _YEAR_RE + r")?(?![\w])", re.I)),
    ("dm", re.compile(_WD_RE + r"(?:the\s+)?" + _DAY_RE + r"(?P<of>\s+of)?\s+" + _MONTH_RE + r"(?:(?P<ysep>,?\s+)" + _YEAR_RE + r")?(?![\w])", re.I)),
    ("my", re.compile(r"(?<![\w])" + _MONTH_RE + r"(?P<ysep>,?\s+)(?P<year>\d{4})(?![\w])", re.I)),
    ("year", re.compile(r"(?<![\w./-])(?P<year>(?:19|20)\d{2})(?![\w/-])")),
    ("wd", re.compile(r"(?<![\w])(?P<wd>monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?![\w])", re.I)),
]


def _case_like(word: str, template: str) -> str:
    if template.isupper() and len(template) > 1:
        return word.upper()
    if template.islower():
        return word.lower()
    return word


def _ordinal(n: int) -> str:
    if 11 <= n % 100 <= 13:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def _pad(n: int, template: str, padded: bool | None = None) -> str:
    if padded is None:
        padded = template.startswith("0")
    return f"{n:02d}" if padded else str(n)


def _padded(*fields: str) -> bool:
    """Zero-padded style: a field starts with 0, or every field has two digits."""
    return any(f.startswith("0") for f in fields) or all(len(f) == 2 for f in fields)


def _month_word(m: int, template: str) -> str:
    t = template.rstrip(".")
    dot = "." if template.endswith(".") else ""
    full = MONTHS[m - 1]
    if t.lower() in _FULL and (len(t) > 3 or t.lower() == "may"):  # "May" reads as full
        word = full if t.lower() != "sept" else (full[:4] if m == 9 else full[:3])
    else:
        word = full[:3]
    return _case_like(word, t) + dot


def _weekday_word(i: int, template: str) -> str:
    core = template.rstrip()
    trail = template[len(core):]
    comma = "," if core.endswith(",") else ""
    core = core.rstrip(",")
    dot = "." if core.endswith(".") else ""
    core = core.rstrip(".")
    word = WEEKDAYS[i] if len(core) > 4 else WEEKDAYS[i][:3]
    return _case_like(word, core) + dot + comma + trail


def _year_out(y: int, template: str) -> str:
    if template.startswith("'"):
        return f"'{y % 100:02d}"
    return str(y)


def _full_year(y: str) -> int:
    if y.startswith("'"):
        y = y[1:]
    if len(y) == 2:
        n = int(y)
        return 2000 + n if n < 70 else 1900 + n
    return int(y)


def _shift(d: dt.date, days: int) -> dt.date | None:
    try:
        return d + dt.timedelta(days=days)
    except OverflowError:
        return None


def _sub_iso(m: re.Match, days: int) -> str | None:
    try:
        d = dt.date(int(m["y"]), int(m["m"]), int(m["d"]))
    except ValueError:
        return None
    n = _shift(d, days)
    if n is None:
        return None
    p = _padded(m["m"], m["d"])
    return f"{n.year:04d}{m['s']}{_pad(n.month, m['m'], p)}{m['s']}{_pad(n.day, m['d'], p)}"


def _sub_num(m: re.Match, days: int) -> str | None:
    a, b = int(m["a"]), int(m["b"])
    day_first = m["s"] == "." or a > 12
    mon, day = (b, a) if day_first else (a, b)
    try:
        d = dt.date(_full_year(m["y"]), mon, day)
    except ValueError:
        return None
    n = _shift(d, days)
    if n is None:
        return None
    y = f"{n.year % 100:02d}" if len(m["y"]) == 2 else str(n.year)
    p = _padded(m["a"], m["b"])
    if day_first:
        return f"{_pad(n.day, m['a'], p)}{m['s']}{_pad(n.month, m['b'], p)}{m['s']}{y}"
    return f"{_pad(n.month, m['a'], p)}{m['s']}{_pad(n.day, m['b'], p)}{m['s']}{y}"


def _month_num(word: str) -> int:
    w = word.rstrip(".").lower()
    return _FULL.get(w) or _ABBR[w[:3]]


def _sub_named(m: re.Match, days: int, kind: str) -> str | None:
    mon = _month_num(m["mon"])
    has_year = m["year"] is not None
    year = _full_year(m["year"]) if has_year else REF_YEAR
    try:
        d = dt.date(year, mon, int(m["day"]))
    except ValueError:
        return None
    n = _shift(d, days)
    if n is None:
        return None
    wd = ""
    if m["wd"]:
        w = m["wd"].strip().rstrip(",").rstrip(".").lower()
        old = _WD.get(w, _WD.get(w[:3]))
        if old is None:
            return None
        wd = _weekday_word((old + days) % 7, m["wd"])
    day = _pad(n.day, m["day"]) + (_ordinal(n.day) if m["ord"] else "")
    if m["ord"] and m["ord"].isupper():
        day = day.upper()
    mw = _month_word(n.month, m["mon"])
    ytxt = (m["ysep"] + _year_out(n.year, m["year"])) if has_year else ""
    if kind == "md":
        return f"{wd}{mw} {day}{ytxt}"
    the = "the " if re.match(r"(?i)the\s", m.group(0)[len(m['wd'] or ''):]) else ""
    of = m["of"] or ""
    return f"{wd}{the}{day}{of} {mw}{ytxt}"


def _sub_my(m: re.Match, days: int) -> str | None:
    n = _shift(dt.date(int(m["year"]), _month_num(m["mon"]), 15), days)
    if n is None:
        return None
    return f"{_month_word(n.month, m['mon'])}{m['ysep']}{n.year}"


def _sub_year(m: re.Match, days: int) -> str | None:
    n = _shift(dt.date(int(m["year"]), 7, 2), days)
    return None if n is None else str(n.year)


def _sub_wd(m: re.Match, days: int) -> str:
    return _case_like(WEEKDAYS[(_WD[m["wd"].lower()] + days) % 7], m["wd"])


def shift_text(text: str, days: int) -> str:
    """Shift every recognised date in ``text`` by ``days``; unrecognised text is kept."""
    if not days or not text:
        return text
    spans: list[tuple[int, int, str]] = []
    taken = [False] * len(text)
    for kind, rx in PATTERNS:
        for m in rx.finditer(text):
            s, e = m.span()
            if any(taken[s:e]):
                continue
            if kind == "iso":
                new = _sub_iso(m, days)
            elif kind == "num":
                new = _sub_num(m, days)
            elif kind in ("md", "dm"):
                new = _sub_named(m, days, kind)
            elif kind == "my":
                new = _sub_my(m, days)
            elif kind == "year":
                new = _sub_year(m, days)
            else:
                new = _sub_wd(m, days)
            if new is None:
                continue
            for i in range(s, e):
                taken[i] = True
            spans.append((s, e, new))
    if not spans:
        return text
    out, pos = [], 0
    for s, e, new in sorted(spans):
        out.append(text[pos:s])
        out.append(new)
        pos = e
    out.append(text[pos:])
    return "".join(out)


_ISO_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})")


def shift_iso(s: str | None, days: int) -> str | None:
    """Shift the date part of an ISO-8601 date or datetime string; the rest is kept byte
    for byte (time, fraction, zone). Non-ISO input is returned unchanged."""
    if not s or not days:
        return s
    m = _ISO_DATE.match(s)
    if not m:
        return s
    try:
        n = dt.date(int(m[1]), int(m[2]), int(m[3])) + dt.timedelta(days=days)
    except (ValueError, OverflowError):
        return s
    return f"{n.year:04d}-{n.month:02d}-{n.day:02d}" + s[10:]
