"""Export identifiers: keyed pseudonyms of the same shape, so references stay valid."""

from __future__ import annotations

import re
import uuid

from hypothesis import given, settings
from hypothesis import strategies as st

from synth.surrogates import SurrogateEngine

from synth_helpers import make_fixed_workspace


def cls(s: str) -> str:
    return re.sub(r"[a-z]", "a", re.sub(r"[A-Z]", "A", re.sub(r"\d", "9", s)))


@settings(max_examples=40, deadline=None)
@given(st.uuids())
def test_uuid_stays_a_uuid_of_the_same_version(tmp_path_factory, u):
    eng = SurrogateEngine(make_fixed_workspace(tmp_path_factory.mktemp("u") / "ws"))
    p = eng.pseudonym_id(str(u))
    assert p != str(u)
    assert uuid.UUID(p).version == u.version and uuid.UUID(p).variant == u.variant


def test_prefix_and_scheme_are_kept_and_pointer_matches_bare_id(engine):
    bare = engine.pseudonym_id("file-Up1oadExample0001")
    ptr = engine.pseudonym_id("file-service://file-Up1oadExample0001")
    assert bare.startswith("file-") and ptr == "file-service://" + bare
    assert cls(bare) == cls("file-Up1oadExample0001") and bare != "file-Up1oadExample0001"


def test_hex_body_stays_hex_of_same_length(engine):
    p = engine.pseudonym_id("sediment://file_00000000aaaa61f6a542dbb6fe344fbf")
    assert re.fullmatch(r"sediment://file_[0-9a-f]{32}", p)
    assert p != "sediment://file_00000000aaaa61f6a542dbb6fe344fbf"


def test_same_id_same_pseudonym_different_ids_differ(engine):
    a = engine.pseudonym_id("user-EXAMPLE0000000000000000")
    assert a == engine.pseudonym_id("user-EXAMPLE0000000000000000")
    assert a.startswith("user-") and len(a) == len("user-EXAMPLE0000000000000000")
    assert a != engine.pseudonym_id("user-EXAMPLE0000000000000001")


def test_short_ids_stay_injective_even_when_their_space_is_full(engine):
    ids = [f"assistant-{i}" for i in range(10)]
    out = [engine.pseudonym_id(i) for i in ids]
    assert len(set(out)) == 10 and all(o.startswith("assistant-") and len(o) == 11 for o in out)


def test_short_id_changes_when_there_is_room(engine):
    assert engine.pseudonym_id("msg-42") != "msg-42"


def test_format_sentinel_is_kept_but_word_like_names_are_not(engine):
    assert engine.pseudonym_id("client-created-root") == "client-created-root"
    assert engine.pseudonym_id("jane-doe-resume") != "jane-doe-resume"


def test_export_ids_are_not_listed_as_personal_data_for_the_audit(engine, ws):
    engine.pseudonym_id("assistant-1")
    assert not any(t.startswith("_") for t, *_ in ws.vault.entries())
    assert any(t == "_EXPORT_ID" for t, *_ in ws.vault.entries(include_internal=True))


def test_pseudonyms_depend_on_the_workspace_key(tmp_path):
    a = SurrogateEngine(make_fixed_workspace(tmp_path / "a", bytes(32)))
    b = SurrogateEngine(make_fixed_workspace(tmp_path / "b", bytes([1]) * 32))
    u = "23afbea9-ca08-49f2-b417-e7ae58a1c97d"
    assert a.pseudonym_id(u) != b.pseudonym_id(u)


def test_known_prefix_kept_even_without_digits_but_a_name_is_not_a_prefix(engine):
    assert engine.pseudonym_id("file-service://file-ABC").startswith("file-service://file-")
    p = engine.pseudonym_id("jane-notes-2024")
    assert not p.startswith("jane-") and len(p) == len("jane-notes-2024")


def test_a_keyed_digit_permutation_is_a_bijection():
    from itertools import product

    from synth.keyed import permute_digits

    radices = [3, 10, 4]
    inputs = [list(t) for t in product(range(3), range(10), range(4))]
    outputs = {tuple(permute_digits(b"k" * 32, "t", radices, d)) for d in inputs}
    assert outputs == {tuple(d) for d in inputs}


def test_an_id_with_room_is_permuted_without_a_vault_row(engine, ws):
    p = engine.pseudonym_id("h5-83652288")  # 26 x 10**9 ids of this shape
    assert cls(p) == cls("h5-83652288") and p != "h5-83652288"
    assert not list(ws.vault.entries(include_internal=True))


def test_many_ids_of_one_shape_get_distinct_pseudonyms(engine):
    ids = [f"h5-{n:08d}" for n in range(20_000)]
    assert len({engine.pseudonym_id(i) for i in ids}) == len(ids)
