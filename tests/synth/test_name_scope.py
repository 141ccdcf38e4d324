"""Person names are keyed per contributor: one known pair unmasks nothing elsewhere (issue 17)."""

from __future__ import annotations

from synth.surrogates import SurrogateEngine

from synth_helpers import TEST_KEY, make_fixed_workspace


def test_the_same_first_name_gets_another_surrogate_in_another_contributors_data(ws):
    a = SurrogateEngine(ws, contributor_id="alice")
    b = SurrogateEngine(ws, contributor_id="bob")
    assert a.surrogate("PERSON", "Priya") != b.surrogate("PERSON", "Priya")


def test_the_same_full_name_gets_another_surrogate_in_another_contributors_data(ws):
    a = SurrogateEngine(ws, contributor_id="alice")
    b = SurrogateEngine(ws, contributor_id="bob")
    a.assign([("PERSON", "Priya Raman")])
    b.assign([("PERSON", "Priya Raman")])
    sa, sb = a.surrogate("PERSON", "Priya Raman"), b.surrogate("PERSON", "Priya Raman")
    assert sa.split()[0] != sb.split()[0] and sa.split()[1] != sb.split()[1]


def test_one_contributors_names_stay_the_same_across_runs(ws):
    first = SurrogateEngine(ws, contributor_id="alice").surrogate("PERSON", "Priya Raman")
    assert SurrogateEngine(ws, contributor_id="alice").surrogate("PERSON", "Priya Raman") == first


def test_initials_are_permuted_per_contributor():
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as d:
        ws = make_fixed_workspace(Path(d) / "w")
        maps = [SurrogateEngine(ws, contributor_id=c).initials for c in ("alice", "bob", "carol")]
        ws.close()
    assert len({tuple(sorted(m.items())) for m in maps}) == 3


def test_study_consistent_names_give_the_same_surrogate_to_every_contributor(ws):
    a = SurrogateEngine(ws, contributor_id="alice", study_consistent_names=True)
    b = SurrogateEngine(ws, contributor_id="bob", study_consistent_names=True)
    assert a.surrogate("PERSON", "Priya Raman") == b.surrogate("PERSON", "Priya Raman")


def test_emails_stay_consistent_across_contributors(ws):
    a = SurrogateEngine(ws, contributor_id="alice")
    b = SurrogateEngine(ws, contributor_id="bob")
    assert a.surrogate("EMAIL_ADDRESS", "priya@gmail.com") == b.surrogate("EMAIL_ADDRESS", "priya@gmail.com")


def test_a_name_surrogate_never_equals_a_name_seen_in_another_contributors_data(tmp_path):
    # what bob's "Priya" would become in an empty workspace ...
    probe = make_fixed_workspace(tmp_path / "probe")
    would_be = SurrogateEngine(probe, contributor_id="bob").surrogate("PERSON", "Priya")
    probe.close()
    # ... is a real name in alice's data: bob's "Priya" must get another one
    ws = make_fixed_workspace(tmp_path / "study")
    SurrogateEngine(ws, contributor_id="alice").assign([("PERSON", would_be)])
    assert SurrogateEngine(ws, contributor_id="bob").surrogate("PERSON", "Priya") != would_be
    ws.close()


def test_the_vault_records_which_contributors_data_held_each_original(ws):
    a = SurrogateEngine(ws, contributor_id="alice")
    b = SurrogateEngine(ws, contributor_id="bob")
    a.surrogate("EMAIL_ADDRESS", "priya@gmail.com")
    b.surrogate("EMAIL_ADDRESS", "priya@gmail.com")
    a.surrogate("PHONE_NUMBER", "(415) 555-2671")
    uses = ws.vault.uses()
    email = uses[("EMAIL_ADDRESS", a.keyed_hash("EMAIL_ADDRESS", "priya@gmail.com"))]
    phone = uses[("PHONE_NUMBER", a.keyed_hash("PHONE_NUMBER", "(415) 555-2671"))]
    assert email == {a.contributor_tag, b.contributor_tag} and phone == {a.contributor_tag}


def test_a_contributor_tag_is_keyed_and_reveals_not_the_id(tmp_path):
    ws = make_fixed_workspace(tmp_path / "w")
    tag = ws.contributor_tag("user-alice")
    other = make_fixed_workspace(tmp_path / "o", bytes(reversed(TEST_KEY)))
    assert len(tag) == 16 and "alice" not in tag and other.contributor_tag("user-alice") != tag
    ws.close()
    other.close()


def test_a_workspace_keeps_one_name_keying_and_refuses_the_other(ws):
    import pytest

    from ingest.errors import InputError

    SurrogateEngine(ws, contributor_id="alice").surrogate("PERSON", "Priya")
    with pytest.raises(InputError, match="without --study-consistent-names"):
        SurrogateEngine(ws, contributor_id="bob", study_consistent_names=True)
