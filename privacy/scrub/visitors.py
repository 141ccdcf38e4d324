"""The two visitors of ``walker.rewrite``: list the strings to scrub, or rewrite them.

``Collect`` (passes 1 and 2, and the strings of a window of records scrubbed ahead) lists
every string detection must see, in walk order. ``Rewrite`` (pass 3) scrubs strings,
pseudonymizes identifiers, shifts timestamps and writes a report line per replacement,
through the run's ``writer.Output``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from privacy.scrub.ids import (
    EXPORT_FILE_NAME,
    is_timestamp_text,
    pseudonymize_identifier,
    pseudonymize_member_name,
    shift_timestamp_text,
)
from privacy.scrub.walker import Where

if TYPE_CHECKING:
    from privacy.scrub.writer import Output


class Collect:
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
        return value if not isinstance(value, str) or is_timestamp_text(value) else None

    def key(self, value: str) -> str:
        return value


class Rewrite:
    """Pass 3: scrub strings, pseudonymize identifiers, shift timestamps, write report lines."""

    def __init__(self, out: "Output"):
        self.out = out
        self.file = ""  # the output file being written (for the report lines)

    def text(self, value: str, where: Where) -> str:
        out = self.out
        if EXPORT_FILE_NAME.match(value):
            return value  # the name of an export file ("conversations-000.json"): structural
        out.tally.strings_scrubbed += 1
        st = out.scrub(value)
        if st.replacements:
            out.record(self.file, where, st)
        return st.text

    def identifier(self, value: str) -> str:
        return pseudonymize_identifier(value, self.out.pseudonym)

    def timestamp(self, value):
        if not self.out.options.shift_dates:
            return value if not isinstance(value, str) or is_timestamp_text(value) else None
        if isinstance(value, str):
            return shift_timestamp_text(value, self.out.engine.shift_timestamp)
        shifted = self.out.engine.shift_timestamp(float(value))
        return int(round(shifted)) if isinstance(value, int) else shifted

    def key(self, value: str) -> str:
        return pseudonymize_member_name(value, self.out.pseudonym)
