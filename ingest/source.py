"""Read-only access to the raw files of an export: a zip, a folder or a single file.

``ExportSource`` lists members by their relative POSIX name and opens them as binary
streams, so parsers never care whether the export was unpacked. Nested zips of the
2026 Claude split layout (``conversations-000.zip`` beside ``manifest.json``) are
exposed as folders (``conversations-000/conversations.json``).

Zip safety is checked when a zip is opened: entries that escape the folder (``..``,
absolute paths, drive letters), symlinks, and zip bombs (a cap on the total
uncompressed size and on the compression ratio of large entries) raise
``InputError``. Folders containing symlinks are refused too.
"""

from __future__ import annotations

import os
import stat
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import IO

from ingest.errors import InputError

# Zip bomb limits: a real export is at most a few GB unpacked; JSON compresses about
# 5-20x. A large entry compressed more than MAX_RATIO times is refused.
MAX_TOTAL_UNCOMPRESSED = 16 * 1024**3
MAX_RATIO = 200
RATIO_MIN_SIZE = 1024**2  # entries smaller than this are not ratio-checked
MAX_MEMBERS = 200_000


def read_file_bytes(path: str | os.PathLike) -> bytes:
    """All bytes of one side file (profile, consent record, memories file), else ``InputError``."""
    p = Path(path)
    if not p.is_file():
        raise InputError(str(path), "no such file")
    try:
        return p.read_bytes()
    except OSError as exc:
        raise InputError(str(path), f"cannot read ({type(exc).__name__})") from None


def _unsafe_name(name: str) -> bool:
    if not name or "\x00" in name:
        return True
    norm = name.replace("\\", "/")
    if norm.startswith("/") or (len(norm) > 1 and norm[1] == ":"):
        return True
    return any(part == ".." for part in norm.split("/"))


def check_zip(zf: zipfile.ZipFile, label: str) -> list[zipfile.ZipInfo]:
    """Validate every entry of ``zf``; return the file entries (directories left out)."""
    infos = zf.infolist()
    if len(infos) > MAX_MEMBERS:
        raise InputError(label, f"zip has too many entries ({len(infos)} > {MAX_MEMBERS})")
    total = 0
    files = []
    for i, info in enumerate(infos):
        if _unsafe_name(info.filename):
            raise InputError(label, "zip entry escapes the export folder", record=f"entry {i}")
        mode = info.external_attr >> 16
        if info.create_system == 3 and stat.S_ISLNK(mode):
            raise InputError(label, "zip entry is a symbolic link", record=f"entry {i}")
        if info.is_dir():
            continue
        total += info.file_size
        if total > MAX_TOTAL_UNCOMPRESSED:
            raise InputError(label, f"zip expands beyond {MAX_TOTAL_UNCOMPRESSED} bytes (zip bomb?)")
        if info.file_size >= RATIO_MIN_SIZE and info.file_size > MAX_RATIO * max(info.compress_size, 1):
            raise InputError(
                label, f"zip entry compression ratio exceeds {MAX_RATIO}:1 (zip bomb?)", record=f"entry {i}"
            )
        files.append(info)
    return files


def _open_zip(path_or_file, label: str) -> zipfile.ZipFile:
    try:
        return zipfile.ZipFile(path_or_file)
    except (zipfile.BadZipFile, NotImplementedError, ValueError, EOFError, RuntimeError):
        # damaged central directories also raise "zip file version ..." (NotImplementedError)
        raise InputError(label, "not a readable zip file") from None
    except OSError as exc:
        raise InputError(label, f"cannot read zip ({type(exc).__name__})") from None


# What a damaged zip member raises while it is read (bad CRC, corrupt deflate data,
# truncated data): all of it is bad input, never an internal error.
_READ_ERRORS = (OSError, zipfile.BadZipFile, zlib.error, EOFError, RuntimeError, NotImplementedError)


def _why(exc: BaseException) -> str:
    return "corrupt compressed data" if isinstance(exc, zlib.error) else type(exc).__name__


class _CheckedStream:
    """A binary stream whose read errors become ``InputError`` naming the member."""

    def __init__(self, fh: IO[bytes], label: str):
        self._fh = fh
        self._label = label

    def _call(self, method: str, *args):
        try:
            return getattr(self._fh, method)(*args)
        except _READ_ERRORS as exc:
            raise InputError(self._label, f"cannot read ({_why(exc)})") from None

    def read(self, n: int = -1) -> bytes:
        return self._call("read", n)

    def read1(self, n: int = -1) -> bytes:
        return self._call("read1", n)

    def readinto(self, buf) -> int:
        return self._call("readinto", buf)

    def readline(self, limit: int = -1) -> bytes:
        return self._call("readline", limit)

    def seek(self, *args) -> int:
        return self._call("seek", *args)

    def __getattr__(self, name):  # tell, seekable, readable, closed ...
        return getattr(self._fh, name)

    def close(self) -> None:
        self._fh.close()

    def __enter__(self) -> "_CheckedStream":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


