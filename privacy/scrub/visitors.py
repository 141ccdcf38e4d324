"""The visitors of ``walker.rewrite``: list the strings to scrub, or rewrite them.

``Collect`` (passes 1 and 2) lists every string detection must see, in walk order.
``Rewrite`` (pass 3) scrubs strings, pseudonymizes identifiers, shifts timestamps and
writes a report line per replacement, through the run's ``writer.Output``. ``Defer`` is a
``Rewrite`` that leaves each string ``Pending`` (listed in ``pending``, walk order), so a
window of records is walked once, its strings scrubbed together, then filled in
(``fill``: the same report lines, in the same order, as ``Rewrite``).
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
from privacy.scrub.walker import Pending, Where

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


class Defer(Rewrite):
    """Pass 3 for a window of records: identifiers, timestamps and keys at once, strings later."""

    def __init__(self, out: "Output"):
        super().__init__(out)
        self.pending: list[Pending] = []

    def text(self, value: str, where: Where):
        if EXPORT_FILE_NAME.match(value):
            return value
        p = Pending(value, Where(list(where.parts), where.conversation, where.message))
        self.pending.append(p)
        return p

    def fill(self, pending: list[Pending]) -> None:
        """Scrub ``pending`` in order (report lines as ``Rewrite.text`` writes them) into their places."""
        text = super().text
        for p in pending:
            p.fill(text(p.value, p.where))
