"""Fuzzed inputs to ingest: whatever the bytes, reading an export either works or is InputError.

Never another exception (a traceback in the CLI), never a hang (each case has a time
limit), never unbounded memory (zip bombs and lying zip headers are refused or read
within their declared size). Regressions for crashers found here or by the atheris
target (fuzz/) live in test_crashers.py.
"""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ingest.errors import InputError

from .builders import record, write_export
from .conftest import time_limit
from .fuzzing import ODD_CHARS, json_any, mutated, read_everything, seeds

FUZZ = settings(max_examples=60, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def reads_or_refuses(path: Path) -> str:
    """'ok' or 'refused' (InputError, one line); any other exception fails the test."""
    with time_limit(20):
        try:
            read_everything(path)
            return "ok"
        except InputError as exc:
            assert "\n" not in str(exc)
            return "refused"


def _export_with(tmp_path: Path, data: bytes, name: str = "conversations.json") -> Path:
    folder = tmp_path / "export"
    if folder.exists():
        for p in sorted(folder.rglob("*"), reverse=True):
            p.unlink() if p.is_file() else p.rmdir()
    write_export(folder, raw=b"[]")
    (folder / "conversations.json").unlink()
    (folder / name).write_bytes(data)
    return folder


@FUZZ
@given(data=st.binary(max_size=3000))
def test_arbitrary_bytes_are_read_or_refused(tmp_path, data):
    reads_or_refuses(_export_with(tmp_path, data))


@FUZZ
@given(doc=json_any)
def test_arbitrary_json_shapes_are_read_or_refused(tmp_path, doc):
    reads_or_refuses(_export_with(tmp_path, json.dumps(doc).encode()))


@FUZZ
@given(doc=mutated())
def test_a_valid_export_with_any_node_replaced_is_read_or_refused(tmp_path, doc):
    reads_or_refuses(_export_with(tmp_path, json.dumps(doc).encode()))


def _paths(doc, prefix=()):
    yield prefix
    items = doc.items() if isinstance(doc, dict) else enumerate(doc) if isinstance(doc, list) else ()
    for k, v in items:
        yield from _paths(v, prefix + (k,))


def _replaced(doc, path, value):
    doc = json.loads(json.dumps(doc))
    if not path:
        return value
    node = doc
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value
    return doc


ODD_VALUES = [[], {}, 1, -1, 1.5e308, None, "", True, [[]], {"a": []}]


def test_every_node_of_a_valid_export_replaced_by_every_kind_of_value_is_read_or_refused(tmp_path):
    """Exhaustive where the random tests are sparse: found `parent: []`, `current_node: []`,
    `role: []` and `content_type: []` raising TypeError in ingest/chatgpt.py."""
    folder = _export_with(tmp_path, b"[]")
    for seed in seeds():
        for path in list(_paths(seed)):
            for value in ODD_VALUES:
                (folder / "conversations.json").write_bytes(json.dumps(_replaced(seed, path, value)).encode())
                reads_or_refuses(folder)


@FUZZ
@given(doc=mutated(), where=st.sampled_from(["conversations.json", "memories.json", "user.json"]))
def test_any_member_of_an_export_may_be_broken(tmp_path, doc, where):
    folder = _export_with(tmp_path, json.dumps(seeds()[0]).encode())
    (folder / where).write_bytes(json.dumps(doc).encode())
    reads_or_refuses(folder)


@FUZZ
@given(doc=st.sampled_from(seeds()), cuts=st.lists(st.tuples(st.integers(0, 10**6), st.binary(min_size=1, max_size=4)),
                                                   min_size=1, max_size=4))
def test_invalid_utf8_and_stray_bytes_inside_valid_json_are_read_or_refused(tmp_path, doc, cuts):
    data = bytearray(json.dumps(doc, ensure_ascii=False).encode())
    for pos, junk in cuts:
        pos %= len(data)
        data[pos:pos + len(junk)] = junk  # e.g. b"\xff", b"\xc3" (a cut multi-byte sequence)
    reads_or_refuses(_export_with(tmp_path, bytes(data)))


@FUZZ
@given(doc=st.sampled_from(seeds()), cut=st.integers(0, 10**6))
def test_a_truncated_export_is_refused_or_read(tmp_path, doc, cut):
    data = json.dumps(doc).encode()
    reads_or_refuses(_export_with(tmp_path, data[: cut % len(data)]))


LONE_SURROGATES = ("\ud800", "\udfff")


@FUZZ
@given(odd=st.lists(st.sampled_from([c for c in ODD_CHARS if c not in LONE_SURROGATES]), min_size=1, max_size=6))
def test_zero_width_bidi_homoglyph_and_control_characters_are_text_like_any_other(tmp_path, odd):
    text = "".join(odd) + " hello " + "".join(reversed(odd))
    raw = json.dumps([record(0, [text], title="".join(odd))], ensure_ascii=False).encode()
    assert reads_or_refuses(_export_with(tmp_path, raw)) == "ok"


@FUZZ
@given(odd=st.lists(st.sampled_from(ODD_CHARS), min_size=1, max_size=6))
def test_lone_surrogate_escapes_are_read_or_refused_as_invalid_json(tmp_path, odd):
    """JSON may escape half of a surrogate pair (a title cut inside an emoji). The parsers
    read a lone high surrogate as '?' and refuse a lone low one: both are acceptable,
    a crash is not."""
    text = "".join(odd) + " hello"
    raw = json.dumps([record(0, [text], title="".join(odd))]).encode()
    folder = _export_with(tmp_path, raw)
    try:
        read_everything(folder)
    except InputError as exc:
        assert "invalid JSON" in str(exc) and any(c in LONE_SURROGATES for c in odd)


@pytest.mark.parametrize("depth", [100, 2_000, 100_000])
@pytest.mark.parametrize("opener", ["[", '{"a":'])
def test_deep_nesting_is_read_or_refused_without_recursion_errors(tmp_path, depth, opener):
    closer = "]" if opener == "[" else "}"
    nested = opener * depth + "1" + closer * depth
    raw = ('[{"title": "t", "mapping": {}, "extra": ' + nested + "}]").encode()
    reads_or_refuses(_export_with(tmp_path, raw))


def test_a_huge_string_is_read_in_bounded_time(tmp_path):
    huge = "word " * (4 * 1024**2)  # 20 MB in one part
    raw = json.dumps([record(0, [huge])]).encode()
    assert reads_or_refuses(_export_with(tmp_path, raw)) == "ok"


# ---- zips -------------------------------------------------------------------------------

TRAVERSAL = ["../escape.json", "../../etc/passwd", "/abs/conversations.json", "C:\\Windows\\x.json",
             "a/../../b.json", "ok/..\\..\\x.json", "..", "./../x.json", "a/b/../../../c.json"]


def _zip(path: Path, members: list[tuple[str, bytes]]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in members:
            zf.writestr(name, data)
    return path


@settings(max_examples=30, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(bad=st.sampled_from(TRAVERSAL), prefix=st.sampled_from(["", "export/", "conversations-000/"]),
       position=st.integers(0, 2))
def test_a_zip_entry_escaping_the_folder_is_refused(tmp_path, bad, prefix, position):
    conv = json.dumps(seeds()[0]).encode()
    members = [(prefix + "conversations.json", conv), (prefix + "user.json", b"{}")]
    members.insert(position, (bad, b"[]"))
    path = _zip(tmp_path / "export.zip", members)
    with pytest.raises(InputError, match="escapes the export folder"):
        read_everything(path)
    assert not (tmp_path.parent / "escape.json").exists()


def test_a_symlink_entry_is_refused(tmp_path):
    path = tmp_path / "export.zip"
    with zipfile.ZipFile(path, "w") as zf:
        info = zipfile.ZipInfo("conversations.json")
        info.create_system = 3
        info.external_attr = (0o120777 << 16)
        zf.writestr(info, "/etc/passwd")
    with pytest.raises(InputError, match="symbolic link"):
        read_everything(path)


def test_a_zip_bomb_is_refused_before_it_is_inflated(tmp_path):
    bomb = b"[" + b" " * (64 * 1024**2) + b"]"  # 64 MB of blanks, about 64 KB deflated
    path = _zip(tmp_path / "export.zip", [("conversations.json", bomb)])
    with pytest.raises(InputError, match="zip bomb"):
        read_everything(path)


def test_a_zip_bomb_nested_in_a_category_zip_is_refused(tmp_path):
    inner = io.BytesIO()
    with zipfile.ZipFile(inner, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("conversations.json", b"[" + b" " * (64 * 1024**2) + b"]")
    path = _zip(tmp_path / "export.zip", [("manifest.json", b"{}"), ("conversations-000.zip", inner.getvalue())])
    with pytest.raises(InputError, match="zip bomb"):
        read_everything(path)
