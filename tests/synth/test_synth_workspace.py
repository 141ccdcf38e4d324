"""The workspace: key created on first use with safe modes, vault encrypted at rest."""

from __future__ import annotations

import os
import stat

import pytest

from ingest.errors import InputError
from synth.surrogates import SurrogateEngine
from synth.workspace import Workspace


def test_first_open_creates_private_folder_and_key(tmp_path):
    ws = Workspace.open(tmp_path / "w")
    assert stat.S_IMODE(os.stat(tmp_path / "w").st_mode) == 0o700
    assert stat.S_IMODE(os.stat(tmp_path / "w" / "key").st_mode) == 0o600
    assert len(ws.fingerprint) == 16


def test_reopening_keeps_the_same_key(tmp_path):
    a = Workspace.open(tmp_path / "w").fingerprint
    b = Workspace.open(tmp_path / "w").fingerprint
    assert a == b


def test_two_workspaces_have_different_keys(tmp_path):
    assert Workspace.open(tmp_path / "a").fingerprint != Workspace.open(tmp_path / "b").fingerprint


def test_group_readable_key_is_refused(tmp_path):
    Workspace.open(tmp_path / "w")
    os.chmod(tmp_path / "w" / "key", 0o640)
    with pytest.raises(InputError) as err:
        Workspace.open(tmp_path / "w")
    assert "chmod 600" in str(err.value)


def test_default_path_is_dot_privacy_in_current_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    ws = Workspace.open()
    assert (tmp_path / ".privacy" / "key").is_file()
    assert ws.path.name == ".privacy"


def test_fingerprint_does_not_contain_the_key(tmp_path):
    ws = Workspace.open(tmp_path / "w")
    key_text = (tmp_path / "w" / "key").read_text()
    assert ws.fingerprint not in key_text
    assert ws.fingerprint not in ws._key.hex()


def test_vault_file_never_holds_an_original_in_clear(tmp_path):
    ws = Workspace.open(tmp_path / "w")
    eng = SurrogateEngine(ws, contributor_id="c")
    eng.surrogate("EMAIL_ADDRESS", "very.unusual.person@gmail.com")
    eng.surrogate("US_SSN", "123-45-6789")
    ws.close()
    raw = b"".join(p.read_bytes() for p in (tmp_path / "w").iterdir() if p.name.startswith("vault"))
    assert b"very.unusual.person" not in raw
    assert b"123-45-6789" not in raw and b"123456789" not in raw


def test_vault_entries_decrypt_originals_for_the_audit(engine, ws):
    s = engine.surrogate("US_SSN", "123-45-6789")
    rows = [r for r in ws.vault.entries() if r[0] == "US_SSN"]
    assert rows == [("US_SSN", "123-45-6789", rows[0][2], engine.keyed_hash("US_SSN", "123-45-6789"))]
    assert s.replace("-", "") == rows[0][2].replace("-", "")


def test_vault_survives_reopening(tmp_path):
    ws = Workspace.open(tmp_path / "w")
    first = SurrogateEngine(ws, contributor_id="c").surrogate("US_SSN", "123-45-6789")
    ws.close()
    ws2 = Workspace.open(tmp_path / "w")
    assert SurrogateEngine(ws2, contributor_id="c").surrogate("US_SSN", "123-45-6789") == first


def test_vault_uses_wal_journal(ws):
    ws.vault  # opens it
    assert ws.vault._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_output_folder_inside_workspace_is_refused(ws, tmp_path):
    with pytest.raises(InputError):
        ws.check_output_dir(ws.path / "out")
    with pytest.raises(InputError):
        ws.check_output_dir(tmp_path)  # contains the workspace
    ws.check_output_dir(tmp_path / "elsewhere")


def test_vault_without_its_key_is_refused_not_silently_rekeyed(tmp_path):
    ws = Workspace.open(tmp_path / "w")
    SurrogateEngine(ws).surrogate("US_SSN", "123-45-6789")
    ws.close()
    (tmp_path / "w" / "key").unlink()
    with pytest.raises(InputError):
        Workspace.open(tmp_path / "w")


def test_vault_written_with_another_key_is_refused(tmp_path):
    ws = Workspace.open(tmp_path / "a")
    SurrogateEngine(ws).surrogate("US_SSN", "123-45-6789")
    ws.close()
    other = Workspace.open(tmp_path / "b")
    (tmp_path / "a" / "key").write_bytes((tmp_path / "b" / "key").read_bytes())
    with pytest.raises(InputError):
        Workspace.open(tmp_path / "a").vault
    other.close()


def _rows_seen_by_another_connection(ws) -> int:
    import sqlite3

    with sqlite3.connect(str(ws.vault.path)) as db:
        return db.execute("SELECT COUNT(*) FROM entries WHERE surrogate IS NOT NULL").fetchone()[0]


def test_a_vault_batch_commits_its_writes_when_it_ends(ws):
    eng = SurrogateEngine(ws)
    with ws.vault.batch():
        eng.surrogate("EMAIL_ADDRESS", "jane@example.com")
        assert _rows_seen_by_another_connection(ws) == 0  # one transaction, still open
    assert _rows_seen_by_another_connection(ws) >= 1


def test_a_vault_batch_ended_by_an_error_keeps_what_was_assigned(ws):
    eng = SurrogateEngine(ws)
    with pytest.raises(RuntimeError), ws.vault.batch():
        eng.surrogate("EMAIL_ADDRESS", "jane@example.com")
        raise RuntimeError("the run fails after the draw")
    assert _rows_seen_by_another_connection(ws) >= 1


def test_an_assign_inside_a_vault_batch_joins_it(ws):
    eng = SurrogateEngine(ws)
    with ws.vault.batch():
        eng.assign([("PERSON", "Jane Doe")])
        assert _rows_seen_by_another_connection(ws) == 0  # the assign did not commit the outer batch
    assert _rows_seen_by_another_connection(ws) >= 3
