"""The workspace: a private folder holding the secret key and the vault.

``Workspace.open(path)`` (default ``./.privacy/``) creates the folder (mode 0700) and a
random 32-byte key file (mode 0600) on first use, and refuses a key file that group or
others can read. Every secret used elsewhere is derived from that key with HKDF under a
distinct label, so the vault cipher key, the keyed-hash key and the surrogate seed key
are independent. ``ws.fingerprint`` is a short public identifier of the key (safe to put
in reports: it cannot be turned back into the key).

Nothing in the workspace belongs in an output folder: ``ws.check_output_dir(out)``
refuses an output folder inside the workspace or one that contains it.
"""

from __future__ import annotations

import base64
import os
import threading
import stat
from dataclasses import dataclass, field
from pathlib import Path

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from ingest.errors import InputError

from .keyed import hmac_bytes

DEFAULT_PATH = Path(".privacy")
KEY_FILE = "key"
VAULT_FILE = "vault.sqlite"
_KEY_HEADER = "privacy-workspace-key-v1"


def _derive(key: bytes, label: str) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=label.encode()).derive(key)


_VAULT_OPEN_LOCK = threading.Lock()

@dataclass
class Workspace:
    """An opened workspace. Build it with :meth:`Workspace.open`."""

    path: Path
    _key: bytes = field(repr=False)
    _vault: object = field(default=None, repr=False)

    # ---- opening -------------------------------------------------------------------
    @classmethod
    def open(cls, path: str | os.PathLike | None = None) -> "Workspace":
        """Open (creating on first use) the workspace at ``path`` (default ``./.privacy/``)."""
        root = Path(path) if path is not None else DEFAULT_PATH
        if root.exists() and not root.is_dir():
            raise InputError(str(root), "workspace path exists and is not a folder")
        if not root.exists():
            root.mkdir(mode=0o700, parents=True)
            os.chmod(root, 0o700)
        key_path = root / KEY_FILE
        if not key_path.exists():
            if (root / VAULT_FILE).exists():
                raise InputError(str(key_path), "workspace has a vault but its key is missing")
            cls._create_key(key_path)
        key = cls._read_key(key_path)
        return cls(path=root, _key=key)

    @staticmethod
    def _create_key(key_path: Path) -> None:
        raw = os.urandom(32)
        text = f"{_KEY_HEADER}\n{base64.b64encode(raw).decode()}\n"
        try:
            fd = os.open(key_path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:  # another process created it first: use theirs
            return
        with os.fdopen(fd, "w") as fh:
            fh.write(text)
        os.chmod(key_path, 0o600)

    @staticmethod
    def _read_key(key_path: Path) -> bytes:
        mode = stat.S_IMODE(key_path.stat().st_mode)
        if mode & 0o077:
            raise InputError(
                str(key_path),
                f"workspace key is readable by group or others (mode {mode:o}); run chmod 600",
            )
        lines = key_path.read_text().split()
        if len(lines) != 2 or lines[0] != _KEY_HEADER:
            raise InputError(str(key_path), "not a workspace key file")
        try:
            key = base64.b64decode(lines[1], validate=True)
        except ValueError:
            raise InputError(str(key_path), "workspace key is not valid base64") from None
        if len(key) != 32:
            raise InputError(str(key_path), "workspace key has the wrong length")
        return key

    # ---- derived secrets -------------------------------------------------------------
    def subkey(self, label: str) -> bytes:
        """A 32-byte key derived from the workspace key for one purpose (HKDF-SHA256)."""
        return _derive(self._key, f"privacy/{label}")

    def contributor_tag(self, contributor_id: str) -> str:
        """A keyed tag of a contributor id (16 hex chars): names whose data an original or an
        output belongs to, reveals nothing about the id."""
        return hmac_bytes(self.subkey("contributor-tag"), "contributor", contributor_id or "").hex()[:16]

    @property
    def fingerprint(self) -> str:
        """Short public fingerprint of the key (16 hex chars); never reveals the key."""
        return hmac_bytes(self.subkey("fingerprint"), "fingerprint").hex()[:16]

    @property
    def vault(self):
        """The vault (SQLite, WAL) of original → surrogate, originals encrypted."""
        if self._vault is None:
            # Threads sharing one workspace must share ONE connection: two racing first
            # calls used to open two, and a reader's open snapshot then made the other
            # connection's write fail at once with "database is locked".
            with _VAULT_OPEN_LOCK:
                if self._vault is None:
                    from .vault import Vault

                    self._vault = Vault(self.path / VAULT_FILE, self.subkey("vault-cipher"), self.fingerprint)
        return self._vault

    def close(self) -> None:
        if self._vault is not None:
            self._vault.close()
            self._vault = None

    def __enter__(self) -> "Workspace":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # ---- output safety ---------------------------------------------------------------
    def check_output_dir(self, out_dir: str | os.PathLike) -> None:
        """Refuse an output folder inside the workspace, or one that contains it."""
        ws = self.path.resolve()
        out = Path(out_dir).resolve()
        if out == ws or ws in out.parents or out in ws.parents:
            raise InputError(str(out_dir), "output folder overlaps the workspace folder")
