"""Build an output folder in a temporary sibling and rename it into place when complete;
write one file the same way (``write_text_atomic``).

``AtomicDir`` is a context manager: on a clean exit the temporary folder becomes the
target (replacing an existing target only when ``force`` is set); on any exception,
SIGINT or SIGTERM it is removed. A SIGKILL cannot be caught: the leftover is a hidden
``.<name>.partial-<pid>`` sibling, never the target itself, and the next run removes
leftovers whose process is gone.
"""

from __future__ import annotations

import os
import shutil
import signal
import tempfile
from pathlib import Path

from ingest.errors import InputError

_PARTIAL = ".partial-"


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def clean_stale_partials(target: Path) -> None:
    """Remove ``.<name>.partial-<pid>`` siblings left by killed runs."""
    prefix = f".{target.name}{_PARTIAL}"
    if not target.parent.is_dir():
        return
    for p in target.parent.iterdir():
        if p.name.startswith(prefix):
            try:
                pid = int(p.name[len(prefix) :])
            except ValueError:
                continue
            if pid != os.getpid() and not _pid_alive(pid):
                shutil.rmtree(p, ignore_errors=True)


class AtomicDir:
    """``with AtomicDir(target, force=...) as tmp:`` write into ``tmp``; renamed on success."""

    def __init__(self, target: Path, *, force: bool = False):
        self.target = Path(target)
        self.force = force
        self.tmp = self.target.parent / f".{self.target.name}{_PARTIAL}{os.getpid()}"
        self._old_term = None

    def __enter__(self) -> Path:
        if self.target.exists() and not self.force:
            raise InputError(str(self.target), "output folder exists (use --force to replace it)")
        if self.target.exists() and not self.target.is_dir():
            raise InputError(str(self.target), "output path exists and is not a folder")
        try:
            self.target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise InputError(str(self.target.parent), f"cannot create output parent ({exc.strerror})") from None
        clean_stale_partials(self.target)
        if self.tmp.exists():
            shutil.rmtree(self.tmp)
        self.tmp.mkdir()
        try:  # SIGTERM behaves like Ctrl-C: unwind and clean up
            self._old_term = signal.signal(signal.SIGTERM, _raise_interrupt)
        except ValueError:  # not the main thread
            self._old_term = None
        return self.tmp

    def __exit__(self, exc_type, exc, tb) -> bool:
        try:
            if exc_type is None:
                self._commit()
            else:
                shutil.rmtree(self.tmp, ignore_errors=True)
        finally:
            if self._old_term is not None:
                signal.signal(signal.SIGTERM, self._old_term)
        return False

    def _commit(self) -> None:
        trash = None
        try:
            if self.target.exists():
                trash = self.target.parent / f".{self.target.name}.replaced-{os.getpid()}"
                if trash.exists():
                    shutil.rmtree(trash)
                os.rename(self.target, trash)
            os.rename(self.tmp, self.target)
        except BaseException:
            shutil.rmtree(self.tmp, ignore_errors=True)
            if trash is not None and trash.exists() and not self.target.exists():
                os.rename(trash, self.target)
            raise
        if trash is not None:
            shutil.rmtree(trash, ignore_errors=True)


def _raise_interrupt(signum, frame):  # pragma: no cover - exercised by a subprocess test
    raise KeyboardInterrupt


def write_text_atomic(path: Path, text: str, *, dir_mode: int = 0o777) -> None:
    """Write ``text`` to ``path`` through a temporary sibling (mode 0600, as ``mkstemp`` makes
    it) renamed into place; a missing parent is made with ``dir_mode``."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True, mode=dir_mode)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
