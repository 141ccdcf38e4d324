"""Identifiers inside strings and file names, and timestamps written as strings.

Identifier *fields* are handled by key (``keys.py``); this module finds identifiers
embedded in other strings (``sediment://file_…`` pointers, UUIDs in URLs, asset file
names) so they get the same keyed pseudonym as the field that defines them, and
shifts ISO-8601 timestamp strings while keeping their exact shape.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime, timedelta, timezone

# Tokens that are identifiers wherever they appear.
ID_TOKEN = re.compile(
    r"(?<![0-9A-Za-z])("
    r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"  # uuid
    r"|file[-_][0-9A-Za-z]{12,}"  # ChatGPT file ids (file-XXXX, file_0000…)
    r"|user-[0-9A-Za-z]{16,}"  # ChatGPT user ids
    r"|g-p?-?[0-9a-f]{20,}"  # gizmo / project ids
    r")(?![0-9A-Za-z])"
)

_SCHEME = re.compile(r"^([a-z][a-z0-9+.-]*://)(.+)$")


def pseudonymize_identifier(value: str, pseudonym: Callable[[str], str]) -> str:
    """A whole identifier value: ``scheme://id`` keeps its scheme, the rest is pseudonymized."""
    if value == "":
        return value
    m = _SCHEME.match(value)
    if m:
        return m.group(1) + pseudonym(m.group(2))
    return pseudonym(value)


def id_spans(text: str) -> list[tuple[int, int]]:
    """Spans of identifier tokens embedded in free text."""
    return [(m.start(1), m.end(1)) for m in ID_TOKEN.finditer(text)]


def replace_id_tokens(text: str, pseudonym: Callable[[str], str]) -> str:
    return ID_TOKEN.sub(lambda m: pseudonym(m.group(1)), text)


# --- file names ---------------------------------------------------------------------

# File and folder names of exports that carry no personal data (plus shard numbers).
SAFE_NAME = re.compile(
    r"^(conversations|users?|memories|projects|design_chats|light_metadata|manifest|export_manifest"
    r"|message_feedback|shared_conversations|library_files|conversation_asset_file_names"
    r"|model_comparisons|login_history|sora|group_chats|chat|backend-api-memories\.response"
    r"|manage-memories-copy-paste|model-set-context-snapshot|prompt-dump-dated-lines)"
    r"(-\d{1,4})?(\.(json|jsonl|txt|md|html))?$"
)
# The same names with ``.zip`` (Claude's split-export manifest names its category zips).
EXPORT_FILE_NAME = re.compile(f"(?:{SAFE_NAME.pattern})|(?:^[a-z_]+-\\d{{3}}\\.zip$)")


def pseudonymize_member_name(name: str, pseudonym: Callable[[str], str]) -> str:
    """A relative member path whose components carry no original value.

    Known export names are kept, identifier tokens are pseudonymized, and any other
    component is replaced by the pseudonym of its stem (its extension kept).
    """
    out = []
    for comp in name.split("/"):
        if SAFE_NAME.match(comp):
            out.append(comp)
            continue
        replaced = replace_id_tokens(comp, pseudonym)
        stem, dot, ext = replaced.rpartition(".")
        if not dot:
            stem, ext = replaced, ""
        rest = ID_TOKEN.sub("", stem)
        if replaced != comp and re.fullmatch(r"[-_.]*", rest):
            out.append(replaced)  # nothing but identifiers and separators
        else:
            orig_stem = comp.rpartition(".")[0] if ext else comp
            out.append(pseudonym(orig_stem) + (f".{ext}" if ext else ""))
    return "/".join(out)


# --- timestamps as strings -------------------------------------------------------

_ISO_PARTS = re.compile(
    r"^(?P<date>\d{4}-\d{2}-\d{2})(?:(?P<sep>[T ])(?P<hm>\d{2}:\d{2})(?::(?P<s>\d{2})(?:\.(?P<frac>\d+))?)?)?"
    r"(?P<tz>Z|[+-]\d{2}:?\d{2})?$"
)


def is_timestamp_text(value: str) -> bool:
    """Whether ``value`` is an ISO-8601 timestamp of an export field (``shift_timestamp_text``)."""
    return shift_timestamp_text(value, lambda t: t) is not None


def shift_timestamp_text(value: str, shift: Callable[[float], float]) -> str | None:
    """An export field's ISO-8601 timestamp moved by ``shift`` (unix seconds -> unix
    seconds), same shape. (``synth.dates.shift_iso`` moves a date written anywhere by whole
    days and keeps what it cannot read; this one says what it cannot read.)

    Returns None when ``value`` is not a timestamp this function understands (the
    caller then scrubs it as text).
    """
    m = _ISO_PARTS.match(value)
    if not m:
        return None
    tz = m.group("tz")
    try:
        if tz is None or tz == "Z":
            tzinfo = timezone.utc
        else:
            sign = 1 if tz[0] == "+" else -1
            hh, mm = int(tz[1:3]), int(tz[-2:])
            tzinfo = timezone(sign * timedelta(hours=hh, minutes=mm))
        date = datetime.strptime(m.group("date"), "%Y-%m-%d")
        if m.group("hm"):
            h, mi = (int(x) for x in m.group("hm").split(":"))
            date = date.replace(hour=h, minute=mi, second=int(m.group("s") or 0))
        frac = m.group("frac") or ""
        micro = int((frac + "000000")[:6]) if frac else 0
        dt = date.replace(microsecond=micro, tzinfo=tzinfo)
    except ValueError:
        return None
    ts = dt.timestamp()
    shifted = datetime.fromtimestamp(shift(ts), tz=tzinfo)
    out = shifted.strftime("%Y-%m-%d")
    if m.group("hm"):
        out += m.group("sep") + shifted.strftime("%H:%M")
        if m.group("s") is not None:
            out += shifted.strftime(":%S")
            if frac:
                out += "." + f"{shifted.microsecond:06d}"[: len(frac)].ljust(len(frac), "0")
    if tz:
        out += tz
    return out