@dataclass
class _ZipMember:
    zf: zipfile.ZipFile
    info: zipfile.ZipInfo


class ExportSource:
    """The raw files of one export, read-only. ``kind`` is ``zip``, ``folder`` or ``file``."""

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        self.label = str(path)
        if not self.path.exists():
            raise InputError(self.label, "no such file or folder")
        self._members: dict[str, Path | _ZipMember] = {}
        self._zips: list[zipfile.ZipFile] = []
        self._spools: list = []
        if self.path.is_dir():
            self.kind = "folder"
            self._scan_folder()
        elif zipfile.is_zipfile(self.path):
            self.kind = "zip"
            self._add_zip(_open_zip(self.path, self.label), prefix="", label=self.label)
        elif self.path.suffix.lower() == ".zip":
            raise InputError(self.label, "not a readable zip file")
        else:
            self.kind = "file"
            if not os.access(self.path, os.R_OK):
                raise InputError(self.label, "file is not readable")
            self._members[self.path.name] = self.path
        self._expand_nested_zips()

    # -- building -----------------------------------------------------------------
    def _scan_folder(self) -> None:
        root = self.path
        for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
            for d in list(dirnames):
                if os.path.islink(os.path.join(dirpath, d)):
                    raise InputError(self.label, "folder contains a symbolic link",
                                     record=str(PurePosixPath(Path(dirpath, d).relative_to(root))))
            for f in filenames:
                full = Path(dirpath, f)
                rel = PurePosixPath(full.relative_to(root)).as_posix()
                if full.is_symlink():
                    raise InputError(self.label, "folder contains a symbolic link", record=rel)
                self._members[rel] = full
            if len(self._members) > MAX_MEMBERS:
                raise InputError(self.label, f"folder has too many files (> {MAX_MEMBERS})")

    def _add_zip(self, zf: zipfile.ZipFile, prefix: str, label: str) -> None:
        self._zips.append(zf)
        for info in check_zip(zf, label):
            name = info.filename.replace("\\", "/")
            while name.startswith("./"):
                name = name[2:]
            name = prefix + name
            self._members[name] = _ZipMember(zf, info)

    def _expand_nested_zips(self) -> None:
        """Claude's split layout: ``manifest.json`` beside per-category zips (any folder depth)."""
        manifests = [n for n in self._members if PurePosixPath(n).name == "manifest.json"]
        for manifest in manifests:
            parent = PurePosixPath(manifest).parent.as_posix()
            prefix = "" if parent == "." else parent + "/"
            for name in sorted(n for n in self._members if n.lower().endswith(".zip")
                               and PurePosixPath(n).parent.as_posix() == (parent or ".")):
                label = f"{self.label}:{name}"
                entry = self._members.pop(name)
                if isinstance(entry, Path):
                    zf = _open_zip(entry, label)
                else:
                    # a zip inside a zip: spool it (memory up to 64 MiB, then an anonymous temp
                    # file deleted on close) so opening members never re-reads from the start
                    import shutil
                    import tempfile

                    spool = tempfile.SpooledTemporaryFile(max_size=64 * 1024**2)
                    try:
                        opened = entry.zf.open(entry.info)
                    except _READ_ERRORS as exc:
                        raise InputError(label, f"cannot read ({type(exc).__name__})") from None
                    with _CheckedStream(opened, label) as src:
                        shutil.copyfileobj(src, spool, 1024**2)
                    spool.seek(0)
                    self._spools.append(spool)
                    zf = _open_zip(spool, label)
                self._add_zip(zf, prefix=prefix + name[len(prefix):-4] + "/", label=label)

    # -- reading ------------------------------------------------------------------
    def members(self) -> list[str]:
        """Sorted relative names of every file in the export."""
        return sorted(self._members)

    def __contains__(self, name: str) -> bool:
        return name in self._members

    def size(self, name: str) -> int:
        entry = self._entry(name)
        if isinstance(entry, Path):
            return entry.stat().st_size
        return entry.info.file_size

    def _entry(self, name: str):
        try:
            return self._members[name]
        except KeyError:
            raise InputError(self.label, "no such member in the export", record=name) from None

    def open(self, name: str) -> IO[bytes]:
        """A binary stream over one member (caller closes it)."""
        entry = self._entry(name)
        try:
            fh = open(entry, "rb") if isinstance(entry, Path) else entry.zf.open(entry.info)
        except _READ_ERRORS as exc:
            raise InputError(self.member_label(name), f"cannot read ({type(exc).__name__})") from None
        return _CheckedStream(fh, self.member_label(name))

    def read_bytes(self, name: str) -> bytes:
        with self.open(name) as fh:
            return fh.read()

    def member_label(self, name: str) -> str:
        """How errors name a member: the file itself, or ``export.zip:member``."""
        if self.kind == "file":
            return self.label
        sep = ":" if self.kind == "zip" else "/"
        return f"{self.label.rstrip('/')}{sep}{name}"

    def close(self) -> None:
        for zf in self._zips:
            zf.close()
        self._zips.clear()
        for sp in self._spools:
            sp.close()
        self._spools.clear()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
