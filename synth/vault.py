"""The vault: SQLite (WAL) table of original → surrogate, originals only encrypted.

One row per (entity_type, keyed hash of the normalized original). The original is
stored AES-GCM encrypted (random nonce; the type and keyed hash are bound as associated
data), the surrogate in clear (it is synthetic), and lookups go through the keyed hash
only, so the file never holds an original in clear. A unique index on
(entity_type, surrogate) makes injectivity a database invariant; a row may be *reserved*
(surrogate NULL) so a surrogate can be kept from equalling an original seen in the same
batch before its own surrogate is drawn.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from ingest.errors import InputError

_SCHEMA = """
CREATE TABLE IF NOT EXISTS entries (
    entity_type TEXT NOT NULL,
    khash       TEXT NOT NULL,
    original    BLOB NOT NULL,
    surrogate   TEXT,
    PRIMARY KEY (entity_type, khash)
);
CREATE UNIQUE INDEX IF NOT EXISTS entries_surrogate ON entries(entity_type, surrogate);
CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS uses (
    entity_type TEXT NOT NULL,
    khash       TEXT NOT NULL,
    contributor TEXT NOT NULL,
    PRIMARY KEY (entity_type, khash, contributor)
);
"""


def _set_wal(db: sqlite3.Connection, attempts: int = 200) -> None:
    """Switch to WAL. SQLite answers "locked" at once (no busy wait) when two processes
    open a new vault together, so retry with a short back-off (deterministic, bounded)."""
    import time

    for i in range(attempts):
        try:
            if db.execute("PRAGMA journal_mode").fetchone()[0].lower() == "wal":
                return
            db.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError:
            if i == attempts - 1:
                raise
            time.sleep(min(0.01 * (i + 1), 0.25))


class Vault:
    """Encrypted original → surrogate store. Build it through ``Workspace.vault``."""

    def __init__(self, path: Path, cipher_key: bytes, fingerprint: str = ""):
        self.path = Path(path)
        new = not self.path.exists()
        self._aead = AESGCM(cipher_key)
        self._db = sqlite3.connect(str(self.path), timeout=600, isolation_level=None, check_same_thread=False)
        self.lock = threading.RLock()  # one connection shared by threads: serialize its use
        if new:
            os.chmod(self.path, 0o600)
        _set_wal(self._db)
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(_SCHEMA)
        self._in_batch = False
        # "seen" and "taken" only ever become true (rows are never deleted): positive answers
        # are cached, so a draw retrying the same candidates does not query them again
        self._seen: set[tuple[str, str]] = set()
        self._taken: set[tuple[str, str]] = set()
        self._used: set[tuple[str, str, str]] = set()
        self._spent: set[str] = set()
        if fingerprint:
            self._db.execute("INSERT OR IGNORE INTO meta(k, v) VALUES ('key_fingerprint', ?)", (fingerprint,))
            row = self._db.execute("SELECT v FROM meta WHERE k='key_fingerprint'").fetchone()
            if row[0] != fingerprint:
                self._db.close()
                raise InputError(str(self.path), "vault was written with another workspace key")

    # ---- crypto ----------------------------------------------------------------------
    def _seal(self, entity_type: str, khash: str, original: str) -> bytes:
        nonce = os.urandom(12)
        ad = f"{entity_type}\x1f{khash}".encode()
        return nonce + self._aead.encrypt(nonce, original.encode("utf-8"), ad)

    def _open(self, entity_type: str, khash: str, blob: bytes) -> str:
        ad = f"{entity_type}\x1f{khash}".encode()
        return self._aead.decrypt(blob[:12], blob[12:], ad).decode("utf-8")

    # ---- transactions ----------------------------------------------------------------
    def begin(self) -> None:
        """Start a write batch (one transaction) until :meth:`commit`."""
        if not self._in_batch:
            self._db.execute("BEGIN IMMEDIATE")
            self._in_batch = True

    def commit(self) -> None:
        if self._in_batch:
            self._db.execute("COMMIT")
            self._in_batch = False

    @contextlib.contextmanager
    def batch(self):
        """``with vault.batch():`` — the writes of the block in one transaction (committed
        on leaving it, also on an error: what was assigned stays assigned). Inside a batch
        already, the block joins it."""
        with self.lock:
            outer = self._in_batch
            self.begin()
            try:
                yield self
            finally:
                if not outer:
                    self.commit()

    # ---- lookups ---------------------------------------------------------------------
    def lookup(self, entity_type: str, khash: str) -> str | None:
        """The surrogate recorded for this original (None if unknown or only reserved)."""
        row = self._db.execute(
            "SELECT surrogate FROM entries WHERE entity_type=? AND khash=?", (entity_type, khash)
        ).fetchone()
        return row[0] if row else None

    def has_original(self, entity_type: str, khash: str) -> bool:
        """Whether this original (by keyed hash) has been seen, reserved or assigned."""
        if (entity_type, khash) in self._seen:
            return True
        row = self._db.execute(
            "SELECT 1 FROM entries WHERE entity_type=? AND khash=?", (entity_type, khash)
        ).fetchone()
        if row is not None:
            self._seen.add((entity_type, khash))
        return row is not None

    def surrogate_taken(self, entity_type: str, surrogate: str) -> bool:
        if (entity_type, surrogate) in self._taken:
            return True
        row = self._db.execute(
            "SELECT 1 FROM entries WHERE entity_type=? AND surrogate=?", (entity_type, surrogate)
        ).fetchone()
        if row is not None:
            self._taken.add((entity_type, surrogate))
        return row is not None

    def count(self, entity_type: str) -> int:
        """Originals of a type seen in the workspace (assigned or reserved)."""
        return self._db.execute("SELECT COUNT(*) FROM entries WHERE entity_type=?", (entity_type,)).fetchone()[0]

    def spent(self, key: str) -> bool:
        """Whether a surrogate space (``key``: its type and a keyed hash, nothing in clear) was
        found used up once: its values then draw from their kind's extended space at once."""
        if key in self._spent:
            return True
        row = self._db.execute("SELECT 1 FROM meta WHERE k=?", ("spent\x1f" + key,)).fetchone()
        if row is not None:
            self._spent.add(key)
        return row is not None

    def mark_spent(self, key: str) -> None:
        """Record that a surrogate space was used up (never undone: used stays used)."""
        self._db.execute("INSERT OR IGNORE INTO meta(k, v) VALUES (?, '1')", ("spent\x1f" + key,))
        self._spent.add(key)

    # ---- writes ----------------------------------------------------------------------
    def reserve(self, entity_type: str, khash: str, original: str) -> None:
        """Record an original as seen, before its surrogate is drawn."""
        self._db.execute(
            "INSERT OR IGNORE INTO entries(entity_type, khash, original, surrogate) VALUES (?,?,?,NULL)",
            (entity_type, khash, self._seal(entity_type, khash, original)),
        )

    def put(self, entity_type: str, khash: str, original: str, surrogate: str) -> bool:
        """Record original → surrogate; False if the surrogate is already taken."""
        try:
            cur = self._db.execute(
                "UPDATE entries SET surrogate=? WHERE entity_type=? AND khash=? AND surrogate IS NULL",
                (surrogate, entity_type, khash),
            )
            if cur.rowcount == 0:
                self._db.execute(
                    "INSERT INTO entries(entity_type, khash, original, surrogate) VALUES (?,?,?,?)",
                    (entity_type, khash, self._seal(entity_type, khash, original), surrogate),
                )
        except sqlite3.IntegrityError:
            return False
        return True

    def name_keying(self, mode: str) -> None:
        """Record how person names are keyed in this workspace ("contributor" or "study") on
        first use; refuse another mode later (one name would get two surrogates)."""
        with self.lock:
            self._db.execute("INSERT OR IGNORE INTO meta(k, v) VALUES ('name_keying', ?)", (mode,))
            row = self._db.execute("SELECT v FROM meta WHERE k='name_keying'").fetchone()
        if row[0] != mode:
            flag = "without --study-consistent-names" if row[0] == "contributor" else "with --study-consistent-names"
            raise InputError(str(self.path), f"this workspace keys person names by {row[0]}: run {flag}")

    def record_use(self, entity_type: str, khash: str, contributor_tag: str) -> None:
        """Record that this original occurred in the data of the contributor ``contributor_tag``."""
        key = (entity_type, khash, contributor_tag)
        if key in self._used:
            return
        self._db.execute(
            "INSERT OR IGNORE INTO uses(entity_type, khash, contributor) VALUES (?,?,?)", key
        )
        self._used.add(key)

    # ---- audit -----------------------------------------------------------------------
    def uses(self) -> dict[tuple[str, str], frozenset[str]]:
        """(entity_type, keyed hash) -> the tags of the contributors whose data held it. An
        original missing here (a vault written before uses were recorded) has no known owner."""
        out: dict[tuple[str, str], set[str]] = {}
        for et, kh, tag in self._db.execute("SELECT entity_type, khash, contributor FROM uses"):
            out.setdefault((et, kh), set()).add(tag)
        return {k: frozenset(v) for k, v in out.items()}

    def entries(self, *, include_internal: bool = False) -> Iterator[tuple[str, str, str, str]]:
        """(entity_type, original, surrogate, keyed_hash) for every assigned row.

        Originals are decrypted in memory only. Component maps (first names, surnames,
        email domains) are included: their types start with the entity type they serve
        (``PERSON.FIRST``, ``PERSON.LAST``, ``EMAIL_ADDRESS.DOMAIN``). Internal types
        starting with ``_`` (export-id pseudonyms) only with ``include_internal=True``.
        """
        rows = self._db.execute(
            "SELECT entity_type, khash, original, surrogate FROM entries "
            "WHERE surrogate IS NOT NULL ORDER BY entity_type, khash"
        ).fetchall()
        for entity_type, khash, blob, surrogate in rows:
            if entity_type.startswith("_") and not include_internal:
                continue
            yield entity_type, self._open(entity_type, khash, blob), surrogate, khash

    def __len__(self) -> int:
        return self._db.execute("SELECT COUNT(*) FROM entries WHERE surrogate IS NOT NULL").fetchone()[0]

    def close(self) -> None:
        self.commit()
        self._db.close()
