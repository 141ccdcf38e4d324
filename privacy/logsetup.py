"""Logging for the CLI: a level and an optional log file, never data in the text.

``configure(level, log_file)`` installs one handler on the root logger (stderr, or the
file, created 0600) and returns a function that removes it again. Our own loggers
(``privacy``, ``ingest``, ``synth``, ``context_packs``) only ever log counts, entity
types, command names and stage names, so their records are written as formatted.
Third-party libraries are not under that rule: Presidio builds some of its messages
with f-strings around detected entities and its ``decision_process`` logger prints
analysis traces, so every record from another library is written as its logger
name and level only, with the text withheld. The ``decision_process`` logger is
always switched off (``silence_third_party``).
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Callable

OWN_LOGGERS = ("privacy", "ingest", "synth", "context_packs")
LEVELS = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG")
ENV_LEVEL = "PRIVACY_LOG_LEVEL"
ENV_FILE = "PRIVACY_LOG_FILE"
_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

# Without a configured level nothing is logged: no "last resort" stderr lines.
for _name in OWN_LOGGERS:
    logging.getLogger(_name).addHandler(logging.NullHandler())


def is_own(name: str) -> bool:
    return any(name == own or name.startswith(own + ".") for own in OWN_LOGGERS)


class WithholdThirdPartyText(logging.Filter):
    """Replace the message of any record not from our own loggers by a fixed note."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not is_own(record.name):
            record.msg = "(third-party log text withheld: it may carry data)"
            record.args = None
            record.exc_info = None
            record.exc_text = None
            record.stack_info = None
        return True


def silence_third_party() -> None:
    """Switch off Presidio's decision-process tracer (it prints analysed entities)."""
    tracer = logging.getLogger("decision_process")
    tracer.disabled = True
    tracer.propagate = False


def parse_level(value: str | None) -> int | None:
    """``DEBUG``/``info``/... to a logging level; None for unset; ValueError when unknown."""
    if value is None or value == "":
        return None
    name = value.strip().upper()
    if name not in LEVELS:
        raise ValueError(f"unknown log level (use one of {', '.join(LEVELS)})")
    return getattr(logging, name)


def _open_log_file(path: str) -> logging.Handler:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    stream = os.fdopen(fd, "a", encoding="utf-8")
    return logging.StreamHandler(stream)


def configure(level: int | None, log_file: str | None = None) -> Callable[[], None]:
    """Install the handler for one CLI run; returns the function that removes it."""
    silence_third_party()
    if level is None and not log_file:
        return lambda: None
    level = logging.WARNING if level is None else level
    handler = _open_log_file(log_file) if log_file else logging.StreamHandler(sys.stderr)
    handler.setLevel(level)
    handler.setFormatter(logging.Formatter(_FORMAT))
    handler.addFilter(WithholdThirdPartyText())
    root = logging.getLogger()
    old_level = root.level
    root.addHandler(handler)
    root.setLevel(level)
    logging.captureWarnings(True)

    def remove() -> None:
        root.removeHandler(handler)
        root.setLevel(old_level)
        logging.captureWarnings(False)
        if log_file:
            handler.close()

    return remove
