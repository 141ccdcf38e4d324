"""The ``privacy`` command line: a thin typer app over the library API.

Each command lives in ``privacy/commands/<name>.py`` and exposes ``register(app)``.
``main()`` turns errors into exit codes: 2 for bad input or usage (one line, no
traceback), 1 for an internal failure (exception type only: messages may carry
data). Nothing printed here ever contains message text or a detected value.
"""

from __future__ import annotations

import atexit
import logging
import os
import sqlite3
import sys
import threading
import time
from typing import Optional

import typer

from ingest.errors import InputError
from privacy import logsetup

log = logging.getLogger("privacy.cli")
_teardown: list = []  # handlers installed by the root callback, removed when main() returns
_invoked: list = []  # the command the root callback saw (for entrypoint's fast exit)
# Commands that close what they open (the workspace's vault, the output files, the worker pool):
# after them the console script exits without the interpreter's teardown (entrypoint).
FAST_EXIT_COMMANDS = frozenset({"scrub"})

app = typer.Typer(
    name="privacy",
    help="Scrub consented chat-assistant exports with consistent synthetic surrogates, "
    "build task packs, and audit the results.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _root(
    ctx: typer.Context,
    log_level: Optional[str] = typer.Option(
        None, "--log-level", envvar=logsetup.ENV_LEVEL,
        help="Log to stderr at this level (DEBUG, INFO, WARNING, ERROR). Logs never carry text or values.",
    ),
    log_file: Optional[str] = typer.Option(
        None, "--log-file", envvar=logsetup.ENV_FILE, help="Write the log to this file (created 0600) instead of stderr.",
    ),
) -> None:
    """Scrub consented chat-assistant exports, build task packs, audit the results."""
    try:
        level = logsetup.parse_level(log_level)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--log-level") from None
    _teardown.append(logsetup.configure(level, log_file))
    _invoked.append(ctx.invoked_subcommand)
    log.info("command %s started", ctx.invoked_subcommand)


def _register_commands() -> None:
    from privacy.commands import COMMAND_MODULES

    import importlib

    for name in COMMAND_MODULES:
        importlib.import_module(f"privacy.commands.{name}").register(app)


_register_commands()


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the exit code (0 ok, 1 internal failure, 2 bad input/usage)."""
    logsetup.silence_third_party()
    started = time.monotonic()
    code = _run(argv)
    log.info("finished with exit code %d in %.1fs", code, time.monotonic() - started)
    while _teardown:
        _teardown.pop()()
    return code


def _run(argv: list[str] | None) -> int:
    try:
        # With standalone_mode=False, typer returns (not raises) the code of
        # `raise typer.Exit(n)` and of Ctrl-C (130).
        rv = app(args=argv, standalone_mode=False)
        if isinstance(rv, int) and rv:
            return rv
    except InputError as exc:
        print(f"privacy: error: {exc}", file=sys.stderr)
        log.info("refused bad input (InputError)")
        return 2
    except (typer.Exit, SystemExit) as exc:  # typer.Exit / explicit exits
        code = getattr(exc, "exit_code", getattr(exc, "code", 0))
        return int(code or 0)
    except typer.Abort:
        print("privacy: aborted", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("privacy: interrupted; no output was written", file=sys.stderr)
        return 130
    except sqlite3.OperationalError as exc:
        # the workspace vault: say why in our words (SQLite's messages are fixed strings, but
        # nothing from an exception is ever echoed)
        why = "disk full" if "full" in str(exc) else "read-only" if "readonly" in str(exc) else "OperationalError"
        print(f"privacy: error: workspace vault cannot be written ({why}); no output was written", file=sys.stderr)
        log.error("workspace vault error (%s)", why)
        return 1
    except Exception as exc:
        # Click's usage and parameter errors (typer vendors click, so match by shape):
        # they describe the command line, never the data.
        if hasattr(exc, "format_message") and hasattr(exc, "exit_code"):
            print(f"privacy: usage error: {exc.format_message()}", file=sys.stderr)
            return 2
        # Never print the message or traceback: they may carry data.
        print(f"privacy: internal error ({type(exc).__name__}); no output was written", file=sys.stderr)
        log.error("internal error (%s)", type(exc).__name__)
        return 1
    return 0


def entrypoint() -> None:  # pragma: no cover - console script
    from privacy.scrub import parallel

    # the main module (the console script, or privacy.cli itself) only imports the command line:
    # a detection worker, which needs nothing from it, skips importing it again
    parallel.WORKERS_IMPORT_MAIN = False
    code = main()
    if _invoked and _invoked[-1] in FAST_EXIT_COMMANDS:
        fast_exit(code)
    sys.exit(code)


def fast_exit(code: int) -> None:
    """Exit now, without the interpreter's teardown: freeing every object of a loaded detector
    (the spaCy pipeline, the gazetteers, Presidio: millions of objects) takes 0.5-0.8 s and
    changes nothing on disk. The atexit handlers still run (multiprocessing's, weakref
    finalizers, temporary folders) and stdout/stderr are flushed. With another thread alive, the
    normal exit (which waits for it). Returns only in that case."""
    if threading.active_count() > 1:
        return
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)


if __name__ == "__main__":  # pragma: no cover
    entrypoint()
