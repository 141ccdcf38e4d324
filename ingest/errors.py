"""Errors raised for bad input: always one line, naming file and record, never content."""

from __future__ import annotations


class InputError(Exception):
    """Bad input (missing path, invalid JSON, wrong shape, unsafe zip, withdrawn consent).

    The CLI prints ``str(error)`` as a single line and exits with code 2.
    The message names the file and, where known, the record or byte position and
    the reason. It must never contain message text or any detected value.
    """

    def __init__(self, file: str, reason: str, record: str | None = None):
        self.file = file
        self.reason = reason
        self.record = record
        where = f"{file}" + (f" [record {record}]" if record is not None else "")
        super().__init__(f"{where}: {reason}")
